// Allot container (stock-out → ToB → ship-management → allot-container, component
// 'stock-out/allot-container'): the ToB orders with their expected container number, their boxes and how
// many are loaded (and in which containers). Select orders (at most 50, spec §9) and allot (Alt+A): one
// container number for all of them (empty clears it), confirmed naming how many. The loading station then
// refuses a box of these orders in any other container ("Scanned shipment ID must match"); an order whose
// boxes are already loaded elsewhere, or that is shipping / shipped / voided, is refused naming it.
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { dictLabelKey } from '../../../domain/dictionaries'
import { formatTime } from '../../../domain/format'
import { CommandButtons } from '../documents/CommandButtons'
import { fetchAllotOrders, type AllotOrderRecord } from './api'

const F = (f: string) => `containers:fields.${f}`
const STATUS = dictOptions('outboundOrderStatus').map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const ALLOT_GRID_ID = 'allot-container'

function StatusCell({ status }: { status: number }) {
  const { t } = useTranslation()
  return <span>{t(dictLabelKey('outboundOrderStatus', status))}</span>
}
function BusinessCell({ v }: { v: string | null }) {
  const { t } = useTranslation()
  return <span>{v ? t(dictLabelKey('businessType', v)) : '—'}</span>
}

const columns: GridColumn<AllotOrderRecord>[] = [
  { id: 'orderNo', titleKey: F('orderNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 120, filter: 'enum', enumDict: STATUS, render: (r) => <StatusCell status={r.status} /> },
  { id: 'expectedContainerNo', titleKey: F('expectedContainerNo'), width: 170, sortable: true, filter: 'text', render: (r) => r.expectedContainerNo ?? '—' },
  { id: 'destinationWarehouse', titleKey: 'containers:ui.destination', width: 140, filter: 'text', render: (r) => r.destinationWarehouse ?? '—' },
  { id: 'businessType', titleKey: 'containers:ui.businessType', width: 110, render: (r) => <BusinessCell v={r.businessType} /> },
  { id: 'logisticsProvider', titleKey: 'containers:ui.provider', width: 120, render: (r) => r.logisticsProvider ?? '—' },
  { id: 'boxes', titleKey: F('boxes'), width: 70, align: 'right' },
  { id: 'loadedBoxes', titleKey: 'containers:ui.loadedBoxes', width: 90, align: 'right' },
  { id: 'loadedIn', titleKey: 'containers:ui.loadedIn', width: 160, render: (r) => r.loadedIn ?? '—' },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, render: (r) => formatTime(r.createdAt) },
]

export default function AllotContainerPage() {
  const { t } = useTranslation()
  return (
    <div className="flex flex-col" data-testid="allot-container">
      <h2 className="text-base font-semibold">{t('containers:ui.allotTitle')}</h2>
      <DataGrid<AllotOrderRecord>
        gridId={ALLOT_GRID_ID} titleKey="containers:ui.allotTitle" columns={columns} fetcher={fetchAllotOrders}
        defaultSort="id:desc" rowId={(r) => String(r.id)}
        toolbar={<CommandButtons ids={['containers.allot']} label="containers:ui.allotTitle" />}
      />
    </div>
  )
}
