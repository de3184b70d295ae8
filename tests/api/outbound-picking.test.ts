// Waves, picking and pick-diff exceptions over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): a wave by hand and by rule (single- vs multi-item rules), only orders in force,
// fully reserved and in no wave; claim (allotted tasks only by their operator; someone else's task is
// theirs); the station's refusals (wrong location naming where to go, wrong SKU, more than is left);
// a pick moves the goods shelf → picked-goods location on the ledger with the reservation following
// them; a short pick freezes the missing stock and opens a pick-diff; reissue / reallocate make a new
// task, out of stock leaves the order short; an order is picked (ReadyOut) when its lines are done and
// its exceptions processed, the wave Picked or PartPicked; cancel a wave only before picking; stop an
// order in a wave before picking takes it out; another warehouse's task is 404. Invariants after each.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { PICKING_API } from '../../commands/outbound-picking'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let picker: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
const stock = (skuId: number, shelf: number, qty: number, status: number = StockStatus.Normal) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId, stockStatus: status }, qty, { docType: 'TEST', docNo: 'T-PICK' }, op))
const balance = async (skuId: number, locationCode: string, status: number = StockStatus.Normal) => one<{ on_hand: number; locked: number }>(`
  SELECT coalesce(sum(b.on_hand), 0)::int AS on_hand, coalesce(sum(b.locked), 0)::int AS locked FROM inventory_balance b JOIN location l ON l.id = b.location_id
  WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND b.sku_id = $1 AND l.code = $2 AND b.stock_status = $3`, [skuId, locationCode, status])
const order = (id: number) => one<{ status: number; wave_no: string | null; picked_qty: number; allocated_qty: number; expected_qty: number }>(
  'SELECT status, wave_no, picked_qty, allocated_qty, expected_qty FROM outbound_order WHERE id = $1', [id])
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
async function validOrder(lines: { code: string; qty: number }[], extra: Record<string, unknown> = {}) {
  const o = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'PICK-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines, ...extra })
  await ok(admin, 'outbound.order.validate', { ids: [o.id] })
  return o as { id: number; orderNo: string }
}
const task = async (taskNo: string, c: ApiClient = admin) => {
  const r = await c.get(PICKING_API.task(taskNo))
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { task: any; lines: any[]; next: any }
}
const wave = async (waveNo: string) => (await admin.get(PICKING_API.wave(waveNo))).json().data as { wave: any; tasks: any[]; orders: any[] }

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  picker = await apiAs(t, 'picker')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 6`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(6)
  shelves = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(shelves.length).toBe(3)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('a wave by hand, the picking station, a short pick and its resolution', () => {
  it('picks location then SKU, refuses wrong scans keeping the place, moves goods on the ledger; short → reallocate → picked', async () => {
    const [a, b] = skus
    await stock(a!.id, 0, 2)
    await stock(a!.id, 2, 5)
    await stock(b!.id, 1, 1)
    const o1 = await validOrder([{ code: a!.code, qty: 2 }, { code: b!.code, qty: 1 }])
    const o2 = await validOrder([{ code: a!.code, qty: 1 }])
    // A short order does not go into a wave.
    const short = await validOrder([{ code: skus[5]!.code, qty: 1 }])
    await refused(admin, 'outbound.wave.create', { orderIds: [o1.id, short.id] }, 409, 'outbound:wave.errors.orderShort')
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [o1.id, o2.id], taskMode: 'bulk', pickMode: 1 })
    expect(w.waveNo).toMatch(/^BC\d{10}$/)
    expect(w).toMatchObject({ orders: 2, qty: 4 })
    expect(w.tasks.length).toBe(1)
    expect((await order(o1.id)).wave_no).toBe(w.waveNo)
    // In a wave: no void, no second wave.
    await refused(admin, 'outbound.order.void', { ids: [o1.id] }, 409, 'outbound:order.errors.inWave')
    await refused(admin, 'outbound.wave.create', { orderIds: [o2.id] }, 409, 'outbound:order.errors.inWave')

    const taskNo = w.tasks[0] as string
    // "Go to document": the wave and the task by number.
    for (const [no, type, path] of [[w.waveNo, 'wave', `/stock-out/ToC/wave-picking/details?waveNo=${w.waveNo}`], [taskNo, 'pickingTask', `/stock-out/ToC/pickingtasks?task=${taskNo}`]]) {
      const hits = (await admin.get(`/api/search/documents?q=${no}`)).json().data
      expect((hits.hits ?? hits).find((h: any) => h.type === type), no).toMatchObject({ number: no, path })
    }
    let d = await task(taskNo)
    // Route order: by location code; o1's 2 of A come from the oldest/first shelf.
    expect(d.lines.map((l) => [l.locationCode, l.skuCode, l.qty])).toEqual([[shelves[0]!.code, a!.code, 2], [shelves[1]!.code, b!.code, 1], [shelves[2]!.code, a!.code, 1]])
    await refused(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: a!.code }, 409, 'outbound:pick.errors.notClaimed')
    await ok(admin, 'outbound.pickTask.claim', { taskNo, cartCode: 'cart-7' })
    await refused(picker, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: a!.code }, 409, 'outbound:pick.errors.claimedByOther')
    expect((await wave(w.waveNo)).wave.status).toBe(1)

    const wrongLoc = await refused(admin, 'outbound.pick.scan', { taskNo, locationCode: 'NOWHERE-1', code: a!.code }, 409, 'outbound:pick.errors.wrongLocation')
    expect(wrongLoc.responseDesc).toBe(`Wrong location NOWHERE-1: go to ${shelves[0]!.code}`)
    await refused(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: b!.code }, 409, 'outbound:pick.errors.wrongSku')
    await refused(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: a!.code, qty: 3 }, 409, 'outbound:pick.errors.overPick')

    const p1 = await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code.toLowerCase(), code: a!.code })
    expect(p1).toMatchObject({ picked: 1, remaining: 1, taskDone: false, next: { locationCode: shelves[0]!.code, remaining: 1 } })
    await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: a!.code })
    expect(await balance(a!.id, shelves[0]!.code)).toEqual({ on_hand: 0, locked: 0 })
    expect(await balance(a!.id, 'PCK-01')).toEqual({ on_hand: 2, locked: 2 })
    // The reservation followed the goods: still 2 reserved for o1's line 1, now at the picked-goods location.
    const res = await q<{ code: string; qty: number }>(`SELECT l.code, sum(r.qty)::int AS qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
      WHERE r.doc_no = $1 AND r.doc_line = 1 AND r.status = 0 GROUP BY l.code`, [o1.orderNo])
    expect(res).toEqual([{ code: 'PCK-01', qty: 2 }])

    // B is not there: short pick of 1 → pick-diff, the stock frozen at the shelf.
    d = await task(taskNo)
    expect(d.next).toMatchObject({ locationCode: shelves[1]!.code, skuCode: b!.code })
    const sh = await ok(admin, 'outbound.pick.short', { taskNo, lineId: d.next.lineId, qty: 1 })
    expect(sh.diffNo).toMatch(/^CY\d{10}$/)
    expect(await balance(b!.id, shelves[1]!.code, StockStatus.Frozen)).toEqual({ on_hand: 1, locked: 0 })
    expect(await balance(b!.id, shelves[1]!.code)).toEqual({ on_hand: 0, locked: 0 })
    expect((await order(o1.id)).allocated_qty).toBe(2)

    const last = await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: shelves[2]!.code, code: a!.code })
    expect(last).toMatchObject({ taskDone: true, next: null, orderReady: [o2.orderNo] })
    expect((await order(o2.id)).status).toBe(2)
    // o1 waits on its exception; the wave is still picking.
    expect((await order(o1.id)).status).toBe(1)
    expect((await wave(w.waveNo)).wave.status).toBe(1)
    await invariantsClean()

    // The exception: B has stock on no other shelf → reallocate refused; stock arrives → reallocate → new task.
    const diffs = (await admin.get(`${PICKING_API.diffs}?status=0&diffNo=${sh.diffNo}`)).json().data.records
    expect(diffs[0]).toMatchObject({ diffNo: sh.diffNo, orderNo: o1.orderNo, skuCode: b!.code, locationCode: shelves[1]!.code, shortQty: 1, status: 0 })
    const diffId = diffs[0].id
    await refused(admin, 'outbound.pickDiff.resolve', { id: diffId, resolution: 'reallocate' }, 409, 'outbound:pickDiff.errors.noStock')
    await refused(admin, 'outbound.pickDiff.resolve', { id: diffId, resolution: 'reissue', qty: 2 }, 400, 'outbound:pickDiff.errors.reissueTooMany')
    await stock(b!.id, 2, 1)
    const rs = await ok(admin, 'outbound.pickDiff.resolve', { id: diffId, resolution: 'reallocate', remark: 'found on another shelf' })
    expect(rs).toMatchObject({ resolution: 'reallocate', resolvedQty: 1 })
    expect(rs.taskNo).toMatch(/^JH/)
    await refused(admin, 'outbound.pickDiff.resolve', { id: diffId, resolution: 'outOfStock' }, 409, 'outbound:pickDiff.errors.processed')
    await ok(admin, 'outbound.pickTask.claim', { taskNo: rs.taskNo })
    const done = await ok(admin, 'outbound.pick.scan', { taskNo: rs.taskNo, locationCode: shelves[2]!.code, code: b!.code })
    expect(done).toMatchObject({ taskDone: true, orderReady: [o1.orderNo] })
    expect(await order(o1.id)).toMatchObject({ status: 2, picked_qty: 3 })
    expect((await wave(w.waveNo)).wave).toMatchObject({ status: 2, pickedQty: 4, shortQty: 1 })
    // Picked: no terminate (stop intercepts it instead: tests/api/outbound-shipping.test.ts).
    await refused(admin, 'outbound.order.terminate', { ids: [o1.id], reason: 'x' }, 409, 'outbound:order.errors.terminateStatus')
    await invariantsClean()
  })

  it('out of stock leaves the order short: picked with what was found, the wave partially picked', async () => {
    const c = skus[2]!
    await stock(c.id, 0, 1)
    const o = await validOrder([{ code: c.code, qty: 1 }])
    const o2 = await validOrder([{ code: c.code, qty: 1 }], { consigneeName: 'Other' })
    // Nothing reserved: validated (spec code 6), waiting for stock; validating again allocates what came in.
    expect(await order(o2.id)).toMatchObject({ status: 6, allocated_qty: 0 })
    await stock(c.id, 1, 1)
    await refused(admin, 'outbound.order.refreshLock', { ids: [o2.id] }, 409, 'outbound:order.errors.refreshLockStatus')
    await ok(admin, 'outbound.order.validate', { ids: [o2.id] })
    expect((await order(o2.id)).status).toBe(1)
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [o.id, o2.id], taskMode: 'whole' })
    expect(w.tasks.length).toBe(2)
    const [t1, t2] = w.tasks as string[]
    await ok(admin, 'outbound.pickTask.claim', { taskNo: t1 })
    await ok(admin, 'outbound.pick.scan', { taskNo: t1, locationCode: shelves[0]!.code, code: c.code })
    await ok(admin, 'outbound.pickTask.claim', { taskNo: t2 })
    const d2 = await task(t2!)
    const sh = await ok(admin, 'outbound.pick.short', { taskNo: t2, lineId: d2.next.lineId, qty: 1 })
    const [diff] = (await admin.get(`${PICKING_API.diffs}?diffNo=${sh.diffNo}`)).json().data.records
    const r = await ok(admin, 'outbound.pickDiff.resolve', { id: diff.id, resolution: 'outOfStock' })
    expect(r).toMatchObject({ resolvedQty: 0, taskNo: null })
    // o2 had nothing picked and holds nothing: it leaves the wave, validated again (6), waiting for stock; the wave is partially picked.
    expect(await order(o2.id)).toMatchObject({ status: 6, wave_no: null, picked_qty: 0, allocated_qty: 0 })
    expect((await order(o.id)).status).toBe(2)
    expect((await wave(w.waveNo)).wave.status).toBe(3)
    await invariantsClean()
  })
})

describe('picking route (outbound settings)', () => {
  it('corner: lines in location-code order; random: the same locations in a shuffled order fixed per task, each location together', async () => {
    const { routeOrder } = await import('../../src/server/areas/outbound/picking')
    const lines = ['A01-01-02', 'A01-01-01', 'B02-03-01', 'A01-01-01', 'C01-01-01', 'A03-02-01'].map((locationCode, i) => ({ locationCode, i }))
    expect(routeOrder(lines, 'corner', 'JH1').map((l) => l.locationCode)).toEqual(['A01-01-01', 'A01-01-01', 'A01-01-02', 'A03-02-01', 'B02-03-01', 'C01-01-01'])
    const r1 = routeOrder(lines, 'random', 'JH1').map((l) => l.locationCode)
    expect([...r1].sort()).toEqual([...lines.map((l) => l.locationCode)].sort())
    expect(routeOrder(lines, 'random', 'JH1').map((l) => l.locationCode)).toEqual(r1)
    expect(r1.indexOf('A01-01-01') + 1).toBe(r1.lastIndexOf('A01-01-01'))
    // Over a few tasks the random route differs from the corner route at least once.
    expect(['JH1', 'JH2', 'JH3', 'JH4'].some((salt) => routeOrder(lines, 'random', salt).map((l) => l.locationCode).join() !== routeOrder(lines, 'corner', salt).map((l) => l.locationCode).join())).toBe(true)
    // The setting drives the tasks the server makes.
    const g = skus[0]!
    await stock(g.id, 0, 1)
    await stock(g.id, 1, 1)
    await stock(g.id, 2, 1)
    await q(`UPDATE outbound_setting SET picking_route = 'random' WHERE tenant_id = 1 AND warehouse_id = 26`)
    try {
      const o = await validOrder([{ code: g.code, qty: 3 }])
      const w = await ok(admin, 'outbound.wave.create', { orderIds: [o.id] })
      const got = (await task(w.tasks[0])).lines.map((l) => l.locationCode)
      expect(got).toEqual(routeOrder(got.map((locationCode) => ({ locationCode })), 'random', w.tasks[0]).map((l) => l.locationCode))
    } finally {
      await q(`UPDATE outbound_setting SET picking_route = 'corner' WHERE tenant_id = 1 AND warehouse_id = 26`)
    }
  })
})

describe('waves by rule, cancel, stop, allot', () => {
  it('generate by rule: single-item orders to the single-item rule, multi-item to the multi-item rule', async () => {
    const e = skus[3]!
    await stock(e.id, 0, 10)
    const single = await validOrder([{ code: e.code, qty: 1 }], { platform: 'WALMART' })
    const multi = await validOrder([{ code: e.code, qty: 3 }], { platform: 'WALMART' })
    const r = await ok(admin, 'outbound.wave.generate', {})
    const rules = (await admin.get('/wms-in/rules/findRules')).json().data.waveRules as { id: number; itemKind: string }[]
    const ruleOf = (orderNo: string) => r.waves.find((w: any) => w.tasks.length && w.waveNo === (orderNo))
    const singleWave = (await order(single.id)).wave_no
    const multiWave = (await order(multi.id)).wave_no
    expect(singleWave).toBeTruthy()
    expect(multiWave).toBeTruthy()
    expect(singleWave).not.toBe(multiWave)
    const made = (no: string | null) => r.waves.find((w: any) => w.waveNo === no)
    expect(rules.find((x) => x.id === made(singleWave)!.ruleId)!.itemKind).toBe('single')
    expect(rules.find((x) => x.id === made(multiWave)!.ruleId)!.itemKind).toBe('multi')
    expect(ruleOf('none')).toBeUndefined()
    // Nothing left to wave: a second run makes none.
    expect((await ok(admin, 'outbound.wave.generate', {})).waves).toEqual([])
    // Cancel before picking: the orders leave the wave with their reservations.
    const wid = (await wave(multiWave!)).wave.id
    expect(await ok(admin, 'outbound.wave.cancel', { ids: [wid] })).toEqual({ cancelled: [multiWave] })
    expect(await order(multi.id)).toMatchObject({ status: 1, wave_no: null, allocated_qty: 3 })
    expect((await wave(multiWave!)).wave.status).toBe(9)
    await refused(admin, 'outbound.wave.cancel', { ids: [wid] }, 409, 'outbound:wave.errors.cancelStatus')
    await invariantsClean()
  })

  it('stop before picking takes the order out of its wave; allotted tasks are claimed by their operator only; other warehouses 404', async () => {
    const f = skus[4]!
    await stock(f.id, 0, 4)
    const a = await validOrder([{ code: f.code, qty: 1 }])
    const b = await validOrder([{ code: f.code, qty: 2 }])
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [a.id, b.id], taskMode: 'whole' })
    expect(w.tasks.length).toBe(2)
    await ok(admin, 'outbound.order.stop', { ids: [a.id], reason: 'customer cancelled' })
    expect(await order(a.id)).toMatchObject({ status: 8, wave_no: null, allocated_qty: 0 })
    const wd = await wave(w.waveNo)
    expect(wd.tasks.length).toBe(1)
    expect(wd.wave).toMatchObject({ orderCount: 1, qty: 2 })
    const taskNo = wd.tasks[0].taskNo as string
    const taskId = wd.tasks[0].id as number
    const pickerId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'picker'`)).id)
    const assignees = (await admin.get(PICKING_API.assignees)).json().data
    expect(assignees.users.map((u: any) => u.username)).toContain('picker')
    const none = await admin.cmd('outbound.pickTask.assign', { ids: [taskId] })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors[0]).toMatchObject({ field: 'assigneeId', messageKey: 'outbound:pick.errors.assignOne' })
    await ok(admin, 'outbound.pickTask.assign', { ids: [taskId], assigneeId: pickerId })
    await refused(admin, 'outbound.pickTask.claim', { taskNo }, 409, 'outbound:pick.errors.assignedToOther')
    await ok(picker, 'outbound.pickTask.claim', { taskNo })
    await refused(admin, 'outbound.pickTask.assign', { ids: [taskId], assigneeId: 1 }, 409, 'outbound:pick.errors.assignStatus')
    await refused(picker, 'outbound.pickTask.complete', { taskNo }, 409, 'outbound:pick.errors.linesLeft')
    const list = (await picker.get(`${PICKING_API.tasks}?taskNo=${taskNo}`)).json().data.records
    expect(list[0]).toMatchObject({ taskNo, status: 1, claimedByName: 'picker', assigneeName: 'picker', timedOut: false, notIssued: false })
    // Another warehouse: the task does not exist there.
    expect((await admin.in({ warehouseId: 168 }).get(PICKING_API.task(taskNo))).statusCode).toBe(404)
    await refused(admin.in({ warehouseId: 168 }), 'outbound.pickTask.claim', { taskNo }, 404, 'outbound:pick.errors.taskNotFound')
    await invariantsClean()
  })
})
