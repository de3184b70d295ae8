// Top bar (spec section 2): hamburger (cookie sidebarStatus), tag tabs, warehouse selector, notice
// bell, clear cache, error log (only when errors exist — the extra decides), my files, fullscreen,
// language switch, avatar menu.
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { ui } from '../state/ui'
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
      {u.settings.tagsView ? <TagsView /> : <div className="flex-1" />}
      <div className="flex shrink-0 items-center gap-1">
        <WarehouseSelect />
        <NoticeBell />
        <ClearCacheButton />
        <ErrorLogButton />
        <MyFilesMenu />
        <button type="button" data-testid="fullscreen" aria-label={t('shell:fullscreen.toggle')} title={t('shell:fullscreen.toggle')}
          onClick={() => void toggleFullscreen()} className="hidden rounded p-1.5 hover:bg-slate-100 md:block">⛶</button>
        <LanguageSwitch />
        <AvatarMenu />
      </div>
    </div>
  )
}
