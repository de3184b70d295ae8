// Picking tasks (JH) and return-to-shelf tasks (HJ) in the task pool (src/server/tasks/pool.ts).
//   picking     — allotted to an operator or a job group while Unclaimed (the picking machine's
//                 'outbound.pickTask.assign'); the claim then honours it (picking.ts).
//   returnShelf — claimed by its first scan (return-shelf-task machine); it carries no allotment, so the
//                 pool lists it and refuses to allot it, naming the task.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/rows'
import { allotEach, poolSelect, registerTaskSource } from '../../tasks/pool'
import { check, refuse } from '../../../domain/states/machine'
import { pickingTaskMachine } from '../../../domain/states/picking-task'
import { TaskClaimStatus } from '../../../domain/dictionaries'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { PICKING_PATH } from '../../../../commands/outbound-picking'
import { RETURN_SHELF_PATH } from '../../../../commands/outbound-shipping'

const n = (v: unknown) => (v == null ? null : Number(v))

registerTaskSource({
  kind: 'picking', titleKey: 'tasks:kind.picking', prefixes: [DOC_PREFIX.pickingTask], permission: 'menu:pickingtasks',
  path: `${PICKING_PATH}?task={no}`,
  select: (scope) => poolSelect('picking', {
    from: sql`picking_task t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'taskClaimStatus', claim: sql`t.status`,
    open: sql`t.status <> ${TaskClaimStatus.Completed}`,
    areaCodes: sql`ARRAY(SELECT DISTINCT a.code FROM picking_task_line tl JOIN location l ON l.id = tl.location_id
      JOIN storage_area a ON a.id = l.storage_area_id WHERE tl.task_id = t.id ORDER BY a.code)`,
    locationCount: sql`(SELECT count(DISTINCT tl.location_id) FROM picking_task_line tl WHERE tl.task_id = t.id)`,
    qty: sql`t.qty - t.picked_qty - t.short_qty`, operatorId: sql`coalesce(t.claimed_by, t.assignee_id)`, jobGroupId: sql`t.job_group_id`, createdAt: sql`t.created_at`,
  }),
  allot: (tx, scope, ids, target, op) => allotEach(ids, async (id) => {
    const [r] = rowsOf(await tx.execute(sql`SELECT id, task_no, status, claimed_by, assignee_id FROM picking_task
      WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} FOR UPDATE`))
    if (!r) return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) }
    const docNo = String(r.task_no)
    const v = check(pickingTaskMachine, 'outbound.pickTask.assign', { taskNo: docNo, status: Number(r.status), claimedBy: n(r.claimed_by), assigneeId: n(r.assignee_id) }, op)
    if (v !== true) return { id, docNo, refused: v }
    await tx.execute(sql`UPDATE picking_task SET assignee_id = ${target.userId ?? null}, job_group_id = ${target.jobGroupId ?? null},
      updated_at = now(), updated_by = ${op.userId} WHERE id = ${id}`)
    return { id, docNo }
  }),
})

registerTaskSource({
  kind: 'returnShelf', titleKey: 'tasks:kind.returnShelf', prefixes: [DOC_PREFIX.returnShelf], permission: 'menu:stop-stock-out',
  path: `${RETURN_SHELF_PATH}?task={no}`,
  select: (scope) => poolSelect('returnShelf', {
    from: sql`return_shelf_task t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.task_no`, status: sql`t.status`, statusDict: 'taskClaimStatus', claim: sql`t.status`,
    open: sql`t.status <> ${TaskClaimStatus.Completed}`,
    areaCodes: sql`ARRAY(SELECT DISTINCT a.code FROM return_shelf_line rl JOIN location l ON l.id = rl.from_location_id
      JOIN storage_area a ON a.id = l.storage_area_id WHERE rl.task_id = t.id ORDER BY a.code)`,
    locationCount: sql`(SELECT count(DISTINCT rl.from_location_id) FROM return_shelf_line rl WHERE rl.task_id = t.id)`,
    qty: sql`t.qty - t.returned_qty`, operatorId: sql`t.claimed_by`, jobGroupId: sql`NULL`, createdAt: sql`t.created_at`,
  }),
  allot: (tx, scope, ids) => allotEach(ids, async (id) => {
    const [r] = rowsOf(await tx.execute(sql`SELECT task_no FROM return_shelf_task WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
    if (!r) return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) }
    return { id, docNo: String(r.task_no), refused: refuse('tasks:errors.claimedByScan', { taskNo: String(r.task_no) }) }
  }),
})
