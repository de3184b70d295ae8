// Counts, the parts around the count (issue 20 "Counts", part A), over the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): the count-line import — the dry run names EVERY bad row in one pass
// and writes nothing; the commit checks again, writes all lines or none (one transaction), claims an
// unclaimed task for the importer (who then may not approve it: four eyes), keeps the ledger position of
// each line so the approval posts counted − on hand at that position, and answers blind; plan cancel
// (→ Invalid 9 with its open tasks, only while nothing was submitted, the machine's reason otherwise);
// "go to document" finds count plans (PD) and tasks (PT) and opens check-detail. After every scenario the
// invariant check is clean and explain shows the adjustment under the task's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'
import { apiAs, expectOk, expectRefused, postFile, type ApiClient } from '../helpers/api'
import { COUNT_API } from '../../commands/stock-count'
import { addStock, checkInvariants, explainBalance, StockStatus } from '../../src/server/inventory/ledger'
import { CountPlanStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let counter: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk

const stock = (skuId: number, shelf: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId, stockStatus: StockStatus.Normal }, qty, { docType: 'TEST', docNo: 'T-COUNT-IMPORT' }, op))
const onHand = async (skuId: number, shelf: number) => Number((await one<{ n: number }>(`
  SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = 1`,
[skuId, shelves[shelf]!.id])).n)
const blind = (body: unknown) => expect(JSON.stringify(body)).not.toMatch(/expected|onHand|variance|on_hand/i)
const HEAD = ['Count task', 'Location', 'SKU / barcode', 'Counted quantity']
async function sheet(rows: unknown[][], head = HEAD): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('S')
  ws.addRow(head)
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
const dryRun = async (c: ApiClient, rows: unknown[][]) => {
  const r = await postFile(t, COUNT_API.importDryRun, c.headers, await sheet(rows), 'counts.xlsx')
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { total: number; tasks: number; errors: { row: number; field: string; messageKey: string; message: string }[]; rows: unknown[][]; creates: number }
}
const lineCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM count_line')).n)
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  counter = await apiAs(t, 'supervisor')
  skus = await freshSkus(q, 3)
  expect(skus.length).toBe(3)
  shelves = await demoShelves(q, 12, { empty: true })
  expect(shelves.length).toBe(12)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('count-line import', () => {
  it('the template carries the translated headers', async () => {
    const r = await admin.get(COUNT_API.importTemplate)
    expect(r.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    expect((wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))).toEqual(HEAD)
  })

  it('names every bad row in one pass and writes nothing; the fixed sheet writes all lines in one transaction, blind; approval posts the difference', async () => {
    const [a, b] = skus
    await stock(a!.id, 0, 7)
    await stock(b!.id, 1, 3)
    const p = await ok(admin, 'count.plan.create', { locationCodes: [shelves[0]!.code, shelves[1]!.code, shelves[2]!.code] })
    const task = p.tasks[0] as string
    const other = await ok(admin, 'count.plan.create', { locationCodes: [shelves[3]!.code] })
    // The other plan's task is being counted by the admin: the supervisor may not import into it.
    await ok(admin, 'count.task.claim', { taskNo: other.tasks[0] })
    const before = await lineCount()
    const bad = await dryRun(counter, [
      [task, shelves[0]!.code, a!.code, 5],              // 2 fine
      [task, shelves[9]!.code, a!.code, 1],              // 3 location not in the task
      ['PT0000000000', shelves[0]!.code, a!.code, 1],    // 4 no such task
      [task, shelves[1]!.code, 'NO-SUCH-SKU-X', 1],      // 5 unknown SKU
      [task, shelves[1]!.code, b!.code, 'many'],         // 6 not a number
      [task, shelves[1]!.code, b!.code, -2],             // 7 out of range
      [task, shelves[2]!.code, '', 4],                   // 8 quantity without a SKU
      [other.tasks[0], shelves[3]!.code, a!.code, 1],    // 9 someone else's task
      ['', shelves[2]!.code, a!.code, 1],                // 10 no task
      [task, shelves[1]!.code, b!.code, ''],             // 11 no quantity
    ])
    expect(bad.total).toBe(10)
    expect(bad.rows).toEqual([])
    const byRow = (row: number) => bad.errors.filter((e) => e.row === row).map((e) => `${e.field}:${e.messageKey}`)
    expect(byRow(2)).toEqual([])
    expect(byRow(3)).toEqual(['locationCode:stocktake:errors.wrongLocation'])
    expect(byRow(4)).toEqual(['taskNo:stocktake:errors.taskNotFound'])
    expect(byRow(5)).toEqual(['code:stocktake:errors.unknownSku'])
    expect(byRow(6)).toEqual(['qty:stocktake:import.qtyInteger'])
    expect(byRow(7)).toEqual(['qty:stocktake:import.qtyRange'])
    expect(byRow(8)).toEqual(['code:stocktake:import.skuRequired'])
    expect(byRow(9)).toEqual(['taskNo:stocktake:errors.claimedByOther'])
    expect(byRow(10)).toEqual(['taskNo:errors:field.required'])
    expect(byRow(11)).toEqual(['qty:errors:field.required'])
    expect(bad.errors.find((e) => e.row === 5)!.message).toContain('NO-SUCH-SKU-X')
    expect(bad.errors.find((e) => e.row === 3)!.message).toContain(shelves[9]!.code)
    blind(bad)
    expect(await lineCount()).toBe(before)
    expect(Number((await one<{ status: number }>('SELECT status FROM count_task WHERE task_no = $1', [task])).status)).toBe(S.Unclaimed)

    // The fixed sheet: two rows of one SKU add up, a location confirmed empty (no SKU, quantity 0).
    const good = await dryRun(counter, [
      [task, shelves[0]!.code, a!.code, 3],
      [task, shelves[0]!.code, a!.code, 2],
      [task, shelves[1]!.code, b!.code, 4],
      [task, shelves[2]!.code, '', 0],
    ])
    expect(good.errors).toEqual([])
    expect(good).toMatchObject({ total: 4, tasks: 1, creates: 2 })
    blind(good)
    const imp = await ok(counter, 'count.lines.import', { rows: good.rows })
    expect(imp).toEqual({ lines: 2, emptyLocations: 1, tasks: [{ taskNo: task, lines: 2, locationsLeft: 0 }] })
    blind(imp)
    const row = await one<{ status: number; claimed_by_name: string }>('SELECT status, claimed_by_name FROM count_task WHERE task_no = $1', [task])
    expect(row).toMatchObject({ status: S.InventoryToBeCounted, claimed_by_name: 'supervisor' })
    const lines = await q<{ sku_id: number; counted_qty: number; ledger_position: string }>(
      'SELECT c.sku_id, c.counted_qty, c.ledger_position FROM count_line c JOIN count_task t ON t.id = c.task_id WHERE t.task_no = $1 ORDER BY c.sku_id', [task])
    expect(lines.map((l) => [Number(l.sku_id), Number(l.counted_qty)]).sort()).toEqual([[a!.id, 5], [b!.id, 4]].sort())
    expect(lines.every((l) => Number(l.ledger_position) > 0)).toBe(true)
    // The station's view of the task shows what the import counted, blind.
    const view = (await counter.get(COUNT_API.task(task))).json().data
    blind(view)
    expect(view.locations.every((l: any) => l.visited)).toBe(true)

    await ok(counter, 'count.task.submit', { taskNo: task })
    // The importer counted it: four eyes.
    await expectRefused(counter, 'count.task.approve', { taskNo: task }, 409, 'stocktake:errors.fourEyes')
    const approved = await ok(admin, 'count.task.approve', { taskNo: task })
    expect(approved).toMatchObject({ surplus: 1, loss: 2 })
    expect(await onHand(a!.id, 0)).toBe(5)
    expect(await onHand(b!.id, 1)).toBe(4)
    const bal = await one<{ id: number }>('SELECT id FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = 1', [a!.id, shelves[0]!.id])
    const ex = await explainBalance(t.database.db, scope, Number(bal.id))
    expect(ex!.entries.filter((e) => e.docNo === task).map((e) => [e.reason, e.deltaOnHand])).toEqual([['countLoss', -2]])
    await invariantsClean()
    // Leave the other plan out of the pool.
    await ok(admin, 'count.plan.cancel', { planNo: other.planNo })
  })

  it('a commit whose lines went bad since the dry run writes nothing and names the line', async () => {
    const [a] = skus
    const p = await ok(admin, 'count.plan.create', { locationCodes: [shelves[4]!.code, shelves[5]!.code] })
    const task = p.tasks[0] as string
    const good = await dryRun(counter, [[task, shelves[4]!.code, a!.code, 2], [task, shelves[5]!.code, a!.code, 1]])
    expect(good.errors).toEqual([])
    // Meanwhile the admin claims the task.
    await ok(admin, 'count.task.claim', { taskNo: task })
    const before = await lineCount()
    const r = await counter.cmd('count.lines.import', { rows: good.rows })
    expect(r.statusCode, r.body).toBe(400)
    expect(r.json().messageKey).toBe('resources:import.invalid')
    expect(r.json().errors.map((e: any) => e.field)).toEqual(['rows.0.taskNo', 'rows.1.taskNo'])
    expect(r.json().errors[0].messageKey).toBe('stocktake:errors.claimedByOther')
    expect(await lineCount()).toBe(before)
    // A malformed line is refused by the command's schema, naming it.
    const m = await counter.cmd('count.lines.import', { rows: [[2, task, shelves[4]!.code, a!.code, -1]] })
    expect(m.statusCode).toBe(400)
    expect(JSON.stringify(m.json().errors)).toContain('rows.0.4')
    await ok(admin, 'count.plan.cancel', { planNo: p.planNo })
    await invariantsClean()
  })
})

describe('plan cancel', () => {
  it('cancels a plan nothing of which was submitted (→ Invalid with its open tasks, locations free again); refuses otherwise with the machine reason', async () => {
    const [a] = skus
    await stock(a!.id, 6, 2)
    const p = await ok(admin, 'count.plan.create', { locationCodes: [shelves[6]!.code, shelves[7]!.code], locationsPerTask: 1 })
    expect(p.tasks.length).toBe(2)
    await ok(counter, 'count.task.claim', { taskNo: p.tasks[0] })
    await ok(counter, 'count.scan', { taskNo: p.tasks[0], locationCode: shelves[6]!.code, code: a!.code })
    // The plan row carries what the machine reads.
    const row = (await admin.get(`${COUNT_API.plans}?planNo=${p.planNo}`)).json().data.records[0]
    expect(row).toMatchObject({ planNo: p.planNo, status: S.InventoryToBeCounted, submittedTasks: 0 })
    const c = await ok(admin, 'count.plan.cancel', { planNo: p.planNo, note: 'wrong aisle' })
    expect(c).toEqual({ planNo: p.planNo, status: S.Invalid, tasks: p.tasks })
    const tasks = await q<{ status: number }>('SELECT t.status FROM count_task t JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1', [p.planNo])
    expect(tasks.map((x) => Number(x.status))).toEqual([S.Invalid, S.Invalid])
    // The counter can no longer scan it; nothing was posted.
    await expectRefused(counter, 'count.scan', { taskNo: p.tasks[0], locationCode: shelves[6]!.code, code: a!.code }, 409, 'stocktake:errors.countStatus')
    expect(await onHand(a!.id, 6)).toBe(2)
    // Cancelled: not again.
    await expectRefused(admin, 'count.plan.cancel', { planNo: p.planNo }, 409, 'stocktake:errors.cancelStatus')
    // Its locations may be counted again.
    const again = await ok(admin, 'count.plan.create', { locationCodes: [shelves[6]!.code] })
    // A plan with a submitted task is not cancelled.
    await ok(counter, 'count.task.claim', { taskNo: again.tasks[0] })
    await ok(counter, 'count.scan', { taskNo: again.tasks[0], locationCode: shelves[6]!.code, code: a!.code, qty: 2 })
    await ok(counter, 'count.task.submit', { taskNo: again.tasks[0] })
    const refusal = await expectRefused(admin, 'count.plan.cancel', { planNo: again.planNo }, 409, 'stocktake:errors.cancelStatus')
    expect(refusal.responseDesc).toContain(again.planNo)
    await expectRefused(admin, 'count.plan.cancel', { planNo: 'PD0000000000' }, 404, 'stocktake:errors.planNotFound')
    await ok(admin, 'count.task.approve', { taskNo: again.tasks[0] })
    expect(await onHand(a!.id, 6)).toBe(2)
    await invariantsClean()
  })
})

describe('go to document', () => {
  it('finds a count plan by PD and a count task by PT, opening check-detail; another warehouse does not', async () => {
    const p = await ok(admin, 'count.plan.create', { locationCodes: [shelves[8]!.code] })
    for (const [no, type] of [[p.planNo, 'countPlan'], [p.tasks[0], 'countTask']] as const) {
      const data = (await admin.get(`/api/search/documents?q=${no}`)).json().data
      const hit = (data.hits ?? data).find((h: any) => h.type === type)
      expect(hit, no).toMatchObject({ number: no, path: `/in-house-work/check-manager/check-detail?no=${no}`, status: S.Unclaimed })
      // A part of the number finds it too.
      const part = (await admin.get(`/api/search/documents?q=${no.slice(0, 8)}`)).json().data
      expect(JSON.stringify(part)).toContain(no)
      const elsewhere = await admin.in({ warehouseId: 168 }).get(`/api/search/documents?q=${no}`)
      expect(JSON.stringify(elsewhere.json().data)).not.toContain(no)
    }
    await ok(admin, 'count.plan.cancel', { planNo: p.planNo })
  })
})
