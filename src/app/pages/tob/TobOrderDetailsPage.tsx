// One ToB order (stock-out → ToB → sales-outbound → outoder-details, ?orderNo=…): the sales order's details
// page (OutboundOrderDetails, reused: header facts, lines, reservations, ledger rows, history) with the
// ToB fields, the ToB actions (edit the ToB fields, batch assign picking, split method, validate, refresh
// lock …, disabled with the order machine's reason) and the order's boxes: box i of n, mark, status,
// weight, dimensions and contents (cartons packed at the packing station under the order's number).
// "Go to document" lands here for a ToB order's CK number.
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { dictLabelKey } from '../../../domain/dictionaries'
import { TOB_ORDER_PATH } from '../../../../commands/tob-orders'
import { DocTable, type DocColumn } from '../documents/DocTable'
import { OutboundOrderDetails } from '../outbound/orders/OutboundOrderDetailsPage'
import { usePrinters } from '../outbound/face-sheets/printers'
import { fetchOrderCartons, type OrderCarton, type TobOrderRecord } from './api'

const ACTIONS = [
  'outbound.tob.update', 'outbound.order.validate', 'outbound.order.refreshLock', 'outbound.tob.assignPicking', 'outbound.tob.splitMethod',
  'outbound.tob.boxLabels', 'outbound.tob.packingList',
  'outbound.order.shippingMethod', 'outbound.order.split', 'outbound.order.lock', 'outbound.order.unlock', 'outbound.order.stop', 'outbound.order.void',
]
const C = (k: string) => `tob-ui:boxes.${k}`

export function cartonColumns(t: (k: string, o?: Record<string, unknown>) => string): DocColumn<OrderCarton>[] {
  return [
    { id: 'seq', labelKey: C('boxOf'), render: (b) => t(C('boxOfValue'), { seq: b.seq, total: b.boxTotal ?? '?' }) },
    { id: 'boxCode', labelKey: C('boxCode'), kind: 'code' },
    { id: 'boxMark', labelKey: 'tob:fields.boxMark' },
    { id: 'status', labelKey: C('status'), render: (b) => t(C(b.status === 2 ? 'closed' : 'open')) },
    { id: 'mixed', labelKey: C('mixed'), render: (b) => t(b.mixed ? 'common:yes' : 'common:no') },
    { id: 'items', labelKey: C('contents'), wrap: true, render: (b) => b.items.map((i) => `${i.skuCode} × ${i.qty}`).join(', ') },
    { id: 'weightKg', labelKey: C('weightKg'), kind: 'number' },
    { id: 'lengthCm', labelKey: C('dimsCm'), render: (b) => (b.lengthCm == null ? '—' : `${b.lengthCm} × ${b.widthCm} × ${b.heightCm}`) },
    { id: 'volumeL', labelKey: C('volumeL'), kind: 'number' },
    { id: 'taskNo', labelKey: C('taskNo'), kind: 'code' },
  ]
}

function TobFacts({ o }: { o: TobOrderRecord }) {
  const { t } = useTranslation()
  const item = (k: string, v: React.ReactNode) => (
    <div className="flex min-w-0 flex-col"><dt className="text-xs text-gray-600">{t(`tob:fields.${k}`)}</dt><dd className="break-words" data-testid={`tob-${k}`}>{v === null || v === undefined || v === '' ? '—' : v}</dd></div>
  )
  const dict = (code: string, v: string | null) => (v ? t(dictLabelKey(code, v)) : null)
  return (
    <section aria-labelledby="tob-facts-title" data-testid="tob-facts">
      <h3 id="tob-facts-title" className="mb-1 text-sm font-semibold">{t('tob-ui:details.tobFacts')}</h3>
      <dl className="grid grid-cols-6 gap-3 text-sm">
        {item('destinationWarehouse', o.destinationWarehouse)}
        {item('expectedContainerNo', o.expectedContainerNo && <span className="font-mono">{o.expectedContainerNo}</span>)}
        {item('logisticsProvider', o.logisticsProvider)}
        {item('channel', o.channel)}
        {item('businessType', dict('businessType', o.businessType))}
        {item('boxMark', o.boxMark)}
        {item('deliveryMode', dict('deliveryMode', o.deliveryMode))}
        {item('productNatures', (o.productNatures ?? []).map((n) => t(dictLabelKey('productNature', n))).join(', '))}
        {item('marketplaceQty', o.marketplaceQty)}
        {item('splitMethod', dict('orderSplitBy', o.splitMethod))}
      </dl>
    </section>
  )
}

function Boxes({ orderNo }: { orderNo: string }) {
  const { t } = useTranslation()
  const q = useQuery({ queryKey: ['grid', 'tob-order-cartons', orderNo], queryFn: () => fetchOrderCartons(orderNo), retry: false })
  const cartons = q.data?.cartons ?? []
  const units = cartons.reduce((s, b) => s + b.items.reduce((x, i) => x + i.qty, 0), 0)
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-gray-700" data-testid="tob-boxes-summary">{t(C('summary'), { count: cartons.length, units })}</p>
      <DocTable titleKey={C('title')} testId="tob-boxes" columns={cartonColumns(t)} rows={cartons} emptyKey={C('empty')} />
    </div>
  )
}

export default function TobOrderDetailsPage() {
  // The printer picker of "Print box labels" offers the pair's enabled printers.
  usePrinters()
  return (
    <OutboundOrderDetails ext={{
      backPath: TOB_ORDER_PATH, actions: ACTIONS, testId: 'tob-order-details',
      facts: (o) => <TobFacts o={o as TobOrderRecord} />,
      sections: (o) => <Boxes orderNo={o.orderNo} />,
    }} />
  )
}
