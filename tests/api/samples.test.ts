// Samples and sample out over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// issue 20 part E2: samples lent into the sample area as Sample stock and returned (YJ, ledger moves);
// a sample out request (YP) reserves Sample stock while it waits, is approved by another user (four
// eyes), and its stock leaves through the ledger when it is handed over (Completed); a rejected one
// gives its stock back; Sample stock is never allocated to an order; sample out only in the sample
// warehouses; the palette finds a request by its number. After every scenario the invariant check is
// clean and explain shows the rows under the document's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { freshSkus, demoShelves, type Sku, type Shelf } from '../helpers/stock-fixtures'
import { SAMPLE_API } from '../../commands/samples'
import { addStock, checkInvariants, explainBalance, StockStatus } from '../../src/server/inventory/ledger'
import { ApprovalStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let supervisor: ApiClient
let skus: Sku[] = []
let shelves: Shelf[] = []
let sampleLocs: Shelf[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk

const stock = (skuId: number, locationId: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-SAMPLES' }, op))
const balance = async (skuId: number, locationId: number, status: number) => (await q<{ id: number; on_hand: number; locked: number }>(`
  SELECT id, on_hand, locked FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3`,
[skuId, locationId, status]))[0]
const onHand = async (skuId: number, locationId: number, status: number) => Number((await balance(skuId, locationId, status))?.on_hand ?? 0)
async function invariantsClean() {
  expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
}
async function explainUnder(skuId: number, locationId: number, status: number, docNo: string) {
  const b = await balance(skuId, locationId, status)
  const r = await explainBalance(t.database.db, scope, Number(b!.id))
  return r!.entries.filter((e) => e.docNo === docNo).map((e) => ({ docType: e.docType, reason: e.reason, onHand: e.deltaOnHand, locked: e.deltaLocked }))
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  supervisor = await apiAs(t, 'supervisor')
  skus = await freshSkus(q, 3, { enabled: true })
  shelves = await demoShelves(q, 3)
  sampleLocs = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.area_type = 3 ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(skus.length).toBe(3)
  expect(sampleLocs.length).toBe(2)
  for (const s of skus) await stock(s.id, shelves[0]!.id, 10)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('samples lent and returned (sample-manager)', () => {
  it('lend moves normal stock into the sample area as Sample stock under a YJ number; return gives it back', async () => {
    const [a] = skus
    const lent = await ok(admin, 'sample.lend', { skuCode: a!.code, qty: 4, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[0]!.code, remark: 'photo shoot' })
    expect(lent).toMatchObject({ kind: 'lend', qty: 4, skuCode: a!.code, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[0]!.code })
    expect(lent.moveNo).toMatch(/^YJ\d{10}$/)
    expect(await onHand(a!.id, shelves[0]!.id, StockStatus.Normal)).toBe(6)
    expect(await onHand(a!.id, sampleLocs[0]!.id, StockStatus.Sample)).toBe(4)
    expect(await explainUnder(a!.id, sampleLocs[0]!.id, StockStatus.Sample, lent.moveNo)).toEqual([{ docType: 'sampleMove', reason: 'sampleLend', onHand: 4, locked: 0 }])
    expect(await explainUnder(a!.id, shelves[0]!.id, StockStatus.Normal, lent.moveNo)).toEqual([{ docType: 'sampleMove', reason: 'sampleLend', onHand: -4, locked: 0 }])

    const back = await ok(admin, 'sample.return', { skuCode: a!.code, qty: 1, fromLocationCode: sampleLocs[0]!.code, toLocationCode: shelves[1]!.code })
    expect(back.moveNo).toMatch(/^YJ\d{10}$/)
    expect(await onHand(a!.id, sampleLocs[0]!.id, StockStatus.Sample)).toBe(3)
    expect(await onHand(a!.id, shelves[1]!.id, StockStatus.Normal)).toBe(1)
    expect(await explainUnder(a!.id, shelves[1]!.id, StockStatus.Normal, back.moveNo)).toEqual([{ docType: 'sampleMove', reason: 'sampleReturn', onHand: 1, locked: 0 }])

    // The sample list shows it; the moves list both documents.
    const got = await admin.get(`${SAMPLE_API.stock}?skuCode=${a!.code}`)
    expect(got.statusCode, got.body).toBe(200)
    const list = got.json().data.records as any[]
    expect(list).toEqual([expect.objectContaining({ locationCode: sampleLocs[0]!.code, skuCode: a!.code, stockStatus: StockStatus.Sample, onHand: 3, free: 3 })])
    const moves = (await admin.get(`${SAMPLE_API.moves}?skuCode=${a!.code}`)).json().data.records as any[]
    expect(moves.map((m) => [m.moveNo, m.kind, m.qty, m.fromLocationCode, m.toLocationCode])).toEqual([
      [back.moveNo, 'return', 1, sampleLocs[0]!.code, shelves[1]!.code], [lent.moveNo, 'lend', 4, shelves[0]!.code, sampleLocs[0]!.code]])
    await invariantsClean()
  })

  it('refuses lending outside a sample area, returning into one, more than is free — naming the field, nothing written', async () => {
    const [a] = skus
    const before = Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM inventory_ledger')).n)
    let r = await admin.cmd('sample.lend', { skuCode: a!.code, qty: 1, fromLocationCode: shelves[0]!.code, toLocationCode: shelves[2]!.code })
    expect(r.statusCode, r.body).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ field: 'toLocationCode', messageKey: 'samples:errors.notSampleArea' })
    r = await admin.cmd('sample.return', { skuCode: a!.code, qty: 1, fromLocationCode: sampleLocs[0]!.code, toLocationCode: sampleLocs[1]!.code })
    expect(r.json().errors[0]).toMatchObject({ field: 'toLocationCode', messageKey: 'samples:errors.returnArea' })
    r = await admin.cmd('sample.lend', { skuCode: a!.code, qty: 99, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[0]!.code })
    expect(r.statusCode, r.body).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ field: 'qty', messageKey: 'samples:errors.insufficient', params: { available: 6, requested: 99 } })
    expect(r.json().responseDesc).toContain('6')
    r = await admin.cmd('sample.lend', { skuCode: 'NO-SUCH-SKU-X', qty: 1, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[0]!.code })
    expect(r.json().errors[0]).toMatchObject({ field: 'skuCode', messageKey: 'samples:errors.unknownSku' })
    r = await admin.cmd('sample.lend', { skuCode: a!.code, qty: 0, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[0]!.code })
    expect(r.statusCode).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ field: 'qty' })
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM inventory_ledger')).n)).toBe(before)
  })
})

describe('sample out (YP) through the approval machine', () => {
  let outNo = ''
  it('a request reserves Sample stock, waits in PendingApproval, and its approval record names the initiator', async () => {
    const [a] = skus
    const made = await ok(admin, 'sampleOut.create', {
      purpose: 'Trade show Guadalajara', borrower: 'Marketing — Ana', expectedReturnDate: '2099-01-31', lines: [{ skuCode: a!.code, qty: 2 }],
    })
    expect(made).toMatchObject({ status: S.PendingApproval, lines: 1, totalQty: 2 })
    expect(made.outNo).toMatch(/^YP\d{10}$/)
    outNo = made.outNo
    const b = await balance(a!.id, sampleLocs[0]!.id, StockStatus.Sample)
    expect([Number(b!.on_hand), Number(b!.locked)]).toEqual([3, 2])
    expect(await explainUnder(a!.id, sampleLocs[0]!.id, StockStatus.Sample, outNo)).toEqual([{ docType: 'sampleOut', reason: 'reserve', onHand: 0, locked: 2 }])
    const rec = (await supervisor.get(`${SAMPLE_API.approvals}?subjectNo=${outNo}`)).json().data.records as any[]
    expect(rec).toEqual([expect.objectContaining({ subjectKind: 'sampleOut', subjectNo: outNo, round: 1, status: S.PendingApproval, initiatorName: 'admin', approverName: null, opinion: null })])
    expect(rec[0].requestedAt).toBeTruthy()
    // Only 1 sample left free: a second request for 2 is refused naming the row.
    const r = await admin.cmd('sampleOut.create', { purpose: 'x', borrower: 'y', lines: [{ skuCode: a!.code, qty: 2 }] })
    expect(r.statusCode, r.body).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ field: 'lines.0.qty', messageKey: 'samples:errors.insufficientSample', params: { row: 1, available: 1, requested: 2 } })
    await invariantsClean()
  })

  it('the initiator cannot approve (four eyes); handing over before approval is refused naming the status', async () => {
    const r = await expectRefused(admin, 'sampleOut.approve', { outNo, opinion: 'ok' }, 409, 'approval:errors.fourEyes')
    expect(r.messageParams).toMatchObject({ no: outNo })
    expect(r.responseDesc).toContain(outNo)
    await expectRefused(admin, 'sampleOut.reject', { outNo }, 409, 'approval:errors.fourEyes')
    const c = await expectRefused(admin, 'sampleOut.complete', { outNo }, 409, 'approval:errors.completeStatus')
    expect(c.messageParams).toMatchObject({ status: S.PendingApproval, current: ['dict:approvalStatus.1'], allowed: ['dict:approvalStatus.3'] })
  })

  it('another user approves with an opinion; a second decision is refused naming the status; handing over takes the stock out under YP', async () => {
    const [a] = skus
    const r = await ok(supervisor, 'sampleOut.approve', { outNo, opinion: 'Approved for the show' })
    expect(r).toMatchObject({ outNo, status: S.ApprovalPassed, approverName: 'supervisor', opinion: 'Approved for the show' })
    const again = await expectRefused(supervisor, 'sampleOut.reject', { outNo, opinion: 'no' }, 409, 'approval:errors.decideStatus')
    expect(again.messageParams).toMatchObject({ no: outNo, status: S.ApprovalPassed, current: ['dict:approvalStatus.3'], allowed: ['dict:approvalStatus.1'] })
    expect(again.responseDesc).toMatch(/Approval passed/)
    // Still reserved until handed over.
    expect(Number((await balance(a!.id, sampleLocs[0]!.id, StockStatus.Sample))!.locked)).toBe(2)

    const done = await ok(admin, 'sampleOut.complete', { outNo })
    expect(done).toEqual({ outNo, status: S.Completed, totalQty: 2 })
    const b = await balance(a!.id, sampleLocs[0]!.id, StockStatus.Sample)
    expect([Number(b!.on_hand), Number(b!.locked)]).toEqual([1, 0])
    expect(await explainUnder(a!.id, sampleLocs[0]!.id, StockStatus.Sample, outNo)).toEqual([
      { docType: 'sampleOut', reason: 'sampleOut', onHand: -2, locked: -2 }, { docType: 'sampleOut', reason: 'reserve', onHand: 0, locked: 2 }])
    const row = (await admin.get(`${SAMPLE_API.outs}?outNo=${outNo}`)).json().data.records[0]
    expect(row).toMatchObject({ outNo, status: S.Completed, approverName: 'supervisor', opinion: 'Approved for the show', completedByName: 'admin', borrower: 'Marketing — Ana', expectedReturnDate: '2099-01-31' })
    const rec = (await supervisor.get(`${SAMPLE_API.approvals}?subjectNo=${outNo}`)).json().data.records[0]
    expect(rec).toMatchObject({ status: S.Completed, initiatorName: 'admin', approverName: 'supervisor', opinion: 'Approved for the show' })
    expect(rec.decidedAt && rec.completedAt).toBeTruthy()
    await expectRefused(admin, 'sampleOut.complete', { outNo }, 409, 'approval:errors.completeStatus')
    await invariantsClean()
  })

  it('a rejected request gives its reserved stock back and cannot be handed over', async () => {
    const [, b] = skus
    await ok(admin, 'sample.lend', { skuCode: b!.code, qty: 3, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[1]!.code })
    const made = await ok(supervisor, 'sampleOut.create', { purpose: 'Lab test', borrower: 'QA', lines: [{ skuCode: b!.code, qty: 3, locationCode: sampleLocs[1]!.code }] })
    expect(Number((await balance(b!.id, sampleLocs[1]!.id, StockStatus.Sample))!.locked)).toBe(3)
    const r = await ok(admin, 'sampleOut.reject', { outNo: made.outNo, opinion: 'Use the photos instead' })
    expect(r).toMatchObject({ status: S.ApprovalRejected, approverName: 'admin', opinion: 'Use the photos instead' })
    const bal = await balance(b!.id, sampleLocs[1]!.id, StockStatus.Sample)
    expect([Number(bal!.on_hand), Number(bal!.locked)]).toEqual([3, 0])
    expect(await explainUnder(b!.id, sampleLocs[1]!.id, StockStatus.Sample, made.outNo)).toEqual([
      { docType: 'sampleOut', reason: 'release', onHand: 0, locked: -3 }, { docType: 'sampleOut', reason: 'reserve', onHand: 0, locked: 3 }])
    await expectRefused(supervisor, 'sampleOut.complete', { outNo: made.outNo }, 409, 'approval:errors.completeStatus')
    await expectRefused(admin, 'sampleOut.approve', { outNo: made.outNo }, 409, 'approval:errors.decideStatus')
    await invariantsClean()
  })

  it('bad input is refused naming the field and row, nothing written', async () => {
    const [, , c] = skus
    const count = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM sample_out')).n)
    const before = await count()
    let r = await admin.cmd('sampleOut.create', { purpose: '', borrower: 'x', lines: [{ skuCode: c!.code, qty: 1 }] })
    expect(r.statusCode).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ field: 'purpose' })
    r = await admin.cmd('sampleOut.create', { purpose: 'p', borrower: 'x', lines: [] })
    expect(r.json().errors[0]).toMatchObject({ field: 'lines', messageKey: 'samples:errors.noLines' })
    r = await admin.cmd('sampleOut.create', { purpose: 'p', borrower: 'x', expectedReturnDate: '2001-01-01', lines: [{ skuCode: c!.code, qty: 1 }] })
    expect(r.json().errors[0]).toMatchObject({ field: 'expectedReturnDate', messageKey: 'samples:errors.dateInPast' })
    // c has no sample stock at all (normal stock is not taken by a sample out).
    r = await admin.cmd('sampleOut.create', { purpose: 'p', borrower: 'x', lines: [{ skuCode: skus[0]!.code, qty: 1 }, { skuCode: c!.code, qty: 1 }] })
    expect(r.json().errors[0]).toMatchObject({ field: 'lines.1.qty', messageKey: 'samples:errors.insufficientSample', params: { row: 2, available: 0 } })
    await expectRefused(admin, 'sampleOut.approve', { outNo: 'YP0000000000' }, 404, 'samples:errors.outNotFound')
    expect(await count()).toBe(before)
  })

  it('sample out only in the sample warehouses (Los Angeles is not one)', async () => {
    await expectRefused(admin.in({ warehouseId: 168 }), 'sampleOut.create', { purpose: 'p', borrower: 'x', lines: [{ skuCode: skus[0]!.code, qty: 1 }] }, 409, 'samples:errors.notSampleWarehouse')
  })

  it('the palette finds a request by its number (YP) and opens the sample out screen', async () => {
    const hits = (await admin.get(`/api/search/documents?q=${outNo}`)).json().data as any[]
    expect(hits[0]).toMatchObject({ type: 'sampleOut', number: outNo, path: `/stock-out/sample-out-management?outNo=${outNo}` })
    const part = (await admin.get(`/api/search/documents?q=${outNo.slice(0, 8)}`)).json().data as any[]
    expect(part.some((h) => h.number === outNo)).toBe(true)
    expect(((await admin.in({ warehouseId: 168 }).get(`/api/search/documents?q=${outNo}`)).json().data as any[]).some((h) => h.number === outNo)).toBe(false)
  })
})

describe('Sample stock is never allocated', () => {
  it('an order for a SKU whose only stock is Sample stock stays unallocated', async () => {
    const [, , c] = skus
    // c: 10 normal on shelf 0; lend all 10 to the sample area → no normal stock left.
    await ok(admin, 'sample.lend', { skuCode: c!.code, qty: 10, fromLocationCode: shelves[0]!.code, toLocationCode: sampleLocs[1]!.code })
    const order = await ok(admin, 'outbound.order.create', {
      platform: 'AMAZON', shippingMethod: 'UPS-GROUND', consigneeName: 'Dana Whitfield', consigneePhone: '+1 213-555-0144', address: '2211 Sunset Blvd',
      country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90026', lines: [{ code: c!.code, qty: 1 }],
    })
    const v = await admin.cmd('outbound.order.validate', { ids: [order.id] })
    expect(v.statusCode, v.body).toBe(200)
    const reserved = await q<{ n: number }>(`SELECT coalesce(sum(r.qty), 0)::int AS n FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE b.sku_id = $1 AND r.status = 0 AND r.doc_type = 'outboundOrder'`, [c!.id])
    expect(Number(reserved[0]!.n)).toBe(0)
    expect(Number((await balance(c!.id, sampleLocs[1]!.id, StockStatus.Sample))!.locked)).toBe(0)
    await invariantsClean()
  })
})
