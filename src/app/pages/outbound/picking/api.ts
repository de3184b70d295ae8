// Client side of the wave, picking-task and pick-diff endpoints (src/server/areas/outbound/picking.ts,
// PICKING_API) and what the wave, task and pick-diff screens share: records, fetchers, query keys,
// filter options and the facts each status machine reads (src/domain/states/wave.ts, picking-task.ts,
// pick-diff.ts).
import { api } from '../../../api/clients'
import type { EnumOption, GridQuery } from '../../../grid'
import { dictOptions } from '../../../resources/columns'
import { PICKING_API, type PickNext } from '../../../../../commands/outbound-picking'

export interface WaveRecord extends Record<string, unknown> {
  id: number; waveNo: string; status: number; ruleId: number | null; ruleName: string | null; pickMode: number; taskMode: string
  orderCount: number; skuCount: number; qty: number; pickedQty: number; shortQty: number; taskCount: number; pickedAt: string | null; createdAt: string
}
export interface TaskRecord extends Record<string, unknown> {
  id: number; taskNo: string; status: number; waveNo: string; pickMode: number; taskMode: string; qty: number; pickedQty: number; shortQty: number
  cartCode: string | null; claimedBy: number | null; claimedByName: string | null; assigneeId: number | null; assigneeName: string | null
  jobGroupId: number | null; jobGroupName: string | null; claimedAt: string | null; completedAt: string | null; createdAt: string
  timedOut: boolean; notIssued: boolean
  /** The wave's id (a picking list prints by wave); the task's order count and its first order numbers (server-capped). */
  waveId: number; orderCount: number; orderNos: string | null
}
export interface WaveOrder { id: number; orderNo: string; status: number; platform: string; expectedQty: number; allocatedQty: number; pickedQty: number }
export interface WaveView { wave: WaveRecord; tasks: TaskRecord[]; orders: WaveOrder[] }
export interface TaskLine { id: number; seq: number; orderNo: string; locationCode: string; skuCode: string; batchNo: string; qty: number; pickedQty: number; shortQty: number; remaining: number }
export interface PickRecord { id: number; qty: number; scannedCode: string; cartCode: string | null; operatorName: string | null; createdAt: string; seq: number }
export interface TaskView { task: TaskRecord; lines: TaskLine[]; next: PickNext | null; records: PickRecord[] }
export interface DiffRecord extends Record<string, unknown> {
  id: number; diffNo: string; status: number; shortQty: number; resolution: string | null; resolvedQty: number | null; resolvedByName: string | null
  resolvedAt: string | null; remark: string | null; createdAt: string; orderNo: string; taskNo: string; skuCode: string; locationCode: string
}
/** `picker`: may pick (holds the pick permission) — listed first. */
export interface Assignees { users: { id: number; username: string; name: string | null; picker?: boolean }[]; jobGroups: { id: number; name: string }[] }

/** Grid ids: their react-query keys sit under ['grid', …], refreshed after every server command. */
export const WAVE_GRID_ID = 'wave-picking'
export const TASK_GRID_ID = 'picking-tasks'
export const WAVE_TASK_GRID_ID = 'wave-picking-tasks'
export const DIFF_GRID_ID = 'pick-diff'
export const waveDetailKey = (waveNo: string) => ['grid', 'wave-details', waveNo] as const
export const taskViewKey = (taskNo: string) => ['grid', 'picking-task', taskNo] as const

type Page<R> = { records: R[]; total: number }
export const fetchWaves = (q: GridQuery, signal?: AbortSignal) => api.get<Page<WaveRecord>>(PICKING_API.waves, q, { signal })
export const fetchTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<TaskRecord>>(PICKING_API.tasks, q, { signal })
export const fetchDiffs = (q: GridQuery, signal?: AbortSignal) => api.get<Page<DiffRecord>>(PICKING_API.diffs, q, { signal })
export const fetchWave = (waveNo: string) => api.get<WaveView>(PICKING_API.wave(waveNo))
/** The station reads quietly: its own status line says what went wrong. */
export const fetchTaskView = (taskNo: string) => api.get<TaskView>(PICKING_API.task(taskNo), undefined, { silent: true })
export const fetchAssignees = () => api.get<Assignees>(PICKING_API.assignees, undefined, { silent: true })

const asFilter = (code: string): EnumOption[] => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const WAVE_STATUS_OPTIONS = asFilter('waveStatus')
export const TASK_STATUS_OPTIONS = asFilter('taskClaimStatus')
export const DIFF_STATUS_OPTIONS = asFilter('handlingStatus')
export const PICK_MODE_OPTIONS = asFilter('pickMode')

/** The facts each machine reads, from a row or a view. */
export const waveFacts = (w: WaveRecord) => ({ id: w.id, waveNo: w.waveNo, status: w.status, taskCount: w.taskCount })
export const taskFacts = (t: TaskRecord) => ({ id: t.id, taskNo: t.taskNo, status: t.status, claimedBy: t.claimedBy, assigneeId: t.assigneeId })
