// Replenishment over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 20
// "Replenishment": Odoo's test_proc_rule shapes in whole units (min 15, max 30, on hand 14 → 16, Odoo's
// 14.5 → 15.5; a pack of 10 → 20; on hand 10 with min 5 → nothing); limited by what bulk holds free; a
// snoozed rule does not fire; an area + SKU pattern rule; each rule refusal names its field; no duplicate
// open task per pick face and SKU — the generator run twice, two triggers at once (truly concurrent on
// PostgreSQL) → one task, and the database's partial unique index refuses a second; an allocation
// shortage while bulk holds stock → a task (trigger 'shortage', its explanation) → the station (claim,
// refusals naming the field, a ledger move under the BH number) completes it → the waiting order is
// allocated; the wave-aware top-up; job group only in ToBeAllocated 4 / ToBeReplenished 0; abolish. After
// every scenario the invariant check is clean and explain shows the rows under the task's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { REPLENISHMENT_API } from '../../commands/replenishment'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { topUpBeforeWave } from '../../src/server/areas/replenishment/generate'
import { ReplenishmentTaskStatus as S, OutboundOrderStatus } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let supervisor: ApiClient
let supervisorId = 0
let skus: { id: number; code: string }[] = []
let faces: { id: number; code: string }[] = []
let floors: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused

const put = (skuId: number, locationId: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-REPL' }, op))
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
const taskOf = async (taskNo: string) => (await admin.get(REPLENISHMENT_API.task(taskNo))).json().data as any
const openTasks = async (locationId: number, skuId: number) => q<{ task_no: string; qty: number; status: number; trigger: string }>(
  'SELECT task_no, qty, status, trigger FROM replenishment_task WHERE location_id = $1 AND sku_id = $2 AND status IN (0, 1, 4)', [locationId, skuId])
const rule = (i: number, extra: Record<string, unknown>) => ok(admin, 'replenishment.rule.create', { locationCode: faces[i]!.code, skuCode: skus[i]!.code, ...extra })

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  supervisor = await apiAs(t, 'supervisor')
  supervisorId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'supervisor'`)).id)
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 12`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(12)
  // Empty pick faces (scattered locations of a picking area) and floor (bulk) locations.
  faces = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 AND a.code = 'PICK-A'
      AND l.location_type = 'scattered' AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id)
    ORDER BY l.code LIMIT 12`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(faces.length).toBe(12)
  floors = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.code = 'FLOOR-F' AND l.location_type = 'fullBox'
    ORDER BY l.code LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(floors.length).toBe(3)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('rules and generation (Odoo test_proc_rule shapes)', () => {
  it('min 15 max 30 on hand 14 → 16; pack of 10 → 20; on hand 10 with min 5 → nothing; limited by bulk; snoozed never fires', async () => {
    for (const i of [0, 1, 2, 3, 4]) await put(skus[i]!.id, floors[0]!.id, i === 3 ? 7 : 100)
    await put(skus[0]!.id, faces[0]!.id, 14)
    await put(skus[1]!.id, faces[1]!.id, 14)
    await put(skus[2]!.id, faces[2]!.id, 10)
    await rule(0, { minQty: 15, maxQty: 30 })
    await rule(1, { minQty: 15, maxQty: 30, multiple: 10 })
    await rule(2, { minQty: 5, maxQty: 30 })
    await rule(3, { minQty: 5, maxQty: 30, multiple: 10 })
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString()
    const snoozed = await rule(4, { minQty: 5, maxQty: 30, snoozedUntil: tomorrow })

    // The confirmation's dry run counts what generating would do, and writes nothing.
    expect((await admin.get(REPLENISHMENT_API.generatePreview)).json().data).toEqual({ created: 3, updated: 0, noBulk: 0 })
    expect((await q('SELECT 1 FROM replenishment_task')).length).toBe(0)
    const g = await ok(admin, 'replenishment.generate', {})
    expect(g.created.length).toBe(3)
    expect(g.updated).toEqual([])
    const [a] = await openTasks(faces[0]!.id, skus[0]!.id)
    expect(a).toMatchObject({ qty: 16, status: S.ToBeAllocated, trigger: 'rule' })
    expect(a!.task_no).toMatch(/^BH\d{10}$/)
    expect((await openTasks(faces[1]!.id, skus[1]!.id))[0]!.qty).toBe(20)
    expect(await openTasks(faces[2]!.id, skus[2]!.id)).toEqual([])
    // Bulk holds 7: the task takes 7, not 30, and says why.
    const [c] = await openTasks(faces[3]!.id, skus[3]!.id)
    expect(c!.qty).toBe(7)
    expect((await taskOf(c!.task_no)).explanation).toMatchObject({ needed: 30, rounded: 30, bulkAvailable: 7, qty: 7, limitedByBulk: true })
    expect(await openTasks(faces[4]!.id, skus[4]!.id)).toEqual([])

    // The explanation: on hand, reserved, min/max, rounding, bulk available — stored with the task and shown on it.
    const detail = await taskOf(a!.task_no)
    expect(detail.task).toMatchObject({ taskNo: a!.task_no, locationCode: faces[0]!.code, skuCode: skus[0]!.code, qty: 16, movedQty: 0, status: S.ToBeAllocated })
    expect(detail.explanation).toMatchObject({ trigger: 'rule', onHand: 14, reserved: 0, openDemand: 0, min: 15, max: 30, multiple: 1, needed: 16, rounded: 16, bulkAvailable: 100, qty: 16, limitedByBulk: false })
    expect(detail.sources).toEqual([{ locationCode: floors[0]!.code, areaCode: 'FLOOR-F', free: 100 }])
    expect((await taskOf((await openTasks(faces[1]!.id, skus[1]!.id))[0]!.task_no)).explanation).toMatchObject({ needed: 16, multiple: 10, rounded: 20, qty: 20 })

    // Run again: no second task, the same quantities (never doubled: Odoo PR #78711).
    const again = await ok(admin, 'replenishment.generate', {})
    expect(again.created).toEqual([])
    expect(again.updated.sort()).toEqual(g.created.sort())
    expect((await openTasks(faces[0]!.id, skus[0]!.id)).map((x) => x.qty)).toEqual([16])
    // The database refuses a second open task for the face and SKU whatever the code does.
    await expect(t.database.query(`INSERT INTO replenishment_task (tenant_id, warehouse_id, task_no, status, location_id, sku_id, trigger, qty)
      VALUES (1, 26, 'BHDUP0001', 0, $1, $2, 'hand', 5)`, [faces[0]!.id, skus[0]!.id])).rejects.toThrow()

    // The snooze lifted: the rule fires.
    await ok(admin, 'replenishment.rule.update', { id: snoozed.id, locationCode: faces[4]!.code, skuCode: skus[4]!.code, minQty: 5, maxQty: 30, snoozedUntil: null })
    const lifted = await ok(admin, 'replenishment.generate', { locationCodes: [faces[4]!.code] })
    expect(lifted.created.length).toBe(1)
    expect((await openTasks(faces[4]!.id, skus[4]!.id))[0]!.qty).toBe(30)
    // The rule list shows the rules with their codes.
    const rules = (await admin.get(`${REPLENISHMENT_API.rules}?size=50`)).json().data.records as any[]
    expect(rules.find((r) => r.id === snoozed.id)).toMatchObject({ locationCode: faces[4]!.code, skuCode: skus[4]!.code, minQty: 5, maxQty: 30, multiple: 1, status: 1, snoozedUntil: null })
    await invariantsClean()
  })

  it('refuses bad rules naming the field; an area + SKU pattern rule covers the faces of the area holding a matching SKU', async () => {
    const bad = async (args: Record<string, unknown>, field: string, key: string) => {
      const r = await admin.cmd('replenishment.rule.create', args)
      expect(r.statusCode, r.body).toBe(400)
      expect(r.json().errors.find((e: any) => e.field === field), r.body).toMatchObject({ messageKey: key })
    }
    await bad({ locationCode: faces[5]!.code, skuCode: skus[5]!.code, minQty: 20, maxQty: 10 }, 'minQty', 'replenishment:errors.minAboveMax')
    await bad({ locationCode: faces[5]!.code, skuCode: skus[5]!.code, minQty: 1, maxQty: 10, multiple: 0 }, 'multiple', 'replenishment:errors.multiplePositive')
    await bad({ locationCode: faces[5]!.code, minQty: 1, maxQty: 10 }, 'skuCode', 'replenishment:errors.faceNeedsSku')
    await bad({ locationCode: floors[0]!.code, skuCode: skus[5]!.code, minQty: 1, maxQty: 10 }, 'locationCode', 'replenishment:errors.notPickFace')
    await bad({ locationCode: faces[5]!.code, skuCode: skus[5]!.code, minQty: 1, maxQty: 10, sourceAreaCode: 'PICK-B' }, 'sourceAreaCode', 'replenishment:errors.notBulkArea')
    await bad({ locationCode: faces[0]!.code, skuCode: skus[0]!.code, minQty: 1, maxQty: 10 }, 'skuCode', 'replenishment:errors.ruleExists')
    await bad({ areaCode: 'FLOOR-F', skuPattern: 'X*', minQty: 1, maxQty: 10 }, 'areaCode', 'replenishment:errors.notPickArea')
    expect((await q(`SELECT 1 FROM replenishment_rule WHERE location_id = $1`, [faces[5]!.id])).length).toBe(0)

    // Area rule: PICK-A, the exact code of skus[5] as its pattern (wildcards: the last character as '?').
    const sku = skus[5]!
    await put(sku.id, faces[5]!.id, 2)
    await put(sku.id, floors[1]!.id, 60)
    await ok(admin, 'replenishment.rule.create', { areaCode: 'PICK-A', skuPattern: `${sku.code.slice(0, -1)}?`, minQty: 4, maxQty: 12, multiple: 6, sourceAreaCode: 'FLOOR-F' })
    const g = await ok(admin, 'replenishment.generate', {})
    expect(g.created.length).toBe(1)
    const [task] = await openTasks(faces[5]!.id, sku.id)
    // 12 − 2 = 10 → rounded up to 12 (two boxes of 6).
    expect(task).toMatchObject({ qty: 12, trigger: 'rule' })
    expect((await taskOf(task!.task_no)).task.sourceAreaCode).toBe('FLOOR-F')
  })
})

describe('no duplicate open task per bin and SKU', () => {
  it('two triggers for one bin at once → one task (truly concurrent on PostgreSQL)', async () => {
    const sku = skus[6]!
    await put(sku.id, floors[1]!.id, 40)
    const [r1, r2] = await Promise.all([
      admin.cmd('replenishment.task.create', { locationCode: faces[6]!.code, skuCode: sku.code, qty: 10 }),
      supervisor.cmd('replenishment.task.create', { locationCode: faces[6]!.code, skuCode: sku.code, qty: 12 }),
    ])
    expect(r1.statusCode, r1.body).toBe(200)
    expect(r2.statusCode, r2.body).toBe(200)
    const made = [r1.json().data, r2.json().data]
    expect(made.flatMap((m) => m.created).length).toBe(1)
    expect(made.flatMap((m) => m.updated).length).toBe(1)
    const open = await openTasks(faces[6]!.id, sku.id)
    expect(open.length).toBe(1)
    // The larger of the two asks, never their sum.
    expect(open[0]!.qty).toBe(12)
    expect(Number((await one<{ n: number }>('SELECT trigger_count AS n FROM replenishment_task WHERE task_no = $1', [open[0]!.task_no])).n)).toBe(2)
  })
})

describe('shortage → task → station → the waiting order allocates', () => {
  it('an order waiting while bulk holds stock makes a task; the station moves it under the BH number; the order allocates', async () => {
    const sku = skus[7]!
    const face = faces[7]!
    // Orders of this pair allocate from the picking areas only: bulk stock waits for replenishment.
    const [pickA] = await q<{ id: number }>(`SELECT id FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'PICK-A'`)
    await q(`UPDATE outbound_strategy SET area_ids = $1::int[] WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1`, [`{${pickA!.id}}`])
    try {
      await put(sku.id, floors[2]!.id, 50)
      await rule(7, { minQty: 0, maxQty: 10, multiple: 5 })
      const o = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'REPL-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku.code, qty: 3 }] })
      const v = await ok(admin, 'outbound.order.validate', { ids: [o.id] })
      expect(v.changed[0]).toMatchObject({ to: OutboundOrderStatus.Approve, allocatedQty: 0 })
      const [task] = await openTasks(face.id, sku.id)
      // Projected −3 (3 waiting, nothing at the face) → up to max 10: 13 → rounded up to 15.
      expect(task).toMatchObject({ trigger: 'shortage', qty: 15, status: S.ToBeAllocated })
      const taskNo = task!.task_no
      expect((await taskOf(taskNo)).explanation).toMatchObject({ trigger: 'shortage', onHand: 0, reserved: 0, openDemand: 3, min: 0, max: 10, multiple: 5, needed: 13, rounded: 15, bulkAvailable: 50, qty: 15 })
      // The same shortage again (refresh): still one task, same quantity.
      await ok(admin, 'outbound.order.validate', { ids: [o.id] }).catch(() => undefined)
      expect((await openTasks(face.id, sku.id)).map((x) => x.qty)).toEqual([15])

      // The station: not claimed → refused; claim by number; each wrong scan refused naming its field.
      const args = { taskNo, fromLocationCode: floors[2]!.code, code: sku.code, qty: 15, toLocationCode: face.code }
      await refused(supervisor, 'replenishment.move', args, 409, 'replenishment:errors.workStatus')
      expect(await ok(supervisor, 'replenishment.task.claim', { taskNo })).toEqual({ taskNo, status: S.Restocking })
      await refused(admin, 'replenishment.move', args, 409, 'replenishment:errors.claimedByOther')
      const field = async (a: Record<string, unknown>, f: string, key: string, status = 400) => {
        const r = await supervisor.cmd('replenishment.move', { ...args, ...a })
        expect(r.statusCode, r.body).toBe(status)
        expect(r.json().errors?.[0], r.body).toMatchObject({ field: f, messageKey: key })
      }
      await field({ toLocationCode: faces[8]!.code }, 'toLocationCode', 'replenishment:errors.wrongFace')
      await field({ code: skus[8]!.code }, 'code', 'replenishment:errors.wrongSku')
      await field({ fromLocationCode: faces[8]!.code }, 'fromLocationCode', 'replenishment:errors.notBulk')
      await field({ qty: 16 }, 'qty', 'replenishment:errors.qtyAboveLeft')
      await field({ fromLocationCode: floors[0]!.code }, 'qty', 'inventory:errors.insufficient', 409)
      // Part: 5 of 15; then the rest completes the task and the waiting order allocates.
      const m1 = await ok(supervisor, 'replenishment.move', { ...args, qty: 5 })
      expect(m1).toMatchObject({ status: S.Restocking, movedQty: 5, left: 10, reallocated: [] })
      const m2 = await ok(supervisor, 'replenishment.move', { ...args, qty: 10 })
      expect(m2).toMatchObject({ status: S.Completed, movedQty: 15, left: 0 })
      expect(m2.reallocated).toEqual([expect.objectContaining({ allocatedQty: 3, expectedQty: 3 })])
      const order = await one<{ status: number; allocated_qty: number }>('SELECT status, allocated_qty FROM outbound_order WHERE id = $1', [o.id])
      expect(order).toMatchObject({ status: OutboundOrderStatus.Effective, allocated_qty: 3 })
      const [face1] = await q<{ on_hand: number; locked: number; id: number }>('SELECT id, on_hand, locked FROM inventory_balance WHERE location_id = $1 AND sku_id = $2', [face.id, sku.id])
      expect(face1).toMatchObject({ on_hand: 15, locked: 3 })
      expect(Number((await one<{ on_hand: number }>('SELECT on_hand FROM inventory_balance WHERE location_id = $1 AND sku_id = $2', [floors[2]!.id, sku.id])).on_hand)).toBe(35)
      // Explain: the face's rows under the BH number (reason replenish), the reservation after them.
      const ex = await explainBalance(t.database.db, scope, Number(face1!.id))
      const mine = ex!.entries.filter((e) => e.docNo === taskNo)
      expect(mine.map((e) => ({ docType: e.docType, reason: e.reason, delta: e.deltaOnHand, params: e.reasonParams }))).toEqual([
        { docType: 'replenishmentTask', reason: 'replenish', delta: 10, params: { taskNo } },
        { docType: 'replenishmentTask', reason: 'replenish', delta: 5, params: { taskNo } },
      ])
      expect((await taskOf(taskNo)).ledger.map((r: any) => r.deltaOnHand)).toEqual([-5, 5, -10, 10])
      // Completed: nothing more moves under it; the palette finds it by number.
      await refused(supervisor, 'replenishment.move', { ...args, qty: 1 }, 409, 'replenishment:errors.workStatus')
      const hits = (await admin.get(`/api/search/documents?q=${taskNo}`)).json().data as any[]
      expect(hits.find((h) => h.type === 'replenishmentTask')).toMatchObject({ number: taskNo, path: `/replenishment-order-manage/replenishment?taskNo=${taskNo}` })
      await invariantsClean()
    } finally {
      await q(`UPDATE outbound_strategy SET area_ids = NULL WHERE tenant_id = 1 AND warehouse_id = 26`)
    }
  })

  it('wave-aware: a wave whose demand exceeds the pick face gets a top-up task before its tasks are made', async () => {
    const sku = skus[9]!
    await put(sku.id, faces[9]!.id, 4)
    await put(sku.id, floors[2]!.id, 30)
    await rule(9, { minQty: 2, maxQty: 8 })
    // Nothing below min today: no task.
    expect((await ok(admin, 'replenishment.generate', { locationCodes: [faces[9]!.code] })).created).toEqual([])
    const o = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'REPL-WAVE', consigneeName: 'Bo', address: '2 Main St', country: 'US', lines: [{ code: sku.code, qty: 6 }] })
    await ok(admin, 'outbound.order.validate', { ids: [o.id] })
    const r = await t.database.tx((tx) => topUpBeforeWave(tx, { ...scope, userId: 1 }, [o.id]))
    expect(r!.created.length).toBe(1)
    const [task] = await openTasks(faces[9]!.id, sku.id)
    // 4 on hand − 6 wave demand = −2 < min 2 → up to 8: 10.
    expect(task).toMatchObject({ trigger: 'wave', qty: 10 })
    expect((await taskOf(task!.task_no)).explanation).toMatchObject({ trigger: 'wave', onHand: 4, waveDemand: 6, needed: 10, qty: 10 })
    // Making the wave itself runs the same check (the task is there: added to, not duplicated).
    const w = await admin.cmd('outbound.wave.create', { orderIds: [o.id] })
    if (w.statusCode === 200) expect((await openTasks(faces[9]!.id, sku.id)).length).toBe(1)
    await invariantsClean()
  })
})

describe('job group only in ToBeAllocated 4 / ToBeReplenished 0; abolish', () => {
  it('allots in 4 and 0, refuses in 1, 2, 3; a group task is claimed by members only; abolish from open statuses only', async () => {
    // Members are staff rows: the supervisor's (same username), never a user id (src/server/tasks/job-group.ts).
    const [g] = await q<{ id: number }>(`INSERT INTO job_group (tenant_id, warehouse_id, number, name, member_ids)
      VALUES (1, 26, 'JG-REPL', 'Replenishers', ARRAY(SELECT id FROM staff WHERE lower(username) = 'supervisor')) RETURNING id`)
    expect((await q<{ n: number }>(`SELECT cardinality(member_ids) AS n FROM job_group WHERE id = $1`, [g!.id]))[0]!.n).toBe(1)
    const jobGroupId = Number(g!.id)
    const sku = skus[10]!
    await put(sku.id, floors[1]!.id, 20)
    const made = await ok(admin, 'replenishment.task.create', { locationCode: faces[10]!.code, skuCode: sku.code, qty: 5 })
    const taskNo = made.created[0] as string
    const id = Number((await one<{ id: number }>('SELECT id FROM replenishment_task WHERE task_no = $1', [taskNo])).id)
    await refused(admin, 'replenishment.task.allot', { ids: [id], jobGroupId: 999999 }, 400, 'replenishment:errors.jobGroupUnknown')
    expect(await ok(admin, 'replenishment.task.allot', { ids: [id], jobGroupId })).toEqual({ taskNos: [taskNo] })
    expect((await taskOf(taskNo)).task).toMatchObject({ status: S.ToBeReplenished, jobGroupId, jobGroupName: 'Replenishers' })
    // Again in 0: allowed (re-allot).
    await ok(admin, 'replenishment.task.allot', { ids: [id], jobGroupId })
    // Not a member: refused; a member claims.
    await refused(admin, 'replenishment.task.claim', { taskNo }, 409, 'replenishment:errors.notInJobGroup')
    await ok(supervisor, 'replenishment.task.claim', { taskNo })
    const r = await admin.cmd('replenishment.task.allot', { ids: [id], jobGroupId })
    expect(r.statusCode, r.body).toBe(409)
    expect(r.json()).toMatchObject({ messageKey: 'replenishment:errors.allotStatus' })
    expect(r.json().messageParams).toMatchObject({ status: S.Restocking, current: ['dict:replenishmentTaskStatus.1'], allowed: ['dict:replenishmentTaskStatus.4', 'dict:replenishmentTaskStatus.0'] })
    expect(r.json().responseDesc).toContain(taskNo)
    // Finish short without a move: refused; abolish the claimed task (nothing moved), then nothing more.
    await refused(supervisor, 'replenishment.task.finish', { taskNo }, 409, 'replenishment:errors.nothingMoved')
    expect(await ok(admin, 'replenishment.task.abolish', { ids: [id], reason: 'stock recounted' })).toEqual({ taskNos: [taskNo] })
    await refused(admin, 'replenishment.task.abolish', { ids: [id] }, 409, 'replenishment:errors.abolishStatus')
    await refused(admin, 'replenishment.task.allot', { ids: [id], jobGroupId }, 409, 'replenishment:errors.allotStatus')
    await refused(supervisor, 'replenishment.task.claim', { taskNo }, 409, 'replenishment:errors.claimStatus')
    // Abolished is not open: a new task for the same face and SKU may be made.
    const again = await ok(admin, 'replenishment.task.create', { locationCode: faces[10]!.code, skuCode: sku.code, qty: 5 })
    expect(again.created.length).toBe(1)
    // The list filters by status.
    const list = (await admin.get(`${REPLENISHMENT_API.tasks}?status=3&size=50`)).json().data.records as any[]
    expect(list.find((x) => x.taskNo === taskNo)).toMatchObject({ status: S.Abolished, abolishReason: 'stock recounted', locationCode: faces[10]!.code, skuCode: sku.code })
    // The task pool lists the open BH task; allotting it there to one operator is refused naming it, to a job group done (→ ToBeReplenished).
    const newNo = again.created[0] as string
    const pooled = (await admin.get(`/api/tasks/pool?kind=replenishment&size=100`)).json().data.records as any[]
    const row = pooled.find((r) => r.docNo === newNo)
    expect(row).toMatchObject({ kind: 'replenishment', status: S.ToBeAllocated, statusKey: 'dict:replenishmentTaskStatus.4', claim: 0, qty: 5, locationCount: 1 })
    expect(pooled.some((r) => r.docNo === taskNo)).toBe(false)
    const toUser = await ok(admin, 'tasks.pool.allot', { keys: [row.poolKey], userId: supervisorId })
    expect(toUser.allotted).toEqual([])
    expect(toUser.refused[0]).toMatchObject({ docNo: newNo, kind: 'replenishment', key: 'replenishment:errors.jobGroupOnly' })
    expect(toUser.refused[0].message).toContain(newNo)
    await ok(admin, 'tasks.pool.allot', { keys: [row.poolKey], jobGroupId })
    expect((await taskOf(newNo)).task).toMatchObject({ status: S.ToBeReplenished, jobGroupId })
    // The next task by task path: claim without a number takes an open one.
    const next = await ok(supervisor, 'replenishment.task.claim', {})
    expect(next.status).toBe(S.Restocking)
    await invariantsClean()
  })
})
