// Client side of the counts endpoints (src/server/areas/stock-count, COUNT_API): records as the lists
// answer them, fetchers, grid ids (their react-query keys sit under ['grid', …], refreshed after every
// server command) and the facts the count machines read (src/domain/states/count-task.ts).
import { api } from '../../api/clients'
import type { EnumOption, GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { COUNT_API } from '../../../../commands/stock-count'

export interface PlanRecord extends Record<string, unknown> {
  id: number; planNo: string; status: number; source: string; ruleId: number | null; thresholdUnits: number | null; thresholdPct: number | null; thresholdValue?: number | null
  locationCount: number; taskCount: number; remark: string | null; createdByName: string | null; createdAt: string; finishedAt: string | null; submittedTasks: number
}
export interface TaskRecord extends Record<string, unknown> {
  id: number; taskNo: string; planNo: string; status: number; round: number; recountOf: number | null; recountTaskId: number | null; excludedUserIds: number[]
  locationCount: number; assigneeId: number | null; claimedBy: number | null; claimedByName: string | null; claimedAt: string | null; submittedAt: string | null
  reviewedByName: string | null; reviewedAt: string | null; surplusQty: number | null; lossQty: number | null; createdAt: string; recountTaskNo: string | null
}
export interface LineRecord extends Record<string, unknown> {
  id: number; taskNo: string; taskStatus: number; locationCode: string; skuCode: string; countedQty: number; countedByName: string | null; countedAt: string
  expectedQty: number | null; adjustment: number | null
}
export interface AdjustmentRecord extends Record<string, unknown> {
  id: number; taskNo: string; balanceId: number; locationCode: string; areaCode: string; skuCode: string; batchNo: string; stockStatus: number
  qty: number; onHandAfter: number; operatorName: string | null; createdAt: string
}
export interface RuleRecord extends Record<string, unknown> {
  id: number; name: string; areaCode: string | null; locationFrom: string | null; locationTo: string | null; skuCode: string | null
  thresholdUnits: number | null; thresholdPct: number | null; frequencyDays: number | null; status: number; updatedAt: string
  /** 0055: ABC class criterion (computed from the ledger) and the value threshold (money). */
  abcClass: 'A' | 'B' | 'C' | null; thresholdValue: number | null
}
/** The station's blind view of a task (never an expected quantity). */
export interface StationView {
  task: { taskNo: string; planNo: string; status: number; claimedBy: number | null; assigneeId: number | null; excludedUserIds: number[]; round: number; recountTaskNo: string | null }
  locations: { locationCode: string; seq: number; visited: boolean; confirmedEmpty: boolean }[]
  lines: { locationCode: string; skuCode: string; countedQty: number }[]
}
/** The reviewer's view (refused to the task's counters). */
export interface ReviewView {
  task: { taskNo: string; planNo: string; status: number; round: number; recountTaskNo: string | null; thresholdUnits: number | null; thresholdPct: number | null }
  lines: { locationCode: string; skuCode: string; counted: number; expected: number; onHandNow: number; variance: number; position: number }[]
}

export const PLAN_GRID_ID = 'count-plans'
export const REVIEW_GRID_ID = 'count-review'
export const SURPLUS_GRID_ID = 'count-surplus'
export const LOSS_GRID_ID = 'count-loss'
export const RULE_GRID_ID = 'count-rules'
export const stationKey = (taskNo: string) => ['grid', 'count-station', taskNo] as const
export const detailKey = (no: string) => ['grid', 'count-detail', no] as const

type Page<R> = { records: R[]; total: number }
export const fetchPlans = (q: GridQuery, signal?: AbortSignal) => api.get<Page<PlanRecord>>(COUNT_API.plans, q, { signal })
export const fetchTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<TaskRecord>>(COUNT_API.tasks, q, { signal })
/** Tasks waiting for approval (pending approval or hedging): check-review's list. */
export const fetchReviewTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<TaskRecord>>(COUNT_API.tasks, { ...q, status: '2' }, { signal })
export const fetchSurplus = (q: GridQuery, signal?: AbortSignal) => api.get<Page<AdjustmentRecord>>(COUNT_API.surplus, q, { signal })
export const fetchLoss = (q: GridQuery, signal?: AbortSignal) => api.get<Page<AdjustmentRecord>>(COUNT_API.loss, q, { signal })
export const fetchRules = (q: GridQuery, signal?: AbortSignal) => api.get<Page<RuleRecord>>(COUNT_API.rules, q, { signal })
export const fetchStationView = (taskNo: string) => api.get<StationView>(COUNT_API.task(taskNo), undefined, { silent: true })

const asFilter = (code: string): EnumOption[] => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const COUNT_STATUS_OPTIONS = asFilter('countPlanStatus')
export const STOCK_STATUS_OPTIONS = asFilter('stockStatus')
export const RULE_STATUS_OPTIONS: EnumOption[] = [{ value: '1', labelKey: 'count-ui:rule.enabled' }, { value: '0', labelKey: 'count-ui:rule.disabled' }]

/** The facts each machine reads, from a row. */
export const taskFacts = (t: Pick<TaskRecord, 'id' | 'taskNo' | 'status' | 'claimedBy' | 'assigneeId' | 'excludedUserIds' | 'recountTaskNo'>) =>
  ({ id: t.id, taskNo: t.taskNo, status: t.status, claimedBy: t.claimedBy, assigneeId: t.assigneeId, excludedUserIds: t.excludedUserIds ?? [], recountTaskNo: t.recountTaskNo })
export const planFacts = (p: Pick<PlanRecord, 'id' | 'planNo' | 'status' | 'submittedTasks'>) => ({ id: p.id, planNo: p.planNo, status: p.status, submittedTasks: p.submittedTasks })
/** A task is "hedging" while it waits for approval with an open recount. */
export const isHedging = (t: Pick<TaskRecord, 'status' | 'recountTaskNo'>) => t.status === 2 && !!t.recountTaskNo
