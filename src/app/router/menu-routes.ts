// The routes of the signed-in user: the menu tree (already role- and warehouse-filtered by the
// server; filtered again here for the pair, so a stale tree never shows a hidden screen) built with
// the domain's route building (src/domain/menu/routes.ts), and path resolution for the page area.
import { useMemo } from 'react'
import { snapshot, useSnapshot } from 'valtio'
import { buildRoutes, filterMenusByWarehouse, flattenRoutes, isExternal, type MenuNode, type RouteRecord } from '../../domain/menu/index'
import { LAYOUT, NO_REDIRECT } from '../../domain/menu/types'
import { session } from '../state/session'

export interface RouteInputs {
  menus: readonly MenuNode[]
  roles: readonly string[]
  warehouseId: number
  warehouseLocation: number
}

export function buildAppRoutes(i: RouteInputs): RouteRecord[] {
  const menus = filterMenusByWarehouse(i.menus as MenuNode[], { warehouseId: i.warehouseId, warehouseLocation: i.warehouseLocation })
  return buildRoutes(menus, { roles: i.roles })
}

let memo: { key: unknown[]; routes: RouteRecord[] } | null = null
/** Built routes for the current session, rebuilt only when an input changes. */
export function appRoutesFor(i: RouteInputs): RouteRecord[] {
  const key = [i.menus, i.roles, i.warehouseId, i.warehouseLocation]
  if (!memo || memo.key.some((k, n) => k !== key[n])) memo = { key, routes: buildAppRoutes(i) }
  return memo.routes
}

/** React: the current user's routes (re-renders when menus, roles or the pair change). */
export function useAppRoutes(): RouteRecord[] {
  const s = useSnapshot(session)
  // Re-render on these inputs, but build from the plain snapshot: useSnapshot's values are tracking
  // proxies, and routes holding them could not be structured-cloned (postMessage to embedded frames).
  const { menus, roles, warehouseId, warehouseLocation } = s
  return useMemo(() => {
    void [menus, roles, warehouseId, warehouseLocation]
    return currentAppRoutes()
  }, [menus, roles, warehouseId, warehouseLocation])
}

/** Outside React (effects, command context). */
export function currentAppRoutes(): RouteRecord[] {
  // valtio snapshots are cached per version: the same inputs as the React side, so the memo holds.
  const s = snapshot(session)
  return appRoutesFor({ menus: s.menus as MenuNode[], roles: s.roles, warehouseId: s.warehouseId, warehouseLocation: s.warehouseLocation })
}

// ---------------------------------------------------------------------------------------------
// Resolution of a pathname inside the layout

/** Fixed routes rendered inside the layout (the others — sign-in, auth-redirect, selection, index — are bare). */
export const FIXED_IN_LAYOUT = ['/tab', '/redirect/*', '/profile', '/404'] as const
export type FixedName = 'tab' | 'redirect' | 'profile' | '404' | 'home'

export type Resolved =
  | { kind: 'fixed'; name: FixedName; params: Record<string, string | undefined> }
  | { kind: 'menu'; route: RouteRecord; params: Record<string, string | undefined> }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound' }

const isDirectory = (r: RouteRecord) => !r.component || r.component === LAYOUT

/**
 * Matches a route pattern: literal segments, `:name` segments and a final `*` (the rest, may be
 * empty). Small on purpose — menu paths are literal or carry a few `:id` params.
 */
export function matchPattern(pattern: string, path: string): Record<string, string | undefined> | null {
  const ps = pattern.split('/').filter(Boolean)
  const xs = path.split('/').filter(Boolean)
  const params: Record<string, string | undefined> = {}
  for (let i = 0; i < ps.length; i++) {
    const p = ps[i]
    if (p === '*' && i === ps.length - 1) {
      params['*'] = xs.slice(i).join('/')
      return params
    }
    if (i >= xs.length) return null
    if (p.startsWith(':')) params[p.slice(1)] = decodeURIComponent(xs[i])
    else if (p !== xs[i]) return null
  }
  return xs.length === ps.length ? params : null
}
const match = matchPattern

/** The first screen (non-directory, visible) under a route, for a directory visited directly. */
function firstScreen(r: RouteRecord): RouteRecord | undefined {
  for (const c of r.children) {
    if (c.hidden || isExternal(c.path)) continue
    if (!isDirectory(c) && !c.redirect) return c
    const deeper = firstScreen(c)
    if (deeper) return deeper
  }
  return undefined
}

/**
 * Resolves a pathname: fixed layout routes first, then the menu's routes (exact path, then patterns
 * with params), legacy redirects and redirect rows; '/' falls back to the built-in dashboard when the
 * menu has none; anything else is not found (the caller goes to /404 — the catch-all is last).
 */
export function resolvePath(pathname: string, routes: readonly RouteRecord[]): Resolved {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  if (path === '/tab') return { kind: 'fixed', name: 'tab', params: {} }
  if (path === '/profile') return { kind: 'fixed', name: 'profile', params: {} }
  if (path === '/404') return { kind: 'fixed', name: '404', params: {} }
  const redirect = match('/redirect/*', path)
  if (redirect) return { kind: 'fixed', name: 'redirect', params: { path: redirect['*'] ?? '' } }

  const all = flattenRoutes(routes).filter((r) => r.path !== '*' && !isExternal(r.path))
  const exact = all.find((r) => r.path === path)
  const hit = exact ? { route: exact, params: {} } : all.map((r) => ({ route: r, params: r.path.includes(':') ? match(r.path, path) : null })).find((x) => x.params)
  if (hit) {
    const r = hit.route
    if (r.redirect && r.redirect !== NO_REDIRECT && r.redirect !== path) return { kind: 'redirect', to: r.redirect }
    if (isDirectory(r)) {
      const first = firstScreen(r)
      return first ? { kind: 'redirect', to: first.path } : { kind: 'notFound' }
    }
    return { kind: 'menu', route: r, params: hit.params ?? {} }
  }
  if (path === '/') return { kind: 'fixed', name: 'home', params: {} }
  return { kind: 'notFound' }
}
