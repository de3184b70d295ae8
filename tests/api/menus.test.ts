// Menu endpoints against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), signed in as
// the demo users: the tree follows role grants and the warehouse; buttons per menu; one node; 404s.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo'
import { MENU_BY_CODE, MENU_CATALOG } from '../../src/domain/menu/catalog'
import type { MenuNode } from '../../src/domain/menu/types'

let t: TestApp
let ipSeq = 0
const EN = { 'x-language-header': 'en-US' }
const tokens = new Map<string, string>()

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'supervisor', 'receiver', 'shelver', 'picker', 'reviewer', 'shipper']) {
    const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', headers: { ...EN, 'x-forwarded-for': `10.7.0.${++ipSeq}` }, payload: { username: u, password: DEMO_PASSWORD } })
    expect(res.statusCode, res.body).toBe(200)
    tokens.set(u, res.json().data.access_token)
  }
}, 60_000)
afterAll(async () => { await t?.close() })

function get(url: string, user: string, warehouseId = 26, tenantId = 1) {
  return t.app.inject({
    method: 'GET', url,
    headers: { ...EN, authorization: `Bearer ${tokens.get(user)}`, 'x-userinfo-header': `${tenantId}-${encodeURIComponent(user)}-${warehouseId}` },
  })
}

async function menus(user: string, warehouseId = 26, tenantId = 1): Promise<MenuNode[]> {
  const res = await get('/wms-plus-base/common/pms/user/menus', user, warehouseId, tenantId)
  expect(res.statusCode, res.body).toBe(200)
  const body = res.json()
  expect(body.responseCode).toBe('0001')
  return body.data.menus
}

const flat = (nodes: MenuNode[]): MenuNode[] => nodes.flatMap((n) => [n, ...flat(n.children ?? [])])
const codes = (nodes: MenuNode[]) => new Set(flat(nodes).map((n) => n.code))
const id = (code: string) => MENU_BY_CODE.get(code)!.id

describe('GET /wms-plus-base/common/pms/user/menus', () => {
  it('admin gets the whole tree of menus and redirects (no buttons), including /rights', async () => {
    const tree = await menus('admin')
    const all = flat(tree)
    expect(all.some((n) => n.path === '/rights')).toBe(true)
    expect(all.every((n) => n.type !== 'B')).toBe(true)
    // Every non-button row of the catalog is there in warehouse 26 (domestic, sample-out warehouse).
    expect(all.length).toBe(MENU_CATALOG.filter((m) => m.type !== 'B').length)
    expect(all.find((n) => n.code === 'api-docs-alias')!.meta.menu).toBe(false)
  })

  it('has the spec\'s node shape, nested with levels', async () => {
    const tree = await menus('admin')
    const stockIn = tree.find((n) => n.code === 'stock-in')!
    expect(stockIn).toMatchObject({ id: id('stock-in'), parentId: null, level: 1, path: '/stock-in', component: 'Layout', redirect: 'noRedirect', hidden: false })
    const details = stockIn.children!.find((n) => n.code === 'inbound-order-details')!
    expect(details).toMatchObject({ parentId: id('stock-in'), level: 2, path: 'inbound-order/details', component: 'stock-in/inbound-order-details', hidden: true, sort: expect.any(Number) })
    expect(details.meta).toMatchObject({ title: 'menu:title.inbound-order-details', hidden: true, icon: '', iframeUrl: '', menu: true, newMenu: false, activeMenu: '/stock-in/inbound-order', noCache: true })
    expect(tree.map((n) => n.sort)).toEqual([...tree.map((n) => n.sort!)].sort((a, b) => a - b))
  })

  it('receiver sees stock-in, the stock list and the dashboard — not /rights', async () => {
    const c = codes(await menus('receiver'))
    for (const x of ['dashboard', 'stock-in', 'inbound-order', 'harvest', 'stock-manage', 'stock-manage-list']) expect(c.has(x), x).toBe(true)
    for (const x of ['rights', 'rights-user', 'system-manage', 'stock-out', 'stock-allot']) expect(c.has(x), x).toBe(false)
  })

  it('supervisor sees everything but /rights and /system-manage', async () => {
    const c = codes(await menus('supervisor'))
    expect(c.has('rights') || c.has('system-manage') || c.has('operation-log')).toBe(false)
    expect(c.has('wave-picking') && c.has('inbound-order') && c.has('container-load-list')).toBe(true)
  })

  it('filters by warehouse: sample-out screens in 26 not in 168; checklists hidden in overseas 168', async () => {
    const in26 = codes(await menus('supervisor', 26))
    const in168 = codes(await menus('supervisor', 168))
    expect(in26.has('sample-out-management') && in26.has('sample-out-review')).toBe(true)
    expect(in168.has('sample-out-management') || in168.has('sample-out-review')).toBe(false)
    expect(in26.has('audit-plan-separate-table') && in26.has('list-of-checklists')).toBe(true)
    expect(in168.has('audit-plan-separate-table') || in168.has('list-of-checklists')).toBe(false)
    expect(in168.has('inbound-order')).toBe(true)
  })

  it('needs a pair of the user: receiver on 201-1 is refused, no token is 401', async () => {
    expect((await get('/wms-plus-base/common/pms/user/menus', 'receiver', 201)).statusCode).toBe(403)
    const anon = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/menus', headers: EN })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().responseCode).toBe('302')
  })
})

describe('GET /wms-plus-base/common/pms/user/menu/res/{menuId}', () => {
  const res = async (user: string, code: string) => {
    const r = await get(`/wms-plus-base/common/pms/user/menu/res/${id(code)}`, user)
    return { status: r.statusCode, body: r.json() }
  }

  it('admin: every button of the menu, skipAuth true', async () => {
    const r = await res('admin', 'rights-user')
    expect(r.status).toBe(200)
    expect(r.body.data).toEqual({ res: ['add', 'edit', 'delete', 'reset-password', 'force-offline'].map((a) => ({ code: `rights-user:${a}` })), skipAuth: true })
  })

  it('receiver: the inbound-order buttons, skipAuth false', async () => {
    const r = await res('receiver', 'inbound-order')
    expect(r.body.data).toEqual({ res: ['add', 'validate', 'abolish', 'import', 'export', 'edit', 'submit', 'finish', 'status', 'print'].map((a) => ({ code: `inbound-order:${a}` })), skipAuth: false })
  })

  it('per role: a menu with no granted buttons is empty for others, a granted one lists them', async () => {
    expect((await res('shelver', 'shelf-task')).body.data).toEqual({ res: ['assign', 'complete', 'claim', 'shelve'].map((a) => ({ code: `shelf-task:${a}` })), skipAuth: false })
    expect((await res('reviewer', 'reviewpackaging')).body.data.res).toEqual([{ code: 'reviewpackaging:review' }, { code: 'reviewpackaging:exception' }])
    expect((await res('supervisor', 'stock-manage-list')).body.data.res).toEqual([{ code: 'stock-manage-list:export' }, { code: 'stock-manage-list:explain' }, { code: 'stock-manage-list:check' }])
    // A screen without buttons: empty list (other inbound gained its add button with issue 20).
    expect((await res('receiver', 'dashboard')).body.data).toEqual({ res: [], skipAuth: false })
    expect((await res('receiver', 'other-inbound')).body.data).toEqual({ res: [{ code: 'other-inbound:add' }], skipAuth: false })
  })

  it('a menu the role was not granted is 404 for it; an unknown one for everybody; a bad id is 400 naming menuId', async () => {
    expect((await res('receiver', 'rights-user')).status).toBe(404)
    const unknown = await get('/wms-plus-base/common/pms/user/menu/res/999999', 'admin')
    expect(unknown.statusCode).toBe(404)
    const bad = await get('/wms-plus-base/common/pms/user/menu/res/abc', 'admin')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('menuId')
  })
})

describe('GET /pms-console/menu/{id}', () => {
  it('returns one node with its subtree, buttons included', async () => {
    const r = await get(`/pms-console/menu/${id('inbound-order')}`, 'receiver')
    expect(r.statusCode).toBe(200)
    const node = r.json().data as MenuNode
    expect(node).toMatchObject({ id: id('inbound-order'), code: 'inbound-order', parentId: id('stock-in'), level: 2, component: 'stock-in/inbound-order', meta: { title: 'menu:title.inbound-order' } })
    expect(node.children!.map((c) => [c.code, c.level, c.type])).toEqual(['add', 'validate', 'abolish', 'import', 'export', 'edit', 'submit', 'finish', 'status', 'print'].map((a) => [`inbound-order:${a}`, 3, 'B']))
  })

  it('unknown id → 404 with the translated message; not granted reads the same', async () => {
    const r = await get('/pms-console/menu/424242', 'admin')
    expect(r.statusCode).toBe(404)
    expect(r.json()).toMatchObject({ responseCode: '404', messageKey: 'menu:errors.notFound', responseDesc: 'Menu 424242 does not exist or is not available to you' })
    const hidden = await get(`/pms-console/menu/${id('rights')}`, 'picker')
    expect(hidden.statusCode).toBe(404)
    expect((await get(`/pms-console/menu/${id('rights')}`, 'admin')).statusCode).toBe(200)
  })
})
