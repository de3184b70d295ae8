// The menu: catalog (rows, permission codes), demo roles, tree and route building.
export * from './types'
export * from './catalog'
export * from './roles'
export * from './tree'
export * from './routes'
