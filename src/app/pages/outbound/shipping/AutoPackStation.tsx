// Auto packaging (stock-out → ToC → auto-packaging), keyboard and scanner only, declared on the station
// kit: the material and the weight are set once (Alt+M), then each SKU scan is one outbound.review.auto
// through the scan queue — the oldest picked single-item order of that SKU waiting for packing is
// reviewed and packed in one step, and when its face sheet is bought its label goes to print setup's
// printer in the same command (a printer refusal does not undo the pack; it is shown). Refusals are the
// server's words.
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { session } from '../../../state/session'
import { BigFact, StationScreen, classifyScan, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { AutoPackArgs, PackResult } from '../../../../../commands/outbound-shipping'
import { fetchMaterials, type PackageMaterial } from './api'
import { PackFields, usePackForm } from './PackFields'

const U = (k: string) => `outbound-ship:auto.${k}`
type Step = 'sku'

export const AUTO_PACK_STATION = defineStation<Step>({
  id: 'auto-pack',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: [{ id: 'sku', promptKey: U('step.sku') }],
  accepts: { sku: ['sku'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Alt+M', labelKey: U('keys.material') },
    { keys: 'Esc', labelKey: U('keys.back') },
  ],
})

type AutoResult = PackResult & { print: boolean; printed: { printer: string; jobId: number } | null; printError: { key: string; params: Record<string, unknown> } | null }

export function AutoPackStation() {
  const { t } = useTranslation()
  const steps = useSteps(AUTO_PACK_STATION.steps)
  const fb = useStationFeedback()
  const [materials, setMaterials] = useState<PackageMaterial[]>([])
  const [last, setLast] = useState<AutoResult | null>(null)
  const pack = usePackForm()
  const materialRef = useRef<HTMLSelectElement>(null)
  const focusMaterial = () => materialRef.current?.focus()
  const scanRef = useRef<HTMLInputElement>(null)
  useEffect(() => { fetchMaterials().then(setMaterials, () => setMaterials([])) }, [])

  const { queue, pending } = useScanQueue<AutoPackArgs, AutoResult>({
    send: commandSender<AutoPackArgs, AutoResult>('outbound.review.auto'),
    storageKey: `station:auto-pack:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setLast(r)
      setMaterials((ms) => ms.map((m) => (m.code === r.materialCode ? { ...m, stockQty: r.materialLeft } : m)))
      if (r.printError) { fb.error(msg(U('packedPrintFailed'), { orderNo: r.orderNo, material: r.materialCode, error: msg(r.printError.key, r.printError.params) })); return }
      if (!r.printed) { fb.ok(msg(U('packedNoLabel'), { orderNo: r.orderNo, material: r.materialCode })); return }
      fb.ok(msg(U('packed'), { orderNo: r.orderNo, material: r.materialCode, trackingNo: r.trackingNo ?? '', printer: r.printed.printer }))
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(AUTO_PACK_STATION, 'sku', raw)
    if (!m) return
    const a = pack.args('-')
    if (!a) { fb.error(msg(U('setFirst'))); focusMaterial(); return }
    queue.enqueue({ code: m.code, materialId: a.materialId, weightG: a.weightG }, m.code)
  }

  return (
    <StationScreen def={AUTO_PACK_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={() => fb.clear()}
      keys={{ m: focusMaterial }}>
      <PackFields form={pack} materialRef={materialRef} materials={materials} dimensions={false} onSubmit={() => scanRef.current?.focus()} />
      {last && (
        <section aria-label={t(U('last'))} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] gap-x-6 rounded border-2 border-emerald-700 p-3" data-testid="auto-last">
          <BigFact labelKey={U('fields.orderNo')} value={last.orderNo} testId="auto-order" size="text-3xl" />
          <BigFact labelKey={U('fields.trackingNo')} value={last.trackingNo ?? '—'} testId="auto-tracking" size="text-3xl" />
        </section>
      )}
    </StationScreen>
  )
}

export default AutoPackStation
