// The outbound area (issue 12): sales (ToC retail) orders — intake, status machine, allocation on the
// ledger — and waves, picking tasks, the picking station and pick-diff exceptions. Importing it registers the command handlers and the "go to document" lookup.
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { outboundOrderRoutes } from './orders'
import { pickingRoutes } from './picking'
import { shippingRoutes } from './shipping'
import { sortingRoutes } from './sorting'
import './task-pool'

export const outboundArea: Area = (app, deps) => {
  registerRoutes(app, outboundOrderRoutes(deps.db))
  registerRoutes(app, pickingRoutes(deps.db))
  registerRoutes(app, shippingRoutes(deps.db))
  registerRoutes(app, sortingRoutes(deps.db))
}
