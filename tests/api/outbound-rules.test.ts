// Outbound rules over the real API (PGlite, and PostgreSQL with TEST_DATABASE_URL), issue 12 §3:
// - priority is unique per warehouse+tenant within a rule kind: a second rule with a taken priority is
//   refused naming the priority field (another pair, or another rule kind, may use it);
// - a wave rule's minimum SKU count above its maximum is refused naming the field (on add and on an
//   edit that reverses the stored range); a cut-off time not HH:MM is refused; an order splitting rule
//   by quantity or lines needs its limit;
// - GET /wms-in/rules/findRules answers the enabled rules of the caller's pair only, by kind, each
//   sorted by priority (disabled rules and another pair's rules are absent);
// - strategyFor picks the enabled outbound strategy with the lowest priority for the order type (a
//   strategy without order type applies to both) and falls back to the default; waveRulesFor reads
//   typed wave rules by priority.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { strategyFor, waveRulesFor } from '../../src/server/inventory/outbound-strategy'
import { DEFAULT_STRATEGY } from '../../src/server/inventory/allocation'
import { OrderType, PickMode } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let seq = 0

const q = <T,>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const name = (what: string) => `${what} ${++seq}`
const wave = (extra: Record<string, unknown>) => ({ name: name('Wave'), priority: 100 + seq, maxOrders: 10, ...extra })
const strategy = (extra: Record<string, unknown>) => ({ name: name('Strategy'), ...extra })
/** The fields a refusal names. */
const fieldsOf = (r: { json(): any }) => (r.json().errors ?? []).map((e: { field: string }) => e.field) as string[]

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('rule validation', () => {
  it('a second rule with a taken priority is refused naming the priority field; another pair or kind may use it', async () => {
    // The demo seeds a wave rule of priority 1 in every pair.
    const taken = await admin.cmd('resource.waveRule.add', wave({ priority: 1 }))
    expect(taken.statusCode, taken.body).toBe(409)
    expect(fieldsOf(taken)).toEqual(['priority'])
    const err = taken.json().errors[0]
    expect(err.messageKey).toBe('resources:errors.duplicate')
    expect(err.message).toContain('Priority')

    const first = await admin.cmd('resource.pickingMergeRule.add', { name: name('Merge'), priority: 7, maxOrdersPerTask: 10 })
    expect(first.statusCode, first.body).toBe(200)
    const again = await admin.cmd('resource.pickingMergeRule.add', { name: name('Merge'), priority: 7, maxOrdersPerTask: 10 })
    expect(again.statusCode).toBe(409)
    expect(fieldsOf(again)).toEqual(['priority'])
    // The same priority in another warehouse-tenant pair and in another rule kind.
    expect((await admin.in({ tenantId: 2, warehouseId: 31 }).cmd('resource.pickingMergeRule.add', { name: name('Merge'), priority: 7, maxOrdersPerTask: 10 })).statusCode).toBe(200)
    expect((await admin.cmd('resource.orderSplittingRule.add', { name: name('Split'), priority: 7 })).statusCode).toBe(200)
  })

  it('a minimum SKU count above the maximum is refused naming the field, on add and on an edit reversing the range', async () => {
    const bad = await admin.cmd('resource.waveRule.add', wave({ minSkuCount: 5, maxSkuCount: 2 }))
    expect(bad.statusCode, bad.body).toBe(400)
    expect(fieldsOf(bad)).toEqual(['minSkuCount'])
    expect(bad.json().errors[0].message).toBe('The minimum SKU count (5) cannot be above the maximum (2)')

    const ok = await admin.cmd('resource.waveRule.add', wave({ minSkuCount: 2, maxSkuCount: 2 }))
    expect(ok.statusCode, ok.body).toBe(200)
    const edit = await admin.cmd('resource.waveRule.edit', { id: ok.json().data.id, minSkuCount: 3 })
    expect(edit.statusCode).toBe(400)
    expect(fieldsOf(edit)).toEqual(['minSkuCount'])
    // Only one bound is no range to check.
    expect((await admin.cmd('resource.waveRule.edit', { id: ok.json().data.id, minSkuCount: 3, maxSkuCount: null })).statusCode).toBe(200)
  })

  it('a cut-off time must be HH:MM; a split by quantity or lines needs its limit', async () => {
    for (const cutoffTime of ['24:00', '7:30', '12:60', 'noon']) {
      const res = await admin.cmd('resource.waveRule.add', wave({ cutoffTime }))
      expect(res.statusCode, cutoffTime).toBe(400)
      expect(fieldsOf(res)).toEqual(['cutoffTime'])
    }
    const ok = await admin.cmd('resource.waveRule.add', wave({ cutoffTime: '17:30' }))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toMatchObject({ cutoffTime: '17:30', itemKind: 'any', pickMode: PickMode.OrdinaryPicking, taskMode: 'whole' })

    const byQty = await admin.cmd('resource.orderSplittingRule.add', { name: name('Split'), priority: 200 + seq, splitBy: 'maxQty' })
    expect(byQty.statusCode).toBe(400)
    expect(fieldsOf(byQty)).toEqual(['maxQty'])
    const byLines = await admin.cmd('resource.orderSplittingRule.add', { name: name('Split'), priority: 200 + seq, splitBy: 'maxLines', maxQty: 5 })
    expect(fieldsOf(byLines)).toEqual(['maxLines'])
    expect((await admin.cmd('resource.orderSplittingRule.add', { name: name('Split'), priority: 200 + seq, splitBy: 'maxLines', maxLines: 20 })).statusCode).toBe(200)
  })
})

describe('GET /wms-in/rules/findRules', () => {
  it('answers the enabled rules of the caller\'s pair only, by kind, each sorted by priority', async () => {
    const other = admin.in({ tenantId: 1, warehouseId: 168 })
    const mine = wave({ priority: 3, name: name('Mine') })
    expect((await admin.cmd('resource.waveRule.add', mine)).statusCode).toBe(200)
    const disabled = await admin.cmd('resource.waveRule.add', wave({ priority: 4, name: name('Disabled'), status: 0 }))
    expect(disabled.statusCode).toBe(200)
    const theirs = wave({ priority: 5, name: name('Theirs') })
    expect((await other.cmd('resource.waveRule.add', theirs)).statusCode).toBe(200)

    const res = await admin.get('/wms-in/rules/findRules')
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().responseCode).toBe('0001')
    const data = res.json().data
    expect(Object.keys(data).sort()).toEqual(['orderSplittingRules', 'outboundStrategies', 'pickingMergeRules', 'waveRules'])
    const enabled = await q<{ table: string; n: number }>(`
      SELECT 'wave_rule' AS table, count(*)::int AS n FROM wave_rule WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1
      UNION ALL SELECT 'picking_merge_rule', count(*)::int FROM picking_merge_rule WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1
      UNION ALL SELECT 'order_splitting_rule', count(*)::int FROM order_splitting_rule WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1
      UNION ALL SELECT 'outbound_strategy', count(*)::int FROM outbound_strategy WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1`)
    const count = Object.fromEntries(enabled.map((r) => [r.table, Number(r.n)]))
    expect(data.waveRules).toHaveLength(count.wave_rule)
    expect(data.pickingMergeRules).toHaveLength(count.picking_merge_rule)
    expect(data.orderSplittingRules).toHaveLength(count.order_splitting_rule)
    expect(data.outboundStrategies).toHaveLength(count.outbound_strategy)
    for (const list of Object.values(data) as { priority: number; status: number }[][]) {
      expect(list.length).toBeGreaterThan(0)
      expect(list.every((r) => r.status === 1)).toBe(true)
      const priorities = list.map((r) => r.priority)
      expect(priorities).toEqual([...priorities].sort((a, b) => a - b))
    }
    const names = data.waveRules.map((r: { name: string }) => r.name)
    expect(names.slice(0, 3)).toEqual(['Single-item orders', 'Multi-item orders', mine.name])
    expect(names).not.toContain(theirs.name)
    expect(names).not.toContain(disabled.json().data.name)
    expect(data.waveRules[0]).toMatchObject({ itemKind: 'single', maxOrders: 50, pickMode: PickMode.PickingBySeed, taskMode: 'bulk', shopIds: [] })

    const elsewhere = (await other.get('/wms-in/rules/findRules')).json().data
    expect(elsewhere.waveRules.map((r: { name: string }) => r.name)).toContain(theirs.name)
    expect(elsewhere.waveRules.map((r: { name: string }) => r.name)).not.toContain(mine.name)
    // Reference data: any user of the pair reads it (the picker has no rule screen), nobody signed out.
    const picker = await apiAs(t, 'picker')
    expect((await picker.get('/wms-in/rules/findRules')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/wms-in/rules/findRules' })).statusCode).toBe(401)
  })
})

describe('strategyFor and waveRulesFor', () => {
  it('picks the enabled strategy with the lowest priority for the order type, else the default', async () => {
    const pair = { tenantId: 1, warehouseId: 201 }
    const api = admin.in(pair)
    const db = t.database.db
    const areas = (await q<{ id: number }>(`SELECT id FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 201 ORDER BY id LIMIT 2`)).map((r) => Number(r.id))
    expect(areas).toHaveLength(2)
    // The demo's FIFO strategy (priority 1, both order types) applies until it is disabled.
    expect(await strategyFor(db, pair, OrderType.TOC)).toEqual({ order: 'FIFO', bulkFirst: false, areaIds: [] })
    const [seeded] = await q<{ id: number }>(`SELECT id FROM outbound_strategy WHERE tenant_id = 1 AND warehouse_id = 201 AND priority = 1`)
    expect((await api.cmd('resource.outboundStrategy.status', { ids: [Number(seeded!.id)], status: 0 })).statusCode).toBe(200)
    expect(await strategyFor(db, pair, OrderType.TOC)).toEqual({ ...DEFAULT_STRATEGY, areaIds: [] })

    const add = async (body: Record<string, unknown>) => {
      const res = await api.cmd('resource.outboundStrategy.add', strategy(body))
      expect(res.statusCode, res.body).toBe(200)
    }
    await add({ priority: 5, order: 'LOT', bulkFirst: true, orderType: OrderType.TOC, areaIds: [areas[1], areas[0]] })
    await add({ priority: 3, order: 'FIFO', orderType: OrderType.TOB, areaIds: [areas[0]] })
    await add({ priority: 2, order: 'FIFO', orderType: OrderType.TOC, status: 0 })
    expect(await strategyFor(db, pair, OrderType.TOC)).toEqual({ order: 'LOT', bulkFirst: true, areaIds: [areas[1], areas[0]] })
    expect(await strategyFor(db, pair, OrderType.TOB)).toEqual({ order: 'FIFO', bulkFirst: false, areaIds: [areas[0]] })
    // A strategy without order type applies to both, and wins where its priority is lower.
    await add({ priority: 4, order: 'LOT', bulkFirst: false })
    expect(await strategyFor(db, pair, OrderType.TOC)).toEqual({ order: 'LOT', bulkFirst: false, areaIds: [] })
    expect(await strategyFor(db, pair, OrderType.TOB)).toEqual({ order: 'FIFO', bulkFirst: false, areaIds: [areas[0]] })
    // Another pair is untouched.
    expect(await strategyFor(db, { tenantId: 1, warehouseId: 168 }, OrderType.TOC)).toEqual({ order: 'FIFO', bulkFirst: false, areaIds: [] })
  })

  it('waveRulesFor reads the enabled wave rules as typed objects by priority', async () => {
    const pair = { tenantId: 2, warehouseId: 26 }
    const api = admin.in(pair)
    const [shop] = await q<{ id: number }>(`SELECT id FROM shop ORDER BY id LIMIT 1`)
    const added = await api.cmd('resource.waveRule.add', wave({
      priority: 9, platform: 'AMAZON', shopIds: [Number(shop!.id)], shippingMethod: 'Express', itemKind: 'multi', minSkuCount: 2, maxSkuCount: 8,
      maxOrders: 30, maxQty: 500, cutoffTime: '16:00', pickMode: PickMode.PickingBySeed, taskMode: 'bulk', remark: 'Amazon express',
    }))
    expect(added.statusCode, added.body).toBe(200)
    await api.cmd('resource.waveRule.add', wave({ priority: 8, status: 0 }))
    const rules = await waveRulesFor(t.database.db, pair)
    expect(rules.map((r) => r.priority)).toEqual([1, 2, 9])
    expect(rules[2]).toEqual({
      id: added.json().data.id, name: added.json().data.name, priority: 9, status: 1, platform: 'AMAZON', shopIds: [Number(shop!.id)],
      shippingMethod: 'Express', itemKind: 'multi', minSkuCount: 2, maxSkuCount: 8, maxOrders: 30, maxQty: 500, cutoffTime: '16:00',
      pickMode: PickMode.PickingBySeed, taskMode: 'bulk', remark: 'Amazon express',
    })
    expect(rules[0]).toMatchObject({ name: 'Single-item orders', platform: null, shopIds: [], minSkuCount: null, maxQty: null })
  })
})
