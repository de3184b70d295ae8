// The transfer screens' reads (src/server/areas/transfers): the order list, one order by number, the goods
// in transit, the warehouses a transfer may go to (with the once-outbound configuration that applies).
import { api } from '../../api/clients'
import type { GridQuery } from '../../grid'
import { TRANSFER_API } from '../../../../commands/transfers'

export interface TransferRecord extends Record<string, unknown> {
  id: number; transferNo: string; status: number; toWarehouseId: number; toWarehouseName: string | null; qty: number; lines: number
  shippedQty: number; shippedBoxes: number; packingTaskNo: string | null; inboundOrderNo: string | null; expectedArrival: string | null
  source: string; createdAt: string; shippedAt: string | null
}
export interface TransitRow { transferNo: string; status: number; fromWarehouseId: number; toWarehouseId: number; inboundOrderNo: string | null; skuCode: string; shipped: number; received: number; inTransit: number }
export interface TransferView {
  id: number; transferNo: string; status: number; source: string
  fromWarehouse: { id: number; code: string; name: string }; toWarehouse: { id: number; code: string; name: string }
  expectedArrival: string | null; boxMark: string | null; remark: string | null; packingTaskNo: string | null; inboundOrderNo: string | null
  inbound: { orderNo: string; status: number; expectedQty: number; receivedQty: number; receivedBoxes: number } | null
  shippedQty: number; shippedBoxes: number; releasedQty: number; createdAt: string; shippedAt: string | null
  lines: { lineNo: number; skuCode: string; batchNo: string; qty: number; reserved: number; shippedQty: number; received: number; inTransit: number }[]
  boxes: { boxCode: string; seq: number; status: number; units: number; weight: number | null; volume: number | null; boxNo: number | null; boxLabel: string | null; received: number }[]
  inTransit: { skuCode: string; shipped: number; received: number; inTransit: number }[]
  ledger: { id: number; createdAt: string; warehouseId: number; docType: string; docNo: string; docLine: number | null; reason: string | null; reasonParams: Record<string, string | number>; deltaOnHand: number; deltaLocked: number; locationCode: string; skuCode: string }[]
}
export interface Destination { id: number; code: string; name: string; config: { allowShort: boolean; autoIssueInbound: boolean; name: string | null } }

export const fetchTransfers = (q: GridQuery) => api.get<{ records: TransferRecord[]; total: number }>(TRANSFER_API.orders, q)
export const fetchTransfer = (no: string) => api.get<TransferView>(TRANSFER_API.order(no), undefined, { silent: true })
export const fetchInTransit = () => api.get<{ rows: TransitRow[]; total: number }>(TRANSFER_API.inTransit)
export const fetchDestinations = () => api.get<Destination[]>(TRANSFER_API.warehouses)
