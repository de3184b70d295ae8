// Route building rules of spec section 2, one block per rule, on small hand-made trees and on the
// real catalog.
import { describe, it, expect } from 'vitest'
import {
  buildRoutes, joinPath, mapLegacyPath, filterMenusByWarehouse, sidebarItems, activeMenuPath, breadcrumb,
  flattenForSearch, pageTitle, flattenRoutes, findRoute, isForeignMenu, SAMPLE_OUT_WAREHOUSES, CATCH_ALL,
} from '../../src/domain/menu/routes'
import { buildMenuTree } from '../../src/domain/menu/tree'
import { MENU_CATALOG } from '../../src/domain/menu/catalog'
import type { MenuNode } from '../../src/domain/menu/types'

let nextId = 1
function node(code: string, path: string, o: Partial<MenuNode> & { title?: string } = {}, children: MenuNode[] = []): MenuNode {
  const { title, ...rest } = o
  return { id: nextId++, parentId: null, code, name: code, path, component: `x/${code}`, meta: { title: title ?? `menu:title.${code}` }, children, ...rest }
}
const dir = (code: string, path: string, children: MenuNode[], o: Partial<MenuNode> & { title?: string } = {}) =>
  node(code, path, { component: 'Layout', redirect: 'noRedirect', ...o }, children)
const paths = (routes: ReturnType<typeof buildRoutes>) => flattenRoutes(routes).map((r) => r.path)
const fullTree = buildMenuTree(MENU_CATALOG.filter((m) => m.type !== 'B'))
const t = (k: string) => `T(${k.split('.').pop()})`

describe('joinPath', () => {
  it('joins parent and child and collapses duplicate slashes', () => {
    expect(joinPath('/wms-widget', '/add-inland-label')).toBe('/wms-widget/add-inland-label')
    expect(joinPath('/stock-in/', 'inbound-order/details')).toBe('/stock-in/inbound-order/details')
    expect(joinPath('', '/')).toBe('/')
    expect(joinPath('/a//b', '//c/')).toBe('/a/b/c')
    expect(joinPath('/x', 'https://example.com/a//b')).toBe('https://example.com/a//b')
  })
})

describe('buildRoutes', () => {
  it('nests with full paths and keeps only entries with a screen; empty directories go', () => {
    const routes = buildRoutes([
      dir('a', '/a', [node('a1', 'one'), dir('a2', '/two/', [node('a21', 'x')])]),
      dir('empty', '/empty', []),
      dir('nothing', '/nothing', [node('nocomp', 'n', { component: null })]),
    ], { roles: ['receiver'] })
    expect(paths(routes)).toEqual(['/a', '/a/one', '/a/two', '/a/two/x', '*'])
  })

  it('skips entries labelled OMS, SCM, IMS, ERP, FIN and removes OCS-admin__menu / SRM-admin__menu', () => {
    const routes = buildRoutes([
      node('oms', '/oms', { name: 'OMS Orders' }),
      node('scm', '/scm', { title: 'SCM Purchase' }),
      node('ims', '/ims', { name: 'IMS stock' }), node('erp', '/erp', { name: 'ERP' }), node('fin', '/fin', { name: 'FIN x' }),
      dir('ocs', '/ocs', [node('ocs-users', 'users')], { title: 'menu:title.OCS-admin__menu' }),
      dir('srm', '/srm', [node('srm-x', 'x')], { title: 'SRM-admin__menu' }),
      node('finance-ok', '/finance', { name: 'finance' }),
      node('keep', '/keep'),
    ], { roles: ['admin'] })
    expect(paths(routes)).toEqual(['/finance', '/keep', '*'])
    expect(isForeignMenu({ name: 'Warehouse OMS view', meta: { title: 'x' } })).toBe(false)
  })

  it('filters by meta roles: admin sees all, no roles is open, others need an overlap', () => {
    const menus = [node('open', '/open'), node('adm', '/adm', { meta: { title: 'k', roles: ['admin'] } }), node('sup', '/sup', { meta: { title: 'k', roles: ['supervisor', 'picker'] } })]
    expect(paths(buildRoutes(menus, { roles: ['admin'] }))).toEqual(['/open', '/adm', '/sup', '*'])
    expect(paths(buildRoutes(menus, { roles: ['picker'] }))).toEqual(['/open', '/sup', '*'])
    expect(paths(buildRoutes(menus, { roles: ['receiver'] }))).toEqual(['/open', '*'])
  })

  it('puts the catch-all last, redirecting to /404', () => {
    const routes = buildRoutes(fullTree, { roles: ['admin'] })
    expect(routes.at(-1)).toEqual(CATCH_ALL)
    expect(routes.at(-1)).toMatchObject({ path: '*', redirect: '/404' })
    expect(buildRoutes([], { roles: [] })).toEqual([CATCH_ALL])
  })

  it('orders siblings by sort then id and keeps redirect rows', () => {
    const routes = buildRoutes([node('b', '/b', { sort: 20 }), node('a', '/a', { sort: 10 }), node('r', '/r', { type: 'R', component: null, redirect: '/a' })], { roles: [] })
    expect(paths(routes)).toEqual(['/r', '/a', '/b', '*'])
    expect(findRoute(routes, '/r')).toMatchObject({ redirect: '/a', component: null })
  })

  it('on the real catalog: drops other systems, keeps the spec paths with their odd spellings', () => {
    const all = paths(buildRoutes(fullTree, { roles: ['admin'] }))
    for (const p of ['/', '/commodity-information/category/tow-category', '/stock-in/ReleaseStrip', '/stock-in/inbound-order/details',
      '/stock-in/inbound-order/stock-in-quickly', '/stock-out/ToB/sales-outbound/added-outoder',
      '/stock-out/ToB/sales-outbound/amazon-shipment/generat-shipment', '/system-manage/remote-Desktop/remote-added',
      '/system-manage/datadictionary/basicdate', '/wms-widget/add-inland-label', '/system-tools/box-info-import',
      '/import-file/export-file', '/file-export/sfs-file-import', '/import-file/sql-export', '/container-load/loading-detail',
      '/stock-out-allot/allot-batch-add', '/stock-out-abnormal/pick-diff', '/in-house-work/check-manager/checklose']) {
      expect(all, p).toContain(p)
    }
    expect(all.filter((p) => /^\/(oms|scm|ims|erp|fin|ocs|srm)/.test(p))).toEqual([])
  })
})

describe('legacy paths', () => {
  const sections = new Set(['transfer-issue', 'retail-outbound', 'stock-in-new', 'in-house-work-new', 'rule-management', 'replenishment-order-manage', 'quick-assistant'])
  it.each([
    ['/stock-out/ToB/shipping/details', '/transfer-issue/shipping/details'],
    ['/stock-out/ToC/wave-picking/details', '/retail-outbound/wave-picking/details'],
    ['/stock-in/inbound-order/details', '/stock-in-new/inbound-order/details'],
    ['/in-house-work/check-manager', '/in-house-work-new/check-manager'],
    ['/in-house-work/check-manager/list', '/in-house-work-new/check-manager/list'],
    ['/system-manage/rule-management/once-outbound-config', '/rule-management/transfer-issue/once-outbound-config'],
    ['/in-house-work/replenishment', '/replenishment-order-manage/replenishment'],
    ['/wms-widget/inland-print', '/quick-assistant/print-label/inland-print'],
  ])('the spec example %s → %s', (from, to) => {
    expect(mapLegacyPath(from, sections)).toBe(to)
  })

  it('leaves the path alone when the new section is absent, or on a mere name prefix', () => {
    expect(mapLegacyPath('/stock-in/inbound-order/details', new Set(['retail-outbound']))).toBe('/stock-in/inbound-order/details')
    expect(mapLegacyPath('/stock-inx/a', sections)).toBe('/stock-inx/a')
    expect(mapLegacyPath('/rights/user', sections)).toBe('/rights/user')
  })

  it('route building adds redirects from legacy paths to the catalog\'s redesigned sections', () => {
    const routes = buildRoutes(fullTree, { roles: ['admin'] })
    const redirect = (p: string) => findRoute(routes, p)?.redirect
    expect(redirect('/wms-widget/inland-print')).toBe('/quick-assistant/print-label/inland-print')
    expect(redirect('/system-manage/rule-management/once-outbound-config')).toBe('/rule-management/transfer-issue/once-outbound-config')
    expect(redirect('/in-house-work/replenishment')).toBe('/replenishment-order-manage/replenishment')
    expect(redirect('/basic-data/company')).toBe('/basic-data-new/company')
    expect(redirect('/basic-data/sku')).toBe('/commodity-information/sku')
    // Paths that are routes themselves are never shadowed by a redirect.
    expect(findRoute(routes, '/stock-in/inbound-order')?.redirect).toBeUndefined()
    // Redirects come before the catch-all.
    expect(routes.at(-1)!.path).toBe('*')
  })
})

describe('warehouse filtering', () => {
  const ids = (tree: MenuNode[]) => flattenRoutes(buildRoutes(tree, { roles: ['admin'] })).map((r) => r.name)
  it('sample-out screens only in the seven sample-out warehouses (26 yes, 168 no)', () => {
    expect(SAMPLE_OUT_WAREHOUSES.size).toBe(7)
    expect(SAMPLE_OUT_WAREHOUSES.has(26)).toBe(true)
    expect(SAMPLE_OUT_WAREHOUSES.has(168)).toBe(false)
    const in26 = ids(filterMenusByWarehouse(fullTree, { warehouseId: 26, warehouseLocation: 1 }))
    const in168 = ids(filterMenusByWarehouse(fullTree, { warehouseId: 168, warehouseLocation: 2 }))
    expect(in26).toEqual(expect.arrayContaining(['sample-out-management', 'sample-out-review']))
    expect(in168).not.toContain('sample-out-management')
    expect(in168).not.toContain('sample-out-review')
  })
  it('audit plans and checklists under /stock-in hidden when the warehouse location is 2', () => {
    const domestic = ids(filterMenusByWarehouse(fullTree, { warehouseId: 168, warehouseLocation: 1 }))
    const overseas = ids(filterMenusByWarehouse(fullTree, { warehouseId: 26, warehouseLocation: 2 }))
    expect(domestic).toEqual(expect.arrayContaining(['audit-plan-separate-table', 'list-of-checklists']))
    expect(overseas).not.toContain('audit-plan-separate-table')
    expect(overseas).not.toContain('list-of-checklists')
    expect(overseas).toContain('inbound-order')
  })
  it('only under their sections: the same names elsewhere stay', () => {
    const tree = [dir('x', '/x', [node('sample-out-review', 'sample-out-review'), node('list-of-checklists', 'list-of-checklists')])]
    expect(filterMenusByWarehouse(tree, { warehouseId: 168, warehouseLocation: 2 })[0].children).toHaveLength(2)
  })
})

describe('sidebar', () => {
  const routes = buildRoutes([
    node('home', '/', { meta: { title: 'menu:title.dashboard', affix: true } }),
    dir('one', '/one', [node('only', 'only'), node('secret', 'secret', { hidden: true })]),
    dir('two', '/two', [node('t1', 't1'), node('t2', 't2'), node('t1-details', 't1/details', { hidden: true, meta: { title: 'k.d', hidden: true, activeMenu: '/two/t1' } })]),
    dir('ghost', '/ghost', [node('g', 'g', { meta: { title: 'k', hidden: true } })]),
  ], { roles: ['admin'] })

  it('skips hidden items and collapses a parent with one visible child to that child', () => {
    const items = sidebarItems(routes)
    // '/ghost' has no visible child at all: it disappears.
    expect(items.map((i) => i.path)).toEqual(['/', '/one/only', '/two'])
    expect(items[2].children.map((i) => i.path)).toEqual(['/two/t1', '/two/t2'])
    expect(items[1].title).toBe('menu:title.only')
  })

  it('the active entry is meta.activeMenu if set, else the current path', () => {
    expect(activeMenuPath(routes, '/two/t1/details')).toBe('/two/t1')
    expect(activeMenuPath(routes, '/two/t2?x=1')).toBe('/two/t2')
    expect(activeMenuPath(routes, '/unknown')).toBe('/unknown')
  })

  it('breadcrumb of a path: the chain of titled routes down to it', () => {
    expect(breadcrumb(routes, '/two/t1/details').map((r) => r.path)).toEqual(['/two', '/two/t1/details'])
    expect(breadcrumb(routes, '/nope')).toEqual([])
  })

  it('collapses the catalog\'s one-child directories (attr-manage, versions, performance-manage)', () => {
    const items = sidebarItems(buildRoutes(fullTree, { roles: ['admin'] }))
    const top = items.map((i) => i.path)
    expect(top).toContain('/attr-manage/attr-setting-manage')
    expect(top).toContain('/versions/list')
    expect(top).toContain('/performance-manage/job-performance')
    expect(top).not.toContain('/import-file')
    const rules = items.find((i) => i.path === '/rule-management')!
    expect(rules.children.map((c) => c.path)).toContain('/rule-management/transfer-issue/once-outbound-config')
  })
})

describe('header search entries', () => {
  const routes = buildRoutes([
    dir('sec', '/sec', [node('a', 'a'), node('b', 'b', { hidden: true }), node('c', 'c', { meta: { title: '' } }), dir('sub', 'sub', [node('d', 'd'), node('e', 'e')])]),
    node('ext', 'https://example.com/help'),
  ], { roles: [] })
  it('skips hidden, untitled and noRedirect routes; labels are title breadcrumbs joined with " > "', () => {
    const entries = flattenForSearch(routes, t)
    expect(entries.map((e) => [e.path, e.label])).toEqual([
      ['/sec/a', 'T(sec) > T(a)'],
      ['/sec/sub/d', 'T(sec) > T(sub) > T(d)'],
      ['/sec/sub/e', 'T(sec) > T(sub) > T(e)'],
      ['https://example.com/help', 'T(ext)'],
    ])
    expect(entries.at(-1)!.external).toBe(true)
  })
})

describe('page title', () => {
  it('is the translated route title followed by the app title', () => {
    expect(pageTitle('menu:title.inbound-order', (k) => (k === 'menu:title.inbound-order' ? 'Inbound orders' : k), 'WMS')).toBe('Inbound orders - WMS')
    expect(pageTitle(undefined, t, 'WMS')).toBe('WMS')
  })
})
