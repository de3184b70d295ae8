// Inbound orders over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// create by SKU code / UPC / FNSKU (same SKU merged, expected summed, RK number), refusals naming the
// field and line with nothing written, edit only while New, every move of the status machine and its
// refusals, finish with a shortage (next document generated), the bulk status preview and command,
// another warehouse's order is a 404, the list's filters and timeout flag, "go to document", and the
// Excel import (dry run lists every bad row and writes nothing; a clean sheet imports in one go).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, postFile, type ApiClient } from '../helpers/api'
import { INBOUND_ORDER_API } from '../../commands/inbound-orders'

let t: TestApp
let admin: ApiClient
interface Sku { id: number; code: string; upc: string; fnsku: string }
let skus: Sku[] = []
let supplierId = 0
let supplierCode = ''

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
}
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!
const orderCount = async () => Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM inbound_order WHERE tenant_id = 1 AND warehouse_id = 26')).n)
const head = (orderNo: string) => one<{ id: number; status: number; expected_qty: number; issued_at: unknown; finished_at: unknown }>(
  'SELECT id, status, expected_qty, issued_at, finished_at FROM inbound_order WHERE order_no = $1', [orderNo])

async function create(args: Record<string, unknown>, c: ApiClient = admin) {
  const r = await c.cmd('inbound.order.create', args)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { id: number; orderNo: string; expectedQty: number; lines: number }
}
const move = (command: string, ids: number[], c: ApiClient = admin) => c.cmd(command, { ids })

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const rows = await q<{ id: number; sku_code: string; upc: string; fnsku: string }>(`
    SELECT k.id, k.sku_code, m.upc, m.fnsku FROM product_sku k JOIN product_msku m ON m.sku_id = k.id
    WHERE k.tenant_id = 1 AND m.upc IS NOT NULL AND m.fnsku IS NOT NULL AND (SELECT count(*) FROM product_msku x WHERE x.sku_id = k.id) = 1
    ORDER BY k.id DESC LIMIT 6`)
  skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code, upc: r.upc, fnsku: r.fnsku }))
  expect(skus.length).toBe(6)
  const s = await one<{ id: number; code: string }>('SELECT id, code FROM supplier WHERE tenant_id = 1 ORDER BY id LIMIT 1')
  supplierId = Number(s.id)
  supplierCode = s.code
}, 120_000)
afterAll(async () => { await t?.close() })

describe('inbound.order.create', () => {
  it('creates an RK order from SKU code, UPC and FNSKU lines; the same SKU twice is one line; expected is the sum', async () => {
    const [a, b] = skus
    const r = await create({
      inboundType: 1, supplierId, sourceNo: 'PO-1001', expectedArrival: '2026-12-01', inspectionMode: 0, batchNo: 'B1', boxCount: 3, remark: 'first',
      lines: [{ code: a!.code, qty: 5 }, { code: b!.upc, qty: 2 }, { code: a!.fnsku.toLowerCase(), qty: 1 }],
    })
    expect(r.orderNo).toMatch(/^RK\d{10}$/)
    expect(r).toMatchObject({ expectedQty: 8, lines: 2 })
    const d = await admin.get(INBOUND_ORDER_API.detail(r.orderNo))
    expect(d.statusCode, d.body).toBe(200)
    const { order, lines } = d.json().data
    expect(order).toMatchObject({ orderNo: r.orderNo, status: 0, inboundType: 1, supplierId, sourceNo: 'PO-1001', batchNo: 'B1', expectedQty: 8, boxCount: 3, timedOut: false })
    expect(order.supplierName).toBeTruthy()
    expect(order.next).toEqual([1, 5])
    expect(lines.map((l: any) => [l.lineNo, l.skuCode, l.batchNo, l.expectedQty, l.receivedQty])).toEqual([[1, a!.code, 'B1', 6, 0], [2, b!.code, 'B1', 2, 0]])
    expect(lines[0].styleNo).toBeTruthy()
    expect(lines[0].colorName).toBeTruthy()
    expect(lines[0].sizeName).toBeTruthy()
  })

  it('refuses bad input naming the field and line, in the operator language, and writes nothing', async () => {
    const before = await orderCount()
    const r = await admin.in({ lang: 'es-MX' }).cmd('inbound.order.create', {
      inboundType: 1, supplierId: 999999, lines: [{ code: skus[0]!.code, qty: 1 }, { code: 'NO-SUCH-CODE', qty: 1 }],
    })
    expect(r.statusCode).toBe(400)
    const body = r.json()
    const fields = body.errors.map((e: any) => e.field).sort()
    expect(fields).toEqual(['lines.1.code', 'supplierId'])
    const codeErr = body.errors.find((e: any) => e.field === 'lines.1.code')
    expect(codeErr.messageKey).toBe('inbound:order.errors.codeUnknown')
    expect(codeErr.message).toBe('Línea 2: ningún SKU coincide con NO-SUCH-CODE')
    const noLines = await admin.cmd('inbound.order.create', { inboundType: 1, lines: [] })
    expect(noLines.statusCode).toBe(400)
    expect(noLines.json().errors[0].field).toBe('lines')
    const badType = await admin.cmd('inbound.order.create', { inboundType: 9, lines: [{ code: skus[0]!.code, qty: 1 }] })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().errors[0].field).toBe('inboundType')
    const zero = await admin.cmd('inbound.order.create', { inboundType: 1, lines: [{ code: skus[0]!.code, qty: 0 }] })
    expect(zero.statusCode).toBe(400)
    expect(zero.json().errors[0].field).toBe('lines.0.qty')
    expect(await orderCount()).toBe(before)
  })
})

describe('status machine', () => {
  it('submit → issue → first receipt → finish with a shortage; every wrong move is refused naming the statuses', async () => {
    const [a, b] = skus
    const r = await create({ inboundType: 1, lines: [{ code: a!.code, qty: 3 }, { code: b!.code, qty: 2 }] })
    // finish and issue are not moves of a New order
    const early = await move('inbound.order.issue', [r.id])
    expect(early.statusCode).toBe(409)
    expect(early.json().messageKey).toBe('inbound:errors.badTransition')
    expect(early.json().responseDesc).toBe(`Inbound order ${r.orderNo} cannot go from New to Issued: only from Waiting to issue`)
    expect((await move('inbound.order.finish', [r.id])).statusCode).toBe(409)

    expect((await move('inbound.order.submit', [r.id])).statusCode).toBe(200)
    expect(Number((await head(r.orderNo)).status)).toBe(1)
    const again = await move('inbound.order.submit', [r.id])
    expect(again.statusCode).toBe(409)
    expect(again.json().messageKey).toBe('inbound:errors.sameStatus')

    // lines change only while New
    const edit = await admin.cmd('inbound.order.edit', { orderNo: r.orderNo, inboundType: 1, lines: [{ code: a!.code, qty: 1 }] })
    expect(edit.statusCode).toBe(409)
    // The order's machine (src/domain/states/inbound-order.ts): the key the browser disables edit with.
    expect(edit.json().messageKey).toBe('inbound:order.errors.editOnlyNew')

    const issued = await move('inbound.order.issue', [r.id])
    expect(issued.statusCode, issued.body).toBe(200)
    const h = await head(r.orderNo)
    expect(Number(h.status)).toBe(2)
    expect(h.issued_at).toBeTruthy()

    // the first receipt (receiving station) moves it to Receiving; then it can no longer be abolished
    const got = await admin.cmd('inbound.receive', { orderNo: r.orderNo, code: a!.code, qty: 2 })
    expect(got.statusCode, got.body).toBe(200)
    expect(Number((await head(r.orderNo)).status)).toBe(3)
    const ab = await move('inbound.order.abolish', [r.id])
    expect(ab.statusCode).toBe(409)
    expect(ab.json().messageKey).toBe('inbound:errors.abolishReceived')
    expect(Number((await head(r.orderNo)).status)).toBe(3)

    const fin = await move('inbound.order.finish', [r.id])
    expect(fin.statusCode, fin.body).toBe(200)
    const changed = fin.json().data.changed[0]
    expect(changed).toMatchObject({ orderNo: r.orderNo, from: 3, to: 4 })
    expect(changed.shelvingTaskNo).toMatch(/^SJ/)
    const done = await head(r.orderNo)
    expect(Number(done.status)).toBe(4)
    expect(done.finished_at).toBeTruthy()
    expect(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM shelving_task WHERE order_id = $1', [r.id])).n)).toBe(1)
    expect((await move('inbound.order.abolish', [r.id])).statusCode).toBe(409)
  })

  it('abolishes New, WaitingIssued and Issued orders; all or nothing over a selection', async () => {
    const mk = () => create({ inboundType: 2, lines: [{ code: skus[2]!.code, qty: 1 }] })
    const n = await mk(); const w = await mk(); const i = await mk()
    await move('inbound.order.submit', [w.id, i.id])
    await move('inbound.order.issue', [i.id])
    const done = await create({ inboundType: 2, lines: [{ code: skus[2]!.code, qty: 1 }] })
    await move('inbound.order.abolish', [done.id])
    // one refusal (already abolished) refuses the whole selection
    const mixed = await move('inbound.order.abolish', [n.id, done.id])
    expect(mixed.statusCode).toBe(409)
    expect(Number((await head(n.orderNo)).status)).toBe(0)
    const ok = await move('inbound.order.abolish', [n.id, w.id, i.id])
    expect(ok.statusCode, ok.body).toBe(200)
    for (const o of [n, w, i]) expect(Number((await head(o.orderNo)).status)).toBe(5)
  })

  it('edits header and lines while New', async () => {
    const r = await create({ inboundType: 1, lines: [{ code: skus[3]!.code, qty: 1 }] })
    const e = await admin.cmd('inbound.order.edit', { orderNo: r.orderNo, inboundType: 3, inspectionMode: 1, remark: 'changed', lines: [{ code: skus[4]!.upc, qty: 4 }, { code: skus[3]!.code, qty: 2 }] })
    expect(e.statusCode, e.body).toBe(200)
    const d = (await admin.get(INBOUND_ORDER_API.detail(r.orderNo))).json().data
    expect(d.order).toMatchObject({ inboundType: 3, inspectionMode: 1, remark: 'changed', expectedQty: 6 })
    expect(d.lines.map((l: any) => [l.skuCode, l.expectedQty])).toEqual([[skus[4]!.code, 4], [skus[3]!.code, 2]])
    // the edit form reads the order by id: the same answer, and 404 from another warehouse
    const byId = await admin.get(INBOUND_ORDER_API.detailById(r.id))
    expect(byId.json().data).toEqual(d)
    expect((await admin.in({ warehouseId: 168 }).get(INBOUND_ORDER_API.detailById(r.id))).statusCode).toBe(404)
  })

  it('bulk status: the preview says which orders change and why the others are refused; the command changes only those', async () => {
    const a = await create({ inboundType: 1, lines: [{ code: skus[5]!.code, qty: 1 }] })
    const b = await create({ inboundType: 1, lines: [{ code: skus[5]!.code, qty: 1 }] })
    await move('inbound.order.submit', [b.id])
    const p = await admin.get(`${INBOUND_ORDER_API.statusPreview}?ids=${a.id}&ids=${b.id}&status=2`)
    expect(p.statusCode, p.body).toBe(200)
    const rows = p.json().data.rows
    expect(p.json().data.changes).toBe(1)
    expect(rows.find((r: any) => r.id === a.id)).toMatchObject({ change: false, reason: 'inbound:errors.badTransition', message: `Inbound order ${a.orderNo} cannot go from New to Issued: only from Waiting to issue` })
    expect(rows.find((r: any) => r.id === b.id)).toMatchObject({ change: true, from: 1, to: 2 })
    const r = await admin.cmd('inbound.order.status', { ids: [a.id, b.id], status: 2 })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().data.changed.map((c: any) => c.id)).toEqual([b.id])
    expect(r.json().data.refused.map((c: any) => c.id)).toEqual([a.id])
    expect(Number((await head(a.orderNo)).status)).toBe(0)
    expect(Number((await head(b.orderNo)).status)).toBe(2)
    // Receiving is reached by a receipt only, never chosen
    expect((await admin.cmd('inbound.order.status', { ids: [b.id], status: 3 })).statusCode).toBe(400)
    const none = await admin.cmd('inbound.order.status', { ids: [a.id], status: 2 })
    expect(none.statusCode).toBe(409)
  })
})

describe('scope, list and lookup', () => {
  it("another warehouse's order is a 404 everywhere and never its data", async () => {
    const r = await create({ inboundType: 1, lines: [{ code: skus[0]!.code, qty: 1 }] })
    const la = admin.in({ warehouseId: 168 })
    const d = await la.get(INBOUND_ORDER_API.detail(r.orderNo))
    expect(d.statusCode).toBe(404)
    expect(d.body).not.toContain(skus[0]!.code)
    for (const c of ['inbound.order.submit', 'inbound.order.abolish', 'inbound.order.finish']) expect((await move(c, [r.id], la)).statusCode).toBe(404)
    expect((await la.cmd('inbound.order.edit', { orderNo: r.orderNo, inboundType: 1, lines: [{ code: skus[0]!.code, qty: 1 }] })).statusCode).toBe(404)
    const p = (await la.get(`${INBOUND_ORDER_API.statusPreview}?ids=${r.id}&status=1`)).json().data
    expect(p.rows[0]).toMatchObject({ change: false, orderNo: null })
    const list = (await la.get(`${INBOUND_ORDER_API.list}?orderNo=${r.orderNo}`)).json().data
    expect(list.total).toBe(0)
    expect(Number((await head(r.orderNo)).status)).toBe(0)
  })

  it('filters by number, status, SKU, supplier and created range; flags orders issued longer ago than the inbound timeout', async () => {
    const r = await create({ inboundType: 5, supplierId, lines: [{ code: skus[1]!.code, qty: 1 }] })
    await move('inbound.order.submit', [r.id])
    await move('inbound.order.issue', [r.id])
    const get = async (qs: string) => {
      const res = await admin.get(`${INBOUND_ORDER_API.list}?${qs}`)
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as { records: any[]; total: number }
    }
    expect((await get(`orderNo=${r.orderNo}`)).records.map((x) => x.orderNo)).toEqual([r.orderNo])
    const bySku = await get(`sku=${skus[1]!.code}&status=2&inboundType=5&size=200`)
    expect(bySku.records.map((x) => x.orderNo)).toContain(r.orderNo)
    expect(bySku.records.every((x) => x.status === 2 && x.inboundType === 5)).toBe(true)
    expect((await get(`supplierName=${supplierCode}&orderNo=${r.orderNo}`)).total).toBe(1)
    const today = new Date().toISOString().slice(0, 10)
    expect((await get(`createdAtFrom=${today}&createdAtTo=${today}&orderNo=${r.orderNo}`)).total).toBe(1)
    expect((await get(`createdAtFrom=2000-01-01&createdAtTo=2000-01-02&orderNo=${r.orderNo}`)).total).toBe(0)
    expect((await get(`orderNo=${r.orderNo}`)).records[0].timedOut).toBe(false)
    const hours = Number((await one<{ h: number }>('SELECT inbound_timeout_hours AS h FROM inbound_setting WHERE tenant_id = 1 AND warehouse_id = 26')).h)
    await q(`UPDATE inbound_order SET issued_at = now() - make_interval(hours => $1) WHERE id = $2`, [hours + 1, r.id])
    expect((await get(`orderNo=${r.orderNo}`)).records[0].timedOut).toBe(true)
    expect((await get(`timedOut=true&size=200`)).records.map((x) => x.orderNo)).toContain(r.orderNo)
    expect((await get(`timedOut=false&orderNo=${r.orderNo}`)).total).toBe(0)
  })

  it('"go to document" finds an order by its number and opens its details page', async () => {
    const r = await create({ inboundType: 1, lines: [{ code: skus[0]!.code, qty: 1 }] })
    const res = await admin.get(`/api/search/documents?q=${r.orderNo}`)
    expect(res.statusCode, res.body).toBe(200)
    const hits = (res.json().data.hits ?? res.json().data) as any[]
    const hit = hits.find((h) => h.type === 'inboundOrder')
    expect(hit).toMatchObject({ number: r.orderNo, path: `/stock-in/inbound-order/details?orderNo=${r.orderNo}` })
    const other = await admin.in({ warehouseId: 168 }).get(`/api/search/documents?q=${r.orderNo}`)
    expect(JSON.stringify(other.json().data)).not.toContain(r.orderNo)
  })
})

describe('Excel import', () => {
  const HEAD = ['Client reference', 'Inbound type', 'Supplier', 'Source no.', 'Expected arrival', 'Inspection', 'Batch', 'Boxes', 'Remark', 'SKU / UPC / FNSKU', 'Quantity']
  async function sheet(rows: unknown[][]): Promise<Buffer> {
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(HEAD)
    for (const r of rows) ws.addRow(r)
    return Buffer.from(await wb.xlsx.writeBuffer())
  }
  const upload = (content: Buffer, c: ApiClient = admin) => postFile(t, INBOUND_ORDER_API.dryRun, c.headers, content)

  it('the template has the translated headers', async () => {
    const r = await admin.get(INBOUND_ORDER_API.template)
    expect(r.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    const first = (wb.worksheets[0]!.getRow(1).values as unknown[]).slice(1).map((v) => String(v).replace(/\*$/, ''))
    // Issue 20 part G: the template gains the other inbound reason column after the type (sheets without it still import).
    expect(first).toEqual([...HEAD.slice(0, 2), 'Other inbound reason', ...HEAD.slice(2)])
  })

  it('the dry run lists every bad row and cell and writes nothing; a clean sheet imports every order in one transaction', async () => {
    const [a, b, c] = skus
    const before = await orderCount()
    const bad = await upload(await sheet([
      ['R1', 'Purchase', supplierCode, 'PO-9', '2026-12-24', 'No inspection', 'LOT1', 2, 'ok', a!.code, 3],
      ['R1', 'Purchase', '', '', '', '', '', '', '', 'UNKNOWN-CODE', 1],
      ['R2', 'Teleport', '', '', '', '', '', '', '', b!.code, 1],
      ['R3', 'Transfer', 'NO-SUCH-SUPPLIER', '', '', '', '', '', '', c!.code, 'many'],
      ['', 'Transfer', '', '', '', '', '', '', '', c!.code, 1],
      ['R1', 'Transfer', '', '', '', '', '', '', '', b!.code, 1],
    ]))
    expect(bad.statusCode, bad.body).toBe(200)
    const dr = bad.json().data
    expect(dr.total).toBe(6)
    expect(dr.rows).toEqual([])
    const byRow = (row: number) => dr.errors.filter((e: any) => e.row === row).map((e: any) => e.field).sort()
    expect(byRow(2)).toEqual([])
    expect(byRow(3)).toEqual(['code'])
    expect(byRow(4)).toEqual(['inboundType'])
    expect(byRow(5)).toEqual(['qty', 'supplier'])
    expect(byRow(6)).toEqual(['ref'])
    expect(byRow(7)).toEqual(['inboundType'])
    expect(dr.errors.find((e: any) => e.row === 3).message).toBe('Line 2: no SKU matches UNKNOWN-CODE')
    expect(dr.errors.find((e: any) => e.row === 7).message).toBe('Client reference R1 has a different value in row 2')
    expect(await orderCount()).toBe(before)

    const good = await upload(await sheet([
      ['R1', 'Purchase', supplierCode, 'PO-9', '2026-12-24', 'No inspection', 'LOT1', 2, 'ok', a!.code, 3],
      ['R1', '', '', '', '', '', '', '', '', b!.fnsku, 2],
      ['R2', 'Transfer', '', '', '', 'Pre-inbound inspection', '', '', '', c!.upc, 1],
    ]))
    const ok = good.json().data
    expect(ok.errors, good.body).toEqual([])
    expect(ok).toMatchObject({ total: 3, creates: 2 })
    expect(await orderCount()).toBe(before)
    const imp = await admin.cmd('inbound.order.import', { rows: ok.rows })
    expect(imp.statusCode, imp.body).toBe(200)
    const { created, orderNos } = imp.json().data
    expect(created).toBe(2)
    expect(await orderCount()).toBe(before + 2)
    const r1 = (await admin.get(INBOUND_ORDER_API.detail(orderNos[0]))).json().data
    expect(r1.order).toMatchObject({ inboundType: 1, supplierId, sourceNo: 'PO-9', batchNo: 'LOT1', expectedArrival: '2026-12-24', expectedQty: 5, boxCount: 2 })
    expect(r1.lines.map((l: any) => [l.skuCode, l.expectedQty, l.batchNo])).toEqual([[a!.code, 3, 'LOT1'], [b!.code, 2, 'LOT1']])
    const r2 = (await admin.get(INBOUND_ORDER_API.detail(orderNos[1]))).json().data
    expect(r2.order).toMatchObject({ inboundType: 2, inspectionMode: 1, expectedQty: 1 })

    // The commit checks the rows again: a code no longer known refuses the whole file.
    const stale = await admin.cmd('inbound.order.import', { rows: [{ ...ok.rows[0], code: 'GONE-CODE' }, ok.rows[2]] })
    expect(stale.statusCode).toBe(400)
    expect(await orderCount()).toBe(before + 2)
  })
})
