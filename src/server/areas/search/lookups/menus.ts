// Screens by code → their route. The same route building as the user's menu (src/domain/menu):
// only screens the caller holds (`menu:<code>`; admin all), the warehouse filter of the current
// pair, other systems' menus and role-restricted routes removed, hidden pages skipped.
import { eq, ne } from 'drizzle-orm'
import { holds } from '../../../../domain/commands'
import { buildMenuTree } from '../../../../domain/menu/tree'
import { buildRoutes, filterMenusByWarehouse, flattenRoutes } from '../../../../domain/menu/routes'
import { LAYOUT } from '../../../../domain/menu/types'
import { menu, warehouse } from '../../../db/schema/index'
import { translate } from '../../../i18n'
import { registerDocumentLookup } from '../registry'

const screensCache = new Map<string, ReturnType<typeof flattenRoutes>>()

registerDocumentLookup({
  type: 'menu',
  titleKey: 'commands:search.type.menu',
  group: 'reference',
  // The screen's route (its place in the menu tree); the page is the screen's own.
  opens: { path: '*/{no}', testId: 'page-title' },
  async search(db, auth, q, limit, lang) {
    const wh = await db.select({ location: warehouse.warehouseLocation }).from(warehouse).where(eq(warehouse.id, auth.warehouseId))
    const location = wh[0]?.location ?? 1
    // The screens a caller may open depend only on the grants (versioned: any role, grant or menu change
    // bumps it), the user's pair and the warehouse: built once per key, not on every palette search.
    const key = `${auth.grantsVersion}|${auth.userId}|${auth.tenantId}|${auth.warehouseId}|${location}`
    let screens = screensCache.get(key)
    if (!screens) {
      // The menu table is small (hundreds of rows) and paths need the parent chain: read it whole.
      const rows = await db.select().from(menu).where(ne(menu.type, 'B'))
      const held = rows.filter((r) => holds(r.authority ?? `menu:${r.code}`, { permissions: auth.permissions, roles: auth.roles }))
      const tree = filterMenusByWarehouse(buildMenuTree(held), { warehouseId: auth.warehouseId, warehouseLocation: location })
      screens = flattenRoutes(buildRoutes(tree, { roles: auth.roles })).filter((r) => r.id !== null && r.component && r.component !== LAYOUT && !r.redirect && !r.hidden)
      if (screensCache.size >= 200) screensCache.clear()
      screensCache.set(key, screens)
    }
    const lq = q.toLowerCase()
    const hits = screens.filter((r) => r.name.toLowerCase().includes(lq))
    hits.sort((a, b) => Number(b.name.toLowerCase() === lq) - Number(a.name.toLowerCase() === lq) || a.name.localeCompare(b.name))
    return hits.slice(0, limit).map((r) => ({ type: 'menu', id: r.id!, number: r.name, title: translate(lang, r.meta.title), path: r.path }))
  },
})
