// Shapes of the menu: catalog rows (what the `menu` table holds), the tree the server sends
// (spec section 3 "Menu node") and the routes the client builds from it (spec section 2).

/** M menu/screen (directories included), B button, R redirect. */
export type MenuType = 'M' | 'B' | 'R'

export interface MenuMeta {
  /** i18n key `menu:title.<code>` (or a raw label for menus of other systems). */
  title: string
  icon?: string
  hidden?: boolean
  /** Route meta roles: only these roles see the route (admin sees all; absent = open). */
  roles?: string[]
  /** Sidebar entry to highlight while this (usually hidden) page is open. */
  activeMenu?: string
  /** Not kept alive when its tab is left. */
  noCache?: boolean
  /** Tab cannot be closed. */
  affix?: boolean
  /** A page of the redesigned menu: permission names get the suffix `_new` (spec section 6). */
  newMenu?: boolean
  /** Embedded-page route: external address shown in a sandboxed frame. */
  iframeUrl?: string
  /** True for menu rows (type M), false for redirects. */
  menu?: boolean
}

/** One row of the catalog, as inserted into the `menu` table. */
export interface MenuEntry {
  id: number
  parentId: number | null
  type: MenuType
  /** Route name (screens) or the permission code (buttons); unique. */
  code: string
  name: string
  /** i18n key. */
  title: string
  /** Relative to the parent; top-level paths start with '/'. Buttons have ''. */
  path: string
  /** Screen key for the client ('stock-in/inbound-order'); 'Layout' for directories; null for buttons. */
  component: string | null
  redirect: string | null
  icon: string | null
  sort: number
  hidden: boolean
  /** Permission code: `menu:<code>` for screens and directories, `<screen code>:<action>` for buttons. */
  authority: string
  /** Owning system (spec "Menu form: owning system"); 'WMS' for ours. */
  system: string
  iframeUrl: string | null
  meta: MenuMeta
}

/** Node of GET /wms-plus-base/common/pms/user/menus (spec section 3 "Menu node"). */
export interface MenuNode {
  id: number
  parentId: number | null
  code: string
  name: string
  path: string
  component?: string | null
  redirect?: string | null
  hidden?: boolean
  level?: number
  sort?: number
  type?: MenuType
  meta: MenuMeta
  children?: MenuNode[]
}

/** A route built from the menu (spec section 2 "Route building"). Paths are full paths. */
export interface RouteRecord {
  id: number | null
  /** Full path ('/stock-in/inbound-order'), '*' for the catch-all, or an external http(s) address. */
  path: string
  name: string
  component: string | null
  redirect?: string
  hidden: boolean
  meta: MenuMeta
  children: RouteRecord[]
}

export const LAYOUT = 'Layout'
export const NO_REDIRECT = 'noRedirect'
