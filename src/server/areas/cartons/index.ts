// The cartons area (issue 21 "Boxes and packing", part I): importing it registers the packing station's
// handlers (./handlers.ts); its routes are the read side — the packing tasks as a declared list and one
// task with its lines, its boxes (box i of n, mark, dimensions, weight, contents) and its ledger rows.
// The palette lookup of ZX numbers comes with the station's screen (a lookup opens a page).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listRoute, outer, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { packingTask } from '../../db/schema/index'
import { PackingTaskStatus } from '../../../domain/dictionaries'
import { CARTON_API, CARTON_PERMISSIONS as P } from '../../../../commands/cartons'
import { loadTask, PACKING_DOC, taskDetail } from './handlers'

const STATUSES = Object.values(PackingTaskStatus).map(String)

const TASK_LIST = {
  table: packingTask,
  select: {
    id: packingTask.id, taskNo: packingTask.taskNo, status: packingTask.status, docNo: packingTask.docNo, boxMark: packingTask.boxMark,
    claimedByName: packingTask.claimedByName,
    planned: sql<number>`(SELECT coalesce(sum(l.planned_qty), 0)::int FROM packing_task_line l WHERE l.task_id = ${outer(packingTask.id)})`.as('planned'),
    packed: sql<number>`(SELECT coalesce(sum(l.packed_qty), 0)::int FROM packing_task_line l WHERE l.task_id = ${outer(packingTask.id)})`.as('packed'),
    boxes: sql<number>`(SELECT count(*)::int FROM carton c WHERE c.task_id = ${outer(packingTask.id)})`.as('boxes'),
    createdAt: packingTask.createdAt, updatedAt: packingTask.updatedAt,
  },
  scope: { tenant: packingTask.tenantId, warehouse: packingTask.warehouseId },
  key: packingTask.id,
  sortable: { id: packingTask.id, taskNo: packingTask.taskNo, status: packingTask.status, createdAt: packingTask.createdAt },
  defaultSort: 'id:desc',
  filters: {
    taskNo: { type: 'text', column: packingTask.taskNo },
    docNo: { type: 'text', column: packingTask.docNo },
    status: { type: 'enum', column: packingTask.status, values: STATUSES },
  },
} satisfies ListDef

const TaskNoParams = z.object({ taskNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })

export const cartonsArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, TASK_LIST, { url: CARTON_API.tasks, summary: 'Packing tasks (ZX): planned and packed units, boxes', tags: ['cartons'], permission: P.view }),
    defineRoute({
      method: 'GET', url: '/api/cartons/tasks/by-no/:taskNo', summary: 'One packing task: its lines, its boxes with their contents, its ledger rows',
      tags: ['cartons'], envelope: 'main', auth: 'scoped', permission: P.view, params: TaskNoParams,
      handler: async ({ params, auth }) => {
        const t = await loadTask(db, auth, params.taskNo, false)
        const detail = await taskDetail(db, auth, t.taskNo)
        const ledger = rowsOf(await db.execute(sql`
          SELECT g.id, g.doc_line, g.reason, g.delta_on_hand, l.code AS location_code, s.sku_code, b.batch_no
          FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
          WHERE g.tenant_id = ${auth.tenantId} AND g.warehouse_id = ${auth.warehouseId} AND g.doc_type = ${PACKING_DOC} AND g.doc_no = ${t.taskNo} ORDER BY g.id`))
          .map((r) => ({ id: Number(r.id), boxSeq: r.doc_line == null ? null : Number(r.doc_line), reason: r.reason == null ? null : String(r.reason), delta: Number(r.delta_on_hand), locationCode: String(r.location_code), skuCode: String(r.sku_code), batchNo: String(r.batch_no) }))
        return { ...detail, ledger }
      },
    }),
  ])
}
