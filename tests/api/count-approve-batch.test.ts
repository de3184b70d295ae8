// The set-based count approval (issue 20 bench, bench/count-apply.ts) over the real database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): changeStockBatch keeps addStock/removeStock's guarantees change by
// change — per key in the order given, a ledger row per change with the balance right after it, a key's
// free stock must cover its lowest point (reserved stock is never taken), a refusal names the numbers and
// the transaction leaves nothing written — and count.task.approve refuses a loss that would take reserved
// stock, naming the location and SKU, without posting any line of the task.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { addStock, changeStockBatch, checkInvariants, explainBalance, freeQty, releaseReservation, reserveStock, StockStatus, type StockKey } from '../../src/server/inventory/ledger'
import { AppError } from '../../src/server/http/errors'
import { CountPlanStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let counter: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const doc = (docNo: string) => ({ docType: 'TEST', docNo, reason: 'other' as const, reasonParams: { text: docNo } })
const keyOf = (shelf: number, sku: number, extra: Partial<StockKey> = {}): StockKey => ({ ...scope, locationId: shelves[shelf]!.id, skuId: skus[sku]!.id, ...extra })
const refusal = async (p: Promise<unknown>) => { try { await p } catch (e) { return e } throw new Error('expected a refusal') }
async function history(key: StockKey, docNo: string) {
  const [b] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND sku_id = $2 AND batch_no = $3 AND stock_status = $4`,
    [key.locationId, key.skuId, key.batchNo ?? '', key.stockStatus ?? StockStatus.Normal])
  if (!b) return []
  return (await explainBalance(t.database.db, scope, Number(b.id)))!.entries.filter((e) => e.docNo === docNo).reverse().map((e) => [e.deltaOnHand, e.onHandAfter, e.lockedAfter])
}
async function invariantsClean() {
  expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  counter = await apiAs(t, 'supervisor')
  skus = await freshSkus(q, 3)
  expect(skus.length).toBe(3)
  shelves = await demoShelves(q, 3, { empty: true })
  expect(shelves.length).toBe(3)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('changeStockBatch', () => {
  it('applies changes per key in order, one ledger row each with the balance after it; a new key starts at 0', async () => {
    const a = keyOf(0, 0), b = keyOf(0, 1)
    await t.database.tx(async (tx) => {
      await addStock(tx, a, 10, doc('B-SETUP'), op)
      await reserveStock(tx, a, 4, doc('B-RES'), op)
    })
    // a: 10 on hand, 4 locked (6 free); −3, +2, −4 dips to −5 below its start: covered by the 6 free.
    const r = await t.database.tx((tx) => changeStockBatch(tx, [
      { key: a, delta: -3, doc: doc('B-1') }, { key: b, delta: 5, doc: doc('B-1') }, { key: a, delta: 2, doc: doc('B-1') },
      { key: b, delta: -1, doc: doc('B-1') }, { key: a, delta: -4, doc: doc('B-1') },
    ], op))
    expect(r).toEqual({ keys: 2, rows: 5 })
    expect(await history(a, 'B-1')).toEqual([[-3, 7, 4], [2, 9, 4], [-4, 5, 4]])
    expect(await history(b, 'B-1')).toEqual([[5, 5, 0], [-1, 4, 0]])
    expect(await freeQty(t.database.db, a)).toBe(1)
    const [row] = await q<{ reason: string; reason_params: unknown; operator_name: string }>(`SELECT reason, reason_params, operator_name FROM inventory_ledger WHERE doc_no = 'B-1' LIMIT 1`)
    expect(row).toMatchObject({ reason: 'other', operator_name: 'admin' })
    expect(typeof row!.reason_params === 'string' ? JSON.parse(row!.reason_params) : row!.reason_params).toEqual({ text: 'B-1' })
    await invariantsClean()
  })

  it('never takes reserved stock: a key short at its lowest point refuses with the numbers and the transaction writes nothing', async () => {
    const a = keyOf(0, 0), b = keyOf(0, 1), c = keyOf(1, 0)
    // a has 1 free (5 on hand, 4 locked): +1 then −3 dips to −2 → refused, available 1, requested 2.
    const e = await refusal(t.database.tx((tx) => changeStockBatch(tx, [
      { key: b, delta: 3, doc: doc('B-2') }, { key: c, delta: 7, doc: doc('B-2') }, { key: a, delta: 1, doc: doc('B-2') }, { key: a, delta: -3, doc: doc('B-2') },
    ], op)))
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).status).toBe(409)
    expect((e as AppError).messageKey).toBe('inventory:errors.insufficient')
    expect((e as AppError).params).toMatchObject({ available: 1, requested: 2 })
    expect(await freeQty(t.database.db, a)).toBe(1)
    expect(await freeQty(t.database.db, b)).toBe(4)
    expect(await freeQty(t.database.db, c)).toBe(0)
    expect((await q(`SELECT 1 FROM inventory_ledger WHERE doc_no = 'B-2'`)).length).toBe(0)
    // A removal from a key with no balance is refused too (nothing to take).
    const none = await refusal(t.database.tx((tx) => changeStockBatch(tx, [{ key: keyOf(2, 2), delta: -1, doc: doc('B-3') }], op)))
    expect((none as AppError).params).toMatchObject({ available: 0, requested: 1 })
    // A zero or fractional change is bad input, not a ledger row.
    await expect(t.database.tx((tx) => changeStockBatch(tx, [{ key: a, delta: 0, doc: doc('B-4') }], op))).rejects.toMatchObject({ messageKey: 'inventory:errors.qtyPositive' })
    await expect(t.database.tx((tx) => changeStockBatch(tx, [{ key: a, delta: -1.5, doc: doc('B-4') }], op))).rejects.toMatchObject({ messageKey: 'inventory:errors.qtyPositive' })
    await invariantsClean()
  })
})

describe('count.task.approve (set-based)', () => {
  it('refuses a loss that would take reserved stock, naming the location and SKU, and posts no line of the task; approves once the reservation allows', async () => {
    // Shelf 2: SKU 2 has 10 on hand, 8 reserved; SKU 1 has 3. Counted: SKU 2 → 1 (a loss of 9, only 2 free), SKU 1 → 6 (a surplus of 3).
    const short = keyOf(2, 2), surplus = keyOf(2, 1)
    const resId = await t.database.tx(async (tx) => {
      await addStock(tx, short, 10, doc('C-SETUP'), op)
      await addStock(tx, surplus, 3, doc('C-SETUP'), op)
      return reserveStock(tx, short, 8, doc('C-RES'), op)
    })
    const p = await expectOk(admin, 'count.plan.create', { locationCodes: [shelves[2]!.code] })
    const taskNo = p.tasks[0] as string
    await expectOk(counter, 'count.task.claim', { taskNo })
    await expectOk(counter, 'count.scan', { taskNo, locationCode: shelves[2]!.code, code: skus[2]!.code, qty: 1 })
    await expectOk(counter, 'count.scan', { taskNo, locationCode: shelves[2]!.code, code: skus[1]!.code, qty: 6 })
    await expectOk(counter, 'count.task.submit', { taskNo })
    const env = await expectRefused(admin, 'count.task.approve', { taskNo }, 409, 'stocktake:errors.lossReserved')
    // The message names the task, the SKU, the location and what is short (9 to write off, 2 free → 7).
    expect(env.responseDesc).toContain(`Count task ${taskNo}: 7 of ${skus[2]!.code} at ${shelves[2]!.code} are reserved`)
    // Nothing written: neither the surplus of the other line nor any line's expected quantity; the task still waits.
    expect(await freeQty(t.database.db, surplus)).toBe(3)
    expect(await freeQty(t.database.db, short)).toBe(2)
    expect((await q(`SELECT 1 FROM inventory_ledger WHERE doc_no = $1`, [taskNo])).length).toBe(0)
    expect((await q(`SELECT 1 FROM count_line c JOIN count_task t ON t.id = c.task_id WHERE t.task_no = $1 AND c.expected_qty IS NOT NULL`, [taskNo])).length).toBe(0)
    expect(Number((await one<{ status: number }>(`SELECT status FROM count_task WHERE task_no = $1`, [taskNo])).status)).toBe(S.WaitingForApproval)

    // 5 of the 8 reserved released: 7 free < the loss of 9, still refused; 2 more: 9 free, approved.
    await t.database.tx((tx) => releaseReservation(tx, scope, resId, doc('C-RES'), op, 5))
    await expectRefused(admin, 'count.task.approve', { taskNo }, 409, 'stocktake:errors.lossReserved')
    await t.database.tx((tx) => releaseReservation(tx, scope, resId, doc('C-RES'), op, 2))
    const a = await expectOk(admin, 'count.task.approve', { taskNo })
    expect(a).toMatchObject({ taskNo, status: S.Finished, lines: 2, surplus: 3, loss: 9, released: 0 })
    expect(await freeQty(t.database.db, surplus)).toBe(6)
    expect(await history(short, taskNo)).toEqual([[-9, 1, 1]])
    expect(await history(surplus, taskNo)).toEqual([[3, 6, 0]])
    await invariantsClean()
  })
})
