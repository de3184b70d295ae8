// One handover list as the shipping station shows it when it is opened by number (?handover=JJ…, the
// palette's "go to document"): its carrier, open or closed, how many parcels and items, and the parcels
// on it (order, tracking number, items, weight, shipped at). While no parcel has been scanned since, it
// is the station's document: the palette's "Close handover list" acts on it (its machine: open only).
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../../domain/format'
import { api, ApiError } from '../../../api/clients'
import { SHIPPING_API } from '../../../../../commands/outbound-shipping'
import type { HandoverRecord } from './api'

export interface HandoverParcel { orderNo: string; trackingNo: string | null; qty: number; weightG: number | null; shippedAt: string | null }
export interface HandoverView { handover: HandoverRecord; parcels: HandoverParcel[] }

const U = (k: string) => `outbound-ship:ship.${k}`

/** The list by number (quiet: the panel says what went wrong); under ['grid', …], so a command refreshes it. */
export function useHandover(handoverNo: string | null) {
  return useQuery({
    queryKey: ['grid', 'handover', handoverNo ?? ''],
    queryFn: () => api.get<HandoverView>(SHIPPING_API.handover(handoverNo!), undefined, { silent: true }),
    enabled: !!handoverNo,
    retry: false,
  })
}

export function HandoverDocument({ handoverNo, view }: { handoverNo: string; view: ReturnType<typeof useHandover> }) {
  const { t } = useTranslation()
  if (view.isError) {
    const text = view.error instanceof ApiError ? view.error.message : t('outbound:ship.errors.handoverNotFound', { handoverNo })
    return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="handover-missing">{text}</p>
  }
  const v = view.data
  if (!v) return <p className="text-sm text-slate-500">{t('palette:documents.searching')}</p>
  const h = v.handover
  return (
    <section aria-labelledby="handover-doc-title" className="flex flex-col gap-1 rounded border border-slate-300 p-3" data-testid="handover-doc" data-no={h.handoverNo} data-status={h.status}>
      <h2 id="handover-doc-title" className="text-base font-semibold">{t(U('handover.title'), { handoverNo: h.handoverNo })}</h2>
      <p className="text-sm text-slate-700" data-testid="handover-summary">
        {t(U('handover.summary'), { carrier: h.carrier, status: t(U(h.status === 0 ? 'open' : 'closed')), parcels: h.parcelCount, qty: h.qty })}
      </p>
      <table className="w-full text-sm" data-testid="handover-parcels">
        <thead className="bg-slate-100 text-left">
          <tr>
            {(['orderNo', 'trackingNo', 'qty', 'weightG', 'shippedAt'] as const).map((c) => (
              <th key={c} scope="col" className={`px-2 py-1 ${c === 'qty' || c === 'weightG' ? 'text-right' : ''}`}>{t(U(`handover.fields.${c}`))}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {v.parcels.map((p) => (
            <tr key={`${p.orderNo}:${p.trackingNo ?? ''}`} className="border-b" data-order={p.orderNo}>
              <td className="px-2 py-1 font-mono">{p.orderNo}</td>
              <td className="px-2 py-1 font-mono">{p.trackingNo ?? '—'}</td>
              <td className="px-2 py-1 text-right tabular-nums">{p.qty}</td>
              <td className="px-2 py-1 text-right tabular-nums">{p.weightG ?? '—'}</td>
              <td className="px-2 py-1 tabular-nums">{p.shippedAt ? formatTime(p.shippedAt) : '—'}</td>
            </tr>
          ))}
          {v.parcels.length === 0 && <tr><td colSpan={5} className="px-2 py-3 text-center text-slate-500">{t(U('handover.empty'))}</td></tr>}
        </tbody>
      </table>
    </section>
  )
}
