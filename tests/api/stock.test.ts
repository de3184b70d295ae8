// The stock list, `explain` and the invariant check over the real API: balances written through the
// ledger show with their SKU/location/area, filters narrow them, explain returns the ledger rows of one
// balance and never another warehouse's, and permissions gate each call.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { addStock, moveStock, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let skuCode: string
let locCodes: string[]

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const locs = await t.database.query<{ id: number; code: string }>(`SELECT id, code FROM location WHERE tenant_id = 1 AND warehouse_id = 26 ORDER BY code LIMIT 2`)
  const [sku] = await t.database.query<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY sku_code DESC LIMIT 1`)
  skuCode = sku!.sku_code
  locCodes = locs.map((l) => l.code)
  const op = { userId: 1, username: 'admin' }
  const key = { tenantId: 1, warehouseId: 26, locationId: locs[0]!.id, skuId: sku!.id, batchNo: 'LOT-7' }
  await t.database.tx(async (tx) => {
    await addStock(tx, key, 12, { docType: 'RK', docNo: 'RK-TEST-1', docLine: 1 }, op)
    await moveStock(tx, key, { locationId: locs[1]!.id, stockStatus: StockStatus.Defective }, 2, { docType: 'QC', docNo: 'QC-TEST-1', docLine: 1 }, op)
  })
}, 120_000)
afterAll(async () => { await t?.close() })

describe('stock list', () => {
  it('lists balances with their SKU, location and status, filtered by SKU, status and location', async () => {
    const r = await admin.get(`/api/stock/list?skuCode=${skuCode}&sort=locationCode:asc`)
    expect(r.statusCode, r.body).toBe(200)
    const { records, total } = r.json().data
    expect(total).toBe(2)
    expect(records.map((x: any) => [x.locationCode, x.batchNo, x.stockStatus, x.onHand, x.locked, x.available])).toEqual([
      // Defective stock is on hand, never available (issue 18: only normal stock is).
      [locCodes[0], 'LOT-7', 1, 10, 0, 10], [locCodes[1], 'LOT-7', 2, 2, 0, 0],
    ])
    const defective = (await admin.get(`/api/stock/list?skuCode=${skuCode}&stockStatus=2`)).json().data
    expect(defective.records.map((x: any) => x.locationCode)).toEqual([locCodes[1]])
    expect((await admin.get(`/api/stock/list?locationCode=${locCodes[1]}&batchNo=LOT-7`)).json().data.total).toBe(1)
    // Another warehouse sees none of it.
    expect((await admin.in({ warehouseId: 168 }).get(`/api/stock/list?skuCode=${skuCode}`)).json().data.total).toBe(0)
  })

  it('refuses an unknown status and a half range, naming the field', async () => {
    const r = await admin.get('/api/stock/list?stockStatus=9')
    expect(r.statusCode).toBe(400)
    expect(r.json().errors[0].field).toMatch(/^stockStatus/)
    const h = await admin.get('/api/stock/list?onHandMin=1')
    expect(h.statusCode).toBe(400)
    expect(h.json().errors[0].field).toBe('onHandMax')
  })

  it('explains one balance with its ledger rows; 404 from another warehouse; 403 without the permission', async () => {
    const { records } = (await admin.get(`/api/stock/list?skuCode=${skuCode}&stockStatus=1`)).json().data
    const id = records[0].id
    const r = await admin.get(`/api/stock/balances/${id}/explain`)
    expect(r.statusCode, r.body).toBe(200)
    const ex = r.json().data
    expect(ex.balance).toMatchObject({ skuCode, locationCode: locCodes[0], onHand: 10, locked: 0, batchNo: 'LOT-7' })
    expect(ex.entries.map((e: any) => [e.docNo, e.deltaOnHand, e.onHandAfter, e.operatorName])).toEqual([
      ['QC-TEST-1', -2, 10, 'admin'], ['RK-TEST-1', 12, 12, 'admin'],
    ])
    const other = await admin.in({ warehouseId: 168 }).get(`/api/stock/balances/${id}/explain`)
    expect(other.statusCode).toBe(404)
    expect(other.body).not.toContain(skuCode)
    const picker = await apiAs(t, 'picker')
    expect((await picker.get(`/api/stock/balances/${id}/explain`)).statusCode).toBe(403)
  })

  it('runs the invariant check as an admin command and refuses it to an operator', async () => {
    const r = await admin.cmd('stock.invariants.check', {})
    expect(r.statusCode, r.body).toBe(200)
    // Every balance and ledger row of the admin's tenant+warehouse (the demo seed's finished order adds
    // its own), this file's two balances and three rows among them.
    const [n] = await t.database.query<{ b: string; l: string }>(`SELECT
      (SELECT count(*) FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26) AS b,
      (SELECT count(*) FROM inventory_ledger WHERE tenant_id = 1 AND warehouse_id = 26) AS l`)
    expect(Number(n!.b)).toBeGreaterThanOrEqual(2)
    expect(r.json().data).toMatchObject({ balances: Number(n!.b), ledgerRows: Number(n!.l), violations: [] })
    // A balance edited behind the ledger's back is named by the check.
    const [bal] = await t.database.query<{ id: number }>(`SELECT b.id FROM inventory_balance b JOIN product_sku s ON s.id = b.sku_id
      WHERE s.sku_code = $1 AND b.stock_status = 2`, [skuCode])
    await t.database.query(`UPDATE inventory_balance SET on_hand = on_hand + 5 WHERE id = $1`, [bal!.id])
    try {
      const bad = (await admin.cmd('stock.invariants.check', {})).json().data
      expect(bad.violations).toContainEqual(expect.objectContaining({ balanceId: Number(bal!.id), kind: 'onHandVsLedger', expected: 2, actual: 7 }))
    } finally {
      await t.database.query(`UPDATE inventory_balance SET on_hand = on_hand - 5 WHERE id = $1`, [bal!.id])
    }
    const picker = await apiAs(t, 'picker')
    expect((await picker.cmd('stock.invariants.check', {})).statusCode).toBe(403)
  })
})
