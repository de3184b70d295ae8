// Samples, sample out and defective reports (issue 20 part E2).
// - Sample out (stock-out/sample-out-management, -review; only in the seven sample warehouses, spec
//   section 2): a request (YP…) of Sample-status stock for a borrower and a purpose is made in
//   PendingApproval with its stock reserved; another user approves or rejects it with an opinion (four
//   eyes, the one approval machine src/domain/states/approval.ts); an approved request is handed over →
//   Completed, its stock leaving through the ledger (reason sampleOut). A rejected one releases the stock.
// - Samples (in-house-work/sample-manager): lend normal stock into the sample area as Sample stock and
//   return it (YJ…), each a ledger move under its number. Sample stock is never allocated.
// - Defective report (in-house-work/defective, listed by defective-reported): `defective.report` moves
//   goods to a Defective-area location as Defective stock under a report number (CP…); allocation never
//   takes Defective stock. (Defective outbound — another part — takes it out from there.)
// Handlers: src/server/areas/samples (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { sampleOutMachine, SAMPLE_OUT_COMMANDS } from '../src/domain/states/approval'

export const SAMPLE_OUT_PATH = '/stock-out/sample-out-management'
export const SAMPLE_REVIEW_PATH = '/stock-out/sample-out-review'
export const SAMPLE_MANAGER_PATH = '/in-house-work/sample-manager'
export const DEFECTIVE_PATH = '/in-house-work/defective'
export const DEFECTIVE_REPORTED_PATH = '/in-house-work/defective-reported'

/** Permission codes: the menus and buttons of src/domain/menu/catalog.ts. */
export const SAMPLE_PERMISSIONS = {
  outView: 'menu:sample-out-management',
  outAdd: 'sample-out-management:add',
  outComplete: 'sample-out-management:complete',
  reviewView: 'menu:sample-out-review',
  /** Approve and reject (the review screen's one button, 7130). */
  approve: 'sample-out-review:approve',
  samplesView: 'menu:sample-manager',
  lend: 'sample-manager:lend',
  return: 'sample-manager:return',
  defective: 'menu:defective',
  report: 'defective:report',
  reported: 'menu:defective-reported',
} as const

/** Reasons a defective report names (`samples:defectReason.<code>`). */
export const DEFECT_REASONS = ['damaged', 'stained', 'wrongSize', 'missingPart', 'packaging', 'other'] as const

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const optCode = z.string().trim().max(80).nullish().transform((v) => (v ? v.toUpperCase() : null))
const note = (max: number) => z.string().trim().max(max, 'errors:field.tooLong').nullish().transform((v) => (v ? v : null))
const qty = z.number().int('errors:field.integer').min(1, 'errors:field.tooSmall').max(100_000, 'errors:field.tooBig')

export const SampleOutLine = z.strictObject({
  skuCode: code,
  qty,
  /** The sample location to take from; without it the request takes Sample stock where it is (location code order). */
  locationCode: optCode,
})
export const CreateSampleOutArgs = z.strictObject({
  purpose: z.string().trim().min(1, 'errors:field.required').max(200, 'errors:field.tooLong'),
  borrower: z.string().trim().min(1, 'errors:field.required').max(100, 'errors:field.tooLong'),
  /** yyyy-mm-dd, today or later. */
  expectedReturnDate: z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, 'samples:errors.dateFormat').nullish().transform((v) => v || null),
  remark: note(200),
  lines: z.array(SampleOutLine).min(1, 'samples:errors.noLines').max(200, 'errors:field.tooBig'),
})
export type CreateSampleOutArgs = z.input<typeof CreateSampleOutArgs>
export const SampleOutNoArgs = z.strictObject({ outNo: docNo })
export const DecideArgs = z.strictObject({ outNo: docNo, opinion: note(500) })
export type DecideArgs = z.input<typeof DecideArgs>

export const SampleMoveArgs = z.strictObject({
  skuCode: code,
  qty,
  fromLocationCode: code,
  /** Lend: a location of a Sample area; return: any active location outside the sample, defective and temporary areas. */
  toLocationCode: code,
  remark: note(200),
})
export type SampleMoveArgs = z.input<typeof SampleMoveArgs>

export const DefectiveReportArgs = z.strictObject({
  locationCode: code,
  skuCode: code,
  qty,
  reason: z.enum(DEFECT_REASONS, { message: 'samples:errors.reason' }),
  /** A location of a Defective area (storage area type 6); default: the first active one. */
  toLocationCode: optCode,
  remark: note(200),
  /** An uploaded photo's address (optional). */
  photoUrl: z.string().trim().max(500, 'errors:field.tooLong').nullish().transform((v) => v || null),
})
export type DefectiveReportArgs = z.input<typeof DefectiveReportArgs>

/** Answers. */
export const SampleOutMade = z.object({ outNo: z.string(), status: z.number().int(), lines: z.number().int(), totalQty: z.number().int() })
export const ApprovalAnswer = z.object({
  outNo: z.string(), status: z.number().int(), approverName: z.string().nullable(), opinion: z.string().nullable(),
})
export const SampleOutDone = z.object({ outNo: z.string(), status: z.number().int(), totalQty: z.number().int() })
export const SampleMoved = z.object({ moveNo: z.string(), kind: z.enum(['lend', 'return']), skuCode: z.string(), qty: z.number().int(), fromLocationCode: z.string(), toLocationCode: z.string() })
export const DefectiveReported = z.object({ reportNo: z.string(), skuCode: z.string(), qty: z.number().int(), fromLocationCode: z.string(), toLocationCode: z.string() })
export type SampleOutMade = z.infer<typeof SampleOutMade>
export type ApprovalAnswer = z.infer<typeof ApprovalAnswer>
export type SampleOutDone = z.infer<typeof SampleOutDone>
export type SampleMoved = z.infer<typeof SampleMoved>
export type DefectiveReported = z.infer<typeof DefectiveReported>

/** Endpoints (src/server/areas/samples). */
export const SAMPLE_API = {
  outs: '/api/samples/out',
  /** The same list for reviewers (sample-out-review). */
  reviewOuts: '/api/samples/out/review',
  outLines: '/api/samples/out/lines',
  approvals: '/api/approvals',
  stock: '/api/samples/stock',
  moves: '/api/samples/moves',
  defective: '/api/defective/reports',
  defectiveStock: '/api/defective/stock',
} as const

const P = SAMPLE_PERMISSIONS
const OUT_KEYWORDS = ['YP', 'sample', 'sample out']
const onSampleOut = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(SAMPLE_OUT_PATH) || ctx.route.startsWith(SAMPLE_REVIEW_PATH)
const fieldLabel = (f: string) => `samples:fields.${f.split('.').pop()}`

async function outArgs(ctx: CommandContext, rt: Parameters<NonNullable<CommandDef['run']>>[1]): Promise<{ outNo: string } | undefined> {
  const own = String(targetsOf(ctx)[0]?.outNo ?? '')
  if (own) return { outNo: own }
  const typed = await rt.prompt?.<string>('text', { title: 'samples:fields.outNo' })
  return typed ? { outNo: typed } : undefined
}
const decideCommand = (id: string, done: string): CommandDef<any> => defineCommand<DecideArgs>({
  id, title: `commands:${id}`, section: 'status', permission: P.approve, input: DecideArgs, output: ApprovalAnswer, server: true,
  keywords: [...OUT_KEYWORDS, 'approval', 'review'], when: onSampleOut, enabled: enabledByMachine(sampleOutMachine, id), fieldLabel,
  run: async (ctx, rt, args) => {
    let a = args
    if (a === undefined) {
      const o = await outArgs(ctx, rt)
      if (!o) return undefined
      const opinion = await rt.prompt?.<string>('text', { title: 'samples:fields.opinion', optional: true })
      if (opinion === undefined || opinion === null) return undefined
      a = { ...o, opinion }
    }
    const r = await rt.callServer<ApprovalAnswer>(id, a)
    rt.toast('success', done, { outNo: r.outNo })
    return r
  },
})

export const sampleCommands: readonly CommandDef<any>[] = [
  defineCommand<CreateSampleOutArgs>({
    id: 'sampleOut.create', title: 'commands:sampleOut.create', section: 'document', permission: P.outAdd, input: CreateSampleOutArgs, output: SampleOutMade,
    server: true, bulk: false, keywords: OUT_KEYWORDS, when: onSampleOut, fieldLabel,
    // The form on the sample out screen gathers the arguments: from the palette, it opens.
    run: async (_ctx, rt, args) => {
      if (!args) { rt.navigate(`${SAMPLE_OUT_PATH}?new=1`); return undefined }
      const r = await rt.callServer<SampleOutMade>('sampleOut.create', args)
      rt.toast('success', 'samples:done.outMade', { outNo: r.outNo })
      return r
    },
  }),
  decideCommand(SAMPLE_OUT_COMMANDS.approve, 'samples:done.approved'),
  decideCommand(SAMPLE_OUT_COMMANDS.reject, 'samples:done.rejected'),
  defineCommand<z.input<typeof SampleOutNoArgs>>({
    id: SAMPLE_OUT_COMMANDS.complete, title: `commands:${SAMPLE_OUT_COMMANDS.complete}`, section: 'status', permission: P.outComplete, input: SampleOutNoArgs, output: SampleOutDone,
    server: true, keywords: [...OUT_KEYWORDS, 'hand over'], when: onSampleOut, enabled: enabledByMachine(sampleOutMachine, SAMPLE_OUT_COMMANDS.complete), fieldLabel,
    confirm: 'samples:confirm.complete',
    run: async (ctx, rt, args) => {
      const a = args ?? await outArgs(ctx, rt)
      if (!a) return undefined
      const r = await rt.callServer<SampleOutDone>(SAMPLE_OUT_COMMANDS.complete, a)
      rt.toast('success', 'samples:done.completed', { outNo: r.outNo })
      return r
    },
  }),
  ...(['lend', 'return'] as const).map((kind) => defineCommand<SampleMoveArgs>({
    id: `sample.${kind}`, title: `commands:sample.${kind}`, section: 'document', permission: P[kind], input: SampleMoveArgs, output: SampleMoved,
    server: true, keywords: ['YJ', 'sample', kind], when: (ctx) => ctx.route === '' || ctx.route.startsWith(SAMPLE_MANAGER_PATH), fieldLabel,
    run: async (_ctx, rt, args) => {
      // From the palette: the sample manager's form of this kind.
      if (!args) { rt.navigate(`${SAMPLE_MANAGER_PATH}?form=${kind}`); return undefined }
      const r = await rt.callServer<SampleMoved>(`sample.${kind}`, args)
      rt.toast('success', `samples:done.${kind}`, { moveNo: r.moveNo })
      return r
    },
  })),
  defineCommand<DefectiveReportArgs>({
    // Exact id: the defective outbound relies on it.
    id: 'defective.report', title: 'commands:defective.report', section: 'document', permission: P.report, input: DefectiveReportArgs, output: DefectiveReported,
    server: true, keywords: ['CP', 'defective', 'damaged', 'quarantine'], when: (ctx) => ctx.route === '' || ctx.route.startsWith(DEFECTIVE_PATH), fieldLabel,
    run: async (_ctx, rt, args) => {
      // From the palette: the defective screen, its report form focused.
      if (!args) { rt.navigate(DEFECTIVE_PATH); return undefined }
      const r = await rt.callServer<DefectiveReported>('defective.report', args)
      rt.toast('success', 'samples:done.reported', { reportNo: r.reportNo })
      return r
    },
  }),
]
