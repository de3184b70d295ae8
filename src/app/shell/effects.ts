// The shell's handlers of ShellEffect (src/domain/commands.ts), registered with the palette's effect
// registry (src/app/commands/effects.ts): sidebar, fullscreen, session, language, warehouse,
// favourites, tabs, cache. Imported once by router/ConsoleRoot (registration is a module side effect).
import { isLanguage } from '../../domain/i18n'
import { navigate } from 'wouter/use-browser-location'
import { registerEffect } from '../commands/effects'
import { registerContextExtension } from '../commands/context'
import { i18next } from '../i18n'
import { showToast } from '../state/toast'
import { ui } from '../state/ui'
import { session } from '../state/session'
import { toggleSidebar } from '../state/layout'
import { closeAllViews, closeOtherViews, closeView, refreshView } from '../state/tabs'
import { logout, switchPair, pairValue, toggleFavourite } from '../state/session-flow'
import { setLanguage } from './language'
import { clearCacheAndReload } from './extras'
import { canBeFavourite, currentRouteInfo } from '../router/current'

const here = () => window.location.pathname
const hereFull = () => window.location.pathname + window.location.search

/** Browser fullscreen; the spec's message when the browser cannot do it. */
export async function toggleFullscreen(): Promise<void> {
  const doc = document as Document & { fullscreenEnabled?: boolean }
  if (!doc.fullscreenEnabled || !document.documentElement.requestFullscreen) {
    showToast('warning', i18next.t('shell:fullscreen.unsupported'))
    return
  }
  if (document.fullscreenElement) await document.exitFullscreen()
  else await document.documentElement.requestFullscreen()
}

/** The current page as a favourite entry, or undefined when it may not be one (not a permitted route). */
export function currentFavourite() {
  const info = currentRouteInfo()
  if (!info || !canBeFavourite(info)) return undefined
  const query = Object.fromEntries(new URLSearchParams(info.fullPath.split('?')[1] ?? ''))
  return { fullPath: info.fullPath, name: info.name, path: info.path, params: { ...info.params }, query, meta: { title: info.title } }
}

/** For the command context: true/false when the page can be a favourite, undefined when it cannot. */
export function currentFavouriteState(): boolean | undefined {
  const fav = currentFavourite()
  if (!fav) return undefined
  return session.favourites.some((f) => f.path === fav.path)
}

export async function toggleCurrentFavourite(want?: boolean): Promise<void> {
  const fav = currentFavourite()
  if (!fav) return
  const isFav = session.favourites.some((f) => f.path === fav.path)
  if (want !== undefined && want === isFav) return
  const added = await toggleFavourite(fav)
  showToast('success', i18next.t(added ? 'shell:favourites.added' : 'shell:favourites.removed'))
}

function go(path: string | undefined) {
  if (path) navigate(path)
}

registerEffect('sidebar.toggle', () => toggleSidebar())
registerEffect('fullscreen.toggle', () => toggleFullscreen())
registerEffect('pageFullscreen.toggle', () => { ui.pageFullscreen = !ui.pageFullscreen })
registerEffect('session.logout', () => logout(hereFull(), (p) => navigate(p)))
registerEffect('language.set', (p) => { if (isLanguage(p.language)) setLanguage(p.language) })
registerEffect('warehouse.switch', async (p) => {
  const value = pairValue({ warehouseId: Number(p.warehouseId), tenantId: Number(p.tenantId) })
  await switchPair(value)
})
registerEffect('favourite.add', () => toggleCurrentFavourite(true))
registerEffect('favourite.remove', () => toggleCurrentFavourite(false))
registerEffect('tab.refresh', () => navigate(refreshView(currentRouteInfo()?.path ?? here()), { replace: true }))
registerEffect('tab.close', () => go(closeView(currentRouteInfo()?.path ?? here(), currentRouteInfo()?.path ?? here())))
registerEffect('tab.closeOthers', () => go(closeOtherViews(currentRouteInfo()?.path ?? here(), currentRouteInfo()?.path ?? here())))
registerEffect('tab.closeAll', () => go(closeAllViews(currentRouteInfo()?.path ?? here())))
// The command already asked for confirmation (its `confirm` key); this is the extras' wipe + reload.
registerEffect('cache.clear', () => clearCacheAndReload())

// The command context's `favourite` from the route the shell resolved (menu routes only, params included).
registerContextExtension(() => ({ favourite: currentFavouriteState() }))
