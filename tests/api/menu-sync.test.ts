// Menu catalog sync on start (issue 18; src/server/db/menu-sync.ts, run by migrate()): a database seeded
// by an earlier release — the warehouse board still framing the API docs, a screen under an old path,
// no sync bookkeeping yet — comes out of the next start with every catalog row as the catalog says,
// while a custom role's grants, an administrator's own row and a user's favourites stay (the favourite
// of a moved screen follows it). An administrator's edit of a field the catalog did not change survives
// later starts; new catalog rows arrive granted as on a new database; rows the catalog dropped go when
// nothing hangs below them and are hidden until then; a row an administrator deleted stays deleted.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs } from '../helpers/api'
import { migrate } from '../../src/server/db/migrate'
import { catalogMenuValues, syncMenuCatalog, type MenuValues } from '../../src/server/db/menu-sync'
import { MENU_BY_ID, MENU_CATALOG } from '../../src/domain/menu/catalog'
import type { MenuEntry, MenuNode } from '../../src/domain/menu/types'

let t: TestApp
const { q, one } = queriesOf(() => t)
let nightShift = 0
let supervisorId = 0

const BOARD = 17006
const REPORT = 17003
const STOCK_AGE = 17005
const ADMIN_ROW = 10_000_001

/** A stored row in the catalog's shape (menu-sync's field names). */
async function stored(id: number): Promise<MenuValues | undefined> {
  const [r] = await q<Record<string, unknown>>(`SELECT parent_id, type, code, name, title, path, component, redirect, icon, sort, hidden, authority, system, iframe_url, meta FROM menu WHERE id = $1`, [id])
  if (!r) return undefined
  return {
    parentId: r.parent_id as number | null, type: String(r.type) as MenuValues['type'], code: r.code as string, name: r.name as string, title: r.title as string,
    path: r.path as string, component: r.component as string | null, redirect: r.redirect as string | null, icon: r.icon as string | null, sort: Number(r.sort),
    hidden: r.hidden as boolean, authority: r.authority as string | null, system: r.system as string, iframeUrl: r.iframe_url as string | null, meta: r.meta as Record<string, unknown>,
  }
}
const grantsOf = async (roleId: number) => (await q<{ menu_id: number }>('SELECT menu_id FROM role_menu WHERE role_id = $1 ORDER BY menu_id', [roleId])).map((r) => Number(r.menu_id))
const roleId = async (code: string) => Number((await one<{ id: number }>('SELECT id FROM role WHERE code = $1', [code])).id)
const favourites = async () => JSON.parse((await one<{ config: string }>(`SELECT config FROM user_setting WHERE user_id = $1 AND table_key = 'favoriteRoutes'`, [supervisorId])).config)
const nothingDone = { inserted: [], updated: [], deleted: [], hidden: [], granted: 0, favourites: 0 }

function findNode(nodes: MenuNode[], code: string): MenuNode | undefined {
  for (const n of nodes) { const hit = n.code === code ? n : findNode(n.children ?? [], code); if (hit) return hit }
  return undefined
}

beforeAll(async () => {
  t = await createTestApp()
  supervisorId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'supervisor'`)).id)
  nightShift = Number((await one<{ id: number }>(`INSERT INTO role (code, name, data_scope) VALUES ('night-shift', 'Night shift', 3) RETURNING id`)).id)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('menu catalog sync on start', () => {
  it('brings a database of an earlier release in line with the catalog, keeping grants, own rows and favourites', async () => {
    // The database as an earlier release left it: no sync bookkeeping, the board framing the API docs,
    // the report under an old path and title, a custom role granted both, an administrator's own row.
    await q('DELETE FROM menu_catalog_sync')
    await q(`UPDATE menu SET component = 'EmbeddedPage', iframe_url = '/api/docs', meta = meta || '{"iframeUrl":"/api/docs"}'::jsonb WHERE id = $1`, [BOARD])
    await q(`UPDATE menu SET path = 'sales-outbound-old', title = 'menu:title.old-report' WHERE id = $1`, [REPORT])
    await q(`INSERT INTO menu (id, parent_id, type, code, name, title, path, component, authority) VALUES ($1, 17000, 'M', 'my-board', 'my-board', 'menu:title.my-board', 'my-board', 'reports/my-board', 'menu:my-board')`, [ADMIN_ROW])
    for (const id of [17000, REPORT, BOARD, ADMIN_ROW]) await q('INSERT INTO role_menu (role_id, menu_id) VALUES ($1, $2)', [nightShift, id])
    const favs = [
      { fullPath: '/report-new/sales-outbound-old?groupBy=platform', path: '/report-new/sales-outbound-old', name: 'sales-outbound-report', meta: { title: 'menu:title.old-report' } },
      { fullPath: '/report-new/warehouse-board', path: '/report-new/warehouse-board', name: 'IframeWarehouseBoard', meta: { title: 'menu:title.IframeWarehouseBoard' } },
    ]
    await q(`INSERT INTO user_setting (user_id, table_key, config) VALUES ($1, 'favoriteRoutes', $2)
      ON CONFLICT (user_id, table_key) DO UPDATE SET config = EXCLUDED.config`, [supervisorId, JSON.stringify(favs)])
    const adminGrants = await grantsOf(await roleId('admin'))

    await migrate(t.database) // what the next start runs

    expect(await stored(BOARD)).toEqual(catalogMenuValues(MENU_BY_ID.get(BOARD)!))
    expect((await stored(BOARD))!.component).toBe('warehouse-board')
    expect((await stored(BOARD))!.iframeUrl).toBeNull()
    expect(await stored(REPORT)).toEqual(catalogMenuValues(MENU_BY_ID.get(REPORT)!))
    // Every catalog row as the catalog says, and the bookkeeping for each.
    const rows: (MenuValues | undefined)[] = []
    for (const m of MENU_CATALOG) rows.push(await stored(m.id))
    expect(rows).toEqual(MENU_CATALOG.map(catalogMenuValues))
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM menu_catalog_sync')).n)).toBe(MENU_CATALOG.length)
    // Grants and the administrator's own row untouched.
    expect(await grantsOf(nightShift)).toEqual([17000, REPORT, BOARD, ADMIN_ROW])
    expect(await grantsOf(await roleId('admin'))).toEqual(adminGrants)
    expect((await stored(ADMIN_ROW))).toMatchObject({ parentId: 17000, code: 'my-board', component: 'reports/my-board' })
    // The favourite of the moved report follows it (query kept); the board's is as it was.
    expect(await favourites()).toEqual([
      { fullPath: '/report-new/sales-outbound?groupBy=platform', path: '/report-new/sales-outbound', name: 'sales-outbound-report', meta: { title: 'menu:title.sales-outbound-report' } },
      favs[1],
    ])
    // The menu the console reads: the board is the board's own (not-built) screen, no frame.
    const admin = await apiAs(t, 'admin')
    const res = await admin.get('/wms-plus-base/common/pms/user/menus')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    const board = findNode(body.data.menus ?? body.data, 'IframeWarehouseBoard')!
    expect(board.component).toBe('warehouse-board')
    expect(board.meta.iframeUrl ?? '').toBe('')

    // Idempotent: the next start changes nothing.
    expect(await syncMenuCatalog(t.database)).toEqual(nothingDone)
  })

  it('keeps an administrator’s edit of a field the catalog did not change; applies the fields it did change', async () => {
    await q(`UPDATE menu SET title = 'menu:title.my-stock-age' WHERE id = $1`, [STOCK_AGE]) // the menu editor
    expect(await syncMenuCatalog(t.database)).toEqual(nothingDone)
    expect((await stored(STOCK_AGE))!.title).toBe('menu:title.my-stock-age')

    // A release moves the screen and reorders it: those fields arrive, the edited title stays.
    const moved = MENU_CATALOG.map((m): MenuEntry => (m.id === STOCK_AGE ? { ...m, path: 'stock-age-v2', sort: 5 } : m))
    await q(`UPDATE user_setting SET config = $2 WHERE user_id = $1 AND table_key = 'favoriteRoutes'`,
      [supervisorId, JSON.stringify([{ fullPath: '/report-new/stock-age', path: '/report-new/stock-age', name: 'stock-age', meta: { title: 'menu:title.stock-age' } }])])
    const r = await syncMenuCatalog(t.database, moved)
    expect(r).toMatchObject({ updated: [STOCK_AGE], inserted: [], deleted: [], favourites: 1 })
    expect(await stored(STOCK_AGE)).toMatchObject({ path: 'stock-age-v2', sort: 5, title: 'menu:title.my-stock-age' })
    expect((await favourites())[0]).toMatchObject({ path: '/report-new/stock-age-v2', fullPath: '/report-new/stock-age-v2' })

    // The next release puts it back; the administrator's title still stands.
    await syncMenuCatalog(t.database)
    expect(await stored(STOCK_AGE)).toMatchObject({ path: 'stock-age', sort: MENU_BY_ID.get(STOCK_AGE)!.sort, title: 'menu:title.my-stock-age' })
  })

  it('inserts new catalog rows granted as on a new database; removes dropped rows when safe, hides them until then', async () => {
    const base = MENU_BY_ID.get(17002)!
    const screen: MenuEntry = { ...base, id: 17007, code: 'shipped-report', name: 'shipped-report', title: 'menu:title.shipped-report', path: 'shipped', component: 'reports/shipped-report', sort: 70, authority: 'menu:shipped-report', meta: { ...base.meta, title: 'menu:title.shipped-report' } }
    const button: MenuEntry = { ...screen, id: 17104, parentId: 17007, type: 'B', code: 'shipped-report:export', name: 'export', title: 'menu:button.export', path: '', component: null, icon: null, authority: 'shipped-report:export', meta: { title: 'menu:button.export' } }
    const next = [...MENU_CATALOG, screen, button]

    const r = await syncMenuCatalog(t.database, next)
    expect(r.inserted).toEqual([17007, 17104])
    expect(r.updated).toEqual([])
    for (const code of ['admin', 'supervisor']) expect(await grantsOf(await roleId(code))).toEqual(expect.arrayContaining([17000, 17007, 17104]))
    expect(await grantsOf(await roleId('receiver'))).not.toContain(17007)
    expect(await grantsOf(nightShift)).toEqual([17000, REPORT, BOARD, ADMIN_ROW]) // custom roles: the administrator decides
    const admin = await apiAs(t, 'admin')
    const res = await admin.get('/wms-plus-base/common/pms/user/menu/res/17007')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.res).toEqual([{ code: 'shipped-report:export' }])

    // An administrator hangs a row below the new screen; the next release drops the screen: hidden, not deleted.
    await q(`INSERT INTO menu (id, parent_id, type, code, name, title, path, authority) VALUES (10000002, 17007, 'B', 'mine:x', 'x', 'menu:button.x', '', 'mine:x')`)
    const dropped = await syncMenuCatalog(t.database)
    expect(dropped).toMatchObject({ deleted: [17104], hidden: [17007] })
    expect(await stored(17007)).toMatchObject({ hidden: true, meta: expect.objectContaining({ hidden: true }) })
    expect(await stored(10000002)).toBeDefined()
    // Once nothing hangs below it, the next start removes it with its grants.
    await q('DELETE FROM menu WHERE id = 10000002')
    expect(await syncMenuCatalog(t.database)).toMatchObject({ deleted: [17007], hidden: [] })
    expect(await stored(17007)).toBeUndefined()
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM role_menu WHERE menu_id IN (17007, 17104)')).n)).toBe(0)
    expect(await stored(ADMIN_ROW)).toBeDefined() // never the catalog's: never touched
  })

  it('leaves a catalog row an administrator deleted deleted', async () => {
    await q('DELETE FROM menu WHERE id = 17004')
    expect(await syncMenuCatalog(t.database)).toEqual(nothingDone)
    expect(await stored(17004)).toBeUndefined()
  })
})
