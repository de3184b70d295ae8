// Client side of the inbound-order endpoints (src/server/areas/inbound/orders.ts) and the shared bits
// of the list, details and dialogs: columns' option lists, the toolbar of the screen's commands.
import { api } from '../../../api/clients'
import type { GridQuery } from '../../../grid'
import { dictOptions } from '../../../resources/columns'
import { INBOUND_ORDER_API, type StatusVerdict } from '../../../../../commands/inbound-orders'

export interface OrderRecord extends Record<string, unknown> {
  id: number; orderNo: string; inboundType: number; otherReason?: string | null; status: number; inspectionMode: number; supplierId: number | null; supplierName: string | null
  sourceNo: string | null; batchNo: string | null; expectedArrival: string | null; boxCount: number | null; expectedQty: number; receivedQty: number
  receivedBoxes: number; remark: string | null; issuedAt: string | null; finishedAt: string | null; createdAt: string; timedOut: boolean
}
export interface OrderLine {
  id: number; lineNo: number; skuId: number; skuCode: string; styleNo: string | null; colorName: string | null; sizeName: string | null
  batchNo: string; expectedQty: number; receivedQty: number; passQty: number; failQty: number; shelvedQty: number
}
export interface OrderDetail { order: OrderRecord & { timeoutHours: number; next: number[] }; lines: OrderLine[] }
export interface ResolvedSku { skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string }
export interface SupplierOption { id: number; code: string; name: string }

/** The list's grid id: its react-query key ['grid', id] (refreshed after every server command). */
export const ORDER_GRID_ID = 'inbound-order'
/** The details query sits under ['grid', …] too, so a command run from anywhere refreshes it. */
export const detailKey = (orderNo: string) => ['grid', 'inbound-order-details', orderNo] as const

export const fetchOrders = (q: GridQuery, signal?: AbortSignal) => api.get<{ records: OrderRecord[]; total: number }>(INBOUND_ORDER_API.list, q, { signal })
export const fetchOrder = (orderNo: string) => api.get<OrderDetail>(INBOUND_ORDER_API.detail(orderNo))
/** The SKU a typed code names; refused (ApiError naming the code and `line`) when none or several. */
export const resolveCode = (code: string, line = 1) => api.get<ResolvedSku>(INBOUND_ORDER_API.resolve, { code, line }, { silent: true })
export const fetchSuppliers = () => api.get<SupplierOption[]>('/api/inbound/orders/suppliers')
export const statusPreview = (ids: readonly number[], status: number) =>
  api.get<{ rows: StatusVerdict[]; changes: number }>(INBOUND_ORDER_API.statusPreview, { ids: [...ids], status })

const asFilter = (code: string) => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const STATUS_OPTIONS = asFilter('inboundStatus')
export const TYPE_OPTIONS = asFilter('inboundType')
export const INSPECTION_OPTIONS = asFilter('inspectionMode')
