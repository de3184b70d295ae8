// The shipment list's columns, shared by shipment-details (every shipment) and tob-shipping (approved ones).
import { useTranslation } from 'react-i18next'
import type { GridColumn } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import type { ShipmentRecord } from './api'

export const F = (f: string) => `shipments:fields.${f}`
const STATUS = dictOptions('shipmentStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
const APPROVAL = ['0', '1'].map((v) => ({ value: v, labelKey: `shipments:approval.${v}` }))
const TYPES = dictOptions('businessType').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))

function StatusCell({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span data-testid="shipment-status">{t(dictLabelKey('shipmentStatus', status))}</span>
}
const num = (v: unknown) => (v == null ? '—' : String(Number(v)))
const time = (v: string | null) => (v ? formatTime(v) : '—')
const text = (v: string | null) => v ?? '—'

export const shipmentColumns: GridColumn<ShipmentRecord>[] = [
  { id: 'shipmentNo', titleKey: F('shipmentNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 120, sortable: true, filter: 'enum', enumDict: STATUS, render: (r) => <StatusCell status={r.status} /> },
  { id: 'approval', titleKey: F('approval'), width: 110, filter: 'enum', enumDict: APPROVAL },
  { id: 'businessType', titleKey: F('businessType'), width: 110, filter: 'enum', enumDict: TYPES },
  { id: 'containerNo', titleKey: F('containerNo'), width: 140, filter: 'text', render: (r) => text(r.containerNo) },
  { id: 'destinationWarehouse', titleKey: F('destinationWarehouse'), width: 120, render: (r) => text(r.destinationWarehouse) },
  { id: 'orders', titleKey: F('orders'), width: 80, align: 'right' },
  { id: 'boxCount', titleKey: F('boxCount'), width: 80, align: 'right', sortable: true },
  { id: 'loadedBoxes', titleKey: F('loadedBoxes'), width: 100, align: 'right' },
  { id: 'shippedBoxes', titleKey: F('shippedBoxes'), width: 100, align: 'right' },
  { id: 'grossWeight', titleKey: F('grossWeight'), width: 110, align: 'right', render: (r) => num(r.grossWeight) },
  { id: 'volume', titleKey: F('volume'), width: 100, align: 'right', render: (r) => num(r.volume) },
  { id: 'trackingNo', titleKey: F('trackingNo'), width: 140, filter: 'text', render: (r) => text(r.trackingNo) },
  { id: 'port', titleKey: F('port'), width: 110, render: (r) => text(r.port) },
  { id: 'shippingMethod', titleKey: F('shippingMethod'), width: 120, render: (r) => text(r.shippingMethod) },
  { id: 'forwarder', titleKey: F('forwarder'), width: 130, render: (r) => text(r.forwarder) },
  { id: 'billOfLading', titleKey: F('billOfLading'), width: 130, render: (r) => text(r.billOfLading) },
  { id: 'sealNo', titleKey: F('sealNo'), width: 110, render: (r) => text(r.sealNo) },
  { id: 'departureAt', titleKey: F('departureAt'), width: 160, sortable: true, render: (r) => time(r.departureAt) },
  { id: 'arrivalAt', titleKey: F('arrivalAt'), width: 160, render: (r) => time(r.arrivalAt) },
  { id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => time(r.createdAt) },
]
