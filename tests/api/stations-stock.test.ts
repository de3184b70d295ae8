// Issue 18 §5 over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
//  - receiving takes a burst: three receipts of one SKU sent back to back are three units (no "scan too
//    fast" on the server; the double-read guard is an explicit setting, off by default, applied at the
//    station) — also with the guard set;
//  - frozen stock (a short pick's) is never available: the stock list shows it with available 0, and a
//    new order for that SKU is not allocated from it;
//  - the ledger's reasons are codes with params (pick → { taskNo }), rows written before read into the
//    same codes, and the explain names the document kind, never an English sentence;
//  - the shelving station's location check refuses an unknown location naming the code;
//  - the outbound order form's code check names the code and the line;
//  - a shipper (face sheet print) lists the enabled printers of its pair through the route made for it,
//    without printer management; a role without any print permission is refused.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'
import { ledgerReason } from '../../src/domain/ledger-reasons'
import { PRINTERS_API } from '../../src/domain/print'
import { shelvingLocationUrl } from '../../commands/shelving'
import { OUTBOUND_ORDER_API } from '../../commands/outbound-orders'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'

let t: TestApp
let admin: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = await freshSkus(q, 3, { enabled: true, noInbound: true })
  expect(skus.length).toBe(3)
  shelves = await demoShelves(q, 2)
  expect(shelves.length).toBe(2)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('receiving bursts', () => {
  it('three receipts of one SKU sent back to back are three units; the double-read guard set changes nothing on the server', async () => {
    const sku = skus[0]!
    const order = async (no: string) => {
      const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
        VALUES (1, 26, $1, 1, 2, 5, now()) RETURNING id`, [no])
      await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 5)`, [o!.id, sku.id])
    }
    const received = async (no: string) => Number((await one<{ r: number }>(`SELECT l.received_qty AS r FROM inbound_order_line l JOIN inbound_order o ON o.id = l.order_id WHERE o.order_no = $1`, [no])).r)
    // The default is off (migration 0041: the old 250 ms default went back to 0).
    const settings = (await admin.get('/api/inbound/settings')).json().data
    expect(settings.minScanIntervalMs).toBe(0)

    await order('RK9912310001')
    const burst = await Promise.all([1, 2, 3].map(() => admin.cmd('inbound.receive', { orderNo: 'RK9912310001', code: sku.code })))
    expect(burst.map((r) => r.statusCode), burst.map((r) => r.body).join('\n')).toEqual([200, 200, 200])
    expect(await received('RK9912310001')).toBe(3)

    // With the guard set the server still applies every scan it gets: the guard drops double reads at the
    // station, which alone knows when each code was read.
    const save = (minScanIntervalMs: number) => expectOk(admin, 'inbound.settings.save', {
      receivingLocationCode: settings.receivingLocationCode ?? null, storageMode: settings.storageMode, coStorage: settings.coStorage, forbidXbMix: settings.forbidXbMix,
      minScanIntervalMs, inboundTimeoutHours: settings.inboundTimeoutHours, unloadingTimeoutHours: settings.unloadingTimeoutHours, shelvingTimeoutHours: settings.shelvingTimeoutHours,
    })
    await save(250)
    await order('RK9912310002')
    for (let i = 0; i < 3; i++) await expectOk(admin, 'inbound.receive', { orderNo: 'RK9912310002', code: sku.code })
    expect(await received('RK9912310002')).toBe(3)
    const task = (await admin.get('/api/inbound/receiving/RK9912310002')).json().data
    expect(task.settings.minScanIntervalMs).toBe(250)
    await save(0)
  })
})

describe('frozen stock and the ledger', () => {
  it('a short pick freezes the unit: available 0 in the stock list, a new order is not allocated from it; the reasons are codes', async () => {
    const sku = skus[1]!
    await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[0]!.id, skuId: sku.id }, 2, { docType: 'TEST', docNo: 'T-FROZEN' }, op))
    const o = await expectOk(admin, 'outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku.code, qty: 2 }] })
    await expectOk(admin, 'outbound.order.validate', { ids: [o.id] })
    const w = await expectOk(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
    const taskNo = w.tasks[0] as string
    await expectOk(admin, 'outbound.pickTask.claim', { taskNo })
    const view = (await admin.get(`/api/outbound/picking-tasks/by-no/${taskNo}`)).json().data
    await expectOk(admin, 'outbound.pick.scan', { taskNo, locationCode: view.next.locationCode, code: sku.code })
    // The second unit is not there: a short pick of 1 freezes it at the shelf.
    await expectOk(admin, 'outbound.pick.short', { taskNo, lineId: view.next.lineId, qty: 1 })

    const list = (await admin.get(`/api/stock/list?skuCode=${encodeURIComponent(sku.code)}&size=50`)).json().data.records as { locationCode: string; stockStatus: number; onHand: number; locked: number; available: number }[]
    const frozen = list.find((r) => r.stockStatus === StockStatus.Frozen)
    expect(frozen).toMatchObject({ locationCode: shelves[0]!.code, onHand: 1, locked: 0, available: 0 })
    // The picked unit waits reserved at the picked-goods location: nothing available there either.
    expect(list.filter((r) => r.stockStatus === StockStatus.Normal).map((r) => r.available)).toEqual(list.filter((r) => r.stockStatus === StockStatus.Normal).map(() => 0))
    // Filtering on what is available shows the frozen unit as not available in the export column too.
    expect(list.every((r) => r.stockStatus === StockStatus.Normal || r.available === 0)).toBe(true)

    // A new order for the SKU: the only unit left is frozen, so nothing is allocated.
    const o2 = await expectOk(admin, 'outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Bo', address: '2 Main St', country: 'US', lines: [{ code: sku.code, qty: 1 }] })
    await expectOk(admin, 'outbound.order.validate', { ids: [o2.id] })
    expect(Number((await one<{ a: number }>('SELECT allocated_qty AS a FROM outbound_order WHERE id = $1', [o2.id])).a)).toBe(0)
    expect(Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE r.doc_no = $1 AND r.status = 0`, [o2.orderNo])).n)).toBe(0)

    // The order's ledger rows: reasons as codes with params — reserve, pick (with the task), short.
    const d = (await admin.get(OUTBOUND_ORDER_API.detail(o.orderNo))).json().data
    const reasons = (d.ledger as { docType: string; reason: string; reasonParams: Record<string, unknown> }[]).map((g) => [g.reason, g.reasonParams])
    expect(reasons).toContainEqual(['reserve', {}])
    expect(reasons).toContainEqual(['pick', { taskNo }])
    expect(reasons).toContainEqual(['short', { taskNo }])
    expect(d.ledger.every((g: { docType: string }) => g.docType === 'outboundOrder')).toBe(true)
    // No English sentence is stored: the text column holds the code, the params their own column.
    const stored = await q<{ reason: string; reason_params: unknown }>(`SELECT reason, reason_params FROM inventory_ledger WHERE doc_no = $1 ORDER BY id`, [o.orderNo])
    expect(stored.every((r) => /^[a-zA-Z-]+$/.test(r.reason))).toBe(true)

    // The frozen balance's explain: the short pick, by its code and task.
    const [fb] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE sku_id = $1 AND stock_status = $2`, [sku.id, StockStatus.Frozen])
    const ex = (await admin.get(`/api/stock/balances/${fb!.id}/explain`)).json().data
    expect(ex.entries[0]).toMatchObject({ docType: 'outboundOrder', docNo: o.orderNo, reason: 'short', reasonParams: { taskNo } })
    expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
  })

  it('rows written before reasons were codes read into the same codes; nothing stored is unknown to the tables', async () => {
    const sku = skus[2]!
    const b = await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[1]!.id, skuId: sku.id }, 1, { docType: 'openingBalance', docNo: 'INIT-TEST', reason: 'opening' }, op))
    // A row as the pre-0041 code wrote it — free text, no params (the ledger is append-only: rows are
    // added, never rewritten; the balance follows it so the invariants still hold).
    await q(`INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after, doc_type, doc_no, doc_line, reason, operator_name)
      SELECT id, 1, 26, 1, 0, on_hand + 1, locked, 'outboundOrder', 'CK9912310001', 1, 'pick JH9912310001', 'admin' FROM inventory_balance WHERE id = $1`, [b.id])
    await q('UPDATE inventory_balance SET on_hand = on_hand + 1 WHERE id = $1', [b.id])
    const ex = (await admin.get(`/api/stock/balances/${b.id}/explain`)).json().data
    expect(ex.entries.map((e: { reason: string; reasonParams: unknown; docType: string }) => [e.docType, e.reason, e.reasonParams])).toEqual([
      ['outboundOrder', 'pick', { taskNo: 'JH9912310001' }],
      ['openingBalance', 'opening', {}],
    ])
    // The demo's opening stock (written by the seed) reads as the opening balance.
    const [seeded] = await q<{ reason: string | null; doc_type: string; delta_on_hand: number; delta_locked: number }>(
      `SELECT reason, doc_type, delta_on_hand, delta_locked FROM inventory_ledger WHERE doc_type = 'openingBalance' AND tenant_id = 1 AND warehouse_id = 26 LIMIT 1`)
    expect(ledgerReason({ reason: seeded!.reason, docType: seeded!.doc_type, deltaOnHand: Number(seeded!.delta_on_hand), deltaLocked: Number(seeded!.delta_locked) })?.code).toBe('opening')
    expect((await checkInvariants(t.database.db, scope)).violations).toEqual([])
  })
})

describe('station and form checks', () => {
  it('the shelving station refuses an unknown location naming it, and knows a real one', async () => {
    const bad = await admin.get(shelvingLocationUrl('ZZ-NOWHERE-99'))
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ messageKey: 'inbound:shelving.errors.locationUnknown', messageParams: { code: 'ZZ-NOWHERE-99' } })
    expect(bad.json().responseDesc).toBe('Location ZZ-NOWHERE-99 does not exist in this warehouse')
    const good = await admin.get(shelvingLocationUrl(shelves[0]!.code.toLowerCase()))
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json().data).toMatchObject({ id: shelves[0]!.id, code: shelves[0]!.code })
    // A disabled location is refused too, naming it.
    await q('UPDATE location SET status = 0 WHERE id = $1', [shelves[1]!.id])
    const off = await admin.get(shelvingLocationUrl(shelves[1]!.code))
    await q('UPDATE location SET status = 1 WHERE id = $1', [shelves[1]!.id])
    expect(off.json()).toMatchObject({ messageKey: 'inbound:shelving.errors.locationDisabled', messageParams: { code: shelves[1]!.code } })
  })

  it("the outbound form's code check names the code and the line it would make", async () => {
    const bad = await admin.get(`${OUTBOUND_ORDER_API.resolve}?code=no-such-sku-1&line=3`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json().responseDesc).toBe('Line 3: no SKU, UPC or FNSKU NO-SUCH-SKU-1')
    const good = (await admin.get(`${OUTBOUND_ORDER_API.resolve}?code=${encodeURIComponent(skus[0]!.code.toLowerCase())}`)).json().data
    expect(good).toMatchObject({ skuId: skus[0]!.id, skuCode: skus[0]!.code })
  })
})

describe('printers for those who print', () => {
  it('the shipper lists its pair\'s enabled printers without printer management; a role that prints nothing is refused', async () => {
    const shipper = await apiAs(t, 'shipper')
    const res = await shipper.get(PRINTERS_API)
    expect(res.statusCode, res.body).toBe(200)
    const want = await q<{ id: number; code: string }>(`SELECT id, code FROM printer WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1 ORDER BY code`)
    expect(want.length).toBeGreaterThan(0)
    expect((res.json().data as { id: number; code: string; format: string; paper: string; connected: boolean }[]).map((p) => [p.id, p.code])).toEqual(want.map((p) => [Number(p.id), p.code]))
    // A disabled printer is not offered; printer management itself stays closed to the shipper.
    const [first] = want
    await q('UPDATE printer SET status = 0 WHERE id = $1', [first!.id])
    expect(((await shipper.get(PRINTERS_API)).json().data as { id: number }[]).map((p) => p.id)).not.toContain(Number(first!.id))
    await q('UPDATE printer SET status = 1 WHERE id = $1', [first!.id])
    expect((await shipper.get('/api/resources/printer')).statusCode).toBe(403)
    // The shelver holds no print permission: refused, naming what is missing.
    const shelver = await apiAs(t, 'shelver')
    const no = await shelver.get(PRINTERS_API)
    expect(no.statusCode).toBe(403)
    expect(no.json().messageKey).toBe('errors:auth.missingPermission')
  })
})
