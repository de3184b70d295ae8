// Issue 18 ("Operators first"), outbound items, over the real API and database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): a wave's task count (the correlated subquery that bound to the wrong table),
// face sheets bought in bulk where one order's carrier refuses it (bought what can be bought, each refused
// order reported with what to do; the review/pack step warned before packing), the outbound order's
// status codes of spec section 4, the wave's picking list (PDF, one wave at a time; printed on a printer),
// the wave's allotment, and the packing fields (photo, packing list number, box code).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, postFile, type ApiClient } from '../helpers/api'
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFRef } from 'pdf-lib'
import { pdfVectorBarcodes } from '../helpers/barcode'
import { PICKING_API } from '../../commands/outbound-picking'
import { FACE_SHEET_API } from '../../commands/outbound-face-sheets'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'

process.env.CARRIER_SIM_DELAY_MS = '300'
process.env.CARRIER_SIM_FAIL = '0'
process.env.FACE_SHEET_WORKER_MS = '40'

let t: TestApp
let admin: ApiClient
let reviewer: ApiClient
let skus: { id: number; code: string }[] = []
let shelf: { id: number; code: string }
let ups: number
let fedex: number
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
let seq = 0

async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
const stock = (skuId: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelf.id, skuId, stockStatus: StockStatus.Normal }, qty, { docType: 'TEST', docNo: 'T-OPS' }, op))
const order = (id: number) => one<{ status: number; packing_status: number; face_sheet_status: number; wave_no: string | null }>(
  'SELECT status, packing_status, face_sheet_status, wave_no FROM outbound_order WHERE id = $1', [id])

/** Orders of one unit each, created and validated (in force, reserved). */
async function validOrders(count: number, sku: { code: string }, extra: Record<string, unknown> = {}): Promise<{ id: number; orderNo: string }[]> {
  const out: { id: number; orderNo: string }[] = []
  for (let i = 0; i < count; i++) {
    const o = await ok(admin, 'outbound.order.create', {
      platform: 'TIKTOK', shippingMethod: 'UPS-GROUND', carrierId: ups, consigneeName: 'Ana Ruiz', consigneePhone: '+1 213 555 0100',
      address: '1 Main St', city: 'Los Angeles', state: 'CA', postcode: '90001', country: 'US', lines: [{ code: sku.code, qty: 1 }], sourceNo: `OPS-${Date.now()}-${seq++}`, ...extra,
    })
    await ok(admin, 'outbound.order.validate', { ids: [o.id] })
    out.push({ id: o.id, orderNo: o.orderNo })
  }
  return out
}
/** Orders waved one task each (whole mode: no sorting before review) and picked through the station's commands. */
async function pick(orders: { id: number }[]): Promise<string> {
  const w = await ok(admin, 'outbound.wave.create', { orderIds: orders.map((o) => o.id), taskMode: 'whole', pickMode: 2 })
  for (const taskNo of w.tasks as string[]) {
    await ok(admin, 'outbound.pickTask.claim', { taskNo })
    const d = (await admin.get(PICKING_API.task(taskNo))).json().data
    for (const l of d.lines) for (let i = 0; i < l.remaining; i++) await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
  }
  for (const o of orders) expect((await order(o.id)).status).toBe(2)
  return w.waveNo as string
}
async function faceSheetRow(orderId: number) {
  const r = await admin.get(`${FACE_SHEET_API.list}?size=200&sort=id:desc`)
  expect(r.statusCode, r.body).toBe(200)
  return (r.json().data.records as any[]).find((x) => x.id === orderId)
}
async function untilBought(orderId: number, ms = 8000) {
  const end = Date.now() + ms
  while ((await order(orderId)).face_sheet_status !== 1) {
    if (Date.now() > end) throw new Error(`order ${orderId} not bought`)
    await sleep(60)
  }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  reviewer = await apiAs(t, 'reviewer')
  skus = await freshSkus(q, 6)
  expect(skus.length).toBe(6)
  shelf = (await demoShelves(q, 1))[0]!
  ups = Number((await one<{ id: number }>("SELECT id FROM carrier WHERE code = 'UPS'")).id)
  fedex = Number((await one<{ id: number }>("SELECT id FROM carrier WHERE code = 'FEDEX'")).id)
  // The sixth SKU has no stock (validated orders of it wait for stock).
  for (const s of skus.slice(0, 5)) await stock(s.id, 40)
}, 180_000)
afterAll(async () => { await t?.close() })

describe("a wave's task count", () => {
  it('a wave of 13 tasks reads 13 in the list, the header and the details (the subquery binds to the wave, not the task)', async () => {
    const orders = await validOrders(13, skus[0]!)
    const w = await ok(admin, 'outbound.wave.create', { orderIds: orders.map((o) => o.id), taskMode: 'whole', pickMode: 2 })
    expect(w.tasks).toHaveLength(13)
    const list = (await admin.get(`${PICKING_API.waves}?waveNo=${w.waveNo}`)).json().data.records
    expect(list).toHaveLength(1)
    expect(list[0]).toMatchObject({ waveNo: w.waveNo, taskCount: 13, orderCount: 13 })
    const d = (await admin.get(PICKING_API.wave(w.waveNo))).json().data
    expect(d.wave.taskCount).toBe(13)
    expect(d.tasks).toHaveLength(13)
    // Each task names its orders (whole mode: one each).
    expect(d.tasks.map((x: any) => x.orderNos).sort()).toEqual(orders.map((o) => o.orderNo).sort())
    await ok(admin, 'outbound.wave.cancel', { ids: [w.id] })
  })
})

describe('face sheets bought in bulk', () => {
  it('buys what can be bought and reports each refused order with what to do; the review/pack step warns before packing', async () => {
    const four = await validOrders(4, skus[1]!)
    // A FedEx order whose consignee has no phone (FedEx refuses those).
    const [phoneless] = await validOrders(1, skus[2]!, { carrierId: fedex, shippingMethod: 'FEDEX-HOME', consigneePhone: null })
    await pick([...four, phoneless!])
    const ids = [...four.map((o) => o.id), phoneless!.id]

    // Before packing: the review station says FedEx cannot label it, and what to do.
    const v = await ok(reviewer, 'outbound.review.start', { code: phoneless!.orderNo })
    expect(v.labelWarning).toMatchObject({ key: 'outbound-label:errors.noConsigneePhone', params: { orderNo: phoneless!.orderNo, carrier: 'FEDEX' }, hint: { key: 'outbound-label:hints.addPhone' } })
    await ok(reviewer, 'outbound.review.reset', { orderNo: phoneless!.orderNo })
    // Auto packaging does not pack it: refused before packing, naming the order, the reason and what to do.
    const box = await one<{ id: number; stock_qty: number }>(`SELECT id, stock_qty FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'BOX-SHOE'`)
    const auto = await refused(reviewer, 'outbound.review.auto', { code: skus[2]!.code, materialId: box.id, weightG: 900 }, 409, 'outbound:review.errors.cannotLabel')
    expect(auto.responseDesc).toContain(phoneless!.orderNo)
    expect(auto.responseDesc).toContain("add the consignee's phone")
    expect((await order(phoneless!.id)).packing_status).toBe(1)
    expect((await one<{ stock_qty: number }>('SELECT stock_qty FROM package_material WHERE id = $1', [box.id])).stock_qty).toBe(box.stock_qty)
    // A UPS order (its carrier labels it) has no warning.
    expect((await ok(reviewer, 'outbound.review.start', { code: four[0]!.orderNo })).labelWarning).toBeNull()
    await ok(reviewer, 'outbound.review.reset', { orderNo: four[0]!.orderNo })

    // The five at once: four bought, the FedEx one refused with its reason and what to do (translated).
    const r = await ok(admin, 'outbound.faceSheet.buy', { orderIds: ids })
    expect(r.queued.map((x: any) => x.orderNo).sort()).toEqual(four.map((o) => o.orderNo).sort())
    expect(r.refused).toHaveLength(1)
    expect(r.refused[0]).toMatchObject({
      orderId: phoneless!.id, orderNo: phoneless!.orderNo,
      reason: { key: 'outbound-label:errors.noConsigneePhone' }, hint: { key: 'outbound-label:hints.addPhone' },
      message: `No consignee phone (only one carrier supported): order ${phoneless!.orderNo}, carrier FEDEX — add the consignee's phone to order ${phoneless!.orderNo}, or choose another carrier`,
    })
    for (const o of four) await untilBought(o.id)
    expect(await q('SELECT id FROM face_sheet WHERE order_id = $1', [phoneless!.id])).toEqual([])
    expect((await faceSheetRow(phoneless!.id)).status).toBe(0)

    // Only refused orders: nothing bought, refused naming each (in the caller's language).
    const zh = admin.in({ lang: 'zh-CN' })
    const res = await zh.cmd('outbound.faceSheet.buy', { orderIds: [phoneless!.id] })
    expect(res.statusCode, res.body).toBe(409)
    expect(res.json().messageKey).toBe('outbound-label:errors.noConsigneePhone')
    expect(res.json().responseDesc).toContain('无收件人电话')
    expect(res.json().errors.map((e: any) => e.field)).toEqual(['orderIds'])
    // What to do: another carrier for it (UPS takes consignees without phone).
    const other = await ok(admin, 'outbound.faceSheet.buy', { orderIds: [phoneless!.id], carrierId: ups })
    expect(other).toMatchObject({ queued: [{ orderId: phoneless!.id }], refused: [] })
    await untilBought(phoneless!.id)
    await invariantsClean()
  })

  it('while the carrier polls the waybill, tracking answers "logistics info not yet obtained"', async () => {
    const [o] = await validOrders(1, skus[3]!)
    await pick([o!])
    process.env.CARRIER_SIM_DELAY_MS = '1500'
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [o!.id] })
    const end = Date.now() + 4000
    while ((await faceSheetRow(o!.id)).status !== 2 && Date.now() < end) await sleep(40)
    expect((await faceSheetRow(o!.id)).status).toBe(2)
    const tr = await admin.get(`${FACE_SHEET_API.tracking}?orderId=${o!.id}`)
    expect(tr.statusCode, tr.body).toBe(409)
    expect(tr.json().messageKey).toBe('outbound-label:errors.logisticsPending')
    expect(tr.json().responseDesc).toBe(`Logistics info not yet obtained: order ${o!.orderNo} is still at the carrier`)
    process.env.CARRIER_SIM_DELAY_MS = '300'
    await untilBought(o!.id)
    expect((await admin.get(`${FACE_SHEET_API.tracking}?orderId=${o!.id}`)).statusCode).toBe(200)
  })
})

describe('outbound order statuses (spec section 4)', () => {
  it('validated without stock is 6 and waits for stock; terminate is terminated (8); shipped short is completed (5), its shipment cancelled back to 2', async () => {
    // No stock at all: validated (6), nothing held — not in force, no wave takes it, validating again allocates.
    const [o] = await validOrders(1, skus[5]!)
    expect(await order(o!.id)).toMatchObject({ status: 6 })
    await refused(admin, 'outbound.wave.create', { orderIds: [o!.id] }, 409, 'outbound:wave.errors.orderShort')
    await refused(admin, 'outbound.order.refreshLock', { ids: [o!.id] }, 409, 'outbound:order.errors.refreshLockStatus')
    await stock(skus[5]!.id, 1)
    const again = await ok(admin, 'outbound.order.validate', { ids: [o!.id] })
    expect(again.changed[0]).toMatchObject({ from: 6, to: 1, allocatedQty: 1 })
    // Terminate: the spec's terminated (8), releasing what was reserved.
    const tm = await ok(admin, 'outbound.order.terminate', { ids: [o!.id], reason: 'customer cancelled' })
    expect(tm.changed[0]).toMatchObject({ from: 1, to: 8, released: 1 })
    expect(await order(o!.id)).toMatchObject({ status: 8 })
    await refused(reviewer, 'outbound.review.start', { code: o!.orderNo }, 409, 'outbound:review.errors.terminated')

    // Two units, one found: picked short for good (out of stock), reviewed at the exception station, shipped → 5.
    const [short] = await validOrders(1, skus[4]!, { lines: [{ code: skus[4]!.code, qty: 2 }] })
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [short!.id], taskMode: 'whole', pickMode: 2 })
    const taskNo = w.tasks[0] as string
    await ok(admin, 'outbound.pickTask.claim', { taskNo })
    const d = (await admin.get(PICKING_API.task(taskNo))).json().data
    await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: d.next.locationCode, code: skus[4]!.code })
    const sh = await ok(admin, 'outbound.pick.short', { taskNo, lineId: d.next.lineId, qty: 1 })
    const [diff] = (await admin.get(`${PICKING_API.diffs}?diffNo=${sh.diffNo}`)).json().data.records
    await ok(admin, 'outbound.pickDiff.resolve', { id: diff.id, resolution: 'outOfStock' })
    expect(await order(short!.id)).toMatchObject({ status: 2 })
    await ok(admin, 'outbound.review.startException', { code: short!.orderNo, exceptionStation: true })
    await ok(admin, 'outbound.review.scan', { orderNo: short!.orderNo, code: skus[4]!.code })
    const bag = await one<{ id: number }>(`SELECT id FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'BAG-M'`)
    await ok(admin, 'outbound.review.pack', { orderNo: short!.orderNo, materialId: bag.id, weightG: 400 })
    await q(`UPDATE outbound_order SET face_sheet_status = 1, tracking_no = $2 WHERE id = $1`, [short!.id, `T18SHORT${short!.id}`])
    const day = new Date().toISOString().slice(0, 10)
    const shippedToday = async () => Number((await admin.get(`/api/reports/sales-outbound?shippedAtFrom=${day}&shippedAtTo=${day}`)).json().data.totals.orders)
    const before = await shippedToday()
    await ok(admin, 'outbound.ship.scan', { code: `T18SHORT${short!.id}` })
    expect(await one('SELECT status, actual_qty, expected_qty FROM outbound_order WHERE id = $1', [short!.id])).toMatchObject({ status: 5, actual_qty: 1, expected_qty: 2 })
    await refused(admin, 'outbound.ship.scan', { code: `T18SHORT${short!.id}` }, 409, 'outbound:ship.errors.shipped')
    // Shipped short still counts as shipped in the sales outbound report.
    expect(await shippedToday()).toBe(before + 1)
    const cancelled = await ok(admin, 'outbound.order.cancelShipment', { ids: [short!.id] })
    expect(cancelled.cancelled).toEqual([short!.orderNo])
    expect(await order(short!.id)).toMatchObject({ status: 2 })
    await invariantsClean()
  })
})

/** The texts a PDF draws (pdf-lib writes each drawText as a hex string shown with Tj). */
async function pdfTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await PDFDocument.load(bytes)
  const out: string[] = []
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents()!
    const streams = contents instanceof PDFArray ? contents.asArray().map((r) => pdf.context.lookup(r as PDFRef)) : [contents]
    for (const st of streams) {
      const text = Buffer.from(decodePDFRawStream(st as PDFRawStream).decode()).toString('latin1')
      for (const m of text.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) out.push(Buffer.from(m[1]!, 'hex').toString('latin1'))
    }
  }
  return out
}

describe("the wave's picking list and allotment", () => {
  it('a PDF of every task\'s stops in path order (location, SKU, quantity, orders) with the wave\'s barcode; printed one wave at a time on a PDF printer', async () => {
    const orders = await validOrders(2, skus[3]!)
    const w = await ok(admin, 'outbound.wave.create', { orderIds: orders.map((o) => o.id), taskMode: 'whole', pickMode: 2 })
    const res = await admin.get(PICKING_API.waveList(w.waveNo))
    expect(res.statusCode, res.body).toBe(200)
    expect(res.headers['content-type']).toBe('application/pdf')
    expect(res.headers['x-page-count']).toBe('1')
    const bytes = new Uint8Array(res.rawPayload)
    const texts = await pdfTexts(bytes)
    expect(texts).toContain(`Picking list ${w.waveNo}`)
    for (const taskNo of w.tasks as string[]) expect(texts).toContain(taskNo)
    for (const o of orders) expect(texts).toContain(o.orderNo)
    expect(texts).toContain(shelf.code)
    expect(texts).toContain(skus[3]!.code)
    // The rows in task then path order: first stop of the first task before the second task's.
    expect(texts.indexOf((w.tasks as string[])[0]!)).toBeLessThan(texts.indexOf((w.tasks as string[])[1]!))
    expect(await pdfVectorBarcodes(bytes)).toEqual([w.waveNo])
    // In the reader's language (Spanish here); Chinese sheets stay English (the PDF's standard font has no CJK glyphs).
    expect(await pdfTexts(new Uint8Array((await admin.in({ lang: 'es-MX' }).get(PICKING_API.waveList(w.waveNo))).rawPayload))).toContain(`Lista de surtido ${w.waveNo}`)
    expect(await pdfTexts(new Uint8Array((await admin.in({ lang: 'zh-CN' }).get(PICKING_API.waveList(w.waveNo))).rawPayload))).toContain(`Picking list ${w.waveNo}`)

    // Printed on print setup's picking-list printer (the laser), recorded; one wave at a time.
    const printed = await ok(admin, 'outbound.wave.printList', { ids: [w.id] })
    expect(printed).toMatchObject({ waveNo: w.waveNo, printer: 'LASER-01', pages: 1, url: PICKING_API.waveList(w.waveNo) })
    expect(await one('SELECT doc_kind, doc_refs, format FROM print_job WHERE id = $1', [printed.jobId])).toMatchObject({ doc_kind: 'pickingList', doc_refs: w.waveNo, format: 'pdf' })
    expect(await one('SELECT list_printed_count FROM wave WHERE id = $1', [w.id])).toMatchObject({ list_printed_count: 1 })
    const two = await refused(admin, 'outbound.wave.printList', { ids: [w.id, w.id + 1] }, 400, 'errors:validation.form')
    expect(two.errors[0]).toMatchObject({ field: 'ids', messageKey: 'outbound:wave.errors.onePrintAtATime' })
    const zebra = await one<{ id: number }>(`SELECT id FROM printer WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'ZEBRA-01'`)
    await refused(admin, 'outbound.wave.printList', { ids: [w.id], printerId: zebra.id }, 409, 'outbound:wave.errors.printerNotPdf')

    // Allot the wave's tasks at once to a picker; the picker is listed first among the assignees.
    const who = (await admin.get(PICKING_API.assignees)).json().data
    const firstOther = who.users.findIndex((u: any) => !u.picker)
    expect(firstOther).toBeGreaterThan(0)
    expect(who.users.slice(0, firstOther).map((u: any) => u.username)).toContain('picker')
    expect(who.users.slice(firstOther).map((u: any) => u.username)).toContain('receiver')
    expect(who.users.slice(firstOther).every((u: any) => !u.picker)).toBe(true)
    const picker = who.users.find((u: any) => u.username === 'picker')
    const assigned = await ok(admin, 'outbound.wave.assign', { waveId: w.id, assigneeId: picker.id })
    expect(assigned).toMatchObject({ waveNo: w.waveNo })
    expect([...assigned.assigned].sort()).toEqual([...(w.tasks as string[])].sort())
    expect(await q('SELECT DISTINCT assignee_id FROM picking_task WHERE wave_id = $1', [w.id])).toEqual([{ assignee_id: picker.id }])
    // Claimed tasks keep their picker: allotting again reaches only the unclaimed ones.
    const pickerApi = await apiAs(t, 'picker')
    await ok(pickerApi, 'outbound.pickTask.claim', { taskNo: (w.tasks as string[])[0] })
    const again = await ok(admin, 'outbound.wave.assign', { waveId: w.id, assigneeId: picker.id })
    expect(again.assigned).toEqual([(w.tasks as string[])[1]])
    await refused(admin, 'outbound.wave.assign', { waveId: w.id }, 400, 'errors:validation.form')
    await refused(admin, 'outbound.wave.cancel', { ids: [w.id] }, 409, 'outbound:wave.errors.cancelStatus')
  })
})

describe('packing fields (spec section 3): photo, packing list number, box code', () => {
  it('stored on the order with its pack, validated naming the field, shown in the order details', async () => {
    const [o] = await validOrders(1, skus[0]!)
    await pick([o!])
    // A 1×1 PNG uploaded as the packing photo.
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const up = await postFile(t, '/api/files/upload?purpose=photo', admin.headers, png, 'parcel.png', 'image/png')
    expect(up.statusCode, up.body).toBe(200)
    const photo = up.json().data as { id: string; url: string }
    // Not an image: refused at the upload, naming the formats.
    const pdf = await postFile(t, '/api/files/upload?purpose=photo', admin.headers, Buffer.from('%PDF-1.4'), 'scan.pdf', 'application/pdf')
    expect(pdf.statusCode).toBe(400)
    expect(pdf.json().messageKey).toBe('errors:upload.badFormat')

    await ok(admin, 'outbound.review.start', { code: o!.orderNo })
    await ok(admin, 'outbound.review.scan', { orderNo: o!.orderNo, code: skus[0]!.code })
    const bag = await one<{ id: number }>(`SELECT id FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'BAG-M'`)
    const pack = { orderNo: o!.orderNo, materialId: bag.id, weightG: 700 }
    const bad = await refused(admin, 'outbound.review.pack', { ...pack, boxCode: 'box 7!' }, 400, 'errors:validation.form')
    expect(bad.errors[0]).toMatchObject({ field: 'boxCode', messageKey: 'errors:field.codeFormat' })
    expect(bad.errors[0].message).toBe("Box code may contain only capital letters, digits and '-'")
    const long = await refused(admin, 'outbound.review.pack', { ...pack, packingListNo: 'P'.repeat(41) }, 400, 'errors:validation.form')
    expect(long.errors[0].field).toBe('packingListNo')
    const noPhoto = await refused(admin, 'outbound.review.pack', { ...pack, photoFileId: '00000000-0000-4000-8000-000000000000' }, 400, 'outbound:review.errors.photoUnknown')
    expect(noPhoto.errors[0].field).toBe('photoFileId')
    // Nothing half-written by the refusals: still being reviewed, no material taken.
    expect(await order(o!.id)).toMatchObject({ packing_status: 2 })
    await ok(admin, 'outbound.review.pack', { ...pack, packingListNo: 'pl-2026-001', boxCode: 'box-7', photoFileId: photo.id })
    expect(await one('SELECT packing_list_no, box_code, packing_photo_id, packing_status FROM outbound_order WHERE id = $1', [o!.id]))
      .toMatchObject({ packing_list_no: 'PL-2026-001', box_code: 'BOX-7', packing_photo_id: photo.id, packing_status: 3 })
    const d = (await admin.get(`/api/outbound/orders/by-no/${o!.orderNo}`)).json().data
    expect(d.packing).toMatchObject({ materialCode: 'BAG-M', weightG: 700, parcelCount: 1, packingListNo: 'PL-2026-001', boxCode: 'BOX-7', photoUrl: photo.url })
    expect((await t.app.inject({ method: 'GET', url: photo.url })).headers['content-type']).toBe('image/png')
  })
})
