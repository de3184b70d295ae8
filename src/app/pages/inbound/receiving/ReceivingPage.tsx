// Receiving station (stock-in → harvest, /stock-in/harvest). Step 1: scan the inbound order number (or
// a box label "<orderNo>-<box>", which also sets the box). Step 2: scan SKU code / UPC / FNSKU — each
// scan is one `inbound.receive` through the station's scan queue (own Idempotency-Key, in order, kept
// while the network is away), answered by a tone and the big status line; the lines' remaining counts
// follow every answer. Alt+Q sets the quantity of the next scan, Alt+B the batch, Alt+X the box (Enter
// or Esc goes back to the scan field); Alt+S finishes receiving with a shortage (the order's finish
// command, with its confirmation); Esc on an empty scan field opens another order.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { api } from '../../../api/clients'
import { session } from '../../../state/session'
import { setDocumentId } from '../../../state/selection'
import { usePageActive } from '../../kit'
import { runCommand } from '../../../commands/run'
import { getActiveRegistry } from '../../../commands/registry'
import { dictLabelKey, InboundStatus } from '../../../../domain/dictionaries'
import { notReceivable } from '../../../../domain/states/inbound-order'
import { SideField, StationScreen, classifyScan, focusField, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { ReceiveArgs, ReceiveResult, ReceivingTask } from '../../../../../commands/receiving'

const R = (k: string) => `inbound:receiving.${k}`
type Step = 'order' | 'item' | 'done'

export const RECEIVING_STATION = defineStation<Step>({
  id: 'receiving',
  titleKey: R('title'),
  idleKey: R('noTask'),
  steps: [
    { id: 'order', promptKey: R('step.scanOrder') },
    { id: 'item', promptKey: R('step.scanItem') },
    { id: 'done', promptKey: R('step.done') },
  ],
  // At the item step an order number opens that order and a box label of the open order sets the box.
  accepts: { order: ['inboundOrder'], item: ['inboundOrder', 'sku'], done: ['inboundOrder'] },
  hints: [
    { keys: 'Enter', labelKey: R('keys.enter') },
    { keys: 'Alt+Q', labelKey: R('keys.qty') },
    { keys: 'Alt+B', labelKey: R('keys.batch') },
    { keys: 'Alt+X', labelKey: R('keys.box') },
    { keys: 'Alt+S', labelKey: R('keys.finish') },
    { keys: 'Esc', labelKey: R('keys.back') },
  ],
})
/** The inbound order's "close receiving with a shortage" command (its confirmation included). */
export const FINISH_COMMAND = 'inbound.order.finish'
/** The station's open order is the commands' document while this page is the visible tab. */
let documentOwner: symbol | undefined


export default function ReceivingPage() {
  const { t } = useTranslation()
  const steps = useSteps(RECEIVING_STATION.steps)
  const fb = useStationFeedback()
  const [task, setTask] = useState<ReceivingTask | null>(null)
  const [qty, setQty] = useState('1')
  const [batchNo, setBatchNo] = useState('')
  const [boxNo, setBoxNo] = useState('')
  const [lastLine, setLastLine] = useState<number | null>(null)
  const scanRef = useRef<HTMLInputElement>(null)
  const qtyRef = useRef<HTMLInputElement>(null)
  const batchRef = useRef<HTMLInputElement>(null)
  const boxRef = useRef<HTMLInputElement>(null)
  const active = usePageActive()
  const openId = task?.order.id
  useEffect(() => {
    if (!active || openId === undefined) return
    const token = Symbol('harvest')
    documentOwner = token
    setDocumentId(openId)
    return () => { if (documentOwner === token) setDocumentId(undefined) }
  }, [openId, active])

  const load = useCallback(async (code: string, announce: boolean) => {
    try {
      const next = await api.get<ReceivingTask>(`/api/inbound/receiving/${encodeURIComponent(code)}`, undefined, { silent: true })
      setTask(next)
      if (next.boxNo) setBoxNo(next.boxNo)
      if (!announce) return next
      const refused = notReceivable(next.order)
      if (refused) {
        fb.error(msg(refused.key, refused.params))
        steps.go(next.order.status === InboundStatus.Finish ? 'done' : 'order')
      } else {
        fb.info(msg('inbound:receiving.loaded', { orderNo: next.order.orderNo, remaining: next.order.remaining }))
        steps.go('item')
      }
      return next
    } catch (e) {
      if (announce) fb.error(refusal(e))
      return null
    }
  }, [fb, steps])

  const { queue, pending } = useScanQueue<ReceiveArgs, ReceiveResult>({
    send: commandSender<ReceiveArgs, ReceiveResult>('inbound.receive'),
    storageKey: `station:harvest:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setLastLine(r.lineNo)
      setTask((cur) => (cur && cur.order.orderNo === r.orderNo ? {
        ...cur,
        order: { ...cur.order, status: r.status, receivedQty: r.orderReceived, receivedBoxes: r.receivedBoxes, remaining: r.orderExpected - r.orderReceived },
        lines: cur.lines.map((l) => (l.lineNo === r.lineNo ? { ...l, receivedQty: r.lineReceived, remaining: r.lineExpected - r.lineReceived } : l)),
        generated: { ...cur.generated, ...(r.inspectionNo ? { inspectionNo: r.inspectionNo } : {}), ...(r.shelvingTaskNo ? { shelvingTaskNo: r.shelvingTaskNo } : {}) },
      } : cur))
      if (r.finished) {
        fb.ok(msg('inbound:receiving.finished', { orderNo: r.orderNo }))
        steps.go('done')
      } else {
        fb.ok(msg('inbound:receiving.accepted', { skuCode: r.skuCode, qty: r.qty, received: r.lineReceived, expected: r.lineExpected }))
      }
    },
    onRefused: (item, e) => {
      fb.error(refusal(e))
      // Someone else may have received meanwhile: show the true remaining counts.
      void load(item.args.orderNo, false)
    },
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(RECEIVING_STATION, task ? (steps.current.id as Step) : 'order', raw)
    if (!m) { fb.error(msg('inbound:station.notDocument', { code: raw.trim(), document: msg('inbound:order.document') })); return }
    if (m.kind === 'inboundOrder') {
      // Another label of the open order: a box label switches the box; the order number itself is a no-op.
      const box = task && steps.current.id === 'item' ? new RegExp(`^${task.order.orderNo}(-\\d{1,4})?$`).exec(m.code) : null
      if (!box) return load(m.code, true)
      if (box[1]) { setBoxNo(m.code); fb.info(msg(R('boxSet'), { box: m.code })) }
      return
    }
    if (!task) return
    const n = Number(qty)
    const args: ReceiveArgs = {
      orderNo: task.order.orderNo, code: raw.trim(), qty: Number.isInteger(n) ? n : 1,
      ...(batchNo.trim() ? { batchNo: batchNo.trim() } : {}), ...(boxNo.trim() ? { boxNo: boxNo.trim() } : {}),
    }
    queue.enqueue(args, args.qty === 1 ? args.code : `${args.code} ×${args.qty}`)
    setQty('1')
  }

  const finishShortage = async () => {
    const def = getActiveRegistry().get(FINISH_COMMAND)
    if (!task || !def || notReceivable(task.order)) return
    // Permission, confirmation and the server's rules are the command's own; its target is the open
    // order, this page's documentId (the same context the palette sees here).
    const out = await runCommand(def)
    if (out.status !== 'ok') return
    const next = await load(task.order.orderNo, false)
    if (next) {
      fb.ok(msg('inbound:receiving.finished', { orderNo: next.order.orderNo }))
      steps.go('done')
    }
  }

  // Esc on the empty scan field: another order.
  const back = () => {
    setTask(null)
    setBoxNo('')
    setBatchNo('')
    steps.go('order')
    fb.clear()
  }

  const o = task?.order
  return (
    <StationScreen def={RECEIVING_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      doubleRead={task?.settings.minScanIntervalMs ? { ms: task.settings.minScanIntervalMs, onDropped: (code, ms) => fb.error(msg('inbound:station.doubleRead', { code, ms })) } : undefined}
      scanLabelKey={steps.current.id === 'item' ? R('step.scanItem') : R('step.scanOrder')}
      keys={{ q: () => focusField(qtyRef.current), b: () => focusField(batchRef.current), x: () => focusField(boxRef.current), s: () => void finishShortage() }}
      fieldCols="grid-cols-[1fr_8rem_10rem_12rem]"
      fields={<>
        <SideField labelKey={R('field.qty')} inputRef={qtyRef} value={qty} onChange={setQty} numeric testId="receiving-qty" />
        <SideField labelKey={R('field.batch')} inputRef={batchRef} value={batchNo} onChange={setBatchNo} testId="receiving-batch" />
        <SideField labelKey={R('field.box')} inputRef={boxRef} value={boxNo} onChange={setBoxNo} testId="receiving-box" />
      </>}>
      {qty !== '1' && <p className="text-sm font-medium text-sky-700" data-testid="receiving-qty-next">{t(R('qtyNext'), { qty })}</p>}
      {o && (
        <section className="flex flex-col gap-2" data-testid="receiving-task" data-order={o.orderNo} data-status={o.status}>
          <p className="text-sm text-slate-700" data-testid="receiving-summary">
            {t('inbound:receiving.summary', { orderNo: o.orderNo, status: t(dictLabelKey('inboundStatus', o.status)), received: o.receivedQty, expected: o.expectedQty, boxes: o.receivedBoxes })}
            {task.settings.receivingLocationCode && <span className="ml-3">{t('inbound:receiving.field.location')}: <b>{task.settings.receivingLocationCode}</b></span>}
          </p>
          {(task.generated.inspectionNo || task.generated.shelvingTaskNo) && (
            <p className="rounded bg-emerald-50 px-3 py-2 text-lg font-semibold text-emerald-800" data-testid="receiving-generated">
              {task.generated.inspectionNo && t('inbound:receiving.generatedInspection', { no: task.generated.inspectionNo })}
              {task.generated.inspectionNo && task.generated.shelvingTaskNo && ' · '}
              {task.generated.shelvingTaskNo && t('inbound:receiving.generatedShelving', { no: task.generated.shelvingTaskNo })}
            </p>
          )}
          <table className="w-full text-sm" data-testid="receiving-lines">
            <thead className="bg-slate-100 text-left">
              <tr>
                {(['line', 'sku', 'style', 'color', 'size', 'batch', 'expected', 'received', 'remaining', 'codes'] as const).map((c) => (
                  <th key={c} className={`px-2 py-1 ${['expected', 'received', 'remaining'].includes(c) ? 'text-right' : ''}`}>{t(`inbound:receiving.col.${c}`)}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {task.lines.map((l) => (
                <tr key={l.lineNo} data-sku={l.skuCode} data-remaining={l.remaining}
                  className={`border-b ${l.lineNo === lastLine ? 'bg-sky-50' : ''} ${l.remaining === 0 ? 'text-slate-400' : ''}`}>
                  <td className="px-2 py-1">{l.lineNo}</td>
                  <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                  <td className="px-2 py-1">{l.styleNo}</td>
                  <td className="px-2 py-1">{l.colorName}</td>
                  <td className="px-2 py-1">{l.sizeName}</td>
                  <td className="px-2 py-1">{l.batchNo}</td>
                  <td className="px-2 py-1 text-right">{l.expectedQty}</td>
                  <td className="px-2 py-1 text-right">{l.receivedQty}</td>
                  <td className="px-2 py-1 text-right font-semibold" data-testid="line-remaining">{l.remaining}</td>
                  <td className="px-2 py-1 font-mono text-xs">{[...l.upcs, ...l.fnskus].join(' ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </StationScreen>
  )
}
