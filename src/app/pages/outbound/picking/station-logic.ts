// The picking station's steps, as pure data and functions (the page wires them to the scan queue, the
// commands and the screen; tests read them without a browser):
//   task     — scan or type the task number: it is claimed (outbound.pickTask.claim);
//   location — scan the location: it must be the NEXT line's location; any other is refused here, at
//              once, with the server's own message (outbound:pick.errors.wrongLocation), the place kept;
//   sku      — scan the SKU (code, UPC or FNSKU): outbound.pick.scan {taskNo, locationCode, code}, one
//              unit; the answer's `next` decides the step: the same location → keep scanning SKUs,
//              another → scan that location, none → the task is done;
//   done     — the task is picked; another task number claims that task.
// A task number scanned at any step opens (claims) that task; the open task's own number changes nothing.
import type { PickNext, PickScanArgs } from '../../../../../commands/outbound-picking'
import type { StationStep } from '../../../station'

export type PickStep = 'task' | 'location' | 'sku' | 'done'

export const PICK_STEPS: readonly StationStep[] = [
  { id: 'task', promptKey: 'outbound-picking-ui:station.step.task' },
  { id: 'location', promptKey: 'outbound-picking-ui:station.step.location' },
  { id: 'sku', promptKey: 'outbound-picking-ui:station.step.sku' },
  { id: 'done', promptKey: 'outbound-picking-ui:station.step.done' },
]

/** Picking task numbers (JH + digits, doc-no prefix of the picking task). */
export const TASK_NO = /^JH\d{6,}$/i

export interface PickState {
  step: PickStep
  /** The open task (claimed by this operator when step is location/sku). */
  taskNo: string | null
  /** The line to pick next (server's answer), null when nothing is left. */
  next: PickNext | null
  /** The location scanned and accepted (step sku). */
  location: string | null
  /** Location codes of the task's lines (a location scanned at the SKU step is a location, not a SKU). */
  locations: readonly string[]
}

export type ScanMeaning =
  | { kind: 'claim'; taskNo: string }
  | { kind: 'none' }
  | { kind: 'location'; locationCode: string }
  | { kind: 'wrongLocation'; locationCode: string; expected: string }
  | { kind: 'pick'; args: PickScanArgs }
  | { kind: 'taskDone'; taskNo: string }

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase()

/** What one scan means at the station now. */
export function interpretScan(s: PickState, raw: string): ScanMeaning {
  const code = raw.trim()
  if (!code) return { kind: 'none' }
  if (!s.taskNo || s.step === 'task') return { kind: 'claim', taskNo: code.toUpperCase() }
  if (same(code, s.taskNo)) return { kind: 'none' }
  if (TASK_NO.test(code)) return { kind: 'claim', taskNo: code.toUpperCase() }
  if (s.step === 'done' || !s.next) return { kind: 'taskDone', taskNo: s.taskNo }
  const atLocation = s.step === 'location' || !s.location || s.locations.some((l) => same(l, code))
  if (atLocation) {
    return same(code, s.next.locationCode)
      ? { kind: 'location', locationCode: s.next.locationCode }
      : { kind: 'wrongLocation', locationCode: code.toUpperCase(), expected: s.next.locationCode }
  }
  return { kind: 'pick', args: { taskNo: s.taskNo, locationCode: s.location!, code } }
}

/** The step after an answer's `next` (a pick, a short, a loaded task claimed by this operator). */
export function stepAfter(next: PickNext | null, location: string | null): { step: PickStep; location: string | null } {
  if (!next) return { step: 'done', location: null }
  if (location && same(location, next.locationCode)) return { step: 'sku', location }
  return { step: 'location', location: null }
}
