// The sorting task's machine (stock-out ToC → sorting-wall, issue 13 §1), task claim states of spec
// section 4: Unclaimed 0 (made from picked bulk picking tasks, nothing sorted yet) → Working 1 (the
// first put on the wall) → Completed 2 (every slot complete). Several operators may put on one wall at
// once (the server counts each unit under row locks), so there is no exclusive claim. A task nobody
// sorts yet may be cancelled (its picking tasks are free to be sorted again). A wall whose open slots
// belong only to orders stopped meanwhile is completed by hand (outbound.sortTask.complete).
import { TaskClaimStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, textOf, type Verdict } from './machine'

const S = TaskClaimStatus
/** sortNo: the sorting task's number (rows and the station's document carry it under that name). */
export interface SortingTaskFacts { sortNo: string; status: number }

const p = (t: SortingTaskFacts) => ({ taskNo: t.sortNo })
const notCompleted = (t: SortingTaskFacts): Verdict => (t.status === S.Completed ? refuse('outbound-sorting:errors.completed', p(t)) : true)

export const sortingTaskMachine = defineMachine<SortingTaskFacts>({
  name: 'sortingTask',
  statuses: Object.values(S),
  commands: {
    'outbound.sort.put': notCompleted,
    'outbound.sortTask.cancel': (t) => (t.status === S.Unclaimed ? true : refuse('outbound-sorting:errors.cancelStarted', p(t))),
    // Closing the wall by hand: when orders on it were stopped (their goods go back through a return-to-shelf task).
    'outbound.sortTask.complete': (t) => {
      const c = notCompleted(t)
      if (c !== true) return c
      return t.status === S.Working ? true : refuse('outbound-sorting:errors.completeNotStarted', p(t))
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined ? undefined : { sortNo: textOf(r.sortNo), status }
  },
})
