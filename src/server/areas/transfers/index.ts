// The transfers area (issue 21 "Transfer orders (stock-out-allot)", part L): importing it registers the
// transfer orders' handlers (./handlers.ts); its routes are the read side — the list (stage filter), one
// order with its lines, boxes, what shipped, what the receiving warehouse received and what is in transit,
// the goods in transit per transfer and SKU (shipped − received, both from the ledger), and the
// warehouses a transfer may go to.
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listRoute, outer, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import type { Queryable } from '../../db/client'
import { transferOrder } from '../../db/schema/index'
import { TRANSFER_API, TRANSFER_DETAIL_PATH, TRANSFER_PERMISSIONS as P, transferDetailPath } from '../../../../commands/transfers'
import { destinationWarehouses, onceOutboundConfigFor, TRANSFER_DOC } from './handlers'
import { notFound } from '../../http/errors'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { translate } from '../../i18n'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { ConstructionStage, dictLabelKey } from '../../../domain/dictionaries'
import { reasonOfRow } from '../../inventory/ledger'

const STATUSES = Object.values(ConstructionStage).map(String)
const n = (v: unknown) => Number(v)
const S = ConstructionStage
type Scope = { tenantId: number; warehouseId: number }

const TRANSFER_LIST = {
  table: transferOrder,
  select: {
    id: transferOrder.id, transferNo: transferOrder.transferNo, status: transferOrder.status, toWarehouseId: transferOrder.toWarehouseId,
    toWarehouseName: sql<string>`(SELECT w.name FROM warehouse w WHERE w.id = ${outer(transferOrder.toWarehouseId)})`.as('to_warehouse_name'),
    qty: sql<number>`(SELECT coalesce(sum(l.qty), 0)::int FROM transfer_order_line l WHERE l.order_id = ${outer(transferOrder.id)})`.as('qty'),
    lines: sql<number>`(SELECT count(*)::int FROM transfer_order_line l WHERE l.order_id = ${outer(transferOrder.id)})`.as('lines'),
    shippedQty: transferOrder.shippedQty, shippedBoxes: transferOrder.shippedBoxes, packingTaskNo: transferOrder.packingTaskNo,
    inboundOrderNo: transferOrder.inboundOrderNo, expectedArrival: transferOrder.expectedArrival, source: transferOrder.source,
    createdAt: transferOrder.createdAt, shippedAt: transferOrder.shippedAt,
  },
  scope: { tenant: transferOrder.tenantId, warehouse: transferOrder.warehouseId },
  key: transferOrder.id,
  sortable: { id: transferOrder.id, transferNo: transferOrder.transferNo, status: transferOrder.status, createdAt: transferOrder.createdAt, shippedAt: transferOrder.shippedAt },
  defaultSort: 'id:desc',
  filters: {
    transferNo: { type: 'text', column: transferOrder.transferNo },
    status: { type: 'enum', column: transferOrder.status, values: STATUSES },
    inboundOrderNo: { type: 'text', column: transferOrder.inboundOrderNo },
    createdAt: { type: 'dateRange', column: transferOrder.createdAt },
  },
} satisfies ListDef

/**
 * Goods in transit, per transfer and SKU: shipped (the sending ledger's rows under the DB number, reason
 * 'ship') − received (the receiving ledger's rows under its inbound order, reason 'receive'). Transfers the
 * caller's warehouse sends or receives; `transferNo` narrows to one.
 */
export async function inTransit(q: Queryable, scope: Scope, transferNo?: string) {
  const rows = rowsOf(await q.execute(sql`
    WITH t AS (
      SELECT o.id, o.transfer_no, o.status, o.warehouse_id, o.to_warehouse_id, o.inbound_order_no FROM transfer_order o
      WHERE o.tenant_id = ${scope.tenantId} AND (o.warehouse_id = ${scope.warehouseId} OR o.to_warehouse_id = ${scope.warehouseId})
        AND o.status IN (${S.TransferInprogress}, ${S.TransferCompleted}, ${S.AuditCompleted})
        ${transferNo ? sql`AND o.transfer_no = ${transferNo}` : sql``}
    ), s AS (
      SELECT t.id, b.sku_id, -sum(g.delta_on_hand)::int AS qty FROM t
      JOIN inventory_ledger g ON g.tenant_id = ${scope.tenantId} AND g.warehouse_id = t.warehouse_id AND g.doc_no = t.transfer_no AND g.doc_type = ${TRANSFER_DOC} AND g.reason = 'ship'
      JOIN inventory_balance b ON b.id = g.balance_id GROUP BY t.id, b.sku_id
    ), r AS (
      SELECT t.id, b.sku_id, sum(g.delta_on_hand)::int AS qty FROM t
      JOIN inventory_ledger g ON g.tenant_id = ${scope.tenantId} AND g.warehouse_id = t.to_warehouse_id AND g.doc_no = t.inbound_order_no AND g.doc_type = 'RK' AND g.reason = 'receive'
      JOIN inventory_balance b ON b.id = g.balance_id GROUP BY t.id, b.sku_id
    )
    SELECT t.transfer_no, t.status, t.warehouse_id, t.to_warehouse_id, t.inbound_order_no, k.sku_code, s.qty AS shipped, coalesce(r.qty, 0) AS received
    FROM s JOIN t ON t.id = s.id JOIN product_sku k ON k.id = s.sku_id LEFT JOIN r ON r.id = s.id AND r.sku_id = s.sku_id
    ORDER BY t.transfer_no, k.sku_code`))
  return rows.map((r) => ({
    transferNo: String(r.transfer_no), status: n(r.status), fromWarehouseId: n(r.warehouse_id), toWarehouseId: n(r.to_warehouse_id),
    inboundOrderNo: r.inbound_order_no == null ? null : String(r.inbound_order_no), skuCode: String(r.sku_code),
    shipped: n(r.shipped), received: n(r.received), inTransit: n(r.shipped) - n(r.received),
  }))
}

/** One transfer order (the sending pair's, or one the caller's warehouse receives) with everything its detail page shows. */
export async function transferDetail(q: Queryable, scope: Scope, transferNo: string) {
  const [o] = rowsOf(await q.execute(sql`
    SELECT o.*, o.expected_arrival::text AS expected_arrival_text, fw.code AS from_code, fw.name AS from_name, tw.code AS to_code, tw.name AS to_name,
      ib.status AS inbound_status, ib.expected_qty AS inbound_expected, ib.received_qty AS inbound_received, ib.received_boxes AS inbound_received_boxes
    FROM transfer_order o JOIN warehouse fw ON fw.id = o.warehouse_id JOIN warehouse tw ON tw.id = o.to_warehouse_id
    LEFT JOIN inbound_order ib ON ib.id = o.inbound_order_id
    WHERE o.tenant_id = ${scope.tenantId} AND o.transfer_no = ${transferNo} AND (o.warehouse_id = ${scope.warehouseId} OR o.to_warehouse_id = ${scope.warehouseId})
    ORDER BY (o.warehouse_id = ${scope.warehouseId}) DESC LIMIT 1`))
  if (!o) return undefined
  const id = n(o.id)
  const sending = { tenantId: scope.tenantId, warehouseId: n(o.warehouse_id) }
  const transit = await inTransit(q, scope, transferNo)
  const lines = rowsOf(await q.execute(sql`
    SELECT l.line_no, s.sku_code, l.batch_no, l.qty, l.shipped_qty,
      (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r WHERE r.tenant_id = ${sending.tenantId} AND r.warehouse_id = ${sending.warehouseId}
        AND r.doc_type = ${TRANSFER_DOC} AND r.doc_no = ${transferNo} AND r.doc_line = l.line_no AND r.status = 0) AS reserved
    FROM transfer_order_line l JOIN product_sku s ON s.id = l.sku_id WHERE l.order_id = ${id} ORDER BY l.line_no`))
  const inboundNo = o.inbound_order_no == null ? null : String(o.inbound_order_no)
  const boxes = rowsOf(await q.execute(sql`
    SELECT c.box_code, c.seq, c.status, c.weight, c.volume, x.box_no,
      (SELECT coalesce(sum(i.qty), 0)::int FROM carton_item i WHERE i.carton_id = c.id) AS units,
      (SELECT coalesce(sum(rc.qty), 0)::int FROM inbound_receipt rc WHERE rc.order_id = ${o.inbound_order_id ?? 0} AND x.box_no IS NOT NULL
        AND rc.box_no = ${inboundNo ?? ''} || '-' || x.box_no::text) AS received
    FROM carton c JOIN packing_task t ON t.id = c.task_id LEFT JOIN transfer_box x ON x.carton_id = c.id
    WHERE t.tenant_id = ${sending.tenantId} AND t.warehouse_id = ${sending.warehouseId} AND t.task_no = ${o.packing_task_no ?? ''}
    ORDER BY c.seq`))
  const ledger = rowsOf(await q.execute(sql`
    SELECT g.id, g.created_at, g.warehouse_id, g.doc_type, g.doc_no, g.doc_line, g.reason, g.reason_params, g.delta_on_hand, g.delta_locked, l.code AS location_code, s.sku_code
    FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
    WHERE g.tenant_id = ${scope.tenantId} AND ((g.warehouse_id = ${sending.warehouseId} AND g.doc_no = ${transferNo} AND g.doc_type = ${TRANSFER_DOC})
      OR (${inboundNo !== null} AND g.warehouse_id = ${n(o.to_warehouse_id)} AND g.doc_no = ${inboundNo ?? ''} AND g.doc_type = 'RK'))
    ORDER BY g.id LIMIT 2000`))
  const str = (v: unknown) => (v == null ? null : String(v))
  const bySku = new Map<string, { shipped: number; received: number }>()
  for (const t of transit) bySku.set(t.skuCode, { shipped: (bySku.get(t.skuCode)?.shipped ?? 0) + t.shipped, received: (bySku.get(t.skuCode)?.received ?? 0) + t.received })
  return {
    id, transferNo: String(o.transfer_no), status: n(o.status), source: String(o.source),
    fromWarehouse: { id: n(o.warehouse_id), code: String(o.from_code), name: String(o.from_name) },
    toWarehouse: { id: n(o.to_warehouse_id), code: String(o.to_code), name: String(o.to_name) },
    expectedArrival: str(o.expected_arrival_text), boxMark: str(o.box_mark), remark: str(o.remark),
    packingTaskNo: str(o.packing_task_no), inboundOrderNo: inboundNo,
    inbound: inboundNo === null ? null : { orderNo: inboundNo, status: n(o.inbound_status), expectedQty: n(o.inbound_expected), receivedQty: n(o.inbound_received), receivedBoxes: n(o.inbound_received_boxes) },
    shippedQty: n(o.shipped_qty), shippedBoxes: n(o.shipped_boxes), releasedQty: n(o.released_qty),
    createdAt: new Date(o.created_at as string).toISOString(), shippedAt: o.shipped_at == null ? null : new Date(o.shipped_at as string).toISOString(),
    lines: lines.map((l) => {
      const t = bySku.get(String(l.sku_code))
      return {
        lineNo: n(l.line_no), skuCode: String(l.sku_code), batchNo: String(l.batch_no), qty: n(l.qty), reserved: n(l.reserved), shippedQty: n(l.shipped_qty),
        received: t?.received ?? 0, inTransit: t ? t.shipped - t.received : 0,
      }
    }),
    boxes: boxes.map((b) => ({
      boxCode: String(b.box_code), seq: n(b.seq), status: n(b.status), units: n(b.units), weight: b.weight == null ? null : Number(b.weight), volume: b.volume == null ? null : Number(b.volume),
      boxNo: b.box_no == null ? null : n(b.box_no), boxLabel: b.box_no == null || inboundNo === null ? null : `${inboundNo}-${n(b.box_no)}`, received: n(b.received),
    })),
    inTransit: transit.map(({ skuCode, shipped, received, inTransit: it }) => ({ skuCode, shipped, received, inTransit: it })),
    ledger: ledger.map((g) => ({
      id: n(g.id), createdAt: new Date(g.created_at as string).toISOString(), warehouseId: n(g.warehouse_id), docType: String(g.doc_type), docNo: String(g.doc_no),
      docLine: g.doc_line == null ? null : n(g.doc_line), ...reasonOfRow(g), deltaOnHand: n(g.delta_on_hand), deltaLocked: n(g.delta_locked),
      locationCode: String(g.location_code), skuCode: String(g.sku_code),
    })),
  }
}
export type TransferDetail = NonNullable<Awaited<ReturnType<typeof transferDetail>>>

// The palette's document jump: a DB number (whole or in part) → the transfer order's detail page.
registerDocumentLookup({
  type: 'transferOrder', titleKey: 'transfers:document', prefixes: [DOC_PREFIX.transferOrder], permission: P.view,
  group: 'document', opens: { path: `${TRANSFER_DETAIL_PATH}?no={no}`, testId: 'transfer-detail' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, transfer_no, status FROM transfer_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND transfer_no ILIKE ${containsPattern(term)}
      ORDER BY (transfer_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'transferOrder', id: n(r.id), number: String(r.transfer_no), status: n(r.status),
      title: `${translate(lang, 'transfers:document')} · ${translate(lang, dictLabelKey('constructionStage', String(r.status)))}`, path: transferDetailPath(String(r.transfer_no)),
    }))
  },
})

const NoParams = z.object({ transferNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })
const TransitQuery = z.object({ transferNo: z.string().trim().max(40).optional().transform((s) => (s ? s.toUpperCase() : undefined)) })

export const transfersArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, TRANSFER_LIST, { url: TRANSFER_API.orders, summary: 'Transfer orders (DB) of the sending warehouse: stage, destination, quantities, shipment', tags: ['transfers'], permission: P.view }),
    defineRoute({
      method: 'GET', url: '/api/transfers/orders/by-no/:transferNo', summary: 'One transfer order: lines (ordered, reserved, shipped, received, in transit), boxes, inbound order, ledger rows of both warehouses',
      tags: ['transfers'], envelope: 'main', auth: 'scoped', permission: P.view, params: NoParams,
      handler: async ({ params, auth }) => {
        const d = await transferDetail(db, auth, params.transferNo)
        if (!d) throw notFound('transfers:errors.notFound', { transferNo: params.transferNo })
        return d
      },
    }),
    defineRoute({
      method: 'GET', url: TRANSFER_API.inTransit, summary: 'Goods in transit per transfer and SKU: shipped (sending ledger) − received (receiving ledger)',
      tags: ['transfers'], envelope: 'main', auth: 'scoped', permission: P.view, query: TransitQuery,
      handler: async ({ query, auth }) => {
        const rows = await inTransit(db, auth, query.transferNo)
        return { rows, total: rows.reduce((s, r) => s + r.inTransit, 0) }
      },
    }),
    defineRoute({
      method: 'GET', url: TRANSFER_API.warehouses, summary: 'The warehouses of the company a transfer from here may go to, and the once-outbound configuration for each',
      tags: ['transfers'], envelope: 'main', auth: 'scoped', permission: P.view,
      handler: async ({ auth }) => {
        const list = await destinationWarehouses(db, auth)
        return Promise.all(list.map(async (w) => ({ ...w, config: await onceOutboundConfigFor(db, auth, w.id) })))
      },
    }),
  ])
}
