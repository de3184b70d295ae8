// Shelving tasks (stock-in → shelf-task, shelf-task/details): claim (Unclaimed → Working), assign to a
// job group, shelve by scanning LOCATION then SKU at the station (one command per scan, each with its
// own Idempotency-Key), shelve a whole line in one confirm in fast storage mode (PC), complete. The
// server (src/server/areas/inbound/shelving.ts) re-checks every rule of spec sections 5, 8 and 9.
import { z } from 'zod'
import { defineCommand, type CommandDef } from '../src/domain/commands'
import { screenFieldLabels } from '../src/domain/validation'
import { enabledByMachine } from '../src/domain/states/machine'
import { shelvingTaskMachine } from '../src/domain/states/shelving-task'

export const SHELF_TASK_PATH = '/stock-in/shelf-task'
export const SHELF_TASK_DETAILS_PATH = '/stock-in/shelf-task/details'

const TaskNo = z.string().trim().min(1).max(40)
const LocationCode = z.string().trim().min(1).max(60)

export const ShelveScanArgs = z.strictObject({
  taskNo: TaskNo,
  locationCode: LocationCode,
  /** SKU code, UPC or FNSKU. */
  code: z.string().trim().min(1).max(80),
  /** Default 1; typed quantities allowed. */
  qty: z.number().int().min(1).max(100_000).optional(),
})
export type ShelveScanArgs = z.infer<typeof ShelveScanArgs>

export const ShelveLineArgs = z.strictObject({ taskNo: TaskNo, lineNo: z.number().int().positive(), locationCode: LocationCode })
export type ShelveLineArgs = z.infer<typeof ShelveLineArgs>

export const TaskNoArgs = z.strictObject({ taskNo: TaskNo })
export type TaskNoArgs = z.infer<typeof TaskNoArgs>

export const AssignArgs = z.strictObject({ taskNos: z.array(TaskNo).min(1).max(50), jobGroupId: z.number().int().positive() })
export type AssignArgs = z.infer<typeof AssignArgs>

export const ShelvingLineView = z.object({
  id: z.number().int(), lineNo: z.number().int(), skuId: z.number().int(), skuCode: z.string(), batchNo: z.string(), stockStatus: z.number().int(),
  fromLocationCode: z.string(), suggestedLocationCode: z.string().nullable(), qty: z.number().int(), shelvedQty: z.number().int(),
})
export type ShelvingLineView = z.infer<typeof ShelvingLineView>
export const ShelvingRecordView = z.object({
  id: z.number().int(), lineNo: z.number().int(), skuCode: z.string(), locationCode: z.string(), qty: z.number().int(), operatorName: z.string().nullable(), createdAt: z.string(),
})
export type ShelvingRecordView = z.infer<typeof ShelvingRecordView>
/** A shelving task as the station shows it: the answer of inbound.shelving.claim. */
export const ShelvingTaskView = z.object({
  id: z.number().int(), taskNo: z.string(), sourceType: z.string(), sourceNo: z.string(), status: z.number().int(), qty: z.number().int(), shelvedQty: z.number().int(),
  claimedBy: z.number().int().nullable(), claimedByName: z.string().nullable(), jobGroupId: z.number().int().nullable(), jobGroupName: z.string().nullable(),
  createdAt: z.string(), completedAt: z.string().nullable(), timedOut: z.boolean(), storageMode: z.enum(['normal', 'fast']),
  lines: z.array(ShelvingLineView), records: z.array(ShelvingRecordView),
})
export type ShelvingTaskView = z.infer<typeof ShelvingTaskView>
/** The answer of a shelving scan, a line shelved, and the task completed: the task after it, what was shelved where, and what comes next. */
export const ShelveResult = z.object({
  task: ShelvingTaskView, lineNo: z.number().int(), skuCode: z.string(), locationCode: z.string(), qty: z.number().int(), completed: z.boolean(),
  inspectionNo: z.string().optional(),
})
export type ShelveResult = z.infer<typeof ShelveResult>
const Assigned = z.object({ count: z.number().int() })
/** A location scanned at the station, as the server knows it (GET shelvingLocationUrl: unknown or disabled → refused naming the code). */
export interface ShelvingLocation { id: number; code: string; areaType: number }
export const shelvingLocationUrl = (code: string) => `/api/inbound/shelving-locations/${encodeURIComponent(code)}`

const selectedNos = (sel: readonly Record<string, unknown>[]) => sel.map((r) => r.taskNo).filter((v): v is string => typeof v === 'string')
const one = (sel: readonly Record<string, unknown>[]) => { const s = selectedNos(sel); return s.length === 1 ? s[0] : undefined }
const onTasks = (route: string) => route.startsWith(SHELF_TASK_PATH)

/** The station's labels: refusals name their fields by these. */
const FIELDS = 'inbound:shelving.fields'

export const shelvingCommands: readonly CommandDef<any>[] = [
  defineCommand<ShelveScanArgs>({
    id: 'inbound.shelving.scan', title: 'commands:inbound.shelving.scan', enabled: enabledByMachine(shelvingTaskMachine, 'inbound.shelving.scan'), section: 'scan', permission: 'shelf-task:shelve',
    input: ShelveScanArgs, output: ShelveResult, server: true, keywords: ['shelve', 'putaway', 'SJ', 'location'], fieldLabel: screenFieldLabels(ShelveScanArgs, FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(SHELF_TASK_DETAILS_PATH); return undefined }
      return rt.callServer<ShelveResult>('inbound.shelving.scan', args)
    },
  }),
  defineCommand<ShelveLineArgs>({
    id: 'inbound.shelving.shelveLine', title: 'commands:inbound.shelving.shelveLine', enabled: enabledByMachine(shelvingTaskMachine, 'inbound.shelving.shelveLine'), section: 'scan', permission: 'shelf-task:shelve',
    input: ShelveLineArgs, output: ShelveResult, server: true, keywords: ['shelve', 'fast', 'PC'], fieldLabel: screenFieldLabels(ShelveLineArgs, FIELDS),
    run: async (_ctx, rt, args) => {
      if (args === undefined) { rt.navigate(SHELF_TASK_DETAILS_PATH); return undefined }
      return rt.callServer<ShelveResult>('inbound.shelving.shelveLine', args)
    },
  }),
  defineCommand<TaskNoArgs>({
    id: 'inbound.shelving.claim', title: 'commands:inbound.shelving.claim', enabled: enabledByMachine(shelvingTaskMachine, 'inbound.shelving.claim'), section: 'document', permission: 'shelf-task:claim',
    input: TaskNoArgs, output: ShelvingTaskView, server: true, keywords: ['claim', 'SJ'], fieldLabel: screenFieldLabels(TaskNoArgs, FIELDS),
    when: (ctx) => onTasks(ctx.route),
    run: async (ctx, rt, args) => {
      // From the station with its task, or from the list with the selected row.
      const taskNo = args?.taskNo ?? one(ctx.selection)
      if (!taskNo) { rt.toast('info', 'common:validation.selectExactlyOne'); return undefined }
      const r = await rt.callServer<ShelvingTaskView>('inbound.shelving.claim', { taskNo })
      rt.toast('success', 'inbound:shelving.claimed', { no: r.taskNo })
      return r
    },
  }),
  defineCommand<AssignArgs>({
    id: 'inbound.shelving.assign', title: 'commands:inbound.shelving.assign', section: 'document', permission: 'shelf-task:assign',
    input: AssignArgs, output: Assigned, server: true, selection: 'many', keywords: ['assign', 'job group', 'SJ'], fieldLabel: screenFieldLabels(AssignArgs, FIELDS),
    // Allotting several tasks asks once, naming how many (issue 18 §3).
    bulk: { noun: 'palette:bulk.count.shelvingTask', targets: (ctx) => selectedNos(ctx.selection).length, askFrom: 2 },
    when: (ctx) => onTasks(ctx.route),
    enabled: (ctx) => (selectedNos(ctx.selection).length > 0 ? enabledByMachine(shelvingTaskMachine, 'inbound.shelving.assign')(ctx) : 'common:validation.selectAtLeastOne'),
    run: async (ctx, rt, args) => {
      let a = args
      if (!a) {
        const jobGroupId = await rt.prompt?.<number>('shelving.jobGroup')
        if (jobGroupId === undefined) return undefined
        a = { taskNos: selectedNos(ctx.selection), jobGroupId }
      }
      const r = await rt.callServer<z.infer<typeof Assigned>>('inbound.shelving.assign', a)
      rt.toast('success', 'inbound:shelving.assigned', { count: r.count })
      return r
    },
  }),
  defineCommand<TaskNoArgs>({
    id: 'inbound.shelving.complete', title: 'commands:inbound.shelving.complete', enabled: enabledByMachine(shelvingTaskMachine, 'inbound.shelving.complete'), section: 'document', permission: 'shelf-task:complete',
    input: TaskNoArgs, output: ShelveResult, server: true, confirm: 'inbound:shelving.completeConfirm', keywords: ['complete', 'SJ'], fieldLabel: screenFieldLabels(TaskNoArgs, FIELDS),
    when: (ctx) => onTasks(ctx.route),
    run: async (ctx, rt, args) => {
      // From the station with its task, or from the list with the selected row.
      const taskNo = args?.taskNo ?? one(ctx.selection)
      if (!taskNo) { rt.toast('info', 'common:validation.selectExactlyOne'); return undefined }
      const r = await rt.callServer<ShelveResult>('inbound.shelving.complete', { taskNo })
      rt.toast('success', 'inbound:shelving.completed', { no: taskNo })
      return r
    },
  }),
  defineCommand<TaskNoArgs>({
    id: 'inbound.shelving.open', title: 'commands:inbound.shelving.open', section: 'document', permission: 'menu:shelf-task',
    keywords: ['shelve', 'station', 'SJ'],
    when: (ctx) => onTasks(ctx.route),
    run: (ctx, rt) => {
      const no = one(ctx.selection)
      rt.navigate(no ? `${SHELF_TASK_DETAILS_PATH}?no=${encodeURIComponent(no)}` : SHELF_TASK_DETAILS_PATH)
    },
  }),
]
