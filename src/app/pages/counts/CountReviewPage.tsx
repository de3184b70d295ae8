// In-house work → check-manager → check-review (component 'in-house-work/check-review'): the count tasks
// waiting for approval — pending approval, and hedging (a recount of it is open) — of the warehouse+
// tenant. The toolbar's approve / reject / recount act on the selected task and follow the count task
// machine: four eyes shows as the disabled reason when the viewer counted it (or the count it recounts).
// Enter opens the task at check-detail, where the reviewer sees counted, on hand at the counted position
// and the variance per line.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { CommandButtons } from '../documents/CommandButtons'
import { countDetailPath } from '../../../../commands/stock-count'
import { fetchReviewTasks, REVIEW_GRID_ID, type TaskRecord } from './api'
import { TaskStatus } from './CountDetailPage'

const F = (f: string) => `count-ui:task.fields.${f}`

function Hedging({ row }: { row: TaskRecord }) {
  const { t } = useTranslation()
  return row.recountTaskNo
    ? <span className="rounded bg-amber-100 px-2 text-xs font-semibold text-amber-900" data-testid="hedging-flag">{t('count-ui:status.hedgingShort')}</span>
    : <span className="text-slate-600">—</span>
}

const reviewColumns: GridColumn<TaskRecord>[] = [
  { id: 'taskNo', titleKey: F('taskNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'planNo', titleKey: F('planNo'), width: 150, sortable: true, filter: 'text' },
  { id: 'status', titleKey: F('status'), width: 200, render: (r) => <TaskStatus task={r} /> },
  { id: 'recountTaskNo', titleKey: F('hedging'), width: 110, render: (r) => <Hedging row={r} /> },
  { id: 'round', titleKey: F('round'), width: 70, align: 'right' },
  { id: 'locationCount', titleKey: F('locationCount'), width: 90, align: 'right' },
  { id: 'claimedByName', titleKey: F('claimedByName'), width: 120, render: (r) => r.claimedByName ?? '—' },
  { id: 'submittedAt', titleKey: F('submittedAt'), width: 160, render: (r) => formatTime(r.submittedAt) || '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, render: (r) => formatTime(r.createdAt) },
]

export default function CountReviewPage() {
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="count-review">
      <DataGrid<TaskRecord>
        gridId={REVIEW_GRID_ID} titleKey="count-ui:review.title" columns={reviewColumns} fetcher={fetchReviewTasks} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(countDetailPath(r.taskNo))}
        toolbar={<CommandButtons ids={['count.task.approve', 'count.task.reject', 'count.task.recount']} label="count-ui:review.title" />}
      />
    </div>
  )
}
