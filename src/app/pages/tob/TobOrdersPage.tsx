// ToB sales outbound orders (stock-out → ToB → sales-outbound → all-added-outbound): the ToB orders of the
// current warehouse+tenant (GET /api/outbound/tob/orders) in the DataGrid — the retail order list's columns
// (outboundColumns, reused) with the ToB ones: expected container number, destination warehouse, business
// type, channel, box mark, delivery mode, marketplace quantity, split method, brushed and the 15-day
// not-issued flag; filters by expected container, destination, business type and not issued. The
// toolbar's buttons are the order machine's commands (validate, refresh lock, merge, lock, stop, void,
// shipping method) and the ToB ones (batch assign picking, split method, edit, new, import), disabled with
// the machine's reason. Enter opens the ToB details. Dialogs are addressed by URL so the commands open
// them from the palette anywhere: ?assign=<ids> · ?splitMethod=<ids> · ?edit=<id> · ?import=1 · ?shipping=<ids>.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type EnumOption, type GridColumn } from '../../grid'
import { ImportDialog } from '../../resources/ImportDialog'
import { dictLabelKey } from '../../../domain/dictionaries'
import { MAX_BULK_OUTBOUND, OUTBOUND_ORDER_API } from '../../../../commands/outbound-orders'
import { TOB_ORDER_PATH, TOB_UI_API, tobDetailsPath } from '../../../../commands/tob-orders'
import { CommandButtons } from '../documents/CommandButtons'
import { idsParam } from '../outbound/orders/api'
import { outboundColumns } from '../outbound/orders/OutboundOrdersPage'
import { ShippingMethodDialog } from '../outbound/orders/ShippingMethodDialog'
import { usePageSearch } from '../kit'
import { BUSINESS_TYPE_OPTIONS, fetchTobOrders, SPLIT_METHOD_OPTIONS, TOB_GRID_ID, type TobOrderRecord } from './api'
import { AssignPickingDialog, SplitMethodDialog, TobEditDialog } from './TobDialogs'

const T = (f: string) => `tob:fields.${f}`
const YES_NO: EnumOption[] = [{ value: 'true', labelKey: 'common:yes' }, { value: 'false', labelKey: 'common:no' }]

/** A red "not issued" flag (15 days: the outbound settings' notIssuedDays), a dash when off. */
export function NotIssuedFlag({ on }: { on: boolean }) {
  const { t } = useTranslation()
  return on
    ? <span className="rounded bg-red-100 px-2 text-xs font-semibold text-red-800" data-testid="tob-not-issued">{t('tob-ui:list.notIssued')}</span>
    : <span className="text-gray-500">—</span>
}

const pick = (ids: string[]) => ids.map((id) => outboundColumns.find((c) => c.id === id)!).filter(Boolean) as unknown as GridColumn<TobOrderRecord>[]
const dictCell = (dict: string, v: string | null, t: (k: string) => string) => (v ? t(dictLabelKey(dict, v)) : '—')

export function tobColumns(t: (k: string) => string): GridColumn<TobOrderRecord>[] {
  return [
    ...pick(['orderNo', 'status', 'platform', 'sourceNo']),
    { id: 'expectedContainerNo', titleKey: T('expectedContainerNo'), width: 140, filter: 'text', render: (r) => <span className="font-mono">{r.expectedContainerNo ?? '—'}</span> },
    { id: 'destinationWarehouse', titleKey: T('destinationWarehouse'), width: 140, filter: 'text' },
    { id: 'businessType', titleKey: T('businessType'), width: 100, filter: 'enum', enumDict: BUSINESS_TYPE_OPTIONS, render: (r) => dictCell('businessType', r.businessType, t) },
    { id: 'channel', titleKey: T('channel'), width: 100 },
    { id: 'boxMark', titleKey: T('boxMark'), width: 120 },
    { id: 'deliveryMode', titleKey: T('deliveryMode'), width: 110, render: (r) => dictCell('deliveryMode', r.deliveryMode, t) },
    { id: 'notIssued', titleKey: 'tob-ui:list.notIssuedColumn', width: 100, filter: 'enum', enumDict: YES_NO, render: (r) => <NotIssuedFlag on={!!r.notIssued} /> },
    ...pick(['expectedQty', 'allocatedQty', 'pickedQty']),
    { id: 'marketplaceQty', titleKey: T('marketplaceQty'), width: 90, align: 'right' },
    { id: 'splitMethod', titleKey: T('splitMethod'), width: 100, enumDict: SPLIT_METHOD_OPTIONS, render: (r) => dictCell('orderSplitBy', r.splitMethod, t) },
    { id: 'warehouseBrushed', titleKey: 'tob-ui:list.brushed', width: 80, render: (r) => t(r.warehouseBrushed ? 'common:yes' : 'common:no') },
    ...pick(['shippingMethod', 'waveNo', 'mergeNo', 'siteName', 'shopName', 'expectedDeliveryAt', 'createdAt']),
  ]
}

const TOOLBAR = [
  'outbound.tob.create', 'outbound.order.validate', 'outbound.order.refreshLock', 'outbound.tob.assignPicking', 'outbound.tob.splitMethod', 'outbound.tob.update',
  'outbound.order.merge', 'outbound.order.shippingMethod', 'outbound.order.split', 'outbound.order.lock', 'outbound.order.unlock', 'outbound.order.stop',
  'outbound.order.void', 'outbound.tob.import',
]

export default function TobOrdersPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(TOB_ORDER_PATH, { replace: true })
  const assignIds = idsParam(search.get('assign'), MAX_BULK_OUTBOUND)
  const splitIds = idsParam(search.get('splitMethod'), MAX_BULK_OUTBOUND)
  const shippingIds = idsParam(search.get('shipping'), MAX_BULK_OUTBOUND)
  const [editId] = idsParam(search.get('edit'), 1)
  return (
    <div className="flex flex-col" data-testid="tob-orders">
      <h2 className="text-base font-semibold">{t('tob-ui:list.title')}</h2>
      <DataGrid<TobOrderRecord>
        gridId={TOB_GRID_ID} titleKey="tob-ui:list.title" columns={tobColumns(t)} fetcher={fetchTobOrders}
        defaultSort="createdAt:desc"
        onOpen={(r) => navigate(tobDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="tob-ui:list.title" />}
      />
      {assignIds.length > 0 && <AssignPickingDialog key={assignIds.join(',')} ids={assignIds} onClose={close} />}
      {splitIds.length > 0 && <SplitMethodDialog key={splitIds.join(',')} ids={splitIds} onClose={close} />}
      {editId !== undefined && <TobEditDialog key={editId} id={editId} onClose={close} />}
      {shippingIds.length > 0 && <ShippingMethodDialog key={shippingIds.join(',')} ids={shippingIds} onClose={close} />}
      {search.get('import') === '1' && (
        <ImportDialog onClose={close} custom={{
          titleKey: 'tob-ui:import.title', template: OUTBOUND_ORDER_API.template, dryRun: TOB_UI_API.importDryRun, commandId: 'outbound.order.import',
          doneKey: 'outbound-ui:import.done', gridId: TOB_GRID_ID, testId: 'tob-order-import', columnKey: (f) => `outbound:orderImport.fields.${f}`,
        }} />
      )}
    </div>
  )
}

