// The quick inbound task's machine (inbound-order → stock-in-quickly): Open 0 → Finished 1 (every line
// received, or finished with a shortage once something was received). Its order is Receiving from
// the start and finishes with the task (the inbound order's machine).
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Verdict } from './machine'

/** Codes are ours (0026_inbound_extra.sql); labels inbound:quick.status.<code>. */
export const QuickStatus = { Open: 0, Finished: 1 } as const
const S = QuickStatus
export interface QuickFacts { taskNo: string; status: number; receivedQty: number }

/** Statuses scan and finish are allowed from (the refusal names them; labels inbound:quick.status.<code>). */
export const QUICK_OPEN: readonly number[] = [S.Open]
const open = (t: QuickFacts): Verdict =>
  (QUICK_OPEN.includes(t.status) ? true : refuseStatus('inbound:quick.errors.finished', (s) => `inbound:quick.status.${s}`, t.status, QUICK_OPEN, { taskNo: t.taskNo }))

export const quickInboundMachine = defineMachine<QuickFacts>({
  name: 'quickInbound',
  statuses: Object.values(S),
  commands: {
    'inbound.quick.scan': open,
    'inbound.quick.finish': (t) => {
      const v = open(t)
      if (v !== true) return v
      return t.receivedQty === 0 ? refuse('inbound:quick.errors.nothingReceived', { taskNo: t.taskNo }) : true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined : { taskNo: textOf(r.taskNo), status, receivedQty: numOf(r.receivedQty) ?? 0 }
  },
})
