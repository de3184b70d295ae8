// Inspection and shelving over the real API (spec sections 4, 5, 8, 9): received goods (seeded through
// the ledger at the receiving location, as receiving does) → the inbound flow makes the pre-inbound
// inspection → pass/fail recorded (failed goods turn defective where they are) → completed → the
// shelving order (generate refused before completion) → shelved by LOCATION + SKU scans with every
// refusal → stock where it was scanned, inbound lines' counts, invariants clean. Then the post-inbound
// path (shelve → inspection → transfer order to a defective area), no-inspection orders, strategies'
// suggestions and co-storage, fast storage, claim/assign, timeout flag, and another warehouse → 404.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'
import { afterReceivingFinished, type FlowResult } from '../../src/server/inventory/inbound-flow'
import { rowsOf } from '../../src/server/db/rows'
import { sql } from 'drizzle-orm'

let t: TestApp
let admin: ApiClient
let shelver: ApiClient
const loc: Record<string, number> = {}
let skuA: { id: number; code: string }
let skuB: { id: number; code: string }
let skuC: { id: number; code: string }
let seq = 0

const AUTH = { userId: 1, username: 'admin', tenantId: 1, warehouseId: 26 }

async function locId(code: string, warehouseId = 26): Promise<number> {
  const [r] = await t.database.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = $1 AND code = $2`, [warehouseId, code])
  if (!r) throw new Error(`no location ${code}`)
  return Number(r.id)
}

/** An inbound order fully received at RCV-01 (receipts + ledger), then finished through the flow. */
async function receivedOrder(mode: number, lines: { sku: { id: number }; qty: number; batch?: string }[]): Promise<{ orderId: number; orderNo: string; flow: FlowResult }> {
  const orderNo = `RKTEST${++seq}`
  const total = lines.reduce((s, l) => s + l.qty, 0)
  // One transaction: order, lines, receipts and ledger rows, then the flow (what finishReceiving does).
  return t.database.tx(async (tx) => {
    const [o] = rowsOf(await tx.execute(sql`
      INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, inspection_mode, expected_qty, received_qty, finished_at)
      VALUES (1, 26, ${orderNo}, 1, 4, ${mode}, ${total}, ${total}, now()) RETURNING id`))
    const orderId = Number(o!.id)
    let lineNo = 0
    for (const l of lines) {
      lineNo += 1
      const [line] = rowsOf(await tx.execute(sql`
        INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, expected_qty, received_qty)
        VALUES (${orderId}, 1, 26, ${lineNo}, ${l.sku.id}, ${l.batch ?? ''}, ${l.qty}, ${l.qty}) RETURNING id`))
      await tx.execute(sql`
        INSERT INTO inbound_receipt (tenant_id, warehouse_id, order_id, line_id, sku_id, qty, batch_no, scanned_code, location_id, operator_id, operator_name)
        VALUES (1, 26, ${orderId}, ${Number(line!.id)}, ${l.sku.id}, ${l.qty}, ${l.batch ?? ''}, 'TEST', ${loc['RCV-01']!}, 1, 'admin')`)
      await addStock(tx, { tenantId: 1, warehouseId: 26, locationId: loc['RCV-01']!, skuId: l.sku.id, batchNo: l.batch ?? '' }, l.qty,
        { docType: 'RK', docNo: orderNo, docLine: lineNo }, { userId: 1, username: 'admin' })
    }
    const flow = await afterReceivingFinished(tx, AUTH, orderId)
    return { orderId, orderNo, flow }
  })
}

async function stockAt(skuId: number, locationId: number, status: number = StockStatus.Normal, batch = ''): Promise<number> {
  const [r] = await t.database.query<{ on_hand: number }>(
    `SELECT on_hand FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3 AND batch_no = $4`,
    [skuId, locationId, status, batch])
  return r ? Number(r.on_hand) : 0
}

async function inboundLines(orderId: number) {
  return t.database.query<{ line_no: number; pass_qty: number; fail_qty: number; shelved_qty: number }>(
    `SELECT line_no, pass_qty, fail_qty, shelved_qty FROM inbound_order_line WHERE order_id = $1 ORDER BY line_no`, [orderId])
}

const task = async (no: string, c: ApiClient = admin) => (await c.get(`/api/inbound/shelving-tasks/${no}`)).json().data
const err = (r: { json(): any }) => r.json().messageKey as string

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  shelver = await apiAs(t, 'shelver')
  for (const c of ['RCV-01', 'DEF-01', 'DEF-02', 'T-001', 'A01-01-01', 'A01-01-02', 'F01-01-01']) loc[c] = await locId(c)
  const skus = await t.database.query<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 3`)
  ;[skuA, skuB, skuC] = skus.map((s) => ({ id: Number(s.id), code: s.sku_code }))
  // Keep the picking locations the tests scan into free of other stock: suggestions look for empty ones.
}, 120_000)
afterAll(async () => { await t?.close() })

describe('pre-inbound inspection → shelving order → shelving by scans', () => {
  let orderId: number
  let inspectionNo: string
  let taskNo: string

  it('finishing receiving of a pre-inbound order makes an inspection order over the received lines', async () => {
    const r = await receivedOrder(1, [{ sku: skuA, qty: 10 }, { sku: skuB, qty: 5 }])
    orderId = r.orderId
    expect(r.flow.inspectionNo).toMatch(/^QC\d{10}$/)
    expect(r.flow.shelvingTaskNo).toBeUndefined()
    inspectionNo = r.flow.inspectionNo!
    const v = (await admin.get(`/api/inbound/inspections/${inspectionNo}`)).json().data
    expect(v).toMatchObject({ kind: 1, status: 0, qty: 15, passQty: 0, failQty: 0, generatedNo: null })
    expect(v.lines.map((l: any) => [l.skuCode, l.qty, l.locationCode])).toEqual([[skuA.code, 10, 'RCV-01'], [skuB.code, 5, 'RCV-01']])
    const list = (await admin.get(`/api/inbound/inspections?inspectionNo=${inspectionNo}`)).json().data
    expect(list.records).toHaveLength(1)
    expect(list.records[0]).toMatchObject({ inspectionNo, kind: 1, status: 0, qty: 15 })
  })

  it('refuses to generate the shelving order before the inspection is completed (spec §4)', async () => {
    const r = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(r.statusCode).toBe(409)
    expect(err(r)).toBe('inbound:inspection.errors.shelvingNeedsCompleted')
    // The spec's sentence, then the inspection's status and the one generating needs (issue 19 §2).
    expect(r.json().responseDesc).toBe(`Only a pre-inbound inspection with status inspection completed may generate an inbound shelving order: ${inspectionNo} is Pending, generating needs Inspection completed`)
  })

  it('records pass/fail by scanned code; failed goods turn defective at the same location', async () => {
    const r = await admin.cmd('inbound.inspection.record', { inspectionNo, code: skuA.code, pass: 7, fail: 2 })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().data.inspection).toMatchObject({ status: 1, passQty: 7, failQty: 2 })
    expect(await stockAt(skuA.id, loc['RCV-01']!, StockStatus.Defective)).toBe(2)
    expect(await stockAt(skuA.id, loc['RCV-01']!)).toBe(8)
    expect((await inboundLines(orderId))[0]).toMatchObject({ pass_qty: 7, fail_qty: 2 })
  })

  it('refuses pass + fail above the line quantity, zero quantities and a code not in the inspection', async () => {
    const over = await admin.cmd('inbound.inspection.record', { inspectionNo, code: skuA.code, pass: 2 })
    expect(over.statusCode).toBe(409)
    expect(err(over)).toBe('inbound:inspection.errors.overQty')
    expect(over.json().responseDesc).toContain('scanned quantity not above quantity to scan')
    const zero = await admin.cmd('inbound.inspection.record', { inspectionNo, code: skuA.code, pass: 0, fail: 0 })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().errors[0].field).toBe('pass')
    const wrong = await admin.cmd('inbound.inspection.record', { inspectionNo, code: skuC.code, pass: 1 })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0]).toMatchObject({ field: 'code', messageKey: 'inbound:inspection.errors.notInInspection' })
    // Nothing of the refused calls was written.
    expect((await admin.get(`/api/inbound/inspections/${inspectionNo}`)).json().data).toMatchObject({ passQty: 7, failQty: 2 })
  })

  it('completion refuses undecided units unless they pass; then the inbound lines carry pass/fail', async () => {
    const r = await admin.cmd('inbound.inspection.complete', { inspectionNo })
    expect(r.statusCode).toBe(409)
    expect(r.json()).toMatchObject({ messageKey: 'inbound:inspection.errors.undecided' })
    expect(r.json().responseDesc).toContain('6')
    const ok = await admin.cmd('inbound.inspection.complete', { inspectionNo, passRest: true })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ status: 2, passQty: 13, failQty: 2 })
    expect((await inboundLines(orderId)).map((l) => [l.pass_qty, l.fail_qty])).toEqual([[8, 2], [5, 0]])
    const again = await admin.cmd('inbound.inspection.record', { inspectionNo, code: skuB.code, pass: 1 })
    expect(again.statusCode).toBe(409)
    expect(err(again)).toBe('inbound:inspection.errors.completed')
  })

  it('generates the shelving order once: passed goods as normal lines, failed as a defective line', async () => {
    const r = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(r.statusCode, r.body).toBe(200)
    taskNo = r.json().data.generatedNo
    expect(taskNo).toMatch(/^SJ\d{10}$/)
    const again = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(again.statusCode).toBe(409)
    expect(err(again)).toBe('inbound:inspection.errors.alreadyGenerated')
    const v = await task(taskNo)
    expect(v).toMatchObject({ status: 0, qty: 15, shelvedQty: 0, sourceType: 'inbound', sourceNo: inspectionNo, timedOut: false })
    expect(v.lines.map((l: any) => [l.skuCode, l.stockStatus, l.qty, l.fromLocationCode])).toEqual([
      [skuA.code, 1, 8, 'RCV-01'], [skuB.code, 1, 5, 'RCV-01'], [skuA.code, 2, 2, 'RCV-01'],
    ])
    // Suggestions: normal goods never into the defective or temporary areas; defective goods into DEF.
    expect(v.lines[0].suggestedLocationCode).not.toMatch(/^(DEF|T-|RCV)/)
    expect(v.lines[1].suggestedLocationCode).not.toBe(v.lines[0].suggestedLocationCode)
    expect(v.lines[2].suggestedLocationCode).toMatch(/^DEF-0\d$/)
  })

  it('claim: Unclaimed → Working by the operator; another operator cannot scan into it', async () => {
    const c = await shelver.cmd('inbound.shelving.claim', { taskNo })
    expect(c.statusCode, c.body).toBe(200)
    expect(c.json().data).toMatchObject({ status: 1, claimedByName: expect.any(String) })
    const twice = await shelver.cmd('inbound.shelving.claim', { taskNo })
    expect(twice.statusCode).toBe(409)
    const other = await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-01', code: skuA.code })
    expect(other.statusCode).toBe(409)
    expect(err(other)).toBe('inbound:shelving.errors.claimedByOther')
  })

  it('refuses a wrong SKU, unknown/other-warehouse/disabled locations, area mismatches and more than movable', async () => {
    const wrong = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-01', code: skuC.code })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json().errors[0]).toMatchObject({ field: 'code', messageKey: 'inbound:shelving.errors.notInTask' })
    expect(wrong.json().responseDesc).toContain('scan error')
    const unknown = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'NOPE-99', code: skuA.code })
    expect(unknown.json().errors[0]).toMatchObject({ field: 'locationCode', messageKey: 'inbound:shelving.errors.locationUnknown' })
    // A location that exists only in another warehouse is unknown here.
    await t.database.query(`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id)
      SELECT 1, 168, 'LA-ONLY-1', 'scattered', id FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 168 AND code = 'PICK-A'`)
    const foreign = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'LA-ONLY-1', code: skuA.code })
    expect(foreign.statusCode).toBe(400)
    expect(foreign.json().errors[0].messageKey).toBe('inbound:shelving.errors.locationUnknown')
    const [disabled] = await t.database.query<{ code: string }>(`SELECT code FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 0 ORDER BY code LIMIT 1`)
    const dis = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: disabled!.code, code: skuA.code })
    expect(dis.json().errors[0].messageKey).toBe('inbound:shelving.errors.locationDisabled')
    const over = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-02', code: skuB.code, qty: 6 })
    expect(over.statusCode).toBe(409)
    expect(over.json()).toMatchObject({ messageKey: 'inbound:shelving.errors.movable', errors: [{ field: 'qty' }] })
    expect(over.json().responseDesc).toContain('moved not above movable')
    expect((await task(taskNo)).shelvedQty).toBe(0)
  })

  it('each scan moves stock through the ledger to the scanned location (temporary ones too) and counts it', async () => {
    const one = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'a01-01-01', code: skuA.code })
    expect(one.statusCode, one.body).toBe(200)
    expect(one.json().data).toMatchObject({ lineNo: 1, qty: 1, locationCode: 'A01-01-01', completed: false })
    const seven = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-01', code: skuA.code, qty: 7 })
    expect(seven.statusCode, seven.body).toBe(200)
    expect(await stockAt(skuA.id, loc['A01-01-01']!)).toBe(8)
    expect(await stockAt(skuA.id, loc['RCV-01']!)).toBe(0)
    // The normal line of A is done: A at a normal location now means the defective line → refused.
    const defToNormal = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-02', code: skuA.code })
    expect(defToNormal.json().errors[0].messageKey).toBe('inbound:shelving.errors.defectiveNeedsDefectiveArea')
    const normalToDef = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'DEF-01', code: skuB.code })
    expect(normalToDef.json().errors[0].messageKey).toBe('inbound:shelving.errors.normalNotInDefectiveArea')
    const temp = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'T-001', code: skuB.code, qty: 2 })
    expect(temp.statusCode, temp.body).toBe(200)
    expect(await stockAt(skuB.id, loc['T-001']!)).toBe(2)
    const v = await task(taskNo)
    expect(v.shelvedQty).toBe(10)
    expect(v.records.map((r: any) => [r.locationCode, r.qty])).toEqual([['T-001', 2], ['A01-01-01', 7], ['A01-01-01', 1]])
  })

  it('completes by itself when everything is shelved; inbound lines show what was shelved; invariants hold', async () => {
    expect((await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-02', code: skuB.code, qty: 3 })).statusCode).toBe(200)
    const last = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'DEF-01', code: skuA.code, qty: 2 })
    expect(last.statusCode, last.body).toBe(200)
    expect(last.json().data).toMatchObject({ completed: true, task: { status: 2, shelvedQty: 15 } })
    expect(await stockAt(skuA.id, loc['DEF-01']!, StockStatus.Defective)).toBe(2)
    expect((await inboundLines(orderId)).map((l) => l.shelved_qty)).toEqual([10, 5])
    const done = await shelver.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-02', code: skuB.code })
    expect(err(done)).toBe('inbound:shelving.errors.completed')
    const inv = await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })
    expect(inv.violations).toEqual([])
    // The ledger explains the move: the shelving task's rows on the target balance.
    const rows = await t.database.query<{ doc_no: string; delta_on_hand: number }>(
      `SELECT l.doc_no, l.delta_on_hand FROM inventory_ledger l JOIN inventory_balance b ON b.id = l.balance_id
       WHERE b.location_id = $1 AND b.sku_id = $2 ORDER BY l.id`, [loc['DEF-01']!, skuA.id])
    expect(rows.map((r) => [r.doc_no, Number(r.delta_on_hand)])).toEqual([[taskNo, 2]])
  })

  it('another warehouse never sees the inspection or the task (404), nor can scan into it', async () => {
    const la = admin.in({ warehouseId: 168 })
    expect((await la.get(`/api/inbound/inspections/${inspectionNo}`)).statusCode).toBe(404)
    const g = await la.get(`/api/inbound/shelving-tasks/${taskNo}`)
    expect(g.statusCode).toBe(404)
    expect(g.body).not.toContain(skuA.code)
    expect((await la.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-01', code: skuA.code })).statusCode).toBe(404)
    expect((await la.cmd('inbound.inspection.record', { inspectionNo, code: skuA.code, pass: 1 })).statusCode).toBe(404)
    expect((await la.get(`/api/inbound/shelving-tasks?taskNo=${taskNo}`)).json().data.total).toBe(0)
  })

  it('palette: typing the numbers finds the inspection and the task', async () => {
    const r = await admin.get(`/api/search/documents?q=${taskNo}`)
    expect(r.statusCode, r.body).toBe(200)
    const body = JSON.stringify(r.json())
    expect(body).toContain(taskNo)
    expect(body).toContain('/stock-in/shelf-task/details?no=')
  })
})

describe('post-inbound inspection → inspection transfer order', () => {
  it('shelving first, then the inspection; failed goods move to a defective location by the transfer order', async () => {
    const r = await receivedOrder(2, [{ sku: skuC, qty: 4, batch: 'B7' }])
    expect(r.flow.inspectionNo).toBeUndefined()
    const taskNo = r.flow.shelvingTaskNo!
    expect(taskNo).toMatch(/^SJ/)
    const s = await admin.cmd('inbound.shelving.scan', { taskNo, locationCode: 'F01-01-01', code: skuC.code, qty: 4 })
    expect(s.statusCode, s.body).toBe(200)
    const inspectionNo = s.json().data.inspectionNo as string
    expect(inspectionNo).toMatch(/^QC/)
    const v = (await admin.get(`/api/inbound/inspections/${inspectionNo}`)).json().data
    expect(v).toMatchObject({ kind: 2, status: 0, qty: 4 })
    expect(v.lines[0]).toMatchObject({ locationCode: 'F01-01-01', batchNo: 'B7', qty: 4 })

    const early = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(err(early)).toBe('inbound:inspection.errors.transferNeedsCompleted')
    expect((await admin.cmd('inbound.inspection.record', { inspectionNo, lineId: v.lines[0].id, pass: 3, fail: 1 })).statusCode).toBe(200)
    expect(await stockAt(skuC.id, loc['F01-01-01']!, StockStatus.Defective, 'B7')).toBe(1)
    expect((await admin.cmd('inbound.inspection.complete', { inspectionNo })).statusCode).toBe(200)
    const g = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(g.statusCode, g.body).toBe(200)
    const qt = g.json().data.generatedNo as string
    expect(qt).toMatch(/^QT/)
    const tv = await task(qt)
    expect(tv).toMatchObject({ sourceType: 'inspection', sourceNo: inspectionNo, qty: 1 })
    expect(tv.lines[0]).toMatchObject({ stockStatus: 2, fromLocationCode: 'F01-01-01', batchNo: 'B7' })
    expect(tv.lines[0].suggestedLocationCode).toMatch(/^DEF-/)
    const mv = await admin.cmd('inbound.shelving.scan', { taskNo: qt, locationCode: 'DEF-02', code: skuC.code })
    expect(mv.statusCode, mv.body).toBe(200)
    expect(mv.json().data.completed).toBe(true)
    expect(await stockAt(skuC.id, loc['DEF-02']!, StockStatus.Defective, 'B7')).toBe(1)
    expect(await stockAt(skuC.id, loc['F01-01-01']!, StockStatus.Normal, 'B7')).toBe(3)
    // The transfer does not count as shelving the inbound line again.
    expect((await inboundLines(r.orderId))[0]).toMatchObject({ pass_qty: 3, fail_qty: 1, shelved_qty: 4 })
    expect((await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })).violations).toEqual([])
  })

  it('a transfer order needs failed goods', async () => {
    const r = await receivedOrder(2, [{ sku: skuB, qty: 1 }])
    const s = await admin.cmd('inbound.shelving.scan', { taskNo: r.flow.shelvingTaskNo, locationCode: 'A01-01-02', code: skuB.code })
    const inspectionNo = s.json().data.inspectionNo
    expect((await admin.cmd('inbound.inspection.complete', { inspectionNo, passRest: true })).statusCode).toBe(200)
    const g = await admin.cmd('inbound.inspection.generate', { inspectionNo })
    expect(g.statusCode).toBe(409)
    expect(err(g)).toBe('inbound:inspection.errors.nothingFailed')
  })
})

describe('strategies, co-storage, fast storage, assignment, timeouts', () => {
  it('an order without inspection gets a shelving task at once; suggestions follow the strategies and co-storage', async () => {
    const areas = await t.database.query<{ id: number; code: string }>(`SELECT id, code FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 26 AND code IN ('FLOOR-F', 'PICK-B')`)
    const id = (c: string) => Number(areas.find((a) => a.code === c)!.id)
    const add = await admin.cmd('resource.inboundStrategy.add', { name: 'Floor first', type: 'normal', areaIds: [id('PICK-B'), id('FLOOR-F')], priority: 1, status: 1 })
    expect(add.statusCode, add.body).toBe(200)
    const dup = await admin.cmd('resource.inboundStrategy.add', { name: 'Another', type: 'normal', areaIds: [id('FLOOR-F')], priority: 1, status: 1 })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors[0].field).toBe('priority')
    const bad = await admin.cmd('resource.inboundStrategy.add', { name: 'Zero', type: 'normal', areaIds: [id('FLOOR-F')], priority: 0, status: 1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('priority')

    // skuA already sits in A01-01-01 (PICK-A, not in the strategy) → first empty location of PICK-B.
    const r = await receivedOrder(0, [{ sku: skuA, qty: 3 }])
    const v = await task(r.flow.shelvingTaskNo!)
    expect(v.lines[0].suggestedLocationCode).toBe('B01-01-01')
    // Once B01-01-01 holds skuA, the same SKU is suggested there again (co-storage allowed by default).
    expect((await admin.cmd('inbound.shelving.scan', { taskNo: v.taskNo, locationCode: 'B01-01-01', code: skuA.code, qty: 3 })).statusCode).toBe(200)
    const r2 = await receivedOrder(0, [{ sku: skuA, qty: 1 }])
    expect((await task(r2.flow.shelvingTaskNo!)).lines[0].suggestedLocationCode).toBe('B01-01-01')
    // Co-storage not allowed → an empty location instead.
    await t.database.query(`INSERT INTO inbound_setting (tenant_id, warehouse_id, receiving_location_id, co_storage)
      VALUES (1, 26, $1, false) ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET co_storage = false`, [loc['RCV-01']!])
    const r3 = await receivedOrder(0, [{ sku: skuA, qty: 1 }])
    expect((await task(r3.flow.shelvingTaskNo!)).lines[0].suggestedLocationCode).toBe('B01-01-02')
    await t.database.query(`UPDATE inbound_setting SET co_storage = true WHERE tenant_id = 1 AND warehouse_id = 26`)
  })

  it('fast storage (PC) shelves a whole line in one confirm; normal mode refuses it', async () => {
    const r = await receivedOrder(0, [{ sku: skuB, qty: 6 }])
    const taskNo = r.flow.shelvingTaskNo!
    const refused = await admin.cmd('inbound.shelving.shelveLine', { taskNo, lineNo: 1, locationCode: 'A01-01-02' })
    expect(refused.statusCode).toBe(409)
    expect(err(refused)).toBe('inbound:shelving.errors.fastOnly')
    await t.database.query(`UPDATE inbound_setting SET storage_mode = 'fast' WHERE tenant_id = 1 AND warehouse_id = 26`)
    const ok = await admin.cmd('inbound.shelving.shelveLine', { taskNo, lineNo: 1, locationCode: 'A01-01-02' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ qty: 6, completed: true })
    await t.database.query(`UPDATE inbound_setting SET storage_mode = 'normal' WHERE tenant_id = 1 AND warehouse_id = 26`)
  })

  it('concurrent scans never shelve more than the line; a repeated idempotency key applies once', async () => {
    const r = await receivedOrder(0, [{ sku: skuC, qty: 3 }])
    const taskNo = r.flow.shelvingTaskNo!
    const answers = await Promise.all(Array.from({ length: 8 }, () => admin.cmd('inbound.shelving.scan', { taskNo, locationCode: 'A01-01-02', code: skuC.code })))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3)
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.json().messageKey)).toEqual(Array(5).fill('inbound:shelving.errors.completed'))
    expect(await stockAt(skuC.id, loc['A01-01-02']!)).toBe(3)

    const r2 = await receivedOrder(0, [{ sku: skuC, qty: 2 }])
    const key = 'b3-repeat-scan'
    const a = await admin.cmd('inbound.shelving.scan', { taskNo: r2.flow.shelvingTaskNo, locationCode: 'A01-01-02', code: skuC.code }, key)
    const b = await admin.cmd('inbound.shelving.scan', { taskNo: r2.flow.shelvingTaskNo, locationCode: 'A01-01-02', code: skuC.code }, key)
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect((await task(r2.flow.shelvingTaskNo!)).shelvedQty).toBe(1)
    expect(await stockAt(skuC.id, loc['A01-01-02']!)).toBe(4)
    expect((await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })).violations).toEqual([])
  })

  it('assigns tasks to a job group of the warehouse; completes with a remainder by command; flags timeouts', async () => {
    const r = await receivedOrder(0, [{ sku: skuB, qty: 2 }])
    const taskNo = r.flow.shelvingTaskNo!
    const [g] = await t.database.query<{ id: number }>(`SELECT id FROM job_group WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1 ORDER BY id LIMIT 1`)
    const a = await admin.cmd('inbound.shelving.assign', { taskNos: [taskNo], jobGroupId: Number(g!.id) })
    expect(a.statusCode, a.body).toBe(200)
    expect((await task(taskNo)).jobGroupId).toBe(Number(g!.id))
    const [foreign] = await t.database.query<{ id: number }>(`SELECT id FROM job_group WHERE warehouse_id <> 26 ORDER BY id LIMIT 1`)
    const bad = await admin.cmd('inbound.shelving.assign', { taskNos: [taskNo], jobGroupId: Number(foreign!.id) })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('jobGroupId')
    const picker = await apiAs(t, 'picker')
    expect((await picker.cmd('inbound.shelving.assign', { taskNos: [taskNo], jobGroupId: Number(g!.id) })).statusCode).toBe(403)

    await t.database.query(`UPDATE shelving_task SET created_at = now() - interval '30 hours' WHERE task_no = $1`, [taskNo])
    const flagged = (await admin.get(`/api/inbound/shelving-tasks?taskNo=${taskNo}`)).json().data.records[0]
    expect(flagged.timedOut).toBe(true)
    expect((await admin.get(`/api/inbound/shelving-tasks?timedOut=1&taskNo=${taskNo}`)).json().data.total).toBe(1)

    const c = await admin.cmd('inbound.shelving.complete', { taskNo })
    expect(c.statusCode, c.body).toBe(200)
    expect(c.json().data.task).toMatchObject({ status: 2, shelvedQty: 0, timedOut: false })
    expect((await admin.get(`/api/inbound/shelving-tasks?timedOut=1&taskNo=${taskNo}`)).json().data.total).toBe(0)
    expect((await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })).violations).toEqual([])
  })
})
