// Transfer orders' commands (commands/transfers.ts), one transaction each; the machine
// (src/domain/states/transfer-order.ts) is asked before every stage move.
//
// Stock, unit by unit (no unit lost or counted twice between the two warehouses):
//  - confirm: each line is reserved on the SENDING warehouse's ledger (docType 'transferOrder', docNo DB…,
//    docLine = line no, reason 'reserve') from allocatable locations — available-to-promise drops at once;
//    a line above the available stock is refused naming the numbers ("transfer count not above maximum").
//  - assign picking: the reserved goods move WITH their reservations (moveReservation, reason 'pick') to the
//    picked location (outbound setting, PCK-01), and a packing task (ZX, doc_no = DB…) plans the lines;
//    the packing station packs them into boxes at the packing place (the reservation follows the goods).
//  - ship: the one shipment of the transfer: every closed box leaves through shipCartons (docType
//    'transferOrder', reason 'ship', consuming the DB's reservations in the box); what was not packed (short
//    boxes, when the once-outbound configuration allows) is released back to free stock (reason 'release');
//    the receiving warehouse gets an inbound order of type Transfer (2) whose lines and box count are what
//    SHIPPED. From then on: shipped (ledger rows under DB) − received (ledger rows under that inbound order
//    in the receiving warehouse) = in transit (GET /api/transfers/in-transit).
//  - void/cancel (pending collection only): the reservations are released (reason 'void').
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { moveReservation, releaseReservation, reserveStock, StockStatus, type Operator } from '../../inventory/ledger'
import { ALLOCATABLE_AREA_TYPES, lockSkusForAllocation } from '../../inventory/allocation'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { PACKING_LOCATION, PICKED_LOCATION } from '../../db/seed/stations'
import { insertOrder, resolveCodes, type ResolvedSku } from '../inbound/orders'
import { shipCartons } from '../shipments/ship-cartons'
import { ConstructionStage, InboundStatus, InboundType, PackingTaskStatus } from '../../../domain/dictionaries'
import { transferOrderMachine, type TransferOrderFacts } from '../../../domain/states/transfer-order'
import { ONCE_OUTBOUND_DEFAULTS } from '../../../domain/resources/outbound/once-outbound-config'
import type { BatchTransferArgs, CancelTransfersArgs, CreateTransferArgs, TransferNoArgs } from '../../../../commands/transfers'
import type { z } from 'zod'

type Scope = { tenantId: number; warehouseId: number }
type Issue = { field: string; messageKey: string; params: Record<string, unknown> }
const S = ConstructionStage
export const TRANSFER_DOC = 'transferOrder'
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
const E = (k: string) => `transfers:errors.${k}`
/** carton.status: open 1, closed 2, shipped 3 (0056 + 0058). */
const BOX_OPEN = 1
const BOX_CLOSED = 2

export interface TransferHead extends TransferOrderFacts {
  id: number; warehouseId: number; toWarehouseId: number; packingTaskNo: string | null; inboundOrderId: number | null; inboundOrderNo: string | null
  boxMark: string | null; expectedArrival: string | null
}

/** A transfer order of the caller's (sending) pair by number, locked when asked; refused naming the number. */
export async function loadTransfer(q: Queryable, scope: Scope, transferNo: string, lock = true): Promise<TransferHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, transfer_no, status, warehouse_id, to_warehouse_id, packing_task_no, inbound_order_id, inbound_order_no, box_mark, expected_arrival::text AS expected_arrival
    FROM transfer_order WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND transfer_no = ${transferNo}
    ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw fieldError('transferNo', E('notFound'), { transferNo })
  return {
    id: n(r.id), transferNo: String(r.transfer_no), status: n(r.status), warehouseId: n(r.warehouse_id), toWarehouseId: n(r.to_warehouse_id),
    packingTaskNo: r.packing_task_no == null ? null : String(r.packing_task_no),
    inboundOrderId: r.inbound_order_id == null ? null : n(r.inbound_order_id), inboundOrderNo: r.inbound_order_no == null ? null : String(r.inbound_order_no),
    boxMark: r.box_mark == null ? null : String(r.box_mark), expectedArrival: r.expected_arrival == null ? null : String(r.expected_arrival),
  }
}

/** The warehouses of the caller's company (tenant) a transfer may go to: every enabled pair but the caller's own warehouse. */
export async function destinationWarehouses(q: Queryable, scope: Scope) {
  return rowsOf(await q.execute(sql`
    SELECT w.id, w.code, w.name FROM warehouse_tenant p JOIN warehouse w ON w.id = p.warehouse_id
    WHERE p.tenant_id = ${scope.tenantId} AND w.id <> ${scope.warehouseId} AND w.status = 1 ORDER BY w.code`))
    .map((r) => ({ id: n(r.id), code: String(r.code), name: String(r.name) }))
}

/** Available stock of a SKU (batch) here: free units on allocatable locations — what a transfer may take. */
export async function availableOf(q: Queryable, scope: Scope, skuIds: readonly number[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (!skuIds.length) return out
  const rows = rowsOf(await q.execute(sql`
    SELECT b.sku_id, b.batch_no, sum(b.on_hand - b.locked)::int AS free
    FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.stock_status = ${StockStatus.Normal}
      AND b.sku_id = ANY(${`{${[...new Set(skuIds)].join(',')}}`}::int[]) AND b.on_hand > b.locked
      AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (${sql.join(ALLOCATABLE_AREA_TYPES.map((t) => sql`${t}`), sql`, `)})
    GROUP BY b.sku_id, b.batch_no`))
  for (const r of rows) {
    const free = n(r.free)
    out.set(`${n(r.sku_id)}|${String(r.batch_no)}`, free)
    out.set(`${n(r.sku_id)}|*`, (out.get(`${n(r.sku_id)}|*`) ?? 0) + free)
  }
  return out
}
const availKey = (skuId: number, batchNo: string) => `${skuId}|${batchNo || '*'}`

interface PlannedLine { skuId: number; skuCode: string; batchNo: string; qty: number }

/**
 * Lines of one order checked against the database: every code names exactly one SKU (UPC/FNSKU too), the
 * same SKU and batch typed twice adds to its line, and each line is not above the available stock
 * (`taken` carries what earlier orders of the same batch add already claim). Issues name the input's
 * field path (`<prefix>.<i>.code` / `.qty`); never throws for bad input.
 */
function planLines(input: { code: string; batchNo: string; qty: number }[], resolved: Map<string, ResolvedSku[]>, avail: Map<string, number>,
  taken: Map<string, number>, field: (i: number, f: string) => string, row: (i: number) => Record<string, unknown>): { issues: Issue[]; lines: PlannedLine[] } {
  const issues: Issue[] = []
  const merged = new Map<string, PlannedLine & { first: number }>()
  input.forEach((l, i) => {
    const hits = [...new Map((resolved.get(l.code) ?? []).map((h) => [h.skuId, h])).values()]
    if (hits.length !== 1) {
      issues.push({ field: field(i, 'code'), messageKey: E(hits.length ? 'ambiguousCode' : 'unknownCode'), params: { code: l.code, ...row(i), ...(hits.length ? { skus: hits.map((h) => h.skuCode).join(', ') } : {}) } })
      return
    }
    const key = `${hits[0]!.skuId}|${l.batchNo}`
    const prior = merged.get(key)
    if (prior) prior.qty += l.qty
    else merged.set(key, { skuId: hits[0]!.skuId, skuCode: hits[0]!.skuCode, batchNo: l.batchNo, qty: l.qty, first: i })
    // "Transfer count not above maximum": the line (with what came before it) not above the available stock.
    const k = availKey(hits[0]!.skuId, l.batchNo)
    const wanted = (taken.get(k) ?? 0) + l.qty
    const available = avail.get(k) ?? 0
    if (wanted > available) {
      issues.push({ field: field(i, 'qty'), messageKey: E('overAvailable'), params: { code: l.code, qty: l.qty, available: Math.max(0, available - (taken.get(k) ?? 0)), ...row(i) } })
    }
    taken.set(k, wanted)
  })
  return { issues, lines: [...merged.values()].map(({ first: _f, ...l }) => l) }
}

const refuseAll = (issues: Issue[]) => new AppError(400, issues[0]!.messageKey, issues[0]!.params, issues.map((i) => ({ field: i.field, messageKey: i.messageKey, params: i.params })))

async function insertTransfer(tx: AppTx, auth: AuthContext, head: { toWarehouseId: number; expectedArrival?: string | null; boxMark?: string | null; remark?: string | null; source: 'hand' | 'import' }, lines: PlannedLine[]) {
  const transferNo = await nextDocNo(tx, auth, DOC_PREFIX.transferOrder)
  const [o] = rowsOf(await tx.execute(sql`
    INSERT INTO transfer_order (tenant_id, warehouse_id, transfer_no, status, to_warehouse_id, expected_arrival, box_mark, remark, source, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${transferNo}, ${S.NewConstruction}, ${head.toWarehouseId}, ${head.expectedArrival ?? null}, ${head.boxMark ?? null},
      ${head.remark ?? null}, ${head.source}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  const id = n(o!.id)
  await tx.execute(sql`INSERT INTO transfer_order_line (order_id, line_no, sku_id, batch_no, qty) VALUES ${sql.join(lines.map((l, i) => sql`(${id}, ${i + 1}, ${l.skuId}, ${l.batchNo}, ${l.qty})`), sql`, `)}`)
  return { id, transferNo, status: S.NewConstruction, lines: lines.length, qty: lines.reduce((s, l) => s + l.qty, 0) }
}

defineHandler<z.output<typeof CreateTransferArgs>>('transfer.order.create', async ({ tx, auth, args, setSummary }) => {
  const issues: Issue[] = []
  const dest = (await destinationWarehouses(tx, auth)).find((w) => w.id === args.toWarehouseId)
  if (args.toWarehouseId === auth.warehouseId) issues.push({ field: 'toWarehouseId', messageKey: E('sameWarehouse'), params: { warehouseId: args.toWarehouseId } })
  else if (!dest) issues.push({ field: 'toWarehouseId', messageKey: E('unknownWarehouse'), params: { warehouseId: args.toWarehouseId } })
  const resolved = await resolveCodes(tx, auth.tenantId, args.lines.map((l) => l.code))
  const skuIds = [...resolved.values()].flat().map((h) => h.skuId)
  const plan = planLines(args.lines, resolved, await availableOf(tx, auth, skuIds), new Map(), (i, f) => `lines.${i}.${f}`, (i) => ({ line: i + 1 }))
  issues.push(...plan.issues)
  if (issues.length) throw refuseAll(issues)
  const made = await insertTransfer(tx, auth, { ...args, source: 'hand' }, plan.lines)
  setSummary(`${made.transferNo} created → warehouse ${args.toWarehouseId} (${made.lines} lines, ${made.qty} units)`)
  return made
})

defineHandler<z.output<typeof BatchTransferArgs>>('transfer.order.batchCreate', async ({ tx, auth, args, setSummary }) => {
  const dests = await destinationWarehouses(tx, auth)
  const [own] = rowsOf(await tx.execute(sql`SELECT code FROM warehouse WHERE id = ${auth.warehouseId}`))
  const resolved = await resolveCodes(tx, auth.tenantId, args.rows.map((r) => r.code))
  const avail = await availableOf(tx, auth, [...resolved.values()].flat().map((h) => h.skuId))
  const issues: (Issue & { row: number })[] = []
  // Rows sharing a reference make one order, in the order their references first appear.
  const groups = new Map<string, number[]>()
  args.rows.forEach((r, i) => groups.set(r.ref, [...(groups.get(r.ref) ?? []), i]))
  const taken = new Map<string, number>()
  const orders: { ref: string; toWarehouseId: number; remark: string | null; lines: PlannedLine[] }[] = []
  for (const [ref, idx] of groups) {
    const first = args.rows[idx[0]!]!
    let toWarehouseId = 0
    const dest = dests.find((w) => w.code.toUpperCase() === first.toWarehouseCode)
    for (const i of idx) {
      const r = args.rows[i]!
      const at = { row: i + 1, ref }
      if (r.toWarehouseCode !== first.toWarehouseCode) issues.push({ row: i + 1, field: `rows.${i}.toWarehouseCode`, messageKey: E('refWarehouseDiffers'), params: { ...at, code: r.toWarehouseCode, first: first.toWarehouseCode } })
      else if (own && String(own.code).toUpperCase() === r.toWarehouseCode) issues.push({ row: i + 1, field: `rows.${i}.toWarehouseCode`, messageKey: E('sameWarehouse'), params: { ...at, code: r.toWarehouseCode } })
      else if (!dest) issues.push({ row: i + 1, field: `rows.${i}.toWarehouseCode`, messageKey: E('unknownWarehouseCode'), params: { ...at, code: r.toWarehouseCode } })
    }
    if (dest) toWarehouseId = dest.id
    const plan = planLines(idx.map((i) => args.rows[i]!), resolved, avail, taken, (j, f) => `rows.${idx[j]!}.${f}`, (j) => ({ row: idx[j]! + 1, ref }))
    issues.push(...plan.issues.map((x) => ({ ...x, row: n(x.params.row) })))
    orders.push({ ref, toWarehouseId, remark: first.remark, lines: plan.lines })
  }
  issues.sort((a, b) => a.row - b.row)
  if (args.dryRun) {
    setSummary(`batch add dry run: ${args.rows.length} rows, ${orders.length} orders, ${issues.length} issues`)
    return { dryRun: true, rows: args.rows.length, orders: orders.length, issues, created: [] }
  }
  if (issues.length) throw refuseAll(issues)
  const created: { ref: string; transferNo: string; qty: number }[] = []
  for (const o of orders) {
    const made = await insertTransfer(tx, auth, { toWarehouseId: o.toWarehouseId, remark: o.remark, source: 'import' }, o.lines)
    created.push({ ref: o.ref, transferNo: made.transferNo, qty: made.qty })
  }
  setSummary(`batch add: ${created.length} transfer orders (${created.map((c) => c.transferNo).join(', ')})`)
  return { dryRun: false, rows: args.rows.length, orders: orders.length, issues: [], created }
})

interface LineRow { lineNo: number; skuId: number; skuCode: string; batchNo: string; qty: number; shippedQty: number }
async function linesOf(q: Queryable, orderId: number): Promise<LineRow[]> {
  return rowsOf(await q.execute(sql`
    SELECT l.line_no, l.sku_id, s.sku_code, l.batch_no, l.qty, l.shipped_qty FROM transfer_order_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.order_id = ${orderId} ORDER BY l.line_no`))
    .map((r) => ({ lineNo: n(r.line_no), skuId: n(r.sku_id), skuCode: String(r.sku_code), batchNo: String(r.batch_no), qty: n(r.qty), shippedQty: n(r.shipped_qty) }))
}

/** Free balances of one SKU (batch) on allocatable locations, oldest receipt first (FIFO). */
async function candidates(q: Queryable, scope: Scope, skuId: number, batchNo: string) {
  return rowsOf(await q.execute(sql`
    SELECT b.location_id, b.batch_no, b.on_hand - b.locked AS free
    FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.sku_id = ${skuId} AND b.stock_status = ${StockStatus.Normal}
      AND b.on_hand > b.locked ${batchNo ? sql`AND b.batch_no = ${batchNo}` : sql``}
      AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type IN (${sql.join(ALLOCATABLE_AREA_TYPES.map((t) => sql`${t}`), sql`, `)})
    ORDER BY b.first_in_at ASC, b.batch_no ASC, l.code ASC`)).map((r) => ({ locationId: n(r.location_id), batchNo: String(r.batch_no), free: n(r.free) }))
}

/** Open reservations of a transfer (sending pair), in line order. */
async function reservationsOf(q: Queryable, scope: Scope, transferNo: string) {
  return rowsOf(await q.execute(sql`
    SELECT r.id, r.qty, r.doc_line, b.sku_id, b.batch_no, b.stock_status, b.location_id FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
    WHERE r.tenant_id = ${scope.tenantId} AND r.warehouse_id = ${scope.warehouseId} AND r.doc_type = ${TRANSFER_DOC} AND r.doc_no = ${transferNo} AND r.status = 0
    ORDER BY r.doc_line, r.id`)).map((r) => ({ id: n(r.id), qty: n(r.qty), lineNo: n(r.doc_line), skuId: n(r.sku_id), batchNo: String(r.batch_no), stockStatus: n(r.stock_status), locationId: n(r.location_id) }))
}

defineHandler<z.output<typeof TransferNoArgs>>('transfer.order.confirm', async ({ tx, auth, args, setSummary }) => {
  const o = await loadTransfer(tx, auth, args.transferNo)
  refuseUnlessAllowed(transferOrderMachine, 'transfer.order.confirm', o, auth)
  const lines = await linesOf(tx, o.id)
  await lockSkusForAllocation(tx, auth, lines.map((l) => l.skuId))
  let reserved = 0
  // Lines in SKU order: concurrent reservers take balance rows in one order (as allocation does).
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId || a.lineNo - b.lineNo)) {
    let need = line.qty
    for (const c of await candidates(tx, auth, line.skuId, line.batchNo)) {
      if (need <= 0) break
      const take = Math.min(need, c.free)
      await reserveStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: c.locationId, skuId: line.skuId, batchNo: c.batchNo },
        take, { docType: TRANSFER_DOC, docNo: o.transferNo, docLine: line.lineNo, reason: 'reserve' }, opOf(auth))
      need -= take
      reserved += take
    }
    // "Transfer count not above maximum": nothing is reserved unless every line is (the transaction rolls back).
    if (need > 0) throw fieldError(`lines.${line.lineNo - 1}.qty`, E('overAvailable'), { code: line.skuCode, qty: line.qty, available: line.qty - need, line: line.lineNo })
  }
  await tx.execute(sql`UPDATE transfer_order SET status = ${S.PendingCollected}, confirmed_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${o.id}`)
  setSummary(`${o.transferNo} ${o.status}→${S.PendingCollected} (${reserved} reserved)`)
  return { transferNo: o.transferNo, status: S.PendingCollected, reserved }
})

async function locationIdOf(q: Queryable, scope: Scope, code: string): Promise<number> {
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND code = ${code} AND status = 1`))
  if (!r) throw conflict(E('noLocation'), { locationCode: code })
  return n(r.id)
}

defineHandler<z.output<typeof TransferNoArgs>>('transfer.order.assignPicking', async ({ tx, auth, args, setSummary }) => {
  const o = await loadTransfer(tx, auth, args.transferNo)
  refuseUnlessAllowed(transferOrderMachine, 'transfer.order.assignPicking', o, auth)
  const [setting] = rowsOf(await tx.execute(sql`SELECT picked_location_id FROM outbound_setting WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  const pickedAt = setting?.picked_location_id != null ? n(setting.picked_location_id) : await locationIdOf(tx, auth, PICKED_LOCATION)
  const packAt = await locationIdOf(tx, auth, PACKING_LOCATION)
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.packingTask)
  // The reserved goods go to the picked location with their reservations (the packing task's source).
  let qty = 0
  for (const r of await reservationsOf(tx, auth, o.transferNo)) {
    if (r.locationId !== pickedAt) {
      await moveReservation(tx, auth, r.id, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: pickedAt, skuId: r.skuId, batchNo: r.batchNo, stockStatus: r.stockStatus },
        r.qty, { docType: TRANSFER_DOC, docNo: o.transferNo, docLine: r.lineNo, reason: 'pick', reasonParams: { taskNo } }, opOf(auth))
    }
    qty += r.qty
  }
  const [t] = rowsOf(await tx.execute(sql`
    INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, doc_no, source_location_id, pack_location_id, box_mark, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${PackingTaskStatus.Unclaimed}, ${o.transferNo}, ${pickedAt}, ${packAt}, ${o.boxMark}, ${auth.userId})
    RETURNING id`))
  const lines = await linesOf(tx, o.id)
  await tx.execute(sql`INSERT INTO packing_task_line (task_id, line_no, sku_id, batch_no, planned_qty)
    VALUES ${sql.join(lines.map((l, i) => sql`(${n(t!.id)}, ${i + 1}, ${l.skuId}, ${l.batchNo}, ${l.qty})`), sql`, `)}`)
  await tx.execute(sql`UPDATE transfer_order SET status = ${S.PendingTransfer}, packing_task_no = ${taskNo}, picking_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${o.id}`)
  setSummary(`${o.transferNo} ${o.status}→${S.PendingTransfer}, packing task ${taskNo} (${qty} units)`)
  return { transferNo: o.transferNo, status: S.PendingTransfer, packingTaskNo: taskNo, qty }
})

/** The once-outbound configuration that applies to a transfer to `toWarehouseId` (the enabled row of lowest priority for it or for any). */
export async function onceOutboundConfigFor(q: Queryable, scope: Scope, toWarehouseId: number): Promise<{ allowShort: boolean; autoIssueInbound: boolean; name: string | null }> {
  const [c] = rowsOf(await q.execute(sql`
    SELECT name, allow_short, auto_issue_inbound FROM once_outbound_config
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND status = 1 AND (to_warehouse_id IS NULL OR to_warehouse_id = ${toWarehouseId})
    ORDER BY priority LIMIT 1`))
  return c ? { allowShort: c.allow_short === true, autoIssueInbound: c.auto_issue_inbound === true, name: String(c.name) } : { ...ONCE_OUTBOUND_DEFAULTS, name: null }
}

defineHandler<z.output<typeof TransferNoArgs>>('transfer.order.ship', async ({ tx, auth, args, setSummary }) => {
  const o = await loadTransfer(tx, auth, args.transferNo)
  refuseUnlessAllowed(transferOrderMachine, 'transfer.order.ship', o, auth)
  const config = await onceOutboundConfigFor(tx, auth, o.toWarehouseId)
  const [task] = rowsOf(await tx.execute(sql`SELECT id, task_no, status FROM packing_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no = ${o.packingTaskNo} FOR UPDATE`))
  if (!task) throw conflict(E('noPackingTask'), { transferNo: o.transferNo })
  const taskId = n(task.id)
  const boxes = rowsOf(await tx.execute(sql`
    SELECT c.id, c.box_code, c.status, c.seq, (SELECT coalesce(sum(i.qty), 0)::int FROM carton_item i WHERE i.carton_id = c.id) AS units
    FROM carton c WHERE c.task_id = ${taskId} ORDER BY c.seq FOR UPDATE`))
  const open = boxes.find((b) => n(b.status) === BOX_OPEN && n(b.units) > 0)
  // A box is shipped closed (weighed and measured) or not at all: nothing leaves half-packed.
  if (open) throw conflict(E('boxStillOpen'), { boxCode: String(open.box_code), transferNo: o.transferNo })
  const closed = boxes.filter((b) => n(b.status) === BOX_CLOSED)
  if (!closed.length) throw conflict(E('noClosedBoxes'), { transferNo: o.transferNo, taskNo: String(task.task_no) })
  const [left] = rowsOf(await tx.execute(sql`SELECT coalesce(sum(planned_qty - packed_qty), 0)::int AS left FROM packing_task_line WHERE task_id = ${taskId}`))
  const unpacked = n(left!.left)
  if (unpacked > 0 && !config.allowShort) throw conflict(E('shortNotAllowed'), { transferNo: o.transferNo, left: unpacked, config: config.name ?? '' })
  // An empty open box is dropped (as the station's stop does).
  await tx.execute(sql`DELETE FROM carton WHERE task_id = ${taskId} AND status = ${BOX_OPEN} AND NOT EXISTS (SELECT 1 FROM carton_item i WHERE i.carton_id = carton.id)`)
  // The one shipment: every closed box, through the ledger (the DB's reservations in the boxes are consumed).
  const shipped = await shipCartons(tx, auth, { cartonIds: closed.map((b) => n(b.id)), docType: TRANSFER_DOC, docNo: o.transferNo })
  // What was not packed goes back to free stock where it stands.
  let releasedQty = 0
  for (const r of await reservationsOf(tx, auth, o.transferNo)) {
    await releaseReservation(tx, auth, r.id, { docType: TRANSFER_DOC, docNo: o.transferNo, docLine: r.lineNo, reason: 'release' }, opOf(auth))
    releasedQty += r.qty
  }
  // Per line what shipped (box contents by SKU and batch).
  const contents = rowsOf(await tx.execute(sql`
    SELECT i.sku_id, i.batch_no, sum(i.qty)::int AS qty FROM carton_item i
    WHERE i.carton_id IN (${sql.join(closed.map((b) => sql`${n(b.id)}`), sql`, `)}) GROUP BY i.sku_id, i.batch_no ORDER BY i.sku_id, i.batch_no`))
    .map((r) => ({ skuId: n(r.sku_id), batchNo: String(r.batch_no), qty: n(r.qty) }))
  for (const c of contents) {
    await tx.execute(sql`UPDATE transfer_order_line SET shipped_qty = shipped_qty + ${c.qty} WHERE order_id = ${o.id} AND sku_id = ${c.skuId} AND batch_no = ${c.batchNo}`)
  }
  await tx.execute(sql`INSERT INTO transfer_box (order_id, carton_id, box_code, box_no, units)
    VALUES ${sql.join(closed.map((b, i) => sql`(${o.id}, ${n(b.id)}, ${String(b.box_code)}, ${i + 1}, ${n(b.units)})`), sql`, `)}`)
  // The packing task is done with: finished when all was packed, else closed short (Closed 4, "a closed document").
  await tx.execute(sql`UPDATE carton SET box_total = ${closed.length} WHERE task_id = ${taskId}`)
  await tx.execute(sql`UPDATE packing_task SET status = ${unpacked > 0 ? PackingTaskStatus.Closed : PackingTaskStatus.Finish}, finished_at = coalesce(finished_at, now()), updated_at = now() WHERE id = ${taskId}`)
  // The receiving warehouse's inbound order of type Transfer: what SHIPPED (lines by SKU and batch, the box count).
  const receiving = { ...auth, warehouseId: o.toWarehouseId }
  const header: Parameters<typeof insertOrder>[2] = {
    inboundType: InboundType.Transfer, inspectionMode: 0, supplierId: null, sourceNo: o.transferNo, batchNo: null, expectedArrival: o.expectedArrival,
    boxCount: closed.length, remark: null, otherReason: null, lines: [],
  }
  const inbound = await insertOrder(tx, receiving, header, contents)
  const inboundStatus = config.autoIssueInbound ? InboundStatus.Issued : InboundStatus.New
  if (config.autoIssueInbound) {
    await tx.execute(sql`UPDATE inbound_order SET status = ${InboundStatus.Issued}, issued_at = now(), updated_at = now() WHERE id = ${inbound.id}`)
  }
  await tx.execute(sql`
    UPDATE transfer_order SET status = ${S.TransferInprogress}, shipped_at = now(), shipped_qty = ${shipped.units}, shipped_boxes = ${closed.length},
      released_qty = ${releasedQty}, inbound_order_id = ${inbound.id}, inbound_order_no = ${inbound.orderNo}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${o.id}`)
  setSummary(`${o.transferNo} ${o.status}→${S.TransferInprogress}: ${closed.length} boxes, ${shipped.units} units shipped, ${releasedQty} released; inbound ${inbound.orderNo}`)
  return { transferNo: o.transferNo, status: S.TransferInprogress, shippedQty: shipped.units, shippedBoxes: closed.length, releasedQty, inboundOrderNo: inbound.orderNo, inboundStatus }
})

defineHandler<z.output<typeof TransferNoArgs>>('transfer.order.complete', async ({ tx, auth, args, setSummary }) => {
  const o = await loadTransfer(tx, auth, args.transferNo)
  refuseUnlessAllowed(transferOrderMachine, 'transfer.order.complete', o, auth)
  const [ib] = rowsOf(await tx.execute(sql`SELECT order_no, status, expected_qty, received_qty FROM inbound_order WHERE id = ${o.inboundOrderId}`))
  // Completed when the receiving warehouse has finished its inbound order (every unit received, or closed short there).
  if (!ib || n(ib.status) !== InboundStatus.Finish) {
    throw conflict(E('notReceived'), { transferNo: o.transferNo, inboundOrderNo: String(ib?.order_no ?? o.inboundOrderNo ?? ''), received: n(ib?.received_qty ?? 0), shipped: n(ib?.expected_qty ?? 0) })
  }
  await tx.execute(sql`UPDATE transfer_order SET status = ${S.TransferCompleted}, completed_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${o.id}`)
  setSummary(`${o.transferNo} ${o.status}→${S.TransferCompleted}`)
  return { transferNo: o.transferNo, status: S.TransferCompleted }
})

defineHandler<z.output<typeof TransferNoArgs>>('transfer.order.audit', async ({ tx, auth, args, setSummary }) => {
  const o = await loadTransfer(tx, auth, args.transferNo)
  refuseUnlessAllowed(transferOrderMachine, 'transfer.order.audit', o, auth)
  await tx.execute(sql`UPDATE transfer_order SET status = ${S.AuditCompleted}, audited_at = now(), audited_by = ${auth.userId}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${o.id}`)
  setSummary(`${o.transferNo} ${o.status}→${S.AuditCompleted}`)
  return { transferNo: o.transferNo, status: S.AuditCompleted }
})

defineHandler<z.output<typeof CancelTransfersArgs>>('transfer.order.cancel', async ({ tx, auth, args, setSummary }) => {
  // All or nothing: every order is locked (number order) and asked before anything is released.
  const nos = [...new Set(args.transferNos)].sort()
  const heads: TransferHead[] = []
  for (const no of nos) {
    const o = await loadTransfer(tx, auth, no)
    refuseUnlessAllowed(transferOrderMachine, 'transfer.order.cancel', o, auth)
    heads.push(o)
  }
  const cancelled: { transferNo: string; released: number }[] = []
  for (const o of heads) {
    let released = 0
    for (const r of await reservationsOf(tx, auth, o.transferNo)) {
      await releaseReservation(tx, auth, r.id, { docType: TRANSFER_DOC, docNo: o.transferNo, docLine: r.lineNo, reason: 'void' }, opOf(auth))
      released += r.qty
    }
    await tx.execute(sql`UPDATE transfer_order SET status = ${S.Cancelled}, cancelled_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${o.id}`)
    cancelled.push({ transferNo: o.transferNo, released })
  }
  setSummary(`cancelled ${cancelled.map((c) => c.transferNo).join(', ')}`)
  return { cancelled }
})

