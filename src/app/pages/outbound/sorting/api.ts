// Client side of the sorting endpoints (src/server/areas/outbound/sorting.ts, SORTING_API): records,
// fetchers, grid ids and the facts the sorting task's machine reads (src/domain/states/sorting-task.ts).
import { api } from '../../../api/clients'
import type { GridQuery } from '../../../grid'
import { SORTING_API, type SlotFor } from '../../../../../commands/outbound-sorting'

export interface SortTaskRecord extends Record<string, unknown> {
  id: number; sortNo: string; kind: 'merge' | 'rest'; status: number; slotCount: number; qty: number; sortedQty: number
  containers: string | null; startedByName: string | null; startedAt: string | null; completedAt: string | null; createdAt: string
}
export interface SortContainer { containerCode: string; pickingTaskNo: string; qty: number; sortedQty: number }
export interface SortSlot { slotNo: number; orderNo: string; qty: number; sortedQty: number; completedAt: string | null }
export interface SortLine { id: number; containerCode: string; slotNo: number; orderNo: string; skuCode: string; qty: number; sortedQty: number }
export interface SortView { task: SortTaskRecord; containers: SortContainer[]; slots: SortSlot[]; lines: SortLine[] }
export interface WaitingTask extends Record<string, unknown> {
  id: number; taskNo: string; taskMode: string; status: number; cartCode: string | null; pickedQty: number; waveNo: string; completedAt: string | null
}

export const SORT_GRID_ID = 'sorting-tasks'
export const WAITING_GRID_ID = 'sorting-waiting'

type Page<R> = { records: R[]; total: number }
export const fetchSortTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<SortTaskRecord>>(SORTING_API.tasks, q, { signal })
/** Picked bulk tasks no sorting task holds yet (at most 200, oldest first): one page. */
export const fetchWaiting = async (_q: GridQuery, signal?: AbortSignal): Promise<Page<WaitingTask>> => {
  const records = await api.get<WaitingTask[]>('/api/outbound/sorting-tasks/waiting', undefined, { signal })
  return { records, total: records.length }
}
/** The station reads quietly: its own status line says what went wrong. */
export const fetchSortView = (sortNo: string) => api.get<SortView>(SORTING_API.task(sortNo), undefined, { silent: true })
export const fetchByContainer = (code: string) => api.get<SortView>(SORTING_API.byContainer(code), undefined, { silent: true })
export const fetchSlotFor = (sortNo: string, containerCode: string, code: string) => api.get<SlotFor>(SORTING_API.slotFor(sortNo), { containerCode, code }, { silent: true })

export const sortFacts = (t: SortTaskRecord) => ({ id: t.id, sortNo: t.sortNo, status: t.status })
