// The demo roles and what each is granted (demo data contract). A grant of a menu entry covers its
// whole subtree (details pages and buttons) and its ancestors, so the granted tree is always connected.
import { ADMIN_ROLE } from '../permissions'
import { MENU_BY_CODE, MENU_BY_ID, MENU_CATALOG, ancestorIds, subtreeIds } from './catalog'
import type { MenuEntry } from './types'

/** data_scope of spec section 3 "Role": 1 customize, 2 this level and sublevel, 3 this level. */
export type DataScope = 1 | 2 | 3

export interface RoleDef {
  code: string
  /** i18n key `menu:role.<code>`. */
  titleKey: string
  dataScope: DataScope
}

const role = (code: string, dataScope: DataScope): RoleDef => ({ code, titleKey: `menu:role.${code}`, dataScope })

export const ROLE_LIST: readonly RoleDef[] = [
  role(ADMIN_ROLE, 1),
  role('supervisor', 2),
  role('receiver', 3),
  role('shelver', 3),
  role('picker', 3),
  role('reviewer', 3),
  role('shipper', 3),
]

/** Menu codes whose subtrees each role is granted (admin: everything, see roleGrantIds). */
const GRANTS: Record<string, readonly string[]> = {
  receiver: ['dashboard', 'stock-in', 'stock-manage-list'],
  shelver: ['dashboard', 'shelf-task', 'shelf-task-details', 'stock-manage-list'],
  picker: ['dashboard', 'tob-picking-task', 'pickingtasks', 'wave-picking', 'wave-picking-details', 'allot-pick-task', 'sorting-wall'],
  reviewer: ['dashboard', 'reviewpackaging', 'auto-packaging'],
  shipper: ['dashboard', 'tob-shipping', 'tob-shipping-details', 'ship-management', 'faceorder-manage', 'shippinginfo', 'container-load'],
}
/** Sections the supervisor does not get: administration. */
const SUPERVISOR_EXCLUDED = ['rights', 'system-manage']
/** Every role may open the targets of the my-files dropdown in the top bar. */
const EVERYONE = ['import-file', 'file-export']

function withAncestors(ids: Iterable<number>): Set<number> {
  const out = new Set<number>()
  for (const id of ids) {
    out.add(id)
    for (const a of ancestorIds(id)) out.add(a)
  }
  return out
}

function codeId(code: string): number {
  const e = MENU_BY_CODE.get(code)
  if (!e) throw new Error(`unknown menu code in grants: ${code}`)
  return e.id
}

/** Menu ids granted to a role (ancestors included). Unknown role → empty. */
export function roleGrantIds(roleCode: string, catalog: readonly MenuEntry[] = MENU_CATALOG): Set<number> {
  if (roleCode === ADMIN_ROLE) return new Set(catalog.map((m) => m.id))
  if (roleCode === 'supervisor') {
    const excluded = new Set(SUPERVISOR_EXCLUDED.flatMap((c) => subtreeIds(codeId(c), catalog)))
    // Menus of other systems are not the warehouse's to grant.
    return new Set(catalog.filter((m) => m.system === 'WMS' && !excluded.has(m.id)).map((m) => m.id))
  }
  const codes = GRANTS[roleCode]
  if (!codes) return new Set()
  return withAncestors([...codes, ...EVERYONE].flatMap((c) => subtreeIds(codeId(c), catalog)))
}

/** The permission codes (authorities) a set of roles holds, as the auth service computes them. */
export function rolePermissions(roleCodes: readonly string[]): Set<string> {
  const out = new Set<string>()
  for (const r of roleCodes) for (const id of roleGrantIds(r)) out.add(MENU_BY_ID.get(id)!.authority)
  return out
}
