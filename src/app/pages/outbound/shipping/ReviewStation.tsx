// The review (packing review) station (stock-out → ToC → reviewpackaging), keyboard and scanner only,
// declared on the station kit (src/app/station/define.ts): scan the order, its tracking number or its
// wall slot (outbound.review.start, or .startException at the exception station — Alt+X switches),
// then every item (outbound.review.scan through the scan queue: own Idempotency-Key, in order, kept and
// resent while the network is away) — the lines show reviewed / picked, the line just scanned green —
// then pack: the material (Alt+M, the list of /base/base/getPackageMaterialList with its stock), the
// weight in grams and optional dimensions, Enter (or Alt+P) packs (outbound.review.pack). The refusals
// are the server's own words (spec section 8). Alt+R restarts the review of the order; Esc goes back.
// The order under review is the page's document: the palette's commands follow its machine.
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { session } from '../../../state/session'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { BigFact, StationScreen, classifyScan, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { PackResult, ReviewPackArgs, ReviewScanArgs, ReviewStartArgs, ReviewView } from '../../../../../commands/outbound-shipping'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { fetchMaterials, reviewFacts, type PackageMaterial } from './api'
import { PackFields, usePackForm } from './PackFields'
import { usePageSearchParams } from '../../kit'

const U = (k: string) => `outbound-ship:review.${k}`
type Step = 'order' | 'item' | 'pack' | 'done'

export const REVIEW_STATION = defineStation<Step>({
  id: 'review',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: [
    { id: 'order', promptKey: U('step.order') },
    { id: 'item', promptKey: U('step.item') },
    { id: 'pack', promptKey: U('step.pack') },
    { id: 'done', promptKey: U('step.done') },
  ],
  // An order number, a tracking number or a wall slot opens an order; at the item step an order number
  // opens another order, anything else is an item (SKU / UPC / FNSKU).
  accepts: { order: ['outboundOrder', 'slot', 'tracking'], item: ['outboundOrder', 'sku'], pack: ['outboundOrder'], done: ['outboundOrder', 'slot', 'tracking'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+M', labelKey: U('keys.material') },
    { keys: 'Alt+O', labelKey: U('keys.photo') },
    { keys: 'Alt+P', labelKey: U('keys.pack') },
    { keys: 'Alt+R', labelKey: U('keys.reset') },
    { keys: 'Alt+X', labelKey: U('keys.exception') },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})

const sendStart = commandSender<ReviewStartArgs, ReviewView>('outbound.review.start')
const sendStartException = commandSender<ReviewStartArgs, ReviewView>('outbound.review.startException')
const sendPack = commandSender<ReviewPackArgs, PackResult>('outbound.review.pack')
const sendReset = commandSender<{ orderNo: string }, unknown>('outbound.review.reset')

export function ReviewStation() {
  const { t } = useTranslation()
  const { userId } = useSnapshot(session)
  const steps = useSteps(REVIEW_STATION.steps)
  const fb = useStationFeedback()
  const [view, setView] = useState<ReviewView | null>(null)
  // ?exception=1 (the exception register's "review at the exception station"): the station opens in that mode.
  const exceptionFromLink = usePageSearchParams().get('exception') === '1'
  const [exception, setException] = useState(exceptionFromLink)
  const [lastSku, setLastSku] = useState<string | null>(null)
  const [materials, setMaterials] = useState<PackageMaterial[]>([])
  const pack = usePackForm()
  const materialRef = useRef<HTMLSelectElement>(null)
  const focusMaterial = () => materialRef.current?.focus()
  const scanRef = useRef<HTMLInputElement>(null)
  const step = steps.current.id as Step
  useDocumentContext('review-station', view ? reviewFacts(view, userId) : undefined)

  useEffect(() => { fetchMaterials().then(setMaterials, () => setMaterials([])) }, [])

  const after = useCallback((v: ReviewView) => {
    setView(v)
    steps.go(v.done ? 'pack' : 'item')
  }, [steps])

  const { queue, pending } = useScanQueue<ReviewScanArgs, ReviewView>({
    send: commandSender<ReviewScanArgs, ReviewView>('outbound.review.scan'),
    storageKey: `station:review:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (item, v) => {
      after(v)
      setLastSku(String(item.args.code).toUpperCase())
      if (v.done) { fb.ok(msg(U('allReviewed'), { orderNo: v.orderNo, total: v.total })); focusMaterial() }
      else fb.ok(msg(U('reviewed'), { code: item.args.code, reviewed: v.reviewed, total: v.total }))
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const open = async (code: string) => {
    if (pending.length) { fb.error(msg(U('waitPending'))); return }
    try {
      const v = await (exception ? sendStartException : sendStart)({ code, exceptionStation: exception }, crypto.randomUUID())
      after(v)
      setLastSku(null)
      pack.reset()
      if (v.done) { fb.ok(msg(U('allReviewed'), { orderNo: v.orderNo, total: v.total })); focusMaterial() }
      else fb.info(msg(U('opened'), { orderNo: v.orderNo, total: v.total, left: v.total - v.reviewed, slot: v.sortSlot ?? '—' }))
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const onScan = (raw: string) => {
    const m = classifyScan(REVIEW_STATION, step, raw)
    if (!m) { fb.error(msg(U('notHere'), { code: raw.trim() })); return }
    if (m.kind === 'sku' && view) { queue.enqueue({ orderNo: view.orderNo, code: m.code }, m.code); return }
    return open(m.code)
  }

  const doPack = async () => {
    if (!view) { fb.error(msg(U('noOrder'))); return }
    if (pending.length) { fb.error(msg(U('waitPending'))); return }
    const args = pack.args(view.orderNo)
    if (!args) { fb.error(msg(U('packFields'))); return }
    try {
      const r = await sendPack(args, crypto.randomUUID())
      steps.go('done')
      setView({ ...view, packingStatus: 3 })
      setMaterials((ms) => ms.map((m) => (m.code === r.materialCode ? { ...m, stockQty: r.materialLeft } : m)))
      fb.ok(msg(r.faceSheetStatus === 1 ? U('packed') : U('packedNoLabel'), { orderNo: r.orderNo, material: r.materialCode, trackingNo: r.trackingNo ?? '' }))
      scanRef.current?.focus()
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const reset = async () => {
    if (!view) return
    try {
      await sendReset({ orderNo: view.orderNo }, crypto.randomUUID())
      fb.info(msg(U('resetDone'), { orderNo: view.orderNo }))
      setView(null)
      steps.go('order')
    } catch (e) {
      fb.error(refusal(e))
    }
  }

  const back = () => {
    if (step === 'pack') { steps.go('item'); return }
    setView(null)
    steps.go('order')
    fb.clear()
  }

  return (
    <StationScreen def={REVIEW_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={back}
      keys={{ m: focusMaterial, o: pack.focusPhoto, p: () => void doPack(), r: () => void reset(), x: () => { setException((x) => !x); fb.info(msg(exception ? U('normalStation') : U('exceptionStation'))) } }}
      actions={<span className={`rounded px-2 py-1 text-sm ${exception ? 'bg-amber-100 text-amber-900' : 'bg-slate-100 text-slate-700'}`} data-testid="review-mode">{t(exception ? U('exceptionStation') : U('normalStation'))}</span>}>
      {view && (
        <section aria-label={t(U('order'))} className="grid grid-cols-[minmax(0,1fr)_auto_auto] gap-x-6 gap-y-2 rounded border-2 border-sky-700 p-3" data-testid="review-order" data-order={view.orderNo}>
          <BigFact labelKey={U('fields.orderNo')} value={view.orderNo} testId="review-order-no" size="text-3xl" />
          <BigFact labelKey={U('fields.progress')} value={`${view.reviewed} / ${view.total}`} testId="review-progress" size="text-5xl" active={step === 'item'} />
          <BigFact labelKey={U('fields.slot')} value={view.sortSlot == null ? '—' : String(view.sortSlot)} testId="review-slot" size="text-5xl" />
          <p className="col-span-3 text-sm text-slate-700" data-testid="review-summary">
            {t(U('summary'), { status: t(dictLabelKey('packingStatus', view.packingStatus)), faceSheet: t(dictLabelKey('faceSheetStatus', view.faceSheetStatus)), trackingNo: view.trackingNo ?? '—', method: view.shippingMethod ?? '—', consignee: view.consigneeName ?? '—' })}
          </p>
          {/* Before packing: the order's carrier cannot label it (the face sheet purchase's own check), and what to do. */}
          {view.labelWarning && (
            <p role="alert" className="col-span-3 rounded border border-amber-500 bg-amber-50 px-2 py-1 text-sm font-medium text-amber-900" data-testid="review-label-warning">
              {t('outbound-label:ui.cannotLabel', { reason: t(view.labelWarning.key, view.labelWarning.params), hint: t(view.labelWarning.hint.key, view.labelWarning.hint.params) })}
            </p>
          )}
        </section>
      )}
      {view && (
        <table className="w-full text-sm" data-testid="review-lines">
          <thead className="bg-slate-100 text-left">
            <tr>
              <th scope="col" className="px-2 py-1">{t(U('fields.skuCode'))}</th>
              <th scope="col" className="px-2 py-1">{t(U('fields.skuName'))}</th>
              <th scope="col" className="px-2 py-1 text-right">{t(U('fields.reviewedQty'))}</th>
              <th scope="col" className="px-2 py-1 text-right">{t(U('fields.qty'))}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((l) => (
              <tr key={l.lineId} data-sku={l.skuCode} data-left={l.qty - l.reviewedQty}
                className={`border-b ${l.skuCode === lastSku ? 'bg-emerald-50 font-semibold' : ''} ${l.reviewedQty === l.qty ? 'text-slate-500' : ''}`}>
                <td className="px-2 py-1 font-mono">{l.skuCode}</td>
                <td className="px-2 py-1">{l.skuName ?? '—'}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.reviewedQty}</td>
                <td className="px-2 py-1 text-right tabular-nums">{l.qty}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {view && (step === 'pack' || step === 'item') && <PackFields form={pack} materialRef={materialRef} materials={materials} onSubmit={() => void doPack()} />}
    </StationScreen>
  )
}

export default ReviewStation
