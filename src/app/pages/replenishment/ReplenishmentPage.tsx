// Replenishment → replenishment (component 'replenishment/replenishment'): the replenishment tasks (BH) of the
// warehouse+tenant — filters number, status, trigger, pick face, SKU, created range — with the status
// actions as the palette offers them (generate from the rules, a task by hand, allot to a job group only in
// ToBeAllocated 4 / ToBeReplenished 0, abolish: disabled with the machine's reason), Enter on a task opens it
// (?taskNo=<BH…>: why this quantity, where bulk holds the SKU, its ledger rows), and ?station=<BH…|empty>
// is the replenishment station, one menu entry as picking has it.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { dictLabelKey } from '../../../domain/dictionaries'
import { ledgerReasonKey } from '../../../domain/ledger-reasons'
import { commandVisible } from '../../../domain/commands'
import { CommandButtons } from '../documents/CommandButtons'
import { useCommandContext, useCommandRegistry } from '../../palette'
import { usePageSearchParams } from '../kit'
import { REPLENISHMENT_PATH, replenishmentStationPath, replenishmentTaskPath } from '../../../../commands/replenishment'
import { fetchTask, fetchTasks, STATUS_OPTIONS, TASK_GRID_ID, taskKey, TRIGGER_OPTIONS, useJobGroups, type TaskRecord, type TaskView } from './api'
import { ReplenishmentStation } from './ReplenishmentStation'

const F = (f: string) => `replenishment:fields.${f}`
const btn = 'h-7 rounded border px-3 hover:bg-gray-50'

const columns: GridColumn<TaskRecord>[] = [
  { id: 'taskNo', titleKey: F('taskNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: STATUS_OPTIONS },
  { id: 'trigger', titleKey: F('trigger'), width: 150, filter: 'enum', enumDict: TRIGGER_OPTIONS, render: (r) => <Label k={`replenishment:trigger.${r.trigger}`} /> },
  { id: 'locationCode', titleKey: F('locationCode'), width: 120, sortable: true, filter: 'text' },
  { id: 'skuCode', titleKey: F('skuCode'), width: 170, sortable: true, filter: 'text' },
  { id: 'qty', titleKey: F('qty'), width: 80, align: 'right' },
  { id: 'movedQty', titleKey: F('movedQty'), width: 80, align: 'right' },
  { id: 'explanation', titleKey: F('explanation'), width: 260, render: (r) => <Why e={r.explanation} /> },
  { id: 'jobGroupName', titleKey: F('jobGroupName'), width: 130, render: (r) => r.jobGroupName ?? '—' },
  { id: 'claimedByName', titleKey: F('claimedByName'), width: 110, render: (r) => r.claimedByName ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
  { id: 'finishedAt', titleKey: F('finishedAt'), width: 160, render: (r) => formatTime(r.finishedAt) || '—' },
]

function Label({ k }: { k: string }) {
  const { t } = useTranslation()
  return <>{t(k)}</>
}

/** One line of the explanation: on hand, reserved, demand, min/max → needed, rounded, bulk → quantity. */
function Why({ e }: { e: Partial<TaskRecord['explanation']> | null | undefined }) {
  const { t } = useTranslation()
  if (!e || e.qty == null) return <>—</>
  const X = (k: string) => t(`replenishment:explain.${k}`)
  return (
    <span className="text-xs">
      {X('onHand')} {e.onHand} · {X('minMax')} {e.min ?? '—'}/{e.max ?? '—'} · {X('needed')} {e.needed} → {e.rounded} · {X('bulkAvailable')} {e.bulkAvailable}
    </span>
  )
}

// Claim is on a task's page and at the station (Alt+N there takes the next task by task path).
const ACTIONS = ['replenishment.generate', 'replenishment.task.create', 'replenishment.task.allot', 'replenishment.task.abolish']

function TasksList() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const allot = registry.get('replenishment.task.allot')
  useJobGroups(!!allot && commandVisible(allot, ctx))
  return (
    <div className="flex flex-col" data-testid="replenishment-tasks">
      <DataGrid<TaskRecord>
        gridId={TASK_GRID_ID} titleKey="replenishment:list.title" columns={columns} fetcher={fetchTasks} defaultSort="createdAt:desc"
        onOpen={(r) => navigate(replenishmentTaskPath(r.taskNo))}
        toolbar={(
          <>
            <button type="button" className={btn} data-testid="open-replenishment-station" onClick={() => navigate(replenishmentStationPath(''))}>{t('replenishment:list.station')}</button>
            <CommandButtons ids={ACTIONS} label="replenishment:list.title" />
          </>
        )}
      />
    </div>
  )
}

/** One task: its facts, why this quantity, where bulk holds the SKU, its ledger rows, its actions. */
function TaskDetail({ taskNo }: { taskNo: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const q = useQuery({ queryKey: taskKey(taskNo), queryFn: () => fetchTask(taskNo) })
  const ctx = useCommandContext()
  const v: TaskView | undefined = q.data
  if (q.isError) return <p role="alert" className="p-4 text-red-700" data-testid="replenishment-task-error">{t('replenishment:errors.taskNotFound', { taskNo })}</p>
  if (!v) return <p className="p-4" aria-busy="true">…</p>
  const e = v.explanation
  const X = (k: string) => t(`replenishment:explain.${k}`)
  const rows: [string, string | number][] = [
    [X('onHand'), e.onHand ?? '—'], [X('reserved'), e.reserved ?? '—'], [X('openDemand'), e.openDemand ?? 0], [X('waveDemand'), e.waveDemand ?? 0],
    [X('openTaskQty'), e.openTaskQty ?? 0], [X('minMax'), e.min == null ? X('noRule') : `${e.min} / ${e.max}`], [X('needed'), e.needed ?? '—'],
    [X('multiple'), e.multiple ?? 1], [X('rounded'), e.rounded ?? '—'], [X('bulkAvailable'), e.bulkAvailable ?? '—'],
    [X('qty'), `${e.qty ?? '—'}${e.limitedByBulk ? ` (${X('limitedByBulk')})` : ''}`], [X('at'), e.at ? formatTime(e.at) : '—'],
  ]
  const docCtx = { ...ctx, selection: [], document: { ...v.task } }
  return (
    <section className="flex flex-col gap-3 p-4" data-testid="replenishment-task" data-no={v.task.taskNo} data-status={v.task.status}>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{t('replenishment:document')} {v.task.taskNo}</h1>
        <span className="rounded bg-slate-100 px-2 text-sm" data-testid="replenishment-task-status">{t(dictLabelKey('replenishmentTaskStatus', v.task.status))}</span>
        <div className="ml-auto flex items-center gap-2">
          <CommandButtons ids={['replenishment.task.claim', 'replenishment.task.allot', 'replenishment.task.abolish']} ctx={docCtx} label="replenishment:document" />
          <button type="button" className={btn} onClick={() => navigate(REPLENISHMENT_PATH)}>{t('replenishment:list.title')}</button>
        </div>
      </div>
      <dl className="grid grid-cols-[auto_1fr_auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-700">{t(F('locationCode'))}</dt><dd className="font-mono">{v.task.locationCode}</dd>
        <dt className="text-slate-700">{t(F('skuCode'))}</dt><dd className="font-mono">{v.task.skuCode}</dd>
        <dt className="text-slate-700">{t(F('qty'))}</dt><dd>{v.task.qty}</dd>
        <dt className="text-slate-700">{t(F('movedQty'))}</dt><dd data-testid="replenishment-moved">{v.task.movedQty}</dd>
        <dt className="text-slate-700">{t(F('trigger'))}</dt><dd>{t(`replenishment:trigger.${v.task.trigger}`)}</dd>
        <dt className="text-slate-700">{t(F('jobGroupName'))}</dt><dd>{v.task.jobGroupName ?? '—'}</dd>
      </dl>
      <div className="grid grid-cols-2 gap-4">
        <table className="self-start text-sm" data-testid="replenishment-explanation">
          <caption className="text-left font-semibold">{X('title')}</caption>
          <tbody>{rows.map(([k, val]) => <tr key={k} className="border-b"><th scope="row" className="px-2 py-1 text-left font-normal text-slate-700">{k}</th><td className="px-2 py-1 font-mono">{val}</td></tr>)}</tbody>
        </table>
        <table className="self-start text-sm" data-testid="replenishment-sources">
          <caption className="text-left font-semibold">{t('replenishment:station.sources')}</caption>
          <tbody>
            {v.sources.length ? v.sources.map((s) => <tr key={s.locationCode} className="border-b"><td className="px-2 py-1 font-mono">{s.locationCode}</td><td className="px-2 py-1">{s.areaCode}</td><td className="px-2 py-1 text-right">{s.free} {t('replenishment:station.free')}</td></tr>)
              : <tr><td className="px-2 py-1">{t('replenishment:station.noSources')}</td></tr>}
          </tbody>
        </table>
      </div>
      <table className="text-sm" data-testid="replenishment-ledger">
        <caption className="text-left font-semibold">{t('replenishment:list.ledger')}</caption>
        <tbody>
          {v.ledger.map((l) => (
            <tr key={l.id} className="border-b">
              <td className="px-2 py-1">{formatTime(l.createdAt)}</td><td className="px-2 py-1 font-mono">{l.locationCode}</td><td className="px-2 py-1 font-mono">{l.skuCode}</td>
              <td className="px-2 py-1 text-right font-mono">{l.deltaOnHand > 0 ? `+${l.deltaOnHand}` : l.deltaOnHand}</td>
              <td className="px-2 py-1">{l.reason ? t(ledgerReasonKey(l.reason), l.reasonParams) : '—'}</td><td className="px-2 py-1">{l.operatorName ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

export default function ReplenishmentPage() {
  const search = usePageSearchParams()
  const station = search.get('station')
  const taskNo = search.get('taskNo')
  if (station !== null) return <ReplenishmentStation taskParam={station} />
  if (taskNo) return <TaskDetail key={taskNo} taskNo={taskNo.toUpperCase()} />
  return <TasksList />
}
