// The permission catalog is consistent: unique ids, codes and authorities; every title key (menus,
// buttons, roles) present in zh, en and es-MX; buttons are leaves; the tree is well formed.
import { describe, it, expect } from 'vitest'
import { MENU_CATALOG, MENU_BY_ID, PERMISSION_CATALOG, PERMISSION_LIST } from '../../src/domain/menu/catalog'
import { ROLE_LIST, roleGrantIds } from '../../src/domain/menu/roles'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

// Same flattening as locales.test.ts (importing it would run its suite twice).
type Tree = { [k: string]: string | Tree }
const flat = (o: Tree, pre = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[pre + k, v] as [string, string]] : flat(v, `${pre}${k}.`)))
function loadLocale(lang: string): Record<string, string> {
  const dir = join(__dirname, '..', '..', 'locales', lang)
  const out: Record<string, string> = {}
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    for (const [k, v] of flat(JSON.parse(readFileSync(join(dir, f), 'utf8')))) out[`${f.replace(/\.json$/, '')}:${k}`] = v
  }
  return out
}

const dupes = (xs: readonly (string | number)[]) => xs.filter((x, i) => xs.indexOf(x) !== i)

describe('permission catalog', () => {
  it('ids, codes and authorities are unique', () => {
    expect(dupes(MENU_CATALOG.map((m) => m.id))).toEqual([])
    expect(dupes(MENU_CATALOG.map((m) => m.code))).toEqual([])
    expect(dupes(MENU_CATALOG.map((m) => m.authority))).toEqual([])
    expect(PERMISSION_CATALOG.size).toBe(MENU_CATALOG.length)
    expect(PERMISSION_LIST.length).toBe(MENU_CATALOG.length)
  })

  it('authorities follow the convention: screens menu:<code>, buttons <screen code>:<action>', () => {
    for (const m of MENU_CATALOG) {
      if (m.type === 'B') {
        const parent = MENU_BY_ID.get(m.parentId!)!
        expect(parent.type, m.code).toBe('M')
        expect(m.authority).toMatch(new RegExp(`^${parent.code}:[a-z-]+$`))
      } else {
        expect(m.authority).toBe(`menu:${m.code}`)
      }
    }
  })

  it('a button never has children; every parent exists and comes first', () => {
    const seen = new Set<number>()
    for (const m of MENU_CATALOG) {
      if (m.parentId !== null) {
        expect(seen.has(m.parentId), `${m.code} parent listed before it`).toBe(true)
        expect(MENU_BY_ID.get(m.parentId)!.type, `${m.code} under a button`).not.toBe('B')
      }
      seen.add(m.id)
    }
  })

  it('every menu, button and role title key exists in zh, en and es-MX', () => {
    const keys = [...MENU_CATALOG.map((m) => m.title), ...PERMISSION_LIST.flatMap((p) => [p.titleKey, p.screenTitleKey ?? p.titleKey]), ...ROLE_LIST.map((r) => r.titleKey)]
    for (const lang of ['zh', 'en', 'es-MX']) {
      const loc = loadLocale(lang)
      const missing = [...new Set(keys)].filter((k) => !loc[k])
      expect(missing, `${lang} lacks`).toEqual([])
    }
  })

  it('codes the other areas rely on exist', () => {
    for (const code of ['menu:dashboard', 'menu:operation-log', 'operation-log:export', 'menu:rights-user', 'rights-user:force-offline',
      'rights-user:reset-password', 'rights-role:grant', 'rights-menu:delete', 'inbound-order:validate', 'inbound-order:abolish',
      'inbound-order:import', 'stock-manage-list:explain', 'stock-manage-list:export']) {
      expect(PERMISSION_CATALOG.has(code), code).toBe(true)
    }
  })

  it('ids are stable: rows others refer to keep their ids (grants and bookmarks point at them)', () => {
    const pinned: Record<number, string> = {
      1001: 'dashboard', 2000: 'basic-data-new', 3000: 'commodity-information', 4000: 'warehouse', 6000: 'stock-in', 6004: 'inbound-order',
      6005: 'inbound-order-details', 6104: 'inbound-order:add', 6105: 'inbound-order:validate', 7000: 'stock-out', 7032: 'wave-picking',
      7050: 'sample-out-management', 7051: 'sample-out-review', 14001: 'stock-manage-list', 14102: 'stock-manage-list:explain',
      22003: 'api-docs', 24000: 'rights', 24002: 'rights-menu', 24003: 'rights-role', 24004: 'rights-user', 24115: 'rights-user:force-offline',
      25000: 'system-manage', 25005: 'operation-log', 25105: 'operation-log:export', 90500: 'ocs-admin',
    }
    for (const [id, code] of Object.entries(pinned)) expect(MENU_BY_ID.get(Number(id))?.code, `id ${id}`).toBe(code)
  })

  it('every role has grants and admin is granted every row', () => {
    expect(ROLE_LIST.map((r) => r.code)).toEqual(['admin', 'supervisor', 'receiver', 'shelver', 'picker', 'reviewer', 'shipper'])
    expect(roleGrantIds('admin').size).toBe(MENU_CATALOG.length)
    for (const r of ROLE_LIST) expect(roleGrantIds(r.code).size, r.code).toBeGreaterThan(1)
  })
})
