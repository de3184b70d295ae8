// Tag-tab rules of spec section 2 "Tabs": visited pages are kept; affixed tabs cannot be closed and
// stay when others close; noCache pages are not kept alive. Closing the active tab goes to the last
// remaining tab, else '/'. These functions mutate ui.visitedViews / ui.cachedViews and return where
// to navigate (undefined = stay), so the caller (tags view, palette command) does the navigation.
import { ui, type VisitedView } from './ui'

/** Adds (or refreshes the title/fullPath of) a visited view; keeps it alive unless noCache. */
export function addVisitedView(view: VisitedView): void {
  const existing = ui.visitedViews.find((v) => v.path === view.path)
  if (existing) {
    existing.fullPath = view.fullPath
    existing.title = view.title
    if (view.affix) existing.affix = true
  } else {
    ui.visitedViews.push({ ...view })
  }
  if (!view.noCache && !ui.cachedViews.includes(view.path)) ui.cachedViews.push(view.path)
}

/** Affixed views (from the menu's meta.affix) come first and are never closed. */
export function initAffixViews(views: VisitedView[]): void {
  const affix = views.map((v) => ({ ...v, affix: true }))
  const rest = ui.visitedViews.filter((v) => !affix.some((a) => a.path === v.path))
  ui.visitedViews = [...affix, ...rest]
  for (const v of affix) if (!v.noCache && !ui.cachedViews.includes(v.path)) ui.cachedViews.push(v.path)
}

function lastPath(): string {
  const last = ui.visitedViews[ui.visitedViews.length - 1]
  return last ? last.fullPath : '/'
}

/** Closes one tab. Returns the path to go to when the closed tab was the active one. */
export function closeView(path: string, activePath: string): string | undefined {
  const view = ui.visitedViews.find((v) => v.path === path)
  if (!view || view.affix) return undefined
  ui.visitedViews = ui.visitedViews.filter((v) => v.path !== path)
  ui.cachedViews = ui.cachedViews.filter((p) => p !== path)
  return path === activePath ? lastPath() : undefined
}

/** Keeps the affixed tabs and the given one. Returns its fullPath when it is not the active page. */
export function closeOtherViews(path: string, activePath: string): string | undefined {
  ui.visitedViews = ui.visitedViews.filter((v) => v.affix || v.path === path)
  ui.cachedViews = ui.cachedViews.filter((p) => ui.visitedViews.some((v) => v.path === p))
  const kept = ui.visitedViews.find((v) => v.path === path)
  return kept && path !== activePath ? kept.fullPath : undefined
}

/** Keeps only affixed tabs; goes to the last remaining one (or '/') unless the active page survives. */
export function closeAllViews(activePath: string): string | undefined {
  ui.visitedViews = ui.visitedViews.filter((v) => v.affix)
  ui.cachedViews = ui.cachedViews.filter((p) => ui.visitedViews.some((v) => v.path === p))
  return ui.visitedViews.some((v) => v.path === activePath) ? undefined : lastPath()
}

/** Refresh: forget the kept-alive instance and remount. Returns the /redirect path that reloads it. */
export function refreshView(path: string): string {
  const view = ui.visitedViews.find((v) => v.path === path)
  ui.cachedViews = ui.cachedViews.filter((p) => p !== path)
  ui.pageKey++
  return '/redirect' + (view?.fullPath ?? path)
}

/** Warehouse switch / logout: cached page instances belong to the old scope. */
export function dropCachedViews(): void {
  ui.cachedViews = []
  ui.pageKey++
}

export function resetViews(): void {
  ui.visitedViews = []
  ui.cachedViews = []
}
