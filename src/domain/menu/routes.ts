// Route building (spec section 2 "Route building", "Shell" and the warehouse filter). Pure functions
// shared by the server (menu endpoint) and the browser (router, sidebar, breadcrumb, header search).
import { routeAllowed } from '../permissions'
import { LAYOUT, NO_REDIRECT, type MenuNode, type RouteRecord } from './types'

// ---------------------------------------------------------------------------------------------
// Paths

export const isExternal = (path: string): boolean => /^(https?:|mailto:|tel:)/i.test(path)

/** Parent path joined with child path, duplicate slashes collapsed; no trailing slash except '/'. */
export function joinPath(parent: string, child: string): string {
  if (isExternal(child)) return child
  const joined = `/${parent}/${child}`.replace(/\/{2,}/g, '/')
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined
}

/** First segment of a path: '/stock-in/inbound-order' → 'stock-in'; '/' → ''. */
export function topSection(path: string): string {
  return path.split(/[?#]/)[0].split('/').filter(Boolean)[0] ?? ''
}

const segmentPrefix = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`)

// ---------------------------------------------------------------------------------------------
// Menus of other systems

export const FOREIGN_LABEL_PREFIXES = ['OMS', 'SCM', 'IMS', 'ERP', 'FIN'] as const
export const REMOVED_MENU_TITLES = ['OCS-admin__menu', 'SRM-admin__menu'] as const

/** The label of a node: its title without the i18n namespace and key path ('menu:title.x' → 'x'). */
export function menuLabel(node: Pick<MenuNode, 'meta'>): string {
  return node.meta.title.replace(/^[\w-]+:/, '').split('.').pop() ?? ''
}

/** Entries labelled OMS/SCM/IMS/ERP/FIN…, and the OCS/SRM admin menus, are not this console's. */
export function isForeignMenu(node: Pick<MenuNode, 'name' | 'meta'>): boolean {
  const labels = [node.name, menuLabel(node)]
  if (labels.some((l) => (REMOVED_MENU_TITLES as readonly string[]).includes(l))) return true
  return labels.some((l) => FOREIGN_LABEL_PREFIXES.some((p) => l.startsWith(p)))
}

// ---------------------------------------------------------------------------------------------
// Warehouse filtering (spec section 2, end of "Shell")

/** The seven warehouses with sample outbound (the spec names them without ids; ours: 26 yes, 168 no). */
export const SAMPLE_OUT_WAREHOUSES: ReadonlySet<number> = new Set([26, 31, 52, 58, 63, 77, 96])
export const SAMPLE_OUT_SCREENS = ['sample-out-management', 'sample-out-review'] as const
/** Stock-in screens hidden in overseas warehouses (warehouseLocation 2). */
export const DOMESTIC_ONLY_STOCK_IN_SCREENS = ['audit-plan-separate-table', 'list-of-checklists'] as const
export const OVERSEAS = 2

export interface WarehouseFilterContext { warehouseId: number; warehouseLocation: number }

/** Removes the warehouse-dependent entries from a menu tree (matched by route name or last path segment). */
export function filterMenusByWarehouse<T extends MenuNode>(nodes: readonly T[], ctx: WarehouseFilterContext, parentPath = ''): T[] {
  const out: T[] = []
  for (const n of nodes) {
    const full = joinPath(parentPath, n.path)
    const section = topSection(full)
    const names = [n.code, full.split('/').pop() ?? '']
    const is = (list: readonly string[]) => names.some((x) => list.includes(x))
    if (section === 'stock-out' && is(SAMPLE_OUT_SCREENS) && !SAMPLE_OUT_WAREHOUSES.has(ctx.warehouseId)) continue
    if (section === 'stock-in' && is(DOMESTIC_ONLY_STOCK_IN_SCREENS) && ctx.warehouseLocation === OVERSEAS) continue
    out.push(n.children ? { ...n, children: filterMenusByWarehouse(n.children as T[], ctx, full) } : n)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Legacy paths (spec: mapped when the top-level section is one of the redesigned sections)

export const LEGACY_TARGET_SECTIONS: ReadonlySet<string> = new Set([
  'rule-management', 'stock-in-new', 'replenishment-order-manage', 'retail-outbound', 'b2b-outbound', 'transfer-issue',
  'fba-shipment', 'exception-hand', 'return-management', 'consumables-new', 'in-house-work-new', 'stock-manage-new',
  'performance-manage', 'report-new', 'quick-assistant', 'commodity-information', 'basic-data-new', 'system-set',
])

const COMMODITY_SCREENS = ['category', 'brand', 'style', 'sku-material-component', 'material-information', 'color', 'size', 'box',
  'packing-box', 'case', 'sku-other-information', 'sku-association', 'sku', 'sku-platform', 'upc-inheritance']

/** Old prefix → new prefix; the longest matching prefix wins. The spec's examples are the first rows. */
export const LEGACY_PATH_RULES: readonly (readonly [from: string, to: string])[] = [
  ['/stock-out/ToB/shipping', '/transfer-issue/shipping'],
  ['/stock-out/ToC', '/retail-outbound'],
  ['/stock-in', '/stock-in-new'],
  ['/in-house-work', '/in-house-work-new'],
  ['/system-manage/rule-management/once-outbound-config', '/rule-management/transfer-issue/once-outbound-config'],
  ['/in-house-work/replenishment', '/replenishment-order-manage/replenishment'],
  ['/wms-widget/inland-print', '/quick-assistant/print-label/inland-print'],
  ['/stock-out/ToB/ship-management', '/transfer-issue/ship-management'],
  ['/stock-out/ToB/picking-task', '/transfer-issue/picking-task'],
  ['/stock-out/ToB/sales-outbound/amazon-shipment', '/fba-shipment/amazon-shipment'],
  ['/stock-out/ToB/sales-outbound', '/b2b-outbound/sales-outbound'],
  ['/stock-out-abnormal', '/exception-hand/stock-out-abnormal'],
  ['/in-house-work/defective', '/exception-hand/defective'],
  ['/stock-in/returns-receipt', '/return-management/returns-receipt'],
  ['/system-manage/rule-management', '/rule-management'],
  ['/stock-manage', '/stock-manage-new'],
  ['/consumables', '/consumables-new'],
  ['/reports/job-performance', '/performance-manage/job-performance'],
  ['/reports', '/report-new'],
  ['/system-config', '/system-set'],
  ...COMMODITY_SCREENS.map((s) => [`/basic-data/${s}`, `/commodity-information/${s}`] as const),
  ['/basic-data', '/basic-data-new'],
]

function legacyRule(path: string): readonly [string, string] | undefined {
  let best: readonly [string, string] | undefined
  for (const r of LEGACY_PATH_RULES) if (segmentPrefix(path, r[0]) && (!best || r[0].length > best[0].length)) best = r
  return best
}

/**
 * Maps a legacy path to the redesigned one when the target's top-level section is one of the
 * spec's sections AND present in the current menu (`sections`); otherwise returns the path unchanged.
 */
export function mapLegacyPath(path: string, sections: ReadonlySet<string>): string {
  const rule = legacyRule(path)
  if (!rule) return path
  const target = rule[1] + path.slice(rule[0].length)
  const section = topSection(target)
  return LEGACY_TARGET_SECTIONS.has(section) && sections.has(section) ? target : path
}

// ---------------------------------------------------------------------------------------------
// Building routes

export interface BuildOptions {
  /** The user's role codes (admin sees every route). */
  roles: readonly string[]
}

export const CATCH_ALL: RouteRecord = Object.freeze({ id: null, path: '*', name: 'catch-all', component: null, redirect: '/404', hidden: true, meta: { title: '', hidden: true }, children: [] }) as RouteRecord

const isDirectory = (component: string | null | undefined) => !component || component === LAYOUT
const isHidden = (n: { hidden?: boolean; meta: { hidden?: boolean } }) => !!(n.hidden || n.meta.hidden)

function toRoutes(nodes: readonly MenuNode[], parentPath: string, opts: BuildOptions): RouteRecord[] {
  const out: RouteRecord[] = []
  const sorted = [...nodes].sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0) || a.id - b.id)
  for (const n of sorted) {
    if (n.type === 'B') continue
    if (isForeignMenu(n)) continue
    if (!routeAllowed(n.meta.roles, opts.roles)) continue
    const path = joinPath(parentPath, n.path)
    const children = toRoutes(n.children ?? [], path, opts)
    const redirect = n.redirect ?? undefined
    const isRedirect = n.type === 'R' || (!!redirect && redirect !== NO_REDIRECT && isDirectory(n.component))
    // Only entries with a screen are kept; a directory only while it has kept children.
    if (isDirectory(n.component) && !isRedirect && children.length === 0) continue
    out.push({
      id: n.id,
      path,
      name: n.code,
      component: n.component ?? (isRedirect ? null : LAYOUT),
      ...(redirect ? { redirect } : {}),
      hidden: isHidden(n),
      meta: { ...n.meta },
      children,
    })
  }
  return out
}

/** Every route of a tree, depth-first. */
export function flattenRoutes(routes: readonly RouteRecord[]): RouteRecord[] {
  return routes.flatMap((r) => [r, ...flattenRoutes(r.children)])
}

/** Redirects from legacy paths to the routes that replaced them (only where the old path is free). */
export function legacyRedirects(routes: readonly RouteRecord[]): RouteRecord[] {
  const all = flattenRoutes(routes).filter((r) => !isExternal(r.path))
  const paths = new Set(all.map((r) => r.path))
  const sections = new Set(all.map((r) => topSection(r.path)))
  const out = new Map<string, RouteRecord>()
  for (const r of all) {
    if (isDirectory(r.component) || r.redirect) continue
    for (const [from, to] of LEGACY_PATH_RULES) {
      if (!segmentPrefix(r.path, to)) continue
      const legacy = from + r.path.slice(to.length)
      if (paths.has(legacy) || out.has(legacy) || mapLegacyPath(legacy, sections) !== r.path) continue
      out.set(legacy, { id: null, path: legacy, name: `legacy:${legacy}`, component: null, redirect: r.path, hidden: true, meta: { title: r.meta.title, hidden: true }, children: [] })
    }
  }
  return [...out.values()]
}

/**
 * The routes of a menu tree: nested, full paths, other systems' menus and role-filtered entries
 * removed, directories without screens dropped; then legacy redirects; the catch-all LAST (its
 * presence signals that the menu has loaded).
 */
export function buildRoutes(menus: readonly MenuNode[], opts: BuildOptions): RouteRecord[] {
  const routes = toRoutes(menus, '', opts)
  return [...routes, ...legacyRedirects(routes), CATCH_ALL]
}

// ---------------------------------------------------------------------------------------------
// Shell helpers: sidebar, active entry, breadcrumb, header search, page title

export interface SidebarItem {
  path: string
  name: string
  title: string
  icon?: string
  external: boolean
  children: SidebarItem[]
}

/** The sidebar: hidden items skipped; a parent with exactly one visible child collapses to it. */
export function sidebarItems(routes: readonly RouteRecord[]): SidebarItem[] {
  const out: SidebarItem[] = []
  for (const r of routes) {
    if (r.path === '*' || isHidden(r) || r.name.startsWith('legacy:')) continue
    const kids = sidebarItems(r.children)
    if (isDirectory(r.component) && !r.redirect?.startsWith('/')) {
      if (kids.length === 0) continue
      if (kids.length === 1) { out.push(kids[0]); continue }
    }
    out.push({ path: r.path, name: r.name, title: r.meta.title, ...(r.meta.icon ? { icon: r.meta.icon } : {}), external: isExternal(r.path), children: kids })
  }
  return out
}

const normalize = (path: string) => {
  const p = path.split(/[?#]/)[0]
  return p.length > 1 ? p.replace(/\/+$/, '') : p
}

/** The route whose full path is `path` (query and trailing slash ignored). */
export function findRoute(routes: readonly RouteRecord[], path: string): RouteRecord | undefined {
  const p = normalize(path)
  return flattenRoutes(routes).find((r) => r.path === p && r.path !== '*')
}

/** The sidebar entry to highlight: the route's meta.activeMenu if set, else the current path. */
export function activeMenuPath(routes: readonly RouteRecord[], currentPath: string): string {
  return findRoute(routes, currentPath)?.meta.activeMenu ?? normalize(currentPath)
}

/** Routes from the top-level section down to the one at `path` (empty when unknown). */
export function breadcrumb(routes: readonly RouteRecord[], path: string): RouteRecord[] {
  const p = normalize(path)
  const walk = (list: readonly RouteRecord[], trail: RouteRecord[]): RouteRecord[] | undefined => {
    for (const r of list) {
      if (r.path === '*') continue
      const t = [...trail, r]
      if (r.path === p) return t
      const found = walk(r.children, t)
      if (found) return found
    }
    return undefined
  }
  return (walk(routes, []) ?? []).filter((r) => !!r.meta.title)
}

export interface SearchEntry {
  path: string
  /** Translated titles from the top-level section down. */
  titles: string[]
  /** Titles joined with ' > ' (spec: results labelled by title breadcrumb). */
  label: string
  external: boolean
}

/**
 * Entries for the header search: skips hidden routes (and what is under them), routes without a
 * title and routes redirecting 'noRedirect' (their titles still prefix their children's labels).
 */
export function flattenForSearch(routes: readonly RouteRecord[], t: (key: string) => string, prefix: string[] = []): SearchEntry[] {
  const out: SearchEntry[] = []
  for (const r of routes) {
    if (r.path === '*' || isHidden(r)) continue
    const titles = r.meta.title ? [...prefix, t(r.meta.title)] : prefix
    if (r.meta.title && r.redirect !== NO_REDIRECT) out.push({ path: r.path, titles, label: titles.join(' > '), external: isExternal(r.path) })
    out.push(...flattenForSearch(r.children, t, titles))
  }
  return out
}

/** Page title: translated route title followed by the app title. */
export function pageTitle(titleKey: string | undefined, t: (key: string) => string, appTitle: string): string {
  return titleKey ? `${t(titleKey)} - ${appTitle}` : appTitle
}
