// The page header: breadcrumbs (domain breadcrumb of the current path), the favourite star (only for
// routes in the permitted routes), the page-fullscreen toggle and the page title h1.
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { Link } from 'wouter'
import { breadcrumb, type RouteRecord } from '../../domain/menu/index'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { showToast } from '../state/toast'
import { canBeFavourite, routeState } from '../router/current'
import { toggleCurrentFavourite } from './effects'
import { MenuIcon } from './icons'

export function Breadcrumbs({ routes }: { routes: readonly RouteRecord[] }) {
  const { t } = useTranslation()
  const { current } = useSnapshot(routeState)
  if (!current) return null
  const trail = current.fromMenu ? breadcrumb(routes as RouteRecord[], current.path) : []
  const items = trail.length ? trail.map((r) => ({ path: r.path, title: r.meta.title, link: !!r.component && r.component !== 'Layout' && !r.redirect }))
    : [{ path: current.path, title: current.title, link: false }]
  return (
    <nav aria-label={t('shell:breadcrumb.label')} data-testid="breadcrumb">
      <ol className="flex flex-wrap items-center gap-1 text-xs text-slate-500">
        {items.map((it, i) => (
          <li key={it.path + i} className="flex items-center gap-1">
            {i > 0 && <span aria-hidden="true">/</span>}
            {it.link && i < items.length - 1
              ? <Link href={it.path} className="hover:text-[var(--theme)] hover:underline">{t(it.title)}</Link>
              : <span aria-current={i === items.length - 1 ? 'page' : undefined}>{t(it.title)}</span>}
          </li>
        ))}
      </ol>
    </nav>
  )
}

export function FavouriteStar() {
  const { t } = useTranslation()
  const { current } = useSnapshot(routeState)
  const { favourites } = useSnapshot(session)
  if (!current || !canBeFavourite(current as typeof routeState.current)) return null
  const on = favourites.some((f) => f.path === current.path)
  return (
    <button type="button" data-testid="favourite-toggle" aria-pressed={on}
      aria-label={t(on ? 'shell:favourites.remove' : 'shell:favourites.add')} title={t(on ? 'shell:favourites.remove' : 'shell:favourites.add')}
      onClick={() => void toggleCurrentFavourite().catch((e: unknown) => showToast('error', e instanceof Error ? e.message : String(e)))}
      className={`rounded p-1 text-lg leading-none ${on ? 'text-amber-500' : 'text-slate-400 hover:text-amber-500'}`}>
      <MenuIcon name={on ? 'star' : 'starEmpty'} />
    </button>
  )
}

export function PageHeader({ routes, hideBreadcrumb }: { routes: readonly RouteRecord[]; hideBreadcrumb?: boolean }) {
  const { t } = useTranslation()
  const { current } = useSnapshot(routeState)
  const { pageFullscreen } = useSnapshot(ui)
  return (
    <header className="mb-3 flex items-start gap-3">
      <div className="min-w-0 flex-1">
        {!hideBreadcrumb && <Breadcrumbs routes={routes} />}
        <div className="flex items-center gap-2">
          <h1 data-testid="page-title" className="truncate text-lg font-semibold">{current ? t(current.title) : ''}</h1>
          <FavouriteStar />
        </div>
      </div>
      <button type="button" data-testid="page-fullscreen" aria-pressed={pageFullscreen}
        aria-label={t(pageFullscreen ? 'shell:pageFullscreen.exit' : 'shell:pageFullscreen.enter')}
        title={t(pageFullscreen ? 'shell:pageFullscreen.exit' : 'shell:pageFullscreen.enter')}
        onClick={() => { ui.pageFullscreen = !ui.pageFullscreen }} className="rounded border border-slate-300 bg-white px-2 py-1 text-xs">
        {pageFullscreen ? '⤡' : '⤢'}
      </button>
    </header>
  )
}
