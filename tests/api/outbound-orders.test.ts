// Sales outbound orders over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// create by SKU code / UPC / FNSKU (one line per SKU, CK number), refusals naming field and line with
// nothing written; validate allocates on the ledger (shortage reported, order waits); void, stop and
// terminate release exactly what was reserved; abnormal lock keeps the reservations and unlock returns
// to the status it came from; refresh inventory lock picks up new stock; shipping method; merge (2..30,
// effective, same platform/type/site/shipping method/consignee, the message names what differs); the
// bulk status preview and run; the list's filters and date-span limit; "go to document"; the Excel
// import's dry run. Concurrency, the feed and other pairs: outbound-allocation.test.ts.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, postFile, type ApiClient } from '../helpers/api'
import { OUTBOUND_ORDER_API } from '../../commands/outbound-orders'
import { addStock, checkInvariants } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
interface Sku { id: number; code: string; upc: string; fnsku: string }
let skus: Sku[] = []
let locations: number[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!
const orderCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26')).n)
const head = (id: number) => one<{ status: number; allocated_qty: number; expected_qty: number; lock_from_status: number | null; merge_no: string | null; shipping_method: string | null }>(
  'SELECT status, allocated_qty, expected_qty, lock_from_status, merge_no, shipping_method FROM outbound_order WHERE id = $1', [id])
const openReserved = async (orderNo: string) => Number((await one<{ n: number }>(
  `SELECT coalesce(sum(qty), 0)::int AS n FROM inventory_reservation WHERE doc_type = 'outboundOrder' AND doc_no = $1 AND status = 0`, [orderNo])).n)
const free = async (skuId: number) => Number((await one<{ n: number }>(
  'SELECT coalesce(sum(on_hand - locked), 0)::int AS n FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND stock_status = 1', [skuId])).n)

const ORDER = { platform: 'AMAZON', shippingMethod: 'USPS-GROUND', consigneeName: 'Ana Ruiz', consigneePhone: '555-0101', address: '1 Main St', country: 'US', city: 'Los Angeles', postcode: '90001' }
async function create(lines: { code: string; qty: number }[], extra: Record<string, unknown> = {}) {
  const r = await admin.cmd('outbound.order.create', { ...ORDER, ...extra, lines })
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { id: number; orderNo: string; expectedQty: number; lines: number }
}
const run = async (command: string, args: Record<string, unknown>) => {
  const r = await admin.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(200)
  return r.json().data
}
const stock = (skuId: number, qty: number, loc = 0) => t.database.tx((tx) => addStock(tx, { ...scope, locationId: locations[loc]!, skuId }, qty, { docType: 'TEST', docNo: 'T-STOCK' }, op))
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  // SKUs no other stock or demo order touches (the newest of the tenant), with one platform SKU each.
  const rows = await q<{ id: number; sku_code: string; upc: string; fnsku: string }>(`
    SELECT k.id, k.sku_code, m.upc, m.fnsku FROM product_sku k JOIN product_msku m ON m.sku_id = k.id
    WHERE k.tenant_id = 1 AND m.upc IS NOT NULL AND m.fnsku IS NOT NULL AND (SELECT count(*) FROM product_msku x WHERE x.sku_id = k.id) = 1
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
    ORDER BY k.id DESC LIMIT 8`)
  skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code, upc: r.upc, fnsku: r.fnsku }))
  expect(skus.length).toBe(8)
  locations = (await q<{ id: number }>(`
    SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 3`)).map((r) => Number(r.id))
  expect(locations.length).toBe(3)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('outbound.order.create', () => {
  it('creates a CK draft from SKU code, UPC and FNSKU lines; the same SKU twice is one line', async () => {
    const [a, b] = skus
    const r = await create([{ code: a!.code, qty: 2 }, { code: b!.upc, qty: 1 }, { code: a!.fnsku.toLowerCase(), qty: 1 }], { sourceNo: '111-0000001-0000001' })
    expect(r.orderNo).toMatch(/^CK\d{10}$/)
    expect(r).toMatchObject({ expectedQty: 4, lines: 2 })
    const d = (await admin.get(OUTBOUND_ORDER_API.detail(r.orderNo))).json().data
    expect(d.order).toMatchObject({ orderNo: r.orderNo, status: 0, platform: 'AMAZON', sourceNo: '111-0000001-0000001', expectedQty: 4, allocatedQty: 0, orderType: 2, consigneeName: 'Ana Ruiz' })
    expect(d.lines.map((l: any) => [l.lineNo, l.skuCode, l.qty])).toEqual([[1, a!.code, 3], [2, b!.code, 1]])
    expect(d.lines[1].platformCode).toBe(b!.upc.toUpperCase())
    expect(d.history[0]).toMatchObject({ commandId: 'outbound.order.create', result: 'ok' })
  })

  it('refuses bad input naming the field and line, in the operator language, and writes nothing', async () => {
    const before = await orderCount()
    const r = await admin.in({ lang: 'es-MX' }).cmd('outbound.order.create', { ...ORDER, consigneeName: '', shopId: 999999, lines: [{ code: skus[0]!.code, qty: 1 }, { code: 'NO-SUCH-CODE', qty: 1 }] })
    expect(r.statusCode).toBe(400)
    expect(r.json().errors.map((e: any) => e.field).sort()).toEqual(['consigneeName'])
    const r2 = await admin.in({ lang: 'es-MX' }).cmd('outbound.order.create', { ...ORDER, shopId: 999999, lines: [{ code: skus[0]!.code, qty: 1 }, { code: 'NO-SUCH-CODE', qty: 1 }] })
    expect(r2.statusCode).toBe(400)
    const errs = r2.json().errors
    expect(errs.map((e: any) => e.field).sort()).toEqual(['lines.1.code', 'shopId'])
    expect(errs.find((e: any) => e.field === 'lines.1.code').message).toContain('Línea 2')
    const r3 = await admin.cmd('outbound.order.create', { ...ORDER, lines: [] })
    expect(r3.statusCode).toBe(400)
    expect(r3.json().errors[0]).toMatchObject({ field: 'lines', messageKey: 'outbound:order.errors.noLines' })
    expect(await orderCount()).toBe(before)
  })

  it('a platform order number lands once: creating it again by hand is refused naming it', async () => {
    const r = await create([{ code: skus[0]!.code, qty: 1 }], { sourceNo: 'DUP-1' })
    const again = await admin.cmd('outbound.order.create', { ...ORDER, sourceNo: 'DUP-1', lines: [{ code: skus[0]!.code, qty: 1 }] })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ messageKey: 'outbound:order.errors.feedConflict' })
    expect(again.json().responseDesc).toContain(r.orderNo)
  })
})

describe('allocation through the status machine', () => {
  it('validate reserves what there is and names the shortage; refresh lock takes new stock; void releases exactly it', async () => {
    const s = skus[2]!
    await stock(s.id, 3, 0)
    await stock(s.id, 2, 1)
    const o = await create([{ code: s.code, qty: 7 }])
    const v = await run('outbound.order.validate', { ids: [o.id] })
    expect(v.changed[0]).toMatchObject({ orderNo: o.orderNo, from: 0, to: 1, allocatedQty: 5, expectedQty: 7, shortages: [{ lineNo: 1, skuCode: s.code, qty: 7, allocated: 5, short: 2 }] })
    expect(await head(o.id)).toMatchObject({ status: 1, allocated_qty: 5 })
    expect(await openReserved(o.orderNo)).toBe(5)
    expect(await free(s.id)).toBe(0)
    const d = (await admin.get(OUTBOUND_ORDER_API.detailById(o.id))).json().data
    expect(d.order.shortQty).toBe(2)
    expect(d.reservations.reduce((n: number, r: any) => n + r.qty, 0)).toBe(5)
    expect(d.ledger.every((g: any) => g.deltaOnHand === 0 && g.deltaLocked > 0)).toBe(true)

    await stock(s.id, 4, 2)
    const rf = await run('outbound.order.refreshLock', { ids: [o.id] })
    expect(rf.changed[0]).toMatchObject({ to: 1, allocatedQty: 7, shortages: [] })
    expect(await free(s.id)).toBe(2)

    const vd = await run('outbound.order.void', { ids: [o.id] })
    expect(vd.changed[0]).toMatchObject({ from: 1, to: 9, released: 7 })
    expect(await openReserved(o.orderNo)).toBe(0)
    expect(await free(s.id)).toBe(9)
    expect(await head(o.id)).toMatchObject({ status: 9, allocated_qty: 0 })
    await invariantsClean()
  })

  it('abnormal lock keeps the reservations and unlock returns to where it was; stop and terminate release', async () => {
    const s = skus[3]!
    await stock(s.id, 10)
    const a = await create([{ code: s.code, qty: 2 }])
    const b = await create([{ code: s.code, qty: 3 }])
    await run('outbound.order.validate', { ids: [a.id, b.id] })
    expect(await free(s.id)).toBe(5)
    const noReason = await admin.cmd('outbound.order.lock', { ids: [a.id] })
    expect(noReason.statusCode).toBe(400)
    expect(noReason.json().errors[0].field).toBe('reason')
    await run('outbound.order.lock', { ids: [a.id], reason: 'address check' })
    expect(await head(a.id)).toMatchObject({ status: 7, lock_from_status: 1 })
    expect(await openReserved(a.orderNo)).toBe(2)
    // Locked: no validate, void or refresh; terminate and stop are allowed.
    expect((await admin.cmd('outbound.order.refreshLock', { ids: [a.id] })).json().messageKey).toBe('outbound:order.errors.refreshLockStatus')
    await run('outbound.order.unlock', { ids: [a.id] })
    expect(await head(a.id)).toMatchObject({ status: 1, lock_from_status: null })
    const st = await run('outbound.order.stop', { ids: [a.id], reason: 'customer cancelled' })
    expect(st.changed[0]).toMatchObject({ to: 8, released: 2 })
    // Terminate produces the spec's "terminated" (StopTransport 8), not completed-short (5).
    const tm = await run('outbound.order.terminate', { ids: [b.id], reason: 'short' })
    expect(tm.changed[0]).toMatchObject({ to: 8, released: 3 })
    expect(await free(s.id)).toBe(10)
    // Closed orders refuse every further move with the machine's reason, naming the order.
    const again = await admin.cmd('outbound.order.void', { ids: [b.id] })
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ messageKey: 'outbound:order.errors.voidStatus' })
    expect(again.json().responseDesc).toContain(b.orderNo)
    await invariantsClean()
  })

  it('the outbound strategy drives allocation: its storage areas, in its order', async () => {
    const s = skus[5]!
    // Two locations in two picking areas; the strategy names the second area first.
    const two = await q<{ id: number; area: number }>(`
      SELECT DISTINCT ON (a.id) l.id, a.id AS area FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type IN (1, 2)
      ORDER BY a.id, l.code LIMIT 2`)
    expect(two.length).toBe(2)
    for (const l of two) await t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(l.id), skuId: s.id }, 2, { docType: 'TEST', docNo: 'T-AREA' }, op))
    await q(`UPDATE outbound_strategy SET area_ids = $1::int[] WHERE tenant_id = 1 AND warehouse_id = 26 AND priority = 1`, [`{${two[1]!.area}}`])
    try {
      const o = await create([{ code: s.code, qty: 3 }])
      const v = await run('outbound.order.validate', { ids: [o.id] })
      // Only the named area: 2 of 3 allocated, the other area's stock untouched.
      expect(v.changed[0]).toMatchObject({ allocatedQty: 2, shortages: [{ short: 1 }] })
      const where = await q<{ location_id: number }>(`SELECT b.location_id FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
        WHERE r.doc_no = $1 AND r.status = 0`, [o.orderNo])
      expect(where.map((r) => Number(r.location_id))).toEqual([Number(two[1]!.id)])
      await run('outbound.order.void', { ids: [o.id] })
    } finally {
      await q(`UPDATE outbound_strategy SET area_ids = NULL WHERE tenant_id = 1 AND warehouse_id = 26 AND priority = 1`)
    }
  })

  it('a selection moves all or nothing: one refused order rolls the others back', async () => {
    const a = await create([{ code: skus[4]!.code, qty: 1 }])
    const b = await create([{ code: skus[4]!.code, qty: 1 }])
    // Voided: validate refuses it (a validated order waiting for stock may be validated again — issue 18).
    await run('outbound.order.void', { ids: [b.id] })
    const r = await admin.cmd('outbound.order.validate', { ids: [a.id, b.id] })
    expect(r.statusCode).toBe(409)
    expect(r.json()).toMatchObject({ messageKey: 'outbound:order.errors.validateOnlyDraft' })
    expect(r.json().responseDesc).toContain(b.orderNo)
    expect((await head(a.id)).status).toBe(0)
  })

  it('shipping method: drafts and orders in force only, never once the shipment is approved', async () => {
    const a = await create([{ code: skus[4]!.code, qty: 1 }])
    await run('outbound.order.shippingMethod', { ids: [a.id], shippingMethod: 'FEDEX-HOME' })
    expect((await head(a.id)).shipping_method).toBe('FEDEX-HOME')
    await q('UPDATE outbound_order SET shipment_approved = true WHERE id = $1', [a.id])
    const r = await admin.cmd('outbound.order.shippingMethod', { ids: [a.id], shippingMethod: 'UPS' })
    expect(r.statusCode).toBe(409)
    expect(r.json().messageKey).toBe('outbound:order.errors.shipmentApproved')
  })

  it('bulk status: the preview names what changes and why the rest is refused; the run changes only those', async () => {
    const a = await create([{ code: skus[5]!.code, qty: 1 }])
    const b = await create([{ code: skus[5]!.code, qty: 1 }])
    await run('outbound.order.void', { ids: [b.id] })
    const p = await admin.in({ lang: 'zh' }).get(`${OUTBOUND_ORDER_API.statusPreview}?ids=${a.id},${b.id}&action=validate`)
    expect(p.statusCode, p.body).toBe(200)
    const rows = p.json().data.rows
    expect(rows.find((r: any) => r.id === a.id)).toMatchObject({ change: true, reason: null })
    expect(rows.find((r: any) => r.id === b.id)).toMatchObject({ change: false, reason: 'outbound:order.errors.validateOnlyDraft' })
    // Issue 19 §2: the reason names the order's status (voided) and the statuses validate is allowed from.
    expect(rows.find((r: any) => r.id === b.id).message).toContain('当前状态（已作废（失效））不能生效：仅限 草稿或已审核')
    const r = await run('outbound.order.status', { ids: [a.id, b.id], action: 'validate' })
    expect(r.changed.map((c: any) => c.id)).toEqual([a.id])
    expect(r.refused.map((c: any) => c.id)).toEqual([b.id])
    const needsReason = await admin.cmd('outbound.order.status', { ids: [a.id], action: 'lock' })
    expect(needsReason.statusCode).toBe(400)
  })
})

describe('split by the order splitting rule', () => {
  it("'stock' splits off what is not allocated into a new order waiting for stock; the order ships what there is", async () => {
    const s = skus[7]!
    await stock(s.id, 2)
    const o = await create([{ code: s.code, qty: 5 }, { code: skus[6]!.code, qty: 1 }], { sourceNo: 'SPLIT-1' })
    await run('outbound.order.validate', { ids: [o.id] })
    const before = await free(s.id)
    const r = await run('outbound.order.split', { ids: [o.id] })
    const [x] = r.split
    expect(x).toMatchObject({ orderNo: o.orderNo, splitBy: 'stock' })
    expect(x.parts[0]).toMatchObject({ orderNo: o.orderNo, expectedQty: 2, lines: 1 })
    const part = x.parts[1]
    expect(part).toMatchObject({ lines: 2 })
    expect(part.expectedQty).toBe(4)
    expect(await head(o.id)).toMatchObject({ status: 1, expected_qty: 2, allocated_qty: 2 })
    const p = (await admin.get(OUTBOUND_ORDER_API.detail(part.orderNo))).json().data.order
    // The split-off part holds nothing: validated (spec code 6), waiting for stock.
    expect(p).toMatchObject({ status: 6, associationNo: o.orderNo, sourceNo: null, platform: 'AMAZON', consigneeName: 'Ana Ruiz' })
    expect(await free(s.id)).toBe(before)
    // Nothing left to split: refused naming the rule.
    const again = await admin.cmd('outbound.order.split', { ids: [o.id] })
    expect(again.statusCode).toBe(409)
    expect(again.json().messageKey).toBe('outbound:order.errors.splitNothing')
    await invariantsClean()
  })

  it("'maxQty' cuts a draft into parts of at most that many units", async () => {
    await q(`UPDATE order_splitting_rule SET split_by = 'maxQty', max_qty = 2 WHERE tenant_id = 1 AND warehouse_id = 26 AND priority = 1`)
    try {
      const o = await create([{ code: skus[0]!.code, qty: 3 }, { code: skus[1]!.code, qty: 2 }])
      const r = await run('outbound.order.split', { ids: [o.id] })
      expect(r.split[0].parts.map((p: any) => p.expectedQty)).toEqual([2, 2, 1])
      expect(r.split[0].parts.map((p: any) => p.lines)).toEqual([1, 2, 1])
    } finally {
      await q(`UPDATE order_splitting_rule SET split_by = 'stock', max_qty = NULL WHERE tenant_id = 1 AND warehouse_id = 26 AND priority = 1`)
    }
  })
})

describe('switch warehouse', () => {
  it('moves an order within the tenant to a warehouse the operator works in: reservations given back here, taken there', async () => {
    const s = skus[3]!
    await stock(s.id, 1)
    const o = await create([{ code: s.code, qty: 1 }], { sourceNo: 'SWITCH-1' })
    await run('outbound.order.validate', { ids: [o.id] })
    expect(await openReserved(o.orderNo)).toBe(1)
    const notMine = await admin.cmd('outbound.order.switchWarehouse', { ids: [o.id], warehouseId: 31 })
    expect(notMine.statusCode).toBe(400)
    expect(notMine.json().errors[0]).toMatchObject({ field: 'warehouseId', messageKey: 'outbound:order.errors.switchNotYours' })
    const r = await run('outbound.order.switchWarehouse', { ids: [o.id], warehouseId: 168 })
    // No stock of it there: validated (spec code 6), waiting for stock in that warehouse.
    expect(r.moved[0]).toMatchObject({ id: o.id, from: o.orderNo, status: 6 })
    const newNo = r.moved[0].to
    expect(await openReserved(o.orderNo)).toBe(0)
    expect((await admin.get(OUTBOUND_ORDER_API.detailById(o.id))).statusCode).toBe(404)
    const there = (await admin.in({ warehouseId: 168 }).get(OUTBOUND_ORDER_API.detail(newNo))).json().data
    expect(there.order).toMatchObject({ orderNo: newNo, sourceNo: 'SWITCH-1', status: 6 })
    expect(there.lines.map((l: any) => [l.skuCode, l.qty])).toEqual([[s.code, 1]])
    await invariantsClean()
  })
})

describe('merge', () => {
  it('merges 2 orders in force with the same platform, site, method and consignee into one HB order; the reservations follow', async () => {
    const s = skus[6]!
    await stock(s.id, 6)
    const a = await create([{ code: s.code, qty: 1 }])
    const b = await create([{ code: s.code, qty: 2 }, { code: skus[7]!.code, qty: 1 }], { consigneeName: '  ana  ruiz ', consigneePhone: '(555) 0101' })
    await run('outbound.order.validate', { ids: [a.id, b.id] })
    expect(await free(s.id)).toBe(3)
    const m = await run('outbound.order.merge', { ids: [a.id, b.id] })
    expect(m.orderNo).toMatch(/^HB\d{10}$/)
    expect(m).toMatchObject({ mergedFrom: [a.orderNo, b.orderNo], expectedQty: 4 })
    expect(await head(a.id)).toMatchObject({ status: 10, merge_no: m.orderNo })
    expect(await head(b.id)).toMatchObject({ status: 10, merge_no: m.orderNo })
    expect(await openReserved(a.orderNo) + await openReserved(b.orderNo)).toBe(0)
    expect(await openReserved(m.orderNo)).toBe(3)
    expect(await free(s.id)).toBe(3)
    const merged = (await admin.get(OUTBOUND_ORDER_API.detail(m.orderNo))).json().data
    expect(merged.order).toMatchObject({ status: 1, mergeNo: m.orderNo, expectedQty: 4, allocatedQty: 3 })
    expect(merged.lines.map((l: any) => [l.skuCode, l.qty])).toEqual([[s.code, 3], [skus[7]!.code, 1]])
    await invariantsClean()
  })

  it('refuses fewer than 2, drafts, and orders that differ — naming what differs', async () => {
    const a = await create([{ code: skus[4]!.code, qty: 1 }])
    const b = await create([{ code: skus[4]!.code, qty: 1 }], { shippingMethod: 'DHL-EXPRESS' })
    const c = await create([{ code: skus[4]!.code, qty: 1 }], { consigneeName: 'Luis Gómez' })
    const one = await admin.cmd('outbound.order.merge', { ids: [a.id] })
    expect(one.statusCode).toBe(400)
    expect(one.json().errors[0]).toMatchObject({ field: 'ids', messageKey: 'outbound:merge.errors.tooFewIds' })
    const draft = await admin.cmd('outbound.order.merge', { ids: [a.id, b.id] })
    expect(draft.json()).toMatchObject({ messageKey: 'outbound:order.errors.mergeStatus' })
    // In force (stock reserved): merge takes only orders in force.
    await stock(skus[4]!.id, 3)
    await run('outbound.order.validate', { ids: [a.id, b.id, c.id] })
    const method = await admin.cmd('outbound.order.merge', { ids: [a.id, b.id] })
    expect(method.statusCode).toBe(409)
    expect(method.json()).toMatchObject({ messageKey: 'outbound:merge.errors.differs.shippingMethod' })
    expect(method.json().responseDesc).toBe(`${b.orderNo} has another shipping method than ${a.orderNo}: orders to merge must share the shipping method`)
    const consignee = await admin.cmd('outbound.order.merge', { ids: [a.id, c.id] })
    expect(consignee.json()).toMatchObject({ messageKey: 'outbound:merge.errors.differs.consignee' })
    const tooMany = await admin.cmd('outbound.order.merge', { ids: Array.from({ length: 31 }, (_, i) => i + 1) })
    expect(tooMany.statusCode).toBe(400)
    expect((await head(a.id)).status).toBe(1)
  })
})

describe('list, document lookup', () => {
  it('filters by status, platform and SKU; a created-date range over 92 days is refused naming the field', async () => {
    const o = await create([{ code: skus[1]!.code, qty: 1 }], { platform: 'SHEIN', shippingMethod: 'SHEIN-STD' })
    const get = async (qs: string) => {
      const r = await admin.get(`${OUTBOUND_ORDER_API.list}?${qs}`)
      expect(r.statusCode, r.body).toBe(200)
      return r.json().data as { records: any[]; total: number }
    }
    expect((await get(`platform=SHEIN&status=0&size=200`)).records.map((r) => r.orderNo)).toContain(o.orderNo)
    expect((await get(`platform=AMAZON&orderNo=${o.orderNo}`)).total).toBe(0)
    expect((await get(`sku=${skus[1]!.code}&orderNo=${o.orderNo}`)).total).toBe(1)
    expect((await get(`sku=NO-SUCH-SKU&orderNo=${o.orderNo}`)).total).toBe(0)
    const shop = await one<{ id: number; code: string; name: string }>('SELECT id, code, name FROM shop ORDER BY id LIMIT 1')
    const so = await create([{ code: skus[1]!.code, qty: 1 }], { shopId: Number(shop.id) })
    expect((await get(`shop=${encodeURIComponent(shop.name.slice(1, 6))}&orderNo=${so.orderNo}`)).total).toBe(1)
    expect((await get(`shop=${encodeURIComponent(shop.code)}&orderNo=${so.orderNo}`)).total).toBe(1)
    expect((await get(`shop=NO-SUCH-SHOP&orderNo=${so.orderNo}`)).total).toBe(0)
    const day = new Date().toISOString().slice(0, 10)
    expect((await get(`createdAtFrom=${day}&createdAtTo=${day}&orderNo=${o.orderNo}`)).total).toBe(1)
    // Timeout flags: picking and sending (validated, not shipped within 48 h), not issued for 15 days.
    expect((await get(`orderNo=${o.orderNo}`)).records[0]).toMatchObject({ timedOut: false, notIssued: false })
    await run('outbound.order.validate', { ids: [o.id] })
    await q(`UPDATE outbound_order SET validated_at = now() - interval '49 hours', created_at = now() - interval '16 days' WHERE id = $1`, [o.id])
    expect((await get(`orderNo=${o.orderNo}`)).records[0]).toMatchObject({ timedOut: true, notIssued: true })
    expect((await get(`timedOut=true&notIssued=true&size=200`)).records.map((r) => r.orderNo)).toContain(o.orderNo)
    const long = await admin.get(`${OUTBOUND_ORDER_API.list}?createdAtFrom=2026-01-01&createdAtTo=2026-06-01`)
    expect(long.statusCode).toBe(400)
    expect(long.json().errors[0]).toMatchObject({ field: 'createdAt', messageKey: 'outbound:order.errors.dateSpan' })
  })

  it('"go to document" finds an order by its number or its platform order number; another warehouse does not', async () => {
    const o = await create([{ code: skus[1]!.code, qty: 1 }], { sourceNo: 'GSH-LOOKUP-7' })
    for (const term of [o.orderNo, 'GSH-LOOKUP-7']) {
      const hits = (await admin.get(`/api/search/documents?q=${term}`)).json().data
      const hit = (hits.hits ?? hits).find((h: any) => h.type === 'outboundOrder')
      expect(hit, term).toMatchObject({ number: o.orderNo, path: `/stock-out/ToC/sales-outbound/details?orderNo=${o.orderNo}` })
    }
    const other = await admin.in({ warehouseId: 168 }).get(`/api/search/documents?q=${o.orderNo}`)
    expect(JSON.stringify(other.json().data)).not.toContain(o.orderNo)
    expect((await admin.in({ warehouseId: 168 }).get(OUTBOUND_ORDER_API.detail(o.orderNo))).statusCode).toBe(404)
  })
})

describe('Excel import', () => {
  const HEAD = ['Order reference', 'Platform', 'Platform order no.', 'Shop', 'Shipping method', 'Consignee', 'Consignee phone', 'Address', 'Country', 'State', 'City', 'Postcode', 'Remark', 'SKU / UPC / FNSKU', 'Quantity']
  // Issue 21 part J: the order type and the ToB columns follow (optional; tob-orders.test.ts imports with them).
  const TOB_HEAD = ['Order type', 'Association no.', 'Destination warehouse', 'Expected container no.', 'Logistics provider', 'Channel', 'Business type', 'Box mark', 'Pickup or self delivery', 'Product nature surcharges']
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(HEAD)
    for (const r of rows) ws.addRow(r)
    return Buffer.from(await wb.xlsx.writeBuffer())
  }
  const upload = (content: Buffer) => postFile(t, OUTBOUND_ORDER_API.dryRun, admin.headers, content)

  it('the template has the translated headers', async () => {
    const r = await admin.get(OUTBOUND_ORDER_API.template)
    expect(r.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))).toEqual([...HEAD, ...TOB_HEAD])
  })

  it('the dry run lists every bad row and writes nothing; the fixed sheet imports every order in one transaction', async () => {
    const [a, b] = skus
    const before = await orderCount()
    const addr = ['Ana Ruiz', '', '1 Main St', 'US', 'CA', 'LA', '90001', '']
    const bad = await upload(await sheet([
      ['W1', 'AMAZON', 'IMP-1', '', 'USPS', ...addr, a!.code, 1],
      ['W1', '', '', '', '', '', '', '', '', '', '', '', '', b!.upc, 2],
      ['W2', 'TIKTOK', 'IMP-2', '', 'USPS', ...addr, 'NOPE-CODE', 1],
      ['W3', 'AMAZON', 'IMP-3', 'NO-SUCH-SHOP', 'USPS', 'Li Wei', '', '', 'US', '', '', '', '', b!.code, 'x'],
    ]))
    expect(bad.statusCode, bad.body).toBe(200)
    const dr = bad.json().data
    expect(dr.total).toBe(4)
    expect(dr.rows).toEqual([])
    const byRow = (row: number) => dr.errors.filter((e: any) => e.row === row).map((e: any) => e.field).sort()
    expect(byRow(2)).toEqual([])
    expect(byRow(3)).toEqual([])
    expect(byRow(4)).toEqual(['code'])
    expect(byRow(5)).toEqual(['address', 'qty', 'shop'])
    expect(dr.errors.find((e: any) => e.row === 4).message).toContain('NOPE-CODE')
    expect(await orderCount()).toBe(before)

    const good = await upload(await sheet([
      ['W1', 'AMAZON', 'IMP-1', '', 'USPS', ...addr, a!.code, 1],
      ['W1', '', '', '', '', '', '', '', '', '', '', '', '', b!.upc, 2],
      ['W2', 'TIKTOK', 'IMP-2', '', 'USPS', ...addr, a!.code, 1],
    ]))
    const ok = good.json().data
    expect(ok).toMatchObject({ total: 3, creates: 2, errors: [] })
    const imp = await run('outbound.order.import', { rows: ok.rows })
    expect(imp.created).toBe(2)
    expect(await orderCount()).toBe(before + 2)
    const w1 = (await admin.get(OUTBOUND_ORDER_API.detail(imp.orderNos[0]))).json().data
    expect(w1.order).toMatchObject({ platform: 'AMAZON', sourceNo: 'IMP-1', expectedQty: 3, lineCount: 2 })
    // The same sheet again: the platform order numbers are taken, the dry run says so.
    const again = (await upload(await sheet([['W1', 'AMAZON', 'IMP-1', '', 'USPS', ...addr, a!.code, 1]]))).json().data
    expect(again.errors[0]).toMatchObject({ row: 2, field: 'sourceNo', messageKey: 'outbound:order.errors.feedConflict' })
  })
})
