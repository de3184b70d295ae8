// Count messages read right in every language (issue 18: "1 parcels", "1 items"): a message that says
// how many of something uses i18next plural forms — {{count}} messages are keys with the language's
// plural forms (i18next 26 picks them with Intl.PluralRules: en one/other, es-MX one/many/other,
// zh other), and any other number before a countable noun goes through a `counts:<noun>` message
// ($t(counts:parcel, {"count": {{parcels}} })). Checked on the locale files, and rendered through
// i18next (the browser) and the server's translate() alike.
import { describe, it, expect, beforeAll } from 'vitest'
import i18next, { type i18n, type Resource } from 'i18next'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { translate } from '../../src/server/i18n'

const ROOT = join(__dirname, '..', '..', 'locales')
// Same flattening as locales.test.ts (importing it would run its suite twice).
type Tree = { [k: string]: string | Tree }
const flat = (o: Tree, pre = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[pre + k, v] as [string, string]] : flat(v, `${pre}${k}.`)))
function loadLocale(lang: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const f of readdirSync(join(ROOT, lang)).filter((x) => x.endsWith('.json'))) {
    for (const [k, v] of flat(JSON.parse(readFileSync(join(ROOT, lang, f), 'utf8')))) out[`${f.replace(/\.json$/, '')}:${k}`] = v
  }
  return out
}
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')
const LANGS = ['en', 'es-MX', 'zh'] as const
const all = Object.fromEntries(LANGS.map((l) => [l, loadLocale(l)])) as Record<(typeof LANGS)[number], Record<string, string>>
const SUFFIX = /_(zero|one|two|few|many|other)$/
const categories = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort()
const isPlural = (k: string) => SUFFIX.test(k)

/** Countable nouns that must not follow a bare number outside plural forms (en). */
const NOUNS = 'parcels|items|orders|units|pieces|rows|lines|boxes|cartons|tasks|slots|labels|days|hours|minutes|seconds|sessions|SKUs|requests|styles|files|problems|warehouses|permissions|locations|mismatches|waves|scans|users|roles|menus|face sheets|documents|printers'
const BARE_NUMBER_NOUN = new RegExp(`\\{\\{\\s*\\w+\\s*\\}\\}\\s+(?:[a-z-]+\\s+)?(?:${NOUNS})\\b`)
/** "unit(s)", "orden(es)", "asignada(s)" right after a number: a pseudo-plural. */
const PSEUDO_PLURAL = /\{\{\s*\w+\s*\}\}\s+(?:\S+\s+)?\S*\((?:s|es|a|as)\)/

describe('plural forms', () => {
  it('a {{count}} message is never a bare key: every language has it as plural forms', () => {
    for (const l of LANGS) {
      const bare = Object.entries(all[l]).filter(([k, v]) => /\{\{\s*count\s*\}\}/.test(v) && !isPlural(k)).map(([k]) => k)
      expect(bare, `${l}: {{count}} messages without plural forms`).toEqual([])
    }
  })

  // Every locale carries the same keys (a key present in one language is present in all three), so a plural
  // key has the union of the three languages' forms everywhere — one/many/other — each language's own
  // forms among them (i18next picks those; zh's one/many and en's many repeat their `other` text).
  it('every plural key has the forms one/many/other in every language (en one/other, es-MX one/many/other, zh other among them)', () => {
    expect(categories('en')).toEqual(['one', 'other'])
    expect(categories('es-MX')).toEqual(['many', 'one', 'other'])
    expect(categories('zh')).toEqual(['other'])
    const union = [...new Set(LANGS.flatMap((l) => categories(l)))].sort()
    for (const l of LANGS) {
      const forms = new Map<string, string[]>()
      for (const k of Object.keys(all[l]).filter(isPlural)) forms.set(pluralBase(k), [...(forms.get(pluralBase(k)) ?? []), k.match(SUFFIX)![1]!])
      const wrong = [...forms].filter(([, f]) => f.slice().sort().join() !== union.join()).map(([k, f]) => `${k}: ${f.sort().join('/')}`)
      expect(wrong, `${l}: plural keys whose forms are not ${union.join('/')}`).toEqual([])
      const clash = [...forms.keys()].filter((k) => all[l][k] !== undefined)
      expect(clash, `${l}: a key both bare and plural`).toEqual([])
    }
  })

  it('no pseudo-plural "(s)" after a number (en, es-MX)', () => {
    for (const l of ['en', 'es-MX'] as const) {
      expect(Object.entries(all[l]).filter(([, v]) => PSEUDO_PLURAL.test(v)).map(([k, v]) => `${k}: ${v}`), l).toEqual([])
    }
  })

  it('no number before a countable noun outside plural forms (en)', () => {
    const found = Object.entries(all.en).filter(([k, v]) => !isPlural(k) && BARE_NUMBER_NOUN.test(v.replace(/\$t\([^)]*\)/g, ''))).map(([k, v]) => `${k}: ${v}`)
    expect(found).toEqual([])
  })

  it('the test’s own patterns catch what they are for', () => {
    expect(BARE_NUMBER_NOUN.test('{{orderNo}} shipped, {{parcels}} parcels')).toBe(true)
    expect(BARE_NUMBER_NOUN.test('{{count}} open slots')).toBe(true)
    expect(BARE_NUMBER_NOUN.test('Order {{orderNo}} is at {{location}}')).toBe(false)
    expect(PSEUDO_PLURAL.test('{{count}} unit(s) are not inspected')).toBe(true)
    expect(PSEUDO_PLURAL.test('{{count}} orden(es) validada(s)')).toBe(true)
  })
})

describe('count messages as the browser and the server render them', () => {
  let t: i18n
  beforeAll(async () => {
    const resources: Resource = {}
    for (const l of LANGS) {
      resources[l] = {}
      for (const f of readdirSync(join(ROOT, l)).filter((x) => x.endsWith('.json'))) resources[l][f.replace(/\.json$/, '')] = JSON.parse(readFileSync(join(ROOT, l, f), 'utf8'))
    }
    t = i18next.createInstance()
    // The console's own options (src/app/i18n.ts).
    await t.init({ resources, lng: 'en', fallbackLng: 'en', defaultNS: 'common', nsSeparator: ':', keySeparator: '.', interpolation: { escapeValue: false }, returnNull: false })
  })

  const cases: [lang: (typeof LANGS)[number], key: string, params: Record<string, unknown>, text: string][] = [
    ['en', 'reports:salesOutbound.totalsLine', { orders: 1, parcels: 1, units: 1 }, 'Totals: 1 order · 1 parcel · 1 unit'],
    ['en', 'reports:salesOutbound.totalsLine', { orders: 3, parcels: 2, units: 7 }, 'Totals: 3 orders · 2 parcels · 7 units'],
    ['en', 'resources-ui:items.count', { count: 1 }, '1 item'],
    ['en', 'resources-ui:items.count', { count: 4 }, '4 items'],
    ['en', 'outbound-ship:ship.shipped', { orderNo: 'CK1', trackingNo: 'T1', handoverNo: 'JJ1', parcels: 1 }, 'CK1 shipped (T1) → JJ1, 1 parcel'],
    ['en', 'inbound:inspection.errors.undecided', { count: 1 }, '1 unit is not inspected yet'],
    ['es-MX', 'reports:salesOutbound.totalsLine', { orders: 1, parcels: 1, units: 1 }, 'Totales: 1 pedido · 1 paquete · 1 unidad'],
    ['es-MX', 'reports:salesOutbound.totalsLine', { orders: 1000000, parcels: 2, units: 3 }, 'Totales: 1000000 pedidos · 2 paquetes · 3 unidades'],
    ['es-MX', 'resources-ui:items.count', { count: 1 }, '1 elemento'],
    ['es-MX', 'outbound:order.done.validated', { count: 2, orderNo: 'CK1, CK2' }, '2 órdenes validadas: CK1, CK2'],
    ['zh', 'resources-ui:items.count', { count: 1 }, '1 项'],
    ['zh', 'outbound:order.done.validated', { count: 1, orderNo: 'CK1' }, '1 个订单已生效：CK1'],
    ['en', 'counts:withRefused', { done: 'outbound:order.done.validated', count: 3, orderNo: 'CK1, CK2, CK3', refused: 1 }, '3 orders validated: CK1, CK2, CK3 · 1 refused'],
  ]
  it.each(cases)('%s %s %j', (lang, key, params, text) => {
    expect(t.t(key, { ...params, lng: lang })).toBe(text)
    expect(translate(lang, key, params)).toBe(text)
  })
})
