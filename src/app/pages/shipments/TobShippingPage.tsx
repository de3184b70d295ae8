// ToB shipping (stock-out → ToB → shipping, component 'stock-out/tob-shipping'): the approved shipments — ready to
// ship (not shipped, partly shipped) first by default filter, shipped ones to mark in transit. Select rows (Space)
// and ship them (Alt+Shift+S, at most 30, the confirmation naming how many: box by box through the ledger; a sea or
// railway shipment only once every box is loaded in its container) or mark them in transit (Alt+Shift+D). Enter opens
// the shipment at the shipping desk (shipping/details?no=…).
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridQuery } from '../../grid'
import { CommandButtons } from '../documents/CommandButtons'
import { shippingDocPath } from '../../../../commands/shipments'
import { fetchShipments, type ShipmentRecord } from './api'
import { shipmentColumns } from './columns'

export const TOB_SHIPPING_GRID_ID = 'tob-shipping'
const TOOLBAR = ['shipments.ship', 'shipments.depart']
/** Approved shipments only; without a status filter, those with boxes left to ship or to mark in transit (NotShipped 0, Shipped 1, PartiallyShipped 3). */
const fetchApproved = (q: GridQuery) => fetchShipments({ ...q, approval: '1', status: q.status ?? ['0', '3', '1'] })

export default function TobShippingPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="tob-shipping">
      <h2 className="text-base font-semibold">{t('menu:title.tob-shipping')}</h2>
      <DataGrid<ShipmentRecord>
        gridId={TOB_SHIPPING_GRID_ID} titleKey="menu:title.tob-shipping" columns={shipmentColumns} fetcher={fetchApproved}
        defaultSort="id:desc" rowId={(r) => String(r.id)}
        onOpen={(r) => navigate(shippingDocPath(r.shipmentNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="menu:title.tob-shipping" />}
      />
    </div>
  )
}
