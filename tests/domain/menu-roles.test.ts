// Demo role grants (demo data contract) and the menu tree builder.
import { describe, it, expect } from 'vitest'
import { MENU_BY_CODE, MENU_BY_ID, MENU_CATALOG, ancestorIds } from '../../src/domain/menu/catalog'
import { ROLE_LIST, roleGrantIds, rolePermissions } from '../../src/domain/menu/roles'
import { buildMenuTree } from '../../src/domain/menu/tree'
import type { MenuNode } from '../../src/domain/menu/types'

const codes = (role: string) => new Set([...roleGrantIds(role)].map((id) => MENU_BY_ID.get(id)!.code))

describe('role grants', () => {
  it('data scopes: admin 1, supervisor 2, the rest 3; title keys menu:role.<code>', () => {
    expect(Object.fromEntries(ROLE_LIST.map((r) => [r.code, r.dataScope]))).toEqual({ admin: 1, supervisor: 2, receiver: 3, shelver: 3, picker: 3, reviewer: 3, shipper: 3 })
    for (const r of ROLE_LIST) expect(r.titleKey).toBe(`menu:role.${r.code}`)
  })

  it('every grant set contains the ancestors of its items', () => {
    for (const r of ROLE_LIST) {
      const g = roleGrantIds(r.code)
      for (const id of g) for (const a of ancestorIds(id)) expect(g.has(a), `${r.code}: ${MENU_BY_ID.get(id)!.code} without ${MENU_BY_ID.get(a)!.code}`).toBe(true)
    }
  })

  it('supervisor: everything of the warehouse except /rights and /system-manage', () => {
    const s = codes('supervisor')
    for (const c of ['rights', 'rights-user', 'rights-user:force-offline', 'system-manage', 'operation-log', 'basicdate']) expect(s.has(c), c).toBe(false)
    for (const c of ['dashboard', 'inbound-order', 'inbound-order:validate', 'wave-picking', 'stock-manage-list:explain', 'versions', 'app-versions']) expect(s.has(c), c).toBe(true)
    expect(s.has('oms-order-center')).toBe(false)
  })

  it('receiver: stock-in screens with their buttons, the stock list, the dashboard', () => {
    const r = codes('receiver')
    for (const c of ['dashboard', 'stock-in', 'harvest', 'inbound-order', 'inbound-order:add', 'inbound-order:validate', 'inbound-order-details', 'shelf-task', 'returns-receipt', 'stock-manage', 'stock-manage-list', 'stock-manage-list:export']) expect(r.has(c), c).toBe(true)
    for (const c of ['rights', 'rights-user', 'stock-out', 'wave-picking', 'stock-allot', 'reviewpackaging']) expect(r.has(c), c).toBe(false)
  })

  it('shelver, picker, reviewer, shipper get their stations and the dashboard only', () => {
    const sh = codes('shelver')
    expect(sh.has('shelf-task:complete') && sh.has('stock-manage-list') && sh.has('dashboard')).toBe(true)
    expect(sh.has('inbound-order')).toBe(false)
    const p = codes('picker')
    for (const c of ['tob-picking-task', 'pickingtasks', 'wave-picking', 'wave-picking-details', 'dashboard']) expect(p.has(c), c).toBe(true)
    expect(p.has('reviewpackaging') || p.has('stock-manage-list')).toBe(false)
    const rv = codes('reviewer')
    expect(rv.has('reviewpackaging:review') && rv.has('dashboard')).toBe(true)
    expect(rv.has('pickingtasks')).toBe(false)
    const sp = codes('shipper')
    for (const c of ['tob-shipping', 'ship-management', 'shipment-details', 'faceorder-manage:buy', 'container-load-list', 'loading-detail', 'dashboard']) expect(sp.has(c), c).toBe(true)
    expect(sp.has('wave-picking')).toBe(false)
  })

  it('admin is granted everything; an unknown role nothing', () => {
    expect(roleGrantIds('admin').size).toBe(MENU_CATALOG.length)
    expect(roleGrantIds('nobody').size).toBe(0)
  })

  it('rolePermissions gives the authorities of the grants, united over roles', () => {
    const p = rolePermissions(['receiver', 'reviewer'])
    expect(p.has('menu:inbound-order')).toBe(true)
    expect(p.has('inbound-order:abolish')).toBe(true)
    expect(p.has('reviewpackaging:review')).toBe(true)
    expect(p.has('rights-user:force-offline')).toBe(false)
  })
})

describe('buildMenuTree', () => {
  const tree = buildMenuTree(MENU_CATALOG)
  const find = (nodes: MenuNode[], code: string): MenuNode | undefined => {
    for (const n of nodes) { if (n.code === code) return n; const f = find(n.children ?? [], code); if (f) return f }
    return undefined
  }

  it('nests rows under parents with levels and sorts by sort', () => {
    const stockIn = find(tree, 'stock-in')!
    expect(stockIn.level).toBe(1)
    expect(stockIn.parentId).toBeNull()
    const io = find(tree, 'inbound-order')!
    expect(io.level).toBe(2)
    expect(io.parentId).toBe(stockIn.id)
    expect(io.children!.map((c) => c.code)).toEqual(['inbound-order:add', 'inbound-order:validate', 'inbound-order:abolish', 'inbound-order:import', 'inbound-order:export',
      'inbound-order:edit', 'inbound-order:submit', 'inbound-order:finish', 'inbound-order:status', 'inbound-order:print'])
    expect(find(tree, 'inbound-order:add')!.level).toBe(3)
    expect(stockIn.children!.map((c) => c.sort)).toEqual([...stockIn.children!.map((c) => c.sort)].sort((a, b) => a! - b!))
  })

  it('meta carries title, hidden, icon, iframeUrl, menu, newMenu and the optional flags', () => {
    expect(find(tree, 'inbound-order-details')!.meta).toMatchObject({ title: 'menu:title.inbound-order-details', hidden: true, activeMenu: '/stock-in/inbound-order', menu: true, newMenu: false })
    expect(find(tree, 'dashboard')!.meta).toMatchObject({ affix: true, icon: 'dashboard' })
    expect(find(tree, 'api-docs')!.meta.iframeUrl).toBe('/api/docs')
    expect(find(tree, 'api-docs-alias')!.meta.menu).toBe(false)
    expect(find(tree, 'replenishment-order-manage')!.meta.newMenu).toBe(true)
  })

  it('drops rows whose parent is missing (not granted) instead of promoting them', () => {
    const rows = MENU_CATALOG.filter((m) => m.code !== 'stock-in')
    expect(find(buildMenuTree(rows), 'inbound-order')).toBeUndefined()
    expect(find(buildMenuTree(rows), 'harvest')).toBeUndefined()
    expect(MENU_BY_CODE.get('harvest')!.parentId).toBe(MENU_BY_CODE.get('stock-in')!.id)
  })
})
