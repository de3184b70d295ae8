// Counts over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 20
// "Counts": plans by hand and by rule cut into tasks of at most 10 locations (11 refused, naming the
// limit); a blind station (no answer a counter gets carries an expected quantity); positional
// reconciliation — a pick that runs on a location while it is counted is not double-counted: the
// posted adjustment is counted − on hand at the counted position; four eyes (the counter cannot approve);
// approval only for pending approval or hedging tasks; a variance beyond the threshold makes a recount
// that only another operator may claim; Odoo's test_inventory shapes by our rule (an untouched location
// cannot be submitted, so it never removes stock; an empty location must be confirmed, then its stock
// is written off; counted 5 with 7 on hand, then 3 delivered → ends at 2: the count's difference, −2, is
// applied to what is there now); frozen stock found by a count is released. After every scenario the
// invariant check is clean and explain shows the adjustment rows under the count task's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'
import { apiAs, expectOk, expectRefused, signIn, client, type ApiClient } from '../helpers/api'
import { COUNT_API } from '../../commands/stock-count'
import { addStock, checkInvariants, explainBalance, removeStock, StockStatus } from '../../src/server/inventory/ledger'
import { CountPlanStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
/** The counter. */
let counter: ApiClient
/** A second counter (a clone of the supervisor): recounts. */
let counter2: ApiClient
let picker: ApiClient
let counterId = 0
let counter2Id = 0
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused

const stock = (skuId: number, shelf: number, qty: number, status: number = StockStatus.Normal) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId, stockStatus: status }, qty, { docType: 'TEST', docNo: 'T-COUNT' }, op))
const onHand = async (skuId: number, shelf: number, status: number = StockStatus.Normal) => Number((await one<{ n: number }>(`
  SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3`,
[skuId, shelves[shelf]!.id, status])).n)
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
/** The ledger rows of one balance under a count task's number (explain, the stock list's history). */
async function explainRows(skuId: number, shelf: number, taskNo: string, status: number = StockStatus.Normal) {
  const b = await one<{ id: number }>('SELECT id FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3', [skuId, shelves[shelf]!.id, status])
  const r = await explainBalance(t.database.db, scope, Number(b.id))
  return r!.entries.filter((e) => e.docNo === taskNo).map((e) => ({ docType: e.docType, reason: e.reason, delta: e.deltaOnHand, params: e.reasonParams }))
}
const plan = async (codes: string[], extra: Record<string, unknown> = {}) =>
  (await ok(admin, 'count.plan.create', { locationCodes: codes, ...extra })) as { planNo: string; tasks: string[]; locations: number }
const tasksOf = async (planNo: string) => (await admin.get(`${COUNT_API.tasks}?planNo=${planNo}&size=50`)).json().data.records as any[]
/** Nothing a counter receives names an expected or on-hand quantity. */
const blind = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/expected|onHand|variance|on_hand/i)

beforeAll(async () => {
  t = await createTestApp()
  // A second counter: the supervisor's roles, pairs and password.
  await t.database.query(`INSERT INTO app_user (username, password_hash, employee_name, tenant_id, status)
    SELECT 'counter2', password_hash, 'Second counter', tenant_id, 1 FROM app_user WHERE username = 'supervisor'`)
  await t.database.query(`INSERT INTO user_role (user_id, role_id) SELECT f.id, r.role_id FROM app_user f, app_user a JOIN user_role r ON r.user_id = a.id WHERE f.username = 'counter2' AND a.username = 'supervisor'`)
  await t.database.query(`INSERT INTO user_access (user_id, warehouse_id, tenant_id, sort) SELECT f.id, x.warehouse_id, x.tenant_id, x.sort FROM app_user f, app_user a JOIN user_access x ON x.user_id = a.id WHERE f.username = 'counter2' AND a.username = 'supervisor'`)
  admin = await apiAs(t, 'admin')
  counter = await apiAs(t, 'supervisor')
  counter2 = client(t, await signIn(t, 'counter2'), 'counter2')
  picker = await apiAs(t, 'picker')
  counterId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'supervisor'`)).id)
  counter2Id = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'counter2'`)).id)
  skus = await freshSkus(q, 6)
  expect(skus.length).toBe(6)
  // Shelves of the picking area holding no stock yet (so a count sees only what a scenario puts there).
  shelves = await demoShelves(q, 30, { empty: true })
  expect(shelves.length).toBe(30)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('plans and tasks', () => {
  it('cuts a plan into tasks of at most 10 locations and refuses 11 per task naming the limit', async () => {
    const codes = shelves.slice(5, 30).map((s) => s.code)
    const r = await admin.cmd('count.plan.create', { locationCodes: codes, locationsPerTask: 11 })
    expect(r.statusCode, r.body).toBe(400)
    const err = r.json().errors.find((e: any) => e.field === 'locationsPerTask')
    expect(err).toMatchObject({ messageKey: 'stocktake:errors.maxLocations', params: { max: '10' } })
    expect(r.json().responseDesc).toMatch(/10/)
    expect((await q('SELECT 1 FROM count_plan')).length).toBe(0)

    const p = await plan(codes)
    expect(p.planNo).toMatch(/^PD\d{10}$/)
    expect(p.locations).toBe(25)
    expect(p.tasks.length).toBe(3)
    const tasks = await tasksOf(p.planNo)
    expect(tasks.map((x) => x.locationCount).sort()).toEqual([10, 10, 5])
    expect(tasks.every((x) => /^PT\d{10}$/.test(x.taskNo) && x.status === S.Unclaimed)).toBe(true)
    // The database refuses a task of 11 too.
    await expect(t.database.query(`UPDATE count_task SET location_count = 11 WHERE task_no = $1`, [p.tasks[0]])).rejects.toThrow()
    // A location already in an open count is refused by hand, naming it.
    const again = await admin.cmd('count.plan.create', { locationCodes: [shelves[0]!.code, codes[3]] })
    expect(again.statusCode, again.body).toBe(400)
    expect(again.json().errors[0]).toMatchObject({ field: 'locationCodes.1', messageKey: 'stocktake:errors.locationInOpenCount' })
    // By rule: an area + range rule takes the matching locations not in an open count.
    const rule = await ok(admin, 'count.rule.save', { name: 'Cycle A', locationFrom: shelves[0]!.code, locationTo: shelves[6]!.code, thresholdUnits: 2, frequencyDays: 30 })
    const byRule = await ok(admin, 'count.plan.create', { ruleId: rule.id })
    expect(byRule.locations).toBe(5)
    expect((await one<{ source: string; threshold_units: number }>('SELECT source, threshold_units FROM count_plan WHERE plan_no = $1', [byRule.planNo]))).toMatchObject({ source: 'rule', threshold_units: 2 })
    // Leave these locations free for the scenarios below: the supervisor invalidates nothing, so drop the rule plan's tasks from the open pool.
    await t.database.query(`UPDATE count_task SET status = 9 WHERE plan_id IN (SELECT id FROM count_plan WHERE plan_no IN ($1, $2))`, [byRule.planNo, p.planNo])
    await invariantsClean()
  })
})

describe('a count while a pick runs on the location', () => {
  it('posts counted − on hand at the counted position: the pick is not double-counted; blind answers; four eyes', async () => {
    const a = skus[0]!
    await stock(a.id, 0, 10)
    // An order reserves 3 of the 10 at shelf 0.
    const o = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'COUNT-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: a.code, qty: 3 }] })
    await ok(admin, 'outbound.order.validate', { ids: [o.id] })
    const p = await plan([shelves[0]!.code])
    const taskNo = p.tasks[0]!
    // Not claimed: no scan. Claimed: the counter counts blind.
    await refused(counter, 'count.scan', { taskNo, locationCode: shelves[0]!.code, code: a.code }, 409, 'stocktake:errors.notClaimed')
    blind(await ok(counter, 'count.task.claim', { taskNo }))
    await refused(counter2, 'count.scan', { taskNo, locationCode: shelves[0]!.code, code: a.code }, 409, 'stocktake:errors.claimedByOther')
    await refused(counter, 'count.scan', { taskNo, locationCode: shelves[1]!.code, code: a.code }, 409, 'stocktake:errors.wrongLocation')
    await refused(counter, 'count.scan', { taskNo, locationCode: shelves[0]!.code, code: 'NO-SUCH-SKU-X' }, 409, 'stocktake:errors.unknownSku')
    const s1 = await ok(counter, 'count.scan', { taskNo, locationCode: shelves[0]!.code, code: a.code })
    expect(s1).toEqual({ taskNo, locationCode: shelves[0]!.code, skuCode: a.code, counted: 1, locationsLeft: 0 })
    const s2 = await ok(counter, 'count.scan', { taskNo, locationCode: shelves[0]!.code, code: a.code, qty: 8 })
    expect(s2.counted).toBe(9)
    blind(s2)
    const station = await counter.get(COUNT_API.task(taskNo))
    expect(station.statusCode).toBe(200)
    blind(station.json())
    expect(station.json().data.lines).toEqual([{ locationCode: shelves[0]!.code, skuCode: a.code, countedQty: 9 }])
    // The counter cannot read the reviewer's view (it carries the expected quantities).
    expect((await counter.get(COUNT_API.review(taskNo))).statusCode).toBe(403)

    // Meanwhile the 3 reserved units are picked off shelf 0 (after the counted position).
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 1 })
    const pickTask = w.tasks[0]
    await ok(picker, 'outbound.pickTask.claim', { taskNo: pickTask })
    await ok(picker, 'outbound.pick.scan', { taskNo: pickTask, locationCode: shelves[0]!.code, code: a.code, qty: 3 })
    expect(await onHand(a.id, 0)).toBe(7)

    blind(await ok(counter, 'count.task.submit', { taskNo }))
    // Four eyes: the counter does not approve (nor reject) their own count.
    await refused(counter, 'count.task.approve', { taskNo }, 409, 'stocktake:errors.fourEyes')
    await refused(counter, 'count.task.reject', { taskNo }, 409, 'stocktake:errors.fourEyes')
    // The reviewer sees counted 9 against 10 on hand at the counted position (7 now).
    const review = (await admin.get(COUNT_API.review(taskNo))).json().data
    expect(review.lines).toMatchObject([{ locationCode: shelves[0]!.code, skuCode: a.code, counted: 9, expected: 10, onHandNow: 7, variance: -1 }])
    const r = await ok(admin, 'count.task.approve', { taskNo })
    expect(r).toMatchObject({ taskNo, status: S.Finished, surplus: 0, loss: 1, planStatus: S.Finished })
    // 7 on hand − 1 = 6: not 9 (the count taken as the truth would add back the 3 picked) and not 7 − (10 − 9)… twice.
    expect(await onHand(a.id, 0)).toBe(6)
    expect(await explainRows(a.id, 0, taskNo)).toEqual([{ docType: 'countTask', reason: 'countLoss', delta: -1, params: { taskNo } }])
    // The loss list (checklose) shows it; the line now carries what was expected and the adjustment.
    const loss = (await admin.get(`${COUNT_API.loss}?taskNo=${taskNo}`)).json().data.records
    expect(loss).toMatchObject([{ taskNo, locationCode: shelves[0]!.code, skuCode: a.code, qty: 1 }])
    const lines = (await admin.get(`${COUNT_API.lines}?taskNo=${taskNo}`)).json().data.records
    expect(lines).toMatchObject([{ countedQty: 9, expectedQty: 10, adjustment: -1 }])
    // Approval outside pending approval / hedging is refused, naming the status and where it is allowed.
    const again = await refused(admin, 'count.task.approve', { taskNo }, 409, 'stocktake:errors.approveStatus')
    expect(again.responseDesc ?? again.message).toBeTruthy()
    await invariantsClean()
  })

  it('refuses approval of a task still to count, and reissue of a submitted one', async () => {
    const b = skus[1]!
    await stock(b.id, 1, 4)
    const p = await plan([shelves[1]!.code])
    const taskNo = p.tasks[0]!
    const r = await admin.cmd('count.task.approve', { taskNo })
    expect(r.statusCode, r.body).toBe(409)
    expect(r.json().messageKey).toBe('stocktake:errors.approveStatus')
    expect(r.json().errors?.[0]?.params ?? r.json().params ?? {}).toBeDefined()
    await ok(counter, 'count.task.claim', { taskNo })
    await ok(counter, 'count.scan', { taskNo, locationCode: shelves[1]!.code, code: b.code, qty: 4 })
    // Reissue: a pending task goes back to the pool and what was counted is dropped; then counted again.
    await ok(admin, 'count.task.reissue', { taskNo, assigneeId: counter2Id })
    await refused(counter, 'count.task.claim', { taskNo }, 409, 'stocktake:errors.assignedToOther')
    await ok(counter2, 'count.task.claim', { taskNo })
    await ok(counter2, 'count.scan', { taskNo, locationCode: shelves[1]!.code, code: b.code, qty: 4 })
    await ok(counter2, 'count.task.submit', { taskNo })
    await refused(admin, 'count.task.reissue', { taskNo }, 409, 'stocktake:errors.reissueStatus')
    expect(await ok(admin, 'count.task.approve', { taskNo })).toMatchObject({ surplus: 0, loss: 0 })
    expect(await onHand(b.id, 1)).toBe(4)
    expect(await explainRows(b.id, 1, taskNo)).toEqual([])
    await invariantsClean()
  })
})

describe('variance beyond the threshold: a recount by another operator', () => {
  it('makes a recount the counter cannot claim; the recount supersedes the first count; the approver is a third person', async () => {
    const c = skus[2]!
    await stock(c.id, 2, 20)
    const p = await plan([shelves[2]!.code, shelves[3]!.code], { thresholdUnits: 2 })
    const taskNo = p.tasks[0]!
    await ok(counter, 'count.task.claim', { taskNo })
    await ok(counter, 'count.scan', { taskNo, locationCode: shelves[2]!.code, code: c.code, qty: 15 })
    // Submitting with a location neither scanned nor confirmed empty is refused, naming it.
    const left = await refused(counter, 'count.task.submit', { taskNo }, 409, 'stocktake:errors.locationsLeft')
    expect(JSON.stringify(left)).toContain(shelves[3]!.code)
    await ok(counter, 'count.location.empty', { taskNo, locationCode: shelves[3]!.code })
    const sub = await ok(counter, 'count.task.submit', { taskNo })
    // Blind: the answer does not say there was a variance.
    expect(sub).toEqual({ taskNo, status: S.WaitingForApproval })
    const tasks = await tasksOf(p.planNo)
    const first = tasks.find((x) => x.taskNo === taskNo)
    const recount = tasks.find((x) => x.recountOf === first.id)
    expect(recount).toMatchObject({ status: S.Unclaimed, round: 1, excludedUserIds: [counterId], locationCount: 2 })
    expect(first.recountTaskNo).toBe(recount.taskNo)
    // Hedging: a second recount is refused while this one is open.
    await refused(admin, 'count.task.recount', { taskNo }, 409, 'stocktake:errors.recountOpen')
    await refused(counter, 'count.task.claim', { taskNo: recount.taskNo }, 409, 'stocktake:errors.recountByOther')
    await ok(counter2, 'count.task.claim', { taskNo: recount.taskNo })
    await ok(counter2, 'count.scan', { taskNo: recount.taskNo, locationCode: shelves[2]!.code, code: c.code, qty: 19 })
    await ok(counter2, 'count.location.empty', { taskNo: recount.taskNo, locationCode: shelves[3]!.code })
    await ok(counter2, 'count.task.submit', { taskNo: recount.taskNo })
    // The first count is superseded; no recount of a recount is made automatically.
    const after = await tasksOf(p.planNo)
    expect(after.find((x) => x.taskNo === taskNo).status).toBe(S.Invalid)
    expect(after.filter((x) => x.status !== S.Invalid).map((x) => x.taskNo)).toEqual([recount.taskNo])
    // Neither counter approves the recount.
    await refused(counter2, 'count.task.approve', { taskNo: recount.taskNo }, 409, 'stocktake:errors.fourEyes')
    await refused(counter, 'count.task.approve', { taskNo: recount.taskNo }, 409, 'stocktake:errors.fourEyes')
    const r = await ok(admin, 'count.task.approve', { taskNo: recount.taskNo })
    expect(r).toMatchObject({ loss: 1, surplus: 0, planStatus: S.Finished })
    expect(await onHand(c.id, 2)).toBe(19)
    expect(await explainRows(c.id, 2, recount.taskNo)).toEqual([{ docType: 'countTask', reason: 'countLoss', delta: -1, params: { taskNo: recount.taskNo } }])
    expect(await explainRows(c.id, 2, taskNo)).toEqual([])
    await invariantsClean()
  })
})

describe("Odoo test_inventory shapes, by our rule", () => {
  it('an untouched location cannot be submitted; a location confirmed empty has its stock written off', async () => {
    const d = skus[3]!
    await stock(d.id, 4, 6)
    const p = await plan([shelves[4]!.code])
    const taskNo = p.tasks[0]!
    await ok(counter, 'count.task.claim', { taskNo })
    await refused(counter, 'count.task.submit', { taskNo }, 409, 'stocktake:errors.locationsLeft')
    expect(await onHand(d.id, 4)).toBe(6)
    await ok(counter, 'count.location.empty', { taskNo, locationCode: shelves[4]!.code })
    await ok(counter, 'count.task.submit', { taskNo })
    expect(await ok(admin, 'count.task.approve', { taskNo })).toMatchObject({ loss: 6, surplus: 0 })
    expect(await onHand(d.id, 4)).toBe(0)
    expect(await explainRows(d.id, 4, taskNo)).toEqual([{ docType: 'countTask', reason: 'countLoss', delta: -6, params: { taskNo } }])
    await invariantsClean()
  })

  it('counted 5 with 7 on hand, then 3 delivered → ends at 2 (the difference −2 applied to what is there)', async () => {
    const e = skus[4]!
    await stock(e.id, 5, 7)
    const p = await plan([shelves[5]!.code])
    const taskNo = p.tasks[0]!
    await ok(counter, 'count.task.claim', { taskNo })
    await ok(counter, 'count.scan', { taskNo, locationCode: shelves[5]!.code, code: e.code, qty: 5 })
    await t.database.tx((tx) => removeStock(tx, { ...scope, locationId: shelves[5]!.id, skuId: e.id }, 3, { docType: 'TEST', docNo: 'T-DELIVERY' }, op))
    await ok(counter, 'count.task.submit', { taskNo })
    expect(await ok(admin, 'count.task.approve', { taskNo })).toMatchObject({ loss: 2, surplus: 0 })
    expect(await onHand(e.id, 5)).toBe(2)
    await invariantsClean()
  })

  it('a surplus is added; frozen stock (a short pick) the count finds is released', async () => {
    const f = skus[5]!
    await stock(f.id, 6, 5)
    await stock(f.id, 6, 2, StockStatus.Frozen)
    const p = await plan([shelves[6]!.code])
    const taskNo = p.tasks[0]!
    await ok(counter, 'count.task.claim', { taskNo })
    await ok(counter, 'count.scan', { taskNo, locationCode: shelves[6]!.code, code: f.code, qty: 9 })
    // A corrected quantity replaces what was counted.
    expect((await ok(counter, 'count.scan', { taskNo, locationCode: shelves[6]!.code, code: f.code, qty: 8, set: true })).counted).toBe(8)
    await ok(counter, 'count.task.submit', { taskNo })
    expect(await ok(admin, 'count.task.approve', { taskNo })).toMatchObject({ surplus: 1, loss: 0, released: 2 })
    expect(await onHand(f.id, 6)).toBe(8)
    expect(await onHand(f.id, 6, StockStatus.Frozen)).toBe(0)
    expect(await explainRows(f.id, 6, taskNo)).toEqual([
      { docType: 'countTask', reason: 'countSurplus', delta: 1, params: { taskNo } },
      { docType: 'countTask', reason: 'countRelease', delta: 2, params: { taskNo } },
    ])
    const surplus = (await admin.get(`${COUNT_API.surplus}?taskNo=${taskNo}`)).json().data.records
    expect(surplus).toMatchObject([{ taskNo, qty: 1 }])
    await invariantsClean()
  })
})
