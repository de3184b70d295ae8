// The shipping station (stock-out → ToC → shippinginfo), keyboard and scanner only, declared on the
// station kit: each scan of a tracking number (or an order number) is one outbound.ship.scan through the
// scan queue (own Idempotency-Key, in order, kept and resent while the network is away, so a parcel is
// shipped once however often the network drops). The answer is shown large — the order, its tracking
// number, the carrier's handover list and how many parcels it holds — and the handover lists below say
// what each carrier takes away. The handover list of the last parcel is the page's document: the
// palette's "Close handover list" closes it (confirmed). Refusals are the server's words (not packed,
// no face sheet, already shipped).
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../../domain/format'
import { session } from '../../../state/session'
import { queryClient } from '../../../state/query-client'
import { BigFact, StationScreen, classifyScan, commandSender, defineStation, msg, refusal, useScanQueue, useStationFeedback, useSteps } from '../../../station'
import type { ShipResult, ShipScanArgs } from '../../../../../commands/outbound-shipping'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { fetchHandovers, type HandoverRecord } from './api'
import { HandoverDocument, useHandover } from './HandoverDocument'
import { usePageSearchParams } from '../../kit'

const U = (k: string) => `outbound-ship:ship.${k}`
type Step = 'parcel'

export const SHIPPING_STATION = defineStation<Step>({
  id: 'shipping',
  titleKey: U('title'),
  idleKey: U('idle'),
  steps: [{ id: 'parcel', promptKey: U('step.parcel') }],
  accepts: { parcel: ['outboundOrder', 'tracking'] },
  hints: [
    { keys: 'Enter', labelKey: U('keys.enter') },
    { keys: 'Ctrl+K', labelKey: U('keys.palette') },
  ],
})


export function ShippingStation() {
  const { t } = useTranslation()
  const steps = useSteps(SHIPPING_STATION.steps)
  const fb = useStationFeedback()
  const [last, setLast] = useState<ShipResult | null>(null)
  const [lists, setLists] = useState<HandoverRecord[]>([])
  const scanRef = useRef<HTMLInputElement>(null)
  const refresh = useCallback(() => { fetchHandovers().then((r) => setLists(r.records), () => {}) }, [])
  useEffect(refresh, [refresh])
  // ?handover=JJ… (palette "go to document"): that list is shown, and is the document until a parcel is shipped.
  const handoverNo = usePageSearchParams().get('handover')?.trim().toUpperCase() || null
  const opened = useHandover(handoverNo)
  const current = last ? lists.find((h) => h.handoverNo === last.handoverNo) : opened.data?.handover
  useDocumentContext('shipping-station', current ? { id: current.id, handoverNo: current.handoverNo, status: current.status } : undefined)

  const { queue, pending } = useScanQueue<ShipScanArgs, ShipResult>({
    send: commandSender<ShipScanArgs, ShipResult>('outbound.ship.scan'),
    storageKey: `station:shipping:${session.userId}:${session.tenantId}:${session.warehouseId}`,
    onDone: (_item, r) => {
      setLast(r)
      fb.ok(msg(U('shipped'), { orderNo: r.orderNo, trackingNo: r.trackingNo ?? '', handoverNo: r.handoverNo, parcels: r.parcels }))
      refresh()
      // A handover list opened by its number (?handover=JJ…) shows its parcels: the one just shipped too.
      void queryClient.invalidateQueries({ queryKey: ['grid', 'handover'] })
    },
    onRefused: (_item, e) => fb.error(refusal(e)),
    onRetry: () => fb.info(msg('inbound:station.network')),
  })

  const onScan = (raw: string) => {
    const m = classifyScan(SHIPPING_STATION, 'parcel', raw)
    if (!m) { fb.error(msg(U('notHere'), { code: raw.trim() })); return }
    queue.enqueue({ code: m.code }, m.code)
  }

  return (
    <StationScreen def={SHIPPING_STATION} steps={steps} status={fb.status} pending={pending} onScan={onScan} scanRef={scanRef} onBack={() => fb.clear()}>
      {handoverNo && <HandoverDocument handoverNo={handoverNo} view={opened} />}
      {last && (
        <section aria-label={t(U('last'))} className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-x-6 gap-y-2 rounded border-2 border-emerald-700 p-3" data-testid="ship-last">
          <BigFact labelKey={U('fields.trackingNo')} value={last.trackingNo ?? '—'} testId="ship-tracking" size="text-3xl" />
          <BigFact labelKey={U('fields.handoverNo')} value={last.handoverNo} testId="ship-handover" size="text-3xl" />
          <BigFact labelKey={U('fields.parcels')} value={String(last.parcels)} testId="ship-parcels" size="text-5xl" />
          <p className="col-span-3 text-sm text-slate-700">{t(U('lastLine'), { orderNo: last.orderNo, carrier: last.carrier, qty: last.qty })}</p>
        </section>
      )}
      <section aria-label={t(U('lists'))} className="flex flex-col gap-1">
        <h2 className="text-base font-semibold">{t(U('lists'))}</h2>
        <table className="w-full text-sm" data-testid="handover-lists">
          <thead className="bg-slate-100 text-left">
            <tr>
              {(['handoverNo', 'carrier', 'status', 'parcelCount', 'qty', 'createdAt'] as const).map((c) => (
                <th key={c} scope="col" className={`px-2 py-1 ${c === 'parcelCount' || c === 'qty' ? 'text-right' : ''}`}>{t(U(`fields.${c}`))}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {lists.map((h) => (
              <tr key={h.id} data-handover={h.handoverNo} data-status={h.status} className={`border-b ${h.handoverNo === last?.handoverNo ? 'bg-emerald-50 font-semibold' : ''}`}>
                <td className="px-2 py-1 font-mono">{h.handoverNo}</td>
                <td className="px-2 py-1">{h.carrier}</td>
                <td className="px-2 py-1">{t(U(h.status === 0 ? 'open' : 'closed'))}</td>
                <td className="px-2 py-1 text-right tabular-nums">{h.parcelCount}</td>
                <td className="px-2 py-1 text-right tabular-nums">{h.qty}</td>
                <td className="px-2 py-1 tabular-nums">{formatTime(h.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </StationScreen>
  )
}

export default ShippingStation
