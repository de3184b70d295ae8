// The ledger service over a real database (PGlite, and PostgreSQL in CI): balances move only through
// it, every change leaves a ledger row, the database refuses oversells, and the invariant check
// proves balance = Σ ledger and locked = Σ open reservations — and catches a tampered balance.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import {
  addStock, removeStock, moveStock, reserveStock, releaseReservation, consumeReservation, explainBalance, checkInvariants, freeQty, StockStatus,
  type StockKey,
} from '../../src/server/inventory/ledger'
import { AppError } from '../../src/server/http/errors'

let t: TestApp
let key: StockKey
let other: StockKey
const op = { userId: 1, username: 'admin' }
const scope = { tenantId: 1, warehouseId: 26 }

beforeAll(async () => {
  t = await createTestApp()
  const locs = await t.database.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 ORDER BY code LIMIT 2`)
  const [sku] = await t.database.query<{ id: number }>(`SELECT id FROM product_sku WHERE tenant_id = 1 ORDER BY sku_code LIMIT 1`)
  key = { ...scope, locationId: locs[0]!.id, skuId: sku!.id, batchNo: 'B-LEDGER' }
  other = { ...key, locationId: locs[1]!.id }
}, 60_000)
afterAll(async () => { await t?.close() })

const refusal = async (p: Promise<unknown>) => { try { await p } catch (e) { return e } throw new Error('expected a refusal') }

describe('inventory ledger', () => {
  it('receives, moves, reserves, consumes and releases with one ledger row per balance change', async () => {
    await t.database.tx(async (tx) => {
      await addStock(tx, key, 10, { docType: 'TEST', docNo: 'T-1', docLine: 1 }, op)
      await moveStock(tx, key, { locationId: other.locationId }, 4, { docType: 'TEST', docNo: 'T-2' }, op)
      await moveStock(tx, other, { stockStatus: StockStatus.Defective }, 1, { docType: 'TEST', docNo: 'T-3' }, op)
    })
    expect(await freeQty(t.database.db, key)).toBe(6)
    expect(await freeQty(t.database.db, other)).toBe(3)
    expect(await freeQty(t.database.db, { ...other, stockStatus: StockStatus.Defective })).toBe(1)

    const resId = await t.database.tx((tx) => reserveStock(tx, key, 5, { docType: 'TEST', docNo: 'O-1', docLine: 1 }, op))
    expect(await freeQty(t.database.db, key)).toBe(1)
    // Reserved stock cannot be taken by anyone else.
    const e = await refusal(t.database.tx((tx) => removeStock(tx, key, 2, { docType: 'TEST', docNo: 'T-4' }, op)))
    expect(e).toBeInstanceOf(AppError)
    expect((e as AppError).status).toBe(409)
    expect((e as AppError).params).toMatchObject({ available: 1, requested: 2 })

    await t.database.tx((tx) => consumeReservation(tx, scope, resId, 3, { docType: 'TEST', docNo: 'O-1', docLine: 1 }, op))
    await t.database.tx((tx) => releaseReservation(tx, scope, resId, { docType: 'TEST', docNo: 'O-1', docLine: 1 }, op))
    expect(await freeQty(t.database.db, key)).toBe(3)
    await expect(t.database.tx((tx) => releaseReservation(tx, scope, resId, { docType: 'TEST', docNo: 'O-1' }, op))).rejects.toMatchObject({ messageKey: 'inventory:errors.reservationClosed' })

    const [bal] = await t.database.query<{ id: string }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND sku_id = $2 AND batch_no = 'B-LEDGER' AND stock_status = 1`, [key.locationId, key.skuId])
    const ex = await explainBalance(t.database.db, scope, Number(bal!.id))
    expect(ex!.balance).toMatchObject({ onHand: 3, locked: 0 })
    // Newest first: release, consume, reserve, move out, receipt.
    expect(ex!.entries.map((r) => [r.docNo, r.deltaOnHand, r.deltaLocked, r.onHandAfter, r.lockedAfter])).toEqual([
      ['O-1', 0, -2, 3, 0], ['O-1', -3, -3, 3, 2], ['O-1', 0, 5, 6, 5], ['T-2', -4, 0, 6, 0], ['T-1', 10, 0, 10, 0],
    ])
    expect(ex!.entries.every((r) => r.operatorName === 'admin')).toBe(true)
    // Another warehouse's balance is not explained.
    expect(await explainBalance(t.database.db, { tenantId: 1, warehouseId: 168 }, Number(bal!.id))).toBeUndefined()

    const inv = await checkInvariants(t.database.db, scope)
    expect(inv.violations).toEqual([])
    expect(inv.balances).toBeGreaterThanOrEqual(3)
  })

  it('refuses a removal from an empty key and a non-positive quantity, writing nothing', async () => {
    const before = await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM inventory_ledger`)
    const empty = { ...key, batchNo: 'NONE' }
    await expect(t.database.tx((tx) => removeStock(tx, empty, 1, { docType: 'TEST', docNo: 'X' }, op))).rejects.toMatchObject({ status: 409, params: { available: 0, requested: 1 } })
    await expect(t.database.tx((tx) => addStock(tx, key, 0, { docType: 'TEST', docNo: 'X' }, op))).rejects.toMatchObject({ status: 400 })
    // A refusal after a successful step rolls the whole transaction back.
    await expect(t.database.tx(async (tx) => {
      await addStock(tx, key, 2, { docType: 'TEST', docNo: 'X' }, op)
      await removeStock(tx, empty, 1, { docType: 'TEST', docNo: 'X' }, op)
    })).rejects.toBeInstanceOf(AppError)
    const after = await t.database.query<{ n: string }>(`SELECT count(*) AS n FROM inventory_ledger`)
    expect(after[0]!.n).toBe(before[0]!.n)
    expect(await freeQty(t.database.db, key)).toBe(3)
  })

  it('the database refuses negative stock, locked above on-hand and ledger rewrites even past the service', async () => {
    const [bal] = await t.database.query<{ id: string }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND batch_no = 'B-LEDGER' AND stock_status = 1`, [key.locationId])
    await expect(t.database.query(`UPDATE inventory_balance SET on_hand = -1 WHERE id = $1`, [bal!.id])).rejects.toThrow(/violates check constraint "inventory_balance_(on_hand|locked)_ck"/)
    await expect(t.database.query(`UPDATE inventory_balance SET locked = on_hand + 1 WHERE id = $1`, [bal!.id])).rejects.toThrow(/inventory_balance_locked_ck/)
    await expect(t.database.query(`UPDATE inventory_ledger SET delta_on_hand = 99 WHERE balance_id = $1`, [bal!.id])).rejects.toThrow(/append-only/)
    await expect(t.database.query(`DELETE FROM inventory_ledger WHERE balance_id = $1`, [bal!.id])).rejects.toThrow(/append-only/)
  })

  it('the invariant check names a balance written around the ledger', async () => {
    const [bal] = await t.database.query<{ id: string }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND batch_no = 'B-LEDGER' AND stock_status = 1`, [key.locationId])
    await t.database.query(`UPDATE inventory_balance SET on_hand = on_hand + 1 WHERE id = $1`, [bal!.id])
    const inv = await checkInvariants(t.database.db, scope)
    expect(inv.violations).toContainEqual({ balanceId: Number(bal!.id), kind: 'onHandVsLedger', expected: 3, actual: 4 })
    await t.database.query(`UPDATE inventory_balance SET on_hand = on_hand - 1 WHERE id = $1`, [bal!.id])
    expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
  })
})

describe('document numbers', () => {
  it('count per prefix and day, never repeat under concurrency', async () => {
    const { nextDocNo } = await import('../../src/server/inventory/doc-no')
    const day = new Date('2026-11-22T10:00:00Z')
    const nos = await Promise.all(Array.from({ length: 8 }, () => t.database.tx((tx) => nextDocNo(tx, scope, 'ZZ', day))))
    expect(new Set(nos).size).toBe(8)
    expect([...nos].sort()[0]).toBe('ZZ2611220001')
    expect(await t.database.tx((tx) => nextDocNo(tx, { tenantId: 1, warehouseId: 168 }, 'ZZ', day))).toBe('ZZ2611220001')
  })
})
