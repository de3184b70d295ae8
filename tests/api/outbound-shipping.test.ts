// Review, packing, shipping and the intercept after picking over the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL). Orders are made, validated, waved (whole mode: one task per order)
// and picked through the API, so they stand where the picking station leaves them: ReadyOut, the goods
// reserved at PCK-01. Then: the review refusals of spec section 8 ("order has unpicked items", "outbound
// terminated, no review", "review in progress, no duplicate" — two stations at once, one wins —
// "exception location requires review there"), review quantity not above the outbound quantity (section
// 5), packing takes one material off the consumables' ledger and moves the goods PCK-01 → PAK-01 still
// reserved; shipping refuses without a face sheet, then takes the goods off the ledger (on_hand and
// locked fall, the reservations close), the order Over 4 on its carrier's handover list; a second scan
// is refused; cancelling the shipment puts the goods back reserved; auto packaging; an intercept after
// picking makes a return-to-shelf task whose scans put the goods back on a shelf. Another warehouse's
// order → 404. The invariant check passes after each. The face sheet is the carrier step's (its own
// tests); here it is marked bought on the order row, as that step leaves it.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { SHIPPING_API } from '../../commands/outbound-shipping'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let reviewer: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
const stock = (skuId: number, shelf: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId }, qty, { docType: 'TEST', docNo: 'T-SHIP' }, op))
const at = async (skuId: number, locationCode: string) => one<{ on_hand: number; locked: number }>(`
  SELECT coalesce(sum(b.on_hand), 0)::int AS on_hand, coalesce(sum(b.locked), 0)::int AS locked FROM inventory_balance b JOIN location l ON l.id = b.location_id
  WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND b.sku_id = $1 AND l.code = $2 AND b.stock_status = ${StockStatus.Normal}`, [skuId, locationCode])
const order = (id: number) => one<{ status: number; packing_status: number; picked_qty: number; actual_qty: number; handover_id: number | null; review_by: number | null }>(
  'SELECT status, packing_status, picked_qty, actual_qty, handover_id, review_by FROM outbound_order WHERE id = $1', [id])
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
let seq = 0
/** An order created, validated, waved alone (whole mode) and picked through the station's commands. */
async function pickedOrder(lines: { code: string; qty: number }[], opts: { pick?: boolean; extra?: Record<string, unknown> } = {}) {
  const o = await ok(admin, 'outbound.order.create', { platform: 'SHEIN', shippingMethod: 'SHIP-TEST', consigneeName: 'Ana', consigneePhone: '5550101', address: '1 Main St', country: 'MX', lines, sourceNo: `SHIP-${Date.now()}-${seq++}`, ...opts.extra })
  await ok(admin, 'outbound.order.validate', { ids: [o.id] })
  const w = await ok(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
  const taskNo = w.tasks[0] as string
  if (opts.pick === false) return { ...o, taskNo } as { id: number; orderNo: string; taskNo: string }
  await ok(admin, 'outbound.pickTask.claim', { taskNo })
  const d = (await admin.get(`/api/outbound/picking-tasks/by-no/${taskNo}`)).json().data
  for (const l of d.lines) for (let i = 0; i < l.remaining; i++) await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
  expect((await order(o.id)).status).toBe(2)
  return { ...o, taskNo } as { id: number; orderNo: string; taskNo: string }
}
const bought = (id: number, trackingNo: string) => q(`UPDATE outbound_order SET face_sheet_status = 1, tracking_no = $2 WHERE id = $1`, [id, trackingNo])
const material = async (code: string) => one<{ id: number; stock_qty: number }>(`SELECT id, stock_qty FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = $1`, [code])

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  reviewer = await apiAs(t, 'reviewer')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 4`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(4)
  shelves = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(shelves.length).toBe(2)
  for (const s of skus) await stock(s.id, 0, 20)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('review and packing', () => {
  it('refuses what section 8 names, reviews item by item within the outbound quantity, packs onto the packing location', async () => {
    const [a, b] = skus
    // Not picked yet: "order has unpicked items, scanning blocked".
    const unpicked = await pickedOrder([{ code: a!.code, qty: 1 }], { pick: false })
    await refused(reviewer, 'outbound.review.start', { code: unpicked.orderNo }, 409, 'outbound:review.errors.unpicked')
    await refused(reviewer, 'outbound.review.start', { code: 'NO-SUCH-ORDER' }, 404, 'outbound:review.errors.notFound')

    const o = await pickedOrder([{ code: a!.code, qty: 2 }, { code: b!.code, qty: 1 }])
    expect(await at(a!.id, 'PCK-01')).toMatchObject({ on_hand: 2, locked: 2 })
    // Two stations on one order at once: exactly one wins, the other is "review in progress".
    const [r1, r2] = await Promise.all([reviewer.cmd('outbound.review.start', { code: o.orderNo }), admin.cmd('outbound.review.start', { code: o.orderNo })])
    const codes = [r1.statusCode, r2.statusCode].sort()
    expect(codes, `${r1.body} ${r2.body}`).toEqual([200, 409])
    const loser = r1.statusCode === 409 ? r1 : r2
    expect(loser.json().messageKey).toBe('outbound:review.errors.inProgress')
    const winner = r1.statusCode === 200 ? reviewer : admin
    const loserClient = winner === reviewer ? admin : reviewer
    expect((await order(o.id)).packing_status).toBe(2)
    // The loser cannot scan into it either; the winner resumes by scanning it again.
    await refused(loserClient, 'outbound.review.scan', { orderNo: o.orderNo, code: a!.code }, 409, 'outbound:review.errors.inProgress')
    const v = await ok(winner, 'outbound.review.start', { code: o.orderNo })
    expect(v).toMatchObject({ orderNo: o.orderNo, total: 3, reviewed: 0, done: false })

    await refused(winner, 'outbound.review.scan', { orderNo: o.orderNo, code: skus[3]!.code }, 409, 'outbound:review.errors.notInOrder')
    await refused(winner, 'outbound.review.scan', { orderNo: o.orderNo, code: a!.code, qty: 3 }, 409, 'outbound:review.errors.overReview')
    const bad = await winner.cmd('outbound.review.scan', { orderNo: o.orderNo, code: a!.code, qty: 0 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('qty')
    await ok(winner, 'outbound.review.scan', { orderNo: o.orderNo, code: a!.code, qty: 2 })
    // Packing before every item is reviewed: refused, nothing taken.
    const bag = await material('BAG-S')
    await refused(winner, 'outbound.review.pack', { orderNo: o.orderNo, materialId: bag.id, weightG: 800 }, 409, 'outbound:review.errors.notAllReviewed')
    expect((await material('BAG-S')).stock_qty).toBe(bag.stock_qty)
    const last = await ok(winner, 'outbound.review.scan', { orderNo: o.orderNo, code: b!.code })
    expect(last).toMatchObject({ reviewed: 3, done: true })
    await refused(winner, 'outbound.review.scan', { orderNo: o.orderNo, code: b!.code }, 409, 'outbound:review.errors.overReview')

    // The materials list (spec call) and a bad material.
    const mats = (await winner.get(SHIPPING_API.materials)).json().data as { code: string; stockQty: number }[]
    expect(mats.map((m) => m.code)).toContain('BAG-S')
    await refused(winner, 'outbound.review.pack', { orderNo: o.orderNo, materialId: 999_999, weightG: 800 }, 400, 'outbound:review.errors.materialUnknown')
    const packed = await ok(winner, 'outbound.review.pack', { orderNo: o.orderNo, materialId: bag.id, weightG: 800, lengthMm: 300, widthMm: 200, heightMm: 100 })
    expect(packed).toMatchObject({ orderNo: o.orderNo, materialCode: 'BAG-S', materialLeft: bag.stock_qty - 1, faceSheetStatus: 0 })
    expect((await material('BAG-S')).stock_qty).toBe(bag.stock_qty - 1)
    const ledger = await one<{ s: number }>(`SELECT sum(delta)::int AS s FROM consumable_ledger WHERE material_id = $1`, [bag.id])
    expect(ledger.s).toBe(bag.stock_qty - 1)
    expect(await at(a!.id, 'PCK-01')).toMatchObject({ on_hand: 0, locked: 0 })
    expect(await at(a!.id, 'PAK-01')).toMatchObject({ on_hand: 2, locked: 2 })
    expect((await order(o.id)).packing_status).toBe(3)
    await refused(winner, 'outbound.review.start', { code: o.orderNo }, 409, 'outbound:review.errors.packed')
    await invariantsClean()

    // ---- shipping: no face sheet → refused; bought → shipped, off the ledger, on the handover list ----
    await refused(admin, 'outbound.ship.scan', { code: o.orderNo }, 409, 'outbound:ship.errors.noFaceSheet')
    await bought(o.id, `SIM${o.id}X`)
    const shipped = await ok(admin, 'outbound.ship.scan', { code: `sim${o.id}x` })
    expect(shipped).toMatchObject({ orderNo: o.orderNo, trackingNo: `SIM${o.id}X`, qty: 3, parcels: 1 })
    expect(shipped.handoverNo).toMatch(/^JJ\d{10}$/)
    expect(await at(a!.id, 'PAK-01')).toMatchObject({ on_hand: 0, locked: 0 })
    expect(await order(o.id)).toMatchObject({ status: 4, actual_qty: 3 })
    const openRes = await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_reservation WHERE doc_no = $1 AND status = 0`, [o.orderNo])
    expect(openRes.n).toBe(0)
    await refused(admin, 'outbound.ship.scan', { code: o.orderNo }, 409, 'outbound:ship.errors.shipped')
    const list = (await admin.get(SHIPPING_API.handover(shipped.handoverNo))).json().data
    expect(list.parcels.map((p: any) => p.orderNo)).toEqual([o.orderNo])
    await invariantsClean()

    // ---- cancel the shipment: the goods back at the packing location, reserved; ready to ship again ----
    const cancel = await ok(admin, 'outbound.order.cancelShipment', { ids: [o.id] })
    expect(cancel.cancelled).toEqual([o.orderNo])
    expect(await at(a!.id, 'PAK-01')).toMatchObject({ on_hand: 2, locked: 2 })
    expect(await order(o.id)).toMatchObject({ status: 2, actual_qty: 0, handover_id: null })
    await refused(admin, 'outbound.order.cancelShipment', { ids: [o.id] }, 409, 'outbound:ship.errors.cancelStatus')
    const again = await ok(admin, 'outbound.ship.scan', { code: o.orderNo })
    expect(again.handoverNo).toBe(shipped.handoverNo)
    expect(await at(a!.id, 'PAK-01')).toMatchObject({ on_hand: 0, locked: 0 })
    // Closing the list: the next parcel of the carrier starts a new one.
    await ok(admin, 'outbound.handover.close', { handoverNo: shipped.handoverNo })
    await refused(admin, 'outbound.handover.close', { handoverNo: shipped.handoverNo }, 409, 'outbound:ship.errors.handoverClosed')
    await invariantsClean()

    // Another warehouse's order: not found from there.
    await refused(admin.in({ warehouseId: 168 }), 'outbound.ship.scan', { code: o.orderNo }, 404, 'outbound:review.errors.notFound')
    await refused(admin.in({ warehouseId: 168 }), 'outbound.review.start', { code: o.orderNo }, 404, 'outbound:review.errors.notFound')
    expect((await admin.in({ warehouseId: 168 }).get(SHIPPING_API.handover(shipped.handoverNo))).statusCode).toBe(404)
  })

  it('terminated and exception orders: refused at review with the section 8 messages', async () => {
    const [a] = skus
    const o = await pickedOrder([{ code: a!.code, qty: 1 }])
    await ok(admin, 'outbound.order.stop', { ids: [o.id], reason: 'customer cancelled' })
    await refused(reviewer, 'outbound.review.start', { code: o.orderNo }, 409, 'outbound:review.errors.terminated')
    // An order picked short for good (out of stock) goes to the exception station.
    const e = await pickedOrder([{ code: skus[1]!.code, qty: 2 }], { pick: false })
    await ok(admin, 'outbound.pickTask.claim', { taskNo: e.taskNo })
    const d = (await admin.get(`/api/outbound/picking-tasks/by-no/${e.taskNo}`)).json().data
    await ok(admin, 'outbound.pick.scan', { taskNo: e.taskNo, locationCode: d.lines[0].locationCode, code: d.lines[0].skuCode })
    const s = await ok(admin, 'outbound.pick.short', { taskNo: e.taskNo, lineId: d.lines[0].id, qty: 1 })
    const diff = await one<{ id: number }>(`SELECT id FROM pick_diff WHERE diff_no = $1`, [s.diffNo])
    await ok(admin, 'outbound.pickDiff.resolve', { id: diff.id, resolution: 'outOfStock' })
    expect((await order(e.id)).status).toBe(2)
    await refused(reviewer, 'outbound.review.start', { code: e.orderNo }, 409, 'outbound:review.errors.exceptionLocation')
    const v = await ok(admin, 'outbound.review.startException', { code: e.orderNo })
    expect(v).toMatchObject({ total: 1 })
    await invariantsClean()
  })

  it('auto packaging: one SKU scan reviews and packs the oldest single-item order of it', async () => {
    const [, , c] = skus
    // A face sheet bought for real through the carrier simulator (its delay shortened, no failures).
    process.env.CARRIER_SIM_DELAY_MS = '200'
    process.env.CARRIER_SIM_FAIL = '0'
    const [estafeta] = await q<{ id: number }>(`SELECT id FROM carrier WHERE code = 'ESTAFETA'`)
    const o = await pickedOrder([{ code: c!.code, qty: 1 }], { extra: { carrierId: Number(estafeta!.id) } })
    await ok(admin, 'outbound.faceSheet.buy', { orderIds: [o.id] })
    for (let i = 0; i < 100 && (await one<{ s: number }>('SELECT face_sheet_status AS s FROM outbound_order WHERE id = $1', [o.id])).s !== 1; i++) await new Promise((r) => setTimeout(r, 100))
    const { tracking_no: tracking } = await one<{ tracking_no: string }>('SELECT tracking_no FROM outbound_order WHERE id = $1', [o.id])
    expect(tracking).toMatch(/^ESTA/)
    const box = await material('BOX-SHOE')
    const r = await ok(reviewer, 'outbound.review.auto', { code: c!.code, materialId: box.id, weightG: 1200 })
    // Its label went to print setup's printer in the same step (the demo's thermal printer).
    expect(r).toMatchObject({ orderNo: o.orderNo, print: true, trackingNo: tracking, printError: null })
    const job = await one<{ n: number }>(`SELECT count(*)::int AS n FROM print_job WHERE id = $1 AND doc_refs = $2`, [r.printed.jobId, o.orderNo])
    expect(job.n).toBe(1)
    expect((await order(o.id)).packing_status).toBe(3)
    await refused(reviewer, 'outbound.review.auto', { code: c!.code, materialId: box.id, weightG: 1200 }, 409, 'outbound:review.errors.noSingleOrder')
    await refused(reviewer, 'outbound.review.auto', { code: 'NO-SUCH-SKU', materialId: box.id, weightG: 1200 }, 404, 'outbound:review.errors.codeUnknown')
    await invariantsClean()
  })
})

describe('intercept after picking', () => {
  it('stops a picked (and packed) order; a return-to-shelf task puts the goods back on a shelf', async () => {
    const [, , , d] = skus
    const o = await pickedOrder([{ code: d!.code, qty: 2 }])
    const before = await at(d!.id, shelves[0]!.code)
    const bag = await material('BAG-M')
    await ok(admin, 'outbound.review.start', { code: o.orderNo })
    await ok(admin, 'outbound.review.scan', { orderNo: o.orderNo, code: d!.code, qty: 2 })
    await ok(admin, 'outbound.review.pack', { orderNo: o.orderNo, materialId: bag.id, weightG: 900 })
    const stop = await ok(admin, 'outbound.order.stop', { ids: [o.id], reason: 'intercept' })
    const taskNo = stop.changed[0].returnTaskNo as string
    expect(taskNo).toMatch(/^HJ\d{10}$/)
    expect(await order(o.id)).toMatchObject({ status: 8, packing_status: 5 })
    // Free again but off the shelves: nothing reserved, two at the packing location.
    expect(await at(d!.id, 'PAK-01')).toMatchObject({ on_hand: 2, locked: 0 })
    const task = (await admin.get(SHIPPING_API.returnTask(taskNo))).json().data
    expect(task.lines.map((l: any) => [l.skuCode, l.fromLocation, l.qty])).toEqual([[d!.code, 'PAK-01', 2]])
    await refused(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: 'PCK-01', code: d!.code }, 409, 'outbound:returnShelf.errors.badLocation')
    await refused(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: shelves[1]!.code, code: skus[0]!.code }, 409, 'outbound:returnShelf.errors.notInTask')
    await ok(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: shelves[1]!.code, code: d!.code })
    await refused(reviewer, 'outbound.returnShelf.scan', { taskNo, locationCode: shelves[1]!.code, code: d!.code }, 403, 'errors:auth.missingPermission')
    const done = await ok(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: shelves[1]!.code, code: d!.code })
    expect(done).toMatchObject({ done: true, remaining: 0 })
    expect(await at(d!.id, shelves[1]!.code)).toMatchObject({ on_hand: 2, locked: 0 })
    expect(await at(d!.id, 'PAK-01')).toMatchObject({ on_hand: 0 })
    expect((await at(d!.id, shelves[0]!.code)).on_hand).toBe(before.on_hand)
    await refused(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: shelves[1]!.code, code: d!.code }, 409, 'outbound:returnShelf.errors.completed')
    await invariantsClean()
  })

  it('refuses an intercept while the order is still being picked', async () => {
    const [a] = skus
    const o = await pickedOrder([{ code: a!.code, qty: 2 }], { pick: false })
    await ok(admin, 'outbound.pickTask.claim', { taskNo: o.taskNo })
    const d = (await admin.get(`/api/outbound/picking-tasks/by-no/${o.taskNo}`)).json().data
    await ok(admin, 'outbound.pick.scan', { taskNo: o.taskNo, locationCode: d.lines[0].locationCode, code: d.lines[0].skuCode })
    await refused(admin, 'outbound.order.stop', { ids: [o.id], reason: 'x' }, 409, 'outbound:order.errors.stopWhilePicking')
    expect((await order(o.id)).status).toBe(1)
    await invariantsClean()
  })
})
