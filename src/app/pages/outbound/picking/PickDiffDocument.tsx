// One pick difference as the pick-diff screen shows it when it is opened by number (?diffNo=CY…, the
// palette's "go to document"): its facts — status, order, task, SKU, location, short and resolved
// quantities — above the list, with the resolve button (the outbound.pickDiff.resolve command: hidden
// without its permission, disabled with the pick-diff machine's reason once processed) and a way back
// to the whole list. It is the page's work on arrival: the resolve button (Enter opens the dialog), or the
// way back to the list once it is processed. Under ['grid', …]: resolving it refreshes the facts.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible } from '../../../../domain/commands'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { formatTime } from '../../../../domain/format'
import { api } from '../../../api/clients'
import { reasonLabel } from '../../../commands/reason'
import { useCommandContext, useCommandRegistry } from '../../../palette'
import { primaryFocusProps } from '../../../router/arrival'
import { PICKING_API } from '../../../../../commands/outbound-picking'
import type { DiffRecord } from './api'

const F = (f: string) => `outbound:pickDiff.fields.${f}`
const RESOLVE = 'outbound.pickDiff.resolve'

export function PickDiffDocument({ diffNo, onResolve, onAll }: { diffNo: string; onResolve(d: DiffRecord): void; onAll(): void }) {
  const { t } = useTranslation()
  const def = useCommandRegistry().get(RESOLVE)
  const base = useCommandContext()
  const q = useQuery({
    queryKey: ['grid', 'pick-diff-doc', diffNo],
    queryFn: () => api.get<{ records: DiffRecord[] }>(PICKING_API.diffs, { diffNo, page: 1, size: 5 }, { silent: true }),
    retry: false,
  })
  const diff = q.data?.records.find((r) => r.diffNo.toUpperCase() === diffNo)
  if (q.isPending) return <p className="text-sm text-slate-500">{t('palette:documents.searching')}</p>
  if (!diff) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="pick-diff-missing">{t('outbound-picking-ui:diff.notFound', { diffNo })}</p>
  const facts = { id: diff.id, diffNo: diff.diffNo, status: diff.status }
  const verdict = def ? commandEnabled(def, { ...base, selection: [facts], document: facts, documentId: diff.id }) : true
  const reason = verdict === true ? undefined : reasonLabel(verdict)
  const canResolve = !!def && commandVisible(def, base)
  const shown: [string, string][] = [
    ['status', t(dictLabelKey('handlingStatus', diff.status))],
    ['orderNo', diff.orderNo], ['taskNo', diff.taskNo], ['skuCode', diff.skuCode], ['locationCode', diff.locationCode],
    ['shortQty', String(diff.shortQty)],
    ['resolution', diff.resolution ? t(`outbound:pickDiff.resolution.${diff.resolution}`) : '—'],
    ['resolvedQty', diff.resolvedQty === null ? '—' : String(diff.resolvedQty)],
    ['resolvedByName', diff.resolvedByName ?? '—'], ['resolvedAt', formatTime(diff.resolvedAt) || '—'], ['createdAt', formatTime(diff.createdAt)],
  ]
  return (
    <section aria-labelledby="pick-diff-doc-title" className="mb-2 flex flex-col gap-2 rounded border border-slate-300 p-3" data-testid="pick-diff-doc" data-no={diff.diffNo} data-status={diff.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="pick-diff-doc-title" className="text-base font-semibold">{t('outbound-picking-ui:diff.docTitle', { diffNo: diff.diffNo })}</h2>
        {canResolve && (
          <button type="button" data-testid="pick-diff-doc-resolve" aria-disabled={reason ? true : undefined} title={reason} {...primaryFocusProps(!reason)}
            className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`} onClick={() => { if (!reason) onResolve(diff) }}>
            {t(def.title)}{reason && <span className="sr-only"> — {reason}</span>}
          </button>
        )}
        <button type="button" data-testid="pick-diff-doc-all" className="h-7 rounded border px-3 hover:bg-gray-50" onClick={onAll} {...primaryFocusProps(!canResolve || !!reason)}>{t('outbound-picking-ui:diff.all')}</button>
      </div>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-1 text-sm">
        {shown.map(([k, v]) => (
          <div key={k} className="flex min-w-0 flex-col">
            <dt className="text-xs text-slate-500">{t(F(k))}</dt>
            <dd className="truncate font-mono" data-testid={`pick-diff-doc-${k}`}>{v}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
