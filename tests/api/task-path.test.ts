// Task path configuration over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL),
// issue 20 "Task path configuration": the location visiting order per warehouse and per storage area —
// corner (location code), random (fixed per task), explicit (shelf / floor / location code keys) — is the
// order of a new picking task's lines and of a new count task's locations, and orderLocations (which
// replenishment calls) answers it; an area's row overrides the warehouse's; removing it restores the
// default; bad configurations are refused naming the field.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { TASK_POOL_API } from '../../commands/task-pool'
import { orderByRoute, orderLocations } from '../../src/server/tasks/path'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
let shelves: { id: number; code: string; area: string }[] = []
let skus: { id: number; code: string }[] = []

const taskLocations = async (taskNo: string) => (await q<{ code: string }>(`
  SELECT l.code FROM count_task_location ctl JOIN count_task t ON t.id = ctl.task_id JOIN location l ON l.id = ctl.location_id WHERE t.task_no = $1 ORDER BY ctl.seq`, [taskNo])).map((r) => r.code)
const pickLines = async (taskNo: string) => (await q<{ code: string }>(`
  SELECT l.code FROM picking_task_line tl JOIN picking_task t ON t.id = tl.task_id JOIN location l ON l.id = tl.location_id WHERE t.task_no = $1 ORDER BY tl.seq`, [taskNo])).map((r) => r.code)
const header = { platform: 'TIKTOK', shippingMethod: 'PATH-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US' }
let orderSeq = 0
/** One order of one unit of each of the two SKUs (on shelves 0 and 1) → one wave → its picking task. */
async function pickingTask(): Promise<string> {
  const o = await expectOk(admin, 'outbound.order.create', { ...header, sourceNo: `PATH-${++orderSeq}`, lines: [{ code: skus[0]!.code, qty: 1 }, { code: skus[1]!.code, qty: 1 }] })
  await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
  const w = await expectOk(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
  return (w.tasks as string[])[0]!
}
const countTask = async (codes: string[]) => ((await expectOk(admin, 'count.plan.create', { locationCodes: codes })).tasks as string[])[0]!
const cancelCounts = () => q(`UPDATE count_task SET status = 9 WHERE status IN (0, 1, 2)`)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 2`))
    .map((r) => ({ id: Number(r.id), code: r.sku_code }))
  // Free pick-face shelves of ONE area (so the area's configuration applies to all of them).
  const area = await one<{ id: number }>(`
    SELECT a.id FROM storage_area a JOIN location l ON l.storage_area_id = a.id WHERE a.tenant_id = 1 AND a.warehouse_id = 26 AND a.status = 1 AND a.area_type = 2
      AND l.status = 1 AND NOT l.temporary AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0)
    GROUP BY a.id HAVING count(*) >= 5 ORDER BY a.id LIMIT 1`)
  shelves = (await q<{ id: number; code: string; area: string }>(`
    SELECT l.id, l.code, a.code AS area FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.storage_area_id = $1 AND l.status = 1 AND NOT l.temporary AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0)
    ORDER BY l.code LIMIT 5`, [area.id])).map((r) => ({ id: Number(r.id), code: r.code, area: r.area }))
  expect(shelves.length).toBe(5)
  for (const [i, s] of skus.entries()) {
    await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[i]!.id, skuId: s.id, stockStatus: StockStatus.Normal }, 20, { docType: 'TEST', docNo: 'T-PATH' }, op))
  }
}, 120_000)
afterAll(async () => { await t?.close() })

describe('the route rule', () => {
  const locs = [
    { id: 1, code: 'A-01-2', areaId: 1, areaCode: 'Z', shelf: 'S1', floor: 2 },
    { id: 2, code: 'A-01-1', areaId: 1, areaCode: 'Z', shelf: 'S1', floor: 1 },
    { id: 3, code: 'B-02-1', areaId: 1, areaCode: 'Z', shelf: 'S2', floor: 1 },
    { id: 4, code: 'C-00-1', areaId: 1, areaCode: 'Z', shelf: null, floor: null },
  ]
  it('corner walks by location code; explicit by its keys (no shelf last); random is fixed per salt', () => {
    expect(orderByRoute(locs, { route: 'corner', orderKeys: [] }, 'x').map((l) => l.id)).toEqual([2, 1, 3, 4])
    expect(orderByRoute(locs, { route: 'explicit', orderKeys: ['shelf:desc', 'floor'] }, 'x').map((l) => l.id)).toEqual([3, 2, 1, 4])
    expect(orderByRoute(locs, { route: 'explicit', orderKeys: ['floor:desc', 'code'] }, 'x').map((l) => l.id)).toEqual([1, 2, 3, 4])
    const r1 = orderByRoute(locs, { route: 'random', orderKeys: [] }, 'JH1').map((l) => l.id)
    expect(orderByRoute(locs, { route: 'random', orderKeys: [] }, 'JH1').map((l) => l.id)).toEqual(r1)
    expect([...r1].sort()).toEqual([1, 2, 3, 4])
    const salts = new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((s) => orderByRoute(locs, { route: 'random', orderKeys: [] }, s).map((l) => l.id).join()))
    expect(salts.size).toBeGreaterThan(1)
  })
})

describe('configuration drives picking and counting', () => {
  it('count task locations follow the area\'s route; removing it restores the default (code order)', async () => {
    const codes = shelves.slice(2, 5).map((s) => s.code)
    const asc = [...codes].sort((a, b) => a.localeCompare(b))
    expect(await taskLocations(await countTask([codes[2]!, codes[0]!, codes[1]!]))).toEqual(asc)
    await cancelCounts()
    await expectOk(admin, 'tasks.path.save', { areaCode: shelves[0]!.area, route: 'explicit', orderKeys: ['code:desc'] })
    expect(await taskLocations(await countTask(codes))).toEqual([...asc].reverse())
    await cancelCounts()
    // The warehouse row does not override the area's.
    await expectOk(admin, 'tasks.path.save', { areaCode: null, route: 'corner' })
    expect(await taskLocations(await countTask(codes))).toEqual([...asc].reverse())
    await cancelCounts()
    await expectOk(admin, 'tasks.path.delete', { areaCode: shelves[0]!.area })
    expect(await taskLocations(await countTask(codes))).toEqual(asc)
    await cancelCounts()
    // orderLocations (replenishment's entry) answers the same walk.
    await expectOk(admin, 'tasks.path.save', { areaCode: shelves[0]!.area, route: 'explicit', orderKeys: ['code:desc'] })
    const ids = shelves.slice(2, 5).map((s) => s.id)
    const order = await orderLocations(t.database.db, scope, ids, 'replenishment')
    expect(order).toEqual([...shelves.slice(2, 5)].sort((a, b) => b.code.localeCompare(a.code)).map((s) => s.id))
    await expectOk(admin, 'tasks.path.delete', { areaCode: shelves[0]!.area })
    await expectOk(admin, 'tasks.path.delete', { areaCode: null })
  })

  it('picking task lines follow it too: corner by default, reversed by an explicit descending order', async () => {
    const [a, b] = [shelves[0]!.code, shelves[1]!.code]
    expect(await pickLines(await pickingTask())).toEqual([a, b])
    await expectOk(admin, 'tasks.path.save', { areaCode: shelves[0]!.area, route: 'explicit', orderKeys: ['code:desc'], remark: 'walk back from the dock' })
    expect(await pickLines(await pickingTask())).toEqual([b, a])
    // The list and the preview show it.
    const list = (await admin.get(`${TASK_POOL_API.paths}?areaCode=${shelves[0]!.area}`)).json().data.records
    expect(list[0]).toMatchObject({ areaCode: shelves[0]!.area, route: 'explicit', orderKeys: 'code:desc', remark: 'walk back from the dock' })
    const preview = (await admin.get(`${TASK_POOL_API.preview}?areaCode=${shelves[0]!.area}`)).json().data
    expect(preview.locations.length).toBeGreaterThan(1)
    expect(preview.locations).toEqual([...preview.locations].sort((x: string, y: string) => y.localeCompare(x)))
    // Saving again updates the one row of the area (no duplicate).
    await expectOk(admin, 'tasks.path.save', { areaCode: shelves[0]!.area, route: 'corner' })
    expect((await q(`SELECT 1 FROM task_path_config WHERE tenant_id = 1 AND warehouse_id = 26 AND storage_area_id IS NOT NULL`)).length).toBe(1)
    expect(await pickLines(await pickingTask())).toEqual([a, b])
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })

  it('refuses a bad configuration naming the field; only its permission may change it', async () => {
    const noKeys = await admin.cmd('tasks.path.save', { areaCode: null, route: 'explicit', orderKeys: [] })
    expect(noKeys.statusCode).toBe(400)
    expect(noKeys.json().errors[0]).toMatchObject({ field: 'orderKeys', messageKey: 'tasks:errors.orderKeysRequired' })
    const twice = await admin.cmd('tasks.path.save', { areaCode: null, route: 'explicit', orderKeys: ['code', 'code:desc'] })
    expect(twice.json().errors[0]).toMatchObject({ field: 'orderKeys', messageKey: 'tasks:errors.orderKeysRepeat' })
    const area = await admin.cmd('tasks.path.save', { areaCode: 'NO-SUCH-AREA', route: 'corner' })
    expect(area.statusCode).toBe(400)
    expect(area.json().errors[0]).toMatchObject({ field: 'areaCode', messageKey: 'tasks:errors.areaUnknown' })
    const route = await admin.cmd('tasks.path.save', { areaCode: null, route: 'zigzag' })
    expect(route.statusCode).toBe(400)
    expect(route.json().errors[0].field).toBe('route')
    const none = await admin.cmd('tasks.path.delete', { areaCode: null })
    expect(none.statusCode).toBe(404)
    expect(none.json().messageKey).toBe('tasks:errors.pathNotFound')
    const picker = await apiAs(t, 'picker')
    expect((await picker.cmd('tasks.path.save', { areaCode: null, route: 'random' })).statusCode).toBe(403)
    expect((await picker.get(TASK_POOL_API.paths)).statusCode).toBe(403)
  })
})
