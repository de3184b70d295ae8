// The return order's machine (stock-in → returns-receipt): New 0 → Received 1 (every line scanned, or
// finished with a shortage) ; New → Cancelled 2 (irreversible, and only while nothing was received).
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Verdict } from './machine'

/** Codes are ours (0026_inbound_extra.sql); labels inbound:returns.status.<code>. */
export const ReturnStatus = { New: 0, Received: 1, Cancelled: 2 } as const
const S = ReturnStatus
export interface ReturnFacts { returnNo: string; status: number; receivedQty: number }

/** The label key of a return's status (its labels are not a `dict:` dictionary). */
const label = (s: number) => `inbound:returns.status.${s}`
/** Statuses each command is allowed from (its status refusals name them: machine.ts refuseStatus). */
export const RETURN_FROM = { scan: [S.New], finish: [S.New], cancel: [S.New] } as const satisfies Record<string, readonly number[]>
const bad = (key: string, r: ReturnFacts, allowed: readonly number[]) => refuseStatus(key, label, r.status, allowed, { returnNo: r.returnNo })

const receivable = (allowed: readonly number[]) => (r: ReturnFacts): Verdict => {
  if (r.status === S.Cancelled) return bad('inbound:returns.errors.cancelled', r, allowed)
  if (r.status === S.Received) return bad('inbound:returns.errors.alreadyReceived', r, allowed)
  return true
}

export const returnOrderMachine = defineMachine<ReturnFacts>({
  name: 'returnOrder',
  statuses: Object.values(S),
  commands: {
    'inbound.return.scan': receivable(RETURN_FROM.scan),
    'inbound.return.finish': (r) => {
      const v = receivable(RETURN_FROM.finish)(r)
      if (v !== true) return v
      return r.receivedQty === 0 ? refuse('inbound:returns.errors.nothingReceived', { returnNo: r.returnNo }) : true
    },
    'inbound.return.cancel': (r) => {
      if (r.status === S.Received) return bad('inbound:returns.errors.receivedNoCancel', r, RETURN_FROM.cancel)
      if (r.status === S.Cancelled) return bad('inbound:returns.errors.cancelled', r, RETURN_FROM.cancel)
      if (r.receivedQty > 0) return refuse('inbound:returns.errors.partlyReceivedNoCancel', { returnNo: r.returnNo, qty: r.receivedQty })
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.returnNo ? undefined : { returnNo: textOf(r.returnNo), status, receivedQty: numOf(r.receivedQty) ?? 0 }
  },
})
