// Task allocation (in-house-work → task-allocation, component 'in-house-work/task-allocation'): the task
// pool — every open task of every kind (shelving, picking, count, return to shelf, and the kinds later
// areas register) in one DataGrid, oldest first, paged and filtered by the server (kind, number, area,
// claim, operator, job group, created range). Space selects rows; Alt+A (or the toolbar button, or the
// palette) allots the selected tasks to an operator or a job group: one confirmation naming how many,
// then each task is asked of its own machine — the refused ones are named with their reason, the others
// allotted. Enter opens the task where its kind works it.
import { useEffect, useMemo, useState } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { api } from '../../api/clients'
import { registerPromptKind } from '../../commands/interaction'
import { i18next } from '../../i18n'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { formatTime } from '../../../domain/format'
import { TASK_POOL_API } from '../../../../commands/task-pool'
import { CommandButtons } from '../documents/CommandButtons'

export interface PoolRecord extends Record<string, unknown> {
  poolKey: string; kind: string; id: number; docNo: string; status: number; statusKey: string; claim: number; areaCodes: string
  locationCount: number; qty: number; operatorName: string | null; jobGroupName: string | null; createdAt: string; ageHours: number
}
interface Kind { kind: string; titleKey: string; path: string }
interface Assignees { users: { id: number; username: string; name: string | null }[]; jobGroups: { id: number; number: string; name: string }[] }

const P = (f: string) => `tasks:pool.columns.${f}`
const CLAIM = ['0', '1', '2'].map((v) => ({ value: v, labelKey: `tasks:pool.claim.${v}` }))

// The allot prompt: the pair's operators, then its job groups (loaded when the page opens).
let assignees: Assignees = { users: [], jobGroups: [] }
registerPromptKind('tasks.allotTarget', {
  titleKey: 'tasks:pool.prompt',
  options: () => [
    ...assignees.users.map((u) => ({ value: { userId: u.id }, label: u.name ? `${u.username} · ${u.name}` : u.username, hint: i18next.t('tasks:pool.operator') })),
    ...assignees.jobGroups.map((g) => ({ value: { jobGroupId: g.id }, label: g.name, hint: `${i18next.t('tasks:pool.jobGroup')} ${g.number}` })),
  ],
})

function Age({ hours }: { hours: number }) {
  const { t } = useTranslation()
  return <span className={hours >= 24 ? 'font-semibold text-red-700' : ''}>{t('tasks:pool.ageHours', { hours })}</span>
}
function StatusCell({ r }: { r: PoolRecord }) {
  const { t } = useTranslation()
  return <span>{t(r.statusKey)}</span>
}

const fetchPool = (q: GridQuery) => api.get<{ records: PoolRecord[]; total: number }>(TASK_POOL_API.pool, q)
const TOOLBAR = ['tasks.pool.allot']

export default function TaskAllocationPage() {
  const [, navigate] = useLocation()
  const [kinds, setKinds] = useState<Kind[]>([])
  useEffect(() => {
    let live = true
    api.get<Kind[]>(TASK_POOL_API.kinds, {}, { silent: true }).then((k) => { if (live) setKinds(k) }).catch(() => { /* the kind filter then offers nothing */ })
    api.get<Assignees>(TASK_POOL_API.assignees, {}, { silent: true }).then((a) => { if (live) assignees = a }).catch(() => { /* the prompt offers nothing; the server refuses bad ids */ })
    return () => { live = false }
  }, [])
  const columns = useMemo<GridColumn<PoolRecord>[]>(() => {
    const kindOptions = kinds.map((k) => ({ value: k.kind, labelKey: k.titleKey }))
    return [
      { id: 'docNo', titleKey: P('docNo'), width: 150, sortable: true, filter: 'text', hideable: false },
      { id: 'kind', titleKey: P('kind'), width: 130, sortable: true, filter: 'enum', enumDict: kindOptions },
      { id: 'status', titleKey: P('status'), width: 150, render: (r) => <StatusCell r={r} /> },
      { id: 'claim', titleKey: P('claim'), width: 110, sortable: true, filter: 'enum', enumDict: CLAIM },
      { id: 'areaCodes', titleKey: P('areaCodes'), width: 130, filter: 'text', render: (r) => r.areaCodes || '—' },
      { id: 'locationCount', titleKey: P('locationCount'), width: 90, sortable: true, align: 'right' },
      { id: 'qty', titleKey: P('qty'), width: 90, sortable: true, align: 'right' },
      { id: 'operatorName', titleKey: P('operatorName'), width: 140, sortable: true, filter: 'text', render: (r) => r.operatorName ?? '—' },
      { id: 'jobGroupName', titleKey: P('jobGroupName'), width: 140, filter: 'text', render: (r) => r.jobGroupName ?? '—' },
      { id: 'createdAt', titleKey: P('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
      { id: 'age', titleKey: P('age'), width: 80, align: 'right', render: (r) => <Age hours={r.ageHours} /> },
    ]
  }, [kinds])
  return (
    <div className="flex flex-col" data-testid="task-allocation">
      <DataGrid<PoolRecord>
        gridId="task-allocation" titleKey="tasks:pool.title" columns={columns} fetcher={fetchPool} defaultSort="createdAt:asc"
        rowId={(r) => r.poolKey}
        onOpen={(r) => {
          const k = kinds.find((x) => x.kind === r.kind)
          if (k) navigate(k.path.replace('{no}', encodeURIComponent(r.docNo)))
        }}
        toolbar={<CommandButtons ids={TOOLBAR} label="tasks:pool.title" />}
      />
    </div>
  )
}
