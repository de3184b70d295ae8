// Theme settings persistence (spec sections 2 and 3): ui.settings saved in localStorage, UI size also
// in the `size` cookie (default medium), theme colour applied as the CSS variable --theme — darkened
// where needed so white text on it (buttons, the active tab) and it as text on the page's grey keep
// WCAG AA contrast (4.5:1); the colour as chosen stays in --theme-chosen.
import { subscribe } from 'valtio'
import { ui, DEFAULT_SETTINGS, THEME_PRESETS, type ThemeSettings } from '../../state/ui'
import { getCookie, setCookie } from '../../lib/cookies'

export const SETTINGS_STORAGE_KEY = 'wms.settings'
export const SIZE_COOKIE = 'size'
export const SIZES = ['large', 'medium', 'small'] as const
export type UiSize = (typeof SIZES)[number]
/** The 'job' option is tied to zh (spec section 2): stored separately, shown only in zh. */
export const JOB_STORAGE_KEY = 'wms.settings.job'

const isSize = (v: unknown): v is UiSize => typeof v === 'string' && (SIZES as readonly string[]).includes(v)

/**
 * Sets the theme colour. Non-string values are ignored (spec section 5), as are strings that are not a
 * CSS hex colour, so a bad stored value can never break the stylesheet.
 */
export function setTheme(value: unknown): boolean {
  if (typeof value !== 'string' || !/^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(value)) return false
  ui.settings.theme = value
  return true
}

/** Merges a stored object over the defaults, keeping only well-typed fields. */
export function sanitizeSettings(stored: unknown, sizeCookie?: string): ThemeSettings {
  const s = { ...DEFAULT_SETTINGS }
  const o = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>
  if (typeof o.theme === 'string' && /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.test(o.theme)) s.theme = o.theme
  for (const k of ['tagsView', 'fixedHeader', 'sidebarLogo', 'showReleaseAlert'] as const) if (typeof o[k] === 'boolean') s[k] = o[k]
  // The cookie wins for size: other parts of the product read and write it too.
  if (isSize(sizeCookie)) s.size = sizeCookie
  else if (isSize(o.size)) s.size = o.size
  return s
}

export function readStoredSettings(): ThemeSettings {
  let stored: unknown
  try { stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? 'null') } catch { stored = null }
  return sanitizeSettings(stored, getCookie(SIZE_COOKIE))
}

/** Root font size per UI size: Tailwind's rem-based sizes (text, spacing) scale with it. */
export const SIZE_ROOT_FONT: Record<UiSize, string> = { large: '17px', medium: '16px', small: '14px' }

const channel = (c: number) => { const v = c / 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4 }
/** WCAG relative luminance of a #rgb / #rrggbb colour. */
export function luminance(hex: string): number {
  const h = hex.length === 4 ? hex.slice(1).split('').map((c) => c + c).join('') : hex.slice(1)
  const [r, g, b] = [0, 2, 4].map((i) => channel(parseInt(h.slice(i, i + 2), 16)))
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}
export const contrast = (a: string, b: string) => { const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m); return (x + 0.05) / (y + 0.05) }

/** Contrast the theme keeps against white and the page's grey (#f3f4f6): WCAG AA for normal text. */
export const THEME_MIN_CONTRAST = 4.5
const PAGE_GREY = '#f3f4f6'
/** The theme colour darkened (mixed with black, 4% steps) until white text on it and it on the page's grey reach 4.5:1. */
export function readableTheme(hex: string): string {
  const h = hex.length === 4 ? `#${hex.slice(1).split('').map((c) => c + c).join('')}` : hex.toLowerCase()
  const rgb = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16))
  for (let k = 1; k > 0; k -= 0.04) {
    const c = `#${rgb.map((v) => Math.round(v * k).toString(16).padStart(2, '0')).join('')}`
    if (contrast(c, '#ffffff') >= THEME_MIN_CONTRAST && contrast(c, PAGE_GREY) >= THEME_MIN_CONTRAST) return k === 1 ? h : c
  }
  return '#000000'
}

/** Writes the settings to the page: --theme (readable shade), --theme-chosen, data-size and the root font size on <html>. */
export function applySettings(s: ThemeSettings): void {
  const root = document.documentElement
  root.style.setProperty('--theme', readableTheme(s.theme))
  root.style.setProperty('--theme-chosen', s.theme)
  root.dataset.size = s.size
  root.style.fontSize = SIZE_ROOT_FONT[s.size]
}

export function saveSettings(s: ThemeSettings): void {
  try { localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(s)) } catch (e) { console.warn('[settings] not saved', e) }
  if (getCookie(SIZE_COOKIE) !== s.size) setCookie(SIZE_COOKIE, s.size, { days: 365 })
}

let started = false
/** Loads the stored settings into ui.settings once, then saves and applies every change. */
export function startSettingsPersistence(): () => void {
  if (started) return () => {}
  started = true
  Object.assign(ui.settings, readStoredSettings())
  applySettings(ui.settings)
  const unsub = subscribe(ui.settings, () => { saveSettings(ui.settings); applySettings(ui.settings) })
  return () => { unsub(); started = false }
}

export function resetSettings(): void {
  Object.assign(ui.settings, DEFAULT_SETTINGS)
}

export function readJobOption(): boolean {
  try { return localStorage.getItem(JOB_STORAGE_KEY) === '1' } catch { return false }
}
export function writeJobOption(on: boolean): void {
  try { localStorage.setItem(JOB_STORAGE_KEY, on ? '1' : '0') } catch { /* storage disabled: keep in memory only */ }
}

export { THEME_PRESETS }
