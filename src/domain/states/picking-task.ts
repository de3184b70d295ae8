// The picking task's machine (stock-out ToC → pickingtasks, issue 12), task claim states of spec
// section 4: Unclaimed 0 → Working 1 (claimed by an operator; allotted tasks only by their assignee)
// → Completed 2 (every line picked or reported short). A task someone else works is theirs: only they
// pick it. Allotting is for tasks nobody works yet.
import { TaskClaimStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Verdict } from './machine'

const S = TaskClaimStatus
export interface PickingTaskFacts { taskNo: string; status: number; claimedBy: number | null; assigneeId: number | null }

const p = (t: PickingTaskFacts) => ({ taskNo: t.taskNo })
const DICT = 'taskClaimStatus'
/** Statuses each command is allowed from (its status refusals name them: machine.ts refuseStatus). */
export const PICKING_TASK_FROM = {
  assign: [S.Unclaimed],
  claim: [S.Unclaimed, S.Working],
  /** Scan, short, complete: the task's operator works it. */
  work: [S.Working],
} as const satisfies Record<string, readonly number[]>
const notCompleted = (t: PickingTaskFacts, allowed: readonly number[]): Verdict =>
  (t.status === S.Completed ? refuseStatus('outbound:pick.errors.completed', DICT, t.status, allowed, p(t)) : true)
/** Claimed by the actor and not completed: the picking station's commands. */
const mine = (t: PickingTaskFacts, a: Actor): Verdict => {
  const c = notCompleted(t, PICKING_TASK_FROM.work)
  if (c !== true) return c
  if (t.status === S.Unclaimed) return refuseStatus('outbound:pick.errors.notClaimed', DICT, t.status, PICKING_TASK_FROM.work, p(t))
  return t.claimedBy !== null && t.claimedBy !== a.userId ? refuse('outbound:pick.errors.claimedByOther', p(t)) : true
}

export const pickingTaskMachine = defineMachine<PickingTaskFacts>({
  name: 'pickingTask',
  statuses: Object.values(S),
  commands: {
    'outbound.pickTask.assign': (t) => ((PICKING_TASK_FROM.assign as readonly number[]).includes(t.status) ? true : refuseStatus('outbound:pick.errors.assignStatus', DICT, t.status, PICKING_TASK_FROM.assign, p(t))),
    // Claiming one's own working task again reopens it at the station.
    'outbound.pickTask.claim': (t, a) => {
      const c = notCompleted(t, PICKING_TASK_FROM.claim)
      if (c !== true) return c
      if (t.status === S.Working) return t.claimedBy === a.userId ? true : refuse('outbound:pick.errors.claimedByOther', p(t))
      return t.assigneeId !== null && t.assigneeId !== a.userId ? refuse('outbound:pick.errors.assignedToOther', p(t)) : true
    },
    'outbound.pick.scan': mine,
    'outbound.pick.short': mine,
    'outbound.pickTask.complete': mine,
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined
      : { taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null, assigneeId: numOf(r.assigneeId) ?? null }
  },
})
