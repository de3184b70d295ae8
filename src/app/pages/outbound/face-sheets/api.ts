// Client side of the faceorder-manage list (src/server/areas/outbound/face-sheets.ts, FACE_SHEET_API):
// the record the grid shows (one per picked order: `status` is its face sheet state, the facts the face
// sheet machine reads), the fetcher and the filter options.
import { api } from '../../../api/clients'
import type { EnumOption, GridQuery } from '../../../grid'
import { dictOptions } from '../../../resources/columns'
import { FACE_SHEET_API } from '../../../../../commands/outbound-face-sheets'
import { WaybillState } from '../../../../domain/dictionaries'

export interface FaceSheetRecord extends Record<string, unknown> {
  id: number; orderNo: string; orderStatus: number; platform: string; shippingMethod: string | null; carrierId: number | null; carrierCode: string | null
  consigneeName: string | null; consigneePhone: string | null; country: string | null; expectedQty: number; pickedQty: number
  status: number; faceSheetStatus: number; parcelCount: number; boughtParcels: number; trackingNo: string | null; weightG: number | null; errorKey: string | null
  progress: number | null; printedCount: number | null; requestedAt: string | null; boughtAt: string | null; pickedAt: string | null
}

export const FACE_SHEET_GRID_ID = 'faceorder-manage'

type Page<R> = { records: R[]; total: number }
export const fetchFaceSheets = (q: GridQuery, signal?: AbortSignal) => api.get<Page<FaceSheetRecord>>(FACE_SHEET_API.list, q, { signal })

/** A purchase still at the carrier: the page refreshes while one is shown. */
export const inFlight = (r: FaceSheetRecord) => r.status === WaybillState.Queued || r.status === WaybillState.Purchasing

const asFilter = (code: string): EnumOption[] => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const WAYBILL_STATE_OPTIONS = asFilter('waybillState')
export const FACE_SHEET_STATUS_OPTIONS = asFilter('faceSheetStatus')
export const ORDER_STATUS_OPTIONS = asFilter('outboundOrderStatus')
