// Client side of the review, packing, shipping and return-to-shelf endpoints (src/server/areas/outbound/
// shipping.ts, SHIPPING_API): records and quiet fetchers (each station says what went wrong itself).
import { api } from '../../../api/clients'
import { SHIPPING_API, type ReviewView } from '../../../../../commands/outbound-shipping'

export interface PackageMaterial { id: number; code: string; name: string; materialType: string; lengthMm: number | null; widthMm: number | null; heightMm: number | null; weightG: number | null; stockQty: number }
export interface HandoverRecord { id: number; handoverNo: string; carrier: string; status: number; parcelCount: number; qty: number; createdAt: string; closedAt: string | null }
export interface ReturnTaskRecord { id: number; taskNo: string; orderNo: string; status: number; qty: number; returnedQty: number; claimedBy: number | null; createdAt: string; completedAt: string | null }
export interface ReturnTaskView {
  task: ReturnTaskRecord
  lines: { id: number; skuCode: string; fromLocation: string; batchNo: string; qty: number; returnedQty: number }[]
  next: { lineId: number; skuCode: string; fromLocation: string; remaining: number } | null
}
type Page<R> = { records: R[]; total: number }

export const fetchMaterials = () => api.get<PackageMaterial[]>(SHIPPING_API.materials, undefined, { silent: true })
export const fetchReview = (orderNo: string) => api.get<ReviewView>(SHIPPING_API.review(orderNo), undefined, { silent: true })
export const fetchHandovers = () => api.get<Page<HandoverRecord>>(SHIPPING_API.handovers, { page: 1, size: 20 }, { silent: true })
export const fetchReturnTasks = () => api.get<Page<ReturnTaskRecord>>(SHIPPING_API.returnTasks, { page: 1, size: 50 }, { silent: true })
export const fetchReturnTask = (taskNo: string) => api.get<ReturnTaskView>(SHIPPING_API.returnTask(taskNo), undefined, { silent: true })

/** The facts the outbound order's machine reads, from the review view (the station's document). */
export const reviewFacts = (v: ReviewView, userId: number | null) => ({
  id: v.id, orderNo: v.orderNo, status: v.status, packingStatus: v.packingStatus, faceSheetStatus: v.faceSheetStatus, reviewBy: v.packingStatus === 2 ? userId : null,
})
