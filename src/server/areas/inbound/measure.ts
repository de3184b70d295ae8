// Inbound measure (stock-in → inbound-measure): per box (1..N of the order's boxes) or per SKU of an
// inbound order — length, width, height (cm), weight (kg), each above 0 with up to 4 decimals, and an
// optional photo (an uploaded picture). Saving the same box or SKU again updates its row.
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { AppDb, AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, type RouteDef } from '../../http/route'
import { fieldError, notFound } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { defineHandler } from '../../commands/registry'
import { fileExtension } from '../../../domain/upload'
import { MeasureSaveArgs } from '../../../../commands/inbound-extra'

export const MEASURE_PERMISSIONS = { view: 'menu:inbound-measure', edit: 'inbound-measure:edit' } as const
const PICTURE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']

const n = (v: unknown) => Number(v)

async function orderOf(q: AppDb | AppTx, auth: AuthContext, orderNo: string) {
  const [o] = rowsOf(await q.execute(sql`SELECT id, order_no, box_count, status FROM inbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no = ${orderNo.toUpperCase()}`))
  if (!o) throw notFound('inbound:measure.errors.orderNotFound', { orderNo })
  return { id: n(o.id), orderNo: String(o.order_no), boxCount: o.box_count == null ? null : n(o.box_count), status: n(o.status) }
}

defineHandler<MeasureSaveArgs>('inbound.measure.save', async ({ tx, args, auth, setSummary }) => {
  const order = await orderOf(tx, auth, args.orderNo)
  if ((args.boxNo === undefined) === (args.skuCode === undefined)) throw fieldError('boxNo', 'inbound:measure.errors.boxOrSku')
  let skuId: number | null = null
  if (args.boxNo !== undefined && order.boxCount !== null && args.boxNo > order.boxCount) {
    throw fieldError('boxNo', 'inbound:measure.errors.boxOutOfRange', { boxNo: args.boxNo, total: order.boxCount })
  }
  if (args.skuCode !== undefined) {
    const [l] = rowsOf(await tx.execute(sql`SELECT l.sku_id FROM inbound_order_line l JOIN product_sku s ON s.id = l.sku_id
      WHERE l.order_id = ${order.id} AND s.sku_code = ${args.skuCode.toUpperCase()} LIMIT 1`))
    if (!l) throw fieldError('skuCode', 'inbound:measure.errors.skuNotInOrder', { code: args.skuCode, orderNo: order.orderNo })
    skuId = n(l.sku_id)
  }
  if (args.photo) {
    const [f] = rowsOf(await tx.execute(sql`SELECT name FROM file_object WHERE id = ${args.photo.split('/').pop()}::uuid`))
    if (!f) throw fieldError('photo', 'resources:errors.refNotFound', { value: args.photo })
    if (!PICTURE_EXTENSIONS.includes(fileExtension(String(f.name)))) throw fieldError('photo', 'errors:upload.badFormat', { formats: PICTURE_EXTENSIONS.join(', ') })
  }
  const values = sql`${auth.tenantId}, ${auth.warehouseId}, ${order.id}, ${args.boxNo ?? null}, ${skuId}, ${String(args.length)}::numeric, ${String(args.width)}::numeric,
    ${String(args.height)}::numeric, ${String(args.weight)}::numeric, ${args.photo ?? null}, ${auth.userId}, ${auth.userId}`
  const target = args.boxNo !== undefined ? sql`(order_id, box_no) WHERE box_no IS NOT NULL` : sql`(order_id, sku_id) WHERE sku_id IS NOT NULL`
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO inbound_measure (tenant_id, warehouse_id, order_id, box_no, sku_id, length, width, height, weight, photo, created_by, updated_by)
    VALUES (${values})
    ON CONFLICT ${target} DO UPDATE SET length = EXCLUDED.length, width = EXCLUDED.width, height = EXCLUDED.height, weight = EXCLUDED.weight,
      photo = EXCLUDED.photo, updated_at = now(), updated_by = EXCLUDED.updated_by
    RETURNING id`))
  setSummary(`measure ${order.orderNo} ${args.boxNo !== undefined ? `box ${args.boxNo}` : `sku ${args.skuCode}`} ${args.length}×${args.width}×${args.height} ${args.weight}kg`)
  return { id: n(row!.id), orderNo: order.orderNo }
})

/** The order's boxes and SKUs with what was measured so far. */
export async function measuresOf(db: AppDb, auth: AuthContext, orderNo: string) {
  const order = await orderOf(db, auth, orderNo)
  const skus = rowsOf(await db.execute(sql`SELECT s.sku_code FROM inbound_order_line l JOIN product_sku s ON s.id = l.sku_id WHERE l.order_id = ${order.id} ORDER BY l.line_no`))
  const rows = rowsOf(await db.execute(sql`
    SELECT m.id, m.box_no, s.sku_code, m.length, m.width, m.height, m.weight, m.photo, m.updated_at
    FROM inbound_measure m LEFT JOIN product_sku s ON s.id = m.sku_id WHERE m.order_id = ${order.id}
    ORDER BY m.box_no NULLS LAST, s.sku_code`))
  return {
    orderNo: order.orderNo, boxCount: order.boxCount, skuCodes: skus.map((s) => String(s.sku_code)),
    measures: rows.map((r) => ({
      id: n(r.id), boxNo: r.box_no == null ? null : n(r.box_no), skuCode: (r.sku_code as string | null) ?? null,
      length: n(r.length), width: n(r.width), height: n(r.height), weight: n(r.weight), photo: (r.photo as string | null) ?? null,
      updatedAt: new Date(r.updated_at as string).toISOString(),
    })),
  }
}

export function measureRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/inbound/measures', summary: 'An inbound order\'s boxes and SKUs with their measures', tags: ['inbound'],
      envelope: 'main', auth: 'scoped', permission: MEASURE_PERMISSIONS.view, query: z.object({ orderNo: z.string().trim().min(1).max(40) }),
      handler: ({ query, auth }) => measuresOf(db, auth, query.orderNo),
    }),
  ]
}
