// Box / SKU / FNSKU label PDFs over the real API, read back with pdf-lib: pages per paper (1, 2, 4, 6
// labels a page) and per range, and the refusals naming their field (spec section 5: print start not
// above end and not above total boxes; section 8: UPC or FNSKU missing so cannot print).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { PDFDocument } from 'pdf-lib'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'

let t: TestApp
let admin: ApiClient
let orderNo: string
let bare: string

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params)
const url = (p: Record<string, string | number>) => `/api/inbound/labels.pdf?${new URLSearchParams(Object.entries(p).map(([k, v]) => [k, String(v)]))}`

async function pdf(p: Record<string, string | number>) {
  const r = await admin.get(url(p))
  expect(r.statusCode, r.body.slice(0, 300)).toBe(200)
  expect(r.headers['content-type']).toBe('application/pdf')
  const doc = await PDFDocument.load(r.rawPayload)
  return { pages: doc.getPageCount(), labels: Number(r.headers['x-label-count']), size: doc.getPage(0).getSize() }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const [a, b] = await q<{ upc: string }>(`SELECT m.upc FROM product_msku m WHERE m.tenant_id = 1 AND m.upc IS NOT NULL AND m.fnsku IS NOT NULL ORDER BY m.sku_id LIMIT 2`)
  const add = await admin.cmd('inbound.quick.add', { inboundType: 1, lines: [{ code: a!.upc, qty: 3 }, { code: b!.upc, qty: 2 }] })
  expect(add.statusCode, add.body).toBe(200)
  orderNo = add.json().data.orderNo
  await q(`UPDATE inbound_order SET box_count = 10 WHERE order_no = $1`, [orderNo])
  // An order of a SKU with neither UPC nor FNSKU.
  const [sku] = await q<{ id: number }>(`SELECT s.id FROM product_sku s WHERE s.tenant_id = 1 AND NOT EXISTS
    (SELECT 1 FROM product_msku m WHERE m.sku_id = s.id AND (m.upc IS NOT NULL OR m.fnsku IS NOT NULL)) ORDER BY s.id LIMIT 1`)
  const [o] = await q<{ id: number; order_no: string }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, box_count, expected_qty)
    VALUES (1, 26, 'RK-LABEL-BARE', 1, 0, 1, 1) RETURNING id, order_no`)
  await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 1)`, [o!.id, sku!.id])
  bare = o!.order_no
}, 120_000)
afterAll(async () => { await t?.close() })

describe('labels PDF', () => {
  it('prints box labels 1, 2, 4 and 6 to a page on the spec papers', async () => {
    expect(await pdf({ orderNo, kind: 'box', paper: 'PackageLabel_Plain_Paper' })).toMatchObject({ pages: 10, labels: 10 })
    expect(await pdf({ orderNo, kind: 'box', paper: 'A4_2' })).toMatchObject({ pages: 5, labels: 10 })
    const a4 = await pdf({ orderNo, kind: 'box', paper: 'A4_4', code: 'qrcode' })
    expect(a4).toMatchObject({ pages: 3, labels: 10 })
    expect(Math.round(a4.size.width)).toBe(595)
    const letter = await pdf({ orderNo, kind: 'box', paper: 'Letter_6' })
    expect(letter).toMatchObject({ pages: 2, labels: 10, size: { width: 612, height: 792 } })
    // A range: boxes 3..9 on A4_4 → 7 labels, 2 pages; one box → one page.
    expect(await pdf({ orderNo, kind: 'box', paper: 'A4_4', start: 3, end: 9 })).toMatchObject({ pages: 2, labels: 7 })
    expect(await pdf({ orderNo, kind: 'box', paper: 'Letter_6', start: 10, end: 10 })).toMatchObject({ pages: 1, labels: 1 })
  })

  it('prints one SKU or FNSKU label per expected unit', async () => {
    expect(await pdf({ orderNo, kind: 'sku', paper: 'A4_2' })).toMatchObject({ pages: 3, labels: 5 })
    expect(await pdf({ orderNo, kind: 'fnsku', paper: 'Letter_6', code: 'qrcode' })).toMatchObject({ pages: 1, labels: 5 })
    expect(await pdf({ orderNo, kind: 'sku', paper: 'PackageLabel_Plain_Paper', start: 4 })).toMatchObject({ pages: 2, labels: 2 })
  })

  it('refuses a bad range naming start or end, a SKU without UPC/FNSKU, other warehouses and other roles', async () => {
    const backwards = await admin.get(url({ orderNo, kind: 'box', paper: 'A4_2', start: 5, end: 3 }))
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json().errors[0]).toMatchObject({ field: 'start', messageKey: 'inbound:labels.errors.range' })
    const over = await admin.get(url({ orderNo, kind: 'box', paper: 'A4_2', start: 1, end: 11 }))
    expect(over.json().errors[0]).toMatchObject({ field: 'end', messageKey: 'inbound:labels.errors.range' })
    const startOver = await admin.get(url({ orderNo, kind: 'box', paper: 'A4_2', start: 12 }))
    expect(startOver.json().errors[0]).toMatchObject({ field: 'start' })
    expect((await admin.get(url({ orderNo, kind: 'box', paper: 'A5' }))).json().errors[0].field).toBe('paper')
    const noCode = await admin.get(url({ orderNo: bare, kind: 'fnsku', paper: 'A4_2' }))
    expect(noCode.statusCode).toBe(400)
    expect(noCode.json().responseDesc).toMatch(/^UPC or FNSKU missing so cannot print: /)
    // The same order's SKU labels print fine.
    expect(await pdf({ orderNo: bare, kind: 'sku', paper: 'A4_2' })).toMatchObject({ pages: 1, labels: 1 })
    expect((await admin.in({ warehouseId: 168 }).get(url({ orderNo, kind: 'box' }))).statusCode).toBe(404)
    const picker = await apiAs(t, 'picker')
    expect((await picker.get(url({ orderNo, kind: 'box' }))).statusCode).toBe(403)
  })
})
