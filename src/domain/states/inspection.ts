// The inspection order's machine (spec section 4 "Inspection order"): Pending 0 → Inspecting 1 (first
// recorded result) → Completed 2 (complete); a completed one generates its next document once —
// the shelving order (pre-inbound) or the inspection transfer order (post-inbound).
import { InspectionKind, InspectionStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf } from './machine'

const S = InspectionStatus
export interface InspectionFacts { inspectionNo: string; status: number; kind: number; generatedNo: string | null }

const DICT = 'inspectionStatus'
/** Statuses record and complete are allowed from; generate only from Completed (the refusals name them). */
export const INSPECTION_OPEN: readonly number[] = [S.Pending, S.Inspecting]
const open = (d: InspectionFacts) =>
  (INSPECTION_OPEN.includes(d.status) ? true : refuseStatus('inbound:inspection.errors.completed', DICT, d.status, INSPECTION_OPEN, { no: d.inspectionNo }))

export const inspectionMachine = defineMachine<InspectionFacts>({
  name: 'inspection',
  statuses: Object.values(S),
  commands: {
    'inbound.inspection.record': open,
    // Undecided units are a question of the arguments (passRest), not of the state.
    'inbound.inspection.complete': open,
    'inbound.inspection.generate': (d) => {
      if (d.generatedNo) return refuse('inbound:inspection.errors.alreadyGenerated', { no: d.generatedNo })
      if (d.status !== S.Completed) {
        return refuseStatus(d.kind === InspectionKind.PreInbound ? 'inbound:inspection.errors.shelvingNeedsCompleted' : 'inbound:inspection.errors.transferNeedsCompleted',
          DICT, d.status, [S.Completed], { no: d.inspectionNo })
      }
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.inspectionNo) return undefined
    return { inspectionNo: textOf(r.inspectionNo), status, kind: numOf(r.kind) ?? InspectionKind.PreInbound, generatedNo: r.generatedNo ? String(r.generatedNo) : null }
  },
})
