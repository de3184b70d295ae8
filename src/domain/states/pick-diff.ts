// The pick-diff exception's machine (stock-out-abnormal → pick-diff, issue 12): Pending 0 → Processed 1
// by one resolution — reissue (the goods were there after all), reallocate (stock from elsewhere) or out
// of stock (the order line stays short). Handling status of spec section 4: pending, processed.
import { HandlingStatus } from '../dictionaries'
import { defineMachine, numOf, refuseStatus, textOf } from './machine'

export interface PickDiffFacts { diffNo: string; status: number }

export const pickDiffMachine = defineMachine<PickDiffFacts>({
  name: 'pickDiff',
  statuses: Object.values(HandlingStatus),
  commands: {
    'outbound.pickDiff.resolve': (d) => (d.status === HandlingStatus.Pending ? true
      : refuseStatus('outbound:pickDiff.errors.processed', 'handlingStatus', d.status, [HandlingStatus.Pending], { diffNo: d.diffNo })),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.diffNo ? undefined : { diffNo: textOf(r.diffNo), status }
  },
})
