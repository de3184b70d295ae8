// One shipment (FY…), shown by shipment-details/outbound-details (?no=…: its orders and boxes, edit with
// ?form=edit or Alt+Shift+E) and by shipping/details (the shipping desk: ship, mark in transit). The header
// says status, approval, container, the spec's fields and the totals; the tables say each order (status —
// PartTransport 3 while boxes are left — boxes shipped of boxes), each box (order, box i of n, mark, weight,
// volume, units, where it stands, loaded in which loading document, shipped when) and the ledger rows under
// the shipment's number. The actions are the same commands as the palette's, enabled by the shipment's
// machine (disabled with the reason). Without a number, the first field takes one (typed or scanned).
import { useState } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { primaryFocusProps } from '../../router/arrival'
import { CommandButtons } from '../documents/CommandButtons'
import { useDocumentContext } from '../documents/useDocumentContext'
import { usePageSearch } from '../kit'
import { docInputCls } from '../documents/formParts'
import { fetchShipment, type ShipmentView } from './api'
import { F } from './columns'
import { ShipmentEditDialog } from './ShipmentEditDialog'

const P = (k: string) => `shipments:page.${k}`
const dash = (v: string | number | null | undefined) => (v == null || v === '' ? '—' : String(v))
const time = (v: string | null) => (v ? formatTime(v) : '—')

export function ShipmentDoc({ mode, pathOf, testId }: { mode: 'details' | 'shipping'; pathOf: (no: string) => string; testId: string }) {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const no = (search.get('no') ?? '').trim().toUpperCase()
  const [, navigate] = useLocation()
  const [typed, setTyped] = useState('')
  const doc = useQuery({ queryKey: ['grid', 'shipment-doc', no], queryFn: () => fetchShipment(no), enabled: !!no, retry: false, staleTime: 0 })
  const s = doc.data?.shipment
  const { ctx } = useDocumentContext(mode === 'shipping' ? 'tob-shipping' : 'shipments', s ? { id: 0, shipmentNo: s.shipmentNo, status: s.status, approval: s.approval } : undefined)
  const actions = mode === 'shipping' ? ['shipments.ship', 'shipments.depart'] : ['shipments.edit', 'shipments.approve', 'shipments.unapprove', 'shipments.terminate']

  const open = (e: React.FormEvent) => {
    e.preventDefault()
    const v = typed.trim().toUpperCase()
    if (v) navigate(pathOf(v))
  }
  const picker = (
    <form onSubmit={open} className="flex items-end gap-2" role="search" data-testid={`${testId}-open`}>
      <label className="flex flex-col gap-1 text-sm" htmlFor={`${testId}-no`}>
        <span className="text-gray-700">{t(P('openNo'))}</span>
        <input id={`${testId}-no`} className={`${docInputCls(false)} w-56 font-mono uppercase`} value={typed} maxLength={40} onChange={(e) => setTyped(e.target.value)}
          {...primaryFocusProps(!s)} />
      </label>
    </form>
  )
  if (!no) return <div className="flex flex-col gap-3 p-1">{picker}</div>
  if (doc.isError) {
    return (
      <div className="flex flex-col gap-3 p-1">
        <p role="alert" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid={`${testId}-missing`}>{t(P('notFound'), { shipmentNo: no })}</p>
        {picker}
      </div>
    )
  }
  if (!s) return <div role="status" aria-busy="true" className="p-2 text-sm text-slate-500">…</div>
  const v = doc.data as ShipmentView
  const fact = (k: string, value: string) => <><dt className="text-slate-600">{t(F(k))}</dt><dd data-field={k}>{value}</dd></>
  return (
    <section className="flex flex-col gap-3" data-testid={testId} data-no={s.shipmentNo} data-status={s.status} data-approval={s.approval}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-lg font-semibold" tabIndex={-1} {...primaryFocusProps()}>{s.shipmentNo}</h2>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-sm" data-testid="shipment-doc-status">{t(dictLabelKey('shipmentStatus', s.status))}</span>
        <span className={`rounded px-2 py-0.5 text-sm ${s.approval === 1 ? 'bg-emerald-50 text-emerald-900' : 'bg-amber-50 text-amber-900'}`} data-testid="shipment-doc-approval">{t(`shipments:approval.${s.approval}`)}</span>
        <span className="text-sm text-slate-700">{t(dictLabelKey('businessType', s.businessType))}</span>
        <CommandButtons ids={actions} ctx={ctx} label="shipments:document" />
      </div>
      <dl className="grid grid-cols-[auto_1fr_auto_1fr_auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="shipment-doc-facts">
        {fact('containerNo', dash(s.containerNo))}
        {fact('destinationWarehouse', dash(s.destinationWarehouse))}
        {fact('channel', dash(s.channel))}
        {fact('port', dash(s.port))}
        {fact('shippingMethod', dash(s.shippingMethod))}
        {fact('forwarder', dash(s.forwarder))}
        {fact('billOfLading', dash(s.billOfLading))}
        {fact('sealNo', dash(s.sealNo))}
        {fact('trackingNo', dash(s.trackingNo))}
        {fact('departureAt', time(s.departureAt))}
        {fact('arrivalAt', time(s.arrivalAt))}
        {fact('shippedAt', time(s.shippedAt))}
        {fact('boxCount', `${s.shippedBoxes} / ${s.boxCount}`)}
        {fact('grossWeight', String(s.grossWeight))}
        {fact('volume', String(s.volume))}
      </dl>
      <h3 className="text-sm font-semibold">{t(P('orders'))}</h3>
      <table className="w-full text-sm" data-testid="shipment-orders">
        <thead className="bg-slate-100 text-left">
          <tr>{(['orderNo', 'status', 'destinationWarehouse', 'expectedContainerNo', 'boxMark', 'expectedQty', 'actualQty', 'boxCount'] as const).map((c) => <th key={c} className="px-2 py-1">{t(F(c))}</th>)}</tr>
        </thead>
        <tbody>
          {v.orders.length === 0 && <tr><td colSpan={8} className="px-2 py-2 text-slate-500">{t(P('noOrders'))}</td></tr>}
          {v.orders.map((o) => (
            <tr key={o.orderNo} className="border-b" data-order={o.orderNo} data-status={o.status}>
              <td className="px-2 py-1 font-mono">{o.orderNo}</td>
              <td className="px-2 py-1">{t(dictLabelKey('outboundOrderStatus', o.status))}</td>
              <td className="px-2 py-1">{dash(o.destinationWarehouse)}</td>
              <td className="px-2 py-1 font-mono">{dash(o.expectedContainerNo)}</td>
              <td className="px-2 py-1">{dash(o.boxMark)}</td>
              <td className="px-2 py-1 text-right">{o.expectedQty}</td>
              <td className="px-2 py-1 text-right">{o.actualQty}</td>
              <td className="px-2 py-1 text-right">{o.shippedBoxes} / {o.boxes}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="text-sm font-semibold">{t(P('boxes'))}</h3>
      <table className="w-full text-sm" data-testid="shipment-boxes">
        <thead className="bg-slate-100 text-left">
          <tr>{(['boxCode', 'orderNo', 'box', 'boxMark', 'weight', 'volume', 'units', 'location', 'loadingNo', 'shippedAt'] as const).map((c) => <th key={c} className="px-2 py-1">{t(F(c))}</th>)}</tr>
        </thead>
        <tbody>
          {v.boxes.length === 0 && <tr><td colSpan={10} className="px-2 py-2 text-slate-500">{t(P('noBoxes'))}</td></tr>}
          {v.boxes.map((b) => (
            <tr key={b.boxCode} className="border-b" data-box={b.boxCode} data-status={b.status} data-loaded={b.loaded}>
              <td className="px-2 py-1 font-mono">{b.boxCode}</td>
              <td className="px-2 py-1 font-mono">{dash(b.orderNo)}</td>
              <td className="px-2 py-1">{b.boxSeq} / {dash(b.boxTotal)}</td>
              <td className="px-2 py-1">{dash(b.boxMark)}</td>
              <td className="px-2 py-1 text-right">{dash(b.weight)}</td>
              <td className="px-2 py-1 text-right">{dash(b.volume)}</td>
              <td className="px-2 py-1 text-right">{b.units}</td>
              <td className="px-2 py-1 font-mono">{b.locationCode}</td>
              <td className="px-2 py-1 font-mono">{b.loaded ? dash(b.loadingNo) : t(P('no'))}</td>
              <td className="px-2 py-1">{time(b.shippedAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h3 className="text-sm font-semibold">{t(P('ledger'))}</h3>
      <table className="w-full text-sm" data-testid="shipment-ledger">
        <thead className="bg-slate-100 text-left">
          <tr>{(['boxCode', 'sku', 'batch', 'location', 'delta', 'reason'] as const).map((c) => <th key={c} className="px-2 py-1">{t(F(c))}</th>)}</tr>
        </thead>
        <tbody>
          {v.ledger.length === 0 && <tr><td colSpan={6} className="px-2 py-2 text-slate-500">{t(P('noLedger'))}</td></tr>}
          {v.ledger.map((r) => (
            <tr key={r.id} className="border-b">
              <td className="px-2 py-1 font-mono">{dash(r.boxCode)}</td>
              <td className="px-2 py-1 font-mono">{r.skuCode}</td>
              <td className="px-2 py-1">{r.batchNo || '—'}</td>
              <td className="px-2 py-1 font-mono">{r.locationCode}</td>
              <td className="px-2 py-1 text-right">{r.deltaOnHand}</td>
              <td className="px-2 py-1">{r.reason ? t(`stock:reason.${r.reason}`, { boxCode: r.boxCode ?? '' }) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {mode === 'details' && search.get('form') === 'edit' && (
        <ShipmentEditDialog shipment={s} onClose={() => navigate(pathOf(s.shipmentNo), { replace: true })} />
      )}
    </section>
  )
}
