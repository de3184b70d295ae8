// The inbound area (issue 4): inbound orders (orders.ts, status machine order-machine.ts) and the
// routes of the stations and documents that follow them. Each part keeps its routes and command
// handlers in its own module; this file only lists them. Importing it registers the handlers and the
// "go to document" lookups (the composition root, src/server/areas/index.ts, imports it once).
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { orderRoutes } from './orders'
import { receivingRoutes } from './receiving'
import './task-pool'

export const inboundArea: Area = async (app, deps) => {
  registerRoutes(app, orderRoutes(deps.db))
  await receivingRoutes(app, deps)
}
