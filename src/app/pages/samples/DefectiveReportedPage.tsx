// Defective reports (in-house-work → defective-reported): every CP report of the pair in the DataGrid
// (number, SKU, quantity, reason, from and to location, remark, who and when). ?reportNo=CP… (the
// palette's "go to document") shows that report above the list.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { formatTime } from '../../../domain/format'
import { DataGrid } from '../../grid'
import { usePageSearchParams } from '../kit'
import { DEFECTIVE_REPORTED_PATH, SAMPLE_API } from '../../../../commands/samples'
import { fetchDefective, GRID, type DefectiveRecord } from './api'
import { DocumentPanel } from './DocumentPanel'
import { defectiveColumns } from './columns'

function ReportDocument({ reportNo, onAll }: { reportNo: string; onAll(): void }) {
  const { t } = useTranslation()
  return (
    <DocumentPanel<DefectiveRecord> no={reportNo} url={SAMPLE_API.defective} filter="reportNo" numberOf={(r) => r.reportNo} testId="defective-report-doc"
      titleKey="samples:defective.docTitle" missingKey="samples:defective.notFound" allKey="samples:defective.all" onAll={onAll}
      facts={(r) => [
        ['skuCode', r.skuCode], ['qty', String(r.qty)], ['reason', t(`samples:defectReason.${r.reason}`)], ['fromLocationCode', r.fromLocationCode],
        ['toLocationCode', r.toLocationCode], ['remark', r.remark ?? '—'], ['createdByName', r.createdByName], ['createdAt', formatTime(r.createdAt)],
      ]} />
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
