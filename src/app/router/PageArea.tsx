// The page area inside the layout: resolves the location against the fixed layout routes and the
// user's menu routes, keeps visited pages alive (hidden) unless their route is noCache, remounts the
// current page when ui.pageKey is bumped (tab refresh, warehouse switch), and records the current
// route for the header, tabs, favourites and commands. Unknown paths go to /404.
import { Suspense, useEffect, useLayoutEffect, useMemo, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation, useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { flattenRoutes, pageTitle, type RouteRecord } from '../../domain/menu/index'
import { ui } from '../state/ui'
import { addVisitedView, initAffixViews } from '../state/tabs'
import { onRouteChanged } from '../state/layout'
import { screenFor } from '../pages/registry'
import { PageActiveContext, type ScreenRoute } from '../pages/kit'
import NotAvailablePage from '../pages/NotAvailablePage'
import NotFoundPage from '../pages/NotFoundPage'
import ProfilePage from '../pages/ProfilePage'
import TabsPage from '../pages/TabsPage'
import { ErrorBoundary } from '../shell/ErrorBoundary'
import { setCurrentRoute, type CurrentRoute } from './current'
import { resolvePath, type Resolved } from './menu-routes'
import { focusPageWork } from './arrival'

const FIXED_TITLES = { tab: 'shell:route.tab', profile: 'shell:route.profile', '404': 'shell:route.notFound', home: 'shell:route.dashboard' } as const

/** The CurrentRoute of a resolution, or null when it only redirects. */
export function currentRouteOf(r: Resolved, fullPath: string): CurrentRoute | null {
  if (r.kind === 'menu') {
    return { path: r.route.path, fullPath, name: r.route.name, title: r.route.meta.title, componentKey: r.route.component, meta: { ...r.route.meta }, params: r.params, fromMenu: true }
  }
  if (r.kind === 'fixed' && r.name !== 'redirect') {
    const path = r.name === 'home' ? '/' : `/${r.name === '404' ? '404' : r.name}`
    return { path, fullPath, name: r.name === 'home' ? 'dashboard' : r.name, title: FIXED_TITLES[r.name], componentKey: r.name === 'home' ? 'dashboard' : null, meta: {}, params: r.params, fromMenu: false }
  }
  return null
}

function Loading() {
  const { t } = useTranslation()
  return <p role="status" className="p-4 text-sm text-slate-500">{t('common:loading')}</p>
}

function screenElement(cr: CurrentRoute): ReactNode {
  if (!cr.fromMenu) {
    if (cr.name === 'profile') return <ProfilePage />
    if (cr.name === 'tab') return <TabsPage />
    if (cr.name === '404') return <NotFoundPage />
  }
  const route: ScreenRoute = { path: cr.path, name: cr.name, title: cr.title, componentKey: cr.componentKey ?? '', meta: cr.meta, params: cr.params }
  const Screen = screenFor(cr.componentKey) ?? (cr.meta.iframeUrl ? screenFor('EmbeddedPage') : undefined) ?? NotAvailablePage
  return <Screen route={route} />
}

interface Alive { route: CurrentRoute; instance: number }
interface KeepState { alive: ReadonlyMap<string, Alive>; current: CurrentRoute | null; pageKey: number; cached: readonly string[] }
const EMPTY_KEEP: KeepState = { alive: new Map(), current: null, pageKey: 0, cached: [] }

/**
 * The kept-alive pages after a render: the current page (a new instance when pageKey moved) plus the
 * previous ones still in ui.cachedViews (noCache pages never are, so they unmount when left).
 */
export function nextKeep(prev: KeepState, current: CurrentRoute | null, pageKey: number, cached: readonly string[]): KeepState {
  const alive = new Map<string, Alive>()
  for (const [p, a] of prev.alive) if (p !== current?.path && cached.includes(p)) alive.set(p, a)
  if (current) {
    const had = prev.alive.get(current.path)
    alive.set(current.path, { route: current, instance: had && prev.pageKey === pageKey ? had.instance : pageKey })
  }
  return { alive, current, pageKey, cached }
}

export function PageArea({ routes }: { routes: readonly RouteRecord[] }) {
  const { t } = useTranslation()
  const [location] = useLocation()
  const search = useSearch()
  const { cachedViews, pageKey } = useSnapshot(ui)
  const fullPath = location + (search ? `?${search}` : '')
  const resolved = useMemo(() => resolvePath(location, routes as RouteRecord[]), [location, routes])
  const current = useMemo(() => currentRouteOf(resolved, fullPath), [resolved, fullPath])

  // Redirects: /redirect/<path> (tab refresh), redirect rows, legacy paths, unknown → /404.
  useEffect(() => {
    if (resolved.kind === 'redirect') navigate(resolved.to + (search ? `?${search}` : ''), { replace: true })
    else if (resolved.kind === 'notFound') navigate('/404', { replace: true })
    else if (resolved.kind === 'fixed' && resolved.name === 'redirect') navigate(`/${resolved.params.path ?? ''}${search ? `?${search}` : ''}`, { replace: true })
  }, [resolved, search])

  useLayoutEffect(() => { setCurrentRoute(current) }, [current])
  useEffect(() => {
    if (!current) return
    document.title = pageTitle(current.title, (k) => t(k), t('common:appTitle'))
    if (current.name !== '404') addVisitedView({ path: current.path, fullPath: current.fullPath, name: current.name, title: current.title, noCache: !!current.meta.noCache, affix: !!current.meta.affix })
  }, [current, t])
  useEffect(() => { onRouteChanged() }, [location])
  useEffect(() => {
    initAffixViews(flattenRoutes(routes as RouteRecord[]).filter((r) => r.meta.affix && r.path !== '*').map((r) => ({ path: r.path, fullPath: r.path, name: r.name, title: r.meta.title, affix: true, noCache: !!r.meta.noCache })))
  }, [routes])

  // Keep-alive: page instances by route path; the current one is remounted when pageKey changes.
  // Derived while rendering from the previous keep state (React's "adjust state on change" pattern).
  const [keep, setKeep] = useState<KeepState>(() => nextKeep(EMPTY_KEEP, current, pageKey, cachedViews))
  const stale = keep.current !== current || keep.pageKey !== pageKey || keep.cached !== cachedViews
  const live = stale ? nextKeep(keep, current, pageKey, cachedViews) : keep
  if (stale) setKeep(live)

  // Arrival: every new page, new query of the same page (a document jump) or remount puts the keyboard
  // on the page's work (router/arrival.ts) — no page does it by hand.
  const arrivalKey = current ? `${current.fullPath}#${live.alive.get(current.path)?.instance ?? 0}` : ''
  useEffect(() => { if (arrivalKey) focusPageWork() }, [arrivalKey])

  return (
    <>
      {[...live.alive.entries()].map(([p, a]) => {
        const active = p === current?.path
        return (
          <PageActiveContext.Provider key={`${p}#${a.instance}`} value={active}>
            <div hidden={!active} data-page={p}>
              <ErrorBoundary>
                <Suspense fallback={<Loading />}>{screenElement(a.route)}</Suspense>
              </ErrorBoundary>
            </div>
          </PageActiveContext.Provider>
        )
      })}
    </>
  )
}
