// Waves, picking tasks, the picking station and pick-diff exceptions (issue 12 §3–4): generate waves
// by the wave rules (or by hand from a selection of orders), cancel a wave nobody picks yet, allot
// picking tasks to an operator or a job group, claim a task, pick by scanning location then SKU
// (goods move on the ledger from the shelf to the picked-goods location; the reservation follows
// them), report a short pick (a pick-diff exception), and resolve it: reissue, reallocate or out of
// stock. Machines: src/domain/states/wave.ts, picking-task.ts, pick-diff.ts. Handlers:
// src/server/areas/outbound/picking.ts (one transaction each).
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { PickMode } from '../src/domain/dictionaries'
import { enabledOver, type MachineDef } from '../src/domain/states/machine'
import { waveMachine } from '../src/domain/states/wave'
import { pickingTaskMachine } from '../src/domain/states/picking-task'
import { pickDiffMachine } from '../src/domain/states/pick-diff'
import { OUTBOUND_ORDER_PATH, selectedOutboundIds } from './outbound-orders'
import { LABELS_DOWNLOAD_PANEL } from './inbound-extra'

export const WAVE_PATH = '/stock-out/ToC/wave-picking'
export const WAVE_DETAILS_PATH = '/stock-out/ToC/wave-picking/details'
export const waveDetailsPath = (waveNo: string) => `${WAVE_DETAILS_PATH}?waveNo=${encodeURIComponent(waveNo)}`
export const PICKING_PATH = '/stock-out/ToC/pickingtasks'
export const pickingStationPath = (taskNo: string) => `${PICKING_PATH}?task=${encodeURIComponent(taskNo)}`
export const PICK_DIFF_PATH = '/stock-out-abnormal/pick-diff'
/** The pick differences screen showing one difference (palette "go to document"). */
export const pickDiffPath = (diffNo: string) => `${PICK_DIFF_PATH}?diffNo=${encodeURIComponent(diffNo)}`

/** Permission codes: buttons of wave-picking, pickingtasks and pick-diff (src/domain/menu/catalog.ts). */
export const PICKING_PERMISSIONS = {
  waveView: 'menu:wave-picking',
  waveCreate: 'wave-picking:create',
  waveAssign: 'wave-picking:assign',
  waveCancel: 'wave-picking:cancel',
  taskView: 'menu:pickingtasks',
  taskAssign: 'pickingtasks:assign',
  /** The wave's picking list (button 7124 of pickingtasks; also shown on the wave pages). */
  taskPrint: 'pickingtasks:print',
  taskClaim: 'pickingtasks:claim',
  pick: 'pickingtasks:pick',
  diffView: 'menu:pick-diff',
  diffHandle: 'pick-diff:handle',
} as const

/** Most orders a wave made by hand takes. */
export const MAX_WAVE_ORDERS = 1000

const taskNoSchema = z.string().trim().min(1, 'errors:field.required').max(40).transform((s) => s.toUpperCase())
const scanCode = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())

/** By rule: every enabled wave rule in priority order over the orders in force, fully allocated, in no wave. */
export const GenerateWavesArgs = z.strictObject({ ruleId: z.number().int().positive().nullish() })
export type GenerateWavesArgs = z.infer<typeof GenerateWavesArgs>
export const CreateWaveArgs = z.strictObject({
  orderIds: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_WAVE_ORDERS),
  pickMode: z.number().int().refine((v) => v === PickMode.PickingBySeed || v === PickMode.OrdinaryPicking, 'errors:field.invalidValue').default(PickMode.OrdinaryPicking),
  taskMode: z.enum(['whole', 'bulk']).default('whole'),
})
export type CreateWaveArgs = z.input<typeof CreateWaveArgs>
export const WaveIdsArgs = z.strictObject({ ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(200) })
export type WaveIdsArgs = z.infer<typeof WaveIdsArgs>

/** Allot picking tasks: to one operator or to a job group (exactly one of the two). */
export const AssignTasksArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(200),
  assigneeId: z.number().int().positive().nullish(),
  jobGroupId: z.number().int().positive().nullish(),
}).refine((a) => (a.assigneeId == null) !== (a.jobGroupId == null), { message: 'outbound:pick.errors.assignOne', path: ['assigneeId'] })
export type AssignTasksArgs = z.infer<typeof AssignTasksArgs>
/** Allot a wave's picking tasks (its unclaimed ones): to one operator or to a job group (wave-picking:assign). */
export const AssignWaveArgs = z.strictObject({
  waveId: z.number().int().positive(),
  assigneeId: z.number().int().positive().nullish(),
  jobGroupId: z.number().int().positive().nullish(),
}).refine((a) => (a.assigneeId == null) !== (a.jobGroupId == null), { message: 'outbound:pick.errors.assignOne', path: ['assigneeId'] })
export type AssignWaveArgs = z.infer<typeof AssignWaveArgs>
/** Print a wave's picking list (spec section 5: "one wave list printed at a time") on the printer named, else print setup's. */
export const PrintWaveListArgs = z.strictObject({
  ids: z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(1, 'outbound:wave.errors.onePrintAtATime'),
  printerId: z.number().int().positive().nullish(),
})
export type PrintWaveListArgs = z.infer<typeof PrintWaveListArgs>

export const ClaimTaskArgs = z.strictObject({ taskNo: taskNoSchema, cartCode: z.string().trim().max(40).nullish().transform((v) => (v ? v.toUpperCase() : null)) })
export type ClaimTaskArgs = z.input<typeof ClaimTaskArgs>

/** One pick: the location scanned first, then the SKU (code, UPC or FNSKU); qty typed or 1 per scan. */
export const PickScanArgs = z.strictObject({
  taskNo: taskNoSchema,
  locationCode: scanCode,
  code: scanCode,
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000).default(1),
})
export type PickScanArgs = z.input<typeof PickScanArgs>

/** A short pick on one line: the quantity not found there (at most what is left to pick on it). */
export const PickShortArgs = z.strictObject({
  taskNo: taskNoSchema,
  lineId: z.number().int().positive(),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000),
})
export type PickShortArgs = z.infer<typeof PickShortArgs>
export const TaskNoArgs = z.strictObject({ taskNo: taskNoSchema })
export type TaskNoArgs = z.input<typeof TaskNoArgs>

export const PICK_DIFF_RESOLUTIONS = ['reissue', 'reallocate', 'outOfStock'] as const
export type PickDiffResolution = (typeof PICK_DIFF_RESOLUTIONS)[number]
/** Reissue: quantity above 0 and not above the quantity to pick (spec section 5). */
export const ResolveDiffArgs = z.strictObject({
  id: z.number().int().positive(),
  resolution: z.enum(PICK_DIFF_RESOLUTIONS),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000).nullish(),
  remark: z.string().trim().max(300).nullish().transform((v) => (v ? v : null)),
}).refine((a) => a.resolution !== 'reissue' || a.qty != null, { message: 'errors:field.required', path: ['qty'] })
export type ResolveDiffArgs = z.infer<typeof ResolveDiffArgs>

/** Server answers. */
/** A wave made: its number, orders, units, picking tasks and the rule that made it (null: by hand). The answer of outbound.wave.create. */
export const WaveMade = z.object({ waveNo: z.string(), id: z.number().int(), orders: z.number().int(), qty: z.number().int(), tasks: z.array(z.string()), ruleId: z.number().int().nullable() })
export type WaveMade = z.infer<typeof WaveMade>
/** The answer of outbound.wave.generate: the waves made by rule and the candidate orders left out. */
export const GenerateResult = z.object({ waves: z.array(WaveMade), skipped: z.number().int() })
export type GenerateResult = z.infer<typeof GenerateResult>
/** What generating by rule would do now (the handler's own selection, nothing written): orders waved, waves made, orders left out. */
export interface GeneratePreview { orders: number; waves: number; skipped: number }
/** The line to pick next: where, what, for which order, how many are left on it. */
export const PickNext = z.object({ lineId: z.number().int(), seq: z.number().int(), locationCode: z.string(), skuCode: z.string(), orderNo: z.string(), remaining: z.number().int() })
export type PickNext = z.infer<typeof PickNext>
/** One pick: the line it counted on, what is left there, the next line (null when the task is done), the wave's status, the orders now fully picked. */
export const PickResult = z.object({
  taskNo: z.string(), lineId: z.number().int(), picked: z.number().int(), remaining: z.number().int(), taskDone: z.boolean(),
  next: PickNext.nullable(), waveStatus: z.number().int(), orderReady: z.array(z.string()),
})
export type PickResult = z.infer<typeof PickResult>
/** A short pick: the pick's answer and the picking difference it opened. */
export const ShortResult = PickResult.extend({ diffNo: z.string() })
export type ShortResult = z.infer<typeof ShortResult>
export const WaveListPrinted = z.object({ waveNo: z.string(), printer: z.string(), jobId: z.number().int(), pages: z.number().int(), bytes: z.number().int(), url: z.string() })
export type WaveListPrinted = z.infer<typeof WaveListPrinted>
export const WaveAssigned = z.object({ waveNo: z.string(), assigned: z.array(z.string()) })
export type WaveAssigned = z.infer<typeof WaveAssigned>
const WavesCancelled = z.object({ cancelled: z.array(z.string()) })
const TasksAssigned = z.object({ assigned: z.array(z.string()) })
const TaskClaimed = z.object({ taskNo: z.string() })
/** The answer of outbound.pickTask.complete: the task, the wave's status, the orders now fully picked (next: null). */
const TaskCompleted = z.object({ taskNo: z.string(), taskDone: z.boolean(), waveStatus: z.number().int(), orderReady: z.array(z.string()), next: PickNext.nullable() })
/** The answer of outbound.pickDiff.resolve: how many units it settled, the new picking task (if any), the orders ready, the wave's status. */
const DiffResolved = z.object({
  diffNo: z.string(), resolution: z.enum(PICK_DIFF_RESOLUTIONS), resolvedQty: z.number().int(), taskNo: z.string().nullable(),
  orderReady: z.array(z.string()), waveStatus: z.number().int(),
})

/** Endpoints (src/server/areas/outbound/picking.ts). */
export const PICKING_API = {
  waves: '/api/outbound/waves',
  wave: (waveNo: string) => `/api/outbound/waves/by-no/${encodeURIComponent(waveNo)}`,
  tasks: '/api/outbound/picking-tasks',
  task: (taskNo: string) => `/api/outbound/picking-tasks/by-no/${encodeURIComponent(taskNo)}`,
  diffs: '/api/outbound/pick-diffs',
  assignees: '/api/outbound/picking-tasks/assignees',
  /** The wave's picking list as a PDF (locations in path order, SKU, quantity, orders). */
  waveList: (waveNo: string) => `/api/outbound/waves/by-no/${encodeURIComponent(waveNo)}/picking-list.pdf`,
  generatePreview: '/api/outbound/waves/generate-preview',
} as const

const P = PICKING_PERMISSIONS
const KEYWORDS = ['BC', 'JH', 'wave', 'picking']

type Row = Readonly<Record<string, unknown>>
/**
 * What a command of each document acts on. Pages show several kinds at once (a wave's details page:
 * the wave as its document, its tasks in a grid), so each kind names where its targets come from:
 * waves — on the wave details page the open wave, else the selected wave rows; tasks and exceptions —
 * the selected rows carrying their number, else the open document of that kind (the station's task).
 */
type Kind = 'wave' | 'task' | 'diff'
const has = (r: Row, key: string) => typeof r[key] === 'string' && r[key] !== ''
/** A row of that kind: a wave row has a wave number and no order or task number (order rows carry their wave's). */
const IS: Record<Kind, (r: Row) => boolean> = {
  wave: (r) => has(r, 'waveNo') && !has(r, 'taskNo') && !has(r, 'orderNo'),
  task: (r) => has(r, 'taskNo') && !has(r, 'diffNo'),
  diff: (r) => has(r, 'diffNo'),
}
function targetRows(ctx: CommandContext, kind: Kind): readonly Row[] {
  const own = (r: Row | undefined): r is Row => !!r && IS[kind](r)
  if (kind === 'wave' && ctx.route.startsWith(WAVE_DETAILS_PATH)) return own(ctx.document) ? [ctx.document] : []
  const rows = ctx.selection.filter(own)
  if (rows.length) return rows
  return own(ctx.document) ? [ctx.document] : []
}
const idsOf = (rows: readonly Row[]) => rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)
const byMachine = <D extends { status: number }>(m: MachineDef<D>, id: string, kind: Kind) => (ctx: CommandContext): EnabledResult => {
  const rows = targetRows(ctx, kind)
  return rows.length ? enabledOver(m, id, rows, ctx) : 'common:validation.selectAtLeastOne'
}
const theTask = (ctx: CommandContext) => targetRows(ctx, 'task')[0]
const atStation = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(PICKING_PATH)
/** Other outbound picking (stock-out → other-pick; OTHER_PICK_PATH of ./other-inout, which imports this module): its tasks are claimed there too. */
export const OTHER_PICK_ROUTE = '/stock-out/other-pick'
/** The ToB picking task list (stock-out → ToB → picking-task; TOB_TASKS_PATH of ./tob-orders): its tasks are claimed, assigned and printed there too. */
export const TOB_PICKING_ROUTE = '/stock-out/ToB/picking-task'
const canClaimHere = (ctx: CommandContext) => atStation(ctx) || ctx.route.startsWith(OTHER_PICK_ROUTE) || ctx.route.startsWith(TOB_PICKING_ROUTE)
/** The wave pages and the picking task lists: where a wave's picking list is printed. */
const onWavesOrTasks = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(WAVE_PATH) || ctx.route.startsWith(PICKING_PATH) || ctx.route.startsWith(TOB_PICKING_ROUTE)
/** The waves a picking list command acts on: the wave pages' targets, else the waves of the selected picking tasks. */
function listWaves(ctx: CommandContext): readonly Row[] {
  const waves = targetRows(ctx, 'wave')
  if (waves.length) return waves
  const byId = new Map<number, Row>()
  for (const t of targetRows(ctx, 'task')) {
    const id = Number(t.waveId)
    if (Number.isInteger(id) && id > 0 && !byId.has(id)) byId.set(id, { id, waveNo: t.waveNo })
  }
  return [...byId.values()]
}
/** Exactly one wave (spec section 5: "one wave list printed at a time"), not cancelled. */
const listEnabled = (ctx: CommandContext): EnabledResult => {
  const rows = listWaves(ctx)
  if (!rows.length) return 'common:validation.selectAtLeastOne'
  if (rows.length > 1) return 'outbound:wave.errors.onePrintAtATime'
  return enabledOver(waveMachine, 'outbound.wave.printList', rows, ctx)
}
/** The wave list itself (not its details page): where the wave list's own keys fire. */
const onWaveList = (ctx: CommandContext) => ctx.route.split(/[?#]/)[0] === WAVE_PATH

export const pickingCommands: readonly CommandDef<any>[] = [
  defineCommand<GenerateWavesArgs>({
    id: 'outbound.wave.generate', title: 'commands:outbound.wave.generate', section: 'document', permission: P.waveCreate,
    // Creates many waves from many orders: Alt+G only on the wave list with its grid focused (never on
    // a station or another screen), and from every surface one question naming the orders and waves
    // the server's dry run counts (none: said, nothing runs).
    input: GenerateWavesArgs, output: GenerateResult, server: true, keywords: KEYWORDS, shortcut: 'Alt+g', scope: 'grid', shortcutWhen: onWaveList,
    confirm: 'outbound:wave.confirm.generate',
    bulk: {
      noun: 'outbound:wave.confirm.generateCount', none: 'outbound:wave.done.none',
      preview: async (_ctx, rt, args) => {
        if (!rt.read) throw new Error('outbound.wave.generate: the runtime cannot read the dry run')
        const p = await rt.read<GeneratePreview>(PICKING_API.generatePreview, args?.ruleId != null ? { ruleId: args.ruleId } : undefined)
        return { count: p.orders, params: { waves: p.waves, skipped: p.skipped } }
      },
    },
    run: async (_ctx, rt, args) => {
      const r = await rt.callServer<GenerateResult>('outbound.wave.generate', args ?? {})
      rt.toast(r.waves.length ? 'success' : 'info', r.waves.length ? 'outbound:wave.done.generated' : 'outbound:wave.done.none', { count: r.waves.length, waveNo: r.waves.map((w) => w.waveNo).join(', ') })
      return r
    },
  }),
  defineCommand<CreateWaveArgs>({
    id: 'outbound.wave.create', title: 'commands:outbound.wave.create', section: 'document', permission: P.waveCreate,
    input: CreateWaveArgs, output: WaveMade, server: true, keywords: KEYWORDS, when: (ctx) => ctx.route === '' || ctx.route.startsWith(OUTBOUND_ORDER_PATH),
    bulk: { noun: 'palette:bulk.count.outboundOrder', targets: (ctx) => selectedOutboundIds(ctx).length, askFrom: 2 },
    enabled: (ctx) => (selectedOutboundIds(ctx).length ? true : 'common:validation.selectAtLeastOne'),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<WaveMade>('outbound.wave.create', args ?? { orderIds: selectedOutboundIds(ctx) })
      rt.toast('success', 'outbound:wave.done.created', { waveNo: r.waveNo, count: r.orders })
      return r
    },
  }),
  defineCommand<WaveIdsArgs>({
    id: 'outbound.wave.cancel', title: 'commands:outbound.wave.cancel', section: 'status', permission: P.waveCancel,
    input: WaveIdsArgs, output: WavesCancelled, server: true, keywords: KEYWORDS, confirm: 'outbound:wave.confirm.cancel',
    bulk: { noun: 'palette:bulk.count.wave', targets: (ctx) => idsOf(targetRows(ctx, 'wave')).length },
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(WAVE_PATH), enabled: byMachine(waveMachine, 'outbound.wave.cancel', 'wave'),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<{ cancelled: string[] }>('outbound.wave.cancel', args ?? { ids: idsOf(targetRows(ctx, 'wave')) })
      rt.toast('success', 'outbound:wave.done.cancelled', { waveNo: r.cancelled.join(', ') })
      return r
    },
  }),
  defineCommand<AssignTasksArgs>({
    id: 'outbound.pickTask.assign', title: 'commands:outbound.pickTask.assign', section: 'document', permission: P.taskAssign,
    input: AssignTasksArgs, output: TasksAssigned, server: true, keywords: [...KEYWORDS, 'allot'],
    bulk: { noun: 'palette:bulk.count.pickingTask', targets: (ctx) => idsOf(targetRows(ctx, 'task')).length, askFrom: 2 },
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(PICKING_PATH) || ctx.route.startsWith(WAVE_PATH) || ctx.route.startsWith(TOB_PICKING_ROUTE),
    enabled: byMachine(pickingTaskMachine, 'outbound.pickTask.assign', 'task'),
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const who = await rt.prompt?.<{ assigneeId?: number; jobGroupId?: number }>('outbound.pickAssignee')
        if (!who) return undefined
        a = { ids: idsOf(targetRows(ctx, 'task')), assigneeId: who.assigneeId ?? null, jobGroupId: who.jobGroupId ?? null }
      }
      const r = await rt.callServer<{ assigned: string[] }>('outbound.pickTask.assign', a)
      rt.toast('success', 'outbound:pick.done.assigned', { count: r.assigned.length })
      return r
    },
  }),
  defineCommand<ClaimTaskArgs>({
    id: 'outbound.pickTask.claim', title: 'commands:outbound.pickTask.claim', section: 'scan', permission: P.taskClaim,
    input: ClaimTaskArgs, output: TaskClaimed, server: true, keywords: [...KEYWORDS, 'claim'], when: canClaimHere,
    enabled: byMachine(pickingTaskMachine, 'outbound.pickTask.claim', 'task'),
    run: async (ctx, rt, args) => {
      const taskNo = args?.taskNo ?? (theTask(ctx)?.taskNo as string | undefined)
      if (!taskNo) return undefined
      const r = await rt.callServer<{ taskNo: string }>('outbound.pickTask.claim', args ?? { taskNo })
      rt.navigate(pickingStationPath(r.taskNo))
      return r
    },
  }),
  defineCommand<PickScanArgs>({
    id: 'outbound.pick.scan', title: 'commands:outbound.pick.scan', section: 'scan', permission: P.pick,
    input: PickScanArgs, output: PickResult, server: true, keywords: KEYWORDS, when: atStation, enabled: byMachine(pickingTaskMachine, 'outbound.pick.scan', 'task'),
    fieldLabel: (f) => `outbound:pick.fields.${f}`,
    // The station scans; from the palette the location and the code are typed in turn.
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const locationCode = await rt.prompt?.<string>('text', { title: 'outbound:pick.fields.locationCode' })
        if (!locationCode) return undefined
        const code = await rt.prompt?.<string>('text', { title: 'outbound:pick.fields.code' })
        if (!code) return undefined
        a = { taskNo: String(theTask(ctx)?.taskNo ?? ''), locationCode, code }
      }
      return rt.callServer<PickResult>('outbound.pick.scan', a)
    },
  }),
  defineCommand<PickShortArgs>({
    id: 'outbound.pick.short', title: 'commands:outbound.pick.short', section: 'scan', permission: P.pick,
    input: PickShortArgs, output: ShortResult, server: true, keywords: [...KEYWORDS, 'short', 'diff'], shortcut: 'Alt+s', scope: 'scan', when: atStation,
    enabled: byMachine(pickingTaskMachine, 'outbound.pick.short', 'task'),
    fieldLabel: (f) => `outbound:pick.fields.${f}`,
    // From the palette: the short quantity of the station's current line.
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const task = theTask(ctx)
        if (!task || !(Number(task.nextLineId) > 0)) { rt.toast('error', 'outbound:pick.errors.noLineLeft'); return undefined }
        const qty = await rt.prompt?.<string>('text', { title: 'outbound:pick.fields.qty' })
        if (!qty) return undefined
        a = { taskNo: String(task.taskNo), lineId: Number(task.nextLineId), qty: Number(qty) }
      }
      const r = await rt.callServer<ShortResult>('outbound.pick.short', a)
      rt.toast('info', 'outbound:pick.done.short', { diffNo: r.diffNo })
      return r
    },
  }),
  defineCommand<TaskNoArgs>({
    id: 'outbound.pickTask.complete', title: 'commands:outbound.pickTask.complete', section: 'scan', permission: P.pick,
    input: TaskNoArgs, output: TaskCompleted, server: true, keywords: KEYWORDS, when: atStation, enabled: byMachine(pickingTaskMachine, 'outbound.pickTask.complete', 'task'),
    run: (ctx, rt, args) => rt.callServer('outbound.pickTask.complete', args ?? { taskNo: String(theTask(ctx)?.taskNo ?? '') }),
  }),
  defineCommand<ResolveDiffArgs>({
    id: 'outbound.pickDiff.resolve', title: 'commands:outbound.pickDiff.resolve', section: 'status', permission: P.diffHandle,
    input: ResolveDiffArgs, output: DiffResolved, server: true, keywords: ['CY', 'pick-diff', 'reissue', 'reallocate'], fieldLabel: (f) => `outbound:pickDiff.fields.${f}`,
    when: (ctx) => ctx.route === '' || ctx.route.startsWith(PICK_DIFF_PATH), enabled: byMachine(pickDiffMachine, 'outbound.pickDiff.resolve', 'diff'),
    // From the palette: the list's resolve dialog, as Enter on the grid's active row opens it.
    run: async (_ctx, rt, args) => {
      if (args === undefined) return rt.effect('grid.openRow')
      const r = await rt.callServer<{ diffNo: string }>('outbound.pickDiff.resolve', args)
      rt.toast('success', 'outbound:pickDiff.done.resolved', { diffNo: r.diffNo })
      return r
    },
  }),
  // The wave's picking list (issue 18): printed on print setup's picking-list printer (a PDF printer), or
  // downloaded as the same PDF. One wave at a time (spec section 5), from the wave list, the wave's page
  // or the picking tasks of one wave.
  defineCommand<PrintWaveListArgs>({
    id: 'outbound.wave.printList', title: 'commands:outbound.wave.printList', section: 'document', permission: P.taskPrint,
    input: PrintWaveListArgs, output: WaveListPrinted, server: true, keywords: [...KEYWORDS, 'print', 'PDF', 'picking list'], when: onWavesOrTasks, enabled: listEnabled,
    fieldLabel: (f) => (f === 'ids' ? 'outbound:wave.document' : undefined),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<WaveListPrinted>('outbound.wave.printList', args ?? { ids: idsOf(listWaves(ctx)) })
      rt.toast('success', 'outbound:wave.done.printed', { waveNo: r.waveNo, printer: r.printer })
      return r
    },
  }),
  defineCommand({
    id: 'outbound.wave.downloadList', title: 'commands:outbound.wave.downloadList', section: 'document', permission: P.taskPrint,
    keywords: [...KEYWORDS, 'download', 'PDF', 'picking list'], when: onWavesOrTasks, enabled: listEnabled,
    run: (ctx, rt) => {
      const [w] = listWaves(ctx)
      if (!w || typeof w.waveNo !== 'string') return undefined
      rt.open(LABELS_DOWNLOAD_PANEL, { url: PICKING_API.waveList(w.waveNo), orderNo: w.waveNo, messageKey: 'outbound:wave.done.downloading' })
      return { waveNo: w.waveNo }
    },
  }),
  // Allot the wave's picking tasks (its unclaimed ones) in one go: the seeded wave-picking:assign button.
  defineCommand<AssignWaveArgs>({
    id: 'outbound.wave.assign', title: 'commands:outbound.wave.assign', section: 'document', permission: P.waveAssign,
    input: AssignWaveArgs, output: WaveAssigned, server: true, keywords: [...KEYWORDS, 'allot', 'assign'], when: (ctx) => ctx.route === '' || ctx.route.startsWith(WAVE_PATH),
    bulk: { noun: 'palette:bulk.count.pickingTask', targets: (ctx) => Number(targetRows(ctx, 'wave')[0]?.taskCount ?? 0), askFrom: 2 },
    enabled: (ctx) => {
      const rows = targetRows(ctx, 'wave')
      if (rows.length > 1) return 'common:validation.selectExactlyOne'
      return rows.length ? enabledOver(waveMachine, 'outbound.wave.assign', rows, ctx) : 'common:validation.selectAtLeastOne'
    },
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const [w] = targetRows(ctx, 'wave')
        if (!w) return undefined
        const who = await rt.prompt?.<{ assigneeId?: number; jobGroupId?: number }>('outbound.pickAssignee')
        if (!who) return undefined
        a = { waveId: Number(w.id), assigneeId: who.assigneeId ?? null, jobGroupId: who.jobGroupId ?? null }
      }
      const r = await rt.callServer<WaveAssigned>('outbound.wave.assign', a)
      rt.toast('success', 'outbound:wave.done.assigned', { waveNo: r.waveNo, count: r.assigned.length })
      return r
    },
  }),
]
