// One wave (stock-out → ToC → wave-picking/details?waveNo=…, component 'stock-out/wave-picking-details';
// also 'stock-out/allot-pick-task', wave-picking/allot-pick-task?waveNo=…, which opens on the tasks):
// its header facts, its picking tasks in a DataGrid (Space selects; the allot command asks for an
// operator or a job group, prompt kind 'outbound.pickAssignee'; Enter opens the task at the picking
// station) and its orders. The wave is the commands' document (its cancel is disabled with the wave
// machine's reason); the selected tasks are the allot command's targets. "Go to document" (BC…) lands here.
import { useState, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiError } from '../../../api/clients'
import { queryClient } from '../../../state/query-client'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { holds, type CommandContext } from '../../../../domain/commands'
import { useCommandContext } from '../../../palette'
import { selection } from '../../../state/selection'
import { useSnapshot } from 'valtio'
import { DataGrid, type GridQuery } from '../../../grid'
import { OverflowToolbar } from '../../../grid/OverflowToolbar'
import { PICKING_PERMISSIONS, WAVE_PATH } from '../../../../../commands/outbound-picking'
import type { ScreenProps } from '../../kit'
import { CommandButtons } from '../../documents/CommandButtons'
import { DocTable, type DocColumn } from '../../documents/DocTable'
import { useOpenDocument } from './useOpenDocument'
import { fetchTasks, fetchWave, waveDetailKey, waveFacts, WAVE_TASK_GRID_ID, type TaskRecord, type WaveOrder } from './api'
import { TaskMode } from './WavesPage'
import { taskColumns, useOpenTask } from './PickingTasksList'
import { useAssignees } from './assignees'
import { platformLabelKey } from '../orders/api'
import { usePageSearch } from '../../kit'

const SELECTION_ID = 'wave-details'
/** The wave's own actions: allot its tasks, print or download its picking list, cancel it. */
const WAVE_ACTIONS = ['outbound.wave.assign', 'outbound.wave.printList', 'outbound.wave.downloadList', 'outbound.wave.cancel']
const F = (f: string) => `outbound:wave.fields.${f}`
const O = (f: string) => `outbound:order.fields.${f}`
const U = (k: string) => `outbound-picking-ui:wave.${k}`

const ORDER_COLUMNS: DocColumn<WaveOrder>[] = [
  { id: 'orderNo', labelKey: O('orderNo'), kind: 'code' },
  { id: 'status', labelKey: O('status'), render: (r) => <Label k={dictLabelKey('outboundOrderStatus', r.status)} /> },
  { id: 'platform', labelKey: O('platform'), render: (r) => <Label k={platformLabelKey(r.platform)} /> },
  { id: 'expectedQty', labelKey: O('expectedQty'), kind: 'number' },
  { id: 'allocatedQty', labelKey: O('allocatedQty'), kind: 'number' },
  { id: 'pickedQty', labelKey: O('pickedQty'), kind: 'number' },
]
// The wave's own tasks: its number is the same on every row, so no wave column and no wave filter.
const WAVE_TASK_COLUMNS = taskColumns.filter((c) => c.id !== 'waveNo')

function Label({ k }: { k: string }) {
  const { t } = useTranslation()
  return <>{t(k)}</>
}

export default function WaveDetailsPage({ route }: Partial<ScreenProps>) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const waveNo = (new URLSearchParams(usePageSearch()).get('waveNo') ?? '').trim().toUpperCase()
  const allot = route?.componentKey === 'stock-out/allot-pick-task'
  const q = useQuery({ queryKey: waveDetailKey(waveNo), enabled: waveNo !== '', retry: false, staleTime: 0, queryFn: () => fetchWave(waveNo) })
  const w = q.data?.wave
  const facts = w ? waveFacts(w) : undefined
  useOpenDocument(SELECTION_ID, facts)
  const base = useCommandContext()
  useAssignees(holds(PICKING_PERMISSIONS.taskAssign, base))
  // The wave's buttons act on the wave alone; the tasks' on the tasks grid's selection alone.
  const waveCtx: CommandContext = { ...base, selection: [], document: facts, documentId: facts?.id }
  const tasksCtx: CommandContext = { ...base, selection: useSnapshot(selection).gridId === WAVE_TASK_GRID_ID ? base.selection : [], document: undefined, documentId: undefined }
  const field = (k: string, v: ReactNode) => (
    <div className="flex min-w-0 flex-col"><dt className="text-xs text-gray-600">{t(F(k))}</dt><dd className="break-words" data-testid={`wave-${k}`}>{v === null || v === undefined || v === '' ? '—' : v}</dd></div>
  )
  const tasks = w && (
    <section aria-labelledby="wave-tasks-title" className="flex flex-col">
      <h3 id="wave-tasks-title" className="text-sm font-semibold">{t(U('tasks'), { count: w.taskCount })}</h3>
      <WaveTasks key={waveNo} waveNo={waveNo} ctx={tasksCtx} />
    </section>
  )
  return (
    <div className="flex flex-col gap-3" data-testid="wave-details" data-document-id={base.documentId ?? ''} data-status={w?.status ?? ''}>
      <div className="flex items-center gap-3">
        <h2 className="text-base font-semibold">{t(allot ? U('allotTitle') : U('title'), { waveNo })}</h2>
        {w && <span className="rounded bg-gray-100 px-2 text-sm" data-testid="wave-status">{t(dictLabelKey('waveStatus', w.status))}</span>}
        <button type="button" className="ml-auto h-7 rounded border px-3 text-sm" onClick={() => navigate(WAVE_PATH)}>{t(U('back'))}</button>
      </div>
      {!waveNo && <p className="text-sm text-gray-600">{t(U('noWave'))}</p>}
      {q.isPending && waveNo && <p role="status" className="text-sm text-gray-600">{t('common:loading')}</p>}
      {q.isError && <p role="alert" className="text-sm text-red-700">{q.error instanceof ApiError ? q.error.message : (q.error as Error).message}</p>}
      {w && q.data && (
        <>
          <div className="flex"><OverflowToolbar testId="wave-details-toolbar"><CommandButtons ids={WAVE_ACTIONS} ctx={waveCtx} label="outbound:wave.document" /></OverflowToolbar></div>
          {allot && tasks}
          <dl className="grid grid-cols-7 gap-3 text-sm" data-testid="wave-facts">
            {field('ruleName', w.ruleName)}
            {field('pickMode', t(dictLabelKey('pickMode', w.pickMode)))}
            {field('taskMode', <TaskMode mode={w.taskMode} />)}
            {field('orderCount', w.orderCount)}
            {field('skuCount', w.skuCount)}
            {field('taskCount', w.taskCount)}
            {field('qty', w.qty)}
            {field('pickedQty', w.pickedQty)}
            {field('shortQty', w.shortQty)}
            {field('pickedAt', w.pickedAt ? formatTime(w.pickedAt) : null)}
            {field('createdAt', formatTime(w.createdAt))}
          </dl>
          <DocTable titleKey={U('orders')} testId="wave-orders" columns={ORDER_COLUMNS} rows={q.data.orders} emptyKey={U('noOrders')} />
          {!allot && tasks}
        </>
      )}
    </div>
  )
}

/** The wave's tasks (the list endpoint filtered by the wave): selection for the allot command, Enter opens the station. */
function WaveTasks({ waveNo, ctx }: { waveNo: string; ctx: CommandContext }) {
  // Another wave's rows must not show while this one's load: start this grid's cache afresh.
  useState(() => queryClient.removeQueries({ queryKey: ['grid', WAVE_TASK_GRID_ID] }))
  const open = useOpenTask()
  return (
    <DataGrid<TaskRecord>
      gridId={WAVE_TASK_GRID_ID} titleKey="outbound:pick.title" columns={WAVE_TASK_COLUMNS} pageSize={20}
      fetcher={(query: GridQuery, signal?: AbortSignal) => fetchTasks({ ...query, waveNo }, signal)}
      defaultSort="createdAt:desc" onOpen={open}
      toolbar={<CommandButtons ids={['outbound.pickTask.assign']} ctx={ctx} label="outbound:pick.title" />}
    />
  )
}
