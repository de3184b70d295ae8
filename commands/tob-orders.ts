// ToB orders on the outbound order (issue 21, part J): the commands a ToB order adds to the retail
// order's (commands/outbound-orders.ts — create, feed and import take the ToB fields there):
//   outbound.tob.update        edit the ToB fields of a ToB order before any wave (draft, in force, validated);
//   outbound.tob.assignPicking batch assign picking — ToB orders in force (spec section 4: "needs effective
//                              status and same expected container number"), fully allocated, no wave — make one
//                              wave with its picking tasks (whole: one task an order, bulk: one for the wave);
//   outbound.tob.splitMethod   choose the split method in draft or in force — never once the warehouse
//                              refreshed ("brushed") the order: "a warehouse-brushed order cannot choose a
//                              split method again".
// Handlers: src/server/areas/tob/index.ts (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { PickMode } from '../src/domain/dictionaries'
import { TOB_HEADER_SHAPE, TOB_SPLIT_METHODS } from '../src/domain/tob'
import { screenFieldLabels } from '../src/domain/validation'
import { OUTBOUND_ORDER_PATH, OutboundIdsArgs, selectedOutboundIds } from './outbound-orders'
import { FACE_SHEET_PRINTER_PROMPT } from './outbound-face-sheets'
import { LABELS_DOWNLOAD_PANEL } from './inbound-extra'

/** The ToB sales outbound screens (menu stock-out → ToB → sales-outbound): list, form, details, merge. */
export const TOB_SALES_PREFIX = '/stock-out/ToB/sales-outbound'
export const TOB_ORDER_PATH = `${TOB_SALES_PREFIX}/all-added-outbound`
export const TOB_FORM_PATH = `${TOB_SALES_PREFIX}/added-outoder`
export const TOB_DETAILS_PATH = `${TOB_SALES_PREFIX}/outoder-details`
export const TOB_MERGE_PATH = `${TOB_SALES_PREFIX}/merge-order`
export const TOB_TASKS_PATH = '/stock-out/ToB/picking-task'
/** The carton packing station (menu page tob-packing, part M): ?task=ZX… opens that packing task. */
export const PACKING_STATION_PATH = `${TOB_TASKS_PATH}/packing`
export const packingStationPath = (taskNo: string) => `${PACKING_STATION_PATH}?task=${encodeURIComponent(taskNo)}`
export const tobDetailsPath = (orderNo: string) => `${TOB_DETAILS_PATH}?orderNo=${encodeURIComponent(orderNo)}`
/** The ToB list's dialogs, addressed by URL (the list page renders them) so the commands open them from anywhere. */
export const tobDialogPath = {
  assign: (ids: readonly number[]) => `${TOB_ORDER_PATH}?assign=${ids.join(',')}`,
  splitMethod: (ids: readonly number[]) => `${TOB_ORDER_PATH}?splitMethod=${ids.join(',')}`,
  edit: (id: number) => `${TOB_ORDER_PATH}?edit=${id}`,
  import: () => `${TOB_ORDER_PATH}?import=1`,
}
/** Read routes of the ToB screens (src/server/areas/tob). */
export const TOB_UI_API = {
  list: '/api/outbound/tob/orders',
  tasks: '/api/outbound/tob/picking-tasks',
  /** The import's dry run on the ToB screen: a row without an order type is a ToB order. */
  importDryRun: '/api/outbound/tob/orders/import/dry-run',
  cartons: (orderNo: string) => `/api/outbound/tob/orders/by-no/${encodeURIComponent(orderNo)}/cartons`,
  /** The order's packing list (every box: i of n, code, contents, weight, dimensions) as a PDF. */
  packingList: (orderNo: string) => `/api/outbound/tob/orders/by-no/${encodeURIComponent(orderNo)}/packing-list.pdf`,
} as const

/** Permission codes: the ToB order screen's buttons (7260 edit, 7261 split-method: src/domain/menu/catalog.ts) and the ToB picking task screen's assign. */
export const TOB_PERMISSIONS = {
  view: 'menu:all-added-outbound',
  edit: 'all-added-outbound:edit',
  splitMethod: 'all-added-outbound:split-method',
  assignPicking: 'tob-picking-task:assign',
  add: 'all-added-outbound:add',
  export: 'all-added-outbound:export',
  /** Button 7280 (part M): the ToB order import. */
  import: 'all-added-outbound:import',
  taskView: 'menu:tob-picking-task',
  /** Button 7281 (part M): the order's box labels and packing list. */
  print: 'all-added-outbound:print',
} as const

/** Most orders one batch assign picking takes (a wave's size). */
export const MAX_TOB_ASSIGN = 200

export const TobUpdateArgs = z.strictObject({ id: z.number().int().positive(), ...TOB_HEADER_SHAPE })
export type TobUpdateArgs = z.input<typeof TobUpdateArgs>
export const TobUpdated = z.object({ id: z.number().int(), orderNo: z.string() })

export const TobAssignArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_TOB_ASSIGN),
  pickMode: z.number().int().refine((v) => v === PickMode.PickingBySeed || v === PickMode.OrdinaryPicking, 'errors:field.invalidValue').default(PickMode.OrdinaryPicking),
  taskMode: z.enum(['whole', 'bulk']).default('whole'),
})
export type TobAssignArgs = z.input<typeof TobAssignArgs>
export const TobAssigned = z.object({
  waveNo: z.string(), orders: z.number().int(), qty: z.number().int(), tasks: z.array(z.string()), expectedContainerNo: z.string().nullable(),
})
export type TobAssigned = z.infer<typeof TobAssigned>

export const TobSplitMethodArgs = OutboundIdsArgs.extend({ splitMethod: z.enum(TOB_SPLIT_METHODS) })
export type TobSplitMethodArgs = z.infer<typeof TobSplitMethodArgs>
export const TobSplitMethodResult = z.object({ changed: z.array(z.object({ id: z.number().int(), orderNo: z.string() })) })
export type TobSplitMethodResult = z.infer<typeof TobSplitMethodResult>

/** Box labels of an order's closed boxes (box mark, box i of n, contents) on the printer named, else print setup's box label printer. */
export const TobBoxLabelsArgs = z.strictObject({
  orderNo: z.string().trim().min(1, 'errors:field.required').max(40).transform((v) => v.toUpperCase()),
  printerId: z.number().int().positive().nullish(),
  /** Only these boxes (a reprint); all the order's closed boxes when absent. */
  boxCodes: z.array(z.string().trim().min(1).max(40).transform((v) => v.toUpperCase())).max(500).nullish(),
})
export type TobBoxLabelsArgs = z.input<typeof TobBoxLabelsArgs>
export const TobBoxLabelsPrinted = z.object({ orderNo: z.string(), printer: z.string(), format: z.string(), labels: z.number().int(), bytes: z.number().int(), jobId: z.number().int() })
export type TobBoxLabelsPrinted = z.infer<typeof TobBoxLabelsPrinted>

const KEYWORDS = ['ToB', 'B2B', 'outbound', 'container']
/** The order the box labels and packing list are for: the one open on the details page, else the one selected row. */
const theOrderNo = (ctx: CommandContext): string | undefined => {
  const doc = ctx.document as { orderNo?: unknown } | undefined
  if (typeof doc?.orderNo === 'string') return doc.orderNo
  const rows = ctx.selection as readonly { orderNo?: unknown }[]
  return rows.length === 1 && typeof rows[0]!.orderNo === 'string' ? rows[0]!.orderNo : undefined
}
const oneOrder = (ctx: CommandContext): EnabledResult => (theOrderNo(ctx) ? true : 'common:validation.selectOne')
const onOrders = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(TOB_SALES_PREFIX) || ctx.route.startsWith(OUTBOUND_ORDER_PATH)
const onTobList = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(TOB_SALES_PREFIX)
const needsSelection = (ctx: CommandContext): EnabledResult => (selectedOutboundIds(ctx).length ? true : 'common:validation.selectAtLeastOne')
const bulk = { noun: 'palette:bulk.count.outboundOrder', targets: (ctx: CommandContext) => selectedOutboundIds(ctx).length, askFrom: 2 }
/** A run without arguments opens its dialog (the dialog's run asks, naming how many). */
const bulkDialog = { ...bulk, askFrom: 1, dialog: true }

export const tobOrderCommands: readonly CommandDef<any>[] = [
  defineCommand<TobUpdateArgs>({
    id: 'outbound.tob.update', title: 'commands:outbound.tob.update', section: 'document', permission: TOB_PERMISSIONS.edit,
    input: TobUpdateArgs, output: TobUpdated, server: true, keywords: KEYWORDS, when: onOrders, enabled: needsSelection,
    fieldLabel: screenFieldLabels(TobUpdateArgs, 'tob:fields'),
    run: async (ctx, rt, args) => {
      if (args === undefined) {
        const [id] = selectedOutboundIds(ctx)
        if (id !== undefined) rt.navigate(tobDialogPath.edit(id))
        return undefined
      }
      const r = await rt.callServer<z.infer<typeof TobUpdated>>('outbound.tob.update', args)
      rt.toast('success', 'tob:done.updated', { orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand<TobAssignArgs>({
    id: 'outbound.tob.assignPicking', title: 'commands:outbound.tob.assignPicking', section: 'document', permission: TOB_PERMISSIONS.assignPicking,
    input: TobAssignArgs, output: TobAssigned, server: true, keywords: [...KEYWORDS, 'picking', 'wave'], when: onOrders, enabled: needsSelection,
    // The dialog's run asks, naming how many orders (a run without arguments only opens the dialog).
    bulk: bulkDialog,
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(tobDialogPath.assign(selectedOutboundIds(ctx))); return undefined }
      const r = await rt.callServer<TobAssigned>('outbound.tob.assignPicking', args)
      rt.toast('success', 'tob:done.assigned', { waveNo: r.waveNo, count: r.orders })
      return r
    },
  }),
  defineCommand<TobSplitMethodArgs>({
    id: 'outbound.tob.splitMethod', title: 'commands:outbound.tob.splitMethod', section: 'document', permission: TOB_PERMISSIONS.splitMethod,
    input: TobSplitMethodArgs, output: TobSplitMethodResult, server: true, keywords: [...KEYWORDS, 'split'], when: onOrders, enabled: needsSelection,
    bulk: bulkDialog, fieldLabel: screenFieldLabels(TobSplitMethodArgs, 'tob:fields'),
    run: async (ctx, rt, args) => {
      if (args === undefined) { rt.navigate(tobDialogPath.splitMethod(selectedOutboundIds(ctx))); return undefined }
      const r = await rt.callServer<TobSplitMethodResult>('outbound.tob.splitMethod', args)
      rt.toast('success', 'tob:done.splitMethod', { count: r.changed.length })
      return r
    },
  }),
  // The ToB screens' own entries (part M): a new ToB order opens the form page (added-outoder), which saves
  // through outbound.order.create; the import opens the retail import dialog on the ToB list (its sheet
  // takes the ToB columns) and saves through outbound.order.import.
  defineCommand({
    id: 'outbound.tob.create', title: 'commands:outbound.tob.create', section: 'document', permission: TOB_PERMISSIONS.add,
    keywords: [...KEYWORDS, 'new'], when: onTobList, run: (_ctx, rt) => { rt.navigate(TOB_FORM_PATH); return undefined },
  }),
  // Box labels through the label mechanism on a printer the operator chooses; the packing list as a PDF.
  defineCommand<TobBoxLabelsArgs>({
    id: 'outbound.tob.boxLabels', title: 'commands:outbound.tob.boxLabels', section: 'document', permission: TOB_PERMISSIONS.print,
    input: TobBoxLabelsArgs, output: TobBoxLabelsPrinted, server: true, keywords: [...KEYWORDS, 'box', 'label', 'print', 'ZPL', 'PDF'],
    // One order a run (its box codes are that order's boxes: a reprint, not many documents).
    selection: 'one', when: onTobList, enabled: oneOrder, fieldLabel: (f) => (f === 'printerId' ? 'outbound-label:fields.printerId' : `tob:fields.${f}`),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const orderNo = theOrderNo(ctx)
        if (!orderNo || !rt.prompt) return undefined
        const printerId = await rt.prompt<number>(FACE_SHEET_PRINTER_PROMPT)
        if (printerId === undefined) return undefined
        a = { orderNo, printerId }
      }
      const r = await rt.callServer<TobBoxLabelsPrinted>('outbound.tob.boxLabels', a)
      rt.toast('success', 'tob-ui:done.boxLabels', { count: r.labels, printer: r.printer, orderNo: r.orderNo })
      return r
    },
  }),
  defineCommand({
    id: 'outbound.tob.packingList', title: 'commands:outbound.tob.packingList', section: 'document', permission: TOB_PERMISSIONS.print,
    keywords: [...KEYWORDS, 'packing list', 'PDF', 'box'], when: onTobList, enabled: oneOrder,
    run: (ctx, rt) => {
      const orderNo = theOrderNo(ctx)
      if (!orderNo) return undefined
      rt.open(LABELS_DOWNLOAD_PANEL, { url: TOB_UI_API.packingList(orderNo), orderNo, messageKey: 'tob-ui:done.packingListDownloading' })
      return { orderNo }
    },
  }),
  defineCommand({
    id: 'outbound.tob.import', title: 'commands:outbound.tob.import', section: 'document', permission: TOB_PERMISSIONS.import,
    keywords: [...KEYWORDS, 'import', 'excel'], when: onTobList, run: (_ctx, rt) => { rt.navigate(tobDialogPath.import()); return undefined },
  }),
]
