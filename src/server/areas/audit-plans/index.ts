// Audit plans (JC) and checklists (JD) (issue 20 "Audit plans and checklists"): handlers for
// auditPlan.create / auditChecklist.record / auditPlan.complete (commands/audit-plans.ts, machine
// src/domain/states/audit-plan.ts), the lists of plans, checklists and checklist rows, and the palette
// lookups by number. The screens are hidden when the warehouse location is 2 (the menu filter); the
// server serves whoever holds the permission. An audit never touches the ledger.
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Area } from '../../http/area'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { registerRoutes } from '../../http/route'
import { conflict, fieldError, notFound } from '../../http/errors'
import { listRoute, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { orderLocations } from '../../tasks/path'
import { containsPattern, registerDocumentLookup } from '../search/registry'
import { AuditStatus as S } from '../../../domain/dictionaries'
import { auditChecklistMachine, auditPlanMachine } from '../../../domain/states/audit-plan'
import {
  AUDIT_API, AUDIT_PERMISSIONS as P, MAX_AUDIT_LINES, auditPlanPath, checklistPath,
  type CompleteAuditPlanArgs, type CreateAuditPlanArgs, type RecordChecklistArgs,
} from '../../../../commands/audit-plans'

const n = (v: unknown) => Number(v)
type Scope = Pick<AuthContext, 'tenantId' | 'warehouseId'>

async function idOf(q: Queryable, scope: Scope, table: 'storage_area' | 'product_sku', code: string | null, field: string): Promise<number | null> {
  if (!code) return null
  const rows = table === 'storage_area'
    ? rowsOf(await q.execute(sql`SELECT id FROM storage_area WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND upper(code) = ${code}`))
    : rowsOf(await q.execute(sql`SELECT id FROM product_sku WHERE tenant_id = ${scope.tenantId} AND upper(sku_code) = ${code}`))
  if (!rows[0]) throw fieldError(field, table === 'storage_area' ? 'tasks:audit.errors.areaUnknown' : 'tasks:audit.errors.skuUnknown', { code })
  return n(rows[0].id)
}

defineHandler<z.output<typeof CreateAuditPlanArgs>>('auditPlan.create', async ({ tx, auth, args, setSummary }) => {
  if (!args.areaCode && !args.locationFrom && !args.locationTo && !args.skuCode) throw fieldError('areaCode', 'tasks:audit.errors.criteria')
  if (args.locationFrom && args.locationTo && args.locationFrom > args.locationTo) throw fieldError('locationTo', 'tasks:audit.errors.rangeOrder', { from: args.locationFrom, to: args.locationTo })
  const areaId = await idOf(tx, auth, 'storage_area', args.areaCode, 'areaCode')
  const skuId = await idOf(tx, auth, 'product_sku', args.skuCode, 'skuCode')
  // Expected: on hand per (location, SKU) now, all stock statuses together.
  const rows = rowsOf(await tx.execute(sql`
    SELECT b.location_id, b.sku_id, l.storage_area_id, a.code AS area_code, sum(b.on_hand)::int AS qty FROM inventory_balance b JOIN location l ON l.id = b.location_id
      JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.on_hand > 0
      ${areaId != null ? sql`AND l.storage_area_id = ${areaId}` : sql``}
      ${args.locationFrom ? sql`AND upper(l.code) >= ${args.locationFrom}` : sql``}
      ${args.locationTo ? sql`AND upper(l.code) <= ${args.locationTo}` : sql``}
      ${skuId != null ? sql`AND b.sku_id = ${skuId}` : sql``}
    GROUP BY b.location_id, b.sku_id, l.storage_area_id, a.code LIMIT ${MAX_AUDIT_LINES + 1}`))
  if (!rows.length) throw conflict('tasks:audit.errors.planEmpty')
  if (rows.length > MAX_AUDIT_LINES) throw conflict('tasks:audit.errors.planTooBig', { max: MAX_AUDIT_LINES })
  const planNo = await nextDocNo(tx, auth, DOC_PREFIX.auditPlan)
  const expected = rows.reduce((s, r) => s + n(r.qty), 0)
  const [p] = rowsOf(await tx.execute(sql`
    INSERT INTO audit_plan (tenant_id, warehouse_id, plan_no, storage_area_id, location_from, location_to, sku_id, line_count, expected_qty, remark, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${planNo}, ${areaId}, ${args.locationFrom}, ${args.locationTo}, ${skuId}, ${rows.length}, ${expected}, ${args.remark}, ${auth.userId}, ${auth.username})
    RETURNING id`))
  const planId = n(p!.id)
  // Rows in the task path's walk (warehouse/task-path-configuration), one checklist per storage area (areas by code).
  const order = await orderLocations(tx, auth, rows.map((r) => n(r.location_id)), 'audit', planNo)
  const rank = new Map(order.map((id, i) => [id, i]))
  const byArea = new Map<number, Record<string, unknown>[]>()
  const areaCode = (r: Record<string, unknown>) => String(r.area_code)
  for (const r of [...rows].sort((a, b) => areaCode(a).localeCompare(areaCode(b)) || (rank.get(n(a.location_id))! - rank.get(n(b.location_id))!) || n(a.sku_id) - n(b.sku_id))) {
    byArea.set(n(r.storage_area_id), [...(byArea.get(n(r.storage_area_id)) ?? []), r])
  }
  const checklists: string[] = []
  for (const [area, lines] of byArea) {
    const no = await nextDocNo(tx, auth, DOC_PREFIX.auditChecklist)
    const [c] = rowsOf(await tx.execute(sql`
      INSERT INTO audit_checklist (tenant_id, warehouse_id, checklist_no, plan_id, storage_area_id, line_count, expected_qty)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${no}, ${planId}, ${area}, ${lines.length}, ${lines.reduce((s, r) => s + n(r.qty), 0)}) RETURNING id`))
    const values = lines.map((l, i) => sql`(${n(c!.id)}, ${i + 1}, ${n(l.location_id)}, ${n(l.sku_id)}, ${n(l.qty)})`)
    await tx.execute(sql`INSERT INTO audit_checklist_line (checklist_id, line_no, location_id, sku_id, expected_qty) VALUES ${sql.join(values, sql`, `)}`)
    checklists.push(no)
  }
  await tx.execute(sql`UPDATE audit_plan SET checklist_count = ${checklists.length} WHERE id = ${planId}`)
  setSummary(`${planNo}: ${rows.length} rows → ${checklists.join(', ')}`)
  return { planNo, id: planId, lines: rows.length, checklists }
})

async function loadChecklist(tx: AppTx, auth: Scope, no: string) {
  const [c] = rowsOf(await tx.execute(sql`
    SELECT c.id, c.checklist_no, c.status, c.plan_id, p.status AS plan_status FROM audit_checklist c JOIN audit_plan p ON p.id = c.plan_id
    WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND c.checklist_no = ${no} FOR UPDATE OF c, p`))
  if (!c) throw notFound('tasks:audit.errors.checklistNotFound', { checklistNo: no })
  return { id: n(c.id), checklistNo: String(c.checklist_no), status: n(c.status), planId: n(c.plan_id) }
}

/** The plan's totals from its checklists. */
async function refreshPlanTotals(tx: AppTx, planId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE audit_plan p SET actual_qty = x.actual, box_count = x.boxes, updated_at = now()
    FROM (SELECT coalesce(sum(actual_qty), 0)::int AS actual, coalesce(sum(box_count), 0)::int AS boxes FROM audit_checklist WHERE plan_id = ${planId}) x
    WHERE p.id = ${planId}`)
}

defineHandler<z.output<typeof RecordChecklistArgs>>('auditChecklist.record', async ({ tx, auth, args, setSummary }) => {
  const c = await loadChecklist(tx, auth, args.checklistNo)
  refuseUnlessAllowed(auditChecklistMachine, 'auditChecklist.record', c, auth)
  const known = new Set(rowsOf(await tx.execute(sql`SELECT line_no FROM audit_checklist_line WHERE checklist_id = ${c.id}`)).map((r) => n(r.line_no)))
  const seen = new Set<number>()
  // Every row checked before anything is written: a bad row refuses the whole record, naming it.
  for (const [i, l] of args.lines.entries()) {
    if (!known.has(l.lineNo)) throw fieldError(`lines.${i}.lineNo`, 'tasks:audit.errors.lineUnknown', { lineNo: l.lineNo, checklistNo: c.checklistNo })
    if (seen.has(l.lineNo)) throw fieldError(`lines.${i}.lineNo`, 'tasks:audit.errors.lineTwice', { lineNo: l.lineNo })
    seen.add(l.lineNo)
  }
  const values = args.lines.map((l) => sql`(${l.lineNo}::int, ${l.actualQty}::int, ${l.boxCount}::int)`)
  await tx.execute(sql`
    UPDATE audit_checklist_line cl SET actual_qty = v.actual, box_count = v.boxes, recorded_by = ${auth.userId}, recorded_by_name = ${auth.username}, recorded_at = now()
    FROM (VALUES ${sql.join(values, sql`, `)}) AS v(line_no, actual, boxes) WHERE cl.checklist_id = ${c.id} AND cl.line_no = v.line_no`)
  const [t] = rowsOf(await tx.execute(sql`
    SELECT count(*) FILTER (WHERE actual_qty IS NULL)::int AS remaining, coalesce(sum(actual_qty), 0)::int AS actual, coalesce(sum(box_count), 0)::int AS boxes
    FROM audit_checklist_line WHERE checklist_id = ${c.id}`))
  const remaining = n(t!.remaining)
  const status = remaining === 0 ? S.AuditComplete : S.New
  await tx.execute(sql`
    UPDATE audit_checklist SET actual_qty = ${n(t!.actual)}, box_count = ${n(t!.boxes)}, status = ${status}, updated_at = now(),
      completed_at = ${remaining === 0 ? sql`now()` : sql`NULL`}, completed_by = ${remaining === 0 ? auth.userId : null}, completed_by_name = ${remaining === 0 ? auth.username : null}
    WHERE id = ${c.id}`)
  await refreshPlanTotals(tx, c.planId)
  setSummary(`${c.checklistNo}: ${args.lines.length} row(s) recorded${remaining === 0 ? ` ${S.New}→${S.AuditComplete}` : `, ${remaining} left`}`)
  return { checklistNo: c.checklistNo, recorded: args.lines.length, remaining, status }
})

defineHandler<z.output<typeof CompleteAuditPlanArgs>>('auditPlan.complete', async ({ tx, auth, args, setSummary }) => {
  const [p] = rowsOf(await tx.execute(sql`
    SELECT p.id, p.plan_no, p.status, p.expected_qty,
      (SELECT c.checklist_no FROM audit_checklist c WHERE c.plan_id = p.id AND c.status <> ${S.AuditComplete} ORDER BY c.checklist_no LIMIT 1) AS open_checklist
    FROM audit_plan p WHERE p.tenant_id = ${auth.tenantId} AND p.warehouse_id = ${auth.warehouseId} AND p.plan_no = ${args.planNo} FOR UPDATE OF p`))
  if (!p) throw notFound('tasks:audit.errors.planNotFound', { planNo: args.planNo })
  const facts = { planNo: String(p.plan_no), status: n(p.status), openChecklistNo: p.open_checklist == null ? null : String(p.open_checklist) }
  refuseUnlessAllowed(auditPlanMachine, 'auditPlan.complete', facts, auth)
  await refreshPlanTotals(tx, n(p.id))
  const [d] = rowsOf(await tx.execute(sql`
    UPDATE audit_plan SET status = ${S.AuditComplete}, completed_at = now(), completed_by = ${auth.userId}, completed_by_name = ${auth.username}, updated_at = now()
    WHERE id = ${n(p.id)} RETURNING expected_qty, actual_qty, box_count`))
  setSummary(`${facts.planNo} ${S.New}→${S.AuditComplete}`)
  return { planNo: facts.planNo, status: S.AuditComplete, expectedQty: n(d!.expected_qty), actualQty: n(d!.actual_qty), boxCount: n(d!.box_count) }
})

// ---------------------------------------------------------------------------------------------
// Lists (raw tables with their names joined in: the list helper reads a table expression)

const PLAN_LIST = {
  table: sql`(SELECT p.*, a.code AS area_code, s.sku_code,
      (SELECT c.checklist_no FROM audit_checklist c WHERE c.plan_id = p.id AND c.status <> ${S.AuditComplete} ORDER BY c.checklist_no LIMIT 1) AS open_checklist_no,
      (SELECT count(*) FROM audit_checklist c WHERE c.plan_id = p.id AND c.status = ${S.AuditComplete})::int AS completed_checklists
    FROM audit_plan p LEFT JOIN storage_area a ON a.id = p.storage_area_id LEFT JOIN product_sku s ON s.id = p.sku_id) ap` as never,
  select: {
    id: sql<number>`ap.id`, planNo: sql<string>`ap.plan_no`, status: sql<number>`ap.status`, areaCode: sql<string | null>`ap.area_code`,
    locationFrom: sql<string | null>`ap.location_from`, locationTo: sql<string | null>`ap.location_to`, skuCode: sql<string | null>`ap.sku_code`,
    checklistCount: sql<number>`ap.checklist_count`, completedChecklists: sql<number>`ap.completed_checklists`, openChecklistNo: sql<string | null>`ap.open_checklist_no`,
    lineCount: sql<number>`ap.line_count`, expectedQty: sql<number>`ap.expected_qty`, actualQty: sql<number>`ap.actual_qty`, boxCount: sql<number>`ap.box_count`,
    remark: sql<string | null>`ap.remark`, createdByName: sql<string | null>`ap.created_by_name`, createdAt: sql<string>`ap.created_at`,
    completedByName: sql<string | null>`ap.completed_by_name`, completedAt: sql<string | null>`ap.completed_at`,
  },
  scope: { tenant: sql.raw('ap.tenant_id') as never, warehouse: sql.raw('ap.warehouse_id') as never },
  key: sql.raw('ap.id') as never,
  sortable: { createdAt: sql.raw('ap.created_at'), planNo: sql.raw('ap.plan_no'), status: sql.raw('ap.status') },
  defaultSort: 'createdAt:desc',
  filters: {
    planNo: { type: 'text', column: sql.raw('ap.plan_no') },
    status: { type: 'enum', column: sql.raw('ap.status'), values: ['0', '1'] },
    createdAt: { type: 'dateRange', column: sql.raw('ap.created_at') },
  },
} satisfies ListDef<any>

const CHECKLIST_LIST = {
  table: sql`(SELECT c.*, p.plan_no, a.code AS area_code FROM audit_checklist c JOIN audit_plan p ON p.id = c.plan_id JOIN storage_area a ON a.id = c.storage_area_id) ac` as never,
  select: {
    id: sql<number>`ac.id`, checklistNo: sql<string>`ac.checklist_no`, planNo: sql<string>`ac.plan_no`, status: sql<number>`ac.status`, areaCode: sql<string>`ac.area_code`,
    lineCount: sql<number>`ac.line_count`, expectedQty: sql<number>`ac.expected_qty`, actualQty: sql<number>`ac.actual_qty`, boxCount: sql<number>`ac.box_count`,
    createdAt: sql<string>`ac.created_at`, completedByName: sql<string | null>`ac.completed_by_name`, completedAt: sql<string | null>`ac.completed_at`,
  },
  scope: { tenant: sql.raw('ac.tenant_id') as never, warehouse: sql.raw('ac.warehouse_id') as never },
  key: sql.raw('ac.id') as never,
  sortable: { createdAt: sql.raw('ac.created_at'), checklistNo: sql.raw('ac.checklist_no'), status: sql.raw('ac.status') },
  defaultSort: 'createdAt:desc',
  filters: {
    checklistNo: { type: 'text', column: sql.raw('ac.checklist_no') },
    planNo: { type: 'text', column: sql.raw('ac.plan_no') },
    areaCode: { type: 'text', column: sql.raw('ac.area_code') },
    status: { type: 'enum', column: sql.raw('ac.status'), values: ['0', '1'] },
  },
} satisfies ListDef<any>

/** A checklist's rows: expected, actual, difference. */
const LINE_LIST = {
  table: sql`(SELECT cl.*, c.checklist_no, c.tenant_id, c.warehouse_id, c.status AS checklist_status, l.code AS location_code, s.sku_code
    FROM audit_checklist_line cl JOIN audit_checklist c ON c.id = cl.checklist_id JOIN location l ON l.id = cl.location_id JOIN product_sku s ON s.id = cl.sku_id) al` as never,
  select: {
    id: sql<number>`al.id`, checklistNo: sql<string>`al.checklist_no`, checklistStatus: sql<number>`al.checklist_status`, lineNo: sql<number>`al.line_no`,
    locationCode: sql<string>`al.location_code`, skuCode: sql<string>`al.sku_code`, expectedQty: sql<number>`al.expected_qty`,
    actualQty: sql<number | null>`al.actual_qty`, boxCount: sql<number | null>`al.box_count`,
    difference: sql<number | null>`al.actual_qty - al.expected_qty`, recordedByName: sql<string | null>`al.recorded_by_name`, recordedAt: sql<string | null>`al.recorded_at`,
  },
  scope: { tenant: sql.raw('al.tenant_id') as never, warehouse: sql.raw('al.warehouse_id') as never },
  key: sql.raw('al.id') as never,
  sortable: { lineNo: sql.raw('al.line_no'), locationCode: sql.raw('al.location_code'), skuCode: sql.raw('al.sku_code') },
  defaultSort: 'lineNo:asc',
  filters: {
    checklistNo: { type: 'text', column: sql.raw('al.checklist_no') },
    locationCode: { type: 'text', column: sql.raw('al.location_code') },
    skuCode: { type: 'text', column: sql.raw('al.sku_code') },
  },
} satisfies ListDef<any>

registerDocumentLookup({
  type: 'auditPlan', titleKey: 'tasks:audit.document.plan', prefixes: [DOC_PREFIX.auditPlan], permission: P.view, group: 'document',
  opens: { path: '/stock-in/audit-plan-separate-table?no={no}', testId: 'audit-plan' },
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, plan_no, status FROM audit_plan WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND plan_no ILIKE ${containsPattern(term)}
      ORDER BY (plan_no = ${term}) DESC, id DESC LIMIT ${limit}`))
      .map((r) => ({ type: 'auditPlan', id: n(r.id), number: String(r.plan_no), title: String(r.plan_no), status: n(r.status), path: auditPlanPath(String(r.plan_no)) }))
  },
})
registerDocumentLookup({
  type: 'auditChecklist', titleKey: 'tasks:audit.document.checklist', prefixes: [DOC_PREFIX.auditChecklist], permission: P.checklists, group: 'document',
  opens: { path: '/stock-in/list-of-checklists?no={no}', testId: 'audit-checklist' },
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, checklist_no, status FROM audit_checklist WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND checklist_no ILIKE ${containsPattern(term)}
      ORDER BY (checklist_no = ${term}) DESC, id DESC LIMIT ${limit}`))
      .map((r) => ({ type: 'auditChecklist', id: n(r.id), number: String(r.checklist_no), title: String(r.checklist_no), status: n(r.status), path: checklistPath(String(r.checklist_no)) }))
  },
})

export const auditPlansArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, PLAN_LIST, { url: AUDIT_API.plans, summary: 'Audit plans (JC): status, criteria, checklists, expected / actual / boxes', tags: ['audits'], permission: P.view }),
    listRoute(db, CHECKLIST_LIST, { url: AUDIT_API.checklists, summary: 'Audit checklists (JD)', tags: ['audits'], permission: P.checklists }),
    listRoute(db, LINE_LIST, { url: AUDIT_API.lines, summary: 'Rows of audit checklists: expected, actual, boxes, difference', tags: ['audits'], permission: P.checklists }),
  ])
}
