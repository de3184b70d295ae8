// The inbound extras' routes as one area (returns, quick inbound, vehicle release, measure, labels,
// timeouts, settings). Importing this module also registers their command handlers and document lookups.
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { returnRoutes } from './returns'
import { quickRoutes } from './quick'
import { releaseRoutes } from './release'
import { measureRoutes } from './measure'
import { labelRoutes } from './labels'
import { timeoutRoutes } from './timeouts'
import { settingsRoutes } from './settings'

export const inboundExtraArea: Area = (app, { db }) => {
  registerRoutes(app, [...returnRoutes(db), ...quickRoutes(db), ...releaseRoutes(db), ...measureRoutes(db), ...labelRoutes(db), ...timeoutRoutes(db), ...settingsRoutes(db)])
}
