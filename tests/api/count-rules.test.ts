// Count rules by ABC class, by last-counted date and with a value threshold (issue 20, part H; README
// "Counts"), over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// - ABC classes are computed from the ledger (outbound units of the last 90 days: ship net of
//   ship-cancel, otherOut): a SKU shipping most units is A, the next up to 95 % B, the rest and an unmoved
//   SKU C; a plan from an A rule holds exactly the locations holding A SKUs (a location with an A SKU
//   next to a C SKU included).
// - "Not counted within N days" (the rule's frequencyDays): a location counted yesterday is skipped by 7
//   days and taken by a rule without it; one counted 8 days ago is taken again.
// - Value threshold: a variance of 1 unit on a SKU priced 500 with threshold 100 → recount; on an
//   unpriced SKU → no recount by value; priced 80 → no recount (80 ≤ 100).
// Every scenario ends with the invariants clean; the approved adjustments are explained under the task.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { demoShelves } from '../helpers/stock-fixtures'
import { apiAs, expectOk, expectRefused, signIn, client, type ApiClient } from '../helpers/api'
import { COUNT_API } from '../../commands/stock-count'
import { addStock, checkInvariants, explainBalance, removeStock, StockStatus } from '../../src/server/inventory/ledger'
import { abcClasses } from '../../src/server/areas/stock-count/abc'
import { CountPlanStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let counter: ApiClient
let counter2: ApiClient
let skus: { id: number; code: string; styleId: number }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused

const stock = (skuId: number, shelf: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId, stockStatus: StockStatus.Normal }, qty, { docType: 'TEST', docNo: 'T-RULES' }, op))
/** A shipment in the ledger: stock put on the dispatch shelf and shipped from it (reason `ship`, or another outbound reason). */
async function ship(skuId: number, qty: number, reason: 'ship' | 'otherOut' = 'ship') {
  await stock(skuId, 29, qty)
  await t.database.tx((tx) => removeStock(tx, { ...scope, locationId: shelves[29]!.id, skuId, stockStatus: StockStatus.Normal }, qty, { docType: 'outboundOrder', docNo: 'T-SHIP', reason }, op))
}
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
async function explainRows(skuId: number, shelf: number, taskNo: string) {
  const b = await one<{ id: number }>('SELECT id FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = 1', [skuId, shelves[shelf]!.id])
  const r = await explainBalance(t.database.db, scope, Number(b.id))
  return r!.entries.filter((e) => e.docNo === taskNo).map((e) => ({ reason: e.reason, delta: e.deltaOnHand }))
}
/** The location codes a plan took, sorted. */
const planCodes = async (planNo: string) => (await q<{ code: string }>(`
  SELECT l.code FROM count_plan_location pl JOIN count_plan p ON p.id = pl.plan_id JOIN location l ON l.id = pl.location_id WHERE p.plan_no = $1 ORDER BY l.code`, [planNo])).map((r) => r.code)
const codes = (...idx: number[]) => idx.map((i) => shelves[i]!.code).sort()
const rule = async (args: Record<string, unknown>) => (await ok(admin, 'count.rule.save', args)) as { id: number }
const planOf = async (ruleId: number) => (await ok(admin, 'count.plan.create', { ruleId })) as { planNo: string; tasks: string[]; locations: number }
const tasksOf = async (planNo: string) => (await admin.get(`${COUNT_API.tasks}?planNo=${planNo}&size=50`)).json().data.records as any[]
/** Counts one location of a one-location task: `qty` of the SKU, submitted by `who`. */
async function countOne(who: ApiClient, taskNo: string, shelf: number, code: string, qty: number) {
  await ok(who, 'count.task.claim', { taskNo })
  if (qty > 0) await ok(who, 'count.scan', { taskNo, locationCode: shelves[shelf]!.code, code, qty })
  else await ok(who, 'count.location.empty', { taskNo, locationCode: shelves[shelf]!.code })
  return ok(who, 'count.task.submit', { taskNo })
}

beforeAll(async () => {
  t = await createTestApp()
  await t.database.query(`INSERT INTO app_user (username, password_hash, employee_name, tenant_id, status)
    SELECT 'counter2', password_hash, 'Second counter', tenant_id, 1 FROM app_user WHERE username = 'supervisor'`)
  await t.database.query(`INSERT INTO user_role (user_id, role_id) SELECT f.id, r.role_id FROM app_user f, app_user a JOIN user_role r ON r.user_id = a.id WHERE f.username = 'counter2' AND a.username = 'supervisor'`)
  await t.database.query(`INSERT INTO user_access (user_id, warehouse_id, tenant_id, sort) SELECT f.id, x.warehouse_id, x.tenant_id, x.sort FROM app_user f, app_user a JOIN user_access x ON x.user_id = a.id WHERE f.username = 'counter2' AND a.username = 'supervisor'`)
  admin = await apiAs(t, 'admin')
  counter = await apiAs(t, 'supervisor')
  counter2 = client(t, await signIn(t, 'counter2'), 'counter2')
  // SKUs never stocked, of distinct styles (each test sets its style's retail price), with unique codes.
  skus = (await q<{ id: number; sku_code: string; style_id: number }>(`
    SELECT * FROM (SELECT DISTINCT ON (k.style_id) k.id, k.sku_code, k.style_id FROM product_sku k WHERE k.tenant_id = 1
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.style_id DESC, k.id) x ORDER BY style_id DESC LIMIT 8`)).map((r) => ({ id: Number(r.id), code: r.sku_code, styleId: Number(r.style_id) }))
  expect(skus.length).toBe(8)
  shelves = await demoShelves(q, 30, { empty: true })
  expect(shelves.length).toBe(30)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('rule input', () => {
  it('refuses a bad ABC class, a negative or over-precise value threshold, naming the field; lists what was saved', async () => {
    const bad = async (args: Record<string, unknown>, field: string, key: string) => {
      const r = await admin.cmd('count.rule.save', { name: 'Bad', ...args })
      expect(r.statusCode, r.body).toBe(400)
      expect(r.json().errors[0]).toMatchObject({ field, messageKey: key })
    }
    await bad({ abcClass: 'D' }, 'abcClass', 'errors:field.invalidValue')
    await bad({ thresholdValue: -1 }, 'thresholdValue', 'errors:field.tooSmall')
    await bad({ thresholdValue: 10.005 }, 'thresholdValue', 'stocktake:errors.valueDecimals')
    expect((await q(`SELECT 1 FROM count_rule WHERE name = 'Bad'`)).length).toBe(0)
    const r = await rule({ name: 'Listed', abcClass: 'B', thresholdValue: 99.5, frequencyDays: 14, locationFrom: shelves[0]!.code, locationTo: shelves[0]!.code })
    const list = (await admin.get(`${COUNT_API.rules}?name=Listed`)).json().data.records as any[]
    expect(list).toEqual([expect.objectContaining({ id: r.id, abcClass: 'B', thresholdValue: 99.5, frequencyDays: 14 })])
    // Edited: the class and the threshold cleared.
    await rule({ id: r.id, name: 'Listed', enabled: false })
    expect((await admin.get(`${COUNT_API.rules}?name=Listed`)).json().data.records[0]).toMatchObject({ abcClass: null, thresholdValue: null, status: 0 })
  })
})

describe('ABC class from the ledger', () => {
  it('classes SKUs by the last 90 days of outbound units; an A rule takes exactly the locations holding A SKUs', async () => {
    // Outbound already in the template's ledger, so the shares below dominate it whatever it holds.
    const prior = Number((await one<{ n: number }>(`SELECT coalesce(sum(-delta_on_hand), 0)::int AS n FROM inventory_ledger
      WHERE tenant_id = 1 AND warehouse_id = 26 AND reason IN ('ship', 'ship-cancel', 'otherOut')`)).n)
    const base = 100 + prior * 100
    const [a, b, c, u] = skus
    await ship(a!.id, 80 * base)
    await ship(a!.id, 5 * base, 'otherOut')
    await ship(b!.id, 12 * base)
    await ship(c!.id, 3 * base)
    const classes = await abcClasses(t.database.db, scope)
    expect(classes.get(a!.id)).toEqual({ abc: 'A', units: 85 * base })
    expect(classes.get(b!.id)).toEqual({ abc: 'B', units: 12 * base })
    expect(classes.get(c!.id)).toEqual({ abc: 'C', units: 3 * base })
    expect(classes.has(u!.id)).toBe(false) // unmoved → C
    // Shelves 0–5: A at 0 and 1, B at 2, C (moved a little) at 3, unmoved at 4, unmoved + A at 5.
    await stock(a!.id, 0, 4); await stock(a!.id, 1, 2); await stock(b!.id, 2, 3); await stock(c!.id, 3, 3); await stock(u!.id, 4, 1)
    await stock(u!.id, 5, 1); await stock(a!.id, 5, 1)
    const range = { locationFrom: shelves[0]!.code, locationTo: shelves[6]!.code }
    const ruleA = await rule({ name: 'Class A', abcClass: 'A', ...range })
    const pA = await planOf(ruleA.id)
    expect(await planCodes(pA.planNo)).toEqual(codes(0, 1, 5))
    // Every location of the plan holds an A SKU, and every location of the range holding one is in it.
    const ruleB = await rule({ name: 'Class B', abcClass: 'B', ...range })
    expect(await planCodes((await planOf(ruleB.id)).planNo)).toEqual(codes(2))
    // C: the moved-a-little SKU and the unmoved one; shelf 5 (A + unmoved) is in the open A plan, so not taken again.
    const ruleC = await rule({ name: 'Class C', abcClass: 'C', ...range })
    expect(await planCodes((await planOf(ruleC.id)).planNo)).toEqual(codes(3, 4))
    // By hand, the class is a criterion too; nothing left to take → refused, nothing written.
    const plans = (await q('SELECT 1 FROM count_plan')).length
    await refused(admin, 'count.plan.create', { abcClass: 'A', ...range }, 409, 'stocktake:errors.planEmpty')
    expect((await q('SELECT 1 FROM count_plan')).length).toBe(plans)
    for (const planNo of [pA.planNo]) await ok(admin, 'count.plan.cancel', { planNo })
    const hand = await ok(admin, 'count.plan.create', { abcClass: 'A', ...range })
    expect(await planCodes(hand.planNo)).toEqual(codes(0, 1, 5))
    await invariantsClean()
  })
})

describe('not counted within N days', () => {
  it('skips a location counted yesterday with notCountedDays 7, takes it without; one counted 8 days ago is taken', async () => {
    const s = skus[4]!
    await stock(s.id, 10, 2)
    const first = await ok(admin, 'count.plan.create', { locationCodes: [shelves[10]!.code] })
    const taskNo = first.tasks[0]!
    await countOne(counter, taskNo, 10, s.code, 2)
    await ok(admin, 'count.task.approve', { taskNo })
    // Counted yesterday.
    await t.database.query(`UPDATE count_task SET reviewed_at = now() - interval '1 day' WHERE task_no = $1`, [taskNo])
    const range = { locationFrom: shelves[10]!.code, locationTo: shelves[12]!.code }
    const weekly = await rule({ name: 'Not counted 7 days', frequencyDays: 7, ...range })
    const p1 = await planOf(weekly.id)
    expect(await planCodes(p1.planNo)).toEqual(codes(11, 12))
    await ok(admin, 'count.plan.cancel', { planNo: p1.planNo })
    const always = await rule({ name: 'Any time', ...range })
    const p2 = await planOf(always.id)
    expect(await planCodes(p2.planNo)).toEqual(codes(10, 11, 12))
    await ok(admin, 'count.plan.cancel', { planNo: p2.planNo })
    // Counted 8 days ago: due again under the 7-day rule.
    await t.database.query(`UPDATE count_task SET reviewed_at = now() - interval '8 days' WHERE task_no = $1`, [taskNo])
    expect(await planCodes((await planOf(weekly.id)).planNo)).toEqual(codes(10, 11, 12))
    await invariantsClean()
  })
})

describe('value threshold', () => {
  it('a 1-unit variance on a SKU priced 500 over threshold 100 → recount; unpriced or priced 80 → none', async () => {
    const [priced, unpriced, cheap] = [skus[5]!, skus[6]!, skus[7]!]
    await t.database.query(`UPDATE product_style SET retail_price = 500 WHERE id = $1`, [priced.styleId])
    await t.database.query(`UPDATE product_style SET retail_price = NULL WHERE id = $1`, [unpriced.styleId])
    await t.database.query(`UPDATE product_style SET retail_price = 80 WHERE id = $1`, [cheap.styleId])
    const cases = [{ sku: priced, shelf: 20, recount: true }, { sku: unpriced, shelf: 21, recount: false }, { sku: cheap, shelf: 22, recount: false }]
    for (const c of cases) {
      await stock(c.sku.id, c.shelf, 5)
      const r = await rule({ name: `Value ${c.shelf}`, thresholdValue: 100, locationFrom: shelves[c.shelf]!.code, locationTo: shelves[c.shelf]!.code })
      const p = await planOf(r.id)
      expect(Number((await one<{ v: string }>('SELECT threshold_value AS v FROM count_plan WHERE plan_no = $1', [p.planNo])).v)).toBe(100)
      const taskNo = p.tasks[0]!
      // Blind: the submit answer says nothing of the variance.
      expect(await countOne(counter, taskNo, c.shelf, c.sku.code, 4)).toEqual({ taskNo, status: S.WaitingForApproval })
      const tasks = await tasksOf(p.planNo)
      const first = tasks.find((x) => x.taskNo === taskNo)
      const recount = tasks.find((x) => x.recountOf === first.id)
      let approvedNo = taskNo
      if (c.recount) {
        expect(recount, `recount for ${c.sku.code}`).toMatchObject({ status: S.Unclaimed, round: 1 })
        await countOne(counter2, recount.taskNo, c.shelf, c.sku.code, 4)
        approvedNo = recount.taskNo
      } else {
        expect(recount, `no recount for ${c.sku.code}`).toBeUndefined()
      }
      expect(await ok(admin, 'count.task.approve', { taskNo: approvedNo })).toMatchObject({ loss: 1, surplus: 0 })
      expect(await explainRows(c.sku.id, c.shelf, approvedNo)).toEqual([{ reason: 'countLoss', delta: -1 }])
    }
    // The plan's own threshold overrides the rule's: 600 > 500 → no recount for the priced SKU.
    await stock(priced.id, 23, 5)
    const own = await ok(admin, 'count.plan.create', { locationCodes: [shelves[23]!.code], thresholdValue: 600 })
    await countOne(counter, own.tasks[0]!, 23, priced.code, 4)
    expect((await tasksOf(own.planNo)).length).toBe(1)
    await invariantsClean()
  })
})
