// Shipment details (stock-out → ToB → ship-management → shipment-details, component 'stock-out/shipment-details'):
// every shipment (FY…) with its status, approval, container, boxes (loaded, shipped), weight, volume and the spec's
// fields. Enter on a row opens its orders and boxes (shipment-details/outbound-details?no=…). Toolbar: generate
// (from the selected/typed ToB orders), edit (Alt+Shift+E), approve (Alt+Shift+A), withdraw approval, terminate; the
// grid's export (shipment-details:export) takes the filter or the selected rows (at most 50).
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { DataGrid } from '../../grid'
import { CommandButtons } from '../documents/CommandButtons'
import { SHIPMENT_API, SHIPMENT_PERMISSIONS, shipmentDocPath } from '../../../../commands/shipments'
import { fetchShipments, type ShipmentRecord } from './api'
import { shipmentColumns } from './columns'

export const SHIPMENT_GRID_ID = 'shipments'
const TOOLBAR = ['shipments.generate', 'shipments.edit', 'shipments.approve', 'shipments.unapprove', 'shipments.terminate']

export default function ShipmentListPage() {
  const { t } = useTranslation()
  const [, navigate] = useLocation()
  return (
    <div className="flex flex-col" data-testid="shipment-list">
      <h2 className="text-base font-semibold">{t('menu:title.shipment-details')}</h2>
      <DataGrid<ShipmentRecord>
        gridId={SHIPMENT_GRID_ID} titleKey="menu:title.shipment-details" columns={shipmentColumns} fetcher={fetchShipments}
        defaultSort="id:desc" rowId={(r) => String(r.id)} exportUrl={SHIPMENT_API.export} exportPermission={SHIPMENT_PERMISSIONS.export}
        onOpen={(r) => navigate(shipmentDocPath(r.shipmentNo))}
        toolbar={<CommandButtons ids={TOOLBAR} label="menu:title.shipment-details" />}
      />
    </div>
  )
}
