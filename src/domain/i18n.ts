// Languages of the console (spec sections 1 and 7). zh is the default; en the last fallback.
export const LANGUAGES = ['zh', 'en', 'es-MX'] as const
export type Language = (typeof LANGUAGES)[number]
export const DEFAULT_LANGUAGE: Language = 'zh'
export const FALLBACK_LANGUAGE: Language = 'en'

/** Value of the x-language-header request header per language (spec section 7). */
export const LANGUAGE_HEADER: Record<Language, string> = { zh: 'zh-CN', en: 'en-US', 'es-MX': 'es-MX' }

export function isLanguage(v: unknown): v is Language {
  return typeof v === 'string' && (LANGUAGES as readonly string[]).includes(v)
}

/** Maps a header value or a browser language tag to a console language; undefined when none fits. */
export function matchLanguage(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined
  const t = tag.trim().toLowerCase()
  if (t.startsWith('zh')) return 'zh'
  if (t.startsWith('es') || t.includes('spanish')) return 'es-MX'
  if (t.startsWith('en')) return 'en'
  return undefined
}

/** Cookie first, then the browser's languages, then English (spec section 1). */
export function pickLanguage(cookie: string | undefined, browser: readonly string[]): Language {
  if (isLanguage(cookie)) return cookie
  for (const b of browser) {
    const m = matchLanguage(b)
    if (m) return m
  }
  return FALLBACK_LANGUAGE
}

/**
 * The message format that names statuses (issue 19 §2): `{{allowed, statuses}}` renders a list of
 * status label keys (`dict:<dictionary>.<status>`) as their labels joined the language's way ("Draft,
 * In force or Validated", "草稿、生效或已审核"). The browser's i18next (src/app/i18n.ts) and the
 * server's translate (src/server/i18n.ts) both render it through this function.
 */
export const STATUS_LIST_FORMAT = 'statuses'
export function statusListText(value: unknown, lng: string, t: (key: string) => string): string {
  const keys = (Array.isArray(value) ? value : [value]).filter((k): k is string => typeof k === 'string' && k !== '')
  const labels = keys.map((k) => t(k))
  try { return new Intl.ListFormat(lng, { style: 'long', type: 'disjunction' }).format(labels) } catch { return labels.join(', ') }
}
