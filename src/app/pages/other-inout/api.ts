// Client side of the other inbound / outbound / pick / ship / defective lists (src/server/areas/other-inout)
// and their option lists.
import { api } from '../../api/clients'
import type { GridQuery } from '../../grid'
import { dictOptions } from '../../resources/columns'
import { OTHER_API } from '../../../../commands/other-inout'
import type { OrderRecord } from '../inbound/orders/api'
import type { OutboundOrderRecord } from '../outbound/orders/api'
import type { TaskRecord } from '../outbound/picking/api'

export type OtherInboundRecord = OrderRecord & { otherReason: string | null }
export type OtherOutboundRecord = OutboundOrderRecord & { otherReason: string; stockStatus: number }
export type OtherTaskRecord = TaskRecord & { otherReasons: string | null }
export interface DefectiveRecord extends Record<string, unknown> {
  id: number; skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string; locationId: number; locationCode: string
  areaCode: string; areaType: number; batchNo: string; stockStatus: number; onHand: number; locked: number; freeQty: number; updatedAt: string
}
type Page<R> = { records: R[]; total: number }

/** Grid ids: their react-query keys ['grid', id] (refreshed after every server command). */
export const GRID = { inbound: 'other-inbound', outbound: 'other-outbound', pick: 'other-pick', ship: 'other-ship', defective: 'defective-outbound' } as const

export const fetchOtherInbound = (q: GridQuery, signal?: AbortSignal) => api.get<Page<OtherInboundRecord>>(OTHER_API.inbound, q, { signal })
export const fetchOtherOutbound = (q: GridQuery, signal?: AbortSignal) => api.get<Page<OtherOutboundRecord>>(OTHER_API.outbound, q, { signal })
export const fetchOtherShip = (q: GridQuery, signal?: AbortSignal) => api.get<Page<OtherOutboundRecord>>(OTHER_API.ship, q, { signal })
export const fetchOtherTasks = (q: GridQuery, signal?: AbortSignal) => api.get<Page<OtherTaskRecord>>(OTHER_API.pickTasks, q, { signal })
export const fetchDefective = (q: GridQuery, signal?: AbortSignal) => api.get<Page<DefectiveRecord>>(OTHER_API.defective, q, { signal })

const asFilter = (code: string) => dictOptions(code).map((o) => ({ value: String(o.value), labelKey: o.labelKey }))
export const IN_REASON_OPTIONS = asFilter('otherInboundReason')
export const OUT_REASON_OPTIONS = asFilter('otherOutboundReason')
export const STOCK_STATUS_OPTIONS = asFilter('stockStatus')
export const YES_NO = [{ value: 'true', labelKey: 'common:yes' }, { value: 'false', labelKey: 'common:no' }]
