// The session & shell area (spec section 7 "Session and shell", except sign-in and menus): user info,
// warehouse detail, per-user settings, version push, dictionaries, cascader, dashboard counts, files,
// the translation console stand-in and button → template bindings.
import type { Area } from '../../http/area'
import { registerRoutes } from '../../http/route'
import { syncDictionaries } from '../../db/seed-shell'
import { userRoutes } from './user'
import { settingsRoutes } from './settings'
import { versionRoutes } from './version'
import { referenceRoutes } from './reference'
import { statisticsRoutes } from './statistics'
import { fileRoutes, uploadGuard } from './files'
import { translationRoutes } from './translations'
import { templateRoutes } from './templates'
import { runtimeConfigRoutes } from './runtime-config'

export { registerStatistic } from './statistics'

export const sessionArea: Area = async (app, { db, config, database }) => {
  // Dictionaries added to src/domain/dictionaries.ts reach existing databases on the next start.
  await syncDictionaries(db)
  app.decorate('uploads', uploadGuard(config))
  registerRoutes(app, [
    ...userRoutes(db),
    ...settingsRoutes(db),
    ...(await versionRoutes(app, db, config)),
    ...referenceRoutes(db),
    ...statisticsRoutes(db, config),
    ...fileRoutes(db),
    ...translationRoutes(),
    ...templateRoutes(database),
    ...runtimeConfigRoutes(config),
  ])
}
