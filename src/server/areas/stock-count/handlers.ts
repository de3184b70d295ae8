// Counts on the ledger (issue 20 "Counts"; commands in commands/stock-count.ts, one transaction each;
// machine src/domain/states/count-task.ts, asked before every move; README "Counts").
//
// Blind: what a counter sends and receives is what they counted, never what the system expects.
// Positional: each counted line keeps the ledger position of its (location, SKU) — the highest
// inventory_ledger id of those balances — at the moment it was counted; a location confirmed empty or
// visited keeps its own position for SKUs expected there but not scanned (counted 0). On approval, on
// hand at that position = on hand now − Σ Δon-hand of the ledger rows after it, and the adjustment
// posted is counted − that: a pick (or a receipt) that happened during the count is neither
// double-counted nor lost, and no "conflict" dialog is needed. Per balance, ledger ids follow commit
// order (a writer holds the balance row lock from its update to its commit), so "after the position"
// is exact for each balance.
//
// Counted stock: normal and frozen stock (frozen = a short pick's missing goods). Approval releases frozen
// goods the count found (frozen → normal, reason countRelease) and writes losses off frozen stock first
// (reason countLoss), then free normal stock; surplus lands as normal stock without batch (countSurplus).
// A loss that would take reserved stock is refused, naming the location and SKU: the reservation must be
// resolved first (a short pick), nothing is half-written.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { orderLocations } from '../../tasks/path'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { changeStockBatch, StockStatus, type DocRef, type Operator, type StockChange } from '../../inventory/ledger'
import { resolveCodes } from '../inbound/orders'
import { holdsAbcClass, type AbcClass } from './abc'
import { CountPlanStatus } from '../../../domain/dictionaries'
import { countersOf, countTaskMachine, type CountTaskFacts } from '../../../domain/states/count-task'
import {
  MAX_COUNT_PLAN_LOCATIONS, type Approved, type CountImported, type PlanMade, type RecountMade, type ScanAnswer,
} from '../../../../commands/stock-count'
import { countPlanMachine } from '../../../domain/states/count-task'
import { check } from '../../../domain/states/machine'
import type { z } from 'zod'
import type { CountScanArgs, CreatePlanArgs as CreatePlanSchema, SaveRuleArgs as SaveRuleSchema } from '../../../../commands/stock-count'

type Scope = { tenantId: number; warehouseId: number }
const S = CountPlanStatus
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`
/** The stock statuses a count sees on a shelf: normal and frozen (a short pick's). */
const COUNTED_STATUSES = sql`(${StockStatus.Normal}, ${StockStatus.Frozen})`
export const COUNT_DOC = 'countTask'

// ---------------------------------------------------------------------------------------------
// Rules

async function areaIdOf(q: Queryable, scope: Scope, code: string | null): Promise<number | null> {
  if (!code) return null
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM storage_area WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND upper(code) = ${code}`))
  if (!r) throw fieldError('areaCode', 'stocktake:errors.unknownArea', { areaCode: code })
  return n(r.id)
}
async function skuIdOf(q: Queryable, scope: Scope, code: string | null, field = 'skuCode'): Promise<number | null> {
  if (!code) return null
  const hits = (await resolveCodes(q, scope.tenantId, [code])).get(code) ?? []
  const ids = [...new Set(hits.map((h) => h.skuId))]
  if (ids.length !== 1) throw fieldError(field, ids.length ? 'stocktake:errors.ambiguousCode' : 'stocktake:errors.unknownSku', { code })
  return ids[0]!
}

defineHandler<z.output<typeof SaveRuleSchema>>('count.rule.save', async ({ tx, auth, args, setSummary }) => {
  const areaId = await areaIdOf(tx, auth, args.areaCode)
  const skuId = await skuIdOf(tx, auth, args.skuCode)
  if (args.locationFrom && args.locationTo && args.locationFrom > args.locationTo) throw fieldError('locationTo', 'stocktake:errors.rangeOrder', { from: args.locationFrom, to: args.locationTo })
  const [dup] = rowsOf(await tx.execute(sql`SELECT id FROM count_rule WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND lower(name) = lower(${args.name}) AND id IS DISTINCT FROM ${args.id ?? null}`))
  if (dup) throw fieldError('name', 'stocktake:errors.ruleNameTaken', { name: args.name })
  const status = args.enabled ? 1 : 0
  let id: number
  if (args.id) {
    const [r] = rowsOf(await tx.execute(sql`
      UPDATE count_rule SET name = ${args.name}, storage_area_id = ${areaId}, location_from = ${args.locationFrom}, location_to = ${args.locationTo}, sku_id = ${skuId},
        threshold_units = ${args.thresholdUnits ?? null}, threshold_pct = ${args.thresholdPct ?? null}, frequency_days = ${args.frequencyDays ?? null}, status = ${status},
        abc_class = ${args.abcClass}, threshold_value = ${args.thresholdValue ?? null},
        updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${args.id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} RETURNING id`))
    if (!r) throw notFound('stocktake:errors.ruleNotFound', { id: args.id })
    id = n(r.id)
  } else {
    const [r] = rowsOf(await tx.execute(sql`
      INSERT INTO count_rule (tenant_id, warehouse_id, name, storage_area_id, location_from, location_to, sku_id, threshold_units, threshold_pct, frequency_days, status, created_by, updated_by,
        abc_class, threshold_value)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${args.name}, ${areaId}, ${args.locationFrom}, ${args.locationTo}, ${skuId}, ${args.thresholdUnits ?? null},
        ${args.thresholdPct ?? null}, ${args.frequencyDays ?? null}, ${status}, ${auth.userId}, ${auth.userId}, ${args.abcClass}, ${args.thresholdValue ?? null}) RETURNING id`))
    id = n(r!.id)
  }
  setSummary(`rule ${args.name}`)
  return { id, name: args.name }
})

// ---------------------------------------------------------------------------------------------
// Plans and their tasks

/**
 * frequencyDays is the rule's "not counted within N days": a location with a finished count task
 * (approved) reviewed in the last N days is not taken; a location never counted is. abcClass: the
 * location holds stock of a SKU of that class (./abc.ts, computed from the ledger).
 */
interface Criteria { areaId: number | null; from: string | null; to: string | null; skuId: number | null; frequencyDays: number | null; abcClass: AbcClass | null }

/** Locations a rule or a by-hand range takes: active, in route order (code), not in a count still open, not counted within the cycle. */
async function locationsBy(q: Queryable, scope: Scope, c: Criteria): Promise<number[]> {
  return rowsOf(await q.execute(sql`
    SELECT l.id FROM location l
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1
      ${c.areaId != null ? sql`AND l.storage_area_id = ${c.areaId}` : sql``}
      ${c.from ? sql`AND upper(l.code) >= ${c.from}` : sql``}
      ${c.to ? sql`AND upper(l.code) <= ${c.to}` : sql``}
      ${c.skuId != null ? sql`AND EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.sku_id = ${c.skuId} AND b.on_hand > 0)` : sql``}
      ${c.abcClass ? sql`AND ${holdsAbcClass(scope, sql`l.id`, c.abcClass)}` : sql``}
      AND NOT EXISTS (SELECT 1 FROM count_task_location ctl JOIN count_task ct ON ct.id = ctl.task_id WHERE ctl.location_id = l.id AND ct.status IN (${S.Unclaimed}, ${S.InventoryToBeCounted}, ${S.WaitingForApproval}))
      ${c.frequencyDays != null ? sql`AND NOT EXISTS (SELECT 1 FROM count_task_location ctl JOIN count_task ct ON ct.id = ctl.task_id WHERE ctl.location_id = l.id AND ct.status = ${S.Finished}
        AND ct.reviewed_at > now() - make_interval(days => ${c.frequencyDays}))` : sql``}
    ORDER BY l.code LIMIT ${MAX_COUNT_PLAN_LOCATIONS + 1}`)).map((r) => n(r.id))
}

/** Locations typed by hand: every code known and active, none in a count still open (each refusal names the code). */
async function locationsByCode(q: Queryable, scope: Scope, codes: readonly string[]): Promise<number[]> {
  const uniq = [...new Set(codes)]
  const rows = rowsOf(await q.execute(sql`
    SELECT l.id, upper(l.code) AS code, l.status,
      (SELECT ct.task_no FROM count_task_location ctl JOIN count_task ct ON ct.id = ctl.task_id WHERE ctl.location_id = l.id
        AND ct.status IN (${S.Unclaimed}, ${S.InventoryToBeCounted}, ${S.WaitingForApproval}) LIMIT 1) AS open_task
    FROM location l WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId}
      AND upper(l.code) = ANY(${`{${uniq.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[])`))
  const byCode = new Map(rows.map((r) => [String(r.code), r]))
  for (const [i, code] of uniq.entries()) {
    const r = byCode.get(code)
    const field = `locationCodes.${codes.indexOf(code) >= 0 ? codes.indexOf(code) : i}`
    if (!r || n(r.status) !== 1) throw fieldError(field, 'stocktake:errors.unknownLocation', { locationCode: code })
    if (r.open_task) throw fieldError(field, 'stocktake:errors.locationInOpenCount', { locationCode: code, taskNo: String(r.open_task) })
  }
  return rows.sort((a, b) => String(a.code).localeCompare(String(b.code))).map((r) => n(r.id))
}

async function insertTask(tx: AppTx, auth: AuthContext, planId: number, locationIds: readonly number[], extra: { recountOf?: number; round?: number; excluded?: readonly number[]; assigneeId?: number | null } = {}): Promise<{ id: number; taskNo: string }> {
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.countTask)
  const [t] = rowsOf(await tx.execute(sql`
    INSERT INTO count_task (tenant_id, warehouse_id, task_no, plan_id, recount_of, round, excluded_user_ids, location_count, assignee_id, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${planId}, ${extra.recountOf ?? null}, ${extra.round ?? 0}, ${intArray(extra.excluded ?? [])},
      ${locationIds.length}, ${extra.assigneeId ?? null}, ${auth.userId}) RETURNING id`))
  const id = n(t!.id)
  await tx.execute(sql`
    INSERT INTO count_task_location (task_id, location_id, seq)
    SELECT ${id}, x.id, x.seq FROM unnest(${intArray(locationIds)}) WITH ORDINALITY AS x(id, seq)`)
  return { id, taskNo }
}

defineHandler<z.output<typeof CreatePlanSchema>>('count.plan.create', async ({ tx, auth, args, setSummary }): Promise<PlanMade> => {
  let crit: Criteria | null = null
  let thresholdUnits = args.thresholdUnits ?? null
  let thresholdPct = args.thresholdPct ?? null
  let thresholdValue = args.thresholdValue ?? null
  if (args.ruleId) {
    const [r] = rowsOf(await tx.execute(sql`SELECT * FROM count_rule WHERE id = ${args.ruleId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!r) throw fieldError('ruleId', 'stocktake:errors.ruleNotFound', { id: args.ruleId })
    if (n(r.status) !== 1) throw fieldError('ruleId', 'stocktake:errors.ruleDisabled', { name: String(r.name) })
    crit = {
      areaId: r.storage_area_id == null ? null : n(r.storage_area_id), from: (r.location_from as string | null) ?? null, to: (r.location_to as string | null) ?? null,
      skuId: r.sku_id == null ? null : n(r.sku_id), frequencyDays: r.frequency_days == null ? null : n(r.frequency_days),
      abcClass: (r.abc_class as AbcClass | null) ?? null,
    }
    thresholdUnits ??= r.threshold_units == null ? null : n(r.threshold_units)
    thresholdPct ??= r.threshold_pct == null ? null : n(r.threshold_pct)
    thresholdValue ??= r.threshold_value == null ? null : n(r.threshold_value)
  } else if (!args.locationCodes?.length) {
    if (!args.areaCode && !args.locationFrom && !args.locationTo && !args.skuCode && !args.abcClass) throw fieldError('locationCodes', 'stocktake:errors.planCriteria')
    if (args.locationFrom && args.locationTo && args.locationFrom > args.locationTo) throw fieldError('locationTo', 'stocktake:errors.rangeOrder', { from: args.locationFrom, to: args.locationTo })
    crit = { areaId: await areaIdOf(tx, auth, args.areaCode), from: args.locationFrom, to: args.locationTo, skuId: await skuIdOf(tx, auth, args.skuCode), frequencyDays: null, abcClass: args.abcClass }
  }
  const found = crit ? await locationsBy(tx, auth, crit) : await locationsByCode(tx, auth, args.locationCodes!)
  if (!found.length) throw conflict('stocktake:errors.planEmpty')
  if (found.length > MAX_COUNT_PLAN_LOCATIONS) throw conflict('stocktake:errors.planTooBig', { max: MAX_COUNT_PLAN_LOCATIONS })
  const planNo = await nextDocNo(tx, auth, DOC_PREFIX.countPlan)
  // The task path (warehouse/task-path-configuration): tasks are cut along the walk, each task's locations in its order.
  const locationIds = await orderLocations(tx, auth, found, 'count', planNo)
  const [p] = rowsOf(await tx.execute(sql`
    INSERT INTO count_plan (tenant_id, warehouse_id, plan_no, source, rule_id, threshold_units, threshold_pct, threshold_value, location_count, remark, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${planNo}, ${args.ruleId ? 'rule' : 'hand'}, ${args.ruleId ?? null}, ${thresholdUnits}, ${thresholdPct}, ${thresholdValue},
      ${locationIds.length}, ${args.remark}, ${auth.userId}, ${auth.username}) RETURNING id`))
  const planId = n(p!.id)
  await tx.execute(sql`
    INSERT INTO count_plan_location (plan_id, location_id, seq) SELECT ${planId}, x.id, x.seq FROM unnest(${intArray(locationIds)}) WITH ORDINALITY AS x(id, seq)`)
  const tasks: string[] = []
  for (let i = 0; i < locationIds.length; i += args.locationsPerTask) {
    const chunk = locationIds.slice(i, i + args.locationsPerTask)
    const t = await insertTask(tx, auth, planId, chunk)
    await tx.execute(sql`UPDATE count_plan_location SET task_id = ${t.id} WHERE plan_id = ${planId} AND location_id = ANY(${intArray(chunk)})`)
    tasks.push(t.taskNo)
  }
  await tx.execute(sql`UPDATE count_plan SET task_count = ${tasks.length} WHERE id = ${planId}`)
  setSummary(`${planNo}: ${locationIds.length} locations → ${tasks.length} tasks`)
  return { planNo, id: planId, locations: locationIds.length, tasks }
})

/** The plan's status from its tasks (invalid ones aside): all finished → Finished; all submitted or finished → WaitingForApproval; any work begun → InventoryToBeCounted. */
async function refreshPlan(tx: AppTx, planId: number): Promise<number> {
  const [r] = rowsOf(await tx.execute(sql`
    UPDATE count_plan p SET status = x.status, finished_at = CASE WHEN x.status = ${S.Finished} THEN now() END, updated_at = now()
    FROM (SELECT CASE
        WHEN count(*) = 0 THEN ${S.Invalid}::smallint
        WHEN count(*) FILTER (WHERE status = ${S.Finished}) = count(*) THEN ${S.Finished}::smallint
        WHEN count(*) FILTER (WHERE status IN (${S.WaitingForApproval}, ${S.Finished})) = count(*) THEN ${S.WaitingForApproval}::smallint
        WHEN count(*) FILTER (WHERE status <> ${S.Unclaimed}) > 0 THEN ${S.InventoryToBeCounted}::smallint
        ELSE ${S.Unclaimed}::smallint END AS status
      FROM count_task WHERE plan_id = ${planId} AND status <> ${S.Invalid}) x
    WHERE p.id = ${planId} RETURNING p.status`))
  return n(r!.status)
}

// ---------------------------------------------------------------------------------------------
// Tasks: load, claim, the station

interface TaskHead extends CountTaskFacts { id: number; planId: number; planNo: string; round: number; recountOf: number | null; recountTaskId: number | null; thresholdUnits: number | null; thresholdPct: number | null; thresholdValue: number | null }

export async function loadTask(q: Queryable, scope: Scope, taskNo: string, lock = true): Promise<TaskHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT t.*, p.plan_no, p.threshold_units, p.threshold_pct, p.threshold_value, rc.task_no AS recount_task_no FROM count_task t JOIN count_plan p ON p.id = t.plan_id
    LEFT JOIN count_task rc ON rc.id = t.recount_task_id
    WHERE t.tenant_id = ${scope.tenantId} AND t.warehouse_id = ${scope.warehouseId} AND t.task_no = ${taskNo}
    ${lock ? sql`FOR UPDATE OF t` : sql``}`))
  if (!r) throw notFound('stocktake:errors.taskNotFound', { taskNo })
  const excluded = Array.isArray(r.excluded_user_ids) ? r.excluded_user_ids.map(n)
    : String(r.excluded_user_ids ?? '{}').replace(/[{}]/g, '').split(',').filter(Boolean).map(n)
  return {
    id: n(r.id), taskNo: String(r.task_no), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by), assigneeId: r.assignee_id == null ? null : n(r.assignee_id),
    excludedUserIds: excluded, recountTaskNo: r.recount_task_no == null ? null : String(r.recount_task_no), planId: n(r.plan_id), planNo: String(r.plan_no),
    round: n(r.round), recountOf: r.recount_of == null ? null : n(r.recount_of), recountTaskId: r.recount_task_id == null ? null : n(r.recount_task_id),
    thresholdUnits: r.threshold_units == null ? null : n(r.threshold_units), thresholdPct: r.threshold_pct == null ? null : n(r.threshold_pct),
    thresholdValue: r.threshold_value == null ? null : n(r.threshold_value),
  }
}

async function taskFor(tx: AppTx, auth: AuthContext, taskNo: string, command: string): Promise<TaskHead> {
  const t = await loadTask(tx, auth, taskNo)
  refuseUnlessAllowed(countTaskMachine, command, t, auth)
  return t
}

defineHandler<{ taskNo: string }>('count.task.claim', async ({ tx, auth, args, setSummary }) => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.claim')
  await tx.execute(sql`UPDATE count_task SET status = ${S.InventoryToBeCounted}, claimed_by = ${auth.userId}, claimed_by_name = ${auth.username},
    claimed_at = coalesce(claimed_at, now()), updated_at = now() WHERE id = ${t.id}`)
  await refreshPlan(tx, t.planId)
  setSummary(`${t.taskNo} claimed`)
  return { taskNo: t.taskNo, status: S.InventoryToBeCounted }
})

/** The ledger position of a location's counted balances (of one SKU, or all): the highest ledger id among them, 0 when none. */
async function positionOf(q: Queryable, scope: Scope, locationId: number, skuId?: number): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT coalesce(max((SELECT max(l.id) FROM inventory_ledger l WHERE l.balance_id = b.id)), 0) AS pos FROM inventory_balance b
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.location_id = ${locationId}
      ${skuId != null ? sql`AND b.sku_id = ${skuId}` : sql``} AND b.stock_status IN ${COUNTED_STATUSES}`))
  return n(r?.pos ?? 0)
}

async function taskLocation(q: Queryable, taskId: number, taskNo: string, locationCode: string): Promise<{ locationId: number; code: string }> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code FROM count_task_location ctl JOIN location l ON l.id = ctl.location_id WHERE ctl.task_id = ${taskId} AND upper(l.code) = ${locationCode}`))
  if (!r) throw new AppError(409, 'stocktake:errors.wrongLocation', { locationCode, taskNo }, [{ field: 'locationCode', messageKey: 'stocktake:errors.wrongLocation', params: { locationCode, taskNo } }])
  return { locationId: n(r.id), code: String(r.code) }
}
async function locationsLeft(q: Queryable, taskId: number): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`SELECT count(*)::int AS n FROM count_task_location WHERE task_id = ${taskId} AND NOT visited`))
  return n(r!.n)
}

defineHandler<z.output<typeof CountScanArgs>>('count.scan', async ({ tx, auth, args, setSummary }): Promise<ScanAnswer> => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.scan')
  const loc = await taskLocation(tx, t.id, t.taskNo, args.locationCode)
  const hits = (await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []
  const skuIds = [...new Set(hits.map((h) => h.skuId))]
  if (skuIds.length !== 1) {
    const key = skuIds.length ? 'stocktake:errors.ambiguousCode' : 'stocktake:errors.unknownSku'
    throw new AppError(409, key, { code: args.code }, [{ field: 'code', messageKey: key, params: { code: args.code } }])
  }
  const skuId = skuIds[0]!
  const pos = await positionOf(tx, auth, loc.locationId, skuId)
  const [line] = rowsOf(await tx.execute(sql`
    INSERT INTO count_line (tenant_id, warehouse_id, task_id, location_id, sku_id, counted_qty, ledger_position, counted_by, counted_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${t.id}, ${loc.locationId}, ${skuId}, ${args.qty}, ${pos}, ${auth.userId}, ${auth.username})
    ON CONFLICT (task_id, location_id, sku_id) DO UPDATE SET
      counted_qty = ${args.set ? sql`EXCLUDED.counted_qty` : sql`count_line.counted_qty + EXCLUDED.counted_qty`},
      ledger_position = EXCLUDED.ledger_position, counted_by = EXCLUDED.counted_by, counted_by_name = EXCLUDED.counted_by_name, counted_at = now()
    RETURNING counted_qty`))
  await tx.execute(sql`UPDATE count_task_location SET visited = true, confirmed_empty = false, visited_position = ${await positionOf(tx, auth, loc.locationId)}
    WHERE task_id = ${t.id} AND location_id = ${loc.locationId}`)
  await tx.execute(sql`UPDATE count_task SET updated_at = now() WHERE id = ${t.id}`)
  const skuCode = String(hits[0]!.skuCode ?? args.code)
  setSummary(`${t.taskNo} ${loc.code} ${skuCode} ${args.set ? '=' : '+'}${args.qty}`)
  return { taskNo: t.taskNo, locationCode: loc.code, skuCode, counted: n(line!.counted_qty), locationsLeft: await locationsLeft(tx, t.id) }
})

defineHandler<{ taskNo: string; locationCode: string }>('count.location.empty', async ({ tx, auth, args, setSummary }) => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.location.empty')
  const loc = await taskLocation(tx, t.id, t.taskNo, args.locationCode)
  const [scanned] = rowsOf(await tx.execute(sql`SELECT sum(counted_qty)::int AS n FROM count_line WHERE task_id = ${t.id} AND location_id = ${loc.locationId} AND counted_qty > 0`))
  if (scanned?.n != null && n(scanned.n) > 0) {
    throw new AppError(409, 'stocktake:errors.notEmpty', { locationCode: loc.code, qty: n(scanned.n) }, [{ field: 'locationCode', messageKey: 'stocktake:errors.notEmpty', params: { locationCode: loc.code, qty: n(scanned.n) } }])
  }
  await tx.execute(sql`UPDATE count_task_location SET visited = true, confirmed_empty = true, visited_position = ${await positionOf(tx, auth, loc.locationId)}
    WHERE task_id = ${t.id} AND location_id = ${loc.locationId}`)
  setSummary(`${t.taskNo} ${loc.code} empty`)
  return { taskNo: t.taskNo, locationCode: loc.code, locationsLeft: await locationsLeft(tx, t.id) }
})

// ---------------------------------------------------------------------------------------------
// Reconciliation: counted vs on hand at the counted position

export interface Reconciled { locationId: number; locationCode: string; skuId: number; skuCode: string; counted: number; position: number; expected: number; onHandNow: number; scanned: boolean }

/**
 * Every (location, SKU) of a task: what was counted (0 for SKUs on hand there at the location's
 * position but not scanned) and on hand at its position (on hand now − the ledger rows after it).
 */
export async function reconcile(q: Queryable, scope: Scope, taskId: number): Promise<Reconciled[]> {
  const rows = rowsOf(await q.execute(sql`
    WITH tl AS (SELECT location_id, coalesce(visited_position, 0) AS pos FROM count_task_location WHERE task_id = ${taskId}),
    bal AS (
      SELECT b.id, b.location_id, b.sku_id, b.on_hand FROM inventory_balance b JOIN tl ON tl.location_id = b.location_id
      WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.stock_status IN ${COUNTED_STATUSES}
    ),
    keys AS (
      SELECT c.location_id, c.sku_id, c.counted_qty, c.ledger_position AS pos, true AS scanned FROM count_line c WHERE c.task_id = ${taskId} AND c.counted_by IS NOT NULL
      UNION ALL
      SELECT DISTINCT bal.location_id, bal.sku_id, 0, tl.pos, false FROM bal JOIN tl ON tl.location_id = bal.location_id
      WHERE NOT EXISTS (SELECT 1 FROM count_line c WHERE c.task_id = ${taskId} AND c.location_id = bal.location_id AND c.sku_id = bal.sku_id AND c.counted_by IS NOT NULL)
    )
    SELECT k.location_id, l.code AS location_code, k.sku_id, s.sku_code, k.counted_qty, k.pos, k.scanned,
      coalesce((SELECT sum(bal.on_hand) FROM bal WHERE bal.location_id = k.location_id AND bal.sku_id = k.sku_id), 0)::int AS on_hand_now,
      coalesce((SELECT sum(bal.on_hand - coalesce((SELECT sum(x.delta_on_hand) FROM inventory_ledger x WHERE x.balance_id = bal.id AND x.id > k.pos), 0))
        FROM bal WHERE bal.location_id = k.location_id AND bal.sku_id = k.sku_id), 0)::int AS expected
    FROM keys k JOIN location l ON l.id = k.location_id JOIN product_sku s ON s.id = k.sku_id
    ORDER BY l.code, s.sku_code`))
  return rows.map((r) => ({
    locationId: n(r.location_id), locationCode: String(r.location_code), skuId: n(r.sku_id), skuCode: String(r.sku_code), counted: n(r.counted_qty),
    position: n(r.pos), expected: n(r.expected), onHandNow: n(r.on_hand_now), scanned: r.scanned === true || r.scanned === 't',
  })).filter((r) => r.scanned || r.expected !== 0 || r.onHandNow !== 0)
}

/**
 * Beyond the plan's threshold (units, percent of on hand at the position, or value: |variance| × the
 * SKU's style retail price — a SKU without a price is not judged by value); no threshold of any kind → never.
 */
const beyond = (t: Pick<TaskHead, 'thresholdUnits' | 'thresholdPct' | 'thresholdValue'>, r: Reconciled, prices: ReadonlyMap<number, number>): boolean => {
  const d = Math.abs(r.counted - r.expected)
  if (d === 0) return false
  if (t.thresholdUnits != null && d > t.thresholdUnits) return true
  if (t.thresholdPct != null && d * 100 > t.thresholdPct * Math.max(r.expected, 0)) return true
  const price = prices.get(r.skuId)
  if (t.thresholdValue != null && price != null && d * price > t.thresholdValue) return true
  return false
}

/** The style retail price of each SKU that has one (SKUs without a price are absent). */
async function retailPrices(q: Queryable, scope: Scope, skuIds: readonly number[]): Promise<Map<number, number>> {
  if (!skuIds.length) return new Map()
  const rows = rowsOf(await q.execute(sql`
    SELECT s.id, st.retail_price FROM product_sku s JOIN product_style st ON st.id = s.style_id AND st.tenant_id = s.tenant_id
    WHERE s.tenant_id = ${scope.tenantId} AND s.id = ANY(${intArray([...new Set(skuIds)])}) AND st.retail_price IS NOT NULL`))
  return new Map(rows.map((r) => [n(r.id), n(r.retail_price)]))
}

async function taskLocationIds(q: Queryable, taskId: number): Promise<number[]> {
  return rowsOf(await q.execute(sql`SELECT location_id FROM count_task_location WHERE task_id = ${taskId} ORDER BY seq`)).map((r) => n(r.location_id))
}

/** A recount of a submitted task: its locations, for anyone who has not counted them; the task is "hedging" until the recount is submitted. */
async function makeRecount(tx: AppTx, auth: AuthContext, t: TaskHead): Promise<string> {
  const r = await insertTask(tx, auth, t.planId, await taskLocationIds(tx, t.id), { recountOf: t.id, round: t.round + 1, excluded: countersOf(t) })
  await tx.execute(sql`UPDATE count_task SET recount_task_id = ${r.id}, updated_at = now() WHERE id = ${t.id}`)
  await tx.execute(sql`UPDATE count_plan SET task_count = task_count + 1 WHERE id = ${t.planId}`)
  return r.taskNo
}

defineHandler<{ taskNo: string }>('count.task.submit', async ({ tx, auth, args, setSummary }) => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.submit')
  const left = rowsOf(await tx.execute(sql`
    SELECT l.code FROM count_task_location ctl JOIN location l ON l.id = ctl.location_id WHERE ctl.task_id = ${t.id} AND NOT ctl.visited ORDER BY ctl.seq`)).map((r) => String(r.code))
  if (left.length) throw conflict('stocktake:errors.locationsLeft', { taskNo: t.taskNo, count: left.length, locationCode: left.slice(0, 5).join(', ') })
  await tx.execute(sql`UPDATE count_task SET status = ${S.WaitingForApproval}, submitted_at = now(), updated_at = now() WHERE id = ${t.id}`)
  // A recount submitted supersedes the count it recounts (its lines stay, for the history).
  if (t.recountOf != null) {
    await tx.execute(sql`UPDATE count_task SET status = ${S.Invalid}, recount_task_id = NULL, updated_at = now() WHERE id = ${t.recountOf} AND status = ${S.WaitingForApproval}`)
  }
  // A first count with a variance beyond the plan's threshold: a recount by another operator (the counter is not told why: blind).
  let recount = ''
  if (t.round === 0 && (t.thresholdUnits != null || t.thresholdPct != null || t.thresholdValue != null)) {
    const rows = await reconcile(tx, auth, t.id)
    const prices = t.thresholdValue != null ? await retailPrices(tx, auth, rows.filter((r) => r.counted !== r.expected).map((r) => r.skuId)) : new Map<number, number>()
    if (rows.some((r) => beyond(t, r, prices))) recount = await makeRecount(tx, auth, { ...t, claimedBy: auth.userId })
  }
  await refreshPlan(tx, t.planId)
  setSummary(`${t.taskNo} ${S.InventoryToBeCounted}→${S.WaitingForApproval}${recount ? ` recount ${recount}` : ''}`)
  return { taskNo: t.taskNo, status: S.WaitingForApproval }
})

// ---------------------------------------------------------------------------------------------
// Review: approve (post through the ledger), reject, recount, reissue

interface Held { batchNo: string; onHand: number; free: number }

/**
 * The counted balances (normal and frozen, on hand > 0) at a task's locations, locked (FOR UPDATE) in
 * one statement; per (location, SKU, status), most free stock first, then batch — the order approval
 * takes them in.
 */
async function lockTaskBalances(tx: AppTx, scope: Scope, taskId: number): Promise<Map<string, Held[]>> {
  const rows = rowsOf(await tx.execute(sql`
    SELECT b.location_id, b.sku_id, b.stock_status, b.batch_no, b.on_hand, b.on_hand - b.locked AS free FROM inventory_balance b
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.stock_status IN ${COUNTED_STATUSES} AND b.on_hand > 0
      AND b.location_id IN (SELECT location_id FROM count_task_location WHERE task_id = ${taskId})
    ORDER BY b.location_id, b.sku_id, b.stock_status, b.on_hand - b.locked DESC, b.batch_no FOR UPDATE OF b`))
  const held = new Map<string, Held[]>()
  for (const r of rows) {
    const k = heldKey(n(r.location_id), n(r.sku_id), n(r.stock_status))
    let list = held.get(k)
    if (!list) held.set(k, (list = []))
    list.push({ batchNo: String(r.batch_no), onHand: n(r.on_hand), free: n(r.free) })
  }
  return held
}
const heldKey = (locationId: number, skuId: number, status: number) => `${locationId}:${skuId}:${status}`

/**
 * What approving posts, line by line in reconciliation order (all balances already locked): frozen goods
 * first — a loss is written off them (countLoss), what the count found of them is released to normal
 * stock of the same batch (countRelease, two rows) — then a surplus lands as normal stock without batch
 * (countSurplus) and what loss is left comes off free normal stock, most free first (countLoss). A loss
 * that would take reserved stock refuses the whole approval, naming the first such line.
 */
function adjustmentsOf(t: TaskHead, scope: Scope, rows: readonly Reconciled[], held: Map<string, Held[]>): { changes: StockChange[]; surplus: number; loss: number; released: number } {
  const changes: StockChange[] = []
  let surplus = 0, loss = 0, released = 0
  const doc = (reason: 'countSurplus' | 'countLoss' | 'countRelease'): DocRef => ({ docType: COUNT_DOC, docNo: t.taskNo, reason, reasonParams: { taskNo: t.taskNo } })
  for (const r of rows) {
    const key = { tenantId: scope.tenantId, warehouseId: scope.warehouseId, locationId: r.locationId, skuId: r.skuId }
    let d = r.counted - r.expected
    // Frozen goods: losses are written off them first; what the count found of them is released.
    for (const f of held.get(heldKey(r.locationId, r.skuId, StockStatus.Frozen)) ?? []) {
      let left = f.onHand
      if (d < 0) {
        const take = Math.min(-d, f.free)
        if (take > 0) {
          changes.push({ key: { ...key, batchNo: f.batchNo, stockStatus: StockStatus.Frozen }, delta: -take, doc: doc('countLoss') })
          d += take; loss += take; left -= take
        }
      }
      const free = Math.min(left, f.free - (f.onHand - left))
      if (free > 0) {
        changes.push({ key: { ...key, batchNo: f.batchNo, stockStatus: StockStatus.Frozen }, delta: -free, doc: doc('countRelease') })
        changes.push({ key: { ...key, batchNo: f.batchNo, stockStatus: StockStatus.Normal }, delta: free, doc: doc('countRelease') })
        released += free
      }
    }
    if (d > 0) {
      changes.push({ key: { ...key, stockStatus: StockStatus.Normal }, delta: d, doc: doc('countSurplus') })
      surplus += d
    } else if (d < 0) {
      // A loss left after the frozen goods means they were all written off (none released), so the
      // normal balances are as locked.
      let need = -d
      for (const b of held.get(heldKey(r.locationId, r.skuId, StockStatus.Normal)) ?? []) {
        const take = Math.min(need, b.free)
        if (take <= 0) continue
        changes.push({ key: { ...key, batchNo: b.batchNo, stockStatus: StockStatus.Normal }, delta: -take, doc: doc('countLoss') })
        need -= take; loss += take
        if (!need) break
      }
      if (need > 0) throw conflict('stocktake:errors.lossReserved', { taskNo: t.taskNo, locationCode: r.locationCode, skuCode: r.skuCode, qty: need })
    }
  }
  return { changes, surplus, loss, released }
}

defineHandler<{ taskNo: string; note: string | null }>('count.task.approve', async ({ tx, auth, args, setSummary }): Promise<Approved> => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.approve')
  // Approving a hedging task accepts this count: its open recount is withdrawn.
  if (t.recountTaskId != null) {
    await tx.execute(sql`UPDATE count_task SET status = ${S.Invalid}, updated_at = now() WHERE id = ${t.recountTaskId} AND status IN (${S.Unclaimed}, ${S.InventoryToBeCounted})`)
  }
  // Set-based (issue 20 bench, bench/count-apply.ts): one reconciliation query, one locking read, the
  // adjustments planned line by line, then ONE ledger statement for all of them and one for the lines.
  const rows = await reconcile(tx, auth, t.id)
  const { changes, surplus, loss, released } = adjustmentsOf(t, auth, rows, await lockTaskBalances(tx, auth, t.id))
  await changeStockBatch(tx, changes, opOf(auth))
  if (rows.length) {
    const lines = rows.map((r) => ({ l: r.locationId, s: r.skuId, c: r.counted, p: r.position, e: r.expected }))
    await tx.execute(sql`
      INSERT INTO count_line (tenant_id, warehouse_id, task_id, location_id, sku_id, counted_qty, ledger_position, expected_qty, adjustment)
      SELECT ${auth.tenantId}::int, ${auth.warehouseId}::int, ${t.id}::int, x.l, x.s, x.c, x.p, x.e, x.c - x.e
      FROM jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) AS x(l int, s int, c int, p bigint, e int)
      ON CONFLICT (task_id, location_id, sku_id) DO UPDATE SET expected_qty = EXCLUDED.expected_qty, adjustment = EXCLUDED.adjustment`)
  }
  await tx.execute(sql`UPDATE count_task SET status = ${S.Finished}, recount_task_id = NULL, reviewed_by = ${auth.userId}, reviewed_by_name = ${auth.username}, reviewed_at = now(),
    review_note = ${args.note}, surplus_qty = ${surplus}, loss_qty = ${loss}, updated_at = now() WHERE id = ${t.id}`)
  const planStatus = await refreshPlan(tx, t.planId)
  setSummary(`${t.taskNo} ${S.WaitingForApproval}→${S.Finished} +${surplus} -${loss}${released ? ` released ${released}` : ''}`)
  return { taskNo: t.taskNo, planNo: t.planNo, status: S.Finished, lines: rows.length, surplus, loss, released, planStatus }
})

defineHandler<{ taskNo: string; note: string | null }>('count.task.recount', async ({ tx, auth, args, setSummary }): Promise<RecountMade> => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.recount')
  const recountNo = await makeRecount(tx, auth, t)
  await tx.execute(sql`UPDATE count_task SET review_note = ${args.note} WHERE id = ${t.id}`)
  setSummary(`${t.taskNo} recount ${recountNo}`)
  return { taskNo: t.taskNo, recountNo }
})

/** Reject: this count is discarded (Invalid, its lines kept for the history) and its locations go back to the pool as a new task anyone may count. */
defineHandler<{ taskNo: string; note: string | null }>('count.task.reject', async ({ tx, auth, args, setSummary }): Promise<RecountMade> => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.reject')
  if (t.recountTaskId != null) {
    await tx.execute(sql`UPDATE count_task SET status = ${S.Invalid}, updated_at = now() WHERE id = ${t.recountTaskId} AND status IN (${S.Unclaimed}, ${S.InventoryToBeCounted})`)
  }
  await tx.execute(sql`UPDATE count_task SET status = ${S.Invalid}, recount_task_id = NULL, reviewed_by = ${auth.userId}, reviewed_by_name = ${auth.username}, reviewed_at = now(),
    review_note = ${args.note}, updated_at = now() WHERE id = ${t.id}`)
  const again = await insertTask(tx, auth, t.planId, await taskLocationIds(tx, t.id), { round: t.round })
  await tx.execute(sql`UPDATE count_plan SET task_count = task_count + 1 WHERE id = ${t.planId}`)
  await refreshPlan(tx, t.planId)
  setSummary(`${t.taskNo} ${S.WaitingForApproval}→${S.Invalid} → ${again.taskNo}`)
  return { taskNo: t.taskNo, recountNo: again.taskNo }
})

/** Reissue a task still to count: back to the pool (or to one operator); what was counted so far is discarded. */
defineHandler<{ taskNo: string; assigneeId?: number | null; note: string | null }>('count.task.reissue', async ({ tx, auth, args, setSummary }) => {
  const t = await taskFor(tx, auth, args.taskNo, 'count.task.reissue')
  const assignee = args.assigneeId ?? null
  if (assignee != null) {
    const [u] = rowsOf(await tx.execute(sql`SELECT 1 FROM app_user u JOIN user_access a ON a.user_id = u.id
      WHERE u.id = ${assignee} AND u.status = 1 AND a.tenant_id = ${auth.tenantId} AND a.warehouse_id = ${auth.warehouseId}`))
    if (!u) throw fieldError('assigneeId', 'stocktake:errors.unknownOperator', { id: assignee })
    if (t.excludedUserIds.includes(assignee)) throw fieldError('assigneeId', 'stocktake:errors.recountByOther', { taskNo: t.taskNo })
  }
  await tx.execute(sql`DELETE FROM count_line WHERE task_id = ${t.id}`)
  await tx.execute(sql`UPDATE count_task_location SET visited = false, confirmed_empty = false, visited_position = NULL WHERE task_id = ${t.id}`)
  await tx.execute(sql`UPDATE count_task SET status = ${S.Unclaimed}, claimed_by = NULL, claimed_by_name = NULL, claimed_at = NULL, assignee_id = ${assignee},
    review_note = ${args.note}, updated_at = now() WHERE id = ${t.id}`)
  await refreshPlan(tx, t.planId)
  setSummary(`${t.taskNo} ${t.status}→${S.Unclaimed}${assignee ? ` → user ${assignee}` : ''}`)
  return { taskNo: t.taskNo, status: S.Unclaimed }
})


// ---------------------------------------------------------------------------------------------
// Plan cancel: a plan nothing of which was submitted → Invalid 9 with its open tasks (counts so far
// discarded, nothing posted); its locations are free for another count.

defineHandler<{ planNo: string; note: string | null }>('count.plan.cancel', async ({ tx, auth, args, setSummary }) => {
  const [p] = rowsOf(await tx.execute(sql`
    SELECT id, plan_no, status FROM count_plan WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND plan_no = ${args.planNo} FOR UPDATE`))
  if (!p) throw notFound('stocktake:errors.planNotFound', { planNo: args.planNo })
  const planId = n(p.id)
  // Its tasks locked: a submit running now waits, then sees the plan's tasks Invalid (and is refused by their machine).
  const tasks = rowsOf(await tx.execute(sql`SELECT id, task_no, status FROM count_task WHERE plan_id = ${planId} ORDER BY id FOR UPDATE`))
  const submittedTasks = tasks.filter((t) => n(t.status) === S.WaitingForApproval || n(t.status) === S.Finished).length
  refuseUnlessAllowed(countPlanMachine, 'count.plan.cancel', { planNo: String(p.plan_no), status: n(p.status), submittedTasks }, auth)
  const open = tasks.filter((t) => n(t.status) === S.Unclaimed || n(t.status) === S.InventoryToBeCounted)
  await tx.execute(sql`UPDATE count_task SET status = ${S.Invalid}, review_note = coalesce(${args.note}, review_note), updated_at = now()
    WHERE plan_id = ${planId} AND status IN (${S.Unclaimed}, ${S.InventoryToBeCounted})`)
  await tx.execute(sql`UPDATE count_plan SET status = ${S.Invalid}, remark = CASE WHEN ${args.note}::text IS NULL THEN remark ELSE ${args.note} END, updated_at = now() WHERE id = ${planId}`)
  setSummary(`${String(p.plan_no)} ${n(p.status)}→${S.Invalid} (${open.length} tasks)`)
  return { planNo: String(p.plan_no), status: S.Invalid, tasks: open.map((t) => String(t.task_no)) }
})

// ---------------------------------------------------------------------------------------------
// Count-line import (xlsx): counted lines for the tasks a sheet names, checked all at once — every bad
// row named in one pass (dry run, nothing written), then the commit checks them again against the
// database as it is and writes all or nothing in one transaction. The importer is the counter: an
// unclaimed task is claimed for them (the machine's claim rule: not an earlier counter of a recount,
// not a task allotted to someone else), a task being counted must be theirs. Lines of one (task,
// location, SKU) add up and replace what was counted of that SKU there (at the ledger position of the
// import, as a scan keeps it); a row with no SKU and quantity 0 confirms its location empty. Blind: the
// answers carry what was counted, never an expected quantity.

export interface ImportLine { index: number; row: number; taskNo: string; locationCode: string; code: string; qty: number }
export interface ImportIssue { index: number; row: number; field: 'taskNo' | 'locationCode' | 'code' | 'qty'; messageKey: string; params: Record<string, unknown> }
interface ImportTask extends CountTaskFacts { id: number; planId: number }
interface Checked { issues: ImportIssue[]; tasks: Map<string, ImportTask>; locations: Map<string, number>; skus: Map<string, number> }

const textArray = (xs: readonly string[]) => sql`${`{${[...new Set(xs)].map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[]`

/** Every line checked against the database at once (a handful of set queries, whatever the line count). */
export async function checkImportLines(q: Queryable, auth: AuthContext, lines: readonly ImportLine[], lock: boolean): Promise<Checked> {
  const issues: ImportIssue[] = []
  const bad = (l: ImportLine, field: ImportIssue['field'], messageKey: string, params: Record<string, unknown>) => issues.push({ index: l.index, row: l.row, field, messageKey, params })
  const taskRows = rowsOf(await q.execute(sql`
    SELECT t.id, t.task_no, t.plan_id, t.status, t.claimed_by, t.assignee_id, t.excluded_user_ids, rc.task_no AS recount_task_no
    FROM count_task t LEFT JOIN count_task rc ON rc.id = t.recount_task_id
    WHERE t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId} AND t.task_no = ANY(${textArray(lines.map((l) => l.taskNo))})
    ORDER BY t.id ${lock ? sql`FOR UPDATE OF t` : sql``}`))
  const tasks = new Map<string, ImportTask>()
  for (const r of taskRows) {
    const excluded = Array.isArray(r.excluded_user_ids) ? r.excluded_user_ids.map(n)
      : String(r.excluded_user_ids ?? '{}').replace(/[{}]/g, '').split(',').filter(Boolean).map(n)
    tasks.set(String(r.task_no), {
      id: n(r.id), planId: n(r.plan_id), taskNo: String(r.task_no), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by),
      assigneeId: r.assignee_id == null ? null : n(r.assignee_id), excludedUserIds: excluded, recountTaskNo: r.recount_task_no == null ? null : String(r.recount_task_no),
    })
  }
  // The machine's verdict per task for this importer: claim an unclaimed task, count one being counted.
  const verdicts = new Map<string, ReturnType<typeof check>>()
  for (const t of tasks.values()) verdicts.set(t.taskNo, check(countTaskMachine, t.status === S.Unclaimed ? 'count.task.claim' : 'count.scan', t, auth))
  const taskIds = [...tasks.values()].map((t) => t.id)
  const locRows = taskIds.length ? rowsOf(await q.execute(sql`
    SELECT ctl.task_id, upper(l.code) AS code, l.id FROM count_task_location ctl JOIN location l ON l.id = ctl.location_id WHERE ctl.task_id = ANY(${intArray(taskIds)})`)) : []
  const locations = new Map(locRows.map((r) => [`${n(r.task_id)}:${String(r.code)}`, n(r.id)]))
  const codes = await resolveCodes(q, auth.tenantId, lines.map((l) => l.code).filter(Boolean))
  const skus = new Map<string, number>()
  // Locations confirmed empty by the sheet, and those it counts goods at.
  const emptyAt = new Set<string>()
  const countedAt = new Set<string>()
  for (const l of lines) {
    const t = tasks.get(l.taskNo)
    if (!t) { bad(l, 'taskNo', 'stocktake:errors.taskNotFound', { taskNo: l.taskNo }); continue }
    const v = verdicts.get(t.taskNo)!
    if (v !== true) { bad(l, 'taskNo', v.key, v.params); continue }
    const locationId = locations.get(`${t.id}:${l.locationCode}`)
    if (locationId === undefined) bad(l, 'locationCode', 'stocktake:errors.wrongLocation', { locationCode: l.locationCode, taskNo: t.taskNo })
    if (!l.code) {
      if (l.qty > 0) bad(l, 'code', 'stocktake:import.skuRequired', { qty: l.qty })
      else if (locationId !== undefined) emptyAt.add(`${t.id}:${locationId}`)
      continue
    }
    const ids = [...new Set((codes.get(l.code) ?? []).map((h) => h.skuId))]
    if (ids.length !== 1) { bad(l, 'code', ids.length ? 'stocktake:errors.ambiguousCode' : 'stocktake:errors.unknownSku', { code: l.code }); continue }
    skus.set(l.code, ids[0]!)
    if (locationId !== undefined && l.qty > 0) countedAt.add(`${t.id}:${locationId}`)
  }
  // A location both confirmed empty and counted with goods (in the sheet, or scanned before): named on its empty row.
  if (emptyAt.size) {
    const scanned = new Set(rowsOf(await q.execute(sql`
      SELECT task_id, location_id FROM count_line WHERE task_id = ANY(${intArray(taskIds)}) AND counted_by IS NOT NULL AND counted_qty > 0 GROUP BY task_id, location_id`))
      .map((r) => `${n(r.task_id)}:${n(r.location_id)}`))
    for (const l of lines) {
      const t = tasks.get(l.taskNo)
      if (l.code || l.qty > 0 || !t) continue
      const locationId = locations.get(`${t.id}:${l.locationCode}`)
      const k = `${t.id}:${locationId}`
      if (locationId !== undefined && (countedAt.has(k) || scanned.has(k))) bad(l, 'locationCode', 'stocktake:import.emptyAndCounted', { locationCode: l.locationCode, taskNo: t.taskNo })
    }
  }
  issues.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  return { issues, tasks, locations, skus }
}

defineHandler<{ rows: [number, string, string, string, number][] }>('count.lines.import', async ({ tx, auth, args, setSummary }): Promise<CountImported> => {
  const lines: ImportLine[] = args.rows.map(([row, taskNo, locationCode, code, qty], index) => ({ index, row, taskNo, locationCode, code, qty }))
  const c = await checkImportLines(tx, auth, lines, true)
  if (c.issues.length) {
    throw new AppError(400, 'resources:import.invalid', { count: c.issues.length },
      c.issues.map((i) => ({ field: `rows.${i.index}.${i.field}`, messageKey: i.messageKey, params: { ...i.params, row: i.row } })), { errors: c.issues })
  }
  // Claims: the unclaimed tasks the sheet names become this importer's.
  const unclaimed = [...c.tasks.values()].filter((t) => t.status === S.Unclaimed).map((t) => t.id)
  if (unclaimed.length) {
    await tx.execute(sql`UPDATE count_task SET status = ${S.InventoryToBeCounted}, claimed_by = ${auth.userId}, claimed_by_name = ${auth.username},
      claimed_at = coalesce(claimed_at, now()), updated_at = now() WHERE id = ANY(${intArray(unclaimed)})`)
  }
  // Lines of one (task, location, SKU) add up.
  const sums = new Map<string, { t: number; l: number; s: number; q: number }>()
  const empty = new Map<string, { t: number; l: number }>()
  for (const l of lines) {
    const t = c.tasks.get(l.taskNo)!
    const locationId = c.locations.get(`${t.id}:${l.locationCode}`)!
    if (!l.code) { empty.set(`${t.id}:${locationId}`, { t: t.id, l: locationId }); continue }
    const skuId = c.skus.get(l.code)!
    const k = `${t.id}:${locationId}:${skuId}`
    const cur = sums.get(k)
    if (cur) cur.q += l.qty
    else sums.set(k, { t: t.id, l: locationId, s: skuId, q: l.qty })
  }
  const counted = [...sums.values()]
  if (counted.length) {
    // Each line at its ledger position (the highest ledger id of its counted balances), as a scan keeps it —
    // the positions of all the sheet's (location, SKU) keys in one grouped read.
    await tx.execute(sql`
      WITH x AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(counted)}::jsonb) AS x(t int, l int, s int, q int)),
      pos AS (SELECT b.location_id, b.sku_id, max(g.id) AS p FROM inventory_balance b JOIN inventory_ledger g ON g.balance_id = b.id
        WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.location_id IN (SELECT DISTINCT l FROM x) AND b.stock_status IN ${COUNTED_STATUSES}
        GROUP BY b.location_id, b.sku_id)
      INSERT INTO count_line (tenant_id, warehouse_id, task_id, location_id, sku_id, counted_qty, ledger_position, counted_by, counted_by_name)
      SELECT ${auth.tenantId}::int, ${auth.warehouseId}::int, x.t, x.l, x.s, x.q, coalesce(pos.p, 0), ${auth.userId}::int, ${auth.username}::text
      FROM x LEFT JOIN pos ON pos.location_id = x.l AND pos.sku_id = x.s
      ON CONFLICT (task_id, location_id, sku_id) DO UPDATE SET counted_qty = EXCLUDED.counted_qty, ledger_position = EXCLUDED.ledger_position,
        counted_by = EXCLUDED.counted_by, counted_by_name = EXCLUDED.counted_by_name, counted_at = now()`)
  }
  const byLocation = new Map<string, { t: number; l: number; e: boolean }>()
  for (const x of counted) byLocation.set(`${x.t}:${x.l}`, { t: x.t, l: x.l, e: false })
  for (const x of empty.values()) byLocation.set(`${x.t}:${x.l}`, { ...x, e: true })
  const visited = [...byLocation.values()]
  if (visited.length) {
    await tx.execute(sql`
      WITH x AS (SELECT * FROM jsonb_to_recordset(${JSON.stringify(visited)}::jsonb) AS x(t int, l int, e boolean)),
      pos AS (SELECT b.location_id, max(g.id) AS p FROM inventory_balance b JOIN inventory_ledger g ON g.balance_id = b.id
        WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.location_id IN (SELECT DISTINCT l FROM x) AND b.stock_status IN ${COUNTED_STATUSES}
        GROUP BY b.location_id)
      UPDATE count_task_location ctl SET visited = true, confirmed_empty = x.e, visited_position = coalesce(pos.p, 0)
      FROM x LEFT JOIN pos ON pos.location_id = x.l
      WHERE ctl.task_id = x.t AND ctl.location_id = x.l`)
  }
  const ids = [...c.tasks.values()].map((t) => t.id)
  await tx.execute(sql`UPDATE count_task SET updated_at = now() WHERE id = ANY(${intArray(ids)})`)
  for (const planId of new Set([...c.tasks.values()].map((t) => t.planId))) await refreshPlan(tx, planId)
  const left = new Map(rowsOf(await tx.execute(sql`
    SELECT task_id, count(*) FILTER (WHERE NOT visited)::int AS left FROM count_task_location WHERE task_id = ANY(${intArray(ids)}) GROUP BY task_id`)).map((r) => [n(r.task_id), n(r.left)]))
  const perTask = new Map<number, number>()
  for (const x of counted) perTask.set(x.t, (perTask.get(x.t) ?? 0) + 1)
  const tasks = [...c.tasks.values()].map((t) => ({ taskNo: t.taskNo, lines: perTask.get(t.id) ?? 0, locationsLeft: left.get(t.id) ?? 0 }))
  setSummary(`import: ${counted.length} lines, ${empty.size} empty locations → ${tasks.map((t) => t.taskNo).join(', ')}`)
  return { lines: counted.length, emptyLocations: empty.size, tasks }
})
