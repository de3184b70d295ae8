// The return order's machine (stock-in → returns-receipt): New 0 → Received 1 (every line scanned, or
// finished with a shortage) ; New → Cancelled 2 (irreversible, and only while nothing was received).
import { defineMachine, numOf, refuse, textOf, type Verdict } from './machine'

/** Codes are ours (0026_inbound_extra.sql); labels inbound:returns.status.<code>. */
export const ReturnStatus = { New: 0, Received: 1, Cancelled: 2 } as const
const S = ReturnStatus
export interface ReturnFacts { returnNo: string; status: number; receivedQty: number }

const receivable = (r: ReturnFacts): Verdict => {
  if (r.status === S.Cancelled) return refuse('inbound:returns.errors.cancelled', { returnNo: r.returnNo })
  if (r.status === S.Received) return refuse('inbound:returns.errors.alreadyReceived', { returnNo: r.returnNo })
  return true
}

export const returnOrderMachine = defineMachine<ReturnFacts>({
  name: 'returnOrder',
  statuses: Object.values(S),
  commands: {
    'inbound.return.scan': receivable,
    'inbound.return.finish': (r) => {
      const v = receivable(r)
      if (v !== true) return v
      return r.receivedQty === 0 ? refuse('inbound:returns.errors.nothingReceived', { returnNo: r.returnNo }) : true
    },
    'inbound.return.cancel': (r) => {
      if (r.status === S.Received) return refuse('inbound:returns.errors.receivedNoCancel', { returnNo: r.returnNo })
      if (r.status === S.Cancelled) return refuse('inbound:returns.errors.cancelled', { returnNo: r.returnNo })
      if (r.receivedQty > 0) return refuse('inbound:returns.errors.partlyReceivedNoCancel', { returnNo: r.returnNo, qty: r.receivedQty })
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.returnNo ? undefined : { returnNo: textOf(r.returnNo), status, receivedQty: numOf(r.receivedQty) ?? 0 }
  },
})
