// Move orders (YK) in the task pool (src/server/tasks/pool.ts). A move order is a task while it is open: a
// new order (by hand or from a transfer warning) waits to be executed — Unclaimed 0 unless allotted, then
// shown with its operator or job group; a station session (Moving) is being worked by the operator who
// opened it — Working 1. Completed and cancelled orders leave the pool. Only a new order can be allotted
// (to one operator or to a job group); a session belongs to its operator.
import { sql } from 'drizzle-orm'
import { rowsOf } from '../../db/rows'
import { allotEach, poolSelect, registerTaskSource } from '../../tasks/pool'
import { refuse, refuseStatus } from '../../../domain/states/machine'
import { MoveOrderStatus as S } from '../../../domain/dictionaries'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { MOVE_DETAILS_PATH, MOVE_PERMISSIONS } from '../../../../commands/moves'

const ALLOT_FROM = [S.New]

registerTaskSource({
  kind: 'move', titleKey: 'tasks:kind.move', prefixes: [DOC_PREFIX.moveOrder], permission: MOVE_PERMISSIONS.view,
  path: `${MOVE_DETAILS_PATH}?no={no}`,
  select: (scope) => poolSelect('move', {
    from: sql`move_order t`, scope: { tenant: sql`t.tenant_id`, warehouse: sql`t.warehouse_id` }, scopeOf: scope,
    id: sql`t.id`, docNo: sql`t.move_no`, status: sql`t.status`, statusDict: 'moveOrderStatus',
    claim: sql`CASE t.status WHEN ${S.New} THEN 0 WHEN ${S.Moving} THEN 1 ELSE 2 END`,
    open: sql`t.status IN (${S.New}, ${S.Moving})`,
    areaCodes: sql`ARRAY(SELECT DISTINCT a.code FROM move_order_line ml JOIN location l ON l.id IN (ml.from_location_id, ml.to_location_id)
      JOIN storage_area a ON a.id = l.storage_area_id WHERE ml.order_id = t.id ORDER BY a.code)`,
    locationCount: sql`(SELECT count(DISTINCT x) FROM move_order_line ml, unnest(ARRAY[ml.from_location_id, ml.to_location_id]) x WHERE ml.order_id = t.id)`,
    qty: sql`t.total_qty`,
    operatorId: sql`CASE WHEN t.status = ${S.Moving} THEN t.created_by ELSE t.assignee_id END`, jobGroupId: sql`t.job_group_id`, createdAt: sql`t.created_at`,
  }),
  allot: (tx, scope, ids, target) => allotEach(ids, async (id) => {
    const [r] = rowsOf(await tx.execute(sql`SELECT id, move_no, status FROM move_order WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} FOR UPDATE`))
    if (!r) return { id, docNo: String(id), refused: refuse('tasks:errors.taskNotFound', { id }) }
    const moveNo = String(r.move_no)
    const status = Number(r.status)
    if (!(ALLOT_FROM as number[]).includes(status)) return { id, docNo: moveNo, refused: refuseStatus('tasks:errors.allotStatus', 'moveOrderStatus', status, ALLOT_FROM, { taskNo: moveNo }) }
    await tx.execute(sql`UPDATE move_order SET assignee_id = ${target.userId ?? null}, job_group_id = ${target.jobGroupId ?? null}, updated_at = now() WHERE id = ${id}`)
    return { id, docNo: moveNo }
  }),
})
