// Sales (ToC retail) outbound orders (stock-out → ToC → sales-outbound, issue 12): intake — the form,
// an Excel sheet (dry run first) and the order feed a marketplace connector pushes — and the order's
// status machine (src/domain/states/outbound-order.ts) as commands: validate (allocates stock on the
// ledger), void, abnormal lock / unlock, stop ("intercept"), terminate, refresh inventory lock,
// shipping method, merge; each one by one or over the grid's selection, all or nothing; the bulk
// status dialog previews what changes and what is refused. Handlers: src/server/areas/outbound/orders.ts
// (one transaction each). The argument schemas live here so the browser and the server parse alike.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { OrderType, PLATFORM_CODES } from '../src/domain/dictionaries'
import { enabledOver } from '../src/domain/states/machine'
import { MERGE_MAX, MERGE_MIN, mergeVerdict, outboundOrderMachine } from '../src/domain/states/outbound-order'
import { dateOnlySchema, screenFieldLabels } from '../src/domain/validation'
import { TOB_HEADER_SHAPE } from '../src/domain/tob'

export const OUTBOUND_ORDER_PATH = '/stock-out/ToC/sales-outbound'
export const OUTBOUND_ORDER_DETAILS_PATH = '/stock-out/ToC/sales-outbound/details'
export const outboundOrderDetailsPath = (orderNo: string) => `${OUTBOUND_ORDER_DETAILS_PATH}?orderNo=${encodeURIComponent(orderNo)}`

/** Permission codes: buttons of the toc-sales-outbound screen (src/domain/menu/catalog.ts). */
export const OUTBOUND_ORDER_PERMISSIONS = {
  view: 'menu:toc-sales-outbound',
  add: 'toc-sales-outbound:add',
  validate: 'toc-sales-outbound:validate',
  void: 'toc-sales-outbound:void',
  lock: 'toc-sales-outbound:lock',
  unlock: 'toc-sales-outbound:unlock',
  stop: 'toc-sales-outbound:stop',
  terminate: 'toc-sales-outbound:terminate',
  merge: 'toc-sales-outbound:merge',
  refreshLock: 'toc-sales-outbound:refresh-lock',
  shippingMethod: 'toc-sales-outbound:shipping-method',
  import: 'toc-sales-outbound:import',
  export: 'toc-sales-outbound:export',
  status: 'toc-sales-outbound:status',
  split: 'toc-sales-outbound:split',
  switchWarehouse: 'toc-sales-outbound:switch-warehouse',
} as const

/** Platforms an order comes from: the spec's marketplaces and the seller's own shops. */
export const ORDER_PLATFORMS = [...PLATFORM_CODES, 'OWN'] as const
export type OrderPlatform = (typeof ORDER_PLATFORMS)[number]

export const MAX_OUTBOUND_LINES = 200
/** Most orders one command over a selection takes (merge: MERGE_MAX). */
export const MAX_BULK_OUTBOUND = 200
/** Most sheet rows one import takes (one transaction). */
export const MAX_OUTBOUND_IMPORT_LINES = 5000
/** Most orders one feed push carries. */
export const MAX_FEED_ORDERS = 200

const optText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null))
const code = (max: number) => z.string().trim().min(1, 'errors:field.required').max(max).transform((s) => s.toUpperCase())

export const OutboundLineInput = z.strictObject({
  /** SKU code, or a UPC / FNSKU of one of its platform SKUs (MSKU): resolved to the SKU. */
  code: code(80),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(100_000),
})
export type OutboundLineInput = z.input<typeof OutboundLineInput>

export const OutboundHeaderInput = z.strictObject({
  platform: z.enum(ORDER_PLATFORMS),
  /** The platform's order number (the feed's idempotency key with the platform). */
  sourceNo: optText(64),
  orderType: z.number().int().refine((v) => v === OrderType.TOC || v === OrderType.TOB, 'errors:field.invalidValue').default(OrderType.TOC),
  siteId: z.number().int().positive().nullish(),
  shopId: z.number().int().positive().nullish(),
  shippingMethod: optText(40),
  carrierId: z.number().int().positive().nullish(),
  consigneeName: z.string().trim().min(1, 'errors:field.required').max(100),
  consigneePhone: optText(40),
  address: z.string().trim().min(1, 'errors:field.required').max(300),
  country: z.string().trim().min(1, 'errors:field.required').max(60),
  state: optText(60),
  city: optText(60),
  postcode: optText(20),
  expectedDeliveryAt: dateOnlySchema.nullish(),
  associationNo: optText(64),
  remark: optText(500),
  // Issue 21 part J: the ToB order's fields (src/domain/tob.ts; refused on a ToC order).
  ...TOB_HEADER_SHAPE,
})

export const CreateOutboundArgs = OutboundHeaderInput.extend({
  lines: z.array(OutboundLineInput).min(1, 'outbound:order.errors.noLines').max(MAX_OUTBOUND_LINES),
})
export type CreateOutboundArgs = z.input<typeof CreateOutboundArgs>

/** The feed: orders a marketplace connector pushes; each needs its platform order number. */
export const FeedOrderInput = CreateOutboundArgs.extend({ sourceNo: z.string().trim().min(1, 'errors:field.required').max(64) })
export const FeedArgs = z.strictObject({ orders: z.array(FeedOrderInput).min(1).max(MAX_FEED_ORDERS) })
export type FeedArgs = z.input<typeof FeedArgs>
/** The feed's answer: the orders it created, and those pushed before (their platform number already an order: nothing changed). */
export const FeedResult = z.object({
  created: z.array(z.object({ sourceNo: z.string(), orderNo: z.string() })),
  existing: z.array(z.object({ sourceNo: z.string(), orderNo: z.string() })),
})
export type FeedResult = z.infer<typeof FeedResult>

export const OutboundIdsArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_BULK_OUTBOUND),
})
export type OutboundIdsArgs = z.infer<typeof OutboundIdsArgs>

/** Lock, stop and terminate name their grounds (spec section 5: "grounds for termination" required). */
export const OutboundReasonArgs = OutboundIdsArgs.extend({ reason: z.string().trim().min(1, 'errors:field.required').max(300) })
export type OutboundReasonArgs = z.infer<typeof OutboundReasonArgs>

export const MergeArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(MERGE_MIN, 'outbound:merge.errors.tooFewIds').max(MERGE_MAX, 'outbound:merge.errors.tooManyIds'),
})
export type MergeArgs = z.infer<typeof MergeArgs>

export const ShippingMethodArgs = OutboundIdsArgs.extend({
  shippingMethod: z.string().trim().min(1, 'errors:field.required').max(40),
  carrierId: z.number().int().positive().nullish(),
})
export type ShippingMethodArgs = z.infer<typeof ShippingMethodArgs>

/** Switch the warehouse of orders (within the tenant, to a warehouse the operator works in). */
export const SwitchWarehouseArgs = OutboundIdsArgs.extend({ warehouseId: z.number().int().positive() })
export type SwitchWarehouseArgs = z.infer<typeof SwitchWarehouseArgs>
/** The answer of outbound.order.switchWarehouse: each order's number here and there, its status there. */
export const SwitchResult = z.object({
  moved: z.array(z.object({ id: z.number().int(), from: z.string(), to: z.string(), status: z.number().int() })),
  warehouseId: z.number().int(),
})
export type SwitchResult = z.infer<typeof SwitchResult>

/** The moves an operator may choose in the bulk status dialog: each is one of the commands below. */
export const BULK_OUTBOUND_ACTIONS = ['validate', 'void', 'lock', 'unlock', 'stop', 'terminate', 'refreshLock'] as const
export type BulkOutboundAction = (typeof BULK_OUTBOUND_ACTIONS)[number]
export const OutboundStatusArgs = OutboundIdsArgs.extend({
  action: z.enum(BULK_OUTBOUND_ACTIONS),
  reason: optText(300),
})
export type OutboundStatusArgs = z.infer<typeof OutboundStatusArgs>

/** One line of an import sheet after the dry run (row = sheet row; rows with one ref make one order). */
export const ImportOutboundRow = OutboundHeaderInput.extend({
  row: z.number().int().min(2),
  ref: z.string().trim().min(1).max(64),
  code: z.string().trim().min(1).max(80),
  qty: z.number().int().min(1).max(100_000),
})
export type ImportOutboundRow = z.infer<typeof ImportOutboundRow>
export const ImportOutboundArgs = z.strictObject({ rows: z.array(ImportOutboundRow).min(1).max(MAX_OUTBOUND_IMPORT_LINES) })
export type ImportOutboundArgs = z.infer<typeof ImportOutboundArgs>

/** Server answers. */
export const CreatedOutbound = z.object({ id: z.number().int(), orderNo: z.string(), expectedQty: z.number().int(), lines: z.number().int() })
export type CreatedOutbound = z.infer<typeof CreatedOutbound>
/** reason 'stock': no free stock; 'quota': the shop's stock allot quota is used up (quota: its size, quotaShort: the part it holds back). */
export const LineShortage = z.object({
  lineNo: z.number().int(), skuCode: z.string(), qty: z.number().int(), allocated: z.number().int(), short: z.number().int(),
  reason: z.enum(['stock', 'quota']).optional(), quota: z.number().int().optional(), quotaShort: z.number().int().optional(),
})
export type LineShortage = z.infer<typeof LineShortage>
/** One order a status move changed: from and to (src/domain/states/outbound-order.ts), what an allocation reserved or fell short of, what a release gave back. */
export const OutboundChange = z.object({
  id: z.number().int(), orderNo: z.string(), from: z.number().int(), to: z.number().int(),
  allocatedQty: z.number().int().optional(), expectedQty: z.number().int().optional(), released: z.number().int().optional(),
  shortages: z.array(LineShortage).optional(), returnTaskNo: z.string().nullable().optional(),
})
export type OutboundChange = z.infer<typeof OutboundChange>
export const OutboundTransitionResult = z.object({ changed: z.array(OutboundChange) })
export type OutboundTransitionResult = z.infer<typeof OutboundTransitionResult>
/** The answer of outbound.order.merge: the new order and the numbers of the orders merged into it. */
export const MergeResult = z.object({ orderNo: z.string(), id: z.number().int(), mergedFrom: z.array(z.string()), expectedQty: z.number().int() })
export type MergeResult = z.infer<typeof MergeResult>
/** Split by the order splitting rule: the order keeps the first part, each other part is a new order. */
export const SplitResult = z.object({
  orderNo: z.string(), rule: z.string(), splitBy: z.string(),
  parts: z.array(z.object({ orderNo: z.string(), expectedQty: z.number().int(), lines: z.number().int() })),
})
export type SplitResult = z.infer<typeof SplitResult>
/** The answer of outbound.order.split: per order split, its parts (the first keeps the order's number). */
export const SplitAnswer = z.object({ split: z.array(SplitResult) })
export const OutboundVerdict = z.object({
  id: z.number().int(), orderNo: z.string().nullable(), from: z.number().int().nullable(), change: z.boolean(),
  reason: z.string().nullable(), message: z.string().nullable(),
})
export type OutboundVerdict = z.infer<typeof OutboundVerdict>
/** The answer of outbound.order.status: the orders moved, and each refused one with the reason's key (message null: the caller translates). */
export const OutboundBulkResult = OutboundTransitionResult.extend({ refused: z.array(OutboundVerdict) })
export type OutboundBulkResult = z.infer<typeof OutboundBulkResult>
/** The answer of outbound.order.import: the orders created from the sheet. */
export const ImportOutboundResult = z.object({ created: z.number().int(), orderNos: z.array(z.string()) })
export type ImportOutboundResult = z.infer<typeof ImportOutboundResult>

/** Endpoints (src/server/areas/outbound/orders.ts). */
export const OUTBOUND_ORDER_API = {
  list: '/api/outbound/orders',
  export: '/api/outbound/orders/export',
  detail: (orderNo: string) => `/api/outbound/orders/by-no/${encodeURIComponent(orderNo)}`,
  detailById: (id: number) => `/api/outbound/orders/by-id/${id}`,
  statusPreview: '/api/outbound/orders/status-preview',
  template: '/api/outbound/orders/import/template',
  dryRun: '/api/outbound/orders/import/dry-run',
  options: '/api/outbound/orders/options',
  /** GET ?code=&line=: the SKU a line's code names (the order form checks each code on Enter). */
  resolve: '/api/outbound/orders/resolve',
} as const

/** The command id of each bulk action. */
export const bulkActionCommand = (a: BulkOutboundAction) => `outbound.order.${a}`

// ---------------------------------------------------------------------------------------------
// Targets: the grid's selected rows, else the order open on the details page.

/** The ToB order screens (commands/tob-orders.ts TOB_SALES_PREFIX) act on the same orders with the same commands. */
const TOB_SALES_SCREENS = '/stock-out/ToB/sales-outbound'
const onListOrDetails = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(OUTBOUND_ORDER_PATH) || ctx.route.startsWith(TOB_SALES_SCREENS)

export function selectedOutboundIds(ctx: CommandContext): number[] {
  const ids = ctx.selection.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)
  if (ids.length === 0 && ctx.document && typeof ctx.documentId === 'number') return [ctx.documentId]
  return ids
}

function targets(ctx: CommandContext): readonly Readonly<Record<string, unknown>>[] {
  const ids = selectedOutboundIds(ctx)
  const known = [...ctx.selection, ...(ctx.document ? [ctx.document] : [])]
  return ids.map((id) => known.find((r) => Number(r.id) === id) ?? { id })
}

const needsSelection = (ctx: CommandContext): EnabledResult => (selectedOutboundIds(ctx).length ? true : 'common:validation.selectAtLeastOne')

/** The order machine's verdict over every target (a selection moves all or nothing). */
const byMachine = (id: string) => (ctx: CommandContext): EnabledResult => {
  const ok = needsSelection(ctx)
  return ok === true ? enabledOver(outboundOrderMachine, id, targets(ctx), ctx) : ok
}

/**
 * The list page's dialogs are addressed by URL (the page renders them), so a command opens them from
 * anywhere: ?form=new · ?status=<ids> · ?import=1 · ?reason=<command>&ids=<ids> · ?shipping=<ids>.
 */
export const outboundDialogPath = {
  create: () => `${OUTBOUND_ORDER_PATH}?form=new`,
  status: (ids: readonly number[]) => `${OUTBOUND_ORDER_PATH}?status=${ids.join(',')}`,
  import: () => `${OUTBOUND_ORDER_PATH}?import=1`,
  shipping: (ids: readonly number[]) => `${OUTBOUND_ORDER_PATH}?shipping=${ids.join(',')}`,
}

const KEYWORDS = ['CK', 'HB', 'outbound', 'sales', 'order']

/** The confirmation of a run over several orders names how many (issue 18 §3); `askFrom` 2: one order moves without a question. */
const ORDERS = 'palette:bulk.count.outboundOrder'
const bulkOrders = (askFrom = 1) => ({ noun: ORDERS, targets: (ctx: CommandContext) => selectedOutboundIds(ctx).length, askFrom })

/**
 * A move of the machine over the targets; `reason` commands ask for the grounds first. Every run over
 * several orders asks once, naming how many; moves that cannot be undone (`confirm`) ask even for one.
 */
function transition(id: string, permission: string, done: string, opts: { confirm?: string; reason?: string; shortcut?: string } = {}): CommandDef<any> {
  return defineCommand<OutboundIdsArgs | OutboundReasonArgs>({
    id, title: `commands:${id}`, section: 'status', permission, input: opts.reason ? OutboundReasonArgs : OutboundIdsArgs, output: OutboundTransitionResult, server: true,
    keywords: KEYWORDS, confirm: opts.confirm, bulk: bulkOrders(opts.confirm ? 1 : 2), when: onListOrDetails, enabled: byMachine(id),
    fieldLabel: (f) => (f === 'reason' ? 'outbound:order.fields.reason' : undefined),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const ids = selectedOutboundIds(ctx)
        if (opts.reason) {
          const reason = await rt.prompt?.<string>('text', { title: opts.reason })
          if (reason === undefined) return undefined
          a = { ids, reason }
        } else a = { ids }
      }
      const r = await rt.callServer<OutboundTransitionResult>(id, a)
      rt.toast('success', done, { count: r.changed.length, orderNo: r.changed.map((c) => c.orderNo).join(', ') })
      // A line held back by its shop's stock allot quota says so (a stock shortage is the usual waiting).
      const held = r.changed.flatMap((c) => (c.shortages ?? []).filter((s) => s.reason === 'quota').map((s) => ({ ...s, orderNo: c.orderNo })))
      if (held.length) rt.toast('info', 'outbound:order.done.quotaShort', held[0]!)
      return r
    },
  })
}

const ORDER_FIELDS = 'outbound:order.fields'
const P = OUTBOUND_ORDER_PERMISSIONS
/** What a bulk status run did, per action: the same words as the action run on its own. */
const BULK_DONE: Record<BulkOutboundAction, string> = {
  validate: 'outbound:order.done.validated', void: 'outbound:order.done.voided', lock: 'outbound:order.done.locked', unlock: 'outbound:order.done.unlocked',
  stop: 'outbound:order.done.stopped', terminate: 'outbound:order.done.terminated', refreshLock: 'outbound:order.done.refreshed',
}

export const outboundOrderCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateOutboundArgs>({
    id: 'outbound.order.create', title: 'commands:outbound.order.create', section: 'document', permission: P.add,
    input: CreateOutboundArgs, output: CreatedOutbound, server: true, keywords: [...KEYWORDS, 'new'], fieldLabel: screenFieldLabels(CreateOutboundArgs, ORDER_FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(outboundDialogPath.create()); return undefined }
      const r = await rt.callServer<CreatedOutbound>('outbound.order.create', args)
      rt.toast('success', 'outbound:order.done.created', { orderNo: r.orderNo })
      return r
    },
  }),
  transition('outbound.order.validate', P.validate, 'outbound:order.done.validated'),
  transition('outbound.order.void', P.void, 'outbound:order.done.voided', { confirm: 'outbound:order.confirm.void' }),
  transition('outbound.order.lock', P.lock, 'outbound:order.done.locked', { reason: 'outbound:order.prompt.lockReason' }),
  transition('outbound.order.unlock', P.unlock, 'outbound:order.done.unlocked'),
  transition('outbound.order.stop', P.stop, 'outbound:order.done.stopped', { reason: 'outbound:order.prompt.stopReason' }),
  transition('outbound.order.terminate', P.terminate, 'outbound:order.done.terminated', { reason: 'outbound:order.prompt.terminateReason', confirm: 'outbound:order.confirm.terminate' }),
  transition('outbound.order.refreshLock', P.refreshLock, 'outbound:order.done.refreshed'),
  defineCommand<OutboundIdsArgs>({
    id: 'outbound.order.split', title: 'commands:outbound.order.split', section: 'document', permission: P.split, input: OutboundIdsArgs, output: SplitAnswer, server: true,
    keywords: [...KEYWORDS, 'split'], when: onListOrDetails, enabled: byMachine('outbound.order.split'), confirm: 'outbound:order.confirm.split', bulk: bulkOrders(),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<z.infer<typeof SplitAnswer>>('outbound.order.split', args ?? { ids: selectedOutboundIds(ctx) })
      rt.toast('success', 'outbound:order.done.split', { count: r.split.reduce((n, x) => n + x.parts.length - 1, 0), orderNo: r.split.map((x) => x.parts.map((p) => p.orderNo).join(' + ')).join(', ') })
      return r
    },
  }),
  defineCommand<ShippingMethodArgs>({
    id: 'outbound.order.shippingMethod', title: 'commands:outbound.order.shippingMethod', section: 'document', permission: P.shippingMethod,
    input: ShippingMethodArgs, output: OutboundTransitionResult, server: true, keywords: [...KEYWORDS, 'carrier'], when: onListOrDetails, enabled: byMachine('outbound.order.shippingMethod'),
    bulk: { ...bulkOrders(2), dialog: true },
    fieldLabel: screenFieldLabels(ShippingMethodArgs, ORDER_FIELDS),
    run: async (ctx, rt, args) => {
      if (args === undefined) {
        const ids = selectedOutboundIds(ctx)
        // On a ToB screen the ToB list shows the same dialog (the operator stays among the ToB orders).
        rt.navigate(ctx.route.startsWith(TOB_SALES_SCREENS) ? `${TOB_SALES_SCREENS}/all-added-outbound?shipping=${ids.join(',')}` : outboundDialogPath.shipping(ids))
        return undefined
      }
      const r = await rt.callServer<OutboundTransitionResult>('outbound.order.shippingMethod', args)
      rt.toast('success', 'outbound:order.done.shippingMethod', { count: r.changed.length })
      return r
    },
  }),
  defineCommand<SwitchWarehouseArgs>({
    id: 'outbound.order.switchWarehouse', title: 'commands:outbound.order.switchWarehouse', section: 'document', permission: P.switchWarehouse,
    input: SwitchWarehouseArgs, output: SwitchResult, server: true, keywords: [...KEYWORDS, 'warehouse'], when: onListOrDetails, enabled: byMachine('outbound.order.switchWarehouse'),
    bulk: bulkOrders(2),
    fieldLabel: screenFieldLabels(SwitchWarehouseArgs, ORDER_FIELDS),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const pair = await rt.prompt?.<{ warehouseId: number; tenantId: number }>('warehouse')
        if (!pair) return undefined
        a = { ids: selectedOutboundIds(ctx), warehouseId: pair.warehouseId }
      }
      const r = await rt.callServer<SwitchResult>('outbound.order.switchWarehouse', a)
      rt.toast('success', 'outbound:order.done.switched', { count: r.moved.length, orderNo: r.moved.map((m) => `${m.from} → ${m.to}`).join(', ') })
      return r
    },
  }),
  defineCommand<MergeArgs>({
    id: 'outbound.order.merge', title: 'commands:outbound.order.merge', section: 'document', permission: P.merge,
    input: MergeArgs, output: MergeResult, server: true, keywords: [...KEYWORDS, 'merge'], shortcut: '$mod+Shift+m', scope: 'grid', when: onListOrDetails,
    enabled: (ctx) => {
      const ids = selectedOutboundIds(ctx)
      if (ids.length < MERGE_MIN) return { key: 'outbound:merge.errors.tooFew', params: { min: MERGE_MIN, count: ids.length } }
      if (ids.length > MERGE_MAX) return { key: 'outbound:merge.errors.tooMany', params: { max: MERGE_MAX, count: ids.length } }
      for (const row of targets(ctx)) {
        const facts = outboundOrderMachine.facts(row)
        const v = facts ? mergeVerdict(facts) : true
        if (v !== true) return v
      }
      return true
    },
    confirm: 'outbound:order.confirm.merge', bulk: bulkOrders(),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<MergeResult>('outbound.order.merge', args ?? { ids: selectedOutboundIds(ctx) })
      rt.toast('success', 'outbound:order.done.merged', { orderNo: r.orderNo, count: r.mergedFrom.length })
      return r
    },
  }),
  defineCommand<OutboundStatusArgs>({
    id: 'outbound.order.status', title: 'commands:outbound.order.status', section: 'status', permission: P.status,
    input: OutboundStatusArgs, output: OutboundBulkResult, server: true, keywords: [...KEYWORDS, 'bulk'], when: onListOrDetails, enabled: needsSelection,
    // The bulk status dialog previews every order and its button names how many change: it is the question.
    bulk: { ...bulkOrders(), dialog: true },
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(outboundDialogPath.status(selectedOutboundIds(ctx))); return undefined }
      const r = await rt.callServer<OutboundBulkResult>('outbound.order.status', args)
      // The result names the action ("3 orders validated: CK…") and, when any were, how many were refused.
      const done = BULK_DONE[args.action]
      rt.toast('success', r.refused.length ? 'counts:withRefused' : done, { done, count: r.changed.length, orderNo: r.changed.map((c) => c.orderNo).join(', '), refused: r.refused.length })
      return r
    },
  }),
  defineCommand<ImportOutboundArgs>({
    id: 'outbound.order.import', title: 'commands:outbound.order.import', section: 'document', permission: P.import,
    input: ImportOutboundArgs, output: ImportOutboundResult, server: true, keywords: [...KEYWORDS, 'excel', 'xlsx'],
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(outboundDialogPath.import()); return undefined }
      return rt.callServer<ImportOutboundResult>('outbound.order.import', args)
    },
  }),
  // The order feed a marketplace connector pushes (POST /api/commands/outbound.order.feed with an
  // Idempotency-Key): idempotent per platform order number — a repeated push changes nothing and
  // answers the existing order. Not an operator's action: never shown in the palette.
  defineCommand<FeedArgs>({
    id: 'outbound.order.feed', title: 'commands:outbound.order.feed', section: 'document', permission: P.add,
    input: FeedArgs, output: FeedResult, server: true, when: () => false, fieldLabel: screenFieldLabels(FeedArgs, ORDER_FIELDS),
  }),
  defineCommand({
    id: 'outbound.order.export', title: 'commands:outbound.order.export', section: 'grid', permission: P.export,
    when: (ctx) => ctx.route.split(/[?#]/)[0] === OUTBOUND_ORDER_PATH, run: (_ctx, rt) => rt.effect('grid.export'),
  }),
]
