// The locale files as the contract tests read them: `ns:dotted.key` → text, per language.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

export const LANGS = ['zh', 'en', 'es-MX'] as const
export type Lang = (typeof LANGS)[number]
export const LOCALES_DIR = join(__dirname, '..', '..', 'locales')

type Tree = { [k: string]: string | Tree }

/** Every string leaf of one language's locale files, keyed `ns:dotted.key` (only strings count as present). */
export function loadLocale(lang: string): Record<string, string> {
  const dir = join(LOCALES_DIR, lang)
  const out: Record<string, string> = {}
  const walk = (ns: string, o: Tree, pre: string) => {
    for (const [k, v] of Object.entries(o)) {
      if (typeof v === 'string') out[`${ns}:${pre}${k}`] = v
      else walk(ns, v, `${pre}${k}.`)
    }
  }
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) walk(f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(dir, f), 'utf8')), '')
  return out
}

/** All three languages, loaded once per test file. */
export function loadLocales(): Record<Lang, Record<string, string>> {
  return Object.fromEntries(LANGS.map((l) => [l, loadLocale(l)])) as Record<Lang, Record<string, string>>
}

/** A key without its i18next plural suffix ('ns:a.b_one' → 'ns:a.b'). */
export const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')
