// Client side of the sales outbound-order endpoints (src/server/areas/outbound/orders.ts,
// OUTBOUND_ORDER_API) and the shared bits of the list, details and dialogs: records, option lists.
import { api } from '../../../api/clients'
import type { EnumOption, GridQuery } from '../../../grid'
import { dictLabelKey } from '../../../../domain/dictionaries'
import { dictOptions } from '../../../resources/columns'
import { ORDER_PLATFORMS, OUTBOUND_ORDER_API, type BulkOutboundAction } from '../../../../../commands/outbound-orders'
import type { StatusPreview } from '../../documents/BulkStatusDialog'

export interface OutboundOrderRecord extends Record<string, unknown> {
  id: number; orderNo: string; sourceNo: string | null; orderType: number; status: number; platform: string
  siteId: number | null; siteName: string | null; shopId: number | null; shopName: string | null
  shippingMethod: string | null; carrierId: number | null; carrierName: string | null
  consigneeName: string; consigneePhone: string | null; country: string; state: string | null; city: string | null; postcode: string | null; address: string
  expectedDeliveryAt: string | null; expectedQty: number; allocatedQty: number; shortQty: number; pickedQty: number; actualQty: number; lineCount: number
  waveNo: string | null; mergeNo: string | null; associationNo: string | null; lockFromStatus: number | null; shipmentApproved: boolean
  abnormalReason: string | null; stopReason: string | null; remark: string | null; validatedAt: string | null; createdAt: string
}
export interface OutboundOrderLine {
  id: number; lineNo: number; skuId: number; skuCode: string; styleNo: string | null; colorName: string | null; sizeName: string | null
  platformCode: string | null; qty: number; allocatedQty: number; pickedQty: number; shippedQty: number
  /** Why a short line of a waiting order waits: its shop's stock allot quota is used up, or stock is missing. */
  waitingFor?: 'stock' | 'quota' | null
}
export interface OutboundReservation { id: number; lineNo: number; locationCode: string; skuCode: string; batchNo: string | null; qty: number }
export interface OutboundLedgerRow {
  id: number; createdAt: string; docType: string; docNo: string; docLine: number | null; locationCode: string; skuCode: string; batchNo: string | null
  deltaOnHand: number; deltaLocked: number; operatorName: string | null
  /** The reason's code and params (`stock:reason.<code>`), translated by ledger-labels. */
  reason: string | null; reasonParams: Record<string, string | number>
}
export interface OutboundHistoryRow { id: number; createdAt: string; commandId: string; username: string | null; summary: string | null; result: string; errorCode: string | null }
/** The pack step's facts (null until packed): spec section 3 "Packing". */
export interface OutboundPacking {
  materialCode: string | null; weightG: number | null; lengthMm: number | null; widthMm: number | null; heightMm: number | null
  parcelCount: number; packingListNo: string | null; boxCode: string | null; photoUrl: string | null; packedAt: string
}
export interface OutboundOrderDetail {
  packing: OutboundPacking | null
  order: OutboundOrderRecord; lines: OutboundOrderLine[]; reservations: OutboundReservation[]; ledger: OutboundLedgerRow[]; history: OutboundHistoryRow[]
}
export interface OutboundOptions {
  shops: { id: number; code: string; name: string; siteId: number | null }[]
  sites: { id: number; code: string; name: string }[]
  carriers: { id: number; code: string; name: string }[]
  shippingMethods: string[]
}

/** The list's grid id: its react-query key ['grid', id] (refreshed after every server command). */
export const OUTBOUND_GRID_ID = 'outbound-order'
/** The details query sits under ['grid', …] too, so a command run from anywhere refreshes it. */
export const outboundDetailKey = (orderNo: string) => ['grid', 'outbound-order-details', orderNo] as const

export const fetchOutboundOrders = (q: GridQuery, signal?: AbortSignal) =>
  api.get<{ records: OutboundOrderRecord[]; total: number }>(OUTBOUND_ORDER_API.list, q, { signal })
export const fetchOutboundOrder = (orderNo: string) => api.get<OutboundOrderDetail>(OUTBOUND_ORDER_API.detail(orderNo))
export const fetchOutboundOptions = () => api.get<OutboundOptions>(OUTBOUND_ORDER_API.options)
export const OPTIONS_KEY = ['outbound-order-options'] as const
export const outboundStatusPreview = (ids: readonly number[], action: BulkOutboundAction) =>
  api.get<StatusPreview>(OUTBOUND_ORDER_API.statusPreview, { ids: ids.join(','), action })

/** Label key of a platform: the marketplaces' dictionary, and the seller's own shops. */
export const platformLabelKey = (p: string) => (p === 'OWN' ? 'outbound-ui:platform.OWN' : dictLabelKey('platform', p))
export const PLATFORM_OPTIONS: EnumOption[] = ORDER_PLATFORMS.map((p) => ({ value: p, labelKey: platformLabelKey(p) }))
const asFilter = (code: string) => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const STATUS_OPTIONS = asFilter('outboundOrderStatus')
export const ORDER_TYPE_OPTIONS = asFilter('orderType')

/** The facts the order's status machine reads (src/domain/states/outbound-order.ts), and the merge's. */
export const machineFacts = (o: OutboundOrderRecord) => ({
  id: o.id, orderNo: o.orderNo, status: o.status, waveNo: o.waveNo, pickedQty: o.pickedQty, shipmentApproved: o.shipmentApproved,
  lockFromStatus: o.lockFromStatus, platform: o.platform, orderType: o.orderType, siteId: o.siteId, shippingMethod: o.shippingMethod,
})

/** Ids in a dialog's URL parameter (`?status=1,2`), the positive integers only, at most `max`. */
export const idsParam = (v: string | null, max: number) =>
  (v ?? '').split(',').map(Number).filter((n) => Number.isInteger(n) && n > 0).slice(0, max)
