// One inbound order (stock-in → inbound-order-details, ?orderNo=…): its header, overdue flag and
// lines (SKU code, style, color, size, batch, expected, received, passed, failed, shelved), with the
// status commands of the order (the document is the commands' target: CommandContext.documentId).
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiError } from '../../../api/clients'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { INBOUND_ORDER_PATH } from '../../../../../commands/inbound-orders'
import { detailKey, fetchOrder, type OrderLine } from './api'
import { CommandButtons } from '../../documents/CommandButtons'
import { DocTable, type DocColumn } from '../../documents/DocTable'
import { OverdueFlag } from './InboundOrdersPage'
import { usePageSearch } from '../../kit'

const ACTIONS = ['inbound.order.edit', 'inbound.order.submit', 'inbound.order.issue', 'inbound.order.abolish', 'inbound.order.finish', 'inbound.labels.print']
const NUMERIC = new Set(['lineNo', 'expectedQty', 'receivedQty', 'passQty', 'failQty', 'shelvedQty'])
const LINE_COLUMNS: DocColumn<OrderLine>[] = (['lineNo', 'skuCode', 'styleNo', 'colorName', 'sizeName', 'batchNo', 'expectedQty', 'receivedQty', 'passQty', 'failQty', 'shelvedQty'] as const)
  .map((id) => ({ id, labelKey: `inbound:order.fields.${id}`, kind: NUMERIC.has(id) ? 'number' : id === 'skuCode' ? 'code' : undefined }))
const SELECTION_ID = 'inbound-order-details'

export default function InboundOrderDetailsPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const orderNo = (new URLSearchParams(usePageSearch()).get('orderNo') ?? '').trim()
  const q = useQuery({ queryKey: detailKey(orderNo), enabled: orderNo !== '', retry: false, staleTime: 0, queryFn: () => fetchOrder(orderNo) })
  const d = q.data
  // The open order is the commands' document: its number (commands that act on an order number, e.g.
  // printing labels, need not ask for it) and the facts its status machine reads, so the palette
  // offers exactly the moves the server allows (src/domain/states/inbound-order.ts).
  const facts = d ? { id: d.order.id, orderNo: d.order.orderNo, status: d.order.status, receivedQty: d.order.receivedQty } : undefined
  const { ctx, publishedId } = useDocumentContext(SELECTION_ID, facts)
  const o = d?.order
  const field = (k: string, v: React.ReactNode) => (
    <div className="flex flex-col"><dt className="text-xs text-gray-500">{t(`inbound:order.fields.${k}`)}</dt><dd data-testid={`order-${k}`}>{v ?? '—'}</dd></div>
  )
  return (
    <div className="flex flex-col gap-3" data-testid="inbound-order-details" data-document-id={publishedId ?? ''}>
      <div className="flex items-center gap-3">
        <h2 className="text-base font-semibold">{t('inbound:order.detailsTitle', { orderNo })}</h2>
        {o && <span className="rounded bg-gray-100 px-2 text-sm" data-testid="order-status">{t(dictLabelKey('inboundStatus', o.status))}</span>}
        {o && <OverdueFlag on={o.timedOut} hours={o.timeoutHours} />}
        <button type="button" className="ml-auto h-7 rounded border px-3 text-sm" onClick={() => navigate(INBOUND_ORDER_PATH)}>{t('inbound:order.detail.back')}</button>
      </div>
      {q.isPending && orderNo && <p role="status" className="text-sm text-gray-500">{t('inbound:order.detail.loading')}</p>}
      {q.isError && <p role="alert" className="text-sm text-red-700">{q.error instanceof ApiError ? q.error.message : (q.error as Error).message}</p>}
      {o && d && (
        <>
          <CommandButtons ids={ACTIONS} ctx={ctx} label="inbound:order.detailsTitle" />
          <dl className="grid grid-cols-4 gap-3 text-sm">
            {field('inboundType', t(dictLabelKey('inboundType', o.inboundType)))}
            {field('inspectionMode', t(dictLabelKey('inspectionMode', o.inspectionMode)))}
            {field('supplierId', o.supplierName)}
            {field('sourceNo', o.sourceNo)}
            {field('batchNo', o.batchNo)}
            {field('expectedArrival', o.expectedArrival)}
            {field('boxCount', o.boxCount === null ? null : `${o.receivedBoxes} / ${o.boxCount}`)}
            {field('receivedQty', t('inbound:order.detail.progress', { received: o.receivedQty, expected: o.expectedQty }))}
            {field('createdAt', formatTime(o.createdAt))}
            {field('issuedAt', o.issuedAt ? formatTime(o.issuedAt) : null)}
            {field('finishedAt', o.finishedAt ? formatTime(o.finishedAt) : null)}
            {field('remark', o.remark)}
          </dl>
          <DocTable titleKey="inbound:order.detail.lines" testId="order-lines" columns={LINE_COLUMNS} rows={d.lines} />
        </>
      )}
    </div>
  )
}
