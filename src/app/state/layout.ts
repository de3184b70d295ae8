// Sidebar and responsive rules (spec section 2 "Shell", sections 3 and 9): the hamburger writes
// cookie sidebarStatus 1/0; below 992 px body width the layout is "mobile": the sidebar closes without
// animation and closes again on every route change; re-evaluated on resize, never while the document
// is hidden (a background tab reports meaningless sizes).
import { COOKIE, getCookie, setCookie } from '../shell/cookies'
import { ui } from './ui'

export const SIDEBAR_WIDTH = 264
export const MOBILE_BREAKPOINT = 992

export function isMobileWidth(width: number): boolean {
  return width < MOBILE_BREAKPOINT
}

/** Sidebar state at start: cookie '0' means closed, anything else open. */
export function initSidebarFromCookie(): void {
  ui.sidebarOpen = getCookie(COOKIE.sidebarStatus) !== '0'
}

/** The hamburger: a user choice, so it is remembered. */
export function toggleSidebar(): void {
  ui.sidebarOpen = !ui.sidebarOpen
  ui.sidebarWithoutAnimation = false
  setCookie(COOKIE.sidebarStatus, ui.sidebarOpen ? '1' : '0', { days: 365 })
}

export function openSidebar(): void {
  if (ui.sidebarOpen) return
  ui.sidebarOpen = true
  ui.sidebarWithoutAnimation = false
  setCookie(COOKIE.sidebarStatus, '1', { days: 365 })
}

/** Closing forced by the layout (mobile) is not a user choice: the cookie keeps the desktop preference. */
export function closeSidebar(withoutAnimation: boolean): void {
  ui.sidebarOpen = false
  ui.sidebarWithoutAnimation = withoutAnimation
}

/** Resize handler body. Returns whether anything was evaluated (false while hidden). */
export function evaluateViewport(bodyWidth: number, documentHidden: boolean): boolean {
  if (documentHidden) return false
  const mobile = isMobileWidth(bodyWidth)
  ui.isMobile = mobile
  if (mobile) closeSidebar(true)
  return true
}

/** Route change on mobile closes an open sidebar. */
export function onRouteChanged(): void {
  if (ui.isMobile && ui.sidebarOpen) closeSidebar(false)
}

/** Favourites group of the sidebar expanded or not (visible only while the sidebar is open). */
export function setFavouritesOpen(open: boolean): void {
  ui.favouritesOpen = open
}

/** The collapsed sidebar's search icon: the box takes focus once the sidebar is open. */
export function requestSearchFocus(): void {
  ui.focusSidebarSearch++
}
