// Screens by code → their route. Only WMS screens (other systems' menus never become routes), only
// visible ones with a component, and only those the caller holds (`menu:<code>`; admin all).
import { and, eq, ne } from 'drizzle-orm'
import { holds } from '../../../../domain/commands'
import { menu } from '../../../db/schema/index'
import { translate } from '../../../i18n'
import { registerDocumentLookup } from '../registry'

function fullPath(id: number, byId: Map<number, { parentId: number | null; path: string }>): string {
  const parts: string[] = []
  for (let cur = byId.get(id), guard = 0; cur && guard < 20; cur = cur.parentId === null ? undefined : byId.get(cur.parentId), guard++) {
    parts.unshift(cur.path)
    if (cur.path.startsWith('/')) break
  }
  return ('/' + parts.join('/')).replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1')
}

registerDocumentLookup({
  type: 'menu',
  titleKey: 'commands:search.type.menu',
  async search(db, auth, q, limit, lang) {
    // The menu table is small (hundreds of rows) and paths need the parent chain: read it once.
    const rows = await db.select({ id: menu.id, parentId: menu.parentId, type: menu.type, code: menu.code, path: menu.path, title: menu.title, component: menu.component, hidden: menu.hidden, authority: menu.authority })
      .from(menu).where(and(eq(menu.system, 'WMS'), ne(menu.type, 'B')))
    const byId = new Map(rows.map((r) => [r.id, r]))
    const lq = q.toLowerCase()
    const hits = rows.filter((r) => r.type === 'M' && r.component && r.component !== 'Layout' && !r.hidden
      && r.code.toLowerCase().includes(lq) && holds(r.authority ?? `menu:${r.code}`, { permissions: auth.permissions, roles: auth.roles }))
    hits.sort((a, b) => Number(b.code.toLowerCase() === lq) - Number(a.code.toLowerCase() === lq) || a.code.localeCompare(b.code))
    return hits.slice(0, limit).map((r) => ({ type: 'menu', id: r.id, number: r.code, title: translate(lang, r.title), path: fullPath(r.id, byId) }))
  },
})
