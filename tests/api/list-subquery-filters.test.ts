// Issue 19: list filters over other tables are semi-joins, not a subquery per row. The outbound order
// list's SKU filter was `id IN (SELECT … WHERE l.tenant_id = "outbound_order"."tenant_id" …)` — correlated,
// so PostgreSQL ran it as a SubPlan for every order of the pair (> 3.5 min per request at 1M orders);
// the inbound order list's SKU filter and the picking task list's wave filter were an ILIKE over a
// scalar subquery per row. Each now matches an uncorrelated id set of the caller's pair.
// Here, on the demo data (PGlite, or PostgreSQL with TEST_DATABASE_URL): (1) each filter answers the
// same rows, total and order as its old form (an ILIKE over the filter's column, the per-row subquery)
// for whole codes, parts of codes, other case, LIKE wildcards taken literally and no match; (2) the
// plan of the filtered list — EXPLAIN of the list's rows and of its capped count — holds no SubPlan
// (PGlite is the same planner: the check runs on both).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { sql, type SQL } from 'drizzle-orm'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { listWhere, runList, type ListDef, type ListFilter } from '../../src/server/http/list'
import { orderList as outboundOrderList } from '../../src/server/areas/outbound/orders'
import { outboundSettings, taskList } from '../../src/server/areas/outbound/picking'
import { orderList as inboundOrderList } from '../../src/server/areas/inbound/orders'
import { addStock } from '../../src/server/inventory/ledger'
import type { AuthContext } from '../../src/server/http/context'
import { apiAs, expectOk } from '../helpers/api'

let t: TestApp
const { q } = queriesOf(() => t)
const auth = { tenantId: 1, warehouseId: 26, userId: 1, username: 'admin' } as AuthContext

beforeAll(async () => { t = await createTestApp() }, 120_000)
afterAll(async () => { await t?.close() })

/** The list with one filter back in its old form: an ILIKE over the filter's column (no `match`). */
function oldForm(def: ListDef<any>, name: string): ListDef<any> {
  const f = def.filters![name] as Extract<ListFilter, { type: 'text' }>
  expect(f.match, `${name} has a match`).toBeTypeOf('function')
  return { ...def, filters: { ...def.filters, [name]: { type: 'text', column: f.column } } }
}

/** Every row (ids in list order) and the total of a filter, page size 1000 and a page of 2 (the count path). */
async function answer(def: ListDef<any>, query: Record<string, unknown>) {
  const all = await runList(t.database.db, def, { page: 1, size: 1000, ...query }, auth)
  const page = await runList(t.database.db, def, { page: 1, size: 2, ...query }, auth)
  return { ids: all.records.map((r) => Number(r.id)), total: all.total, page: page.records.map((r) => Number(r.id)), pageTotal: page.total }
}

/** EXPLAIN of the filtered list's rows (sorted, as the page) and of its count capped at 10 001 (as runList). */
async function plans(def: ListDef<any>, query: Record<string, unknown>): Promise<string> {
  const where = listWhere(def, { page: 1, size: 20, ...query }, auth)
  const db = t.database.db as any
  const rows = db.select({ id: def.key }).from(def.table)
  const joined = (def.join ? def.join(rows) : rows).where(where)
  const out: string[] = []
  for (const s of [sql`${joined} order by ${def.key} desc limit 20`, sql`select count(*)::int as n from (${joined} limit 10001) as capped`] as SQL[]) {
    const { sql: text, params } = db.dialect.sqlToQuery(s)
    out.push(...(await t.database.query<Record<string, string>>(`EXPLAIN ${text}`, params)).map((r) => Object.values(r)[0]!))
  }
  return out.join('\n')
}

/** Patterns for a code: whole, lower case, all but its last two characters, its middle, and LIKE wildcards that must stay literal. */
const patternsOf = (code: string) => [code, code.toLowerCase(), code.slice(0, -2), code.slice(2, -2), `${code.slice(0, 2)}%${code.slice(3)}`, `${code.slice(0, 2)}_`, 'NO-SUCH-CODE-19']

describe('the outbound order list: SKU filter', () => {
  it('answers the same orders as the per-order form, for whole and partial codes', async () => {
    const def = outboundOrderList(await outboundSettings(t.database.db, auth))
    const codes = await q<{ sku_code: string; n: number }>(`
      SELECT ps.sku_code, count(DISTINCT l.order_id)::int AS n FROM outbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 GROUP BY ps.sku_code ORDER BY n DESC, ps.sku_code LIMIT 2`)
    expect(codes.length, 'demo outbound orders with lines in pair 26-1').toBeGreaterThan(0)
    let matched = 0
    for (const { sku_code: code } of codes) {
      for (const sku of patternsOf(code)) {
        const now = await answer(def, { sku })
        expect(now, `sku=${sku}`).toEqual(await answer(oldForm(def, 'sku'), { sku }))
        matched += now.total
      }
      // With the other filters of the scenario (a date window, a status).
      const [d] = await q<{ from: string; to: string }>(`SELECT to_char(min(created_at), 'YYYY-MM-DD') AS from, to_char(max(created_at), 'YYYY-MM-DD') AS to FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26`)
      const query = { sku: code, createdAtFrom: d!.from, createdAtTo: d!.to }
      expect(await answer(def, query)).toEqual(await answer(oldForm(def, 'sku'), query))
    }
    expect(matched, 'the patterns match some orders').toBeGreaterThan(0)
  }, 120_000)

  it('an order of another warehouse with the SKU is not found from this pair', async () => {
    const [row] = await q<{ sku_code: string; order_no: string }>(`
      SELECT ps.sku_code, o.order_no FROM outbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id JOIN outbound_order o ON o.id = l.order_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 ORDER BY o.id LIMIT 1`)
    const def = outboundOrderList(await outboundSettings(t.database.db, auth))
    const here = await runList(t.database.db, def, { page: 1, size: 1000, sku: row!.sku_code }, auth)
    expect(here.records.map((r) => r.orderNo)).toContain(row!.order_no)
    const other = { ...auth, warehouseId: 1 } as AuthContext
    const there = await runList(t.database.db, def, { page: 1, size: 1000, sku: row!.sku_code }, other)
    expect(there.records.map((r) => r.orderNo)).not.toContain(row!.order_no)
  })

  it('its plan holds no SubPlan (rows and capped count)', async () => {
    const def = outboundOrderList(await outboundSettings(t.database.db, auth))
    const plan = await plans(def, { sku: 'SKU-19' })
    expect(plan).toMatch(/Join|Nested Loop/)
    expect(plan).not.toMatch(/SubPlan/)
    // The old form is the per-row shape this test exists to refuse (so the check can fail).
    expect(await plans(oldForm(def, 'sku'), { sku: 'SKU-19' })).toMatch(/SubPlan/)
  })
})

describe('the inbound order list: SKU filter', () => {
  it('answers the same orders as the per-order form, and plans no SubPlan', async () => {
    const def = inboundOrderList(48)
    const codes = await q<{ sku_code: string }>(`
      SELECT ps.sku_code FROM inbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 GROUP BY ps.sku_code ORDER BY count(*) DESC, ps.sku_code LIMIT 2`)
    expect(codes.length, 'demo inbound orders with lines in pair 26-1').toBeGreaterThan(0)
    let matched = 0
    for (const { sku_code: code } of codes) {
      for (const sku of patternsOf(code)) {
        const now = await answer(def, { sku })
        expect(now, `sku=${sku}`).toEqual(await answer(oldForm(def, 'sku'), { sku }))
        matched += now.total
      }
    }
    expect(matched).toBeGreaterThan(0)
    expect(await plans(def, { sku: 'SKU-19' })).not.toMatch(/SubPlan/)
    expect(await plans(oldForm(def, 'sku'), { sku: 'SKU-19' })).toMatch(/SubPlan/)
  }, 120_000)
})

describe('the picking task list: wave filter', () => {
  /** The demo has no picking tasks: two waves of one order each, over a SKU stocked here. */
  async function twoWaves() {
    const admin = await apiAs(t, 'admin')
    const [sku] = await q<{ id: number; sku_code: string }>(`
      SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
        AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`)
    const [shelf] = await q<{ id: number }>(`
      SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
    await t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: Number(shelf!.id), skuId: Number(sku!.id) }, 10, { docType: 'TEST', docNo: 'T-LIST19' }, { userId: 1, username: 'admin' }))
    for (let i = 0; i < 2; i++) {
      const o = await expectOk(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'LIST-19', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku!.sku_code, qty: 1 }] })
      await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
      await expectOk(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 1 })
    }
  }

  beforeAll(twoWaves, 180_000)

  it('answers the same tasks as the per-task form, and plans no SubPlan', async () => {
    const def = taskList(await outboundSettings(t.database.db, auth))
    const waves = await q<{ wave_no: string }>(`
      SELECT w.wave_no FROM picking_task k JOIN wave w ON w.id = k.wave_id WHERE k.tenant_id = 1 AND k.warehouse_id = 26 GROUP BY w.wave_no ORDER BY w.wave_no DESC LIMIT 2`)
    expect(waves.length, 'demo picking tasks in pair 26-1').toBeGreaterThan(0)
    for (const { wave_no: code } of waves) {
      for (const waveNo of patternsOf(code)) expect(await answer(def, { waveNo }), `waveNo=${waveNo}`).toEqual(await answer(oldForm(def, 'waveNo'), { waveNo }))
    }
    expect(await plans(def, { waveNo: 'BC19' })).not.toMatch(/SubPlan/)
    expect(await plans(oldForm(def, 'waveNo'), { waveNo: 'BC19' })).toMatch(/SubPlan/)
  })
})
