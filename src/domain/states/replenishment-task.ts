// The replenishment task's machine (issue 20 "Replenishment"; spec section 4 replenishment task
// ToBeAllocated 4, ToBeReplenished 0, Restocking 1, Completed 2, Abolished 3, and section 5
// "Replenishment order: job group assignable only when pending replenishment or pending assignment").
// A task is generated ToBeAllocated (4); allotting it to a job group makes it ToBeReplenished (0) —
// allotting is allowed only in 4 and 0; an operator claims it (4 or 0; a task allotted to a job group
// only by its members, checked by the server) → Restocking (1); the station moves goods from bulk to
// the pick face (each move is one ledger move under the task's number) and the task completes (2)
// when the quantity is put or the operator finishes it short. Abolish (3) from 4, 0 or 1: what was
// already put stays put (its moves are ledger rows of their own); nothing else moves.
import { ReplenishmentTaskStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Verdict } from './machine'

const S = ReplenishmentTaskStatus
export interface ReplenishmentTaskFacts { taskNo: string; status: number; claimedBy: number | null }

const DICT = 'replenishmentTaskStatus'
const p = (t: ReplenishmentTaskFacts) => ({ taskNo: t.taskNo })
/** Statuses each command is allowed from (its refusals name them: machine.ts refuseStatus). */
export const REPLENISHMENT_TASK_FROM = {
  /** Spec: job group assignable only in ToBeAllocated 4 and ToBeReplenished 0. */
  allot: [S.ToBeAllocated, S.ToBeReplenished],
  claim: [S.ToBeAllocated, S.ToBeReplenished, S.Restocking],
  /** Move and finish: the task's operator works it. */
  work: [S.Restocking],
  abolish: [S.ToBeAllocated, S.ToBeReplenished, S.Restocking],
} as const satisfies Record<string, readonly number[]>
/** Open statuses: at most one open task per pick face and SKU (the partial unique index of 0050_replenishment.sql). */
export const OPEN_REPLENISHMENT_STATUSES: readonly number[] = [S.ToBeAllocated, S.ToBeReplenished, S.Restocking]

const inStatus = (key: string, allowed: readonly number[]) => (t: ReplenishmentTaskFacts): Verdict =>
  ((allowed as readonly number[]).includes(t.status) ? true : refuseStatus(key, DICT, t.status, allowed, p(t)))

const mine = (t: ReplenishmentTaskFacts, a: Actor): Verdict => {
  const s = inStatus('replenishment:errors.workStatus', REPLENISHMENT_TASK_FROM.work)(t)
  if (s !== true) return s
  return t.claimedBy !== null && t.claimedBy !== a.userId ? refuse('replenishment:errors.claimedByOther', p(t)) : true
}

export const replenishmentTaskMachine = defineMachine<ReplenishmentTaskFacts>({
  name: 'replenishmentTask',
  statuses: Object.values(S),
  commands: {
    'replenishment.task.allot': inStatus('replenishment:errors.allotStatus', REPLENISHMENT_TASK_FROM.allot),
    'replenishment.task.claim': (t, a) => {
      const s = inStatus('replenishment:errors.claimStatus', REPLENISHMENT_TASK_FROM.claim)(t)
      if (s !== true) return s
      return t.status === S.Restocking && t.claimedBy !== a.userId ? refuse('replenishment:errors.claimedByOther', p(t)) : true
    },
    'replenishment.move': mine,
    'replenishment.task.finish': mine,
    'replenishment.task.abolish': inStatus('replenishment:errors.abolishStatus', REPLENISHMENT_TASK_FROM.abolish),
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined : { taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null }
  },
})
