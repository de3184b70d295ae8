// The replenishment station (replenishment → replenishment?station=<BH…>, one menu entry with the task
// list): scan a task number (or Alt+N: the operator's own task, else the next open one by task path) —
// claimed at once —, then the BULK location, the SKU, and the PICK FACE; the quantity (Alt+Q; it starts
// at what is left) moves with the pick-face scan: one `replenishment.move`, a ledger move under the BH
// number. The task completes when its quantity is put (or Alt+F finishes it short) and the orders that
// waited for the SKU allocate again — the status line names them. Every refusal is the server's, on the
// status line, naming the field.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { runCommandById } from '../../palette'
import { dictLabelKey } from '../../../domain/dictionaries'
import { BigFact, SideField, StationScreen, classifyScan, defineStation, focusField, msg, refusal, useStationFeedback, useSteps } from '../../station'
import type { Moved } from '../../../../commands/replenishment'
import { fetchTask, type TaskView } from './api'

const S = (k: string) => `replenishment:station.${k}`
type Step = 'task' | 'from' | 'sku' | 'to' | 'done'

export const REPLENISHMENT_STATION = defineStation<Step>({
  id: 'replenishment',
  titleKey: S('title'),
  idleKey: S('scanTask'),
  steps: [
    { id: 'task', promptKey: S('scanTask') },
    { id: 'from', promptKey: S('scanFrom') },
    { id: 'sku', promptKey: S('scanSku') },
    { id: 'to', promptKey: S('scanTo') },
    { id: 'done', promptKey: S('done') },
  ],
  // Another task's number opens it at any step.
  accepts: { task: ['replenishmentTask'], from: ['replenishmentTask', 'location'], sku: ['replenishmentTask', 'sku'], to: ['replenishmentTask', 'location'], done: ['replenishmentTask'] },
  hints: [
    { keys: 'Enter', labelKey: S('keys.enter') },
    { keys: 'Alt+N', labelKey: S('keys.next') },
    { keys: 'Alt+Q', labelKey: S('keys.qty') },
    { keys: 'Alt+F', labelKey: S('keys.finish') },
    { keys: 'Esc', labelKey: S('keys.back') },
  ],
})

const RESTOCKING = 1

export function ReplenishmentStation({ taskParam }: { taskParam: string }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const steps = useSteps(REPLENISHMENT_STATION.steps)
  const fb = useStationFeedback()
  const [view, setView] = useState<TaskView | null>(null)
  const [from, setFrom] = useState<string | null>(null)
  const [sku, setSku] = useState<string | null>(null)
  const [qty, setQty] = useState('')
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)

  const load = useCallback(async (no: string) => {
    try {
      const v = await fetchTask(no)
      setView(v)
      setQty(String(v.task.left || ''))
      return v
    } catch (e) {
      fb.error(refusal(e))
      return null
    }
  }, [fb])

  /** Claims a task (a number, or the next one: null) and starts at its bulk location. */
  const open = useCallback(async (no: string | null) => {
    const out = await runCommandById('replenishment.task.claim', no ? { taskNo: no } : {})
    if (out.status !== 'ok') { if (out.status === 'failed') fb.error(refusal(out.error)); return }
    const claimed = (out.result as { taskNo: string }).taskNo
    const v = await load(claimed)
    if (!v) return
    setFrom(null); setSku(null)
    if (v.task.status !== RESTOCKING) { steps.go('done'); return }
    steps.go('from')
    fb.ok(msg(S('claimed'), { taskNo: claimed, face: v.task.locationCode, sku: v.task.skuCode, left: v.task.left, from: v.sources[0]?.locationCode ?? '—' }))
    void qc.invalidateQueries({ queryKey: ['grid'] })
  }, [load, fb, steps, qc])

  // A task number in the URL (the list, a task's page, the palette) opens it once, like a scan.
  useEffect(() => {
    if (taskParam) void Promise.resolve().then(() => open(taskParam.toUpperCase()))
  }, [taskParam]) // eslint-disable-line react-hooks/exhaustive-deps

  const move = async (to: string) => {
    if (!view || !from || !sku) return
    const n = Number(qty)
    const out = await runCommandById('replenishment.move', { taskNo: view.task.taskNo, fromLocationCode: from, code: sku, qty: n, toLocationCode: to })
    if (out.status === 'failed') { fb.error(refusal(out.error)); return }
    if (out.status !== 'ok') return
    const r = out.result as Moved
    void qc.invalidateQueries({ queryKey: ['grid'] })
    await load(r.taskNo)
    setSku(null)
    if (r.status === RESTOCKING) {
      steps.go('from')
      fb.ok(msg('replenishment:done.moved', { qty: n, face: to, left: r.left }))
      return
    }
    steps.go('done')
    fb.ok(r.reallocated.length
      ? msg('replenishment:done.reallocated', { orders: r.reallocated.map((o) => `${o.orderNo} ${o.allocatedQty}/${o.expectedQty}`).join(', ') })
      : msg('replenishment:done.completed', { taskNo: r.taskNo }))
  }

  const finish = async () => {
    if (!view) return
    const out = await runCommandById('replenishment.task.finish', { taskNo: view.task.taskNo })
    if (out.status === 'failed') { fb.error(refusal(out.error)); return }
    if (out.status !== 'ok') return
    const r = out.result as Moved
    await load(r.taskNo)
    steps.go('done')
    fb.ok(r.reallocated.length ? msg('replenishment:done.reallocated', { orders: r.reallocated.map((o) => o.orderNo).join(', ') }) : msg('replenishment:done.completed', { taskNo: r.taskNo }))
  }

  const onScan = (raw: string) => {
    const code = raw.trim().toUpperCase()
    const step = (!view ? 'task' : steps.current.id) as Step
    const m = classifyScan(REPLENISHMENT_STATION, step, code)
    if (!m) {
      fb.error(step === 'from' || step === 'to' ? msg('inbound:station.notLocation', { code }) : msg('inbound:station.notDocument', { code, document: msg('replenishment:document') }))
      return
    }
    if (m.kind === 'replenishmentTask') { if (code !== view?.task.taskNo || step === 'done') void open(code); return }
    if (step === 'from') { setFrom(code); steps.go('sku'); fb.info(msg(S('scanSku'))); return }
    if (step === 'sku') { setSku(code); steps.go('to'); fb.info(msg(S('scanTo'))); return }
    if (step === 'to') void move(code)
  }

  const back = () => {
    if (steps.current.id === 'to') { setSku(null); steps.go('sku') }
    else if (steps.current.id === 'sku') { setFrom(null); steps.go('from') }
    else { setView(null); setFrom(null); setSku(null); steps.go('task') }
    fb.clear()
  }

  const task = view?.task
  return (
    <StationScreen def={REPLENISHMENT_STATION} steps={steps} status={fb.status} pending={[]} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={steps.current.id === 'done' ? S('scanTask') : undefined}
      keys={{ n: () => void open(null), q: () => focusField(qtyRef.current), f: () => void finish() }}
      fieldCols="grid-cols-[1fr_8rem]"
      fields={<SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={S('qty')} testId="station-qty" />}>
      {task && (
        <section className="flex flex-col gap-3" data-testid="replenishment-station-task" data-no={task.taskNo} data-status={task.status}>
          <div className="grid grid-cols-4 gap-3">
            <BigFact labelKey={S('task')} value={`${task.taskNo} · ${t(dictLabelKey('replenishmentTaskStatus', task.status))}`} testId="replenishment-station-no" size="text-xl" />
            <BigFact labelKey={S('from')} value={from ?? view.sources[0]?.locationCode ?? '—'} testId="replenishment-station-from" active={steps.current.id === 'from'} size="text-2xl" />
            <BigFact labelKey={S('sku')} value={task.skuCode} testId="replenishment-station-sku" active={steps.current.id === 'sku'} size="text-2xl" />
            <BigFact labelKey={S('face')} value={task.locationCode} testId="replenishment-station-face" active={steps.current.id === 'to'} size="text-2xl" />
          </div>
          <p className="text-sm" data-testid="replenishment-station-left">{t(S('leftLine'), { left: task.left, qty: task.qty, moved: task.movedQty })}</p>
          <table className="text-sm" data-testid="replenishment-station-sources">
            <caption className="text-left font-semibold">{t(S('sources'))}</caption>
            <tbody>
              {view.sources.length ? view.sources.map((s) => (
                <tr key={s.locationCode} className={`border-b ${s.locationCode === from ? 'bg-sky-50' : ''}`}><td className="px-2 py-1 font-mono">{s.locationCode}</td><td className="px-2 py-1">{s.areaCode}</td><td className="px-2 py-1 text-right">{s.free} {t(S('free'))}</td></tr>
              )) : <tr><td className="px-2 py-1">{t(S('noSources'))}</td></tr>}
            </tbody>
          </table>
        </section>
      )}
    </StationScreen>
  )
}
