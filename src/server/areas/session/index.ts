import type { Area } from '../index'

export const sessionArea: Area = () => {}
