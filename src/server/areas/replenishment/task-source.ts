// Replenishment tasks (BH) in the task pool (src/server/tasks/pool.ts): open while ToBeAllocated 4,
// ToBeReplenished 0 or Restocking 1; allotted to a job group only (the spec: "job group assignable only
// when pending replenishment or pending assignment" — the machine's 'replenishment.task.allot', which
// moves the task to ToBeReplenished); an allotment to one operator is refused, naming the task.
import { sql } from 'drizzle-orm'
import { allotEach, poolSelect, registerTaskSource } from '../../tasks/pool'
import { check, refuse } from '../../../domain/states/machine'
import { replenishmentTaskMachine } from '../../../domain/states/replenishment-task'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { AppError } from '../../http/errors'
import { REPLENISHMENT_PATH, REPLENISHMENT_PERMISSIONS } from '../../../../commands/replenishment'
import { jobGroupExists, loadTask } from './handlers'

registerTaskSource({
  kind: 'replenishment', titleKey: 'tasks:kind.replenishment', prefixes: [DOC_PREFIX.replenishmentTask], permission: REPLENISHMENT_PERMISSIONS.view,
  path: `${REPLENISHMENT_PATH}?taskNo={no}`,
  select: (scope) => poolSelect('replenishment', {
    from: sql`replenishment_task t JOIN location rl ON rl.id = t.location_id JOIN storage_area ra ON ra.id = rl.storage_area_id`,
    scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'replenishmentTaskStatus',
    // Claim state in the pool's words: 0 nobody works it, 1 claimed, 2 done.
    claim: sql`CASE WHEN t.status = 1 THEN 1 WHEN t.status IN (2, 3) THEN 2 ELSE 0 END`,
    open: sql`t.status IN (0, 1, 4)`,
    areaCodes: sql`ARRAY[ra.code]`, locationCount: sql`1`, qty: sql`t.qty - t.moved_qty`,
    operatorId: sql`t.claimed_by`, jobGroupId: sql`t.job_group_id`, createdAt: sql`t.created_at`,
  }),
  allot: async (tx, scope, ids, target, op) => allotEach(ids, async (id) => {
    let t
    try { t = await loadTask(tx, scope, { id }) } catch { return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) } }
    if (target.jobGroupId == null) return { id, docNo: t.taskNo, refused: refuse('replenishment:errors.jobGroupOnly', { taskNo: t.taskNo }) }
    const v = check(replenishmentTaskMachine, 'replenishment.task.allot', t, op)
    if (v !== true) return { id, docNo: t.taskNo, refused: v }
    if (!(await jobGroupExists(tx, scope, target.jobGroupId))) throw new AppError(400, 'replenishment:errors.jobGroupUnknown', { value: target.jobGroupId })
    await tx.execute(sql`UPDATE replenishment_task SET job_group_id = ${target.jobGroupId}, status = 0, updated_at = now() WHERE id = ${t.id}`)
    return { id, docNo: t.taskNo }
  }),
})
