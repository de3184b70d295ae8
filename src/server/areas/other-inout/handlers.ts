// Other inbound, other outbound and defective outbound (issue 20; commands in commands/other-inout.ts). They
// EXTEND the inbound and outbound flows rather than copy them:
//  - other inbound: an inbound order of type Other (7) planned and inserted by the inbound order's own
//    functions (planOrder / insertOrder) with its reason; submitted, issued, received (ledger rows under the
//    RK number with reason otherIn + the reason) and shelved by the inbound commands and stations;
//  - other outbound: an outbound order of type Other (3) inserted by the outbound order's insertOrder with its
//    reason and stock status; validate allocates that status only (allocateOrder reads the order's
//    stock_status: Defective from the defective area first); release makes one wave with one picking task per
//    order (makeWave, as a wave by hand), which the picking station works; ship consumes the picked goods'
//    reservations through the ledger (reason otherOut) — on hand and locked fall together — and closes the
//    order as shipped (Over 4, or DeficiencyOver 5 when picked short for good);
//  - defective outbound: the selected Defective balances become one other outbound (reason defective,
//    status Defective) holding exactly those balances' free stock, released to picking in the same transaction.
// One transaction per command (the executor's); every order locked in id order; the machine asked first.
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, notFound } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { consumeReservation, reserveStock, type Operator } from '../../inventory/ledger'
import { allocateOrder, lockSkusForAllocation, orderReservations, orderSkus, OUTBOUND_DOC, releaseOrder } from '../../inventory/allocation'
import { strategyFor } from '../../inventory/outbound-strategy'
import { insertOrder as insertInbound, orderFieldKey, planOrder, type ResolvedSku } from '../inbound/orders'
import { insertOrder as insertOutbound, planOutbound, type Header } from '../outbound/orders'
import { makeWave, waveableOrders } from '../outbound/picking'
import { outboundOrderMachine, shippedStatus, validatedStatus, type OutboundOrderFacts } from '../../../domain/states/outbound-order'
import { InboundType, OrderType, OutboundOrderStatus, PickMode, StockStatus } from '../../../domain/dictionaries'
import type {
  CreateDefectiveOutboundArgs, CreateOtherInboundArgs, CreateOtherOutboundArgs, DefectiveOutboundMade, OtherIdsArgs, ReleasedOrders, ShippedOrders,
} from '../../../../commands/other-inout'
import type { OutboundChange } from '../../../../commands/outbound-orders'

const S = OutboundOrderStatus
type Scope = { tenantId: number; warehouseId: number }
type Issue = { field: string; messageKey: string; params?: Record<string, unknown> }
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
const allocAuth = (auth: AuthContext) => ({ tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username })

const OTHER_FIELD = (field: string) => `other-inout:fields.${field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? field}`
/** Every issue at once, each naming its field (and its line), the first as the message. */
const refuseAll = (issues: Issue[], label: (f: string) => string) =>
  new AppError(400, issues[0]!.messageKey, issues[0]!.params, issues.map((i) => ({ ...i, params: { fieldKey: label(i.field), ...i.params } })))

// ---------------------------------------------------------------------------------------------
// Other inbound

defineHandler<z.output<typeof CreateOtherInboundArgs>>('inbound.other.create', async ({ tx, auth, args, setSummary }) => {
  const input = { ...args, inboundType: InboundType.Other }
  const { issues, lines } = await planOrder(tx, auth, input)
  if (issues.length) throw refuseAll(issues, orderFieldKey)
  const r = await insertInbound(tx, auth, input, lines)
  setSummary(`${r.orderNo} other inbound (${args.otherReason}) lines=${r.lines} qty=${r.expectedQty}`)
  return r
})

// ---------------------------------------------------------------------------------------------
// Other outbound

interface OtherHead extends OutboundOrderFacts { id: number; expectedQty: number; allocatedQty: number; otherReason: string | null }

async function loadOther(q: Queryable, scope: Scope, id: number, lock: boolean): Promise<OtherHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, order_type, wave_no, picked_qty, expected_qty, allocated_qty, shipment_approved, lock_from_status, other_reason
    FROM outbound_order WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw notFound('outbound:order.errors.notFound', { id })
  return {
    id: n(r.id), orderNo: String(r.order_no), status: n(r.status), orderType: n(r.order_type), waveNo: r.wave_no == null || r.wave_no === '' ? null : String(r.wave_no),
    pickedQty: n(r.picked_qty), expectedQty: n(r.expected_qty), allocatedQty: n(r.allocated_qty), shipmentApproved: r.shipment_approved === true,
    lockFromStatus: r.lock_from_status == null ? null : n(r.lock_from_status), otherReason: r.other_reason == null ? null : String(r.other_reason),
  }
}

/** The orders of a command in id order, each locked and asked of the machine (all or nothing: the first refusal rolls back all). */
async function lockAll(tx: AppTx, auth: AuthContext, ids: readonly number[], command: string): Promise<OtherHead[]> {
  const out: OtherHead[] = []
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const h = await loadOther(tx, auth, id, true)
    refuseUnlessAllowed(outboundOrderMachine, command, h, auth)
    out.push(h)
  }
  return out
}

/** An other outbound's header: no platform order, no carrier; the receiver (a department, the supplier) optional. */
const otherHeader = (consigneeName: string | null, remark: string | null): Header => ({
  platform: 'OWN', sourceNo: null, orderType: OrderType.Other as Header['orderType'], siteId: null, shopId: null, shippingMethod: null, carrierId: null,
  consigneeName: consigneeName ?? '', consigneePhone: null, address: '', country: '', state: null, city: null, postcode: null,
  expectedDeliveryAt: null, associationNo: null, remark,
})

type OtherOutboundInput = z.output<typeof CreateOtherOutboundArgs>

/**
 * An other outbound's checks against the database (the form's and the import's): the stock status it takes
 * (default Defective for reason defective, else Normal; a defective outbound takes Defective only) and its
 * lines (every code names exactly one SKU; lines of one SKU merged). Every issue at once, never throws.
 */
export async function planOther(q: Queryable, tenantId: number, args: Pick<OtherOutboundInput, 'reason' | 'stockStatus' | 'lines'>, codes?: Map<string, ResolvedSku[]>) {
  const issues: Issue[] = []
  const stockStatus = args.stockStatus ?? (args.reason === 'defective' ? StockStatus.Defective : StockStatus.Normal)
  // A defective outbound takes defective stock; any other reason may name the status it takes.
  if (args.reason === 'defective' && stockStatus !== StockStatus.Defective) issues.push({ field: 'stockStatus', messageKey: 'other-inout:errors.defectiveStatus' })
  const plan = await planOutbound(q, { shopId: null, siteId: null, carrierId: null, lines: args.lines }, tenantId, codes)
  issues.push(...plan.issues)
  return { issues, lines: plan.lines, stockStatus }
}

/** Inserts a checked other outbound (Draft, CK…) with its reason and stock status. */
export async function insertOther(tx: AppTx, auth: AuthContext, args: Pick<OtherOutboundInput, 'reason' | 'consigneeName' | 'remark'>, plan: Awaited<ReturnType<typeof planOther>>) {
  return insertOutbound(tx, auth, otherHeader(args.consigneeName, args.remark), plan.lines, { other: { reason: args.reason, stockStatus: plan.stockStatus } })
}

defineHandler<OtherOutboundInput>('outbound.other.create', async ({ tx, auth, args, setSummary }) => {
  const plan = await planOther(tx, auth.tenantId, args)
  if (plan.issues.length) throw refuseAll(plan.issues, OTHER_FIELD)
  const r = await insertOther(tx, auth, args, plan)
  setSummary(`${r.orderNo} other outbound (${args.reason}, status ${plan.stockStatus}) lines=${r.lines} qty=${r.expectedQty}`)
  return r
})

defineHandler<OtherIdsArgs>('outbound.other.validate', async ({ tx, auth, args, setSummary }) => {
  // Every SKU's allocation lock before any order row, as every allocating command.
  await lockSkusForAllocation(tx, auth, await orderSkus(tx, args.ids))
  const strategy = await strategyFor(tx, auth, OrderType.Other)
  const changed: OutboundChange[] = []
  for (const h of await lockAll(tx, auth, args.ids, 'outbound.other.validate')) {
    const r = await allocateOrder(tx, allocAuth(auth), h.id, strategy)
    const to = validatedStatus(r.allocatedQty)
    await tx.execute(sql`UPDATE outbound_order SET status = ${to}, validated_at = coalesce(validated_at, now()), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${h.id}`)
    changed.push({ id: h.id, orderNo: h.orderNo, from: h.status, to, allocatedQty: r.allocatedQty, expectedQty: r.expectedQty, shortages: r.shortages.map(({ skuId: _s, ...rest }) => rest) })
  }
  setSummary(changed.map((c) => `${c.orderNo} ${c.from}→${c.to} allocated=${c.allocatedQty}/${c.expectedQty}`).join(', '))
  return { changed }
})

defineHandler<OtherIdsArgs>('outbound.other.void', async ({ tx, auth, args, setSummary }) => {
  const changed: OutboundChange[] = []
  for (const h of await lockAll(tx, auth, args.ids, 'outbound.other.void')) {
    const released = await releaseOrder(tx, allocAuth(auth), h.id, 'void')
    await tx.execute(sql`UPDATE outbound_order SET status = ${S.Cancel}, closed_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${h.id}`)
    changed.push({ id: h.id, orderNo: h.orderNo, from: h.status, to: S.Cancel, released })
  }
  setSummary(changed.map((c) => `${c.orderNo} ${c.from}→${c.to}`).join(', '))
  return { changed }
})

/** One wave of the orders (in force, fully reserved, in no wave) with one picking task per order. */
async function release(tx: AppTx, auth: AuthContext, heads: OtherHead[]): Promise<ReleasedOrders['released']> {
  for (const h of heads) {
    if (h.allocatedQty < h.expectedQty) throw conflict('outbound:wave.errors.orderShort', { orderNo: h.orderNo, short: h.expectedQty - h.allocatedQty })
  }
  const orders = await waveableOrders(tx, auth, heads.map((h) => h.id))
  const w = await makeWave(tx, auth, orders, PickMode.OrdinaryPicking, 'whole', null)
  const tasksOf = new Map<number, string[]>()
  for (const r of rowsOf(await tx.execute(sql`
    SELECT DISTINCT tl.order_id, t.task_no FROM picking_task_line tl JOIN picking_task t ON t.id = tl.task_id WHERE t.wave_id = ${w.id} ORDER BY t.task_no`))) {
    tasksOf.set(n(r.order_id), [...(tasksOf.get(n(r.order_id)) ?? []), String(r.task_no)])
  }
  return heads.map((h) => ({ id: h.id, orderNo: h.orderNo, waveNo: w.waveNo, taskNos: tasksOf.get(h.id) ?? [] }))
}

defineHandler<OtherIdsArgs>('outbound.other.release', async ({ tx, auth, args, setSummary }) => {
  const released = await release(tx, auth, await lockAll(tx, auth, args.ids, 'outbound.other.release'))
  setSummary(released.map((r) => `${r.orderNo} → ${r.waveNo} ${r.taskNos.join(',')}`).join(', '))
  return { released } satisfies ReleasedOrders
})

/**
 * Ship (other-ship): the confirmation is the command's. Every open reservation of the order — the picked
 * goods at the picked-goods location — is consumed: on hand and locked fall together, under the order's
 * number with reason otherOut and the order's reason. Lines and order record what left; the order is
 * shipped (Over 4), or completed short (DeficiencyOver 5) when a line was picked short for good.
 */
defineHandler<OtherIdsArgs>('outbound.other.ship', async ({ tx, auth, args, setSummary }) => {
  const shipped: ShippedOrders['shipped'] = []
  for (const h of await lockAll(tx, auth, args.ids, 'outbound.other.ship')) {
    const open = await orderReservations(tx, auth, h.orderNo)
    if (!open.length) throw conflict('other-inout:errors.nothingToShip', { orderNo: h.orderNo })
    let qty = 0
    for (const r of open) {
      await consumeReservation(tx, auth, r.id, r.qty, { docType: OUTBOUND_DOC, docNo: h.orderNo, docLine: r.lineNo, reason: 'otherOut', reasonParams: { reason: h.otherReason ?? 'other' } }, opOf(auth))
      qty += r.qty
    }
    await tx.execute(sql`UPDATE outbound_order_line SET shipped_qty = picked_qty WHERE order_id = ${h.id}`)
    const to = shippedStatus(qty, h.expectedQty)
    await tx.execute(sql`
      UPDATE outbound_order SET status = ${to}, actual_qty = ${qty}, shipped_at = now(), closed_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${h.id}`)
    shipped.push({ id: h.id, orderNo: h.orderNo, qty, status: to })
  }
  setSummary(shipped.map((s) => `${s.orderNo} ${S.ReadyOut}→${s.status} qty=${s.qty}`).join(', '))
  return { shipped } satisfies ShippedOrders
})

// ---------------------------------------------------------------------------------------------
// Defective outbound

defineHandler<CreateDefectiveOutboundArgs>('outbound.defective.create', async ({ tx, auth, args, setSummary }) => {
  const ids = [...new Set(args.balanceIds)].sort((a, b) => a - b)
  const rows = rowsOf(await tx.execute(sql`
    SELECT b.id, b.location_id, l.code AS location_code, b.sku_id, s.sku_code, b.batch_no, b.stock_status, b.on_hand, b.locked
    FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
    WHERE b.tenant_id = ${auth.tenantId} AND b.warehouse_id = ${auth.warehouseId} AND b.id = ANY(${`{${ids.join(',')}}`}::int[])
    ORDER BY b.id FOR UPDATE OF b`))
  const issues: Issue[] = []
  ids.forEach((id, i) => {
    const r = rows.find((x) => n(x.id) === id)
    if (!r) issues.push({ field: `balanceIds.${i}`, messageKey: 'other-inout:errors.balanceUnknown', params: { id } })
    else if (n(r.stock_status) !== StockStatus.Defective) issues.push({ field: `balanceIds.${i}`, messageKey: 'other-inout:errors.notDefective', params: { locationCode: r.location_code, skuCode: r.sku_code } })
    else if (n(r.on_hand) - n(r.locked) <= 0) issues.push({ field: `balanceIds.${i}`, messageKey: 'other-inout:errors.nothingFree', params: { locationCode: r.location_code, skuCode: r.sku_code } })
  })
  if (issues.length) throw refuseAll(issues, () => 'other-inout:fields.balanceIds')
  // One line per SKU (the order's lines), each balance reserved for its SKU's line.
  const bySku = new Map<number, { skuId: number; qty: number; lineNo: number }>()
  for (const r of rows) {
    const line = bySku.get(n(r.sku_id)) ?? { skuId: n(r.sku_id), qty: 0, lineNo: bySku.size + 1 }
    line.qty += n(r.on_hand) - n(r.locked)
    bySku.set(line.skuId, line)
  }
  const lines = [...bySku.values()]
  const made = await insertOutbound(tx, auth, otherHeader(null, args.remark), lines.map((l) => ({ skuId: l.skuId, platformCode: null, qty: l.qty })),
    { other: { reason: 'defective', stockStatus: StockStatus.Defective } })
  for (const r of rows) {
    const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: n(r.location_id), skuId: n(r.sku_id), batchNo: String(r.batch_no), stockStatus: StockStatus.Defective }
    await reserveStock(tx, key, n(r.on_hand) - n(r.locked), { docType: OUTBOUND_DOC, docNo: made.orderNo, docLine: bySku.get(n(r.sku_id))!.lineNo, reason: 'reserve' }, opOf(auth))
  }
  await tx.execute(sql`UPDATE outbound_order_line SET allocated_qty = qty WHERE order_id = ${made.id}`)
  await tx.execute(sql`
    UPDATE outbound_order SET allocated_qty = expected_qty, status = ${S.Effective}, validated_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${made.id}`)
  const [released] = await release(tx, auth, [await loadOther(tx, auth, made.id, true)])
  setSummary(`${made.orderNo} defective outbound ${rows.length} rows qty=${made.expectedQty} → ${released!.waveNo} ${released!.taskNos.join(',')}`)
  return { id: made.id, orderNo: made.orderNo, lines: made.lines, qty: made.expectedQty, waveNo: released!.waveNo, taskNos: released!.taskNos } satisfies DefectiveOutboundMade
})
