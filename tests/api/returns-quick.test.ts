// Returns receipt, quick inbound, vehicle release, inbound measure and inbound settings over the real
// API (PGlite, and PostgreSQL with TEST_DATABASE_URL): every scan goes through the ledger at the
// receiving location, the spec's refusals (sections 5 and 8) come back naming their field, cancelling
// is irreversible, and another warehouse never sees a document.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'

let t: TestApp
let admin: ApiClient
/** Two SKUs of tenant 1 with a UPC and an FNSKU each, and one with neither. */
let a: { code: string; upc: string; fnsku: string }
let b: { code: string; upc: string; fnsku: string }
let la168Settings: Record<string, unknown>

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params)

async function balance(skuCode: string, status = 1): Promise<{ location: string; onHand: number }[]> {
  const rows = await q<{ code: string; on_hand: number }>(`SELECT l.code, b.on_hand FROM inventory_balance b JOIN location l ON l.id = b.location_id
    JOIN product_sku s ON s.id = b.sku_id WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND s.sku_code = $1 AND b.stock_status = $2 AND b.on_hand > 0 ORDER BY l.code`, [skuCode, status])
  return rows.map((r) => ({ location: r.code, onHand: Number(r.on_hand) }))
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const rows = await q<{ sku_code: string; upc: string; fnsku: string }>(`
    SELECT s.sku_code, m.upc, m.fnsku FROM product_sku s JOIN product_msku m ON m.sku_id = s.id
    WHERE s.tenant_id = 1 AND m.upc IS NOT NULL AND m.fnsku IS NOT NULL ORDER BY s.id LIMIT 2`)
  ;[a, b] = rows.map((r) => ({ code: r.sku_code, upc: r.upc, fnsku: r.fnsku })) as [typeof a, typeof b]
  // Scans in these tests come faster than a person's; the interval rule has its own test below.
  la168Settings = (await admin.in({ warehouseId: 168 }).get('/api/inbound/settings')).json().data
  expect((await admin.cmd('inbound.settings.save', {
    receivingLocationCode: 'T-001', storageMode: 'normal', coStorage: true, forbidXbMix: true, minScanIntervalMs: 0,
    inboundTimeoutHours: 48, unloadingTimeoutHours: 4, shelvingTimeoutHours: 24,
  })).statusCode).toBe(200)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('returns receipt', () => {
  it('creates a return, receives it by scans at the receiving location, and generates a shelving task', async () => {
    const add = await admin.cmd('inbound.return.add', { sourceNo: 'SO-1001', reasonCode: 2, boxCount: 1, lines: [{ skuCode: a.code, qty: 2 }, { skuCode: b.code, qty: 1 }] })
    expect(add.statusCode, add.body).toBe(200)
    const { returnNo } = add.json().data
    expect(returnNo).toMatch(/^TH\d{10}$/)
    // Wrong code, code of a SKU not on the return, over the quantity to scan: refused, nothing moves.
    const none = await admin.cmd('inbound.return.scan', { returnNo, code: 'NOPE12345' })
    expect(none.statusCode).toBe(400)
    expect(none.json().errors[0]).toMatchObject({ field: 'code', messageKey: 'inbound:returns.errors.noMatch' })
    const other = (await q<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = 1 AND sku_code NOT IN ($1, $2) LIMIT 1`, [a.code, b.code]))[0]!.sku_code
    const notOn = await admin.cmd('inbound.return.scan', { returnNo, code: other })
    expect(notOn.json().messageKey).toBe('inbound:returns.errors.notInReturn')
    const over = await admin.cmd('inbound.return.scan', { returnNo, code: a.fnsku, qty: 3 })
    expect(over.statusCode).toBe(409)
    expect(over.json().errors[0]).toMatchObject({ field: 'qty', messageKey: 'inbound:returns.errors.overQty' })
    expect(await balance(a.code)).toEqual([])
    // By FNSKU, UPC and SKU code.
    const s1 = await admin.cmd('inbound.return.scan', { returnNo, code: a.fnsku })
    expect(s1.json().data).toMatchObject({ skuCode: a.code, receivedQty: 1, pending: 1, status: 0, stockStatus: 1 })
    await admin.cmd('inbound.return.scan', { returnNo, code: a.upc })
    expect(await balance(a.code)).toEqual([{ location: 'T-001', onHand: 2 }])
    const last = await admin.cmd('inbound.return.scan', { returnNo, code: b.code.toLowerCase() })
    expect(last.json().data).toMatchObject({ status: 1, shelvingTaskNo: expect.stringMatching(/^SJ/) })
    const task = (await q<{ source_type: string; source_no: string; qty: number; lines: number }>(`SELECT t.source_type, t.source_no, t.qty,
      (SELECT count(*) FROM shelving_line l WHERE l.task_id = t.id)::int AS lines FROM shelving_task t WHERE t.task_no = $1`, [last.json().data.shelvingTaskNo]))[0]
    expect(task).toMatchObject({ source_type: 'return', source_no: returnNo, qty: 3, lines: 2 })
    // Ledger rows name the return; received returns are neither scanned again nor cancelled.
    const ledger = await q<{ doc_type: string; n: number }>(`SELECT doc_type, count(*)::int AS n FROM inventory_ledger WHERE doc_no = $1 GROUP BY doc_type`, [returnNo])
    expect(ledger).toEqual([{ doc_type: 'return', n: 3 }])
    expect((await admin.cmd('inbound.return.scan', { returnNo, code: a.code })).json().messageKey).toBe('inbound:returns.errors.alreadyReceived')
    const cancel = await admin.cmd('inbound.return.cancel', { returnNo })
    expect(cancel.statusCode).toBe(409)
    expect(cancel.json().messageKey).toBe('inbound:returns.errors.receivedNoCancel')
    const detail = (await admin.get(`/api/inbound/returns/${returnNo}`)).json().data
    expect(detail).toMatchObject({ status: 1, receivedQty: 3, expectedQty: 3, lines: [{ skuCode: a.code, receivedQty: 2 }, { skuCode: b.code, receivedQty: 1 }] })
  })

  it('receives damaged returns as defective stock; finish with a shortage; cancel is irreversible and refused after a scan', async () => {
    const damaged = (await admin.cmd('inbound.return.add', { sourceNo: 'SO-1002', reasonCode: 3, boxCount: 1, lines: [{ skuCode: b.code, qty: 5 }] })).json().data.returnNo
    const s = await admin.cmd('inbound.return.scan', { returnNo: damaged, code: b.upc, qty: 2 })
    expect(s.json().data).toMatchObject({ stockStatus: 2, pending: 3 })
    expect(await balance(b.code, 2)).toEqual([{ location: 'T-001', onHand: 2 }])
    const partly = await admin.cmd('inbound.return.cancel', { returnNo: damaged })
    expect(partly.json().messageKey).toBe('inbound:returns.errors.partlyReceivedNoCancel')
    const fin = await admin.cmd('inbound.return.finish', { returnNo: damaged })
    expect(fin.statusCode, fin.body).toBe(200)
    expect(fin.json().data.shelvingTaskNo).toMatch(/^SJ/)
    const line = (await q<{ stock_status: number; qty: number }>(`SELECT l.stock_status, l.qty FROM shelving_line l JOIN shelving_task t ON t.id = l.task_id WHERE t.task_no = $1`, [fin.json().data.shelvingTaskNo]))[0]
    expect(line).toMatchObject({ stock_status: 2, qty: 2 })

    const fresh = (await admin.cmd('inbound.return.add', { sourceNo: 'SO-1003', reasonCode: 1, boxCount: 2, lines: [{ skuCode: a.code, qty: 1 }] })).json().data.returnNo
    expect((await admin.cmd('inbound.return.finish', { returnNo: fresh })).json().messageKey).toBe('inbound:returns.errors.nothingReceived')
    expect((await admin.cmd('inbound.return.cancel', { returnNo: fresh })).statusCode).toBe(200)
    expect((await admin.cmd('inbound.return.cancel', { returnNo: fresh })).json().messageKey).toBe('inbound:returns.errors.cancelled')
    expect((await admin.cmd('inbound.return.scan', { returnNo: fresh, code: a.code })).json().messageKey).toBe('inbound:returns.errors.cancelled')
    const list = (await admin.get('/api/inbound/returns?status=2')).json().data
    expect(list.records.map((r: any) => r.returnNo)).toEqual([fresh])
  })

  it('refuses return-outbound delivery notes in an overseas warehouse, unknown SKUs by line, and hides returns of other warehouses', async () => {
    const la = admin.in({ warehouseId: 168 })
    const overseas = await la.cmd('inbound.return.add', { returnType: 2, sourceNo: 'SO-9', reasonCode: 1, boxCount: 1, lines: [{ skuCode: a.code, qty: 1 }] })
    expect(overseas.statusCode).toBe(400)
    expect(overseas.json().errors[0]).toMatchObject({ field: 'returnType', messageKey: 'inbound:returns.errors.overseas' })
    expect(overseas.json().responseDesc).toBe('Return-outbound delivery notes do not support overseas receipt')
    const unknown = await admin.cmd('inbound.return.add', { sourceNo: 'SO-9', reasonCode: 1, boxCount: 1, lines: [{ skuCode: a.code, qty: 1 }, { skuCode: 'NO-SUCH-SKU', qty: 1 }] })
    expect(unknown.json().errors).toEqual([expect.objectContaining({ field: 'lines.1.skuCode', messageKey: 'inbound:returns.errors.unknownSku' })])
    const mine = (await admin.cmd('inbound.return.add', { sourceNo: 'SO-10', reasonCode: 1, boxCount: 1, lines: [{ skuCode: a.code, qty: 1 }] })).json().data.returnNo
    expect((await la.get(`/api/inbound/returns/${mine}`)).statusCode).toBe(404)
    expect((await la.cmd('inbound.return.scan', { returnNo: mine, code: a.code })).statusCode).toBe(404)
    const picker = await apiAs(t, 'picker')
    expect((await picker.cmd('inbound.return.add', { sourceNo: 'X', reasonCode: 1, boxCount: 1, lines: [{ skuCode: a.code, qty: 1 }] })).statusCode).toBe(403)
  })
})

describe('quick inbound', () => {
  it('creates the task and its Receiving inbound order in one go, receives each scan at once and finishes when complete', async () => {
    const add = await admin.cmd('inbound.quick.add', { inboundType: 4, lines: [{ code: a.fnsku, qty: 2 }, { code: b.upc, qty: 1 }] })
    expect(add.statusCode, add.body).toBe(200)
    const { taskNo, orderNo } = add.json().data
    expect(taskNo).toMatch(/^KR/)
    expect(orderNo).toMatch(/^RK/)
    const order = (await q<{ status: number; inbound_type: number; expected_qty: number }>(`SELECT status, inbound_type, expected_qty FROM inbound_order WHERE order_no = $1`, [orderNo]))[0]
    expect(order).toMatchObject({ status: 3, inbound_type: 4, expected_qty: 3 })

    const empty = await admin.cmd('inbound.quick.scan', { taskNo, code: '  ' })
    expect(empty.json().errors[0]).toMatchObject({ field: 'code', messageKey: 'inbound:quick.errors.codeRequired' })
    expect(empty.json().responseDesc).toBe('fnsku/upc is required')
    const none = await admin.cmd('inbound.quick.scan', { taskNo, code: 'X00NOTHING' })
    expect(none.json().responseDesc).toBe('Nothing matches fnsku/upc X00NOTHING')
    const other = (await q<{ upc: string }>(`SELECT m.upc FROM product_msku m JOIN product_sku s ON s.id = m.sku_id WHERE s.tenant_id = 1 AND m.upc IS NOT NULL AND s.sku_code NOT IN ($1, $2) LIMIT 1`, [a.code, b.code]))[0]!.upc
    const notIn = await admin.cmd('inbound.quick.scan', { taskNo, code: other })
    expect(notIn.json()).toMatchObject({ messageKey: 'inbound:quick.errors.notInTask' })
    expect(notIn.json().responseDesc).toContain('Item not in quick inbound task')
    const over = await admin.cmd('inbound.quick.scan', { taskNo, code: b.upc, qty: 2 })
    expect(over.statusCode).toBe(409)
    expect(over.json().responseDesc).toBe('Scanned quantity over pending (1 pending)')

    // The same scan delivered twice (one idempotency key) is applied once.
    const key = `quick-${taskNo}-1`
    const s1 = await admin.cmd('inbound.quick.scan', { taskNo, code: a.fnsku }, key)
    const s1again = await admin.cmd('inbound.quick.scan', { taskNo, code: a.fnsku }, key)
    expect(s1again.json().data).toEqual(s1.json().data)
    expect(s1.json().data).toMatchObject({ orderNo, receivedQty: 1, pending: 1, finished: false })
    // Another listing's code of a task SKU is the same item (its UPC instead of the FNSKU).
    await admin.cmd('inbound.quick.scan', { taskNo, code: a.upc })
    const done = await admin.cmd('inbound.quick.scan', { taskNo, code: b.upc })
    expect(done.json().data).toMatchObject({ finished: true, shelvingTaskNo: expect.stringMatching(/^SJ/) })
    expect((await q<{ status: number; received_qty: number }>(`SELECT status, received_qty FROM inbound_order WHERE order_no = $1`, [orderNo]))[0]).toMatchObject({ status: 4, received_qty: 3 })
    expect((await q<{ n: number }>(`SELECT count(*)::int AS n FROM inbound_receipt r JOIN inbound_order o ON o.id = r.order_id WHERE o.order_no = $1`, [orderNo]))[0]!.n).toBe(3)
    expect((await admin.cmd('inbound.quick.scan', { taskNo, code: a.fnsku })).json().messageKey).toBe('inbound:quick.errors.finished')
    const detail = (await admin.get(`/api/inbound/quick/${taskNo}`)).json().data
    expect(detail).toMatchObject({ status: 1, orderNo, receivedQty: 3, lines: [{ skuCode: a.code, expectedQty: 2, receivedQty: 2 }, { skuCode: b.code, receivedQty: 1 }] })
    expect((await admin.cmd('stock.invariants.check', {})).json().data.violations).toEqual([])
  })

  it('refuses codes that match nothing and X/B mixes when the setting forbids; finish with shortage; back-to-back scans all applied', async () => {
    const bad = await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: a.fnsku, qty: 1 }, { code: '000000000000', qty: 1 }] })
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'lines.1.code', messageKey: 'inbound:quick.errors.noMatch' })])
    // A B-prefixed FNSKU on the second SKU makes an X/B pair.
    await q(`UPDATE product_msku SET fnsku = 'B0TEST0001' WHERE tenant_id = 1 AND fnsku = $1`, [b.fnsku])
    const mix = await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: a.fnsku, qty: 1 }, { code: 'B0TEST0001', qty: 1 }] })
    expect(mix.json().errors[0]).toMatchObject({ field: 'lines.1.code', messageKey: 'inbound:quick.errors.xbConflict' })
    await q(`UPDATE product_msku SET fnsku = $1 WHERE tenant_id = 1 AND fnsku = 'B0TEST0001'`, [b.fnsku])

    const { taskNo } = (await admin.cmd('inbound.quick.add', { inboundType: 6, lines: [{ code: a.upc, qty: 5 }] })).json().data
    expect((await admin.cmd('inbound.quick.finish', { taskNo })).json().messageKey).toBe('inbound:quick.errors.nothingReceived')
    // No 'scan too fast' on the server (issue 18): back-to-back scans are all applied, even with the
    // double-read guard set — the station applies it, and the task's view tells the station its interval.
    await q(`UPDATE inbound_setting SET min_scan_interval_ms = 5000 WHERE tenant_id = 1 AND warehouse_id = 26`)
    expect((await admin.cmd('inbound.quick.scan', { taskNo, code: a.upc })).statusCode).toBe(200)
    const fast = await admin.cmd('inbound.quick.scan', { taskNo, code: a.upc })
    expect(fast.statusCode, fast.body).toBe(200)
    expect((await admin.get(`/api/inbound/quick/${taskNo}`)).json().data.doubleReadMs).toBe(5000)
    await q(`UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE tenant_id = 1 AND warehouse_id = 26`)
    const fin = await admin.cmd('inbound.quick.finish', { taskNo })
    expect(fin.statusCode, fin.body).toBe(200)
    expect((await admin.get(`/api/inbound/quick/${taskNo}`)).json().data).toMatchObject({ status: 1, orderStatus: 4, receivedQty: 2, expectedQty: 5 })
    expect((await admin.in({ warehouseId: 168 }).get(`/api/inbound/quick/${taskNo}`)).statusCode).toBe(404)
  })
})

describe('vehicle release, inbound measure and settings', () => {
  it('releases a vehicle only once its linked orders are receiving or finished', async () => {
    const { orderNo } = (await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: a.upc, qty: 1 }] })).json().data
    const [{ order_no: newOrder }] = await q<{ order_no: string }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status) VALUES (1, 26, 'RK-REL-NEW', 1, 2) RETURNING order_no`)
    const unknown = await admin.cmd('inbound.release.add', { plateNo: '粤B12345', driverName: 'Li', driverPhone: '13800000000', orderNos: [orderNo, 'RK-NOPE'], boxCount: 3 })
    expect(unknown.json().errors[0]).toMatchObject({ field: 'orderNos', messageKey: 'inbound:release.errors.unknownOrders' })
    const add = await admin.cmd('inbound.release.add', { plateNo: '粤B12345', driverName: 'Li', driverPhone: '13800000000', orderNos: [orderNo, newOrder], boxCount: 3, arrivedAt: new Date(Date.now() - 5 * 3600_000).toISOString() })
    expect(add.statusCode, add.body).toBe(200)
    const { stripNo } = add.json().data
    const blocked = await admin.cmd('inbound.release.release', { stripNo })
    expect(blocked.statusCode).toBe(409)
    expect(blocked.json().responseDesc).toContain('RK-REL-NEW')
    // Arrived 5 h ago, unloading timeout 4 h: flagged in the list.
    const list = (await admin.get(`/api/inbound/release-strips?stripNo=${stripNo}`)).json().data
    expect(list.records[0]).toMatchObject({ stripNo, status: 0, timedOut: true })
    await q(`UPDATE inbound_order SET status = 3 WHERE order_no = 'RK-REL-NEW'`)
    expect((await admin.cmd('inbound.release.release', { stripNo })).statusCode).toBe(200)
    expect((await admin.get(`/api/inbound/release-strips?stripNo=${stripNo}`)).json().data.records[0]).toMatchObject({ status: 1, timedOut: false })
    expect((await admin.cmd('inbound.release.release', { stripNo })).json().messageKey).toBe('inbound:release.errors.alreadyReleased')
  })

  it('stores measures per box or SKU (above 0, up to 4 decimals) and updates them', async () => {
    const { orderNo } = (await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: a.upc, qty: 1 }] })).json().data
    await q(`UPDATE inbound_order SET box_count = 2 WHERE order_no = $1`, [orderNo])
    const m = { orderNo, length: 40.5, width: 30, height: 20.1234, weight: 3.25 }
    expect((await admin.cmd('inbound.measure.save', { ...m, boxNo: 1 })).statusCode).toBe(200)
    expect((await admin.cmd('inbound.measure.save', { ...m, boxNo: 1, weight: 3.5 })).statusCode).toBe(200)
    expect((await admin.cmd('inbound.measure.save', { ...m, skuCode: a.code })).statusCode).toBe(200)
    const decimals = await admin.cmd('inbound.measure.save', { ...m, boxNo: 2, height: 1.23456 })
    expect(decimals.json().errors[0].field).toBe('height')
    expect((await admin.cmd('inbound.measure.save', { ...m, boxNo: 2, weight: 0 })).json().errors[0].field).toBe('weight')
    expect((await admin.cmd('inbound.measure.save', { ...m, boxNo: 3 })).json().errors[0]).toMatchObject({ field: 'boxNo', messageKey: 'inbound:measure.errors.boxOutOfRange' })
    expect((await admin.cmd('inbound.measure.save', { ...m })).json().errors[0]).toMatchObject({ field: 'boxNo', messageKey: 'inbound:measure.errors.boxOrSku' })
    expect((await admin.cmd('inbound.measure.save', { ...m, skuCode: b.code })).json().errors[0]).toMatchObject({ field: 'skuCode', messageKey: 'inbound:measure.errors.skuNotInOrder' })
    const got = (await admin.get(`/api/inbound/measures?orderNo=${orderNo}`)).json().data
    expect(got).toMatchObject({ orderNo, boxCount: 2, skuCodes: [a.code] })
    expect(got.measures.map((x: any) => [x.boxNo, x.skuCode, x.length, x.height, x.weight])).toEqual([[1, null, 40.5, 20.1234, 3.5], [null, a.code, 40.5, 20.1234, 3.25]])
    expect((await admin.in({ warehouseId: 168 }).get(`/api/inbound/measures?orderNo=${orderNo}`)).statusCode).toBe(404)
  })

  it('saves settings with a receiving location by code (where the next receipts land) and refuses unknown or disabled ones', async () => {
    const base = { storageMode: 'fast', coStorage: false, forbidXbMix: false, minScanIntervalMs: 0, inboundTimeoutHours: 12, unloadingTimeoutHours: 2, shelvingTimeoutHours: 6 }
    expect((await admin.cmd('inbound.settings.save', { ...base, receivingLocationCode: 'NOPE-1' })).json().errors[0]).toMatchObject({ field: 'receivingLocationCode', messageKey: 'inbound:settings.errors.unknownLocation' })
    const [disabled] = await q<{ code: string }>(`SELECT code FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 0 LIMIT 1`)
    expect((await admin.cmd('inbound.settings.save', { ...base, receivingLocationCode: disabled!.code })).json().errors[0].messageKey).toBe('inbound:settings.errors.locationDisabled')
    const saved = await admin.cmd('inbound.settings.save', { ...base, receivingLocationCode: 't-002' })
    expect(saved.statusCode, saved.body).toBe(200)
    expect((await admin.get('/api/inbound/settings')).json().data).toMatchObject({ receivingLocationCode: 'T-002', storageMode: 'fast', coStorage: false, inboundTimeoutHours: 12 })
    const { returnNo } = (await admin.cmd('inbound.return.add', { sourceNo: 'SO-77', reasonCode: 1, boxCount: 1, lines: [{ skuCode: a.code, qty: 1 }] })).json().data
    await admin.cmd('inbound.return.scan', { returnNo, code: a.code })
    expect((await balance(a.code)).find((x) => x.location === 'T-002')).toEqual({ location: 'T-002', onHand: 1 })
    // Another warehouse keeps its own.
    expect((await admin.in({ warehouseId: 168 }).get('/api/inbound/settings')).json().data).toEqual(la168Settings)
  })
})
