// ToB packing, shipments and shipping over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), issue 21 part K1: shipCartons (the one function every shipping flow calls) takes a
// box's contents out through the ledger under the caller's number, consuming the order's reservation that
// followed the goods into the box; a partly shipped order is PartTransport 3, then shipped (Over 4).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants, explainBalance, moveReservation } from '../../src/server/inventory/ledger'
import { OUTBOUND_DOC } from '../../src/server/inventory/allocation'
import { PACKING_LOCATION, PICKED_LOCATION } from '../../src/server/db/seed/stations'
import { shipCartons } from '../../src/server/areas/shipments/ship-cartons'
import { OutboundOrderStatus as OS } from '../../src/domain/dictionaries'
import type { AuthContext } from '../../src/server/http/context'
import { AppError } from '../../src/server/http/errors'

let t: TestApp
let admin: ApiClient
let skus: { id: number; code: string }[] = []
let bulk = 0
let pickedAt = 0
let packAt = 0
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const auth = { ...scope, ...op, employeeName: 'admin', sessionId: 'test', roles: ['admin'], permissions: new Set<string>(), token: '', grantsVersion: '' } as AuthContext
const { q, one } = queriesOf(() => t)

const ADDR = { platform: 'AMAZON', shippingMethod: 'SEA-LCL', consigneeName: 'ONT8 Receiving', address: '24208 San Michele Rd', country: 'US', city: 'Moreno Valley', postcode: '92551' }
const TOB = { ...ADDR, orderType: 1, destinationWarehouse: 'ONT8', channel: 'FBA', businessType: 'sea', boxMark: 'SHOES-ONT8', expectedContainerNo: 'MSKU1234567' }

async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
const stock = (skuId: number, locationId: number, qty: number) => t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-SHIP' }, op))

/** A ToB order, validated (reserved on the bulk location) and picked: its reservations moved to PCK-01 as picking does. */
async function pickedOrder(lines: { i: number; qty: number }[], extra: Record<string, unknown> = {}) {
  const o = await expectOk(admin, 'outbound.order.create', { ...TOB, ...extra, lines: lines.map((l) => ({ code: skus[l.i]!.code, qty: l.qty })) })
  await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
  const res = await q<{ id: number; qty: number; sku_id: number; batch_no: string }>(`SELECT r.id, r.qty, b.sku_id, b.batch_no FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
    WHERE r.doc_type = $1 AND r.doc_no = $2 AND r.status = 0 ORDER BY r.id`, [OUTBOUND_DOC, o.orderNo])
  await t.database.tx(async (tx) => {
    for (const r of res) {
      await moveReservation(tx, scope, Number(r.id), { ...scope, locationId: pickedAt, skuId: Number(r.sku_id), batchNo: r.batch_no }, Number(r.qty), { docType: OUTBOUND_DOC, docNo: o.orderNo, reason: 'pick' }, op)
    }
  })
  await q(`UPDATE outbound_order_line SET picked_qty = qty WHERE order_id = $1`, [o.id])
  await q(`UPDATE outbound_order SET status = 2, picked_qty = expected_qty, wave_no = 'BC-TEST' WHERE id = $1`, [o.id])
  return { id: Number(o.id), orderNo: String(o.orderNo) }
}

let taskSeq = 0
/** Boxes packed the way the ToB packing does (the reservation follows the goods to PAK-01), written directly: the shipCartons fixture. */
async function boxesOf(orderNo: string, boxes: { i: number; qty: number }[][]) {
  const [task] = await q<{ id: number }>(`INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, doc_no, source_location_id, pack_location_id)
    VALUES (1, 26, $1, 3, $2, $3, $4) RETURNING id`, [`ZX-T-${++taskSeq}`, orderNo, pickedAt, packAt])
  const ids: number[] = []
  for (const [k, items] of boxes.entries()) {
    const [c] = await q<{ id: number }>(`INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, doc_no, seq, box_total, status, location_id, length, width, height, weight, volume)
      VALUES (1, 26, $1, $2, $3, $4, $5, 2, $6, 60, 40, 30, 10, 72) RETURNING id`, [`BX-${taskSeq}-${k + 1}`, task!.id, orderNo, k + 1, boxes.length, packAt])
    ids.push(Number(c!.id))
    for (const it of items) {
      await q(`INSERT INTO carton_item (carton_id, sku_id, qty, scanned_code) VALUES ($1, $2, $3, $4)`, [c!.id, skus[it.i]!.id, it.qty, skus[it.i]!.code])
      const [r] = await q<{ id: number }>(`SELECT r.id FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
        WHERE r.doc_no = $1 AND r.status = 0 AND b.location_id = $2 AND b.sku_id = $3 AND r.qty >= $4 ORDER BY r.id LIMIT 1`, [orderNo, pickedAt, skus[it.i]!.id, it.qty])
      await t.database.tx(async (tx) => {
        await moveReservation(tx, scope, Number(r!.id), { ...scope, locationId: packAt, skuId: skus[it.i]!.id }, it.qty, { docType: 'packingTask', docNo: `ZX-T-${taskSeq}`, reason: 'pack' }, op)
      })
    }
  }
  return ids
}
const ship = (cartonIds: number[], docNo: string) => t.database.tx((tx) => shipCartons(tx, auth, { cartonIds, docType: 'shipment', docNo }))
async function refusedShip(cartonIds: number[], key: string, params: Record<string, unknown> = {}) {
  const err = await ship(cartonIds, 'FY-REFUSED').then(() => null, (e: unknown) => e)
  expect(err).toBeInstanceOf(AppError)
  expect((err as AppError).messageKey).toBe(key)
  expect((err as AppError).params).toMatchObject(params)
}
const orderRow = (id: number) => one<{ status: number; actual_qty: number; shipped_at: unknown }>(`SELECT status, actual_qty, shipped_at FROM outbound_order WHERE id = $1`, [id])

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND k.sku_code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 4`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(4)
  bulk = Number((await one<{ id: number }>(`SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 1 AND l.location_type = 'fullBox' ORDER BY l.code LIMIT 1`)).id)
  pickedAt = Number((await one<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = $1`, [PICKED_LOCATION])).id)
  packAt = Number((await one<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = $1`, [PACKING_LOCATION])).id)
  for (const s of skus) await stock(s.id, bulk, 200)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('shipCartons', () => {
  it('ships box by box through the ledger: PartTransport 3, then shipped; the reservation that followed the goods is consumed', async () => {
    const o = await pickedOrder([{ i: 0, qty: 10 }, { i: 1, qty: 4 }])
    const [b1, b2, b3] = await boxesOf(o.orderNo, [[{ i: 0, qty: 6 }], [{ i: 0, qty: 4 }, { i: 1, qty: 2 }], [{ i: 1, qty: 2 }]])
    const free0 = await one<{ on_hand: number; locked: number }>(`SELECT on_hand, locked FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, skus[0]!.id])
    expect(free0).toMatchObject({ on_hand: 10, locked: 10 })

    const first = await ship([b1!, b2!], 'FY-T-1')
    expect(first).toMatchObject({ cartons: 2, units: 12, orders: [{ orderNo: o.orderNo, status: OS.PartTransport, shippedQty: 12 }] })
    expect(await orderRow(o.id)).toMatchObject({ status: OS.PartTransport, actual_qty: 12, shipped_at: null })
    const lines = await q<{ line_no: number; shipped_qty: number }>(`SELECT line_no, shipped_qty FROM outbound_order_line WHERE order_id = $1 ORDER BY line_no`, [o.id])
    expect(lines.map((l) => Number(l.shipped_qty))).toEqual([10, 2])
    const bal0 = await one<{ id: number; on_hand: number; locked: number }>(`SELECT id, on_hand, locked FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, skus[0]!.id])
    expect(bal0).toMatchObject({ on_hand: 0, locked: 0 })
    const ex = await t.database.tx((tx) => explainBalance(tx, scope, Number(bal0.id)))
    const under = ex!.entries.filter((e) => e.docNo === 'FY-T-1')
    expect(under.map((e) => [e.deltaOnHand, e.deltaLocked, e.reason, e.reasonParams.boxCode]).sort()).toEqual([[-4, -4, 'ship', 'BX-1-2'], [-6, -6, 'ship', 'BX-1-1']].sort())
    expect(under.every((e) => e.docType === 'shipment')).toBe(true)
    const boxes = await q<{ status: number; ship_doc_no: string }>(`SELECT status, ship_doc_no FROM carton WHERE id = ANY($1::int[]) ORDER BY id`, [[b1, b2, b3]])
    expect(boxes.map((b) => [Number(b.status), b.ship_doc_no])).toEqual([[3, 'FY-T-1'], [3, 'FY-T-1'], [2, null]])
    await invariantsClean()

    // An already shipped box is refused, naming it and the document that shipped it; nothing is written.
    await refusedShip([b3!, b1!], 'shipments:errors.cartonShipped', { boxCode: 'BX-1-1', docNo: 'FY-T-1' })
    expect(Number((await one<{ status: number }>(`SELECT status FROM carton WHERE id = $1`, [b3])).status)).toBe(2)

    const last = await ship([b3!], 'FY-T-2')
    expect(last.orders).toEqual([{ orderNo: o.orderNo, status: OS.Over, shippedQty: 14 }])
    const done = await orderRow(o.id)
    expect(done).toMatchObject({ status: OS.Over, actual_qty: 14 })
    expect(done.shipped_at).not.toBeNull()
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_reservation WHERE doc_no = $1 AND status = 0`, [o.orderNo])).n)).toBe(0)
    await invariantsClean()
  })

  it('refuses an open box, an unknown box and an order not picked — naming them, nothing written', async () => {
    const o = await pickedOrder([{ i: 2, qty: 3 }])
    const [b] = await boxesOf(o.orderNo, [[{ i: 2, qty: 3 }]])
    const ledgerBefore = Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_ledger`)).n)
    await q(`UPDATE carton SET status = 1 WHERE id = $1`, [b])
    await refusedShip([b!], 'shipments:errors.cartonOpen', { boxCode: 'BX-2-1' })
    await q(`UPDATE carton SET status = 2 WHERE id = $1`, [b])
    await refusedShip([b!, 999_999], 'shipments:errors.cartonNotFound', { id: 999_999 })
    await q(`UPDATE outbound_order SET status = ${OS.AbnormalLock}, lock_from_status = 2 WHERE id = $1`, [o.id])
    await refusedShip([b!], 'shipments:errors.orderStatus', { orderNo: o.orderNo, status: OS.AbnormalLock })
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_ledger`)).n)).toBe(ledgerBefore)
    await q(`UPDATE outbound_order SET status = 2, lock_from_status = NULL WHERE id = $1`, [o.id])
    // A box of no outbound order (a transfer's) ships from the free stock where it stands.
    const [task] = await q<{ id: number }>(`SELECT task_id AS id FROM carton WHERE id = $1`, [b])
    await stock(skus[3]!.id, packAt, 5)
    const [free] = await q<{ id: number }>(`INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, doc_no, seq, status, location_id, length, width, height, weight)
      VALUES (1, 26, 'BX-FREE-1', $1, 'DB-T-1', 9, 2, $2, 10, 10, 10, 1) RETURNING id`, [task!.id, packAt])
    await q(`INSERT INTO carton_item (carton_id, sku_id, qty, scanned_code) VALUES ($1, $2, 5, 'X')`, [free!.id, skus[3]!.id])
    const r = await ship([free!.id, b!], 'FY-T-3')
    expect(r).toEqual({ cartons: 2, units: 8, orders: [{ orderNo: o.orderNo, status: OS.Over, shippedQty: 3 }], shipments: [] })
    expect(await one(`SELECT on_hand, locked FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, skus[3]!.id])).toMatchObject({ on_hand: 0, locked: 0 })
    await invariantsClean()
  })
})

const ledgerCount = async () => Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_ledger`)).n)
const shipmentCount = async () => Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM shipment`)).n)
const balanceAt = (locationId: number, skuId: number) => one<{ on_hand: number; locked: number }>(
  `SELECT coalesce(sum(on_hand), 0)::int AS on_hand, coalesce(sum(locked), 0)::int AS locked FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [locationId, skuId])
const shipmentRow = (no: string) => one<{ status: number; approval: number; box_count: number; shipped_boxes: number; container_no: string | null }>(`SELECT * FROM shipment WHERE shipment_no = $1`, [no])
async function refusedCmd(command: string, args: Record<string, unknown>, status: number, key: string, params: Record<string, unknown> = {}) {
  const r = await admin.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(status)
  const body = r.json()
  expect(body.messageKey, r.body).toBe(key)
  if (Object.keys(params).length) expect({ ...body.messageParams, ...body.errors?.[0]?.params }, r.body).toMatchObject(params)
  return body
}

describe('ToB packing from the picked order', () => {
  it('a packing task from the order: lines = picked quantities; each scan moves the ORDER\'S reservation into the box; shipping consumes it there', async () => {
    const o = await pickedOrder([{ i: 2, qty: 6 }, { i: 3, qty: 3 }], { expectedContainerNo: 'MSKU7000001' })
    const free2 = await balanceAt(bulk, skus[2]!.id)
    // Refusals before anything is made.
    await refusedCmd('shipments.packTask.create', { orderNo: 'CK-NOPE' }, 400, 'shipments:errors.orderNotFound')
    const draft = await expectOk(admin, 'outbound.order.create', { ...TOB, lines: [{ code: skus[0]!.code, qty: 1 }] })
    await refusedCmd('shipments.packTask.create', { orderNo: draft.orderNo }, 409, 'shipments:errors.packStatus', { orderNo: draft.orderNo, status: OS.Draft })
    const toc = await expectOk(admin, 'outbound.order.create', { ...ADDR, orderType: 2, lines: [{ code: skus[0]!.code, qty: 1 }] })
    await refusedCmd('shipments.packTask.create', { orderNo: toc.orderNo }, 400, 'shipments:errors.notTob', { orderNo: toc.orderNo })
    const both = await refusedCmd('shipments.packTask.create', { orderNo: o.orderNo, pickingTaskNo: 'JH1' }, 400, 'errors:validation.form')
    expect(both.errors[0]).toMatchObject({ field: 'orderNo', messageKey: 'shipments:errors.orderOrTask' })

    const made = await expectOk(admin, 'shipments.packTask.create', { orderNo: o.orderNo })
    expect(made.tasks).toHaveLength(1)
    expect(made.tasks[0]).toMatchObject({ orderNo: o.orderNo, lines: 2, qty: 9 })
    const taskNo = made.tasks[0].taskNo as string
    expect(taskNo).toMatch(/^ZX/)
    await refusedCmd('shipments.packTask.create', { orderNo: o.orderNo }, 409, 'shipments:errors.packTaskExists', { orderNo: o.orderNo, taskNo })
    const task = await one<{ doc_no: string; source_location_id: number; box_mark: string }>(`SELECT doc_no, source_location_id, box_mark FROM packing_task WHERE task_no = $1`, [taskNo])
    expect(task).toMatchObject({ doc_no: o.orderNo, source_location_id: pickedAt, box_mark: 'SHOES-ONT8' })

    await expectOk(admin, 'cartons.task.claim', { taskNo })
    await expectOk(admin, 'cartons.box.open', { taskNo, boxCode: 'TOB-K1-1' })
    await expectOk(admin, 'cartons.box.scan', { taskNo, code: skus[2]!.code, qty: 6 })
    // Reserved goods moved with their reservation: at the packing place on hand = locked; nothing taken off free stock.
    expect(await balanceAt(packAt, skus[2]!.id)).toMatchObject({ on_hand: 6, locked: 6 })
    expect(await balanceAt(pickedAt, skus[2]!.id)).toMatchObject({ on_hand: 0, locked: 0 })
    expect(await balanceAt(bulk, skus[2]!.id)).toEqual(free2)
    const res = await q<{ doc_no: string; doc_line: number; qty: number }>(`SELECT r.doc_no, r.doc_line, r.qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE r.status = 0 AND b.location_id = $1 AND b.sku_id = $2`, [packAt, skus[2]!.id])
    expect(res.map((r) => [r.doc_no, Number(r.doc_line), Number(r.qty)])).toEqual([[o.orderNo, 1, 6]])
    await expectOk(admin, 'cartons.box.close', { taskNo, weight: 8, length: 50, width: 40, height: 30 })
    await expectOk(admin, 'cartons.box.open', { taskNo, boxCode: 'TOB-K1-2' })
    // More than the order holds reserved is refused by the scan (the quantity to scan) — and nothing moves.
    const before = await ledgerCount()
    const over = await admin.cmd('cartons.box.scan', { taskNo, code: skus[3]!.code, qty: 4 })
    expect(over.statusCode).toBe(400)
    expect(await ledgerCount()).toBe(before)
    await expectOk(admin, 'cartons.box.scan', { taskNo, code: skus[3]!.code, qty: 3 })
    await expectOk(admin, 'cartons.box.close', { taskNo, weight: 5, length: 40, width: 30, height: 30 })
    await expectOk(admin, 'cartons.task.finish', { taskNo })
    await refusedCmd('shipments.packTask.create', { orderNo: o.orderNo }, 409, 'shipments:errors.nothingToPack', { orderNo: o.orderNo })
    await invariantsClean()

    // Generated (express: no container, no loading), approved, shipped: the reservation is consumed at the packing place under FY.
    const g = await expectOk(admin, 'shipments.generate', { orderNos: [o.orderNo] })
    expect(g.shipments).toHaveLength(1)
    expect(g.shipments[0]).toMatchObject({ boxes: 2, weight: 13, volume: 96, orders: [o.orderNo] })
    const no = g.shipments[0].shipmentNo as string
    expect(no).toMatch(/^FY/)
    expect((await shipmentRow(no)).container_no).toBe('MSKU7000001')
    await expectOk(admin, 'shipments.approve', { shipmentNos: [no] })
    await refusedCmd('shipments.ship', { shipmentNos: [no] }, 409, 'shipments:errors.notLoaded', { shipmentNo: no, notLoaded: 2 })
    await q(`UPDATE carton SET loaded_at = now(), loading_no = 'ZG-TEST' WHERE box_code IN ('TOB-K1-1', 'TOB-K1-2')`)
    const shipped = await expectOk(admin, 'shipments.ship', { shipmentNos: [no] })
    expect(shipped.shipments).toEqual([{ shipmentNo: no, status: 1, boxes: 2, units: 9 }])
    expect(shipped.orders).toEqual([{ orderNo: o.orderNo, status: OS.Over, shippedQty: 9 }])
    expect(await balanceAt(packAt, skus[2]!.id)).toMatchObject({ on_hand: 0, locked: 0 })
    const bal = await one<{ id: number }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, skus[2]!.id])
    const ex = await t.database.tx((tx) => explainBalance(tx, scope, Number(bal.id)))
    expect(ex!.entries.filter((e) => e.docNo === no).map((e) => [e.docType, e.reason, e.deltaOnHand, e.deltaLocked])).toEqual([['shipment', 'ship', -6, -6]])
    expect(ex!.entries.filter((e) => e.docNo === taskNo).map((e) => [e.reason, e.deltaOnHand, e.deltaLocked])).toEqual([['pack', 6, 6]])
    const detail = (await admin.get(`/api/shipments/by-no/${no}`)).json().data
    expect(detail.orders).toEqual([expect.objectContaining({ orderNo: o.orderNo, status: OS.Over, boxes: 2, shippedBoxes: 2 })])
    expect(detail.ledger.map((r: any) => r.boxCode).sort()).toEqual(['TOB-K1-1', 'TOB-K1-2'])
    await invariantsClean()
  })
})

describe('shipments: generation split by limits, the machine, shipping', () => {
  it('splits the boxes by boxes, gross weight and volume; a box in at most one shipment; every refusal named', async () => {
    const a = await pickedOrder([{ i: 0, qty: 5 }], { businessType: 'express', expectedContainerNo: null })
    const b = await pickedOrder([{ i: 1, qty: 2 }], { businessType: 'express', expectedContainerNo: null })
    const boxesA = await boxesOf(a.orderNo, [[{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }]])
    const boxesB = await boxesOf(b.orderNo, [[{ i: 1, qty: 1 }], [{ i: 1, qty: 1 }]])
    // Weights 4, 9, 2, 7, 5 (A) and 6, 3 (B); volumes 40, 10, 30, 20, 50 (A) and 10, 10 (B).
    const w = [4, 9, 2, 7, 5, 6, 3]
    const v = [40, 10, 30, 20, 50, 10, 10]
    for (const [k, id] of [...boxesA, ...boxesB].entries()) await q(`UPDATE carton SET weight = $1, volume = $2 WHERE id = $3`, [w[k], v[k], id])

    const before = await shipmentCount()
    await refusedCmd('shipments.generate', { orderNos: [a.orderNo, 'CK-NOPE'] }, 400, 'shipments:errors.orderNotFound', { orderNo: 'CK-NOPE' })
    const bad = await admin.cmd('shipments.generate', { orderNos: [a.orderNo], maxBoxes: 0, maxWeight: -1 })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.map((e: any) => e.field).sort()).toEqual(['maxBoxes', 'maxWeight'])
    await refusedCmd('shipments.generate', { orderNos: [a.orderNo], maxWeight: 8 }, 409, 'shipments:errors.boxOverWeight', { boxCode: 'BX-3-2', weight: 9, max: 8 })
    await refusedCmd('shipments.generate', { orderNos: [a.orderNo], maxVolume: 45 }, 409, 'shipments:errors.boxOverVolume', { boxCode: 'BX-3-5', volume: 50, max: 45 })
    const effective = await expectOk(admin, 'outbound.order.create', { ...TOB, lines: [{ code: skus[0]!.code, qty: 1 }] })
    await expectOk(admin, 'outbound.order.validate', { ids: [effective.id] })
    await refusedCmd('shipments.generate', { orderNos: [a.orderNo, effective.orderNo] }, 409, 'shipments:errors.generateStatus', { orderNo: effective.orderNo, status: OS.Effective })
    // Picked but not packed: reserved goods still at the picked-goods place.
    const c = await pickedOrder([{ i: 2, qty: 2 }], { businessType: 'express', expectedContainerNo: null })
    await refusedCmd('shipments.generate', { orderNos: [c.orderNo] }, 409, 'shipments:errors.notPacked', { orderNo: c.orderNo, qty: 2 })
    // A packing task still being worked.
    const pt = await expectOk(admin, 'shipments.packTask.create', { orderNo: c.orderNo })
    await refusedCmd('shipments.generate', { orderNos: [c.orderNo] }, 409, 'shipments:errors.packingOpen', { orderNo: c.orderNo, taskNo: pt.tasks[0].taskNo })
    expect(await shipmentCount()).toBe(before)

    // Greedy in order (A's boxes, then B's: one group — express, FBA, ONT8), a new shipment when the next box would pass a
    // limit (max 3 boxes, 15 kg, 100 L): [4, 9, 2] = 15 kg, 80 L (a 4th box passes 3 boxes) | [7, 5] = 12 kg (+6 = 18 > 15) | [6, 3].
    const g = await expectOk(admin, 'shipments.generate', { orderNos: [a.orderNo, b.orderNo], maxBoxes: 3, maxWeight: 15, maxVolume: 100 })
    expect(g.shipments.map((s: any) => [s.boxes, s.weight, s.volume])).toEqual([[3, 15, 80], [2, 12, 70], [2, 9, 20]])
    expect(g.shipments.map((s: any) => s.orders)).toEqual([[a.orderNo], [a.orderNo], [b.orderNo]])
    expect(g.boxes).toBe(7)
    // Every box in exactly one shipment; asking again finds nothing left.
    expect(Number((await one<{ n: number }>(`SELECT count(DISTINCT carton_id)::int AS n FROM shipment_carton WHERE carton_id = ANY($1::int[])`, [[...boxesA, ...boxesB]])).n)).toBe(7)
    await refusedCmd('shipments.generate', { orderNos: [a.orderNo] }, 409, 'shipments:errors.nothingToGenerate', { orderNo: a.orderNo })

    // Default limits (express: 50 boxes) put everything of a group in one shipment: terminate the three, generate again.
    const nos = g.shipments.map((s: any) => s.shipmentNo)
    await expectOk(admin, 'shipments.terminate', { shipmentNos: nos })
    expect((await shipmentRow(nos[0])).status).toBe(4)
    const again = await expectOk(admin, 'shipments.generate', { orderNos: [a.orderNo, b.orderNo] })
    expect(again.shipments.map((s: any) => [s.boxes, s.weight, s.volume])).toEqual([[7, 36, 170]])
    expect((await shipmentRow(again.shipments[0].shipmentNo)).container_no).toBeNull()
  })

  it('the machine: approve sets the orders\' flag; edit rules; part shipping → PartTransport 3, then shipped; depart; every refusal', async () => {
    const o = await pickedOrder([{ i: 0, qty: 3 }], { businessType: 'sea', expectedContainerNo: 'MSKU8000001' })
    const [b1, b2, b3] = await boxesOf(o.orderNo, [[{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }], [{ i: 0, qty: 1 }]])
    const g = await expectOk(admin, 'shipments.generate', { orderNos: [o.orderNo], maxBoxes: 2 })
    const [s1, s2] = g.shipments.map((s: any) => s.shipmentNo as string)
    expect(g.shipments.map((s: any) => s.boxes)).toEqual([2, 1])
    expect(await shipmentRow(s1!)).toMatchObject({ status: 0, approval: 0, container_no: 'MSKU8000001' })

    // Edit: the orders' expected container; arrival not before departure; fields stored.
    await refusedCmd('shipments.edit', { shipmentNo: s1, containerNo: 'OTHER-1' }, 400, 'shipments:errors.containerMismatch', { containerNo: 'OTHER-1', orderNo: o.orderNo, expected: 'MSKU8000001' })
    await refusedCmd('shipments.edit', { shipmentNo: s1, departureAt: '2026-12-05T10:00:00Z', arrivalAt: '2026-12-01T10:00:00Z' }, 400, 'shipments:errors.arrivalBeforeDeparture')
    const badFmt = await admin.cmd('shipments.edit', { shipmentNo: s1, containerNo: 'MS KU/1' })
    expect(badFmt.statusCode).toBe(400)
    expect(badFmt.json().errors[0]).toMatchObject({ field: 'containerNo', messageKey: 'shipments:errors.containerFormat' })
    await expectOk(admin, 'shipments.edit', { shipmentNo: s1, port: 'Yantian', forwarder: 'Fast Forwarding', billOfLading: 'BL-001', sealNo: 'SEAL-9', trackingNo: 'TRK-1',
      departureAt: '2026-12-01T10:00:00Z', arrivalAt: '2026-12-20T10:00:00Z', shippingMethod: 'SEA-FCL' })
    const d1 = (await admin.get(`/api/shipments/by-no/${s1}`)).json().data.shipment
    expect(d1).toMatchObject({ port: 'Yantian', forwarder: 'Fast Forwarding', billOfLading: 'BL-001', sealNo: 'SEAL-9', trackingNo: 'TRK-1', shippingMethod: 'SEA-FCL', departureAt: '2026-12-01T10:00:00.000Z' })
    await refusedCmd('shipments.edit', { shipmentNo: s1, arrivalAt: '2026-11-30T10:00:00Z' }, 400, 'shipments:errors.arrivalBeforeDeparture')

    // Not approved: shipping refused. Approve → the order's shipment_approved flag; shipping method fixed.
    await refusedCmd('shipments.ship', { shipmentNos: [s1] }, 409, 'shipments:errors.notApproved', { shipmentNo: s1 })
    await expectOk(admin, 'shipments.approve', { shipmentNos: [s1] })
    expect((await one<{ shipment_approved: boolean }>(`SELECT shipment_approved FROM outbound_order WHERE id = $1`, [o.id])).shipment_approved).toBe(true)
    await refusedCmd('shipments.approve', { shipmentNos: [s1] }, 409, 'shipments:errors.alreadyApproved')
    await refusedCmd('shipments.edit', { shipmentNo: s1, shippingMethod: 'AIR' }, 400, 'shipments:errors.approvedShippingMethod')
    await expectOk(admin, 'shipments.unapprove', { shipmentNos: [s1] })
    expect((await one<{ shipment_approved: boolean }>(`SELECT shipment_approved FROM outbound_order WHERE id = $1`, [o.id])).shipment_approved).toBe(false)
    await expectOk(admin, 'shipments.approve', { shipmentNos: [s1, s2] })

    // Sea: the container number is needed and every box to ship must be loaded (K2's loading marks carton.loaded_at).
    await q(`UPDATE shipment SET container_no = NULL WHERE shipment_no = $1`, [s2])
    await refusedCmd('shipments.ship', { shipmentNos: [s2] }, 409, 'shipments:errors.containerRequired', { shipmentNo: s2 })
    await q(`UPDATE shipment SET container_no = 'MSKU8000001' WHERE shipment_no = $1`, [s2])
    const before = await ledgerCount()
    await refusedCmd('shipments.ship', { shipmentNos: [s1, s2] }, 409, 'shipments:errors.notLoaded', { shipmentNo: s1, boxCode: `BX-${taskSeq}-1`, notLoaded: 2 })
    expect(await ledgerCount()).toBe(before)
    const tooMany = await admin.cmd('shipments.ship', { shipmentNos: Array.from({ length: 31 }, (_, i) => `FY${i}`) })
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'shipmentNos', messageKey: 'shipments:errors.tooManyToShip' })

    // Part of s1: one box loaded and shipped → PartiallyShipped 3, the order PartTransport 3; the container fixed.
    await q(`UPDATE carton SET loaded_at = now(), loading_no = 'ZG-T' WHERE id = $1`, [b1])
    await refusedCmd('shipments.ship', { shipmentNos: [s1], boxCodes: [`BX-${taskSeq}-3`] }, 400, 'shipments:errors.boxNotInShipment')
    const part = await expectOk(admin, 'shipments.ship', { shipmentNos: [s1], boxCodes: [`BX-${taskSeq}-1`] })
    expect(part.shipments).toEqual([{ shipmentNo: s1, status: 3, boxes: 1, units: 1 }])
    expect(part.orders).toEqual([{ orderNo: o.orderNo, status: OS.PartTransport, shippedQty: 1 }])
    expect(await shipmentRow(s1!)).toMatchObject({ status: 3, shipped_boxes: 1 })
    await refusedCmd('shipments.edit', { shipmentNo: s1, containerNo: null }, 400, 'shipments:errors.containerFixed')
    await refusedCmd('shipments.unapprove', { shipmentNos: [s1] }, 409, 'shipments:errors.approveStatus', { shipmentNo: s1, status: 3 })
    await refusedCmd('shipments.depart', { shipmentNos: [s1] }, 409, 'shipments:errors.departStatus', { status: 3 })

    // The rest: loaded, both shipped in one batch → Shipped 1; the order shipped (Over 4).
    await q(`UPDATE carton SET loaded_at = now(), loading_no = 'ZG-T' WHERE id = ANY($1::int[])`, [[b2, b3]])
    const rest = await expectOk(admin, 'shipments.ship', { shipmentNos: [s1, s2] })
    expect(rest.shipments.map((s: any) => [s.shipmentNo, s.status, s.boxes])).toEqual([[s1, 1, 1], [s2, 1, 1]])
    expect(rest.orders).toEqual([{ orderNo: o.orderNo, status: OS.Over, shippedQty: 3 }])
    await refusedCmd('shipments.ship', { shipmentNos: [s1] }, 409, 'shipments:errors.shipStatus', { shipmentNo: s1, status: 1 })
    await refusedCmd('shipments.terminate', { shipmentNos: [s1] }, 409, 'shipments:errors.terminateStatus', { status: 1 })
    await expectOk(admin, 'shipments.depart', { shipmentNos: [s1] })
    expect((await shipmentRow(s1!)).status).toBe(2)
    await refusedCmd('shipments.depart', { shipmentNos: ['FY-NOPE'] }, 400, 'shipments:errors.shipmentNotFound')

    // Ledger: each box's unit left PAK-01 under its shipment's number; invariants clean.
    const rows = await q<{ doc_no: string; n: number }>(`SELECT doc_no, sum(delta_on_hand)::int AS n FROM inventory_ledger WHERE doc_type = 'shipment' AND doc_no = ANY($1::text[]) GROUP BY doc_no ORDER BY doc_no`, [[s1, s2]])
    expect(rows.map((r) => [r.doc_no, Number(r.n)])).toEqual([[s1, -2], [s2, -1]])
    await invariantsClean()

    // The list: filters by status and approval; the palette finds the shipment by number.
    const list = (await admin.get(`/api/shipments?shipmentNo=${s1}&status=2&approval=1`)).json().data
    expect(list.records.map((r: any) => [r.shipmentNo, r.orders, r.boxCount, r.shippedBoxes, r.loadedBoxes])).toEqual([[s1, 1, 2, 2, 2]])
    const hits = (await admin.get(`/api/search/documents?q=${s1}`)).json().data
    expect(hits.find((h: any) => h.type === 'shipment')).toMatchObject({ number: s1, path: `/stock-out/ToB/ship-management/shipment-details/outbound-details?no=${s1}` })
  })
})

describe('the real flow', () => {
  it('assign picking → pick → pack from the picking task → generate → approve → ship (express: no loading); invariants clean', async () => {
    const o = await expectOk(admin, 'outbound.order.create', { ...TOB, businessType: 'express', expectedContainerNo: null, lines: [{ code: skus[1]!.code, qty: 2 }] })
    await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
    const w = await expectOk(admin, 'outbound.tob.assignPicking', { ids: [o.id], taskMode: 'whole' })
    const taskNo = w.tasks[0] as string
    await expectOk(admin, 'outbound.pickTask.claim', { taskNo, cartCode: null })
    for (let i = 0; i < 5; i++) {
      const v = (await admin.get(`/api/outbound/picking-tasks/by-no/${taskNo}`)).json().data
      if (!v.next) break
      await expectOk(admin, 'outbound.pick.scan', { taskNo, locationCode: v.next.locationCode, code: v.next.skuCode })
    }
    expect(Number((await one<{ status: number }>(`SELECT status FROM outbound_order WHERE id = $1`, [o.id])).status)).toBe(OS.ReadyOut)
    await refusedCmd('shipments.packTask.create', { pickingTaskNo: 'JH-NOPE' }, 400, 'shipments:errors.pickingTaskNotFound')
    const made = await expectOk(admin, 'shipments.packTask.create', { pickingTaskNo: taskNo })
    expect(made.tasks).toEqual([expect.objectContaining({ orderNo: o.orderNo, lines: 1, qty: 2 })])
    const zx = made.tasks[0].taskNo as string
    await expectOk(admin, 'cartons.task.claim', { taskNo: zx })
    await expectOk(admin, 'cartons.box.open', { taskNo: zx, boxCode: 'TOB-K1-REAL' })
    await expectOk(admin, 'cartons.box.scan', { taskNo: zx, code: skus[1]!.code, qty: 2 })
    await expectOk(admin, 'cartons.box.close', { taskNo: zx, weight: 3, length: 40, width: 30, height: 20 })
    await expectOk(admin, 'cartons.task.finish', { taskNo: zx })
    const g = await expectOk(admin, 'shipments.generate', { orderNos: [o.orderNo] })
    const no = g.shipments[0].shipmentNo as string
    await expectOk(admin, 'shipments.approve', { shipmentNos: [no] })
    const r = await expectOk(admin, 'shipments.ship', { shipmentNos: [no] })
    expect(r.orders).toEqual([{ orderNo: o.orderNo, status: OS.Over, shippedQty: 2 }])
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_reservation WHERE doc_no = $1 AND status = 0`, [o.orderNo])).n)).toBe(0)
    await invariantsClean()
  })
})

describe('shipCartons called by another document (a loaded container)', () => {
  it('settles the shipments holding the boxes: PartiallyShipped 3, then Shipped 1; the ledger rows stand under the caller\'s number', async () => {
    const o = await pickedOrder([{ i: 3, qty: 2 }], { businessType: 'express', expectedContainerNo: null })
    const [b1, b2] = await boxesOf(o.orderNo, [[{ i: 3, qty: 1 }], [{ i: 3, qty: 1 }]])
    const g = await expectOk(admin, 'shipments.generate', { orderNos: [o.orderNo] })
    const no = g.shipments[0].shipmentNo as string
    const byContainer = (ids: number[], docNo: string) => t.database.tx((tx) => shipCartons(tx, auth, { cartonIds: ids, docType: 'containerLoading', docNo }))
    const first = await byContainer([b1!], 'ZG-T-1')
    expect(first.shipments).toEqual([{ shipmentNo: no, status: 3, shippedBoxes: 1 }])
    expect(first.orders).toEqual([{ orderNo: o.orderNo, status: OS.PartTransport, shippedQty: 1 }])
    const second = await byContainer([b2!], 'ZG-T-2')
    expect(second.shipments).toEqual([{ shipmentNo: no, status: 1, shippedBoxes: 2 }])
    expect(await shipmentRow(no)).toMatchObject({ status: 1, shipped_boxes: 2 })
    const rows = await q<{ doc_type: string; doc_no: string }>(`SELECT DISTINCT doc_type, doc_no FROM inventory_ledger WHERE reason = 'ship' AND doc_no LIKE 'ZG-T-%' ORDER BY doc_no`)
    expect(rows.map((r) => [r.doc_type, r.doc_no])).toEqual([['containerLoading', 'ZG-T-1'], ['containerLoading', 'ZG-T-2']])
    await invariantsClean()
  })
})
