// Other inbound, other outbound and defective outbound (issue 20, "Other inbound, other outbound"; part E1).
// Other inbound (stock-in → other-inbound) is an inbound order of type Other (dict inboundType 7) with its
// reason, created here and then submitted, issued, received and shelved by the inbound flow (RK…). Other
// outbound (stock-out → other-outbound) is an outbound order of type Other (dict orderType 3) with its reason
// and the stock status it takes (Normal; Defective for a defective outbound; Sample): validate allocates that
// status only, release makes its picking task (one per order) which the picking station works (other-pick
// lists those tasks), and other-ship confirms the shipment: the picked goods' reservations are consumed —
// on hand and locked fall together — and the order is shipped (no parcel, no face sheet). Defective outbound
// (in-house-work → defective-outbound) lists the Defective stock and makes, from the selected rows, one other
// outbound with reason "defective" holding exactly those balances, released to picking at once.
// Machine: src/domain/states/outbound-order.ts (outbound.other.*); handlers: src/server/areas/other-inout/.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { enabledOver } from '../src/domain/states/machine'
import { outboundOrderMachine } from '../src/domain/states/outbound-order'
import { OTHER_INBOUND_REASONS, OTHER_OUTBOUND_REASONS, StockStatus } from '../src/domain/dictionaries'
import { screenFieldLabels } from '../src/domain/validation'
import { OrderHeaderInput, OrderLineInput, MAX_ORDER_LINES, CreatedOrder } from './inbound-orders'
import { CreatedOutbound, ImportOutboundResult, OutboundTransitionResult } from './outbound-orders'
import { OTHER_PICK_ROUTE, pickingStationPath } from './outbound-picking'

export const OTHER_INBOUND_PATH = '/stock-in/other-inbound'
export const OTHER_OUTBOUND_PATH = '/stock-out/other-outbound'
/** Where the picking task claim is offered besides the picking task list (outbound.pickTask.claim's `when`). */
export const OTHER_PICK_PATH = OTHER_PICK_ROUTE
export const OTHER_SHIP_PATH = '/stock-out/other-ship'
export const DEFECTIVE_OUTBOUND_PATH = '/in-house-work/defective-outbound'

/** Permission codes: the menu catalog's screens and buttons (src/domain/menu/catalog.ts, ids 6231–6259, 7201–7229, 12291–12299). */
export const OTHER_PERMISSIONS = {
  inboundView: 'menu:other-inbound',
  inboundAdd: 'other-inbound:add',
  outboundView: 'menu:other-outbound',
  outboundAdd: 'other-outbound:add',
  outboundValidate: 'other-outbound:validate',
  outboundRelease: 'other-outbound:release',
  outboundVoid: 'other-outbound:void',
  /** Excel import of other outbound orders (button 7230). */
  outboundImport: 'other-outbound:import',
  pickView: 'menu:other-pick',
  shipView: 'menu:other-ship',
  ship: 'other-ship:ship',
  defectiveView: 'menu:defective-outbound',
  defectiveCreate: 'defective-outbound:create',
} as const
const P = OTHER_PERMISSIONS

/** Read endpoints (src/server/areas/other-inout/index.ts). */
export const OTHER_API = {
  inbound: '/api/other-inout/inbound',
  outbound: '/api/other-inout/outbound',
  pickTasks: '/api/other-inout/pick-tasks',
  ship: '/api/other-inout/ship',
  defective: '/api/other-inout/defective',
  outboundTemplate: '/api/other-inout/outbound/import/template',
  outboundDryRun: '/api/other-inout/outbound/import/dry-run',
} as const

/** Stock statuses an other outbound may ask for (never Frozen: frozen stock is found or counted first). */
export const OTHER_OUTBOUND_STATUSES = [StockStatus.Normal, StockStatus.Defective, StockStatus.Sample] as const
/** Most orders one bulk command takes; most defective rows one defective outbound takes. */
export const MAX_OTHER_BULK = 100
export const MAX_DEFECTIVE_ROWS = 200

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null))

/** Other inbound: an inbound order's header without its type (always Other) and with its reason, required. */
export const CreateOtherInboundArgs = OrderHeaderInput.omit({ inboundType: true, otherReason: true }).extend({
  otherReason: z.enum(OTHER_INBOUND_REASONS, { message: 'errors:field.required' }),
  lines: z.array(OrderLineInput).min(1, 'inbound:order.errors.noLines').max(MAX_ORDER_LINES),
})
export type CreateOtherInboundArgs = z.input<typeof CreateOtherInboundArgs>

export const OtherOutboundLine = z.strictObject({
  /** SKU code, or a UPC / FNSKU of one of its platform SKUs. */
  code: z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase()),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(1_000_000),
})
/** Other outbound: why, which stock status (default: Defective for reason "defective", else Normal), who receives it, the lines. */
export const CreateOtherOutboundArgs = z.strictObject({
  reason: z.enum(OTHER_OUTBOUND_REASONS, { message: 'errors:field.required' }),
  stockStatus: z.number().int().refine((v) => (OTHER_OUTBOUND_STATUSES as readonly number[]).includes(v), 'errors:field.invalidValue').nullish(),
  /** Who takes the goods (a department, the supplier, the scrap dealer); optional. */
  consigneeName: optText(100),
  remark: optText(500),
  lines: z.array(OtherOutboundLine).min(1, 'outbound:order.errors.noLines').max(MAX_ORDER_LINES),
})
export type CreateOtherOutboundArgs = z.input<typeof CreateOtherOutboundArgs>

/** Most sheet rows one other outbound import takes (one transaction). */
export const MAX_OTHER_IMPORT_LINES = 2000
/** One line of an other outbound import sheet after the dry run (row = sheet row; rows with one ref make one order, its header from the first). */
export const ImportOtherOutboundRow = z.strictObject({
  row: z.number().int().min(2),
  ref: z.string().trim().min(1).max(64),
  reason: CreateOtherOutboundArgs.shape.reason,
  stockStatus: CreateOtherOutboundArgs.shape.stockStatus,
  consigneeName: CreateOtherOutboundArgs.shape.consigneeName,
  remark: CreateOtherOutboundArgs.shape.remark,
  code: OtherOutboundLine.shape.code,
  qty: OtherOutboundLine.shape.qty,
})
export type ImportOtherOutboundRow = z.output<typeof ImportOtherOutboundRow>
export const ImportOtherOutboundArgs = z.strictObject({ rows: z.array(ImportOtherOutboundRow).min(1).max(MAX_OTHER_IMPORT_LINES) })
export type ImportOtherOutboundArgs = z.input<typeof ImportOtherOutboundArgs>
/** The other outbound screen's import dialog (?import=1), opened by the command from anywhere. */
export const otherOutboundImportPath = () => `${OTHER_OUTBOUND_PATH}?import=1`

export const OtherIdsArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_OTHER_BULK),
})
export type OtherIdsArgs = z.infer<typeof OtherIdsArgs>

/** Defective outbound: the selected Defective balances (rows of the defective stock list), all their free quantity. */
export const CreateDefectiveOutboundArgs = z.strictObject({
  balanceIds: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_DEFECTIVE_ROWS),
  remark: optText(500),
})
export type CreateDefectiveOutboundArgs = z.infer<typeof CreateDefectiveOutboundArgs>

/** Answers. */
export const ReleasedOrders = z.object({ released: z.array(z.object({ id: z.number().int(), orderNo: z.string(), waveNo: z.string(), taskNos: z.array(z.string()) })) })
export type ReleasedOrders = z.infer<typeof ReleasedOrders>
export const ShippedOrders = z.object({ shipped: z.array(z.object({ id: z.number().int(), orderNo: z.string(), qty: z.number().int(), status: z.number().int() })) })
export type ShippedOrders = z.infer<typeof ShippedOrders>
export const DefectiveOutboundMade = z.object({
  id: z.number().int(), orderNo: z.string(), lines: z.number().int(), qty: z.number().int(), waveNo: z.string(), taskNos: z.array(z.string()),
})
export type DefectiveOutboundMade = z.infer<typeof DefectiveOutboundMade>

const KEYWORDS = ['other', 'CK', 'scrap', 'outbound']
const ORDERS = 'palette:bulk.count.outboundOrder'
const on = (...paths: string[]) => (ctx: CommandContext) => ctx.route === '' || paths.some((p) => ctx.route.startsWith(p))

/** The selected rows (else the open document) carrying an order id. */
const orderRows = (ctx: CommandContext) => {
  const sel = ctx.selection.filter((r) => typeof r.orderNo === 'string' && Number.isInteger(Number(r.id)))
  return sel.length ? sel : ctx.document && typeof ctx.document.orderNo === 'string' ? [ctx.document] : []
}
const idsOf = (ctx: CommandContext) => orderRows(ctx).map((r) => Number(r.id))
const byMachine = (id: string) => (ctx: CommandContext): EnabledResult => enabledOver(outboundOrderMachine, id, orderRows(ctx), ctx)

function orderMove(id: string, permission: string, done: string, path: string, opts: { confirm?: string; askFrom?: number; output?: z.ZodType } = {}): CommandDef<any> {
  return defineCommand<OtherIdsArgs>({
    id, title: `commands:${id}`, section: 'status', permission, input: OtherIdsArgs, output: opts.output ?? OutboundTransitionResult, server: true,
    keywords: KEYWORDS, confirm: opts.confirm, bulk: { noun: ORDERS, targets: (ctx) => idsOf(ctx).length, askFrom: opts.askFrom ?? 2 },
    when: on(path), shortcutWhen: on(path), enabled: byMachine(id),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<Record<string, { orderNo: string }[]>>(id, args ?? { ids: idsOf(ctx) })
      const list = Object.values(r)[0] ?? []
      rt.toast('success', done, { count: list.length, orderNo: list.map((c) => c.orderNo).join(', ') })
      return r
    },
  })
}

export const otherInoutCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateOtherInboundArgs>({
    id: 'inbound.other.create', title: 'commands:inbound.other.create', section: 'document', permission: P.inboundAdd,
    input: CreateOtherInboundArgs, output: CreatedOrder, server: true, keywords: ['other', 'RK', 'inbound', 'new'],
    fieldLabel: screenFieldLabels(CreateOtherInboundArgs, 'inbound:order.fields'),
    when: on(OTHER_INBOUND_PATH),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${OTHER_INBOUND_PATH}?form=new`); return undefined }
      const r = await rt.callServer<CreatedOrder>('inbound.other.create', args)
      rt.toast('success', 'other-inout:done.inboundCreated', { orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand<CreateOtherOutboundArgs>({
    id: 'outbound.other.create', title: 'commands:outbound.other.create', section: 'document', permission: P.outboundAdd,
    input: CreateOtherOutboundArgs, output: CreatedOutbound, server: true, keywords: [...KEYWORDS, 'new'],
    fieldLabel: screenFieldLabels(CreateOtherOutboundArgs, 'other-inout:fields'),
    when: on(OTHER_OUTBOUND_PATH),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${OTHER_OUTBOUND_PATH}?form=new`); return undefined }
      const r = await rt.callServer<CreatedOutbound>('outbound.other.create', args)
      rt.toast('success', 'other-inout:done.outboundCreated', { orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand<ImportOtherOutboundArgs>({
    id: 'outbound.other.import', title: 'commands:outbound.other.import', section: 'document', permission: P.outboundImport,
    input: ImportOtherOutboundArgs, output: ImportOutboundResult, server: true, keywords: [...KEYWORDS, 'excel', 'xlsx', 'import'],
    when: on(OTHER_OUTBOUND_PATH),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(otherOutboundImportPath()); return undefined }
      return rt.callServer<ImportOutboundResult>('outbound.other.import', args)
    },
  }),
  orderMove('outbound.other.validate', P.outboundValidate, 'other-inout:done.validated', OTHER_OUTBOUND_PATH),
  orderMove('outbound.other.release', P.outboundRelease, 'other-inout:done.released', OTHER_OUTBOUND_PATH, { output: ReleasedOrders }),
  orderMove('outbound.other.void', P.outboundVoid, 'other-inout:done.voided', OTHER_OUTBOUND_PATH, { confirm: 'other-inout:confirm.void', askFrom: 1 }),
  // Shipping an other outbound is its confirmation: asked even for one order.
  orderMove('outbound.other.ship', P.ship, 'other-inout:done.shipped', OTHER_SHIP_PATH, { confirm: 'other-inout:confirm.ship', askFrom: 1, output: ShippedOrders }),
  defineCommand<CreateDefectiveOutboundArgs>({
    id: 'outbound.defective.create', title: 'commands:outbound.defective.create', section: 'document', permission: P.defectiveCreate,
    input: CreateDefectiveOutboundArgs, output: DefectiveOutboundMade, server: true, keywords: ['defective', 'outbound', 'CK'],
    confirm: 'other-inout:confirm.defective',
    bulk: { noun: 'other-inout:bulk.defectiveRow', targets: (ctx) => ctx.selection.filter((r) => Number.isInteger(Number(r.id))).length, askFrom: 1 },
    when: on(DEFECTIVE_OUTBOUND_PATH), shortcutWhen: on(DEFECTIVE_OUTBOUND_PATH),
    enabled: (ctx) => (ctx.selection.some((r) => Number(r.freeQty) > 0) ? true : 'other-inout:errors.selectDefective'),
    run: async (ctx, rt, args) => {
      const a = args ?? { balanceIds: ctx.selection.filter((r) => Number(r.freeQty) > 0).map((r) => Number(r.id)) }
      const r = await rt.callServer<DefectiveOutboundMade>('outbound.defective.create', a)
      rt.toast('success', 'other-inout:done.defectiveCreated', { orderNo: r.orderNo, taskNo: r.taskNos.join(', ') })
      return r
    },
  }),
  defineCommand<{ taskNo: string }>({
    id: 'outbound.other.openPicking', title: 'commands:outbound.other.openPicking', section: 'document', permission: 'pickingtasks:pick',
    keywords: ['JH', 'pick', 'other'], when: on(OTHER_PICK_PATH),
    enabled: (ctx) => (ctx.selection.some((r) => typeof r.taskNo === 'string') || typeof ctx.document?.taskNo === 'string' ? true : 'common:validation.selectAtLeastOne'),
    run: async (ctx, rt) => {
      const t = ctx.selection.find((r) => typeof r.taskNo === 'string') ?? ctx.document
      if (t && typeof t.taskNo === 'string') rt.navigate(pickingStationPath(t.taskNo))
      return undefined
    },
  }),
]
