// The container screens' reads (src/server/areas/container-loading): the loading documents, one by number
// or by its container number (the station's first scan), and the ToB orders the allot-container screen lists.
import { api } from '../../api/clients'
import type { GridQuery } from '../../grid'
import { CONTAINER_API, type LoadTotals } from '../../../../commands/container-loading'

export interface LoadingRecord extends Record<string, unknown> {
  id: number; loadingNo: string; containerNo: string; containerSize: string; agl: boolean; status: number; sealNo: string | null
  capacityVolume: number; maxWeight: number; boxes: number; volume: number; weight: number
  createdByName: string | null; createdAt: string; closedAt: string | null; shippedAt: string | null
}
export interface LoadedBox {
  boxCode: string; status: number; weight: number; volume: number; orderNo: string | null; shipmentNo: string | null
  seq: number; boxTotal: number | null; loadedAt: string | null; loadedByName: string | null
}
export interface LoadingView {
  loadingNo: string; containerNo: string; containerSize: string; agl: boolean; sealNo: string | null; status: number; shippedAt: string | null
  remark: string | null; transportCode: string | null; createdAt: string | null; createdByName: string | null; loadedAt: string | null; closedAt: string | null
  closedByName: string | null; shippedByName: string | null; totals: LoadTotals; boxes: LoadedBox[]
  ledger: { id: number; reason: string | null; delta: number; locationCode: string; skuCode: string; batchNo: string }[]
}

export const fetchLoadings = (q: GridQuery) => api.get<{ records: LoadingRecord[]; total: number }>(CONTAINER_API.loadings, q)
export const fetchLoading = (no: string) => api.get<LoadingView>(CONTAINER_API.loading(no), undefined, { silent: true })
export const fetchByContainer = (containerNo: string) => api.get<LoadingView>(CONTAINER_API.byContainer(containerNo), undefined, { silent: true })

export interface AllotOrderRecord extends Record<string, unknown> {
  id: number; orderNo: string; status: number; expectedContainerNo: string | null; destinationWarehouse: string | null
  businessType: string | null; logisticsProvider: string | null; createdAt: string; boxes: number; loadedBoxes: number; loadedIn: string | null
}
export const fetchAllotOrders = (q: GridQuery) => api.get<{ records: AllotOrderRecord[]; total: number }>(CONTAINER_API.allotOrders, q)
