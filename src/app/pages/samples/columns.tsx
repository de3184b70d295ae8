// The column sets of the sample out, review, sample stock, sample moves and defective screens.
import { useTranslation } from 'react-i18next'
import type { GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import {
  APPROVAL_OPTIONS, F, KIND_OPTIONS, MOVE_KIND_OPTIONS, REASON_OPTIONS, STOCK_STATUS_OPTIONS,
  type ApprovalRecordRow, type DefectiveRecord, type SampleMoveRecord, type SampleOutRecord, type StockRow,
} from './api'

const dash = (v: string | null | undefined) => (v == null || v === '' ? '—' : v)
const time = (v: string | null) => formatTime(v) || '—'

function Reason({ code }: { code: string }) {
  const { t } = useTranslation()
  return <>{t(`samples:defectReason.${code}`)}</>
}

export const outColumns: GridColumn<SampleOutRecord>[] = [
  { id: 'outNo', titleKey: F('outNo'), width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: APPROVAL_OPTIONS },
  { id: 'borrower', titleKey: F('borrower'), width: 150, filter: 'text' },
  { id: 'purpose', titleKey: F('purpose'), width: 180 },
  { id: 'totalQty', titleKey: F('totalQty'), width: 80, align: 'right' },
  { id: 'expectedReturnDate', titleKey: F('expectedReturnDate'), width: 120, sortable: true, render: (r) => dash(r.expectedReturnDate) },
  { id: 'createdByName', titleKey: F('createdByName'), width: 110 },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, filter: 'dateRange', render: (r) => time(r.createdAt) },
  { id: 'approverName', titleKey: F('approverName'), width: 110, render: (r) => dash(r.approverName) },
  { id: 'opinion', titleKey: F('opinion'), width: 160, render: (r) => dash(r.opinion) },
  { id: 'decidedAt', titleKey: F('decidedAt'), width: 150, render: (r) => time(r.decidedAt) },
  { id: 'completedAt', titleKey: F('completedAt'), width: 150, render: (r) => time(r.completedAt) },
]

/** The approval record (spec: number, initiator, time, approver, opinion, status). */
export const approvalColumns: GridColumn<ApprovalRecordRow>[] = [
  { id: 'subjectNo', titleKey: F('subjectNo'), width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'subjectKind', titleKey: F('subjectKind'), width: 120, filter: 'enum', enumDict: KIND_OPTIONS },
  { id: 'round', titleKey: F('round'), width: 60, align: 'right' },
  { id: 'initiatorName', titleKey: F('initiatorName'), width: 110, filter: 'text' },
  { id: 'requestedAt', titleKey: F('requestedAt'), width: 150, sortable: true, render: (r) => time(r.requestedAt) },
  { id: 'approverName', titleKey: F('approverName'), width: 110, filter: 'text', render: (r) => dash(r.approverName) },
  { id: 'opinion', titleKey: F('opinion'), width: 180, render: (r) => dash(r.opinion) },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: APPROVAL_OPTIONS },
  { id: 'decidedAt', titleKey: F('decidedAt'), width: 150, sortable: true, render: (r) => time(r.decidedAt) },
]

export const stockColumns: GridColumn<StockRow>[] = [
  { id: 'locationCode', titleKey: F('locationCode'), width: 120, sortable: true, filter: 'text', hideable: false },
  { id: 'areaCode', titleKey: F('areaCode'), width: 100 },
  { id: 'skuCode', titleKey: F('skuCode'), width: 190, sortable: true, filter: 'text' },
  { id: 'batchNo', titleKey: F('batchNo'), width: 100, render: (r) => dash(r.batchNo) },
  { id: 'stockStatus', titleKey: F('stockStatus'), width: 110, filter: 'enum', enumDict: STOCK_STATUS_OPTIONS },
  { id: 'onHand', titleKey: F('onHand'), width: 80, sortable: true, align: 'right' },
  { id: 'locked', titleKey: F('locked'), width: 80, align: 'right' },
  { id: 'free', titleKey: F('free'), width: 80, align: 'right' },
  { id: 'updatedAt', titleKey: F('updatedAt'), width: 150, sortable: true, render: (r) => time(r.updatedAt) },
]

export const moveColumns: GridColumn<SampleMoveRecord>[] = [
  { id: 'moveNo', titleKey: F('moveNo'), width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'kind', titleKey: F('kind'), width: 90, filter: 'enum', enumDict: MOVE_KIND_OPTIONS },
  { id: 'skuCode', titleKey: F('skuCode'), width: 190, filter: 'text' },
  { id: 'qty', titleKey: F('qty'), width: 70, align: 'right' },
  { id: 'fromLocationCode', titleKey: F('fromLocationCode'), width: 120 },
  { id: 'toLocationCode', titleKey: F('toLocationCode'), width: 120 },
  { id: 'remark', titleKey: F('remark'), width: 160, render: (r) => dash(r.remark) },
  { id: 'createdByName', titleKey: F('createdByName'), width: 110 },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, render: (r) => time(r.createdAt) },
]

export const defectiveColumns: GridColumn<DefectiveRecord>[] = [
  { id: 'reportNo', titleKey: F('reportNo'), width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'skuCode', titleKey: F('skuCode'), width: 190, sortable: true, filter: 'text' },
  { id: 'qty', titleKey: F('qty'), width: 70, align: 'right' },
  { id: 'reason', titleKey: F('reason'), width: 140, filter: 'enum', enumDict: REASON_OPTIONS, render: (r) => <Reason code={r.reason} /> },
  { id: 'fromLocationCode', titleKey: F('fromLocationCode'), width: 120 },
  { id: 'toLocationCode', titleKey: F('toLocationCode'), width: 120 },
  { id: 'remark', titleKey: F('remark'), width: 160, render: (r) => dash(r.remark) },
  { id: 'createdByName', titleKey: F('createdByName'), width: 110 },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, filter: 'dateRange', render: (r) => time(r.createdAt) },
]
