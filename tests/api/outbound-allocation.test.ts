// Outbound allocation under concurrency, the order feed, and other pairs' orders, over the real API and
// database (PGlite; PostgreSQL with TEST_DATABASE_URL, where the commands really run side by side):
// - scarce stock: 40 units of one SKU on 3 locations, 64 draft orders of 1–3 units validated at once →
//   exactly 40 reserved, no balance locked above on hand, every order's allocated quantity equal to its
//   open reservations, no reservation twice, invariants clean; half of the orders voided at once →
//   exactly their reservations released; refresh inventory lock on the short ones → they take the freed
//   stock;
// - the feed: one platform order pushed twice, and twice at once, is one order (the repeat answers it
//   under `existing`); a bad line refuses the whole push naming orders.N.lines.M.code, writing nothing;
//   the marketplace simulator's orders for every demo pair go through it;
// - another warehouse's or tenant's order id is 404 on validate, void and GET by id, and stays untouched.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants } from '../../src/server/inventory/ledger'
import { simulateMarketplaceOrders, simulatorInputFor } from '../../src/server/integrations/marketplace-simulator'
import { DEMO_PAIRS } from '../../src/server/db/seed/demo'
import { OUTBOUND_ORDER_API, type FeedResult, type OutboundChange } from '../../commands/outbound-orders'
import { OutboundOrderStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const num = async (text: string, params: unknown[] = []) => Number((await q<{ n: number }>(text, params))[0]!.n)

/** A consignee for hand-made orders (the feed's simulator makes its own). */
const HEADER = { platform: 'AMAZON', shippingMethod: 'UPS-GROUND', consigneeName: 'Dana Whitfield', consigneePhone: '+1 213-555-0144', address: '2211 Sunset Blvd', country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90026' }

async function invariantsClean() {
  expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
}

/** Open reservations of the given orders (by number): id, order, line, balance, qty. */
const reservations = (orderNos: string[]) => q<{ id: number; doc_no: string; doc_line: number; balance_id: number; qty: number }>(`
  SELECT id::int, doc_no, doc_line, balance_id::int, qty FROM inventory_reservation
  WHERE tenant_id = 1 AND warehouse_id = 26 AND doc_type = 'outboundOrder' AND status = 0 AND doc_no = ANY($1::text[]) ORDER BY id`, [orderNos])

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('allocation under concurrency (scarce stock)', () => {
  const N = 64
  const STOCK = [15, 15, 10]
  let skuId = 0
  let skuCode = ''
  let orders: { id: number; orderNo: string; qty: number }[] = []
  const demand = (list: { qty: number }[]) => list.reduce((s, o) => s + o.qty, 0)
  const totalStock = STOCK.reduce((a, b) => a + b, 0)

  /** Per order of the SKU: expected, allocated (header and lines) and open reservations; free and locked stock. */
  async function state() {
    const rows = await q<{ id: number; order_no: string; status: number; expected_qty: number; allocated_qty: number; lines_alloc: number; reserved: number }>(`
      SELECT o.id, o.order_no, o.status, o.expected_qty, o.allocated_qty,
        (SELECT coalesce(sum(allocated_qty), 0)::int FROM outbound_order_line WHERE order_id = o.id) AS lines_alloc,
        (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r WHERE r.tenant_id = o.tenant_id AND r.warehouse_id = o.warehouse_id
           AND r.doc_type = 'outboundOrder' AND r.doc_no = o.order_no AND r.status = 0) AS reserved
      FROM outbound_order o WHERE o.id = ANY($1::int[]) ORDER BY o.id`, [orders.map((o) => o.id)])
    const [b] = await q<{ on_hand: number; locked: number; over: number }>(`
      SELECT sum(on_hand)::int AS on_hand, sum(locked)::int AS locked, count(*) FILTER (WHERE locked > on_hand)::int AS over
      FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1`, [skuId])
    return { rows, onHand: b!.on_hand, locked: b!.locked, over: b!.over }
  }

  /**
   * The checks that hold after every step: reservations are the allocation, nothing over-locked, and —
   * while each order has been allocated once — no order line holds two reservations on one balance (a
   * refresh may add a second one where freed stock turned up: that is checked as a top-up instead).
   */
  async function consistent(allocatedOnce = true) {
    const s = await state()
    expect(s.over).toBe(0)
    expect(s.onHand).toBe(totalStock)
    for (const r of s.rows) {
      expect(r.allocated_qty, r.order_no).toBe(r.reserved)
      expect(r.lines_alloc, r.order_no).toBe(r.reserved)
      expect(r.reserved, r.order_no).toBeLessThanOrEqual(r.expected_qty)
    }
    expect(s.locked).toBe(s.rows.reduce((a, r) => a + r.reserved, 0))
    const twice = await q(`SELECT doc_no, doc_line, balance_id FROM inventory_reservation WHERE doc_type = 'outboundOrder' AND status = 0
      AND doc_no = ANY($1::text[]) GROUP BY 1, 2, 3 HAVING count(*) > 1`, [orders.map((o) => o.orderNo)])
    if (allocatedOnce) expect(twice).toEqual([])
    await invariantsClean()
    return s
  }

  beforeAll(async () => {
    // A SKU nobody stocks or orders (the demo seed stocks whole size runs away from the catalogue's ends).
    const [sku] = await q<{ id: number; sku_code: string }>(`
      SELECT id, sku_code FROM product_sku k WHERE tenant_id = 1 AND status = 1
        AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
        AND NOT EXISTS (SELECT 1 FROM outbound_order_line l WHERE l.sku_id = k.id)
      ORDER BY id LIMIT 1 OFFSET 100`)
    skuId = Number(sku!.id)
    skuCode = sku!.sku_code
    const locs = await q<{ id: number }>(`
      SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
        AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id)
      ORDER BY l.code DESC LIMIT 3`)
    expect(locs).toHaveLength(3)
    await t.database.tx(async (tx) => {
      for (const [i, qty] of STOCK.entries()) await addStock(tx, { ...scope, locationId: Number(locs[i]!.id), skuId }, qty, { docType: 'TEST', docNo: 'T-SCARCE', docLine: i + 1 }, op)
    })
    // 64 draft orders of 1–3 units, in one feed push.
    const push = Array.from({ length: N }, (_, i) => ({ ...HEADER, sourceNo: `111-9000000-${String(i).padStart(7, '0')}`, lines: [{ code: skuCode, qty: 1 + (i % 3) }] }))
    const r = await admin.cmd('outbound.order.feed', { orders: push })
    expect(r.statusCode, r.body).toBe(200)
    const fed = r.json().data as FeedResult
    expect(fed.created).toHaveLength(N)
    const ids = await q<{ id: number; order_no: string; expected_qty: number }>(`SELECT id, order_no, expected_qty FROM outbound_order WHERE order_no = ANY($1::text[]) ORDER BY id`,
      [fed.created.map((c) => c.orderNo)])
    orders = ids.map((o) => ({ id: Number(o.id), orderNo: o.order_no, qty: Number(o.expected_qty) }))
    expect(demand(orders)).toBeGreaterThan(totalStock)
  }, 120_000)

  it('64 validations at once reserve exactly the stock there is, each order its own share', async () => {
    const res = await Promise.all(orders.map((o) => admin.cmd('outbound.order.validate', { ids: [o.id] })))
    for (const r of res) expect(r.statusCode, r.body).toBe(200)
    const s = await consistent()
    expect(s.locked).toBe(Math.min(demand(orders), totalStock))
    // In force when something was reserved, else validated (spec code 6), waiting for stock (issue 18).
    expect(s.rows.every((r) => r.status === (r.reserved > 0 ? S.Effective : S.Approve))).toBe(true)
    // Each answer told the truth about its order (nobody took its stock afterwards: nothing released).
    const answers = new Map(res.map((r) => { const c = (r.json().data.changed as OutboundChange[])[0]!; return [c.id, c] }))
    for (const row of s.rows) {
      const c = answers.get(Number(row.id))!
      expect(c.allocatedQty, row.order_no).toBe(row.reserved)
      expect(c.shortages!.reduce((a, x) => a + x.short, 0), row.order_no).toBe(row.expected_qty - row.reserved)
    }
    // The short ones wait with their shortage; fully served ones show none.
    expect(s.rows.filter((r) => r.reserved < r.expected_qty).length).toBeGreaterThan(0)
  }, 180_000)

  it('voiding half at once releases exactly their reservations and nothing of the others', async () => {
    const before = await state()
    const voided = orders.filter((_, i) => i % 2 === 0)
    const kept = orders.filter((_, i) => i % 2 === 1)
    const keptRes = await reservations(kept.map((o) => o.orderNo))
    const heldByVoided = before.rows.filter((r) => voided.some((o) => o.id === Number(r.id))).reduce((a, r) => a + r.reserved, 0)
    const res = await Promise.all(voided.map((o) => admin.cmd('outbound.order.void', { ids: [o.id] })))
    for (const r of res) expect(r.statusCode, r.body).toBe(200)
    const released = res.reduce((a, r) => a + ((r.json().data.changed as OutboundChange[])[0]!.released ?? 0), 0)
    expect(released).toBe(heldByVoided)
    const after = await consistent()
    expect(after.locked).toBe(before.locked - heldByVoided)
    for (const r of after.rows.filter((x) => voided.some((o) => o.id === Number(x.id)))) {
      expect(r.status, r.order_no).toBe(S.Cancel)
      expect(r.reserved, r.order_no).toBe(0)
    }
    // The others' reservations are the very same rows.
    expect(await reservations(kept.map((o) => o.orderNo))).toEqual(keptRes)
    expect(await reservations(voided.map((o) => o.orderNo))).toEqual([])
  }, 180_000)

  it('refreshing the inventory lock of the short orders at once hands out the freed stock', async () => {
    const before = await state()
    // Short: in force with a shortage (refresh inventory lock), or validated holding nothing (6: validated again).
    const short = before.rows.filter((r) => (r.status === S.Effective && r.reserved < r.expected_qty) || r.status === S.Approve)
    expect(short.length).toBeGreaterThan(0)
    const freeBefore = before.onHand - before.locked
    expect(freeBefore).toBeGreaterThan(0)
    const nos = orders.map((o) => o.orderNo)
    const held = await reservations(nos)
    const res = await Promise.all(short.map((r) => admin.cmd(r.status === S.Approve ? 'outbound.order.validate' : 'outbound.order.refreshLock', { ids: [Number(r.id)] })))
    for (const r of res) expect(r.statusCode, r.body).toBe(200)
    const after = await consistent(false)
    const open = after.rows.filter((r) => r.status === S.Effective || r.status === S.Approve)
    expect(after.locked).toBe(Math.min(totalStock, open.reduce((a, r) => a + r.expected_qty, 0)))
    expect(after.locked - before.locked).toBe(Math.min(freeBefore, short.reduce((a, r) => a + r.expected_qty - r.reserved, 0)))
    // Every reservation held before is still there as it was; the new ones are exactly each order's top-up.
    const now = await reservations(nos)
    expect(now.filter((x) => held.some((h) => h.id === x.id))).toEqual(held)
    const added = now.filter((x) => !held.some((h) => h.id === x.id))
    for (const r of after.rows) {
      const gain = r.reserved - before.rows.find((x) => x.id === r.id)!.reserved
      expect(added.filter((x) => x.doc_no === r.order_no).reduce((a, x) => a + x.qty, 0), r.order_no).toBe(gain)
      if (gain > 0) expect(short.some((x) => x.id === r.id), r.order_no).toBe(true)
    }
  }, 180_000)
})

describe('batches of orders sharing SKUs', () => {
  it('concurrent validate calls of several orders over the same SKUs in crossing orders all succeed (no deadlock), reserving exactly their demand', async () => {
    const skus = await q<{ id: number; sku_code: string }>(`
      SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1
        AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
        AND NOT EXISTS (SELECT 1 FROM outbound_order_line l WHERE l.sku_id = k.id)
        AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
      ORDER BY id LIMIT 3 OFFSET 200`)
    expect(skus).toHaveLength(3)
    const [loc] = await q<{ id: number }>(`
      SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
    await t.database.tx(async (tx) => {
      for (const k of skus) await addStock(tx, { ...scope, locationId: Number(loc!.id), skuId: Number(k.id) }, 500, { docType: 'TEST', docNo: 'T-BATCH' }, op)
    })
    // Orders whose two lines cross: A+B, B+C, C+A; each call validates a run of them (a batch's orders in id order).
    const pairs = [[0, 1], [1, 2], [2, 0]] as const
    const push = Array.from({ length: 48 }, (_, i) => ({
      ...HEADER, sourceNo: `111-9100000-${String(i).padStart(7, '0')}`,
      lines: pairs[i % 3]!.map((k) => ({ code: skus[k]!.sku_code, qty: 1 + (i % 2) })),
    }))
    const fed = (await admin.cmd('outbound.order.feed', { orders: push })).json().data as FeedResult
    const ids = (await q<{ id: number }>(`SELECT id FROM outbound_order WHERE order_no = ANY($1::text[]) ORDER BY id`, [fed.created.map((c) => c.orderNo)])).map((r) => Number(r.id))
    expect(ids).toHaveLength(48)
    // Eight calls of six orders each, interleaved so that each call's orders cross the others' SKU orders.
    const calls = Array.from({ length: 8 }, (_, c) => ids.filter((_, i) => i % 8 === c))
    // A deadlock is retried by the database layer (and answered 500 after five): none may happen at all.
    const deadlocks = t.database.retried.deadlock
    const res = await Promise.all(calls.map((batch) => admin.cmd('outbound.order.validate', { ids: batch })))
    for (const r of res) expect(r.statusCode, r.body).toBe(200)
    expect(t.database.retried.deadlock - deadlocks).toBe(0)
    const [sum] = await q<{ expected: number; reserved: number }>(`
      SELECT sum(o.expected_qty)::int AS expected,
        (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r WHERE r.doc_no = ANY(array_agg(o.order_no)) AND r.status = 0) AS reserved
      FROM outbound_order o WHERE o.id = ANY($1::int[])`, [ids])
    expect(sum!.reserved).toBe(sum!.expected)
    await invariantsClean()
  }, 180_000)
})

describe('the order feed', () => {
  const lineCode = async () => (await q<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = 1 AND status = 1 ORDER BY id LIMIT 1 OFFSET 200`))[0]!.sku_code
  const bySource = (sourceNo: string) => q<{ order_no: string }>(`SELECT order_no FROM outbound_order WHERE tenant_id = 1 AND source_no = $1`, [sourceNo])

  it('a platform order pushed twice, or twice at once, is one order; the repeat answers it under existing', async () => {
    const code = await lineCode()
    const order = { ...HEADER, platform: 'TIKTOK', sourceNo: '576000000000000001', lines: [{ code, qty: 1 }] }
    const first = await admin.cmd('outbound.order.feed', { orders: [order] })
    expect(first.statusCode, first.body).toBe(200)
    const created = (first.json().data as FeedResult).created
    expect(created).toEqual([{ sourceNo: order.sourceNo, orderNo: expect.stringMatching(/^CK\d{10}$/) }])
    const again = await admin.cmd('outbound.order.feed', { orders: [order] })
    expect(again.statusCode, again.body).toBe(200)
    expect(again.json().data).toEqual({ created: [], existing: created })
    expect(again.headers['idempotent-replay']).toBeUndefined()
    expect(await bySource(order.sourceNo)).toHaveLength(1)

    // Identical pushes at once (connector retries, each with its own key): one order. Two pushes of one
    // order each; then six pushes of the same 20 orders, listed in different orders (on PostgreSQL these
    // run side by side: without the lock on the platform numbers the losers hit the unique index, 500).
    const twin = { ...order, sourceNo: '576000000000000002' }
    const both = await Promise.all([admin.cmd('outbound.order.feed', { orders: [twin] }), admin.cmd('outbound.order.feed', { orders: [twin] })])
    for (const r of both) expect(r.statusCode, r.body).toBe(200)
    const answers = both.map((r) => r.json().data as FeedResult)
    expect(answers.map((a) => [a.created.length, a.existing.length]).sort()).toEqual([[0, 1], [1, 0]])
    const rows = await bySource(twin.sourceNo)
    expect(rows).toHaveLength(1)
    expect(answers.flatMap((a) => [...a.created, ...a.existing]).map((x) => x.orderNo)).toEqual([rows[0]!.order_no, rows[0]!.order_no])

    const many = Array.from({ length: 20 }, (_, i) => ({ ...order, sourceNo: `5761000000000000${String(i).padStart(2, '0')}` }))
    const pushes = await Promise.all(Array.from({ length: 6 }, (_, p) => admin.cmd('outbound.order.feed', { orders: p % 2 ? [...many].reverse() : many })))
    for (const r of pushes) expect(r.statusCode, r.body).toBe(200)
    const fed = pushes.map((r) => r.json().data as FeedResult)
    expect(fed.reduce((a, f) => a + f.created.length, 0)).toBe(20)
    expect(fed.reduce((a, f) => a + f.existing.length, 0)).toBe(100)
    expect(await num(`SELECT count(*)::int AS n FROM outbound_order WHERE tenant_id = 1 AND source_no LIKE '5761%'`)).toBe(20)
  })

  it('a bad line refuses the whole push, naming orders.N.lines.M.code, and writes nothing', async () => {
    const code = await lineCode()
    const ordersBefore = await num(`SELECT count(*)::int AS n FROM outbound_order`)
    const ledgerBefore = await num(`SELECT count(*)::int AS n FROM inventory_ledger`)
    const push = [0, 1, 2].map((i) => ({ ...HEADER, sourceNo: `111-8000000-000000${i}`, lines: [{ code, qty: 1 }, { code: i === 1 ? 'NO-SUCH-SKU-1' : code, qty: 1 }] }))
    const r = await admin.cmd('outbound.order.feed', { orders: push })
    expect(r.statusCode, r.body).toBe(400)
    const errors = r.json().errors as { field: string; messageKey: string }[]
    expect(errors).toEqual([expect.objectContaining({ field: 'orders.1.lines.1.code', messageKey: 'outbound:order.errors.codeUnknown' })])
    expect(await num(`SELECT count(*)::int AS n FROM outbound_order`)).toBe(ordersBefore)
    expect(await num(`SELECT count(*)::int AS n FROM inventory_ledger`)).toBe(ledgerBefore)
    for (const o of push) expect(await bySource(o.sourceNo)).toEqual([])
  })

  /** Platform order numbers in each platform's own style. */
  const SOURCE_NO: Record<string, RegExp> = {
    AMAZON: /^(11[1-4]|70[12])-\d{7}-\d{7}$/, WALMART: /^\d{13}$/, SHEIN: /^GSH[A-Z]{2}\d{2}[A-Z]\d{7}$/, TIKTOK: /^57\d{16}$/, MERCADOLIBRE: /^2000\d{12}$/, OWN: /^STW\d{8}$/,
  }
  it('takes the marketplace simulator\'s orders for every demo pair (the seed\'s own are already there)', async () => {
    for (const [warehouseId, tenantId] of DEMO_PAIRS) {
      const pair = { tenantId, warehouseId }
      const input = await simulatorInputFor(t.database.db, pair)
      const skus = input.skus.length ? input.skus : (await q<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = $1 AND status = 1 ORDER BY id LIMIT 50`, [tenantId])).map((s) => s.sku_code)
      const orders = simulateMarketplaceOrders({ ...input, skus, seed: `test|${warehouseId}|${tenantId}`, count: 30 })
      expect(simulateMarketplaceOrders({ ...input, skus, seed: `test|${warehouseId}|${tenantId}`, count: 30 })).toEqual(orders)
      const r = await admin.in(pair).cmd('outbound.order.feed', { orders })
      expect(r.statusCode, `${warehouseId}-${tenantId} ${r.body}`).toBe(200)
      expect((r.json().data as FeedResult).created).toHaveLength(30)
      const shops = new Map(input.shops.map((s) => [s.id, s]))
      for (const o of orders) {
        if (o.platform === 'OWN') expect(o.shopId).toBeUndefined()
        else expect(shops.get(o.shopId!)?.platform, o.sourceNo).toBe(o.platform)
        expect(o.sourceNo).toMatch(SOURCE_NO[o.platform]!)
      }
    }
  })
})

describe('other pairs\' orders', () => {
  it('another warehouse\'s or tenant\'s order id is 404 on validate, void and GET, and stays as it was', async () => {
    const code = (await q<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = 1 AND status = 1 ORDER BY id LIMIT 1 OFFSET 300`))[0]!.sku_code
    const c = await admin.cmd('outbound.order.create', { ...HEADER, lines: [{ code, qty: 1 }] })
    expect(c.statusCode, c.body).toBe(200)
    const mine = c.json().data.id as number
    // A demo order of Los Angeles (tenant 1) and one of Yiwu (tenant 2).
    const [la] = await q<{ id: number }>(`SELECT id FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 168 AND status = 0 ORDER BY id LIMIT 1`)
    const [yw] = await q<{ id: number }>(`SELECT id FROM outbound_order WHERE tenant_id = 2 AND warehouse_id = 31 AND status = 0 ORDER BY id LIMIT 1`)
    expect(la && yw).toBeTruthy()
    const cases: [ApiClient, number][] = [
      [admin.in({ warehouseId: 168 }), mine], [admin.in({ tenantId: 2, warehouseId: 26 }), mine], [admin.in({ tenantId: 2, warehouseId: 31 }), mine],
      [admin, Number(la!.id)], [admin, Number(yw!.id)], [admin.in({ tenantId: 2, warehouseId: 26 }), Number(yw!.id)],
    ]
    for (const [api, id] of cases) {
      for (const command of ['outbound.order.validate', 'outbound.order.void']) {
        const r = await api.cmd(command, { ids: [id] })
        expect(r.statusCode, `${command} ${id} ${r.body}`).toBe(404)
        expect(r.json().messageKey).toBe('outbound:order.errors.notFound')
      }
      const g = await api.get(OUTBOUND_ORDER_API.detailById(id))
      expect(g.statusCode, g.body).toBe(404)
    }
    const untouched = await q<{ status: number; allocated_qty: number }>(`SELECT status, allocated_qty FROM outbound_order WHERE id = ANY($1::int[]) ORDER BY id`, [[mine, Number(la!.id), Number(yw!.id)]])
    expect(untouched).toEqual([{ status: 0, allocated_qty: 0 }, { status: 0, allocated_qty: 0 }, { status: 0, allocated_qty: 0 }])
    // In its own pair it is found.
    expect((await admin.get(OUTBOUND_ORDER_API.detailById(mine))).statusCode).toBe(200)
    expect((await admin.in({ warehouseId: 168 }).get(OUTBOUND_ORDER_API.detailById(Number(la!.id)))).statusCode).toBe(200)
  })
})
