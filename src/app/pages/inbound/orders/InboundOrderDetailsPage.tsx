// One inbound order (stock-in → inbound-order-details, ?orderNo=…): its header, overdue flag and
// lines (SKU code, style, color, size, batch, expected, received, passed, failed, shelved), with the
// status commands of the order (the document is the commands' target: CommandContext.documentId).
import { useEffect } from 'react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearch } from 'wouter'
import { ApiError } from '../../../api/clients'
import { clearSelection, setDocumentId, setSelection } from '../../../state/selection'
import { usePageActive } from '../../registry'
import { useCommandContext } from '../../../palette'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { INBOUND_ORDER_PATH } from '../../../../../commands/inbound-orders'
import { detailKey, fetchOrder } from './api'
import { CommandButtons } from './Toolbar'
import { OverdueFlag } from './InboundOrdersPage'

const ACTIONS = ['inbound.order.edit', 'inbound.order.submit', 'inbound.order.issue', 'inbound.order.abolish', 'inbound.order.finish', 'inbound.labels.print']
const LINE_COLUMNS = ['lineNo', 'skuCode', 'styleNo', 'colorName', 'sizeName', 'batchNo', 'expectedQty', 'receivedQty', 'passQty', 'failQty', 'shelvedQty'] as const
let documentOwner: symbol | undefined
const SELECTION_ID = 'inbound-order-details'
const NUMERIC = new Set(['lineNo', 'expectedQty', 'receivedQty', 'passQty', 'failQty', 'shelvedQty'])

export default function InboundOrderDetailsPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const orderNo = (new URLSearchParams(useSearch()).get('orderNo') ?? '').trim()
  const q = useQuery({ queryKey: detailKey(orderNo), enabled: orderNo !== '', retry: false, staleTime: 0, queryFn: () => fetchOrder(orderNo) })
  const d = q.data
  // The open order is the palette's document while this page is the visible tab; a page kept alive
  // behind another tab (or an older instance unmounting late) must not clear a newer owner's value.
  const active = usePageActive()
  const id = d?.order.id
  const docNo = d?.order.orderNo
  const status = d?.order.status
  const receivedQty = d?.order.receivedQty
  useEffect(() => {
    if (!active || id === undefined) return
    const token = Symbol('inbound-order')
    documentOwner = token
    // The palette sees the document like a selected row: its number (commands that act on an order
    // number, e.g. printing labels, need not ask for it) and the facts its status machine reads, so
    // the palette offers exactly the moves the server allows (src/domain/states/inbound-order.ts).
    const facts = { id, orderNo: docNo, status, receivedQty }
    setDocumentId(id, facts)
    setSelection(SELECTION_ID, [facts])
    return () => {
      if (documentOwner !== token) return
      setDocumentId(undefined)
      clearSelection(SELECTION_ID)
    }
  }, [id, docNo, status, receivedQty, active])
  const base = useCommandContext()
  // The commands act on this document (not on a grid selection); edit names it like a selected row.
  const facts = d ? { id: d.order.id, orderNo: d.order.orderNo, status: d.order.status, receivedQty: d.order.receivedQty } : undefined
  const ctx = facts ? { ...base, selection: [facts], documentId: facts.id, document: facts } : base
  const o = d?.order
  const field = (k: string, v: React.ReactNode) => (
    <div className="flex flex-col"><dt className="text-xs text-gray-500">{t(`inbound:order.fields.${k}`)}</dt><dd data-testid={`order-${k}`}>{v ?? '—'}</dd></div>
  )
  return (
    <div className="flex flex-col gap-3" data-testid="inbound-order-details" data-document-id={base.documentId ?? ''}>
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
          <section aria-labelledby="order-lines-title">
            <h3 id="order-lines-title" className="mb-1 text-sm font-semibold">{t('inbound:order.detail.lines')}</h3>
            {/* Cells padded apart (the line number and the SKU code ran together) and kept on one line;
                a narrow window scrolls the table rather than wrapping a code. */}
            <div className="overflow-x-auto">
              <table className="w-full text-sm" data-testid="order-lines">
                <thead className="text-left text-gray-600">
                  <tr>{LINE_COLUMNS.map((c) => <th key={c} scope="col" className={`whitespace-nowrap px-2 py-1 ${NUMERIC.has(c) ? 'text-right' : ''}`}>{t(`inbound:order.fields.${c}`)}</th>)}</tr>
                </thead>
                <tbody>
                  {d.lines.map((l) => (
                    <tr key={l.id} className="border-t">
                      {LINE_COLUMNS.map((c) => <td key={c} className={`whitespace-nowrap px-2 py-1 ${NUMERIC.has(c) ? 'text-right tabular-nums' : c === 'skuCode' ? 'font-mono' : ''}`}>{(l[c] ?? '') === '' ? '—' : String(l[c])}</td>)}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
    </div>
  )
}
