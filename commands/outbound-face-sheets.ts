// Face sheets (stock-out → ToC → faceorder-manage, issue 13 §3): buy an order's face sheet from its
// carrier (one or in bulk, at most 10 — spec section 5), cancel the postage, print the bought ones on
// a printer (print setup's, or one chosen) as PDF or ZPL, or download them as a file. A purchase is a job: the command records it
// and returns at once; the server's face sheet worker drives the carrier (5–10 s, polling the waybill)
// and the grid shows the progress. Machine: src/domain/states/face-sheet.ts. Handlers:
// src/server/areas/outbound/face-sheets.ts (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type CommandRuntime, type EnabledResult } from '../src/domain/commands'
import { BARCODE_KINDS, LABEL_PAPERS, PRINTER_FORMATS } from '../src/domain/dictionaries'
import { enabledOver, targetsOf } from '../src/domain/states/machine'
import { faceSheetMachine } from '../src/domain/states/face-sheet'
import { LABELS_DOWNLOAD_PANEL } from './inbound-extra'

export const FACE_SHEET_PATH = '/stock-out/ToC/faceorder-manage'

/** Permission codes: buttons of faceorder-manage (src/domain/menu/catalog.ts). */
export const FACE_SHEET_PERMISSIONS = {
  view: 'menu:faceorder-manage',
  buy: 'faceorder-manage:buy',
  print: 'faceorder-manage:print',
  cancel: 'faceorder-manage:cancel-postage',
} as const

/** Spec section 5: "bulk face sheet purchase max 10". */
export const MAX_FACE_SHEET_BUY = 10
/** Most face sheets one cancel or print takes. */
export const MAX_FACE_SHEET_BULK = 50

const orderIds = (max: number, maxKey: string) => z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(max, maxKey)

/** Buy: the orders' face sheets from each order's carrier (or the carrier named here for all of them). */
export const BuyFaceSheetsArgs = z.strictObject({
  orderIds: orderIds(MAX_FACE_SHEET_BUY, 'outbound-label:errors.bulkMax'),
  carrierId: z.number().int().positive().nullish(),
})
export type BuyFaceSheetsArgs = z.infer<typeof BuyFaceSheetsArgs>
export const CancelFaceSheetsArgs = z.strictObject({ orderIds: orderIds(MAX_FACE_SHEET_BULK, 'outbound-label:errors.bulkMaxPrint') })
export type CancelFaceSheetsArgs = z.infer<typeof CancelFaceSheetsArgs>
/** Print: on the printer named, else print setup's face sheet printer; paper/code/format from the printer and template unless given. */
export const PrintFaceSheetsArgs = z.strictObject({
  orderIds: orderIds(MAX_FACE_SHEET_BULK, 'outbound-label:errors.bulkMaxPrint'),
  printerId: z.number().int().positive().nullish(),
  paper: z.enum(LABEL_PAPERS).nullish(),
  code: z.enum(BARCODE_KINDS).nullish(),
  format: z.enum(PRINTER_FORMATS).nullish(),
})
export type PrintFaceSheetsArgs = z.infer<typeof PrintFaceSheetsArgs>

/** Server answers (the commands' `output`; the types are inferred from them). */
const Message = z.object({ key: z.string(), params: z.record(z.string(), z.unknown()) })
export const BuyRefusal = z.object({ orderId: z.number().int(), orderNo: z.string(), reason: Message, hint: Message, message: z.string() })
export type BuyRefusal = z.infer<typeof BuyRefusal>
/** One queued purchase per parcel that had no live face sheet. */
export const BuyResult = z.object({
  queued: z.array(z.object({ orderId: z.number().int(), orderNo: z.string(), parcelNo: z.number().int(), faceSheetId: z.number().int() })),
  /** Orders the carrier refuses (no carrier, disabled, no consignee phone …): the reason, what to do, and both translated. */
  refused: z.array(BuyRefusal),
})
export type BuyResult = z.infer<typeof BuyResult>
export const CancelResult = z.object({ cancelled: z.array(z.string()) })
export type CancelResult = z.infer<typeof CancelResult>
export const PrintResult = z.object({ printer: z.string(), format: z.enum(['pdf', 'zpl']), paper: z.string(), labels: z.number().int(), bytes: z.number().int(), jobId: z.number().int(), url: z.string() })
export type PrintResult = z.infer<typeof PrintResult>

/** Endpoints (src/server/areas/outbound/face-sheets.ts). */
export const FACE_SHEET_API = {
  list: '/api/outbound/face-sheets',
  pdf: '/api/outbound/face-sheets/labels.pdf',
  zpl: '/api/outbound/face-sheets/labels.zpl',
  tracking: '/api/outbound/face-sheets/tracking',
} as const
/** The label file of some orders (download or a browser print). */
export const faceSheetLabelsUrl = (ids: readonly number[], format: 'pdf' | 'zpl', o: { paper?: string; code?: string } = {}) => {
  const q = new URLSearchParams()
  for (const id of ids) q.append('orderIds', String(id))
  if (o.paper) q.set('paper', o.paper)
  if (o.code) q.set('code', o.code)
  return `${format === 'pdf' ? FACE_SHEET_API.pdf : FACE_SHEET_API.zpl}?${q.toString()}`
}

const P = FACE_SHEET_PERMISSIONS
/** The prompt kind of the printer picker (src/app/pages/outbound/face-sheets/printers.ts). */
export const FACE_SHEET_PRINTER_PROMPT = 'outbound.faceSheetPrinter'
const KEYWORDS = ['face sheet', 'waybill', 'label', 'carrier', 'postage']
const here = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(FACE_SHEET_PATH)
/** The targets' order ids (grid rows of faceorder-manage carry the order's id). */
export const faceSheetOrderIds = (ctx: CommandContext) => targetsOf(ctx).map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)
const byMachine = (id: string) => (ctx: CommandContext): EnabledResult => {
  const rows = targetsOf(ctx)
  return rows.length ? enabledOver(faceSheetMachine, id, rows, ctx) : 'common:validation.selectAtLeastOne'
}
/** Buy, cancel and print over several orders ask once, naming how many (issue 18 §3); cancel even for one. */
const sheets = (askFrom: number) => ({ noun: 'palette:bulk.count.faceSheetOrder', targets: (ctx: CommandContext) => faceSheetOrderIds(ctx).length, askFrom })
const buyEnabled = (ctx: CommandContext): EnabledResult => {
  const rows = targetsOf(ctx)
  if (rows.length > MAX_FACE_SHEET_BUY) return { key: 'outbound-label:errors.bulkMax', params: { max: MAX_FACE_SHEET_BUY } }
  return byMachine('outbound.faceSheet.buy')(ctx)
}

/**
 * Download instead of a printer (a browser print, or a file for another system): asks PDF or ZPL, the
 * paper and barcode or QR, then the shared label download (the inbound labels' watcher) fetches it.
 */
async function downloadLabels(ctx: CommandContext, rt: CommandRuntime) {
  const ids = faceSheetOrderIds(ctx)
  if (!ids.length || !rt.prompt) return undefined
  const pick = <T>(title: string, values: readonly T[], label: (v: T) => string) =>
    rt.prompt!<T>('select', { title, options: values.map((v) => ({ value: v, label: label(v) })) })
  const format = await pick('outbound-label:fields.format', PRINTER_FORMATS, (f) => `dict:printerFormat.${f}`)
  if (!format) return undefined
  const paper = format === 'pdf' ? await pick('outbound-label:fields.paper', LABEL_PAPERS, (p) => `inbound:labels.paper.${p}`) : 'PackageLabel_Plain_Paper'
  if (!paper) return undefined
  const code = await pick('outbound-label:fields.code', BARCODE_KINDS, (c) => `inbound:labels.code.${c}`)
  if (!code) return undefined
  const url = faceSheetLabelsUrl(ids, format, { paper, code })
  const orderNo = targetsOf(ctx).map((r) => String(r.orderNo ?? '')).filter(Boolean).join(', ')
  rt.open(LABELS_DOWNLOAD_PANEL, { url, orderNo })
  return { url }
}

export const faceSheetCommands: readonly CommandDef<any>[] = [
  defineCommand<BuyFaceSheetsArgs>({
    id: 'outbound.faceSheet.buy', title: 'commands:outbound.faceSheet.buy', section: 'document', permission: P.buy,
    input: BuyFaceSheetsArgs, output: BuyResult, server: true, keywords: KEYWORDS, shortcut: 'Alt+b', scope: 'grid', when: here, enabled: buyEnabled, bulk: sheets(2),
    fieldLabel: (f) => `outbound-label:fields.${f}`,
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<BuyResult>('outbound.faceSheet.buy', args ?? { orderIds: faceSheetOrderIds(ctx) })
      rt.toast('info', 'outbound-label:done.queued', { count: r.queued.length, orderNo: r.queued.map((q) => q.orderNo).join(', ') })
      // Bought what could be bought; each order the carrier refused, with what to do.
      if (r.refused?.length) rt.toast('error', 'outbound-label:done.refused', { count: r.refused.length, refused: r.refused.map((x) => x.message).join('; ') })
      return r
    },
  }),
  defineCommand<CancelFaceSheetsArgs>({
    id: 'outbound.faceSheet.cancel', title: 'commands:outbound.faceSheet.cancel', section: 'status', permission: P.cancel,
    input: CancelFaceSheetsArgs, output: CancelResult, server: true, keywords: [...KEYWORDS, 'cancel'], shortcut: 'Alt+x', scope: 'grid', when: here,
    enabled: byMachine('outbound.faceSheet.cancel'), confirm: 'outbound-label:confirm.cancel', fieldLabel: (f) => `outbound-label:fields.${f}`, bulk: sheets(1),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<CancelResult>('outbound.faceSheet.cancel', args ?? { orderIds: faceSheetOrderIds(ctx) })
      rt.toast('success', 'outbound-label:done.cancelled', { orderNo: r.cancelled.join(', ') })
      return r
    },
  }),
  defineCommand<PrintFaceSheetsArgs>({
    id: 'outbound.faceSheet.print', title: 'commands:outbound.faceSheet.print', section: 'document', permission: P.print,
    input: PrintFaceSheetsArgs, output: PrintResult, server: true, keywords: [...KEYWORDS, 'print', 'PDF', 'ZPL'], shortcut: 'Alt+l', scope: 'grid', when: here,
    enabled: byMachine('outbound.faceSheet.print'), fieldLabel: (f) => `outbound-label:fields.${f}`, bulk: sheets(2),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<PrintResult>('outbound.faceSheet.print', args ?? { orderIds: faceSheetOrderIds(ctx) })
      rt.toast('success', 'outbound-label:done.printed', { count: r.labels, printer: r.printer, format: r.format.toUpperCase() })
      return r
    },
  }),
  // The same print on a printer the operator chooses (printer management's enabled printers).
  defineCommand({
    id: 'outbound.faceSheet.printOn', title: 'commands:outbound.faceSheet.printOn', section: 'document', permission: P.print,
    keywords: [...KEYWORDS, 'print', 'printer', 'PDF', 'ZPL'], shortcut: 'Alt+Shift+l', scope: 'grid', when: here,
    enabled: byMachine('outbound.faceSheet.print'), bulk: sheets(2),
    run: async (ctx, rt) => {
      const orderIds = faceSheetOrderIds(ctx)
      if (!orderIds.length || !rt.prompt) return undefined
      const printerId = await rt.prompt<number>(FACE_SHEET_PRINTER_PROMPT)
      if (printerId === undefined) return undefined
      const r = await rt.callServer<PrintResult>('outbound.faceSheet.print', { orderIds, printerId })
      rt.toast('success', 'outbound-label:done.printed', { count: r.labels, printer: r.printer, format: r.format.toUpperCase() })
      return r
    },
  }),
  defineCommand({
    id: 'outbound.faceSheet.download', title: 'commands:outbound.faceSheet.download', section: 'document', permission: P.print,
    keywords: [...KEYWORDS, 'download', 'PDF', 'ZPL'], shortcut: 'Alt+d', scope: 'grid', when: here, enabled: byMachine('outbound.faceSheet.print'),
    run: (ctx, rt) => downloadLabels(ctx, rt),
  }),
]
