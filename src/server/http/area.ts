// The area kit: what an area of the API is and what it is given. The composition root
// (src/server/areas/index.ts, run by src/server/app.ts) lists the areas; areas and the resource groups
// import these types from here, never from that list (which imports them: no circle).
import type { FastifyInstance } from 'fastify'
import type { Config } from '../config'
import type { AppDb, Database } from '../db/client'

export interface AreaDeps {
  config: Config
  database: Database
  db: AppDb
}

/** An area registers its routes; its command handlers register when its module is imported. */
export type Area = (app: FastifyInstance, deps: AreaDeps) => Promise<void> | void
