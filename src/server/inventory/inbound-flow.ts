// What happens to received goods (issue 4 flow): when an inbound order finishes receiving,
//   - inspection mode pre-inbound (1): an inspection order (kind 1) over the received lines; once it
//     is completed, the command inspection.generate makes the shelving order (spec section 4: only a
//     pre-inbound inspection with status completed may);
//   - no inspection (0): a shelving task of everything received, from where it was received;
//   - post-inbound (2): the shelving task now; when it completes, an inspection order (kind 2) over
//     what was shelved; a completed post-inbound inspection generates the inspection transfer order
//     (a shelving task, source_type 'inspection', moving the failed — defective — goods to a
//     defective-area location).
// Everything runs inside the caller's command transaction; stock moves only through ledger.ts.
import { sql } from 'drizzle-orm'
import type { AppTx } from '../db/client'
import type { AuthContext } from '../http/context'
import { notFound } from '../http/errors'
import { rowsOf } from '../db/rows'
import { DOC_PREFIX, nextDocNo } from './doc-no'
import { getInboundSettings } from './settings'
import { suggestLocation } from './putaway'
import { InspectionKind, InspectionMode, StockStatus } from '../../domain/dictionaries'

export type FlowResult = { inspectionNo?: string; shelvingTaskNo?: string }

/** What the flow needs of the caller: the scope and the operator. */
export type FlowAuth = Pick<AuthContext, 'userId' | 'username' | 'tenantId' | 'warehouseId'>

export type ShelvingSource = 'inbound' | 'inspection' | 'return' | 'quick'

export interface NewShelvingLine {
  skuId: number
  batchNo: string
  stockStatus: number
  fromLocationId: number
  qty: number
  /** inbound_order_line.id for inbound/inspection tasks (their shelved quantities follow it). */
  sourceLineId?: number | null
}

export interface NewInspectionLine { inboundLineId: number; skuId: number; batchNo: string; locationId: number; qty: number }

const n = (v: unknown) => Number(v)

/**
 * Creates a shelving task (status Unclaimed) with a suggested location per line. Lines of zero
 * quantity are dropped; returns undefined when nothing is left to shelve. Exported for the other
 * documents that end in a shelving task (returns, quick inbound).
 */
export async function createShelvingTask(tx: AppTx, auth: FlowAuth, input: {
  sourceType: ShelvingSource; sourceNo: string; orderId?: number | null; lines: NewShelvingLine[]; prefix?: string
}): Promise<{ id: number; taskNo: string } | undefined> {
  const lines = input.lines.filter((l) => l.qty > 0)
  if (lines.length === 0) return undefined
  const scope = { tenantId: auth.tenantId, warehouseId: auth.warehouseId }
  const settings = await getInboundSettings(tx, scope)
  const taskNo = await nextDocNo(tx, scope, input.prefix ?? DOC_PREFIX.shelvingTask)
  const total = lines.reduce((s, l) => s + l.qty, 0)
  const [task] = rowsOf(await tx.execute(sql`
    INSERT INTO shelving_task (tenant_id, warehouse_id, task_no, source_type, source_no, order_id, status, qty, created_by, updated_by)
    VALUES (${scope.tenantId}, ${scope.warehouseId}, ${taskNo}, ${input.sourceType}, ${input.sourceNo}, ${input.orderId ?? null}, 0, ${total}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  const taskId = n(task!.id)
  // Empty locations already suggested to another line are not suggested twice within one task.
  const taken: number[] = []
  let lineNo = 0
  for (const l of lines) {
    const s = await suggestLocation(tx, scope, {
      skuId: l.skuId, batchNo: l.batchNo, stockStatus: l.stockStatus, exclude: [l.fromLocationId, ...taken],
    }, { coStorage: settings.coStorage, storageMode: settings.storageMode })
    if (s?.reason === 'empty') taken.push(s.locationId)
    lineNo += 1
    await tx.execute(sql`
      INSERT INTO shelving_line (task_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, stock_status, from_location_id, suggested_location_id, qty, source_line_id)
      VALUES (${taskId}, ${scope.tenantId}, ${scope.warehouseId}, ${lineNo}, ${l.skuId}, ${l.batchNo}, ${l.stockStatus}, ${l.fromLocationId},
        ${s?.locationId ?? null}, ${l.qty}, ${l.sourceLineId ?? null})`)
  }
  return { id: taskId, taskNo }
}

/** Creates an inspection order (status Pending) over the given lines; undefined when there are none. */
export async function createInspection(tx: AppTx, auth: FlowAuth, input: { orderId: number; kind: number; lines: NewInspectionLine[] }): Promise<{ id: number; inspectionNo: string } | undefined> {
  const lines = input.lines.filter((l) => l.qty > 0)
  if (lines.length === 0) return undefined
  const scope = { tenantId: auth.tenantId, warehouseId: auth.warehouseId }
  const inspectionNo = await nextDocNo(tx, scope, DOC_PREFIX.inspection)
  const total = lines.reduce((s, l) => s + l.qty, 0)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO inspection_order (tenant_id, warehouse_id, inspection_no, order_id, kind, status, qty, created_by, updated_by)
    VALUES (${scope.tenantId}, ${scope.warehouseId}, ${inspectionNo}, ${input.orderId}, ${input.kind}, 0, ${total}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  const id = n(row!.id)
  for (const l of lines) {
    await tx.execute(sql`
      INSERT INTO inspection_line (inspection_id, tenant_id, warehouse_id, inbound_line_id, sku_id, batch_no, location_id, qty)
      VALUES (${id}, ${scope.tenantId}, ${scope.warehouseId}, ${l.inboundLineId}, ${l.skuId}, ${l.batchNo}, ${l.locationId}, ${l.qty})`)
  }
  return { id, inspectionNo }
}

/** Where an order's goods were received: per order line, location and batch (largest first). */
export async function receivedPlaces(tx: AppTx, auth: FlowAuth, orderId: number): Promise<{ lineId: number; lineNo: number; skuId: number; locationId: number; batchNo: string; qty: number }[]> {
  const rows = rowsOf(await tx.execute(sql`
    SELECT r.line_id, l.line_no, l.sku_id, r.location_id, r.batch_no, sum(r.qty)::integer AS qty
    FROM inbound_receipt r JOIN inbound_order_line l ON l.id = r.line_id
    WHERE r.order_id = ${orderId} AND r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId}
    GROUP BY r.line_id, l.line_no, l.sku_id, r.location_id, r.batch_no
    ORDER BY l.line_no, qty DESC, r.location_id`))
  return rows.map((r) => ({ lineId: n(r.line_id), lineNo: n(r.line_no), skuId: n(r.sku_id), locationId: n(r.location_id), batchNo: String(r.batch_no ?? ''), qty: n(r.qty) }))
}

/** One inspection line per order line: its whole quantity, at the place holding most of it. */
function inspectionLinesOf(places: { lineId: number; skuId: number; locationId: number; batchNo: string; qty: number }[]): NewInspectionLine[] {
  const byLine = new Map<number, NewInspectionLine>()
  for (const p of places) {
    const cur = byLine.get(p.lineId)
    if (cur) cur.qty += p.qty
    else byLine.set(p.lineId, { inboundLineId: p.lineId, skuId: p.skuId, batchNo: p.batchNo, locationId: p.locationId, qty: p.qty })
  }
  return [...byLine.values()]
}

/**
 * B1's finishReceiving calls this once the order is Finish (4). Returns the document it generated:
 * the pre-inbound inspection, or the shelving task (no inspection and post-inbound).
 */
export async function afterReceivingFinished(tx: AppTx, auth: FlowAuth, orderId: number): Promise<FlowResult> {
  const [order] = rowsOf(await tx.execute(sql`
    SELECT id, order_no, inspection_mode FROM inbound_order
    WHERE id = ${orderId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!order) throw notFound()
  const places = await receivedPlaces(tx, auth, orderId)
  if (places.length === 0) return {}
  if (n(order.inspection_mode) === InspectionMode.PreInbound) {
    const made = await createInspection(tx, auth, { orderId, kind: InspectionKind.PreInbound, lines: inspectionLinesOf(places) })
    return made ? { inspectionNo: made.inspectionNo } : {}
  }
  const task = await createShelvingTask(tx, auth, {
    sourceType: 'inbound', sourceNo: String(order.order_no), orderId,
    lines: places.map((p) => ({ skuId: p.skuId, batchNo: p.batchNo, stockStatus: StockStatus.Normal, fromLocationId: p.locationId, qty: p.qty, sourceLineId: p.lineId })),
  })
  return task ? { shelvingTaskNo: task.taskNo } : {}
}

/**
 * After a shelving task completes: an inbound task of a post-inbound order gets its inspection order
 * (kind 2) over what was shelved, at the location holding most of each line. Created once per order.
 */
export async function afterShelvingCompleted(tx: AppTx, auth: FlowAuth, taskId: number): Promise<FlowResult> {
  const [task] = rowsOf(await tx.execute(sql`
    SELECT t.id, t.source_type, t.order_id, o.inspection_mode FROM shelving_task t LEFT JOIN inbound_order o ON o.id = t.order_id
    WHERE t.id = ${taskId} AND t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId}`))
  if (!task) throw notFound()
  if (task.source_type !== 'inbound' || task.order_id == null || n(task.inspection_mode) !== InspectionMode.PostInbound) return {}
  const [exists] = rowsOf(await tx.execute(sql`SELECT 1 FROM inspection_order WHERE order_id = ${task.order_id} AND kind = ${InspectionKind.PostInbound}`))
  if (exists) return {}
  const rows = rowsOf(await tx.execute(sql`
    SELECT sl.source_line_id AS line_id, sl.sku_id, sl.batch_no, r.location_id, sum(r.qty)::integer AS qty
    FROM shelving_record r JOIN shelving_line sl ON sl.id = r.line_id
    WHERE r.task_id = ${taskId} AND sl.source_line_id IS NOT NULL AND sl.stock_status = ${StockStatus.Normal}
    GROUP BY sl.source_line_id, sl.sku_id, sl.batch_no, r.location_id
    ORDER BY sl.source_line_id, qty DESC, r.location_id`))
  const lines = inspectionLinesOf(rows.map((r) => ({ lineId: n(r.line_id), skuId: n(r.sku_id), batchNo: String(r.batch_no ?? ''), locationId: n(r.location_id), qty: n(r.qty) })))
  const made = await createInspection(tx, auth, { orderId: n(task.order_id), kind: InspectionKind.PostInbound, lines })
  return made ? { inspectionNo: made.inspectionNo } : {}
}
