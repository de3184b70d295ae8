// The reports area (report-new): the sales outbound report. (The timeout task report's route stays with
// the inbound extras, src/server/areas/inbound/timeouts.ts, which now also answers the outbound kinds.)
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { salesOutboundRoutes } from './sales-outbound'

export const reportsArea: Area = (app, deps) => {
  registerRoutes(app, salesOutboundRoutes(deps.db))
}
