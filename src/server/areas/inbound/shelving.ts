// Shelving tasks (stock-in → shelf-task, shelf-task/details). Tasks are made by the inbound flow
// (src/server/inventory/inbound-flow.ts), by inspections (shelving order / inspection transfer order)
// and by returns/quick inbound. Here: the list (status, timeout flag), one task with its lines,
// suggested locations and shelving records, and the commands —
//   inbound.shelving.claim      Unclaimed (0) → Working (1) by the operator
//   inbound.shelving.assign     to a job group of the warehouse (permission shelf-task:assign)
//   inbound.shelving.scan       LOCATION then SKU (qty default 1, typed allowed): ledger moveStock from
//                               the line's source location to the scanned one, same batch and status
//   inbound.shelving.shelveLine fast storage (PC): a whole line in one confirm
//   inbound.shelving.complete   by command (confirm) with a remainder; automatic when all is shelved
// Refusals (spec sections 5, 8, 9): a code not in the task ('scan error'), a location unknown in this
// warehouse or disabled, defective goods outside a defective area (and normal goods inside one),
// 'moved not above movable' (line remainder and free stock at the source), a task of a job group the
// operator is not a member of, and — co-storage not allowed (settings) — a location already holding
// another SKU. Completing an inbound task of a post-inbound order creates its inspection (afterShelvingCompleted).
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { appUser, shelvingTask } from '../../db/schema/index'
import { resourceTables } from '../../db/schema/resources'
import { defineRoute, registerRoutes } from '../../http/route'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { listQuerySchema, runList, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { freeQty, moveStock } from '../../inventory/ledger'
import { afterShelvingCompleted } from '../../inventory/inbound-flow'
import { areaAccepts, suggestLocation } from '../../inventory/putaway'
import { getInboundSettings } from '../../inventory/settings'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { timeoutHours, timedOutSql, isTimedOut } from '../../inventory/timeouts'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { skuIdsForCode } from './inspection'
import { DICTIONARIES, StockStatus, TaskClaimStatus } from '../../../domain/dictionaries'
import type { AssignArgs, ShelveLineArgs, ShelveResult, ShelveScanArgs, ShelvingTaskView, TaskNoArgs } from '../../../../commands/shelving'
import { refuseUnlessAllowed } from '../../commands/states'
import { shelvingTaskMachine } from '../../../domain/states/shelving-task'
import { jobGroupMembership } from '../../tasks/job-group'

export const SHELVING_PERMISSIONS = {
  view: 'menu:shelf-task', claim: 'shelf-task:claim', assign: 'shelf-task:assign', shelve: 'shelf-task:shelve', complete: 'shelf-task:complete',
} as const

const n = (v: unknown) => Number(v)
const t = shelvingTask
const jobGroup = resourceTables.jobGroup!

/** The list of tasks; the timeout flag compares created_at with the warehouse's shelving hours. */
export function shelvingList(hours: number, now = new Date()) {
  const timedOut = sql<boolean>`(${t.status} IN (0, 1) AND ${timedOutSql(t.createdAt, hours, now)})`
  return {
    table: t,
    join: (q: any) => q.leftJoin(appUser, eq(appUser.id, t.claimedBy)).leftJoin(jobGroup, eq(jobGroup.id, t.jobGroupId)),
    select: {
      id: t.id, taskNo: t.taskNo, sourceType: t.sourceType, sourceNo: t.sourceNo, status: t.status, qty: t.qty, shelvedQty: t.shelvedQty,
      claimedBy: t.claimedBy, claimedByName: appUser.employeeName, jobGroupId: t.jobGroupId, jobGroupName: jobGroup.name,
      createdAt: t.createdAt, claimedAt: t.claimedAt, completedAt: t.completedAt, timedOut: timedOut.as('timed_out'),
    },
    scope: { tenant: t.tenantId, warehouse: t.warehouseId },
    key: t.id,
    sortable: { taskNo: t.taskNo, sourceNo: t.sourceNo, status: t.status, qty: t.qty, createdAt: t.createdAt, id: t.id },
    defaultSort: 'createdAt:desc',
    filters: {
      taskNo: { type: 'text', column: t.taskNo },
      sourceNo: { type: 'text', column: t.sourceNo },
      sourceType: { type: 'enum', column: t.sourceType, values: ['inbound', 'inspection', 'return', 'quick'] },
      status: { type: 'enum', column: t.status, values: DICTIONARIES.taskClaimStatus.map((e) => e.value) },
      timedOut: { type: 'enum', column: sql`(CASE WHEN ${timedOut} THEN '1' ELSE '0' END)`, values: ['0', '1'] },
      createdAt: { type: 'dateRange', column: t.createdAt },
    },
  } satisfies ListDef
}

interface TaskRow { id: number; taskNo: string; sourceType: string; status: number; claimedBy: number | null; qty: number; shelvedQty: number; jobGroupId: number | null }

async function lockTask(tx: AppTx, auth: AuthContext, taskNo: string): Promise<TaskRow> {
  const [r] = rowsOf(await tx.execute(sql`
    SELECT id, task_no, source_type, status, claimed_by, qty, shelved_qty, job_group_id FROM shelving_task
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND upper(task_no) = upper(${taskNo}) FOR UPDATE`))
  if (!r) throw notFound()
  return {
    id: n(r.id), taskNo: String(r.task_no), sourceType: String(r.source_type), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by),
    qty: n(r.qty), shelvedQty: n(r.shelved_qty), jobGroupId: r.job_group_id == null ? null : n(r.job_group_id),
  }
}

/** One task with lines (suggestions filled in where the task has none yet) and its shelving records. */
export async function loadTask(q: Queryable, auth: Pick<AuthContext, 'tenantId' | 'warehouseId'>, taskNo: string): Promise<ShelvingTaskView | undefined> {
  const [h] = rowsOf(await q.execute(sql`
    SELECT t.id, t.task_no, t.source_type, t.source_no, t.status, t.qty, t.shelved_qty, t.claimed_by, u.employee_name, t.job_group_id, g.name AS job_group_name,
      t.created_at, t.completed_at
    FROM shelving_task t LEFT JOIN app_user u ON u.id = t.claimed_by LEFT JOIN job_group g ON g.id = t.job_group_id
    WHERE t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId} AND upper(t.task_no) = upper(${taskNo})`))
  if (!h) return undefined
  const settings = await getInboundSettings(q, auth)
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.line_no, l.sku_id, s.sku_code, l.batch_no, l.stock_status, f.code AS from_code, l.suggested_location_id, g.code AS suggested_code, l.qty, l.shelved_qty, l.from_location_id
    FROM shelving_line l JOIN product_sku s ON s.id = l.sku_id JOIN location f ON f.id = l.from_location_id LEFT JOIN location g ON g.id = l.suggested_location_id
    WHERE l.task_id = ${h.id} ORDER BY l.line_no`))
  const records = rowsOf(await q.execute(sql`
    SELECT r.id, l.line_no, s.sku_code, loc.code AS location_code, r.qty, r.operator_name, r.created_at
    FROM shelving_record r JOIN shelving_line l ON l.id = r.line_id JOIN product_sku s ON s.id = l.sku_id JOIN location loc ON loc.id = r.location_id
    WHERE r.task_id = ${h.id} ORDER BY r.id DESC LIMIT 500`))
  const viewLines = []
  for (const l of lines) {
    let suggested = (l.suggested_code as string | null) ?? null
    // Tasks made elsewhere (returns, quick inbound) carry no suggestion: compute one for what is left.
    if (!suggested && n(l.qty) > n(l.shelved_qty)) {
      const s = await suggestLocation(q, auth, { skuId: n(l.sku_id), batchNo: String(l.batch_no ?? ''), stockStatus: n(l.stock_status), exclude: [n(l.from_location_id)] },
        { coStorage: settings.coStorage, storageMode: settings.storageMode })
      suggested = s?.locationCode ?? null
    }
    viewLines.push({
      id: n(l.id), lineNo: n(l.line_no), skuId: n(l.sku_id), skuCode: String(l.sku_code), batchNo: String(l.batch_no ?? ''), stockStatus: n(l.stock_status),
      fromLocationCode: String(l.from_code), suggestedLocationCode: suggested, qty: n(l.qty), shelvedQty: n(l.shelved_qty),
    })
  }
  const status = n(h.status)
  return {
    id: n(h.id), taskNo: String(h.task_no), sourceType: String(h.source_type), sourceNo: String(h.source_no), status,
    qty: n(h.qty), shelvedQty: n(h.shelved_qty), claimedBy: h.claimed_by == null ? null : n(h.claimed_by), claimedByName: (h.employee_name as string | null) ?? null,
    jobGroupId: h.job_group_id == null ? null : n(h.job_group_id), jobGroupName: (h.job_group_name as string | null) ?? null,
    createdAt: new Date(h.created_at as string).toISOString(), completedAt: h.completed_at ? new Date(h.completed_at as string).toISOString() : null,
    timedOut: isTimedOut(h.created_at as string, settings.shelvingTimeoutHours, status !== TaskClaimStatus.Completed),
    storageMode: settings.storageMode === 'fast' ? 'fast' : 'normal',
    lines: viewLines,
    records: records.map((r) => ({
      id: n(r.id), lineNo: n(r.line_no), skuCode: String(r.sku_code), locationCode: String(r.location_code), qty: n(r.qty),
      operatorName: (r.operator_name as string | null) ?? null, createdAt: new Date(r.created_at as string).toISOString(),
    })),
  }
}


/**
 * A task assigned to a job group is claimed and scanned by the group's members only. Members are staff
 * rows; a staff row is the user with the same username (unique in both tables; the demo seed links
 * them the same way). A group without members therefore admits nobody: reassign the task.
 */
async function assertMember(tx: AppTx, auth: AuthContext, task: TaskRow) {
  if (task.jobGroupId == null) return
  const g = await jobGroupMembership(tx, task.jobGroupId, auth.username)
  if (g && !g.member) throw conflict('inbound:shelving.errors.notInJobGroup', { no: task.taskNo, group: g.name })
}

async function claim(tx: AppTx, auth: AuthContext, task: TaskRow) {
  if (task.status !== TaskClaimStatus.Unclaimed) return
  await tx.execute(sql`
    UPDATE shelving_task SET status = ${TaskClaimStatus.Working}, claimed_by = ${auth.userId}, claimed_at = now(), updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${task.id}`)
  task.status = TaskClaimStatus.Working
  task.claimedBy = auth.userId
}

interface TargetLocation { id: number; code: string; areaType: number }

/** A location of this warehouse by code, enabled in an enabled area — else refused naming the code (the scan and the station's own check). */
async function targetLocation(q: Queryable, auth: AuthContext, code: string): Promise<TargetLocation> {
  const [l] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.status, a.area_type, a.status AS area_status FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${auth.tenantId} AND l.warehouse_id = ${auth.warehouseId} AND upper(l.code) = upper(${code})`))
  // Another warehouse's location is simply unknown here (never its data).
  if (!l) throw fieldError('locationCode', 'inbound:shelving.errors.locationUnknown', { code })
  if (n(l.status) !== 1 || n(l.area_status) !== 1) throw fieldError('locationCode', 'inbound:shelving.errors.locationDisabled', { code: String(l.code) })
  return { id: n(l.id), code: String(l.code), areaType: n(l.area_type) }
}

interface LineRow { id: number; lineNo: number; skuId: number; skuCode: string; batchNo: string; stockStatus: number; fromLocationId: number; qty: number; shelvedQty: number; sourceLineId: number | null }

async function taskLines(tx: AppTx, taskId: number): Promise<LineRow[]> {
  const rows = rowsOf(await tx.execute(sql`
    SELECT l.id, l.line_no, l.sku_id, s.sku_code, l.batch_no, l.stock_status, l.from_location_id, l.qty, l.shelved_qty, l.source_line_id
    FROM shelving_line l JOIN product_sku s ON s.id = l.sku_id WHERE l.task_id = ${taskId} ORDER BY l.line_no FOR UPDATE OF l`))
  return rows.map((r) => ({
    id: n(r.id), lineNo: n(r.line_no), skuId: n(r.sku_id), skuCode: String(r.sku_code), batchNo: String(r.batch_no ?? ''), stockStatus: n(r.stock_status),
    fromLocationId: n(r.from_location_id), qty: n(r.qty), shelvedQty: n(r.shelved_qty), sourceLineId: r.source_line_id == null ? null : n(r.source_line_id),
  }))
}

const areaError = (status: number, code: string) => fieldError('locationCode',
  status === StockStatus.Defective ? 'inbound:shelving.errors.defectiveNeedsDefectiveArea' : 'inbound:shelving.errors.normalNotInDefectiveArea', { code })

/** Moves `qty` of a line to a location through the ledger and records it; completes the task when all is shelved. */
async function shelve(tx: AppTx, auth: AuthContext, task: TaskRow, line: LineRow, loc: TargetLocation, qty: number, field: string): Promise<ShelveResult> {
  if (!areaAccepts(loc.areaType, line.stockStatus)) throw areaError(line.stockStatus, loc.code)
  if (loc.id === line.fromLocationId) throw fieldError('locationCode', 'inbound:shelving.errors.sameLocation', { code: loc.code })
  // Co-storage not allowed: a location holds one SKU only (batches and statuses of it may share). The
  // location row lock makes two scans of different SKUs into one empty location take turns.
  if (!(await getInboundSettings(tx, auth)).coStorage) {
    await tx.execute(sql`SELECT id FROM location WHERE id = ${loc.id} FOR UPDATE`)
    const [other] = rowsOf(await tx.execute(sql`
      SELECT k.sku_code FROM inventory_balance b JOIN product_sku k ON k.id = b.sku_id
      WHERE b.location_id = ${loc.id} AND b.sku_id <> ${line.skuId} AND (b.on_hand > 0 OR b.locked > 0)
      ORDER BY k.sku_code LIMIT 1`))
    if (other) throw fieldError('locationCode', 'inbound:shelving.errors.coStorageOff', { code: loc.code, sku: String(other.sku_code) })
  }
  const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: line.fromLocationId, skuId: line.skuId, batchNo: line.batchNo, stockStatus: line.stockStatus }
  const movable = Math.min(line.qty - line.shelvedQty, await freeQty(tx, key))
  if (qty > movable) {
    const params = { qty, movable: Math.max(0, movable) }
    throw new AppError(409, 'inbound:shelving.errors.movable', params, [{ field, messageKey: 'inbound:shelving.errors.movable', params }])
  }
  await claim(tx, auth, task)
  await moveStock(tx, key, { locationId: loc.id }, qty, { docType: DOC_PREFIX.shelvingTask, docNo: task.taskNo, docLine: line.lineNo, reason: 'shelve' }, { userId: auth.userId, username: auth.username })
  await tx.execute(sql`UPDATE shelving_line SET shelved_qty = shelved_qty + ${qty} WHERE id = ${line.id}`)
  await tx.execute(sql`
    INSERT INTO shelving_record (tenant_id, warehouse_id, task_id, line_id, location_id, qty, operator_id, operator_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${task.id}, ${line.id}, ${loc.id}, ${qty}, ${auth.userId}, ${auth.username})`)
  // The inbound order line's shelved count follows inbound (and quick inbound) tasks only: an
  // inspection transfer moves goods that were already counted as shelved.
  if (line.sourceLineId != null && (task.sourceType === 'inbound' || task.sourceType === 'quick')) {
    await tx.execute(sql`UPDATE inbound_order_line SET shelved_qty = shelved_qty + ${qty} WHERE id = ${line.sourceLineId}`)
  }
  const [after] = rowsOf(await tx.execute(sql`
    UPDATE shelving_task SET shelved_qty = shelved_qty + ${qty}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${task.id}
    RETURNING shelved_qty, qty`))
  let inspectionNo: string | undefined
  const completed = n(after!.shelved_qty) >= n(after!.qty)
  if (completed) inspectionNo = (await completeTask(tx, auth, task)).inspectionNo
  return { task: (await loadTask(tx, auth, task.taskNo))!, lineNo: line.lineNo, skuCode: line.skuCode, locationCode: loc.code, qty, completed, inspectionNo }
}

async function completeTask(tx: AppTx, auth: AuthContext, task: TaskRow) {
  await tx.execute(sql`
    UPDATE shelving_task SET status = ${TaskClaimStatus.Completed}, completed_at = now(), claimed_by = coalesce(claimed_by, ${auth.userId}),
      claimed_at = coalesce(claimed_at, now()), updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${task.id}`)
  task.status = TaskClaimStatus.Completed
  return afterShelvingCompleted(tx, auth, task.id)
}

defineHandler<ShelveScanArgs>('inbound.shelving.scan', async ({ tx, auth, args, setSummary }) => {
  const task = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(shelvingTaskMachine, 'inbound.shelving.scan', task, auth)
  await assertMember(tx, auth, task)
  const loc = await targetLocation(tx, auth, args.locationCode)
  const skus = await skuIdsForCode(tx, auth.tenantId, args.code)
  const lines = (await taskLines(tx, task.id)).filter((l) => skus.includes(l.skuId))
  if (lines.length === 0) throw fieldError('code', 'inbound:shelving.errors.notInTask', { code: args.code })
  const open = lines.filter((l) => l.shelvedQty < l.qty)
  if (open.length === 0) throw fieldError('code', 'inbound:shelving.errors.lineDone', { code: args.code })
  // Several open lines of one SKU (batches, normal + defective): the first this location may take.
  const line = open.find((l) => areaAccepts(loc.areaType, l.stockStatus))
  if (!line) throw areaError(open[0]!.stockStatus, loc.code)
  const qty = args.qty ?? 1
  const r = await shelve(tx, auth, task, line, loc, qty, args.qty === undefined ? 'code' : 'qty')
  setSummary(`${task.taskNo} ${line.skuCode} ×${qty} → ${loc.code}`)
  return r
})

defineHandler<ShelveLineArgs>('inbound.shelving.shelveLine', async ({ tx, auth, args, setSummary }) => {
  const settings = await getInboundSettings(tx, auth)
  if (settings.storageMode !== 'fast') throw conflict('inbound:shelving.errors.fastOnly')
  const task = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(shelvingTaskMachine, 'inbound.shelving.shelveLine', task, auth)
  await assertMember(tx, auth, task)
  const line = (await taskLines(tx, task.id)).find((l) => l.lineNo === args.lineNo)
  if (!line) throw fieldError('lineNo', 'inbound:shelving.errors.lineUnknown', { lineNo: args.lineNo })
  const rest = line.qty - line.shelvedQty
  if (rest <= 0) throw fieldError('lineNo', 'inbound:shelving.errors.lineDone', { code: line.skuCode })
  const loc = await targetLocation(tx, auth, args.locationCode)
  const r = await shelve(tx, auth, task, line, loc, rest, 'lineNo')
  setSummary(`${task.taskNo} line ${line.lineNo} ×${rest} → ${loc.code}`)
  return r
})

defineHandler<TaskNoArgs>('inbound.shelving.claim', async ({ tx, auth, args, setSummary }) => {
  const task = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(shelvingTaskMachine, 'inbound.shelving.claim', task, auth)
  await assertMember(tx, auth, task)
  await claim(tx, auth, task)
  setSummary(`${task.taskNo} claimed`)
  return (await loadTask(tx, auth, task.taskNo))!
})

defineHandler<AssignArgs>('inbound.shelving.assign', async ({ tx, auth, args, setSummary }) => {
  const [g] = rowsOf(await tx.execute(sql`
    SELECT id, status FROM job_group WHERE id = ${args.jobGroupId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!g) throw fieldError('jobGroupId', 'inbound:shelving.errors.jobGroupUnknown')
  if (n(g.status) !== 1) throw fieldError('jobGroupId', 'inbound:shelving.errors.jobGroupDisabled')
  let count = 0
  for (const no of [...new Set(args.taskNos)]) {
    const task = await lockTask(tx, auth, no)
    refuseUnlessAllowed(shelvingTaskMachine, 'inbound.shelving.assign', task, auth)
    await tx.execute(sql`UPDATE shelving_task SET job_group_id = ${args.jobGroupId}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${task.id}`)
    count += 1
  }
  setSummary(`${count} task(s) → job group ${args.jobGroupId}`)
  return { count }
})

defineHandler<TaskNoArgs>('inbound.shelving.complete', async ({ tx, auth, args, setSummary }) => {
  const task = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(shelvingTaskMachine, 'inbound.shelving.complete', task, auth)
  const flow = await completeTask(tx, auth, task)
  setSummary(`${task.taskNo} completed (${task.shelvedQty}/${task.qty})`)
  const view = (await loadTask(tx, auth, task.taskNo))!
  return { task: view, lineNo: 0, skuCode: '', locationCode: '', qty: 0, completed: true, inspectionNo: flow.inspectionNo } satisfies ShelveResult
})

// Shelving tasks (SJ) and inspection transfer orders (QT, shelving tasks of failed goods): the shelving station.
registerDocumentLookup({
  type: 'shelvingTask', titleKey: 'inbound:shelving.document', prefixes: [DOC_PREFIX.shelvingTask, DOC_PREFIX.inspectionTransfer], permission: SHELVING_PERMISSIONS.view,
  group: 'document', opens: { path: '/stock-in/shelf-task/details?no={no}', testId: 'shelving-task' },
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    const rows = rowsOf(await db.execute(sql`
      SELECT id, task_no, status FROM shelving_task
      WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no ILIKE ${containsPattern(term)}
      ORDER BY (task_no = ${term}) DESC, id DESC LIMIT ${limit}`))
    return rows.map((r) => ({
      type: 'shelvingTask', id: n(r.id), number: String(r.task_no), title: String(r.task_no), status: n(r.status),
      path: `/stock-in/shelf-task/details?no=${encodeURIComponent(String(r.task_no))}`,
    }))
  },
})

export const shelvingArea: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/inbound/shelving-tasks', summary: 'Shelving tasks of the current warehouse and tenant, with the timeout flag',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: SHELVING_PERMISSIONS.view,
      // The timeout filter depends on the warehouse's hours: validate with any hours, run with its own.
      query: listQuerySchema(shelvingList(24)),
      handler: async ({ query, auth }) => runList(db, shelvingList((await timeoutHours(db, auth)).shelving), query, auth),
    }),
    defineRoute({
      method: 'GET', url: '/api/inbound/shelving-locations/:code', tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: SHELVING_PERMISSIONS.view,
      summary: 'A location scanned at the shelving station: known in this warehouse and enabled, else refused naming the code (before any SKU is scanned)',
      params: z.object({ code: z.string().trim().min(1).max(60) }),
      handler: async ({ params, auth }) => targetLocation(db, auth, params.code),
    }),
    defineRoute({
      method: 'GET', url: '/api/inbound/shelving-tasks/:no', summary: 'One shelving task: lines with suggested locations, shelving records',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: SHELVING_PERMISSIONS.view,
      params: z.object({ no: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const v = await loadTask(db, auth, params.no)
        if (!v) throw notFound()
        return v
      },
    }),
  ])
}
