// Face sheets (faceorder-manage, issue 13 §3): an order's shipping label bought from its carrier through
// the carrier adapter (src/server/integrations/carriers), printed as PDF or ZPL through the shared
// label mechanism (src/server/labels/render.ts) on a printer of print setup.
//
// A purchase is a job (ARCHITECTURE.md "Background work"): the buy command checks every order against
// the face sheet machine (src/domain/states/face-sheet.ts: all or nothing) and the carrier's quote (a
// consignee without phone is refused there — that order only, reported with what to do; the review/pack
// step asks the same labelVerdict before packing), records a Queued face_sheet row and returns at once. The worker of this
// process claims due rows (FOR UPDATE SKIP LOCKED, then a lease through next_at, so no lock is held
// while the carrier answers), places the order (Queued → Purchasing) and polls the waybill until it
// exists (→ Bought: tracking number on the order) or the carrier failed it (→ Failed: "add-order
// failed, cancel postage and buy again"). An order packed into several parcels buys one face sheet per
// parcel (face_sheet.parcel_no); its purchase state is the parcels' together (faceSheetState: a failed
// parcel fails the order's, one in flight keeps it purchasing, all bought is bought, some bought and
// none in flight lets the missing ones be bought). Never twice: the order's row is locked by the
// command, at most one live row per parcel (partial unique index), the carrier is called with the row
// as its client reference (a retried call returns the shipment already made), and every worker write
// is conditional on the state it read.
// outbound_order.face_sheet_status (not bought / bought / partly bought) and tracking_no (the first
// parcel's) mirror the live rows (the grids and the shipping scan read them); they change in the same
// transaction as the rows.
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Area } from '../../http/area'
import type { AppTx, Database, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, badRequest, conflict, notFound } from '../../http/errors'
import { defineRoute, registerRoutes, type RouteDef } from '../../http/route'
import { listQuerySchema, outer, runList, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed, statusConflict } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { outboundOrder } from '../../db/schema/index'
import { adapterFor, SIM_NO_PHONE_KEY } from '../../integrations/carriers/simulator'
import { translate } from '../../i18n'
import type { CarrierConfig, Consignment } from '../../integrations/carriers/adapter'
import { renderLabelsPdf, renderLabelsZpl, type CodeKind, type Label, type LabelPaper } from '../../labels/render'
import { FACE_SHEET_ERRORS, FACE_SHEET_FROM, faceSheetMachine, type FaceSheetFacts } from '../../../domain/states/face-sheet'
import { BARCODE_KINDS, DICTIONARIES, FaceSheetStatus, LABEL_PAPERS, OutboundOrderStatus, WaybillState as W } from '../../../domain/dictionaries'
import {
  BuyFaceSheetsArgs, CancelFaceSheetsArgs, FACE_SHEET_API, FACE_SHEET_PERMISSIONS as P, MAX_FACE_SHEET_BULK, PrintFaceSheetsArgs, faceSheetLabelsUrl,
  type BuyResult, type CancelResult, type PrintResult,
} from '../../../../commands/outbound-face-sheets'

const n = (v: unknown) => Number(v)
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))
const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`
type Scope = { tenantId: number; warehouseId: number }

// ---------------------------------------------------------------------------------------------
// Reading orders, carriers and face sheets

interface OrderRow extends Consignment { id: number; status: number; carrierId: number | null; parcelCount: number }

const orderOf = (r: Record<string, unknown>): OrderRow => ({
  id: n(r.id), orderNo: String(r.order_no), status: n(r.status), carrierId: r.carrier_id == null ? null : n(r.carrier_id),
  consigneeName: str(r.consignee_name), consigneePhone: str(r.consignee_phone), address: str(r.address), city: str(r.city), state: str(r.state),
  postcode: str(r.postcode), country: str(r.country), weightG: r.weight_g == null ? null : n(r.weight_g), shippingMethod: str(r.shipping_method),
  parcelCount: r.parcel_count == null ? 1 : n(r.parcel_count),
})
const ORDER_COLS = sql`o.id, o.order_no, o.status, o.carrier_id, o.consignee_name, o.consignee_phone, o.address, o.city, o.state, o.postcode, o.country, o.weight_g, o.shipping_method, o.parcel_count`

/** The orders of the pair, in id order, locked for the transaction; an id of no order here is 404. */
async function lockOrders(tx: AppTx, scope: Scope, ids: readonly number[]): Promise<OrderRow[]> {
  const uniq = [...new Set(ids)].sort((a, b) => a - b)
  const rows = rowsOf(await tx.execute(sql`SELECT ${ORDER_COLS} FROM outbound_order o
    WHERE o.id = ANY(${intArray(uniq)}) AND o.tenant_id = ${scope.tenantId} AND o.warehouse_id = ${scope.warehouseId} ORDER BY o.id FOR UPDATE`)).map(orderOf)
  const missing = uniq.find((id) => !rows.some((r) => r.id === id))
  if (missing !== undefined) throw notFound('outbound-label:errors.orderNotFound', { id: missing })
  return rows
}

interface SheetRow { id: number; orderId: number; parcelNo: number; status: number; carrierId: number; carrierRef: string | null; trackingNo: string | null; label: Record<string, unknown> | null }
/** An order's face sheets: the live ones (one per parcel at most, by parcel) and the state of its latest row. */
interface OrderSheets { live: SheetRow[]; last: number }
const LIVE: readonly number[] = [W.Queued, W.Purchasing, W.Bought, W.Failed]

async function sheetsOf(q: Queryable, orderIds: readonly number[]): Promise<Map<number, OrderSheets>> {
  const rows = rowsOf(await q.execute(sql`
    SELECT id, order_id, parcel_no, status, carrier_id, carrier_ref, tracking_no, label FROM face_sheet
    WHERE order_id = ANY(${intArray(orderIds)}) ORDER BY order_id, id`))
  const out = new Map<number, OrderSheets>()
  for (const r of rows) {
    const s: SheetRow = {
      id: n(r.id), orderId: n(r.order_id), parcelNo: n(r.parcel_no), status: n(r.status), carrierId: n(r.carrier_id), carrierRef: str(r.carrier_ref), trackingNo: str(r.tracking_no),
      label: (typeof r.label === 'string' ? JSON.parse(r.label) : r.label) as Record<string, unknown> | null,
    }
    const g = out.get(s.orderId) ?? { live: [], last: W.None }
    g.last = s.status
    if (LIVE.includes(s.status)) g.live.push(s)
    out.set(s.orderId, g)
  }
  for (const g of out.values()) g.live.sort((a, b) => a.parcelNo - b.parcelNo)
  return out
}

/**
 * The order's purchase state from its parcels' face sheets (WaybillState): a failed parcel → Failed
 * (cancel postage and buy again), one in flight → Purchasing / Queued, every parcel bought → Bought;
 * none live → its latest row's state (Cancelled) or None; some bought and none in flight → None (the
 * missing parcels may be bought).
 */
export function faceSheetState(parcelCount: number, g: OrderSheets | undefined): number {
  if (!g || g.live.length === 0) return g?.last === W.Cancelled ? W.Cancelled : W.None
  const has = (st: number) => g.live.some((s) => s.status === st)
  if (has(W.Failed)) return W.Failed
  if (has(W.Purchasing)) return W.Purchasing
  if (has(W.Queued)) return W.Queued
  return g.live.filter((s) => s.status === W.Bought).length >= parcelCount ? W.Bought : W.None
}

const factsOf = (o: OrderRow, g: OrderSheets | undefined): FaceSheetFacts => ({ orderNo: o.orderNo, status: faceSheetState(o.parcelCount, g), orderStatus: o.status })

export async function carrierConfig(q: Queryable, id: number): Promise<CarrierConfig & { status: number }> {
  const [c] = rowsOf(await q.execute(sql`SELECT id, code, name, adapter, requires_phone, sim_failure_percent, account_no, status FROM carrier WHERE id = ${id}`))
  if (!c) throw badRequest('outbound-label:errors.carrierNotFound', { id }, [{ field: 'carrierId', messageKey: 'outbound-label:errors.carrierNotFound', params: { id } }])
  return {
    id: n(c.id), code: String(c.code), name: String(c.name), adapter: String(c.adapter), requiresPhone: c.requires_phone === true,
    simFailurePercent: n(c.sim_failure_percent), accountNo: str(c.account_no), status: n(c.status),
  }
}

/**
 * outbound_order.face_sheet_status / tracking_no from the order's parcels' bought face sheets: none →
 * not bought, all its parcels → bought, some → partly bought; the tracking number is the first bought
 * parcel's. The pack (which sets the parcel count) calls it too.
 */
export async function mirrorOrder(tx: AppTx, orderId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE outbound_order o SET
      face_sheet_status = CASE WHEN b.bought = 0 THEN ${FaceSheetStatus.NotBought}::smallint
        WHEN b.bought >= o.parcel_count THEN ${FaceSheetStatus.Bought}::smallint ELSE ${FaceSheetStatus.PartlyBought}::smallint END,
      tracking_no = b.tracking_no, updated_at = now()
    FROM (SELECT count(*)::int AS bought, (array_agg(tracking_no ORDER BY parcel_no, id))[1] AS tracking_no
          FROM face_sheet WHERE order_id = ${orderId} AND status = ${W.Bought}) b
    WHERE o.id = ${orderId}`)
}

// ---------------------------------------------------------------------------------------------
// Can the order's carrier label it? One check for the purchase and for the review/pack step's warning.

/** What the operator does about a refusal: a consignee without phone gets one (or another carrier); anything else another carrier. */
const HINTS: Readonly<Record<string, string>> = {
  [SIM_NO_PHONE_KEY]: 'outbound-label:hints.addPhone',
  'outbound-label:errors.noCarrier': 'outbound-label:hints.chooseCarrier',
}
export interface LabelRefusal { key: string; params: Record<string, unknown>; hint: { key: string; params: Record<string, unknown> } }
type Carrier = Awaited<ReturnType<typeof carrierConfig>>
export type LabelVerdict = { ok: true; carrier: Carrier } | { ok: false; refusal: LabelRefusal }

/**
 * Can this order get a label from its carrier (or the one named for the purchase)? No carrier, a
 * disabled carrier, or the carrier's own quote refusing the consignee (e.g. FedEx: no consignee phone)
 * refuse it, each with the reason and what to do. The face sheet purchase and the review/pack warning
 * both ask this (one rule, the carrier's). `carriers` caches carriers over a bulk run.
 */
export async function labelVerdict(q: Queryable, o: Consignment & { carrierId: number | null }, carrierId: number | null = null, carriers = new Map<number, Carrier>()): Promise<LabelVerdict> {
  const refusal = (key: string, params: Record<string, unknown>): LabelVerdict => {
    const all = { ...params, orderNo: o.orderNo }
    return { ok: false, refusal: { key, params: all, hint: { key: HINTS[key] ?? 'outbound-label:hints.otherCarrier', params: all } } }
  }
  const id = carrierId ?? o.carrierId
  if (!id) return refusal('outbound-label:errors.noCarrier', {})
  const carrier = carriers.get(id) ?? await carrierConfig(q, id)
  carriers.set(id, carrier)
  if (carrier.status !== 1) return refusal('outbound-label:errors.carrierDisabled', { carrier: carrier.code })
  // The carrier's own check (service, consignee): refusals such as a consignee without phone.
  const quote = await adapterFor(q, carrier).quote(carrier, o)
  if (!quote.ok) return refusal(quote.refusal.key, { ...quote.refusal.params, carrier: carrier.code })
  return { ok: true, carrier }
}

/**
 * The review/pack step's warning, before the parcel is packed: why the order's carrier cannot label it
 * (null when it can, when its face sheets are bought or under way already, or when it names no carrier
 * yet — the purchase may name one for it).
 */
export async function labelWarning(q: Queryable, scope: Scope, orderId: number): Promise<LabelRefusal | null> {
  const [r] = rowsOf(await q.execute(sql`SELECT ${ORDER_COLS}, o.face_sheet_status FROM outbound_order o
    WHERE o.id = ${orderId} AND o.tenant_id = ${scope.tenantId} AND o.warehouse_id = ${scope.warehouseId}`))
  if (!r || r.carrier_id == null || n(r.face_sheet_status) === FaceSheetStatus.Bought) return null
  const [live] = rowsOf(await q.execute(sql`SELECT 1 FROM face_sheet WHERE order_id = ${orderId} AND status IN (${W.Queued}, ${W.Purchasing}, ${W.Bought}) LIMIT 1`))
  if (live) return null
  const v = await labelVerdict(q, orderOf(r))
  return v.ok ? null : v.refusal
}

// ---------------------------------------------------------------------------------------------
// Commands

/**
 * Buy: what the face sheet machine refuses (not picked, re-buy, being purchased …) refuses the run, as
 * the page disables the button for such a selection. What the carrier refuses (no carrier, disabled,
 * no consignee phone …) refuses that order only: the others are bought, and each refused order comes
 * back with its reason and what to do, translated for the toast. Nothing bought at all → refused with
 * the first reason, every refused order named in the errors.
 */
defineHandler<BuyFaceSheetsArgs>('outbound.faceSheet.buy', async ({ tx, auth, args, lang, setSummary }): Promise<BuyResult> => {
  const orders = await lockOrders(tx, auth, args.orderIds)
  const sheets = await sheetsOf(tx, orders.map((o) => o.id))
  for (const o of orders) refuseUnlessAllowed(faceSheetMachine, 'outbound.faceSheet.buy', factsOf(o, sheets.get(o.id)), auth)
  const queued: BuyResult['queued'] = []
  const refused: BuyResult['refused'] = []
  const carriers = new Map<number, Carrier>()
  for (const o of orders) {
    const v = await labelVerdict(tx, o, args.carrierId ?? null, carriers)
    if (!v.ok) {
      const { key, params, hint } = v.refusal
      refused.push({ orderId: o.id, orderNo: o.orderNo, reason: { key, params }, hint, message: `${translate(lang, key, params)} — ${translate(lang, hint.key, hint.params)}` })
      continue
    }
    const carrier = v.carrier
    // One face sheet per parcel that has none live (all of them, or the ones a partly bought order misses).
    const have = new Set((sheets.get(o.id)?.live ?? []).map((s) => s.parcelNo))
    for (let parcelNo = 1; parcelNo <= o.parcelCount; parcelNo++) {
      if (have.has(parcelNo)) continue
      const [row] = rowsOf(await tx.execute(sql`
        INSERT INTO face_sheet (tenant_id, warehouse_id, order_id, order_no, parcel_no, carrier_id, status, created_by)
        VALUES (${auth.tenantId}, ${auth.warehouseId}, ${o.id}, ${o.orderNo}, ${parcelNo}, ${carrier.id}, ${W.Queued}, ${auth.userId})
        ON CONFLICT (order_id, parcel_no) WHERE status IN (1, 2, 3, 4) DO NOTHING RETURNING id`))
      // Only a purchase that slipped past the order lock (none should) lands here: never a second one.
      if (!row) {
        // Named with the live face sheet's state, as the machine's refusal (issue 19 §2).
        const [live] = rowsOf(await tx.execute(sql`SELECT status FROM face_sheet WHERE order_id = ${o.id} AND parcel_no = ${parcelNo} AND status IN (1, 2, 3, 4) LIMIT 1`))
        throw statusConflict(FACE_SHEET_ERRORS.purchasing, 'waybillState', live ? n(live.status) : W.Purchasing, FACE_SHEET_FROM.buy, { orderNo: o.orderNo })
      }
      queued.push({ orderId: o.id, orderNo: o.orderNo, parcelNo, faceSheetId: n(row.id) })
    }
  }
  if (!queued.length && refused.length) {
    const first = refused[0]!
    const fields = refused.map((r) => ({ field: 'orderIds', messageKey: r.reason.key, params: r.reason.params }))
    throw new AppError(first.reason.key === 'outbound-label:errors.noCarrier' ? 400 : 409, first.reason.key, first.reason.params, fields, { refused })
  }
  setSummary(`buy face sheets ${queued.map((q) => q.orderNo).join(', ')}${refused.length ? `; refused ${refused.map((r) => `${r.orderNo} (${r.reason.key.split('.').pop()})`).join(', ')}` : ''}`)
  faceSheetWorker?.wake()
  return { queued, refused }
})

defineHandler<CancelFaceSheetsArgs>('outbound.faceSheet.cancel', async ({ tx, auth, args, setSummary }): Promise<CancelResult> => {
  const orders = await lockOrders(tx, auth, args.orderIds)
  const sheets = await sheetsOf(tx, orders.map((o) => o.id))
  for (const o of orders) refuseUnlessAllowed(faceSheetMachine, 'outbound.faceSheet.cancel', factsOf(o, sheets.get(o.id)), auth)
  const cancelled: string[] = []
  for (const o of orders) {
    // Every parcel's postage: the carrier voids what it sold (a queued sheet never reached it; the
    // worker voids any order it placed meanwhile when its conditional write finds the row cancelled).
    for (const s of sheets.get(o.id)?.live ?? []) {
      if (s.status === W.Purchasing) continue
      if (s.carrierRef) {
        const carrier = await carrierConfig(tx, s.carrierId)
        const r = await adapterFor(tx, carrier).cancel(carrier, s.carrierRef)
        if (!r.ok) throw conflict(r.refusal.key, { ...r.refusal.params, orderNo: o.orderNo })
      }
      await tx.execute(sql`UPDATE face_sheet SET status = ${W.Cancelled}, cancelled_at = now(), cancelled_by = ${auth.userId}, updated_at = now()
        WHERE id = ${s.id} AND status IN (${W.Queued}, ${W.Bought}, ${W.Failed})`)
    }
    await mirrorOrder(tx, o.id)
    cancelled.push(o.orderNo)
  }
  setSummary(`cancel postage ${cancelled.join(', ')}`)
  return { cancelled }
})

/** The face sheet label of a parcel: its tracking number as code128 (or QR), carrier, consignee, order, parcel i/N. */
function faceSheetLabel(o: OrderRow, s: SheetRow, carrierName: string): Label {
  const place = [o.city, o.state, o.postcode].filter(Boolean).join(' ')
  return {
    code: s.trackingNo!,
    lines: [
      s.trackingNo!, [carrierName, o.shippingMethod].filter(Boolean).join(' / '), `SHIP TO: ${o.consigneeName ?? ''}`,
      o.address ?? '', place, o.country ?? '', `ORDER ${o.orderNo}${o.weightG ? ` / ${(o.weightG / 1000).toFixed(2)} kg` : ''}`,
      o.parcelCount > 1 ? `PARCEL ${s.parcelNo}/${o.parcelCount}` : '',
    ].filter((l) => l !== ''),
  }
}

/** The bought face sheets of some orders as labels (one per parcel), in the order asked; refused unless each order's are all bought. */
async function labelsFor(q: Queryable, scope: Scope, ids: readonly number[], actor: AuthContext): Promise<{ labels: Label[]; sheetIds: number[]; orderNos: string[] }> {
  const uniq = [...new Set(ids)]
  const rows = rowsOf(await q.execute(sql`SELECT ${ORDER_COLS} FROM outbound_order o
    WHERE o.id = ANY(${intArray(uniq)}) AND o.tenant_id = ${scope.tenantId} AND o.warehouse_id = ${scope.warehouseId}`)).map(orderOf)
  const missing = uniq.find((id) => !rows.some((r) => r.id === id))
  if (missing !== undefined) throw notFound('outbound-label:errors.orderNotFound', { id: missing })
  const sheets = await sheetsOf(q, uniq)
  const carrierIds = [...sheets.values()].flatMap((g) => g.live.map((s) => s.carrierId))
  const names = new Map(rowsOf(await q.execute(sql`SELECT id, name FROM carrier WHERE id = ANY(${intArray(carrierIds)})`)).map((r) => [n(r.id), String(r.name)]))
  const out: Label[] = []
  const sheetIds: number[] = []
  const byId = new Map(rows.map((r) => [r.id, r]))
  for (const id of uniq) {
    const o = byId.get(id)!
    refuseUnlessAllowed(faceSheetMachine, 'outbound.faceSheet.print', factsOf(o, sheets.get(id)), actor)
    for (const s of sheets.get(id)!.live) {
      if (s.status !== W.Bought) continue
      out.push(faceSheetLabel(o, s, names.get(s.carrierId) ?? ''))
      sheetIds.push(s.id)
    }
  }
  return { labels: out, sheetIds, orderNos: uniq.map((id) => byId.get(id)!.orderNo) }
}

export async function renderFaceSheets(labels: readonly Label[], format: 'pdf' | 'zpl', paper: LabelPaper, code: CodeKind, title: string): Promise<Buffer> {
  return format === 'zpl' ? Buffer.from(renderLabelsZpl(labels, code), 'utf8') : Buffer.from(await renderLabelsPdf(labels, paper, code, title))
}

/**
 * Prints orders' face sheets on the printer named, else print setup's face sheet printer: the print
 * command, and auto packaging's label in the same step as the pack (src/server/areas/outbound/shipping.ts).
 */
export async function printFaceSheets(tx: AppTx, auth: AuthContext, args: PrintFaceSheetsArgs, setSummary: (s: string) => void = () => {}): Promise<PrintResult> {
  const { labels, sheetIds, orderNos } = await labelsFor(tx, auth, args.orderIds, auth)
  // The printer named, else print setup's face sheet printer (and its template).
  const [setting] = rowsOf(await tx.execute(sql`SELECT printer_id, template_id, copies FROM print_setting
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_kind = 'faceSheet'`))
  const printerId = args.printerId ?? (setting ? n(setting.printer_id) : null)
  if (!printerId) throw badRequest('outbound-label:errors.noPrinter', {}, [{ field: 'printerId', messageKey: 'outbound-label:errors.noPrinter' }])
  const [printer] = rowsOf(await tx.execute(sql`SELECT id, code, name, format, paper, connected, status FROM printer
    WHERE id = ${printerId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!printer) throw badRequest('outbound-label:errors.printerNotFound', { id: printerId }, [{ field: 'printerId', messageKey: 'outbound-label:errors.printerNotFound', params: { id: printerId } }])
  if (n(printer.status) !== 1) throw conflict('outbound-label:errors.printerDisabled', { printer: String(printer.code) })
  // Spec section 8: "printer not connected" (the simulated connection of printer management).
  if (printer.connected !== true) throw conflict('outbound-label:errors.printerNotConnected', { printer: String(printer.code) })
  const [tpl] = setting?.template_id && !args.printerId
    ? rowsOf(await tx.execute(sql`SELECT paper, code_kind, format FROM print_template WHERE id = ${n(setting.template_id)} AND status = 1`))
    : []
  const format = (args.format ?? (tpl?.format as 'pdf' | 'zpl' | undefined) ?? printer.format) as 'pdf' | 'zpl'
  const paper = (args.paper ?? tpl?.paper ?? printer.paper) as LabelPaper
  const code = (args.code ?? tpl?.code_kind ?? 'barcode') as CodeKind
  const copies = !args.printerId && setting ? n(setting.copies) : 1
  const all = Array.from({ length: copies }, () => labels).flat()
  const bytes = await renderFaceSheets(all, format, paper, code, `Face sheets ${orderNos.join(' ')}`)
  const [job] = rowsOf(await tx.execute(sql`
    INSERT INTO print_job (tenant_id, warehouse_id, printer_id, doc_kind, format, doc_refs, label_count, bytes, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${n(printer.id)}, 'faceSheet', ${format}, ${orderNos.join(',')}, ${all.length}, ${bytes.length}, ${auth.userId}) RETURNING id`))
  await tx.execute(sql`UPDATE face_sheet SET printed_count = printed_count + ${copies}, updated_at = now() WHERE id = ANY(${intArray(sheetIds)})`)
  setSummary(`print face sheets ${orderNos.join(', ')} on ${String(printer.code)}`)
  return { printer: String(printer.code), format, paper, labels: all.length, bytes: bytes.length, jobId: n(job!.id), url: faceSheetLabelsUrl(args.orderIds, format, { paper, code }) }
}

defineHandler<PrintFaceSheetsArgs>('outbound.faceSheet.print', async ({ tx, auth, args, setSummary }): Promise<PrintResult> => printFaceSheets(tx, auth, args, setSummary))

// ---------------------------------------------------------------------------------------------
// The worker: drives queued and purchasing face sheets through the carrier adapter.

/** How long a claimed row stays with the claimer before another worker may take it (a crash mid-call). */
const LEASE_MS = 30_000
const BATCH = 10

export class FaceSheetWorker {
  private timer: NodeJS.Timeout | undefined
  private running = false
  private stopped = false
  private again = false

  constructor(private readonly database: Database, private readonly log: FastifyBaseLogger, private readonly intervalMs: number) {}

  start(): void {
    this.stopped = false
    this.schedule(this.intervalMs)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    while (this.running) await new Promise((r) => setTimeout(r, 10))
  }

  /** Run a tick soon (a purchase was just queued). */
  wake(): void {
    if (this.stopped) return
    if (this.running) { this.again = true; return }
    this.schedule(0)
  }

  private schedule(ms: number) {
    if (this.stopped) return
    if (this.timer) clearTimeout(this.timer)
    this.timer = setTimeout(() => void this.tick(), ms)
    this.timer.unref?.()
  }

  /** One pass over the due rows; returns how many it handled (tests drive it directly too). */
  async tick(): Promise<number> {
    if (this.running) { this.again = true; return 0 }
    this.running = true
    let handled = 0
    try {
      const due = await this.database.tx(async (tx) => rowsOf(await tx.execute(sql`
        UPDATE face_sheet SET next_at = now() + make_interval(secs => ${LEASE_MS / 1000}), updated_at = now()
        WHERE id IN (SELECT id FROM face_sheet WHERE status IN (${W.Queued}, ${W.Purchasing}) AND next_at <= now() ORDER BY next_at, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
        RETURNING id, order_id, carrier_id, status, carrier_ref`)))
      for (const r of due) {
        try {
          await this.step({ id: n(r.id), orderId: n(r.order_id), carrierId: n(r.carrier_id), status: n(r.status), carrierRef: str(r.carrier_ref) })
        } catch (err) {
          this.log.warn({ err, faceSheetId: r.id }, 'face sheet step failed; retried')
          await this.database.db.execute(sql`UPDATE face_sheet SET next_at = now() + interval '2 seconds' WHERE id = ${n(r.id)} AND status IN (${W.Queued}, ${W.Purchasing})`)
        }
        handled++
      }
    } catch (err) {
      if (!this.stopped) this.log.warn({ err }, 'face sheet worker tick failed')
    } finally {
      this.running = false
      if (!this.stopped) {
        const more = handled >= BATCH || this.again
        this.again = false
        this.schedule(more ? 0 : this.intervalMs)
      }
    }
    return handled
  }

  private async step(s: { id: number; orderId: number; carrierId: number; status: number; carrierRef: string | null }): Promise<void> {
    const db = this.database.db
    const carrier = await carrierConfig(db, s.carrierId)
    const adapter = adapterFor(db, carrier)
    if (s.status === W.Queued) {
      const [o] = rowsOf(await db.execute(sql`SELECT ${ORDER_COLS} FROM outbound_order o WHERE o.id = ${s.orderId}`))
      const r = await adapter.buyLabel(carrier, orderOf(o!), `FS${s.id}`)
      if (!r.ok) {
        await this.finishFailed(s.id, s.orderId, W.Queued, r.refusal.key, r.refusal.params)
        return
      }
      const wait = Math.max(0, r.purchase.expectedReadyAt.getTime() - Date.now())
      const [moved] = rowsOf(await db.execute(sql`
        UPDATE face_sheet SET status = ${W.Purchasing}, carrier_ref = ${r.purchase.carrierRef}, expected_ready_at = ${r.purchase.expectedReadyAt.toISOString()}::timestamptz,
          next_at = now() + make_interval(secs => ${Math.min(wait, 1000) / 1000}), updated_at = now()
        WHERE id = ${s.id} AND status = ${W.Queued} RETURNING id`))
      // Cancelled while the carrier took the order: void what it sold.
      if (!moved) await adapter.cancel(carrier, r.purchase.carrierRef)
      return
    }
    const r = await adapter.pollWaybill(carrier, s.carrierRef!)
    if (r.state === 'pending') {
      await db.execute(sql`UPDATE face_sheet SET polls = polls + 1, next_at = now() + make_interval(secs => ${r.retryAfterMs / 1000}), updated_at = now()
        WHERE id = ${s.id} AND status = ${W.Purchasing}`)
      return
    }
    if (r.state === 'failed') {
      await this.finishFailed(s.id, s.orderId, W.Purchasing, r.refusal.key, r.refusal.params)
      return
    }
    await this.database.tx(async (tx) => {
      const [done] = rowsOf(await tx.execute(sql`
        UPDATE face_sheet SET status = ${W.Bought}, tracking_no = ${r.waybill.trackingNo}, label = ${JSON.stringify(r.waybill.label)}::jsonb,
          polls = polls + 1, bought_at = now(), updated_at = now()
        WHERE id = ${s.id} AND status = ${W.Purchasing} RETURNING id`))
      if (done) await mirrorOrder(tx, s.orderId)
    })
  }

  private async finishFailed(id: number, orderId: number, from: number, key: string, params: Record<string, unknown>) {
    await this.database.tx(async (tx) => {
      await tx.execute(sql`UPDATE face_sheet SET status = ${W.Failed}, error_key = ${key}, error_params = ${JSON.stringify(params)}::jsonb, updated_at = now()
        WHERE id = ${id} AND status = ${from}`)
      await mirrorOrder(tx, orderId)
    })
  }
}

/** The process's worker (set when the area starts; the buy handler wakes it). */
export let faceSheetWorker: FaceSheetWorker | undefined

// ---------------------------------------------------------------------------------------------
// The faceorder-manage list: orders picked or beyond (or with any face sheet), each with its latest
// face sheet's state (`status`, dict waybillState), purchase progress and tracking number.

const o = outboundOrder
const latest = (col: string) => sql`(SELECT ${sql.identifier(col)} FROM face_sheet f WHERE f.order_id = ${o.id} ORDER BY f.id DESC LIMIT 1)`
/** The order's purchase state from its parcels (faceSheetState in SQL): failed, purchasing, queued, bought; else its latest row's (cancelled) or none. */
const stateSql = sql`coalesce((SELECT CASE WHEN bool_or(f.status = ${W.Failed}) THEN ${W.Failed} WHEN bool_or(f.status = ${W.Purchasing}) THEN ${W.Purchasing}
    WHEN bool_or(f.status = ${W.Queued}) THEN ${W.Queued} WHEN count(*) >= ${o}.parcel_count THEN ${W.Bought} END
  FROM face_sheet f WHERE f.order_id = ${o.id} AND f.status IN (1, 2, 3, 4) HAVING count(*) > 0), CASE WHEN ${latest('status')} = ${W.Cancelled} THEN ${W.Cancelled} ELSE ${W.None} END)`
export const FACE_SHEET_LIST = {
  table: o,
  select: {
    id: o.id, orderNo: o.orderNo, orderStatus: o.status, platform: o.platform, shippingMethod: o.shippingMethod, carrierId: o.carrierId,
    carrierCode: sql<string | null>`(SELECT code FROM carrier c WHERE c.id = coalesce(${latest('carrier_id')}, ${outer(o.carrierId)}))`.as('carrierCode'),
    consigneeName: o.consigneeName, consigneePhone: o.consigneePhone, country: o.country, expectedQty: o.expectedQty, pickedQty: o.pickedQty,
    status: sql<number>`${stateSql}`.mapWith(Number).as('status'),
    parcelCount: sql<number>`${o}.parcel_count`.mapWith(Number).as('parcelCount'),
    // ${o}.id, not ${o.id}: drizzle leaves a column at the top of a single-table select's sql unqualified ("id" would be f.id here).
    boughtParcels: sql<number>`(SELECT count(*) FROM face_sheet f WHERE f.order_id = ${o}.id AND f.status = ${W.Bought})`.mapWith(Number).as('boughtParcels'),
    faceSheetStatus: sql<number>`${o}.face_sheet_status`.mapWith(Number).as('faceSheetStatus'),
    trackingNo: sql<string | null>`${o}.tracking_no`.as('trackingNo'),
    weightG: sql<number | null>`${o}.weight_g`.as('weightG'),
    // The failed parcel's message (another parcel may be bought after it).
    errorKey: sql<string | null>`coalesce((SELECT f.error_key FROM face_sheet f WHERE f.order_id = ${o}.id AND f.status = ${W.Failed} ORDER BY f.id DESC LIMIT 1), ${latest('error_key')})`.as('errorKey'),
    expectedReadyAt: sql<string | null>`${latest('expected_ready_at')}`.as('expectedReadyAt'),
    printedCount: sql<number | null>`${latest('printed_count')}`.as('printedCount'),
    requestedAt: sql<string | null>`${latest('requested_at')}`.as('requestedAt'),
    boughtAt: sql<string | null>`${latest('bought_at')}`.as('boughtAt'),
    pickedAt: o.pickedAt,
  },
  scope: { tenant: o.tenantId, warehouse: o.warehouseId },
  key: o.id,
  sortable: { orderNo: o.orderNo, pickedAt: o.pickedAt, id: o.id, orderStatus: o.status },
  defaultSort: 'id:desc',
  filters: {
    orderNo: { type: 'text', column: o.orderNo },
    trackingNo: { type: 'text', column: sql`${o}.tracking_no` },
    faceSheetStatus: { type: 'enum', column: sql`${o}.face_sheet_status::text`, values: DICTIONARIES.faceSheetStatus.map((e) => e.value) },
    status: { type: 'enum', column: sql`(${stateSql})::text`, values: DICTIONARIES.waybillState.map((e) => e.value) },
    orderStatus: { type: 'enum', column: sql`${o.status}::text`, values: DICTIONARIES.outboundOrderStatus.map((e) => e.value) },
    pickedAt: { type: 'dateRange', column: o.pickedAt },
  },
  where: () => sql`(${o.status} = ${OutboundOrderStatus.ReadyOut} OR ${o.pickedQty} > 0 OR EXISTS (SELECT 1 FROM face_sheet f WHERE f.order_id = ${o.id}))`,
  searchSortCap: 0,
} satisfies ListDef

/** 0–100: queued 0, purchasing by the carrier's expected time (5–95), bought 100; none otherwise. */
export function progressOf(r: Record<string, unknown>, now = Date.now()): number | null {
  const status = Number(r.status)
  if (status === W.Bought) return 100
  if (status === W.Queued) return 0
  if (status !== W.Purchasing || !r.requestedAt || !r.expectedReadyAt) return null
  const from = new Date(String(r.requestedAt)).getTime()
  const to = new Date(String(r.expectedReadyAt)).getTime()
  return Math.min(95, Math.max(5, Math.round((100 * (now - from)) / Math.max(1, to - from))))
}

const LabelQuery = z.object({
  orderIds: z.preprocess((v) => (v === undefined ? undefined : (Array.isArray(v) ? v : [v])),
    z.array(z.coerce.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_FACE_SHEET_BULK, 'outbound-label:errors.bulkMaxPrint')),
  paper: z.enum(LABEL_PAPERS).default('PackageLabel_Plain_Paper'),
  code: z.enum(BARCODE_KINDS).default('barcode'),
})

export function faceSheetRoutes(db: Queryable): RouteDef[] {
  const file = (format: 'pdf' | 'zpl') => defineRoute({
    method: 'GET', url: format === 'pdf' ? FACE_SHEET_API.pdf : FACE_SHEET_API.zpl, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.print,
    summary: format === 'pdf' ? 'Bought face sheets as PDF on a label paper (1, 2, 4 or 6 per page), barcode or QR' : 'Bought face sheets as ZPL for thermal printers (4×6 in, 203 dpi)',
    query: LabelQuery,
    handler: async ({ query, auth }, reply) => {
      const { labels, orderNos } = await labelsFor(db, auth, query.orderIds, auth)
      const bytes = await renderFaceSheets(labels, format, query.paper, query.code, `Face sheets ${orderNos.join(' ')}`)
      const name = `face-sheets-${orderNos.length === 1 ? orderNos[0] : `${orderNos.length}`}.${format}`
      return reply.header('content-type', format === 'pdf' ? 'application/pdf' : 'application/vnd.zebra.zpl; charset=utf-8')
        .header('content-disposition', `inline; filename="${name}"`).header('x-label-count', String(labels.length)).send(bytes)
    },
  })
  return [
    defineRoute({
      method: 'GET', url: FACE_SHEET_API.list, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Face sheets: picked orders with their face sheet (not bought / queued / purchasing / bought / failed / cancelled), progress and tracking number',
      query: listQuerySchema(FACE_SHEET_LIST), handler: async ({ query, auth }) => {
        const page = await runList(db, FACE_SHEET_LIST, query, auth)
        return { ...page, records: page.records.map((r) => ({ ...r, progress: progressOf(r as Record<string, unknown>) })) }
      },
    }),
    file('pdf'),
    file('zpl'),
    defineRoute({
      method: 'GET', url: FACE_SHEET_API.tracking, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: "A bought face sheet's tracking events, asked of its carrier through the adapter",
      query: z.object({ orderId: z.coerce.number().int().positive() }),
      handler: async ({ query, auth }) => {
        const [s] = rowsOf(await db.execute(sql`SELECT f.carrier_id, f.tracking_no FROM face_sheet f
          WHERE f.order_id = ${query.orderId} AND f.tenant_id = ${auth.tenantId} AND f.warehouse_id = ${auth.warehouseId} AND f.status = ${W.Bought}
          ORDER BY f.parcel_no LIMIT 1`))
        if (!s) {
          // Spec section 8: while the carrier's waybill is polled there is nothing to track yet.
          const [pending] = rowsOf(await db.execute(sql`SELECT f.order_no FROM face_sheet f
            WHERE f.order_id = ${query.orderId} AND f.tenant_id = ${auth.tenantId} AND f.warehouse_id = ${auth.warehouseId} AND f.status IN (${W.Queued}, ${W.Purchasing}) LIMIT 1`))
          if (pending) throw conflict('outbound-label:errors.logisticsPending', { orderNo: String(pending.order_no) })
          throw notFound('outbound-label:errors.noTracking', { id: query.orderId })
        }
        const carrier = await carrierConfig(db, n(s.carrier_id))
        return { trackingNo: String(s.tracking_no), carrier: carrier.code, events: await adapterFor(db, carrier).tracking(carrier, String(s.tracking_no)) }
      },
    }),
  ]
}

/** Registers the routes and starts the worker of this process (stopped when the server closes). */
export const faceSheetArea: Area = (app, deps) => {
  registerRoutes(app, faceSheetRoutes(deps.db))
  const interval = Number(process.env.FACE_SHEET_WORKER_MS ?? '') || 500
  const worker = new FaceSheetWorker(deps.database, app.log, interval)
  faceSheetWorker = worker
  app.addHook('onReady', async () => { worker.start() })
  app.addHook('onClose', async () => {
    await worker.stop()
    if (faceSheetWorker === worker) faceSheetWorker = undefined
  })
}
