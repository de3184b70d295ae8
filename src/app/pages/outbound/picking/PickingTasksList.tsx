// Picking tasks (stock-out → ToC → pickingtasks, component 'stock-out/pickingtasks' without ?task): the
// tasks of the current warehouse+tenant — filters number, status, wave, claimed or not, created range;
// the picking timeout and the 15-day "not issued" flags shown on their rows. Enter claims the task and
// opens it at the picking station (a task the operator may not claim — completed, someone else's —
// opens there to be looked at, the reason on the station's status line); the claim and allot commands
// act on the selected rows (allot asks for an operator or a job group).
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type EnumOption, type GridColumn } from '../../../grid'
import { formatTime } from '../../../../domain/format'
import { commandEnabled, commandVisible, holds } from '../../../../domain/commands'
import { buildCommandContext } from '../../../commands/context'
import { getActiveRegistry } from '../../../commands/registry'
import { runCommand, useCommandContext } from '../../../palette'
import { PICKING_PERMISSIONS, pickingStationPath } from '../../../../../commands/outbound-picking'
import { CommandButtons } from '../../documents/CommandButtons'
import { fetchTasks, PICK_MODE_OPTIONS, TASK_GRID_ID, TASK_STATUS_OPTIONS, taskFacts, type TaskRecord } from './api'
import { TaskMode } from './WavesPage'
import { useAssignees } from './assignees'

const F = (f: string) => `outbound:pick.fields.${f}`

/** A red flag cell (timed out, not issued), a dash when the flag is off. */
function Flag({ on, labelKey, testId }: { on: boolean; labelKey: string; testId: string }) {
  const { t } = useTranslation()
  return on
    ? <span className="rounded bg-red-100 px-2 text-xs font-semibold text-red-800" data-testid={testId}>{t(labelKey)}</span>
    : <span className="text-gray-500">—</span>
}

/** A task's order numbers, "+N more" beyond those the list carries. */
function TaskOrders({ row }: { row: TaskRecord }) {
  const { t } = useTranslation()
  const shown = row.orderNos ? row.orderNos.split(', ') : []
  const more = Math.max(0, (row.orderCount ?? 0) - shown.length)
  return (
    <span className="font-mono" title={row.orderNos ?? undefined}>
      {shown.length ? shown.join(', ') : '—'}
      {more > 0 && <span className="ml-1 font-sans text-gray-600">{t('outbound-picking-ui:task.moreOrders', { count: more })}</span>}
    </span>
  )
}

export const taskColumns: GridColumn<TaskRecord>[] = [
  { id: 'taskNo', titleKey: F('taskNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 100, sortable: true, filter: 'enum', enumDict: TASK_STATUS_OPTIONS },
  { id: 'waveNo', titleKey: F('waveNo'), width: 140, filter: 'text' },
  { id: 'pickMode', titleKey: 'outbound:wave.fields.pickMode', width: 120, enumDict: PICK_MODE_OPTIONS },
  { id: 'taskMode', titleKey: 'outbound:wave.fields.taskMode', width: 100, render: (r) => <TaskMode mode={r.taskMode} /> },
  // The task's orders: the first few numbers (the server caps them) and how many there are in all.
  { id: 'orderNos', titleKey: F('orderNos'), width: 230, render: (r) => <TaskOrders row={r} /> },
  { id: 'qty', titleKey: F('qty'), width: 70, sortable: true, align: 'right' },
  { id: 'pickedQty', titleKey: F('pickedQty'), width: 70, align: 'right' },
  { id: 'shortQty', titleKey: F('shortQty'), width: 70, align: 'right' },
  { id: 'claimedByName', titleKey: F('claimedByName'), width: 110, render: (r) => r.claimedByName ?? '—' },
  { id: 'assigneeName', titleKey: F('assigneeName'), width: 110, render: (r) => r.assigneeName ?? '—' },
  { id: 'jobGroupName', titleKey: F('jobGroupName'), width: 110, render: (r) => r.jobGroupName ?? '—' },
  { id: 'cartCode', titleKey: F('cartCode'), width: 90, render: (r) => r.cartCode ?? '—' },
  { id: 'timedOut', titleKey: F('timedOut'), width: 100, render: (r) => <Flag on={!!r.timedOut} labelKey="outbound-picking-ui:task.timedOut" testId="timeout-flag" /> },
  { id: 'notIssued', titleKey: F('notIssued'), width: 120, render: (r) => <Flag on={!!r.notIssued} labelKey="outbound-picking-ui:task.notIssued" testId="not-issued-flag" /> },
  { id: 'createdAt', titleKey: 'outbound:wave.fields.createdAt', width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]
const CLAIMED: EnumOption[] = [{ value: 'true', labelKey: 'common:yes' }, { value: 'false', labelKey: 'common:no' }]
// A filter that is not a column: claimed by someone or not (the server's `mine` parameter).
const filterColumns: GridColumn<TaskRecord>[] = [{ id: 'mine', titleKey: 'outbound-picking-ui:task.claimed', filter: 'enum', enumDict: CLAIMED }]

/**
 * Enter on a task row: claim it (the claim command, the row as its target; it opens the station) when
 * the task's machine lets this operator, else open it at the station to be looked at. The claim
 * command is offered on the picking routes only; elsewhere (a wave's page) the station does the claim.
 */
export function useOpenTask() {
  const [, navigate] = useLocation()
  return (r: TaskRecord) => {
    const def = getActiveRegistry().get('outbound.pickTask.claim')
    const base = buildCommandContext()
    const ctx = { ...base, selection: [taskFacts(r)], document: undefined, documentId: undefined }
    if (def && commandVisible(def, ctx) && commandEnabled(def, ctx) === true) void runCommand(def, { ctx, args: { taskNo: r.taskNo } })
    else navigate(pickingStationPath(r.taskNo))
  }
}

const TOOLBAR = ['outbound.pickTask.claim', 'outbound.pickTask.assign', 'outbound.wave.printList', 'outbound.wave.downloadList']

export function PickingTasksList() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  useAssignees(holds(PICKING_PERMISSIONS.taskAssign, useCommandContext()))
  const open = useOpenTask()
  return (
    <div className="flex flex-col" data-testid="picking-tasks">
      <DataGrid<TaskRecord>
        gridId={TASK_GRID_ID} titleKey="outbound:pick.title" columns={taskColumns} filterColumns={filterColumns} fetcher={fetchTasks}
        defaultSort="createdAt:desc" onOpen={open}
        toolbar={(
          <>
            <CommandButtons ids={TOOLBAR} label="outbound:pick.title" />
            <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="open-station" onClick={() => navigate(pickingStationPath(''))}>
              {t('outbound-picking-ui:task.openStation')}
            </button>
          </>
        )}
      />
    </div>
  )
}
