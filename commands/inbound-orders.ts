// Inbound orders (stock-in → inbound-order): create (form, API, Excel import), edit while New, and the
// status machine's moves — submit, issue, abolish, finish receiving with a shortage — one by one or
// as a bulk status change from the grid selection with a preview. Handlers:
// src/server/areas/inbound/orders.ts (one transaction each; the machine is order-machine.ts).
// The argument schemas live here so the browser's pre-flight and the server parse the same way.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { InboundStatus, OTHER_INBOUND_REASONS } from '../src/domain/dictionaries'
import { enabledOver } from '../src/domain/states/machine'
import { inboundOrderMachine } from '../src/domain/states/inbound-order'
import { dateOnlySchema, screenFieldLabels } from '../src/domain/validation'
import { HARVEST_PATH } from './receiving'

export const INBOUND_ORDER_PATH = '/stock-in/inbound-order'
export const INBOUND_ORDER_DETAILS_PATH = '/stock-in/inbound-order/details'
export const inboundOrderDetailsPath = (orderNo: string) => `${INBOUND_ORDER_DETAILS_PATH}?orderNo=${encodeURIComponent(orderNo)}`

/** Permission codes: buttons of the inbound-order screen (src/domain/menu/catalog.ts). */
export const INBOUND_ORDER_PERMISSIONS = {
  view: 'menu:inbound-order',
  add: 'inbound-order:add',
  edit: 'inbound-order:edit',
  submit: 'inbound-order:submit',
  /** The catalog's 'validate' button: the review that issues the order to the warehouse. */
  issue: 'inbound-order:validate',
  abolish: 'inbound-order:abolish',
  finish: 'inbound-order:finish',
  status: 'inbound-order:status',
  import: 'inbound-order:import',
  export: 'inbound-order:export',
} as const

export const MAX_ORDER_LINES = 500
/** Most orders one bulk command takes (the grid's selection). */
export const MAX_BULK_ORDERS = 200
/** Most sheet rows one import takes (one transaction). */
export const MAX_IMPORT_LINES = 5000

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null))

export const OrderLineInput = z.strictObject({
  /** SKU code, or a UPC / FNSKU of one of its platform SKUs (product_msku). */
  code: z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase()),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(1_000_000),
  /** Default: the order's batch. */
  batchNo: optText(40),
})
export type OrderLineInput = z.input<typeof OrderLineInput>

export const OrderHeaderInput = z.strictObject({
  /** dict inboundType 1–7; Other 7 (other inbound, issue 20) needs its otherReason. */
  inboundType: z.number().int().min(1).max(7),
  /** dict otherInboundReason: why an other inbound order brings stock in (required for type Other, refused on the field otherwise). */
  otherReason: z.enum(OTHER_INBOUND_REASONS).nullish(),
  supplierId: z.number().int().positive().nullish(),
  sourceNo: optText(60),
  expectedArrival: dateOnlySchema.nullish(),
  inspectionMode: z.number().int().min(0).max(2).default(0),
  batchNo: optText(40),
  boxCount: z.number().int().min(0).max(100_000).nullish(),
  remark: optText(500),
})

export const CreateOrderArgs = OrderHeaderInput.extend({
  lines: z.array(OrderLineInput).min(1, 'inbound:order.errors.noLines').max(MAX_ORDER_LINES),
})
export type CreateOrderArgs = z.input<typeof CreateOrderArgs>

/** Edit (New only): the whole header and lines replace the stored ones. */
export const EditOrderArgs = CreateOrderArgs.extend({ orderNo: z.string().trim().min(1).max(40) })
export type EditOrderArgs = z.input<typeof EditOrderArgs>

export const OrderIdsArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_BULK_ORDERS),
})
export type OrderIdsArgs = z.infer<typeof OrderIdsArgs>

/** Targets an operator may choose (Receiving is reached by the first receipt only). */
export const MANUAL_TARGETS = [InboundStatus.WaitingIssued, InboundStatus.Issued, InboundStatus.Finish, InboundStatus.Abolished] as const
export const OrderStatusArgs = OrderIdsArgs.extend({
  status: z.number().int().refine((v) => (MANUAL_TARGETS as readonly number[]).includes(v), 'errors:field.invalidValue'),
})
export type OrderStatusArgs = z.infer<typeof OrderStatusArgs>

/** One line of an import sheet after the dry run (row = sheet row; ref groups rows into orders). */
export const ImportOrderRow = z.strictObject({
  row: z.number().int().min(2),
  ref: z.string().trim().min(1).max(60),
  /** dict inboundType 1–7; Other 7 needs its otherReason (planOrder checks it, as for the form). */
  inboundType: z.number().int().min(1).max(7),
  otherReason: z.enum(OTHER_INBOUND_REASONS).nullish(),
  supplierId: z.number().int().positive().nullish(),
  sourceNo: optText(60),
  expectedArrival: dateOnlySchema.nullish(),
  inspectionMode: z.number().int().min(0).max(2),
  batchNo: optText(40),
  boxCount: z.number().int().min(0).max(100_000).nullish(),
  remark: optText(500),
  code: z.string().trim().min(1).max(80),
  qty: z.number().int().min(1).max(1_000_000),
})
export type ImportOrderRow = z.infer<typeof ImportOrderRow>
export const ImportOrdersArgs = z.strictObject({ rows: z.array(ImportOrderRow).min(1).max(MAX_IMPORT_LINES) })
export type ImportOrdersArgs = z.infer<typeof ImportOrdersArgs>

/** Server answers. */
/** The answer of inbound.order.create / edit: the order, its expected units and its number of lines. */
export const CreatedOrder = z.object({ id: z.number().int(), orderNo: z.string(), expectedQty: z.number().int(), lines: z.number().int() })
export type CreatedOrder = z.infer<typeof CreatedOrder>
/** The answer of a status move: each order from → to; finishing receiving names what comes next (an inspection order or a shelving task). */
export const TransitionResult = z.object({
  changed: z.array(z.object({
    id: z.number().int(), orderNo: z.string(), from: z.number().int(), to: z.number().int(),
    inspectionNo: z.string().optional(), shelvingTaskNo: z.string().optional(),
  })),
})
export type TransitionResult = z.infer<typeof TransitionResult>
export const StatusVerdict = z.object({
  id: z.number().int(), orderNo: z.string().nullable(), from: z.number().int().nullable(), to: z.number().int(), change: z.boolean(),
  reason: z.string().nullable(), message: z.string().nullable(),
})
export type StatusVerdict = z.infer<typeof StatusVerdict>
/** The answer of inbound.order.status: the orders moved, and each refused one with the reason's key (message null: the caller translates). */
export const BulkStatusResult = TransitionResult.extend({ refused: z.array(StatusVerdict) })
export type BulkStatusResult = z.infer<typeof BulkStatusResult>
/** The answer of inbound.order.import: the orders created from the sheet. */
export const ImportOrdersResult = z.object({ created: z.number().int(), orderNos: z.array(z.string()) })

/** Endpoints (src/server/areas/inbound/orders.ts). */
export const INBOUND_ORDER_API = {
  list: '/api/inbound/orders',
  export: '/api/inbound/orders/export',
  detail: (orderNo: string) => `/api/inbound/orders/by-no/${encodeURIComponent(orderNo)}`,
  detailById: (id: number) => `/api/inbound/orders/by-id/${id}`,
  statusPreview: '/api/inbound/orders/status-preview',
  template: '/api/inbound/orders/import/template',
  dryRun: '/api/inbound/orders/import/dry-run',
  resolve: '/api/inbound/orders/resolve-code',
} as const

const onHarvest = (ctx: CommandContext) => ctx.route.startsWith(HARVEST_PATH)

/**
 * The selected orders' ids (grid rows carry `id`), or on the details page the open document. At the
 * receiving station the open order (documentId) is the only target: no grid there to select from.
 */
export function selectedOrderIds(ctx: CommandContext): number[] {
  if (onHarvest(ctx)) return typeof ctx.documentId === 'number' ? [ctx.documentId] : []
  const ids = ctx.selection.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)
  if (ids.length === 0 && ctx.route.startsWith(INBOUND_ORDER_DETAILS_PATH) && typeof ctx.documentId === 'number') return [ctx.documentId]
  return ids
}
// No `selection` kind on the order commands: on the details page the open document is their target
// (CommandContext.documentId) without any grid selection; `enabled` checks both.
/** Other inbound orders (issue 20) are inbound orders too: their screen (stock-in → other-inbound) runs the same moves. */
const OTHER_INBOUND_SCREEN = '/stock-in/other-inbound'
const onOrderScreens = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(INBOUND_ORDER_PATH) || ctx.route.startsWith(OTHER_INBOUND_SCREEN)
const needsSelection = (ctx: CommandContext) => (selectedOrderIds(ctx).length ? true : 'common:validation.selectAtLeastOne')

/** The orders a command acts on with what is known of them: the grid's rows, else the open document. */
function orderTargets(ctx: CommandContext): readonly Readonly<Record<string, unknown>>[] {
  const ids = selectedOrderIds(ctx)
  const known = [...ctx.selection, ...(ctx.document ? [ctx.document] : [])]
  return ids.map((id) => known.find((r) => Number(r.id) === id) ?? { id })
}

/**
 * A command of the order's machine (src/domain/states/inbound-order.ts): needs an order, then the
 * machine's verdict over every target (the server moves a selection all or nothing). Rows without
 * their status are left to the server.
 */
const byMachine = (id: string) => (ctx: CommandContext): EnabledResult => {
  const ok = needsSelection(ctx)
  return ok === true ? enabledOver(inboundOrderMachine, id, orderTargets(ctx), ctx) : ok
}

/** Edit: exactly one order, and only while New (the machine's 'inbound:errors.editNotNew'). */
function editable(ctx: CommandContext): EnabledResult {
  if (selectedOrderIds(ctx).length !== 1) return 'common:validation.selectExactlyOne'
  return byMachine('inbound.order.edit')(ctx)
}

/**
 * The list page's dialogs are addressed by URL (the page renders them), so a command can open them
 * from anywhere: ?form=new · ?edit=<id> · ?status=<id,id…> · ?import=1.
 */
export const orderDialogPath = {
  create: () => `${INBOUND_ORDER_PATH}?form=new`,
  edit: (id: number) => `${INBOUND_ORDER_PATH}?edit=${id}`,
  status: (ids: readonly number[]) => `${INBOUND_ORDER_PATH}?status=${ids.join(',')}`,
  import: () => `${INBOUND_ORDER_PATH}?import=1`,
}

/** A run over several orders asks once, naming how many (issue 18 §3); what cannot be undone (`confirm`) asks even for one. */
const bulkOrders = (askFrom: number) => ({ noun: 'palette:bulk.count.inboundOrder', targets: (ctx: CommandContext) => selectedOrderIds(ctx).length, askFrom })

function transition(id: string, permission: string, done: string, opts: { confirm?: string; when?: (ctx: CommandContext) => boolean } = {}): CommandDef<OrderIdsArgs> {
  return defineCommand<OrderIdsArgs>({
    id, title: `commands:${id}`, section: 'status', permission, input: OrderIdsArgs, output: TransitionResult, server: true,
    keywords: ['RK', 'inbound'], confirm: opts.confirm, bulk: bulkOrders(opts.confirm ? 1 : 2),
    when: opts.when ?? onOrderScreens, enabled: byMachine(id),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<TransitionResult>(id, args ?? { ids: selectedOrderIds(ctx) })
      rt.toast('success', done, { count: r.changed.length, orderNo: r.changed.map((c) => c.orderNo).join(', ') })
      return r
    },
  })
}

/** The order screen's labels: refusals of create/edit name their fields (and a line's) by these. */
const ORDER_FIELDS = 'inbound:order.fields'

export const inboundOrderCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateOrderArgs>({
    id: 'inbound.order.create', title: 'commands:inbound.order.create', section: 'document', permission: INBOUND_ORDER_PERMISSIONS.add,
    input: CreateOrderArgs, output: CreatedOrder, server: true, keywords: ['RK', 'inbound', 'purchase', 'new'], fieldLabel: screenFieldLabels(CreateOrderArgs, ORDER_FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(orderDialogPath.create()); return undefined }
      const r = await rt.callServer<CreatedOrder>('inbound.order.create', args)
      rt.toast('success', 'inbound:order.done.created', { orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand<EditOrderArgs>({
    id: 'inbound.order.edit', title: 'commands:inbound.order.edit', section: 'document', permission: INBOUND_ORDER_PERMISSIONS.edit,
    input: EditOrderArgs, output: CreatedOrder, server: true, keywords: ['RK', 'inbound'], when: onOrderScreens, fieldLabel: screenFieldLabels(EditOrderArgs, ORDER_FIELDS),
    enabled: editable,
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(orderDialogPath.edit(selectedOrderIds(ctx)[0]!)); return undefined }
      const r = await rt.callServer<CreatedOrder>('inbound.order.edit', args)
      rt.toast('success', 'inbound:order.done.saved', { orderNo: r.orderNo })
      return r
    },
  }),
  transition('inbound.order.submit', INBOUND_ORDER_PERMISSIONS.submit, 'inbound:order.done.submitted'),
  transition('inbound.order.issue', INBOUND_ORDER_PERMISSIONS.issue, 'inbound:order.done.issued'),
  transition('inbound.order.abolish', INBOUND_ORDER_PERMISSIONS.abolish, 'inbound:order.done.abolished', { confirm: 'inbound:order.confirm.abolish' }),
  // Also at the receiving station (Alt+S, palette): "close with a shortage" of the order open there.
  transition('inbound.order.finish', INBOUND_ORDER_PERMISSIONS.finish, 'inbound:order.done.finished', {
    confirm: 'inbound:order.confirm.finish', when: (ctx) => onOrderScreens(ctx) || onHarvest(ctx),
  }),
  defineCommand<OrderStatusArgs>({
    id: 'inbound.order.status', title: 'commands:inbound.order.status', section: 'status', permission: INBOUND_ORDER_PERMISSIONS.status,
    input: OrderStatusArgs, output: BulkStatusResult, server: true, keywords: ['RK', 'inbound', 'bulk'], when: onOrderScreens, enabled: needsSelection,
    // The bulk status dialog previews every order and its button names how many change: it is the question.
    bulk: { ...bulkOrders(1), dialog: true },
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(orderDialogPath.status(selectedOrderIds(ctx))); return undefined }
      const r = await rt.callServer<BulkStatusResult>('inbound.order.status', args)
      // The result names the move ("3 inbound orders set to Issued: RK…") and, when any were, how many were refused.
      const done = 'inbound:order.done.bulk'
      rt.toast('success', r.refused.length ? 'counts:withRefused' : done, { done, count: r.changed.length, status: args.status, orderNo: r.changed.map((c) => c.orderNo).join(', '), refused: r.refused.length })
      return r
    },
  }),
  defineCommand<ImportOrdersArgs>({
    id: 'inbound.order.import', title: 'commands:inbound.order.import', section: 'document', permission: INBOUND_ORDER_PERMISSIONS.import,
    input: ImportOrdersArgs, output: ImportOrdersResult, server: true, keywords: ['RK', 'inbound', 'excel', 'xlsx'],
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(orderDialogPath.import()); return undefined }
      return rt.callServer<{ created: number; orderNos: string[] }>('inbound.order.import', args)
    },
  }),
  defineCommand({
    id: 'inbound.order.export', title: 'commands:inbound.order.export', section: 'grid', permission: INBOUND_ORDER_PERMISSIONS.export,
    when: (ctx) => ctx.route.split(/[?#]/)[0] === INBOUND_ORDER_PATH, run: (_ctx, rt) => rt.effect('grid.export'),
  }),
]
