// Other outbound picking (stock-out → other-pick): the picking tasks of other outbound orders, with the
// picking task list's columns and their reasons. Enter claims the task and opens it at the picking station
// (as the picking task list does); the station does the work — location, then SKU.
import { useTranslation } from 'react-i18next'
import { dictLabelKey } from '../../../domain/dictionaries'
import { DataGrid, type GridColumn } from '../../grid'
import { CommandButtons } from '../documents/CommandButtons'
import { taskColumns, useOpenTask } from '../outbound/picking/PickingTasksList'
import { fetchOtherTasks, GRID, type OtherTaskRecord } from './api'

/** The task's orders' reasons, each in the reader's language. */
function Reasons({ codes }: { codes: string | null }) {
  const { t } = useTranslation()
  return <>{codes ? codes.split(', ').map((c) => t(dictLabelKey('otherOutboundReason', c))).join(', ') : '—'}</>
}

const columns: GridColumn<OtherTaskRecord>[] = [
  ...(taskColumns as GridColumn<OtherTaskRecord>[]).slice(0, 2),
  { id: 'otherReasons', titleKey: 'other-inout:fields.otherReasons', width: 150, render: (r) => <Reasons codes={r.otherReasons} /> },
  ...(taskColumns as GridColumn<OtherTaskRecord>[]).slice(2).filter((c) => c.id !== 'pickMode' && c.id !== 'taskMode'),
]
const TOOLBAR = ['outbound.pickTask.claim', 'outbound.other.openPicking', 'outbound.pickTask.assign']

export default function OtherPickPage() {
  const { t } = useTranslation()
  const open = useOpenTask()
  return (
    <div className="flex flex-col" data-testid="other-pick">
      <h2 className="text-base font-semibold">{t('other-inout:otherPick.title')}</h2>
      <p className="mb-1 text-xs text-gray-600">{t('other-inout:otherPick.hint')}</p>
      <DataGrid<OtherTaskRecord>
        gridId={GRID.pick} titleKey="other-inout:otherPick.title" columns={columns} fetcher={fetchOtherTasks} defaultSort="createdAt:desc" onOpen={open}
        toolbar={<CommandButtons ids={TOOLBAR} label="other-inout:otherPick.title" />}
      />
    </div>
  )
}
