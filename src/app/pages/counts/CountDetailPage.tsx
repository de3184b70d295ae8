// In-house work → check-manager → check-detail (component 'in-house-work/check-detail', ?no=PD… or PT…,
// the palette's "go to document"): a count plan — its facts, cancel (count.plan.cancel, disabled with the
// plan machine's reason), its tasks; Enter on a task (or ↑/↓ then Enter) selects it and its actions follow
// the count task machine, disabled with the reason — or a count task: locations, counted lines, counter,
// approver, status history and its actions. The reviewer (check-review:approve, not a counter of the task)
// sees what was on hand at each counted position and the variance; a counter never does (the server
// refuses them the review view; the station's view has no expected quantity).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { i18next } from '../../i18n'
import { api } from '../../api/clients'
import { formatTime } from '../../../domain/format'
import { dictLabelKey } from '../../../domain/dictionaries'
import { holds } from '../../../domain/commands'
import { countersOf } from '../../../domain/states/count-task'
import { statusMovesText } from '../../../domain/states/status-text'
import { primaryFocusProps } from '../../router/arrival'
import { useCommandContext } from '../../palette'
import { CommandButtons } from '../documents/CommandButtons'
import { DocTable, type DocColumn } from '../documents/DocTable'
import { usePageSearch } from '../kit'
import { COUNT_API, COUNT_PATH, COUNT_PERMISSIONS, countDetailPath, countStationPath } from '../../../../commands/stock-count'
import { detailKey, isHedging, planFacts, taskFacts, type LineRecord, type PlanRecord, type ReviewView, type StationView, type TaskRecord } from './api'
import { Threshold } from './CountManagerPage'

const U = (k: string) => `count-ui:detail.${k}`
const TASK_ACTIONS = ['count.task.claim', 'count.task.submit', 'count.task.reissue', 'count.task.recount', 'count.task.reject', 'count.task.approve']
interface HistoryRow { id: number; createdAt: string; commandId: string; username: string | null; summary: string | null; result: string }

const statusText = (s: number) => i18next.t(dictLabelKey('countPlanStatus', s))
const HISTORY: DocColumn<HistoryRow>[] = [
  { id: 'createdAt', labelKey: U('at'), render: (r) => formatTime(r.createdAt) },
  { id: 'commandId', labelKey: U('command'), render: (r) => (i18next.exists(`commands:${r.commandId}`) ? i18next.t(`commands:${r.commandId}`) : r.commandId) },
  { id: 'username', labelKey: U('operator') },
  { id: 'summary', labelKey: U('summary'), wrap: true, render: (r) => statusMovesText(r.summary ?? '', statusText) },
  { id: 'result', labelKey: U('result'), render: (r) => i18next.t(`audit:result.${r.result}`) },
]

/** A task's status, "hedging" while it waits for approval with an open recount. */
export function TaskStatus({ task }: { task: Pick<TaskRecord, 'status' | 'recountTaskNo'> }) {
  const { t } = useTranslation()
  return <>{isHedging(task) ? t('count-ui:status.hedging', { recountNo: task.recountTaskNo }) : t(dictLabelKey('countPlanStatus', task.status))}</>
}

function Facts({ items, testPrefix }: { items: [string, React.ReactNode][]; testPrefix: string }) {
  const { t } = useTranslation()
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-1 text-sm">
      {items.map(([k, v]) => (
        <div key={k} className="flex min-w-0 flex-col">
          <dt className="text-xs text-slate-600">{t(U(`fact.${k}`))}</dt>
          <dd className="truncate font-mono" data-testid={`${testPrefix}-${k}`}>{v ?? '—'}</dd>
        </div>
      ))}
    </dl>
  )
}

/** A read that failed: the server's message (a refusal, the network). */
function Failed({ error }: { error: unknown }) {
  return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="count-failed">{error instanceof Error ? error.message : String(error)}</p>
}

function History({ no }: { no: string }) {
  const q = useQuery({ queryKey: [...detailKey(no), 'history'], queryFn: () => api.get<HistoryRow[]>(COUNT_API.history(no), undefined, { silent: true }), retry: false })
  return <DocTable titleKey={U('history')} testId="count-history" columns={HISTORY} rows={q.data ?? []} emptyKey={U('noHistory')} />
}

function PlanDetail({ planNo }: { planNo: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const base = useCommandContext()
  const [picked, setPicked] = useState<string | null>(null)
  const q = useQuery({
    queryKey: detailKey(planNo),
    queryFn: async () => {
      const plans = await api.get<{ records: PlanRecord[] }>(COUNT_API.plans, { planNo, page: 1, size: 5 }, { silent: true })
      const tasks = await api.get<{ records: TaskRecord[] }>(COUNT_API.tasks, { planNo, page: 1, size: 200, sort: 'id:asc' }, { silent: true })
      return { plan: plans.records.find((p) => p.planNo.toUpperCase() === planNo) ?? null, tasks: tasks.records.filter((x) => x.planNo.toUpperCase() === planNo) }
    },
    retry: false,
  })
  if (q.isPending) return <p className="text-sm text-slate-600" role="status" data-loading="">{t('palette:documents.searching')}</p>
  if (q.isError) return <Failed error={q.error} />
  const plan = q.data?.plan
  if (!plan) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="count-missing">{t(U('notFound'), { no: planNo })}</p>
  const tasks = q.data!.tasks
  const task = tasks.find((x) => x.taskNo === picked) ?? null
  const planCtx = { ...base, selection: [planFacts(plan)], document: planFacts(plan), documentId: plan.id }
  const taskCtx = task ? { ...base, selection: [taskFacts(task)], document: taskFacts(task), documentId: task.id } : null
  return (
    <section aria-labelledby="count-doc-title" className="flex flex-col gap-3" data-testid="count-doc" data-no={plan.planNo} data-status={plan.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="count-doc-title" className="text-base font-semibold">{t(U('planTitle'), { no: plan.planNo })}</h2>
        <CommandButtons ids={['count.plan.cancel']} ctx={planCtx} label={U('planActions')} />
        <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="count-doc-all" onClick={() => navigate(`${COUNT_PATH}/list`)}>{t(U('allPlans'))}</button>
      </div>
      <Facts testPrefix="count-plan" items={[
        ['status', t(dictLabelKey('countPlanStatus', plan.status))], ['source', t(`count-ui:plan.source.${plan.source === 'rule' ? 'rule' : 'hand'}`)],
        ['locations', plan.locationCount], ['tasks', plan.taskCount], ['threshold', <Threshold key="t" units={plan.thresholdUnits} pct={plan.thresholdPct} value={plan.thresholdValue} />],
        ['createdBy', plan.createdByName], ['createdAt', formatTime(plan.createdAt)], ['finishedAt', formatTime(plan.finishedAt) || '—'], ['remark', plan.remark],
      ]} />
      <section aria-labelledby="count-tasks-title" className="flex flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id="count-tasks-title" className="text-sm font-semibold">{t(U('tasks'))}</h3>
          {task && taskCtx ? (
            <>
              <span className="text-sm text-slate-700" data-testid="count-picked">{t(U('picked'), { no: task.taskNo })}</span>
              <CommandButtons ids={TASK_ACTIONS} ctx={taskCtx} label={U('taskActions')} />
            </>
          ) : <span className="text-sm text-slate-600">{t(U('pickHint'))}</span>}
        </div>
        <div className="overflow-x-auto" role="region" aria-labelledby="count-tasks-title" tabIndex={-1}>
          <table className="w-full text-sm" data-testid="count-tasks">
            <thead className="text-left text-slate-600">
              <tr>
                {['taskNo', 'status', 'round', 'locations', 'counter', 'submittedAt', 'reviewer', 'surplus', 'loss', 'open'].map((c) => <th key={c} scope="col" className="whitespace-nowrap px-2 py-1">{t(U(`col.${c}`))}</th>)}
              </tr>
            </thead>
            <tbody>
              {tasks.map((x, i) => (
                <tr key={x.id} className={`border-t ${x.taskNo === picked ? 'bg-sky-50' : ''}`} data-task={x.taskNo} data-status={x.status}>
                  <td className="px-2 py-1">
                    <button type="button" className="font-mono underline-offset-2 hover:underline" aria-pressed={x.taskNo === picked} data-testid="count-task-pick"
                      {...(i === 0 ? primaryFocusProps() : {})}
                      onClick={() => setPicked(x.taskNo)}
                      onKeyDown={(e) => {
                        const rows = (e.currentTarget.closest('tbody')?.querySelectorAll<HTMLButtonElement>('[data-testid="count-task-pick"]')) ?? []
                        if (e.key === 'ArrowDown') { e.preventDefault(); rows[Math.min(rows.length - 1, i + 1)]?.focus() }
                        if (e.key === 'ArrowUp') { e.preventDefault(); rows[Math.max(0, i - 1)]?.focus() }
                      }}>
                      {x.taskNo}
                    </button>
                  </td>
                  <td className="whitespace-nowrap px-2 py-1"><TaskStatus task={x} /></td>
                  <td className="px-2 py-1 text-right tabular-nums">{x.round}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{x.locationCount}</td>
                  <td className="px-2 py-1">{x.claimedByName ?? '—'}</td>
                  <td className="whitespace-nowrap px-2 py-1">{formatTime(x.submittedAt) || '—'}</td>
                  <td className="px-2 py-1">{x.reviewedByName ?? '—'}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{x.surplusQty ?? '—'}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{x.lossQty ?? '—'}</td>
                  <td className="px-2 py-1"><a className="text-sky-800 underline" href={countDetailPath(x.taskNo)} onClick={(e) => { e.preventDefault(); navigate(countDetailPath(x.taskNo)) }}>{t(U('openTask'))}</a></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <History no={plan.planNo} />
    </section>
  )
}

function TaskDetail({ taskNo }: { taskNo: string }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const base = useCommandContext()
  const q = useQuery({
    queryKey: detailKey(taskNo),
    queryFn: async () => {
      const tasks = await api.get<{ records: TaskRecord[] }>(COUNT_API.tasks, { taskNo, page: 1, size: 5 }, { silent: true })
      const task = tasks.records.find((x) => x.taskNo.toUpperCase() === taskNo) ?? null
      if (!task) return { task: null, view: null, lines: [] as LineRecord[] }
      const view = await api.get<StationView>(COUNT_API.task(taskNo), undefined, { silent: true })
      const lines = await api.get<{ records: LineRecord[] }>(COUNT_API.lines, { taskNo, page: 1, size: 200 }, { silent: true })
      return { task, view, lines: lines.records.filter((l) => l.taskNo.toUpperCase() === taskNo) }
    },
    retry: false,
  })
  const task = q.data?.task ?? null
  // The reviewer's view: only for a holder of the approve permission who did not count the task (the server refuses counters).
  const reviewer = !!task && holds(COUNT_PERMISSIONS.approve, base) && !countersOf({ claimedBy: task.claimedBy, excludedUserIds: task.excludedUserIds ?? [] }).includes(base.userId)
  const review = useQuery({
    queryKey: [...detailKey(taskNo), 'review'], enabled: reviewer && !!task && task.status !== 0,
    queryFn: () => api.get<ReviewView>(COUNT_API.review(taskNo), undefined, { silent: true }), retry: false,
  })
  if (q.isPending) return <p className="text-sm text-slate-600" role="status" data-loading="">{t('palette:documents.searching')}</p>
  if (q.isError) return <Failed error={q.error} />
  if (!task) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="count-missing">{t(U('notFound'), { no: taskNo })}</p>
  const view = q.data!.view!
  const facts = taskFacts(task)
  const ctx = { ...base, selection: [facts], document: facts, documentId: task.id }
  const counting = task.status === 1 && task.claimedBy === base.userId
  const reviewLines = review.data?.lines ?? null
  return (
    <section aria-labelledby="count-doc-title" className="flex flex-col gap-3" data-testid="count-doc" data-no={task.taskNo} data-status={task.status}>
      <h2 id="count-doc-title" className="text-base font-semibold">{t(U('taskTitle'), { no: task.taskNo })}</h2>
      {/* The actions on a row of their own (the number above): eight buttons fit 1280 wide without wrapping. */}
      <div className="flex items-center gap-2">
        <CommandButtons ids={TASK_ACTIONS} ctx={ctx} label={U('taskActions')} />
        <button type="button" className="h-7 shrink-0 rounded border px-3 hover:bg-gray-50" data-testid="count-doc-station" {...primaryFocusProps(counting)}
          onClick={() => navigate(countStationPath(task.taskNo))}>{t(U('toStation'))}</button>
      </div>
      <Facts testPrefix="count-task" items={[
        ['status', <TaskStatus key="s" task={task} />],
        ['plan', <button key="p" type="button" className="text-left font-mono text-sky-800 underline" data-testid="count-doc-plan" {...primaryFocusProps(!counting)}
          onClick={() => navigate(countDetailPath(task.planNo))} aria-label={t(U('toPlan'), { no: task.planNo })}>{task.planNo}</button>], ['round', task.round], ['locations', task.locationCount],
        ['counter', task.claimedByName], ['claimedAt', formatTime(task.claimedAt) || '—'], ['submittedAt', formatTime(task.submittedAt) || '—'],
        ['reviewer', task.reviewedByName], ['reviewedAt', formatTime(task.reviewedAt) || '—'], ['surplus', task.surplusQty ?? '—'], ['loss', task.lossQty ?? '—'],
      ]} />
      <DocTable titleKey={U('locations')} testId="count-doc-locations" rows={view.locations.map((l) => ({ ...l, id: l.seq }))} columns={[
        { id: 'seq', labelKey: U('col.seq'), kind: 'number' },
        { id: 'locationCode', labelKey: U('col.location'), kind: 'code' },
        { id: 'visited', labelKey: U('col.state'), render: (l) => t(`count-ui:station.state.${l.confirmedEmpty ? 'empty' : l.visited ? 'counted' : 'todo'}`) },
      ]} />
      {reviewLines ? (
        <DocTable titleKey={U('reviewLines')} testId="count-doc-review" emptyKey={U('noLines')} rows={reviewLines.map((l, i) => ({ ...l, id: i }))} columns={[
          { id: 'locationCode', labelKey: U('col.location'), kind: 'code' },
          { id: 'skuCode', labelKey: U('col.sku'), kind: 'code' },
          { id: 'counted', labelKey: U('col.counted'), kind: 'number' },
          { id: 'expected', labelKey: U('col.expected'), kind: 'number' },
          { id: 'variance', labelKey: U('col.variance'), kind: 'number', render: (l) => <span className={l.variance ? 'font-semibold text-red-800' : ''}>{l.variance > 0 ? `+${l.variance}` : l.variance}</span> },
          { id: 'onHandNow', labelKey: U('col.onHandNow'), kind: 'number' },
        ]} />
      ) : (
        // Blind: what was counted, and (once approved, posted) the adjustment; never what was expected before.
        <DocTable titleKey={U('countedLines')} testId="count-doc-lines" emptyKey={U('noLines')} rows={q.data!.lines} columns={[
          { id: 'locationCode', labelKey: U('col.location'), kind: 'code' },
          { id: 'skuCode', labelKey: U('col.sku'), kind: 'code' },
          { id: 'countedQty', labelKey: U('col.counted'), kind: 'number' },
          { id: 'countedByName', labelKey: U('col.countedBy') },
          { id: 'countedAt', labelKey: U('col.countedAt'), render: (l) => formatTime(l.countedAt) },
          { id: 'adjustment', labelKey: U('col.adjustment'), kind: 'number' },
        ]} />
      )}
      <History no={task.taskNo} />
    </section>
  )
}

export default function CountDetailPage() {
  const { t } = useTranslation()
  const no = new URLSearchParams(usePageSearch()).get('no')?.trim().toUpperCase() ?? ''
  if (/^PT/.test(no)) return <TaskDetail key={no} taskNo={no} />
  if (/^PD/.test(no)) return <PlanDetail key={no} planNo={no} />
  return <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="count-missing" {...primaryFocusProps()} tabIndex={-1}>{t(U('noNumber'))}</p>
}
