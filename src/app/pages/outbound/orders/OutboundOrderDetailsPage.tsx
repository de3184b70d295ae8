// One sales outbound order (stock-out → ToC → sales-outbound/details, ?orderNo=…): its header facts —
// status, platform, shop, consignee and address, quantities (expected, allocated, short, picked,
// shipped), wave, merge number, the lock and stop reasons — then its lines, the stock reserved for it,
// its ledger rows and its history. The order is the commands' document (CommandContext.documentId and
// the facts its status machine reads), so the palette, the hotkeys and the buttons here act on it and
// are disabled with the machine's reason. "Go to document" (CK…/HB… numbers) lands here.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { ApiError } from '../../../api/clients'
import { i18next } from '../../../i18n'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { MACHINE_STATUS_DICT, statusMovesText } from '../../../../domain/states/status-text'
import { OUTBOUND_ORDER_PATH } from '../../../../../commands/outbound-orders'
import { OverflowToolbar } from '../../../grid/OverflowToolbar'
import { CommandButtons } from '../../documents/CommandButtons'
import { DocTable, type DocColumn } from '../../documents/DocTable'
import { useDocumentContext } from '../../documents/useDocumentContext'
import { docTypeLabel, reasonLabel } from '../../documents/ledger-labels'
import {
  fetchOutboundOrder, machineFacts, outboundDetailKey, platformLabelKey,
  type OutboundHistoryRow, type OutboundLedgerRow, type OutboundOrderLine, type OutboundOrderRecord, type OutboundPacking, type OutboundReservation,
} from './api'
import { usePageSearch } from '../../kit'

const ACTIONS = [
  'outbound.order.validate', 'outbound.order.shippingMethod', 'outbound.order.lock', 'outbound.order.unlock', 'outbound.order.stop',
  'outbound.order.terminate', 'outbound.order.void', 'outbound.order.refreshLock', 'outbound.order.split', 'outbound.order.switchWarehouse',
]
const SELECTION_ID = 'outbound-order-details'
const F = (f: string) => `outbound:order.fields.${f}`
const U = (k: string) => `outbound-ui:details.${k}`
const time = (v: string | null) => formatTime(v)

const LINE_COLUMNS: DocColumn<OutboundOrderLine>[] = [
  { id: 'lineNo', labelKey: F('lineNo'), kind: 'number' },
  { id: 'skuCode', labelKey: F('skuCode'), kind: 'code' },
  { id: 'styleNo', labelKey: F('styleNo') },
  { id: 'colorName', labelKey: F('colorName') },
  { id: 'sizeName', labelKey: F('sizeName') },
  { id: 'platformCode', labelKey: F('platformCode'), kind: 'code' },
  { id: 'qty', labelKey: F('qty'), kind: 'number' },
  { id: 'allocatedQty', labelKey: F('allocatedQty'), kind: 'number' },
  { id: 'waitingFor', labelKey: F('waitingFor'), render: (r) => (r.waitingFor ? i18next.t(`outbound:order.shortReason.${r.waitingFor}`) : ''), wrap: true },
  { id: 'pickedQty', labelKey: F('pickedQty'), kind: 'number' },
  { id: 'shippedQty', labelKey: F('actualQty'), kind: 'number' },
]
const RESERVATION_COLUMNS: DocColumn<OutboundReservation>[] = [
  { id: 'lineNo', labelKey: F('lineNo'), kind: 'number' },
  { id: 'locationCode', labelKey: F('locationCode'), kind: 'code' },
  { id: 'skuCode', labelKey: F('skuCode'), kind: 'code' },
  { id: 'batchNo', labelKey: F('batchNo') },
  { id: 'qty', labelKey: F('qty'), kind: 'number' },
]
// At 1280 px the whole row fits: time, document and reason wrap in their cells, the reason right after the document.
const LEDGER_COLUMNS: DocColumn<OutboundLedgerRow>[] = [
  { id: 'createdAt', labelKey: U('at'), render: (r) => time(r.createdAt), wrap: true },
  { id: 'docNo', labelKey: U('docNo'), render: (r) => <>{docTypeLabel(r.docType)} <span className="font-mono">{r.docNo}</span></>, wrap: true },
  { id: 'reason', labelKey: F('reason'), render: (r) => reasonLabel(r.reason, r.reasonParams), wrap: true },
  { id: 'docLine', labelKey: F('lineNo'), kind: 'number' },
  { id: 'locationCode', labelKey: F('locationCode'), kind: 'code' },
  { id: 'skuCode', labelKey: F('skuCode'), kind: 'code' },
  { id: 'batchNo', labelKey: F('batchNo') },
  { id: 'deltaOnHand', labelKey: U('deltaOnHand'), kind: 'number' },
  { id: 'deltaLocked', labelKey: U('deltaLocked'), kind: 'number' },
  { id: 'operatorName', labelKey: U('operator') },
]
/** A command id's title where the catalog has one (history rows may name commands of other areas). */
const commandTitle = (id: string) => (i18next.exists(`commands:${id}`) ? i18next.t(`commands:${id}`) : id)
const HISTORY_COLUMNS: DocColumn<OutboundHistoryRow>[] = [
  { id: 'createdAt', labelKey: U('at'), render: (r) => time(r.createdAt) },
  { id: 'commandId', labelKey: U('command'), render: (r) => commandTitle(r.commandId) },
  { id: 'username', labelKey: U('operator') },
  // Status moves by name ("CK… Draft → In force"), not the codes the summary records (`0→1`).
  { id: 'summary', labelKey: U('summary'), render: (r) => statusMovesText(r.summary ?? '', (s) => i18next.t(dictLabelKey(MACHINE_STATUS_DICT.outboundOrder!, s))) },
  { id: 'result', labelKey: U('result'), render: (r) => i18next.t(`audit:result.${r.result}`) },
  { id: 'errorCode', labelKey: U('errorCode'), kind: 'code' },
]

/** The pack step's facts (spec section 3 "Packing"): material, weight, dimensions, parcels, packing list number, box code, photo. */
function PackingFacts({ p }: { p: OutboundPacking }) {
  const { t } = useTranslation()
  const P = (k: string) => `outbound-ship:pack.${k}`
  const item = (id: string, labelKey: string, v: React.ReactNode) => (
    <div className="flex min-w-0 flex-col"><dt className="text-xs text-gray-500">{t(labelKey)}</dt><dd className="break-words" data-testid={`packing-${id}`}>{v === null || v === undefined || v === '' ? '—' : v}</dd></div>
  )
  const dims = [p.lengthMm, p.widthMm, p.heightMm].every((v) => v != null) ? `${p.lengthMm} × ${p.widthMm} × ${p.heightMm}` : null
  return (
    <section aria-labelledby="order-packing-title" data-testid="order-packing">
      <h3 id="order-packing-title" className="mb-1 text-sm font-semibold">{t(P('legend'))}</h3>
      <dl className="grid grid-cols-6 gap-3 text-sm">
        {item('material', P('material'), p.materialCode)}
        {item('weight', P('weight'), p.weightG)}
        {item('dims', 'outbound-ui:details.dimsMm', dims)}
        {item('parcels', P('parcels'), p.parcelCount)}
        {item('packingListNo', P('packingListNo'), p.packingListNo && <span className="font-mono">{p.packingListNo}</span>)}
        {item('boxCode', P('boxCode'), p.boxCode && <span className="font-mono">{p.boxCode}</span>)}
        {item('packedAt', 'outbound-ui:details.packedAt', time(p.packedAt))}
        {item('photo', P('photo'), p.photoUrl && (
          <a href={p.photoUrl} target="_blank" rel="noreferrer" className="inline-block underline">
            <img src={p.photoUrl} alt={t(P('photo'))} className="h-16 w-auto rounded border" />
          </a>
        ))}
      </dl>
    </section>
  )
}

/**
 * Another kind of order on the same page (the ToB order details, src/app/pages/tob): where "back" goes,
 * its own actions, facts after the order's and sections after the packing facts (boxes, shipments).
 */
export interface OrderDetailsExtension {
  backPath: string; actions: string[]; testId: string
  facts?(o: OutboundOrderRecord): React.ReactNode
  sections?(o: OutboundOrderRecord): React.ReactNode
}

export default function OutboundOrderDetailsPage() {
  return <OutboundOrderDetails />
}

export function OutboundOrderDetails({ ext }: { ext?: OrderDetailsExtension }) {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  const orderNo = (new URLSearchParams(usePageSearch()).get('orderNo') ?? '').trim()
  const q = useQuery({ queryKey: outboundDetailKey(orderNo), enabled: orderNo !== '', retry: false, staleTime: 0, queryFn: () => fetchOutboundOrder(orderNo) })
  const d = q.data
  const o = d?.order
  const { ctx, publishedId } = useDocumentContext(SELECTION_ID, o ? machineFacts(o) : undefined)
  const field = (k: string, v: React.ReactNode, labelKey = F(k)) => (
    <div className="flex min-w-0 flex-col"><dt className="text-xs text-gray-500">{t(labelKey)}</dt><dd className="break-words" data-testid={`order-${k}`}>{v === null || v === undefined || v === '' ? '—' : v}</dd></div>
  )
  return (
    <div className="flex flex-col gap-3" data-testid={ext?.testId ?? 'outbound-order-details'} data-document-id={publishedId ?? ''}>
      <div className="flex items-center gap-3">
        <h2 className="text-base font-semibold">{t('outbound-ui:details.title', { orderNo })}</h2>
        {o && <span className="rounded bg-gray-100 px-2 text-sm" data-testid="order-status">{t(dictLabelKey('outboundOrderStatus', o.status))}</span>}
        {o?.waveNo && <span className="rounded bg-blue-50 px-2 text-sm text-blue-800">{t('outbound-ui:details.inWave', { waveNo: o.waveNo })}</span>}
        <button type="button" className="ml-auto h-7 rounded border px-3 text-sm" onClick={() => navigate(ext?.backPath ?? OUTBOUND_ORDER_PATH)}>{t('outbound-ui:details.back')}</button>
      </div>
      {!orderNo && <p className="text-sm text-gray-500">{t('outbound-ui:details.noOrder')}</p>}
      {q.isPending && orderNo && <p role="status" className="text-sm text-gray-500">{t('outbound-ui:details.loading')}</p>}
      {q.isError && <p role="alert" className="text-sm text-red-700">{q.error instanceof ApiError ? q.error.message : (q.error as Error).message}</p>}
      {o && d && (
        <>
          {/* One line: what does not fit (long labels, a narrow window) goes into the "More" menu. */}
          <div className="flex"><OverflowToolbar testId="outbound-order-details-toolbar"><CommandButtons ids={ext?.actions ?? ACTIONS} ctx={ctx} label="outbound:order.document" /></OverflowToolbar></div>
          <dl className="grid grid-cols-6 gap-3 text-sm" data-testid="order-facts">
            {field('platform', t(platformLabelKey(o.platform)))}
            {field('orderType', t(dictLabelKey('orderType', o.orderType)))}
            {field('sourceNo', o.sourceNo)}
            {field('shopId', o.shopName)}
            {field('siteId', o.siteName)}
            {field('shippingMethod', o.shippingMethod)}
            {field('carrierId', o.carrierName)}
            {field('consigneeName', o.consigneeName)}
            {field('consigneePhone', o.consigneePhone)}
            {field('address', [o.address, o.city, o.state, o.postcode, o.country].filter(Boolean).join(', '))}
            {field('expectedDeliveryAt', o.expectedDeliveryAt)}
            {field('associationNo', o.associationNo)}
            {field('expectedQty', o.expectedQty)}
            {field('allocatedQty', o.allocatedQty)}
            {field('shortQty', o.shortQty)}
            {field('pickedQty', o.pickedQty)}
            {field('actualQty', o.actualQty)}
            {field('lineCount', o.lineCount)}
            {field('waveNo', o.waveNo)}
            {field('mergeNo', o.mergeNo)}
            {field('abnormalReason', o.abnormalReason)}
            {field('stopReason', o.stopReason)}
            {field('lockFrom', o.lockFromStatus === null ? null : t(dictLabelKey('outboundOrderStatus', o.lockFromStatus)), U('lockFrom'))}
            {field('shipmentApproved', t(o.shipmentApproved ? 'common:yes' : 'common:no'), U('shipmentApproved'))}
            {field('validatedAt', o.validatedAt ? time(o.validatedAt) : null)}
            {field('createdAt', time(o.createdAt))}
            {field('remark', o.remark)}
          </dl>
          {ext?.facts?.(o)}
          {d.packing && <PackingFacts p={d.packing} />}
          {ext?.sections?.(o)}
          <DocTable titleKey={F('lines')} testId="order-lines" columns={LINE_COLUMNS} rows={d.lines} />
          <DocTable titleKey={U('reservations')} testId="order-reservations" columns={RESERVATION_COLUMNS} rows={d.reservations} emptyKey={U('noReservations')} />
          <DocTable titleKey={U('ledger')} testId="order-ledger" columns={LEDGER_COLUMNS} rows={d.ledger} emptyKey={U('noLedger')} />
          <DocTable titleKey="outbound:order.history.title" testId="order-history" columns={HISTORY_COLUMNS} rows={d.history} emptyKey={U('noHistory')} />
        </>
      )}
    </div>
  )
}
