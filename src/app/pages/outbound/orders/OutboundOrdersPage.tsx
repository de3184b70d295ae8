// ToC sales outbound orders (stock-out → ToC → sales-outbound): the list of the current
// warehouse+tenant in the DataGrid — filters number, platform order no., status, platform, shop,
// shipping method, wave, SKU, order type and a created range of at most 92 days (the server's limit,
// refused here first with its message). The selection feeds the commands (commands/outbound-orders.ts):
// the toolbar's buttons are those commands, disabled with the status machine's reason. Enter opens the
// details page. The dialogs are addressed by URL so the commands open them from the palette anywhere:
// ?form=new (new order), ?status=<ids> (bulk status), ?import=1 (Excel import), ?shipping=<ids>.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../../grid'
import { ImportDialog } from '../../../resources/ImportDialog'
import { formatTime } from '../../../../domain/format'
import {
  MAX_BULK_OUTBOUND, OUTBOUND_ORDER_API, OUTBOUND_ORDER_PATH, OUTBOUND_ORDER_PERMISSIONS, outboundOrderDetailsPath,
} from '../../../../../commands/outbound-orders'
import { CommandButtons } from '../../documents/CommandButtons'
import { fetchOutboundOrders, idsParam, ORDER_TYPE_OPTIONS, OUTBOUND_GRID_ID, PLATFORM_OPTIONS, STATUS_OPTIONS, type OutboundOrderRecord } from './api'
import { OutboundOrderForm } from './OutboundOrderForm'
import { OutboundStatusDialog } from './OutboundStatusDialog'
import { ShippingMethodDialog } from './ShippingMethodDialog'
import { usePageSearch } from '../../kit'

/** The server's longest created-at range (days). */
export const CREATED_MAX_DAYS = 92
const F = (f: string) => `outbound:order.fields.${f}`

export const outboundColumns: GridColumn<OutboundOrderRecord>[] = [
  { id: 'orderNo', titleKey: F('orderNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 110, sortable: true, filter: 'enum', enumDict: STATUS_OPTIONS },
  { id: 'platform', titleKey: F('platform'), width: 110, sortable: true, filter: 'enum', enumDict: PLATFORM_OPTIONS },
  { id: 'sourceNo', titleKey: F('sourceNo'), width: 140, filter: 'text' },
  { id: 'orderType', titleKey: F('orderType'), width: 80, filter: 'enum', enumDict: ORDER_TYPE_OPTIONS },
  { id: 'shopName', titleKey: F('shopId'), width: 140 },
  { id: 'siteName', titleKey: F('siteId'), width: 110 },
  { id: 'shippingMethod', titleKey: F('shippingMethod'), width: 130, filter: 'text' },
  { id: 'carrierName', titleKey: F('carrierId'), width: 120 },
  { id: 'consigneeName', titleKey: F('consigneeName'), width: 120 },
  { id: 'country', titleKey: F('country'), width: 80 },
  { id: 'lineCount', titleKey: F('lineCount'), width: 70, align: 'right' },
  { id: 'expectedQty', titleKey: F('expectedQty'), width: 90, sortable: true, align: 'right' },
  { id: 'allocatedQty', titleKey: F('allocatedQty'), width: 80, sortable: true, align: 'right' },
  { id: 'shortQty', titleKey: F('shortQty'), width: 70, align: 'right' },
  { id: 'pickedQty', titleKey: F('pickedQty'), width: 70, align: 'right' },
  { id: 'waveNo', titleKey: F('waveNo'), width: 130, filter: 'text' },
  { id: 'mergeNo', titleKey: F('mergeNo'), width: 130 },
  { id: 'expectedDeliveryAt', titleKey: F('expectedDeliveryAt'), width: 110 },
  { id: 'validatedAt', titleKey: F('validatedAt'), width: 160, sortable: true, render: (r) => formatTime(r.validatedAt) },
  {
    id: 'createdAt', titleKey: F('createdAt'), width: 160, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt),
    maxSpan: { days: CREATED_MAX_DAYS, messageKey: 'outbound:order.errors.dateSpan' },
  },
]
// Filters that are not columns: the shop (its code or name) and any line's SKU.
const filterColumns: GridColumn<OutboundOrderRecord>[] = [{ id: 'shop', titleKey: F('shopId'), filter: 'text' }, { id: 'sku', titleKey: F('sku'), filter: 'text' }]

const TOOLBAR = [
  'outbound.order.create', 'outbound.order.validate', 'outbound.order.shippingMethod', 'outbound.order.merge', 'outbound.order.lock', 'outbound.order.unlock',
  'outbound.order.stop', 'outbound.order.terminate', 'outbound.order.void', 'outbound.order.refreshLock', 'outbound.order.split', 'outbound.order.switchWarehouse',
  'outbound.wave.create', 'outbound.order.status', 'outbound.order.import',
]

export default function OutboundOrdersPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(OUTBOUND_ORDER_PATH, { replace: true })
  const statusIds = idsParam(search.get('status'), MAX_BULK_OUTBOUND)
  const shippingIds = idsParam(search.get('shipping'), MAX_BULK_OUTBOUND)
  return (
    <div className="flex flex-col" data-testid="outbound-orders">
      <h2 className="text-base font-semibold">{t('outbound:order.title')}</h2>
      <DataGrid<OutboundOrderRecord>
        gridId={OUTBOUND_GRID_ID} titleKey="outbound:order.title" columns={outboundColumns} filterColumns={filterColumns} fetcher={fetchOutboundOrders}
        defaultSort="createdAt:desc" exportUrl={OUTBOUND_ORDER_API.export} exportPermission={OUTBOUND_ORDER_PERMISSIONS.export}
        onOpen={(r) => navigate(outboundOrderDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="outbound:order.title" />}
      />
      {search.get('form') === 'new' && <OutboundOrderForm onClose={close} onSaved={(r) => navigate(outboundOrderDetailsPath(r.orderNo))} />}
      {statusIds.length > 0 && <OutboundStatusDialog key={statusIds.join(',')} ids={statusIds} onClose={close} />}
      {shippingIds.length > 0 && <ShippingMethodDialog key={shippingIds.join(',')} ids={shippingIds} onClose={close} />}
      {search.get('import') === '1' && (
        <ImportDialog onClose={close} custom={{
          titleKey: 'outbound:orderImport.title', template: OUTBOUND_ORDER_API.template, dryRun: OUTBOUND_ORDER_API.dryRun, commandId: 'outbound.order.import',
          doneKey: 'outbound-ui:import.done', gridId: OUTBOUND_GRID_ID, testId: 'outbound-order-import', columnKey: (f) => `outbound:orderImport.fields.${f}`,
        }} />
      )}
    </div>
  )
}
