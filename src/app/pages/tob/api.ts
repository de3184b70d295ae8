// Client side of the ToB order screens (issue 21, part M): the ToB order list (GET /api/outbound/tob/orders,
// src/server/areas/tob), its record (the outbound order's, with the ToB fields), the ToB picking tasks and
// the cartons of an order. The retail order's columns, fetchers and option lists are reused, not copied.
import { api } from '../../api/clients'
import type { EnumOption, GridQuery } from '../../grid'
import { dictLabelKey } from '../../../domain/dictionaries'
import { BUSINESS_TYPES, DELIVERY_MODES, ORDER_SPLIT_BY, PRODUCT_NATURES } from '../../../domain/dictionaries'
import { TOB_UI_API } from '../../../../commands/tob-orders'
import type { OutboundOrderRecord } from '../outbound/orders/api'
import type { TaskRecord } from '../outbound/picking/api'

export interface TobOrderRecord extends OutboundOrderRecord {
  destinationWarehouse: string | null; expectedContainerNo: string | null; logisticsProvider: string | null; channel: string | null
  businessType: string | null; boxMark: string | null; deliveryMode: string | null; productNatures: string[] | null
  marketplaceQty: number | null; splitMethod: string | null; warehouseBrushed: boolean; notIssued?: boolean; timedOut?: boolean
}
export interface TobTaskRecord extends TaskRecord { expectedContainerNo?: string | null }

/** A carton of an order (GET TOB_UI_API.cartons): box i of n, its contents. */
export interface OrderCarton {
  id: number; boxCode: string; taskNo: string; seq: number; boxTotal: number | null; boxMark: string | null; mixed: boolean; status: number
  weightKg: number | null; lengthCm: number | null; widthCm: number | null; heightCm: number | null; volumeL: number | null
  items: { skuCode: string; batchNo: string | null; qty: number }[]
}

/** The ToB list's grid id (['grid', id] is refreshed after every server command). */
export const TOB_GRID_ID = 'tob-order'
export const TOB_TASK_GRID_ID = 'tob-picking-task'

export const fetchTobOrders = (q: GridQuery, signal?: AbortSignal) =>
  api.get<{ records: TobOrderRecord[]; total: number }>(TOB_UI_API.list, q, { signal })
export const fetchTobTasks = (q: GridQuery, signal?: AbortSignal) =>
  api.get<{ records: TobTaskRecord[]; total: number }>(TOB_UI_API.tasks, q, { signal })
export const fetchOrderCartons = (orderNo: string) => api.get<{ cartons: OrderCarton[] }>(TOB_UI_API.cartons(orderNo))

const opts = (dict: string, values: readonly string[]): EnumOption[] => values.map((v) => ({ value: v, labelKey: dictLabelKey(dict, v) }))
export const BUSINESS_TYPE_OPTIONS = opts('businessType', BUSINESS_TYPES)
export const DELIVERY_MODE_OPTIONS = opts('deliveryMode', DELIVERY_MODES)
export const PRODUCT_NATURE_OPTIONS = opts('productNature', PRODUCT_NATURES)
export const SPLIT_METHOD_OPTIONS = opts('orderSplitBy', ORDER_SPLIT_BY)
