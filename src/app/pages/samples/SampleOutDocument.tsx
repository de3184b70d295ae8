// One sample out request as its screens show it when opened by number (?outNo=YP…, the palette's "go to
// document"): its facts, its lines and its approval records, with the commands its status allows
// (hand over here; approve / reject on the review screen) and a way back to the whole list.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { api } from '../../api/clients'
import { useCommandContext } from '../../palette'
import { primaryFocusProps } from '../../router/arrival'
import { CommandButtons } from '../documents/CommandButtons'
import { SAMPLE_API } from '../../../../commands/samples'
import { F, outFacts, type ApprovalRecordRow, type SampleOutLineRecord, type SampleOutRecord } from './api'

type Page<R> = { records: R[] }

export function SampleOutDocument({ outNo, review, commands, onAll }: { outNo: string; review?: boolean; commands: readonly string[]; onAll(): void }) {
  const { t } = useTranslation()
  const base = useCommandContext()
  const q = useQuery({
    queryKey: ['grid', 'sample-out-doc', outNo, review ? 'review' : 'out'],
    queryFn: async () => {
      const [outs, lines, records] = await Promise.all([
        api.get<Page<SampleOutRecord>>(review ? SAMPLE_API.reviewOuts : SAMPLE_API.outs, { outNo, page: 1, size: 5 }, { silent: true }),
        review ? Promise.resolve({ records: [] as SampleOutLineRecord[] }) : api.get<Page<SampleOutLineRecord>>(SAMPLE_API.outLines, { outNo, page: 1, size: 200 }, { silent: true }),
        review ? api.get<Page<ApprovalRecordRow>>(SAMPLE_API.approvals, { subjectNo: outNo, page: 1, size: 20 }, { silent: true }) : Promise.resolve({ records: [] as ApprovalRecordRow[] }),
      ])
      return { out: outs.records.find((r) => r.outNo.toUpperCase() === outNo), lines: lines.records, records: records.records }
    },
    retry: false,
  })
  if (q.isPending) return <p className="text-sm text-slate-500">{t('palette:documents.searching')}</p>
  const out = q.data?.out
  if (!out) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="sample-out-missing">{t('samples:out.notFound', { outNo })}</p>
  const facts = outFacts(out)
  const ctx = { ...base, selection: [facts], document: facts, documentId: out.id }
  const shown: [string, string][] = [
    ['status', t(dictLabelKey('approvalStatus', out.status))], ['borrower', out.borrower], ['purpose', out.purpose],
    ['expectedReturnDate', out.expectedReturnDate ?? '—'], ['totalQty', String(out.totalQty)], ['createdByName', out.createdByName],
    ['createdAt', formatTime(out.createdAt)], ['approverName', out.approverName ?? '—'], ['opinion', out.opinion ?? '—'], ['completedAt', formatTime(out.completedAt) || '—'],
  ]
  return (
    <section aria-labelledby="sample-out-doc-title" className="mb-2 flex flex-col gap-2 rounded border border-slate-300 p-3" data-testid="sample-out-doc" data-no={out.outNo} data-status={out.status}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="sample-out-doc-title" className="text-base font-semibold">{t('samples:out.docTitle', { outNo: out.outNo })}</h2>
        <CommandButtons ids={commands} ctx={ctx} label="samples:out.docTitle" />
        <button type="button" data-testid="sample-out-doc-all" className="h-7 rounded border px-3 hover:bg-gray-50" onClick={onAll} {...primaryFocusProps()}>{t('samples:out.all')}</button>
      </div>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-1 text-sm">
        {shown.map(([k, v]) => (
          <div key={k} className="flex min-w-0 flex-col">
            <dt className="text-xs text-slate-500">{t(F(k))}</dt>
            <dd className="truncate" data-testid={`sample-out-doc-${k}`}>{v}</dd>
          </div>
        ))}
      </dl>
      {q.data!.lines.length > 0 && (
        <table className="w-full max-w-2xl text-sm" aria-label={t(F('lines'))}>
          <thead><tr className="text-left text-xs text-slate-500">{['lineNo', 'skuCode', 'locationCode', 'batchNo', 'qty'].map((k) => <th key={k} scope="col" className="pr-3 font-normal">{t(F(k))}</th>)}</tr></thead>
          <tbody>{q.data!.lines.map((l) => <tr key={l.id}><td className="pr-3">{l.lineNo}</td><td className="pr-3 font-mono">{l.skuCode}</td><td className="pr-3 font-mono">{l.locationCode}</td><td className="pr-3">{l.batchNo || '—'}</td><td className="pr-3 text-right">{l.qty}</td></tr>)}</tbody>
        </table>
      )}
      {q.data!.records.length > 0 && (
        <table className="w-full max-w-3xl text-sm" aria-label={t('samples:out.records')} data-testid="sample-out-doc-records">
          <thead><tr className="text-left text-xs text-slate-500">{['round', 'initiatorName', 'requestedAt', 'approverName', 'opinion', 'status'].map((k) => <th key={k} scope="col" className="pr-3 font-normal">{t(F(k))}</th>)}</tr></thead>
          <tbody>{q.data!.records.map((r) => (
            <tr key={r.id}><td className="pr-3">{r.round}</td><td className="pr-3">{r.initiatorName}</td><td className="pr-3">{formatTime(r.requestedAt)}</td>
              <td className="pr-3">{r.approverName ?? '—'}</td><td className="pr-3">{r.opinion ?? '—'}</td><td className="pr-3">{t(dictLabelKey('approvalStatus', r.status))}</td></tr>
          ))}</tbody>
        </table>
      )}
    </section>
  )
}
