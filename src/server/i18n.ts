// Server-side translation from the same locales/ files the browser uses, so an error message is
// written once and reads the same in the API envelope and on screen.
import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGES, FALLBACK_LANGUAGE, matchLanguage, type Language } from '../domain/i18n'

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

/** Translate `ns:dotted.key` with {{param}} interpolation; falls back to English, then the key. */
export function translate(lang: Language, key: string, params?: Record<string, unknown>): string {
  const text = lookup(lang, key) ?? lookup(FALLBACK_LANGUAGE, key) ?? key
  const out = params ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, p) => (params[p] === undefined ? `{{${p}}}` : String(params[p]))) : text
  // i18next-style nesting after interpolation, as the browser does: '$t(dict:inboundStatus.{{to}})'.
  return out.includes('$t(') ? out.replace(/\$t\(([\w-]+:[\w.-]+)\)/g, (_, k) => translate(lang, k)) : out
}

/** Language of a request: x-language-header (spec section 7), then Accept-Language, then English. */
export function requestLanguage(headers: Record<string, string | string[] | undefined>): Language {
  const h = headers['x-language-header']
  const a = headers['accept-language']
  return matchLanguage(Array.isArray(h) ? h[0] : h) ?? matchLanguage(Array.isArray(a) ? a[0] : a?.split(',')[0]) ?? FALLBACK_LANGUAGE
}

export function resetTranslations() { catalog = undefined }
