// Inbound orders (stock-in → inbound-order): the list of the current warehouse+tenant in the DataGrid —
// filters number, type, status, supplier, SKU, source no, created range and overdue; the overdue flag
// (issued longer ago than the inbound timeout and not finished). Enter opens the details page. The
// screen's dialogs are addressed by URL so the commands can open them from the palette anywhere:
// ?form=new (new order), ?edit=<id>, ?status=<id,…> (bulk status preview), ?import=1 (Excel import).
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../../grid'
import { ImportDialog } from '../../../resources/ImportDialog'
import { formatTime } from '../../../../domain/format'
import { dictLabelKey } from '../../../../domain/dictionaries'
import {
  INBOUND_ORDER_API, INBOUND_ORDER_PATH, INBOUND_ORDER_PERMISSIONS, inboundOrderDetailsPath, MAX_BULK_ORDERS,
} from '../../../../../commands/inbound-orders'
import { fetchOrders, ORDER_GRID_ID, STATUS_OPTIONS, TYPE_OPTIONS, type OrderRecord } from './api'
import { CommandButtons } from '../../documents/CommandButtons'
import { OrderFormDialog } from './OrderFormDialog'
import { OrderStatusDialog } from './OrderStatusDialog'
import { usePageSearch } from '../../kit'

const OVERDUE_OPTIONS = [{ value: 'true', labelKey: 'common:yes' }, { value: 'false', labelKey: 'common:no' }]

export function OverdueFlag({ on, hours }: { on: boolean; hours?: number }) {
  const { t } = useTranslation()
  if (!on) return null
  return (
    <span className="rounded bg-red-100 px-1.5 text-xs font-medium text-red-700" title={hours ? t('inbound:order.overdueHint', { hours }) : undefined} data-testid="overdue-flag">
      {t('inbound:order.overdue')}
    </span>
  )
}

export const orderColumns: GridColumn<OrderRecord>[] = [
  { id: 'orderNo', titleKey: 'inbound:order.fields.orderNo', width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'inboundType', titleKey: 'inbound:order.fields.inboundType', width: 110, sortable: true, filter: 'enum', enumDict: TYPE_OPTIONS },
  { id: 'status', titleKey: 'inbound:order.fields.status', width: 120, sortable: true, filter: 'enum', enumDict: STATUS_OPTIONS },
  { id: 'timedOut', titleKey: 'inbound:order.fields.timedOut', width: 90, filter: 'enum', enumDict: OVERDUE_OPTIONS, render: (r) => <OverdueFlag on={r.timedOut} /> },
  { id: 'supplierName', titleKey: 'inbound:order.fields.supplierId', width: 160, filter: 'text' },
  { id: 'sourceNo', titleKey: 'inbound:order.fields.sourceNo', width: 120, filter: 'text' },
  { id: 'batchNo', titleKey: 'inbound:order.fields.batchNo', width: 100 },
  { id: 'expectedArrival', titleKey: 'inbound:order.fields.expectedArrival', width: 110, sortable: true },
  { id: 'expectedQty', titleKey: 'inbound:order.fields.expectedQty', width: 90, sortable: true, align: 'right' },
  { id: 'receivedQty', titleKey: 'inbound:order.fields.receivedQty', width: 90, sortable: true, align: 'right' },
  { id: 'issuedAt', titleKey: 'inbound:order.fields.issuedAt', width: 160, sortable: true, render: (r) => formatTime(r.issuedAt) },
  { id: 'createdAt', titleKey: 'inbound:order.fields.createdAt', width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt) },
]
// The SKU filter matches any line's SKU: a filter, not a column.
const filterColumns: GridColumn<OrderRecord>[] = [{ id: 'sku', titleKey: 'inbound:order.fields.sku', filter: 'text' }]

const TOOLBAR = ['inbound.order.create', 'inbound.order.edit', 'inbound.order.submit', 'inbound.order.issue', 'inbound.order.abolish', 'inbound.order.finish', 'inbound.order.status', 'inbound.order.import', 'inbound.labels.print']

export default function InboundOrdersPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(INBOUND_ORDER_PATH, { replace: true })
  const editId = Number(search.get('edit') ?? NaN)
  const statusIds = (search.get('status') ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, MAX_BULK_ORDERS)
  return (
    <div className="flex flex-col" data-testid="inbound-orders">
      <h2 className="text-base font-semibold">{t('inbound:order.title')}</h2>
      <DataGrid<OrderRecord>
        gridId={ORDER_GRID_ID} titleKey="inbound:order.title" columns={orderColumns} filterColumns={filterColumns} fetcher={fetchOrders}
        defaultSort="createdAt:desc" exportUrl={INBOUND_ORDER_API.export} exportPermission={INBOUND_ORDER_PERMISSIONS.export}
        onOpen={(r) => navigate(inboundOrderDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="inbound:order.title" />}
      />
      {search.get('form') === 'new' && <OrderFormDialog onClose={close} onSaved={(r) => navigate(inboundOrderDetailsPath(r.orderNo))} />}
      {Number.isInteger(editId) && editId > 0 && <OrderFormDialog key={editId} editId={editId} onClose={close} />}
      {statusIds.length > 0 && <OrderStatusDialog key={statusIds.join(',')} ids={statusIds} onClose={close} />}
      {search.get('import') === '1' && (
        <ImportDialog onClose={close} custom={{
          titleKey: 'inbound:order.import.title', template: INBOUND_ORDER_API.template, dryRun: INBOUND_ORDER_API.dryRun, commandId: 'inbound.order.import',
          doneKey: 'inbound:order.done.imported', gridId: ORDER_GRID_ID, testId: 'inbound-order-import', columnKey: (f) => `inbound:orderImport.fields.${f}`,
        }} />
      )}
    </div>
  )
}

/** Label of a status value (shared with the details page). */
export const statusLabelKey = (v: number) => dictLabelKey('inboundStatus', v)
