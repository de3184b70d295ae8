// Other outbound shipping (stock-out → other-ship): other outbound orders picked and awaiting their
// shipment, and those shipped. No parcel and no face sheet: the ship command is the confirmation (asked
// even for one order) — the picked goods' reservations are consumed through the ledger, on hand and locked
// falling together, and the order is shipped. Enter opens the order's details.
import { useTranslation } from 'react-i18next'
import { useLocation } from 'wouter'
import { DataGrid } from '../../grid'
import { outboundOrderDetailsPath } from '../../../../commands/outbound-orders'
import { CommandButtons } from '../documents/CommandButtons'
import { fetchOtherShip, GRID, type OtherOutboundRecord } from './api'
import { otherOutboundColumns } from './OtherOutboundPage'

const columns = otherOutboundColumns.filter((c) => c.id !== 'allocatedQty' && c.id !== 'remark')
const TOOLBAR = ['outbound.other.ship']

export default function OtherShipPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="other-ship">
      <h2 className="text-base font-semibold">{t('other-inout:otherShip.title')}</h2>
      <p className="mb-1 text-xs text-gray-600">{t('other-inout:otherShip.hint')}</p>
      <DataGrid<OtherOutboundRecord>
        gridId={GRID.ship} titleKey="other-inout:otherShip.title" columns={columns} fetcher={fetchOtherShip}
        defaultSort="createdAt:desc" onOpen={(r) => navigate(outboundOrderDetailsPath(r.orderNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="other-inout:otherShip.title" />}
      />
    </div>
  )
}
