// The moves area (issue 20 "Moves"): importing it registers the move handlers (./handlers.ts) and the
// palette lookup of YK numbers; its routes are the read side — move orders and their lines as declared
// lists, one order by its number (lines with who and when, and the balances each line's ledger rows
// belong to, for explain), and the transfer warnings (./warnings.ts).
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listRoute, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { moveOrder, moveOrderLine } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { translate } from '../../i18n'
import { dictLabelKey, MoveOrderStatus } from '../../../domain/dictionaries'
import { MOVE_API, MOVE_PERMISSIONS as P, moveDetailsPath } from '../../../../commands/moves'
import { lockOrder } from './handlers'
import { warningRoutes } from './warnings'
import './task-pool'
import { stockAllotRoutes } from './stock-allot'

const location = resourceTables.location!
const sku = resourceTables.sku!
const n = (v: unknown) => Number(v)
const STATUSES = Object.values(MoveOrderStatus).map(String)

const ORDER_LIST = {
  table: moveOrder,
  select: {
    id: moveOrder.id, moveNo: moveOrder.moveNo, status: moveOrder.status, source: moveOrder.source, lineCount: moveOrder.lineCount, totalQty: moveOrder.totalQty,
    remark: moveOrder.remark, createdByName: moveOrder.createdByName, createdAt: moveOrder.createdAt, completedByName: moveOrder.completedByName, completedAt: moveOrder.completedAt,
  },
  scope: { tenant: moveOrder.tenantId, warehouse: moveOrder.warehouseId },
  key: moveOrder.id,
  sortable: { moveNo: moveOrder.moveNo, status: moveOrder.status, createdAt: moveOrder.createdAt, completedAt: moveOrder.completedAt, id: moveOrder.id },
  defaultSort: 'createdAt:desc',
  filters: {
    moveNo: { type: 'text', column: moveOrder.moveNo },
    status: { type: 'enum', column: moveOrder.status, values: STATUSES },
    source: { type: 'enum', column: moveOrder.source, values: ['hand', 'warning', 'station'] },
    createdAt: { type: 'dateRange', column: moveOrder.createdAt },
  },
} satisfies ListDef

const toLocation = sql`(SELECT lt.code FROM location lt WHERE lt.id = ${moveOrderLine.toLocationId})`
const LINE_LIST = {
  table: moveOrderLine,
  join: (q: any) => q.innerJoin(moveOrder, eq(moveOrder.id, moveOrderLine.orderId)).innerJoin(location, eq(location.id, moveOrderLine.fromLocationId))
    .innerJoin(sku, eq(sku.id, moveOrderLine.skuId)),
  select: {
    id: moveOrderLine.id, moveNo: moveOrder.moveNo, lineNo: moveOrderLine.lineNo, fromLocationCode: location.code, skuCode: sku.skuCode,
    batchNo: moveOrderLine.batchNo, stockStatus: moveOrderLine.stockStatus, qty: moveOrderLine.qty,
    toLocationCode: sql<string>`${toLocation}`.as('to_location_code'), moveReserved: moveOrderLine.moveReserved, movedQty: moveOrderLine.movedQty,
    reservedMoved: moveOrderLine.reservedMoved, fromBalanceId: moveOrderLine.fromBalanceId, toBalanceId: moveOrderLine.toBalanceId,
    movedByName: moveOrderLine.movedByName, movedAt: moveOrderLine.movedAt,
  },
  scope: { tenant: moveOrderLine.tenantId, warehouse: moveOrderLine.warehouseId },
  key: moveOrderLine.id,
  sortable: { lineNo: moveOrderLine.lineNo, movedAt: moveOrderLine.movedAt, skuCode: sku.skuCode, id: moveOrderLine.id },
  defaultSort: 'id:asc',
  filters: {
    moveNo: { type: 'text', column: moveOrder.moveNo },
    skuCode: { type: 'text', column: sku.skuCode },
    fromLocationCode: { type: 'text', column: location.code },
  },
} satisfies ListDef

const MoveNoParams = z.object({ moveNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })

registerDocumentLookup({
  type: 'moveOrder', titleKey: 'moves:document', prefixes: [DOC_PREFIX.moveOrder], permission: P.view,
  group: 'document', opens: { path: '/in-house-work/move-manager/details?no={no}', testId: 'move-order' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, move_no, status FROM move_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND move_no ILIKE ${containsPattern(term)}
      ORDER BY (move_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'moveOrder', id: n(r.id), number: String(r.move_no), status: n(r.status),
      title: `${translate(lang, 'moves:document')} · ${translate(lang, dictLabelKey('moveOrderStatus', String(r.status)))}`, path: moveDetailsPath(String(r.move_no)),
    }))
  },
})

export const movesArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, ORDER_LIST, { url: MOVE_API.orders, summary: 'Move orders (YK)', tags: ['moves'], permission: P.view }),
    listRoute(db, LINE_LIST, { url: MOVE_API.lines, summary: 'Move order lines (who moved what, when; the balances of its ledger rows)', tags: ['moves'], permission: P.view }),
    defineRoute({
      method: 'GET', url: '/api/moves/orders/by-no/:moveNo', summary: 'One move order by its number: header and lines', tags: ['moves'], envelope: 'main', auth: 'scoped',
      permission: P.view, params: MoveNoParams,
      handler: async ({ params, auth }) => {
        const o = await lockOrder(db, auth, params.moveNo, false)
        const [h] = rowsOf(await db.execute(sql`SELECT remark, line_count, total_qty, created_by_name, created_at, completed_by_name, completed_at, cancelled_at FROM move_order WHERE id = ${o.id}`))
        const lines = rowsOf(await db.execute(sql`
          SELECT ml.line_no, lf.code AS from_code, lt.code AS to_code, s.sku_code, ml.batch_no, ml.stock_status, ml.qty, ml.move_reserved, ml.moved_qty, ml.reserved_moved,
            ml.from_balance_id, ml.to_balance_id, ml.moved_by_name, ml.moved_at
          FROM move_order_line ml JOIN location lf ON lf.id = ml.from_location_id JOIN location lt ON lt.id = ml.to_location_id JOIN product_sku s ON s.id = ml.sku_id
          WHERE ml.order_id = ${o.id} ORDER BY ml.line_no`)).map((r) => ({
          lineNo: n(r.line_no), fromLocationCode: String(r.from_code), toLocationCode: String(r.to_code), skuCode: String(r.sku_code), batchNo: String(r.batch_no),
          stockStatus: n(r.stock_status), qty: n(r.qty), moveReserved: r.move_reserved === true, movedQty: n(r.moved_qty), reservedMoved: n(r.reserved_moved),
          fromBalanceId: r.from_balance_id == null ? null : n(r.from_balance_id), toBalanceId: r.to_balance_id == null ? null : n(r.to_balance_id),
          movedByName: (r.moved_by_name as string | null) ?? null, movedAt: r.moved_at == null ? null : new Date(r.moved_at as string).toISOString(),
        }))
        const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
        return {
          order: {
            moveNo: o.moveNo, status: o.status, source: o.source, remark: (h!.remark as string | null) ?? null, lineCount: n(h!.line_count), totalQty: n(h!.total_qty),
            createdByName: (h!.created_by_name as string | null) ?? null, createdAt: iso(h!.created_at), completedByName: (h!.completed_by_name as string | null) ?? null,
            completedAt: iso(h!.completed_at), cancelledAt: iso(h!.cancelled_at),
          },
          lines,
        }
      },
    }),
    ...warningRoutes(db),
    ...stockAllotRoutes(db),
  ])
}
