// The count task's machine (issue 20 "Counts"; spec section 4 count plan statuses Unclaimed 0,
// InventoryToBeCounted 1, WaitingForApproval 2, Finished 4, Invalid 9, and section 5 "Count approval
// allowed for pending approval or hedging tasks; reissue needs pending tasks"). A task is claimed by one
// counter (an allotted task only by its assignee; a recount never by an earlier counter of the same
// locations), counted blind at the station, submitted (→ WaitingForApproval: "pending approval", or
// "hedging" while a recount of it is open), then approved (→ Finished, the adjustment posted through the
// ledger), rejected (back to its counter) or recounted by another operator. Approval and rejection are
// four-eyes: never by anyone who counted the task or the count it recounts. "Pending" for reissue is a
// task still to count (Unclaimed or InventoryToBeCounted): reissue takes it back from its counter.
import { CountPlanStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Verdict } from './machine'

const S = CountPlanStatus
export interface CountTaskFacts {
  taskNo: string
  status: number
  claimedBy: number | null
  assigneeId: number | null
  /** Earlier counters of these locations (a recount's): they may neither count nor approve it. */
  excludedUserIds: readonly number[]
  /** An open recount of this task: the task is "hedging" (reconciliation waits for the recount). */
  recountTaskNo: string | null
}

const DICT = 'countPlanStatus'
const p = (t: CountTaskFacts) => ({ taskNo: t.taskNo })
/** Statuses each command is allowed from (its status refusals name them: machine.ts refuseStatus). */
export const COUNT_TASK_FROM = {
  claim: [S.Unclaimed, S.InventoryToBeCounted],
  /** Scan, confirm empty, submit: the task's counter counts it. */
  count: [S.InventoryToBeCounted],
  /** Approve, reject, recount: the spec's "pending approval or hedging" — a submitted task. */
  review: [S.WaitingForApproval],
  /** Reissue: a task still to count. */
  reissue: [S.Unclaimed, S.InventoryToBeCounted],
} as const satisfies Record<string, readonly number[]>

const inStatus = (key: string, allowed: readonly number[]) => (t: CountTaskFacts): Verdict =>
  (allowed as readonly number[]).includes(t.status) ? true : refuseStatus(key, DICT, t.status, allowed, p(t))

/** Everyone who counted this task or the counts it recounts. */
export const countersOf = (t: Pick<CountTaskFacts, 'claimedBy' | 'excludedUserIds'>): number[] =>
  [...new Set([...t.excludedUserIds, ...(t.claimedBy == null ? [] : [t.claimedBy])])]

const mine = (t: CountTaskFacts, a: Actor): Verdict => {
  if (t.status === S.Unclaimed) return refuseStatus('stocktake:errors.notClaimed', DICT, t.status, COUNT_TASK_FROM.count, p(t))
  const s = inStatus('stocktake:errors.countStatus', COUNT_TASK_FROM.count)(t)
  if (s !== true) return s
  return t.claimedBy !== null && t.claimedBy !== a.userId ? refuse('stocktake:errors.claimedByOther', p(t)) : true
}
const fourEyes = (key: string) => (t: CountTaskFacts, a: Actor): Verdict => {
  const s = inStatus(key, COUNT_TASK_FROM.review)(t)
  if (s !== true) return s
  return countersOf(t).includes(a.userId) ? refuse('stocktake:errors.fourEyes', p(t)) : true
}

export const countTaskMachine = defineMachine<CountTaskFacts>({
  name: 'countTask',
  statuses: Object.values(S),
  commands: {
    'count.task.claim': (t, a) => {
      const s = inStatus('stocktake:errors.claimStatus', COUNT_TASK_FROM.claim)(t)
      if (s !== true) return s
      if (t.status === S.InventoryToBeCounted) return t.claimedBy === a.userId ? true : refuse('stocktake:errors.claimedByOther', p(t))
      if (t.excludedUserIds.includes(a.userId)) return refuse('stocktake:errors.recountByOther', p(t))
      return t.assigneeId !== null && t.assigneeId !== a.userId ? refuse('stocktake:errors.assignedToOther', p(t)) : true
    },
    'count.scan': mine,
    'count.location.empty': mine,
    'count.task.submit': mine,
    'count.task.approve': fourEyes('stocktake:errors.approveStatus'),
    'count.task.reject': fourEyes('stocktake:errors.approveStatus'),
    'count.task.recount': (t) => {
      const s = inStatus('stocktake:errors.approveStatus', COUNT_TASK_FROM.review)(t)
      if (s !== true) return s
      return t.recountTaskNo ? refuse('stocktake:errors.recountOpen', { ...p(t), recountNo: t.recountTaskNo }) : true
    },
    'count.task.reissue': inStatus('stocktake:errors.reissueStatus', COUNT_TASK_FROM.reissue),
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.taskNo) return undefined
    const ex = Array.isArray(r.excludedUserIds) ? r.excludedUserIds.map(Number).filter((x) => Number.isFinite(x)) : []
    return {
      taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null, assigneeId: numOf(r.assigneeId) ?? null,
      excludedUserIds: ex, recountTaskNo: r.recountTaskNo ? textOf(r.recountTaskNo) : null,
    }
  },
})

// ---------------------------------------------------------------------------------------------
// The count plan (issue 20 "Counts": plan cancel). A plan's status follows its tasks; cancelling it
// (→ Invalid 9) is allowed only while nothing of it was submitted: Unclaimed or InventoryToBeCounted
// with no task pending approval or finished. Its open tasks become Invalid too (counts so far discarded,
// no stock posted), its locations free for another count.
export interface CountPlanFacts {
  planNo: string
  status: number
  /** Tasks of the plan submitted or finished (a plan row carries it; absent: the server decides). */
  submittedTasks: number
}
export const COUNT_PLAN_FROM = { cancel: [S.Unclaimed, S.InventoryToBeCounted] } as const satisfies Record<string, readonly number[]>

export const countPlanMachine = defineMachine<CountPlanFacts>({
  name: 'countPlan',
  statuses: Object.values(S),
  commands: {
    'count.plan.cancel': (p) => {
      if (!(COUNT_PLAN_FROM.cancel as readonly number[]).includes(p.status)) {
        return refuseStatus('stocktake:errors.cancelStatus', DICT, p.status, COUNT_PLAN_FROM.cancel, { planNo: p.planNo })
      }
      return p.submittedTasks > 0 ? refuse('stocktake:errors.cancelSubmitted', { planNo: p.planNo }) : true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.planNo || r.taskNo) return undefined
    return { planNo: textOf(r.planNo), status, submittedTasks: numOf(r.submittedTasks) ?? 0 }
  },
})
