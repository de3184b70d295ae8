// The sorting task's machine (stock-out ToC → sorting-wall, issue 13 §1), task claim states of spec
// section 4: Unclaimed 0 (made from picked bulk picking tasks, nothing sorted yet) → Working 1 (the
// first put on the wall) → Completed 2 (every slot complete). Several operators may put on one wall at
// once (the server counts each unit under row locks), so there is no exclusive claim. A task nobody
// sorts yet may be cancelled (its picking tasks are free to be sorted again). A wall whose open slots
// belong only to orders stopped meanwhile is completed by hand (outbound.sortTask.complete).
import { OutboundOrderStatus, TaskClaimStatus } from '../dictionaries'
import { defineMachine, numOf, refuseStatus, textOf, type Verdict } from './machine'

const S = TaskClaimStatus
/** sortNo: the sorting task's number (rows and the station's document carry it under that name). */
export interface SortingTaskFacts { sortNo: string; status: number }

const p = (t: SortingTaskFacts) => ({ taskNo: t.sortNo })
/** What a sorting task is made from: picking tasks in these statuses (picked), their orders in these (awaiting outbound). */
export const SORTABLE_PICKING_TASK: readonly number[] = [S.Completed]
export const SORTABLE_ORDER: readonly number[] = [OutboundOrderStatus.ReadyOut]
const DICT = 'taskClaimStatus'
/** Statuses each command is allowed from (its status refusals name them: machine.ts refuseStatus). */
export const SORTING_TASK_FROM = {
  put: [S.Unclaimed, S.Working],
  cancel: [S.Unclaimed],
  complete: [S.Working],
} as const satisfies Record<string, readonly number[]>
const notCompleted = (allowed: readonly number[]) => (t: SortingTaskFacts): Verdict =>
  (t.status === S.Completed ? refuseStatus('outbound-sorting:errors.completed', DICT, t.status, allowed, p(t)) : true)

export const sortingTaskMachine = defineMachine<SortingTaskFacts>({
  name: 'sortingTask',
  statuses: Object.values(S),
  commands: {
    'outbound.sort.put': notCompleted(SORTING_TASK_FROM.put),
    'outbound.sortTask.cancel': (t) => ((SORTING_TASK_FROM.cancel as readonly number[]).includes(t.status) ? true : refuseStatus('outbound-sorting:errors.cancelStarted', DICT, t.status, SORTING_TASK_FROM.cancel, p(t))),
    // Closing the wall by hand: when orders on it were stopped (their goods go back through a return-to-shelf task).
    'outbound.sortTask.complete': (t) => {
      const c = notCompleted(SORTING_TASK_FROM.complete)(t)
      if (c !== true) return c
      return t.status === S.Working ? true : refuseStatus('outbound-sorting:errors.completeNotStarted', DICT, t.status, SORTING_TASK_FROM.complete, p(t))
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined ? undefined : { sortNo: textOf(r.sortNo), status }
  },
})
