// Inbound extras (spec section 2 "Stock-in"): returns receipt, quick inbound, vehicle release
// (ReleaseStrip), inbound measure, box/SKU label printing and the inbound settings. Server commands
// have exactly one handler each in src/server/areas/inbound/{returns,quick,release,measure,settings}.ts;
// their argument schemas live here so the browser's pre-flight and the server parse the same way.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type CommandRuntime } from '../src/domain/commands'
import { isStorableDate, screenFieldLabels as screenLabels } from '../src/domain/validation'
import { enabledByMachine, type MachineDef } from '../src/domain/states/machine'
import { returnOrderMachine } from '../src/domain/states/return-order'
import { quickInboundMachine } from '../src/domain/states/quick-inbound'
import { releaseStripMachine } from '../src/domain/states/release-strip'

export const INBOUND_EXTRA_PATHS = {
  returns: '/stock-in/returns-receipt',
  quick: '/stock-in/inbound-order/stock-in-quickly',
  release: '/stock-in/ReleaseStrip',
  measure: '/stock-in/inbound-measure',
  settings: '/stock-in/inbound-setting',
  timeouts: '/report-new/timeout-task',
  inboundOrders: '/stock-in/inbound-order',
} as const

const docNo = z.string().trim().min(1).max(40)
const qty = z.number().int().positive().max(100_000)
/** What a scanner (or a hand) typed: trimmed and upper-cased; emptiness is the handler's refusal. */
const scanCode = z.string().trim().max(60).transform((s) => s.toUpperCase())

// ---- returns
/** Reason codes; 3 damaged and 4 quality defect receive as defective stock (see 0026_inbound_extra.sql). */
export const RETURN_REASONS = [1, 2, 3, 4, 5, 9] as const
export const DEFECTIVE_RETURN_REASONS: readonly number[] = [3, 4]
export const ReturnAddArgs = z.strictObject({
  returnType: z.union([z.literal(1), z.literal(2)]).default(1),
  sourceNo: z.string().trim().min(1).max(60),
  reasonCode: z.union(RETURN_REASONS.map((r) => z.literal(r)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, ...z.ZodLiteral<number>[]]),
  reason: z.string().trim().max(200).optional(),
  boxCount: z.number().int().positive().max(10_000),
  lines: z.array(z.strictObject({ skuCode: z.string().trim().min(1).max(60), qty })).min(1).max(200),
})
export type ReturnAddArgs = z.infer<typeof ReturnAddArgs>
export const ReturnScanArgs = z.strictObject({ returnNo: docNo, code: scanCode, qty: qty.default(1) })
export type ReturnScanArgs = z.infer<typeof ReturnScanArgs>
export const ReturnNoArgs = z.strictObject({ returnNo: docNo })
export type ReturnNoArgs = z.infer<typeof ReturnNoArgs>

// ---- quick inbound
export const QuickAddArgs = z.strictObject({
  inboundType: z.number().int().min(1).max(6),
  lines: z.array(z.strictObject({ code: scanCode, qty })).min(1).max(200),
  remark: z.string().trim().max(200).optional(),
})
export type QuickAddArgs = z.infer<typeof QuickAddArgs>
export const QuickScanArgs = z.strictObject({ taskNo: docNo, code: scanCode, qty: qty.default(1) })
export type QuickScanArgs = z.infer<typeof QuickScanArgs>
export const QuickNoArgs = z.strictObject({ taskNo: docNo })
export type QuickNoArgs = z.infer<typeof QuickNoArgs>

// ---- vehicle release
export const ReleaseAddArgs = z.strictObject({
  plateNo: z.string().trim().min(2).max(20),
  driverName: z.string().trim().min(1).max(50),
  driverPhone: z.string().trim().regex(/^[0-9+() -]{5,20}$/),
  orderNos: z.array(docNo).min(1).max(50),
  boxCount: z.number().int().positive().max(100_000),
  /** ISO time; default now. */
  arrivedAt: z.iso.datetime({ offset: true }).refine(isStorableDate, 'errors:field.invalidFormat').optional(),
  remark: z.string().trim().max(200).optional(),
})
export type ReleaseAddArgs = z.infer<typeof ReleaseAddArgs>
export const ReleaseNoArgs = z.strictObject({ stripNo: docNo })
export type ReleaseNoArgs = z.infer<typeof ReleaseNoArgs>

// ---- inbound measure: above 0 with up to 4 decimals (numeric(14,4))
const measure = z.number().positive().max(9_999_999_999).refine((v) => /^\d+(\.\d{1,4})?$/.test(String(v)), { message: 'inbound:measure.errors.decimals' })
export const MeasureSaveArgs = z.strictObject({
  orderNo: docNo,
  boxNo: z.number().int().positive().optional(),
  skuCode: z.string().trim().min(1).max(60).optional(),
  length: measure, width: measure, height: measure, weight: measure,
  photo: z.string().trim().max(500).regex(/^\/api\/files\/[0-9a-f-]{36}$/i).optional(),
})
export type MeasureSaveArgs = z.infer<typeof MeasureSaveArgs>

// ---- settings
export const InboundSettingsArgs = z.strictObject({
  /** A location code of the warehouse (typed or scanned); null/empty: the default temporary location. */
  receivingLocationCode: z.string().trim().max(40).nullable().transform((s) => (s ? s.toUpperCase() : null)),
  storageMode: z.enum(['normal', 'fast']),
  coStorage: z.boolean(),
  forbidXbMix: z.boolean(),
  minScanIntervalMs: z.number().int().min(0).max(5000),
  inboundTimeoutHours: z.number().int().min(1).max(8760),
  unloadingTimeoutHours: z.number().int().min(1).max(8760),
  shelvingTimeoutHours: z.number().int().min(1).max(8760),
})
export type InboundSettingsArgs = z.infer<typeof InboundSettingsArgs>
/** The answer of inbound.settings.save: the warehouse's settings as stored (the receiving location by id; null: the default temporary one). */
export const InboundSettingsResult = z.object({
  tenantId: z.number().int(), warehouseId: z.number().int(), receivingLocationId: z.number().int().nullable(), storageMode: z.string(),
  coStorage: z.boolean(), forbidXbMix: z.boolean(), minScanIntervalMs: z.number().int(),
  inboundTimeoutHours: z.number().int(), unloadingTimeoutHours: z.number().int(), shelvingTimeoutHours: z.number().int(),
})

// ---- labels
export const LABEL_PAPERS = ['PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6'] as const
export type LabelPaper = (typeof LABEL_PAPERS)[number]
/** Labels per page (spec section 9: 1, 2, 4 or 6). */
export const LABELS_PER_PAGE: Record<LabelPaper, number> = { PackageLabel_Plain_Paper: 1, A4_2: 2, A4_4: 4, Letter_6: 6 }
export const LABEL_KINDS = ['box', 'sku', 'fnsku'] as const
export type LabelKind = (typeof LABEL_KINDS)[number]
export const LABEL_CODES = ['barcode', 'qrcode'] as const
export const LABELS_PDF_URL = '/api/inbound/labels.pdf'
/** The panel the app opens to fetch the PDF with the console's headers (src/app/pages/inbound/labels). */
export const LABELS_DOWNLOAD_PANEL = 'inboundLabels.download'

/** Server answers (the commands' `output`; the types are inferred from them). */
const int = () => z.number().int()
/** A return scan: the line's count after it, what is left, and the shelving task once the return is received. */
export const ReturnScanResult = z.object({ returnNo: z.string(), skuCode: z.string(), receivedQty: int(), lineQty: int(), pending: int(), status: int(), stockStatus: int(), shelvingTaskNo: z.string().nullable() })
export type ReturnScanResult = z.infer<typeof ReturnScanResult>
/** A quick inbound scan: the count after it, what is left, and the shelving task once finished. */
export const QuickScanResult = z.object({ taskNo: z.string(), orderNo: z.string(), skuCode: z.string(), receivedQty: int(), expectedQty: int(), pending: int(), finished: z.boolean(), shelvingTaskNo: z.string().nullable() })
export type QuickScanResult = z.infer<typeof QuickScanResult>
const ReturnAdded = z.object({ id: int(), returnNo: z.string() })
const ReturnReceived = z.object({ returnNo: z.string(), status: int(), shelvingTaskNo: z.string().nullable() })
const ReturnCancelled = z.object({ returnNo: z.string(), status: int() })
const QuickAdded = z.object({ taskNo: z.string(), orderNo: z.string(), orderId: int() })
const QuickFinished = z.object({ taskNo: z.string(), orderNo: z.string(), shelvingTaskNo: z.string().nullable() })
const ReleaseAdded = z.object({ id: int(), stripNo: z.string() })
const Released = z.object({ stripNo: z.string(), status: int() })
const MeasureSaved = z.object({ id: int(), orderNo: z.string() })

/** Label keys of the returns and quick inbound screens (refusals name their fields by these). */
const RETURN_FIELDS = 'inbound:returns.fields'
const QUICK_FIELDS = 'inbound:quick.fields'

const selectedRow = (ctx: CommandContext) => (ctx.selection.length === 1 ? ctx.selection[0] : undefined)
const str = (v: unknown) => (typeof v === 'string' && v ? v : undefined)

/** With arguments: call the server and toast; without: open the screen's form. */
function formCommand<I>(o: { id: string; permission: string; input: z.ZodType<I>; output: z.ZodType; path: string; done: string; keywords?: string[]; fieldLabel?: (field: string) => string | undefined }): CommandDef<I> {
  return defineCommand<I>({
    id: o.id, title: `commands:${o.id}`, section: 'document', permission: o.permission, input: o.input, output: o.output, server: true, keywords: o.keywords, fieldLabel: o.fieldLabel,
    // A form makes one document: the inbound orders a release strip names are its own lines, not changed.
    bulk: false,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${o.path}?form=new`); return undefined }
      const r = await rt.callServer(o.id, args)
      rt.toast('success', o.done, r as Record<string, unknown>)
      return r
    },
  })
}

/** Acts on the given document number, else the selected row's (`field`), else asks for it (palette). */
function rowCommand<I>(o: { id: string; permission: string; input: z.ZodType<I>; output: z.ZodType; field: string; promptKey: string; confirm?: string; done: string; when?: (ctx: CommandContext) => boolean; fieldLabel?: (field: string) => string | undefined; machine: MachineDef<any> }): CommandDef<I> {
  return defineCommand<I>({
    id: o.id, title: `commands:${o.id}`, section: 'status', permission: o.permission, input: o.input, output: o.output, server: true, confirm: o.confirm, when: o.when, fieldLabel: o.fieldLabel,
    // The selected row's or open document's state (its machine in src/domain/states); a number typed
    // in the palette is the server's to judge.
    enabled: enabledByMachine(o.machine, o.id),
    run: async (ctx, rt, args) => {
      const no = str((args as Record<string, unknown> | undefined)?.[o.field]) ?? str(selectedRow(ctx)?.[o.field])
        ?? await rt.prompt?.<string>('text', { title: o.promptKey })
      if (!no) return undefined
      const r = await rt.callServer(o.id, { [o.field]: no })
      rt.toast('success', o.done, r as Record<string, unknown>)
      return r
    },
  })
}

/**
 * Asks kind, paper, code type and range in the palette, then has the app fetch the PDF. The order: the
 * given number, else the selected row's or the open document's (the details page publishes it as a
 * row with its number), else asked.
 */
async function printLabels(ctx: CommandContext, rt: CommandRuntime, args?: { orderNo?: string }) {
  const orderNo = args?.orderNo ?? str(selectedRow(ctx)?.orderNo)
    ?? await rt.prompt?.<string>('text', { title: 'inbound:labels.prompt.orderNo' })
  if (!orderNo || !rt.prompt) return undefined
  const pick = <T>(title: string, values: readonly T[], label: (v: T) => string) =>
    rt.prompt!<T>('select', { title, options: values.map((v) => ({ value: v, label: label(v) })) })
  const kind = await pick('inbound:labels.prompt.kind', LABEL_KINDS, (k) => `inbound:labels.kind.${k}`)
  if (!kind) return undefined
  const paper = await pick('inbound:labels.prompt.paper', LABEL_PAPERS, (p) => `inbound:labels.paper.${p}`)
  if (!paper) return undefined
  const code = await pick('inbound:labels.prompt.code', LABEL_CODES, (c) => `inbound:labels.code.${c}`)
  if (!code) return undefined
  // "3-8", "5" or empty (everything: an optional question); the server refuses a bad range naming start or end.
  const range = await rt.prompt<string>('text', { title: 'inbound:labels.prompt.range', optional: true })
  if (range === undefined) return undefined
  const m = /^\s*(\d+)?\s*(?:-\s*(\d+))?\s*$/.exec(range)
  const q = new URLSearchParams({ orderNo, kind, paper, code })
  if (m?.[1]) q.set('start', m[1])
  if (m?.[2] ?? m?.[1]) q.set('end', (m[2] ?? m[1])!)
  const url = `${LABELS_PDF_URL}?${q}`
  rt.open(LABELS_DOWNLOAD_PANEL, { url, orderNo })
  return { url }
}

export const inboundExtraCommands: readonly CommandDef<any>[] = [
  // Returns receipt
  formCommand({ id: 'inbound.return.add', permission: 'returns-receipt:add', input: ReturnAddArgs, output: ReturnAdded, path: INBOUND_EXTRA_PATHS.returns, done: 'inbound:returns.done.added', keywords: ['TH'], fieldLabel: screenLabels(ReturnAddArgs, RETURN_FIELDS) }),
  defineCommand<ReturnScanArgs>({
    id: 'inbound.return.scan', title: 'commands:inbound.return.scan', enabled: enabledByMachine(returnOrderMachine, 'inbound.return.scan'), section: 'scan', permission: 'returns-receipt:receive', input: ReturnScanArgs, output: ReturnScanResult, server: true,
    fieldLabel: screenLabels(ReturnScanArgs, RETURN_FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(INBOUND_EXTRA_PATHS.returns); return undefined }
      return rt.callServer('inbound.return.scan', args)
    },
  }),
  rowCommand({ id: 'inbound.return.finish', machine: returnOrderMachine, permission: 'returns-receipt:receive', input: ReturnNoArgs, output: ReturnReceived, field: 'returnNo', promptKey: 'inbound:returns.fields.returnNo', done: 'inbound:returns.done.received', confirm: 'inbound:returns.finishConfirm',
    fieldLabel: screenLabels(ReturnNoArgs, RETURN_FIELDS), when: (ctx) => ctx.route.startsWith(INBOUND_EXTRA_PATHS.returns) }),
  // Spec section 5: cancelling a return order is irreversible (confirm).
  rowCommand({ id: 'inbound.return.cancel', machine: returnOrderMachine, permission: 'returns-receipt:cancel', input: ReturnNoArgs, output: ReturnCancelled, field: 'returnNo', promptKey: 'inbound:returns.fields.returnNo', done: 'inbound:returns.done.cancelled', confirm: 'inbound:returns.cancelConfirm',
    fieldLabel: screenLabels(ReturnNoArgs, RETURN_FIELDS), when: (ctx) => ctx.route.startsWith(INBOUND_EXTRA_PATHS.returns) }),
  // Quick inbound
  formCommand({ id: 'inbound.quick.add', permission: 'stock-in-quickly:add', input: QuickAddArgs, output: QuickAdded, path: INBOUND_EXTRA_PATHS.quick, done: 'inbound:quick.done.added', keywords: ['KR'], fieldLabel: screenLabels(QuickAddArgs, QUICK_FIELDS) }),
  defineCommand<QuickScanArgs>({
    id: 'inbound.quick.scan', title: 'commands:inbound.quick.scan', enabled: enabledByMachine(quickInboundMachine, 'inbound.quick.scan'), section: 'scan', permission: 'stock-in-quickly:receive', input: QuickScanArgs, output: QuickScanResult, server: true,
    fieldLabel: screenLabels(QuickScanArgs, QUICK_FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(INBOUND_EXTRA_PATHS.quick); return undefined }
      return rt.callServer('inbound.quick.scan', args)
    },
  }),
  rowCommand({ id: 'inbound.quick.finish', machine: quickInboundMachine, permission: 'stock-in-quickly:receive', input: QuickNoArgs, output: QuickFinished, field: 'taskNo', promptKey: 'inbound:quick.fields.taskNo', done: 'inbound:quick.done.finished', confirm: 'inbound:quick.finishConfirm',
    fieldLabel: screenLabels(QuickNoArgs, QUICK_FIELDS), when: (ctx) => ctx.route.startsWith(INBOUND_EXTRA_PATHS.quick) }),
  // Vehicle release
  formCommand({ id: 'inbound.release.add', permission: 'release-strip:add', input: ReleaseAddArgs, output: ReleaseAdded, path: INBOUND_EXTRA_PATHS.release, done: 'inbound:release.done.added', keywords: ['FX'], fieldLabel: screenLabels(ReleaseAddArgs, 'inbound:release.fields') }),
  rowCommand({ id: 'inbound.release.release', machine: releaseStripMachine, permission: 'release-strip:release', input: ReleaseNoArgs, output: Released, field: 'stripNo', promptKey: 'inbound:release.fields.stripNo', done: 'inbound:release.done.released', confirm: 'inbound:release.releaseConfirm',
    fieldLabel: screenLabels(ReleaseNoArgs, 'inbound:release.fields'), when: (ctx) => ctx.route.startsWith(INBOUND_EXTRA_PATHS.release) }),
  // Inbound measure
  formCommand({ id: 'inbound.measure.save', permission: 'inbound-measure:edit', input: MeasureSaveArgs, output: MeasureSaved, path: INBOUND_EXTRA_PATHS.measure, done: 'inbound:measure.done.saved', fieldLabel: screenLabels(MeasureSaveArgs, 'inbound:measure.fields') }),
  // Settings
  defineCommand<InboundSettingsArgs>({
    id: 'inbound.settings.save', title: 'commands:inbound.settings.save', section: 'admin', permission: 'inbound-setting:edit', input: InboundSettingsArgs, output: InboundSettingsResult, server: true,
    fieldLabel: screenLabels(InboundSettingsArgs, 'inbound:settings.fields'),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(INBOUND_EXTRA_PATHS.settings); return undefined }
      const r = await rt.callServer('inbound.settings.save', args)
      rt.toast('success', 'inbound:settings.done.saved')
      return r
    },
  }),
  // Labels: browser-only (the PDF is a GET the app fetches with the console's headers).
  defineCommand<{ orderNo?: string }>({
    id: 'inbound.labels.print', title: 'commands:inbound.labels.print', section: 'document', permission: 'inbound-order:print',
    keywords: ['label', 'pdf', 'barcode', 'qrcode', 'RK'], shortcut: 'Alt+p', scope: 'grid',
    when: (ctx) => ctx.route.startsWith(INBOUND_EXTRA_PATHS.inboundOrders),
    run: printLabels,
  }),
]
