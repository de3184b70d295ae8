// Shipment details → outbound details (component 'stock-out/outbound-details', ?no=FY…): the orders and boxes of one
// shipment, its fields (edit: Alt+Shift+E or ?form=edit), approve / withdraw / terminate. The palette's FY jump opens it.
import { ShipmentDoc } from './ShipmentDoc'
import { shipmentDocPath } from '../../../../commands/shipments'

export default function ShipmentOutboundDetailsPage() {
  return <ShipmentDoc mode="details" pathOf={shipmentDocPath} testId="shipment-doc" />
}
