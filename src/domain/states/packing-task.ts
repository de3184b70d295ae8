// The packing task's machine (issue 21 "Boxes and packing"; spec §4 packing task Unclaimed 0, Unpacked 1,
// Packed 2, Finish 3, Closed 4, Lock 7, Stop 8). A task (ZX…) is created Unclaimed (0); an operator
// claims it → Unpacked (1) and packs: opens a box by scanning a new box code, scans goods into it, closes
// it with weight and dimensions. When every planned unit is in a box and no box is open the task is
// Packed (2) — opening a new box or scanning is then refused (nothing is left to pack); finishing it →
// Finish (3): its boxes get their "box i of n" and feed shipments, transfers and loading. Stop (8) from
// 0/1/2 (the document upstream was stopped) leaves packed boxes as they are; Lock 7 and Closed 4 are
// statuses other flows set (a locked order, a closed document) — the station refuses work in them.
import { PackingTaskStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Verdict } from './machine'

const S = PackingTaskStatus
export interface PackingTaskFacts { taskNo: string; status: number; claimedBy: number | null }

const DICT = 'packingTaskStatus'
const p = (t: PackingTaskFacts) => ({ taskNo: t.taskNo })
/** Statuses each command is allowed from (its refusals name them: machine.ts refuseStatus). */
export const PACKING_TASK_FROM = {
  claim: [S.Unclaimed, S.Unpacked],
  /** Open a box, scan into it: something is still to pack. */
  pack: [S.Unpacked],
  /** Close the open box: the task turns Packed on the close that leaves nothing to pack. */
  close: [S.Unpacked],
  finish: [S.Packed],
  stop: [S.Unclaimed, S.Unpacked, S.Packed],
} as const satisfies Record<string, readonly number[]>

const inStatus = (key: string, allowed: readonly number[]) => (t: PackingTaskFacts): Verdict =>
  ((allowed as readonly number[]).includes(t.status) ? true : refuseStatus(key, DICT, t.status, allowed, p(t)))

const mine = (key: string, allowed: readonly number[]) => (t: PackingTaskFacts, a: Actor): Verdict => {
  const s = inStatus(key, allowed)(t)
  if (s !== true) return s
  return t.claimedBy !== null && t.claimedBy !== a.userId ? refuse('cartons:errors.claimedByOther', p(t)) : true
}

export const packingTaskMachine = defineMachine<PackingTaskFacts>({
  name: 'packingTask',
  statuses: Object.values(S),
  commands: {
    'cartons.task.claim': mine('cartons:errors.claimStatus', PACKING_TASK_FROM.claim),
    'cartons.box.open': mine('cartons:errors.packStatus', PACKING_TASK_FROM.pack),
    'cartons.box.scan': mine('cartons:errors.packStatus', PACKING_TASK_FROM.pack),
    'cartons.box.close': mine('cartons:errors.packStatus', PACKING_TASK_FROM.close),
    'cartons.task.finish': mine('cartons:errors.finishStatus', PACKING_TASK_FROM.finish),
    'cartons.task.stop': inStatus('cartons:errors.stopStatus', PACKING_TASK_FROM.stop),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined : { taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null }
  },
})
