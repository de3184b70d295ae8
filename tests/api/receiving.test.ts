// Receiving (harvest) over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// inbound.receive by SKU code, UPC and FNSKU into the receiving location (ledger), Issued → Receiving on
// the first receipt and Finish + the next document when the last unit arrives; every refusal of spec
// §5/§8 with its message key and nothing written; 32 concurrent receivers on one line end exactly at the
// expected quantity; a repeated Idempotency-Key applies once; another warehouse's order is a 404.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { checkInvariants } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let seq = 0

interface Sku { id: number; code: string; upc: string; fnsku: string }
let skus: Sku[] = []
let rcvId = 0

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
}
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!

/** An inbound order straight in the tables (B1's commands are not under test here). */
async function makeOrder(lines: { sku: Sku; qty: number; batch?: string }[], o: { status?: number; warehouseId?: number; inspectionMode?: number } = {}): Promise<string> {
  const orderNo = `RKT${String(++seq).padStart(4, '0')}${randomUUID().slice(0, 4).toUpperCase().replace(/[^A-Z0-9]/g, '0')}`
  const total = lines.reduce((s, l) => s + l.qty, 0)
  const w = o.warehouseId ?? 26
  const [row] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, inspection_mode, expected_qty, issued_at)
    VALUES (1, $1, $2, 1, $3, $4, $5, now()) RETURNING id`, [w, orderNo, o.status ?? 2, o.inspectionMode ?? 0, total])
  let n = 0
  for (const l of lines) {
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, expected_qty) VALUES ($1, 1, $2, $3, $4, $5, $6)`,
      [row!.id, w, ++n, l.sku.id, l.batch ?? '', l.qty])
  }
  return orderNo
}

const receive = (args: Record<string, unknown>, c: ApiClient = admin, key?: string) => c.cmd('inbound.receive', args, key)
const setting = (sqlSet: string) => q(`UPDATE inbound_setting SET ${sqlSet} WHERE tenant_id = 1 AND warehouse_id = 26`)
const orderRow = (orderNo: string) => one<{ id: number; status: number; received_qty: number; received_boxes: number; receiving_at: unknown }>(
  'SELECT id, status, received_qty, received_boxes, receiving_at FROM inbound_order WHERE order_no = $1', [orderNo])
const lineRecv = async (orderNo: string, lineNo = 1) => Number((await one<{ r: number }>(
  'SELECT l.received_qty AS r FROM inbound_order_line l JOIN inbound_order o ON o.id = l.order_id WHERE o.order_no = $1 AND l.line_no = $2', [orderNo, lineNo])).r)
const counts = async (orderNo: string) => {
  const r = await one<{ receipts: number; ledger: number }>(`SELECT
    (SELECT count(*)::int FROM inbound_receipt r JOIN inbound_order o ON o.id = r.order_id WHERE o.order_no = $1) AS receipts,
    (SELECT count(*)::int FROM inventory_ledger WHERE doc_no = $1) AS ledger`, [orderNo])
  return { receipts: Number(r.receipts), ledger: Number(r.ledger) }
}
const rcvOnHand = async (skuId: number) => Number((await one<{ n: number }>(
  'SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND location_id = $1 AND sku_id = $2', [rcvId, skuId])).n)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  // SKUs with exactly one platform listing carrying both a UPC and an FNSKU, that no seeded order uses.
  const rows = await q<{ id: number; sku_code: string; upc: string; fnsku: string }>(`
    SELECT k.id, k.sku_code, m.upc, m.fnsku FROM product_sku k JOIN product_msku m ON m.sku_id = k.id
    WHERE k.tenant_id = 1 AND m.upc IS NOT NULL AND m.fnsku IS NOT NULL
      AND (SELECT count(*) FROM product_msku x WHERE x.sku_id = k.id) = 1
      AND NOT EXISTS (SELECT 1 FROM inbound_order_line l WHERE l.sku_id = k.id)
    ORDER BY k.id LIMIT 8`)
  skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code, upc: r.upc, fnsku: r.fnsku }))
  expect(skus.length).toBe(8)
  rcvId = Number((await one<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'RCV-01'`)).id)
  const s = await one<{ receiving_location_id: number }>('SELECT receiving_location_id FROM inbound_setting WHERE tenant_id = 1 AND warehouse_id = 26')
  expect(Number(s.receiving_location_id)).toBe(rcvId)
}, 120_000)
afterAll(async () => { await t?.close() })
beforeEach(async () => { await setting('min_scan_interval_ms = 0, forbid_xb_mix = true') })

describe('inbound.receive', () => {
  it('receives by SKU code, UPC and FNSKU into the receiving location; Issued → Receiving on the first receipt, Finish with a shelving task on the last', async () => {
    const [a, b] = skus
    const orderNo = await makeOrder([{ sku: a!, qty: 3 }, { sku: b!, qty: 1 }])
    const before = await rcvOnHand(a!.id)
    const r1 = await receive({ orderNo, code: a!.code })
    expect(r1.statusCode, r1.body).toBe(200)
    expect(r1.json().data).toMatchObject({ orderNo, status: 3, lineNo: 1, skuCode: a!.code, codeKind: 'sku', qty: 1, lineReceived: 1, lineExpected: 3, orderReceived: 1, orderExpected: 4, finished: false })
    expect((await orderRow(orderNo)).status).toBe(3)
    expect((await orderRow(orderNo)).receiving_at).not.toBeNull()
    const r2 = await receive({ orderNo: orderNo.toLowerCase(), code: a!.upc, qty: 2 })
    expect(r2.json().data).toMatchObject({ codeKind: 'upc', lineReceived: 3, finished: false })
    expect(await rcvOnHand(a!.id)).toBe(before + 3)
    const r3 = await receive({ orderNo, code: b!.fnsku.toLowerCase() })
    expect(r3.statusCode, r3.body).toBe(200)
    const last = r3.json().data
    expect(last).toMatchObject({ codeKind: 'fnsku', finished: true, status: 4, orderReceived: 4 })
    expect(last.shelvingTaskNo).toMatch(/^SJ\d{10}$/)
    expect((await orderRow(orderNo)).status).toBe(4)
    // The ledger rows name the order and its lines; the receipts record the scanned codes.
    const led = await q<{ doc_type: string; doc_line: number; delta_on_hand: number }>('SELECT doc_type, doc_line, delta_on_hand FROM inventory_ledger WHERE doc_no = $1 ORDER BY id', [orderNo])
    expect(led.map((l) => [l.doc_type, Number(l.doc_line), Number(l.delta_on_hand)])).toEqual([['RK', 1, 1], ['RK', 1, 2], ['RK', 2, 1]])
    const rec = await q<{ scanned_code: string; operator_name: string; location_id: number }>('SELECT r.scanned_code, r.operator_name, r.location_id FROM inbound_receipt r JOIN inbound_order o ON o.id = r.order_id WHERE o.order_no = $1 ORDER BY r.id', [orderNo])
    expect(rec.map((r) => r.scanned_code)).toEqual([a!.code, a!.upc, b!.fnsku.toLowerCase()])
    expect(rec.every((r) => r.operator_name === 'admin' && Number(r.location_id) === rcvId)).toBe(true)
    // A finished order receives nothing more.
    const after = await receive({ orderNo, code: a!.code })
    expect(after.statusCode).toBe(409)
    expect(after.json().messageKey).toBe('inbound:receiving.errors.notReceivable')
  })

  it('a pre-inbound inspection order finishes into an inspection order', async () => {
    const orderNo = await makeOrder([{ sku: skus[2]!, qty: 2 }], { inspectionMode: 1 })
    const r = await receive({ orderNo, code: skus[2]!.code, qty: 2 })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().data.inspectionNo).toMatch(/^QC\d{10}$/)
  })

  it('refuses each rule with its message key and writes nothing', async () => {
    const [a, b, , , , , , z] = skus
    const orderNo = await makeOrder([{ sku: a!, qty: 2 }, { sku: b!, qty: 2 }])
    const refused = async (args: Record<string, unknown>, status: number, key: string, c: ApiClient = admin) => {
      const r = await receive({ orderNo, ...args }, c)
      expect(r.statusCode, `${key}: ${r.body}`).toBe(status)
      expect(r.json().messageKey).toBe(key)
      return r.json()
    }
    const zero = await refused({ code: a!.code, qty: 0 }, 400, 'inbound:receiving.errors.qtyZero')
    expect(zero.errors[0]).toMatchObject({ field: 'qty', messageKey: 'inbound:receiving.errors.qtyZero' })
    expect(zero.responseDesc).toBe('Receiving number not 0')
    await refused({ code: a!.code, qty: -3 }, 400, 'inbound:receiving.errors.qtyZero')
    const none = await refused({ code: 'NO-SUCH-CODE' }, 409, 'inbound:receiving.errors.nothingMatches')
    expect(none.responseDesc).toContain('Nothing matches fnsku/upc')
    const fn = await refused({ code: 'X00ZZZZZZZ' }, 409, 'inbound:receiving.errors.fnskuMissing')
    expect(fn.responseDesc).toContain('FNSKU error/does not exist')
    await refused({ code: z!.code }, 409, 'inbound:receiving.errors.notInOrder')
    await refused({ code: z!.upc }, 409, 'inbound:receiving.errors.notInOrder')
    const over = await refused({ code: a!.code, qty: 3 }, 409, 'inbound:receiving.errors.overRemaining')
    expect(over.responseDesc).toBe(`Received not above remaining: ${a!.code} has 2 remaining, 3 scanned`)
    // The operator's language.
    const zh = await receive({ orderNo, code: a!.code, qty: 3 }, admin.in({ lang: 'zh-CN' }))
    expect(zh.json().responseDesc).toContain('收货数量不能大于待收数量')
    expect(await counts(orderNo)).toEqual({ receipts: 0, ledger: 0 })
    expect(await lineRecv(orderNo)).toBe(0)
    expect((await orderRow(orderNo)).status).toBe(2)

    // Over-receipt after a partial receipt: nothing partially applied, the numbers are the true ones.
    expect((await receive({ orderNo, code: a!.code })).statusCode).toBe(200)
    const over2 = await refused({ code: a!.code, qty: 2 }, 409, 'inbound:receiving.errors.overRemaining')
    expect(over2.responseDesc).toContain('1 remaining, 2 scanned')
    expect(await lineRecv(orderNo)).toBe(1)
    expect(await counts(orderNo)).toEqual({ receipts: 1, ledger: 1 })

    // No 'scan too fast' on the server (issue 18): the stations queue a gun's burst and send it in order,
    // so back-to-back receipts of one operator are all applied, even with the double-read guard set —
    // that guard drops a second read of one code at the station, which alone knows when it was read.
    await setting('min_scan_interval_ms = 5000')
    const burstNo = await makeOrder([{ sku: b!, qty: 3 }])
    for (let i = 0; i < 3; i++) expect((await receive({ orderNo: burstNo, code: b!.code })).statusCode).toBe(200)
    expect(await counts(burstNo)).toEqual({ receipts: 3, ledger: 3 })
    await setting('min_scan_interval_ms = 0')

    // Without the button: 403. No receiving location set: the first enabled location of a temporary
    // area (the one rule shared with returns and quick inbound); none either: refused clearly.
    const picker = await apiAs(t, 'picker')
    expect((await receive({ orderNo, code: b!.code }, picker)).statusCode).toBe(403)
    await setting('receiving_location_id = NULL')
    const tempAreas = (await q<{ id: number }>(`SELECT id FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 26 AND area_type = 4 AND status = 1`)).map((r) => Number(r.id))
    const firstTemp = await one<{ id: number }>(`SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND a.area_type = 4 ORDER BY l.code LIMIT 1`)
    try {
      expect((await receive({ orderNo, code: b!.code })).statusCode).toBe(200)
      const last = await one<{ location_id: number }>(`SELECT r.location_id FROM inbound_receipt r JOIN inbound_order o ON o.id = r.order_id WHERE o.order_no = $1 ORDER BY r.id DESC LIMIT 1`, [orderNo])
      expect(Number(last.location_id)).toBe(Number(firstTemp.id))
      await q(`UPDATE storage_area SET status = 0 WHERE id IN (${tempAreas.join(', ')})`)
      const no = await refused({ code: a!.code }, 409, 'inbound:settings.errors.noReceivingLocation')
      expect(no.responseDesc).toBe('No receiving location: set one in the inbound settings, or enable a location in a temporary storage area')
    } finally {
      await q(`UPDATE storage_area SET status = 1 WHERE id IN (${tempAreas.join(', ')})`)
      await setting(`receiving_location_id = ${rcvId}`)
    }
    expect(await counts(orderNo)).toEqual({ receipts: 2, ledger: 2 })
  })

  it('refuses orders that are not issued or receiving, and another warehouse\'s order as not found', async () => {
    const draft = await makeOrder([{ sku: skus[3]!, qty: 1 }], { status: 0 })
    const r = await receive({ orderNo: draft, code: skus[3]!.code })
    expect(r.statusCode).toBe(409)
    expect(r.json().messageKey).toBe('inbound:receiving.errors.notReceivable')
    const la = await makeOrder([{ sku: skus[3]!, qty: 1 }], { warehouseId: 168 })
    const here = await receive({ orderNo: la, code: skus[3]!.code })
    expect(here.statusCode).toBe(404)
    expect(here.json().messageKey).toBe('inbound:receiving.errors.orderNotFound')
    expect(here.body).not.toContain(skus[3]!.code)
    // The same order from its own warehouse works (that pair has its receiving location too).
    expect((await receive({ orderNo: la, code: skus[3]!.code }, admin.in({ warehouseId: 168 }))).statusCode).toBe(200)
    const view = await admin.get(`/api/inbound/receiving/${la}`)
    expect(view.statusCode).toBe(404)
  })

  it('X/B rule: X- and B-prefixed FNSKUs never share a box while the setting forbids it; a box count per new box', async () => {
    const [, , , , x, bsku] = skus
    const bCode = `B0${String(bsku!.id).padStart(8, '0')}`
    await q('UPDATE product_msku SET fnsku = $1 WHERE sku_id = $2', [bCode, bsku!.id])
    const orderNo = await makeOrder([{ sku: x!, qty: 5 }, { sku: bsku!, qty: 5 }])
    expect((await receive({ orderNo, code: x!.fnsku, boxNo: 'c1' })).json().data).toMatchObject({ boxNo: 'C1', receivedBoxes: 1 })
    const clash = await receive({ orderNo, code: bCode, boxNo: 'C1' })
    expect(clash.statusCode).toBe(409)
    expect(clash.json().messageKey).toBe('inbound:receiving.errors.xbConflict')
    expect(clash.json().responseDesc).toContain('X/B code conflict')
    expect((await receive({ orderNo, code: bCode, boxNo: 'C2' })).json().data).toMatchObject({ receivedBoxes: 2 })
    expect((await receive({ orderNo, code: x!.fnsku, boxNo: 'C1' })).json().data).toMatchObject({ receivedBoxes: 2 })
    // Allowed when the setting allows mixing.
    await setting('forbid_xb_mix = false')
    expect((await receive({ orderNo, code: bCode, boxNo: 'C1' })).statusCode).toBe(200)
    expect((await orderRow(orderNo)).received_boxes).toBe(2)
  })

  it('consistent product code in a box: a SKU scanned by its FNSKU keeps that label in the box', async () => {
    const s = skus[6]!
    const orderNo = await makeOrder([{ sku: s, qty: 6 }])
    expect((await receive({ orderNo, code: s.fnsku, boxNo: 'K1' })).statusCode).toBe(200)
    const bad = await receive({ orderNo, code: s.code, boxNo: 'K1' })
    expect(bad.statusCode).toBe(409)
    expect(bad.json().messageKey).toBe('inbound:receiving.errors.codeInconsistent')
    expect((await receive({ orderNo, code: s.fnsku, boxNo: 'K1' })).statusCode).toBe(200)
    // Another box may carry the plain SKU label.
    expect((await receive({ orderNo, code: s.code, boxNo: 'K2' })).statusCode).toBe(200)
    expect((await receive({ orderNo, code: s.upc, boxNo: 'K2' })).statusCode).toBe(200)
  })

  it('a repeated Idempotency-Key applies once and answers the same', async () => {
    const s = skus[7]!
    const orderNo = await makeOrder([{ sku: s, qty: 4 }])
    const key = `scan-${randomUUID()}`
    const first = await receive({ orderNo, code: s.code }, admin, key)
    const again = await receive({ orderNo, code: s.code }, admin, key)
    expect(first.statusCode).toBe(200)
    expect(again.statusCode).toBe(200)
    expect(again.json().data).toEqual(first.json().data)
    expect(await lineRecv(orderNo)).toBe(1)
    expect(await counts(orderNo)).toEqual({ receipts: 1, ledger: 1 })
    // Both at once (a retry racing its original) still apply once.
    const key2 = `scan-${randomUUID()}`
    const both = await Promise.all([receive({ orderNo, code: s.code }, admin, key2), receive({ orderNo, code: s.code }, admin, key2)])
    expect(both.map((r) => r.statusCode)).toEqual([200, 200])
    expect(await lineRecv(orderNo)).toBe(2)
  })

  it('32 concurrent receivers on one line end exactly at the expected quantity; the rest are refused; invariants hold', async () => {
    const [s, other] = [skus[5]!, skus[0]!]
    // A second line keeps the order open, so the losers meet the quantity rule (not a finished order).
    const orderNo = await makeOrder([{ sku: s, qty: 20 }, { sku: other, qty: 1 }])
    const receiver = await apiAs(t, 'receiver')
    const clients = [admin, receiver]
    const res = await Promise.all(Array.from({ length: 32 }, (_, i) => receive({ orderNo, code: s.code }, clients[i % 2], `race-${i}-${randomUUID()}`)))
    const ok = res.filter((r) => r.statusCode === 200)
    const no = res.filter((r) => r.statusCode !== 200)
    expect(ok.length).toBe(20)
    expect(no.length).toBe(12)
    expect([...new Set(no.map((r) => `${r.statusCode} ${r.json().messageKey}`))]).toEqual(['409 inbound:receiving.errors.overRemaining'])
    expect(await lineRecv(orderNo)).toBe(20)
    expect(ok.map((r) => r.json().data.lineReceived).sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1))
    expect(await counts(orderNo)).toEqual({ receipts: 20, ledger: 20 })
    expect((await orderRow(orderNo)).status).toBe(3)
    // The last unit of the other line finishes the order.
    expect((await receive({ orderNo, code: other.code })).json().data).toMatchObject({ finished: true, status: 4, orderReceived: 21 })
    const inv = await checkInvariants(t.database.db, { tenantId: 1, warehouseId: 26 })
    expect(inv.violations).toEqual([])
  })
})

describe('GET /api/inbound/receiving/:code', () => {
  it('gives the task by order number or box label: lines with remaining, codes and the receiving settings', async () => {
    const [a, b] = [skus[4]!, skus[1]!]
    const orderNo = await makeOrder([{ sku: a, qty: 9 }, { sku: b, qty: 2, batch: 'LOT7' }])
    const r = await admin.get(`/api/inbound/receiving/${orderNo}`)
    expect(r.statusCode, r.body).toBe(200)
    const task = r.json().data
    expect(task.order).toMatchObject({ orderNo, status: 2, expectedQty: 11, receivedQty: 0, remaining: 11 })
    expect(task.boxNo).toBeNull()
    expect(task.settings).toMatchObject({ receivingLocationId: rcvId, receivingLocationCode: 'RCV-01' })
    expect(task.lines[1]).toMatchObject({ lineNo: 2, skuCode: b.code, batchNo: 'LOT7', expectedQty: 2, remaining: 2 })
    expect(task.lines[0].upcs).toContain(a.upc)
    const byBox = await admin.get(`/api/inbound/receiving/${orderNo}-003`)
    expect(byBox.json().data).toMatchObject({ boxNo: `${orderNo}-003`, order: { orderNo } })
    expect((await admin.get('/api/inbound/receiving/RKNOPE0000')).statusCode).toBe(404)
    const picker = await apiAs(t, 'picker')
    expect((await picker.get(`/api/inbound/receiving/${orderNo}`)).statusCode).toBe(403)
  })
})
