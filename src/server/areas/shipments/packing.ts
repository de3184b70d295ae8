// ToB packing from the picked order (issue 21 "Boxes and packing" × "Shipments", part K1).
//
// `shipments.packTask.create` makes one packing task (ZX…) per picked ToB order — named directly, or every
// ToB order of a picking task — whose lines are the order's picked goods still waiting to be packed: its
// open reservations NOT at the packing place, by SKU and batch (= the picked quantities, since picking moved
// each reservation with its goods). The task's source is where most of them stand (the picked-goods place).
//
// `packReserved` is what the packing station's scan does for a task whose document holds reservations (a
// ToB order; a transfer that reserves): instead of moving free stock, it moves the DOCUMENT'S reservation
// with its goods from where picking left them to the packing place (moveReservation: on_hand and locked
// leave and arrive together, the reservation re-made there for the same order line) — so the reservation
// follows the goods into the box, and shipping (shipCartons) consumes it at the box's location. The source
// location of the task is taken first, then any other location holding the document's reserved goods.
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { conflict, fieldError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { insufficientStock, moveReservation, type DocRef, type Operator } from '../../inventory/ledger'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { OUTBOUND_DOC } from '../../inventory/allocation'
import { PACKING_LOCATION } from '../../db/seed/stations'
import { OutboundOrderStatus, PackingTaskStatus } from '../../../domain/dictionaries'
import { refuseStatus } from '../../../domain/states/machine'
import type { PackFromOrderArgs, PackFromOrderResult } from '../../../../commands/shipments'
import type { z } from 'zod'

type Scope = { tenantId: number; warehouseId: number }
const n = (v: unknown) => Number(v)
const E = (k: string) => `shipments:errors.${k}`
const TOB = 1
/** Packing tasks still being worked (not finished, not stopped): an order gets one at a time. */
const LIVE_TASK = [PackingTaskStatus.Unclaimed, PackingTaskStatus.Unpacked, PackingTaskStatus.Packed]

/** Does this document hold open reservations in scope (then its packing moves reserved goods)? */
export async function holdsReservations(q: AppTx, scope: Scope, docNo: string | null): Promise<boolean> {
  if (!docNo) return false
  const [r] = rowsOf(await q.execute(sql`SELECT 1 AS x FROM inventory_reservation WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND doc_no = ${docNo} AND status = 0 LIMIT 1`))
  return !!r
}

/**
 * Move `qty` of the document's reserved SKU/batch to the packing place with its reservation, under `doc`
 * (the packing task's number). Refused with the ledger's insufficient-stock error (naming what is reserved
 * and what was asked) when the document has less reserved outside the packing place.
 */
export async function packReserved(tx: AppTx, auth: AuthContext, a: {
  docNo: string; skuId: number; batchNo: string; stockStatus: number; qty: number; sourceLocationId: number; packLocationId: number; doc: DocRef
}): Promise<void> {
  const op: Operator = { userId: auth.userId, username: auth.username }
  const res = rowsOf(await tx.execute(sql`
    SELECT r.id, r.qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
    WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_no = ${a.docNo} AND r.status = 0
      AND b.sku_id = ${a.skuId} AND b.batch_no = ${a.batchNo} AND b.stock_status = ${a.stockStatus} AND b.location_id <> ${a.packLocationId}
    ORDER BY (b.location_id = ${a.sourceLocationId}) DESC, r.doc_line NULLS LAST, r.id`))
  const have = res.reduce((s, r) => s + n(r.qty), 0)
  if (have < a.qty) throw insufficientStock(have, a.qty)
  let left = a.qty
  for (const r of res) {
    if (left === 0) break
    const take = Math.min(left, n(r.qty))
    await moveReservation(tx, auth, n(r.id), { ...auth, locationId: a.packLocationId, skuId: a.skuId, batchNo: a.batchNo, stockStatus: a.stockStatus }, take, a.doc, op)
    left -= take
  }
}

async function locationIdOf(tx: AppTx, scope: Scope, code: string): Promise<number> {
  const [r] = rowsOf(await tx.execute(sql`SELECT id FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND code = ${code} AND status = 1`))
  if (!r) throw conflict('cartons:errors.noPackingLocation', { locationCode: code })
  return n(r.id)
}

defineHandler<z.output<typeof PackFromOrderArgs>>('shipments.packTask.create', async ({ tx, auth, args, setSummary }) => {
  const where = sql`o.tenant_id = ${auth.tenantId} AND o.warehouse_id = ${auth.warehouseId}`
  let orders: Record<string, unknown>[]
  if (args.orderNo) {
    orders = rowsOf(await tx.execute(sql`SELECT o.id, o.order_no, o.status, o.order_type, o.box_mark FROM outbound_order o WHERE ${where} AND o.order_no = ${args.orderNo} FOR UPDATE`))
    if (!orders.length) throw fieldError('orderNo', E('orderNotFound'), { orderNo: args.orderNo })
  } else {
    const [task] = rowsOf(await tx.execute(sql`SELECT id FROM picking_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no = ${args.pickingTaskNo!}`))
    if (!task) throw fieldError('pickingTaskNo', E('pickingTaskNotFound'), { taskNo: args.pickingTaskNo! })
    orders = rowsOf(await tx.execute(sql`SELECT o.id, o.order_no, o.status, o.order_type, o.box_mark FROM outbound_order o
      WHERE ${where} AND o.id IN (SELECT order_id FROM picking_task_line WHERE task_id = ${n(task.id)}) ORDER BY o.id FOR UPDATE`))
    if (!orders.length) throw fieldError('pickingTaskNo', E('pickingTaskNotFound'), { taskNo: args.pickingTaskNo! })
  }
  const field = args.orderNo ? 'orderNo' : 'pickingTaskNo'
  const packAt = await locationIdOf(tx, auth, PACKING_LOCATION)
  const made: PackFromOrderResult['tasks'] = []
  for (const o of orders) {
    const orderNo = String(o.order_no)
    if (n(o.order_type) !== TOB) throw fieldError(field, E('notTob'), { orderNo })
    const allowed = [OutboundOrderStatus.ReadyOut, OutboundOrderStatus.PartTransport]
    if (!(allowed as number[]).includes(n(o.status))) {
      const r = refuseStatus(E('packStatus'), 'outboundOrderStatus', n(o.status), allowed, { orderNo })
      throw conflict(r.key, r.params)
    }
    const [live] = rowsOf(await tx.execute(sql`SELECT task_no FROM packing_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
      AND doc_no = ${orderNo} AND status IN (${sql.join(LIVE_TASK.map((s) => sql`${s}`), sql`, `)}) ORDER BY id LIMIT 1`))
    if (live) throw conflict(E('packTaskExists'), { orderNo, taskNo: String(live.task_no) })
    // The picked goods still to pack: the order's reservations outside the packing place.
    const lines = rowsOf(await tx.execute(sql`
      SELECT b.sku_id, b.batch_no, sum(r.qty)::int AS qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_type = ${OUTBOUND_DOC} AND r.doc_no = ${orderNo} AND r.status = 0
        AND b.location_id <> ${packAt}
      GROUP BY b.sku_id, b.batch_no ORDER BY min(r.doc_line), b.sku_id, b.batch_no`))
    if (!lines.length) throw conflict(E('nothingToPack'), { orderNo })
    const [src] = rowsOf(await tx.execute(sql`
      SELECT b.location_id FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
      WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_type = ${OUTBOUND_DOC} AND r.doc_no = ${orderNo} AND r.status = 0 AND b.location_id <> ${packAt}
      GROUP BY b.location_id ORDER BY sum(r.qty) DESC, b.location_id LIMIT 1`))
    const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.packingTask)
    const [t] = rowsOf(await tx.execute(sql`
      INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, doc_no, source_location_id, pack_location_id, box_mark, created_by)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${PackingTaskStatus.Unclaimed}, ${orderNo}, ${n(src!.location_id)}, ${packAt}, ${o.box_mark == null ? null : String(o.box_mark)}, ${auth.userId})
      RETURNING id`))
    for (const [i, l] of lines.entries()) {
      await tx.execute(sql`INSERT INTO packing_task_line (task_id, line_no, sku_id, batch_no, planned_qty) VALUES (${n(t!.id)}, ${i + 1}, ${n(l.sku_id)}, ${String(l.batch_no)}, ${n(l.qty)})`)
    }
    made.push({ taskNo, orderNo, lines: lines.length, qty: lines.reduce((s, l) => s + n(l.qty), 0) })
  }
  setSummary(made.map((m) => `${m.orderNo} → ${m.taskNo} (${m.qty})`).join(', '))
  return { tasks: made } satisfies PackFromOrderResult
})
