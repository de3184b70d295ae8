// The signed-in frame (spec section 2 "Shell"): sidebar, top bar, page area with header and footer,
// and everything floating (palette, keymap help, notices, feedback, settings, banners, online help).
// Mobile (body below 992 px): the sidebar is an overlay that closes on route change; re-evaluated on
// resize unless the document is hidden.
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { CommandPalette, KeymapHelp } from '../palette'
import { ui } from '../state/ui'
import { closeSidebar, evaluateViewport } from '../state/layout'
import { routeState } from '../router/current'
import { useAppRoutes } from '../router/menu-routes'
import { PageArea } from '../router/PageArea'
import { focusPageWorkNow } from '../router/arrival'
import {
  AnnouncementDialog, FeedbackDialog, OnlineHelp, PageFooter, PdaQrDialog, ReleaseBanner, SettingsDrawer, VersionBanner,
} from './extras'
import { Sidebar } from './Sidebar'
import { TopBar } from './TopBar'
import { PageHeader } from './PageHeader'
import { PanelPickers } from './PanelPickers'

/** Spec: dashboard pages whose route name contains IframeWarehouseBoard render without card and breadcrumb. */
export const BARE_PAGE_MARK = 'IframeWarehouseBoard'

export function useResponsiveLayout(): void {
  useEffect(() => {
    const evaluate = () => evaluateViewport(document.body.getBoundingClientRect().width, document.hidden)
    evaluate()
    window.addEventListener('resize', evaluate)
    return () => window.removeEventListener('resize', evaluate)
  }, [])
}

export function Layout() {
  const { t } = useTranslation()
  const u = useSnapshot(ui)
  const { current } = useSnapshot(routeState)
  const routes = useAppRoutes()
  useResponsiveLayout()
  const bare = !!current?.name.includes(BARE_PAGE_MARK)

  return (
    <div className="flex h-full" data-testid="layout">
      {/* The first Tab stop: straight to the page's work (its grid's rows, its scan field, its first field). */}
      <a href="#main-content" data-testid="skip-link" onClick={(e) => { if (focusPageWorkNow()) e.preventDefault() }}
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-white focus:px-3 focus:py-2">
        {t('shell:skipToContent')}
      </a>
      {u.isMobile && u.sidebarOpen && (
        <div aria-hidden="true" className="fixed inset-0 z-30 bg-black/30" onClick={() => closeSidebar(false)} />
      )}
      <Sidebar routes={routes} />
      <div className="flex min-w-0 flex-1 flex-col">
        <div className={u.settings.fixedHeader ? 'sticky top-0 z-20' : ''}>
          <VersionBanner />
          <ReleaseBanner />
          <TopBar />
        </div>
        <main id="main-content" tabIndex={-1} data-testid="page-area"
          onKeyDown={(e) => { if (e.key === 'Escape' && ui.pageFullscreen && !e.defaultPrevented) ui.pageFullscreen = false }}
          className={u.pageFullscreen ? 'fixed inset-0 z-40 overflow-auto bg-slate-100 p-4' : 'min-h-0 flex-1 overflow-auto p-4'}>
          <PageHeader routes={routes} hideBreadcrumb={bare} />
          <div className={bare ? '' : 'min-h-[200px]'}>
            <PageArea routes={routes} />
          </div>
          <PageFooter />
        </main>
      </div>
      <OnlineHelp />
      <AnnouncementDialog />
      <FeedbackDialog />
      <SettingsDrawer />
      <PdaQrDialog />
      <PanelPickers />
      <CommandPalette />
      <KeymapHelp />
    </div>
  )
}
