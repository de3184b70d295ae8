// Client side of the replenishment endpoints (src/server/areas/replenishment, REPLENISHMENT_API): records as
// the lists answer them, fetchers and grid ids (react-query keys under ['grid', …], refreshed after every
// server command), the job group prompt of replenishment.task.allot.
import { useEffect } from 'react'
import { api } from '../../api/clients'
import type { EnumOption, GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { registerPromptKind } from '../../commands/interaction'
import { REPLENISHMENT_API, type Explanation } from '../../../../commands/replenishment'

export interface TaskRecord extends Record<string, unknown> {
  id: number; taskNo: string; status: number; trigger: string; locationCode: string; skuCode: string; qty: number; movedQty: number
  explanation: Explanation; triggerCount: number; jobGroupId: number | null; jobGroupName: string | null; sourceAreaCode: string | null
  claimedBy: number | null; claimedByName: string | null; claimedAt: string | null; finishedAt: string | null; finishedByName: string | null
  abolishReason: string | null; createdAt: string
}
export interface RuleRecord extends Record<string, unknown> {
  id: number; locationCode: string | null; skuCode: string | null; areaCode: string | null; skuPattern: string | null
  minQty: number; maxQty: number; multiple: number; sourceAreaCode: string | null; status: number; snoozedUntil: string | null; remark: string | null; updatedAt: string
}
export interface TaskView {
  task: {
    id: number; taskNo: string; status: number; locationCode: string; skuCode: string; qty: number; movedQty: number; left: number; trigger: string; triggerCount: number
    claimedBy: number | null; claimedByName: string | null; jobGroupId: number | null; jobGroupName: string | null; sourceAreaCode: string | null; createdAt: string; finishedAt: string | null
  }
  explanation: Partial<Explanation>
  sources: { locationCode: string; areaCode: string; free: number }[]
  ledger: { id: number; createdAt: string; locationCode: string; skuCode: string; batchNo: string; deltaOnHand: number; onHandAfter: number; operatorName: string | null; reason: string | null; reasonParams: Record<string, string | number> }[]
}

export const TASK_GRID_ID = 'replenishment-tasks'
export const RULE_GRID_ID = 'replenishment-rules'
export const taskKey = (taskNo: string) => ['grid', 'replenishment-task', taskNo] as const

type Page<R> = { records: R[]; total: number }
export const fetchTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<TaskRecord>>(REPLENISHMENT_API.tasks, q, { signal })
export const fetchRules = (q: GridQuery, signal?: AbortSignal) => api.get<Page<RuleRecord>>(REPLENISHMENT_API.rules, q, { signal })
export const fetchTask = (taskNo: string) => api.get<TaskView>(REPLENISHMENT_API.task(taskNo), undefined, { silent: true })

export const STATUS_OPTIONS: EnumOption[] = dictOptions('replenishmentTaskStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const TRIGGER_OPTIONS: EnumOption[] = ['rule', 'shortage', 'wave', 'hand'].map((v) => ({ value: v, labelKey: `replenishment:trigger.${v}` }))
export const RULE_STATUS_OPTIONS: EnumOption[] = [{ value: '1', labelKey: 'replenishment:rules.enabled' }, { value: '0', labelKey: 'replenishment:rules.disabled' }]

let groups: { id: number; name: string }[] = []
registerPromptKind('replenishment.jobGroup', {
  titleKey: 'replenishment:jobGroup.title',
  options: () => groups.map((g) => ({ value: { jobGroupId: g.id }, label: g.name })),
})
/** Loads the pair's job groups when the screen opens (prompt options are synchronous). */
export function useJobGroups(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return
    let live = true
    api.get<{ id: number; name: string }[]>(REPLENISHMENT_API.jobGroups, undefined, { silent: true })
      .then((r) => { if (live) groups = r })
      .catch(() => { /* the prompt then offers nothing; the server refuses unknown ids */ })
    return () => { live = false }
  }, [enabled])
}
