// ToB orders on the outbound order (issue 21, part J) over the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the ToB fields on create, feed, edit and the Excel import (the dry
// run names every bad row); the spec's rules — batch assign picking (effective, same expected container
// number), refresh inventory lock (effective, no wave), shipping method (draft/effective, never once the
// shipment is approved), "a warehouse-brushed order cannot choose a split method again", merge (2..30,
// same type, site, shipping method, platform, order type), the 15-day not-issued flag, "expected quantity
// does not match marketplace quantity" asking to confirm; a ToB order allocates bulk (full-box) first;
// the ledger invariants clean and the balance's history under the order's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, postFile, type ApiClient } from '../helpers/api'
import { OUTBOUND_ORDER_API } from '../../commands/outbound-orders'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { TOB_API } from '../../src/server/areas/tob/index'

let t: TestApp
let admin: ApiClient
let skus: { id: number; code: string }[] = []
let pickFace: number[] = []
let bulk: number[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!
const orderCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26')).n)
const row = (id: number) => one<Record<string, any>>('SELECT * FROM outbound_order WHERE id = $1', [id])

const ADDR = { platform: 'AMAZON', shippingMethod: 'SEA-LCL', consigneeName: 'ONT8 Receiving', address: '24208 San Michele Rd', country: 'US', city: 'Moreno Valley', postcode: '92551' }
const TOB = { ...ADDR, orderType: 1, destinationWarehouse: 'ONT8', channel: 'FBA', businessType: 'sea', boxMark: 'SHOES-ONT8', expectedContainerNo: 'MSKU1234567', logisticsProvider: 'Fast Forwarding', deliveryMode: 'pickup', productNatures: ['textile', 'general'] }
async function create(lines: { code: string; qty: number }[], extra: Record<string, unknown> = {}) {
  const r = await admin.cmd('outbound.order.create', { ...TOB, ...extra, lines })
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { id: number; orderNo: string; expectedQty: number }
}
const run = async (command: string, args: Record<string, unknown>) => {
  const r = await admin.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(200)
  return r.json().data
}
const refused = async (command: string, args: Record<string, unknown>, status: number, key: string) => {
  const r = await admin.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(status)
  expect(r.json().messageKey).toBe(key)
  return r.json()
}
const stock = (skuId: number, locationId: number, qty: number) => t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-TOB' }, op))
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
    ORDER BY k.id DESC LIMIT 6`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(6)
  const locs = (where: string) => q<{ id: number }>(`
    SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND ${where}
    ORDER BY l.code LIMIT 2`)
  pickFace = (await locs(`a.area_type = 2`)).map((r) => Number(r.id))
  bulk = (await locs(`a.area_type = 1 AND l.location_type = 'fullBox'`)).map((r) => Number(r.id))
  expect(pickFace.length).toBe(2)
  expect(bulk.length).toBe(2)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('ToB fields on intake', () => {
  it('creates a ToB order with its fields; the ToB list shows them', async () => {
    const o = await create([{ code: skus[0]!.code, qty: 3 }], { marketplaceQty: 3, expectedContainerNo: 'msku-0001' })
    const r = await row(o.id)
    expect(r).toMatchObject({ order_type: 1, destination_warehouse: 'ONT8', channel: 'FBA', business_type: 'sea', box_mark: 'SHOES-ONT8', expected_container_no: 'MSKU-0001',
      logistics_provider: 'Fast Forwarding', delivery_mode: 'pickup', marketplace_qty: 3, warehouse_brushed: false })
    expect(r.product_natures).toEqual(['textile', 'general'])
    const list = (await admin.get(`${TOB_API.list}?expectedContainerNo=MSKU-0001`)).json().data
    expect(list.records.map((x: any) => x.orderNo)).toEqual([o.orderNo])
    expect(list.records[0]).toMatchObject({ businessType: 'sea', destinationWarehouse: 'ONT8', notIssued: false })
    // The order's details carry the ToB fields.
    const d = (await admin.get(OUTBOUND_ORDER_API.detail(o.orderNo))).json().data
    expect(d.order).toMatchObject({ orderType: 1, expectedContainerNo: 'MSKU-0001', channel: 'FBA', boxMark: 'SHOES-ONT8', deliveryMode: 'pickup', productNatures: ['textile', 'general'], marketplaceQty: 3 })
  })

  it('refuses a ToB order without its required fields, a ToC order with ToB fields, bad dictionary values — naming each field, nothing written', async () => {
    const before = await orderCount()
    const line = [{ code: skus[0]!.code, qty: 1 }]
    const r = await admin.cmd('outbound.order.create', { ...ADDR, orderType: 1, lines: line })
    expect(r.statusCode).toBe(400)
    expect(r.json().errors.map((e: any) => e.field).sort()).toEqual(['boxMark', 'businessType', 'channel', 'destinationWarehouse'])
    const toc = await admin.cmd('outbound.order.create', { ...ADDR, orderType: 2, boxMark: 'X', lines: line })
    expect(toc.statusCode).toBe(400)
    expect(toc.json().errors[0]).toMatchObject({ field: 'boxMark', messageKey: 'tob:errors.tobOnly' })
    expect(toc.json().responseDesc).toContain('Box mark')
    const bad = await admin.cmd('outbound.order.create', { ...TOB, businessType: 'truck', expectedContainerNo: 'MSKU 12/3', productNatures: ['wooden', 'wooden'], lines: line })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors.map((e: any) => e.field).sort()).toEqual(['businessType', 'expectedContainerNo', 'productNatures'])
    expect(await orderCount()).toBe(before)
  })

  it('"expected quantity does not match marketplace quantity" asks to confirm, naming both numbers; confirmed, it is taken', async () => {
    const before = await orderCount()
    const args = { ...TOB, marketplaceQty: 10, lines: [{ code: skus[0]!.code, qty: 4 }, { code: skus[1]!.code, qty: 4 }] }
    const r = await admin.cmd('outbound.order.create', args)
    expect(r.statusCode).toBe(409)
    expect(r.json()).toMatchObject({ messageKey: 'tob:errors.marketplaceQtyMismatch' })
    expect(r.json().errors[0]).toMatchObject({ field: 'marketplaceQty', params: expect.objectContaining({ expectedQty: 8, marketplaceQty: 10 }) })
    expect(r.json().responseDesc).toMatch(/8.*10/)
    expect(await orderCount()).toBe(before)
    const ok = await admin.cmd('outbound.order.create', { ...args, confirm: true })
    expect(ok.statusCode, ok.body).toBe(200)
    expect((await row(ok.json().data.id)).marketplace_qty).toBe(10)
    // The feed asks the same, per order.
    const feed = await admin.cmd('outbound.order.feed', { orders: [{ ...args, sourceNo: 'TOB-FEED-1' }] })
    expect(feed.statusCode).toBe(409)
    expect(feed.json().messageKey).toBe('tob:errors.marketplaceQtyMismatch')
    const feedBad = await admin.cmd('outbound.order.feed', { orders: [{ ...args, channel: null, sourceNo: 'TOB-FEED-2' }] })
    expect(feedBad.statusCode).toBe(400)
    expect(feedBad.json().errors[0]).toMatchObject({ field: 'orders.0.channel', messageKey: 'errors:field.required' })
    expect(await orderCount()).toBe(before + 1)
    const fed = await run('outbound.order.feed', { orders: [{ ...args, marketplaceQty: 8, sourceNo: 'TOB-FEED-3' }] })
    expect(fed.created).toHaveLength(1)
  })

  it('outbound.tob.update edits the ToB fields before any wave, checked like intake', async () => {
    const o = await create([{ code: skus[0]!.code, qty: 2 }])
    await run('outbound.tob.update', { id: o.id, ...Object.fromEntries(Object.entries(TOB).filter(([k]) => ['destinationWarehouse', 'channel', 'businessType', 'boxMark'].includes(k))), expectedContainerNo: 'TGHU7654321', businessType: 'air' })
    expect(await row(o.id)).toMatchObject({ expected_container_no: 'TGHU7654321', business_type: 'air', logistics_provider: null })
    const missing = await admin.cmd('outbound.tob.update', { id: o.id, channel: 'FBA' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors.map((e: any) => e.field).sort()).toEqual(['boxMark', 'businessType', 'destinationWarehouse'])
    await refused('outbound.tob.update', { id: o.id, destinationWarehouse: 'X', channel: 'C', businessType: 'sea', boxMark: 'B', marketplaceQty: 5 }, 409, 'tob:errors.marketplaceQtyMismatch')
    const toc = await admin.cmd('outbound.order.create', { ...ADDR, lines: [{ code: skus[0]!.code, qty: 1 }] })
    await refused('outbound.tob.update', { id: toc.json().data.id, destinationWarehouse: 'X', channel: 'C', businessType: 'sea', boxMark: 'B' }, 409, 'tob:errors.notTob')
    expect((await row(o.id)).expected_container_no).toBe('TGHU7654321')
  })
})

describe('Excel import with ToB columns', () => {
  const HEAD = ['ref', 'platform', 'consigneeName', 'address', 'country', 'code', 'qty', 'Order type', 'Destination warehouse', 'Channel', 'Business type', 'Box mark', 'Expected container no.', 'Product nature surcharges']
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(HEAD)
    for (const r of rows) ws.addRow(r)
    return Buffer.from(await wb.xlsx.writeBuffer())
  }
  const upload = (content: Buffer) => postFile(t, OUTBOUND_ORDER_API.dryRun, admin.headers, content)

  it('the dry run names every bad row and field; a good sheet imports ToB orders with their fields', async () => {
    const before = await orderCount()
    const a = skus[2]!.code
    const addr = ['ONT8 Receiving', '1 Port Rd', 'US']
    const bad = (await upload(await sheet([
      ['R1', 'AMAZON', ...addr, a, 5, 'TOB', 'ONT8', 'FBA', 'Marítimo', 'BM-1', 'MSKU1', 'textile, general'],
      ['R2', 'AMAZON', ...addr, a, 5, 'TOB', 'ONT8', '', 'sea', 'BM-2', '', ''],
      ['R3', 'AMAZON', ...addr, a, 5, 'TOB', 'ONT8', 'FBA', 'truck', 'BM-3', '', ''],
      ['R4', 'AMAZON', ...addr, a, 5, 'TOC', '', '', '', 'BM-4', '', ''],
      ['R5', 'AMAZON', ...addr, a, 5, 'B2X', '', '', '', '', '', ''],
      ['R6', 'AMAZON', ...addr, a, 5, 'TOB', 'ONT8', 'FBA', 'air', 'BM-6', 'BAD NO!', 'plastic'],
    ]))).json().data
    expect(bad.creates).toBe(0)
    expect(bad.errors.map((e: any) => [e.row, e.field])).toEqual([
      [3, 'channel'], [4, 'businessType'], [5, 'boxMark'], [6, 'orderType'], [7, 'expectedContainerNo'], [7, 'productNatures'],
    ])
    expect(bad.errors[0].message).toContain('Channel')
    expect(await orderCount()).toBe(before)

    const good = (await upload(await sheet([
      ['G1', 'AMAZON', ...addr, a, 5, 'TOB', 'ONT8', 'FBA', 'Marítimo', 'BM-1', 'msku1', 'textile; 带磁'],
      ['G1', '', '', '', '', skus[3]!.code, 2, '', '', '', '', '', '', ''],
      ['G2', 'AMAZON', ...addr, a, 1, '', '', '', '', '', '', ''],
    ]))).json().data
    expect(good.errors).toEqual([])
    expect(good.creates).toBe(2)
    const res = await run('outbound.order.import', { rows: good.rows })
    expect(res.created).toBe(2)
    const [g1, g2] = await q<Record<string, any>>(`SELECT * FROM outbound_order WHERE order_no = ANY($1) ORDER BY id`, [`{${res.orderNos.join(',')}}`])
    expect(g1).toMatchObject({ order_type: 1, business_type: 'sea', channel: 'FBA', box_mark: 'BM-1', expected_container_no: 'MSKU1', expected_qty: 7 })
    expect(g1!.product_natures).toEqual(['textile', 'magnetic'])
    expect(g2).toMatchObject({ order_type: 2, business_type: null })
  })
})

describe('ToB rules', () => {
  it('a ToB order allocates from bulk (full-box) locations first; a ToC order from the pick face', async () => {
    const k = skus[4]!
    await stock(k.id, pickFace[0]!, 20)
    await stock(k.id, bulk[0]!, 20)
    const tob = await create([{ code: k.code, qty: 12 }])
    const toc = (await run('outbound.order.create', { ...ADDR, lines: [{ code: k.code, qty: 5 }] })) as { id: number; orderNo: string }
    await run('outbound.order.validate', { ids: [tob.id, toc.id] })
    const where = async (orderNo: string) => (await q<{ location_id: number; qty: number }>(
      `SELECT b.location_id, sum(r.qty)::int AS qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
       WHERE r.doc_no = $1 AND r.status = 0 GROUP BY b.location_id ORDER BY b.location_id`, [orderNo]))
      .map((r) => [Number(r.location_id), Number(r.qty)])
    expect(await where(tob.orderNo)).toEqual([[bulk[0]!, 12]])
    expect(await where(toc.orderNo)).toEqual([[pickFace[0]!, 5]])
    await invariantsClean()
    const [bal] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE sku_id = $1 AND location_id = $2 AND tenant_id = 1 AND warehouse_id = 26`, [k.id, bulk[0]!])
    const ex = await explainBalance(t.database.db, scope, Number(bal!.id))
    expect(ex!.entries.some((e: any) => e.docNo === tob.orderNo)).toBe(true)
  })

  it('batch assign picking: ToB, effective, the same expected container number — one wave; refresh lock then refused (in a wave)', async () => {
    const k = skus[5]!
    await stock(k.id, bulk[1]!, 100)
    const a = await create([{ code: k.code, qty: 2 }], { expectedContainerNo: 'CONT-A' })
    const b = await create([{ code: k.code, qty: 3 }], { expectedContainerNo: 'CONT-A' })
    const c = await create([{ code: k.code, qty: 4 }], { expectedContainerNo: 'CONT-B' })
    const d = await create([{ code: k.code, qty: 1 }], { expectedContainerNo: 'CONT-A' })
    const toc = (await run('outbound.order.create', { ...ADDR, lines: [{ code: k.code, qty: 1 }] })) as { id: number }
    await run('outbound.order.validate', { ids: [a.id, b.id, c.id, toc.id] })
    // d stays draft: not effective.
    const notEff = await refused('outbound.tob.assignPicking', { ids: [a.id, d.id] }, 409, 'outbound:wave.errors.orderNotEffective')
    expect(notEff.responseDesc).toContain(d.orderNo)
    const differs = await refused('outbound.tob.assignPicking', { ids: [a.id, b.id, c.id] }, 409, 'tob:errors.containerDiffers')
    expect(differs.responseDesc).toContain('CONT-B')
    await refused('outbound.tob.assignPicking', { ids: [a.id, toc.id] }, 409, 'tob:errors.notTob')
    expect((await row(a.id)).wave_no).toBeNull()
    const w = await run('outbound.tob.assignPicking', { ids: [a.id, b.id], taskMode: 'whole' })
    expect(w).toMatchObject({ orders: 2, qty: 5, expectedContainerNo: 'CONT-A' })
    expect(w.tasks).toHaveLength(2)
    expect((await row(a.id)).wave_no).toBe(w.waveNo)
    await refused('outbound.tob.assignPicking', { ids: [a.id] }, 409, 'outbound:order.errors.inWave')
    // Refresh inventory lock needs effective status and no wave number.
    await refused('outbound.order.refreshLock', { ids: [a.id] }, 409, 'outbound:order.errors.refreshLockWave')
    await refused('outbound.order.refreshLock', { ids: [d.id] }, 409, 'outbound:order.errors.refreshLockStatus')
    await invariantsClean()
  })

  it('"a warehouse-brushed order cannot choose a split method again"; split method only in draft or in force', async () => {
    const k = skus[5]!
    const a = await create([{ code: k.code, qty: 1 }])
    const b = await create([{ code: k.code, qty: 1 }])
    await run('outbound.tob.splitMethod', { ids: [a.id], splitMethod: 'maxQty' })
    expect((await row(a.id)).split_method).toBe('maxQty')
    await run('outbound.order.validate', { ids: [a.id, b.id] })
    await run('outbound.order.refreshLock', { ids: [a.id] })
    expect((await row(a.id)).warehouse_brushed).toBe(true)
    const r = await refused('outbound.tob.splitMethod', { ids: [b.id, a.id], splitMethod: 'stock' }, 409, 'tob:errors.brushedSplit')
    expect(r.responseDesc).toContain(a.orderNo)
    expect((await row(b.id)).split_method).toBeNull()
    expect((await row(a.id)).split_method).toBe('maxQty')
    await run('outbound.order.void', { ids: [b.id] })
    await refused('outbound.tob.splitMethod', { ids: [b.id], splitMethod: 'stock' }, 409, 'outbound:order.errors.splitStatus')
    const bad = await admin.cmd('outbound.tob.splitMethod', { ids: [a.id], splitMethod: 'random' })
    expect(bad.statusCode).toBe(400)
    await invariantsClean()
  })

  it('splitting an order follows the split method chosen on it (the first enabled rule splitting that way)', async () => {
    const o = await create([{ code: skus[0]!.code, qty: 3 }])
    await run('outbound.tob.splitMethod', { ids: [o.id], splitMethod: 'maxQty' })
    // The demo pair's only rule splits by stock: none splits by quantity.
    const r = await refused('outbound.order.split', { ids: [o.id] }, 409, 'tob:errors.noRuleForMethod')
    expect(r.responseDesc).toContain(o.orderNo)
    expect((await row(o.id)).expected_qty).toBe(3)
    await q(`INSERT INTO order_splitting_rule (tenant_id, warehouse_id, name, priority, split_by, max_qty) VALUES (1, 26, 'ToB by 2', 50, 'maxQty', 2)`)
    const done = await run('outbound.order.split', { ids: [o.id] })
    expect(done.split[0]).toMatchObject({ orderNo: o.orderNo, splitBy: 'maxQty' })
    expect(done.split[0].parts.map((p: any) => p.expectedQty)).toEqual([2, 1])
    // The split-off order is a ToB order with the same ToB fields.
    expect(await one(`SELECT order_type, box_mark, channel FROM outbound_order WHERE order_no = $1`, [done.split[0].parts[1].orderNo])).toMatchObject({ order_type: 1, box_mark: 'SHOES-ONT8', channel: 'FBA' })
    await q(`DELETE FROM order_splitting_rule WHERE tenant_id = 1 AND warehouse_id = 26 AND name = 'ToB by 2'`)
  })

  it('shipping method only in draft or effective and never once the shipment is approved', async () => {
    const a = await create([{ code: skus[5]!.code, qty: 1 }])
    await run('outbound.order.shippingMethod', { ids: [a.id], shippingMethod: 'SEA-FCL' })
    // No ToB shipment exists yet: the approval is the order's shipment_approved flag the shipment step will set.
    await q(`UPDATE outbound_order SET shipment_approved = true WHERE id = $1`, [a.id])
    await refused('outbound.order.shippingMethod', { ids: [a.id], shippingMethod: 'AIR' }, 409, 'outbound:order.errors.shipmentApproved')
    await q(`UPDATE outbound_order SET shipment_approved = false WHERE id = $1`, [a.id])
    await run('outbound.order.void', { ids: [a.id] })
    await refused('outbound.order.shippingMethod', { ids: [a.id], shippingMethod: 'AIR' }, 409, 'outbound:order.errors.shippingMethodStatus')
    expect((await row(a.id)).shipping_method).toBe('SEA-FCL')
  })

  it('merge: 2..30 effective orders of the same order type, platform, site and shipping method', async () => {
    const k = skus[5]!
    const a = await create([{ code: k.code, qty: 1 }], { marketplaceQty: 1 })
    const b = await create([{ code: k.code, qty: 1 }], { shippingMethod: 'AIR-STD' })
    const c = (await run('outbound.order.create', { ...ADDR, lines: [{ code: k.code, qty: 1 }] })) as { id: number }
    await run('outbound.order.validate', { ids: [a.id, b.id, c.id] })
    await refused('outbound.order.merge', { ids: [a.id, b.id] }, 409, 'outbound:merge.errors.differs.shippingMethod')
    await refused('outbound.order.merge', { ids: [a.id, c.id] }, 409, 'outbound:merge.errors.differs.orderType')
    expect((await admin.cmd('outbound.order.merge', { ids: [a.id] })).statusCode).toBe(400)
    expect((await admin.cmd('outbound.order.merge', { ids: Array.from({ length: 31 }, (_, i) => a.id + i) })).statusCode).toBe(400)
    const d = await create([{ code: k.code, qty: 2 }])
    await run('outbound.order.validate', { ids: [d.id] })
    const m = await run('outbound.order.merge', { ids: [a.id, d.id] })
    // The merged order is a ToB order carrying the ToB fields.
    // (the marketplace quantity was a's alone: not carried to the merged total)
    expect(await one(`SELECT order_type, destination_warehouse, business_type, box_mark, expected_qty, marketplace_qty FROM outbound_order WHERE order_no = $1`, [m.orderNo]))
      .toMatchObject({ order_type: 1, destination_warehouse: 'ONT8', business_type: 'sea', box_mark: 'SHOES-ONT8', expected_qty: 3, marketplace_qty: null })
    await invariantsClean()
  })

  it('the 15-day not-issued flag and filter on the ToB list', async () => {
    const old = await create([{ code: skus[5]!.code, qty: 1 }], { expectedContainerNo: 'OLD-1' })
    const fresh = await create([{ code: skus[5]!.code, qty: 1 }], { expectedContainerNo: 'OLD-1' })
    await q(`UPDATE outbound_order SET created_at = now() - interval '16 days' WHERE id = $1`, [old.id])
    const all = (await admin.get(`${TOB_API.list}?expectedContainerNo=OLD-1`)).json().data.records
    expect(Object.fromEntries(all.map((x: any) => [x.orderNo, x.notIssued]))).toEqual({ [old.orderNo]: true, [fresh.orderNo]: false })
    const flagged = (await admin.get(`${TOB_API.list}?expectedContainerNo=OLD-1&notIssued=true`)).json().data.records
    expect(flagged.map((x: any) => x.orderNo)).toEqual([old.orderNo])
    // The ToB list holds ToB orders only.
    const types = (await admin.get(`${TOB_API.list}?pageSize=100`)).json().data.records.map((x: any) => x.orderType)
    expect(new Set(types)).toEqual(new Set([1]))
  })
})
