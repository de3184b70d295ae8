// The shelving task's machine (stock-in → shelf-task): Unclaimed 0 → Working 1 (claimed, or the
// first shelving scan) → Completed 2 (everything shelved, or completed by hand). A task someone else
// works on is theirs: only they shelve it.
import { TaskClaimStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Verdict } from './machine'

const S = TaskClaimStatus
export interface ShelvingTaskFacts { taskNo: string; status: number; claimedBy: number | null }

/** Every shelving command runs on a task not completed yet (the refusal names these statuses). */
export const SHELVING_OPEN: readonly number[] = [S.Unclaimed, S.Working]
const notCompleted = (t: ShelvingTaskFacts): Verdict =>
  (SHELVING_OPEN.includes(t.status) ? true : refuseStatus('inbound:shelving.errors.completed', 'taskClaimStatus', t.status, SHELVING_OPEN, { no: t.taskNo }))
/** Open and not someone else's. */
const workable = (t: ShelvingTaskFacts, a: Actor): Verdict => {
  const c = notCompleted(t)
  if (c !== true) return c
  if (t.status === S.Working && t.claimedBy !== null && t.claimedBy !== a.userId) return refuse('inbound:shelving.errors.claimedByOther', { no: t.taskNo })
  return true
}

export const shelvingTaskMachine = defineMachine<ShelvingTaskFacts>({
  name: 'shelvingTask',
  statuses: Object.values(S),
  commands: {
    'inbound.shelving.scan': workable,
    'inbound.shelving.shelveLine': workable,
    'inbound.shelving.claim': (t, a) => {
      const w = workable(t, a)
      if (w !== true) return w
      return t.status === S.Working ? refuse('inbound:shelving.errors.alreadyClaimed', { no: t.taskNo }) : true
    },
    'inbound.shelving.assign': notCompleted,
    'inbound.shelving.complete': notCompleted,
  },
  facts: (r) => {
    const status = numOf(r.status)
    return status === undefined || !r.taskNo ? undefined : { taskNo: textOf(r.taskNo), status, claimedBy: numOf(r.claimedBy) ?? null }
  },
})
