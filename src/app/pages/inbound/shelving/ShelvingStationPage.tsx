// Shelving station (stock-in → shelf-task/details, component 'stock-in/shelf-task-details', ?no=<task>).
// Step 1: scan the task number (SJ… / QT…). Step 2: scan the LOCATION. Step 3: scan the SKU (code, UPC
// or FNSKU) — each scan is one `inbound.shelving.scan` through the scan queue (own Idempotency-Key,
// in order, kept while the network is away) moving 1 unit (or the quantity typed with Alt+Q) from the
// line's source to the scanned location; further SKU scans go to the same location until Esc goes back
// to the location step (Esc again: another task). The lines show the suggested location. Fast storage
// (PC): Alt+W shelves the whole remaining line (Alt+L sets the line, default the first open one) to
// the scanned location in one confirm. Alt+K claims, Alt+C completes with a remainder (confirm).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/clients'
import { session } from '../../../state/session'
import { runCommandById } from '../../../commands/run'
import { dictLabelKey, TaskClaimStatus } from '../../../../domain/dictionaries'
import { SideField, StationScreen, classifyScan, focusField, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import { shelvingLocationUrl, type ShelveResult, type ShelveScanArgs, type ShelvingLocation, type ShelvingTaskView } from '../../../../../commands/shelving'
import { usePageSearch } from '../../kit'

const S = (k: string) => `inbound:shelving.${k}`
type Step = 'task' | 'location' | 'sku' | 'done'

export const SHELVING_STATION = defineStation<Step>({
  id: 'shelving',
  titleKey: S('stationTitle'),
  idleKey: S('noTask'),
  steps: [
    { id: 'task', promptKey: S('step.scanTask') },
    { id: 'location', promptKey: S('step.scanLocation') },
    { id: 'sku', promptKey: S('step.scanSku') },
    { id: 'done', promptKey: S('step.done') },
  ],
  // Another task's number opens it at any step; a SKU scanned on a finished task is refused.
  accepts: { task: ['shelvingTask'], location: ['shelvingTask', 'location'], sku: ['shelvingTask', 'sku'], done: ['shelvingTask', 'sku'] },
  hints: [
    { keys: 'Enter', labelKey: S('keys.enter') },
    { keys: 'Alt+Q', labelKey: S('keys.qty') },
    { keys: 'Alt+K', labelKey: S('keys.claim') },
    { keys: 'Alt+W', labelKey: S('keys.wholeLine') },
    { keys: 'Alt+C', labelKey: S('keys.complete') },
    { keys: 'Esc', labelKey: S('keys.back') },
  ],
})

export default function ShelvingStationPage() {
  const { t } = useTranslation()
  const search = usePageSearch()
  const initialNo = new URLSearchParams(search).get('no')
  const steps = useSteps(SHELVING_STATION.steps)
  const fb = useStationFeedback()
  const [task, setTask] = useState<ShelvingTaskView | null>(null)
  const [location, setLocation] = useState<string | null>(null)
  const [qty, setQty] = useState('1')
  const [lineNo, setLineNo] = useState('')
  const [lastLine, setLastLine] = useState<number | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)
  const lineRef = useRef<HTMLInputElement>(null)

  const show = useCallback((v: ShelvingTaskView, keepLocation: boolean) => {
    setTask(v)
    if (v.status === TaskClaimStatus.Completed) { steps.go('done'); return }
    steps.go(keepLocation ? 'sku' : 'location')
  }, [steps])

  const load = useCallback(async (no: string, announce: boolean) => {
    try {
      const v = await api.get<ShelvingTaskView>(`/api/inbound/shelving-tasks/${encodeURIComponent(no)}`, undefined, { silent: true })
      if (announce) {
        setLocation(null)
        show(v, false)
        fb.info(msg(v.status === TaskClaimStatus.Completed ? 'inbound:shelving.alreadyDone' : 'inbound:shelving.loaded', { no: v.taskNo, left: v.qty - v.shelvedQty }))
      } else {
        setTask(v)
      }
      return v
    } catch (e) {
      if (announce) fb.error(refusal(e))
      return null
    }
  }, [fb, show])

  // A document number in the URL (list row, palette "go to document") opens it once, like a scan.
  useEffect(() => {
    if (initialNo) void Promise.resolve().then(() => load(initialNo, true))
  }, [initialNo]) // eslint-disable-line react-hooks/exhaustive-deps

  const done = (r: ShelveResult) => {
    setTask(r.task)
    setLastLine(r.lineNo)
    if (r.completed) {
      steps.go('done')
      fb.ok(r.inspectionNo ? msg('inbound:shelving.doneInspection', { no: r.task.taskNo, inspectionNo: r.inspectionNo }) : msg('inbound:shelving.done', { no: r.task.taskNo }))
    } else {
      const line = r.task.lines.find((l) => l.lineNo === r.lineNo)
      fb.ok(msg('inbound:shelving.accepted', { sku: r.skuCode, qty: r.qty, location: r.locationCode, shelved: line?.shelvedQty ?? 0, total: line?.qty ?? 0 }))
    }
  }

  const { queue, pending } = useScanQueue<ShelveScanArgs, ShelveResult>({
    send: commandSender<ShelveScanArgs, ShelveResult>('inbound.shelving.scan'),
    storageKey: `station:shelf-task:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => done(r),
    onRefused: (item, e) => {
      fb.error(refusal(e))
      void load(item.args.taskNo, false)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const checkLocation = async (code: string) => {
    try {
      const l = await api.get<ShelvingLocation>(shelvingLocationUrl(code), undefined, { silent: true })
      setLocation(l.code)
      steps.go('sku')
      fb.info(msg(S('locationSet'), { location: l.code }))
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const onScan = (raw: string) => {
    const step = (!task ? 'task' : steps.current.id === 'sku' && !location ? 'location' : steps.current.id) as Step
    const m = classifyScan(SHELVING_STATION, step, raw)
    if (!m) {
      fb.error(step === 'location'
        ? msg('inbound:station.notLocation', { code: raw.trim() })
        : msg('inbound:station.notDocument', { code: raw.trim(), document: msg(S('document')) }))
      return
    }
    if (m.kind === 'shelvingTask') return m.code !== task?.taskNo.toUpperCase() ? load(m.code, true) : undefined
    if (!task) return
    if (step === 'done') { fb.error(msg(S('errors.completed'), { no: task.taskNo })); return }
    // A location is checked with the server at once (unknown, disabled): refused naming the code, the place kept.
    if (m.kind === 'location') return checkLocation(m.code)
    if (!location) return  // not reached: without a location the step is 'location'
    const code = raw.trim()
    const n = Number(qty)
    const args: ShelveScanArgs = { taskNo: task.taskNo, locationCode: location, code, ...(Number.isInteger(n) && n > 1 ? { qty: n } : {}) }
    queue.enqueue(args, `${code} ×${args.qty ?? 1} → ${location}`)
    setQty('1')
  }

  const wholeLine = async () => {
    if (!task || !location) { fb.error(msg('inbound:shelving.needLocation')); return }
    const n = Number(lineNo)
    const line = Number.isInteger(n) && n > 0 ? n : task.lines.find((l) => l.shelvedQty < l.qty)?.lineNo
    if (!line) return
    const out = await runCommandById('inbound.shelving.shelveLine', { taskNo: task.taskNo, lineNo: line, locationCode: location })
    if (out.status === 'ok') { done(out.result as ShelveResult); setLineNo('') } else if (out.status === 'failed') {
      fb.error(refusal(out.error))
    }
  }

  const claim = async () => {
    if (!task) return
    const out = await runCommandById('inbound.shelving.claim', { taskNo: task.taskNo })
    if (out.status === 'ok') { setTask(out.result as ShelvingTaskView); fb.ok(msg('inbound:shelving.claimed', { no: task.taskNo })) }
  }

  const complete = async () => {
    if (!task) return
    const out = await runCommandById('inbound.shelving.complete', { taskNo: task.taskNo })
    if (out.status === 'ok') done(out.result as ShelveResult)
  }

  // Esc on the empty scan field: from the SKU step back to the location, else another task.
  const back = () => {
    if (location && steps.current.id === 'sku') {
      setLocation(null)
      steps.go('location')
    } else {
      setTask(null)
      setLocation(null)
      steps.go('task')
    }
    fb.clear()
  }

  const fast = task?.storageMode === 'fast'
  return (
    <StationScreen def={SHELVING_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      scanLabelKey={steps.current.id === 'done' ? S('step.scanTask') : undefined}
      keys={{ q: () => focusField(qtyRef.current), l: () => focusField(lineRef.current), w: () => void wholeLine(), k: () => void claim(), c: () => void complete() }}
      fieldCols={fast ? 'grid-cols-[1fr_8rem_8rem_12rem]' : 'grid-cols-[1fr_8rem_12rem]'}
      fields={<>
        <SideField inputRef={qtyRef} value={qty} onChange={setQty} numeric labelKey={S('field.qty')} testId="station-qty" />
        {fast && <SideField inputRef={lineRef} value={lineNo} onChange={setLineNo} numeric labelKey={S('field.line')} testId="station-line" />}
        <p className="rounded bg-slate-100 px-3 py-2 text-center font-mono text-lg" data-testid="shelving-location">
          {location ?? t(S('noLocation'))}
        </p>
      </>}>
      {task && (
        <section className="flex flex-col gap-2" data-testid="shelving-task" data-no={task.taskNo} data-status={task.status}>
          <p className="text-sm text-slate-700" data-testid="shelving-summary">
            {t('inbound:shelving.summary', {
              no: task.taskNo, source: task.sourceNo, status: t(dictLabelKey('taskClaimStatus', task.status)), shelved: task.shelvedQty, qty: task.qty,
              operator: task.claimedByName ?? '—', mode: t(`dict:storageMode.${task.storageMode}`),
            })}
            {task.timedOut && <span className="ml-3 rounded bg-red-100 px-2 text-xs font-semibold text-red-800">{t('inbound:shelving.timedOut.yes')}</span>}
          </p>
          <table className="w-full text-sm" data-testid="shelving-lines">
            <thead className="bg-slate-100 text-left">
              <tr>
                {(['line', 'sku', 'batch', 'status', 'from', 'suggested', 'qty', 'shelved'] as const).map((c) => (
                  <th key={c} className={`px-2 py-1 ${['qty', 'shelved'].includes(c) ? 'text-right' : ''}`}>{t(`inbound:shelving.lineCol.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {task.lines.map((l) => (
                <tr key={l.lineNo} data-sku={l.skuCode} data-left={l.qty - l.shelvedQty}
                  className={`border-b ${l.lineNo === lastLine ? 'bg-sky-50' : ''} ${l.shelvedQty >= l.qty ? 'text-slate-400' : ''}`}>
                  <td className="px-2 py-1">{l.lineNo}</td>
                  <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                  <td className="px-2 py-1">{l.batchNo}</td>
                  <td className="px-2 py-1">{t(dictLabelKey('stockStatus', l.stockStatus))}</td>
                  <td className="px-2 py-1 font-mono">{l.fromLocationCode}</td>
                  <td className="px-2 py-1 font-mono font-semibold" data-testid="line-suggested">{l.suggestedLocationCode ?? '—'}</td>
                  <td className="px-2 py-1 text-right">{l.qty}</td>
                  <td className="px-2 py-1 text-right font-semibold" data-testid="line-shelved">{l.shelvedQty}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {task.records.length > 0 && (
            <details data-testid="shelving-records">
              <summary className="cursor-pointer text-sm text-slate-600">{t('inbound:shelving.records', { count: task.records.length })}</summary>
              <ul className="text-sm">
                {task.records.slice(0, 50).map((r) => (
                  <li key={r.id} className="font-mono">{r.skuCode} ×{r.qty} → {r.locationCode} · {r.operatorName ?? '—'}</li>
                ))}
              </ul>
            </details>
          )}
        </section>
      )}
    </StationScreen>
  )
}
