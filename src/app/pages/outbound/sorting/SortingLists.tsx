// The sorting wall's lists (stock-out → ToC → sorting-wall?list=1): the picked bulk picking tasks no
// sorting task holds yet — select them (↑↓, Space) and run merge sorting (Alt+M, at least 2) or rest
// sorting (Alt+R, exactly one), disabled with the same reason the server refuses with — and the sorting
// tasks (Enter opens one at the station; cancel before sorting starts, by the sorting task's machine).
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../../grid'
import { formatTime } from '../../../../domain/format'
import { dictOptions } from '../../../resources/columns'
import { sortingStationPath } from '../../../../../commands/outbound-sorting'
import { CommandButtons } from '../../documents/CommandButtons'
import { fetchSortTasks, fetchWaiting, SORT_GRID_ID, WAITING_GRID_ID, type SortTaskRecord, type WaitingTask } from './api'

const F = (f: string) => `outbound-sorting:fields.${f}`
const STATUS = dictOptions('taskClaimStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const KIND = [{ value: 'merge', labelKey: 'outbound-sorting:kind.merge' }, { value: 'rest', labelKey: 'outbound-sorting:kind.rest' }]

const waitingColumns: GridColumn<WaitingTask>[] = [
  { id: 'taskNo', titleKey: F('pickingTaskNo'), width: 150, hideable: false },
  { id: 'waveNo', titleKey: F('waveNo'), width: 140 },
  { id: 'cartCode', titleKey: F('containerCode'), width: 140, render: (r) => r.cartCode ?? r.taskNo },
  { id: 'pickedQty', titleKey: F('pickedQty'), width: 80, align: 'right' },
  { id: 'completedAt', titleKey: F('completedAt'), width: 160, render: (r) => formatTime(r.completedAt) },
]
const sortColumns: GridColumn<SortTaskRecord>[] = [
  { id: 'sortNo', titleKey: F('sortNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 100, sortable: true, filter: 'enum', enumDict: STATUS },
  { id: 'kind', titleKey: F('kind'), width: 100, filter: 'enum', enumDict: KIND },
  { id: 'containers', titleKey: F('containers'), width: 220, render: (r) => r.containers ?? '—' },
  { id: 'slotCount', titleKey: F('slotCount'), width: 70, align: 'right' },
  { id: 'qty', titleKey: F('qty'), width: 70, sortable: true, align: 'right' },
  { id: 'sortedQty', titleKey: F('sortedQty'), width: 70, align: 'right' },
  { id: 'startedByName', titleKey: F('startedByName'), width: 110, render: (r) => r.startedByName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'completedAt', titleKey: F('completedAt'), width: 160, render: (r) => formatTime(r.completedAt) },
]

export function SortingLists() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const station = (
    <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="open-sorting-station" onClick={() => navigate(sortingStationPath(''))}>
      {t('outbound-sorting:station.title')}
    </button>
  )
  return (
    <div className="flex flex-col gap-4" data-testid="sorting-lists">
      <p className="px-2 text-sm text-slate-700">{t('outbound-sorting:station.waitingHint')}</p>
      <DataGrid<WaitingTask>
        gridId={WAITING_GRID_ID} titleKey="outbound-sorting:station.waiting" columns={waitingColumns} fetcher={fetchWaiting}
        toolbar={<><CommandButtons ids={['outbound.sortTask.merge', 'outbound.sortTask.rest']} label="outbound-sorting:station.waiting" />{station}</>}
      />
      <DataGrid<SortTaskRecord>
        gridId={SORT_GRID_ID} titleKey="outbound-sorting:list.title" columns={sortColumns} fetcher={fetchSortTasks} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(sortingStationPath(r.sortNo))}
        toolbar={<CommandButtons ids={['outbound.sortTask.cancel']} label="outbound-sorting:list.title" />}
      />
    </div>
  )
}
