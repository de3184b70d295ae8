// Box and SKU label printing (spec section 9: papers PackageLabel_Plain_Paper, A4_2, A4_4, Letter_6 with
// 1, 2, 4 or 6 labels per page; barcode or QR). GET /api/inbound/labels.pdf renders a PDF with pdf-lib,
// the codes drawn by bwip-js (code128 / qrcode PNGs, one per distinct text):
//   box   — one label per box 1..N of the order: order number + "i/N", code = <orderNo>-<i>
//   sku   — one label per expected unit, line by line: SKU code, style / color / size, code = SKU code
//   fnsku — like sku, code = the SKU's FNSKU (else its UPC); refused when a SKU has neither
// The range start..end (1-based over that sequence) is refused unless start ≤ end ≤ total (spec
// section 5: print start not above end and not above total boxes), naming the field.
// Texts on the label are codes and numbers only (the standard PDF font has no CJK glyphs).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import { PDFDocument, StandardFonts, rgb, type PDFImage, type PDFPage, type PDFFont } from 'pdf-lib'
import bwipjs from 'bwip-js/node'
import type { AppDb } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, type RouteDef } from '../../http/route'
import { badRequest, notFound } from '../../http/errors'
import { rowsOf } from '../../resources/service'
import { LABEL_CODES, LABEL_KINDS, LABEL_PAPERS, LABELS_PDF_URL, LABELS_PER_PAGE, type LabelKind, type LabelPaper } from '../../../../commands/inbound-extra'

export const LABELS_PERMISSION = 'inbound-order:print'
/** Most labels one PDF may hold (a whole container of boxes; more is a second print). */
export const MAX_LABELS = 2000

const MM = 72 / 25.4
/** Page size (points) and grid (columns × rows) per paper. */
const PAPERS: Record<LabelPaper, { w: number; h: number; cols: number; rows: number }> = {
  PackageLabel_Plain_Paper: { w: 100 * MM, h: 150 * MM, cols: 1, rows: 1 },
  A4_2: { w: 595.28, h: 841.89, cols: 1, rows: 2 },
  A4_4: { w: 595.28, h: 841.89, cols: 2, rows: 2 },
  Letter_6: { w: 612, h: 792, cols: 2, rows: 3 },
}

export interface Label { code: string; lines: string[] }

export const LabelsQuery = z.object({
  orderNo: z.string().trim().min(1).max(40),
  kind: z.enum(LABEL_KINDS),
  paper: z.enum(LABEL_PAPERS).default('PackageLabel_Plain_Paper'),
  code: z.enum(LABEL_CODES).default('barcode'),
  start: z.coerce.number().int().min(1).optional(),
  end: z.coerce.number().int().min(1).optional(),
})
export type LabelsQuery = z.infer<typeof LabelsQuery>

const rangeError = (field: 'start' | 'end', p: Record<string, unknown>) =>
  badRequest('inbound:labels.errors.range', p, [{ field, messageKey: 'inbound:labels.errors.range', params: p }])

/** The labels of an order for a kind, before the range is applied; refusals name the field. */
export async function labelsOf(db: AppDb, auth: AuthContext, orderNo: string, kind: LabelKind): Promise<{ orderNo: string; labels: (() => Label)[]; total: number }> {
  const [o] = rowsOf(await db.execute(sql`SELECT id, order_no, box_count FROM inbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no = ${orderNo.toUpperCase()}`))
  if (!o) throw notFound('inbound:labels.errors.orderNotFound', { orderNo })
  const no = String(o.order_no)
  if (kind === 'box') {
    const total = Number(o.box_count ?? 0)
    if (total === 0) throw badRequest('inbound:labels.errors.noBoxes', { orderNo: no }, [{ field: 'kind', messageKey: 'inbound:labels.errors.noBoxes', params: { orderNo: no } }])
    return { orderNo: no, total, labels: Array.from({ length: total }, (_, i) => () => ({ code: `${no}-${i + 1}`, lines: [no, `${i + 1}/${total}`] })) }
  }
  const lines = rowsOf(await db.execute(sql`
    SELECT l.expected_qty, s.sku_code, st.style_no, c.name AS color, z.name AS size,
      (SELECT m.fnsku FROM product_msku m WHERE m.sku_id = s.id AND m.tenant_id = s.tenant_id AND m.fnsku IS NOT NULL ORDER BY m.id LIMIT 1) AS fnsku,
      (SELECT m.upc FROM product_msku m WHERE m.sku_id = s.id AND m.tenant_id = s.tenant_id AND m.upc IS NOT NULL ORDER BY m.id LIMIT 1) AS upc
    FROM inbound_order_line l JOIN product_sku s ON s.id = l.sku_id JOIN product_style st ON st.id = s.style_id
    JOIN product_color c ON c.id = s.color_id JOIN product_size z ON z.id = s.size_id
    WHERE l.order_id = ${Number(o.id)} ORDER BY l.line_no`))
  if (kind === 'fnsku') {
    const missing = lines.filter((l) => !l.fnsku && !l.upc).map((l) => String(l.sku_code))
    // Spec section 8: UPC or FNSKU missing so cannot print.
    if (missing.length) throw badRequest('inbound:labels.errors.noUpcFnsku', { skuCodes: missing.join(', ') }, [{ field: 'kind', messageKey: 'inbound:labels.errors.noUpcFnsku', params: { skuCodes: missing.join(', ') } }])
  }
  const labels: (() => Label)[] = []
  for (const l of lines) {
    const attrs = `${l.style_no} / ${l.color} / ${l.size}`
    const label: Label = kind === 'fnsku'
      ? { code: String(l.fnsku ?? l.upc), lines: [String(l.fnsku ?? l.upc), String(l.sku_code), attrs] }
      : { code: String(l.sku_code), lines: [String(l.sku_code), attrs] }
    for (let i = 0; i < Number(l.expected_qty); i++) labels.push(() => label)
  }
  return { orderNo: no, total: labels.length, labels }
}

/** Applies start..end (defaults: 1..total) with the spec's refusal. */
export function pickRange<T>(labels: readonly T[], total: number, start?: number, end?: number): T[] {
  const s = start ?? 1
  const e = end ?? total
  const p = { start: s, end: e, total }
  if (s > total) throw rangeError('start', p)
  if (s > e) throw rangeError('start', p)
  if (e > total) throw rangeError('end', p)
  if (e - s + 1 > MAX_LABELS) throw badRequest('inbound:labels.errors.tooMany', { max: MAX_LABELS }, [{ field: 'end', messageKey: 'inbound:labels.errors.tooMany', params: { max: MAX_LABELS } }])
  return labels.slice(s - 1, e)
}

/** Only what the standard font can draw (WinAnsi); anything else becomes '?'. */
const printable = (s: string) => s.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?')

async function codeImage(pdf: PDFDocument, cache: Map<string, PDFImage>, text: string, code: 'barcode' | 'qrcode'): Promise<PDFImage> {
  const hit = cache.get(text)
  if (hit) return hit
  const opts: Parameters<typeof bwipjs.toBuffer>[0] = code === 'qrcode'
    ? { bcid: 'qrcode', text, scale: 4 }
    : { bcid: 'code128', text, scale: 3, height: 12, includetext: false }
  const png: Buffer = await bwipjs.toBuffer(opts)
  const img = await pdf.embedPng(png)
  cache.set(text, img)
  return img
}

function drawLabel(page: PDFPage, font: PDFFont, bold: PDFFont, img: PDFImage, label: Label, x: number, y: number, w: number, h: number, code: 'barcode' | 'qrcode') {
  const pad = Math.min(w, h) * 0.06
  page.drawRectangle({ x: x + pad / 2, y: y + pad / 2, width: w - pad, height: h - pad, borderColor: rgb(0.6, 0.6, 0.6), borderWidth: 0.5 })
  const innerW = w - 2 * pad
  // Code in the upper part: QR square, barcode wide.
  const codeH = code === 'qrcode' ? Math.min(innerW, h * 0.5) : h * 0.3
  const codeW = code === 'qrcode' ? codeH : Math.min(innerW, codeH * (img.width / img.height))
  page.drawImage(img, { x: x + (w - codeW) / 2, y: y + h - pad - codeH, width: codeW, height: codeH })
  let ty = y + h - pad - codeH - pad
  label.lines.forEach((line, i) => {
    const f = i === 0 ? bold : font
    let size = Math.max(6, Math.min(h * (i === 0 ? 0.07 : 0.05), 22))
    const text = printable(line)
    while (size > 5 && f.widthOfTextAtSize(text, size) > innerW) size -= 0.5
    ty -= size * 1.25
    page.drawText(text, { x: x + (w - f.widthOfTextAtSize(text, size)) / 2, y: ty, size, font: f })
  })
}

/** The PDF: LABELS_PER_PAGE[paper] labels per page, left to right, top to bottom. */
export async function renderLabelsPdf(labels: readonly Label[], paper: LabelPaper, code: 'barcode' | 'qrcode', title: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create()
  pdf.setTitle(title)
  pdf.setCreator('WMS console')
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const p = PAPERS[paper]
  const per = LABELS_PER_PAGE[paper]
  const cw = p.w / p.cols
  const ch = p.h / p.rows
  const cache = new Map<string, PDFImage>()
  let page: PDFPage | undefined
  for (const [i, label] of labels.entries()) {
    const slot = i % per
    if (slot === 0) page = pdf.addPage([p.w, p.h])
    const col = slot % p.cols
    const row = Math.floor(slot / p.cols)
    drawLabel(page!, font, bold, await codeImage(pdf, cache, label.code, code), label, col * cw, p.h - (row + 1) * ch, cw, ch, code)
  }
  return pdf.save()
}

export function labelRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: LABELS_PDF_URL, summary: 'Box, SKU or FNSKU labels of an inbound order as PDF (paper, barcode or QR, range start..end)',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: LABELS_PERMISSION, query: LabelsQuery,
      handler: async ({ query, auth }, reply) => {
        const all = await labelsOf(db, auth, query.orderNo, query.kind)
        const picked = pickRange(all.labels, all.total, query.start, query.end).map((f) => f())
        const bytes = await renderLabelsPdf(picked, query.paper, query.code, `${all.orderNo} ${query.kind}`)
        const name = `${all.orderNo}-${query.kind}-${query.paper}.pdf`
        return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="${name}"`)
          .header('x-label-count', String(picked.length)).send(Buffer.from(bytes))
      },
    }),
  ]
}
