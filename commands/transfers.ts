// Transfer orders between the company's warehouses (issue 21 "Transfer orders (stock-out-allot)", part L).
// A transfer order (DB…) is made in the SENDING warehouse: to another warehouse of the same company
// (tenant), lines SKU + quantity — each not above the sending warehouse's available stock ("transfer count
// not above maximum", spec §5). Its construction stages (spec §4) move by one command each:
// confirm (reserve on the ledger) → assign picking (the goods to the picked location, a packing task packs
// them into boxes) → ship (the one shipment: every closed box out through shipCartons; the receiving
// warehouse gets an inbound order of type Transfer with the boxes and quantities shipped) → complete (that
// inbound order received) → audit. Void/cancel only while pending collection, many at once with one
// confirmation naming how many. Batch add: many orders from pasted sheet rows with a dry run naming every
// bad row. Machine: src/domain/states/transfer-order.ts; handlers: src/server/areas/transfers.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { enabledOver, targetsOf } from '../src/domain/states/machine'
import { transferOrderMachine } from '../src/domain/states/transfer-order'
import { dateOnlySchema, screenFieldLabels } from '../src/domain/validation'

export const TRANSFER_LIST_PATH = '/stock-out-allot/list'
export const TRANSFER_ADD_PATH = '/stock-out-allot/allot-add'
export const TRANSFER_DETAIL_PATH = '/stock-out-allot/allot-detail'
export const TRANSFER_BATCH_PATH = '/stock-out-allot/allot-batch-add'
export const transferDetailPath = (no: string) => `${TRANSFER_DETAIL_PATH}?no=${encodeURIComponent(no)}`

/** Permission codes: the stock-out-allot-list screen's buttons (src/domain/menu/catalog.ts 9101–9103, 9110–9115). */
export const TRANSFER_PERMISSIONS = {
  view: 'menu:stock-out-allot-list',
  add: 'stock-out-allot-list:add',
  batchAdd: 'stock-out-allot-list:batch-add',
  confirm: 'stock-out-allot-list:confirm',
  assignPicking: 'stock-out-allot-list:assign',
  ship: 'stock-out-allot-list:ship',
  cancel: 'stock-out-allot-list:void',
  complete: 'stock-out-allot-list:complete',
  audit: 'stock-out-allot-list:approve',
} as const

/** Most lines one transfer order takes; most rows one batch add takes; most orders one batch void takes (spec §9 "max 50 rows for selection"). */
export const MAX_TRANSFER_LINES = 500
export const MAX_BATCH_ROWS = 2000
export const MAX_CANCEL = 50

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const qty = z.number({ error: 'errors:field.required' }).int('errors:field.invalidType').min(1, 'errors:field.tooSmall').max(1_000_000, 'errors:field.tooBig')
const optText = (max: number) => z.string().trim().max(max, 'errors:field.tooLong').nullish().transform((v) => (v ? v : null))
const batch = z.string().trim().max(60).nullish().transform((v) => v ?? '')

export const TransferLineInput = z.strictObject({
  /** SKU code, UPC or FNSKU. */
  code,
  batchNo: batch,
  qty,
})
export const CreateTransferArgs = z.strictObject({
  toWarehouseId: z.number({ error: 'errors:field.required' }).int('errors:field.invalidType').positive('errors:field.required'),
  expectedArrival: dateOnlySchema.nullish(),
  boxMark: optText(100),
  remark: optText(500),
  lines: z.array(TransferLineInput).min(1, 'transfers:errors.noLines').max(MAX_TRANSFER_LINES, 'errors:field.tooBig'),
})
export type CreateTransferArgs = z.input<typeof CreateTransferArgs>

/** One pasted sheet row: rows sharing `ref` make one order. */
export const BatchTransferRow = z.strictObject({
  ref: z.string().trim().min(1, 'errors:field.required').max(40),
  toWarehouseCode: code,
  code,
  batchNo: batch,
  qty,
  remark: optText(500),
})
export const BatchTransferArgs = z.strictObject({
  /** true: check every row and write nothing. */
  dryRun: z.boolean().default(false),
  rows: z.array(BatchTransferRow).min(1, 'transfers:errors.noLines').max(MAX_BATCH_ROWS, 'errors:field.tooBig'),
})
export type BatchTransferArgs = z.input<typeof BatchTransferArgs>

export const TransferNoArgs = z.strictObject({ transferNo: docNo })
export type TransferNoArgs = z.input<typeof TransferNoArgs>
export const CancelTransfersArgs = z.strictObject({
  transferNos: z.array(docNo).min(1, 'common:validation.selectAtLeastOne').max(MAX_CANCEL, 'transfers:errors.tooMany'),
})
export type CancelTransfersArgs = z.input<typeof CancelTransfersArgs>

/** Answers. */
export const TransferMade = z.object({ id: z.number().int(), transferNo: z.string(), status: z.number().int(), lines: z.number().int(), qty: z.number().int() })
export type TransferMade = z.infer<typeof TransferMade>
export const BatchIssue = z.object({ row: z.number().int(), field: z.string(), messageKey: z.string(), params: z.record(z.string(), z.unknown()) })
export const BatchResult = z.object({
  dryRun: z.boolean(), rows: z.number().int(), orders: z.number().int(),
  issues: z.array(BatchIssue),
  created: z.array(z.object({ ref: z.string(), transferNo: z.string(), qty: z.number().int() })),
})
export type BatchResult = z.infer<typeof BatchResult>
export const TransferMoved = z.object({ transferNo: z.string(), status: z.number().int() })
export const TransferConfirmed = TransferMoved.extend({ reserved: z.number().int() })
export const PickingAssigned = TransferMoved.extend({ packingTaskNo: z.string(), qty: z.number().int() })
export const TransferShipped = TransferMoved.extend({
  shippedQty: z.number().int(), shippedBoxes: z.number().int(), releasedQty: z.number().int(),
  inboundOrderNo: z.string(), inboundStatus: z.number().int(),
})
export type TransferShipped = z.infer<typeof TransferShipped>
export const TransfersCancelled = z.object({ cancelled: z.array(z.object({ transferNo: z.string(), released: z.number().int() })) })

export const TRANSFER_API = {
  orders: '/api/transfers/orders',
  order: (no: string) => `/api/transfers/orders/by-no/${encodeURIComponent(no)}`,
  inTransit: '/api/transfers/in-transit',
  warehouses: '/api/transfers/warehouses',
} as const

const P = TRANSFER_PERMISSIONS
const KEYWORDS = ['DB', 'transfer', 'allot', 'stock-out-allot']
const onTransfers = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith('/stock-out-allot')
const FIELDS = screenFieldLabels(CreateTransferArgs, 'transfers:fields')

/** The selected rows (else the open document) carrying a transfer number. */
const transferRows = (ctx: CommandContext) => targetsOf(ctx).filter((r) => typeof r.transferNo === 'string')
const theNo = (ctx: CommandContext): string => String(transferRows(ctx)[0]?.transferNo ?? '')
const byMachine = (id: string) => (ctx: CommandContext): EnabledResult => {
  const rows = transferRows(ctx)
  return rows.length ? enabledOver(transferOrderMachine, id, rows, ctx) : true
}

/** A stage command on one transfer order (the selected row, the open document, or a typed number). */
const stage = (id: string, permission: string, output: z.ZodType, done: string, extra: Partial<CommandDef<any>> = {}): CommandDef<any> => defineCommand<TransferNoArgs>({
  id, title: `commands:${id}`, section: 'status', permission, input: TransferNoArgs, output, server: true, keywords: KEYWORDS, when: onTransfers,
  enabled: (ctx) => (transferRows(ctx).length > 1 ? 'common:validation.selectExactlyOne' : byMachine(id)(ctx)),
  fieldLabel: () => 'transfers:fields.transferNo',
  run: async (ctx, rt, args) => {
    let a = args
    if (!a) {
      const own = theNo(ctx) || await rt.prompt?.<string>('text', { title: 'transfers:fields.transferNo' })
      if (!own) return undefined
      a = { transferNo: own }
    }
    const r = await rt.callServer<{ transferNo: string }>(id, a)
    rt.toast('success', done, { ...r })
    return r
  },
  ...extra,
})

export const transferCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateTransferArgs>({
    id: 'transfer.order.create', title: 'commands:transfer.order.create', section: 'document', permission: P.add, input: CreateTransferArgs, output: TransferMade,
    // From anywhere (without arguments it opens the form).
    bulk: false, server: true, keywords: [...KEYWORDS, 'new'], fieldLabel: FIELDS,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(TRANSFER_ADD_PATH); return undefined }
      const r = await rt.callServer<TransferMade>('transfer.order.create', args)
      rt.toast('success', 'transfers:done.created', { transferNo: r.transferNo })
      return r
    },
  }),
  defineCommand<BatchTransferArgs>({
    id: 'transfer.order.batchCreate', title: 'commands:transfer.order.batchCreate', section: 'document', permission: P.batchAdd, input: BatchTransferArgs, output: BatchResult,
    server: true, keywords: [...KEYWORDS, 'batch', 'import', 'excel'],
    fieldLabel: screenFieldLabels(BatchTransferArgs, 'transfers:fields'),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(TRANSFER_BATCH_PATH); return undefined }
      return rt.callServer<BatchResult>('transfer.order.batchCreate', args)
    },
  }),
  stage('transfer.order.confirm', P.confirm, TransferConfirmed, 'transfers:done.confirmed'),
  stage('transfer.order.assignPicking', P.assignPicking, PickingAssigned, 'transfers:done.pickingAssigned'),
  stage('transfer.order.ship', P.ship, TransferShipped, 'transfers:done.shipped', { confirm: 'transfers:confirm.ship' }),
  stage('transfer.order.complete', P.complete, TransferMoved, 'transfers:done.completed'),
  stage('transfer.order.audit', P.audit, TransferMoved, 'transfers:done.audited'),
  defineCommand<CancelTransfersArgs>({
    id: 'transfer.order.cancel', title: 'commands:transfer.order.cancel', section: 'status', permission: P.cancel, input: CancelTransfersArgs, output: TransfersCancelled,
    server: true, keywords: [...KEYWORDS, 'void', 'cancel'], when: onTransfers, selection: 'many',
    confirm: 'transfers:confirm.cancel',
    bulk: { noun: 'transfers:bulk.orders', targets: (ctx) => transferRows(ctx).length, askFrom: 1 },
    enabled: (ctx) => (transferRows(ctx).length > MAX_CANCEL ? 'transfers:errors.tooMany' : byMachine('transfer.order.cancel')(ctx)),
    fieldLabel: () => 'transfers:fields.transferNo',
    run: async (ctx, rt, args) => {
      const a = args ?? { transferNos: transferRows(ctx).map((r) => String(r.transferNo)) }
      if (!a.transferNos.length) return undefined
      const r = await rt.callServer<z.infer<typeof TransfersCancelled>>('transfer.order.cancel', a)
      rt.toast('success', 'transfers:done.cancelled', { count: r.cancelled.length })
      return r
    },
  }),
]
