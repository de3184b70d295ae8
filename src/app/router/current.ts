// The route the shell is showing right now, for code outside React (effects, command context,
// favourites). Written by the router on every resolution.
import { proxy, ref } from 'valtio'

export interface CurrentRoute {
  /** Route pattern ('/stock-in/inbound-order', '/profile', '/404' …). */
  path: string
  /** pathname + search, what a tab or favourite reopens. */
  fullPath: string
  /** Route name (menu code, or the fixed route's name). */
  name: string
  /** i18n key of the title. */
  title: string
  componentKey: string | null
  meta: Record<string, unknown>
  params: Record<string, string | undefined>
  /** A route built from the user's menu (only those may become favourites). */
  fromMenu: boolean
}

export const routeState = proxy({ current: null as CurrentRoute | null })

/**
 * Sets the current route. Stored as a valtio ref: valtio would otherwise turn the object's nested
 * values (meta, params) into proxies in place — and the page holding the same object could no longer
 * post it to an embedded frame (proxies cannot be structured-cloned). Replaced whole, never mutated.
 */
export function setCurrentRoute(r: CurrentRoute | null): void {
  routeState.current = r ? ref(r) : null
}

export function currentRouteInfo(): CurrentRoute | null {
  return routeState.current
}

/** Favourites are only offered for routes in the permitted (menu-built) routes (spec section 4). */
export function canBeFavourite(r: CurrentRoute | null): boolean {
  return !!r && r.fromMenu
}
