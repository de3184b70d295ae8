// Sorting and the sorting wall (issue 13 §1; commands in commands/outbound-sorting.ts, one transaction
// each; machine in src/domain/states/sorting-task.ts, asked before every move).
//
// A sorting task (FJ…) takes picked bulk picking tasks — merge sorting at least 2, rest sorting exactly
// one (spec section 5). Each task is one container on the wall's side (its cart code, else its number);
// each order of them gets a slot (1…n). An order must be picked (ReadyOut) and have all its picked goods
// in the chosen tasks (an order spread over tasks is merge-sorted with all of them), so a slot is
// complete exactly when its order is: then outbound_order.sort_slot / sorted_at are set (the review
// station reads them).
//
// On the ledger: nothing moves. The wall stands in the picked-goods area, so the goods stay at the
// picked-goods location, reserved for their order line as picking left them; sorting records container →
// slot (sorting_line counts, sort_record rows). Review and packing take them from there.
//
// Two operators on one wall: a put locks the candidate sorting_line rows (FOR UPDATE) and re-reads
// them, then the slot, the order and the task, always in that order; a line never goes above its
// quantity (the UPDATE's guard and the table's CHECK back the count up).
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, type RouteDef } from '../../http/route'
import { listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed, statusConflict } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { resolveCodes } from '../inbound/orders'
import { registerDocumentLookup, containsPattern, matchedText } from '../search/registry'
import { translate } from '../../i18n'
import { sortingTask } from '../../db/schema/index'
import { SORTABLE_ORDER, SORTABLE_PICKING_TASK, sortingTaskMachine } from '../../../domain/states/sorting-task'
import { DICTIONARIES, dictLabelKey, OutboundOrderStatus, TaskClaimStatus } from '../../../domain/dictionaries'
import {
  MergeSortArgs, RestSortArgs, SortPutArgs, SortTaskIdsArgs, SORTING_API, SORTING_PERMISSIONS as P, sortingStationPath,
  type PutResult, type SlotFor, type SortMade,
} from '../../../../commands/outbound-sorting'

type Scope = { tenantId: number; warehouseId: number }
const T = TaskClaimStatus
const n = (v: unknown) => Number(v)
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`
/** A refusal naming the field it is about (the station shows it; forms mark the field). */
const refusal = (status: number, field: string, key: string, params: Record<string, unknown>) => new AppError(status, key, params, [{ field, messageKey: key, params }])

// ---------------------------------------------------------------------------------------------
// Making a sorting task

async function makeSorting(tx: AppTx, auth: AuthContext, kind: 'merge' | 'rest', rawIds: readonly number[]): Promise<SortMade> {
  const ids = [...new Set(rawIds)].sort((a, b) => a - b)
  if (kind === 'merge' && ids.length < 2) throw fieldError('pickingTaskIds', 'outbound-sorting:errors.mergeMin')
  // The picking tasks, locked: two sorting tasks made at once over one picking task — the second waits and is refused.
  const tasks = rowsOf(await tx.execute(sql`
    SELECT id, task_no, task_mode, status, cart_code, picked_qty FROM picking_task
    WHERE id = ANY(${intArray(ids)}) AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} ORDER BY id FOR UPDATE`))
  const missing = ids.find((id) => !tasks.some((r) => n(r.id) === id))
  if (missing !== undefined) throw notFound('outbound-sorting:errors.pickTaskNotFound', { id: missing })
  for (const r of tasks) {
    const taskNo = String(r.task_no)
    if (r.task_mode !== 'bulk') throw conflict('outbound-sorting:errors.notBulk', { taskNo })
    if (!SORTABLE_PICKING_TASK.includes(n(r.status))) throw statusConflict('outbound-sorting:errors.notPicked', 'taskClaimStatus', n(r.status), SORTABLE_PICKING_TASK, { taskNo })
    if (n(r.picked_qty) === 0) throw conflict('outbound-sorting:errors.nothingPicked', { taskNo })
  }
  const [taken] = rowsOf(await tx.execute(sql`
    SELECT p.task_no, s.task_no AS sort_no FROM sorting_container c JOIN sorting_task s ON s.id = c.sorting_task_id JOIN picking_task p ON p.id = c.picking_task_id
    WHERE c.picking_task_id = ANY(${intArray(ids)}) LIMIT 1`))
  if (taken) throw conflict('outbound-sorting:errors.alreadySorting', { taskNo: taken.task_no, sortNo: taken.sort_no })
  // Containers: the cart, else the task number; one code once on a wall and on one open wall at a time.
  const containers = tasks.map((r) => ({ pickingTaskId: n(r.id), code: String(r.cart_code ?? '').trim().toUpperCase() || String(r.task_no) }))
  const seen = new Set<string>()
  for (const c of containers) {
    if (seen.has(c.code)) throw conflict('outbound-sorting:errors.containerTwice', { containerCode: c.code })
    seen.add(c.code)
  }
  const [busy] = rowsOf(await tx.execute(sql`
    SELECT c.container_code, s.task_no FROM sorting_container c JOIN sorting_task s ON s.id = c.sorting_task_id
    WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND s.status <> ${T.Completed}
      AND upper(c.container_code) = ANY(${sql`${`{${[...seen].map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[]`}) LIMIT 1`))
  if (busy) throw conflict('outbound-sorting:errors.containerBusy', { containerCode: busy.container_code, sortNo: busy.task_no })

  // What each container holds for each order: picked units per (picking task, order, SKU).
  const picked = rowsOf(await tx.execute(sql`
    SELECT task_id, order_id, sku_id, sum(picked_qty)::int AS qty FROM picking_task_line
    WHERE task_id = ANY(${intArray(ids)}) AND picked_qty > 0 GROUP BY task_id, order_id, sku_id ORDER BY order_id, task_id, sku_id`))
  const orderIds = [...new Set(picked.map((r) => n(r.order_id)))]
  const orders = rowsOf(await tx.execute(sql`
    SELECT id, order_no, status FROM outbound_order WHERE id = ANY(${intArray(orderIds)}) ORDER BY id FOR UPDATE`))
  for (const o of orders) {
    if (!SORTABLE_ORDER.includes(n(o.status))) throw statusConflict('outbound-sorting:errors.orderNotPicked', 'outboundOrderStatus', n(o.status), SORTABLE_ORDER, { orderNo: o.order_no })
  }
  const [elsewhere] = rowsOf(await tx.execute(sql`
    SELECT o.order_no, t.task_no FROM picking_task_line tl JOIN picking_task t ON t.id = tl.task_id JOIN outbound_order o ON o.id = tl.order_id
    WHERE tl.order_id = ANY(${intArray(orderIds)}) AND tl.picked_qty > 0 AND NOT (tl.task_id = ANY(${intArray(ids)})) ORDER BY o.id, t.id LIMIT 1`))
  if (elsewhere) throw conflict('outbound-sorting:errors.orderElsewhere', { orderNo: elsewhere.order_no, taskNo: elsewhere.task_no })
  const [slotted] = rowsOf(await tx.execute(sql`
    SELECT o.order_no, s.task_no FROM sorting_slot x JOIN sorting_task s ON s.id = x.sorting_task_id JOIN outbound_order o ON o.id = x.order_id
    WHERE x.order_id = ANY(${intArray(orderIds)}) LIMIT 1`))
  if (slotted) throw conflict('outbound-sorting:errors.orderSorting', { orderNo: slotted.order_no, sortNo: slotted.task_no })

  const sortNo = await nextDocNo(tx, auth, DOC_PREFIX.sortingTask)
  const qty = picked.reduce((s, r) => s + n(r.qty), 0)
  const [st] = rowsOf(await tx.execute(sql`
    INSERT INTO sorting_task (tenant_id, warehouse_id, task_no, kind, slot_count, qty, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${sortNo}, ${kind}, ${orders.length}, ${qty}, ${auth.userId}, ${auth.userId}) RETURNING id`))
  const sortId = n(st!.id)
  const containerIds = new Map<number, number>()
  for (const c of containers) {
    const [r] = rowsOf(await tx.execute(sql`
      INSERT INTO sorting_container (sorting_task_id, tenant_id, warehouse_id, picking_task_id, container_code)
      VALUES (${sortId}, ${auth.tenantId}, ${auth.warehouseId}, ${c.pickingTaskId}, ${c.code}) RETURNING id`))
    containerIds.set(c.pickingTaskId, n(r!.id))
  }
  // Slots in order-id order (the order the orders came into the wave).
  const slotIds = new Map<number, number>()
  for (const [i, o] of orders.entries()) {
    const orderQty = picked.filter((r) => n(r.order_id) === n(o.id)).reduce((s, r) => s + n(r.qty), 0)
    const [r] = rowsOf(await tx.execute(sql`
      INSERT INTO sorting_slot (sorting_task_id, tenant_id, warehouse_id, slot_no, order_id, qty)
      VALUES (${sortId}, ${auth.tenantId}, ${auth.warehouseId}, ${i + 1}, ${n(o.id)}, ${orderQty}) RETURNING id`))
    slotIds.set(n(o.id), n(r!.id))
  }
  const values = picked.map((r) => sql`(${sortId}, ${containerIds.get(n(r.task_id))!}, ${slotIds.get(n(r.order_id))!}, ${n(r.sku_id)}, ${n(r.qty)})`)
  await tx.execute(sql`INSERT INTO sorting_line (sorting_task_id, sorting_container_id, sorting_slot_id, sku_id, qty) VALUES ${sql.join(values, sql`, `)}`)
  return { sortNo, id: sortId, kind, slots: orders.length, qty, containers: containers.map((c) => c.code) }
}

defineHandler<MergeSortArgs>('outbound.sortTask.merge', async ({ tx, auth, args, setSummary }) => {
  const r = await makeSorting(tx, auth, 'merge', args.pickingTaskIds)
  setSummary(`${r.sortNo} merge ${r.containers.join(',')} slots=${r.slots}`)
  return r
})
defineHandler<RestSortArgs>('outbound.sortTask.rest', async ({ tx, auth, args, setSummary }) => {
  const r = await makeSorting(tx, auth, 'rest', args.pickingTaskIds)
  setSummary(`${r.sortNo} rest ${r.containers.join(',')} slots=${r.slots}`)
  return r
})

defineHandler<SortTaskIdsArgs>('outbound.sortTask.cancel', async ({ tx, auth, args, setSummary }) => {
  const cancelled: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const [s] = rowsOf(await tx.execute(sql`SELECT id, task_no, status FROM sorting_task WHERE id = ${id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
    if (!s) throw notFound('outbound-sorting:errors.notFound', { sortNo: id })
    refuseUnlessAllowed(sortingTaskMachine, 'outbound.sortTask.cancel', { sortNo: String(s.task_no), status: n(s.status) }, auth)
    // Nothing sorted yet (Unclaimed): its containers, slots and lines go with it; the picking tasks may be sorted again.
    await tx.execute(sql`DELETE FROM sorting_task WHERE id = ${id}`)
    cancelled.push(String(s.task_no))
  }
  setSummary(`cancelled ${cancelled.join(',')}`)
  return { cancelled }
})

/**
 * Closing a wall by hand: every slot of an order still awaiting outbound must be complete; slots of
 * orders stopped meanwhile are left (their goods go back through the order's return-to-shelf task).
 */
defineHandler<SortTaskIdsArgs>('outbound.sortTask.complete', async ({ tx, auth, args, setSummary }) => {
  const completed: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const [s] = rowsOf(await tx.execute(sql`SELECT id, task_no, status FROM sorting_task WHERE id = ${id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
    if (!s) throw notFound('outbound-sorting:errors.notFound', { sortNo: id })
    refuseUnlessAllowed(sortingTaskMachine, 'outbound.sortTask.complete', { sortNo: String(s.task_no), status: n(s.status) }, auth)
    const open = rowsOf(await tx.execute(sql`
      SELECT x.slot_no, o.order_no FROM sorting_slot x JOIN outbound_order o ON o.id = x.order_id
      WHERE x.sorting_task_id = ${id} AND x.sorted_qty < x.qty AND o.status = ${OutboundOrderStatus.ReadyOut} ORDER BY x.slot_no`))
    if (open.length) throw conflict('outbound-sorting:errors.slotsOpen', { taskNo: s.task_no, count: open.length, slotNo: n(open[0]!.slot_no), orderNo: open[0]!.order_no })
    await tx.execute(sql`UPDATE sorting_task SET status = ${T.Completed}, completed_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
    completed.push(String(s.task_no))
  }
  setSummary(`completed ${completed.join(',')}`)
  return { completed }
})

// ---------------------------------------------------------------------------------------------
// The wall: where a scanned item goes, and the put

interface SortHead { id: number; sortNo: string; status: number }
async function loadSorting(q: Queryable, scope: Scope, sortNo: string): Promise<SortHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, task_no, status FROM sorting_task WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND task_no = ${sortNo}`))
  if (!r) throw notFound('outbound-sorting:errors.notFound', { sortNo })
  return { id: n(r.id), sortNo: String(r.task_no), status: n(r.status) }
}

interface SortLine { id: number; slotId: number; slotNo: number; orderId: number; orderNo: string; orderStatus: number; skuId: number; skuCode: string; qty: number; sorted: number; slotQty: number; slotSorted: number }

/**
 * The line a scanned item goes to: the container must be one of the task's ("scan sorting container
 * first" is the station's own step), the item one of that container's ("product not in container"), and
 * a slot must still need it — the scanned slot when one is given ("item does not match grid slot").
 * With lock, the candidate lines are locked and read afresh (two operators on one container).
 */
async function lineFor(q: Queryable, head: SortHead, containerCode: string, code: string, slotNo: number | null, lock: boolean, tenantId: number): Promise<SortLine> {
  const [c] = rowsOf(await q.execute(sql`SELECT id FROM sorting_container WHERE sorting_task_id = ${head.id} AND upper(container_code) = ${containerCode}`))
  if (!c) throw refusal(409, 'containerCode', 'outbound-sorting:errors.containerNotInTask', { containerCode, sortNo: head.sortNo })
  const skuIds = ((await resolveCodes(q, tenantId, [code])).get(code) ?? []).map((h) => h.skuId)
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.sorting_slot_id, x.slot_no, x.order_id, o.order_no, o.status AS order_status, l.sku_id, k.sku_code, l.qty, l.sorted_qty, x.qty AS slot_qty, x.sorted_qty AS slot_sorted
    FROM sorting_line l JOIN sorting_slot x ON x.id = l.sorting_slot_id JOIN outbound_order o ON o.id = x.order_id JOIN product_sku k ON k.id = l.sku_id
    WHERE l.sorting_container_id = ${n(c.id)} AND l.sku_id = ANY(${intArray(skuIds.length ? skuIds : [0])})
    ORDER BY x.slot_no, l.id ${lock ? sql`FOR UPDATE OF l` : sql``}`)).map((r): SortLine => ({
    id: n(r.id), slotId: n(r.sorting_slot_id), slotNo: n(r.slot_no), orderId: n(r.order_id), orderNo: String(r.order_no), orderStatus: n(r.order_status),
    skuId: n(r.sku_id), skuCode: String(r.sku_code), qty: n(r.qty), sorted: n(r.sorted_qty), slotQty: n(r.slot_qty), slotSorted: n(r.slot_sorted),
  }))
  if (!lines.length) throw refusal(409, 'code', 'outbound-sorting:errors.notInContainer', { code, containerCode })
  const open = lines.filter((l) => l.sorted < l.qty)
  if (slotNo != null) {
    const line = open.find((l) => l.slotNo === slotNo)
    if (!line) throw refusal(409, 'slotNo', 'outbound-sorting:errors.wrongSlot', { code, slotNo, expected: open.map((l) => l.slotNo).join(', ') || '—' })
    return line
  }
  if (!open.length) throw refusal(409, 'code', 'outbound-sorting:errors.noSlot', { code, containerCode })
  return open[0]!
}

defineHandler<z.output<typeof SortPutArgs>>('outbound.sort.put', async ({ tx, auth, args, setSummary }) => {
  const head = await loadSorting(tx, auth, args.sortNo)
  refuseUnlessAllowed(sortingTaskMachine, 'outbound.sort.put', { sortNo: head.sortNo, status: head.status }, auth)
  const line = await lineFor(tx, head, args.containerCode, args.code, args.slotNo ?? null, true, auth.tenantId)
  if (args.qty > line.qty - line.sorted) throw refusal(409, 'qty', 'outbound-sorting:errors.overSort', { qty: args.qty, remaining: line.qty - line.sorted })
  if (!SORTABLE_ORDER.includes(line.orderStatus)) throw statusConflict('outbound-sorting:errors.orderNotSortable', 'outboundOrderStatus', line.orderStatus, SORTABLE_ORDER, { orderNo: line.orderNo })
  await tx.execute(sql`UPDATE sorting_line SET sorted_qty = sorted_qty + ${args.qty} WHERE id = ${line.id}`)
  const [slot] = rowsOf(await tx.execute(sql`
    UPDATE sorting_slot SET sorted_qty = sorted_qty + ${args.qty}, completed_at = CASE WHEN sorted_qty + ${args.qty} = qty THEN now() END
    WHERE id = ${line.slotId} RETURNING sorted_qty, qty`))
  const slotRemaining = n(slot!.qty) - n(slot!.sorted_qty)
  // The slot is complete when its order is: every picked unit of the order is in it.
  if (slotRemaining === 0) {
    await tx.execute(sql`UPDATE outbound_order SET sort_slot = ${line.slotNo}, sorted_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${line.orderId}`)
  }
  await tx.execute(sql`
    INSERT INTO sort_record (tenant_id, warehouse_id, sorting_task_id, sorting_line_id, qty, scanned_code, operator_id, operator_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${head.id}, ${line.id}, ${args.qty}, ${args.code}, ${auth.userId}, ${auth.username})`)
  // The task row last: every operator of the wall takes its lock, held for the commit only.
  const [t] = rowsOf(await tx.execute(sql`
    UPDATE sorting_task SET sorted_qty = sorted_qty + ${args.qty},
      status = (CASE WHEN sorted_qty + ${args.qty} = qty THEN ${T.Completed} ELSE ${T.Working} END)::smallint,
      completed_at = CASE WHEN sorted_qty + ${args.qty} = qty THEN now() END,
      started_at = coalesce(started_at, now()), started_by = coalesce(started_by, ${auth.userId}), updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${head.id} RETURNING sorted_qty, qty, status`))
  setSummary(`${head.sortNo} ${args.containerCode} ${line.skuCode} → slot ${line.slotNo} ${line.orderNo} +${args.qty}`)
  return {
    sortNo: head.sortNo, slotNo: line.slotNo, orderNo: line.orderNo, qty: args.qty, skuCode: line.skuCode, slotRemaining, slotDone: slotRemaining === 0,
    taskDone: n(t!.status) === T.Completed, sortedQty: n(t!.sorted_qty), taskQty: n(t!.qty),
  } satisfies PutResult
})

// ---------------------------------------------------------------------------------------------
// For the steps after the wall (review): which order a slot holds, whether an order still needs sorting

/** The order in a slot of a sorting task of the pair (a wall slot label: parseWallSlot), or null. */
export async function orderAtSlot(q: Queryable, scope: Scope, sortNo: string, slotNo: number): Promise<{ orderId: number; orderNo: string; complete: boolean } | null> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT o.id, o.order_no, x.completed_at FROM sorting_slot x JOIN sorting_task s ON s.id = x.sorting_task_id JOIN outbound_order o ON o.id = x.order_id
    WHERE s.tenant_id = ${scope.tenantId} AND s.warehouse_id = ${scope.warehouseId} AND s.task_no = ${sortNo.toUpperCase()} AND x.slot_no = ${slotNo}`))
  return r ? { orderId: n(r.id), orderNo: String(r.order_no), complete: r.completed_at != null } : null
}

/** An order picked (partly) in a bulk picking task and not yet sorted: review must wait for the wall. */
export async function needsSorting(q: Queryable, orderId: number): Promise<boolean> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT (o.sorted_at IS NULL AND EXISTS (
      SELECT 1 FROM picking_task_line tl JOIN picking_task t ON t.id = tl.task_id WHERE tl.order_id = o.id AND tl.picked_qty > 0 AND t.task_mode = 'bulk'
    )) AS needs FROM outbound_order o WHERE o.id = ${orderId}`))
  return r?.needs === true
}

// ---------------------------------------------------------------------------------------------
// Reads

const s = sortingTask
export const SORTING_LIST = {
  table: s,
  select: {
    id: s.id, sortNo: s.taskNo, kind: s.kind, status: s.status, slotCount: s.slotCount, qty: s.qty, sortedQty: s.sortedQty,
    containers: sql<string>`(SELECT string_agg(c.container_code, ', ' ORDER BY c.id) FROM sorting_container c WHERE c.sorting_task_id = ${outer(s.id)})`.as('containers'),
    startedByName: sql<string | null>`(SELECT username FROM app_user u WHERE u.id = ${outer(s.startedBy)})`.as('startedByName'),
    startedAt: s.startedAt, completedAt: s.completedAt, createdAt: s.createdAt,
  },
  scope: { tenant: s.tenantId, warehouse: s.warehouseId },
  key: s.id,
  sortable: { sortNo: s.taskNo, status: s.status, qty: s.qty, createdAt: s.createdAt, id: s.id },
  defaultSort: 'createdAt:desc',
  filters: {
    sortNo: { type: 'text', column: s.taskNo },
    status: { type: 'enum', column: s.status, values: DICTIONARIES.taskClaimStatus.map((e) => e.value) },
    kind: { type: 'enum', column: s.kind, values: ['merge', 'rest'] },
    createdAt: { type: 'dateRange', column: s.createdAt },
  },
  searchSortCap: 0,
} satisfies ListDef

async function sortingView(q: Queryable, auth: AuthContext, sortNo: string) {
  const [head] = await (q.select(SORTING_LIST.select as never).from(s).where(sql`${s.tenantId} = ${auth.tenantId} AND ${s.warehouseId} = ${auth.warehouseId} AND ${s.taskNo} = ${sortNo}`) as Promise<Record<string, unknown>[]>)
  if (!head) throw notFound('outbound-sorting:errors.notFound', { sortNo })
  const id = n(head.id)
  return {
    task: head,
    containers: rowsOf(await q.execute(sql`
      SELECT c.container_code AS "containerCode", p.task_no AS "pickingTaskNo",
        (SELECT coalesce(sum(l.qty), 0)::int FROM sorting_line l WHERE l.sorting_container_id = c.id) AS qty,
        (SELECT coalesce(sum(l.sorted_qty), 0)::int FROM sorting_line l WHERE l.sorting_container_id = c.id) AS "sortedQty"
      FROM sorting_container c JOIN picking_task p ON p.id = c.picking_task_id WHERE c.sorting_task_id = ${id} ORDER BY c.id`)),
    slots: rowsOf(await q.execute(sql`
      SELECT x.slot_no AS "slotNo", o.order_no AS "orderNo", x.qty, x.sorted_qty AS "sortedQty", x.completed_at AS "completedAt"
      FROM sorting_slot x JOIN outbound_order o ON o.id = x.order_id WHERE x.sorting_task_id = ${id} ORDER BY x.slot_no`)),
    lines: rowsOf(await q.execute(sql`
      SELECT l.id, c.container_code AS "containerCode", x.slot_no AS "slotNo", o.order_no AS "orderNo", k.sku_code AS "skuCode", l.qty, l.sorted_qty AS "sortedQty"
      FROM sorting_line l JOIN sorting_container c ON c.id = l.sorting_container_id JOIN sorting_slot x ON x.id = l.sorting_slot_id
      JOIN outbound_order o ON o.id = x.order_id JOIN product_sku k ON k.id = l.sku_id
      WHERE l.sorting_task_id = ${id} ORDER BY c.id, x.slot_no, k.sku_code`)),
  }
}

// By its number, or a container (cart) code it takes, as read off the cart (whole or in part): the sorting wall.
registerDocumentLookup({
  type: 'sortingTask', titleKey: 'outbound-sorting:document', prefixes: [DOC_PREFIX.sortingTask], permission: P.view,
  group: 'document', opens: { path: '/stock-out/ToC/sorting-wall?task={no}', testId: 'sorting-task' }, alsoBy: ['containerCode'],
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    const containers = sql`SELECT c.sorting_task_id FROM sorting_container c WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId}`
    return rowsOf(await db.execute(sql`
      SELECT s.id, s.task_no, s.status,
        (SELECT c.container_code FROM sorting_container c WHERE c.sorting_task_id = s.id AND upper(c.container_code) LIKE ${containsPattern(term)}
          ORDER BY (upper(c.container_code) = ${term}) DESC, c.id LIMIT 1) AS container
      FROM sorting_task s WHERE s.tenant_id = ${auth.tenantId} AND s.warehouse_id = ${auth.warehouseId}
        AND (s.task_no ILIKE ${containsPattern(term)} OR s.id IN (${containers} AND upper(c.container_code) LIKE ${containsPattern(term)}))
      ORDER BY (s.task_no = ${term} OR s.id IN (${containers} AND upper(c.container_code) = ${term})) DESC, s.id DESC LIMIT ${limit}`)).map((r) => {
      const container = !String(r.task_no).includes(term) && r.container != null ? String(r.container).toUpperCase() : null
      return {
        type: 'sortingTask', id: n(r.id), number: String(r.task_no), status: n(r.status), ...(container ? { matched: container, matchedBy: 'containerCode' as const } : {}),
        title: `${translate(lang, 'outbound-sorting:document')} · ${translate(lang, dictLabelKey('taskClaimStatus', String(r.status)))}${container ? ` · ${matchedText(lang, 'containerCode', container)}` : ''}`,
        path: sortingStationPath(String(r.task_no)),
      }
    })
  },
})

const upper = (v: string) => v.trim().toUpperCase()
export function sortingRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: SORTING_API.tasks, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Sorting tasks (filters: number, status, merge/rest, created range)',
      query: listQuerySchema(SORTING_LIST), handler: async ({ query, auth }) => runList(db, SORTING_LIST, query, auth),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/sorting-tasks/waiting', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Picked bulk picking tasks no sorting task has taken yet (what merge and rest sorting take)',
      handler: async ({ auth }) => rowsOf(await db.execute(sql`
        SELECT p.id, p.task_no AS "taskNo", p.task_mode AS "taskMode", p.status, p.cart_code AS "cartCode", p.picked_qty AS "pickedQty", w.wave_no AS "waveNo", p.completed_at AS "completedAt"
        FROM picking_task p JOIN wave w ON w.id = p.wave_id
        WHERE p.tenant_id = ${auth.tenantId} AND p.warehouse_id = ${auth.warehouseId} AND p.task_mode = 'bulk' AND p.status = ${T.Completed} AND p.picked_qty > 0
          AND NOT EXISTS (SELECT 1 FROM sorting_container c WHERE c.picking_task_id = p.id)
        ORDER BY p.completed_at, p.id LIMIT 200`)),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/sorting-tasks/by-no/:sortNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'One sorting task: header, containers, slots (order, quantity, sorted) and lines',
      params: z.object({ sortNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => sortingView(db, auth, upper(params.sortNo)),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/sorting-tasks/by-container/:containerCode', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'The sorting task holding a container (its open one first): the station\'s first scan',
      params: z.object({ containerCode: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const code = upper(params.containerCode)
        const [r] = rowsOf(await db.execute(sql`
          SELECT s.task_no FROM sorting_container c JOIN sorting_task s ON s.id = c.sorting_task_id
          WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND upper(c.container_code) = ${code}
          ORDER BY (s.status = ${T.Completed}), s.id DESC LIMIT 1`))
        if (!r) throw notFound('outbound-sorting:errors.containerUnknown', { containerCode: code })
        return sortingView(db, auth, String(r.task_no))
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/sorting-tasks/by-no/:sortNo/slot-for', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.sort,
      summary: 'Where a scanned item of a container goes: its slot, order and how many the slot still waits for (or the refusal the put would give)',
      params: z.object({ sortNo: z.string().trim().min(1).max(40) }),
      query: z.object({ containerCode: z.string().trim().min(1, 'errors:field.required').max(80), code: z.string().trim().min(1, 'errors:field.required').max(80) }),
      handler: async ({ params, query, auth }) => {
        const head = await loadSorting(db, auth, upper(params.sortNo))
        refuseUnlessAllowed(sortingTaskMachine, 'outbound.sort.put', { sortNo: head.sortNo, status: head.status }, auth)
        const l = await lineFor(db, head, upper(query.containerCode), upper(query.code), null, false, auth.tenantId)
        return { slotNo: l.slotNo, orderNo: l.orderNo, skuCode: l.skuCode, slotRemaining: l.slotQty - l.slotSorted, lineRemaining: l.qty - l.sorted } satisfies SlotFor
      },
    }),
  ]
}
