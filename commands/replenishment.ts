// Replenishment (issue 20 "Replenishment"): rules per pick face and SKU or per storage area and SKU
// pattern (min, max, rounding multiple, bulk source area, enabled, snoozed until), tasks (BH…) generated
// from the rules (a pick face below min is topped up to max, rounded UP to the multiple, limited by what
// bulk holds free), from allocation shortages (an order waits while bulk holds stock) and before a wave
// (its demand exceeds the pick faces) — never two open tasks for one pick face and SKU; the station
// (claim, scan the bulk location, the SKU, the quantity, the pick face: a ledger move under the BH
// number; completing re-runs allocation of the orders that waited for the SKU). Machine:
// src/domain/states/replenishment-task.ts. Handlers: src/server/areas/replenishment (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef } from '../src/domain/commands'
import { enabledByMachine, targetsOf } from '../src/domain/states/machine'
import { replenishmentTaskMachine } from '../src/domain/states/replenishment-task'

export const REPLENISHMENT_PATH = '/replenishment-order-manage/replenishment'
export const REPLENISHMENT_RULE_PATH = '/rule-management/replenishment-rule'
/** The station: the task list's screen with ?station=<BH…> (empty: no task yet), one menu entry as picking has it. */
export const replenishmentStationPath = (taskNo = '') => `${REPLENISHMENT_PATH}?station=${encodeURIComponent(taskNo)}`
/** One task (its explanation, ledger rows, actions): the list's screen with ?taskNo=<BH…>. */
export const replenishmentTaskPath = (taskNo: string) => `${REPLENISHMENT_PATH}?taskNo=${encodeURIComponent(taskNo)}`

/** Permission codes: the menus and buttons of replenishment and replenishment-rule (src/domain/menu/catalog.ts). */
export const REPLENISHMENT_PERMISSIONS = {
  view: 'menu:replenishment',
  /** A task by hand. */
  add: 'replenishment:add',
  /** Allot to a job group (spec: only in ToBeAllocated 4 and ToBeReplenished 0). */
  allot: 'replenishment:assign',
  abolish: 'replenishment:abolish',
  /** Run the rules now. */
  generate: 'replenishment:generate',
  /** The station: anyone who may open the replenishment list. */
  work: 'menu:replenishment',
  rules: 'menu:replenishment-rule',
  ruleAdd: 'replenishment-rule:add',
  ruleEdit: 'replenishment-rule:edit',
} as const

/** Most tasks one bulk action (allot, abolish) takes. */
export const MAX_REPLENISHMENT_BULK = 500

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
const optCode = z.string().trim().max(80).nullish().transform((v) => (v ? v.toUpperCase() : null))
const docNo = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const note = z.string().trim().max(200).nullish().transform((v) => (v ? v : null))
const qty = (max = 1_000_000, min = 0) => z.number({ error: 'errors:field.required' }).int('errors:field.invalidType').min(min, 'errors:field.tooSmall').max(max, 'errors:field.tooBig')

/**
 * A rule: one pick face (locationCode, a scattered location) and one SKU, or a storage area (areaCode)
 * and a SKU pattern (* and ? wildcards) for every pick face of that area holding a matching SKU.
 * min ≤ max, multiple ≥ 1 (rounding up to a case or box), sourceAreaCode: the bulk area goods come from.
 */
const RuleFields = {
  locationCode: optCode,
  skuCode: optCode,
  areaCode: optCode,
  skuPattern: optCode,
  minQty: qty(),
  maxQty: qty(1_000_000, 1),
  multiple: z.number().int('errors:field.invalidType').min(1, 'replenishment:errors.multiplePositive').max(100_000, 'errors:field.tooBig').default(1),
  sourceAreaCode: optCode,
  enabled: z.boolean().default(true),
  /** ISO date-time; the rule does not fire before it (null: not snoozed). */
  snoozedUntil: z.iso.datetime({ offset: true }).nullish(),
  remark: note,
}
const ruleChecks = <T extends z.ZodType<{ minQty: number; maxQty: number; locationCode: string | null; skuCode: string | null; areaCode: string | null; skuPattern: string | null }>>(s: T) => s
  .refine((a) => a.minQty <= a.maxQty, { message: 'replenishment:errors.minAboveMax', path: ['minQty'] })
  .refine((a) => (a.locationCode != null) === (a.skuCode != null), { message: 'replenishment:errors.faceNeedsSku', path: ['skuCode'] })
  .refine((a) => (a.areaCode != null) === (a.skuPattern != null), { message: 'replenishment:errors.areaNeedsPattern', path: ['skuPattern'] })
  .refine((a) => (a.locationCode != null) !== (a.areaCode != null), { message: 'replenishment:errors.faceOrArea', path: ['locationCode'] })
export const CreateRuleArgs = ruleChecks(z.strictObject(RuleFields))
export type CreateRuleArgs = z.input<typeof CreateRuleArgs>
export const UpdateRuleArgs = ruleChecks(z.strictObject({ id: z.number().int().positive(), ...RuleFields }))
export type UpdateRuleArgs = z.input<typeof UpdateRuleArgs>

/** Run the rules now (every pick face of the pair, or the listed ones). */
export const GenerateArgs = z.strictObject({ locationCodes: z.array(code).max(10_000).nullish() })
export type GenerateArgs = z.input<typeof GenerateArgs>
/** A task by hand: top up one pick face with one SKU (the quantity, else the rule's or what bulk holds). */
export const CreateTaskArgs = z.strictObject({ locationCode: code, skuCode: code, qty: qty(1_000_000, 1).nullish() })
export type CreateTaskArgs = z.input<typeof CreateTaskArgs>
export const TaskIdsArgs = z.strictObject({ ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_REPLENISHMENT_BULK) })
export const AllotArgs = z.strictObject({ ids: TaskIdsArgs.shape.ids, jobGroupId: z.number({ error: 'errors:field.required' }).int().positive() })
export type AllotArgs = z.input<typeof AllotArgs>
export const AbolishArgs = z.strictObject({ ids: TaskIdsArgs.shape.ids, reason: note })
export type AbolishArgs = z.input<typeof AbolishArgs>
/** Claim a task by number, or the next one (task path order) when none is given. */
export const ClaimArgs = z.strictObject({ taskNo: docNo.nullish() })
export type ClaimArgs = z.input<typeof ClaimArgs>
/** The station: from a bulk location, the SKU (code, UPC or FNSKU), the quantity, onto the task's pick face. */
export const MoveArgs = z.strictObject({
  taskNo: docNo,
  fromLocationCode: code,
  code,
  qty: qty(100_000, 1),
  toLocationCode: code,
})
export type MoveArgs = z.input<typeof MoveArgs>
export const TaskNoArgs = z.strictObject({ taskNo: docNo })

/** Why a task asks this quantity, computed when it was generated (and on each later trigger). */
export const Explanation = z.object({
  trigger: z.enum(['rule', 'shortage', 'wave', 'hand']),
  onHand: z.number().int(),
  reserved: z.number().int(),
  openDemand: z.number().int(),
  waveDemand: z.number().int(),
  openTaskQty: z.number().int(),
  min: z.number().int().nullable(),
  max: z.number().int().nullable(),
  multiple: z.number().int(),
  needed: z.number().int(),
  rounded: z.number().int(),
  bulkAvailable: z.number().int(),
  qty: z.number().int(),
  limitedByBulk: z.boolean(),
  at: z.string(),
})
export type Explanation = z.infer<typeof Explanation>

/** Answers. */
export const RuleSaved = z.object({ id: z.number().int() })
export const Generated = z.object({
  /** Pick faces (face × SKU) looked at. */
  considered: z.number().int(),
  created: z.array(z.string()),
  /** Open tasks a trigger added to instead of making another one. */
  updated: z.array(z.string()),
  /** Below min but nothing free in bulk. */
  noBulk: z.number().int(),
})
export type Generated = z.infer<typeof Generated>
export const TasksChanged = z.object({ taskNos: z.array(z.string()) })
export const Claimed = z.object({ taskNo: z.string(), status: z.number().int() })
export const Moved = z.object({
  taskNo: z.string(), status: z.number().int(), qty: z.number().int(), movedQty: z.number().int(), left: z.number().int(),
  /** Orders that waited for this SKU and allocated again when the task completed. */
  reallocated: z.array(z.object({ orderNo: z.string(), allocatedQty: z.number().int(), expectedQty: z.number().int() })),
})
export type Moved = z.infer<typeof Moved>

/** Endpoints (src/server/areas/replenishment). */
export const REPLENISHMENT_API = {
  rules: '/api/replenishment/rules',
  tasks: '/api/replenishment/tasks',
  task: (taskNo: string) => `/api/replenishment/tasks/by-no/${encodeURIComponent(taskNo)}`,
  /** Dry run of generating by rule now: the tasks it would make and the open ones it would add to (nothing written). */
  generatePreview: '/api/replenishment/generate-preview',
  /** The pair's job groups (the allot prompt). */
  jobGroups: '/api/replenishment/job-groups',
} as const
export const GeneratePreview = z.object({ created: z.number().int(), updated: z.number().int(), noBulk: z.number().int() })
export type GeneratePreview = z.infer<typeof GeneratePreview>

const P = REPLENISHMENT_PERMISSIONS
const KEYWORDS = ['BH', 'replenishment', 'replenish', 'top up', 'pick face']
const onTasks = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(REPLENISHMENT_PATH)
const onRules = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(REPLENISHMENT_RULE_PATH)
const idsOf = (ctx: CommandContext) => targetsOf(ctx).map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)
const theTaskNo = (ctx: CommandContext): string => String(targetsOf(ctx)[0]?.taskNo ?? '')
const label = (f: string) => `replenishment:fields.${f.split('.')[0]}`
/** A status action over the selected rows, else the open task: disabled without either (and with the machine's reason). */
const onTargets = (id: string) => (ctx: CommandContext) => (targetsOf(ctx).length ? enabledByMachine(replenishmentTaskMachine, id)(ctx) : 'common:validation.selectAtLeastOne')

const ruleCommand = (id: 'replenishment.rule.create' | 'replenishment.rule.update', permission: string, input: z.ZodType) => defineCommand<any>({
  id, title: `commands:${id}`, section: 'document', permission, input, output: RuleSaved, server: true, keywords: [...KEYWORDS, 'rule', 'min', 'max'],
  when: onRules, fieldLabel: label, page: REPLENISHMENT_RULE_PATH,
  // From the palette without arguments: the rule screen, its dialog open for a new rule.
  run: (_ctx, rt, args) => (args ? rt.callServer(id, args) : rt.navigate(id === 'replenishment.rule.create' ? `${REPLENISHMENT_RULE_PATH}?new=1` : REPLENISHMENT_RULE_PATH)),
})

export const replenishmentCommands: readonly CommandDef<any>[] = [
  ruleCommand('replenishment.rule.create', P.ruleAdd, CreateRuleArgs),
  ruleCommand('replenishment.rule.update', P.ruleEdit, UpdateRuleArgs),
  defineCommand<GenerateArgs>({
    id: 'replenishment.generate', title: 'commands:replenishment.generate', section: 'document', permission: P.generate, input: GenerateArgs, output: Generated,
    server: true, keywords: [...KEYWORDS, 'generate', 'min', 'max'], when: onTasks, page: REPLENISHMENT_PATH, fieldLabel: label,
    confirm: 'replenishment:confirm.generate',
    // Makes a task per pick face below its min: one question naming how many, from the server's dry run.
    bulk: {
      noun: 'replenishment:bulk.face', none: 'replenishment:done.none',
      preview: async (_ctx, rt, args) => {
        if (!rt.read) throw new Error('replenishment.generate: the runtime cannot read the dry run')
        const p = await rt.read<GeneratePreview>(REPLENISHMENT_API.generatePreview, args?.locationCodes?.length ? { locationCodes: args.locationCodes.join(',') } : undefined)
        return { count: p.created + p.updated, params: { created: p.created, updated: p.updated } }
      },
    },
    run: async (_ctx, rt, args) => {
      const r = await rt.callServer<Generated>('replenishment.generate', args ?? {})
      rt.toast('success', 'replenishment:done.generated', { count: r.created.length, updated: r.updated.length })
      return r
    },
  }),
  defineCommand<CreateTaskArgs>({
    id: 'replenishment.task.create', title: 'commands:replenishment.task.create', section: 'document', permission: P.add, input: CreateTaskArgs, output: Generated,
    server: true, keywords: KEYWORDS, when: onTasks, page: REPLENISHMENT_PATH, fieldLabel: label,
    run: async (_ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const locationCode = await rt.prompt?.<string>('text', { title: 'replenishment:fields.locationCode' })
        if (!locationCode) return undefined
        const skuCode = await rt.prompt?.<string>('text', { title: 'replenishment:fields.skuCode' })
        if (!skuCode) return undefined
        a = { locationCode, skuCode }
      }
      const r = await rt.callServer<Generated>('replenishment.task.create', a)
      rt.toast('success', 'replenishment:done.generated', { count: r.created.length, updated: r.updated.length })
      return r
    },
  }),
  defineCommand<AllotArgs>({
    id: 'replenishment.task.allot', title: 'commands:replenishment.task.allot', section: 'status', permission: P.allot, input: AllotArgs, output: TasksChanged,
    server: true, keywords: [...KEYWORDS, 'allot', 'job group'], when: onTasks, fieldLabel: label,
    bulk: { noun: 'replenishment:bulk.task', targets: (ctx) => idsOf(ctx).length },
    enabled: onTargets('replenishment.task.allot'),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const group = await rt.prompt?.<{ jobGroupId?: number }>('replenishment.jobGroup')
        if (!group?.jobGroupId) return undefined
        a = { ids: idsOf(ctx), jobGroupId: group.jobGroupId }
      }
      const r = await rt.callServer<{ taskNos: string[] }>('replenishment.task.allot', a)
      rt.toast('success', 'replenishment:done.allotted', { count: r.taskNos.length })
      return r
    },
  }),
  defineCommand<AbolishArgs>({
    id: 'replenishment.task.abolish', title: 'commands:replenishment.task.abolish', section: 'status', permission: P.abolish, input: AbolishArgs, output: TasksChanged,
    server: true, keywords: [...KEYWORDS, 'abolish', 'cancel'], when: onTasks, fieldLabel: label,
    confirm: 'replenishment:confirm.abolish',
    bulk: { noun: 'replenishment:bulk.task', targets: (ctx) => idsOf(ctx).length },
    enabled: onTargets('replenishment.task.abolish'),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<{ taskNos: string[] }>('replenishment.task.abolish', args ?? { ids: idsOf(ctx) })
      rt.toast('success', 'replenishment:done.abolished', { count: r.taskNos.length })
      return r
    },
  }),
  defineCommand<ClaimArgs>({
    id: 'replenishment.task.claim', title: 'commands:replenishment.task.claim', section: 'scan', permission: P.work, input: ClaimArgs, output: Claimed,
    server: true, keywords: [...KEYWORDS, 'claim', 'station'], when: onTasks, fieldLabel: label,
    enabled: enabledByMachine(replenishmentTaskMachine, 'replenishment.task.claim'),
    // From the list, a task's page or the palette: claim, then the station with it. The station itself passes its arguments and stays.
    run: async (ctx, rt, args) => {
      if (args) return rt.callServer<{ taskNo: string }>('replenishment.task.claim', args)
      const own = theTaskNo(ctx)
      const r = await rt.callServer<{ taskNo: string }>('replenishment.task.claim', own ? { taskNo: own } : {})
      rt.navigate(replenishmentStationPath(r.taskNo))
      return r
    },
  }),
  defineCommand<MoveArgs>({
    id: 'replenishment.move', title: 'commands:replenishment.move', section: 'scan', permission: P.work, input: MoveArgs, output: Moved,
    server: true, keywords: [...KEYWORDS, 'move', 'put'], when: onTasks, fieldLabel: label,
    enabled: enabledByMachine(replenishmentTaskMachine, 'replenishment.move'),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const taskNo = theTaskNo(ctx) || await rt.prompt?.<string>('text', { title: 'replenishment:fields.taskNo' })
        if (!taskNo) return undefined
        const fromLocationCode = await rt.prompt?.<string>('text', { title: 'replenishment:fields.fromLocationCode' })
        if (!fromLocationCode) return undefined
        const sku = await rt.prompt?.<string>('text', { title: 'replenishment:fields.code' })
        if (!sku) return undefined
        const n = await rt.prompt?.<string>('text', { title: 'replenishment:fields.qty' })
        if (!n) return undefined
        const toLocationCode = await rt.prompt?.<string>('text', { title: 'replenishment:fields.toLocationCode' })
        if (!toLocationCode) return undefined
        a = { taskNo, fromLocationCode, code: sku, qty: Number(n), toLocationCode }
      }
      return rt.callServer<Moved>('replenishment.move', a)
    },
  }),
  defineCommand<z.input<typeof TaskNoArgs>>({
    id: 'replenishment.task.finish', title: 'commands:replenishment.task.finish', section: 'scan', permission: P.work, input: TaskNoArgs, output: Moved,
    server: true, keywords: [...KEYWORDS, 'finish', 'short'], when: onTasks, fieldLabel: label, confirm: 'replenishment:confirm.finish',
    enabled: enabledByMachine(replenishmentTaskMachine, 'replenishment.task.finish'),
    run: async (ctx, rt, args) => {
      const taskNo = args?.taskNo ?? (theTaskNo(ctx) || await rt.prompt?.<string>('text', { title: 'replenishment:fields.taskNo' }))
      return taskNo ? rt.callServer<Moved>('replenishment.task.finish', { taskNo }) : undefined
    },
  }),
]
