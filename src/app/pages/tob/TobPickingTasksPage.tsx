// ToB picking tasks (stock-out → ToB → picking-task): the picking tasks holding a ToB order (GET
// /api/outbound/tob/picking-tasks) with the retail task list's columns (taskColumns, reused) and the
// orders' expected container number. Enter claims the task and opens it at the existing picking station
// (useOpenTask); claim, assign and the wave's picking list act on the selected rows.
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { holds } from '../../../domain/commands'
import { useCommandContext } from '../../palette'
import { PICKING_PERMISSIONS } from '../../../../commands/outbound-picking'
import { CommandButtons } from '../documents/CommandButtons'
import { taskColumns, useOpenTask } from '../outbound/picking/PickingTasksList'
import { useAssignees } from '../outbound/picking/assignees'
import { fetchTobTasks, TOB_TASK_GRID_ID, type TobTaskRecord } from './api'

const columns: GridColumn<TobTaskRecord>[] = [
  ...(taskColumns.slice(0, 3) as GridColumn<TobTaskRecord>[]),
  { id: 'expectedContainerNo', titleKey: 'tob:fields.expectedContainerNo', width: 140, render: (r) => <span className="font-mono">{r.expectedContainerNo ?? '—'}</span> },
  ...(taskColumns.slice(3) as GridColumn<TobTaskRecord>[]),
]
const TOOLBAR = ['outbound.pickTask.claim', 'outbound.pickTask.assign', 'outbound.wave.printList', 'outbound.wave.downloadList']

export default function TobPickingTasksPage() {
  const { t } = useTranslation()
  useAssignees(holds(PICKING_PERMISSIONS.taskAssign, useCommandContext()))
  const open = useOpenTask()
  return (
    <div className="flex flex-col" data-testid="tob-picking-tasks">
      <h2 className="text-base font-semibold">{t('tob-ui:tasks.title')}</h2>
      <DataGrid<TobTaskRecord> gridId={TOB_TASK_GRID_ID} titleKey="tob-ui:tasks.title" columns={columns} fetcher={fetchTobTasks} defaultSort="createdAt:desc"
        onOpen={(r) => open(r)} toolbar={<CommandButtons ids={TOOLBAR} label="tob-ui:tasks.title" />} />
    </div>
  )
}
