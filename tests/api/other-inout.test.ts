// Other inbound, other outbound and defective outbound over the real API and database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL), issue 20 part E1: an other inbound order needs its reason, is received (ledger rows
// under its RK number with reason otherIn and the reason) and shelved by the inbound flow; an other outbound
// order allocates only the stock status it asks for, is released to picking (one task), picked at the picking
// station and shipped by confirmation — on hand and locked fall together under its CK number (reason otherOut);
// its shipment cannot be cancelled; the ToC list and rule waves never take it; a defective outbound takes only
// Defective stock, while normal allocation still never does; the defective-outbound action reserves exactly the
// selected Defective rows and releases them to picking. Invariants clean and explain under the numbers.
// Part G: the inbound order import takes type Other with its reason column (each bad row named as the
// single-order path refuses it), the other outbound import (template, dry run, all-or-nothing commit) makes
// other outbound orders with their reason and stock status by the checks of outbound.other.create.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, postFile, type ApiClient } from '../helpers/api'
import { OTHER_API } from '../../commands/other-inout'
import { INBOUND_ORDER_API } from '../../commands/inbound-orders'
import { PICKING_API } from '../../commands/outbound-picking'
import { addStock, checkInvariants, explainBalance, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const defLoc: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused

const stock = (skuId: number, locationId: number, qty: number, status: number = StockStatus.Normal) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId, stockStatus: status }, qty, { docType: 'TEST', docNo: 'T-OTHER' }, op))
const balance = async (skuId: number, locationCode: string, status: number = StockStatus.Normal) => {
  const r = await one<{ on_hand: number; locked: number }>(`
    SELECT coalesce(sum(b.on_hand), 0)::int AS on_hand, coalesce(sum(b.locked), 0)::int AS locked FROM inventory_balance b JOIN location l ON l.id = b.location_id
    WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND b.sku_id = $1 AND l.code = $2 AND b.stock_status = $3`, [skuId, locationCode, status])
  return { on_hand: Number(r.on_hand), locked: Number(r.locked) }
}
const order = async (id: number) => {
  const r = await one<Record<string, unknown>>('SELECT status, order_type, other_reason, stock_status, allocated_qty, picked_qty, actual_qty, wave_no FROM outbound_order WHERE id = $1', [id])
  return { ...r, wave_no: r.wave_no as string | null, status: Number(r.status), order_type: Number(r.order_type), stock_status: Number(r.stock_status), allocated_qty: Number(r.allocated_qty), picked_qty: Number(r.picked_qty), actual_qty: Number(r.actual_qty) }
}
const ledger = (docNo: string) => q<{ doc_type: string; reason: string; reason_params: Record<string, unknown> | null; delta_on_hand: number; delta_locked: number; stock_status: number; code: string }>(`
  SELECT g.doc_type, g.reason, g.reason_params, g.delta_on_hand::int AS delta_on_hand, g.delta_locked::int AS delta_locked, b.stock_status::int AS stock_status, l.code
  FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id WHERE g.doc_no = $1 ORDER BY g.id`, [docNo])
const reservedAt = (orderNo: string) => q<{ code: string; stock_status: number; qty: number }>(`
  SELECT l.code, b.stock_status::int AS stock_status, sum(r.qty)::int AS qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
  WHERE r.doc_no = $1 AND r.status = 0 GROUP BY l.code, b.stock_status ORDER BY l.code`, [orderNo])
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
/** Explain of a balance shows rows under the document's number. */
async function explainShows(skuId: number, locationId: number, status: number, docNo: string) {
  const [b] = await q<{ id: number }>('SELECT id FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3', [skuId, locationId, status])
  const e = await explainBalance(t.database.db, scope, Number(b!.id))
  expect(e!.entries.some((x) => x.docNo === docNo), `${docNo} in explain`).toBe(true)
}
/** Claim the task and pick every line at the picking station (location, then SKU, the line's quantity). */
async function pickAll(taskNo: string) {
  await ok(admin, 'outbound.pickTask.claim', { taskNo })
  for (;;) {
    const d = (await admin.get(PICKING_API.task(taskNo))).json().data
    if (!d.next) break
    await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: d.next.locationCode, code: d.next.skuCode, qty: d.next.remaining })
  }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
      AND NOT EXISTS (SELECT 1 FROM inbound_order_line l WHERE l.sku_id = k.id)
    ORDER BY k.id DESC LIMIT 5`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(5)
  shelves = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(shelves.length).toBe(2)
  defLoc.push(...(await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND a.area_type = 6 ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code })))
  expect(defLoc.length).toBe(2)
  await q('UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE tenant_id = 1 AND warehouse_id = 26')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('other inbound', () => {
  it('needs its reason; is received under its RK number with the reason and shelved by the inbound flow', async () => {
    const [a] = skus
    // The generic inbound command refuses type Other without a reason, naming the field; and a reason on another type.
    const noReason = await refused(admin, 'inbound.order.create', { inboundType: 7, lines: [{ code: a!.code, qty: 3 }] }, 400, 'errors:field.required')
    expect(noReason.errors[0]).toMatchObject({ field: 'otherReason' })
    const wrongType = await refused(admin, 'inbound.order.create', { inboundType: 1, otherReason: 'foundStock', lines: [{ code: a!.code, qty: 3 }] }, 400, 'other-inout:errors.otherReasonType')
    expect(wrongType.errors[0]).toMatchObject({ field: 'otherReason' })
    const badReason = await admin.cmd('inbound.other.create', { otherReason: 'stolen', lines: [{ code: a!.code, qty: 3 }] })
    expect(badReason.statusCode).toBe(400)
    expect(badReason.json().errors[0].field).toBe('otherReason')
    const badLine = await refused(admin, 'inbound.other.create', { otherReason: 'foundStock', lines: [{ code: 'NO-SUCH-SKU-XYZ', qty: 3 }] }, 400, 'inbound:order.errors.codeUnknown')
    expect(badLine.errors[0]).toMatchObject({ field: 'lines.0.code' })
    expect(Number((await one<{ n: number }>("SELECT count(*)::int AS n FROM inbound_order WHERE inbound_type = 7")).n)).toBe(0)

    const made = await ok(admin, 'inbound.other.create', { otherReason: 'foundStock', remark: 'found behind rack A', lines: [{ code: a!.code, qty: 3 }] })
    expect(made.orderNo).toMatch(/^RK\d{10}$/)
    const row = await one<{ inbound_type: number; other_reason: string }>('SELECT inbound_type, other_reason FROM inbound_order WHERE id = $1', [made.id])
    expect([Number(row.inbound_type), row.other_reason]).toEqual([7, 'foundStock'])
    const list = (await admin.get(`${OTHER_API.inbound}?orderNo=${made.orderNo}`)).json().data
    expect(list.records).toHaveLength(1)
    expect(list.records[0]).toMatchObject({ orderNo: made.orderNo, inboundType: 7, otherReason: 'foundStock', status: 0 })
    // Only other inbound orders there.
    const all = (await admin.get(`${OTHER_API.inbound}?size=100`)).json().data
    expect(all.records.every((r: any) => r.inboundType === 7)).toBe(true)

    await ok(admin, 'inbound.order.submit', { ids: [made.id] })
    await ok(admin, 'inbound.order.issue', { ids: [made.id] })
    const rcv = await ok(admin, 'inbound.receive', { orderNo: made.orderNo, code: a!.code, qty: 3 })
    expect(rcv).toMatchObject({ finished: true, orderReceived: 3 })
    expect(rcv.shelvingTaskNo).toMatch(/^SJ\d{10}$/)
    const rows = await ledger(made.orderNo)
    expect(rows.map((r) => [r.doc_type, r.reason, r.reason_params, r.delta_on_hand, r.code])).toEqual([['RK', 'otherIn', { reason: 'foundStock' }, 3, 'RCV-01']])

    const taskNo = rcv.shelvingTaskNo as string
    await ok(admin, 'inbound.shelving.claim', { taskNo })
    await ok(admin, 'inbound.shelving.scan', { taskNo, locationCode: shelves[0]!.code, code: a!.code, qty: 3 })
    expect(await balance(a!.id, shelves[0]!.code)).toEqual({ on_hand: 3, locked: 0 })
    expect(await balance(a!.id, 'RCV-01')).toEqual({ on_hand: 0, locked: 0 })
    await explainShows(a!.id, shelves[0]!.id, StockStatus.Normal, taskNo)
    const [rcvLoc] = await q<{ id: number }>("SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'RCV-01'")
    await explainShows(a!.id, Number(rcvLoc!.id), StockStatus.Normal, made.orderNo)
    await invariantsClean()
  })
})

describe('other outbound', () => {
  it('allocates normal stock only, is released to one picking task, picked at the station and shipped by confirmation', async () => {
    const [, b] = skus
    await stock(b!.id, shelves[1]!.id, 4)
    await stock(b!.id, defLoc[0]!.id, 5, StockStatus.Defective)
    const bad = await admin.cmd('outbound.other.create', { reason: 'scrap', lines: [] })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('lines')
    const unknown = await refused(admin, 'outbound.other.create', { reason: 'scrap', lines: [{ code: 'NO-SUCH-SKU-XYZ', qty: 1 }] }, 400, 'outbound:order.errors.codeUnknown')
    expect(unknown.errors[0]).toMatchObject({ field: 'lines.0.code', params: { fieldKey: 'other-inout:fields.code' } })

    const o = await ok(admin, 'outbound.other.create', { reason: 'scrap', consigneeName: 'Scrap dealer', lines: [{ code: b!.code, qty: 3 }] })
    expect(o.orderNo).toMatch(/^CK\d{10}$/)
    expect(await order(o.id)).toMatchObject({ status: 0, order_type: 3, other_reason: 'scrap', stock_status: 1 })
    // Not a sales order: the ToC list and the ToC commands' machine checks do not see it as theirs.
    const toc = (await admin.get(`/api/outbound/orders?orderNo=${o.orderNo}`)).json().data
    expect(toc.records).toHaveLength(0)
    expect((await admin.get(`${OTHER_API.outbound}?orderNo=${o.orderNo}`)).json().data.records[0]).toMatchObject({ orderNo: o.orderNo, otherReason: 'scrap', stockStatus: 1, status: 0 })
    await refused(admin, 'outbound.other.release', { ids: [o.id] }, 409, 'outbound:wave.errors.orderNotEffective')
    await refused(admin, 'outbound.other.ship', { ids: [o.id] }, 409, 'other-inout:errors.shipStatus')

    const v = await ok(admin, 'outbound.other.validate', { ids: [o.id] })
    expect(v.changed[0]).toMatchObject({ orderNo: o.orderNo, from: 0, to: 1, allocatedQty: 3, expectedQty: 3 })
    // Normal stock on the shelf, never the defective units.
    expect(await reservedAt(o.orderNo)).toEqual([{ code: shelves[1]!.code, stock_status: 1, qty: 3 }])
    // Generating waves by rule never takes an other outbound order.
    await ok(admin, 'outbound.wave.generate', {})
    expect((await order(o.id)).wave_no).toBeNull()

    const rel = await ok(admin, 'outbound.other.release', { ids: [o.id] })
    expect(rel.released).toHaveLength(1)
    expect(rel.released[0].taskNos).toHaveLength(1)
    const taskNo = rel.released[0].taskNos[0] as string
    const tasks = (await admin.get(`${OTHER_API.pickTasks}?taskNo=${taskNo}`)).json().data
    expect(tasks.records[0]).toMatchObject({ taskNo, otherReasons: 'scrap' })
    await refused(admin, 'outbound.other.release', { ids: [o.id] }, 409, 'outbound:order.errors.inWave')

    await pickAll(taskNo)
    expect(await order(o.id)).toMatchObject({ status: 2, picked_qty: 3 })
    expect((await admin.get(`${OTHER_API.ship}?orderNo=${o.orderNo}`)).json().data.records[0]).toMatchObject({ orderNo: o.orderNo, status: 2 })
    const pckBefore = await balance(b!.id, 'PCK-01')
    expect(pckBefore.locked).toBeGreaterThanOrEqual(3)

    const s = await ok(admin, 'outbound.other.ship', { ids: [o.id] })
    expect(s.shipped[0]).toMatchObject({ orderNo: o.orderNo, qty: 3, status: 4 })
    const pckAfter = await balance(b!.id, 'PCK-01')
    // On hand and locked fall together.
    expect([pckBefore.on_hand - pckAfter.on_hand, pckBefore.locked - pckAfter.locked]).toEqual([3, 3])
    expect(await order(o.id)).toMatchObject({ status: 4, actual_qty: 3 })
    expect(await reservedAt(o.orderNo)).toEqual([])
    const shipRows = (await ledger(o.orderNo)).filter((r) => r.reason === 'otherOut')
    expect(shipRows.map((r) => [r.code, r.delta_on_hand, r.delta_locked, r.reason_params])).toEqual([['PCK-01', -3, -3, { reason: 'scrap' }]])
    // Shipped: not again, not cancelled (take goods back with an other inbound instead), not voided.
    await refused(admin, 'outbound.other.ship', { ids: [o.id] }, 409, 'outbound:ship.errors.shipped')
    await refused(admin, 'outbound.order.cancelShipment', { ids: [o.id] }, 409, 'other-inout:errors.cancelShipped')
    await refused(admin, 'outbound.other.void', { ids: [o.id] }, 409, 'outbound:order.errors.voidStatus')
    expect(await balance(b!.id, defLoc[0]!.code, StockStatus.Defective)).toEqual({ on_hand: 5, locked: 0 })
    await explainShows(b!.id, shelves[1]!.id, StockStatus.Normal, o.orderNo)
    const [pck] = await q<{ id: number }>("SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'PCK-01'")
    await explainShows(b!.id, Number(pck!.id), StockStatus.Normal, o.orderNo)
    await invariantsClean()
  })

  it('a sales order is not shipped by the other-ship command; void gives back what an other outbound holds', async () => {
    const [, b] = skus
    const o = await ok(admin, 'outbound.other.create', { reason: 'internalUse', lines: [{ code: b!.code, qty: 1 }] })
    await ok(admin, 'outbound.other.validate', { ids: [o.id] })
    expect(await balance(b!.id, shelves[1]!.code)).toEqual({ on_hand: 1, locked: 1 })
    const sale = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: b!.code, qty: 1 }] })
    await refused(admin, 'outbound.other.validate', { ids: [sale.id] }, 409, 'other-inout:errors.notOther')
    await refused(admin, 'outbound.other.ship', { ids: [sale.id] }, 409, 'other-inout:errors.notOther')
    await ok(admin, 'outbound.other.void', { ids: [o.id] })
    expect(await order(o.id)).toMatchObject({ status: 9 })
    expect(await balance(b!.id, shelves[1]!.code)).toEqual({ on_hand: 1, locked: 0 })
    await invariantsClean()
  })
})

describe('defective outbound', () => {
  it('takes only defective stock; normal allocation never does', async () => {
    const [, , c] = skus
    await stock(c!.id, defLoc[0]!.id, 2, StockStatus.Defective)
    // A sales order for c: only defective stock exists → nothing allocated, validated and waiting.
    const sale = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: c!.code, qty: 1 }] })
    await ok(admin, 'outbound.order.validate', { ids: [sale.id] })
    expect(await order(sale.id)).toMatchObject({ status: 6, allocated_qty: 0 })
    // An other outbound of normal stock (scrap) does not take it either.
    const scrap = await ok(admin, 'outbound.other.create', { reason: 'scrap', lines: [{ code: c!.code, qty: 1 }] })
    await ok(admin, 'outbound.other.validate', { ids: [scrap.id] })
    expect(await order(scrap.id)).toMatchObject({ status: 6, allocated_qty: 0 })
    // A defective outbound must ask for defective stock.
    const wrong = await refused(admin, 'outbound.other.create', { reason: 'defective', stockStatus: 1, lines: [{ code: c!.code, qty: 1 }] }, 400, 'other-inout:errors.defectiveStatus')
    expect(wrong.errors[0]).toMatchObject({ field: 'stockStatus' })
    const def = await ok(admin, 'outbound.other.create', { reason: 'defective', lines: [{ code: c!.code, qty: 2 }] })
    expect(await order(def.id)).toMatchObject({ stock_status: 2 })
    await ok(admin, 'outbound.other.validate', { ids: [def.id] })
    expect(await order(def.id)).toMatchObject({ status: 1, allocated_qty: 2 })
    expect(await reservedAt(def.orderNo)).toEqual([{ code: defLoc[0]!.code, stock_status: 2, qty: 2 }])
    // Validating the sales order again still finds nothing.
    await ok(admin, 'outbound.order.validate', { ids: [sale.id] })
    expect(await order(sale.id)).toMatchObject({ status: 6, allocated_qty: 0 })
    const rel = await ok(admin, 'outbound.other.release', { ids: [def.id] })
    await pickAll(rel.released[0].taskNos[0])
    // The goods kept their status through the pick.
    expect(await balance(c!.id, 'PCK-01', StockStatus.Defective)).toEqual({ on_hand: 2, locked: 2 })
    await ok(admin, 'outbound.other.ship', { ids: [def.id] })
    expect(await balance(c!.id, 'PCK-01', StockStatus.Defective)).toEqual({ on_hand: 0, locked: 0 })
    expect(await balance(c!.id, defLoc[0]!.code, StockStatus.Defective)).toEqual({ on_hand: 0, locked: 0 })
    await invariantsClean()
  })

  it('the defective-outbound action reserves exactly the selected defective rows and releases them to picking', async () => {
    const [, , , d, e] = skus
    await stock(d!.id, defLoc[0]!.id, 2, StockStatus.Defective)
    await stock(d!.id, defLoc[1]!.id, 1, StockStatus.Defective)
    await stock(e!.id, defLoc[1]!.id, 4, StockStatus.Defective)
    await stock(e!.id, shelves[0]!.id, 6)
    const rows = (await admin.get(`${OTHER_API.defective}?size=100`)).json().data.records as any[]
    expect(rows.every((r) => r.stockStatus === 2)).toBe(true)
    const mine = rows.filter((r) => r.skuId === d!.id || r.skuId === e!.id)
    expect(mine.map((r) => [r.skuCode, r.locationCode, r.onHand, r.freeQty]).sort()).toEqual([
      [d!.code, defLoc[0]!.code, 2, 2], [d!.code, defLoc[1]!.code, 1, 1], [e!.code, defLoc[1]!.code, 4, 4],
    ].sort())
    const [normal] = await q<{ id: number }>('SELECT id FROM inventory_balance WHERE sku_id = $1 AND location_id = $2 AND stock_status = 1', [e!.id, shelves[0]!.id])
    // A normal row is refused naming it; nothing is written.
    const before = Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order')).n)
    const r = await refused(admin, 'outbound.defective.create', { balanceIds: [mine[0].id, Number(normal!.id)] }, 400, 'other-inout:errors.notDefective')
    expect(r.errors.map((x: any) => x.params.skuCode)).toEqual([e!.code])
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order')).n)).toBe(before)

    const made = await ok(admin, 'outbound.defective.create', { balanceIds: mine.map((x) => x.id) })
    expect(made).toMatchObject({ lines: 2, qty: 7 })
    expect(made.taskNos).toHaveLength(1)
    expect(await order(made.id)).toMatchObject({ status: 1, order_type: 3, other_reason: 'defective', stock_status: 2, allocated_qty: 7 })
    expect(await reservedAt(made.orderNo)).toEqual([
      { code: defLoc[0]!.code, stock_status: 2, qty: 2 }, { code: defLoc[1]!.code, stock_status: 2, qty: 5 },
    ])
    // Held rows are not free any more: a second run is refused naming the row.
    await refused(admin, 'outbound.defective.create', { balanceIds: [mine[0].id] }, 400, 'other-inout:errors.nothingFree')
    await pickAll(made.taskNos[0])
    await ok(admin, 'outbound.other.ship', { ids: [made.id] })
    expect(await order(made.id)).toMatchObject({ status: 4, actual_qty: 7 })
    for (const [sku, loc] of [[d!, defLoc[0]!], [d!, defLoc[1]!], [e!, defLoc[1]!]] as const) {
      expect(await balance(sku.id, loc.code, StockStatus.Defective)).toEqual({ on_hand: 0, locked: 0 })
      await explainShows(sku.id, loc.id, StockStatus.Defective, made.orderNo)
    }
    expect(await balance(e!.id, shelves[0]!.code)).toEqual({ on_hand: 6, locked: 0 })
    await invariantsClean()
  })
})

/** An xlsx sheet: the header row, then the rows. */
async function xlsx(head: string[], rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('S')
  ws.addRow(head)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const countOf = async (sqlText: string) => Number((await one<{ n: number }>(sqlText)).n)
/** The fields of the dry run's errors on one sheet row. */
const fieldsAt = (errors: any[], row: number) => errors.filter((e) => e.row === row).map((e) => e.field).sort()
const errorAt = (errors: any[], row: number, field: string) => errors.find((e) => e.row === row && e.field === field)

describe('other inbound by the inbound order import', () => {
  const HEAD = ['Client reference', 'Inbound type', 'Other inbound reason', 'Supplier', 'Source no.', 'Expected arrival', 'Inspection', 'Batch', 'Boxes', 'Remark', 'SKU / UPC / FNSKU', 'Quantity']
  const dry = async (rows: unknown[][]) => {
    const r = await postFile(t, INBOUND_ORDER_API.dryRun, admin.headers, await xlsx(HEAD, rows))
    expect(r.statusCode, r.body).toBe(200)
    return r.json().data
  }
  const others = () => countOf('SELECT count(*)::int AS n FROM inbound_order WHERE tenant_id = 1 AND warehouse_id = 26 AND inbound_type = 7')
  const allInbound = () => countOf('SELECT count(*)::int AS n FROM inbound_order WHERE tenant_id = 1 AND warehouse_id = 26')

  it('the template gains the reason column and its values', async () => {
    const r = await admin.get(INBOUND_ORDER_API.template)
    expect(r.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    const head = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))
    expect(head).toEqual(HEAD)
    const values = wb.worksheets[1]!
    const col = (values.getRow(1).values as unknown[]).indexOf('Other inbound reason')
    expect(col).toBeGreaterThan(0)
    expect(values.getColumn(col).values.slice(2)).toEqual(['Found stock', 'Return from sample', 'Correction', 'Internal return', 'Other'])
    const zh = await admin.in({ lang: 'zh' }).get(INBOUND_ORDER_API.template)
    const wbZh = new ExcelJS.Workbook()
    await wbZh.xlsx.load(zh.rawPayload as unknown as ArrayBuffer)
    expect((wbZh.worksheets[0]!.getRow(1).values as unknown[]).map((v) => String(v).replace(/\*$/, ''))).toContain('其他入库原因')
  })

  it('the dry run names each bad row as the single order refuses it; nothing is written; a good sheet makes other inbound orders with their reasons', async () => {
    const [a, b, c] = skus
    const before = await allInbound()
    const bad = await dry([
      ['G1', 'Other', 'Found stock', '', '', '', '', '', '', '', a!.code, 2],
      ['G2', 'Other', '', '', '', '', '', '', '', '', b!.code, 1],
      ['G3', 'Purchase', 'correction', '', '', '', '', '', '', '', c!.code, 1],
      ['G4', 'Other', 'stolen', '', '', '', '', '', '', '', a!.code, 1],
      ['G1', '', 'Correction', '', '', '', '', '', '', '', b!.code, 1],
    ])
    expect(bad).toMatchObject({ total: 5, creates: 0, rows: [] })
    expect(fieldsAt(bad.errors, 2)).toEqual([])
    expect(fieldsAt(bad.errors, 3)).toEqual(['otherReason'])
    expect(errorAt(bad.errors, 3, 'otherReason')).toMatchObject({ messageKey: 'errors:field.required', column: 'Other inbound reason', message: 'Other inbound reason is required' })
    expect(fieldsAt(bad.errors, 4)).toEqual(['otherReason'])
    expect(errorAt(bad.errors, 4, 'otherReason')).toMatchObject({ messageKey: 'other-inout:errors.otherReasonType', message: 'A reason is given only on an other inbound order' })
    expect(fieldsAt(bad.errors, 5)).toEqual(['otherReason'])
    expect(errorAt(bad.errors, 5, 'otherReason')).toMatchObject({ messageKey: 'resources:import.enumUnknown', message: 'Other inbound reason: "stolen" is not one of the allowed values' })
    // A later row of an order may not contradict its reason.
    expect(fieldsAt(bad.errors, 6)).toEqual(['otherReason'])
    expect(errorAt(bad.errors, 6, 'otherReason').messageKey).toBe('inbound:order.import.headerMismatch')
    expect(await allInbound()).toBe(before)

    const good = await dry([
      ['G1', 'Other', 'Found stock', '', '', '', '', '', '', 'behind rack A', a!.code, 2],
      ['G1', '', '', '', '', '', '', '', '', '', b!.code, 1],
      ['G2', 'Other', 'correction', '', '', '', '', '', '', '', c!.code, 4],
      ['G3', 'Purchase', '', '', '', '', '', '', '', '', a!.code, 1],
    ])
    expect(good.errors).toEqual([])
    expect(good).toMatchObject({ total: 4, creates: 3 })
    expect(await allInbound()).toBe(before)

    // The commit checks the rows again: one bad row (type Other without its reason) refuses the whole file.
    const othersBefore = await others()
    const stale = await admin.cmd('inbound.order.import', { rows: [good.rows[0], good.rows[1], { ...good.rows[2], otherReason: null }, good.rows[3]] })
    expect(stale.statusCode, stale.body).toBe(400)
    expect(stale.json().errors).toEqual([expect.objectContaining({ field: 'rows.4.otherReason', messageKey: 'errors:field.required' })])
    const wrong = await admin.cmd('inbound.order.import', { rows: [{ ...good.rows[3], otherReason: 'correction' }, good.rows[0]] })
    expect(wrong.statusCode, wrong.body).toBe(400)
    expect(wrong.json().errors[0]).toMatchObject({ field: 'rows.5.otherReason', messageKey: 'other-inout:errors.otherReasonType' })
    expect(await allInbound()).toBe(before)

    const made = await ok(admin, 'inbound.order.import', { rows: good.rows })
    expect(made.created).toBe(3)
    expect(made.orderNos.every((n: string) => /^RK\d{10}$/.test(n))).toBe(true)
    expect(await others()).toBe(othersBefore + 2)
    const rows = await q<{ order_no: string; inbound_type: number; other_reason: string | null; expected_qty: number; remark: string | null }>(
      'SELECT order_no, inbound_type::int AS inbound_type, other_reason, expected_qty::int AS expected_qty, remark FROM inbound_order WHERE order_no = ANY($1) ORDER BY order_no', [made.orderNos])
    expect(rows.map((r) => [r.inbound_type, r.other_reason, Number(r.expected_qty), r.remark])).toEqual([
      [7, 'foundStock', 3, 'behind rack A'], [7, 'correction', 4, null], [1, null, 1, null],
    ])
    // The other inbound list shows them with their reasons.
    const listed = (await admin.get(`${OTHER_API.inbound}?orderNo=${made.orderNos[0]}`)).json().data.records
    expect(listed[0]).toMatchObject({ orderNo: made.orderNos[0], inboundType: 7, otherReason: 'foundStock' })
    await invariantsClean()
  })
})

describe('other outbound by import', () => {
  const HEAD = ['Order reference', 'Outbound reason', 'Stock status', 'Receiver', 'Remark', 'SKU / UPC / FNSKU', 'Quantity']
  const dry = async (rows: unknown[][], c: ApiClient = admin) => {
    const r = await postFile(t, OTHER_API.outboundDryRun, c.headers, await xlsx(HEAD, rows))
    expect(r.statusCode, r.body).toBe(200)
    return r.json().data
  }
  const otherOut = () => countOf('SELECT count(*)::int AS n FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26 AND order_type = 3')

  it('the template has the translated headers and the reasons and stock statuses to choose from', async () => {
    const r = await admin.get(OTHER_API.outboundTemplate)
    expect(r.statusCode, r.body).toBe(200)
    expect(r.headers['content-disposition']).toContain('OTHER_OUTBOUND_TEMPLATE.xlsx')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))).toEqual(HEAD)
    const values = wb.worksheets[1]!
    const reasonCol = (values.getRow(1).values as unknown[]).indexOf('Outbound reason')
    expect(values.getColumn(reasonCol).values.slice(2)).toEqual(['Scrap', 'Internal use', 'Defective outbound', 'Sample', 'Return to supplier', 'Other'])
    const es = await admin.in({ lang: 'es-MX' }).get(OTHER_API.outboundTemplate)
    const wbEs = new ExcelJS.Workbook()
    await wbEs.xlsx.load(es.rawPayload as unknown as ArrayBuffer)
    expect((wbEs.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))).toEqual(
      ['Referencia de la orden', 'Motivo de salida', 'Estado de existencia', 'Destinatario', 'Observación', 'SKU / UPC / FNSKU', 'Cantidad'])
  })

  it('the dry run names every bad row; nothing is written; a good sheet makes other outbound orders (CK) with reason and stock status, all or nothing', async () => {
    const [a, b, c, d] = skus
    const before = await otherOut()
    const bad = await dry([
      ['X1', 'Scrap', '', 'Scrap dealer', 'broken', a!.code, 2],
      ['X1', '', '', '', '', 'NO-SUCH-SKU-XYZ', 1],
      ['X2', 'Defective outbound', 'Normal', '', '', b!.code, 1],
      ['X3', 'Teleport', '', '', '', c!.code, 1],
      ['X4', 'sample', 'Frozen', '', '', c!.code, 1],
      ['X5', '', '', '', '', c!.code, 1],
      ['X1', 'Internal use', '', '', '', b!.code, 1],
      ['X6', 'scrap', '', '', '', d!.code, 0],
    ])
    expect(bad).toMatchObject({ total: 8, creates: 0, rows: [] })
    expect(fieldsAt(bad.errors, 2)).toEqual([])
    expect(errorAt(bad.errors, 3, 'code')).toMatchObject({ messageKey: 'outbound:order.errors.codeUnknown', column: 'SKU / UPC / FNSKU' })
    expect(fieldsAt(bad.errors, 4)).toEqual(['stockStatus'])
    expect(errorAt(bad.errors, 4, 'stockStatus')).toMatchObject({ messageKey: 'other-inout:errors.defectiveStatus', message: 'A defective outbound takes defective stock: choose the stock status Defective' })
    expect(fieldsAt(bad.errors, 5)).toEqual(['reason'])
    expect(errorAt(bad.errors, 5, 'reason')).toMatchObject({ messageKey: 'resources:import.enumUnknown', message: 'Outbound reason: "Teleport" is not one of the allowed values' })
    expect(fieldsAt(bad.errors, 6)).toEqual(['stockStatus'])
    expect(errorAt(bad.errors, 6, 'stockStatus').messageKey).toBe('errors:field.invalidValue')
    expect(fieldsAt(bad.errors, 7)).toEqual(['reason'])
    expect(errorAt(bad.errors, 7, 'reason')).toMatchObject({ messageKey: 'errors:field.required', message: 'Outbound reason is required' })
    expect(fieldsAt(bad.errors, 8)).toEqual(['reason'])
    expect(errorAt(bad.errors, 8, 'reason').messageKey).toBe('outbound:orderImport.headerMismatch')
    expect(fieldsAt(bad.errors, 9)).toEqual(['qty'])
    expect(await otherOut()).toBe(before)
    // In the operator's language.
    const zh = await dry([['X3', 'Teleport', '', '', '', c!.code, 1]], admin.in({ lang: 'zh' }))
    expect(zh.errors[0]).toMatchObject({ row: 2, field: 'reason', column: '出库原因' })

    const good = await dry([
      ['X1', 'Scrap', '', 'Scrap dealer', 'broken', a!.code, 2],
      ['X1', '', '', '', '', b!.code, 1],
      ['X1', '', '', '', '', a!.code, 1],
      ['X2', 'Defective outbound', '', '', '', b!.code, 3],
      ['X3', 'sample', 'Sample', 'Showroom', '', c!.code, 1],
    ])
    expect(good.errors).toEqual([])
    expect(good).toMatchObject({ total: 5, creates: 3 })
    expect(await otherOut()).toBe(before)

    // The commit checks again: one bad row (a defective outbound asking for Normal stock) refuses the whole file.
    const stale = await admin.cmd('outbound.other.import', { rows: [...good.rows.slice(0, 3), { ...good.rows[3], stockStatus: 1 }, good.rows[4]] })
    expect(stale.statusCode, stale.body).toBe(400)
    expect(stale.json()).toMatchObject({ messageKey: 'resources:import.invalid' })
    expect(stale.json().errors).toEqual([expect.objectContaining({ field: 'rows.5.stockStatus', messageKey: 'other-inout:errors.defectiveStatus' })])
    const unknownCode = await admin.cmd('outbound.other.import', { rows: [good.rows[0], { ...good.rows[4], code: 'GONE-CODE' }] })
    expect(unknownCode.statusCode).toBe(400)
    expect(unknownCode.json().errors[0]).toMatchObject({ field: 'rows.6.code', messageKey: 'outbound:order.errors.codeUnknown' })
    expect(await otherOut()).toBe(before)

    const made = await ok(admin, 'outbound.other.import', { rows: good.rows })
    expect(made.created).toBe(3)
    expect(made.orderNos.every((n: string) => /^CK\d{10}$/.test(n))).toBe(true)
    expect(await otherOut()).toBe(before + 3)
    const heads = await q<Record<string, unknown>>(`
      SELECT order_no, order_type::int AS order_type, status::int AS status, other_reason, stock_status::int AS stock_status, consignee_name, remark, expected_qty::int AS expected_qty, line_count::int AS line_count
      FROM outbound_order WHERE order_no = ANY($1) ORDER BY order_no`, [made.orderNos])
    expect(heads.map((h) => [h.order_type, h.status, h.other_reason, h.stock_status, h.consignee_name, h.remark, Number(h.expected_qty), Number(h.line_count)])).toEqual([
      // Lines of one SKU merged, as the form merges them.
      [3, 0, 'scrap', StockStatus.Normal, 'Scrap dealer', 'broken', 4, 2],
      [3, 0, 'defective', StockStatus.Defective, '', null, 3, 1],
      [3, 0, 'sample', StockStatus.Sample, 'Showroom', null, 1, 1],
    ])
    const listed = (await admin.get(`${OTHER_API.outbound}?orderNo=${made.orderNos[1]}`)).json().data.records
    expect(listed[0]).toMatchObject({ orderNo: made.orderNos[1], otherReason: 'defective', stockStatus: StockStatus.Defective, status: 0 })
    // Imported orders follow the other outbound machine like any: void one (Draft → void).
    await ok(admin, 'outbound.other.void', { ids: [Number((await one<{ id: number }>('SELECT id FROM outbound_order WHERE order_no = $1', [made.orderNos[2]])).id)] })
    await invariantsClean()
  })

  it('an order of more lines than the form takes is refused at the row past the limit', async () => {
    const rows = Array.from({ length: 501 }, (_, i) => (i === 0 ? ['BIG', 'Scrap', '', '', '', skus[0]!.code, 1] : ['BIG', '', '', '', '', skus[0]!.code, 1]))
    const r = await dry(rows)
    expect(r.errors).toEqual([expect.objectContaining({ row: 502, field: 'ref', messageKey: 'other-inout:otherOutboundImport.tooManyLines', message: 'Order reference BIG has too many lines (at most 500)' })])
    expect(r).toMatchObject({ creates: 0, rows: [] })
  })

  it('needs the import button: the picker is refused the template, the dry run and the commit', async () => {
    const picker = await apiAs(t, 'picker')
    expect((await picker.get(OTHER_API.outboundTemplate)).statusCode).toBe(403)
    expect((await postFile(t, OTHER_API.outboundDryRun, picker.headers, await xlsx(HEAD, [['P1', 'Scrap', '', '', '', skus[0]!.code, 1]]))).statusCode).toBe(403)
    const before = await otherOut()
    expect((await picker.cmd('outbound.other.import', { rows: [{ row: 2, ref: 'P1', reason: 'scrap', code: skus[0]!.code, qty: 1 }] })).statusCode).toBe(403)
    expect(await otherOut()).toBe(before)
  })
})
