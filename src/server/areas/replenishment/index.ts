// The replenishment area (issue 20 "Replenishment"): importing it registers the handlers (./handlers.ts)
// and the palette lookup of BH numbers; its routes are the read side — rules and tasks as declared lists
// (defineRoute + listQuerySchema + runList) and one task with its explanation and its ledger rows.
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { listRoute, outer, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { replenishmentRule, replenishmentTask } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { reasonOfRow } from '../../inventory/ledger'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { translate } from '../../i18n'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { dictLabelKey, ReplenishmentTaskStatus } from '../../../domain/dictionaries'
import { REPLENISHMENT_API, REPLENISHMENT_PERMISSIONS as P, replenishmentStationPath, REPLENISHMENT_PATH, replenishmentTaskPath, type GeneratePreview } from '../../../../commands/replenishment'
import { loadTask, REPLENISHMENT_DOC } from './handlers'
import { bulkLocationSql, generateReplenishment, type GenerateResult } from './generate'
import './task-source'

const location = resourceTables.location!
const sku = resourceTables.sku!
const STATUSES = Object.values(ReplenishmentTaskStatus).map(String)

const RULE_LIST = {
  table: replenishmentRule,
  select: {
    id: replenishmentRule.id,
    locationCode: sql<string | null>`(SELECT l.code FROM location l WHERE l.id = ${outer(replenishmentRule.locationId)})`.as('location_code'),
    skuCode: sql<string | null>`(SELECT s.sku_code FROM product_sku s WHERE s.id = ${outer(replenishmentRule.skuId)})`.as('sku_code'),
    areaCode: sql<string | null>`(SELECT a.code FROM storage_area a WHERE a.id = ${outer(replenishmentRule.storageAreaId)})`.as('area_code'),
    skuPattern: replenishmentRule.skuPattern,
    minQty: replenishmentRule.minQty, maxQty: replenishmentRule.maxQty, multiple: replenishmentRule.multiple,
    sourceAreaCode: sql<string | null>`(SELECT a.code FROM storage_area a WHERE a.id = ${outer(replenishmentRule.sourceAreaId)})`.as('source_area_code'),
    status: replenishmentRule.status, snoozedUntil: replenishmentRule.snoozedUntil, remark: replenishmentRule.remark, updatedAt: replenishmentRule.updatedAt,
  },
  scope: { tenant: replenishmentRule.tenantId, warehouse: replenishmentRule.warehouseId },
  key: replenishmentRule.id,
  sortable: { id: replenishmentRule.id, updatedAt: replenishmentRule.updatedAt, minQty: replenishmentRule.minQty, maxQty: replenishmentRule.maxQty },
  defaultSort: 'id:desc',
  filters: {
    skuPattern: { type: 'text', column: replenishmentRule.skuPattern },
    status: { type: 'enum', column: replenishmentRule.status, values: ['0', '1'] },
  },
} satisfies ListDef

const TASK_LIST = {
  table: replenishmentTask,
  join: (q: any) => q.innerJoin(location, eq(location.id, replenishmentTask.locationId)).innerJoin(sku, eq(sku.id, replenishmentTask.skuId)),
  select: {
    id: replenishmentTask.id, taskNo: replenishmentTask.taskNo, status: replenishmentTask.status, trigger: replenishmentTask.trigger,
    locationCode: location.code, skuCode: sku.skuCode, qty: replenishmentTask.qty, movedQty: replenishmentTask.movedQty,
    explanation: replenishmentTask.explanation, triggerCount: replenishmentTask.triggerCount,
    jobGroupId: replenishmentTask.jobGroupId,
    jobGroupName: sql<string | null>`(SELECT g.name FROM job_group g WHERE g.id = ${outer(replenishmentTask.jobGroupId)})`.as('job_group_name'),
    sourceAreaCode: sql<string | null>`(SELECT a.code FROM storage_area a WHERE a.id = ${outer(replenishmentTask.sourceAreaId)})`.as('source_area_code'),
    claimedBy: replenishmentTask.claimedBy, claimedByName: replenishmentTask.claimedByName, claimedAt: replenishmentTask.claimedAt,
    finishedAt: replenishmentTask.finishedAt, finishedByName: replenishmentTask.finishedByName, abolishReason: replenishmentTask.abolishReason,
    createdAt: replenishmentTask.createdAt,
  },
  scope: { tenant: replenishmentTask.tenantId, warehouse: replenishmentTask.warehouseId },
  key: replenishmentTask.id,
  sortable: { taskNo: replenishmentTask.taskNo, status: replenishmentTask.status, createdAt: replenishmentTask.createdAt, locationCode: location.code, skuCode: sku.skuCode, id: replenishmentTask.id },
  defaultSort: 'createdAt:desc',
  filters: {
    taskNo: { type: 'text', column: replenishmentTask.taskNo },
    locationCode: { type: 'text', column: location.code },
    skuCode: { type: 'text', column: sku.skuCode },
    status: { type: 'enum', column: replenishmentTask.status, values: STATUSES },
    trigger: { type: 'enum', column: replenishmentTask.trigger, values: ['rule', 'shortage', 'wave', 'hand'] },
    createdAt: { type: 'dateRange', column: replenishmentTask.createdAt },
  },
} satisfies ListDef

const TaskNoParams = z.object({ taskNo: z.string().trim().min(1).max(40).transform((s) => s.toUpperCase()) })

registerDocumentLookup({
  type: 'replenishmentTask', titleKey: 'replenishment:document', prefixes: [DOC_PREFIX.replenishmentTask], permission: P.view, group: 'document',
  opens: { path: `${REPLENISHMENT_PATH}?taskNo={no}`, testId: 'replenishment-task' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, task_no, status FROM replenishment_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no ILIKE ${containsPattern(term)}
      ORDER BY (task_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'replenishmentTask', id: Number(r.id), number: String(r.task_no), status: Number(r.status),
      title: `${translate(lang, 'replenishment:document')} · ${translate(lang, dictLabelKey('replenishmentTaskStatus', String(r.status)))}`,
      path: replenishmentTaskPath(String(r.task_no)),
    }))
  },
})

/** Thrown to roll a dry run back. */
class DryRun extends Error { constructor(readonly result: GenerateResult) { super('dry run') } }

export const replenishmentArea: Area = (app, { db, database }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: REPLENISHMENT_API.jobGroups, tags: ['replenishment'], envelope: 'main', auth: 'scoped', permission: P.allot,
      summary: 'Job groups of the current warehouse and tenant (a replenishment task is allotted to one)',
      handler: async ({ auth }) => rowsOf(await db.execute(sql`SELECT id, name FROM job_group WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} ORDER BY name`))
        .map((r) => ({ id: Number(r.id), name: String(r.name) })),
    }),
    defineRoute({
      method: 'GET', url: REPLENISHMENT_API.generatePreview, tags: ['replenishment'], envelope: 'main', auth: 'scoped', permission: P.generate,
      summary: 'Dry run of generating replenishment tasks by rule now: tasks it would make, open tasks it would add to, faces below min with nothing in bulk (nothing written)',
      query: z.object({ locationCodes: z.string().max(20_000).optional() }),
      handler: async ({ query, auth }) => {
        const codes = (query.locationCodes ?? '').split(',').map((c) => c.trim().toUpperCase()).filter(Boolean)
        try {
          await database.tx(async (tx) => {
            const ids = codes.length ? rowsOf(await tx.execute(sql`SELECT id FROM location WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
              AND upper(code) = ANY(${`{${codes.map((c) => `"${c.replace(/["\\]/g, '')}"`).join(',')}}`}::text[])`)).map((r) => Number(r.id)) : null
            throw new DryRun(await generateReplenishment(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId }, { trigger: 'rule', locationIds: ids }))
          })
        } catch (e) {
          if (e instanceof DryRun) return { created: e.result.created.length, updated: e.result.updated.length, noBulk: e.result.noBulk } satisfies GeneratePreview
          throw e
        }
        throw new Error('unreachable')
      },
    }),
    listRoute(db, RULE_LIST, { url: REPLENISHMENT_API.rules, summary: 'Replenishment rules (per pick face and SKU, or per area and SKU pattern)', tags: ['replenishment'], permission: P.rules }),
    listRoute(db, TASK_LIST, { url: REPLENISHMENT_API.tasks, summary: 'Replenishment tasks (BH) with their explanation', tags: ['replenishment'], permission: P.view }),
    defineRoute({
      method: 'GET', url: '/api/replenishment/tasks/by-no/:taskNo', summary: 'One replenishment task: face, SKU, quantities, explanation, bulk locations holding the SKU, its ledger rows',
      tags: ['replenishment'], envelope: 'main', auth: 'scoped', permission: P.view, params: TaskNoParams,
      handler: async ({ params, auth }) => {
        const t = await loadTask(db, auth, { taskNo: params.taskNo }, false)
        const [row] = rowsOf(await db.execute(sql`
          SELECT t.trigger, t.explanation, t.trigger_count, t.claimed_by_name, t.job_group_id, t.created_at, t.finished_at, g.name AS job_group_name, a.code AS source_area_code
          FROM replenishment_task t LEFT JOIN job_group g ON g.id = t.job_group_id LEFT JOIN storage_area a ON a.id = t.source_area_id WHERE t.id = ${t.id}`))
        const explanation = typeof row!.explanation === 'string' ? JSON.parse(row!.explanation) : row!.explanation
        // Where to take from: free normal stock of the SKU on bulk locations (the source area's when set), most first.
        const sources = rowsOf(await db.execute(sql`
          SELECT l.code AS location_code, a.code AS area_code, sum(b.on_hand - b.locked)::int AS free
          FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
          WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.sku_id = ${t.skuId} AND b.stock_status = 1 AND b.on_hand > b.locked
            AND ${bulkLocationSql('l', 'a')}
            ${t.sourceAreaId != null ? sql`AND a.id = ${t.sourceAreaId}` : sql``}
          GROUP BY l.code, a.code ORDER BY free DESC, l.code LIMIT 20`)).map((r) => ({ locationCode: String(r.location_code), areaCode: String(r.area_code), free: Number(r.free) }))
        const ledger = rowsOf(await db.execute(sql`
          SELECT g.id, g.created_at, g.doc_type, g.doc_no, g.doc_line, g.reason, g.reason_params, g.delta_on_hand, g.delta_locked, g.on_hand_after, g.operator_name, l.code AS location_code, s.sku_code, b.batch_no
          FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
          WHERE g.tenant_id = ${auth.tenantId} AND g.warehouse_id = ${auth.warehouseId} AND g.doc_type = ${REPLENISHMENT_DOC} AND g.doc_no = ${t.taskNo} ORDER BY g.id`)).map((r) => ({
          id: Number(r.id), createdAt: new Date(r.created_at as string).toISOString(), locationCode: String(r.location_code), skuCode: String(r.sku_code), batchNo: String(r.batch_no),
          deltaOnHand: Number(r.delta_on_hand), onHandAfter: Number(r.on_hand_after), operatorName: (r.operator_name as string | null) ?? null, ...reasonOfRow(r),
        }))
        return {
          task: {
            id: t.id, taskNo: t.taskNo, status: t.status,
            locationCode: t.locationCode, skuCode: t.skuCode, qty: t.qty, movedQty: t.movedQty, left: Math.max(0, t.qty - t.movedQty),
            trigger: String(row!.trigger), triggerCount: Number(row!.trigger_count), claimedBy: t.claimedBy, claimedByName: (row!.claimed_by_name as string | null) ?? null,
            jobGroupId: t.jobGroupId, jobGroupName: (row!.job_group_name as string | null) ?? null, sourceAreaCode: (row!.source_area_code as string | null) ?? null,
            createdAt: new Date(row!.created_at as string).toISOString(), finishedAt: row!.finished_at ? new Date(row!.finished_at as string).toISOString() : null,
          },
          explanation, sources, ledger,
        }
      },
    }),
  ])
}

/** The station's path for a task (the palette and the list open it). */
export const stationPathOf = replenishmentStationPath
