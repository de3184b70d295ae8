// Waves, picking tasks, the picking station and pick-diff exceptions (issue 12 §3–4; commands in
// commands/outbound-picking.ts, one transaction each; machines in src/domain/states/wave.ts,
// picking-task.ts, pick-diff.ts, asked before every move).
//
// On the ledger (ARCHITECTURE.md "Outbound on the ledger"): a wave takes orders in force whose lines are
// fully reserved; each picking-task line is one open reservation at a shelf, in route order (location
// code). A pick consumes that reservation at the shelf, adds the goods at the picked-goods location
// and reserves them there for the same order line — the reservation follows the goods, locked = Σ open
// reservations holds. A short pick gives the missing quantity's reservation back and freezes that stock
// at the shelf (stock status Frozen: nothing allocates it until it is found or counted) and opens a
// pick-diff exception: reissue (found after all: unfrozen, reserved, a new task), reallocate (stock
// from elsewhere: a new task) or out of stock (the order line stays short). An order whose task lines
// are all done and whose exceptions are all processed is picked: ReadyOut 2 ("awaiting outbound").
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, badRequest, conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, type RouteDef } from '../../http/route'
import { listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { topUpBeforeWave } from '../replenishment/generate'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed, statusConflict } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { addStock, consumeReservation, moveStock, releaseReservation, reserveStock, StockStatus, type DocRef, type Operator } from '../../inventory/ledger'
import { allocateOrder, OUTBOUND_DOC } from '../../inventory/allocation'
import { strategyFor, waveRulesFor, enabledRules, type WaveRule } from '../../inventory/outbound-strategy'
import { resolveCodes } from '../inbound/orders'
import { registerDocumentLookup, containsPattern, matchedText, type DocumentPage } from '../search/registry'
import { translate } from '../../i18n'
import { listPaperOf, renderListPdf, type ListDocument } from '../../labels/render'
import { formatTime } from '../../../domain/format'
import type { Language } from '../../../domain/i18n'
import { timedOutSql } from '../../inventory/timeouts'
import { pickDiff, pickingTask, wave } from '../../db/schema/index'
import { waveMachine } from '../../../domain/states/wave'
import { pickingTaskMachine } from '../../../domain/states/picking-task'
import { pickDiffMachine } from '../../../domain/states/pick-diff'
import { orderByPath } from '../../tasks/path'
import { DICTIONARIES, dictLabelKey, HandlingStatus, OrderType, OutboundOrderStatus, StorageAreaType, TaskClaimStatus, WaveStatus } from '../../../domain/dictionaries'
import { jobGroupMembership } from '../../tasks/job-group'
import {
  AssignTasksArgs, ClaimTaskArgs, CreateWaveArgs, GenerateWavesArgs, PICKING_API, PICKING_PERMISSIONS as P, PickScanArgs, PickShortArgs,
  ResolveDiffArgs, TaskNoArgs, WaveIdsArgs, pickDiffPath, pickingStationPath, waveDetailsPath, AssignWaveArgs, PrintWaveListArgs,
  type WaveAssigned, type WaveListPrinted,
  type GeneratePreview, type GenerateResult, type PickNext, type PickResult, type ShortResult, type WaveMade,
} from '../../../../commands/outbound-picking'

type Scope = { tenantId: number; warehouseId: number }
const OS = OutboundOrderStatus
const T = TaskClaimStatus
/** The order status picking (and a pick difference's reissue or reallocation) needs: the check and its refusal's `allowed`. */
const PICKABLE_ORDER: readonly number[] = [OS.Effective]
const n = (v: unknown) => Number(v)
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })

// ---------------------------------------------------------------------------------------------
// Settings: where picked goods land, the picking timeouts.

export interface OutboundSettings { pickedLocationId: number | null; pickingTimeoutHours: number; pickingSendingTimeoutHours: number; notIssuedDays: number; pickingRoute: 'corner' | 'random' }

export async function outboundSettings(q: Queryable, scope: Scope): Promise<OutboundSettings> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT picked_location_id, picking_timeout_hours, picking_sending_timeout_hours, not_issued_days, picking_route FROM outbound_setting
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
  return r
    ? {
      pickedLocationId: r.picked_location_id == null ? null : n(r.picked_location_id), pickingTimeoutHours: n(r.picking_timeout_hours),
      pickingSendingTimeoutHours: n(r.picking_sending_timeout_hours), notIssuedDays: n(r.not_issued_days), pickingRoute: r.picking_route === 'random' ? 'random' : 'corner',
    }
    : { pickedLocationId: null, pickingTimeoutHours: 24, pickingSendingTimeoutHours: 48, notIssuedDays: 15, pickingRoute: 'corner' }
}

/** The picked-goods location: the configured one, else the first temporary location that does not receive goods. */
async function pickedLocation(q: Queryable, scope: Scope): Promise<number> {
  const s = await outboundSettings(q, scope)
  if (s.pickedLocationId) return s.pickedLocationId
  const [r] = rowsOf(await q.execute(sql`
    SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1 AND a.status = 1 AND a.area_type = ${StorageAreaType.Temporary}
      AND l.id IS DISTINCT FROM (SELECT receiving_location_id FROM inbound_setting WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId})
    ORDER BY l.code LIMIT 1`))
  if (!r) throw conflict('outbound:pick.errors.noPickedLocation')
  return n(r.id)
}

// ---------------------------------------------------------------------------------------------
// Waves

interface WaveOrder { id: number; orderNo: string; platform: string; shopId: number | null; shippingMethod: string | null; qty: number; skuCount: number; createdAt: Date }

/**
 * Orders a wave may take: in force, fully reserved, in no wave (locked for the transaction, unless a dry run reads them).
 * Generation by rule (no ids) never takes an other outbound order (dict orderType Other 3): those are released on their own screen.
 */
export async function waveableOrders(q: Queryable, scope: Scope, ids?: readonly number[], lock = true): Promise<WaveOrder[]> {
  return rowsOf(await q.execute(sql`
    SELECT id, order_no, platform, shop_id, shipping_method, expected_qty, line_count, created_at FROM outbound_order
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND status = ${OS.Effective} AND wave_no IS NULL
      AND allocated_qty = expected_qty AND expected_qty > 0 ${ids ? sql`AND id = ANY(${intArray(ids)})` : sql`AND order_type <> ${OrderType.Other}`}
    ORDER BY created_at, id ${lock ? sql`FOR UPDATE` : sql``}`)).map((r) => ({
    id: n(r.id), orderNo: String(r.order_no), platform: String(r.platform), shopId: r.shop_id == null ? null : n(r.shop_id),
    shippingMethod: r.shipping_method == null ? null : String(r.shipping_method), qty: n(r.expected_qty), skuCount: n(r.line_count), createdAt: new Date(String(r.created_at)),
  }))
}

/** The latest cut-off instant (today's HH:MM UTC, else yesterday's) at or before now. */
function lastCutoff(hhmm: string, now: Date): Date {
  const [h, m] = hhmm.split(':').map(Number)
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), h, m))
  return d > now ? new Date(d.getTime() - 86_400_000) : d
}

/** Does a wave rule take this order? Platform, shop, shipping method, single/multi item, SKU count, cut-off. */
export function ruleTakes(rule: WaveRule, o: WaveOrder, now = new Date()): boolean {
  if (rule.platform && rule.platform !== o.platform) return false
  if (rule.shopIds.length && (o.shopId === null || !rule.shopIds.includes(o.shopId))) return false
  if (rule.shippingMethod && rule.shippingMethod !== o.shippingMethod) return false
  if (rule.itemKind === 'single' && o.qty !== 1) return false
  if (rule.itemKind === 'multi' && o.qty < 2) return false
  if (rule.minSkuCount != null && o.skuCount < rule.minSkuCount) return false
  if (rule.maxSkuCount != null && o.skuCount > rule.maxSkuCount) return false
  if (rule.cutoffTime && o.createdAt > lastCutoff(rule.cutoffTime, now)) return false
  return true
}

/** Chunks of at most maxOrders orders and maxQty units (an order larger than maxQty goes alone). */
function chunk(orders: WaveOrder[], maxOrders: number, maxQty: number | null): WaveOrder[][] {
  const out: WaveOrder[][] = []
  let cur: WaveOrder[] = []
  let qty = 0
  for (const o of orders) {
    if (cur.length && (cur.length >= maxOrders || (maxQty != null && qty + o.qty > maxQty))) { out.push(cur); cur = []; qty = 0 }
    cur.push(o); qty += o.qty
  }
  if (cur.length) out.push(cur)
  return out
}

interface ResLine { reservationId: number; orderId: number; orderLineId: number; locationId: number; locationCode: string; skuId: number; batchNo: string; stockStatus: number; qty: number }

/** Open reservations of orders at shelves no task line holds yet, in route order (location code, SKU). */
async function unpickedReservations(tx: AppTx, scope: Scope, orderIds: readonly number[]): Promise<ResLine[]> {
  return rowsOf(await tx.execute(sql`
    SELECT r.id, o.id AS order_id, ol.id AS order_line_id, b.location_id, l.code, b.sku_id, b.batch_no, b.stock_status, r.qty
    FROM outbound_order o
    JOIN inventory_reservation r ON r.tenant_id = o.tenant_id AND r.warehouse_id = o.warehouse_id AND r.doc_type = ${OUTBOUND_DOC} AND r.doc_no = o.order_no AND r.status = 0
    JOIN outbound_order_line ol ON ol.order_id = o.id AND ol.line_no = r.doc_line
    JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
    WHERE o.id = ANY(${intArray(orderIds)}) AND o.tenant_id = ${scope.tenantId} AND o.warehouse_id = ${scope.warehouseId}
      AND b.location_id <> ${await pickedLocation(tx, scope)}
      AND NOT EXISTS (SELECT 1 FROM picking_task_line tl WHERE tl.reservation_id = r.id)
    ORDER BY l.code, b.sku_id, o.id, r.id`)).map((r) => ({
    reservationId: n(r.id), orderId: n(r.order_id), orderLineId: n(r.order_line_id), locationId: n(r.location_id), locationCode: String(r.code),
    skuId: n(r.sku_id), batchNo: String(r.batch_no), stockStatus: n(r.stock_status), qty: n(r.qty),
  }))
}

/** A small stable hash (FNV-1a) for the random route's fixed shuffle. */
function hash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** Lines in the pair's picking route: corner — location-code order; random — locations shuffled per task, each location's lines together. */
export function routeOrder<L extends { locationCode: string }>(lines: readonly L[], route: 'corner' | 'random', salt: string): L[] {
  const byCode = [...lines].sort((a, b) => a.locationCode.localeCompare(b.locationCode))
  if (route === 'corner') return byCode
  return byCode.sort((a, b) => (hash(`${salt}|${a.locationCode}`) - hash(`${salt}|${b.locationCode}`)) || a.locationCode.localeCompare(b.locationCode))
}

/** One picking task (JH) of a wave over reservation lines, in the pair's picking route. */
async function insertTask(tx: AppTx, auth: AuthContext, waveId: number, pickMode: number, taskMode: string, unordered: ResLine[]): Promise<string> {
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.pickingTask)
  // The task path (warehouse/task-path-configuration; without one, the pair's picking route): lines of one location together.
  const lines = await orderByPath(tx, auth, routeOrder(unordered, 'corner', taskNo), 'picking', taskNo)
  const qty = lines.reduce((s, l) => s + l.qty, 0)
  const [t] = rowsOf(await tx.execute(sql`
    INSERT INTO picking_task (tenant_id, warehouse_id, task_no, wave_id, pick_mode, task_mode, qty, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${waveId}, ${pickMode}, ${taskMode}, ${qty}, ${auth.userId}, ${auth.userId}) RETURNING id`))
  const values = lines.map((l, i) => sql`(${n(t!.id)}, ${auth.tenantId}, ${auth.warehouseId}, ${i + 1}, ${l.orderId}, ${l.orderLineId}, ${l.reservationId},
    ${l.locationId}, ${l.skuId}, ${l.batchNo}, ${l.stockStatus}, ${l.qty})`)
  await tx.execute(sql`INSERT INTO picking_task_line (task_id, tenant_id, warehouse_id, seq, order_id, order_line_id, reservation_id, location_id, sku_id, batch_no, stock_status, qty)
    VALUES ${sql.join(values, sql`, `)}`)
  return taskNo
}

/** Recomputes a wave's counts and status from its tasks (and its orders' open exceptions). */
async function refreshWave(tx: AppTx, waveId: number): Promise<number> {
  const [w] = rowsOf(await tx.execute(sql`
    SELECT count(*) FILTER (WHERE status <> ${T.Completed})::int AS open, count(*) FILTER (WHERE status <> ${T.Unclaimed})::int AS started,
      count(*)::int AS tasks, coalesce(sum(qty), 0)::int AS qty, coalesce(sum(picked_qty), 0)::int AS picked, coalesce(sum(short_qty), 0)::int AS short
    FROM picking_task WHERE wave_id = ${waveId}`))
  const [cur] = rowsOf(await tx.execute(sql`SELECT status FROM wave WHERE id = ${waveId}`))
  if (n(cur!.status) === WaveStatus.Cancelled) return WaveStatus.Cancelled
  const [pending] = rowsOf(await tx.execute(sql`
    SELECT count(*)::int AS n FROM pick_diff d JOIN picking_task t ON t.id = d.task_id WHERE t.wave_id = ${waveId} AND d.status = ${HandlingStatus.Pending}`))
  // Short for good: an exception resolved with less than its shortage (out of stock, a partial reissue).
  const [shortOrders] = rowsOf(await tx.execute(sql`
    SELECT count(*)::int AS n FROM pick_diff d JOIN picking_task t ON t.id = d.task_id
    WHERE t.wave_id = ${waveId} AND d.status = ${HandlingStatus.Processed} AND coalesce(d.resolved_qty, 0) < d.short_qty`))
  const status = n(w!.open) > 0 || n(pending!.n) > 0
    ? (n(w!.started) > 0 ? WaveStatus.Picking : WaveStatus.ToPick)
    : n(shortOrders!.n) > 0 ? WaveStatus.PartPicked : WaveStatus.Picked
  await tx.execute(sql`
    UPDATE wave SET status = ${status}, qty = ${n(w!.qty)}, picked_qty = ${n(w!.picked)}, short_qty = ${n(w!.short)},
      picked_at = ${status === WaveStatus.Picked || status === WaveStatus.PartPicked ? sql`coalesce(picked_at, now())` : sql`NULL`}, updated_at = now()
    WHERE id = ${waveId}`)
  return status
}

/** Makes one wave over orders (locked, waveable): tasks per order ('whole') or per group of orders ('bulk'). */
export async function makeWave(tx: AppTx, auth: AuthContext, orders: WaveOrder[], pickMode: number, taskMode: 'whole' | 'bulk', ruleId: number | null): Promise<WaveMade> {
  // Wave-aware replenishment: a pick face the wave's demand would take below its min gets a top-up task first (issue 20).
  await topUpBeforeWave(tx, auth, orders.map((o) => o.id))
  const waveNo = await nextDocNo(tx, auth, DOC_PREFIX.wave)
  const [w] = rowsOf(await tx.execute(sql`
    INSERT INTO wave (tenant_id, warehouse_id, wave_no, rule_id, pick_mode, task_mode, order_count, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${waveNo}, ${ruleId}, ${pickMode}, ${taskMode}, ${orders.length}, ${auth.userId}, ${auth.userId}) RETURNING id`))
  const waveId = n(w!.id)
  const lines = await unpickedReservations(tx, auth, orders.map((o) => o.id))
  const merge = (await enabledRules(tx, auth)).pickingMergeRules[0]
  const perTask = taskMode === 'whole' ? 1 : merge?.maxOrdersPerTask ?? 20
  const groups: number[][] = []
  for (let i = 0; i < orders.length; i += perTask) groups.push(orders.slice(i, i + perTask).map((o) => o.id))
  const tasks: string[] = []
  for (const g of groups) {
    const mine = lines.filter((l) => g.includes(l.orderId))
    if (mine.length) tasks.push(await insertTask(tx, auth, waveId, pickMode, taskMode, mine))
  }
  await tx.execute(sql`UPDATE outbound_order SET wave_no = ${waveNo}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ANY(${intArray(orders.map((o) => o.id))})`)
  await tx.execute(sql`UPDATE wave SET sku_count = (SELECT count(DISTINCT sku_id)::int FROM picking_task_line tl JOIN picking_task t ON t.id = tl.task_id WHERE t.wave_id = ${waveId}) WHERE id = ${waveId}`)
  await refreshWave(tx, waveId)
  return { waveNo, id: waveId, orders: orders.length, qty: orders.reduce((s, o) => s + o.qty, 0), tasks, ruleId }
}

/**
 * The waves generating by rule makes now: every enabled wave rule (or the one named) in priority order
 * takes the waveable orders no earlier rule took, in chunks of its size (one wave each). The command
 * makes these waves (orders locked); its dry run (GET …/generate-preview, the confirmation's count)
 * only counts them — one selection for both.
 */
async function planWaves(q: Queryable, scope: Scope, ruleId: number | null | undefined, lock: boolean): Promise<{ waves: { rule: WaveRule; orders: WaveOrder[] }[]; candidates: number }> {
  const rules = (await waveRulesFor(q, scope)).filter((r) => ruleId == null || r.id === ruleId)
  if (ruleId != null && !rules.length) throw fieldError('ruleId', 'outbound:wave.errors.ruleNotFound', { value: ruleId })
  const orders = await waveableOrders(q, scope, undefined, lock)
  const taken = new Set<number>()
  const waves: { rule: WaveRule; orders: WaveOrder[] }[] = []
  const now = new Date()
  for (const rule of rules) {
    const mine = orders.filter((o) => !taken.has(o.id) && ruleTakes(rule, o, now))
    for (const c of chunk(mine, rule.maxOrders, rule.maxQty)) {
      for (const o of c) taken.add(o.id)
      waves.push({ rule, orders: c })
    }
  }
  return { waves, candidates: orders.length }
}

defineHandler<GenerateWavesArgs>('outbound.wave.generate', async ({ tx, auth, args, setSummary }) => {
  const plan = await planWaves(tx, auth, args.ruleId, true)
  const waves: WaveMade[] = []
  for (const { rule, orders } of plan.waves) waves.push(await makeWave(tx, auth, orders, rule.pickMode, rule.taskMode, rule.id))
  setSummary(`waves ${waves.map((w) => `${w.waveNo}(${w.orders})`).join(',') || 'none'}`)
  return { waves, skipped: plan.candidates - waves.reduce((s, w) => s + w.orders, 0) } satisfies GenerateResult
})

defineHandler<z.output<typeof CreateWaveArgs>>('outbound.wave.create', async ({ tx, auth, args, setSummary }) => {
  const ids = [...new Set(args.orderIds)]
  const orders = await waveableOrders(tx, auth, ids)
  if (orders.length !== ids.length) {
    const ok = new Set(orders.map((o) => o.id))
    const [bad] = rowsOf(await tx.execute(sql`
      SELECT order_no, status, wave_no, allocated_qty, expected_qty FROM outbound_order
      WHERE id = ${ids.find((id) => !ok.has(id))!} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!bad) throw notFound('outbound:order.errors.notFound')
    // Validated but holding nothing (spec code 6, waiting for stock): short of everything.
    if (n(bad.status) !== OS.Effective && n(bad.status) !== OS.Approve) throw statusConflict('outbound:wave.errors.orderNotEffective', 'outboundOrderStatus', n(bad.status), [OS.Effective, OS.Approve], { orderNo: bad.order_no })
    if (bad.wave_no) throw conflict('outbound:order.errors.inWave', { orderNo: bad.order_no, waveNo: bad.wave_no })
    throw conflict('outbound:wave.errors.orderShort', { orderNo: bad.order_no, short: n(bad.expected_qty) - n(bad.allocated_qty) })
  }
  const w = await makeWave(tx, auth, orders, args.pickMode, args.taskMode, null)
  setSummary(`${w.waveNo} orders=${w.orders} tasks=${w.tasks.join(',')}`)
  return w
})

defineHandler<WaveIdsArgs>('outbound.wave.cancel', async ({ tx, auth, args, setSummary }) => {
  const cancelled: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const [w] = rowsOf(await tx.execute(sql`SELECT id, wave_no, status FROM wave WHERE id = ${id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
    if (!w) throw notFound('outbound:wave.errors.notFound', { id })
    refuseUnlessAllowed(waveMachine, 'outbound.wave.cancel', { waveNo: String(w.wave_no), status: n(w.status) }, auth)
    await tx.execute(sql`DELETE FROM picking_task WHERE wave_id = ${id}`)
    await tx.execute(sql`UPDATE outbound_order SET wave_no = NULL, updated_at = now() WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND wave_no = ${w.wave_no}`)
    await tx.execute(sql`UPDATE wave SET status = ${WaveStatus.Cancelled}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
    cancelled.push(String(w.wave_no))
  }
  setSummary(`cancelled ${cancelled.join(',')}`)
  return { cancelled }
})

/**
 * An order leaves its wave before anything of it is picked (stop, terminate): its task lines go, the
 * tasks and the wave are recounted; a task left without lines goes too. Refused once something is
 * picked (then the goods come back through a return-to-stock task: the next outbound issue).
 */
export async function leaveWave(tx: AppTx, scope: Scope, orderId: number, orderNo: string): Promise<void> {
  const [o] = rowsOf(await tx.execute(sql`SELECT wave_no, picked_qty FROM outbound_order WHERE id = ${orderId}`))
  if (!o?.wave_no) return
  if (n(o.picked_qty) > 0) throw conflict('outbound:order.errors.stopPicked', { orderNo, pickedQty: n(o.picked_qty) })
  const tasks = rowsOf(await tx.execute(sql`SELECT DISTINCT task_id FROM picking_task_line WHERE order_id = ${orderId}`)).map((r) => n(r.task_id))
  await tx.execute(sql`DELETE FROM picking_task_line WHERE order_id = ${orderId}`)
  for (const t of tasks) {
    await tx.execute(sql`DELETE FROM picking_task t WHERE t.id = ${t} AND NOT EXISTS (SELECT 1 FROM picking_task_line l WHERE l.task_id = t.id)`)
    await tx.execute(sql`UPDATE picking_task SET qty = coalesce((SELECT sum(qty) FROM picking_task_line WHERE task_id = ${t}), 0) WHERE id = ${t}`)
  }
  const [w] = rowsOf(await tx.execute(sql`SELECT id FROM wave WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND wave_no = ${o.wave_no}`))
  await tx.execute(sql`UPDATE outbound_order SET wave_no = NULL WHERE id = ${orderId}`)
  if (w) {
    await tx.execute(sql`UPDATE wave SET order_count = greatest(order_count - 1, 0) WHERE id = ${w.id}`)
    await refreshWave(tx, n(w.id))
  }
}

// ---------------------------------------------------------------------------------------------
// Picking tasks: allot, claim

interface TaskHead { id: number; taskNo: string; status: number; claimedBy: number | null; assigneeId: number | null; jobGroupId: number | null; waveId: number }
const taskHeadOf = (r: Record<string, unknown>): TaskHead => ({
  id: n(r.id), taskNo: String(r.task_no), status: n(r.status), claimedBy: r.claimed_by == null ? null : n(r.claimed_by),
  assigneeId: r.assignee_id == null ? null : n(r.assignee_id), jobGroupId: r.job_group_id == null ? null : n(r.job_group_id), waveId: n(r.wave_id),
})
async function loadTask(q: Queryable, scope: Scope, key: { taskNo?: string; id?: number }, lock = true): Promise<TaskHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, task_no, status, claimed_by, assignee_id, job_group_id, wave_id FROM picking_task
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND ${key.id != null ? sql`id = ${key.id}` : sql`task_no = ${key.taskNo ?? ''}`}
    ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw notFound('outbound:pick.errors.taskNotFound', { taskNo: key.taskNo ?? key.id })
  return taskHeadOf(r)
}

/** Allot picking tasks to an operator of the pair or one of its job groups (the task machine asked for each). */
async function assignTasks(tx: AppTx, auth: AuthContext, ids: readonly number[], args: { assigneeId?: number | null; jobGroupId?: number | null }): Promise<string[]> {
  if (args.assigneeId != null) {
    const [u] = rowsOf(await tx.execute(sql`
      SELECT 1 FROM user_access uw WHERE uw.user_id = ${args.assigneeId} AND uw.tenant_id = ${auth.tenantId} AND uw.warehouse_id = ${auth.warehouseId}`))
    if (!u) throw fieldError('assigneeId', 'outbound:pick.errors.assigneeUnknown', { value: args.assigneeId })
  }
  if (args.jobGroupId != null) {
    const [g] = rowsOf(await tx.execute(sql`SELECT 1 FROM job_group WHERE id = ${args.jobGroupId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!g) throw fieldError('jobGroupId', 'outbound:pick.errors.jobGroupUnknown', { value: args.jobGroupId })
  }
  const assigned: string[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const t = await loadTask(tx, auth, { id })
    refuseUnlessAllowed(pickingTaskMachine, 'outbound.pickTask.assign', t, auth)
    await tx.execute(sql`UPDATE picking_task SET assignee_id = ${args.assigneeId ?? null}, job_group_id = ${args.jobGroupId ?? null}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
    assigned.push(t.taskNo)
  }
  return assigned
}
const allottedTo = (args: { assigneeId?: number | null; jobGroupId?: number | null }) => (args.assigneeId != null ? `user ${args.assigneeId}` : `group ${args.jobGroupId}`)

defineHandler<AssignTasksArgs>('outbound.pickTask.assign', async ({ tx, auth, args, setSummary }) => {
  const assigned = await assignTasks(tx, auth, args.ids, args)
  setSummary(`${assigned.join(',')} → ${allottedTo(args)}`)
  return { assigned }
})

/** The wave's unclaimed picking tasks allotted at once (wave-picking:assign); the tasks already claimed keep their picker. */
defineHandler<AssignWaveArgs>('outbound.wave.assign', async ({ tx, auth, args, setSummary }): Promise<WaveAssigned> => {
  const [w] = rowsOf(await tx.execute(sql`SELECT id, wave_no, status FROM wave WHERE id = ${args.waveId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
  if (!w) throw notFound('outbound:wave.errors.notFound', { id: args.waveId })
  const waveNo = String(w.wave_no)
  refuseUnlessAllowed(waveMachine, 'outbound.wave.assign', { waveNo, status: n(w.status) }, auth)
  const ids = rowsOf(await tx.execute(sql`SELECT id FROM picking_task WHERE wave_id = ${args.waveId} AND status = ${T.Unclaimed} ORDER BY id`)).map((r) => n(r.id))
  if (!ids.length) throw conflict('outbound:wave.errors.nothingToAssign', { waveNo })
  const assigned = await assignTasks(tx, auth, ids, args)
  setSummary(`${waveNo}: ${assigned.join(',')} → ${allottedTo(args)}`)
  return { waveNo, assigned }
})

defineHandler<z.output<typeof ClaimTaskArgs>>('outbound.pickTask.claim', async ({ tx, auth, args, setSummary }) => {
  const t = await loadTask(tx, auth, { taskNo: args.taskNo })
  refuseUnlessAllowed(pickingTaskMachine, 'outbound.pickTask.claim', t, auth)
  // A task allotted to a job group is claimed by its members only.
  if (t.status === T.Unclaimed && t.jobGroupId != null) {
    if (!(await jobGroupMembership(tx, t.jobGroupId, auth.username))?.member) throw conflict('outbound:pick.errors.notInJobGroup', { taskNo: t.taskNo })
  }
  await tx.execute(sql`
    UPDATE picking_task SET status = ${T.Working}, claimed_by = ${auth.userId}, claimed_at = coalesce(claimed_at, now()),
      cart_code = coalesce(${args.cartCode}, cart_code), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${t.id}`)
  await refreshWave(tx, t.waveId)
  setSummary(`${t.taskNo} claimed${args.cartCode ? ` cart ${args.cartCode}` : ''}`)
  return { taskNo: t.taskNo }
})

// ---------------------------------------------------------------------------------------------
// The picking station: scan location then SKU; short picks

interface TaskLine { id: number; seq: number; orderId: number; orderLineId: number; reservationId: number | null; locationId: number; locationCode: string; skuId: number; skuCode: string; batchNo: string; stockStatus: number; qty: number; picked: number; short: number; orderNo: string; orderStatus: number; lineNo: number }

async function taskLines(q: Queryable, taskId: number): Promise<TaskLine[]> {
  return rowsOf(await q.execute(sql`
    SELECT tl.id, tl.seq, tl.order_id, tl.order_line_id, tl.reservation_id, tl.location_id, l.code AS location_code, tl.sku_id, s.sku_code, tl.batch_no,
      tl.stock_status, tl.qty, tl.picked_qty, tl.short_qty, o.order_no, o.status AS order_status, ol.line_no
    FROM picking_task_line tl JOIN location l ON l.id = tl.location_id JOIN product_sku s ON s.id = tl.sku_id
    JOIN outbound_order o ON o.id = tl.order_id JOIN outbound_order_line ol ON ol.id = tl.order_line_id
    WHERE tl.task_id = ${taskId} ORDER BY tl.seq`)).map((r) => ({
    id: n(r.id), seq: n(r.seq), orderId: n(r.order_id), orderLineId: n(r.order_line_id), reservationId: r.reservation_id == null ? null : n(r.reservation_id),
    locationId: n(r.location_id), locationCode: String(r.location_code), skuId: n(r.sku_id), skuCode: String(r.sku_code), batchNo: String(r.batch_no),
    stockStatus: n(r.stock_status), qty: n(r.qty), picked: n(r.picked_qty), short: n(r.short_qty), orderNo: String(r.order_no), orderStatus: n(r.order_status), lineNo: n(r.line_no),
  }))
}
const remainingOf = (l: TaskLine) => l.qty - l.picked - l.short
const nextOf = (lines: TaskLine[]): PickNext | null => {
  const l = lines.find((x) => remainingOf(x) > 0)
  return l ? { lineId: l.id, seq: l.seq, locationCode: l.locationCode, skuCode: l.skuCode, orderNo: l.orderNo, remaining: remainingOf(l) } : null
}

/**
 * After a pick or a short (the lines already carry it): the task completes when no line is left; orders
 * done picking become ReadyOut. The common scan — the task goes on — touches the task and the wave by the
 * delta only, the wave last, so its row lock (every picker of the wave takes it) is held for the commit only;
 * a task that completes recounts its wave from its tasks and exceptions.
 */
async function afterLineDone(tx: AppTx, auth: AuthContext, t: TaskHead, lines: TaskLine[], delta: { picked: number; short: number }, orderIds: number[]): Promise<{ taskDone: boolean; waveStatus: number; orderReady: string[]; next: PickNext | null }> {
  const next = nextOf(lines)
  await tx.execute(sql`
    UPDATE picking_task SET picked_qty = ${lines.reduce((s, l) => s + l.picked, 0)}, short_qty = ${lines.reduce((s, l) => s + l.short, 0)},
      status = ${next ? T.Working : T.Completed}, completed_at = ${next ? null : sql`now()`}, updated_at = now() WHERE id = ${t.id}`)
  // Only an order with nothing left in this task can have finished picking (its other tasks are checked there).
  const orderReady = await settleOrders(tx, auth, orderIds.filter((id) => !lines.some((l) => l.orderId === id && remainingOf(l) > 0)))
  let waveStatus: number
  if (next) {
    const [w] = rowsOf(await tx.execute(sql`
      UPDATE wave SET picked_qty = picked_qty + ${delta.picked}, short_qty = short_qty + ${delta.short},
        status = CASE WHEN status = ${WaveStatus.ToPick} THEN ${WaveStatus.Picking} ELSE status END, updated_at = now()
      WHERE id = ${t.waveId} RETURNING status`))
    waveStatus = n(w!.status)
  } else waveStatus = await refreshWave(tx, t.waveId)
  return { taskDone: !next, waveStatus, orderReady, next }
}

/**
 * Orders whose every task line is done and every exception processed: picked (ReadyOut 2) when
 * something was picked; with nothing picked at all they leave the wave and wait for stock — in force
 * while they hold some, validated (6) when they hold none.
 */
async function settleOrders(tx: AppTx, auth: AuthContext, orderIds: number[]): Promise<string[]> {
  const ready: string[] = []
  for (const id of [...new Set(orderIds)]) {
    const [o] = rowsOf(await tx.execute(sql`
      SELECT o.order_no, o.status, o.picked_qty,
        EXISTS (SELECT 1 FROM picking_task_line tl WHERE tl.order_id = o.id AND tl.qty > tl.picked_qty + tl.short_qty) AS open_lines,
        EXISTS (SELECT 1 FROM pick_diff d WHERE d.order_id = o.id AND d.status = ${HandlingStatus.Pending}) AS open_diffs
      FROM outbound_order o WHERE o.id = ${id} FOR UPDATE`))
    if (!o || n(o.status) !== OS.Effective || o.open_lines === true || o.open_diffs === true) continue
    if (n(o.picked_qty) > 0) {
      await tx.execute(sql`UPDATE outbound_order SET status = ${OS.ReadyOut}, picked_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
      ready.push(String(o.order_no))
    } else {
      // Nothing picked and nothing held (out of stock): validated again, waiting for stock (spec code 6).
      await tx.execute(sql`UPDATE outbound_order SET wave_no = NULL, status = CASE WHEN allocated_qty > 0 THEN ${OS.Effective}::smallint ELSE ${OS.Approve}::smallint END,
        updated_at = now() WHERE id = ${id}`)
    }
  }
  return ready
}

async function bumpPicked(tx: AppTx, line: TaskLine, qty: number) {
  await tx.execute(sql`UPDATE picking_task_line SET picked_qty = picked_qty + ${qty} WHERE id = ${line.id}`)
  await tx.execute(sql`UPDATE outbound_order_line SET picked_qty = picked_qty + ${qty} WHERE id = ${line.orderLineId}`)
  await tx.execute(sql`UPDATE outbound_order SET picked_qty = picked_qty + ${qty}, updated_at = now() WHERE id = ${line.orderId}`)
}

/** The task at the station: the machine's verdict for this operator, then its lines. */
async function stationTask(tx: AppTx, auth: AuthContext, taskNo: string, command: string): Promise<{ t: TaskHead; lines: TaskLine[] }> {
  const t = await loadTask(tx, auth, { taskNo })
  refuseUnlessAllowed(pickingTaskMachine, command, t, auth)
  return { t, lines: await taskLines(tx, t.id) }
}
const pickableOrder = (l: TaskLine) => {
  if (!PICKABLE_ORDER.includes(l.orderStatus)) throw statusConflict('outbound:pick.errors.orderNotPickable', 'outboundOrderStatus', l.orderStatus, PICKABLE_ORDER, { orderNo: l.orderNo })
}

defineHandler<z.output<typeof PickScanArgs>>('outbound.pick.scan', async ({ tx, auth, args, setSummary }) => {
  const { t, lines } = await stationTask(tx, auth, args.taskNo, 'outbound.pick.scan')
  const next = nextOf(lines)
  const atLocation = lines.filter((l) => l.locationCode.toUpperCase() === args.locationCode && remainingOf(l) > 0)
  if (!atLocation.length) throw new AppError(409, 'outbound:pick.errors.wrongLocation', { locationCode: args.locationCode, expected: next?.locationCode ?? '' }, [{ field: 'locationCode', messageKey: 'outbound:pick.errors.wrongLocation', params: { locationCode: args.locationCode, expected: next?.locationCode ?? '' } }])
  const skuIds = new Set(((await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []).map((h) => h.skuId))
  const line = atLocation.find((l) => skuIds.has(l.skuId))
  if (!line) throw new AppError(409, 'outbound:pick.errors.wrongSku', { code: args.code, locationCode: args.locationCode }, [{ field: 'code', messageKey: 'outbound:pick.errors.wrongSku', params: { code: args.code, locationCode: args.locationCode } }])
  if (args.qty > remainingOf(line)) throw new AppError(409, 'outbound:pick.errors.overPick', { qty: args.qty, remaining: remainingOf(line) }, [{ field: 'qty', messageKey: 'outbound:pick.errors.overPick', params: { qty: args.qty, remaining: remainingOf(line) } }])
  pickableOrder(line)
  // Shelf → picked-goods location; the reservation follows the goods.
  const doc: DocRef = { docType: OUTBOUND_DOC, docNo: line.orderNo, docLine: line.lineNo, reason: 'pick', reasonParams: { taskNo: t.taskNo } }
  await consumeReservation(tx, auth, line.reservationId!, args.qty, doc, opOf(auth))
  const picked = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: await pickedLocation(tx, auth), skuId: line.skuId, batchNo: line.batchNo, stockStatus: line.stockStatus }
  await addStock(tx, picked, args.qty, doc, opOf(auth))
  await reserveStock(tx, picked, args.qty, doc, opOf(auth))
  await bumpPicked(tx, line, args.qty)
  await tx.execute(sql`
    INSERT INTO pick_record (tenant_id, warehouse_id, task_id, task_line_id, qty, scanned_code, cart_code, operator_id, operator_name)
    SELECT ${auth.tenantId}, ${auth.warehouseId}, ${t.id}, ${line.id}, ${args.qty}, ${args.code}, cart_code, ${auth.userId}, ${auth.username} FROM picking_task WHERE id = ${t.id}`)
  line.picked += args.qty
  const after = await afterLineDone(tx, auth, t, lines, { picked: args.qty, short: 0 }, [line.orderId])
  setSummary(`${t.taskNo} ${line.orderNo} ${line.locationCode} ${line.skuCode} +${args.qty}`)
  return { taskNo: t.taskNo, lineId: line.id, picked: args.qty, remaining: remainingOf(line), ...after } satisfies PickResult
})

defineHandler<PickShortArgs>('outbound.pick.short', async ({ tx, auth, args, setSummary }) => {
  const { t, lines } = await stationTask(tx, auth, args.taskNo, 'outbound.pick.short')
  const line = lines.find((l) => l.id === args.lineId)
  if (!line) throw fieldError('lineId', 'outbound:pick.errors.lineNotFound', { lineId: args.lineId })
  if (args.qty > remainingOf(line)) throw new AppError(409, 'outbound:pick.errors.overShort', { qty: args.qty, remaining: remainingOf(line) }, [{ field: 'qty', messageKey: 'outbound:pick.errors.overShort', params: { qty: args.qty, remaining: remainingOf(line) } }])
  const doc: DocRef = { docType: OUTBOUND_DOC, docNo: line.orderNo, docLine: line.lineNo, reason: 'short', reasonParams: { taskNo: t.taskNo } }
  // The missing goods are not allocatable any more: reservation given back, that stock frozen at the shelf.
  await releaseReservation(tx, auth, line.reservationId!, doc, opOf(auth), args.qty)
  const shelf = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: line.locationId, skuId: line.skuId, batchNo: line.batchNo, stockStatus: line.stockStatus }
  await moveStock(tx, shelf, { stockStatus: StockStatus.Frozen }, args.qty, doc, opOf(auth))
  await tx.execute(sql`UPDATE picking_task_line SET short_qty = short_qty + ${args.qty} WHERE id = ${line.id}`)
  await tx.execute(sql`UPDATE outbound_order_line SET allocated_qty = allocated_qty - ${args.qty} WHERE id = ${line.orderLineId}`)
  await tx.execute(sql`UPDATE outbound_order SET allocated_qty = allocated_qty - ${args.qty}, updated_at = now() WHERE id = ${line.orderId}`)
  const diffNo = await nextDocNo(tx, auth, DOC_PREFIX.pickDiff)
  await tx.execute(sql`
    INSERT INTO pick_diff (tenant_id, warehouse_id, diff_no, task_id, task_line_id, order_id, order_line_id, sku_id, location_id, short_qty, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${diffNo}, ${t.id}, ${line.id}, ${line.orderId}, ${line.orderLineId}, ${line.skuId}, ${line.locationId}, ${args.qty}, ${auth.userId})`)
  line.short += args.qty
  const after = await afterLineDone(tx, auth, t, lines, { picked: 0, short: args.qty }, [line.orderId])
  setSummary(`${t.taskNo} short ${line.orderNo} ${line.locationCode} ${line.skuCode} ${args.qty} → ${diffNo}`)
  return { taskNo: t.taskNo, lineId: line.id, picked: 0, remaining: remainingOf(line), diffNo, ...after } satisfies ShortResult
})

defineHandler<z.output<typeof TaskNoArgs>>('outbound.pickTask.complete', async ({ tx, auth, args, setSummary }) => {
  const { t, lines } = await stationTask(tx, auth, args.taskNo, 'outbound.pickTask.complete')
  const next = nextOf(lines)
  if (next) throw conflict('outbound:pick.errors.linesLeft', { taskNo: t.taskNo, count: lines.filter((l) => remainingOf(l) > 0).length, locationCode: next.locationCode })
  const after = await afterLineDone(tx, auth, t, lines, { picked: 0, short: 0 }, lines.map((l) => l.orderId))
  setSummary(`${t.taskNo} completed`)
  return { taskNo: t.taskNo, ...after }
})

// ---------------------------------------------------------------------------------------------
// Pick-diff exceptions

defineHandler<ResolveDiffArgs>('outbound.pickDiff.resolve', async ({ tx, auth, args, setSummary }) => {
  const [d] = rowsOf(await tx.execute(sql`
    SELECT d.*, o.order_no, o.status AS order_status, ol.line_no, t.wave_id, t.pick_mode, t.task_mode FROM pick_diff d
    JOIN outbound_order o ON o.id = d.order_id JOIN outbound_order_line ol ON ol.id = d.order_line_id JOIN picking_task t ON t.id = d.task_id
    WHERE d.id = ${args.id} AND d.tenant_id = ${auth.tenantId} AND d.warehouse_id = ${auth.warehouseId} FOR UPDATE OF d`))
  if (!d) throw notFound('outbound:pickDiff.errors.notFound', { id: args.id })
  refuseUnlessAllowed(pickDiffMachine, 'outbound.pickDiff.resolve', { diffNo: String(d.diff_no), status: n(d.status) }, auth)
  const orderId = n(d.order_id)
  const orderNo = String(d.order_no)
  const short = n(d.short_qty)
  let resolved = 0
  let taskNo: string | null = null
  if (args.resolution !== 'outOfStock' && !PICKABLE_ORDER.includes(n(d.order_status))) throw statusConflict('outbound:pick.errors.orderNotPickable', 'outboundOrderStatus', n(d.order_status), PICKABLE_ORDER, { orderNo })
  if (args.resolution === 'reissue') {
    // Spec section 5: reissue above 0 and not above the quantity to pick.
    if (args.qty! > short) throw new AppError(400, 'outbound:pickDiff.errors.reissueTooMany', { qty: args.qty, short }, [{ field: 'qty', messageKey: 'outbound:pickDiff.errors.reissueTooMany', params: { qty: args.qty, short } }])
    const [line] = rowsOf(await tx.execute(sql`SELECT batch_no, stock_status FROM picking_task_line WHERE id = ${d.task_line_id}`))
    const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: n(d.location_id), skuId: n(d.sku_id), batchNo: String(line!.batch_no) }
    const doc: DocRef = { docType: OUTBOUND_DOC, docNo: orderNo, docLine: n(d.line_no), reason: 'reissue', reasonParams: { diffNo: String(d.diff_no) } }
    // Found after all: unfrozen at the shelf and reserved for the order line again.
    await moveStock(tx, { ...key, stockStatus: StockStatus.Frozen }, { stockStatus: n(line!.stock_status) }, args.qty!, doc, opOf(auth))
    await reserveStock(tx, { ...key, stockStatus: n(line!.stock_status) }, args.qty!, doc, opOf(auth))
    await tx.execute(sql`UPDATE outbound_order_line SET allocated_qty = allocated_qty + ${args.qty!} WHERE id = ${d.order_line_id}`)
    await tx.execute(sql`UPDATE outbound_order SET allocated_qty = allocated_qty + ${args.qty!} WHERE id = ${orderId}`)
    resolved = args.qty!
  } else if (args.resolution === 'reallocate') {
    const r = await allocateOrder(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username }, orderId, await strategyFor(tx, auth, 2))
    if (r.reserved === 0) throw conflict('outbound:pickDiff.errors.noStock', { diffNo: d.diff_no, orderNo })
    resolved = Math.min(r.reserved, short)
  }
  if (resolved > 0) {
    const lines = await unpickedReservations(tx, auth, [orderId])
    if (lines.length) taskNo = await insertTask(tx, auth, n(d.wave_id), n(d.pick_mode), String(d.task_mode), lines)
  }
  await tx.execute(sql`
    UPDATE pick_diff SET status = ${HandlingStatus.Processed}, resolution = ${args.resolution}, resolved_qty = ${resolved}, resolved_by = ${auth.userId},
      resolved_by_name = ${auth.username}, resolved_at = now(), remark = ${args.remark}, updated_at = now() WHERE id = ${args.id}`)
  const orderReady = await settleOrders(tx, auth, [orderId])
  const waveStatus = await refreshWave(tx, n(d.wave_id))
  setSummary(`${String(d.diff_no)} ${args.resolution} ${resolved}/${short} ${orderNo}${taskNo ? ` → ${taskNo}` : ''}`)
  return { diffNo: String(d.diff_no), resolution: args.resolution, resolvedQty: resolved, taskNo, orderReady, waveStatus }
})

// ---------------------------------------------------------------------------------------------
// The wave's picking list (spec section 5: "one wave list printed at a time"): every task's lines in
// path order (the task's route), SKU, quantity (picked so far) and the orders they are for, as a PDF
// through the label mechanism's list renderer. Texts in the caller's language — except Chinese, which
// the standard PDF font cannot draw: those sheets are in English (as the face sheets are).

/** Most order numbers a picking list row names (then "+N"). */
const LIST_ORDER_NOS = 2

async function waveListDocument(q: Queryable, scope: Scope, key: { id?: number; waveNo?: string }, lang: Language, printedBy: string): Promise<{ id: number; waveNo: string; status: number; doc: ListDocument }> {
  const [w] = rowsOf(await q.execute(sql`
    SELECT w.id, w.wave_no, w.status, w.order_count, w.qty, (SELECT count(*)::int FROM picking_task t WHERE t.wave_id = w.id) AS tasks
    FROM wave w WHERE w.tenant_id = ${scope.tenantId} AND w.warehouse_id = ${scope.warehouseId}
      AND ${key.id != null ? sql`w.id = ${key.id}` : sql`w.wave_no = ${key.waveNo ?? ''}`}`))
  if (!w) throw notFound('outbound:wave.errors.notFound', { waveNo: key.waveNo ?? key.id })
  const lines = rowsOf(await q.execute(sql`
    SELECT t.task_no, t.cart_code, coalesce(cu.username, au.username, g.name) AS picker, tl.seq, l.code AS location, s.sku_code, tl.batch_no,
      tl.qty, tl.picked_qty, o.order_no
    FROM picking_task t JOIN picking_task_line tl ON tl.task_id = t.id JOIN location l ON l.id = tl.location_id
    JOIN product_sku s ON s.id = tl.sku_id JOIN outbound_order o ON o.id = tl.order_id
    LEFT JOIN app_user cu ON cu.id = t.claimed_by LEFT JOIN app_user au ON au.id = t.assignee_id LEFT JOIN job_group g ON g.id = t.job_group_id
    WHERE t.wave_id = ${n(w.id)} ORDER BY t.task_no, tl.seq`))
  // One row per stop: consecutive lines of a task at the same location, SKU and batch (one per order line) together.
  type Stop = { taskNo: string; picker: string; location: string; sku: string; batch: string; qty: number; picked: number; orders: string[] }
  const stops: Stop[] = []
  for (const r of lines) {
    const last = stops.at(-1)
    const stop = { taskNo: String(r.task_no), location: String(r.location), sku: String(r.sku_code), batch: String(r.batch_no ?? '') }
    if (last && last.taskNo === stop.taskNo && last.location === stop.location && last.sku === stop.sku && last.batch === stop.batch) {
      last.qty += n(r.qty); last.picked += n(r.picked_qty)
      if (!last.orders.includes(String(r.order_no))) last.orders.push(String(r.order_no))
      continue
    }
    const picker = [r.picker, r.cart_code].filter((x) => x != null && x !== '').join(' / ')
    stops.push({ ...stop, picker, qty: n(r.qty), picked: n(r.picked_qty), orders: [String(r.order_no)] })
  }
  const pdfLang: Language = lang === 'zh' ? 'en' : lang
  const L = (k: string, params?: Record<string, unknown>) => translate(pdfLang, `outbound-picking-ui:list.${k}`, params)
  const none = L('none')
  const ordersOf = (o: string[]) => (o.length > LIST_ORDER_NOS ? `${o.slice(0, LIST_ORDER_NOS).join(', ')} +${o.length - LIST_ORDER_NOS}` : o.join(', '))
  const waveNo = String(w.wave_no)
  const doc: ListDocument = {
    title: `${L('title')} ${waveNo}`,
    code: waveNo,
    facts: [L('facts', {
      waveNo, status: translate(pdfLang, dictLabelKey('waveStatus', String(w.status))), orders: n(w.order_count), qty: n(w.qty), tasks: n(w.tasks),
      printedAt: formatTime(new Date()), user: printedBy,
    })],
    columns: [
      { title: L('columns.seq'), width: 3, right: true }, { title: L('columns.taskNo'), width: 13 }, { title: L('columns.picker'), width: 9 },
      { title: L('columns.location'), width: 11 }, { title: L('columns.sku'), width: 20 }, { title: L('columns.batch'), width: 6 },
      { title: L('columns.qty'), width: 5, right: true }, { title: L('columns.picked'), width: 7, right: true }, { title: L('columns.orders'), width: 26 },
    ],
    rows: stops.map((x, i) => [String(i + 1), x.taskNo, x.picker || none, x.location, x.sku, x.batch || none, String(x.qty), String(x.picked), ordersOf(x.orders)]),
    footer: (page, pages) => `${waveNo} · ${L('page', { page, pages })}`,
  }
  return { id: n(w.id), waveNo, status: n(w.status), doc }
}

/**
 * Print the wave's picking list: on the printer named, else print setup's picking-list printer; a PDF
 * printer (a thermal ZPL printer cannot print a sheet), enabled and connected ("printer not connected").
 * The print job is recorded (print_job) and the wave counts its printed lists.
 */
defineHandler<PrintWaveListArgs>('outbound.wave.printList', async ({ tx, auth, args, lang, setSummary }): Promise<WaveListPrinted> => {
  const [id] = args.ids
  const [head] = rowsOf(await tx.execute(sql`SELECT wave_no, status FROM wave WHERE id = ${id!} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
  if (!head) throw notFound('outbound:wave.errors.notFound', { id })
  refuseUnlessAllowed(waveMachine, 'outbound.wave.printList', { waveNo: String(head.wave_no), status: n(head.status) }, auth)
  const [setting] = rowsOf(await tx.execute(sql`SELECT printer_id FROM print_setting WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_kind = 'pickingList'`))
  const printerId = args.printerId ?? (setting ? n(setting.printer_id) : null)
  if (!printerId) throw badRequest('outbound:wave.errors.noPrinter', {}, [{ field: 'printerId', messageKey: 'outbound:wave.errors.noPrinter' }])
  const [printer] = rowsOf(await tx.execute(sql`SELECT id, code, format, paper, connected, status FROM printer
    WHERE id = ${printerId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!printer) throw badRequest('outbound-label:errors.printerNotFound', { id: printerId }, [{ field: 'printerId', messageKey: 'outbound-label:errors.printerNotFound', params: { id: printerId } }])
  if (n(printer.status) !== 1) throw conflict('outbound-label:errors.printerDisabled', { printer: String(printer.code) })
  if (printer.connected !== true) throw conflict('outbound-label:errors.printerNotConnected', { printer: String(printer.code) })
  if (String(printer.format) !== 'pdf') throw conflict('outbound:wave.errors.printerNotPdf', { printer: String(printer.code) })
  const { waveNo, doc } = await waveListDocument(tx, auth, { id }, lang, auth.username)
  const { bytes, pages } = await renderListPdf(doc, listPaperOf(String(printer.paper)))
  const [job] = rowsOf(await tx.execute(sql`
    INSERT INTO print_job (tenant_id, warehouse_id, printer_id, doc_kind, format, doc_refs, label_count, bytes, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${n(printer.id)}, 'pickingList', 'pdf', ${waveNo}, ${pages}, ${bytes.length}, ${auth.userId}) RETURNING id`))
  await tx.execute(sql`UPDATE wave SET list_printed_count = list_printed_count + 1, list_printed_at = now() WHERE id = ${id!}`)
  setSummary(`picking list ${waveNo} (${pages} p.) → ${String(printer.code)}`)
  return { waveNo, printer: String(printer.code), jobId: n(job!.id), pages, bytes: bytes.length, url: PICKING_API.waveList(waveNo) }
})

// ---------------------------------------------------------------------------------------------
// Reads

const w = wave
export const WAVE_LIST = {
  table: w,
  select: {
    id: w.id, waveNo: w.waveNo, status: w.status, ruleId: w.ruleId, ruleName: sql<string | null>`(SELECT name FROM wave_rule r WHERE r.id = ${outer(w.ruleId)})`.as('ruleName'),
    pickMode: w.pickMode, taskMode: w.taskMode, orderCount: w.orderCount, skuCount: w.skuCount, qty: w.qty, pickedQty: w.pickedQty, shortQty: w.shortQty,
    taskCount: sql<number>`(SELECT count(*)::int FROM picking_task t WHERE t.wave_id = ${outer(w.id)})`.as('taskCount'),
    pickedAt: w.pickedAt, createdAt: w.createdAt,
  },
  scope: { tenant: w.tenantId, warehouse: w.warehouseId },
  key: w.id,
  sortable: { waveNo: w.waveNo, status: w.status, qty: w.qty, createdAt: w.createdAt, id: w.id },
  defaultSort: 'createdAt:desc',
  filters: {
    waveNo: { type: 'text', column: w.waveNo },
    status: { type: 'enum', column: w.status, values: DICTIONARIES.waveStatus.map((e) => e.value) },
    pickMode: { type: 'enum', column: w.pickMode, values: DICTIONARIES.pickMode.map((e) => e.value) },
    createdAt: { type: 'dateRange', column: w.createdAt },
  },
  searchSortCap: 0,
} satisfies ListDef

const t = pickingTask
/** Most order numbers a picking task row lists (its order count says how many there are). */
export const TASK_ORDER_NOS = 5
export const taskList = (s: OutboundSettings) => ({
  table: t,
  select: {
    id: t.id, taskNo: t.taskNo, status: t.status, waveId: t.waveId, waveNo: sql<string>`(SELECT wave_no FROM wave x WHERE x.id = ${outer(t.waveId)})`.as('waveNo'),
    pickMode: t.pickMode, taskMode: t.taskMode, qty: t.qty, pickedQty: t.pickedQty, shortQty: t.shortQty, cartCode: t.cartCode,
    claimedBy: t.claimedBy, claimedByName: sql<string | null>`(SELECT username FROM app_user u WHERE u.id = ${outer(t.claimedBy)})`.as('claimedByName'),
    assigneeId: t.assigneeId, assigneeName: sql<string | null>`(SELECT username FROM app_user u WHERE u.id = ${outer(t.assigneeId)})`.as('assigneeName'),
    jobGroupId: t.jobGroupId, jobGroupName: sql<string | null>`(SELECT name FROM job_group g WHERE g.id = ${outer(t.jobGroupId)})`.as('jobGroupName'),
    // The task's orders: how many, and the first TASK_ORDER_NOS of their numbers (a bulk task can hold hundreds).
    orderCount: sql<number>`(SELECT count(DISTINCT l.order_id)::int FROM picking_task_line l WHERE l.task_id = ${outer(t.id)})`.as('orderCount'),
    orderNos: sql<string | null>`(SELECT string_agg(x.order_no, ', ' ORDER BY x.order_no) FROM (SELECT DISTINCT o.order_no FROM picking_task_line l
      JOIN outbound_order o ON o.id = l.order_id WHERE l.task_id = ${outer(t.id)} ORDER BY o.order_no LIMIT ${TASK_ORDER_NOS}) x)`.as('orderNos'),
    claimedAt: t.claimedAt, completedAt: t.completedAt, createdAt: t.createdAt,
    timedOut: sql<boolean>`(${t.status} <> ${T.Completed} AND ${timedOutSql(t.createdAt, s.pickingTimeoutHours)})`.as('timedOut'),
    notIssued: sql<boolean>`(${t.status} <> ${T.Completed} AND ${timedOutSql(t.createdAt, s.notIssuedDays * 24)})`.as('notIssued'),
  },
  scope: { tenant: t.tenantId, warehouse: t.warehouseId },
  key: t.id,
  sortable: { taskNo: t.taskNo, status: t.status, qty: t.qty, createdAt: t.createdAt, id: t.id },
  defaultSort: 'createdAt:desc',
  filters: {
    taskNo: { type: 'text', column: t.taskNo },
    status: { type: 'enum', column: t.status, values: DICTIONARIES.taskClaimStatus.map((e) => e.value) },
    // The pair's matching waves as an id set (a semi-join), not an ILIKE over a wave_no subquery per task (issue 19).
    waveNo: {
      type: 'text', column: sql`(SELECT wave_no FROM wave x WHERE x.id = ${t.waveId})`,
      match: (p, auth) => sql`${t.waveId} IN (SELECT x.id FROM wave x WHERE x.tenant_id = ${auth.tenantId} AND x.warehouse_id = ${auth.warehouseId} AND x.wave_no ILIKE ${p})`,
    },
    mine: { type: 'enum', column: sql`(${t.claimedBy} IS NOT NULL)::text`, values: ['true', 'false'] },
    createdAt: { type: 'dateRange', column: t.createdAt },
  },
  searchSortCap: 0,
} satisfies ListDef)
const TASK_SHAPE = taskList({ pickedLocationId: null, pickingTimeoutHours: 24, pickingSendingTimeoutHours: 48, notIssuedDays: 15, pickingRoute: 'corner' })

const d = pickDiff
export const DIFF_LIST = {
  table: d,
  select: {
    id: d.id, diffNo: d.diffNo, status: d.status, shortQty: d.shortQty, resolution: d.resolution, resolvedQty: d.resolvedQty, resolvedByName: d.resolvedByName,
    resolvedAt: d.resolvedAt, remark: d.remark, createdAt: d.createdAt,
    orderNo: sql<string>`(SELECT order_no FROM outbound_order o WHERE o.id = ${outer(d.orderId)})`.as('orderNo'),
    taskNo: sql<string>`(SELECT task_no FROM picking_task x WHERE x.id = ${outer(d.taskId)})`.as('taskNo'),
    skuCode: sql<string>`(SELECT sku_code FROM product_sku s WHERE s.id = ${outer(d.skuId)})`.as('skuCode'),
    locationCode: sql<string>`(SELECT code FROM location l WHERE l.id = ${outer(d.locationId)})`.as('locationCode'),
  },
  scope: { tenant: d.tenantId, warehouse: d.warehouseId },
  key: d.id,
  sortable: { diffNo: d.diffNo, status: d.status, createdAt: d.createdAt, id: d.id },
  defaultSort: 'createdAt:desc',
  filters: {
    diffNo: { type: 'text', column: d.diffNo },
    status: { type: 'enum', column: d.status, values: DICTIONARIES.handlingStatus.map((e) => e.value) },
    createdAt: { type: 'dateRange', column: d.createdAt },
  },
  searchSortCap: 0,
} satisfies ListDef

async function taskDetail(q: Queryable, auth: AuthContext, taskNo: string) {
  const s = await outboundSettings(q, auth)
  const [head] = await (q.select(taskList(s).select as never).from(t).where(sql`${t.tenantId} = ${auth.tenantId} AND ${t.warehouseId} = ${auth.warehouseId} AND ${t.taskNo} = ${taskNo}`) as Promise<Record<string, unknown>[]>)
  if (!head) throw notFound('outbound:pick.errors.taskNotFound', { taskNo })
  const lines = await taskLines(q, n(head.id))
  return {
    task: head,
    lines: lines.map((l) => ({ id: l.id, seq: l.seq, orderNo: l.orderNo, locationCode: l.locationCode, skuCode: l.skuCode, batchNo: l.batchNo, qty: l.qty, pickedQty: l.picked, shortQty: l.short, remaining: remainingOf(l) })),
    next: nextOf(lines),
    records: rowsOf(await q.execute(sql`
      SELECT r.id, r.qty, r.scanned_code AS "scannedCode", r.cart_code AS "cartCode", r.operator_name AS "operatorName", r.created_at AS "createdAt", tl.seq
      FROM pick_record r JOIN picking_task_line tl ON tl.id = r.task_line_id WHERE r.task_id = ${head.id} ORDER BY r.id DESC LIMIT 200`)),
  }
}

/**
 * "Go to document" for a numbered document of the pair: its number, status label and page; `cart`: also by
 * the cart (container) code it was picked into, as the operator reads it off the cart (whole or in part;
 * exact first, then newest first).
 */
function lookupByNumber(o: { type: string; titleKey: string; prefix: string; permission: string; table: 'wave' | 'picking_task' | 'pick_diff'; column: 'wave_no' | 'task_no' | 'diff_no'; dict: 'waveStatus' | 'taskClaimStatus' | 'handlingStatus'; path: (no: string) => string; opens: DocumentPage; cart?: boolean }) {
  registerDocumentLookup({
    type: o.type, titleKey: o.titleKey, prefixes: [o.prefix], permission: o.permission, group: 'document', opens: o.opens, ...(o.cart ? { alsoBy: ['containerCode'] as const } : {}),
    async search(db, auth, q, limit, lang) {
      const term = q.trim().toUpperCase()
      const col = sql.identifier(o.column)
      const cart = o.cart ? sql`upper(cart_code)` : sql`NULL`
      return rowsOf(await db.execute(sql`
        SELECT id, ${col} AS no, status, ${cart} AS cart FROM ${sql.identifier(o.table)} WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
          AND (${col} ILIKE ${containsPattern(term)} OR ${cart} LIKE ${containsPattern(term)})
        ORDER BY (${col} = ${term} OR ${cart} = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => {
        const cartCode = !String(r.no).includes(term) && r.cart != null ? String(r.cart) : null
        return {
          type: o.type, id: n(r.id), number: String(r.no), status: n(r.status), ...(cartCode ? { matched: cartCode, matchedBy: 'containerCode' as const } : {}),
          title: `${translate(lang, o.titleKey)} · ${translate(lang, dictLabelKey(o.dict, String(r.status)))}${cartCode ? ` · ${matchedText(lang, 'containerCode', cartCode)}` : ''}`, path: o.path(String(r.no)),
        }
      })
    },
  })
}
lookupByNumber({ type: 'wave', titleKey: 'outbound:wave.document', prefix: DOC_PREFIX.wave, permission: P.waveView, table: 'wave', column: 'wave_no', dict: 'waveStatus', path: waveDetailsPath,
  opens: { path: '/stock-out/ToC/wave-picking/details?waveNo={no}', testId: 'wave-details' } })
lookupByNumber({ type: 'pickingTask', titleKey: 'outbound:pick.document', prefix: DOC_PREFIX.pickingTask, permission: P.taskView, table: 'picking_task', column: 'task_no', dict: 'taskClaimStatus', path: pickingStationPath,
  opens: { path: '/stock-out/ToC/pickingtasks?task={no}', testId: 'picking-task' }, cart: true })
lookupByNumber({ type: 'pickDiff', titleKey: 'outbound:pickDiff.document', prefix: DOC_PREFIX.pickDiff, permission: P.diffView, table: 'pick_diff', column: 'diff_no', dict: 'handlingStatus', path: pickDiffPath,
  opens: { path: '/stock-out-abnormal/pick-diff?diffNo={no}', testId: 'pick-diff-doc' } })

export function pickingRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: PICKING_API.waves, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.waveView,
      summary: 'Waves of the current warehouse and tenant (filters: number, status, pick mode, created range)',
      query: listQuerySchema(WAVE_LIST), handler: async ({ query, auth }) => runList(db, WAVE_LIST, query, auth),
    }),
    defineRoute({
      method: 'GET', url: PICKING_API.generatePreview, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.waveCreate,
      summary: 'Dry run of generating waves by rule in the current warehouse and tenant: how many orders it would wave into how many waves now (nothing written)',
      query: z.object({ ruleId: z.coerce.number().int().positive().optional() }),
      handler: async ({ query, auth }) => {
        const plan = await planWaves(db, auth, query.ruleId, false)
        const orders = plan.waves.reduce((s, w) => s + w.orders.length, 0)
        return { orders, waves: plan.waves.length, skipped: plan.candidates - orders } satisfies GeneratePreview
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/waves/by-no/:waveNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.waveView,
      summary: 'One wave: header, its orders and its picking tasks',
      params: z.object({ waveNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const [head] = await (db.select(WAVE_LIST.select as never).from(w).where(sql`${w.tenantId} = ${auth.tenantId} AND ${w.warehouseId} = ${auth.warehouseId} AND ${w.waveNo} = ${params.waveNo.toUpperCase()}`) as Promise<Record<string, unknown>[]>)
        if (!head) throw notFound('outbound:wave.errors.notFound', { waveNo: params.waveNo })
        const s = await outboundSettings(db, auth)
        const tasks = await (db.select(taskList(s).select as never).from(t).where(sql`${t.waveId} = ${n(head.id)}`).orderBy(t.taskNo) as Promise<Record<string, unknown>[]>)
        const orders = rowsOf(await db.execute(sql`
          SELECT id, order_no AS "orderNo", status, platform, expected_qty AS "expectedQty", allocated_qty AS "allocatedQty", picked_qty AS "pickedQty"
          FROM outbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND wave_no = ${String(head.waveNo)} ORDER BY id`))
        return { wave: head, tasks, orders }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/waves/by-no/:waveNo/picking-list.pdf', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.taskPrint,
      summary: "A wave's picking list as a PDF: every task's stops in path order — location, SKU, batch, quantity, picked, orders (one wave at a time)",
      params: z.object({ waveNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth, raw }, reply) => {
        const { waveNo, status, doc } = await waveListDocument(db, auth, { waveNo: params.waveNo.toUpperCase() }, raw.lang, auth.username)
        refuseUnlessAllowed(waveMachine, 'outbound.wave.printList', { waveNo, status }, auth)
        const { bytes, pages } = await renderListPdf(doc)
        return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="picking-list-${waveNo}.pdf"`)
          .header('x-page-count', String(pages)).send(Buffer.from(bytes))
      },
    }),
    defineRoute({
      method: 'GET', url: PICKING_API.tasks, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.taskView,
      summary: 'Picking tasks (filters: number, status, wave, claimed, created range), with the picking and 15-day not-issued timeout flags',
      query: listQuerySchema(TASK_SHAPE), handler: async ({ query, auth }) => runList(db, taskList(await outboundSettings(db, auth)), query, auth),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/picking-tasks/by-no/:taskNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.taskView,
      summary: 'One picking task: header, lines in route order, the next line to pick, pick records',
      params: z.object({ taskNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => taskDetail(db, auth, params.taskNo.toUpperCase()),
    }),
    defineRoute({
      method: 'GET', url: PICKING_API.assignees, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.taskAssign,
      summary: 'Who picking tasks may be allotted to: the users of the current warehouse and tenant — pickers (who may pick) first — and its job groups',
      handler: async ({ auth }) => ({
        users: rowsOf(await db.execute(sql`
          SELECT u.id, u.username, u.employee_name AS name,
            EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id AND r.status = 1 JOIN role_menu rm ON rm.role_id = ur.role_id
                    JOIN menu m ON m.id = rm.menu_id WHERE ur.user_id = u.id AND m.authority = ${P.pick}) AS picker
          FROM app_user u JOIN user_access uw ON uw.user_id = u.id
          WHERE uw.tenant_id = ${auth.tenantId} AND uw.warehouse_id = ${auth.warehouseId} ORDER BY picker DESC, u.username`)),
        jobGroups: rowsOf(await db.execute(sql`SELECT id, name FROM job_group WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} ORDER BY name`)),
      }),
    }),
    defineRoute({
      method: 'GET', url: PICKING_API.diffs, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.diffView,
      summary: 'Pick-diff exceptions (short picks): pending and processed',
      query: listQuerySchema(DIFF_LIST), handler: async ({ query, auth }) => runList(db, DIFF_LIST, query, auth),
    }),
  ]
}

