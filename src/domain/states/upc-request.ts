// The UPC request's machine (product → upc-inheritance): Draft 0 / Rejected 2 → PendingReview 1
// (submit) → Approved 3 (approve) or Rejected 2 (reject). The transitions are product rules'
// UPC_TRANSITIONS; the mismatch checks (style, color, size, MSKU, UPC) read other rows and stay on the
// server.
import { UpcRequestStatus } from '../dictionaries'
import { UPC_BAD_STATUS_KEY, UPC_TRANSITIONS, canTransition, type UpcReviewAction } from '../resources/product/rules'
import { defineMachine, numOf, refuseStatus } from './machine'

export interface UpcRequestFacts { id: number; status: number }

const rule = (action: UpcReviewAction) => (r: UpcRequestFacts) =>
  (canTransition(action, r.status) ? true : refuseStatus(UPC_BAD_STATUS_KEY, 'upcRequestStatus', r.status, UPC_TRANSITIONS[action].from, { id: r.id }))

export const upcRequestMachine = defineMachine<UpcRequestFacts>({
  name: 'upcRequest',
  statuses: Object.values(UpcRequestStatus),
  commands: Object.fromEntries((Object.keys(UPC_TRANSITIONS) as UpcReviewAction[]).map((a) => [`resource.upcRequest.${a}`, rule(a)])),
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined ? undefined : { id: numOf(r.id) ?? 0, status }
  },
})
