// Sorting and the sorting wall (issue 13 §1): make a sorting task from picked bulk picking tasks —
// merge sorting takes at least 2, rest sorting exactly one (spec section 5) — each of their orders gets
// a slot on the wall; at the sorting wall station the operator scans the sorting container (a picking
// task's cart, else its number), then each SKU: the slot it goes to is shown large, the slot label is
// scanned to put it (outbound.sort.put, one unit per scan); a slot is complete when its order is.
// No ledger move: the wall stands in the picked-goods area (see src/server/areas/outbound/sorting.ts).
// Machine: src/domain/states/sorting-task.ts. Handlers: src/server/areas/outbound/sorting.ts.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type EnabledResult } from '../src/domain/commands'
import { enabledOver, refuseStatus } from '../src/domain/states/machine'
import { SORTABLE_PICKING_TASK, sortingTaskMachine } from '../src/domain/states/sorting-task'
import { PICKING_PATH } from './outbound-picking'

export const SORTING_PATH = '/stock-out/ToC/sorting-wall'
export const sortingStationPath = (sortNo: string) => `${SORTING_PATH}?task=${encodeURIComponent(sortNo)}`

/** Permission codes: buttons 7170–7173 of the sorting-wall screen (src/domain/menu/catalog.ts). */
export const SORTING_PERMISSIONS = {
  view: 'menu:sorting-wall',
  merge: 'sorting-wall:merge-sort',
  rest: 'sorting-wall:rest-sort',
  sort: 'sorting-wall:sort',
  cancel: 'sorting-wall:cancel',
} as const

/** Most picking tasks one merge sorting takes (spec section 5's selection limit). */
export const MAX_SORT_TASKS = 50

const ids = z.array(z.number().int().positive())
/** Merge sorting: at least 2 picked bulk picking tasks (spec section 5). */
export const MergeSortArgs = z.strictObject({
  pickingTaskIds: ids.min(2, 'outbound-sorting:errors.mergeMin').max(MAX_SORT_TASKS, 'outbound-sorting:errors.mergeMax'),
})
export type MergeSortArgs = z.infer<typeof MergeSortArgs>
/** Rest sorting: exactly one picked bulk picking task (spec section 5). */
export const RestSortArgs = z.strictObject({
  pickingTaskIds: ids.min(1, 'outbound-sorting:errors.restOne').max(1, 'outbound-sorting:errors.restOne'),
})
export type RestSortArgs = z.infer<typeof RestSortArgs>
export const SortTaskIdsArgs = z.strictObject({ ids: ids.min(1, 'common:validation.selectAtLeastOne').max(50) })
export type SortTaskIdsArgs = z.infer<typeof SortTaskIdsArgs>

const code = z.string().trim().min(1, 'errors:field.required').max(80).transform((s) => s.toUpperCase())
/**
 * One put: the sorting container scanned first, then the SKU (code, UPC or FNSKU), then the slot it
 * goes into. Without slotNo the server puts it into the first slot that still needs it (palette use).
 */
export const SortPutArgs = z.strictObject({
  sortNo: code,
  containerCode: code,
  code,
  slotNo: z.number().int().min(1, 'errors:field.tooSmall').max(9999).nullish(),
  qty: z.number().int().min(1, 'errors:field.tooSmall').max(10_000).default(1),
})
export type SortPutArgs = z.input<typeof SortPutArgs>

/**
 * A wall slot named across walls (what the review station may scan): "<sorting task no>-<slot>", e.g.
 * FJ2611260001-03 → { sortNo: 'FJ2611260001', slotNo: 3 }; null when the code is no such label.
 */
export function parseWallSlot(code: string): { sortNo: string; slotNo: number } | null {
  const m = /^(FJ\d{6,})-0*(\d{1,4})$/i.exec(code.trim())
  return m && Number(m[2]) > 0 ? { sortNo: m[1]!.toUpperCase(), slotNo: Number(m[2]) } : null
}
export const wallSlotLabel = (sortNo: string, slotNo: number) => `${sortNo}-${String(slotNo).padStart(2, '0')}`

/** Server answers (the commands' `output`; the types are inferred from them). */
/** A sorting task made by merging picking tasks or from one task's rest: the answer of outbound.sortTask.merge / rest. */
export const SortMade = z.object({ sortNo: z.string(), id: z.number().int(), kind: z.enum(['merge', 'rest']), slots: z.number().int(), qty: z.number().int(), containers: z.array(z.string()) })
export type SortMade = z.infer<typeof SortMade>
/** Where a scanned SKU goes (the station's read before the slot scan). */
export interface SlotFor { slotNo: number; orderNo: string; skuCode: string; slotRemaining: number; lineRemaining: number }
export const PutResult = z.object({
  sortNo: z.string(), slotNo: z.number().int(), orderNo: z.string(), qty: z.number().int(), skuCode: z.string(),
  /** Units still to come into this slot; 0: the slot (its order) is complete. */
  slotRemaining: z.number().int(), slotDone: z.boolean(), taskDone: z.boolean(), sortedQty: z.number().int(), taskQty: z.number().int(),
})
export type PutResult = z.infer<typeof PutResult>
const SortCancelled = z.object({ cancelled: z.array(z.string()) })
const SortCompleted = z.object({ completed: z.array(z.string()) })

/** Endpoints (src/server/areas/outbound/sorting.ts). */
export const SORTING_API = {
  tasks: '/api/outbound/sorting-tasks',
  task: (sortNo: string) => `/api/outbound/sorting-tasks/by-no/${encodeURIComponent(sortNo)}`,
  byContainer: (containerCode: string) => `/api/outbound/sorting-tasks/by-container/${encodeURIComponent(containerCode)}`,
  slotFor: (sortNo: string) => `/api/outbound/sorting-tasks/by-no/${encodeURIComponent(sortNo)}/slot-for`,
} as const

const P = SORTING_PERMISSIONS
const KEYWORDS = ['FJ', 'sorting', 'wall', 'put wall']
type Row = Readonly<Record<string, unknown>>
const has = (r: Row, key: string) => typeof r[key] === 'string' && r[key] !== ''
/** Picking-task rows (they carry taskNo, no exception or sorting number) and sorting-task rows (sortNo). */
const isPickTask = (r: Row) => has(r, 'taskNo') && !has(r, 'diffNo') && !has(r, 'sortNo')
const isSortTask = (r: Row) => has(r, 'sortNo')
const idsOf = (rows: readonly Row[]) => rows.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)

/** The selected picking tasks a sorting task would take. */
const pickRows = (ctx: CommandContext) => ctx.selection.filter(isPickTask)
/** The same refusals the server gives for a picking task that cannot be sorted (rows carrying taskMode/status). */
export function sortable(r: Row): EnabledResult {
  if (r.taskMode !== undefined && r.taskMode !== 'bulk') return { key: 'outbound-sorting:errors.notBulk', params: { taskNo: r.taskNo } }
  if (r.status !== undefined && !SORTABLE_PICKING_TASK.includes(Number(r.status))) return refuseStatus('outbound-sorting:errors.notPicked', 'taskClaimStatus', Number(r.status), SORTABLE_PICKING_TASK, { taskNo: r.taskNo })
  return true
}
const canSort = (min: number, max: number, countKey: string) => (ctx: CommandContext): EnabledResult => {
  const rows = pickRows(ctx)
  if (rows.length < min || rows.length > max) return rows.length ? countKey : 'common:validation.selectAtLeastOne'
  for (const r of rows) {
    const v = sortable(r)
    if (v !== true) return v
  }
  return true
}
const sortTargets = (ctx: CommandContext): readonly Row[] => {
  const rows = ctx.selection.filter(isSortTask)
  return rows.length ? rows : ctx.document && isSortTask(ctx.document) ? [ctx.document] : []
}
const atWall = (ctx: CommandContext) => ctx.route === '' || ctx.route.startsWith(SORTING_PATH)
const whereTasks = (ctx: CommandContext) => atWall(ctx) || ctx.route.startsWith(PICKING_PATH)

export const sortingCommands: readonly CommandDef<any>[] = [
  defineCommand<MergeSortArgs>({
    id: 'outbound.sortTask.merge', title: 'commands:outbound.sortTask.merge', section: 'document', permission: P.merge,
    input: MergeSortArgs, output: SortMade, server: true, keywords: [...KEYWORDS, 'merge'], shortcut: 'Alt+m', scope: 'grid', when: whereTasks, enabled: canSort(2, MAX_SORT_TASKS, 'outbound-sorting:errors.mergeMin'),
    bulk: { noun: 'palette:bulk.count.pickingTask', targets: (ctx) => pickRows(ctx).length },
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<SortMade>('outbound.sortTask.merge', args ?? { pickingTaskIds: idsOf(pickRows(ctx)) })
      rt.toast('success', 'outbound-sorting:done.created', { sortNo: r.sortNo, slots: r.slots })
      rt.navigate(sortingStationPath(r.sortNo))
      return r
    },
  }),
  defineCommand<RestSortArgs>({
    id: 'outbound.sortTask.rest', title: 'commands:outbound.sortTask.rest', section: 'document', permission: P.rest,
    input: RestSortArgs, output: SortMade, server: true, keywords: [...KEYWORDS, 'rest'], shortcut: 'Alt+r', scope: 'grid', when: whereTasks, enabled: canSort(1, 1, 'outbound-sorting:errors.restOne'),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<SortMade>('outbound.sortTask.rest', args ?? { pickingTaskIds: idsOf(pickRows(ctx)) })
      rt.toast('success', 'outbound-sorting:done.created', { sortNo: r.sortNo, slots: r.slots })
      rt.navigate(sortingStationPath(r.sortNo))
      return r
    },
  }),
  defineCommand<SortTaskIdsArgs>({
    id: 'outbound.sortTask.cancel', title: 'commands:outbound.sortTask.cancel', section: 'status', permission: P.cancel,
    input: SortTaskIdsArgs, output: SortCancelled, server: true, keywords: KEYWORDS, confirm: 'outbound-sorting:confirm.cancel', when: atWall,
    bulk: { noun: 'palette:bulk.count.sortingTask', targets: (ctx) => sortTargets(ctx).length },
    enabled: (ctx) => enabledOver(sortingTaskMachine, 'outbound.sortTask.cancel', sortTargets(ctx), ctx),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<{ cancelled: string[] }>('outbound.sortTask.cancel', args ?? { ids: idsOf(sortTargets(ctx)) })
      rt.toast('success', 'outbound-sorting:done.cancelled', { sortNo: r.cancelled.join(', ') })
      return r
    },
  }),
  defineCommand<SortTaskIdsArgs>({
    id: 'outbound.sortTask.complete', title: 'commands:outbound.sortTask.complete', section: 'status', permission: P.sort,
    input: SortTaskIdsArgs, output: SortCompleted, server: true, keywords: [...KEYWORDS, 'close'], confirm: 'outbound-sorting:confirm.complete', when: atWall,
    bulk: { noun: 'palette:bulk.count.sortingTask', targets: (ctx) => sortTargets(ctx).length },
    enabled: (ctx) => enabledOver(sortingTaskMachine, 'outbound.sortTask.complete', sortTargets(ctx), ctx),
    run: async (ctx, rt, args) => {
      const r = await rt.callServer<{ completed: string[] }>('outbound.sortTask.complete', args ?? { ids: idsOf(sortTargets(ctx)) })
      rt.toast('success', 'outbound-sorting:done.completed', { sortNo: r.completed.join(', ') })
      return r
    },
  }),
  defineCommand<SortPutArgs>({
    id: 'outbound.sort.put', title: 'commands:outbound.sort.put', section: 'scan', permission: P.sort,
    input: SortPutArgs, output: PutResult, server: true, keywords: [...KEYWORDS, 'put'], when: atWall,
    // The open task (the station's document); typed from the palette without one, the server decides.
    enabled: (ctx) => {
      const rows = sortTargets(ctx)
      return rows.length ? enabledOver(sortingTaskMachine, 'outbound.sort.put', rows, ctx) : true
    },
    fieldLabel: (f) => `outbound-sorting:fields.${f}`,
    // The station scans; from the palette the container, the code and the slot are typed in turn.
    run: async (ctx, rt, args) => {
      let a = args
      if (a === undefined) {
        const doc = sortTargets(ctx)[0]
        const sortNo = doc ? String(doc.sortNo) : await rt.prompt?.<string>('text', { title: 'outbound-sorting:fields.sortNo' })
        if (!sortNo) return undefined
        const containerCode = await rt.prompt?.<string>('text', { title: 'outbound-sorting:fields.containerCode' })
        if (!containerCode) return undefined
        const c = await rt.prompt?.<string>('text', { title: 'outbound-sorting:fields.code' })
        if (!c) return undefined
        const slot = await rt.prompt?.<string>('text', { title: 'outbound-sorting:fields.slotNo' })
        a = { sortNo, containerCode, code: c, slotNo: slot ? Number(slot) : null }
      }
      const r = await rt.callServer<PutResult>('outbound.sort.put', a)
      return r
    },
  }),
]
