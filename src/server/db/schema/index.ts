// Every area's drizzle tables, one import list. Add an area's file here when it adds tables.
export * from './core'
export * from './shell'
export * from './auth'
export * from './admin'
export * from './resources'
export * from '../../resources/custom/org/schema'
export * from './inventory'
export * from './inbound'
