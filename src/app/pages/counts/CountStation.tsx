// The count station (in-house work → check-manager → list?task=<PT…>, one menu entry with the plan list,
// as picking has it): claim a task by scanning its number (or Alt+N, the next free task this operator may
// claim), scan a LOCATION of the task, then its SKUs — each scan one `count.scan` (+1, or the quantity
// typed with Alt+Q) through the scan queue (own Idempotency-Key, in order, kept while the network is
// away); scanning another location of the task moves there; Alt+E confirms the location empty; Alt+S
// submits. Blind: the station shows what this counter counted, never an expected quantity (the server's
// task view carries none). Every refusal is the server's, on the status line.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { session } from '../../state/session'
import { runCommandById } from '../../palette'
import { api } from '../../api/clients'
import { dictLabelKey } from '../../../domain/dictionaries'
import { check } from '../../../domain/states/machine'
import { countTaskMachine } from '../../../domain/states/count-task'
import { SideField, StationScreen, classifyScan, commandSender, defineStation, focusField, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../station'
import { COUNT_API, type CountScanArgs, type ScanAnswer } from '../../../../commands/stock-count'
import { fetchStationView, taskFacts, type StationView, type TaskRecord } from './api'

const S = (k: string) => `count-ui:station.${k}`
type Step = 'task' | 'location' | 'sku' | 'done'

export const COUNT_STATION = defineStation<Step>({
  id: 'count',
  titleKey: S('title'),
  idleKey: S('idle'),
  steps: [
    { id: 'task', promptKey: S('step.task') },
    { id: 'location', promptKey: S('step.location') },
    { id: 'sku', promptKey: S('step.sku') },
    { id: 'done', promptKey: S('step.done') },
  ],
  // Another task's number opens it at any step; in the SKU step a location of the task moves there (checked by the page).
  accepts: { task: ['countTask'], location: ['countTask', 'location'], sku: ['countTask', 'sku'], done: ['countTask'] },
  hints: [
    { keys: 'Enter', labelKey: S('keys.enter') },
    { keys: 'Alt+N', labelKey: S('keys.next') },
    { keys: 'Alt+Q', labelKey: S('keys.qty') },
    { keys: 'Alt+E', labelKey: S('keys.empty') },
    { keys: 'Alt+S', labelKey: S('keys.submit') },
    { keys: 'Esc', labelKey: S('keys.back') },
  ],
})

const COUNTING = 1

export function CountStation({ taskParam }: { taskParam: string }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const steps = useSteps(COUNT_STATION.steps)
  const fb = useStationFeedback()
  const [view, setView] = useState<StationView | null>(null)
  const [location, setLocation] = useState<string | null>(null)
  const [qty, setQty] = useState('1')
  const [last, setLast] = useState<string | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)
  const taskNo = view?.task.taskNo ?? null

  const refresh = useCallback(async (no: string) => {
    try {
      const v = await fetchStationView(no)
      setView(v)
      return v
    } catch (e) {
      fb.error(refusal(e))
      return null
    }
  }, [fb])

  /** Opens a task: claims it when it is still unclaimed (the server decides who may), then its first location to count. */
  const open = useCallback(async (no: string) => {
    let v = await refresh(no)
    if (!v) return
    if (v.task.status === 0) {
      const out = await runCommandById('count.task.claim', { taskNo: v.task.taskNo })
      if (out.status !== 'ok') { if (out.status === 'failed') fb.error(refusal(out.error)); return }
      v = await refresh(no)
      if (!v) return
    }
    setLocation(null)
    if (v.task.status !== COUNTING) {
      steps.go('done')
      fb.info(msg(S('notCounting'), { taskNo: v.task.taskNo, status: msg(dictLabelKey('countPlanStatus', v.task.status)) }))
      return
    }
    steps.go('location')
    const next = v.locations.find((l) => !l.visited)
    fb.ok(msg(S('claimed'), { taskNo: v.task.taskNo, location: next?.locationCode ?? '—' }))
  }, [refresh, fb, steps])

  // A task number in the URL (the plan list, check-detail, the palette) opens it once, like a scan.
  useEffect(() => {
    if (taskParam) void Promise.resolve().then(() => open(taskParam.toUpperCase()))
  }, [taskParam]) // eslint-disable-line react-hooks/exhaustive-deps

  const { queue, pending } = useScanQueue<CountScanArgs, ScanAnswer>({
    send: commandSender<CountScanArgs, ScanAnswer>('count.scan'),
    storageKey: `station:count:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setLast(`${r.locationCode}:${r.skuCode}`)
      fb.ok(msg(S('counted'), { sku: r.skuCode, location: r.locationCode, counted: r.counted, left: r.locationsLeft }))
      void refresh(r.taskNo)
      void qc.invalidateQueries({ queryKey: ['grid'] })
    },
    onRefused: (item, e) => {
      fb.error(refusal(e))
      void refresh(item.args.taskNo)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  /** Alt+N: the first unclaimed task this operator may claim (not allotted to another, not a recount of their own count). */
  const nextFree = async () => {
    try {
      const page = await api.get<{ records: TaskRecord[] }>(COUNT_API.tasks, { status: '0', sort: 'createdAt:asc', page: 1, size: 50 }, { silent: true })
      const mine = page.records.find((r) => check(countTaskMachine, 'count.task.claim', taskFacts(r) as never, { userId: session.userId }) === true)
      if (!mine) { fb.info(msg(S('noneFree'))); return }
      await open(mine.taskNo)
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const taskLocation = (code: string) => view?.locations.find((l) => l.locationCode.toUpperCase() === code.toUpperCase()) ?? null

  const setAt = (code: string) => {
    const l = taskLocation(code)
    if (!l || !view) { fb.error(msg(S('notInTask'), { location: code, taskNo: view?.task.taskNo ?? '' })); return }
    setLocation(l.locationCode)
    steps.go('sku')
    fb.info(msg(S('atLocation'), { location: l.locationCode }))
  }

  const onScan = (raw: string) => {
    const code = raw.trim().toUpperCase()
    const step = (!view ? 'task' : steps.current.id) as Step
    const m = classifyScan(COUNT_STATION, step, code)
    if (!m) {
      fb.error(step === 'location' ? msg('inbound:station.notLocation', { code }) : msg('inbound:station.notDocument', { code, document: msg(S('document')) }))
      return
    }
    if (m.kind === 'countTask') return code !== taskNo ? open(code) : undefined
    if (!view) return
    if (step === 'location') { setAt(code); return }
    // In the SKU step a location of the task moves there; anything else is a SKU (code, UPC or FNSKU).
    if (taskLocation(code)) { setAt(code); return }
    if (!location) return
    const n = Number(qty)
    const args: CountScanArgs = { taskNo: view.task.taskNo, locationCode: location, code, ...(Number.isInteger(n) && n > 1 ? { qty: n } : {}) }
    queue.enqueue(args, `${code} ×${args.qty ?? 1} @ ${location}`)
    setQty('1')
  }

  const empty = async () => {
    if (!view || !location) { fb.error(msg(S('needLocation'))); return }
    const out = await runCommandById('count.location.empty', { taskNo: view.task.taskNo, locationCode: location })
    if (out.status === 'ok') {
      const r = out.result as { locationCode: string; locationsLeft: number }
      fb.ok(msg(S('emptied'), { location: r.locationCode, left: r.locationsLeft }))
      await refresh(view.task.taskNo)
      setLocation(null)
      steps.go('location')
    } else if (out.status === 'failed') fb.error(refusal(out.error))
  }

  const submit = async () => {
    if (!view) return
    const out = await runCommandById('count.task.submit', { taskNo: view.task.taskNo })
    if (out.status === 'ok') {
      await refresh(view.task.taskNo)
      setLocation(null)
      steps.go('done')
      fb.ok(msg(S('submitted'), { taskNo: view.task.taskNo }))
    } else if (out.status === 'failed') fb.error(refusal(out.error))
  }

  const back = () => {
    if (location && steps.current.id === 'sku') { setLocation(null); steps.go('location') }
    else { setView(null); setLocation(null); steps.go('task') }
    fb.clear()
  }

  const countedAt = (code: string) => (view?.lines ?? []).filter((l) => l.locationCode === code)
  return (
    <StationScreen def={COUNT_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={steps.current.id === 'done' ? S('step.task') : undefined}
      keys={{ n: () => void nextFree(), q: () => focusField(qtyRef.current), e: () => void empty(), s: () => void submit() }}
      fieldCols="grid-cols-[1fr_8rem_14rem]"
      fields={<>
        <SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={S('qty')} testId="station-qty" />
        <p className="rounded bg-slate-100 px-3 py-2 text-center font-mono text-lg" data-testid="count-location">{location ?? t(S('noLocation'))}</p>
      </>}>
      {view && (
        <section className="flex flex-col gap-2" data-testid="count-task" data-no={view.task.taskNo} data-status={view.task.status}>
          <p className="text-sm text-slate-700" data-testid="count-summary">
            {t(S('summary'), {
              taskNo: view.task.taskNo, planNo: view.task.planNo, status: t(dictLabelKey('countPlanStatus', view.task.status)),
              done: view.locations.filter((l) => l.visited).length, total: view.locations.length,
            })}
            {view.task.round > 0 && <span className="ml-3 rounded bg-amber-100 px-2 text-xs font-semibold text-amber-900">{t(S('recount'))}</span>}
          </p>
          <table className="w-full text-sm" data-testid="count-locations">
            <thead className="bg-slate-100 text-left">
              <tr>
                <th className="px-2 py-1">{t(S('col.seq'))}</th>
                <th className="px-2 py-1">{t(S('col.location'))}</th>
                <th className="px-2 py-1">{t(S('col.state'))}</th>
                <th className="px-2 py-1">{t(S('col.counted'))}</th>
              </tr>
            </thead>
            <tbody>
              {view.locations.map((l) => (
                <tr key={l.locationCode} data-location={l.locationCode} data-visited={l.visited ? '1' : '0'}
                  className={`border-b ${l.locationCode === location ? 'bg-sky-50' : ''} ${l.visited && l.locationCode !== location ? 'text-slate-600' : ''}`}>
                  <td className="px-2 py-1">{l.seq}</td>
                  <td className="px-2 py-1 font-mono font-semibold">{l.locationCode}</td>
                  <td className="px-2 py-1">{t(S(l.confirmedEmpty ? 'state.empty' : l.visited ? 'state.counted' : 'state.todo'))}</td>
                  <td className="px-2 py-1 font-mono" data-testid="count-location-lines">
                    {countedAt(l.locationCode).map((c) => (
                      <span key={c.skuCode} className={`mr-3 ${last === `${l.locationCode}:${c.skuCode}` ? 'font-bold' : ''}`}>{c.skuCode} ×{c.countedQty}</span>
                    ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </StationScreen>
  )
}
