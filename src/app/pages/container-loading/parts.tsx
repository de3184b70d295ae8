// Parts the container screens share: a loading document's facts (container, size, AGL, seal, who and
// when) and its loaded boxes (box i of n, shipment, order, weight, volume, who loaded it and when).
import { useTranslation } from 'react-i18next'
import { formatTime } from '../../../domain/format'
import type { LoadedBox, LoadingView } from './api'

const F = (f: string) => `containers:fields.${f}`

export function LoadingFacts({ view, compact }: { view: LoadingView; compact?: boolean }) {
  const { t } = useTranslation()
  const when = (name: string | null, at: string | null) => (at ? `${name ?? '—'} · ${formatTime(at)}` : '—')
  return (
    <dl className="grid grid-cols-[auto_1fr_auto_1fr_auto_1fr] gap-x-3 gap-y-1 text-sm" data-testid="loading-facts">
      <dt className="text-slate-600">{t(F('loadingNo'))}</dt><dd className="font-mono">{view.loadingNo}</dd>
      <dt className="text-slate-600">{t(F('containerSize'))}</dt><dd>{view.containerSize}{view.agl ? ` · ${t(F('agl'))}` : ''}</dd>
      <dt className="text-slate-600">{t(F('sealNo'))}</dt><dd className="font-mono" data-testid="loading-seal">{view.sealNo ?? '—'}</dd>
      {!compact && <>
        <dt className="text-slate-600">{t(F('createdByName'))}</dt><dd>{when(view.createdByName, view.createdAt)}</dd>
        <dt className="text-slate-600">{t(F('closedAt'))}</dt><dd>{when(view.closedByName, view.closedAt)}</dd>
        <dt className="text-slate-600">{t(F('shippedAt'))}</dt><dd data-testid="loading-shipped">{when(view.shippedByName, view.shippedAt)}</dd>
        <dt className="text-slate-600">{t(F('transportCode'))}</dt><dd className="font-mono">{view.transportCode ?? '—'}</dd>
        <dt className="text-slate-600">{t(F('remark'))}</dt><dd className="col-span-3">{view.remark ?? '—'}</dd>
      </>}
    </dl>
  )
}

export function LoadedBoxes({ boxes, highlight = [] }: { boxes: readonly LoadedBox[]; highlight?: readonly string[] }) {
  const { t } = useTranslation()
  const hi = new Set(highlight)
  const cols = ['boxCode', 'shipmentNo', 'orderNo', 'weight', 'volume', 'loadedByName', 'loadedAt'] as const
  return (
    <section aria-label={t('containers:ui.boxes')} className="flex flex-col gap-1">
      <h2 className="text-base font-semibold">{t('containers:ui.boxes')} <span className="font-normal text-slate-600">({boxes.length})</span></h2>
      <table className="w-full text-sm" data-testid="loaded-boxes">
        <thead className="bg-slate-100 text-left">
          <tr>{cols.map((c) => <th key={c} scope="col" className={`px-2 py-1 ${c === 'weight' || c === 'volume' ? 'text-right' : ''}`}>{t(c === 'volume' ? 'containers:ui.boxVolume' : c === 'weight' ? 'containers:ui.boxWeight' : F(c))}</th>)}</tr>
        </thead>
        <tbody>
          {boxes.length === 0 && <tr><td colSpan={cols.length} className="px-2 py-2 text-slate-600">{t('containers:ui.noBoxes')}</td></tr>}
          {[...boxes].reverse().map((b) => (
            <tr key={b.boxCode} data-box={b.boxCode} className={`border-b ${hi.has(b.boxCode) ? 'bg-emerald-50 font-semibold' : ''}`}>
              <td className="px-2 py-1 font-mono">{b.boxCode}{b.boxTotal ? <span className="ml-1 text-slate-600">({b.seq}/{b.boxTotal})</span> : null}</td>
              <td className="px-2 py-1 font-mono">{b.shipmentNo ?? '—'}</td>
              <td className="px-2 py-1 font-mono">{b.orderNo ?? '—'}</td>
              <td className="px-2 py-1 text-right tabular-nums">{b.weight}</td>
              <td className="px-2 py-1 text-right tabular-nums">{b.volume}</td>
              <td className="px-2 py-1">{b.loadedByName ?? '—'}</td>
              <td className="px-2 py-1 tabular-nums">{b.loadedAt ? formatTime(b.loadedAt) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
