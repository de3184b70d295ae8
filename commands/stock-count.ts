// Counts (issue 20 "Counts", server slice): inventory check rules, count plans by rule or by hand, count
// tasks of at most 10 locations (spec section 5), the blind count station (claim, scan location then SKU
// — each scan +1 or a typed quantity — confirm an empty location, submit), and the four-eyes review
// (approve posts surplus and loss through the ledger under the task's number; reject; recount by
// another operator; reissue a task still to count). Machine: src/domain/states/count-task.ts. Handlers:
// src/server/areas/stock-count (one transaction each). Plan cancel (→ Invalid, the plan machine) and the
// count-line import (xlsx: dry run naming every bad row, then count.lines.import, all or nothing). Screens:
// src/app/pages/counts (plan list + count station, check-detail, check-review, in-surplus, checklose, rules).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { countPlanMachine, countTaskMachine } from '../src/domain/states/count-task'

export const COUNT_PATH = '/in-house-work/check-manager'
export const COUNT_RULE_PATH = '/rule-management/inventory-check-rule'

/** Permission codes: the buttons of check-manager-list and check-review, the menus of the count screens (src/domain/menu/catalog.ts). */
export const COUNT_PERMISSIONS = {
  view: 'menu:check-manager-list',
  /** Plans (by hand, from a rule) and their tasks. */
  plan: 'check-manager-list:add',
  /** Recount, reject, reissue: the review button of the count list. */
  review: 'check-manager-list:review',
  /** Approve: check-review's button; posts the adjustment. */
  approve: 'check-review:approve',
  /** Counting at the station: anyone who may open the count list. */
  count: 'menu:check-manager-list',
  surplus: 'menu:in-surplus',
  loss: 'menu:checklose',
  rules: 'menu:inventory-check-rule',
} as const

/** Spec section 5: "inventory check task locations max 10". */
export const MAX_COUNT_TASK_LOCATIONS = 10
/** Most locations one plan takes (by hand or by rule). */
export const MAX_COUNT_PLAN_LOCATIONS = 5000

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const optCode = z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null))
const note = z.string().trim().max(200).nullish().transform((v) => (v ? v : null))
const thresholds = {
  thresholdUnits: z.number().int().min(0, 'errors:field.tooSmall').max(1_000_000).nullish(),
  thresholdPct: z.number().int().min(0, 'errors:field.tooSmall').max(1000).nullish(),
  /** Money: |variance| × the SKU's style retail price above it asks a recount (a SKU without a price: not by value). */
  thresholdValue: z.number().min(0, 'errors:field.tooSmall').max(1_000_000_000, 'errors:field.tooBig')
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'stocktake:errors.valueDecimals').nullish(),
}
/** ABC class of the SKUs whose locations are taken (computed from the last 90 days' outbound ledger rows; README "Counts"). */
export const ABC_CLASSES = ['A', 'B', 'C'] as const
const abcClass = z.enum(ABC_CLASSES, 'errors:field.invalidValue').nullish().transform((v) => v ?? null)

/** A rule: which locations (area, location code range, SKU held, ABC class held), the variance that asks a recount (units, %, value), the cycle (not counted within N days). */
export const SaveRuleArgs = z.strictObject({
  id: z.number().int().positive().nullish(),
  name: z.string().trim().min(1, 'errors:field.required').max(60),
  areaCode: optCode,
  locationFrom: optCode,
  locationTo: optCode,
  skuCode: optCode,
  abcClass,
  ...thresholds,
  /** Not counted within N days: a location with a finished count (task approved) in the last N days is not taken; never counted → taken. */
  frequencyDays: z.number().int().min(1, 'errors:field.tooSmall').max(3650).nullish(),
  enabled: z.boolean().default(true),
})
export type SaveRuleArgs = z.input<typeof SaveRuleArgs>

/**
 * A plan by hand (a list of location codes, or an area / code range / SKU) or from a rule row. Its
 * locations are cut into tasks of `locationsPerTask` (at most 10) when it is made.
 */
export const CreatePlanArgs = z.strictObject({
  ruleId: z.number().int().positive().nullish(),
  locationCodes: z.array(code).max(MAX_COUNT_PLAN_LOCATIONS, 'stocktake:errors.planTooBig').nullish(),
  areaCode: optCode,
  locationFrom: optCode,
  locationTo: optCode,
  skuCode: optCode,
  abcClass,
  ...thresholds,
  locationsPerTask: z.number().int().min(1, 'errors:field.tooSmall').max(MAX_COUNT_TASK_LOCATIONS, 'stocktake:errors.maxLocations').default(MAX_COUNT_TASK_LOCATIONS),
  remark: note,
})
export type CreatePlanArgs = z.input<typeof CreatePlanArgs>

export const TaskNoArgs = z.strictObject({ taskNo: docNo })
export type CountTaskNoArgs = z.input<typeof TaskNoArgs>
export const ClaimArgs = z.strictObject({ taskNo: docNo })
/** Allot (reissue) a task still to count: back to the pool, or to one operator. */
export const ReissueArgs = z.strictObject({ taskNo: docNo, assigneeId: z.number().int().positive().nullish(), note })
/** A scan at the station: the location, then a SKU (code, UPC or FNSKU); +1 per scan or the typed quantity. */
export const CountScanArgs = z.strictObject({
  taskNo: docNo,
  locationCode: code,
  code,
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(100_000).default(1),
  /** true: `qty` replaces what was counted of this SKU here (a corrected quantity) instead of adding to it. */
  set: z.boolean().default(false),
})
export type CountScanArgs = z.input<typeof CountScanArgs>
export const EmptyLocationArgs = z.strictObject({ taskNo: docNo, locationCode: code })
export const ReviewArgs = z.strictObject({ taskNo: docNo, note })
/** Cancel a plan nothing of which was submitted (→ Invalid 9 with its open tasks). */
export const CancelPlanArgs = z.strictObject({ planNo: docNo, note })
export type CancelPlanArgs = z.input<typeof CancelPlanArgs>

/** Most counted lines one import takes (issue 20: 10 000 lines with every error named in one pass). */
export const MAX_COUNT_IMPORT_LINES = 20_000
/**
 * One counted line of an import, compact (10 000 of them stay well under the 1 MB body): its sheet row,
 * the task, the location, the SKU code (UPC / FNSKU; '' with quantity 0: the location confirmed empty)
 * and the quantity counted. Lines of one (task, location, SKU) add up; the total replaces what was counted there.
 */
export const CountImportLine = z.tuple([
  z.number().int().min(1),
  docNo,
  code,
  z.string().trim().max(80).transform((s) => s.toUpperCase()),
  z.number().int().min(0, 'errors:field.tooSmall').max(100_000),
])
export type CountImportLine = z.input<typeof CountImportLine>
export const CountImportArgs = z.strictObject({
  rows: z.array(CountImportLine).min(1, 'errors:field.required').max(MAX_COUNT_IMPORT_LINES, 'stocktake:import.tooMany'),
})
export type CountImportArgs = z.input<typeof CountImportArgs>

/** Answers. Blind: nothing a counter receives carries an expected quantity. */
export const RuleSaved = z.object({ id: z.number().int(), name: z.string() })
export const PlanMade = z.object({ planNo: z.string(), id: z.number().int(), locations: z.number().int(), tasks: z.array(z.string()) })
export const TaskAnswer = z.object({ taskNo: z.string(), status: z.number().int() })
export const ScanAnswer = z.object({
  taskNo: z.string(), locationCode: z.string(), skuCode: z.string(),
  /** What this counter has counted of this SKU at this location so far. */
  counted: z.number().int(),
  /** Locations of the task not yet counted (neither scanned nor confirmed empty). */
  locationsLeft: z.number().int(),
})
export const Approved = z.object({
  taskNo: z.string(), planNo: z.string(), status: z.number().int(), lines: z.number().int(), surplus: z.number().int(), loss: z.number().int(),
  released: z.number().int(), planStatus: z.number().int(),
})
export const RecountMade = z.object({ taskNo: z.string(), recountNo: z.string() })
export const PlanCancelled = z.object({ planNo: z.string(), status: z.number().int(), tasks: z.array(z.string()) })
/** An import's answer. Blind: what was counted, never an expected quantity. */
export const CountImported = z.object({
  lines: z.number().int(), emptyLocations: z.number().int(),
  tasks: z.array(z.object({ taskNo: z.string(), lines: z.number().int(), locationsLeft: z.number().int() })),
})
export type CountImported = z.infer<typeof CountImported>
/** The dry run's answer: every bad row named at once; `rows` (the lines to send to count.lines.import as they are) only when none is bad. */
export interface CountImportDryRun {
  total: number
  tasks: number
  /** Lines the import would write (rows of one task, location and SKU add up to one). */
  creates: number
  errors: { row: number; field: string; column: string; messageKey: string; message: string }[]
  rows: CountImportLine[]
}
export type PlanMade = z.infer<typeof PlanMade>
export type ScanAnswer = z.infer<typeof ScanAnswer>
export type Approved = z.infer<typeof Approved>
export type RecountMade = z.infer<typeof RecountMade>

/** Endpoints (src/server/areas/stock-count). */
export const COUNT_API = {
  plans: '/api/counts/plans',
  tasks: '/api/counts/tasks',
  /** The station's view of a task: locations and what this counter counted — never expected quantities. */
  task: (taskNo: string) => `/api/counts/tasks/by-no/${encodeURIComponent(taskNo)}`,
  /** The reviewer's view: counted, on hand at the counted position, variance (refused to the task's counters). */
  review: (taskNo: string) => `/api/counts/tasks/by-no/${encodeURIComponent(taskNo)}/review`,
  lines: '/api/counts/lines',
  surplus: '/api/counts/surplus',
  loss: '/api/counts/loss',
  rules: '/api/counts/rules',
  /** The count-line import: its template (xlsx) and the dry run (multipart xlsx → every bad row, nothing written). */
  importTemplate: '/api/counts/import/template',
  importDryRun: '/api/counts/import/dry-run',
  /** A plan's or task's history: the count commands run on it. */
  history: (no: string) => `/api/counts/history/${encodeURIComponent(no)}`,
} as const

/** Where a count document opens: check-detail by plan or task number; the station by task number. */
export const COUNT_DETAIL_PATH = `${COUNT_PATH}/check-detail`
export const countDetailPath = (no: string) => `${COUNT_DETAIL_PATH}?no=${encodeURIComponent(no)}`
export const countStationPath = (taskNo: string) => `${COUNT_PATH}/list?task=${encodeURIComponent(taskNo)}`

const P = COUNT_PERMISSIONS
const KEYWORDS = ['PD', 'PT', 'count', 'stocktake', 'inventory check']
const onCounts = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(COUNT_PATH)
const theTaskNo = (ctx: CommandContext): string => String(targetsOf(ctx)[0]?.taskNo ?? '')

/** A task command from the palette: the open or selected task, else the number typed. */
async function taskArgs(ctx: CommandContext, rt: Parameters<NonNullable<CommandDef['run']>>[1]): Promise<{ taskNo: string } | undefined> {
  const own = theTaskNo(ctx)
  if (own) return { taskNo: own }
  const typed = await rt.prompt?.<string>('text', { title: 'stocktake:fields.taskNo' })
  return typed ? { taskNo: typed } : undefined
}
const taskCommand = (id: string, section: CommandDef['section'], permission: string, output: z.ZodType, input: z.ZodType = TaskNoArgs): CommandDef<any> => defineCommand<any>({
  id, title: `commands:${id}`, section, permission, input, output, server: true, keywords: KEYWORDS, when: onCounts,
  enabled: enabledByMachine(countTaskMachine, id), fieldLabel: (f) => `stocktake:fields.${f}`,
  run: async (ctx, rt, args) => {
    const a = args ?? await taskArgs(ctx, rt)
    return a ? rt.callServer(id, a) : undefined
  },
})

export const countCommands: readonly CommandDef<any>[] = [
  defineCommand<SaveRuleArgs>({
    id: 'count.rule.save', title: 'commands:count.rule.save', section: 'document', permission: P.rules, input: SaveRuleArgs, output: RuleSaved,
    server: true, keywords: [...KEYWORDS, 'rule'], when: (ctx) => ctx.route === '' || ctx.route.startsWith(COUNT_RULE_PATH), fieldLabel: (f) => `stocktake:fields.${f}`,
    run: (_ctx, rt, args) => (args ? rt.callServer('count.rule.save', args) : undefined),
  }),
  defineCommand<CreatePlanArgs>({
    id: 'count.plan.create', title: 'commands:count.plan.create', section: 'document', permission: P.plan, input: CreatePlanArgs, output: PlanMade,
    // Its location list is the one plan's own content: one document made, no bulk confirmation.
    bulk: false, server: true, keywords: KEYWORDS, when: onCounts, fieldLabel: (f) => `stocktake:fields.${f}`,
    run: async (ctx, rt, args) => {
      let a = args
      // On the plan list the dialog asks (locations, area, range, SKU or a rule; thresholds); elsewhere a list of location codes.
      if (a === undefined && ctx.route.startsWith(`${COUNT_PATH}/list`)) { rt.navigate(`${COUNT_PATH}/list?create=1`); return undefined }
      if (a === undefined) {
        const codes = await rt.prompt?.<string>('text', { title: 'stocktake:fields.locationCodes' })
        if (!codes) return undefined
        a = { locationCodes: codes.split(/[\s,;]+/).filter(Boolean) }
      }
      const r = await rt.callServer<PlanMade>('count.plan.create', a)
      rt.toast('success', 'stocktake:done.planMade', { planNo: r.planNo, count: r.tasks.length })
      return r
    },
  }),
  taskCommand('count.task.claim', 'scan', P.count, TaskAnswer, ClaimArgs),
  defineCommand<CountScanArgs>({
    id: 'count.scan', title: 'commands:count.scan', section: 'scan', permission: P.count, input: CountScanArgs, output: ScanAnswer,
    server: true, keywords: KEYWORDS, when: onCounts, enabled: enabledByMachine(countTaskMachine, 'count.scan'), fieldLabel: (f) => `stocktake:fields.${f}`,
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const t = await taskArgs(ctx, rt)
        if (!t) return undefined
        const locationCode = await rt.prompt?.<string>('text', { title: 'stocktake:fields.locationCode' })
        if (!locationCode) return undefined
        const sku = await rt.prompt?.<string>('text', { title: 'stocktake:fields.code' })
        if (!sku) return undefined
        a = { ...t, locationCode, code: sku }
      }
      return rt.callServer<ScanAnswer>('count.scan', a)
    },
  }),
  defineCommand<z.input<typeof EmptyLocationArgs>>({
    id: 'count.location.empty', title: 'commands:count.location.empty', section: 'scan', permission: P.count, input: EmptyLocationArgs, output: ScanAnswer.omit({ skuCode: true, counted: true }),
    server: true, keywords: [...KEYWORDS, 'empty'], when: onCounts, enabled: enabledByMachine(countTaskMachine, 'count.location.empty'), fieldLabel: (f) => `stocktake:fields.${f}`,
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const t = await taskArgs(ctx, rt)
        if (!t) return undefined
        const locationCode = await rt.prompt?.<string>('text', { title: 'stocktake:fields.locationCode' })
        if (!locationCode) return undefined
        a = { ...t, locationCode }
      }
      return rt.callServer('count.location.empty', a)
    },
  }),
  taskCommand('count.task.submit', 'scan', P.count, TaskAnswer),
  taskCommand('count.task.approve', 'status', P.approve, Approved, ReviewArgs),
  taskCommand('count.task.reject', 'status', P.review, TaskAnswer, ReviewArgs),
  taskCommand('count.task.recount', 'status', P.review, RecountMade, ReviewArgs),
  taskCommand('count.task.reissue', 'status', P.review, TaskAnswer, ReissueArgs),
  defineCommand<CancelPlanArgs>({
    id: 'count.plan.cancel', title: 'commands:count.plan.cancel', section: 'status', permission: P.plan, input: CancelPlanArgs, output: PlanCancelled,
    server: true, keywords: [...KEYWORDS, 'cancel', 'void'], when: onCounts, enabled: enabledByMachine(countPlanMachine, 'count.plan.cancel'), fieldLabel: (f) => `stocktake:fields.${f}`,
    confirm: 'stocktake:confirm.cancelPlan',
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const own = String(targetsOf(ctx).find((r) => r.planNo && !r.taskNo)?.planNo ?? '')
        const typed = own || await rt.prompt?.<string>('text', { title: 'stocktake:fields.planNo' })
        if (!typed) return undefined
        a = { planNo: typed }
      }
      return rt.callServer('count.plan.cancel', a)
    },
  }),
  defineCommand<CountImportArgs>({
    id: 'count.lines.import', title: 'commands:count.lines.import', section: 'document', permission: P.count, input: CountImportArgs, output: CountImported,
    // One sheet's lines for the tasks it names: the sheet is the one document the operator acts on.
    bulk: false, server: true, keywords: [...KEYWORDS, 'import', 'excel', 'xlsx'], when: onCounts, fieldLabel: (f) => `stocktake:fields.${f}`,
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(`${COUNT_PATH}/list?import=1`); return undefined }
      return rt.callServer<CountImported>('count.lines.import', args)
    },
  }),
]
