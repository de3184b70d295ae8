// No message ever shows a raw placeholder or key (issue 19 §2): the refusal of a 100 000-level body once
// answered "{{field}} …". Checked over every message of the locales and every refusal the code makes:
// - every placeholder is `{{name}}` or `{{name, statuses}}` (the one format: status label lists), with
//   the same names and formats in zh, en and es-MX; every `$t(…)` nesting names a key that exists;
// - every refusal thrown in src/ with a literal key and literal params (refuse, refuseStatus, conflict,
//   badRequest, fieldError, forbidden, notFound, tooManyRequests, new AppError) renders in the three
//   languages, through the server's translate, with no `{{` left — fieldError's message also gets its
//   field label, as the error handler gives it;
// - every verdict of every document machine (each command × each status) renders the same way.
import { describe, it, expect } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { translate } from '../../src/server/i18n'
import { DOCUMENT_MACHINES } from '../../src/domain/states/index'

// The locales flattened as locales.test.ts does (importing it would run its suite twice).
type Tree = { [k: string]: string | Tree }
const flatten = (o: Tree, pre = ''): [string, string][] => Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [[pre + k, v] as [string, string]] : flatten(v, `${pre}${k}.`)))
function loadLocale(lang: string): Record<string, string> {
  const out: Record<string, string> = {}
  const dir = join(__dirname, '..', '..', 'locales', lang)
  for (const f of readdirSync(dir).filter((x) => x.endsWith('.json'))) {
    for (const [k, v] of flatten(JSON.parse(readFileSync(join(dir, f), 'utf8')))) out[`${f.replace(/\.json$/, '')}:${k}`] = v
  }
  return out
}

const ROOT = join(__dirname, '..', '..')
const LANGS = ['zh', 'en', 'es-MX'] as const
const all = Object.fromEntries(LANGS.map((l) => [l, loadLocale(l)])) as Record<(typeof LANGS)[number], Record<string, string>>
const PLACEHOLDER = /\{\{\s*([^}]*?)\s*\}\}/g
const pluralBase = (k: string) => k.replace(/_(zero|one|two|few|many|other)$/, '')

/** Renders text and asserts nothing raw is left. */
function expectRendered(text: string, what: string) {
  expect(text, what).not.toMatch(/\{\{|\}\}/)
  expect(text, what).not.toContain('$t(')
  expect(text, what).not.toMatch(/^[a-z][\w-]*:[\w.]+$/)
}

describe('message placeholders', () => {
  it('every placeholder is {{name}} or {{name, statuses}}, alike in every language', () => {
    const bad: string[] = []
    const shape = (s: string) => [...s.matchAll(PLACEHOLDER)].map((m) => m[1]!.replace(/\s+/g, '')).sort().join('|')
    for (const l of LANGS) {
      for (const [k, v] of Object.entries(all[l])) {
        for (const m of v.matchAll(PLACEHOLDER)) if (!/^\w+(?:\s*,\s*statuses)?$/.test(m[1]!)) bad.push(`${l} ${k}: {{${m[1]}}}`)
        const en = all.en[k] ?? all.en[`${pluralBase(k)}_other`]
        // Plural forms may drop {{count}} (zh "_other" vs en "_one" saying "one"): compared without it.
        if (en !== undefined && shape(v).replace(/(^|\|)count(?=\||$)/g, '') !== shape(en).replace(/(^|\|)count(?=\||$)/g, '')) bad.push(`${l} ${k}: ${shape(v)} vs en ${shape(en)}`)
      }
    }
    expect(bad).toEqual([])
  })

  it('every $t(…) nesting names a key of the locales', () => {
    const keys = new Set(Object.keys(all.en).map(pluralBase))
    const bad: string[] = []
    for (const l of LANGS) {
      for (const [k, v] of Object.entries(all[l])) {
        for (const m of v.matchAll(/\$t\(([\w-]+:[^,)]+)/g)) {
          const pattern = new RegExp(`^${m[1]!.replace(/[.]/g, '\\.').replace(/\{\{\s*\w+\s*\}\}/g, '[\\w-]+')}$`)
          if (![...keys].some((x) => pattern.test(x))) bad.push(`${l} ${k}: $t(${m[1]})`)
        }
      }
    }
    expect(bad).toEqual([])
  })
})

/** Source files under src/ (ts). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f)
    return statSync(p).isDirectory() ? sources(p) : p.endsWith('.ts') ? [p] : []
  })
}

/** The top-level property names of an object literal's text (`{ a: x, b, 'c': y }`); undefined with a spread. */
function literalKeys(obj: string): string[] | undefined {
  let depth = 0
  let part = ''
  const parts: string[] = []
  for (const ch of obj.slice(1, -1)) {
    if ('([{'.includes(ch)) depth++
    if (')]}'.includes(ch)) depth--
    if (ch === ',' && depth === 0) { parts.push(part); part = '' } else part += ch
  }
  parts.push(part)
  const names: string[] = []
  for (const p of parts.map((x) => x.trim()).filter(Boolean)) {
    if (p.startsWith('...')) return undefined
    const m = p.match(/^['"]?(\w+)['"]?\s*(?::|$)/)
    if (!m) return undefined
    names.push(m[1]!)
  }
  return names
}

/** The balanced `{…}` starting at i, or undefined. */
function objectAt(text: string, i: number): string | undefined {
  if (text[i] !== '{') return undefined
  let depth = 0
  for (let j = i; j < text.length; j++) {
    if (text[j] === '{') depth++
    else if (text[j] === '}' && --depth === 0) return text.slice(i, j + 1)
  }
  return undefined
}

describe('refusals thrown in the code', () => {
  const THROW = /\b(refuse|refuseStatus|statusConflict|conflict|badRequest|fieldError|forbidden|notFound|tooManyRequests|new AppError)\(\s*(?:(\d{3}|'[\w.]+'|[\w.]+),\s*)?'([a-z][\w-]*:[\w.]+)'\s*(?:,\s*)?/g
  const sites: { where: string; fn: string; key: string; params: string[] | undefined }[] = []
  for (const file of sources(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8')
    for (const m of text.matchAll(THROW)) {
      const after = m.index! + m[0].length
      let params: string[] | undefined = []
      if (m[1] === 'refuseStatus' || m[1] === 'statusConflict') {
        // (key, dict, status, allowed, params?): the helper adds status, current and allowed.
        const rest = text.slice(after, after + 400)
        const obj = rest.match(/^[^,]+,[^,]+,\s*(?:\[[^\]]*\]|[\w.()]+)\s*,\s*/)
        const o = obj ? objectAt(rest, obj[0].length) : undefined
        params = o ? literalKeys(o) : obj ? undefined : []
        if (params) params.push('status', 'current', 'allowed')
      } else if (text[after] === '{') {
        params = literalKeys(objectAt(text, after) ?? '{...}')
      } else if (text[after] !== ')' && !/^(?:undefined|\[)/.test(text.slice(after))) {
        params = undefined
      }
      sites.push({ where: `${relative(ROOT, file)}:${text.slice(0, m.index).split('\n').length}`, fn: m[1]!, key: m[3]!, params })
    }
  }

  it('finds the refusal sites (the scan itself works)', () => {
    expect(sites.length).toBeGreaterThan(150)
    expect(sites.some((s) => s.key === 'outbound:wave.errors.orderNotEffective' && s.params?.includes('current'))).toBe(true)
    expect(sites.some((s) => s.key === 'errors:auth.missingPermission' && s.params?.includes('permission'))).toBe(true)
  })

  it('each one with literal params renders in zh, en and es-MX with nothing left raw', () => {
    const sample = (name: string): unknown => (name === 'current' ? ['dict:outboundOrderStatus.0'] : name === 'allowed' ? ['dict:outboundOrderStatus.1', 'dict:outboundOrderStatus.6'] : name === 'count' ? 2 : 3)
    const missing: string[] = []
    for (const s of sites.filter((x) => x.params)) {
      const params: Record<string, unknown> = Object.fromEntries(s.params!.map((p) => [p, sample(p)]))
      // The error handler gives a field error its field's label (app.ts), and a top-level message too.
      params.field = 'Label'
      for (const l of LANGS) {
        if (all[l][s.key] === undefined && all[l][`${s.key}_other`] === undefined) { missing.push(`${s.where} ${s.key} (${l}: no such key)`); continue }
        const text = translate(l, s.key, params)
        if (/\{\{|\$t\(/.test(text)) missing.push(`${s.where} ${s.key} (${l}): ${text}`)
      }
    }
    expect(missing).toEqual([])
  })
})

describe('document machines', () => {
  it('every refusal of every machine (each command × each status) renders in every language', () => {
    const row = (status: number): Record<string, unknown> => ({
      status, orderNo: 'CK2601010001', waveNo: 'BC2601010001', taskNo: 'JH2601010001', inspectionNo: 'ZJ1', returnNo: 'TH1', stripNo: 'FX1', diffNo: 'CY1',
      sortNo: 'FJ1', id: 1, code: 'X', no: 'N1', receivedQty: 1, pickedQty: 1, claimedBy: 2, assigneeId: 2, orderStatus: 4, kind: 1, generatedNo: '', waybillNo: 'W1',
    })
    let rendered = 0
    const bad: string[] = []
    for (const m of DOCUMENT_MACHINES) {
      for (const status of m.statuses) {
        const doc = m.facts(row(status))
        if (!doc) continue
        for (const cmd of Object.keys(m.commands)) {
          const v = m.commands[cmd]!(doc, { userId: 1 })
          if (v === true) continue
          for (const l of LANGS) {
            const text = translate(l, v.key, v.params)
            rendered++
            try { expectRendered(text, `${m.name} ${cmd} @${status} ${l}`) } catch { bad.push(`${m.name} ${cmd} @${status} ${l}: ${text}`) }
          }
        }
      }
    }
    expect(rendered).toBeGreaterThan(100)
    expect(bad).toEqual([])
  })
})
