// Stock allot over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 20
// (spec: "allocated not above allocable and not below locked"): quotas of a SKU's allocable stock per shop;
// the quotas of all shops together above allocable refused naming the allocable quantity; a shop's quota
// below what its orders hold (locked) refused naming it; an unknown shop refused on its line; the list shows
// quota, locked and allocable; nothing half-written, no stock moved (the ledger's invariants clean).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { freshSkus, type Sku } from '../helpers/stock-fixtures'
import { STOCK_ALLOT_API } from '../../commands/stock-allot'
import { OUTBOUND_ORDER_API } from '../../commands/outbound-orders'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let sku: Sku
let shops: string[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const { q, one } = queriesOf(() => t)
const HEADER = { platform: 'AMAZON', shippingMethod: 'UPS-GROUND', consigneeName: 'Dana Whitfield', consigneePhone: '+1 213-555-0144', address: '2211 Sunset Blvd', country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90026' }

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  ;[sku] = await freshSkus(q, 1, { enabled: true })
  const [face] = await q<{ id: number }>(`SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  await t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(face!.id), skuId: sku.id }, 10, { docType: 'TEST', docNo: 'T-ALLOT' }, { userId: 1, username: 'admin' }))
  shops = (await q<{ code: string }>(`SELECT code FROM shop WHERE status = 1 ORDER BY id LIMIT 2`)).map((r) => r.code)
  expect(shops.length).toBe(2)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('stock allot', () => {
  it('allots not above allocable and not below locked, each refusal on its line', async () => {
    const [a, b] = shops
    const made = await expectOk(admin, 'stock.allot.create', { code: sku.code, lines: [{ shopCode: a, qty: 6 }, { shopCode: b, qty: 4 }] })
    expect(made).toMatchObject({ skuCode: sku.code, allocable: 10, allotted: 10, lines: 2 })
    expect(made.allotNo).toMatch(/^TP\d{10}$/)

    // Above allocable: shop A 7 while B keeps 4 → 11 of 10.
    const over = await admin.cmd('stock.allot.create', { code: sku.code, lines: [{ shopCode: a, qty: 7 }] })
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json().errors[0]).toMatchObject({ field: 'lines.0.qty', messageKey: 'stockAllot:errors.aboveAllocable', params: { total: 11, allocable: 10, others: 4 } })
    expect(over.json().responseDesc).toMatch(/10/)

    // Below locked: an order of shop B holds 3 reserved; B's quota cannot go to 2.
    const c = await expectOk(admin, 'outbound.order.create', { ...HEADER, lines: [{ code: sku.code, qty: 3 }] })
    const shopB = Number((await one<{ id: number }>(`SELECT id FROM shop WHERE code = $1`, [b])).id)
    await t.database.query(`UPDATE outbound_order SET shop_id = $1 WHERE id = $2`, [shopB, c.id])
    await expectOk(admin, 'outbound.order.validate', { ids: [c.id] })
    const low = await admin.cmd('stock.allot.create', { code: sku.code, lines: [{ shopCode: b, qty: 2 }] })
    expect(low.statusCode, low.body).toBe(409)
    expect(low.json().errors[0]).toMatchObject({ field: 'lines.0.qty', messageKey: 'stockAllot:errors.belowLocked', params: { qty: 2, locked: 3 } })
    // Unknown shop, named on its line; nothing written by any refusal.
    const unknown = await admin.cmd('stock.allot.create', { code: sku.code, lines: [{ shopCode: b, qty: 3 }, { shopCode: 'NO-SUCH-SHOP', qty: 1 }] })
    expect(unknown.statusCode, unknown.body).toBe(400)
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'lines.1.shopCode', messageKey: 'stockAllot:errors.unknownShop' })])
    expect((await q(`SELECT 1 FROM stock_allot`)).length).toBe(1)

    // B down to its locked 3 is allowed; the list shows quota, locked and allocable.
    await expectOk(admin, 'stock.allot.create', { code: sku.code, lines: [{ shopCode: b, qty: 3 }] })
    const list = (await admin.get(`${STOCK_ALLOT_API.quotas}?skuCode=${encodeURIComponent(sku.code)}&size=10`)).json().data.records as any[]
    expect(list.map((r) => [r.shopCode, r.qty, r.locked, r.allocable]).sort()).toEqual([[a, 6, 0, 10], [b, 3, 3, 10]].sort())
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })
})

// Allocation held to the quotas: a shop's orders reserve at most its quota − what its open orders hold of the
// SKU; beyond it the line waits short with reason 'quota' (the shortage path: the order waits and a later
// allocation takes the rest once the quota allows); a SKU without a quota allocates as before.
describe('allocation enforces the quotas', () => {
  it('shop A 3 and B 5 of 8: A waits for its 4th unit on its quota until an allot raises it', async () => {
    const [skuQ, skuFree] = await freshSkus(q, 2, { enabled: true })
    const [face] = await q<{ id: number; code: string }>(`SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
    const put = (s: Sku, qty: number, docNo: string) => t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(face!.id), skuId: s.id }, qty, { docType: 'TEST', docNo }, { userId: 1, username: 'admin' }))
    await put(skuQ!, 8, 'T-QUOTA-1')
    await put(skuFree!, 5, 'T-QUOTA-1')
    const [a, b] = shops
    const shopId = async (code: string) => Number((await one<{ id: number }>(`SELECT id FROM shop WHERE code = $1`, [code])).id)
    const [idA, idB] = [await shopId(a!), await shopId(b!)]
    await expectOk(admin, 'stock.allot.create', { code: skuQ!.code, lines: [{ shopCode: a, qty: 3 }, { shopCode: b, qty: 5 }] })

    // Shop A's order: 4 of the quota SKU (quota 3) and 2 of a SKU without a quota.
    const oA = await expectOk(admin, 'outbound.order.create', { ...HEADER, shopId: idA, lines: [{ code: skuQ!.code, qty: 4 }, { code: skuFree!.code, qty: 2 }] })
    const vA = (await expectOk(admin, 'outbound.order.validate', { ids: [oA.id] })).changed[0]
    expect(vA).toMatchObject({ allocatedQty: 5, expectedQty: 6 })
    expect(vA.shortages).toEqual([{ lineNo: 1, skuCode: skuQ!.code, qty: 4, allocated: 3, short: 1, reason: 'quota', quota: 3, quotaShort: 1 }])
    // The order's page says why each line waits.
    const waiting = async (no: string) => ((await admin.get(OUTBOUND_ORDER_API.detail(no))).json().data.lines as any[]).map((l) => [l.lineNo, l.allocatedQty, l.waitingFor])
    expect(await waiting(oA.orderNo)).toEqual([[1, 3, 'quota'], [2, 2, null]])
    // Shop B's order for its whole quota of 5.
    const oB = await expectOk(admin, 'outbound.order.create', { ...HEADER, shopId: idB, lines: [{ code: skuQ!.code, qty: 5 }] })
    const vB = (await expectOk(admin, 'outbound.order.validate', { ids: [oB.id] })).changed[0]
    expect(vB).toMatchObject({ allocatedQty: 5, expectedQty: 5, shortages: [] })

    // One more unit arrives: free stock is there, but A's quota is used up — A still waits, on its quota.
    await put(skuQ!, 1, 'T-QUOTA-2')
    const again = (await expectOk(admin, 'outbound.order.refreshLock', { ids: [oA.id] })).changed[0]
    expect(again).toMatchObject({ allocatedQty: 5, shortages: [expect.objectContaining({ lineNo: 1, short: 1, reason: 'quota', quota: 3 })] })
    const quotas = async () => ((await admin.get(`${STOCK_ALLOT_API.quotas}?skuCode=${encodeURIComponent(skuQ!.code)}&size=10`)).json().data.records as any[])
      .map((r) => [r.shopCode, r.qty, r.locked, r.allocable]).sort()
    expect(await quotas()).toEqual([[a, 3, 3, 9], [b, 5, 5, 9]].sort())

    // A new allot raises A to 4 (4 + 5 = 9 of 9): re-allocating gives A its 4th unit.
    const raised = await expectOk(admin, 'stock.allot.create', { code: skuQ!.code, lines: [{ shopCode: a, qty: 4 }] })
    expect(raised).toMatchObject({ allocable: 9, allotted: 9 })
    const last = (await expectOk(admin, 'outbound.order.refreshLock', { ids: [oA.id] })).changed[0]
    expect(last).toMatchObject({ allocatedQty: 6, expectedQty: 6, shortages: [] })
    expect(await waiting(oA.orderNo)).toEqual([[1, 4, null], [2, 2, null]])
    expect(await quotas()).toEqual([[a, 4, 4, 9], [b, 5, 5, 9]].sort())

    // The ledger: A's reservations of the quota SKU under its number, 3 then 1; B's 5; the SKU without a quota took 2.
    const bal = await one<{ id: number; locked: number }>(`SELECT id, locked FROM inventory_balance WHERE sku_id = $1 AND location_id = $2`, [skuQ!.id, face!.id])
    expect(Number(bal.locked)).toBe(9)
    const entries = (await explainBalance(t.database.db, scope, Number(bal.id)))!.entries
    expect(entries.filter((e) => e.docNo === oA.orderNo).map((e) => e.deltaLocked).reverse()).toEqual([3, 1])
    expect(entries.filter((e) => e.docNo === oB.orderNo).map((e) => e.deltaLocked)).toEqual([5])
    const free = await one<{ locked: number }>(`SELECT locked FROM inventory_balance WHERE sku_id = $1 AND location_id = $2`, [skuFree!.id, face!.id])
    expect(Number(free.locked)).toBe(2)
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })

  it('an order without a shop, or of a shop without a quota of the SKU, allocates as before', async () => {
    const [skuQ] = await freshSkus(q, 1, { enabled: true })
    const [face] = await q<{ id: number }>(`SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
    await t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(face!.id), skuId: skuQ!.id }, 6, { docType: 'TEST', docNo: 'T-QUOTA-3' }, { userId: 1, username: 'admin' }))
    const [a, b] = shops
    const idB = Number((await one<{ id: number }>(`SELECT id FROM shop WHERE code = $1`, [b])).id)
    // Only shop A has a quota (2) of this SKU.
    await expectOk(admin, 'stock.allot.create', { code: skuQ!.code, lines: [{ shopCode: a, qty: 2 }] })
    const noShop = await expectOk(admin, 'outbound.order.create', { ...HEADER, lines: [{ code: skuQ!.code, qty: 3 }] })
    const otherShop = await expectOk(admin, 'outbound.order.create', { ...HEADER, shopId: idB, lines: [{ code: skuQ!.code, qty: 3 }] })
    const r = (await expectOk(admin, 'outbound.order.validate', { ids: [noShop.id, otherShop.id] })).changed
    expect(r.map((c: any) => [c.allocatedQty, c.shortages])).toEqual([[3, []], [3, []]])
    // Stock is gone now: a further order waits short for stock (reason 'stock'), not for a quota.
    const more = await expectOk(admin, 'outbound.order.create', { ...HEADER, shopId: idB, lines: [{ code: skuQ!.code, qty: 1 }] })
    const m = (await expectOk(admin, 'outbound.order.validate', { ids: [more.id] })).changed[0]
    expect(m.shortages).toEqual([{ lineNo: 1, skuCode: skuQ!.code, qty: 1, allocated: 0, short: 1, reason: 'stock' }])
    expect(((await admin.get(OUTBOUND_ORDER_API.detail(more.orderNo))).json().data.lines as any[]).map((l) => l.waitingFor)).toEqual(['stock'])
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })
})
