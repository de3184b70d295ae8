// The outbound area (issue 12): sales (ToC retail) orders — intake, status machine, allocation on the
// ledger. Importing it registers the command handlers and the "go to document" lookup.
import type { Area } from '../index'
import { registerRoutes } from '../../http/route'
import { outboundOrderRoutes } from './orders'

export const outboundArea: Area = (app, deps) => {
  registerRoutes(app, outboundOrderRoutes(deps.db))
}
