// Every visible string is an i18n key present in zh, en and es-MX: the three trees have the same keys,
// no value is empty, and interpolation parameters agree.
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

describe('locales', () => {
  const all = Object.fromEntries(LANGS.map((l) => [l, loadLocale(l)]))
  it('zh, en and es-MX have exactly the same keys', () => {
    const en = Object.keys(all.en).sort()
    for (const l of LANGS) {
      const keys = Object.keys(all[l]).sort()
      expect(keys.filter((k) => !all.en[k]), `${l} has keys en lacks`).toEqual([])
      expect(en.filter((k) => all[l][k] === undefined), `${l} lacks keys`).toEqual([])
    }
  })
  it('no empty values and the same {{params}} in every language', () => {
    const params = (s: string) => [...s.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort().join(',')
    for (const k of Object.keys(all.en)) {
      for (const l of LANGS) {
        expect(all[l][k]?.trim(), `${l} ${k}`).toBeTruthy()
        expect(params(all[l][k]), `${l} ${k} params`).toBe(params(all.en[k]))
      }
    }
  })
})
