// Return to shelf (stock-out-abnormal → stop-stock-out, ?task=<HJ…> optional): an order intercepted
// after picking left its picked goods free at the picked-goods or packing location, listed on a
// return-to-shelf task. Declared on the station kit: scan the task, then the shelf location the goods
// go to, then each item — one outbound.returnShelf.scan {taskNo, locationCode, code} through the scan
// queue (own Idempotency-Key, in order, resent while the network is away); the goods move on the ledger.
// Alt+L (or Esc) scans another location. The open tasks are listed below; the open task is the page's
// document (its machine decides what the palette offers).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../../domain/format'
import { session } from '../../../state/session'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { BigFact, StationScreen, classifyScan, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { ReturnShelfResult, ReturnShelfScanArgs } from '../../../../../commands/outbound-shipping'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { fetchReturnTask, fetchReturnTasks, type ReturnTaskRecord, type ReturnTaskView } from './api'
import { usePageSearch } from '../../kit'

const U = (k: string) => `outbound-ship:returnShelf.${k}`
type Step = 'task' | 'location' | 'sku' | 'done'

export const RETURN_SHELF_STATION = defineStation<Step>({
  id: 'return-shelf',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: [
    { id: 'task', promptKey: U('step.task') },
    { id: 'location', promptKey: U('step.location') },
    { id: 'sku', promptKey: U('step.sku') },
    { id: 'done', promptKey: U('step.done') },
  ],
  accepts: { task: ['returnTask'], location: ['returnTask', 'location'], sku: ['returnTask', 'sku'], done: ['returnTask'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+L', labelKey: U('keys.location') },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})


export default function ReturnShelfPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const steps = useSteps(RETURN_SHELF_STATION.steps)
  const fb = useStationFeedback()
  const [view, setView] = useState<ReturnTaskView | null>(null)
  const [location, setLocation] = useState<string | null>(null)
  const [tasks, setTasks] = useState<ReturnTaskRecord[]>([])
  const scanRef = useRef<HTMLInputElement>(null)
  const step = steps.current.id as Step
  useDocumentContext('return-shelf-station', view ? { id: view.task.id, taskNo: view.task.taskNo, status: view.task.status, claimedBy: view.task.claimedBy } : undefined)
  const refreshList = useCallback(() => { fetchReturnTasks().then((r) => setTasks(r.records), () => {}) }, [])
  useEffect(refreshList, [refreshList])

  const open = async (taskNo: string) => {
    try {
      const v = await fetchReturnTask(taskNo)
      setView(v)
      setLocation(null)
      steps.go(v.next ? 'location' : 'done')
      fb.info(v.next ? msg(U('opened'), { taskNo: v.task.taskNo, orderNo: v.task.orderNo, left: v.task.qty - v.task.returnedQty }) : msg(U('alreadyDone'), { taskNo: v.task.taskNo }))
    } catch (e) {
      fb.error(refusal(e))
    }
  }
  // The URL's task (palette "go to document") opens once, like a scan.
  const param = search.get('task')
  useEffect(() => { if (param) void Promise.resolve().then(() => open(param.toUpperCase())) }, [param]) // eslint-disable-line react-hooks/exhaustive-deps

  const { queue, pending } = useScanQueue<ReturnShelfScanArgs, ReturnShelfResult>({
    send: commandSender<ReturnShelfScanArgs, ReturnShelfResult>('outbound.returnShelf.scan'),
    storageKey: `station:return-shelf:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (item, r) => {
      if (r.done) { steps.go('done'); fb.ok(msg(U('done'), { taskNo: r.taskNo })); refreshList() }
      else fb.ok(msg(U('returned'), { code: item.args.code, locationCode: item.args.locationCode, remaining: r.remaining }))
      void fetchReturnTask(r.taskNo).then(setView, () => {})
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(RETURN_SHELF_STATION, step, raw)
    if (!m) { fb.error(msg(U('notHere'), { code: raw.trim() })); return }
    if (m.kind === 'returnTask') return open(m.code)
    if (m.kind === 'location') { setLocation(m.code); steps.go('sku'); fb.info(msg(U('atLocation'), { locationCode: m.code })); return }
    if (view && location) queue.enqueue({ taskNo: view.task.taskNo, locationCode: location, code: m.code }, `${m.code} → ${location}`)
  }
  const toLocation = () => { if (view?.next) { setLocation(null); steps.go('location') } }
  const back = () => {
    if (step === 'sku') { toLocation(); return }
    setView(null)
    steps.go('task')
    fb.clear()
  }

  return (
    <StationScreen def={RETURN_SHELF_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back} keys={{ l: toLocation }}>
      {view?.next && (
        <section aria-label={t(U('next'))} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-x-6 rounded border-2 border-sky-700 p-3" data-testid="return-next">
          <BigFact labelKey={U('fields.skuCode')} value={view.next.skuCode} testId="return-sku" size="text-4xl" active={step === 'sku'} />
          <BigFact labelKey={U('fields.location')} value={location ?? '—'} testId="return-location" size="text-4xl" active={step === 'location'} />
          <BigFact labelKey={U('fields.remaining')} value={String(view.next.remaining)} testId="return-remaining" size="text-5xl" />
        </section>
      )}
      {view && (
        <table className="w-full text-sm" data-testid="return-lines" data-no={view.task.taskNo}>
          <thead className="bg-slate-100 text-left">
            <tr>
              <th scope="col" className="px-2 py-1">{t(U('fields.skuCode'))}</th>
              <th scope="col" className="px-2 py-1">{t(U('fields.fromLocation'))}</th>
              <th scope="col" className="px-2 py-1 text-right">{t(U('fields.returnedQty'))}</th>
              <th scope="col" className="px-2 py-1 text-right">{t(U('fields.qty'))}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((l) => (
              <tr key={l.id} className={`border-b ${l.returnedQty === l.qty ? 'text-slate-500' : ''}`}>
                <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                <td className="px-2 py-1 font-mono">{l.fromLocation}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.returnedQty}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section aria-label={t(U('list'))} className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{t(U('list'))}</h2>
        <table className="w-full text-sm" data-testid="return-tasks">
          <thead className="bg-slate-100 text-left">
            <tr>
              {(['taskNo', 'orderNo', 'status', 'returnedQty', 'qty', 'createdAt'] as const).map((c) => (
                <th key={c} scope="col" className={`px-2 py-1 ${c === 'qty' || c === 'returnedQty' ? 'text-right' : ''}`}>{t(U(`fields.${c}`))}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {tasks.map((r) => (
              <tr key={r.id} data-task={r.taskNo} className="border-b">
                <td className="px-2 py-1 font-mono">{r.taskNo}</td>
                <td className="px-2 py-1 font-mono">{r.orderNo}</td>
                <td className="px-2 py-1">{t(dictLabelKey('taskClaimStatus', r.status))}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.returnedQty}</td>
                <td className="px-2 py-1 text-right tabular-nums">{r.qty}</td>
                <td className="px-2 py-1 tabular-nums">{formatTime(r.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </StationScreen>
  )
}
