// ToB shipping details (component 'stock-out/tob-shipping-details', ?no=FY…): one shipment at the shipping desk — its
// boxes (loaded? shipped?) and orders, ship (box by box through the ledger) and mark in transit.
import { ShipmentDoc } from './ShipmentDoc'
import { shippingDocPath } from '../../../../commands/shipments'

export default function TobShippingDetailsPage() {
  return <ShipmentDoc mode="shipping" pathOf={shippingDocPath} testId="shipping-doc" />
}
