// The org group's server side beyond the generic resource endpoints: importing this module registers
// the `resource.exchangeRate.sync` handler and the org resource hooks; `orgRoutes` registers the
// reference lists and the auth-service department calls (src/server/resources/custom/org/routes.ts).
import type { FastifyInstance } from 'fastify'
import type { Database } from '../../../db/client'
import './handlers'
import './hooks'
import { orgRoutes } from './routes'

export { orgRoutes }

/** Area-shaped registration, called by the resources area (src/server/areas/resources/index.ts). */
export function orgResourcesArea(app: FastifyInstance, deps: { database: Database }): void {
  orgRoutes(app, deps)
}
export { seedOrgResources } from './seed'
export { rateSimulator, simulatedRate, SIMULATOR_REFERENCE, type RateSource } from './rate-simulator'
export { useRateSource } from './handlers'
export { geoRegion } from './schema'
