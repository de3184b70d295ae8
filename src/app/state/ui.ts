// UI state shared across the shell (valtio): which panel is open, palette, sidebar, tabs, settings.
import { proxy } from 'valtio'

export type PanelId = 'settings' | 'feedback' | 'keymap' | 'notices' | 'pdaQr' | 'errorLog' | 'announcement' | 'warehouse' | 'language' | 'confirm'

export interface VisitedView { path: string; fullPath: string; name: string; title: string; affix?: boolean; noCache?: boolean }

export interface ThemeSettings { theme: string; tagsView: boolean; fixedHeader: boolean; sidebarLogo: boolean; showReleaseAlert: boolean; size: 'large' | 'medium' | 'small' }

export const THEME_PRESETS = ['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'] as const
export const DEFAULT_SETTINGS: ThemeSettings = { theme: '#1890ff', tagsView: true, fixedHeader: true, sidebarLogo: true, showReleaseAlert: true, size: 'medium' }

export interface ErrorLogEntry { message: string; url: string; time: number; stack?: string }

export const ui = proxy({
  panel: null as PanelId | null,
  panelProps: {} as Record<string, unknown>,
  paletteOpen: false,
  /** 'commands' (default), 'documents' (go to document by number), 'menu' (screens only) */
  paletteMode: 'commands' as 'commands' | 'documents' | 'menu',
  paletteQuery: '',
  sidebarOpen: true,
  /** Mobile layout closes the sidebar without the slide animation (spec section 2). */
  sidebarWithoutAnimation: false,
  /** Set to focus the sidebar search box once the sidebar has opened (collapsed search icon). */
  focusSidebarSearch: 0,
  /** Favourites group of the sidebar expanded (spec section 4). */
  favouritesOpen: true,
  isMobile: false,
  pageFullscreen: false,
  visitedViews: [] as VisitedView[],
  cachedViews: [] as string[],
  settings: { ...DEFAULT_SETTINGS } as ThemeSettings,
  errorLog: [] as ErrorLogEntry[],
  /** Bumped to force the current page to remount (tab "refresh", warehouse switch). */
  pageKey: 0,
  /** Ids of the most recently run commands, newest first (palette "recent"). */
  recentCommands: [] as string[],
})

export function openPanel(panel: PanelId, props: Record<string, unknown> = {}) {
  ui.panel = panel
  ui.panelProps = props
}
export function closePanel() {
  ui.panel = null
  ui.panelProps = {}
}
