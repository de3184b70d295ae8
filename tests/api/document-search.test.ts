// The test over every document kind (issue 18 §4), against the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL). One document of each kind is made through the real commands
// (tests/helpers/document-fixtures.ts); the kinds come from the lookup registry, so a kind registered
// without a fixture fails here. For each kind: found by its full number (exact hits first, in either
// case), by part of it, and by every other number it declares (tracking, platform order, box, container,
// plate, source number); the hit's type and path are the declared page's; another warehouse (and, for
// tenant data, another tenant) finds none of it; a caller without the kind's permission neither.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { DOC_KINDS, makeEveryDocument, type DocFixtures } from '../helpers/document-fixtures'
import { documentLookups, lookupsFor, pagePathPattern, rankHits, type DocumentLookup } from '../../src/server/areas/search/registry'

// The carrier simulator sells the face sheets at once here, and never refuses one.
process.env.CARRIER_SIM_DELAY_MS = '300'
process.env.FACE_SHEET_WORKER_MS = '40'
process.env.CARRIER_SIM_FAIL = '0'

interface Hit { type: string; id: number | string; number: string; title: string; path: string; typeTitle: string; matched?: string; matchedBy?: string }

let t: TestApp
let admin: ApiClient
let docs: DocFixtures
const { one } = queriesOf(() => t)

const search = async (c: ApiClient, q: string): Promise<Hit[]> => {
  const r = await c.get(`/api/search/documents?q=${encodeURIComponent(q)}&limit=50`)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as Hit[]
}
const lookup = (type: string): DocumentLookup => documentLookups().find((l) => l.type === type)!

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const data = async (r: { statusCode: number; body: string; json(): any }, what: string) => {
    if (r.statusCode !== 200) throw new Error(`${what}: ${r.statusCode} ${r.body}`)
    return r.json().data
  }
  docs = await makeEveryDocument({ cmd: async (id, args) => data(await admin.cmd(id, args), id), get: async (url) => data(await admin.get(url), url) }, `T${Date.now() % 100_000}`, 20_000)
}, 240_000)
afterAll(async () => { await t?.close() })

describe('the registry and the fixtures', () => {
  it('every registered kind has a fixture here, declares its page, and every number it is found by has one too', () => {
    const registered = documentLookups().map((l) => l.type)
    expect(registered.filter((type) => !(DOC_KINDS as readonly string[]).includes(type)), 'kinds without a fixture in tests/helpers/document-fixtures.ts').toEqual([])
    expect(DOC_KINDS.filter((type) => !registered.includes(type)), 'fixtures of kinds no longer registered').toEqual([])
    for (const l of documentLookups()) {
      expect(l.opens.path, l.type).toMatch(/^(\/|\*)/)
      expect(l.opens.testId, l.type).toMatch(/^[\w-]+$/)
      for (const alt of l.alsoBy ?? []) expect(docs[l.type as keyof DocFixtures].also[alt], `${l.type}: a fixture for ${alt}`).toBeTruthy()
    }
  })

  it('GET /api/search/kinds lists what the caller may look up: prefixes, other numbers, the page', async () => {
    const kinds = (await admin.get('/api/search/kinds')).json().data as { type: string; title: string; prefixes: string[]; alsoBy: string[]; group: string }[]
    expect(kinds.map((k) => k.type).sort()).toEqual(documentLookups().map((l) => l.type).sort())
    expect(kinds.find((k) => k.type === 'outboundOrder')).toMatchObject({ title: 'Outbound order', prefixes: ['CK', 'HB'], alsoBy: ['platformOrderNo', 'trackingNo'], group: 'document' })
    expect(kinds.find((k) => k.type === 'pickDiff')).toMatchObject({ prefixes: ['CY'], group: 'document' })
    expect(kinds.find((k) => k.type === 'handover')).toMatchObject({ prefixes: ['JJ'], group: 'document' })
    // The receiver works inbound only: no outbound kinds.
    const receiver = await apiAs(t, 'receiver')
    const mine = ((await receiver.get('/api/search/kinds')).json().data as { type: string }[]).map((k) => k.type)
    expect(mine).toContain('inboundOrder')
    expect(mine).not.toContain('outboundOrder')
    expect(mine).not.toContain('handover')
  })
})

describe.each(DOC_KINDS.map((k) => [k]))('%s by number', (type) => {
  it('its full number (either case) finds it first among exact matches, opening the declared page', async () => {
    const f = docs[type]
    for (const q of [f.number, f.number.toLowerCase()]) {
      const hits = await search(admin, q)
      const i = hits.findIndex((h) => h.type === type && h.number === f.number)
      expect(i, `${type} ${q}: ${JSON.stringify(hits.slice(0, 5))}`).toBeGreaterThanOrEqual(0)
      const hit = hits[i]!
      expect(hit.path).toMatch(pagePathPattern(lookup(type).opens, hit))
      expect(hit.typeTitle).toBeTruthy()
      expect(hit.typeTitle).not.toContain(':')
      // Exact first: whatever stands before it matched the query whole too.
      expect(hits.slice(0, i).every((h) => (h.matched ?? h.number).toUpperCase() === q.toUpperCase()), JSON.stringify(hits.slice(0, i))).toBe(true)
    }
  })

  it('part of its number finds it', async () => {
    const f = docs[type]
    // A document number without its prefix (the day and sequence), else the code without its ends.
    const part = /^[A-Z]{2}\d{10,}$/.test(f.number) ? f.number.slice(2) : f.number.slice(1, -1)
    const hits = await search(admin, part)
    expect(hits.some((h) => h.type === type && h.number === f.number), `${type} by ${part}`).toBe(true)
  })

  it('every other number it declares finds it, saying which', async () => {
    const f = docs[type]
    for (const alt of lookup(type).alsoBy ?? []) {
      const value = f.also[alt]!
      const hits = await search(admin, value)
      const hit = hits.find((h) => h.type === type && h.number === f.number)
      expect(hit, `${type} by ${alt} ${value}: ${JSON.stringify(hits.slice(0, 5))}`).toBeDefined()
      expect(hit).toMatchObject({ matchedBy: alt })
      expect(hit!.path).toMatch(pagePathPattern(lookup(type).opens, hit!))
      // Part of it too (without its first two characters), where it is long enough to mean something.
      if (value.length >= 8) expect((await search(admin, value.slice(2))).some((h) => h.type === type && h.number === f.number && h.matchedBy === alt), `${type} by part of ${value}`).toBe(true)
    }
  })

  it('another warehouse (or tenant) finds none of it', async () => {
    const f = docs[type]
    if (f.scope === 'none') return
    // Its row, by id: numbers run per warehouse, so another warehouse may hold a document of the same number.
    const own = (await search(admin, f.number)).find((h) => h.type === type && h.number === f.number)!
    const elsewhere = f.scope === 'warehouse' ? [{ tenantId: 1, warehouseId: 168 }, { tenantId: 2, warehouseId: 31 }] : [{ tenantId: 2, warehouseId: 31 }]
    for (const pair of elsewhere) {
      for (const q of [f.number, ...Object.values(f.also)]) {
        const hits = await search(admin.in(pair), q!)
        expect(hits.filter((h) => h.type === type && h.id === own.id), `${type} ${q} in ${JSON.stringify(pair)}`).toEqual([])
      }
    }
  })
})

describe('numbers an operator holds', () => {
  it("a later parcel's tracking number (on its face sheet only) finds its order", async () => {
    const a = docs.outboundOrder
    const second = await one<{ tracking_no: string }>(`SELECT tracking_no FROM face_sheet WHERE order_no = $1 AND parcel_no = 2 AND status = 3`, [a.number])
    expect(second.tracking_no).not.toBe(a.also.trackingNo)
    const hits = await search(admin, second.tracking_no.toLowerCase())
    expect(hits[0]).toMatchObject({ type: 'outboundOrder', number: a.number, matchedBy: 'trackingNo', matched: second.tracking_no })
  })

  it('a caller without the kind\'s permission gets no hit of it', async () => {
    const receiver = await apiAs(t, 'receiver')
    for (const q of [docs.outboundOrder.number, docs.outboundOrder.also.trackingNo!, docs.handover.number, docs.pickDiff.number]) {
      const hits = await search(receiver, q)
      expect(hits.filter((h) => ['outboundOrder', 'handover', 'pickDiff'].includes(h.type)), q).toEqual([])
    }
    // …while the inbound order it works on is found.
    expect((await search(receiver, docs.inboundOrder.number)).some((h) => h.type === 'inboundOrder')).toBe(true)
  })

  it('a number starting like another kind\'s prefix still reaches the kinds found by other numbers; bad queries are refused by field', async () => {
    const l = (type: string, prefixes?: string[], alsoBy?: DocumentLookup['alsoBy']): DocumentLookup => ({ type, titleKey: 't', prefixes, alsoBy, group: 'document', opens: { path: '/x?no={no}', testId: 'x' }, search: async () => [] })
    const all = [l('inbound', ['RK']), l('returns', ['TH']), l('outbound', ['CK'], ['trackingNo']), l('menu')]
    // A tracking number that happens to start with TH and a digit: returns, and the outbound orders (tracking), and the prefix-less.
    expect(lookupsFor('TH1234567890', all).map((x) => x.type)).toEqual(['returns', 'outbound', 'menu'])
    // A word starting with a prefix but no digit is no document number: every kind.
    expect(lookupsFor('things', all).map((x) => x.type)).toEqual(['inbound', 'returns', 'outbound', 'menu'])
    // A hit found by another number ranks by that number.
    expect(rankHits([{ number: 'CK1', matched: 'xx1Z9' }, { number: 'CK2', matched: '1Z9' }], '1z9').map((h) => h.number)).toEqual(['CK2', 'CK1'])
    const long = await admin.get(`/api/search/documents?q=${'9'.repeat(65)}`)
    expect(long.statusCode).toBe(400)
    expect(JSON.stringify(long.json())).toContain('"q"')
    // LIKE's own characters are text, not wildcards.
    expect(await search(admin, '%_%')).toEqual([])
  })
})
