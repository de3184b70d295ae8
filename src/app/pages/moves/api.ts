// The move screens' reads (src/server/areas/moves): the order list, one order by number, the transfer warnings.
import { api } from '../../api/clients'
import type { GridQuery } from '../../grid'
import { MOVE_API } from '../../../../commands/moves'

export interface MoveOrderRecord extends Record<string, unknown> {
  id: number; moveNo: string; status: number; source: string; lineCount: number; totalQty: number; remark: string | null
  createdByName: string | null; createdAt: string; completedByName: string | null; completedAt: string | null
}
export interface MoveLineView {
  lineNo: number; fromLocationCode: string; toLocationCode: string; skuCode: string; batchNo: string; stockStatus: number; qty: number
  moveReserved: boolean; movedQty: number; reservedMoved: number; fromBalanceId: number | null; toBalanceId: number | null
  movedByName: string | null; movedAt: string | null
}
export interface MoveOrderView {
  order: {
    moveNo: string; status: number; source: string; remark: string | null; lineCount: number; totalQty: number
    createdByName: string | null; createdAt: string | null; completedByName: string | null; completedAt: string | null; cancelledAt: string | null
  }
  lines: MoveLineView[]
}
export interface TransferWarningRecord extends Record<string, unknown> {
  id: string; kind: 'shortage' | 'wrongArea' | 'disabledLocation'; skuCode: string; locationCode: string; areaCode: string; areaType: number
  stockStatus: number; batchNo: string; onHand: number; reserved: number; demand: number | null; pickFaceFree: number | null
  qty: number; toLocationCode: string | null
}

export const fetchMoveOrders = (q: GridQuery) => api.get<{ records: MoveOrderRecord[]; total: number }>(MOVE_API.orders, q)
export const fetchMoveOrder = (no: string) => api.get<MoveOrderView>(MOVE_API.order(no), undefined, { silent: true })
export const fetchWarnings = (q: GridQuery) => {
  const { kind, skuCode, locationCode } = q as Record<string, unknown>
  return api.get<{ records: TransferWarningRecord[]; total: number }>(MOVE_API.warnings, { kind, skuCode, locationCode })
}
