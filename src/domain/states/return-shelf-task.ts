// The return-to-shelf task's machine (issue 13 §4, stop-stock-out): an order intercepted after picking
// leaves its picked goods, no longer reserved, at the picked-goods or packing location; the task puts
// them back on shelves. Task claim states of spec section 4: Unclaimed 0 → Working 1 (the first scan
// claims it for that operator) → Completed 2 (every line back on a shelf). Only its operator goes on.
import { TaskClaimStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf } from './machine'

const S = TaskClaimStatus
export interface ReturnShelfTaskFacts { taskNo: string; status: number; claimedBy: number | null }

export const returnShelfTaskMachine = defineMachine<ReturnShelfTaskFacts>({
  name: 'returnShelfTask',
  statuses: Object.values(S),
  commands: {
    'outbound.returnShelf.scan': (t, a) => {
      if (t.status === S.Completed) return refuseStatus('outbound:returnShelf.errors.completed', 'taskClaimStatus', t.status, [S.Unclaimed, S.Working], { taskNo: t.taskNo })
      return t.status === S.Working && t.claimedBy !== null && t.claimedBy !== a.userId ? refuse('outbound:returnShelf.errors.claimedByOther', { taskNo: t.taskNo }) : true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined : { taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null }
  },
})
