// Other inbound (stock-in → other-inbound): inbound orders of type Other — found stock, a sample back, a
// correction — in the DataGrid with their reason (the inbound order list's columns and filters, and the
// reason). New opens the inbound order form set to type Other with its reason (?form=new); the order is then
// submitted, issued, received and shelved by the inbound flow's own commands and stations. Enter opens the
// inbound order's details page.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid, type GridColumn } from '../../grid'
import { inboundOrderDetailsPath } from '../../../../commands/inbound-orders'
import { OTHER_INBOUND_PATH } from '../../../../commands/other-inout'
import { CommandButtons } from '../documents/CommandButtons'
import { orderColumns } from '../inbound/orders/InboundOrdersPage'
import { OrderFormDialog } from '../inbound/orders/OrderFormDialog'
import { usePageSearch } from '../kit'
import { fetchOtherInbound, GRID, IN_REASON_OPTIONS, type OtherInboundRecord } from './api'

const columns: GridColumn<OtherInboundRecord>[] = [
  ...(orderColumns as GridColumn<OtherInboundRecord>[]).filter((c) => c.id === 'orderNo'),
  { id: 'otherReason', titleKey: 'other-inout:fields.otherReason', width: 140, filter: 'enum', enumDict: IN_REASON_OPTIONS },
  ...(orderColumns as GridColumn<OtherInboundRecord>[]).filter((c) => c.id !== 'orderNo' && c.id !== 'inboundType' && c.id !== 'supplierName'),
]
const filterColumns: GridColumn<OtherInboundRecord>[] = [{ id: 'sku', titleKey: 'inbound:order.fields.sku', filter: 'text' }]
const TOOLBAR = ['inbound.other.create', 'inbound.order.submit', 'inbound.order.issue', 'inbound.order.abolish', 'inbound.order.finish', 'inbound.labels.print']

export default function OtherInboundPage() {
  const { t } = useTranslation()
  const search = new URLSearchParams(usePageSearch())
  const [, navigate] = useLocation()
  const close = () => navigate(OTHER_INBOUND_PATH, { replace: true })
  return (
    <div className="flex flex-col" data-testid="other-inbound">
      <h2 className="text-base font-semibold">{t('other-inout:otherInbound.title')}</h2>
      <p className="mb-1 text-xs text-gray-600">{t('other-inout:otherInbound.hint')}</p>
      <DataGrid<OtherInboundRecord>
        gridId={GRID.inbound} titleKey="other-inout:otherInbound.title" columns={columns} filterColumns={filterColumns} fetcher={fetchOtherInbound}
        defaultSort="createdAt:desc" onOpen={(r) => navigate(inboundOrderDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="other-inout:otherInbound.title" />}
      />
      {search.get('form') === 'new' && <OrderFormDialog other onClose={close} onSaved={(r) => navigate(inboundOrderDetailsPath(r.orderNo))} />}
    </div>
  )
}
