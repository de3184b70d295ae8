// Transfer orders between two warehouses of one company over the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL), issue 21 "Transfer orders (stock-out-allot)" (part L).
// Acceptance: 1 000 units in 40 boxes from warehouse 26 to warehouse 168, 3 boxes short-shipped — the
// sending ledger (rows under the DB number), the in-transit view and the receiving inbound order (type
// Transfer, boxes and quantities SHIPPED) agree to the unit, while receiving and after; checkInvariants
// is clean in both warehouses. Every refusal: the same warehouse, a warehouse of another company, an
// unknown code, "transfer count not above maximum" (create, batch add, confirm), each stage out of its
// status ("Transfer order must be completed before assigning picking", void only when pending
// collection), ship with an open box / nothing packed / short boxes the once-outbound configuration
// refuses, complete before the receiving warehouse finished. Batch add: a dry run naming every bad row,
// nothing written; then the orders made. Batch void: two orders at once, their reservations released.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { TRANSFER_API } from '../../commands/transfers'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { PICKED_LOCATION } from '../../src/server/db/seed/stations'
import { ConstructionStage as S, InboundStatus, InboundType, PackingTaskStatus } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let receiver: ApiClient
const FROM = { tenantId: 1, warehouseId: 26 }
const TO = { tenantId: 1, warehouseId: 168 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
interface Sku { id: number; code: string }
let skus: Sku[] = []
let source = { id: 0, code: '' }

const fieldsOf = (body: any): string[] => (body.errors ?? []).map((e: any) => e.field)
const detail = async (c: ApiClient, no: string) => {
  const r = await c.get(TRANSFER_API.order(no))
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as any
}
const transit = async (c: ApiClient, no: string) => {
  const r = await c.get(`${TRANSFER_API.inTransit}?transferNo=${no}`)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { rows: { skuCode: string; shipped: number; received: number; inTransit: number }[]; total: number }
}
/** Σ on-hand change of the ledger rows under a document number in a warehouse (optionally one reason). */
const ledgerSum = async (warehouseId: number, docNo: string, reason?: string) =>
  Number((await one<{ n: number }>(`SELECT coalesce(sum(delta_on_hand), 0)::int AS n FROM inventory_ledger WHERE tenant_id = 1 AND warehouse_id = $1 AND doc_no = $2 ${reason ? 'AND reason = $3' : ''}`,
    reason ? [warehouseId, docNo, reason] : [warehouseId, docNo])).n)
async function invariantsClean() {
  for (const scope of [FROM, TO]) expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
}
const newOrder = (lines: { i: number; qty: number }[], extra: Record<string, unknown> = {}) =>
  ok(admin, 'transfer.order.create', { toWarehouseId: TO.warehouseId, boxMark: 'DB / 168', lines: lines.map((l) => ({ code: skus[l.i]!.code, qty: l.qty })), ...extra })

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  receiver = admin.in({ warehouseId: TO.warehouseId })
  // Six SKUs nobody holds stock of, 300 each on one empty allocatable location of the sending warehouse (setup: bulk).
  const rows = await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND k.sku_code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
      AND NOT EXISTS (SELECT 1 FROM product_msku m WHERE upper(m.upc) = upper(k.sku_code) OR upper(m.fnsku) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 6`)
  skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(6)
  const [loc] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (1, 2, 9)
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id) ORDER BY l.code LIMIT 1`)
  source = { id: Number(loc!.id), code: loc!.code }
  await t.database.tx(async (tx) => {
    for (const s of skus) await addStock(tx, { ...FROM, locationId: source.id, skuId: s.id }, 300, { docType: 'TEST', docNo: 'T-TRANSFER' }, op)
  })
}, 120_000)
afterAll(async () => { await t?.close() })

describe('transfer orders: refusals at create and batch add', () => {
  it('the same warehouse, another company\'s warehouse, an unknown code and a count above the available stock are refused naming the field; nothing written', async () => {
    const before = Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_order`)).n)
    let r = await refused(admin, 'transfer.order.create', { toWarehouseId: FROM.warehouseId, lines: [{ code: skus[0]!.code, qty: 1 }] }, 400, 'transfers:errors.sameWarehouse')
    expect(fieldsOf(r)).toEqual(['toWarehouseId'])
    // Warehouse 31 is tenant 2's: not a warehouse of this company.
    r = await refused(admin, 'transfer.order.create', { toWarehouseId: 31, lines: [{ code: skus[0]!.code, qty: 1 }] }, 400, 'transfers:errors.unknownWarehouse')
    // Every issue at once: an unknown code on line 1, a count above the available on line 2.
    r = await refused(admin, 'transfer.order.create', { toWarehouseId: TO.warehouseId, lines: [{ code: 'NO-SUCH-SKU-XYZ', qty: 1 }, { code: skus[0]!.code, qty: 301 }] }, 400, 'transfers:errors.unknownCode')
    expect(fieldsOf(r)).toEqual(['lines.0.code', 'lines.1.qty'])
    expect(r.errors[1].params).toMatchObject({ qty: 301, available: 300, line: 2 })
    expect(r.errors[1].message).toContain('300')
    // The same SKU on two lines adds up: 200 + 101 > 300.
    r = await refused(admin, 'transfer.order.create', { toWarehouseId: TO.warehouseId, lines: [{ code: skus[0]!.code, qty: 200 }, { code: skus[0]!.code, qty: 101 }] }, 400, 'transfers:errors.overAvailable')
    expect(fieldsOf(r)).toEqual(['lines.1.qty'])
    const empty = await admin.cmd('transfer.order.create', { toWarehouseId: TO.warehouseId, lines: [] })
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors.map((e: any) => [e.field, e.messageKey])).toEqual([['lines', 'transfers:errors.noLines']])
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_order`)).n)).toBe(before)
  })

  it('batch add: the dry run names every bad row and writes nothing; a clean sheet makes one order per reference', async () => {
    const rows = [
      { ref: 'A', toWarehouseCode: 'X-NOPE', code: skus[4]!.code, qty: 5 },
      { ref: 'B', toWarehouseCode: '', code: skus[4]!.code, qty: 5 },
      { ref: 'C', toWarehouseCode: 'WH-168', code: 'NO-SUCH-SKU-XYZ', qty: 5 },
      { ref: 'C', toWarehouseCode: 'WH-168', code: skus[4]!.code, qty: 350 },
    ]
    const codes = await q<{ id: number; code: string }>(`SELECT id, code FROM warehouse WHERE id IN (26, 168)`)
    const code168 = codes.find((c) => Number(c.id) === 168)!.code
    const code26 = codes.find((c) => Number(c.id) === 26)!.code
    rows[1]!.toWarehouseCode = code26
    rows[2]!.toWarehouseCode = code168
    rows[3]!.toWarehouseCode = code168
    const before = Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_order`)).n)
    const dry = await ok(admin, 'transfer.order.batchCreate', { dryRun: true, rows })
    expect(dry.orders).toBe(3)
    expect(dry.issues.map((i: any) => [i.row, i.field, i.messageKey])).toEqual([
      [1, 'rows.0.toWarehouseCode', 'transfers:errors.unknownWarehouseCode'],
      [2, 'rows.1.toWarehouseCode', 'transfers:errors.sameWarehouse'],
      [3, 'rows.2.code', 'transfers:errors.unknownCode'],
      [4, 'rows.3.qty', 'transfers:errors.overAvailable'],
    ])
    // The real run with the same rows is refused as a whole, every row named.
    const r = await refused(admin, 'transfer.order.batchCreate', { rows }, 400, 'transfers:errors.unknownWarehouseCode')
    expect(fieldsOf(r)).toEqual(['rows.0.toWarehouseCode', 'rows.1.toWarehouseCode', 'rows.2.code', 'rows.3.qty'])
    // Two orders claiming one SKU: together above the available → the row that passes it is named.
    const over = await ok(admin, 'transfer.order.batchCreate', { dryRun: true, rows: [
      { ref: 'P', toWarehouseCode: code168, code: skus[5]!.code, qty: 200 },
      { ref: 'Q', toWarehouseCode: code168, code: skus[5]!.code, qty: 150 },
    ] })
    expect(over.issues).toEqual([expect.objectContaining({ row: 2, field: 'rows.1.qty', params: expect.objectContaining({ available: 100 }) })])
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM transfer_order`)).n)).toBe(before)
    const made = await ok(admin, 'transfer.order.batchCreate', { rows: [
      { ref: 'P', toWarehouseCode: code168, code: skus[5]!.code, qty: 10 },
      { ref: 'Q', toWarehouseCode: code168, code: skus[5]!.code, qty: 20 },
      { ref: 'P', toWarehouseCode: code168, code: skus[4]!.code, qty: 5 },
    ] })
    expect(made.created.map((c: any) => [c.ref, c.qty])).toEqual([['P', 15], ['Q', 20]])
    const p = await detail(admin, made.created[0].transferNo)
    expect(p).toMatchObject({ status: S.NewConstruction, source: 'import', toWarehouse: { id: 168 } })
    expect(p.lines.map((l: any) => [l.skuCode, l.qty])).toEqual([[skus[5]!.code, 10], [skus[4]!.code, 5]])
  })
})

describe('transfer orders: stages, void and the machine', () => {
  it('confirm reserves (available drops), picking only once confirmed, void only when pending collection — two at once, released', async () => {
    const a = await newOrder([{ i: 4, qty: 40 }])
    const b = await newOrder([{ i: 4, qty: 60 }, { i: 5, qty: 30 }])
    expect(a.transferNo).toMatch(/^DB\d{10}$/)
    // Spec §8 "Transfer order must be completed before assigning picking": a new order is refused.
    const r = await refused(admin, 'transfer.order.assignPicking', { transferNo: a.transferNo }, 409, 'transfers:errors.assignPickingStatus')
    expect(r.messageKey).toBe('transfers:errors.assignPickingStatus')
    expect(r.messageParams).toMatchObject({ status: S.NewConstruction, allowed: ['dict:constructionStage.2'] })
    // Void only when pending collection: a new order is refused.
    await refused(admin, 'transfer.order.cancel', { transferNos: [a.transferNo] }, 409, 'transfers:errors.cancelStatus')
    await refused(admin, 'transfer.order.ship', { transferNo: a.transferNo }, 409, 'transfers:errors.shipStatus')
    expect(await ok(admin, 'transfer.order.confirm', { transferNo: a.transferNo })).toMatchObject({ status: S.PendingCollected, reserved: 40 })
    await refused(admin, 'transfer.order.confirm', { transferNo: a.transferNo }, 409, 'transfers:errors.confirmStatus')
    await ok(admin, 'transfer.order.confirm', { transferNo: b.transferNo })
    const reserved = await one<{ n: number }>(`SELECT coalesce(sum(qty), 0)::int AS n FROM inventory_reservation WHERE doc_type = 'transferOrder' AND doc_no IN ($1, $2) AND status = 0`, [a.transferNo, b.transferNo])
    expect(Number(reserved.n)).toBe(130)
    expect((await detail(admin, b.transferNo)).lines.map((l: any) => l.reserved)).toEqual([60, 30])
    // Batch void: one order not pending collection in the batch refuses the whole batch (nothing released).
    const c = await newOrder([{ i: 4, qty: 1 }])
    await refused(admin, 'transfer.order.cancel', { transferNos: [a.transferNo, b.transferNo, c.transferNo] }, 409, 'transfers:errors.cancelStatus')
    expect((await detail(admin, a.transferNo)).status).toBe(S.PendingCollected)
    const done = await ok(admin, 'transfer.order.cancel', { transferNos: [a.transferNo, b.transferNo] })
    expect(done.cancelled.map((x: any) => x.released).sort()).toEqual([40, 90])
    expect((await detail(admin, b.transferNo)).status).toBe(S.Cancelled)
    const open = await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_reservation WHERE doc_type = 'transferOrder' AND doc_no IN ($1, $2) AND status = 0`, [a.transferNo, b.transferNo])
    expect(Number(open.n)).toBe(0)
    await refused(admin, 'transfer.order.confirm', { transferNo: a.transferNo }, 409, 'transfers:errors.confirmStatus')
    // Confirm re-checks the count: another order took the stock meanwhile → refused naming the numbers, nothing reserved.
    const d = await newOrder([{ i: 5, qty: 250 }])
    const e = await newOrder([{ i: 5, qty: 100 }])
    await ok(admin, 'transfer.order.confirm', { transferNo: d.transferNo })
    const over = await refused(admin, 'transfer.order.confirm', { transferNo: e.transferNo }, 400, 'transfers:errors.overAvailable')
    expect(over.errors[0]).toMatchObject({ field: 'lines.0.qty', params: { qty: 100, available: 50 } })
    expect((await detail(admin, e.transferNo)).lines[0].reserved).toBe(0)
    await ok(admin, 'transfer.order.cancel', { transferNos: [d.transferNo] })
    await invariantsClean()
  })
})

describe('acceptance: 1 000 units in 40 boxes, 3 boxes short-shipped', () => {
  it('sending ledger, in-transit view and receiving inbound order agree to the unit; invariants clean in both warehouses', async () => {
    // 4 SKUs × 250 = 1 000 units; 40 single-SKU boxes of 25 — the first 3 boxes packed short (20): 985 ship.
    const order = await newOrder([0, 1, 2, 3].map((i) => ({ i, qty: 250 })), { expectedArrival: '2026-12-20' })
    const no = order.transferNo as string
    expect(order.qty).toBe(1000)
    await ok(admin, 'transfer.order.confirm', { transferNo: no })
    const picked = await ok(admin, 'transfer.order.assignPicking', { transferNo: no })
    expect(picked).toMatchObject({ status: S.PendingTransfer, qty: 1000 })
    const taskNo = picked.packingTaskNo as string
    expect(taskNo).toMatch(/^ZX/)
    // The reserved goods stand on the picked location, still reserved for the DB.
    const atPicked = await one<{ on_hand: number; locked: number }>(`
      SELECT coalesce(sum(b.on_hand), 0)::int AS on_hand, coalesce(sum(b.locked), 0)::int AS locked FROM inventory_balance b JOIN location l ON l.id = b.location_id
      WHERE b.warehouse_id = 26 AND l.code = $1 AND b.sku_id = ANY($2::int[])`, [PICKED_LOCATION, skus.slice(0, 4).map((s) => s.id)])
    expect([Number(atPicked.on_hand), Number(atPicked.locked)]).toEqual([1000, 1000])
    await refused(admin, 'transfer.order.ship', { transferNo: no }, 409, 'transfers:errors.noClosedBoxes')

    await ok(admin, 'cartons.task.claim', { taskNo })
    let box = 0
    for (let i = 0; i < 4; i++) {
      for (let k = 0; k < 10; k++) {
        box++
        const boxCode = `TRF-${no}-${String(box).padStart(2, '0')}`
        await ok(admin, 'cartons.box.open', { taskNo, boxCode, mixed: false })
        await ok(admin, 'cartons.box.scan', { taskNo, code: skus[i]!.code, qty: box <= 3 ? 20 : 25 })
        if (box === 40) {
          // An open box holding goods refuses the shipment (nothing leaves half-packed).
          await refused(admin, 'transfer.order.ship', { transferNo: no }, 409, 'transfers:errors.boxStillOpen')
        }
        await ok(admin, 'cartons.box.close', { taskNo, weight: 9.5, length: 50, width: 40, height: 30 })
      }
    }
    // The once-outbound configuration of the sending warehouse: short boxes refused for warehouse 168…
    const cfg = await ok(admin, 'resource.onceOutboundConfig.add', { name: 'To 168: full only', priority: 1, status: 1, toWarehouseId: TO.warehouseId, allowShort: false, autoIssueInbound: true })
    const short = await refused(admin, 'transfer.order.ship', { transferNo: no }, 409, 'transfers:errors.shortNotAllowed')
    expect(short.messageParams).toMatchObject({ left: 15 })
    // … then allowed: the one shipment leaves with the 40 closed boxes, the 15 unpacked units are released.
    await ok(admin, 'resource.onceOutboundConfig.edit', { id: cfg.id, allowShort: true })
    const shipped = await ok(admin, 'transfer.order.ship', { transferNo: no })
    expect(shipped).toMatchObject({ status: S.TransferInprogress, shippedQty: 985, shippedBoxes: 40, releasedQty: 15, inboundStatus: InboundStatus.Issued })
    // Only one shipment for transfer out.
    await refused(admin, 'transfer.order.ship', { transferNo: no }, 409, 'transfers:errors.shipStatus')
    expect(Number((await one<{ status: number }>(`SELECT status FROM packing_task WHERE task_no = $1`, [taskNo])).status)).toBe(PackingTaskStatus.Closed)

    // The receiving inbound order: type Transfer, the boxes and quantities SHIPPED (not ordered).
    const inboundNo = shipped.inboundOrderNo as string
    const ib = await one<any>(`SELECT warehouse_id, inbound_type, status, box_count, expected_qty, source_no FROM inbound_order WHERE order_no = $1 AND warehouse_id = 168`, [inboundNo])
    expect(ib).toMatchObject({ warehouse_id: 168, inbound_type: InboundType.Transfer, status: InboundStatus.Issued, box_count: 40, expected_qty: 985, source_no: no })
    const ibLines = await q<{ sku_id: number; expected_qty: number }>(`SELECT l.sku_id, l.expected_qty FROM inbound_order_line l JOIN inbound_order o ON o.id = l.order_id WHERE o.order_no = $1 AND o.warehouse_id = 168 ORDER BY l.sku_id`, [inboundNo])
    const shippedPerSku = new Map([[skus[0]!.id, 235], [skus[1]!.id, 250], [skus[2]!.id, 250], [skus[3]!.id, 250]])
    expect(ibLines.map((l) => [Number(l.sku_id), Number(l.expected_qty)])).toEqual([...shippedPerSku].sort((x, y) => x[0] - y[0]))

    // Sending ledger: −985 under the DB number (reason ship); the 15 released stay in warehouse 26, free.
    expect(await ledgerSum(26, no, 'ship')).toBe(-985)
    expect(await ledgerSum(26, no)).toBe(-985)
    const left26 = await one<{ on_hand: number; locked: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS on_hand, coalesce(sum(locked), 0)::int AS locked FROM inventory_balance WHERE warehouse_id = 26 AND sku_id = ANY($1::int[])`, [skus.slice(0, 4).map((s) => s.id)])
    expect([Number(left26.on_hand), Number(left26.locked)]).toEqual([4 * 300 - 985, 0])
    // In transit = shipped − received, per SKU, seen from both warehouses.
    let tr = await transit(admin, no)
    expect(tr.total).toBe(985)
    expect(Object.fromEntries(tr.rows.map((x) => [x.skuCode, x.inTransit]))).toEqual(Object.fromEntries(skus.slice(0, 4).map((s) => [s.code, shippedPerSku.get(s.id)])))
    expect((await transit(receiver, no)).total).toBe(985)
    await refused(admin, 'transfer.order.complete', { transferNo: no }, 409, 'transfers:errors.notReceived')

    // The receiving warehouse receives box by box at its receiving station (box label <RK>-<n>).
    const boxes = (await detail(admin, no)).boxes as { boxCode: string; boxNo: number; units: number; boxLabel: string }[]
    expect(boxes.length).toBe(40)
    expect(boxes.reduce((s, b) => s + b.units, 0)).toBe(985)
    const skuOfBox = (n: number) => skus[Math.floor((n - 1) / 10)]!.code
    for (const b of boxes.slice(0, 20)) await ok(receiver, 'inbound.receive', { orderNo: inboundNo, boxNo: b.boxLabel, code: skuOfBox(b.boxNo), qty: b.units })
    // Half-way: shipped − received = in transit, to the unit, against both ledgers.
    const receivedSoFar = await ledgerSum(168, inboundNo, 'receive')
    expect(receivedSoFar).toBe(boxes.slice(0, 20).reduce((s, b) => s + b.units, 0))
    tr = await transit(receiver, no)
    expect(tr.total).toBe(985 - receivedSoFar)
    expect(tr.total).toBe(-(await ledgerSum(26, no, 'ship')) - receivedSoFar)
    const mid = await detail(receiver, no)
    expect(mid.lines.reduce((s: number, l: any) => s + l.inTransit, 0)).toBe(985 - receivedSoFar)
    expect(mid.boxes.filter((b: any) => b.received > 0).length).toBe(20)
    for (const b of boxes.slice(20)) await ok(receiver, 'inbound.receive', { orderNo: inboundNo, boxNo: b.boxLabel, code: skuOfBox(b.boxNo), qty: b.units })
    expect(await ledgerSum(168, inboundNo, 'receive')).toBe(985)
    tr = await transit(admin, no)
    expect(tr.total).toBe(0)
    expect(tr.rows.every((x) => x.shipped === x.received)).toBe(true)
    expect(Number((await one<{ status: number }>(`SELECT status FROM inbound_order WHERE order_no = $1 AND warehouse_id = 168`, [inboundNo])).status)).toBe(InboundStatus.Finish)

    expect(await ok(admin, 'transfer.order.complete', { transferNo: no })).toMatchObject({ status: S.TransferCompleted })
    expect(await ok(admin, 'transfer.order.audit', { transferNo: no })).toMatchObject({ status: S.AuditCompleted })
    await refused(admin, 'transfer.order.audit', { transferNo: no }, 409, 'transfers:errors.auditStatus')
    const end = await detail(admin, no)
    expect(end).toMatchObject({ status: S.AuditCompleted, shippedQty: 985, shippedBoxes: 40, releasedQty: 15, inbound: { orderNo: inboundNo, receivedQty: 985, status: InboundStatus.Finish } })
    expect(end.lines.map((l: any) => [l.qty, l.shippedQty, l.received, l.inTransit])).toEqual([[250, 235, 235, 0], [250, 250, 250, 0], [250, 250, 250, 0], [250, 250, 250, 0]])

    // No unit lost or counted twice: 26 lost exactly what 168 gained, and both ledgers balance.
    const gained168 = await one<{ n: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE warehouse_id = 168 AND sku_id = ANY($1::int[])`, [skus.slice(0, 4).map((s) => s.id)])
    expect(Number(gained168.n)).toBe(985)
    await invariantsClean()
    // explain on a picked-location balance shows the rows under the DB number.
    const bal = await one<{ id: number }>(`SELECT b.id FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE b.warehouse_id = 26 AND l.code = $1 AND b.sku_id = $2`, [PICKED_LOCATION, skus[0]!.id])
    const ex = await explainBalance(t.database.db, FROM, Number(bal.id))
    expect(ex!.entries.filter((e) => e.docNo === no).map((e) => e.reason).sort()).toEqual(expect.arrayContaining(['pick', 'release']))
    expect(end.ledger.some((g: any) => g.docNo === inboundNo && g.warehouseId === 168)).toBe(true)
  }, 120_000)
})
