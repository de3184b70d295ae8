// Shelving tasks (SJ/QT) in the task pool (src/server/tasks/pool.ts). A shelving task is allotted to a
// job group (its members claim it: shelving.ts assertMember) while not completed — the shelving
// machine's 'inbound.shelving.assign' rule; the shelving task has no per-operator allotment, so an
// operator target is refused for it, naming the task.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/rows'
import { allotEach, poolSelect, registerTaskSource } from '../../tasks/pool'
import { check, refuse } from '../../../domain/states/machine'
import { shelvingTaskMachine } from '../../../domain/states/shelving-task'
import { TaskClaimStatus } from '../../../domain/dictionaries'
import { DOC_PREFIX } from '../../inventory/doc-no'

registerTaskSource({
  kind: 'shelving', titleKey: 'tasks:kind.shelving', prefixes: [DOC_PREFIX.shelvingTask, DOC_PREFIX.inspectionTransfer],
  permission: 'menu:shelf-task', path: '/stock-in/shelf-task/details?no={no}',
  select: (scope) => poolSelect('shelving', {
    from: sql`shelving_task t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'taskClaimStatus', claim: sql`t.status`,
    open: sql`t.status <> ${TaskClaimStatus.Completed}`,
    areaCodes: sql`ARRAY(SELECT DISTINCT a.code FROM shelving_line sl JOIN location l ON l.id = coalesce(sl.suggested_location_id, sl.from_location_id)
      JOIN storage_area a ON a.id = l.storage_area_id WHERE sl.task_id = t.id ORDER BY a.code)`,
    locationCount: sql`(SELECT count(DISTINCT coalesce(sl.suggested_location_id, sl.from_location_id)) FROM shelving_line sl WHERE sl.task_id = t.id)`,
    qty: sql`t.qty - t.shelved_qty`, operatorId: sql`t.claimed_by`, jobGroupId: sql`t.job_group_id`, createdAt: sql`t.created_at`,
  }),
  allot: (tx, scope, ids, target, op) => allotEach(ids, async (id) => {
    const [r] = rowsOf(await tx.execute(sql`SELECT id, task_no, status, claimed_by FROM shelving_task
      WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} FOR UPDATE`))
    if (!r) return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) }
    const docNo = String(r.task_no)
    const facts = { taskNo: docNo, status: Number(r.status), claimedBy: r.claimed_by == null ? null : Number(r.claimed_by) }
    const v = check(shelvingTaskMachine, 'inbound.shelving.assign', facts, op)
    if (v !== true) return { id, docNo, refused: v }
    if (target.jobGroupId == null) return { id, docNo, refused: refuse('tasks:errors.jobGroupOnly', { taskNo: docNo }) }
    await tx.execute(sql`UPDATE shelving_task SET job_group_id = ${target.jobGroupId}, updated_at = now(), updated_by = ${op.userId} WHERE id = ${id}`)
    return { id, docNo }
  }),
})
