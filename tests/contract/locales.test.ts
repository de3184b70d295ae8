// Every visible string is an i18n key present in zh, en and es-MX: the three trees have the same keys,
// no value is empty, and interpolation parameters agree. A count message is one key in every language
// with that language's i18next plural forms (en _one/_other, es-MX _one/_many/_other, zh _other — see
// plurals.test.ts), so keys are compared without their plural suffix.
import { describe, it, expect } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

const ROOT = join(__dirname, '..', '..', 'locales')
const LANGS = ['zh', 'en', 'es-MX']
type Tree = { [k: string]: string | Tree }
function flatten(o: Tree, pre = ''): Record<string, string> {
  return Object.fromEntries(Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[pre + k, v]] : Object.entries(flatten(v, `${pre}${k}.`)))))
}
export function loadLocale(lang: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of readdirSync(join(ROOT, lang)).filter((x) => x.endsWith('.json'))) {
    const ns = f.replace(/\.json$/, '')
    for (const [k, v] of Object.entries(flatten(JSON.parse(readFileSync(join(ROOT, lang, f), 'utf8'))))) out[`${ns}:${k}`] = v
  }
  return out
}

/** A key without its i18next plural suffix ('ns:a.b_one' → 'ns:a.b'). */
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')

describe('locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, loadLocale(l)]))
  const bases = Object.fromEntries(LANGS.map((l) => [l, new Set(Object.keys(all[l]).map(pluralBase))]))
  it('zh, en and es-MX have exactly the same keys (plural forms aside)', () => {
    const en = [...bases.en].sort()
    for (const l of LANGS) {
      const keys = [...bases[l]].sort()
      expect(keys.filter((k) => !bases.en.has(k)), `${l} has keys en lacks`).toEqual([])
      expect(en.filter((k) => !bases[l].has(k)), `${l} lacks keys`).toEqual([])
    }
  })
  it('no empty values and the same {{params}} in every language', () => {
    const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',')
    // A plural form is compared with en's same form, else en's _other form.
    const enText = (k: string) => all.en[k] ?? all.en[`${pluralBase(k)}_other`] ?? all.en[pluralBase(k)]
    for (const l of LANGS) {
      for (const k of Object.keys(all[l])) {
        expect(all[l][k]?.trim(), `${l} ${k}`).toBeTruthy()
        expect(params(all[l][k]), `${l} ${k} params`).toBe(params(enText(k) ?? ''))
      }
    }
  })
})
