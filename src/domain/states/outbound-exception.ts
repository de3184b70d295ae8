// An outbound exception's handling (stock-out-abnormal → list, issue 21 part N; spec §4 handling: pending,
// processed): Pending 0 → Processed 1. Marking a row processed (outbound.exception.handle) is allowed only
// where nothing else is left to do: a pick difference is processed by its own resolve (CY), an order
// picked short for good by its review at the exception station, a stopped order whose picked goods wait
// on a return-to-shelf task by returning them first. The server reads the same facts from the register.
import { HandlingStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf } from './machine'

export interface OutboundExceptionFacts {
  docNo: string
  status: number
  /** The resolving action the register names for the row (null once processed). */
  action: string | null
  /** Its document (the return-to-shelf task, the CY number) when it is done elsewhere. */
  actionNo: string | null
}

export const outboundExceptionMachine = defineMachine<OutboundExceptionFacts>({
  name: 'outboundException',
  statuses: Object.values(HandlingStatus),
  commands: {
    'outbound.exception.handle': (e) => {
      if (e.status !== HandlingStatus.Pending) return refuseStatus('exceptions:errors.processed', 'handlingStatus', e.status, [HandlingStatus.Pending], { docNo: e.docNo })
      if (e.action === 'resolveDiff') return refuse('exceptions:errors.resolveDiff', { docNo: e.docNo })
      if (e.action === 'reviewException') return refuse('exceptions:errors.reviewAtStation', { docNo: e.docNo })
      if (e.action === 'returnShelf') return refuse('exceptions:errors.returnFirst', { docNo: e.docNo, taskNo: e.actionNo ?? '' })
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || typeof r.rowKey !== 'string' || !r.rowKey) return undefined
    return {
      docNo: textOf(r.docNo), status,
      action: r.action == null || r.action === '' ? null : textOf(r.action),
      actionNo: r.actionNo == null || r.actionNo === '' ? null : textOf(r.actionNo),
    }
  },
})
