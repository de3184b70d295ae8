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

registerDocumentLookup({
  type: 'menu',
  titleKey: 'commands:search.type.menu',
  async search(db, auth, q, limit, lang) {
    // The menu table is small (hundreds of rows) and paths need the parent chain: read it whole.
    const [rows, wh] = await Promise.all([
      db.select().from(menu).where(ne(menu.type, 'B')),
      db.select({ location: warehouse.warehouseLocation }).from(warehouse).where(eq(warehouse.id, auth.warehouseId)),
    ])
    const held = rows.filter((r) => holds(r.authority ?? `menu:${r.code}`, { permissions: auth.permissions, roles: auth.roles }))
    const tree = filterMenusByWarehouse(buildMenuTree(held), { warehouseId: auth.warehouseId, warehouseLocation: wh[0]?.location ?? 1 })
    const lq = q.toLowerCase()
    const hits = flattenRoutes(buildRoutes(tree, { roles: auth.roles }))
      .filter((r) => r.id !== null && r.component && r.component !== LAYOUT && !r.redirect && !r.hidden && r.name.toLowerCase().includes(lq))
    hits.sort((a, b) => Number(b.name.toLowerCase() === lq) - Number(a.name.toLowerCase() === lq) || a.name.localeCompare(b.name))
    return hits.slice(0, limit).map((r) => ({ type: 'menu', id: r.id!, number: r.name, title: translate(lang, r.meta.title), path: r.path }))
  },
})
