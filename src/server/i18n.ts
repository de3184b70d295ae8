// Server-side translation from the same locales/ files the browser uses, so an error message is
// written once and reads the same in the API envelope and on screen.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGES, FALLBACK_LANGUAGE, STATUS_LIST_FORMAT, matchLanguage, statusListText, type Language } from '../domain/i18n'

export const LOCALES_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales')

type Tree = { [k: string]: string | Tree }
let catalog: Record<string, Record<string, Tree>> | undefined

function load() {
  if (catalog) return catalog
  catalog = {}
  for (const lang of LANGUAGES) {
    const dir = join(LOCALES_DIR, lang)
    catalog[lang] = {}
    if (!existsSync(dir)) continue
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
      catalog[lang][f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(dir, f), 'utf8'))
    }
  }
  return catalog
}

function lookup(lang: string, key: string): string | undefined {
  const [ns, path] = key.includes(':') ? key.split(/:(.*)/s, 2) : ['common', key]
  let node: string | Tree | undefined = load()[lang]?.[ns]
  for (const part of path.split('.')) {
    if (!node || typeof node === 'string') return undefined
    node = node[part]
  }
  return typeof node === 'string' ? node : undefined
}

const pluralRules = new Map<string, Intl.PluralRules>()
/** i18next's plural form of a count in a language: 'one', 'many', 'other' … (Intl.PluralRules, as i18next 26 picks). */
export function pluralForm(lang: string, count: number): string {
  let r = pluralRules.get(lang)
  if (!r) { r = new Intl.PluralRules(lang); pluralRules.set(lang, r) }
  return r.select(count)
}

/** A key's text in one language; with a numeric `count`, its plural form first (key_one, key_other …), as i18next. */
function lookupCounted(lang: string, key: string, count: unknown): string | undefined {
  if (typeof count === 'number' && Number.isFinite(count)) {
    const hit = lookup(lang, `${key}_${pluralForm(lang, count)}`)
    if (hit !== undefined) return hit
  }
  return lookup(lang, key)
}

/**
 * Translate `ns:dotted.key` with {{param}} interpolation and i18next plural forms (a numeric `count`
 * picks key_one / key_many / key_other of the language); falls back to English, then the key.
 */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  const text = lookupCounted(lang, key, params?.count) ?? lookupCounted(FALLBACK_LANGUAGE, key, params?.count) ?? key
  // `{{name}}`, and `{{name, statuses}}` — a list of status label keys named the language's way (issue 19 §2).
  const out = params ? text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (whole: string, p: string, format?: string) => (params[p] === undefined
    ? whole
    : format === STATUS_LIST_FORMAT ? statusListText(params[p], lang, (k) => translate(lang, k)) : String(params[p]))) : text
  // i18next-style nesting after interpolation, as the browser does (the nested key sees the message's
  // params): '$t(dict:inboundStatus.{{to}})', and with options for a second count in one message:
  // '$t(counts:parcel, {"count": {{parcels}} })'.
  return out.includes('$t(') ? out.replace(/\$t\(([\w-]+:[\w.-]+)(?:\s*,\s*(\{[^}]*\}))?\)/g, (_, k: string, opts?: string) => translate(lang, k, { ...params, ...nestedOptions(opts) })) : out
}

function nestedOptions(opts: string | undefined): Record<string, unknown> | undefined {
  if (!opts) return undefined
  try { return JSON.parse(opts) as Record<string, unknown> } catch { return undefined }
}

/** Language of a request: x-language-header (spec section 7), then Accept-Language, then English. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const h = headers['x-language-header']
  const a = headers['accept-language']
  return matchLanguage(Array.isArray(h) ? h[0] : h) ?? matchLanguage(Array.isArray(a) ? a[0] : a?.split(',')[0]) ?? FALLBACK_LANGUAGE
}

export function resetTranslations() { catalog = undefined }
