// Review and packing, auto packaging, shipping and the return-to-shelf task (issue 13 §2, §4): the review
// station finds a picked order by its number, tracking number or wall slot, checks every item by scan
// (review quantity not below 0 and not above the picked quantity), then packs it with a packing material
// (one taken off the consumables' own ledger) and its weight and dimensions — the goods move on the
// ledger from the picked-goods location to the packing location, still reserved. Auto packaging does
// review and pack of a single-item order on one SKU scan. The shipping scan (tracking number or order)
// takes the goods off the ledger (on_hand and locked fall together, the reservations close), the order
// becomes shipped (Over 4) and joins its carrier's open handover list; cancelling a shipped and reviewed
// order asks to confirm (spec section 4) and puts the goods back. An order intercepted after picking
// leaves a return-to-shelf task: location then SKU scans put its goods back on shelves. Machine:
// src/domain/states/outbound-order.ts (and return-shelf-task.ts). Handlers: src/server/areas/outbound/shipping.ts.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { enabledOver } from '../src/domain/states/machine'
import { outboundOrderMachine } from '../src/domain/states/outbound-order'
import { returnShelfTaskMachine } from '../src/domain/states/return-shelf-task'
import { OUTBOUND_ORDER_PATH, selectedOutboundIds } from './outbound-orders'

export const REVIEW_PATH = '/stock-out/ToC/reviewpackaging'
export const AUTO_PACK_PATH = '/stock-out/ToC/auto-packaging'
export const SHIPPING_PATH = '/stock-out/ToC/shippinginfo'
export const RETURN_SHELF_PATH = '/stock-out-abnormal/stop-stock-out'
export const returnShelfPath = (taskNo: string) => `${RETURN_SHELF_PATH}?task=${encodeURIComponent(taskNo)}`
/** The shipping station showing one handover list (palette "go to document"). */
export const handoverPath = (handoverNo: string) => `${SHIPPING_PATH}?handover=${encodeURIComponent(handoverNo)}`

/** Permission codes: buttons of reviewpackaging, auto-packaging, shippinginfo, stop-stock-out (src/domain/menu/catalog.ts). */
export const SHIPPING_PERMISSIONS = {
  review: 'reviewpackaging:review',
  reviewException: 'reviewpackaging:exception',
  autoPack: 'auto-packaging:pack',
  shipView: 'menu:shippinginfo',
  ship: 'shippinginfo:ship',
  cancelShipment: 'shippinginfo:cancel',
  handover: 'shippinginfo:handover',
  returnView: 'menu:stop-stock-out',
  returnShelf: 'stop-stock-out:confirm',
} as const

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const orderNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const dim = z.number().int().min(1, 'errors:field.tooSmall').max(5000).nullish()
/** Most characters of a packing list number or box code. */
export const PACK_CODE_MAX = 40
const packCode = z.string().trim().max(PACK_CODE_MAX, 'errors:field.tooBig').transform((v) => v.toUpperCase())
  .refine((v) => v === '' || /^[A-Z0-9-]+$/.test(v), 'errors:field.codeFormat').nullish().transform((v) => (v ? v : null))

/** Start (or resume) reviewing: the order's number, its tracking number or its wall slot. */
export const ReviewStartArgs = z.strictObject({ code, exceptionStation: z.boolean().default(false) })
export type ReviewStartArgs = z.input<typeof ReviewStartArgs>
/** One item checked: SKU / UPC / FNSKU, 1 per scan or a typed quantity. */
export const ReviewScanArgs = z.strictObject({ orderNo, code, qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000).default(1) })
export type ReviewScanArgs = z.input<typeof ReviewScanArgs>
/** Pack the reviewed order: the material, its weight (grams) and optional dimensions (mm). */
/** Parcels of one order at most (outbound_order.parcel_count). */
export const MAX_PARCELS = 20
export const ReviewPackArgs = z.strictObject({
  orderNo,
  materialId: z.number().int().positive({ message: 'errors:field.required' }),
  weightG: z.number().int().min(1, 'errors:field.tooSmall').max(100_000),
  lengthMm: dim, widthMm: dim, heightMm: dim,
  /** The parcels the order is packed into (one material and one face sheet each); not more than its units. */
  parcels: z.number().int().min(1, 'errors:field.tooSmall').max(MAX_PARCELS, 'errors:field.tooBig').default(1),
  /** Spec section 3 "Packing: … photo, packing list number, box code" (optional; codes as capital letters, digits and '-'). */
  packingListNo: packCode,
  boxCode: packCode,
  /** An uploaded photo of the packed parcel (POST /api/files/upload?purpose=photo → its id). */
  photoFileId: z.uuid('errors:field.invalid').nullish(),
})
/** Field labels of the pack's arguments (messages name the field as the station shows it). */
export const packFieldLabel = (f: string): string | undefined => PACK_FIELD_LABELS[f]
const PACK_FIELD_LABELS: Record<string, string> = {
  materialId: 'outbound-ship:pack.material', weightG: 'outbound-ship:pack.weight', parcels: 'outbound-ship:pack.parcels',
  lengthMm: 'outbound-ship:pack.dim.l', widthMm: 'outbound-ship:pack.dim.w', heightMm: 'outbound-ship:pack.dim.h',
  packingListNo: 'outbound-ship:pack.packingListNo', boxCode: 'outbound-ship:pack.boxCode', photoFileId: 'outbound-ship:pack.photo',
}
export type ReviewPackArgs = z.input<typeof ReviewPackArgs>
export const OrderNoArgs = z.strictObject({ orderNo })
export type OrderNoArgs = z.input<typeof OrderNoArgs>
/** Auto packaging: one SKU scan reviews and packs the oldest waiting single-item order of that SKU. */
export const AutoPackArgs = z.strictObject({ code, materialId: z.number().int().positive({ message: 'errors:field.required' }), weightG: z.number().int().min(1, 'errors:field.tooSmall').max(100_000) })
export type AutoPackArgs = z.input<typeof AutoPackArgs>
/** Ship: the tracking number (or the order number) scanned. */
export const ShipScanArgs = z.strictObject({ code })
export type ShipScanArgs = z.input<typeof ShipScanArgs>
export const CancelShipmentArgs = z.strictObject({ ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(30) })
export type CancelShipmentArgs = z.infer<typeof CancelShipmentArgs>
export const HandoverCloseArgs = z.strictObject({ handoverNo: orderNo })
export type HandoverCloseArgs = z.input<typeof HandoverCloseArgs>
/** Return to shelf: the task, the shelf location scanned, then the SKU. */
export const ReturnShelfScanArgs = z.strictObject({ taskNo: orderNo, locationCode: code, code, qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000).default(1) })
export type ReturnShelfScanArgs = z.input<typeof ReturnShelfScanArgs>

/** Server answers (the commands' `output`; the types are inferred from them). */
const Params = z.record(z.string(), z.unknown())
/** A translated message: an i18n key and its params. */
const Message = z.object({ key: z.string(), params: Params })
export const ReviewLine = z.object({ lineId: z.number().int(), lineNo: z.number().int(), skuCode: z.string(), skuName: z.string().nullable(), qty: z.number().int(), reviewedQty: z.number().int() })
export type ReviewLine = z.infer<typeof ReviewLine>
export const ReviewView = z.object({
  id: z.number().int(), orderNo: z.string(), status: z.number().int(), packingStatus: z.number().int(), faceSheetStatus: z.number().int(),
  trackingNo: z.string().nullable(), sortSlot: z.number().int().nullable(), shippingMethod: z.string().nullable(), consigneeName: z.string().nullable(),
  lines: z.array(ReviewLine), reviewed: z.number().int(), total: z.number().int(), done: z.boolean(),
  /** Shown before packing: why the order's carrier cannot label it (the face sheet purchase's own check), and what to do; null when it can. */
  labelWarning: Message.extend({ hint: Message }).nullable(),
})
export type ReviewView = z.infer<typeof ReviewView>
export const PackResult = z.object({
  orderId: z.number().int(), orderNo: z.string(), trackingNo: z.string().nullable(), faceSheetStatus: z.number().int(), materialCode: z.string(), materialLeft: z.number().int(),
})
export type PackResult = z.infer<typeof PackResult>
/** Auto packaging: the pack, and the label sent to the setup's printer (or why not: the pack stands). */
export const AutoPackResult = PackResult.extend({
  print: z.boolean(), printed: z.object({ printer: z.string(), jobId: z.number().int() }).nullable(), printError: Message.nullable(),
})
export type AutoPackResult = z.infer<typeof AutoPackResult>
export const ShipResult = z.object({ orderNo: z.string(), trackingNo: z.string().nullable(), handoverNo: z.string(), carrier: z.string(), parcels: z.number().int(), qty: z.number().int() })
export type ShipResult = z.infer<typeof ShipResult>
export const ReturnShelfResult = z.object({
  taskNo: z.string(), done: z.boolean(), remaining: z.number().int(),
  next: z.object({ lineId: z.number().int(), skuCode: z.string(), fromLocation: z.string(), remaining: z.number().int() }).nullable(),
})
export type ReturnShelfResult = z.infer<typeof ReturnShelfResult>
const OrderNoResult = z.object({ orderNo: z.string() })
const HandoverClosed = z.object({ handoverNo: z.string() })
export const CancelShipmentResult = z.object({ cancelled: z.array(z.string()) })
export type CancelShipmentResult = z.infer<typeof CancelShipmentResult>

/** Endpoints (src/server/areas/outbound/shipping.ts). */
export const SHIPPING_API = {
  materials: '/base/base/getPackageMaterialList',
  review: (no: string) => `/api/outbound/review/${encodeURIComponent(no)}`,
  handovers: '/api/outbound/handovers',
  handover: (no: string) => `/api/outbound/handovers/${encodeURIComponent(no)}`,
  returnTasks: '/api/outbound/return-shelf-tasks',
  returnTask: (no: string) => `/api/outbound/return-shelf-tasks/${encodeURIComponent(no)}`,
  salesReport: '/api/reports/sales-outbound',
} as const

const P = SHIPPING_PERMISSIONS
const KEYWORDS = ['review', 'pack', 'ship', 'FH', 'JJ']
const inOrders = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(OUTBOUND_ORDER_PATH) || ctx.route.startsWith(SHIPPING_PATH)
const orderRows = (ctx: CommandContext) => {
  const sel = ctx.selection.filter((r) => typeof r.orderNo === 'string')
  return sel.length ? sel : ctx.document && typeof ctx.document.orderNo === 'string' ? [ctx.document] : []
}
const cancelEnabled = (ctx: CommandContext): EnabledResult => {
  const rows = orderRows(ctx)
  return rows.length ? enabledOver(outboundOrderMachine, 'outbound.order.cancelShipment', rows, ctx) : 'common:validation.selectAtLeastOne'
}
/** The order a station command acts on: the order under review (the station's document) or the selected one; none yet → the scan decides. */
const byOrder = (id: string) => (ctx: CommandContext): EnabledResult => {
  const rows = orderRows(ctx)
  return rows.length ? enabledOver(outboundOrderMachine, id, rows.slice(0, 1), ctx) : true
}
const byReturnTask = (ctx: CommandContext): EnabledResult => {
  const t = ctx.document && typeof ctx.document.taskNo === 'string' ? ctx.document : ctx.selection.find((r) => typeof r.taskNo === 'string')
  return t ? enabledOver(returnShelfTaskMachine, 'outbound.returnShelf.scan', [t], ctx) : true
}

/**
 * The station commands are run by their stations (each scan queued with its idempotency key); they are
 * registered so that the server, the permission check and the keymap know them, and hidden from the
 * palette where a scan is what drives them.
 */
export const shippingCommands: readonly CommandDef<any>[] = [
  defineCommand<ReviewStartArgs>({ id: 'outbound.review.start', title: 'commands:outbound.review.start', section: 'scan', permission: P.review, input: ReviewStartArgs, output: ReviewView, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.review.start') }),
  defineCommand<ReviewStartArgs>({ id: 'outbound.review.startException', title: 'commands:outbound.review.startException', section: 'scan', permission: P.reviewException, input: ReviewStartArgs, output: ReviewView, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.review.startException') }),
  defineCommand<ReviewScanArgs>({ id: 'outbound.review.scan', title: 'commands:outbound.review.scan', section: 'scan', permission: P.review, input: ReviewScanArgs, output: ReviewView, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.review.scan') }),
  defineCommand<ReviewPackArgs>({ id: 'outbound.review.pack', title: 'commands:outbound.review.pack', section: 'scan', permission: P.review, input: ReviewPackArgs, output: PackResult, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.review.pack'), fieldLabel: packFieldLabel }),
  defineCommand<OrderNoArgs>({ id: 'outbound.review.reset', title: 'commands:outbound.review.reset', section: 'scan', permission: P.review, input: OrderNoArgs, output: OrderNoResult, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.review.reset') }),
  defineCommand<AutoPackArgs>({ id: 'outbound.review.auto', title: 'commands:outbound.review.auto', section: 'scan', permission: P.autoPack, input: AutoPackArgs, output: AutoPackResult, server: true, keywords: [...KEYWORDS, 'auto'], when: () => false }),
  defineCommand<ShipScanArgs>({ id: 'outbound.ship.scan', title: 'commands:outbound.ship.scan', section: 'scan', permission: P.ship, input: ShipScanArgs, output: ShipResult, server: true, keywords: KEYWORDS, when: () => false, enabled: byOrder('outbound.ship.scan') }),
  defineCommand<CancelShipmentArgs>({
    id: 'outbound.order.cancelShipment', title: 'commands:outbound.order.cancelShipment', section: 'status', permission: P.cancelShipment,
    input: CancelShipmentArgs, output: CancelShipmentResult, server: true, keywords: KEYWORDS, confirm: 'outbound:ship.confirm.cancel', when: inOrders, enabled: cancelEnabled,
    bulk: { noun: 'palette:bulk.count.outboundOrder', targets: (ctx) => (ctx.selection.length ? selectedOutboundIds(ctx).length : orderRows(ctx).length) },
    run: async (ctx, rt, args) => {
      const ids = args?.ids ?? (ctx.selection.length ? selectedOutboundIds(ctx) : orderRows(ctx).map((r) => Number(r.id)))
      const r = await rt.callServer<CancelShipmentResult>('outbound.order.cancelShipment', { ids })
      rt.toast('success', 'outbound:ship.done.cancelled', { orderNo: r.cancelled.join(', ') })
      return r
    },
  }),
  defineCommand<HandoverCloseArgs>({
    id: 'outbound.handover.close', title: 'commands:outbound.handover.close', section: 'document', permission: P.handover,
    input: HandoverCloseArgs, output: HandoverClosed, server: true, keywords: [...KEYWORDS, 'handover'], confirm: 'outbound:ship.confirm.closeHandover',
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(SHIPPING_PATH),
    enabled: (ctx) => {
      const h = ctx.selection.find((r) => typeof r.handoverNo === 'string') ?? ctx.document
      if (!h || typeof h.handoverNo !== 'string') return 'common:validation.selectAtLeastOne'
      return Number(h.status) === 0 ? true : { key: 'outbound:ship.errors.handoverClosed', params: { handoverNo: h.handoverNo } }
    },
    run: async (ctx, rt, args) => {
      const h = ctx.selection.find((r) => typeof r.handoverNo === 'string') ?? ctx.document
      const r = await rt.callServer<z.infer<typeof HandoverClosed>>('outbound.handover.close', args ?? { handoverNo: String(h?.handoverNo ?? '') })
      rt.toast('success', 'outbound:ship.done.handoverClosed', { handoverNo: r.handoverNo })
      return r
    },
  }),
  defineCommand<ReturnShelfScanArgs>({
    id: 'outbound.returnShelf.scan', title: 'commands:outbound.returnShelf.scan', section: 'scan', permission: P.returnShelf, input: ReturnShelfScanArgs, output: ReturnShelfResult, server: true,
    keywords: ['HJ', 'return', 'intercept'], when: () => false,
    enabled: byReturnTask,
  }),
]
