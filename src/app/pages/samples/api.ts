// Client side of the samples area (src/server/areas/samples, SAMPLE_API): records, fetchers, grid ids,
// filter options and the column sets the sample out, review, sample manager and defective screens share.
import { api } from '../../api/clients'
import type { EnumOption, GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { SAMPLE_API, DEFECT_REASONS } from '../../../../commands/samples'

export interface SampleOutRecord extends Record<string, unknown> {
  id: number; outNo: string; status: number; purpose: string; borrower: string; expectedReturnDate: string | null; totalQty: number; lineCount: number
  remark: string | null; createdBy: number; createdByName: string; createdAt: string; approverName: string | null; opinion: string | null
  decidedAt: string | null; completedByName: string | null; completedAt: string | null
}
export interface SampleOutLineRecord extends Record<string, unknown> { id: number; outNo: string; lineNo: number; skuCode: string; locationCode: string; batchNo: string; qty: number }
export interface ApprovalRecordRow extends Record<string, unknown> {
  id: number; subjectKind: string; subjectNo: string; round: number; status: number; initiatorName: string; requestedAt: string
  approverName: string | null; opinion: string | null; decidedAt: string | null; completedAt: string | null
}
export interface StockRow extends Record<string, unknown> {
  id: number; locationCode: string; areaCode: string; skuCode: string; batchNo: string; stockStatus: number; onHand: number; locked: number; free: number; updatedAt: string
}
export interface SampleMoveRecord extends Record<string, unknown> {
  id: number; moveNo: string; kind: 'lend' | 'return'; skuCode: string; qty: number; fromLocationCode: string; toLocationCode: string; remark: string | null; createdByName: string; createdAt: string
}
export interface DefectiveRecord extends Record<string, unknown> {
  id: number; reportNo: string; skuCode: string; qty: number; reason: string; fromLocationCode: string; toLocationCode: string; remark: string | null
  photoUrl: string | null; createdByName: string; createdAt: string
}

type Page<R> = { records: R[]; total: number }
const list = <R,>(url: string) => (q: GridQuery, signal?: AbortSignal) => api.get<Page<R>>(url, q, { signal })
export const fetchOuts = list<SampleOutRecord>(SAMPLE_API.outs)
export const fetchReviewOuts = list<SampleOutRecord>(SAMPLE_API.reviewOuts)
export const fetchOutLines = list<SampleOutLineRecord>(SAMPLE_API.outLines)
export const fetchApprovals = list<ApprovalRecordRow>(SAMPLE_API.approvals)
export const fetchSampleStock = list<StockRow>(SAMPLE_API.stock)
export const fetchMoves = list<SampleMoveRecord>(SAMPLE_API.moves)
export const fetchDefective = list<DefectiveRecord>(SAMPLE_API.defective)
export const fetchDefectiveStock = list<StockRow>(SAMPLE_API.defectiveStock)

/** Grid ids: their react-query keys sit under ['grid', …], refreshed after every server command. */
export const GRID = {
  outs: 'sample-out', review: 'sample-out-review', approvals: 'sample-approvals', stock: 'sample-stock', moves: 'sample-moves',
  defective: 'defective-reported', defectiveStock: 'defective-stock',
} as const

const asFilter = (code: string): EnumOption[] => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const APPROVAL_OPTIONS = asFilter('approvalStatus')
export const STOCK_STATUS_OPTIONS = asFilter('stockStatus')
export const REASON_OPTIONS: EnumOption[] = DEFECT_REASONS.map((r) => ({ value: r, labelKey: `samples:defectReason.${r}` }))
export const MOVE_KIND_OPTIONS: EnumOption[] = [{ value: 'lend', labelKey: 'samples:kind.lend' }, { value: 'return', labelKey: 'samples:kind.return' }]
export const KIND_OPTIONS: EnumOption[] = [{ value: 'sampleOut', labelKey: 'samples:kind.sampleOut' }]

/** The facts the approval machine reads (src/domain/states/approval.ts) from a request row. */
export const outFacts = (r: SampleOutRecord) => ({ id: r.id, outNo: r.outNo, status: r.status, createdBy: r.createdBy })

export const F = (f: string) => `samples:fields.${f}`
