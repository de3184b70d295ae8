// Transfer warnings (issue 20; README "Transfer warnings"): stock that should be moved, each row with the
// move that fixes it (prefilled lines for move.order.create, source 'warning'). Three kinds:
// - shortage: a SKU whose free stock on pick faces (enabled scattered locations, normal status) is below
//   the open demand of orders in force (validated orders' lines not yet allocated: status Effective 1 or
//   validated-waiting Approve 6) while another enabled location of the warehouse holds free normal stock of
//   it — fix: move the shortfall (at most what that location holds) from it to the SKU's pick face
//   (the scattered location that already holds it, else the first enabled empty pick face);
// - wrongArea: stock whose status does not match its location's storage area type — Defective stock
//   outside a Defective area, Sample stock outside a Sample area, Normal stock in a Defective or Sample
//   area — fix: move its free quantity to the first enabled location of the right area type;
// - disabledLocation: stock on a disabled location (or a location of a disabled storage area) — fix: move
//   its free quantity to a location the operator chooses.
// Read on demand (no table): at most MAX_WARNINGS rows, the worst first.
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Queryable } from '../../db/client'
import { defineRoute, type RouteDef } from '../../http/route'
import { rowsOf } from '../../db/rows'
import { OutboundOrderStatus, StockStatus, StorageAreaType } from '../../../domain/dictionaries'
import { MOVE_API, MOVE_PERMISSIONS as P } from '../../../../commands/moves'

export const MAX_WARNINGS = 1000
export const WARNING_KINDS = ['shortage', 'wrongArea', 'disabledLocation'] as const
const n = (v: unknown) => Number(v)
const A = StorageAreaType

const Query = z.object({
  kind: z.preprocess((v) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : String(v).split(',')), z.array(z.enum(WARNING_KINDS)).max(3).optional()),
  skuCode: z.string().trim().max(80).optional(),
  locationCode: z.string().trim().max(80).optional(),
})

export interface TransferWarning {
  id: string; kind: (typeof WARNING_KINDS)[number]; skuCode: string; locationCode: string; areaCode: string; areaType: number
  stockStatus: number; batchNo: string; onHand: number; reserved: number; demand: number | null; pickFaceFree: number | null
  /** The fix: move this quantity from `locationCode` to `toLocationCode` (null: the operator chooses). */
  qty: number; toLocationCode: string | null
}

export async function transferWarnings(db: Queryable, scope: { tenantId: number; warehouseId: number }, f: z.output<typeof Query>): Promise<TransferWarning[]> {
  const kinds = new Set(f.kind?.length ? f.kind : WARNING_KINDS)
  const t = scope.tenantId; const w = scope.warehouseId
  const sku = f.skuCode ? sql`AND upper(s.sku_code) LIKE ${`%${f.skuCode.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``
  const loc = f.locationCode ? sql`AND upper(l.code) LIKE ${`%${f.locationCode.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}` : sql``
  const out: TransferWarning[] = []
  if (kinds.has('shortage')) {
    const rows = rowsOf(await db.execute(sql`
      WITH demand AS (
        SELECT ol.sku_id, sum(ol.qty - ol.allocated_qty)::int AS qty FROM outbound_order_line ol JOIN outbound_order o ON o.id = ol.order_id
        WHERE o.tenant_id = ${t} AND o.warehouse_id = ${w} AND o.status IN (${OutboundOrderStatus.Effective}, ${OutboundOrderStatus.Approve}) AND ol.allocated_qty < ol.qty
        GROUP BY ol.sku_id
      ), free AS (
        SELECT b.sku_id, b.location_id, b.batch_no, l.code, l.location_type, a.code AS area_code, a.area_type, b.on_hand, b.locked, (b.on_hand - b.locked) AS free
        FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
        WHERE b.tenant_id = ${t} AND b.warehouse_id = ${w} AND b.stock_status = ${StockStatus.Normal} AND b.on_hand > b.locked
          AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (${A.Floor}, ${A.Scattered}, ${A.Other})
      ), face AS (
        SELECT sku_id, sum(free)::int AS free, min(code) AS code FROM free WHERE location_type = 'scattered' GROUP BY sku_id
      ), bulk AS (
        SELECT DISTINCT ON (sku_id) sku_id, code, area_code, area_type, batch_no, on_hand, locked, free FROM free WHERE location_type <> 'scattered' ORDER BY sku_id, free DESC, code
      )
      SELECT s.sku_code, d.qty AS demand, coalesce(f.free, 0)::int AS face_free, f.code AS face_code, k.code, k.area_code, k.area_type, k.batch_no, k.on_hand, k.locked, k.free,
        (SELECT l2.code FROM inventory_balance b2 JOIN location l2 ON l2.id = b2.location_id JOIN storage_area a2 ON a2.id = l2.storage_area_id
          WHERE b2.tenant_id = ${t} AND b2.warehouse_id = ${w} AND b2.sku_id = d.sku_id AND b2.on_hand > 0 AND l2.location_type = 'scattered' AND l2.status = 1 AND a2.status = 1
          ORDER BY l2.code LIMIT 1) AS face_any
      FROM demand d JOIN bulk k ON k.sku_id = d.sku_id JOIN product_sku s ON s.id = d.sku_id LEFT JOIN face f ON f.sku_id = d.sku_id
      JOIN location l ON l.tenant_id = ${t} AND l.warehouse_id = ${w} AND l.code = k.code
      WHERE coalesce(f.free, 0) < d.qty ${sku} ${loc}
      ORDER BY d.qty - coalesce(f.free, 0) DESC, s.sku_code LIMIT ${MAX_WARNINGS}`))
    let emptyFace: string | null | undefined
    for (const r of rows) {
      let to = (r.face_code ?? r.face_any) as string | null
      if (!to) {
        if (emptyFace === undefined) {
          const [e] = rowsOf(await db.execute(sql`
            SELECT l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
            WHERE l.tenant_id = ${t} AND l.warehouse_id = ${w} AND l.location_type = 'scattered' AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = ${A.Scattered}
              AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0) ORDER BY l.code LIMIT 1`))
          emptyFace = e ? String(e.code) : null
        }
        to = emptyFace
      }
      out.push({
        id: `shortage:${r.sku_code}`, kind: 'shortage', skuCode: String(r.sku_code), locationCode: String(r.code), areaCode: String(r.area_code), areaType: n(r.area_type),
        stockStatus: StockStatus.Normal, batchNo: String(r.batch_no), onHand: n(r.on_hand), reserved: n(r.locked), demand: n(r.demand), pickFaceFree: n(r.face_free),
        qty: Math.min(n(r.free), n(r.demand) - n(r.face_free)), toLocationCode: to,
      })
    }
  }
  const stockRows = async (kind: 'wrongArea' | 'disabledLocation', where: ReturnType<typeof sql>) => rowsOf(await db.execute(sql`
    SELECT b.id, s.sku_code, l.code, a.code AS area_code, a.area_type, b.stock_status, b.batch_no, b.on_hand, b.locked,
      ${kind === 'wrongArea' ? sql`(SELECT l2.code FROM location l2 JOIN storage_area a2 ON a2.id = l2.storage_area_id
        WHERE l2.tenant_id = ${t} AND l2.warehouse_id = ${w} AND l2.status = 1 AND a2.status = 1 AND NOT l2.temporary
          AND a2.area_type = CASE b.stock_status WHEN ${StockStatus.Defective}::int THEN ${A.Defective}::int WHEN ${StockStatus.Sample}::int THEN ${A.Sample}::int ELSE ${A.Scattered}::int END
        ORDER BY l2.code LIMIT 1)` : sql`NULL::text`} AS to_code
    FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id JOIN product_sku s ON s.id = b.sku_id
    WHERE b.tenant_id = ${t} AND b.warehouse_id = ${w} AND b.on_hand > 0 AND ${where} ${sku} ${loc}
    ORDER BY l.code, s.sku_code LIMIT ${MAX_WARNINGS}`)).map((r): TransferWarning => ({
    id: `${kind}:${r.id}`, kind, skuCode: String(r.sku_code), locationCode: String(r.code), areaCode: String(r.area_code), areaType: n(r.area_type),
    stockStatus: n(r.stock_status), batchNo: String(r.batch_no), onHand: n(r.on_hand), reserved: n(r.locked), demand: null, pickFaceFree: null,
    qty: n(r.on_hand) - n(r.locked), toLocationCode: (r.to_code as string | null) ?? null,
  }))
  if (kinds.has('wrongArea')) {
    out.push(...await stockRows('wrongArea', sql`l.status = 1 AND a.status = 1 AND (
      (b.stock_status = ${StockStatus.Defective} AND a.area_type <> ${A.Defective})
      OR (b.stock_status = ${StockStatus.Sample} AND a.area_type <> ${A.Sample})
      OR (b.stock_status = ${StockStatus.Normal} AND a.area_type IN (${A.Defective}, ${A.Sample})))`))
  }
  if (kinds.has('disabledLocation')) out.push(...await stockRows('disabledLocation', sql`(l.status = 0 OR a.status = 0)`))
  return out.slice(0, MAX_WARNINGS)
}

export function warningRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: MOVE_API.warnings, summary: 'Transfer warnings: pick-face shortages, stock in the wrong area type, stock on disabled locations — each with its fix (a move)',
      tags: ['moves'], envelope: 'main', auth: 'scoped', permission: P.warning, query: Query,
      handler: async ({ query, auth }) => {
        const records = await transferWarnings(db, auth, query)
        return { records, total: records.length, page: 1, size: records.length }
      },
    }),
  ]
}

