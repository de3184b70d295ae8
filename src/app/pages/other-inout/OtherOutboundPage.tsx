// Other outbound (stock-out → other-outbound): outbound orders of type Other — scrap, internal use,
// defective, sample, return to supplier — with their reason and the stock status they take. New
// (?form=new) opens the other outbound form; validate allocates (only the stock status asked for),
// release makes the picking task (other-pick lists it, the picking station works it), void gives back what
// the order holds; each button disabled with the status machine's reason. Enter opens the order's details.
// Import (?import=1): an Excel sheet of other outbound orders (reason, stock status per order), checked by a dry
// run that names every bad row, then imported all or nothing (outbound.other.import).
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { formatTime } from '../../../domain/format'
import { outboundOrderDetailsPath } from '../../../../commands/outbound-orders'
import { OTHER_API, OTHER_OUTBOUND_PATH } from '../../../../commands/other-inout'
import { ImportDialog } from '../../resources/ImportDialog'
import { CommandButtons } from '../documents/CommandButtons'
import { STATUS_OPTIONS } from '../outbound/orders/api'
import { usePageSearch } from '../kit'
import { fetchOtherOutbound, GRID, OUT_REASON_OPTIONS, STOCK_STATUS_OPTIONS, type OtherOutboundRecord } from './api'
import { OtherOutboundForm } from './OtherOutboundForm'

const F = (f: string) => `other-inout:fields.${f}`
export const otherOutboundColumns: GridColumn<OtherOutboundRecord>[] = [
  { id: 'orderNo', titleKey: F('orderNo'), width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'status', titleKey: F('status'), width: 130, sortable: true, filter: 'enum', enumDict: STATUS_OPTIONS },
  { id: 'otherReason', titleKey: F('reason'), width: 150, filter: 'enum', enumDict: OUT_REASON_OPTIONS },
  { id: 'stockStatus', titleKey: F('stockStatus'), width: 110, filter: 'enum', enumDict: STOCK_STATUS_OPTIONS },
  { id: 'consigneeName', titleKey: F('consigneeName'), width: 140 },
  { id: 'lineCount', titleKey: F('lines'), width: 70, align: 'right' },
  { id: 'expectedQty', titleKey: F('expectedQty'), width: 80, sortable: true, align: 'right' },
  { id: 'allocatedQty', titleKey: F('allocatedQty'), width: 80, sortable: true, align: 'right' },
  { id: 'pickedQty', titleKey: F('pickedQty'), width: 70, align: 'right' },
  { id: 'actualQty', titleKey: F('actualQty'), width: 70, align: 'right' },
  { id: 'waveNo', titleKey: F('waveNo'), width: 130, filter: 'text' },
  { id: 'remark', titleKey: F('remark'), width: 180 },
  { id: 'shippedAt', titleKey: F('shippedAt'), width: 150, render: (r) => formatTime(r.shippedAt as string | null) },
  { id: 'createdAt', titleKey: F('createdAt'), width: 150, sortable: true, filter: 'dateRange', render: (r) => formatTime(r.createdAt as string) },
]
const filterColumns: GridColumn<OtherOutboundRecord>[] = [{ id: 'sku', titleKey: F('sku'), filter: 'text' }]
const TOOLBAR = ['outbound.other.create', 'outbound.other.validate', 'outbound.other.release', 'outbound.other.void', 'outbound.other.import']

export default function OtherOutboundPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(OTHER_OUTBOUND_PATH, { replace: true })
  return (
    <div className="flex flex-col" data-testid="other-outbound">
      <h2 className="text-base font-semibold">{t('other-inout:otherOutbound.title')}</h2>
      <DataGrid<OtherOutboundRecord>
        gridId={GRID.outbound} titleKey="other-inout:otherOutbound.title" columns={otherOutboundColumns} filterColumns={filterColumns} fetcher={fetchOtherOutbound}
        defaultSort="createdAt:desc" onOpen={(r) => navigate(outboundOrderDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="other-inout:otherOutbound.title" />}
      />
      {search.get('form') === 'new' && <OtherOutboundForm onClose={close} />}
      {search.get('import') === '1' && (
        <ImportDialog onClose={close} custom={{
          titleKey: 'other-inout:otherOutboundImport.title', template: OTHER_API.outboundTemplate, dryRun: OTHER_API.outboundDryRun, commandId: 'outbound.other.import',
          doneKey: 'other-inout:otherOutboundImport.done', gridId: GRID.outbound, testId: 'other-outbound-import', columnKey: (f) => `other-inout:otherOutboundImport.fields.${f}`,
        }} />
      )}
    </div>
  )
}
