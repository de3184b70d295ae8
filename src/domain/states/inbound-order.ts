// The inbound order's status machine (issue 4):
//   New 0 → WaitingIssued 1 (submit) → Issued 2 (issue) → Receiving 3 (first receipt) →
//   Finish 4 (every line received, or closed with a shortage) ; New/WaitingIssued/Issued → Abolished 5
//   (abolish; never once something was received). Lines are edited only while New.
// The server moves inbound_order.status only through src/server/areas/inbound/order-machine.ts, which
// asks this; the browser's buttons and palette ask it too.
import { InboundStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Refusal } from './machine'

const S = InboundStatus
/** Allowed moves: from → the statuses it may go to. */
export const ORDER_TRANSITIONS: Readonly<Record<number, readonly number[]>> = {
  [S.New]: [S.WaitingIssued, S.Abolished],
  [S.WaitingIssued]: [S.Issued, S.Abolished],
  [S.Issued]: [S.Receiving, S.Abolished],
  [S.Receiving]: [S.Finish],
  [S.Finish]: [],
  [S.Abolished]: [],
}

export interface OrderFacts { orderNo: string; status: number; receivedQty: number }

/** The statuses an order may move to `to` from (ORDER_TRANSITIONS read backwards). */
export const fromStatusesTo = (to: number): number[] => Object.entries(ORDER_TRANSITIONS).filter(([, tos]) => tos.includes(to)).map(([from]) => Number(from))
const STATUS_DICT = 'inboundStatus'

/** The statuses receiving scans into (the receiving station and the server's check). */
export const RECEIVABLE_STATUSES: readonly number[] = [S.Issued, S.Receiving]
/** Why an order cannot be received now (naming its status and the receivable ones), or null. */
export const notReceivable = (order: { orderNo: string; status: number }): Refusal | null =>
  (RECEIVABLE_STATUSES.includes(order.status) ? null : refuseStatus('inbound:receiving.errors.notReceivable', STATUS_DICT, order.status, RECEIVABLE_STATUSES, { orderNo: order.orderNo }))

/** Why an order may not move to `to` (key + params), or null when it may. */
export function refusalOf(order: OrderFacts, to: number): Refusal | null {
  const params = { orderNo: order.orderNo, from: order.status, to }
  if (order.status === to) return refuse('inbound:errors.sameStatus', params)
  if (to === S.Abolished && order.receivedQty > 0) return refuse('inbound:errors.abolishReceived', params)
  if (!(ORDER_TRANSITIONS[order.status] ?? []).includes(to)) return refuseStatus('inbound:errors.badTransition', STATUS_DICT, order.status, fromStatusesTo(to), params)
  return null
}

/** The status each transition command moves an order to. */
export const ORDER_COMMAND_TARGET = {
  'inbound.order.submit': S.WaitingIssued,
  'inbound.order.issue': S.Issued,
  'inbound.order.abolish': S.Abolished,
  'inbound.order.finish': S.Finish,
} as const

const move = (to: number) => (o: OrderFacts) => refusalOf(o, to) ?? true

export const inboundOrderMachine = defineMachine<OrderFacts>({
  name: 'inboundOrder',
  statuses: Object.values(S),
  commands: {
    ...Object.fromEntries(Object.entries(ORDER_COMMAND_TARGET).map(([id, to]) => [id, move(to)])),
    // Lines are the agreement with the supplier: they change only before the order is submitted.
    'inbound.order.edit': (o) => (o.status === S.New ? true : refuseStatus('inbound:order.errors.editOnlyNew', STATUS_DICT, o.status, [S.New], { orderNo: o.orderNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined ? undefined : { orderNo: textOf(r.orderNo), status, receivedQty: numOf(r.receivedQty) ?? 0 }
  },
})
