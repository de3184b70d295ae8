// Top bar (spec section 2): hamburger (cookie sidebarStatus), tag tabs, warehouse selector, notice
// bell, clear cache, error log (only when errors exist — the extra decides), my files, fullscreen,
// language switch, avatar menu.
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { openPanel, ui } from '../state/ui'
import { toggleSidebar } from '../state/layout'
import { ClearCacheButton, ErrorLogButton, MyFilesMenu, NoticeBell } from './extras'
import { TagsView } from './TagsView'
import { WarehouseSelect } from './WarehouseSelect'
import { LanguageSwitch } from './LanguageSwitch'
import { AvatarMenu } from './AvatarMenu'
import { toggleFullscreen } from './effects'

export function TopBar() {
  const { t } = useTranslation()
  const u = useSnapshot(ui)
  return (
    <div className="flex h-12 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-2" data-testid="top-bar">
      <button type="button" data-testid="hamburger" aria-label={t(u.sidebarOpen ? 'shell:sidebar.collapse' : 'shell:sidebar.expand')}
        aria-expanded={u.sidebarOpen} aria-controls="app-sidebar" onClick={toggleSidebar}
        className="rounded p-1.5 text-lg leading-none hover:bg-slate-100">☰</button>
      {/* Narrow screens keep the controls; the open pages stay reachable from /tab and the palette. */}
      {u.settings.tagsView && !u.isMobile ? <TagsView /> : <div className="flex-1" />}
      <div className="flex shrink-0 items-center gap-1">
        <WarehouseSelect />
        <NoticeBell />
        <ClearCacheButton />
        <ErrorLogButton />
        <MyFilesMenu />
        <button type="button" data-testid="fullscreen" aria-label={t('shell:fullscreen.toggle')} title={t('shell:fullscreen.toggle')}
          onClick={() => void toggleFullscreen()} className="hidden rounded p-1.5 hover:bg-slate-100 md:block">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"><path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" /></svg>
        </button>
        <button type="button" data-testid="feedback-open" aria-label={t('shell:topbar.feedback')} title={t('shell:topbar.feedback')}
          onClick={() => openPanel('feedback')} className="rounded p-1.5 hover:bg-slate-100">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round"><path d="M4 5h16v11H9l-5 4z" /></svg>
        </button>
        <button type="button" data-testid="settings-open" aria-label={t('shell:topbar.settings')} title={t('shell:topbar.settings')}
          onClick={() => openPanel('settings')} className="rounded p-1.5 hover:bg-slate-100">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2"><circle cx="12" cy="12" r="3" /><path d="M12 2v3M12 19v3M2 12h3M19 12h3M4.9 4.9l2.1 2.1M17 17l2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1" /></svg>
        </button>
        <LanguageSwitch />
        <AvatarMenu />
      </div>
    </div>
  )
}
