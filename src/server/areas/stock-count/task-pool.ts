// Count tasks (PT) in the task pool (src/server/tasks/pool.ts). Claim mapping: Unclaimed 0 → 0,
// InventoryToBeCounted 1 → Working 1, WaitingForApproval 2 → Completed 2 (its counting is done; it
// stays open until approved). A count task is allotted to an operator (count_task.assignee_id) while
// Unclaimed, and only to an operator who may claim it by the count machine's own claim rule — a recount
// never goes to an earlier counter of its locations. Count tasks have no job group.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/rows'
import { allotEach, poolSelect, registerTaskSource } from '../../tasks/pool'
import { check, refuse, refuseStatus } from '../../../domain/states/machine'
import { countTaskMachine } from '../../../domain/states/count-task'
import { CountPlanStatus as S } from '../../../domain/dictionaries'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { COUNT_PATH, COUNT_PERMISSIONS } from '../../../../commands/stock-count'
import { loadTask } from './handlers'

const ALLOT_FROM = [S.Unclaimed]

registerTaskSource({
  kind: 'count', titleKey: 'tasks:kind.count', prefixes: [DOC_PREFIX.countTask], permission: COUNT_PERMISSIONS.view,
  path: `${COUNT_PATH}/list?task={no}`,
  select: (scope) => poolSelect('count', {
    from: sql`count_task t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'countPlanStatus',
    claim: sql`CASE t.status WHEN ${S.Unclaimed} THEN 0 WHEN ${S.InventoryToBeCounted} THEN 1 ELSE 2 END`,
    open: sql`t.status IN (${S.Unclaimed}, ${S.InventoryToBeCounted}, ${S.WaitingForApproval})`,
    areaCodes: sql`ARRAY(SELECT DISTINCT a.code FROM count_task_location ctl JOIN location l ON l.id = ctl.location_id
      JOIN storage_area a ON a.id = l.storage_area_id WHERE ctl.task_id = t.id ORDER BY a.code)`,
    locationCount: sql`t.location_count`, qty: sql`(SELECT coalesce(sum(c.counted_qty), 0) FROM count_line c WHERE c.task_id = t.id AND c.counted_by IS NOT NULL)`,
    operatorId: sql`coalesce(t.claimed_by, t.assignee_id)`, jobGroupId: sql`NULL`, createdAt: sql`t.created_at`,
  }),
  allot: (tx, scope, ids, target) => allotEach(ids, async (id) => {
    const [r] = rowsOf(await tx.execute(sql`SELECT task_no FROM count_task WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
    if (!r) return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) }
    const t = await loadTask(tx, scope, String(r.task_no))
    if (!(ALLOT_FROM as number[]).includes(t.status)) return { id, docNo: t.taskNo, refused: refuseStatus('tasks:errors.allotStatus', 'countPlanStatus', t.status, ALLOT_FROM, { taskNo: t.taskNo }) }
    if (target.userId == null) return { id, docNo: t.taskNo, refused: refuse('tasks:errors.operatorOnly', { taskNo: t.taskNo }) }
    // The operator must be one who may claim it: the count machine's claim rule, asked as that operator.
    const v = check(countTaskMachine, 'count.task.claim', { ...t, assigneeId: null }, { userId: target.userId })
    if (v !== true) return { id, docNo: t.taskNo, refused: v }
    await tx.execute(sql`UPDATE count_task SET assignee_id = ${target.userId}, updated_at = now() WHERE id = ${t.id}`)
    return { id, docNo: t.taskNo }
  }),
})
