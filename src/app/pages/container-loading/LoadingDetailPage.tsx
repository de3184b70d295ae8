// One loading document (container-load → loading-detail, component 'container-load/loading-detail',
// ?no=<ZG…>): its container, size, AGL, seal, status and who did what when; the live count against the
// container's capacity; its boxes; and, once shipped, the ledger rows under its number (each box's
// contents leaving the packing place, reason ship). Finish, close and ship follow the machine (disabled
// with the reason); Alt+L opens the station at this container.
import { useEffect, useRef } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { dictLabelKey } from '../../../domain/dictionaries'
import { ledgerReasonKey } from '../../../domain/ledger-reasons'
import { CommandButtons } from '../documents/CommandButtons'
import { useDocumentContext } from '../documents/useDocumentContext'
import { usePageActive, usePageSearch } from '../kit'
import { refusal, statusText } from '../../station'
import { stationPath } from '../../../../commands/container-loading'
import { fetchLoading } from './api'
import { LoadedBoxes, LoadingFacts } from './parts'

export default function LoadingDetailPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const no = (new URLSearchParams(usePageSearch()).get('no') ?? '').trim().toUpperCase()
  const doc = useQuery({ queryKey: ['grid', 'container-loading-detail', no], queryFn: () => fetchLoading(no), enabled: !!no, retry: false, staleTime: 0 })
  const d = doc.data
  const { ctx } = useDocumentContext('container-loading', d ? { id: 0, loadingNo: d.loadingNo, containerNo: d.containerNo, status: d.status, shippedAt: d.shippedAt } : undefined)
  // Arrival puts the focus on the document (its actions are the next Tab stops), unless something else of the page has it.
  const head = useRef<HTMLHeadingElement>(null)
  const active = usePageActive()
  useEffect(() => {
    if (active && d && (document.activeElement === document.body || !document.activeElement)) head.current?.focus()
  }, [active, d?.loadingNo]) // eslint-disable-line react-hooks/exhaustive-deps
  const onKey = (e: React.KeyboardEvent) => {
    if (d && e.altKey && e.code === 'KeyL') { e.preventDefault(); navigate(stationPath(d.containerNo)) }
  }
  return (
    <div className="flex flex-col gap-3 p-4" data-testid="loading-detail" data-no={d?.loadingNo} data-status={d?.status} onKeyDown={onKey}>
      {!no && <p className="text-slate-700">{t('containers:ui.noNumber')}</p>}
      {doc.isError && <p role="alert" className="text-red-700">{statusText(refusal(doc.error), t)}</p>}
      {d && <>
        <div className="flex flex-wrap items-center gap-3">
          <h1 ref={head} tabIndex={-1} className="font-mono text-lg font-semibold outline-none">{d.containerNo}</h1>
          <span className="rounded bg-slate-100 px-2 py-0.5 text-sm" data-testid="loading-status">{t(dictLabelKey('loadingStatus', d.status))}{d.shippedAt ? ` · ${t('containers:ui.shipped')}` : ''}</span>
          <CommandButtons ids={['containers.loading.finish', 'containers.loading.close', 'containers.loading.ship']} ctx={ctx} label="containers:document" />
          <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" data-testid="open-station" onClick={() => navigate(stationPath(d.containerNo))}>
            {t('containers:ui.openStation')} <kbd className="ml-1 text-xs text-slate-600">Alt+L</kbd>
          </button>
        </div>
        <LoadingFacts view={d} />
        <p className="text-sm" data-testid="loading-totals">
          {t('containers:ui.totals', { boxes: d.totals.boxes, volume: d.totals.volume, capacity: d.totals.capacityVolume, weight: d.totals.weight, max: d.totals.maxWeight })}
        </p>
        <LoadedBoxes boxes={d.boxes} />
        {d.ledger.length > 0 && (
          <section aria-label={t('containers:ui.ledger')} className="flex flex-col gap-1">
            <h2 className="text-base font-semibold">{t('containers:ui.ledger')}</h2>
            <table className="w-full text-sm" data-testid="loading-ledger">
              <thead className="bg-slate-100 text-left"><tr>
                {(['reason', 'locationCode', 'skuCode', 'batchNo', 'delta'] as const).map((c) => <th key={c} scope="col" className={`px-2 py-1 ${c === 'delta' ? 'text-right' : ''}`}>{t(`containers:ui.ledgerCol.${c}`)}</th>)}
              </tr></thead>
              <tbody>
                {d.ledger.map((g) => (
                  <tr key={g.id} className="border-b">
                    <td className="px-2 py-1">{g.reason ? t(ledgerReasonKey(g.reason)) : '—'}</td>
                    <td className="px-2 py-1 font-mono">{g.locationCode}</td>
                    <td className="px-2 py-1 font-mono">{g.skuCode}</td>
                    <td className="px-2 py-1">{g.batchNo || '—'}</td>
                    <td className="px-2 py-1 text-right tabular-nums">{g.delta}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
      </>}
    </div>
  )
}
