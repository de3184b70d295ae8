// Box and SKU label printing (spec section 9: papers PackageLabel_Plain_Paper, A4_2, A4_4, Letter_6 with
// 1, 2, 4 or 6 labels per page; barcode or QR). GET /api/inbound/labels.pdf renders a PDF through the
// shared label mechanism (src/server/labels/render.ts, which face sheets use too):
//   box   — one label per box 1..N of the order: order number + "i/N", code = <orderNo>-<i>
//   sku   — one label per expected unit, line by line: SKU code, style / color / size, code = SKU code
//   fnsku — like sku, code = the SKU's FNSKU (else its UPC); refused when a SKU has neither
// The range start..end (1-based over that sequence) is refused unless start ≤ end ≤ total (spec
// section 5: print start not above end and not above total boxes), naming the field.
// Texts on the label are codes and numbers only (the standard PDF font has no CJK glyphs).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import { renderLabelsPdf, type Label } from '../../labels/render'
import type { AppDb } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, type RouteDef } from '../../http/route'
import { badRequest, notFound } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { LABEL_CODES, LABEL_KINDS, LABEL_PAPERS, LABELS_PDF_URL, type LabelKind } from '../../../../commands/inbound-extra'

export const LABELS_PERMISSION = 'inbound-order:print'
/** Most labels one PDF may hold (a whole container of boxes; more is a second print). */
export const MAX_LABELS = 2000

export type { Label } from '../../labels/render'

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
