// Defective reports over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue
// 20 part E2: `defective.report` moves goods from a location to a Defective-area location as Defective
// stock under a CP number (reason defectiveReport), the report listed by defective-reported and found
// by the palette; allocation never takes Defective stock; bad input refused naming the field, nothing
// written. After every scenario the invariant check is clean and explain shows the rows under the number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { freshSkus, demoShelves, type Sku, type Shelf } from '../helpers/stock-fixtures'
import { SAMPLE_API } from '../../commands/samples'
import { addStock, checkInvariants, explainBalance, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let skus: Sku[] = []
let shelves: Shelf[] = []
let defLocs: Shelf[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)

const balance = async (skuId: number, locationId: number, status: number) => (await q<{ id: number; on_hand: number; locked: number }>(`
  SELECT id, on_hand, locked FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3`,
[skuId, locationId, status]))[0]
const onHand = async (skuId: number, locationId: number, status: number) => Number((await balance(skuId, locationId, status))?.on_hand ?? 0)
async function invariantsClean() {
  expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
}
const ledgerRows = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM inventory_ledger')).n)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = await freshSkus(q, 2, { enabled: true })
  shelves = await demoShelves(q, 2)
  defLocs = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND a.area_type = 6 ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(skus.length).toBe(2)
  expect(defLocs.length).toBe(2)
  for (const s of skus) {
    await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[0]!.id, skuId: s.id }, 5, { docType: 'TEST', docNo: 'T-DEF' }, op))
  }
}, 120_000)
afterAll(async () => { await t?.close() })

describe('defective.report', () => {
  let reportNo = ''
  it('moves the goods to the defective area as Defective stock under a CP number, listed by defective-reported', async () => {
    const [a] = skus
    const r = await expectOk(admin, 'defective.report', { locationCode: shelves[0]!.code.toLowerCase(), skuCode: a!.code, qty: 2, reason: 'damaged', remark: 'heel torn' })
    expect(r.reportNo).toMatch(/^CP\d{10}$/)
    // Without a target: the first active location of a Defective area.
    expect(r).toMatchObject({ skuCode: a!.code, qty: 2, fromLocationCode: shelves[0]!.code, toLocationCode: defLocs[0]!.code })
    reportNo = r.reportNo
    expect(await onHand(a!.id, shelves[0]!.id, StockStatus.Normal)).toBe(3)
    expect(await onHand(a!.id, defLocs[0]!.id, StockStatus.Defective)).toBe(2)
    const b = await balance(a!.id, defLocs[0]!.id, StockStatus.Defective)
    const ex = await explainBalance(t.database.db, scope, Number(b!.id))
    expect(ex!.entries.filter((e) => e.docNo === reportNo).map((e) => [e.docType, e.reason, e.deltaOnHand])).toEqual([['defectiveReport', 'defectiveReport', 2]])
    const from = await balance(a!.id, shelves[0]!.id, StockStatus.Normal)
    const exFrom = await explainBalance(t.database.db, scope, Number(from!.id))
    expect(exFrom!.entries.filter((e) => e.docNo === reportNo).map((e) => [e.docType, e.reason, e.deltaOnHand])).toEqual([['defectiveReport', 'defectiveReport', -2]])

    // A chosen defective location.
    const r2 = await expectOk(admin, 'defective.report', { locationCode: shelves[0]!.code, skuCode: a!.code, qty: 1, reason: 'stained', toLocationCode: defLocs[1]!.code })
    expect(r2.toLocationCode).toBe(defLocs[1]!.code)

    const got = await admin.get(`${SAMPLE_API.defective}?skuCode=${a!.code}`)
    expect(got.statusCode, got.body).toBe(200)
    expect((got.json().data.records as any[]).map((x) => [x.reportNo, x.qty, x.reason, x.fromLocationCode, x.toLocationCode, x.remark, x.createdByName])).toEqual([
      [r2.reportNo, 1, 'stained', shelves[0]!.code, defLocs[1]!.code, null, 'admin'],
      [reportNo, 2, 'damaged', shelves[0]!.code, defLocs[0]!.code, 'heel torn', 'admin'],
    ])
    const stock = await admin.get(`${SAMPLE_API.defectiveStock}?skuCode=${a!.code}`)
    expect(stock.statusCode, stock.body).toBe(200)
    expect((stock.json().data.records as any[]).map((x) => [x.locationCode, x.stockStatus, x.onHand]).sort()).toEqual([[defLocs[0]!.code, 2, 2], [defLocs[1]!.code, 2, 1]].sort())
    await invariantsClean()
  })

  it('refuses bad input naming the field; nothing written', async () => {
    const [a] = skus
    const before = await ledgerRows()
    const cases: [Record<string, unknown>, number, string, string?][] = [
      [{ locationCode: shelves[0]!.code, skuCode: a!.code, qty: 50, reason: 'damaged' }, 400, 'qty', 'samples:errors.insufficient'],
      [{ locationCode: 'NOPE-99', skuCode: a!.code, qty: 1, reason: 'damaged' }, 400, 'locationCode', 'samples:errors.unknownLocation'],
      [{ locationCode: shelves[0]!.code, skuCode: 'NO-SUCH-SKU-X', qty: 1, reason: 'damaged' }, 400, 'skuCode', 'samples:errors.unknownSku'],
      [{ locationCode: shelves[0]!.code, skuCode: a!.code, qty: 1, reason: 'damaged', toLocationCode: shelves[1]!.code }, 400, 'toLocationCode', 'samples:errors.notDefectiveArea'],
      [{ locationCode: shelves[0]!.code, skuCode: a!.code, qty: 1, reason: 'bored' }, 400, 'reason'],
      [{ locationCode: shelves[0]!.code, skuCode: a!.code, qty: -1, reason: 'damaged' }, 400, 'qty'],
      [{ locationCode: shelves[0]!.code, skuCode: a!.code, qty: 1 }, 400, 'reason'],
    ]
    for (const [args, status, field, key] of cases) {
      const r = await admin.cmd('defective.report', args)
      expect(r.statusCode, `${JSON.stringify(args)} ${r.body}`).toBe(status)
      expect(r.json().errors[0]).toMatchObject({ field, ...(key ? { messageKey: key } : {}) })
    }
    const short = await admin.cmd('defective.report', { locationCode: shelves[0]!.code, skuCode: a!.code, qty: 50, reason: 'damaged' })
    expect(short.json().errors[0].params).toMatchObject({ available: 2, requested: 50 })
    expect(await ledgerRows()).toBe(before)
  })

  it('the palette finds a report by its number (CP) and opens defective-reported', async () => {
    const hits = (await admin.get(`/api/search/documents?q=${reportNo.toLowerCase()}`)).json().data as any[]
    expect(hits[0]).toMatchObject({ type: 'defectiveReport', number: reportNo, path: `/in-house-work/defective-reported?reportNo=${reportNo}` })
    const receiver = await apiAs(t, 'receiver')
    expect(((await receiver.get(`/api/search/documents?q=${reportNo}`)).json().data as any[]).some((h) => h.number === reportNo)).toBe(false)
  })
})

describe('Defective stock is never allocated', () => {
  it('an order for a SKU whose only stock is Defective takes nothing; normal stock beside it is taken', async () => {
    const [, b] = skus
    // b: 5 normal on shelf 0 → report 4 defective, 1 normal stays.
    await expectOk(admin, 'defective.report', { locationCode: shelves[0]!.code, skuCode: b!.code, qty: 4, reason: 'missingPart' })
    const order = await expectOk(admin, 'outbound.order.create', {
      platform: 'AMAZON', shippingMethod: 'UPS-GROUND', consigneeName: 'Dana Whitfield', consigneePhone: '+1 213-555-0144', address: '2211 Sunset Blvd',
      country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90026', lines: [{ code: b!.code, qty: 3 }],
    })
    const v = await admin.cmd('outbound.order.validate', { ids: [order.id] })
    expect(v.statusCode, v.body).toBe(200)
    const res = await q<{ status: number; n: number }>(`SELECT b.stock_status AS status, sum(r.qty)::int AS n FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE b.sku_id = $1 AND r.status = 0 AND r.doc_type = 'outboundOrder' GROUP BY b.stock_status`, [b!.id])
    expect(res.map((r) => [Number(r.status), Number(r.n)])).toEqual([[StockStatus.Normal, 1]])
    const def = await q<{ locked: number }>(`SELECT locked FROM inventory_balance WHERE sku_id = $1 AND stock_status = $2`, [b!.id, StockStatus.Defective])
    expect(def.map((r) => Number(r.locked))).toEqual([0])
    await invariantsClean()
  })
})
