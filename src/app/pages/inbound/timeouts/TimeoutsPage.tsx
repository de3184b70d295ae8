// Timeout tasks (report-new → timeout-task): inbound, unloading and shelving documents open past their
// timeout (inbound settings), picking tasks and picking-and-sending orders past theirs (outbound
// settings), container-loading documents and ToB orders not issued (issue 21: the loading limit and the
// 15-day flag of the outbound settings), one server query per kind with the shared rule; count and move
// tasks come through the task pool (a kind not registered there answers available: false). Alt+1…9
// switch the kind, Alt+A toggles "only timed-out" (the page takes the keyboard on arrival so they work
// without a mouse); each document number links to its screen. It refreshes after every server command.
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { Link } from 'wouter'
import { api } from '../../../api/clients'
import { primaryFocusProps } from '../../../router/arrival'

const KINDS = ['inbound', 'unloading', 'shelving', 'picking', 'pickingAndSending', 'containerLoading', 'count', 'move', 'tobNotIssued'] as const
type Kind = (typeof KINDS)[number]
interface Report { kind: Kind; hours: number | null; available?: boolean; records: { id: number; number: string; status: number; startedAt: string; detail: string; timedOut: boolean; overdueHours: number; path: string; statusKey?: string }[] }

const STATUS_KEY: Record<Kind, (s: number) => string> = {
  inbound: (s) => `dict:inboundStatus.${s}`, unloading: (s) => `inbound:release.status.${s}`, shelving: (s) => `dict:taskClaimStatus.${s}`,
  picking: (s) => `dict:taskClaimStatus.${s}`, pickingAndSending: (s) => `dict:outboundOrderStatus.${s}`, containerLoading: (s) => `dict:loadingStatus.${s}`, tobNotIssued: (s) => `dict:outboundOrderStatus.${s}`,
  // Task pool kinds: each row carries its status label key (the kind's own dictionary).
  count: (s) => `dict:countPlanStatus.${s}`, move: (s) => String(s),
}
const statusKey = (kind: Kind, s: number) => STATUS_KEY[kind](s)
/** The inbound kinds keep their own short labels; the outbound ones are the dictionary's (timeoutTaskType). */
const kindLabel = (k: Kind) => (k === 'inbound' || k === 'unloading' || k === 'shelving' ? `inbound:timeouts.kind.${k}` : `dict:timeoutTaskType.${k}`)

export default function TimeoutsPage() {
  const { t } = useTranslation()
  const [kind, setKind] = useState<Kind>('inbound')
  const [only, setOnly] = useState(true)
  // Under ['grid', …]: like every list, the report refetches after any server command (runtime's markStaleAfter).
  const r = useQuery({ queryKey: ['grid', 'inbound-timeouts', kind, only], queryFn: () => api.get<Report>('/api/inbound/timeouts', { kind, onlyTimedOut: only }) })
  return (
    // The page itself is its work (Alt+1…6, Alt+A): the shell focuses it on arrival (router/arrival.ts).
    <div tabIndex={-1} {...primaryFocusProps()} className="flex flex-col gap-3 p-4 outline-none" data-testid="timeouts-page"
      onKeyDown={(e) => {
        if (!e.altKey) return
        const i = ['Digit1', 'Digit2', 'Digit3', 'Digit4', 'Digit5', 'Digit6', 'Digit7', 'Digit8', 'Digit9'].indexOf(e.code)
        if (i >= 0) { e.preventDefault(); setKind(KINDS[i]!) }
        if (e.code === 'KeyA') { e.preventDefault(); setOnly((x) => !x) }
      }}>
      <h1 className="text-xl font-semibold">{t('inbound:timeouts.title')}</h1>
      <div className="flex flex-wrap items-center gap-2">
        {/* The tab list holds the tabs only (ARIA); the filter and the threshold sit beside it. */}
        <div className="flex flex-wrap items-center gap-2" role="tablist">
          {KINDS.map((k, i) => (
            <button key={k} type="button" role="tab" aria-selected={k === kind} data-testid={`timeouts-${k}`} onClick={() => setKind(k)}
              className={`rounded px-3 py-1 ${k === kind ? 'bg-sky-600 text-white' : 'border'}`}>{t(kindLabel(k))} <kbd className="text-xs">Alt+{i + 1}</kbd></button>
          ))}
        </div>
        <label className="ml-4 flex items-center gap-1 text-sm"><input type="checkbox" checked={only} onChange={(e) => setOnly(e.target.checked)} /> {t('inbound:timeouts.onlyTimedOut')} <kbd className="text-xs text-slate-500">Alt+A</kbd></label>
        {r.data && <span className="ml-auto text-sm text-slate-600">{r.data.hours == null ? t('reports:timeouts.noThreshold') : t('inbound:timeouts.threshold', { hours: r.data.hours })}</span>}
      </div>
      <table className="w-full text-sm" data-testid="timeouts-list">
        <thead className="bg-slate-100 text-left">
          <tr>{(['number', 'status', 'startedAt', 'detail', 'flag', 'overdue'] as const).map((c) => <th key={c} className="px-2 py-1">{t(`inbound:timeouts.col.${c}`)}</th>)}</tr>
        </thead>
        <tbody>
          {(r.data?.records ?? []).map((x) => (
            <tr key={x.id} className={`border-b ${x.timedOut ? 'bg-red-50' : ''}`} data-number={x.number} data-timed-out={x.timedOut}>
              <td className="px-2 py-1 font-mono"><Link href={x.path} className="text-sky-700 underline">{x.number}</Link></td>
              <td className="px-2 py-1">{t(x.statusKey ?? statusKey(kind, x.status))}</td>
              <td className="px-2 py-1">{x.startedAt ? new Date(x.startedAt).toLocaleString() : ''}</td>
              <td className="px-2 py-1 font-mono text-xs">{x.detail}</td>
              <td className={`px-2 py-1 font-semibold ${x.timedOut ? 'text-red-700' : 'text-slate-500'}`}>{t(x.timedOut ? 'inbound:timeouts.flag' : 'inbound:timeouts.ok')}</td>
              <td className="px-2 py-1">{x.overdueHours || ''}</td>
            </tr>
          ))}
          {r.data && r.data.records.length === 0 && (
            <tr><td colSpan={6} className="px-2 py-3 text-center text-slate-500" data-testid="timeouts-empty">{t(r.data.available === false ? (kind === 'containerLoading' ? 'reports:timeouts.noContainerLoading' : 'tasks:timeoutKindMissing') : 'inbound:timeouts.empty')}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
