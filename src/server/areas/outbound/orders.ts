// Sales (ToC retail) outbound orders (issue 12). Commands (commands/outbound-orders.ts), one
// transaction each: create by the form, the feed (idempotent per platform order number) or an Excel
// sheet; the status machine's moves (src/domain/states/outbound-order.ts, asked before every move):
// validate — allocates stock on the ledger (src/server/inventory/allocation.ts) —, void, abnormal
// lock/unlock, stop, terminate (each releasing exactly what was reserved), refresh inventory lock,
// shipping method, merge. Routes: the list (filters, xlsx export), one order with lines, reservations,
// ledger rows and history, the bulk status preview, the import's template and dry run, form options.
// Another warehouse's or tenant's order is 404.
import { z } from 'zod'
import { and, eq, sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, raw, type RouteDef } from '../../http/route'
import { contentDisposition, listQuerySchema, runList, streamListXlsx, type ExportColumn, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { templateWorkbook } from '../../resources/importer'
import { cellText, idsByCodeOrName, openDocumentSheet, withHeaderCells, type SheetError } from '../../resources/document-sheet'
import { resourceTables } from '../../db/schema/resources'
import { outboundOrder, shop, site } from '../../db/schema/index'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { allocateOrder, lockSkusForAllocation, orderSkus, OUTBOUND_DOC, releaseOrder, orderReservations, shopQuotas, type ShortReason } from '../../inventory/allocation'
import { reasonOfRow } from '../../inventory/ledger'
import { replenishForShortages } from '../replenishment/generate'
import { enabledRules, strategyFor } from '../../inventory/outbound-strategy'
import { returnShelfFor } from './shipping'
import { leaveWave, outboundSettings, type OutboundSettings } from './picking'
import { timedOutSql } from '../../inventory/timeouts'
import { fileUrl } from '../session/files'
import { receiveOneFile } from '../../http/upload'
import { translate } from '../../i18n'
import { registerDocumentLookup, containsPattern, matchedText } from '../search/registry'
import { resolveCodes, type ResolvedSku } from '../inbound/orders'
import { check } from '../../../domain/states/machine'
import { TOB_FIELDS, tobFieldIssues, tobQtyIssue, type TobHeader } from '../../../domain/tob'
import { mergeRefusal, outboundOrderMachine, validatedStatus, type MergeFacts, type OutboundOrderFacts } from '../../../domain/states/outbound-order'
import { defineResource } from '../../../domain/resource'
import { BUSINESS_TYPES, DELIVERY_MODES, DICTIONARIES, dictLabelKey, OrderType, OutboundOrderStatus, PRODUCT_NATURES, WaybillState } from '../../../domain/dictionaries'
import { LANGUAGES, type Language } from '../../../domain/i18n'
import { issueMessageKey, issueParams } from '../../../domain/validation'
import {
  BULK_OUTBOUND_ACTIONS, bulkActionCommand, CreateOutboundArgs, FeedArgs, ImportOutboundArgs, ImportOutboundRow, MAX_BULK_OUTBOUND,
  MAX_OUTBOUND_IMPORT_LINES, MergeArgs, ORDER_PLATFORMS, OUTBOUND_ORDER_API, OUTBOUND_ORDER_PERMISSIONS as P, outboundOrderDetailsPath,
  OutboundIdsArgs, OutboundStatusArgs, ShippingMethodArgs, SwitchWarehouseArgs,
  type BulkOutboundAction, type CreatedOutbound, type FeedResult, type MergeResult, type OutboundChange, type OutboundVerdict, type SplitResult, type SwitchResult,
} from '../../../../commands/outbound-orders'
import { tobDetailsPath } from '../../../../commands/tob-orders'

type Scope = { tenantId: number; warehouseId: number }
type Issue = { field: string; messageKey: string; params?: Record<string, unknown> }
const S = OutboundOrderStatus
/** Most days a list's created-date range may span (spec section 5: date pickers limited to a span). */
export const MAX_DATE_SPAN_DAYS = 92

const fieldKey = (field: string) => {
  const f = field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? field
  // Issue 21 part J: the ToB fields' labels are in the tob namespace.
  return (TOB_FIELDS as readonly string[]).includes(f) || f === 'confirm' ? `tob:fields.${f}` : `outbound:order.fields.${f}`
}
const withLabel = (i: Issue): Issue => ({ ...i, params: { fieldKey: fieldKey(i.field), ...i.params } })
const refuseAll = (issues: Issue[]) => new AppError(400, issues[0]!.messageKey, issues[0]!.params, issues.map(withLabel))

// ---------------------------------------------------------------------------------------------
// Intake: checked against the database, lines of one SKU merged.

type OrderInput = z.output<typeof CreateOutboundArgs>
interface PlannedLine { skuId: number; platformCode: string | null; qty: number }

async function existsIn(q: Queryable, table: 'shop' | 'site' | 'carrier', id: number): Promise<boolean> {
  const rows = rowsOf(await q.execute(sql`SELECT 1 FROM ${sql.identifier(table)} WHERE id = ${id}`))
  return rows.length > 0
}

/** Every issue of an order at once (field paths such as `lines.2.code`); never throws for bad input. */
export async function planOutbound(q: Queryable, input: Pick<OrderInput, 'shopId' | 'siteId' | 'carrierId' | 'lines'> & TobHeader, tenantId: number, codes?: Map<string, ResolvedSku[]>): Promise<{ issues: Issue[]; lines: PlannedLine[] }> {
  // Issue 21 part J: a ToB order's required fields, ToB fields refused on a ToC order (src/domain/tob.ts).
  const issues: Issue[] = tobFieldIssues(input)
  if (input.shopId != null && !(await existsIn(q, 'shop', input.shopId))) issues.push({ field: 'shopId', messageKey: 'outbound:order.errors.shopUnknown', params: { value: input.shopId } })
  if (input.siteId != null && !(await existsIn(q, 'site', input.siteId))) issues.push({ field: 'siteId', messageKey: 'outbound:order.errors.siteUnknown', params: { value: input.siteId } })
  if (input.carrierId != null && !(await existsIn(q, 'carrier', input.carrierId))) issues.push({ field: 'carrierId', messageKey: 'outbound:order.errors.carrierUnknown', params: { value: input.carrierId } })
  const resolved = codes ?? await resolveCodes(q, tenantId, input.lines.map((l) => l.code))
  const merged = new Map<number, PlannedLine>()
  input.lines.forEach((l, i) => {
    const code = l.code.toUpperCase()
    const hits = resolved.get(code) ?? []
    if (hits.length === 0) { issues.push({ field: `lines.${i}.code`, messageKey: 'outbound:order.errors.codeUnknown', params: { code, line: i + 1 } }); return }
    if (hits.length > 1) { issues.push({ field: `lines.${i}.code`, messageKey: 'outbound:order.errors.codeAmbiguous', params: { code, line: i + 1, skus: hits.map((h) => h.skuCode).join(', ') } }); return }
    const hit = hits[0]!
    const prior = merged.get(hit.skuId)
    if (prior) prior.qty += l.qty
    else merged.set(hit.skuId, { skuId: hit.skuId, platformCode: code === hit.skuCode.toUpperCase() ? null : code, qty: l.qty })
  })
  // Last: the marketplace quantity asks to confirm (refuseIntake answers 409 when it is the only issue).
  const qty = issues.length ? null : tobQtyIssue(input, [...merged.values()].reduce((n, l) => n + l.qty, 0))
  if (qty) issues.push(qty)
  return { issues, lines: [...merged.values()] }
}

/**
 * Intake's refusal: every issue at once (400), or — when the only issue is "expected quantity does not
 * match marketplace quantity" — 409 with confirmNeeded: the caller submits again with confirm: true.
 */
function refuseIntake(issues: Issue[]): AppError {
  const [only] = issues
  if (issues.length === 1 && only!.messageKey === 'tob:errors.marketplaceQtyMismatch') return new AppError(409, only!.messageKey, only!.params, [withLabel(only!)], { confirmNeeded: true, ...only!.params })
  return refuseAll(issues)
}

/** An order's header; the ToB fields (issue 21 part J) optional: orders made in code (other outbound) leave them out. */
export type Header = Omit<OrderInput, 'lines' | (typeof TOB_FIELDS)[number]> & Partial<Pick<OrderInput, (typeof TOB_FIELDS)[number]>>

const textOrNull = (v: unknown) => (v == null ? null : String(v))
const intOrNull = (v: unknown) => (v == null ? null : Number(v))
/** An order row's header as intake takes it (merge and split make orders from orders). */
function headerOfRow(r: Record<string, unknown>): Header {
  return {
    platform: String(r.platform) as (typeof ORDER_PLATFORMS)[number], sourceNo: textOrNull(r.source_no), orderType: Number(r.order_type) as 1 | 2,
    siteId: intOrNull(r.site_id), shopId: intOrNull(r.shop_id), shippingMethod: textOrNull(r.shipping_method), carrierId: intOrNull(r.carrier_id),
    consigneeName: String(r.consignee_name ?? ''), consigneePhone: textOrNull(r.consignee_phone), address: String(r.address ?? ''), country: String(r.country ?? ''),
    state: textOrNull(r.state), city: textOrNull(r.city), postcode: textOrNull(r.postcode),
    expectedDeliveryAt: r.expected_delivery_at == null ? null : new Date(String(r.expected_delivery_at)).toISOString().slice(0, 10),
    associationNo: textOrNull(r.association_no), remark: textOrNull(r.remark),
    destinationWarehouse: textOrNull(r.destination_warehouse), expectedContainerNo: textOrNull(r.expected_container_no),
    logisticsProvider: textOrNull(r.logistics_provider), channel: textOrNull(r.channel), businessType: (r.business_type ?? null) as Header['businessType'],
    boxMark: textOrNull(r.box_mark), deliveryMode: (r.delivery_mode ?? null) as Header['deliveryMode'],
    // The marketplace quantity was the whole order's: a merged or split-off order's total differs, so it is not carried.
    productNatures: (r.product_natures ?? null) as Header['productNatures'], marketplaceQty: null,
  }
}

/** Inserts a checked order with its lines; the number is the next CK (or HB for a merged order) of the day. */
export async function insertOrder(tx: AppTx, auth: AuthContext, h: Header, lines: PlannedLine[], opts: { status?: number; prefix?: string; mergeNo?: 'self'; other?: { reason: string; stockStatus: number } } = {}): Promise<CreatedOutbound> {
  const scope = { tenantId: auth.tenantId, warehouseId: auth.warehouseId }
  const orderNo = await nextDocNo(tx, scope, opts.prefix ?? DOC_PREFIX.outboundOrder)
  const expected = lines.reduce((s, l) => s + l.qty, 0)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO outbound_order (tenant_id, warehouse_id, order_no, source_no, order_type, status, platform, site_id, shop_id, shipping_method,
      carrier_id, consignee_name, consignee_phone, address, country, state, city, postcode, expected_delivery_at, association_no, remark,
      expected_qty, line_count, merge_no, validated_at, other_reason, stock_status, created_by, updated_by,
      destination_warehouse, expected_container_no, logistics_provider, channel, business_type, box_mark, delivery_mode, product_natures, marketplace_qty)
    VALUES (${scope.tenantId}, ${scope.warehouseId}, ${orderNo}, ${h.sourceNo ?? null}, ${h.orderType}, ${opts.status ?? S.Draft}, ${h.platform},
      ${h.siteId ?? null}, ${h.shopId ?? null}, ${h.shippingMethod ?? null}, ${h.carrierId ?? null}, ${h.consigneeName}, ${h.consigneePhone ?? null},
      ${h.address}, ${h.country}, ${h.state ?? null}, ${h.city ?? null}, ${h.postcode ?? null}, ${h.expectedDeliveryAt ?? null},
      ${h.associationNo ?? null}, ${h.remark ?? null}, ${expected}, ${lines.length}, ${opts.mergeNo === 'self' ? orderNo : null},
      ${opts.status === S.Effective ? sql`now()` : null}, ${opts.other?.reason ?? null}, ${opts.other?.stockStatus ?? 1}, ${auth.userId}, ${auth.userId},
      ${h.destinationWarehouse ?? null}, ${h.expectedContainerNo ?? null}, ${h.logisticsProvider ?? null}, ${h.channel ?? null}, ${h.businessType ?? null},
      ${h.boxMark ?? null}, ${h.deliveryMode ?? null}, ${h.productNatures?.length ? sql`${`{${h.productNatures.join(',')}}`}::text[]` : null}, ${h.marketplaceQty ?? null})
    RETURNING id`))
  const id = Number(row!.id)
  await writeLines(tx, scope, id, lines)
  return { id, orderNo, expectedQty: expected, lines: lines.length }
}

async function writeLines(tx: AppTx, scope: Scope, orderId: number, lines: readonly PlannedLine[]) {
  const values = lines.map((l, i) => sql`(${orderId}, ${scope.tenantId}, ${scope.warehouseId}, ${i + 1}, ${l.skuId}, ${l.platformCode}, ${l.qty})`)
  await tx.execute(sql`INSERT INTO outbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, platform_code, qty) VALUES ${sql.join(values, sql`, `)}`)
}

defineHandler<OrderInput>('outbound.order.create', async ({ tx, auth, args, setSummary }) => {
  const { issues, lines } = await planOutbound(tx, args, auth.tenantId)
  if (issues.length) throw refuseIntake(issues)
  await refuseTakenSource(tx, auth, args.platform, args.sourceNo ?? null)
  const r = await insertOrder(tx, auth, args, lines)
  setSummary(`${r.orderNo} lines=${r.lines} qty=${r.expectedQty}`)
  return r
})

/**
 * A platform order number lands once per warehouse-tenant pair (the feed's idempotency key; issue 19
 * §3 L1): the same number pushed to another warehouse of the tenant is another order, and a refusal
 * never names a document of a pair the caller is not in (index outbound_order_source_uq, migration 0044).
 */
async function findBySource(q: Queryable, pair: Scope, platform: string, sourceNo: string) {
  const [r] = rowsOf(await q.execute(sql`SELECT id, order_no, warehouse_id FROM outbound_order
    WHERE tenant_id = ${pair.tenantId} AND warehouse_id = ${pair.warehouseId} AND platform = ${platform} AND source_no = ${sourceNo}`))
  return r ? { id: Number(r.id), orderNo: String(r.order_no) } : undefined
}

/** Any number: the class of the advisory locks below. */
const SOURCE_LOCK = 7305120
/**
 * Intake naming the same platform order number (two pushes of one order at once, a create beside a
 * push) waits here until the first commits, so the second reads the first's order instead of hitting
 * outbound_order_source_uq (a 500 on PostgreSQL). All of a push's numbers are locked at once, in one
 * order, so two pushes never wait on each other crosswise; held to the end of the transaction.
 */
async function lockSources(tx: AppTx, pair: Scope, orders: readonly { platform: string; sourceNo?: string | null }[]) {
  const keys = [...new Set(orders.filter((o) => o.sourceNo).map((o) => `${pair.tenantId}|${pair.warehouseId}|${o.platform}|${o.sourceNo}`))]
  if (!keys.length) return
  const arr = sql`${`{${keys.map((k) => `"${k.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[]`
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${SOURCE_LOCK}, hashtext(k)) FROM (SELECT k FROM unnest(${arr}) AS k ORDER BY k) s`)
}

async function refuseTakenSource(tx: AppTx, auth: Scope, platform: string, sourceNo: string | null) {
  if (!sourceNo) return
  await lockSources(tx, auth, [{ platform, sourceNo }])
  const prior = await findBySource(tx, auth, platform, sourceNo)
  if (prior) throw new AppError(409, 'outbound:order.errors.feedConflict', { sourceNo, orderNo: prior.orderNo }, [{ field: 'sourceNo', messageKey: 'outbound:order.errors.feedConflict', params: { sourceNo, orderNo: prior.orderNo } }])
}

defineHandler<z.output<typeof FeedArgs>>('outbound.order.feed', async ({ tx, auth, args, setSummary }) => {
  const codes = await resolveCodes(tx, auth.tenantId, args.orders.flatMap((o) => o.lines.map((l) => l.code)))
  const issues: Issue[] = []
  const plans = []
  for (const [i, o] of args.orders.entries()) {
    const plan = await planOutbound(tx, o, auth.tenantId, codes)
    issues.push(...plan.issues.map((x) => ({ ...x, field: `orders.${i}.${x.field}`, params: { ...x.params, sourceNo: o.sourceNo } })))
    plans.push(plan)
  }
  if (issues.length) throw refuseIntake(issues)
  const out: FeedResult = { created: [], existing: [] }
  await lockSources(tx, auth, args.orders)
  for (const [i, o] of args.orders.entries()) {
    const prior = await findBySource(tx, auth, o.platform, o.sourceNo)
    if (prior) { out.existing.push({ sourceNo: o.sourceNo, orderNo: prior.orderNo }); continue }
    const r = await insertOrder(tx, auth, o, plans[i]!.lines)
    out.created.push({ sourceNo: o.sourceNo, orderNo: r.orderNo })
  }
  setSummary(`feed: ${out.created.length} created, ${out.existing.length} existing`)
  return out
})

// ---------------------------------------------------------------------------------------------
// Status moves: the machine is asked first, every order locked in id order (no deadlock between two
// commands over overlapping selections), all or nothing.

interface Head extends OutboundOrderFacts { id: number }

async function loadHead(q: Queryable, auth: Scope, id: number, lock: boolean): Promise<Head> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, wave_no, picked_qty, shipment_approved, lock_from_status FROM outbound_order
    WHERE id = ${id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw notFound('outbound:order.errors.notFound', { id })
  return headOf(r)
}
const headOf = (r: Record<string, unknown>): Head => ({
  id: Number(r.id), orderNo: String(r.order_no), status: Number(r.status), waveNo: r.wave_no == null || r.wave_no === '' ? null : String(r.wave_no),
  pickedQty: Number(r.picked_qty), shipmentApproved: r.shipment_approved === true, lockFromStatus: r.lock_from_status == null ? null : Number(r.lock_from_status),
})

const allocAuth = (auth: AuthContext) => ({ tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username })


async function setStatus(tx: AppTx, auth: AuthContext, id: number, to: number, extra = sql``) {
  await tx.execute(sql`UPDATE outbound_order SET status = ${to}, updated_at = now(), updated_by = ${auth.userId} ${extra} WHERE id = ${id}`)
}

async function orderTypeOf(tx: AppTx, id: number): Promise<number> {
  const [r] = rowsOf(await tx.execute(sql`SELECT order_type FROM outbound_order WHERE id = ${id}`))
  return Number(r!.order_type)
}

async function allocate(tx: AppTx, auth: AuthContext, h: Head): Promise<Partial<OutboundChange>> {
  const r = await allocateOrder(tx, allocAuth(auth), h.id, await strategyFor(tx, auth, await orderTypeOf(tx, h.id)))
  // Lines short while bulk holds the SKU: a replenishment task tops up the pick face (issue 20) — for the
  // part stock is missing, not the part the shop's stock allot quota holds back.
  const stockShort = r.shortages.map((x) => ({ skuId: x.skuId, short: x.short - (x.quotaShort ?? 0) })).filter((x) => x.short > 0)
  if (stockShort.length) await replenishForShortages(tx, auth, h.id, stockShort)
  return { allocatedQty: r.allocatedQty, expectedQty: r.expectedQty, shortages: r.shortages.map(({ skuId: _s, ...rest }) => rest) }
}

type Move = (tx: AppTx, auth: AuthContext, h: Head, reason: string | null) => Promise<{ to: number } & Partial<OutboundChange>>

const MOVES: Record<string, Move> = {
  // In force when the allocation reserves anything, else validated (6), waiting for stock.
  'outbound.order.validate': async (tx, auth, h) => {
    const r = await allocate(tx, auth, h)
    await setStatus(tx, auth, h.id, validatedStatus(r.allocatedQty ?? 0), sql`, validated_at = coalesce(validated_at, now())`)
    return { to: validatedStatus(r.allocatedQty ?? 0), ...r }
  },
  'outbound.order.void': async (tx, auth, h) => {
    const released = await releaseOrder(tx, allocAuth(auth), h.id, 'void')
    await setStatus(tx, auth, h.id, S.Cancel, sql`, closed_at = now()`)
    return { to: S.Cancel, released }
  },
  'outbound.order.lock': async (tx, auth, h, reason) => {
    await setStatus(tx, auth, h.id, S.AbnormalLock, sql`, lock_from_status = ${h.status}, abnormal_reason = ${reason}`)
    return { to: S.AbnormalLock }
  },
  'outbound.order.unlock': async (tx, auth, h) => {
    const to = h.lockFromStatus ?? S.Draft
    await setStatus(tx, auth, h.id, to, sql`, lock_from_status = NULL`)
    return { to }
  },
  // Intercept before picking: out of its wave's tasks, every reservation goes back. After picking (issue
  // 13): the wave keeps its history, the picked goods are listed on a return-to-shelf task, then every
  // reservation goes back and the task puts those goods on shelves.
  'outbound.order.stop': async (tx, auth, h, reason) => {
    const returnTaskNo = h.pickedQty > 0 ? await returnShelfFor(tx, auth, h.id, h.orderNo) : (await leaveWave(tx, auth, h.id, h.orderNo), null)
    const released = await releaseOrder(tx, allocAuth(auth), h.id, 'stop')
    await setStatus(tx, auth, h.id, S.StopTransport, sql`, stop_reason = ${reason}, lock_from_status = NULL, closed_at = now()`)
    return { to: S.StopTransport, released, returnTaskNo }
  },
  // Spec section 4: "terminated" (StopTransport 8), the status the switch-warehouse rule names.
  'outbound.order.terminate': async (tx, auth, h, reason) => {
    await leaveWave(tx, auth, h.id, h.orderNo)
    const released = await releaseOrder(tx, allocAuth(auth), h.id, 'terminate')
    await setStatus(tx, auth, h.id, S.StopTransport, sql`, stop_reason = ${reason}, lock_from_status = NULL, closed_at = now()`)
    return { to: S.StopTransport, released }
  },
  'outbound.order.refreshLock': async (tx, auth, h) => {
    // Issue 21 part J: the warehouse refreshed ("brushed") the order: its split method is settled.
    await tx.execute(sql`UPDATE outbound_order SET warehouse_brushed = true WHERE id = ${h.id}`)
    return { to: h.status, ...(await allocate(tx, auth, h)) }
  },
}

/**
 * Allocates again the orders that wait for stock (validated 6, or in force and short, not in a wave) —
 * what refresh inventory lock does, for a replenishment that just filled their pick faces. Returns what
 * each order holds now.
 */
export async function reallocateWaiting(tx: AppTx, auth: AuthContext, orderIds: readonly number[]): Promise<{ orderNo: string; allocatedQty: number; expectedQty: number }[]> {
  const out: { orderNo: string; allocatedQty: number; expectedQty: number }[] = []
  if (!orderIds.length) return out
  await lockSkusForAllocation(tx, auth, await orderSkus(tx, orderIds))
  for (const id of [...new Set(orderIds)].sort((a, b) => a - b)) {
    const h = await loadHead(tx, auth, id, true)
    if ((h.status !== S.Approve && h.status !== S.Effective) || h.waveNo) continue
    const r = await allocateOrder(tx, allocAuth(auth), h.id, await strategyFor(tx, auth, await orderTypeOf(tx, h.id)))
    await settleValidated(tx, auth, h.id)
    out.push({ orderNo: r.orderNo, allocatedQty: r.allocatedQty, expectedQty: r.expectedQty })
  }
  return out
}

/** After an allocation of a validated order: in force when it holds stock here, else validated (6). */
async function settleValidated(tx: AppTx, auth: AuthContext, id: number): Promise<number> {
  const [r] = rowsOf(await tx.execute(sql`
    UPDATE outbound_order SET status = CASE WHEN allocated_qty > 0 THEN ${S.Effective}::smallint ELSE ${S.Approve}::smallint END, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${id} AND status IN (${S.Effective}, ${S.Approve}) RETURNING status`))
  return Number(r?.status)
}

/** Commands that allocate take every SKU's allocation lock first, in SKU order, before any order row: no deadlock between batches, nor between a batch and a single order. */
const ALLOCATING = new Set(['outbound.order.validate', 'outbound.order.refreshLock'])

async function moveAll(tx: AppTx, auth: AuthContext, ids: number[], command: string, reason: string | null): Promise<OutboundChange[]> {
  const move = MOVES[command]!
  const changed: OutboundChange[] = []
  if (ALLOCATING.has(command)) await lockSkusForAllocation(tx, auth, await orderSkus(tx, ids))
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const h = await loadHead(tx, auth, id, true)
    refuseUnlessAllowed(outboundOrderMachine, command, h, auth)
    const r = await move(tx, auth, h, reason)
    changed.push({ id, orderNo: h.orderNo, from: h.status, ...r })
  }
  return changed
}

const summaryOf = (changed: OutboundChange[]) => changed.map((c) => `${c.orderNo} ${c.from}→${c.to}${c.shortages?.length ? ` short=${c.shortages.reduce((s, x) => s + x.short, 0)}` : ''}`).join(', ')

for (const command of Object.keys(MOVES)) {
  defineHandler<OutboundIdsArgs & { reason?: string }>(command, async ({ tx, auth, args, setSummary }) => {
    const changed = await moveAll(tx, auth, args.ids, command, args.reason ?? null)
    setSummary(summaryOf(changed))
    return { changed }
  })
}

defineHandler<ShippingMethodArgs>('outbound.order.shippingMethod', async ({ tx, auth, args, setSummary }) => {
  if (args.carrierId != null && !(await existsIn(tx, 'carrier', args.carrierId))) throw fieldError('carrierId', 'outbound:order.errors.carrierUnknown', { value: args.carrierId })
  const changed: OutboundChange[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const h = await loadHead(tx, auth, id, true)
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.order.shippingMethod', h, auth)
    await tx.execute(sql`UPDATE outbound_order SET shipping_method = ${args.shippingMethod}, carrier_id = ${args.carrierId ?? null}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
    changed.push({ id, orderNo: h.orderNo, from: h.status, to: h.status })
  }
  setSummary(`${changed.map((c) => c.orderNo).join(',')} shipping=${args.shippingMethod}`)
  return { changed }
})

/** Bulk preview and bulk run: per order, will the action run on it, and if not why. */
async function verdicts(q: Queryable, auth: Scope, ids: number[], action: BulkOutboundAction, lang: Language, lock = false): Promise<OutboundVerdict[]> {
  const uniq = [...new Set(ids)].sort((a, b) => a - b)
  const rows = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, wave_no, picked_qty, shipment_approved, lock_from_status FROM outbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND id = ANY(${`{${uniq.join(',')}}`}::int[])
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`))
  const byId = new Map(rows.map((r) => [Number(r.id), headOf(r)]))
  return uniq.map((id) => {
    const h = byId.get(id)
    if (!h) return { id, orderNo: null, from: null, change: false, reason: 'outbound:order.errors.notFound', message: translate(lang, 'outbound:order.errors.notFound') }
    const v = check(outboundOrderMachine, bulkActionCommand(action), h, { userId: 0 })
    return { id, orderNo: h.orderNo, from: h.status, change: v === true, reason: v === true ? null : v.key, message: v === true ? null : translate(lang, v.key, v.params) }
  })
}

const NEEDS_REASON: readonly BulkOutboundAction[] = ['lock', 'stop', 'terminate']

defineHandler<OutboundStatusArgs>('outbound.order.status', async ({ tx, auth, args, setSummary }) => {
  if (NEEDS_REASON.includes(args.action) && !args.reason) throw fieldError('reason', 'errors:field.required')
  // Allocating actions: the SKUs' allocation locks before the order rows, as every allocating command.
  if (ALLOCATING.has(bulkActionCommand(args.action))) await lockSkusForAllocation(tx, auth, await orderSkus(tx, args.ids))
  const vs = await verdicts(tx, auth, args.ids, args.action, 'en', true)
  const ok = vs.filter((v) => v.change).map((v) => v.id)
  if (!ok.length) {
    const h = vs[0]!.orderNo ? await loadHead(tx, auth, vs[0]!.id, false) : undefined
    if (!h) throw notFound('outbound:order.errors.notFound')
    refuseUnlessAllowed(outboundOrderMachine, bulkActionCommand(args.action), h, auth)
  }
  const changed = await moveAll(tx, auth, ok, bulkActionCommand(args.action), args.reason ?? null)
  setSummary(`bulk ${args.action}: ${changed.length} changed, ${vs.length - ok.length} refused`)
  return { changed, refused: vs.filter((v) => !v.change).map((v) => ({ ...v, message: null })) }
})

// ---------------------------------------------------------------------------------------------
// Split by the first enabled order splitting rule (rule-management → order-splitting-rule): 'stock'
// splits off what is not allocated (an order in force waiting for stock ships what there is);
// 'maxQty' / 'maxLines' cut the order into parts of at most that many units / lines. The order keeps
// the first part; each other part is a new order with the same header, its association number the
// original's. Reservations are given back and taken again part by part in one transaction.

interface SplitLine { skuId: number; platformCode: string | null; qty: number; allocated: number }

export function splitParts(lines: SplitLine[], rule: { splitBy: string; maxQty: number | null; maxLines: number | null }): Omit<SplitLine, 'allocated'>[][] {
  if (rule.splitBy === 'stock') {
    const kept = lines.filter((l) => l.allocated > 0).map((l) => ({ skuId: l.skuId, platformCode: l.platformCode, qty: l.allocated }))
    const rest = lines.filter((l) => l.qty > l.allocated).map((l) => ({ skuId: l.skuId, platformCode: l.platformCode, qty: l.qty - l.allocated }))
    return kept.length && rest.length ? [kept, rest] : [lines]
  }
  if (rule.splitBy === 'maxLines') {
    const size = Math.max(1, rule.maxLines ?? lines.length)
    const out: Omit<SplitLine, 'allocated'>[][] = []
    for (let i = 0; i < lines.length; i += size) out.push(lines.slice(i, i + size).map(({ allocated: _a, ...l }) => l))
    return out
  }
  const max = Math.max(1, rule.maxQty ?? Number.MAX_SAFE_INTEGER)
  const out: Omit<SplitLine, 'allocated'>[][] = [[]]
  let room = max
  for (const l of lines) {
    let left = l.qty
    while (left > 0) {
      if (room === 0) { out.push([]); room = max }
      const take = Math.min(left, room)
      out.at(-1)!.push({ skuId: l.skuId, platformCode: l.platformCode, qty: take })
      left -= take; room -= take
    }
  }
  return out
}

defineHandler<OutboundIdsArgs>('outbound.order.split', async ({ tx, auth, args, setSummary }) => {
  const rules = (await enabledRules(tx, auth)).orderSplittingRules
  if (!rules.length) throw conflict('outbound:order.errors.noSplitRule')
  const split: SplitResult[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const h = await loadHead(tx, auth, id, true)
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.order.split', h, auth)
    // Issue 21 part J: a split method chosen on the order (outbound.tob.splitMethod) picks the first enabled rule splitting that way.
    const [m] = rowsOf(await tx.execute(sql`SELECT split_method FROM outbound_order WHERE id = ${id}`))
    const method = m?.split_method == null ? null : String(m.split_method)
    const rule = method ? rules.find((r) => r.splitBy === method) : rules[0]
    if (!rule) throw conflict('tob:errors.noRuleForMethod', { orderNo: h.orderNo, splitMethod: method })
    const lines: SplitLine[] = rowsOf(await tx.execute(sql`
      SELECT sku_id, platform_code, qty, allocated_qty FROM outbound_order_line WHERE order_id = ${id} ORDER BY line_no`)).map((r) => ({
      skuId: Number(r.sku_id), platformCode: r.platform_code == null ? null : String(r.platform_code), qty: Number(r.qty), allocated: Number(r.allocated_qty),
    }))
    const parts = splitParts(lines, rule)
    if (parts.length < 2) throw conflict('outbound:order.errors.splitNothing', { orderNo: h.orderNo, rule: rule.name })
    await releaseOrder(tx, allocAuth(auth), id, 'split')
    const [row] = rowsOf(await tx.execute(sql`SELECT * FROM outbound_order WHERE id = ${id}`))
    const header = headerOfRow(row!)
    await tx.execute(sql`DELETE FROM outbound_order_line WHERE order_id = ${id}`)
    await writeLines(tx, auth, id, parts[0]!)
    const kept = parts[0]!.reduce((n, l) => n + l.qty, 0)
    await tx.execute(sql`UPDATE outbound_order SET expected_qty = ${kept}, line_count = ${parts[0]!.length}, allocated_qty = 0, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
    const out: SplitResult['parts'] = [{ orderNo: h.orderNo, expectedQty: kept, lines: parts[0]!.length }]
    const made = [{ ...h }]
    for (const part of parts.slice(1)) {
      const r = await insertOrder(tx, auth, { ...header, sourceNo: null, associationNo: h.orderNo }, part, { status: h.status })
      out.push({ orderNo: r.orderNo, expectedQty: r.expectedQty, lines: r.lines })
      made.push({ ...h, id: r.id, orderNo: r.orderNo })
    }
    if (h.status === S.Effective) for (const m of made) { await allocate(tx, auth, m); await settleValidated(tx, auth, m.id) }
    split.push({ orderNo: h.orderNo, rule: rule.name, splitBy: rule.splitBy, parts: out })
  }
  setSummary(split.map((x) => `${x.orderNo} → ${x.parts.map((p) => p.orderNo).join('+')} (${x.splitBy})`).join(', '))
  return { split }
})

// ---------------------------------------------------------------------------------------------
// Switch warehouse (spec section 4: only in draft, validated, invalidated or terminated; never in a
// wave): within the tenant, to a warehouse the operator works in. Reservations are given back here; an
// order in force is allocated again there. The order takes the next number of the target warehouse
// (numbers are per warehouse); its platform order number goes with it.

defineHandler<SwitchWarehouseArgs>('outbound.order.switchWarehouse', async ({ tx, auth, args, setSummary }) => {
  if (args.warehouseId === auth.warehouseId) throw fieldError('warehouseId', 'outbound:order.errors.switchSameWarehouse')
  const [pair] = rowsOf(await tx.execute(sql`
    SELECT 1 FROM user_access WHERE user_id = ${auth.userId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${args.warehouseId}`))
  if (!pair) throw fieldError('warehouseId', 'outbound:order.errors.switchNotYours', { value: args.warehouseId })
  const target = { ...auth, warehouseId: args.warehouseId }
  const moved: SwitchResult['moved'] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const h = await loadHead(tx, auth, id, true)
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.order.switchWarehouse', h, auth)
    const [hist] = rowsOf(await tx.execute(sql`SELECT (SELECT count(*) FROM pick_diff WHERE order_id = ${id}) + (SELECT count(*) FROM picking_task_line WHERE order_id = ${id}) AS n`))
    if (Number(hist!.n) > 0) throw conflict('outbound:order.errors.switchPicked', { orderNo: h.orderNo })
    // The platform number is unique per pair: the target may already hold that platform order.
    const [src] = rowsOf(await tx.execute(sql`SELECT platform, source_no FROM outbound_order WHERE id = ${id}`))
    if (src?.source_no) {
      await lockSources(tx, target, [{ platform: String(src.platform), sourceNo: String(src.source_no) }])
      const there = await findBySource(tx, target, String(src.platform), String(src.source_no))
      if (there) throw conflict('outbound:order.errors.feedConflict', { sourceNo: String(src.source_no), orderNo: there.orderNo })
    }
    await releaseOrder(tx, allocAuth(auth), id, 'switch warehouse')
    const orderNo = await nextDocNo(tx, target, h.orderNo.startsWith(DOC_PREFIX.mergedOrder) ? DOC_PREFIX.mergedOrder : DOC_PREFIX.outboundOrder)
    // One statement moves the order and its lines (their foreign key is checked at its end).
    await tx.execute(sql`
      WITH ord AS (UPDATE outbound_order SET warehouse_id = ${args.warehouseId}, order_no = ${orderNo}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id} RETURNING id)
      UPDATE outbound_order_line SET warehouse_id = ${args.warehouseId} WHERE order_id IN (SELECT id FROM ord)`)
    // Validated (in force here, or waiting for stock): allocated there, in force when it gets stock.
    let status = h.status
    if (h.status === S.Effective || h.status === S.Approve) {
      await allocate(tx, target, { ...h, orderNo })
      status = await settleValidated(tx, auth, id)
    }
    moved.push({ id, from: h.orderNo, to: orderNo, status })
  }
  setSummary(`${moved.map((m) => `${m.from}→${m.to}`).join(', ')} to warehouse ${args.warehouseId}`)
  return { moved, warehouseId: args.warehouseId } satisfies SwitchResult
})

// ---------------------------------------------------------------------------------------------
// Merge: 2..30 orders in force sharing platform, order type, site, shipping method and consignee
// become one new order (HB…, in force, allocated anew); the merged-from orders go to Merging 10 with
// its number and give back their reservations first, in the same transaction (their stock cannot be
// taken by anyone else meanwhile: the balance rows stay locked by this transaction).

const consigneeKey = (r: Record<string, unknown>) => [r.consignee_name, String(r.consignee_phone ?? '').replace(/\D/g, ''), r.address, r.postcode, r.country]
  .map((v) => String(v ?? '').trim().toLowerCase().replace(/\s+/g, ' ')).join('|')

defineHandler<MergeArgs>('outbound.order.merge', async ({ tx, auth, args, setSummary }) => {
  const ids = [...new Set(args.ids)].sort((a, b) => a - b)
  const rows = rowsOf(await tx.execute(sql`
    SELECT * FROM outbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND id = ANY(${`{${ids.join(',')}}`}::int[])
    ORDER BY id FOR UPDATE`))
  if (rows.length !== ids.length) throw notFound('outbound:order.errors.notFound', { id: ids.find((id) => !rows.some((r) => Number(r.id) === id)) })
  const facts: MergeFacts[] = rows.map((r) => ({
    ...headOf(r), platform: String(r.platform), orderType: Number(r.order_type), siteId: r.site_id == null ? null : Number(r.site_id),
    shippingMethod: r.shipping_method == null ? null : String(r.shipping_method), consignee: consigneeKey(r),
  }))
  const refusal = mergeRefusal(facts)
  if (refusal) throw conflict(refusal.key, refusal.params)
  const lines = rowsOf(await tx.execute(sql`
    SELECT sku_id, sum(qty)::int AS qty FROM outbound_order_line WHERE order_id = ANY(${`{${ids.join(',')}}`}::int[]) GROUP BY sku_id ORDER BY min(order_id), min(line_no)`))
  for (const r of rows) await releaseOrder(tx, allocAuth(auth), Number(r.id), 'merge')
  const header: Header = { ...headerOfRow(rows[0]!), sourceNo: null, expectedDeliveryAt: null, remark: null, associationNo: rows.map((r) => r.source_no ?? r.order_no).join(',').slice(0, 64) }
  const merged = await insertOrder(tx, auth, header, lines.map((l) => ({ skuId: Number(l.sku_id), platformCode: null, qty: Number(l.qty) })), { status: S.Effective, prefix: DOC_PREFIX.mergedOrder, mergeNo: 'self' })
  await tx.execute(sql`UPDATE outbound_order SET status = ${S.Merging}, merge_no = ${merged.orderNo}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`)
  await allocate(tx, auth, { ...facts[0]!, id: merged.id, orderNo: merged.orderNo })
  await settleValidated(tx, auth, merged.id)
  const mergedFrom = rows.map((r) => String(r.order_no))
  setSummary(`${merged.orderNo} ← ${mergedFrom.join(',')}`)
  return { orderNo: merged.orderNo, id: merged.id, mergedFrom, expectedQty: merged.expectedQty } satisfies MergeResult
})

// ---------------------------------------------------------------------------------------------
// Excel import: one row per line; rows with one order reference make one order.

/** Issue 21 part J: the sheet's order type and ToB columns (optional: a sheet without them imports ToC orders as before). */
const TOB_SHEET_CELLS = ['orderType', 'associationNo', 'destinationWarehouse', 'expectedContainerNo', 'logisticsProvider', 'channel', 'businessType', 'boxMark', 'deliveryMode', 'productNatures'] as const
/** A dictionary cell: its code (any case) or its label in any language; unknown text is kept (the row's check names it). */
function dictCell(dict: string, values: readonly string[], text: string): string {
  const t = text.trim().toLowerCase()
  for (const v of values) {
    if (v.toLowerCase() === t) return v
    for (const l of LANGUAGES) if (translate(l, dictLabelKey(dict, v)).toLowerCase() === t) return v
  }
  return text.trim()
}
const ORDER_TYPE_CELL: Record<string, number> = { TOB: OrderType.TOB, TOC: OrderType.TOC, '1': OrderType.TOB, '2': OrderType.TOC }
/** The sheet's ToB cells as the row schema takes them; an empty order type cell is `defaultType` (the ToB screen's import: ToB). */
function tobCells(c: Record<string, unknown>, defaultType?: number) {
  const text = (f: string) => cellText(c[f]) || null
  const type = cellText(c.orderType).toUpperCase()
  const natures = cellText(c.productNatures)
  return {
    orderType: type === '' ? defaultType : (ORDER_TYPE_CELL[type] ?? -1), associationNo: text('associationNo'), destinationWarehouse: text('destinationWarehouse'),
    expectedContainerNo: text('expectedContainerNo'), logisticsProvider: text('logisticsProvider'), channel: text('channel'),
    businessType: text('businessType') === null ? null : dictCell('businessType', BUSINESS_TYPES, text('businessType')!),
    boxMark: text('boxMark'), deliveryMode: text('deliveryMode') === null ? null : dictCell('deliveryMode', DELIVERY_MODES, text('deliveryMode')!),
    productNatures: natures === '' ? null : natures.split(/[,;，、]/).map((x) => x.trim()).filter(Boolean).map((x) => dictCell('productNature', PRODUCT_NATURES, x)),
  }
}

export const OUTBOUND_SHEET = defineResource({
  name: 'orderImport', table: 'outbound_order', scope: 'warehouse', menuCode: 'toc-sales-outbound', component: 'stock-out/toc-sales-outbound', ns: 'outbound',
  fields: {
    ref: { kind: 'text', required: true, maxLength: 64 },
    platform: { kind: 'text', required: true, maxLength: 20 },
    sourceNo: { kind: 'text', maxLength: 64 },
    shop: { kind: 'text', maxLength: 120 },
    shippingMethod: { kind: 'text', maxLength: 40 },
    consigneeName: { kind: 'text', maxLength: 100 },
    consigneePhone: { kind: 'text', maxLength: 40 },
    address: { kind: 'text', maxLength: 300 },
    country: { kind: 'text', maxLength: 60 },
    state: { kind: 'text', maxLength: 60 },
    city: { kind: 'text', maxLength: 60 },
    postcode: { kind: 'text', maxLength: 20 },
    remark: { kind: 'text', maxLength: 500 },
    // Issue 21 part J: the order type (TOB / TOC) and the ToB fields (dictionary values by code or label).
    orderType: { kind: 'text', maxLength: 20 },
    associationNo: { kind: 'text', maxLength: 64 },
    destinationWarehouse: { kind: 'text', maxLength: 100 },
    expectedContainerNo: { kind: 'text', maxLength: 40 },
    logisticsProvider: { kind: 'text', maxLength: 100 },
    channel: { kind: 'text', maxLength: 60 },
    businessType: { kind: 'text', maxLength: 40 },
    boxMark: { kind: 'text', maxLength: 200 },
    deliveryMode: { kind: 'text', maxLength: 40 },
    productNatures: { kind: 'text', maxLength: 200 },
    code: { kind: 'text', required: true, maxLength: 80 },
    qty: { kind: 'int', required: true, min: 1 },
  },
  list: { columns: ['ref'], defaultSort: 'ref:asc' },
  form: [['ref']],
  import: {
    columns: ['ref', 'platform', 'sourceNo', 'shop', 'shippingMethod', 'consigneeName', 'consigneePhone', 'address', 'country', 'state', 'city', 'postcode', 'remark', 'code', 'qty', ...TOB_SHEET_CELLS],
    key: 'ref', templateName: 'OUTBOUND_ORDER_TEMPLATE', maxRows: MAX_OUTBOUND_IMPORT_LINES,
  },
  existingTable: true,
})
const HEADER_CELLS = ['platform', 'sourceNo', 'shop', 'shippingMethod', 'consigneeName', 'consigneePhone', 'address', 'country', 'state', 'city', 'postcode', 'remark', ...TOB_SHEET_CELLS] as const
const HEADER_FIELDS = ['platform', 'sourceNo', 'shopId', 'shippingMethod', 'consigneeName', 'consigneePhone', 'address', 'country', 'state', 'city', 'postcode', 'remark', ...TOB_SHEET_CELLS] as const

export interface OutboundDryRun {
  total: number
  creates: number
  updates: 0
  rows: ImportOutboundRow[]
  errors: SheetError[]
}

const sheetField = (f: string) => (f === 'shopId' ? 'shop' : f)

function groupRows(rows: readonly ImportOutboundRow[]): Map<string, ImportOutboundRow[]> {
  const groups = new Map<string, ImportOutboundRow[]>()
  for (const r of rows) (groups.get(r.ref) ?? groups.set(r.ref, []).get(r.ref)!).push(r)
  return groups
}
const headerOf = (first: ImportOutboundRow): Header => {
  const { row: _r, ref: _f, code: _c, qty: _q, ...h } = first
  return h
}

/** Rows → orders: groups by ref, checks every row, one header per order, platform order numbers not taken. */
async function checkImportRows(q: Queryable, auth: Scope, rows: ImportOutboundRow[]): Promise<(Issue & { row: number })[]> {
  const issues: (Issue & { row: number })[] = []
  const codes = await resolveCodes(q, auth.tenantId, rows.map((r) => r.code))
  for (const [, group] of groupRows(rows)) {
    const first = group[0]!
    for (const r of group.slice(1)) {
      for (const f of HEADER_FIELDS) {
        const a = r[f]; const b = first[f]
        if (a !== null && a !== undefined && a !== '' && String(a) !== String(b ?? '')) issues.push({ row: r.row, field: sheetField(f), messageKey: 'outbound:orderImport.headerMismatch', params: { ref: r.ref, row: first.row } })
      }
    }
    if (first.sourceNo) {
      const prior = await findBySource(q, auth, first.platform, first.sourceNo)
      if (prior) issues.push({ row: first.row, field: 'sourceNo', messageKey: 'outbound:order.errors.feedConflict', params: { sourceNo: first.sourceNo, orderNo: prior.orderNo } })
    }
    const plan = await planOutbound(q, { ...headerOf(first), lines: group.map((r) => ({ code: r.code.toUpperCase(), qty: r.qty })) }, auth.tenantId, codes)
    for (const i of plan.issues) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(i.field)
      issues.push({ ...i, row: m ? group[Number(m[1])]!.row : first.row, field: m ? m[2]! : sheetField(i.field) })
    }
  }
  return issues
}

export async function importDryRun(q: Queryable, auth: Scope, lang: Language, content: Buffer, opts: { orderType?: number } = {}): Promise<OutboundDryRun> {
  const { sheet, errors, push } = await openDocumentSheet(OUTBOUND_SHEET, content, lang, (f) => `outbound:orderImport.fields.${f}`)
  // Shops by code or name, in bulk.
  const shops = await idsByCodeOrName(q, 'shop', sheet.map((s) => cellText(s.cells.shop)))
  const rows: ImportOutboundRow[] = []
  for (const { row: s, cells: c } of withHeaderCells(sheet, 'ref', HEADER_CELLS)) {
    const ref = cellText(c.ref)
    let bad = false
    const shopText = cellText(c.shop)
    const shopId = shopText ? shops.get(shopText) : undefined
    if (shopText && shopId === undefined) { push(s.row, 'shop', 'resources:import.refNotFound', { value: shopText }); bad = true }
    const qtyText = cellText(c.qty)
    const cand = {
      row: s.row, ref, platform: cellText(c.platform).toUpperCase(), sourceNo: cellText(c.sourceNo) || null, shopId: shopId ?? null,
      shippingMethod: cellText(c.shippingMethod) || null, consigneeName: cellText(c.consigneeName), consigneePhone: cellText(c.consigneePhone) || null,
      address: cellText(c.address), country: cellText(c.country), state: cellText(c.state) || null, city: cellText(c.city) || null,
      postcode: cellText(c.postcode) || null, remark: cellText(c.remark) || null, code: cellText(c.code).toUpperCase(),
      qty: qtyText === '' ? undefined : Number(qtyText), ...tobCells(c, opts.orderType),
    }
    const r = ImportOutboundRow.safeParse(cand)
    if (!r.success) {
      for (const i of r.error.issues) {
        const field = sheetField(String(i.path[0] ?? 'ref'))
        if (errors.some((e) => e.row === s.row && e.field === field)) continue
        push(s.row, field, issueMessageKey(i, (cand as Record<string, unknown>)[String(i.path[0])]), issueParams(i))
      }
      continue
    }
    if (!bad) rows.push(r.data)
  }
  for (const i of await checkImportRows(q, auth, rows)) push(i.row, i.field, i.messageKey, i.params)
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  return { total: sheet.length, creates: errors.length ? 0 : groupRows(rows).size, updates: 0, rows: errors.length ? [] : rows, errors }
}

defineHandler<ImportOutboundArgs>('outbound.order.import', async ({ tx, auth, args, setSummary }) => {
  // Checked again against the database as it is now; any problem refuses the whole file.
  await lockSources(tx, auth, args.rows)
  const issues = await checkImportRows(tx, auth, args.rows)
  if (issues.length) throw new AppError(400, 'resources:import.invalid', { count: issues.length }, issues.map((i) => withLabel({ ...i, field: `rows.${i.row}.${i.field}` })), { errors: issues })
  const codes = await resolveCodes(tx, auth.tenantId, args.rows.map((r) => r.code))
  const orderNos: string[] = []
  for (const [, group] of groupRows(args.rows)) {
    const header = headerOf(group[0]!)
    const plan = await planOutbound(tx, { ...header, lines: group.map((r) => ({ code: r.code, qty: r.qty })) }, auth.tenantId, codes)
    orderNos.push((await insertOrder(tx, auth, header, plan.lines)).orderNo)
  }
  setSummary(`import: ${orderNos.length} orders, ${args.rows.length} lines`)
  return { created: orderNos.length, orderNos }
})

// ---------------------------------------------------------------------------------------------
// Reads

const o = outboundOrder
const carrier = resourceTables.carrier!
const skuCodesOf = sql`(SELECT string_agg(ps.sku_code, ' ') FROM outbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id WHERE l.order_id = ${o.id})`

const ORDER_LIST = {
  table: o,
  join: (q: any) => q.leftJoin(shop, eq(shop.id, o.shopId)).leftJoin(site, eq(site.id, o.siteId)).leftJoin(carrier, eq(carrier.id, o.carrierId)),
  select: {
    id: o.id, orderNo: o.orderNo, sourceNo: o.sourceNo, orderType: o.orderType, status: o.status, platform: o.platform,
    siteId: o.siteId, siteName: sql<string | null>`${site.name}`.as('siteName'), shopId: o.shopId, shopName: sql<string | null>`${shop.name}`.as('shopName'),
    shippingMethod: o.shippingMethod, carrierId: o.carrierId, carrierName: sql<string | null>`${carrier.name}`.as('carrierName'),
    consigneeName: o.consigneeName, consigneePhone: o.consigneePhone, country: o.country, state: o.state, city: o.city, postcode: o.postcode, address: o.address,
    expectedDeliveryAt: o.expectedDeliveryAt, expectedQty: o.expectedQty, allocatedQty: o.allocatedQty,
    shortQty: sql<number>`(CASE WHEN ${o.status} IN (${S.Effective}, ${S.Approve}) THEN ${o.expectedQty} - ${o.allocatedQty} ELSE 0 END)`.as('shortQty'),
    pickedQty: o.pickedQty, actualQty: o.actualQty, lineCount: o.lineCount, waveNo: o.waveNo, mergeNo: o.mergeNo, associationNo: o.associationNo,
    lockFromStatus: o.lockFromStatus, shipmentApproved: o.shipmentApproved, abnormalReason: o.abnormalReason, stopReason: o.stopReason, remark: o.remark,
    validatedAt: o.validatedAt, createdAt: o.createdAt,
    // Issue 13: where the order stands after picking (the machine reads them too).
    packingStatus: o.packingStatus, faceSheetStatus: o.faceSheetStatus, trackingNo: o.trackingNo, sortSlot: o.sortSlot, weightG: o.weightG, shippedAt: o.shippedAt,
    // Issue 21 part J: the ToB fields (null on ToC orders); the details page shows them too.
    destinationWarehouse: o.destinationWarehouse, expectedContainerNo: o.expectedContainerNo, logisticsProvider: o.logisticsProvider,
    channel: o.channel, businessType: o.businessType, boxMark: o.boxMark, deliveryMode: o.deliveryMode, productNatures: o.productNatures,
    marketplaceQty: o.marketplaceQty, splitMethod: o.splitMethod, warehouseBrushed: o.warehouseBrushed,
  },
  scope: { tenant: o.tenantId, warehouse: o.warehouseId },
  // Other outbound orders (issue 20) have their own screen (stock-out → other-outbound).
  where: () => sql`${o.orderType} <> ${OrderType.Other}`,
  key: o.id,
  sortable: { orderNo: o.orderNo, status: o.status, platform: o.platform, expectedQty: o.expectedQty, allocatedQty: o.allocatedQty, createdAt: o.createdAt, validatedAt: o.validatedAt, id: o.id },
  defaultSort: 'createdAt:desc',
  filters: {
    orderNo: { type: 'text', column: o.orderNo },
    sourceNo: { type: 'text', column: o.sourceNo },
    status: { type: 'enum', column: o.status, values: DICTIONARIES.outboundOrderStatus.map((e) => e.value) },
    platform: { type: 'enum', column: o.platform, values: [...ORDER_PLATFORMS] },
    orderType: { type: 'enum', column: o.orderType, values: DICTIONARIES.orderType.map((e) => e.value) },
    // As id sets, not a text match over every order's joined row (bench:outbound at 1M orders: 1.5 s → ms).
    shop: { type: 'text', column: sql`coalesce(${shop.code}, '') || ' ' || coalesce(${shop.name}, '')`, match: (p) => sql`${o.shopId} IN (SELECT s.id FROM shop s WHERE s.code ILIKE ${p} OR s.name ILIKE ${p})` },
    shippingMethod: { type: 'text', column: o.shippingMethod },
    waveNo: { type: 'text', column: o.waveNo },
    sku: {
      type: 'text', column: skuCodesOf,
      // Uncorrelated (the pair as parameters, not o.tenant_id): a semi-join over the matching SKUs' lines
      // (trigram index on sku_code, then outbound_order_line_sku_order_idx index-only), not a SubPlan per
      // order — bench:outbound's SKU filter at 1M orders: > 3.5 min → ms.
      match: (p, auth) => sql`${o.id} IN (SELECT l.order_id FROM outbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id
        WHERE l.tenant_id = ${auth.tenantId} AND l.warehouse_id = ${auth.warehouseId} AND ps.tenant_id = ${auth.tenantId} AND ps.sku_code ILIKE ${p})`,
    },
    createdAt: { type: 'dateRange', column: o.createdAt },
  },
  searchSortCap: 0,
  // A million orders: a broad filter's total stops at 10 000 (the grid says "10 000+").
  countCap: 10_000,
} satisfies ListDef

/** The order list, with the picking-and-sending timeout and the not-issued flags of the pair's outbound settings. */
export function orderList(s: Pick<OutboundSettings, 'pickingSendingTimeoutHours' | 'notIssuedDays'>, now = new Date()) {
  const sending = sql`(${o.status} IN (${S.Effective}, ${S.Approve}, ${S.ReadyOut}) AND ${timedOutSql(o.validatedAt, s.pickingSendingTimeoutHours, now)})`
  const notIssued = sql`(${o.status} IN (${S.Draft}, ${S.Effective}, ${S.Approve}, ${S.ReadyOut}, ${S.AbnormalLock}) AND ${timedOutSql(o.createdAt, s.notIssuedDays * 24, now)})`
  return {
    ...ORDER_LIST,
    select: { ...ORDER_LIST.select, timedOut: sql<boolean>`${sending}`.as('timedOut'), notIssued: sql<boolean>`${notIssued}`.as('notIssued') },
    filters: { ...ORDER_LIST.filters, timedOut: { type: 'enum', column: sending, values: ['true', 'false'] }, notIssued: { type: 'enum', column: notIssued, values: ['true', 'false'] } },
  } satisfies ListDef
}
const LIST_SHAPE = orderList({ pickingSendingTimeoutHours: 48, notIssuedDays: 15 })
const listFor = async (q: Queryable, auth: Scope) => orderList(await outboundSettings(q, auth))

type ListQuery = Record<string, unknown>
/** The created-date range may span at most MAX_DATE_SPAN_DAYS (spec section 5, date pickers). */
function refuseLongSpan(query: ListQuery) {
  const from = query.createdAtFrom; const to = query.createdAtTo
  if (typeof from !== 'string' || typeof to !== 'string') return
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000
  if (days > MAX_DATE_SPAN_DAYS) throw fieldError('createdAt', 'outbound:order.errors.dateSpan', { days: MAX_DATE_SPAN_DAYS })
}

type Row = Record<string, unknown>
const exportColumns = (lang: Language): ExportColumn<Row>[] => [
  { key: 'orderNo', titleKey: 'outbound:order.fields.orderNo', width: 16 },
  { key: 'sourceNo', titleKey: 'outbound:order.fields.sourceNo', width: 20 },
  { key: 'status', titleKey: 'outbound:order.fields.status', width: 12, value: (r) => translate(lang, dictLabelKey('outboundOrderStatus', String(r.status))) },
  { key: 'platform', titleKey: 'outbound:order.fields.platform', width: 12 },
  { key: 'shopName', titleKey: 'outbound:order.fields.shopId', width: 18 },
  { key: 'shippingMethod', titleKey: 'outbound:order.fields.shippingMethod', width: 14 },
  { key: 'consigneeName', titleKey: 'outbound:order.fields.consigneeName', width: 18 },
  { key: 'country', titleKey: 'outbound:order.fields.country', width: 10 },
  { key: 'expectedQty', titleKey: 'outbound:order.fields.expectedQty', width: 10 },
  { key: 'allocatedQty', titleKey: 'outbound:order.fields.allocatedQty', width: 10 },
  { key: 'waveNo', titleKey: 'outbound:order.fields.waveNo', width: 14 },
  { key: 'mergeNo', titleKey: 'outbound:order.fields.mergeNo', width: 14 },
  { key: 'createdAt', titleKey: 'outbound:order.fields.createdAt', width: 20 },
]

/**
 * The reason each short line of an order waiting for stock (validated, or in force outside a wave) waits:
 * 'quota' when its shop's stock allot quota of the SKU is used up by the shop's open orders, else 'stock';
 * null for a line not short or an order not waiting. One read of the quotas for the order.
 */
async function shortReasons(q: Queryable, auth: Scope, h: Row, lines: Record<string, unknown>[]): Promise<(l: Record<string, unknown>) => ShortReason | null> {
  const isShort = (l: Record<string, unknown>) => Number(l.qty) > Number(l.allocatedQty)
  const waiting = (Number(h.status) === S.Approve || Number(h.status) === S.Effective) && !h.waveNo
  if (!waiting || !lines.some(isShort)) return () => null
  const [o] = rowsOf(await q.execute(sql`SELECT shop_id, stock_status FROM outbound_order WHERE id = ${Number(h.id)}`))
  const quotas = o?.shop_id != null && Number(o.stock_status ?? 1) === 1
    ? await shopQuotas(q, auth, Number(o.shop_id), lines.filter(isShort).map((l) => Number(l.skuId)))
    : new Map<number, { quota: number; held: number }>()
  return (l) => {
    if (!isShort(l)) return null
    const x = quotas.get(Number(l.skuId))
    return x && x.held >= x.quota ? 'quota' : 'stock'
  }
}

/** One order in the caller's scope with its lines, open reservations, ledger rows and history — or undefined. */
export async function orderDetail(q: Queryable, auth: Scope, key: string | number) {
  const def = await listFor(q, auth)
  const [h] = await (def.join(q.select(def.select as never).from(o))
    .where(and(eq(o.tenantId, auth.tenantId), eq(o.warehouseId, auth.warehouseId), typeof key === 'number' ? eq(o.id, key) : eq(o.orderNo, key))) as Promise<Row[]>)
  if (!h) return undefined
  const orderNo = String(h.orderNo)
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.line_no AS "lineNo", l.sku_id AS "skuId", s.sku_code AS "skuCode", st.style_no AS "styleNo", co.name AS "colorName", si.name AS "sizeName",
      l.platform_code AS "platformCode", l.qty, l.allocated_qty AS "allocatedQty", l.picked_qty AS "pickedQty", l.shipped_qty AS "shippedQty"
    FROM outbound_order_line l JOIN product_sku s ON s.id = l.sku_id
    LEFT JOIN product_style st ON st.id = s.style_id LEFT JOIN product_color co ON co.id = s.color_id LEFT JOIN product_size si ON si.id = s.size_id
    WHERE l.order_id = ${h.id} ORDER BY l.line_no`))
  const reservations = (await orderReservations(q, auth, orderNo)).map((r) => ({ id: r.id, lineNo: r.lineNo, locationCode: r.locationCode, skuCode: r.skuCode, batchNo: r.batchNo, qty: r.qty }))
  // Why a line of an order waiting for stock is short: its shop's stock allot quota used up ('quota'), else 'stock'.
  const waitingFor = await shortReasons(q, auth, h, lines)
  const ledger = rowsOf(await q.execute(sql`
    SELECT g.id, g.created_at AS "createdAt", g.doc_no AS "docNo", g.doc_line AS "docLine", l.code AS "locationCode", s.sku_code AS "skuCode",
      b.batch_no AS "batchNo", g.delta_on_hand AS "deltaOnHand", g.delta_locked AS "deltaLocked", g.operator_name AS "operatorName",
      g.doc_type, g.reason, g.reason_params
    FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
    WHERE g.tenant_id = ${auth.tenantId} AND g.warehouse_id = ${auth.warehouseId} AND g.doc_type = ${OUTBOUND_DOC} AND g.doc_no = ${orderNo}
    ORDER BY g.id LIMIT 500`))
  const history = rowsOf(await q.execute(sql`
    SELECT id, created_at AS "createdAt", command_id AS "commandId", username, summary, result, error_code AS "errorCode" FROM audit_log
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND command_id LIKE 'outbound.%' AND summary LIKE ${containsPattern(orderNo)}
    ORDER BY id DESC LIMIT 100`))
  const n = (v: unknown) => Number(v)
  // The pack step's facts (spec section 3 "Packing"): material, weight, dimensions, parcels, packing list number, box code, photo.
  const [pk] = rowsOf(await q.execute(sql`
    SELECT m.code AS "materialCode", o.weight_g AS "weightG", o.length_mm AS "lengthMm", o.width_mm AS "widthMm", o.height_mm AS "heightMm",
      o.parcel_count AS "parcelCount", o.packing_list_no AS "packingListNo", o.box_code AS "boxCode", o.packing_photo_id AS "photoId", o.packed_at AS "packedAt"
    FROM outbound_order o LEFT JOIN package_material m ON m.id = o.package_material_id WHERE o.id = ${h.id}`))
  const packing = pk && pk.packedAt != null ? {
    materialCode: pk.materialCode == null ? null : String(pk.materialCode), weightG: pk.weightG == null ? null : n(pk.weightG),
    lengthMm: pk.lengthMm == null ? null : n(pk.lengthMm), widthMm: pk.widthMm == null ? null : n(pk.widthMm), heightMm: pk.heightMm == null ? null : n(pk.heightMm),
    parcelCount: n(pk.parcelCount), packingListNo: pk.packingListNo == null ? null : String(pk.packingListNo), boxCode: pk.boxCode == null ? null : String(pk.boxCode),
    photoUrl: pk.photoId == null ? null : fileUrl(String(pk.photoId)), packedAt: pk.packedAt,
  } : null
  return {
    order: h,
    packing,
    lines: lines.map((l) => ({
      ...l, id: n(l.id), lineNo: n(l.lineNo), skuId: n(l.skuId), qty: n(l.qty), allocatedQty: n(l.allocatedQty), pickedQty: n(l.pickedQty), shippedQty: n(l.shippedQty),
      waitingFor: waitingFor(l),
    })),
    reservations,
    // The reason as a code + params (rows written before codes read into them), translated by the client.
    ledger: ledger.map(({ doc_type, reason, reason_params, ...g }) => ({
      ...g, id: n(g.id), docType: String(doc_type), docLine: g.docLine == null ? null : n(g.docLine), deltaOnHand: n(g.deltaOnHand), deltaLocked: n(g.deltaLocked),
      ...reasonOfRow({ reason, reason_params, doc_type, delta_on_hand: g.deltaOnHand, delta_locked: g.deltaLocked }),
    })),
    history: history.map((x) => ({ ...x, id: n(x.id) })),
  }
}

// By its number (CK…, merged HB…), its platform order number or a tracking number — the order's own or
// any bought parcel's (face sheets) — whole or in part: the order's details page.
registerDocumentLookup({
  type: 'outboundOrder', titleKey: 'outbound:order.document', prefixes: [DOC_PREFIX.outboundOrder, DOC_PREFIX.mergedOrder], permission: P.view,
  group: 'document', opens: { path: '/stock-out/ToC/sales-outbound/details?orderNo={no}', testId: 'outbound-order-details' }, alsoBy: ['platformOrderNo', 'trackingNo'],
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    const like = containsPattern(term)
    // Parcels beyond the first have their tracking number on their bought face sheet only.
    const parcels = sql`SELECT f.order_id FROM face_sheet f WHERE f.tenant_id = ${auth.tenantId} AND f.warehouse_id = ${auth.warehouseId} AND f.status = ${WaybillState.Bought}`
    const rows = rowsOf(await db.execute(sql`
      SELECT o.id, o.order_no, o.source_no, o.status, o.tracking_no, o.order_type,
        (SELECT f.tracking_no FROM face_sheet f WHERE f.order_id = o.id AND f.status = ${WaybillState.Bought} AND f.tracking_no ILIKE ${like}
          ORDER BY (upper(f.tracking_no) = ${term}) DESC, f.id DESC LIMIT 1) AS parcel
      FROM outbound_order o
      WHERE o.tenant_id = ${auth.tenantId} AND o.warehouse_id = ${auth.warehouseId}
        AND (o.order_no ILIKE ${like} OR o.source_no ILIKE ${like} OR o.tracking_no ILIKE ${like} OR o.id IN (${parcels} AND f.tracking_no ILIKE ${like}))
      ORDER BY (o.order_no = ${term} OR upper(o.source_no) = ${term} OR upper(o.tracking_no) = ${term} OR o.id IN (${parcels} AND upper(f.tracking_no) = ${term})) DESC, o.id DESC
      LIMIT ${limit}`))
    return rows.map((r) => {
      const no = String(r.order_no)
      const source = r.source_no == null ? '' : String(r.source_no)
      const own = r.tracking_no == null ? '' : String(r.tracking_no)
      const tracking = own.toUpperCase().includes(term) || r.parcel == null ? own : String(r.parcel)
      const by = no.includes(term) ? undefined : source.toUpperCase().includes(term) ? 'platformOrderNo' as const : 'trackingNo' as const
      const matched = by === 'platformOrderNo' ? source : tracking
      return {
        type: 'outboundOrder', id: Number(r.id), number: no, status: Number(r.status), ...(by ? { matched, matchedBy: by } : {}),
        title: `${translate(lang, 'outbound:order.document')} · ${translate(lang, dictLabelKey('outboundOrderStatus', String(r.status)))}${by ? ` · ${matchedText(lang, by, matched)}` : source ? ` · ${source}` : ''}`,
        // A ToB order opens on the ToB details (issue 21): its ToB fields, boxes and actions.
        path: Number(r.order_type) === OrderType.TOB ? tobDetailsPath(no) : outboundOrderDetailsPath(no),
      }
    })
  },
})

const Ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(',')), z.array(z.coerce.number().int().positive()).min(1).max(MAX_BULK_OUTBOUND))

export function outboundOrderRoutes(db: Queryable): RouteDef[] {
  const detail = async (auth: Scope, key: string | number) => {
    const d = await orderDetail(db, auth, key)
    if (!d) throw notFound('outbound:order.errors.notFound', typeof key === 'number' ? { id: key } : { orderNo: key })
    return d
  }
  return [
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.resolve, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: "The SKU a code typed on the order form's line names (SKU code, UPC or FNSKU) — the lookup the order's save uses; refused naming the code and the line",
      query: z.object({ code: z.string().trim().min(1).max(80), line: z.coerce.number().int().min(1).max(10_000).default(1) }),
      handler: async ({ query, auth }) => {
        const code = query.code.toUpperCase()
        const hits = (await resolveCodes(db, auth.tenantId, [code])).get(code) ?? []
        if (hits.length === 0) throw fieldError('code', 'outbound:order.errors.codeUnknown', { code, line: query.line })
        if (hits.length > 1) throw fieldError('code', 'outbound:order.errors.codeAmbiguous', { code, line: query.line, skus: hits.map((h) => h.skuCode).join(', ') })
        return hits[0]
      },
    }),
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.list, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Sales outbound orders of the current warehouse and tenant (filters: number, platform order no., status, platform, order type, shop, shipping method, wave, SKU, created range ≤ 92 days, picking-and-sending timeout, not issued for 15 days)',
      query: listQuerySchema(LIST_SHAPE),
      handler: async ({ query, auth }) => { refuseLongSpan(query as ListQuery); return runList(db, await listFor(db, auth), query, auth) },
    }),
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.export, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.export,
      summary: 'Sales outbound orders as xlsx (current filter, or up to 50 selected ids)',
      query: listQuerySchema(LIST_SHAPE, { forExport: true }),
      handler: async ({ query, auth, raw: req }, reply) => {
        refuseLongSpan(query as ListQuery)
        return streamListXlsx({ db, def: await listFor(db, auth), query, auth, reply, lang: req.lang, columns: exportColumns(req.lang), fileBase: 'outbound-orders', sheetKey: 'outbound:order.title', log: req.log })
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/orders/by-no/:orderNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'One outbound order by number: header, lines, open reservations, ledger rows and history',
      params: z.object({ orderNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => detail(auth, params.orderNo.toUpperCase()),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/orders/by-id/:id', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'One outbound order by id (the same answer as by number)',
      params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
      handler: async ({ params, auth }) => detail(auth, params.id),
    }),
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.statusPreview, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Bulk status preview: per selected order, whether the action runs on it and, if not, why',
      query: z.object({ ids: Ids, action: z.enum(BULK_OUTBOUND_ACTIONS) }),
      handler: async ({ query, auth, raw: req }) => {
        const rows = await verdicts(db, auth, query.ids, query.action, req.lang)
        return { rows, changes: rows.filter((r) => r.change).length }
      },
    }),
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.options, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Pickers of the order form: enabled shops, sites and carriers, and the shipping methods in use',
      handler: async ({ auth }) => ({
        shops: rowsOf(await db.execute(sql`SELECT id, code, name, site_id AS "siteId" FROM shop WHERE status = 1 ORDER BY code`)),
        sites: rowsOf(await db.execute(sql`SELECT id, code, name FROM site WHERE status = 1 ORDER BY code`)),
        carriers: rowsOf(await db.execute(sql`SELECT id, code, name FROM carrier WHERE status = 1 ORDER BY code`)),
        shippingMethods: rowsOf(await db.execute(sql`
          SELECT DISTINCT shipping_method AS m FROM outbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND shipping_method IS NOT NULL
          ORDER BY 1 LIMIT 100`)).map((r) => String(r.m)),
      }),
    }),
    defineRoute({
      method: 'GET', url: OUTBOUND_ORDER_API.template, tags: ['outbound'], envelope: 'raw', auth: 'scoped', permission: P.import,
      summary: 'Outbound order import template (one row per line; rows with the same order reference make one order)',
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(OUTBOUND_SHEET, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('OUTBOUND_ORDER_TEMPLATE.xlsx'))
        return raw(buf)
      },
    }),
    defineRoute({
      method: 'POST', url: OUTBOUND_ORDER_API.dryRun, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.import, rawBody: true,
      summary: 'Outbound order import dry run (multipart `file`): every bad row and cell at once; writes nothing',
      handler: async ({ auth, raw: req }) => importDryRun(db, auth, req.lang, (await receiveOneFile(req, 'template')).content),
    }),
  ]
}

/** For tests and other areas: an order's id by number in the scope. */
export async function outboundIdOf(q: Queryable, auth: Scope, orderNo: string): Promise<number | undefined> {
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM outbound_order WHERE order_no = ${orderNo} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  return r ? Number(r.id) : undefined
}
