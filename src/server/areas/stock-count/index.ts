// The counts area (issue 20 "Counts", server slice): importing it registers the count handlers
// (./handlers.ts); its routes are the read side — rules, plans, tasks, lines, the posted surplus
// (in-surplus) and loss (checklose) ledger rows as declared lists, the station's blind view of a task
// and the reviewer's view with what was on hand at each counted position (refused to the task's counters).
import { z } from 'zod'
import { and, eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, raw, registerRoutes } from '../../http/route'
import { receiveOneFile } from '../../http/upload'
import { templateWorkbook } from '../../resources/importer'
import { translate } from '../../i18n'
import { dictLabelKey } from '../../../domain/dictionaries'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { COUNT_SHEET, COUNT_TEMPLATE_FILE, countImportDryRun } from './import'
import { forbidden } from '../../http/errors'
import { contentDisposition, listRoute, outer, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { countLine, countPlan, countRule, countTask, inventoryBalance, inventoryLedger } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { CountPlanStatus } from '../../../domain/dictionaries'
import { countersOf } from '../../../domain/states/count-task'
import { COUNT_API, COUNT_DETAIL_PATH, COUNT_PERMISSIONS as P, countDetailPath } from '../../../../commands/stock-count'
import { COUNT_DOC, loadTask, reconcile } from './handlers'
import './task-pool'

const location = resourceTables.location!
const area = resourceTables.storageArea!
const sku = resourceTables.sku!
const STATUSES = Object.values(CountPlanStatus)

const RULE_LIST = {
  table: countRule,
  select: {
    id: countRule.id, name: countRule.name, storageAreaId: countRule.storageAreaId, locationFrom: countRule.locationFrom, locationTo: countRule.locationTo,
    skuId: countRule.skuId, thresholdUnits: countRule.thresholdUnits, thresholdPct: countRule.thresholdPct, frequencyDays: countRule.frequencyDays,
    abcClass: countRule.abcClass,
    thresholdValue: sql<number | null>`${outer(countRule.thresholdValue)}::float8`.mapWith(Number).as('threshold_value'),
    status: countRule.status, updatedAt: countRule.updatedAt,
    /** The codes the rule names (the rule list and its edit dialog show and send codes). */
    areaCode: sql<string | null>`(SELECT sa.code FROM storage_area sa WHERE sa.id = ${outer(countRule.storageAreaId)})`.as('area_code'),
    skuCode: sql<string | null>`(SELECT ps.sku_code FROM product_sku ps WHERE ps.id = ${outer(countRule.skuId)})`.as('sku_code'),
  },
  scope: { tenant: countRule.tenantId, warehouse: countRule.warehouseId },
  key: countRule.id,
  sortable: { name: countRule.name, updatedAt: countRule.updatedAt, id: countRule.id },
  defaultSort: 'name:asc',
  filters: { name: { type: 'text', column: countRule.name }, status: { type: 'enum', column: countRule.status, values: ['0', '1'] } },
} satisfies ListDef

const PLAN_LIST = {
  table: countPlan,
  select: {
    id: countPlan.id, planNo: countPlan.planNo, status: countPlan.status, source: countPlan.source, ruleId: countPlan.ruleId,
    thresholdUnits: countPlan.thresholdUnits, thresholdPct: countPlan.thresholdPct, locationCount: countPlan.locationCount, taskCount: countPlan.taskCount,
    thresholdValue: sql<number | null>`${outer(countPlan.thresholdValue)}::float8`.mapWith(Number).as('threshold_value'),
    remark: countPlan.remark, createdByName: countPlan.createdByName, createdAt: countPlan.createdAt, finishedAt: countPlan.finishedAt,
    /** Tasks submitted or finished: the plan machine's cancel reads it (src/domain/states/count-task.ts). */
    submittedTasks: sql<number>`(SELECT count(*)::int FROM count_task st WHERE st.plan_id = ${outer(countPlan.id)} AND st.status IN (${CountPlanStatus.WaitingForApproval}, ${CountPlanStatus.Finished}))`.as('submitted_tasks'),
  },
  scope: { tenant: countPlan.tenantId, warehouse: countPlan.warehouseId },
  key: countPlan.id,
  sortable: { planNo: countPlan.planNo, status: countPlan.status, createdAt: countPlan.createdAt, id: countPlan.id },
  defaultSort: 'createdAt:desc',
  filters: {
    planNo: { type: 'text', column: countPlan.planNo },
    status: { type: 'enum', column: countPlan.status, values: STATUSES.map(String) },
    createdAt: { type: 'dateRange', column: countPlan.createdAt },
  },
} satisfies ListDef

const TASK_LIST = {
  table: countTask,
  join: (q: any) => q.innerJoin(countPlan, eq(countPlan.id, countTask.planId)),
  select: {
    id: countTask.id, taskNo: countTask.taskNo, planNo: countPlan.planNo, status: countTask.status, round: countTask.round,
    recountOf: countTask.recountOf, recountTaskId: countTask.recountTaskId, excludedUserIds: countTask.excludedUserIds,
    locationCount: countTask.locationCount, assigneeId: countTask.assigneeId, claimedBy: countTask.claimedBy, claimedByName: countTask.claimedByName,
    claimedAt: countTask.claimedAt, submittedAt: countTask.submittedAt, reviewedByName: countTask.reviewedByName, reviewedAt: countTask.reviewedAt,
    surplusQty: countTask.surplusQty, lossQty: countTask.lossQty, createdAt: countTask.createdAt,
    recountTaskNo: sql<string | null>`(SELECT r.task_no FROM count_task r WHERE r.id = ${outer(countTask.recountTaskId)})`.as('recount_task_no'),
  },
  scope: { tenant: countTask.tenantId, warehouse: countTask.warehouseId },
  key: countTask.id,
  sortable: { taskNo: countTask.taskNo, planNo: countPlan.planNo, status: countTask.status, createdAt: countTask.createdAt, id: countTask.id },
  defaultSort: 'createdAt:desc',
  filters: {
    taskNo: { type: 'text', column: countTask.taskNo },
    planNo: { type: 'text', column: countPlan.planNo },
    status: { type: 'enum', column: countTask.status, values: STATUSES.map(String) },
  },
} satisfies ListDef

/** Counted lines. expected_qty and adjustment are null until the task is approved: a counter reading this list learns nothing to aim at. */
const LINE_LIST = {
  table: countLine,
  join: (q: any) => q.innerJoin(countTask, eq(countTask.id, countLine.taskId)).innerJoin(location, eq(location.id, countLine.locationId)).innerJoin(sku, eq(sku.id, countLine.skuId)),
  select: {
    id: countLine.id, taskNo: countTask.taskNo, taskStatus: countTask.status, locationCode: location.code, skuCode: sku.skuCode,
    countedQty: countLine.countedQty, countedByName: countLine.countedByName, countedAt: countLine.countedAt,
    expectedQty: countLine.expectedQty, adjustment: countLine.adjustment,
  },
  scope: { tenant: countLine.tenantId, warehouse: countLine.warehouseId },
  key: countLine.id,
  sortable: { taskNo: countTask.taskNo, locationCode: location.code, skuCode: sku.skuCode, countedAt: countLine.countedAt, id: countLine.id },
  defaultSort: 'id:asc',
  filters: {
    taskNo: { type: 'text', column: countTask.taskNo },
    locationCode: { type: 'text', column: location.code },
    skuCode: { type: 'text', column: sku.skuCode },
  },
} satisfies ListDef

/** Posted count adjustments of one kind (in-surplus / checklose): the ledger rows under the count tasks' numbers. */
const adjustmentList = (reason: 'countSurplus' | 'countLoss') => ({
  table: inventoryLedger,
  join: (q: any) => q.innerJoin(inventoryBalance, eq(inventoryBalance.id, inventoryLedger.balanceId))
    .innerJoin(location, eq(location.id, inventoryBalance.locationId)).innerJoin(area, eq(area.id, location.storageAreaId))
    .innerJoin(sku, eq(sku.id, inventoryBalance.skuId)),
  select: {
    id: inventoryLedger.id, taskNo: inventoryLedger.docNo, balanceId: inventoryLedger.balanceId, locationCode: location.code, areaCode: area.code,
    skuCode: sku.skuCode, batchNo: inventoryBalance.batchNo, stockStatus: inventoryBalance.stockStatus,
    qty: sql<number>`abs(${inventoryLedger.deltaOnHand})`.as('qty'), onHandAfter: inventoryLedger.onHandAfter,
    operatorName: inventoryLedger.operatorName, createdAt: inventoryLedger.createdAt,
  },
  scope: { tenant: inventoryLedger.tenantId, warehouse: inventoryLedger.warehouseId },
  key: inventoryLedger.id,
  sortable: { createdAt: inventoryLedger.createdAt, taskNo: inventoryLedger.docNo, locationCode: location.code, skuCode: sku.skuCode, id: inventoryLedger.id },
  defaultSort: 'id:desc',
  filters: {
    taskNo: { type: 'text', column: inventoryLedger.docNo },
    locationCode: { type: 'text', column: location.code },
    skuCode: { type: 'text', column: sku.skuCode },
    createdAt: { type: 'dateRange', column: inventoryLedger.createdAt },
  },
  where: () => and(eq(inventoryLedger.docType, COUNT_DOC), eq(inventoryLedger.reason, reason)),
}) satisfies ListDef
const SURPLUS_LIST = adjustmentList('countSurplus')
const LOSS_LIST = adjustmentList('countLoss')

const TaskNoParams = z.object({ taskNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })

/**
 * "Go to document" for count plans (PD…) and count tasks (PT…): check-detail opens either by its number.
 * A counter who may open the count list finds the task (the detail shows a counter no expected quantity).
 */
function countLookup(o: { type: string; titleKey: string; prefix: string; table: 'count_plan' | 'count_task'; column: 'plan_no' | 'task_no' }) {
  registerDocumentLookup({
    type: o.type, titleKey: o.titleKey, prefixes: [o.prefix], permission: P.view, group: 'document',
    opens: { path: `${COUNT_DETAIL_PATH}?no={no}`, testId: 'count-doc' },
    async search(q, auth, text, limit, lang) {
      const term = text.trim().toUpperCase()
      const col = sql.identifier(o.column)
      return rowsOf(await q.execute(sql`
        SELECT id, ${col} AS no, status FROM ${sql.identifier(o.table)} WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
          AND ${col} ILIKE ${containsPattern(term)}
        ORDER BY (${col} = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
        type: o.type, id: Number(r.id), number: String(r.no), status: Number(r.status), path: countDetailPath(String(r.no)),
        title: `${translate(lang, o.titleKey)} · ${translate(lang, dictLabelKey('countPlanStatus', String(r.status)))}`,
      }))
    },
  })
}
countLookup({ type: 'countPlan', titleKey: 'stocktake:document.plan', prefix: DOC_PREFIX.countPlan, table: 'count_plan', column: 'plan_no' })
countLookup({ type: 'countTask', titleKey: 'stocktake:document.task', prefix: DOC_PREFIX.countTask, table: 'count_task', column: 'task_no' })

export const stockCountArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/counts/history/:no', summary: 'The status history of a count plan or task: the count commands run on it (operation log; scans aside), newest first',
      tags: ['counts'], envelope: 'main', auth: 'scoped', permission: P.view, params: z.object({ no: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) }),
      handler: async ({ params, auth }) => rowsOf(await db.execute(sql`
        SELECT id, created_at AS "createdAt", command_id AS "commandId", username, summary, result FROM audit_log
        WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND command_id LIKE 'count.%' AND command_id NOT IN ('count.scan', 'count.location.empty') AND summary LIKE ${containsPattern(params.no)}
        ORDER BY id DESC LIMIT 200`)).map((r) => ({ ...r, id: Number(r.id) })),
    }),
    defineRoute({
      method: 'GET', url: COUNT_API.importTemplate, tags: ['counts'], envelope: 'raw', auth: 'scoped', permission: P.count,
      summary: 'Count-line import template (one row per counted line: task, location, SKU, quantity; no SKU and quantity 0: the location is empty)',
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(COUNT_SHEET, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').header('content-disposition', contentDisposition(COUNT_TEMPLATE_FILE))
        return raw(buf)
      },
    }),
    defineRoute({
      method: 'POST', url: COUNT_API.importDryRun, tags: ['counts'], envelope: 'main', auth: 'scoped', permission: P.count, rawBody: true,
      summary: 'Count-line import dry run (multipart `file`): every bad row at once; writes nothing; the lines to send to count.lines.import when none is bad',
      handler: async ({ auth, raw: req }) => countImportDryRun(db, auth, req.lang, (await receiveOneFile(req, 'template')).content),
    }),
    listRoute(db, RULE_LIST, { url: COUNT_API.rules, summary: 'Inventory check rules', tags: ['counts'], permission: P.rules }),
    listRoute(db, PLAN_LIST, { url: COUNT_API.plans, summary: 'Count plans', tags: ['counts'], permission: P.view }),
    listRoute(db, TASK_LIST, { url: COUNT_API.tasks, summary: 'Count tasks (status, counter, reviewer, recount links)', tags: ['counts'], permission: P.view }),
    listRoute(db, LINE_LIST, { url: COUNT_API.lines, summary: 'Counted lines (expected quantity and adjustment only once approved)', tags: ['counts'], permission: P.view }),
    listRoute(db, SURPLUS_LIST, { url: COUNT_API.surplus, summary: 'Count surplus posted (in-surplus): ledger rows under the count tasks', tags: ['counts'], permission: P.surplus }),
    listRoute(db, LOSS_LIST, { url: COUNT_API.loss, summary: 'Count loss posted (checklose): ledger rows under the count tasks', tags: ['counts'], permission: P.loss }),
    defineRoute({
      method: 'GET', url: '/api/counts/tasks/by-no/:taskNo', summary: 'A count task at the station: its locations and what was counted — blind, never an expected quantity',
      tags: ['counts'], envelope: 'main', auth: 'scoped', permission: P.count, params: TaskNoParams,
      handler: async ({ params, auth }) => {
        const t = await loadTask(db, auth, params.taskNo, false)
        const locations = rowsOf(await db.execute(sql`
          SELECT l.code AS location_code, ctl.seq, ctl.visited, ctl.confirmed_empty FROM count_task_location ctl JOIN location l ON l.id = ctl.location_id
          WHERE ctl.task_id = ${t.id} ORDER BY ctl.seq`)).map((r) => ({ locationCode: String(r.location_code), seq: Number(r.seq), visited: r.visited === true, confirmedEmpty: r.confirmed_empty === true }))
        const lines = rowsOf(await db.execute(sql`
          SELECT l.code AS location_code, s.sku_code, c.counted_qty, c.counted_at FROM count_line c JOIN location l ON l.id = c.location_id JOIN product_sku s ON s.id = c.sku_id
          WHERE c.task_id = ${t.id} AND c.counted_by IS NOT NULL ORDER BY l.code, s.sku_code`)).map((r) => ({ locationCode: String(r.location_code), skuCode: String(r.sku_code), countedQty: Number(r.counted_qty) }))
        return {
          task: { taskNo: t.taskNo, planNo: t.planNo, status: t.status, claimedBy: t.claimedBy, assigneeId: t.assigneeId, excludedUserIds: t.excludedUserIds, round: t.round, recountTaskNo: t.recountTaskNo },
          locations, lines,
        }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/counts/tasks/by-no/:taskNo/review', summary: 'A submitted count for its reviewer: counted, on hand at the counted position, variance (never to its counters)',
      tags: ['counts'], envelope: 'main', auth: 'scoped', permission: P.approve, params: TaskNoParams,
      handler: async ({ params, auth }) => {
        const t = await loadTask(db, auth, params.taskNo, false)
        if (countersOf(t).includes(auth.userId)) throw forbidden('stocktake:errors.fourEyes', { taskNo: t.taskNo })
        const rows = await reconcile(db, auth, t.id)
        return {
          task: { taskNo: t.taskNo, planNo: t.planNo, status: t.status, round: t.round, recountTaskNo: t.recountTaskNo, thresholdUnits: t.thresholdUnits, thresholdPct: t.thresholdPct, thresholdValue: t.thresholdValue },
          lines: rows.map((r) => ({ locationCode: r.locationCode, skuCode: r.skuCode, counted: r.counted, expected: r.expected, onHandNow: r.onHandNow, variance: r.counted - r.expected, position: r.position })),
        }
      },
    }),
  ])
}
