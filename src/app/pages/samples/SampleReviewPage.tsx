// Sample out review (stock-out → sample-out-review, button 7130 'approve'): the requests in the DataGrid
// with approve / reject (the approval machine: only a request pending approval, never by its initiator —
// disabled with the reason; each asks the approver's opinion) and the approval records below (number,
// initiator, time, approver, opinion, status — spec section 3). ?outNo=YP… shows that request above.
import { useLocation } from 'wouter'
import { DataGrid } from '../../grid'
import { CommandButtons } from '../documents/CommandButtons'
import { usePageSearchParams } from '../kit'
import { SAMPLE_REVIEW_PATH } from '../../../../commands/samples'
import { fetchApprovals, fetchReviewOuts, GRID, type ApprovalRecordRow, type SampleOutRecord } from './api'
import { approvalColumns, outColumns } from './columns'
import { SampleOutDocument } from './SampleOutDocument'

const TOOLBAR = ['sampleOut.approve', 'sampleOut.reject']

export default function SampleReviewPage() {
  const outNo = usePageSearchParams().get('outNo')?.trim().toUpperCase() || null
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col gap-3" data-testid="sample-out-review">
      {outNo && <SampleOutDocument outNo={outNo} review commands={TOOLBAR} onAll={() => navigate(SAMPLE_REVIEW_PATH, { replace: true })} />}
      <CommandButtons ids={TOOLBAR} label="samples:review.title" />
      <DataGrid<SampleOutRecord>
        gridId={GRID.review} titleKey="samples:review.title" columns={outColumns} fetcher={fetchReviewOuts} defaultSort="createdAt:desc" pageSize={20}
        onOpen={(r) => navigate(`${SAMPLE_REVIEW_PATH}?outNo=${encodeURIComponent(r.outNo)}`)}
      />
      <DataGrid<ApprovalRecordRow> gridId={GRID.approvals} titleKey="samples:review.records" columns={approvalColumns} fetcher={fetchApprovals} defaultSort="id:desc" pageSize={20} />
    </div>
  )
}
