// The warehouse group's hand-written server parts: importing this module registers the location
// action handlers (defineHandler) and the resource hooks; warehouseResourcesArea adds the spec routes
// that are not generic aliases. seedWarehouseResources fills the demo (called from db/seed.ts).
import type { FastifyInstance } from 'fastify'
import type { AreaDeps } from '../../../http/area'
import './handlers'
import './hooks'
import { warehouseSpecRoutes } from './routes'

export { seedWarehouseResources, WAREHOUSE_SEED_PAIRS } from './seed'
export { warehouseSpecRoutes }

/** Area-shaped registration (src/server/areas/index.ts or the resources area calls it). */
export function warehouseResourcesArea(app: FastifyInstance, deps: Pick<AreaDeps, 'db'>): void {
  warehouseSpecRoutes(app, deps.db)
}
