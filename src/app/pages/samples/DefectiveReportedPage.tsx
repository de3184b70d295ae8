// Defective reports (in-house-work → defective-reported): every CP report of the pair in the DataGrid
// (number, SKU, quantity, reason, from and to location, remark, who and when). ?reportNo=CP… (the
// palette's "go to document") shows that report above the list.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { formatTime } from '../../../domain/format'
import { api } from '../../api/clients'
import { DataGrid } from '../../grid'
import { primaryFocusProps } from '../../router/arrival'
import { usePageSearchParams } from '../kit'
import { DEFECTIVE_REPORTED_PATH, SAMPLE_API } from '../../../../commands/samples'
import { F, fetchDefective, GRID, type DefectiveRecord } from './api'
import { defectiveColumns } from './columns'

function ReportDocument({ reportNo, onAll }: { reportNo: string; onAll(): void }) {
  const { t } = useTranslation()
  const q = useQuery({
    queryKey: ['grid', 'defective-report-doc', reportNo],
    queryFn: () => api.get<{ records: DefectiveRecord[] }>(SAMPLE_API.defective, { reportNo, page: 1, size: 5 }, { silent: true }),
    retry: false,
  })
  if (q.isPending) return <p className="text-sm text-slate-500">{t('palette:documents.searching')}</p>
  const r = q.data?.records.find((x) => x.reportNo.toUpperCase() === reportNo)
  if (!r) return <p role="alert" className="rounded border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="defective-report-missing">{t('samples:defective.notFound', { reportNo })}</p>
  const shown: [string, string][] = [
    ['skuCode', r.skuCode], ['qty', String(r.qty)], ['reason', t(`samples:defectReason.${r.reason}`)], ['fromLocationCode', r.fromLocationCode],
    ['toLocationCode', r.toLocationCode], ['remark', r.remark ?? '—'], ['createdByName', r.createdByName], ['createdAt', formatTime(r.createdAt)],
  ]
  return (
    <section aria-labelledby="defective-report-doc-title" className="mb-2 flex flex-col gap-2 rounded border border-slate-300 p-3" data-testid="defective-report-doc" data-no={r.reportNo}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="defective-report-doc-title" className="text-base font-semibold">{t('samples:defective.docTitle', { reportNo: r.reportNo })}</h2>
        <button type="button" className="h-7 rounded border px-3 hover:bg-gray-50" onClick={onAll} {...primaryFocusProps()}>{t('samples:defective.all')}</button>
      </div>
      <dl className="grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-x-4 gap-y-1 text-sm">
        {shown.map(([k, v]) => (
          <div key={k} className="flex min-w-0 flex-col"><dt className="text-xs text-slate-500">{t(F(k))}</dt><dd className="truncate">{v}</dd></div>
        ))}
      </dl>
    </section>
  )
}

export default function DefectiveReportedPage() {
  const reportNo = usePageSearchParams().get('reportNo')?.trim().toUpperCase() || null
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="defective-reported">
      {reportNo && <ReportDocument reportNo={reportNo} onAll={() => navigate(DEFECTIVE_REPORTED_PATH, { replace: true })} />}
      <DataGrid<DefectiveRecord> gridId={GRID.defective} titleKey="samples:defective.reportedTitle" columns={defectiveColumns} fetcher={fetchDefective} defaultSort="id:desc"
        onOpen={(r) => navigate(`${DEFECTIVE_REPORTED_PATH}?reportNo=${encodeURIComponent(r.reportNo)}`)} />
    </div>
  )
}
