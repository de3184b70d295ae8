// The dry run of "generate waves by rule" (GET /api/outbound/waves/generate-preview, issue 18 §3): the
// confirmation before generating names how many orders go into how many waves, so the dry run must
// count exactly what the command then makes — it shares the handler's selection (planWaves) — write
// nothing, answer for the caller's warehouse+tenant only, and need the permission to generate. Runs on
// PGlite, and on PostgreSQL with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { PICKING_API, type GeneratePreview, type GenerateResult } from '../../commands/outbound-picking'
import { addStock } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let other: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)

async function preview(c: ApiClient, ruleId?: number): Promise<GeneratePreview> {
  const r = await c.get(`${PICKING_API.generatePreview}${ruleId ? `?ruleId=${ruleId}` : ''}`)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as GeneratePreview
}
/** What is written that a dry run must not touch: waves, tasks, orders in a wave. */
const written = () => one<{ waves: number; tasks: number; waved: number }>(`
  SELECT (SELECT count(*)::int FROM wave) AS waves, (SELECT count(*)::int FROM picking_task) AS tasks,
         (SELECT count(*)::int FROM outbound_order WHERE wave_no IS NOT NULL) AS waved`)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  // Another pair of the admin's, one with stock on shelves (the demo stocks several).
  const pair = await one<{ tenant_id: number; warehouse_id: number }>(`
    SELECT a.tenant_id, a.warehouse_id FROM user_access a JOIN app_user u ON u.id = a.user_id
    WHERE u.username = 'admin' AND NOT (a.tenant_id = 1 AND a.warehouse_id = 26)
    ORDER BY (SELECT count(*) FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area s ON s.id = l.storage_area_id
              WHERE b.tenant_id = a.tenant_id AND b.warehouse_id = a.warehouse_id AND s.area_type = 2) DESC, a.warehouse_id LIMIT 1`)
  const otherScope = { tenantId: Number(pair.tenant_id), warehouseId: Number(pair.warehouse_id) }
  other = admin.in(otherScope)
  // Orders in force and fully reserved, single- and multi-item (the demo's wave rules take both kinds),
  // and one short of stock: not waveable, so neither counted nor waved.
  const [a, b, c] = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  const [shelf] = await q<{ id: number }>(`
    SELECT l.id FROM location l JOIN storage_area s ON s.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND s.status = 1 AND s.area_type = 2 ORDER BY l.code LIMIT 1`)
  for (const sku of [a!, b!]) await t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(shelf!.id), skuId: sku.id }, 10, { docType: 'TEST', docNo: 'T-PREVIEW' }, op))
  const order = async (code: string, qty: number, c: ApiClient = admin) => {
    const o = await expectOk(c, 'outbound.order.create', { platform: 'WALMART', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code, qty }] })
    await expectOk(c, 'outbound.order.validate', { ids: [o.id] })
  }
  await order(a!.code, 1)
  await order(b!.code, 1)
  await order(a!.code, 3)
  await order(c!.code, 1) // no stock: short, in force but not waveable
  // And one in the other pair, on its own stock.
  // (a SKU stocked on a shelf there, with 5 more units put on that shelf).
  const [d] = await q<{ sku_id: number; sku_code: string; location_id: number }>(`
    SELECT b.sku_id, k.sku_code, b.location_id FROM inventory_balance b JOIN product_sku k ON k.id = b.sku_id
      JOIN location l ON l.id = b.location_id JOIN storage_area s ON s.id = l.storage_area_id
    WHERE b.tenant_id = $1 AND b.warehouse_id = $2 AND b.stock_status = 1 AND l.status = 1 AND NOT l.temporary AND s.status = 1 AND s.area_type = 2
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY b.id LIMIT 1`, [otherScope.tenantId, otherScope.warehouseId])
  expect(d, 'a stocked shelf in the other pair').toBeTruthy()
  await t.database.tx((tx) => addStock(tx, { ...otherScope, locationId: Number(d!.location_id), skuId: Number(d!.sku_id) }, 5, { docType: 'TEST', docNo: 'T-PREVIEW' }, op))
  await order(d!.sku_code, 1, other)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('generate waves by rule: the dry run the confirmation names', () => {
  it('counts exactly the orders and waves the command then makes, and writes nothing', async () => {
    const before = await written()
    const p = await preview(admin)
    expect(p.orders).toBeGreaterThanOrEqual(3) // ours, plus any of the demo's
    expect(p.waves).toBeGreaterThanOrEqual(2) // single- and multi-item rules
    expect(p.waves).toBeLessThanOrEqual(p.orders)
    expect(await preview(admin)).toEqual(p) // twice: nothing moved
    expect(await written()).toEqual(before)

    const made = await expectOk(admin, 'outbound.wave.generate', {}) as GenerateResult
    expect(made.waves.length).toBe(p.waves)
    expect(made.waves.reduce((s, w) => s + w.orders, 0)).toBe(p.orders)
    expect(made.skipped).toBe(p.skipped)
    const after = await written()
    expect(after.waves - before.waves).toBe(p.waves)
    expect(after.waved - before.waved).toBe(p.orders)

    // Nothing left: the confirmation says so and nothing runs.
    expect(await preview(admin)).toMatchObject({ orders: 0, waves: 0 })
    expect((await expectOk(admin, 'outbound.wave.generate', {}) as GenerateResult).waves).toEqual([])
  })

  it('answers for the caller\'s warehouse+tenant only', async () => {
    const there = await preview(other)
    expect(there.orders).toBeGreaterThan(0) // at least the one made there
    const thereBefore = await written()
    // Orders waved in the first pair changed nothing there; generating there makes what it said.
    const made = await expectOk(other, 'outbound.wave.generate', {}) as GenerateResult
    expect(made.waves.length).toBe(there.waves)
    expect(made.waves.reduce((s, w) => s + w.orders, 0)).toBe(there.orders)
    expect((await written()).waves - thereBefore.waves).toBe(there.waves)
    expect(await preview(admin)).toMatchObject({ orders: 0, waves: 0 })
  })

  it('one rule: its own count; an unknown rule is refused naming the field; without the permission, 403', async () => {
    const rules = (await admin.get('/wms-in/rules/findRules')).json().data.waveRules as { id: number }[]
    expect(rules.length).toBeGreaterThan(0)
    expect(await preview(admin, rules[0]!.id)).toMatchObject({ orders: 0, waves: 0 })
    const bad = await admin.get(`${PICKING_API.generatePreview}?ruleId=999999`)
    expect(bad.statusCode, bad.body).toBe(400)
    expect(bad.json().messageKey, bad.body).toBe('outbound:wave.errors.ruleNotFound')
    expect(bad.body).toContain('ruleId')
    const receiver = await apiAs(t, 'receiver')
    expect((await receiver.get(PICKING_API.generatePreview)).statusCode).toBe(403)
  })
})
