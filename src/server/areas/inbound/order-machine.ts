// Moves inbound_order.status: the one place that does (issue 4). The machine itself — statuses,
// moves, refusals — is src/domain/states/inbound-order.ts, which the browser asks as well.
// Every caller runs inside its command's transaction.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import { conflict, notFound } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { afterReceivingFinished, type FlowAuth, type FlowResult } from '../../inventory/inbound-flow'
import { InboundStatus } from '../../../domain/dictionaries'
import { ORDER_TRANSITIONS, refusalOf } from '../../../domain/states/inbound-order'

export type { FlowResult }
export { ORDER_TRANSITIONS, refusalOf }

const S = InboundStatus

export interface OrderHead { id: number; orderNo: string; status: number; receivedQty: number; expectedQty: number }

/** The order in the caller's scope (locked for the transaction when `lock`), or 404. */
export async function loadOrderHead(q: Queryable, auth: Pick<FlowAuth, 'tenantId' | 'warehouseId'>, orderId: number, lock = false): Promise<OrderHead> {
  const [row] = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, received_qty, expected_qty FROM inbound_order
    WHERE id = ${orderId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
    ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!row) throw notFound('inbound:errors.orderNotFound', { id: orderId })
  return { id: Number(row.id), orderNo: String(row.order_no), status: Number(row.status), receivedQty: Number(row.received_qty), expectedQty: Number(row.expected_qty) }
}

/**
 * Moves an order to `to` after checking the machine: 404 outside the caller's scope, 409
 * 'inbound:errors.badTransition' (params orderNo, from, to) for a move the machine does not allow.
 * Stamps issued_at / receiving_at / finished_at. Finishing goes through finishReceiving (the flow).
 */
export async function transitionOrder(tx: AppTx, auth: FlowAuth, orderId: number, to: number): Promise<void> {
  const order = await loadOrderHead(tx, auth, orderId, true)
  const refusal = refusalOf(order, to)
  if (refusal) throw conflict(refusal.key, refusal.params)
  await tx.execute(sql`
    UPDATE inbound_order SET status = ${to}, updated_at = now(), updated_by = ${auth.userId},
      issued_at = ${to === S.Issued ? sql`now()` : sql`issued_at`},
      receiving_at = ${to === S.Receiving ? sql`coalesce(receiving_at, now())` : sql`receiving_at`},
      finished_at = ${to === S.Finish ? sql`now()` : sql`finished_at`}
    WHERE id = ${orderId}`)
}

/**
 * Receiving → Finish (every line received, or closed with a shortage after the operator confirmed),
 * then what comes next for the goods: an inspection order or a shelving task (B3's flow).
 */
export async function finishReceiving(tx: AppTx, auth: FlowAuth, orderId: number): Promise<FlowResult> {
  await transitionOrder(tx, auth, orderId, S.Finish)
  return afterReceivingFinished(tx, auth, orderId)
}
