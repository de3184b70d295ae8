import type { Area } from '../index'

export const noticesArea: Area = () => {}
