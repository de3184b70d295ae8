// Replenishment commands (commands/replenishment.ts), one transaction each; the machine
// (src/domain/states/replenishment-task.ts) is asked before every move of a task.
//   rules     — create / update, each refusal naming its field (min ≤ max, multiple ≥ 1, a face is a
//               scattered location, a source area is a bulk area …).
//   generate  — the rules now (generate.ts: one statement); a task by hand (same generator, trigger 'hand').
//   allot     — to a job group, only in ToBeAllocated 4 / ToBeReplenished 0 (→ 0); abolish (→ 3).
//   station   — claim (a number, or the next open task by task path), move (from a bulk location, the SKU,
//               the quantity, onto the task's pick face: ledger moves under the BH number, reason
//               'replenish', batch by batch, oldest first); the task completes when its quantity is put,
//               or is finished short; completing re-runs allocation of the orders waiting for the SKU.
import { sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { ALLOCATABLE_AREA_TYPES, lockSkusForAllocation, orderSkus } from '../../inventory/allocation'
import { insufficientStock, moveStock, StockStatus, type Operator } from '../../inventory/ledger'
import { resolveCodes } from '../inbound/orders'
import { reallocateWaiting } from '../outbound/orders'
import { orderLocations } from '../../tasks/path'
import { bulkLocationSql, generateReplenishment, type GenerateResult } from './generate'
import { ReplenishmentTaskStatus, StorageAreaType } from '../../../domain/dictionaries'
import { replenishmentTaskMachine, type ReplenishmentTaskFacts } from '../../../domain/states/replenishment-task'
import { isJobGroupMember, jobGroupMembership } from '../../tasks/job-group'
import type {
  AbolishArgs, AllotArgs, CreateRuleArgs, CreateTaskArgs, GenerateArgs, MoveArgs, Moved, UpdateRuleArgs,
} from '../../../../commands/replenishment'

type Scope = { tenantId: number; warehouseId: number }
const S = ReplenishmentTaskStatus
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
export const REPLENISHMENT_DOC = 'replenishmentTask'
const genScope = (auth: AuthContext) => ({ tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId })

// ---------------------------------------------------------------------------------------------
// Lookups, each refusal naming its field

async function locationOf(q: Queryable, scope: Scope, code: string, field: string) {
  const [r] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.location_type, l.status, l.temporary, a.id AS area_id, a.area_type, a.status AS area_status
    FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND upper(l.code) = ${code}`))
  if (!r || n(r.status) !== 1) throw fieldError(field, 'replenishment:errors.unknownLocation', { locationCode: code })
  return {
    id: n(r.id), code: String(r.code), locationType: String(r.location_type), temporary: r.temporary === true,
    areaId: n(r.area_id), areaType: n(r.area_type), areaActive: n(r.area_status) === 1,
  }
}
type Loc = Awaited<ReturnType<typeof locationOf>>
const isBulk = (l: Loc) => (l.locationType === 'fullBox' || l.areaType === StorageAreaType.Floor) && ALLOCATABLE_AREA_TYPES.includes(l.areaType) && !l.temporary && l.areaActive
const isPickFace = (l: Loc) => l.locationType === 'scattered' && l.areaType === StorageAreaType.Scattered && !l.temporary && l.areaActive

async function faceOf(q: Queryable, scope: Scope, code: string, field = 'locationCode'): Promise<Loc> {
  const l = await locationOf(q, scope, code, field)
  if (!isPickFace(l)) throw fieldError(field, 'replenishment:errors.notPickFace', { locationCode: l.code })
  return l
}

async function skuOf(q: Queryable, scope: Scope, code: string, field = 'skuCode'): Promise<{ id: number; code: string }> {
  const hits = (await resolveCodes(q, scope.tenantId, [code])).get(code) ?? []
  const ids = [...new Map(hits.map((h) => [h.skuId, h.skuCode])).entries()]
  if (ids.length !== 1) throw fieldError(field, ids.length ? 'replenishment:errors.ambiguousCode' : 'replenishment:errors.unknownSku', { code })
  return { id: ids[0]![0], code: ids[0]![1] }
}

async function areaOf(q: Queryable, scope: Scope, code: string, field: string): Promise<{ id: number; type: number }> {
  const [r] = rowsOf(await q.execute(sql`SELECT id, area_type, status FROM storage_area WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND upper(code) = ${code}`))
  if (!r || n(r.status) !== 1) throw fieldError(field, 'replenishment:errors.unknownArea', { areaCode: code })
  return { id: n(r.id), type: n(r.area_type) }
}

// ---------------------------------------------------------------------------------------------
// Rules

async function saveRule(tx: AppTx, auth: AuthContext, a: z.output<typeof UpdateRuleArgs> | (z.output<typeof CreateRuleArgs> & { id?: undefined })): Promise<{ id: number }> {
  let locationId: number | null = null
  let skuId: number | null = null
  let areaId: number | null = null
  if (a.locationCode) {
    locationId = (await faceOf(tx, auth, a.locationCode)).id
    skuId = (await skuOf(tx, auth, a.skuCode!)).id
  } else {
    const area = await areaOf(tx, auth, a.areaCode!, 'areaCode')
    if (area.type !== StorageAreaType.Scattered) throw fieldError('areaCode', 'replenishment:errors.notPickArea', { areaCode: a.areaCode })
    areaId = area.id
  }
  let sourceAreaId: number | null = null
  if (a.sourceAreaCode) {
    const src = await areaOf(tx, auth, a.sourceAreaCode, 'sourceAreaCode')
    const [bulk] = rowsOf(await tx.execute(sql`SELECT 1 FROM location l JOIN storage_area a ON a.id = l.storage_area_id WHERE a.id = ${src.id} AND ${bulkLocationSql('l', 'a')} LIMIT 1`))
    if (!bulk) throw fieldError('sourceAreaCode', 'replenishment:errors.notBulkArea', { areaCode: a.sourceAreaCode })
    sourceAreaId = src.id
  }
  // One rule per face and SKU, one per area and pattern: the second is refused naming the field.
  const [dup] = rowsOf(await tx.execute(sql`
    SELECT id FROM replenishment_rule WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND id IS DISTINCT FROM ${a.id ?? null}
      AND ${locationId != null ? sql`location_id = ${locationId} AND sku_id = ${skuId}` : sql`storage_area_id = ${areaId} AND sku_pattern = ${a.skuPattern}`}`))
  if (dup) throw fieldError(locationId != null ? 'skuCode' : 'skuPattern', 'replenishment:errors.ruleExists', { id: n(dup.id) })
  const status = a.enabled ? 1 : 0
  const snoozed = a.snoozedUntil ?? null
  if (a.id) {
    const [r] = rowsOf(await tx.execute(sql`
      UPDATE replenishment_rule SET location_id = ${locationId}, sku_id = ${skuId}, storage_area_id = ${areaId}, sku_pattern = ${areaId != null ? a.skuPattern : null},
        min_qty = ${a.minQty}, max_qty = ${a.maxQty}, multiple = ${a.multiple}, source_area_id = ${sourceAreaId}, status = ${status},
        snoozed_until = ${snoozed}::timestamptz, remark = ${a.remark}, updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${a.id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} RETURNING id`))
    if (!r) throw notFound('replenishment:errors.ruleNotFound', { id: a.id })
    return { id: n(r.id) }
  }
  const [r] = rowsOf(await tx.execute(sql`
    INSERT INTO replenishment_rule (tenant_id, warehouse_id, location_id, sku_id, storage_area_id, sku_pattern, min_qty, max_qty, multiple, source_area_id, status, snoozed_until, remark, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${locationId}, ${skuId}, ${areaId}, ${areaId != null ? a.skuPattern : null}, ${a.minQty}, ${a.maxQty}, ${a.multiple},
      ${sourceAreaId}, ${status}, ${snoozed}::timestamptz, ${a.remark}, ${auth.userId}, ${auth.userId}) RETURNING id`))
  return { id: n(r!.id) }
}

defineHandler<z.output<typeof CreateRuleArgs>>('replenishment.rule.create', async ({ tx, auth, args, setSummary }) => {
  const r = await saveRule(tx, auth, args)
  setSummary(`rule ${r.id} ${args.locationCode ?? args.areaCode}/${args.skuCode ?? args.skuPattern} min ${args.minQty} max ${args.maxQty} ×${args.multiple}`)
  return r
})
defineHandler<z.output<typeof UpdateRuleArgs>>('replenishment.rule.update', async ({ tx, auth, args, setSummary }) => {
  const r = await saveRule(tx, auth, args)
  setSummary(`rule ${r.id} min ${args.minQty} max ${args.maxQty} ×${args.multiple}${args.enabled ? '' : ' disabled'}`)
  return r
})

// ---------------------------------------------------------------------------------------------
// Generation

const summaryOf = (r: GenerateResult) => `considered ${r.considered}, created ${r.created.join(',') || '-'}, added to ${r.updated.join(',') || '-'}, no bulk ${r.noBulk}`

defineHandler<z.output<typeof GenerateArgs>>('replenishment.generate', async ({ tx, auth, args, setSummary }) => {
  let locationIds: number[] | null = null
  if (args.locationCodes?.length) {
    locationIds = []
    for (const [i, c] of args.locationCodes.entries()) locationIds.push((await faceOf(tx, auth, c, `locationCodes.${i}`)).id)
  }
  const r = await generateReplenishment(tx, genScope(auth), { trigger: 'rule', locationIds })
  setSummary(summaryOf(r))
  return r
})

defineHandler<z.output<typeof CreateTaskArgs>>('replenishment.task.create', async ({ tx, auth, args, setSummary }) => {
  const face = await faceOf(tx, auth, args.locationCode)
  const sku = await skuOf(tx, auth, args.skuCode)
  const r = await generateReplenishment(tx, genScope(auth), { trigger: 'hand', hand: { locationId: face.id, skuId: sku.id, qty: args.qty ?? null } })
  if (!r.created.length && !r.updated.length) throw fieldError('skuCode', 'replenishment:errors.noBulkStock', { skuCode: sku.code, locationCode: face.code })
  setSummary(summaryOf(r))
  return r
})

// ---------------------------------------------------------------------------------------------
// Tasks

interface TaskHead extends ReplenishmentTaskFacts {
  id: number; locationId: number; locationCode: string; skuId: number; skuCode: string; qty: number; movedQty: number
  jobGroupId: number | null; sourceAreaId: number | null
}
const headOf = (r: Record<string, unknown>): TaskHead => ({
  id: n(r.id), taskNo: String(r.task_no), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by),
  locationId: n(r.location_id), locationCode: String(r.location_code), skuId: n(r.sku_id), skuCode: String(r.sku_code), qty: n(r.qty), movedQty: n(r.moved_qty),
  jobGroupId: r.job_group_id == null ? null : n(r.job_group_id), sourceAreaId: r.source_area_id == null ? null : n(r.source_area_id),
})
const TASK_SELECT = sql`SELECT t.id, t.task_no, t.status, t.claimed_by, t.location_id, l.code AS location_code, t.sku_id, s.sku_code, t.qty, t.moved_qty, t.job_group_id, t.source_area_id
  FROM replenishment_task t JOIN location l ON l.id = t.location_id JOIN product_sku s ON s.id = t.sku_id`

export async function loadTask(q: Queryable, scope: Scope, key: { taskNo?: string; id?: number }, lock = true): Promise<TaskHead> {
  const [r] = rowsOf(await q.execute(sql`${TASK_SELECT}
    WHERE t.tenant_id = ${scope.tenantId} AND t.warehouse_id = ${scope.warehouseId} AND ${key.id != null ? sql`t.id = ${key.id}` : sql`t.task_no = ${key.taskNo ?? ''}`}
    ${lock ? sql`FOR UPDATE OF t` : sql``}`))
  if (!r) throw notFound('replenishment:errors.taskNotFound', { taskNo: key.taskNo ?? key.id })
  return headOf(r)
}

/** Allot to a job group (one task), the machine asked: ToBeAllocated 4 / ToBeReplenished 0 → 0. */
export async function allotOne(tx: AppTx, auth: { tenantId: number; warehouseId: number; userId: number }, id: number, jobGroupId: number): Promise<string> {
  const t = await loadTask(tx, auth, { id })
  refuseUnlessAllowed(replenishmentTaskMachine, 'replenishment.task.allot', t, auth)
  await tx.execute(sql`UPDATE replenishment_task SET job_group_id = ${jobGroupId}, status = ${S.ToBeReplenished}, updated_at = now() WHERE id = ${t.id}`)
  return t.taskNo
}

export async function jobGroupExists(q: Queryable, scope: Scope, id: number): Promise<boolean> {
  const [g] = rowsOf(await q.execute(sql`SELECT 1 FROM job_group WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
  return !!g
}

defineHandler<z.output<typeof AllotArgs>>('replenishment.task.allot', async ({ tx, auth, args, setSummary }) => {
  if (!(await jobGroupExists(tx, auth, args.jobGroupId))) throw fieldError('jobGroupId', 'replenishment:errors.jobGroupUnknown', { value: args.jobGroupId })
  const taskNos: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) taskNos.push(await allotOne(tx, auth, id, args.jobGroupId))
  setSummary(`${taskNos.join(',')} → group ${args.jobGroupId}`)
  return { taskNos }
})

defineHandler<z.output<typeof AbolishArgs>>('replenishment.task.abolish', async ({ tx, auth, args, setSummary }) => {
  const taskNos: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const t = await loadTask(tx, auth, { id })
    refuseUnlessAllowed(replenishmentTaskMachine, 'replenishment.task.abolish', t, auth)
    await tx.execute(sql`UPDATE replenishment_task SET status = ${S.Abolished}, abolish_reason = ${args.reason}, finished_at = now(), finished_by_name = ${auth.username}, updated_at = now() WHERE id = ${t.id}`)
    taskNos.push(t.taskNo)
  }
  setSummary(`abolished ${taskNos.join(',')}${args.reason ? `: ${args.reason}` : ''}`)
  return { taskNos }
})

// ---------------------------------------------------------------------------------------------
// The station

/** The next task for this operator: their own Restocking task, else an open one they may claim, first by task path. */
async function nextTaskNo(tx: AppTx, auth: AuthContext): Promise<string | null> {
  const [own] = rowsOf(await tx.execute(sql`SELECT task_no FROM replenishment_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
    AND status = ${S.Restocking} AND claimed_by = ${auth.userId} ORDER BY id LIMIT 1`))
  if (own) return String(own.task_no)
  const open = rowsOf(await tx.execute(sql`
    SELECT t.task_no, t.location_id FROM replenishment_task t LEFT JOIN job_group g ON g.id = t.job_group_id
    WHERE t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId} AND t.status IN (${S.ToBeAllocated}, ${S.ToBeReplenished})
      AND (t.job_group_id IS NULL OR ${isJobGroupMember(sql`g.member_ids`, auth.username)})
    ORDER BY t.id LIMIT 200`)).map((r) => ({ taskNo: String(r.task_no), locationId: n(r.location_id) }))
  if (!open.length) return null
  const order = await orderLocations(tx, auth, open.map((o) => o.locationId), 'replenishment')
  const rank = new Map(order.map((id, i) => [id, i]))
  return [...open].sort((a, b) => (rank.get(a.locationId) ?? 1e9) - (rank.get(b.locationId) ?? 1e9))[0]!.taskNo
}

defineHandler<{ taskNo?: string | null }>('replenishment.task.claim', async ({ tx, auth, args, setSummary }) => {
  const taskNo = args.taskNo ?? await nextTaskNo(tx, auth)
  if (!taskNo) throw conflict('replenishment:errors.nothingToClaim')
  const t = await loadTask(tx, auth, { taskNo })
  refuseUnlessAllowed(replenishmentTaskMachine, 'replenishment.task.claim', t, auth)
  // A task allotted to a job group is claimed by its members only.
  if (t.status !== S.Restocking && t.jobGroupId != null) {
    if (!(await jobGroupMembership(tx, t.jobGroupId, auth.username))?.member) throw conflict('replenishment:errors.notInJobGroup', { taskNo: t.taskNo })
  }
  await tx.execute(sql`UPDATE replenishment_task SET status = ${S.Restocking}, claimed_by = ${auth.userId}, claimed_by_name = ${auth.username},
    claimed_at = coalesce(claimed_at, now()), updated_at = now() WHERE id = ${t.id}`)
  setSummary(`${t.taskNo} claimed`)
  return { taskNo: t.taskNo, status: S.Restocking }
})

/** The orders waiting for the task's SKU (validated 6 or in force 1, short, not in a wave). */
async function waitingOrders(tx: AppTx, auth: AuthContext, skuId: number): Promise<number[]> {
  return rowsOf(await tx.execute(sql`
    SELECT DISTINCT o.id FROM outbound_order o JOIN outbound_order_line ol ON ol.order_id = o.id
    WHERE o.tenant_id = ${auth.tenantId} AND o.warehouse_id = ${auth.warehouseId} AND o.status IN (1, 6) AND (o.wave_no IS NULL OR o.wave_no = '')
      AND ol.sku_id = ${skuId} AND ol.qty > ol.allocated_qty
    ORDER BY o.id LIMIT 500`)).map((r) => n(r.id))
}

/**
 * Before the task's row or any balance is locked: the allocation locks of the task's SKU and of every SKU
 * of the orders that may allocate again — in SKU order, as every allocating command takes them — so the
 * station never holds a row a validating order's allocation (or its replenishment trigger) waits for while
 * it waits for that order's locks (a deadlock on PostgreSQL).
 */
async function lockForCompletion(tx: AppTx, auth: AuthContext, t: Pick<TaskHead, 'skuId'>): Promise<number[]> {
  const waiting = await waitingOrders(tx, auth, t.skuId)
  await lockSkusForAllocation(tx, auth, [t.skuId, ...(await orderSkus(tx, waiting))])
  return waiting
}

/** Completes a task: status, then the orders waiting for its SKU allocate again. */
async function complete(tx: AppTx, auth: AuthContext, t: TaskHead, waiting: number[]): Promise<Moved['reallocated']> {
  await tx.execute(sql`UPDATE replenishment_task SET status = ${S.Completed}, finished_at = now(), finished_by_name = ${auth.username}, updated_at = now() WHERE id = ${t.id}`)
  return reallocateWaiting(tx, auth, waiting)
}

defineHandler<z.output<typeof MoveArgs>>('replenishment.move', async ({ tx, auth, args, setSummary }): Promise<Moved> => {
  // The allocation locks first (the generator, under a validating order's locks, may wait for this task's row).
  const waiting = await lockForCompletion(tx, auth, await loadTask(tx, auth, { taskNo: args.taskNo }, false))
  const t = await loadTask(tx, auth, { taskNo: args.taskNo })
  refuseUnlessAllowed(replenishmentTaskMachine, 'replenishment.move', t, auth)
  const from = await locationOf(tx, auth, args.fromLocationCode, 'fromLocationCode')
  if (!isBulk(from)) throw fieldError('fromLocationCode', 'replenishment:errors.notBulk', { locationCode: from.code })
  if (t.sourceAreaId != null && from.areaId !== t.sourceAreaId) throw fieldError('fromLocationCode', 'replenishment:errors.wrongSourceArea', { locationCode: from.code, taskNo: t.taskNo })
  const sku = await skuOf(tx, auth, args.code, 'code')
  if (sku.id !== t.skuId) throw fieldError('code', 'replenishment:errors.wrongSku', { code: args.code, skuCode: t.skuCode })
  if (args.toLocationCode !== t.locationCode.toUpperCase()) throw fieldError('toLocationCode', 'replenishment:errors.wrongFace', { locationCode: args.toLocationCode, face: t.locationCode })
  const left = t.qty - t.movedQty
  if (args.qty > left) throw fieldError('qty', 'replenishment:errors.qtyAboveLeft', { qty: args.qty, left })
  // Free normal stock of the SKU at the bulk location, oldest batch first; the move follows the batches.
  const balances = rowsOf(await tx.execute(sql`
    SELECT batch_no, on_hand - locked AS free FROM inventory_balance
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND location_id = ${from.id} AND sku_id = ${t.skuId}
      AND stock_status = ${StockStatus.Normal} AND on_hand > locked
    ORDER BY first_in_at, batch_no FOR UPDATE`)).map((r) => ({ batchNo: String(r.batch_no), free: n(r.free) }))
  const free = balances.reduce((s, b) => s + b.free, 0)
  if (free < args.qty) {
    const e = insufficientStock(free, args.qty)
    throw new AppError(e.status, e.messageKey, e.params, [{ field: 'qty', messageKey: e.messageKey, params: e.params }])
  }
  let rest = args.qty
  const doc = { docType: REPLENISHMENT_DOC, docNo: t.taskNo, reason: 'replenish' as const, reasonParams: { taskNo: t.taskNo } }
  for (const b of balances) {
    if (rest <= 0) break
    const q = Math.min(rest, b.free)
    await moveStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: from.id, skuId: t.skuId, batchNo: b.batchNo }, { locationId: t.locationId }, q, doc, opOf(auth))
    rest -= q
  }
  const moved = t.movedQty + args.qty
  await tx.execute(sql`UPDATE replenishment_task SET moved_qty = ${moved}, updated_at = now() WHERE id = ${t.id}`)
  const done = moved >= t.qty
  const reallocated = done ? await complete(tx, auth, t, waiting) : []
  setSummary(`${t.taskNo}: ${args.qty} ${t.skuCode} ${from.code} → ${t.locationCode}${done ? ' (completed)' : ''}`)
  return { taskNo: t.taskNo, status: done ? S.Completed : S.Restocking, qty: t.qty, movedQty: moved, left: Math.max(0, t.qty - moved), reallocated }
})

defineHandler<{ taskNo: string }>('replenishment.task.finish', async ({ tx, auth, args, setSummary }): Promise<Moved> => {
  const waiting = await lockForCompletion(tx, auth, await loadTask(tx, auth, { taskNo: args.taskNo }, false))
  const t = await loadTask(tx, auth, { taskNo: args.taskNo })
  refuseUnlessAllowed(replenishmentTaskMachine, 'replenishment.task.finish', t, auth)
  if (t.movedQty === 0) throw conflict('replenishment:errors.nothingMoved', { taskNo: t.taskNo })
  const reallocated = await complete(tx, auth, t, waiting)
  setSummary(`${t.taskNo} finished short: ${t.movedQty} of ${t.qty}`)
  return { taskNo: t.taskNo, status: S.Completed, qty: t.qty, movedQty: t.movedQty, left: Math.max(0, t.qty - t.movedQty), reallocated }
})
