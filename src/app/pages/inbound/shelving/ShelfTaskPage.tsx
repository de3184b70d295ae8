// Shelving tasks (stock-in → shelf-task, component 'stock-in/shelf-task'): number, source, status
// (taskClaimStatus), quantities, operator, job group, created, and the timeout flag (the warehouse's
// shelving hours since created while not completed; filterable). Enter on a row opens the shelving
// station (shelf-task/details?no=…); the palette's claim / assign / complete commands work on the
// selected rows. Assigning asks for a job group in the palette (prompt kind 'shelving.jobGroup').
import { useEffect } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/clients'
import { registerPromptKind } from '../../../commands/interaction'
import { DataGrid, type GridColumn, type GridQuery } from '../../../grid'
import { dictOptions } from '../../../resources/columns'
import { formatTime } from '../../../../domain/format'
import { SHELF_TASK_DETAILS_PATH } from '../../../../../commands/shelving'

export interface ShelfTaskRecord extends Record<string, unknown> {
  id: number; taskNo: string; sourceType: string; sourceNo: string; status: number; qty: number; shelvedQty: number
  claimedByName: string | null; jobGroupName: string | null; createdAt: string; timedOut: boolean
}

const STATUS = dictOptions('taskClaimStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const SOURCES = ['inbound', 'inspection', 'return', 'quick'].map((v) => ({ value: v, labelKey: `inbound:shelving.source.${v}` }))
const FLAG = [{ value: '1', labelKey: 'inbound:shelving.timedOut.yes' }, { value: '0', labelKey: 'inbound:shelving.timedOut.no' }]

function TimeoutCell({ on }: { on: boolean }) {
  const { t } = useTranslation()
  return on
    ? <span className="rounded bg-red-100 px-2 text-xs font-semibold text-red-800" data-testid="timeout-flag">{t('inbound:shelving.timedOut.yes')}</span>
    : <span className="text-slate-400">—</span>
}

export const shelfTaskColumns: GridColumn<ShelfTaskRecord>[] = [
  { id: 'taskNo', titleKey: 'inbound:shelving.col.taskNo', width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'sourceType', titleKey: 'inbound:shelving.col.sourceType', width: 120, filter: 'enum', enumDict: SOURCES },
  { id: 'sourceNo', titleKey: 'inbound:shelving.col.sourceNo', width: 150, sortable: true, filter: 'text' },
  { id: 'status', titleKey: 'inbound:shelving.col.status', width: 110, sortable: true, filter: 'enum', enumDict: STATUS },
  { id: 'qty', titleKey: 'inbound:shelving.col.qty', width: 80, sortable: true, align: 'right' },
  { id: 'shelvedQty', titleKey: 'inbound:shelving.col.shelvedQty', width: 90, align: 'right' },
  { id: 'claimedByName', titleKey: 'inbound:shelving.col.claimedBy', width: 130, render: (r) => r.claimedByName ?? '—' },
  { id: 'jobGroupName', titleKey: 'inbound:shelving.col.jobGroup', width: 130, render: (r) => r.jobGroupName ?? '—' },
  { id: 'timedOut', titleKey: 'inbound:shelving.col.timedOut', width: 100, filter: 'enum', enumDict: FLAG, render: (r) => <TimeoutCell on={!!r.timedOut} /> },
  { id: 'createdAt', titleKey: 'inbound:shelving.col.createdAt', width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]

export const fetchShelfTasks = (q: GridQuery) => api.get<{ records: ShelfTaskRecord[]; total: number }>('/api/inbound/shelving-tasks', q)

// Enabled job groups of the current warehouse, loaded when the list opens (the prompt's options are synchronous).
let jobGroups: { id: number; number: string; name: string }[] = []
registerPromptKind('shelving.jobGroup', {
  titleKey: 'inbound:shelving.pickJobGroup',
  options: () => jobGroups.map((g) => ({ value: g.id, label: g.name, hint: g.number })),
})

export default function ShelfTaskPage() {
  const [, navigate] = useLocation()
  useEffect(() => {
    let live = true
    api.get<{ records: { id: number; number: string; name: string }[] }>('/api/resources/jobGroup', { page: 1, size: 200, status: 1 }, { silent: true })
      .then((r) => { if (live) jobGroups = r.records })
      .catch(() => { /* the assign prompt then offers nothing; the server still refuses bad ids */ })
    return () => { live = false }
  }, [])
  return (
    <div className="flex flex-col" data-testid="shelf-task-list">
      <DataGrid<ShelfTaskRecord>
        gridId="shelf-task" titleKey="inbound:shelving.title" columns={shelfTaskColumns} fetcher={fetchShelfTasks}
        defaultSort="createdAt:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(`${SHELF_TASK_DETAILS_PATH}?no=${encodeURIComponent(r.taskNo)}`)}
      />
    </div>
  )
}
