// The task pool over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 20
// "One task pool": every registered kind appears in one list (shelving SJ, picking JH, count PT, return to
// shelf HJ — and the kinds other areas register); filters by kind, number, area, claim, operator and
// created range run server-side; a bulk allot to an operator goes through for the tasks whose own machine
// allows it and names each refused task with its machine's reason (partial by design: the others are
// allotted, the refused ones untouched); the count kind keeps its claim rule (a recount never to an earlier
// counter; an allotted count task is claimed by its assignee only); job groups go to the kinds that take
// them; the pool is the task-allocation permission's.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { TASK_POOL_API } from '../../commands/task-pool'
import { taskSource, taskSources } from '../../src/server/tasks/pool'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let supervisor: ApiClient
let supervisorId = 0
let pickerId = 0
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
let shelves: { id: number; code: string; area: string }[] = []
let sku = { id: 0, code: '' }
const made: Record<string, string[]> = { shelving: [], picking: [], count: [], returnShelf: [] }
let groupId = 0

interface PoolRow { poolKey: string; kind: string; id: number; docNo: string; status: number; statusKey: string; claim: number; areaCodes: string; locationCount: number; qty: number; operatorId: number | null; operatorName: string | null; jobGroupId: number | null; createdAt: string }
async function pool(query = '', c = admin): Promise<PoolRow[]> {
  const r = await c.get(`${TASK_POOL_API.pool}?size=200${query}`)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data.records as PoolRow[]
}
const ours = (rows: PoolRow[]) => rows.filter((r) => Object.values(made).flat().includes(r.docNo))
const keyOf = async (docNo: string) => (await pool(`&docNo=${docNo}`)).find((r) => r.docNo === docNo)!.poolKey

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  supervisor = await apiAs(t, 'supervisor')
  supervisorId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'supervisor'`)).id)
  pickerId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'picker'`)).id)
  sku = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`))
    .map((r) => ({ id: Number(r.id), code: r.sku_code }))[0]!
  shelves = (await q<{ id: number; code: string; area: string }>(`
    SELECT l.id, l.code, a.code AS area FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0)
    ORDER BY l.code LIMIT 6`)).map((r) => ({ id: Number(r.id), code: r.code, area: r.area }))
  expect(shelves.length).toBe(6)
  await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[0]!.id, skuId: sku.id, stockStatus: StockStatus.Normal }, 10, { docType: 'TEST', docNo: 'T-POOL' }, op))

  // Picking: two waves of one order each → two tasks; the picker claims the second (Working).
  const header = { platform: 'TIKTOK', shippingMethod: 'POOL-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US' }
  for (const k of ['A', 'B']) {
    const o = await expectOk(admin, 'outbound.order.create', { ...header, sourceNo: `POOL-${k}`, lines: [{ code: sku.code, qty: 1 }] })
    await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
    const w = await expectOk(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
    made.picking!.push(...(w.tasks as string[]))
  }
  const picker = await apiAs(t, 'picker')
  await expectOk(picker, 'outbound.pickTask.claim', { taskNo: made.picking![1], cartCode: null })
  // Count: a plan of two locations → one task (PT), Unclaimed.
  const plan = await expectOk(admin, 'count.plan.create', { locationCodes: [shelves[2]!.code, shelves[3]!.code] })
  made.count!.push(...(plan.tasks as string[]))
  // Shelving and return-to-shelf tasks as their flows leave them (rows of their own tables).
  const [sj] = await q<{ id: number }>(`INSERT INTO shelving_task (tenant_id, warehouse_id, task_no, source_type, source_no, status, qty, created_at)
    VALUES (1, 26, 'SJ-POOL-1', 'inbound', 'RK-POOL', 0, 4, now() - interval '30 hours') RETURNING id`)
  await q(`INSERT INTO shelving_line (task_id, tenant_id, warehouse_id, line_no, sku_id, from_location_id, suggested_location_id, qty) VALUES ($1, 1, 26, 1, $2, $3, $4, 4)`,
    [sj!.id, sku.id, shelves[4]!.id, shelves[5]!.id])
  made.shelving!.push('SJ-POOL-1')
  const order = await one<{ id: number; order_no: string }>(`SELECT id, order_no FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26 ORDER BY id LIMIT 1`)
  await q(`INSERT INTO return_shelf_task (tenant_id, warehouse_id, task_no, order_id, order_no, status, qty) VALUES (1, 26, 'HJ-POOL-1', $1, $2, 0, 1)`, [order.id, order.order_no])
  made.returnShelf!.push('HJ-POOL-1')
  const [g] = await q<{ id: number }>(`INSERT INTO job_group (tenant_id, warehouse_id, number, name, member_ids, status) VALUES (1, 26, 'POOL-G1', 'Pool group', ARRAY[${supervisorId}], 1) RETURNING id`)
  groupId = Number(g!.id)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('one pool of every kind', () => {
  it('lists every registered kind with the common row shape, oldest first; completed tasks are not in it', async () => {
    const kinds = (await admin.get(TASK_POOL_API.kinds)).json().data as { kind: string; titleKey: string }[]
    expect(kinds.map((k) => k.kind)).toEqual(taskSources().map((s) => s.kind))
    for (const k of ['shelving', 'picking', 'count', 'returnShelf']) expect(kinds.map((x) => x.kind)).toContain(k)
    expect(kinds.every((k) => k.titleKey === `tasks:kind.${k.kind}`)).toBe(true)

    const rows = ours(await pool())
    expect(new Set(rows.map((r) => r.kind))).toEqual(new Set(['shelving', 'picking', 'count', 'returnShelf']))
    const sj = rows.find((r) => r.docNo === 'SJ-POOL-1')!
    expect(sj).toMatchObject({ kind: 'shelving', status: 0, statusKey: 'dict:taskClaimStatus.0', claim: 0, qty: 4, locationCount: 1, areaCodes: shelves[5]!.area, poolKey: `shelving:${sj.id}` })
    const pt = rows.find((r) => r.kind === 'count')!
    expect(pt).toMatchObject({ docNo: made.count![0], statusKey: 'dict:countPlanStatus.0', claim: 0, locationCount: 2 })
    const working = rows.find((r) => r.docNo === made.picking![1])!
    expect(working).toMatchObject({ claim: 1, operatorId: pickerId, operatorName: expect.any(String) })
    // Oldest first: the 30-hour-old shelving task leads our rows.
    expect(rows[0]!.docNo).toBe('SJ-POOL-1')
    // A completed task leaves the pool.
    await q(`UPDATE return_shelf_task SET status = 2 WHERE task_no = 'HJ-POOL-1'`)
    expect(ours(await pool()).some((r) => r.docNo === 'HJ-POOL-1')).toBe(false)
    await q(`UPDATE return_shelf_task SET status = 0 WHERE task_no = 'HJ-POOL-1'`)
  })

  it('filters server-side by kind, number, area, claim, operator and created range; refuses a kind it does not know', async () => {
    expect(ours(await pool('&kind=count')).map((r) => r.docNo)).toEqual(made.count)
    expect(new Set(ours(await pool('&kind=count&kind=shelving')).map((r) => r.kind))).toEqual(new Set(['count', 'shelving']))
    expect((await pool('&docNo=SJ-POOL')).map((r) => r.docNo)).toEqual(['SJ-POOL-1'])
    expect(ours(await pool(`&areaCodes=${shelves[5]!.area}&kind=shelving`)).map((r) => r.docNo)).toEqual(['SJ-POOL-1'])
    expect(ours(await pool('&areaCodes=NO-SUCH-AREA'))).toEqual([])
    expect(ours(await pool('&claim=1')).map((r) => r.docNo)).toEqual([made.picking![1]])
    const pickerName = (await one<{ employee_name: string }>(`SELECT employee_name FROM app_user WHERE id = $1`, [pickerId])).employee_name
    expect(ours(await pool(`&operatorName=${encodeURIComponent(pickerName)}`)).map((r) => r.docNo)).toEqual([made.picking![1]])
    const old = new Date(Date.now() - 40 * 3600_000).toISOString(), mid = new Date(Date.now() - 20 * 3600_000).toISOString()
    expect(ours(await pool(`&createdAtFrom=${old}&createdAtTo=${mid}`)).map((r) => r.docNo)).toEqual(['SJ-POOL-1'])
    // Paging and totals are the server's.
    const page = (await admin.get(`${TASK_POOL_API.pool}?size=2&page=1`)).json().data
    expect(page.records.length).toBe(2)
    expect(page.total).toBeGreaterThanOrEqual(5)
    const bad = await admin.get(`${TASK_POOL_API.pool}?kind=spaceship`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('kind.0')
    const half = await admin.get(`${TASK_POOL_API.pool}?createdAtFrom=${old}`)
    expect(half.statusCode).toBe(400)
    // The pool is the task allocation screen's: a picker without it is refused.
    expect((await (await apiAs(t, 'picker')).get(TASK_POOL_API.pool)).statusCode).toBe(403)
  })
})

describe('bulk allot', () => {
  it('allots to an operator what each machine allows and names every refused task with its reason, in one run', async () => {
    const keys = [made.picking![0]!, made.picking![1]!, made.count![0]!, 'SJ-POOL-1', 'HJ-POOL-1']
    const poolKeys = await Promise.all(keys.map(keyOf))
    const r = await expectOk(admin, 'tasks.pool.allot', { keys: poolKeys, userId: supervisorId })
    expect([...r.allotted].sort()).toEqual([made.picking![0], made.count![0]].sort())
    const refused = Object.fromEntries((r.refused as { docNo: string; key: string; params: any; message: string }[]).map((x) => [x.docNo, x]))
    expect(Object.keys(refused).sort()).toEqual([made.picking![1], 'HJ-POOL-1', 'SJ-POOL-1'].sort())
    // The picking machine: only an Unclaimed task is allotted (the refusal names the statuses).
    expect(refused[made.picking![1]!]).toMatchObject({ kind: 'picking', key: 'outbound:pick.errors.assignStatus', params: { taskNo: made.picking![1], current: ['dict:taskClaimStatus.1'], allowed: ['dict:taskClaimStatus.0'] } })
    expect(refused['SJ-POOL-1']).toMatchObject({ kind: 'shelving', key: 'tasks:errors.jobGroupOnly', params: { taskNo: 'SJ-POOL-1' } })
    expect(refused['HJ-POOL-1']).toMatchObject({ kind: 'returnShelf', key: 'tasks:errors.claimedByScan' })
    // Each refusal also comes in the caller's words, naming the task and the statuses.
    expect(refused[made.picking![1]!].message).toBe(`Picking task ${made.picking![1]} cannot be allotted in its status (Working): only from Unclaimed`)
    expect(refused['SJ-POOL-1'].message).toBe('SJ-POOL-1: shelving tasks are allotted to a job group, not to one operator')
    // Written: the allowed ones; untouched: the refused.
    expect((await one<{ assignee_id: number }>(`SELECT assignee_id FROM picking_task WHERE task_no = $1`, [made.picking![0]])).assignee_id).toBe(supervisorId)
    expect((await one<{ assignee_id: number | null; claimed_by: number }>(`SELECT assignee_id, claimed_by FROM picking_task WHERE task_no = $1`, [made.picking![1]]))).toMatchObject({ assignee_id: null, claimed_by: pickerId })
    expect((await one<{ assignee_id: number }>(`SELECT assignee_id FROM count_task WHERE task_no = $1`, [made.count![0]])).assignee_id).toBe(supervisorId)
    const rows = ours(await pool())
    expect(rows.find((x) => x.docNo === made.count![0])).toMatchObject({ operatorId: supervisorId })
    // The operation log names the run.
    const log = await one<{ summary: string }>(`SELECT summary FROM audit_log WHERE command_id = 'tasks.pool.allot' AND result = 'ok' ORDER BY id DESC LIMIT 1`)
    expect(log.summary).toContain('refused')
  })

  it('keeps the count kind\'s claim rule: the allotted operator claims it, a recount never goes to an earlier counter', async () => {
    // Allotted to the supervisor: the admin may not claim it (the count machine's assignedToOther).
    await expectRefused(admin, 'count.task.claim', { taskNo: made.count![0] }, 409, 'stocktake:errors.assignedToOther')
    // A task whose earlier counter is the picker (a recount's exclusion) is refused to the picker by name.
    await q(`UPDATE count_task SET excluded_user_ids = ARRAY[${pickerId}], assignee_id = NULL WHERE task_no = $1`, [made.count![0]])
    const key = await keyOf(made.count![0]!)
    const r = await expectOk(admin, 'tasks.pool.allot', { keys: [key], userId: pickerId })
    expect(r.allotted).toEqual([])
    expect(r.refused[0]).toMatchObject({ docNo: made.count![0], kind: 'count', key: 'stocktake:errors.recountByOther' })
    expect((await one<{ assignee_id: number | null }>(`SELECT assignee_id FROM count_task WHERE task_no = $1`, [made.count![0]])).assignee_id).toBeNull()
    // A count task is allotted to an operator, never to a job group; a claimed one is not re-allotted.
    const g = await expectOk(admin, 'tasks.pool.allot', { keys: [key], jobGroupId: groupId })
    expect(g.refused[0]).toMatchObject({ key: 'tasks:errors.operatorOnly' })
    await expectOk(supervisor, 'count.task.claim', { taskNo: made.count![0] })
    const c = await expectOk(admin, 'tasks.pool.allot', { keys: [key], userId: supervisorId })
    expect(c.refused[0]).toMatchObject({ key: 'tasks:errors.allotStatus', params: { current: ['dict:countPlanStatus.1'], allowed: ['dict:countPlanStatus.0'] } })
  })

  it('allots to a job group the kinds that take one; refuses a bad target as a whole, naming the field', async () => {
    const keys = await Promise.all(['SJ-POOL-1', made.picking![0]!].map(keyOf))
    const r = await expectOk(admin, 'tasks.pool.allot', { keys, jobGroupId: groupId })
    expect([...r.allotted].sort()).toEqual(['SJ-POOL-1', made.picking![0]].sort())
    expect((await one<{ job_group_id: number }>(`SELECT job_group_id FROM shelving_task WHERE task_no = 'SJ-POOL-1'`)).job_group_id).toBe(groupId)
    // Allotting the picking task to the group clears its operator (one target at a time).
    expect((await one<{ job_group_id: number; assignee_id: number | null }>(`SELECT job_group_id, assignee_id FROM picking_task WHERE task_no = $1`, [made.picking![0]]))).toEqual({ job_group_id: groupId, assignee_id: null })

    const unknown = await admin.cmd('tasks.pool.allot', { keys, userId: 999999 })
    expect(unknown.statusCode).toBe(400)
    expect(unknown.json().errors[0]).toMatchObject({ field: 'userId', messageKey: 'tasks:errors.operatorUnknown' })
    const both = await admin.cmd('tasks.pool.allot', { keys, userId: supervisorId, jobGroupId: groupId })
    expect(both.statusCode).toBe(400)
    expect(both.json().errors[0].messageKey).toBe('tasks:errors.oneTarget')
    const none = await admin.cmd('tasks.pool.allot', { keys: [], userId: supervisorId })
    expect(none.statusCode).toBe(400)
    const kind = await admin.cmd('tasks.pool.allot', { keys: ['spaceship:1'], userId: supervisorId })
    expect(kind.statusCode).toBe(400)
    expect(kind.json().errors[0]).toMatchObject({ field: 'keys.0', messageKey: 'tasks:errors.unknownKind' })
    await q(`UPDATE job_group SET status = 0 WHERE id = $1`, [groupId])
    const off = await admin.cmd('tasks.pool.allot', { keys, jobGroupId: groupId })
    expect(off.json().errors[0]).toMatchObject({ field: 'jobGroupId', messageKey: 'tasks:errors.jobGroupDisabled' })
    await q(`UPDATE job_group SET status = 1 WHERE id = $1`, [groupId])
    // A task of another warehouse is not found in this one.
    const far = await admin.in({ warehouseId: 168 }).cmd('tasks.pool.allot', { keys: [keys[0]], userId: supervisorId })
    expect(far.statusCode, far.body).toBe(200)
    expect(far.json().data.refused[0]).toMatchObject({ key: 'tasks:errors.taskNotFound' })
    // A picker may not allot.
    expect((await (await apiAs(t, 'picker')).cmd('tasks.pool.allot', { keys, userId: supervisorId })).statusCode).toBe(403)
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })
})

describe('the timeout report reads count (and move) tasks through the pool', () => {
  it('flags an open count task past the pool threshold, linking its station; move answers once its kind is registered', async () => {
    const plan = await expectOk(admin, 'count.plan.create', { locationCodes: [shelves[1]!.code] })
    const late = plan.tasks[0] as string
    await q(`UPDATE count_task SET created_at = now() - interval '30 hours' WHERE task_no = $1`, [late])
    const r = await admin.get('/api/inbound/timeouts?kind=count')
    expect(r.statusCode, r.body).toBe(200)
    const d = r.json().data
    expect(d).toMatchObject({ kind: 'count', hours: 24, available: true })
    expect(d.records.map((x: any) => x.number)).toEqual([late])
    expect(d.records[0]).toMatchObject({ timedOut: true, overdueHours: 6, statusKey: 'dict:countPlanStatus.0', path: `/in-house-work/check-manager/list?task=${late}` })
    const all = (await admin.get('/api/inbound/timeouts?kind=count&onlyTimedOut=false')).json().data.records.map((x: any) => [x.number, x.timedOut])
    expect(all).toContainEqual([late, true])
    expect(all.some(([, flag]: [string, boolean]) => flag === false)).toBe(true)
    const move = (await admin.get('/api/inbound/timeouts?kind=move')).json().data
    expect(move.available).toBe(!!taskSource('move'))
  })
})
