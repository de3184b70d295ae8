import type { Area } from '../index'

export const commandsArea: Area = () => {}
