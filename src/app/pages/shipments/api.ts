// The shipment screens' reads (src/server/areas/shipments): the shipment list and one shipment by number.
import { api } from '../../api/clients'
import type { GridQuery } from '../../grid'
import { SHIPMENT_API } from '../../../../commands/shipments'

export interface ShipmentRecord extends Record<string, unknown> {
  id: number; shipmentNo: string; status: number; approval: number; businessType: string; channel: string | null; destinationWarehouse: string | null
  containerNo: string | null; port: string | null; shippingMethod: string | null; forwarder: string | null; billOfLading: string | null; sealNo: string | null
  trackingNo: string | null; departureAt: string | null; arrivalAt: string | null; boxCount: number; shippedBoxes: number; loadedBoxes: number
  grossWeight: string | number; volume: string | number; orders: number; createdAt: string; shippedAt: string | null
}
export interface ShipmentView {
  shipment: {
    shipmentNo: string; status: number; approval: number; businessType: string; channel: string | null; destinationWarehouse: string | null
    containerNo: string | null; port: string | null; shippingMethod: string | null; forwarder: string | null; billOfLading: string | null; sealNo: string | null
    trackingNo: string | null; departureAt: string | null; arrivalAt: string | null; boxCount: number; grossWeight: number; volume: number; shippedBoxes: number
    approvedAt: string | null; shippedAt: string | null; createdAt: string
  }
  orders: { orderNo: string; status: number; expectedQty: number; actualQty: number; expectedContainerNo: string | null; destinationWarehouse: string | null; shipmentApproved: boolean; boxMark: string | null; boxes: number; shippedBoxes: number }[]
  boxes: { seq: number; boxCode: string; orderNo: string | null; boxSeq: number; boxTotal: number | null; boxMark: string | null; status: number; weight: number | null; volume: number | null; units: number; locationCode: string; loadingNo: string | null; loaded: boolean; shippedAt: string | null }[]
  ledger: { id: number; reason: string | null; boxCode: string | null; deltaOnHand: number; deltaLocked: number; locationCode: string; skuCode: string; batchNo: string }[]
}

export const fetchShipments = (q: GridQuery) => api.get<{ records: ShipmentRecord[]; total: number }>(SHIPMENT_API.list, q)
export const fetchShipment = (no: string) => api.get<ShipmentView>(SHIPMENT_API.shipment(no), undefined, { silent: true })
