// Face sheets over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), the carrier
// simulator behind them (its delay shrunk by CARRIER_SIM_DELAY_MS) and the server's face sheet worker:
// orders picked through the real picking flow; buy returns at once, the grid shows the purchase going,
// the waybill lands on the order; every refusal of the machine and of section 8 (re-buy, being
// purchased, not picked, locked, no phone, add-order failed, must buy before printing, printer not
// connected, bulk max 10, no printer, bad input naming the field, another pair's order); never bought
// twice — a buy retried while the carrier is slow, six buys at once, two workers racing, the carrier
// call repeated; cancel postage; PDF pages per paper, ZPL, and the barcodes decoded back from the PDF.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { decodeGray, pdfImages, pdfVectorBarcodes } from '../helpers/barcode'
import { FACE_SHEET_API, faceSheetLabelsUrl } from '../../commands/outbound-face-sheets'
import { addStock, StockStatus } from '../../src/server/inventory/ledger'
import { FaceSheetWorker, carrierConfig } from '../../src/server/areas/outbound/face-sheets'
import { carrierSimulator } from '../../src/server/integrations/carriers/simulator'
import { PDFDocument } from 'pdf-lib'

process.env.CARRIER_SIM_DELAY_MS = '300'
process.env.FACE_SHEET_WORKER_MS = '40'

let t: TestApp
let admin: ApiClient
let picker: ApiClient
let sku: { id: number; code: string }
let shelf: { id: number; code: string }
let ups: number
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!
const ok = async (c: ApiClient, command: string, args: Record<string, unknown>, key?: string) => {
  const r = await c.cmd(command, args, key)
  expect(r.statusCode, `${command} ${r.body}`).toBe(200)
  return r.json().data
}
const refused = async (c: ApiClient, command: string, args: unknown, status: number, key: string) => {
  const r = await c.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(status)
  expect(r.json().messageKey).toBe(key)
  return r.json()
}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Orders of `units` units each taken through the real flow to ReadyOut: created, validated, waved (one
 * bulk task, or `whole`: a task per order, no sorting before review), claimed, every unit scanned.
 */
async function pickedOrders(count: number, extra: Record<string, unknown> = {}, units = 1, whole = false): Promise<{ id: number; orderNo: string }[]> {
  await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelf.id, skuId: sku.id, stockStatus: StockStatus.Normal }, count * units, { docType: 'TEST', docNo: 'T-FACE' }, op))
  const orders: { id: number; orderNo: string }[] = []
  for (let i = 0; i < count; i++) {
    const o = await ok(admin, 'outbound.order.create', {
      platform: 'TIKTOK', shippingMethod: 'UPS-GROUND', carrierId: ups, consigneeName: 'Ana Ruiz', consigneePhone: '+1 213 555 0100',
      address: '1 Main St', city: 'Los Angeles', state: 'CA', postcode: '90001', country: 'US', lines: [{ code: sku.code, qty: units }], ...extra,
    })
    await ok(admin, 'outbound.order.validate', { ids: [o.id] })
    orders.push({ id: o.id, orderNo: o.orderNo })
  }
  const w = await ok(admin, 'outbound.wave.create', { orderIds: orders.map((o) => o.id), ...(whole ? { taskMode: 'whole', pickMode: 2 } : { taskMode: 'bulk' }) })
  const taskNo = w.tasks[0] as string
  await ok(picker, 'outbound.pickTask.claim', { taskNo })
  for (let i = 0; i < count * units; i++) await ok(picker, 'outbound.pick.scan', { taskNo, locationCode: shelf.code, code: sku.code })
  for (const o of orders) expect((await one<{ status: number }>('SELECT status FROM outbound_order WHERE id = $1', [o.id])).status).toBe(2)
  return orders
}

/** The faceorder-manage grid row of an order. */
async function row(orderId: number) {
  const r = await admin.get(`${FACE_SHEET_API.list}?size=200&sort=id:desc`)
  expect(r.statusCode, r.body).toBe(200)
  return (r.json().data.records as any[]).find((x) => x.id === orderId)
}

/** Waits until the order's face sheet reaches one of the states (the worker runs in the server). */
async function until(orderId: number, states: number[], ms = 8000) {
  const end = Date.now() + ms
  for (;;) {
    const r = await row(orderId)
    if (states.includes(r?.status)) return r
    if (Date.now() > end) throw new Error(`order ${orderId} stayed in ${r?.status}`)
    await sleep(60)
  }
}
const shipments = (orderNo: string) => q<{ id: number; cancelled_at: string | null }>('SELECT id, cancelled_at FROM carrier_sim_shipment WHERE order_no = $1 ORDER BY id', [orderNo])

async function newCarrier(code: string, fields: Record<string, unknown>): Promise<number> {
  return (await ok(admin, 'resource.carrier.add', { code, name: `${code} test`, carrierType: 'express', status: 1, serviceChannels: [], ...fields })).id
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  picker = await apiAs(t, 'picker')
  const [s] = await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`)
  sku = { id: Number(s!.id), code: s!.sku_code }
  const [l] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  shelf = { id: Number(l!.id), code: l!.code }
  ups = Number((await one<{ id: number }>("SELECT id FROM carrier WHERE code = 'UPS'")).id)
  // Deterministic: the demo's share of simulated failures off for UPS (failures get their own carrier below).
  await ok(admin, 'resource.carrier.edit', { id: ups, simFailurePercent: 0 })
}, 180_000)
afterAll(async () => { await t?.close() })

describe('buying a face sheet', () => {
  it('returns at once, shows the purchase going, lands the waybill on the order; never re-bought; cancel postage', async () => {
    const [a] = await pickedOrders(1)
    expect((await row(a!.id))).toMatchObject({ status: 0, faceSheetStatus: 0, trackingNo: null, orderStatus: 2 })
    process.env.CARRIER_SIM_DELAY_MS = '1200'
    const started = Date.now()
    const r = await ok(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] })
    expect(Date.now() - started).toBeLessThan(1200)
    expect(r.queued).toEqual([{ orderId: a!.id, orderNo: a!.orderNo, parcelNo: 1, faceSheetId: expect.any(Number) }])
    // While the carrier works: purchasing, with progress; a second buy is refused, printing too.
    const going = await until(a!.id, [2])
    expect(going.progress).toBeGreaterThanOrEqual(5)
    expect(going.progress).toBeLessThan(100)
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] }, 409, 'outbound-label:errors.labelBeingPurchased')
    await refused(admin, 'outbound.faceSheet.print', { orderIds: [a!.id] }, 409, 'outbound-label:errors.labelBeingPurchased')
    await refused(admin, 'outbound.faceSheet.cancel', { orderIds: [a!.id] }, 409, 'outbound-label:errors.labelBeingPurchased')
    process.env.CARRIER_SIM_DELAY_MS = '300'
    const done = await until(a!.id, [3])
    expect(done).toMatchObject({ faceSheetStatus: 1, progress: 100, carrierCode: 'UPS' })
    expect(done.trackingNo).toMatch(/^UPS\d{12}$/)
    const order = await one<{ face_sheet_status: number; tracking_no: string }>('SELECT face_sheet_status, tracking_no FROM outbound_order WHERE id = $1', [a!.id])
    expect(order).toEqual({ face_sheet_status: 1, tracking_no: done.trackingNo })
    expect((await shipments(a!.orderNo)).length).toBe(1)
    // Tracking through the adapter: ordered, label created.
    const tr = await admin.get(`${FACE_SHEET_API.tracking}?orderId=${a!.id}`)
    expect(tr.statusCode, tr.body).toBe(200)
    expect(tr.json().data).toMatchObject({ trackingNo: done.trackingNo, carrier: 'UPS' })
    expect(tr.json().data.events.map((e: { code: string }) => e.code)).toEqual(['ORDERED', 'LABEL'])
    // Spec section 5: cannot re-buy a purchased face sheet.
    const again = await refused(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] }, 409, 'outbound-label:errors.cannotRebuy')
    expect(again.responseDesc).toBe(`Cannot re-buy purchased face sheet: order ${a!.orderNo} (Bought; bought only from No face sheet or Postage cancelled)`)

    // Cancel postage: the carrier voids it, the order has no tracking number; then it may buy again.
    await ok(admin, 'outbound.faceSheet.cancel', { orderIds: [a!.id] })
    expect((await shipments(a!.orderNo))[0]!.cancelled_at).not.toBeNull()
    expect(await one('SELECT face_sheet_status, tracking_no FROM outbound_order WHERE id = $1', [a!.id])).toEqual({ face_sheet_status: 0, tracking_no: null })
    expect((await row(a!.id)).status).toBe(5)
    await refused(admin, 'outbound.faceSheet.cancel', { orderIds: [a!.id] }, 409, 'outbound-label:errors.nothingToCancel')
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] })
    const rebought = await until(a!.id, [3])
    expect(rebought.trackingNo).not.toBe(done.trackingNo)
    expect((await shipments(a!.orderNo)).filter((s) => !s.cancelled_at).length).toBe(1)
  }, 60_000)

  it('refuses what the machine and the carrier refuse, with the spec messages, naming fields on bad input', async () => {
    const picked = await pickedOrders(2)
    // Not picked yet (in force).
    const draft = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', carrierId: ups, consigneeName: 'B', consigneePhone: '1', address: 'x', country: 'US', lines: [{ code: sku.code, qty: 1 }] })
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [draft.id] }, 409, 'outbound-label:errors.orderNotPicked')
    // Locked after picking.
    await ok(admin, 'outbound.order.lock', { ids: [picked[0]!.id], reason: 'address check' })
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [picked[0]!.id] }, 409, 'outbound-label:errors.orderStopped')
    // All or nothing: one refused order refuses the bulk purchase.
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [picked[1]!.id, picked[0]!.id] }, 409, 'outbound-label:errors.orderStopped')
    expect((await q('SELECT id FROM face_sheet WHERE order_id = $1', [picked[1]!.id])).length).toBe(0)
    // Spec section 5: bulk purchase max 10 (the field named).
    const eleven = await admin.cmd('outbound.faceSheet.buy', { orderIds: Array.from({ length: 11 }, (_, i) => i + 1) })
    expect(eleven.statusCode).toBe(400)
    expect(eleven.json().errors[0]).toMatchObject({ field: 'orderIds', messageKey: 'outbound-label:errors.bulkMax', message: 'At most 10 face sheets per purchase' })
    // Bad input: translated, naming the field.
    const bad = await admin.cmd('outbound.faceSheet.buy', { orderIds: ['x'] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toMatch(/^orderIds/)
    const badPaper = await refused(admin, 'outbound.faceSheet.print', { orderIds: [picked[1]!.id], paper: 'A5' }, 400, 'errors:validation.form')
    expect(badPaper.errors[0].field).toBe('paper')
    // Another pair's order, or none: 404.
    const other = await one<{ id: number }>('SELECT id FROM outbound_order WHERE NOT (tenant_id = 1 AND warehouse_id = 26) ORDER BY id LIMIT 1')
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [Number(other.id)] }, 404, 'outbound-label:errors.orderNotFound')
    // Must buy before printing.
    const mustBuy = await refused(admin, 'outbound.faceSheet.print', { orderIds: [picked[1]!.id] }, 409, 'outbound-label:errors.mustBuyBeforePrinting')
    expect(mustBuy.responseDesc).toBe(`Must buy before printing: order ${picked[1]!.orderNo} (No face sheet; printed only when Bought)`)
    const pdf = await admin.get(faceSheetLabelsUrl([picked[1]!.id], 'pdf'))
    expect(pdf.statusCode).toBe(409)
    expect(pdf.json().messageKey).toBe('outbound-label:errors.mustBuyBeforePrinting')
  }, 60_000)

  it('a carrier refusing consignees without phone; a carrier failing the purchase: cancel postage and buy again', async () => {
    const phoneless = await newCarrier('SIMPHONE', { requiresPhone: true })
    const failing = await newCarrier('SIMFAIL', { simFailurePercent: 100 })
    const [a, b] = await pickedOrders(2, { consigneePhone: null })
    const r = await refused(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id], carrierId: phoneless }, 409, 'outbound-label:errors.noConsigneePhone')
    expect(r.responseDesc).toBe(`No consignee phone (only one carrier supported): order ${a!.orderNo}, carrier SIMPHONE`)
    // The same order through a carrier that takes it.
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] })
    expect((await until(a!.id, [3])).carrierCode).toBe('UPS')

    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [b!.id], carrierId: failing })
    const failed = await until(b!.id, [4])
    expect(failed).toMatchObject({ errorKey: 'outbound-label:errors.addOrderFailed', faceSheetStatus: 0, trackingNo: null })
    const again = await refused(admin, 'outbound.faceSheet.buy', { orderIds: [b!.id] }, 409, 'outbound-label:errors.buyAfterFailed')
    expect(again.responseDesc).toBe(`add-order failed, cancel postage and buy again: order ${b!.orderNo} is Purchase failed; a face sheet is bought only from No face sheet or Postage cancelled`)
    await refused(admin, 'outbound.faceSheet.print', { orderIds: [b!.id] }, 409, 'outbound-label:errors.mustBuyBeforePrinting')
    await ok(admin, 'outbound.faceSheet.cancel', { orderIds: [b!.id] })
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [b!.id] })
    expect((await until(b!.id, [3])).trackingNo).toMatch(/^UPS/)
    const rows = await q<{ status: number }>('SELECT status FROM face_sheet WHERE order_id = $1 ORDER BY id', [b!.id])
    expect(rows.map((x) => x.status)).toEqual([5, 3])

    // The sandbox value SIM_FAIL_ONCE in the address: the order's first purchase at a carrier fails, the next one does not.
    const [c] = await pickedOrders(1, { address: '1 Sandbox Way SIM_FAIL_ONCE' })
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [c!.id] })
    expect(await until(c!.id, [4])).toMatchObject({ errorKey: 'outbound-label:errors.addOrderFailed' })
    await ok(admin, 'outbound.faceSheet.cancel', { orderIds: [c!.id] })
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [c!.id] })
    expect((await until(c!.id, [3])).trackingNo).toMatch(/^UPS/)
  }, 90_000)
})

describe('an order in several parcels', () => {
  it('packed into two parcels buys two face sheets; one failed is partly bought, refused at printing and shipping; cancel and buy again; either tracking number ships it', async () => {
    // The sandbox value: the order's first purchase fails — parcel 1's — and parcel 2's is bought.
    const [o] = await pickedOrders(1, { address: '9 Sandbox Way SIM_FAIL_ONCE' }, 2, true)
    await ok(admin, 'outbound.review.start', { code: o!.orderNo })
    await ok(admin, 'outbound.review.scan', { orderNo: o!.orderNo, code: sku.code, qty: 2 })
    const bag = await one<{ id: number; stock_qty: number }>("SELECT id, stock_qty FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'BAG-S'")
    const pack = { orderNo: o!.orderNo, materialId: Number(bag.id), weightG: 1200 }
    // Not more parcels than units, naming the field.
    const over = await refused(admin, 'outbound.review.pack', { ...pack, parcels: 3 }, 400, 'outbound:review.errors.parcelsOverUnits')
    expect(over.errors[0]).toMatchObject({ field: 'parcels' })
    expect(await ok(admin, 'outbound.review.pack', { ...pack, parcels: 2 })).toMatchObject({ materialLeft: Number(bag.stock_qty) - 2, faceSheetStatus: 0 })
    expect((await row(o!.id))).toMatchObject({ parcelCount: 2, boughtParcels: 0, faceSheetStatus: 0 })

    const bought = await ok(admin, 'outbound.faceSheet.buy', { orderIds: [o!.id] })
    expect(bought.queued.map((x: { parcelNo: number }) => x.parcelNo)).toEqual([1, 2])
    // Parcel 1 fails, parcel 2 lands: partly bought (the order's purchase state is the failed parcel's).
    const end = Date.now() + 8000
    let r1 = await row(o!.id)
    while (!(r1.status === 4 && r1.boughtParcels === 1) && Date.now() < end) { await sleep(60); r1 = await row(o!.id) }
    expect(r1).toMatchObject({ status: 4, faceSheetStatus: 2, parcelCount: 2, boughtParcels: 1, errorKey: 'outbound-label:errors.addOrderFailed' })
    expect(r1.trackingNo).toMatch(/^UPS/)
    // Partly bought is not bought: no printing, no shipping, no re-buy until the postage is cancelled.
    await refused(admin, 'outbound.faceSheet.print', { orderIds: [o!.id] }, 409, 'outbound-label:errors.mustBuyBeforePrinting')
    await refused(admin, 'outbound.ship.scan', { code: r1.trackingNo }, 409, 'outbound:ship.errors.noFaceSheet')
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [o!.id] }, 409, 'outbound-label:errors.buyAfterFailed')

    await ok(admin, 'outbound.faceSheet.cancel', { orderIds: [o!.id] })
    expect(await row(o!.id)).toMatchObject({ status: 5, faceSheetStatus: 0, boughtParcels: 0, trackingNo: null })
    // The carrier voided what it sold: both shipments of the first purchase.
    expect((await shipments(o!.orderNo)).map((x) => x.cancelled_at !== null)).toEqual([true, true])
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [o!.id] })
    const done = await until(o!.id, [3])
    expect(done).toMatchObject({ faceSheetStatus: 1, boughtParcels: 2 })
    const sheets = await q<{ parcel_no: number; tracking_no: string }>('SELECT parcel_no, tracking_no FROM face_sheet WHERE order_id = $1 AND status = 3 ORDER BY parcel_no', [o!.id])
    expect(sheets.map((x) => x.parcel_no)).toEqual([1, 2])
    expect(done.trackingNo).toBe(sheets[0]!.tracking_no)

    // One label per parcel, "PARCEL i/2", each barcode its own tracking number.
    const zpl = await admin.get(faceSheetLabelsUrl([o!.id], 'zpl'))
    expect(zpl.statusCode).toBe(200)
    expect(zpl.headers['x-label-count']).toBe('2')
    expect(zpl.body).toContain('PARCEL 1/2')
    expect(zpl.body).toContain('PARCEL 2/2')
    const pdf = await admin.get(faceSheetLabelsUrl([o!.id], 'pdf', { paper: 'A4_2' }))
    expect(await pdfVectorBarcodes(pdf.rawPayload)).toEqual(sheets.map((x) => x.tracking_no))

    // The second parcel's tracking number ships the order; its handover list counts both parcels.
    const before = await one<{ n: number }>("SELECT coalesce(sum(parcel_count), 0)::int AS n FROM handover WHERE tenant_id = 1 AND warehouse_id = 26")
    const shipped = await ok(admin, 'outbound.ship.scan', { code: sheets[1]!.tracking_no })
    expect(shipped).toMatchObject({ orderNo: o!.orderNo, qty: 2 })
    const after = await one<{ n: number }>("SELECT coalesce(sum(parcel_count), 0)::int AS n FROM handover WHERE tenant_id = 1 AND warehouse_id = 26")
    expect(after.n - before.n).toBe(2)
    await refused(admin, 'outbound.ship.scan', { code: sheets[0]!.tracking_no }, 409, 'outbound:ship.errors.shipped')
  }, 90_000)
})

describe('never bought twice', () => {
  it('a buy retried while the simulator is slow, six buys at once, a second worker and a repeated carrier call make one label', async () => {
    process.env.CARRIER_SIM_DELAY_MS = '1500'
    const orders = await pickedOrders(3)
    const [a, b, c] = orders
    // Retried with the same idempotency key (a lost answer): the same answer, one job.
    const key = randomUUID()
    const first = await ok(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] }, key)
    const replay = await ok(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] }, key)
    expect(replay).toEqual(first)
    // Retried by the operator while the carrier is slow: refused.
    await until(a!.id, [2])
    await refused(admin, 'outbound.faceSheet.buy', { orderIds: [a!.id] }, 409, 'outbound-label:errors.labelBeingPurchased')
    // Six buys of the same order at once: one wins.
    const all = await Promise.all(Array.from({ length: 6 }, () => admin.cmd('outbound.faceSheet.buy', { orderIds: [b!.id] })))
    expect(all.filter((r) => r.statusCode === 200).length).toBe(1)
    for (const r of all.filter((x) => x.statusCode !== 200)) expect([409]).toContain(r.statusCode)
    // Two more workers (other server processes) race the server's own over the same rows.
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [c!.id] })
    const log = t.app.log
    const w1 = new FaceSheetWorker(t.database, log, 10)
    const w2 = new FaceSheetWorker(t.database, log, 10)
    const end = Date.now() + 2500
    while (Date.now() < end) { await Promise.all([w1.tick(), w2.tick()]); await sleep(20) }
    process.env.CARRIER_SIM_DELAY_MS = '300'
    for (const o of orders) await until(o.id, [3])
    // The carrier call itself repeated (a crash between the call and its record): the shipment it made.
    const sheet = await one<{ id: number; carrier_ref: string }>('SELECT id, carrier_ref FROM face_sheet WHERE order_id = $1', [c!.id])
    const carrier = await carrierConfig(t.database.db, ups)
    const sim = carrierSimulator(t.database.db)
    const order = await one<any>('SELECT order_no AS "orderNo" FROM outbound_order WHERE id = $1', [c!.id])
    const repeat = await sim.buyLabel(carrier, { ...order, consigneeName: 'x', consigneePhone: '1', address: null, city: null, state: null, postcode: null, country: 'US', weightG: null, shippingMethod: null }, `FS${sheet.id}`)
    expect(repeat.ok && repeat.purchase.carrierRef).toBe(sheet.carrier_ref)
    for (const o of orders) {
      expect((await shipments(o.orderNo)).length, o.orderNo).toBe(1)
      expect((await q('SELECT id FROM face_sheet WHERE order_id = $1', [o.id])).length).toBe(1)
      const row = await one<{ tracking_no: string }>('SELECT tracking_no FROM outbound_order WHERE id = $1', [o.id])
      expect(row.tracking_no).toBe((await one<{ tracking_no: string }>('SELECT tracking_no FROM face_sheet WHERE order_id = $1', [o.id])).tracking_no)
    }
  }, 60_000)
})

describe('printing', () => {
  it('needs a connected printer; prints PDF on every paper and ZPL; the barcodes decode to the tracking numbers', async () => {
    const orders = await pickedOrders(6)
    const ids = orders.map((o) => o.id)
    const tooMany = await refused(admin, 'outbound.faceSheet.buy', { orderIds: ids.concat(Array.from({ length: 5 }, (_, i) => 900000 + i)) }, 400, 'errors:validation.form')
    expect(tooMany.errors[0]).toMatchObject({ field: 'orderIds', messageKey: 'outbound-label:errors.bulkMax' })
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: ids })
    const tracking: string[] = []
    for (const id of ids) tracking.push((await until(id, [3])).trackingNo)

    // The demo's print setup sends face sheets to its thermal printer; without a setup, none is chosen.
    const seeded = await one<{ id: number }>("SELECT id FROM print_setting WHERE tenant_id = 1 AND warehouse_id = 26 AND doc_kind = 'faceSheet'")
    await ok(admin, 'resource.printSetting.delete', { ids: [Number(seeded.id)] })
    await refused(admin, 'outbound.faceSheet.print', { orderIds: ids }, 400, 'outbound-label:errors.noPrinter')
    const laser = (await ok(admin, 'resource.printer.add', { code: 'LASER-1', name: 'Office laser', format: 'pdf', paper: 'A4_4', connected: false, status: 1 })).id
    const r = await refused(admin, 'outbound.faceSheet.print', { orderIds: ids, printerId: laser }, 409, 'outbound-label:errors.printerNotConnected')
    expect(r.responseDesc).toBe('Printer not connected: LASER-1')
    await ok(admin, 'resource.printer.edit', { id: laser, connected: true })
    const printed = await ok(admin, 'outbound.faceSheet.print', { orderIds: ids, printerId: laser })
    expect(printed).toMatchObject({ printer: 'LASER-1', format: 'pdf', paper: 'A4_4', labels: 6 })
    // Print setup: a thermal printer for face sheets, two copies.
    const zebra = (await ok(admin, 'resource.printer.add', { code: 'ZEBRA-1', name: 'Packing thermal', format: 'zpl', paper: 'PackageLabel_Plain_Paper', connected: true, status: 1 })).id
    await ok(admin, 'resource.printSetting.add', { docKind: 'faceSheet', printerId: zebra, copies: 2 })
    const thermal = await ok(admin, 'outbound.faceSheet.print', { orderIds: ids.slice(0, 2) })
    expect(thermal).toMatchObject({ printer: 'ZEBRA-1', format: 'zpl', labels: 4 })
    const jobs = await q<{ printer_id: number; label_count: number; format: string }>('SELECT printer_id, label_count, format FROM print_job ORDER BY id')
    expect(jobs).toEqual([{ printer_id: laser, label_count: 6, format: 'pdf' }, { printer_id: zebra, label_count: 4, format: 'zpl' }])
    expect((await row(ids[0]!)).printedCount).toBe(3)

    // PDF on the spec's papers: 1, 2, 4 or 6 labels a page.
    for (const [paper, pages] of [['PackageLabel_Plain_Paper', 6], ['A4_2', 3], ['A4_4', 2], ['Letter_6', 1]] as const) {
      const res = await admin.get(faceSheetLabelsUrl(ids, 'pdf', { paper }))
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200)
      expect(res.headers['content-type']).toBe('application/pdf')
      const doc = await PDFDocument.load(res.rawPayload)
      expect(doc.getPageCount(), paper).toBe(pages)
      // The barcodes as printed (vector bars) decode to the tracking numbers, in order.
      expect(await pdfVectorBarcodes(res.rawPayload), paper).toEqual(tracking)
    }
    const qr = await admin.get(faceSheetLabelsUrl(ids.slice(0, 2), 'pdf', { paper: 'A4_2', code: 'qrcode' }))
    expect((await pdfImages(qr.rawPayload)).map(decodeGray)).toEqual(tracking.slice(0, 2))
    // ZPL: one format per label, the tracking number in the printer's own code128.
    const zpl = await admin.get(faceSheetLabelsUrl(ids, 'zpl'))
    expect(zpl.statusCode).toBe(200)
    const formats = zpl.body.split('^XZ').filter((s) => s.includes('^XA'))
    expect(formats.length).toBe(6)
    formats.forEach((f, i) => expect(f).toMatch(new RegExp(`\\^BCN,220,N,N,N\\^FH\\^FD${tracking[i]}\\^FS`)))
    expect(zpl.body).toContain(`ORDER ${orders[0]!.orderNo}`)
  }, 90_000)
})
