// An order's face sheet (waybill) purchase, issue 13 §3 — the machine of the faceorder-manage grid's
// rows (one per order: `status` is the order's live purchase state, dict waybillState; `orderStatus`
// the order's own status). Spec sections 4, 5 and 8:
//   None 0 / Cancelled 5 → buy → Queued 1 → (worker: the carrier took it) Purchasing 2 → Bought 3
//                                                                            ↘ Failed 4
//   buy     only a picked order awaiting outbound (ReadyOut 2; not locked, stopped, terminated,
//           cancelled or shipped); never re-buy a bought face sheet ("Cannot re-buy purchased face
//           sheet"); not while the label is being purchased; after a failure the postage is cancelled
//           first ("add-order failed, cancel postage and buy again").
//   cancel  (cancel postage) a bought, failed or still queued face sheet, never once the order left.
//   print   only a bought face sheet ("must buy before printing").
// The server moves face_sheet.status only through this machine (src/server/areas/outbound/face-sheets.ts).
import { OutboundOrderStatus as OS, WaybillState as W } from '../dictionaries'
import { defineMachine, numOf, refuse, textOf, type Verdict } from './machine'

export interface FaceSheetFacts {
  orderNo: string
  /** The order's live face sheet state (WaybillState; None when it has none). */
  status: number
  /** The order's status; undefined when the row does not carry it (the server decides). */
  orderStatus: number | undefined
}

export const FACE_SHEET_ERRORS = {
  notPicked: 'outbound-label:errors.orderNotPicked',
  stopped: 'outbound-label:errors.orderStopped',
  closed: 'outbound-label:errors.orderClosed',
  rebuy: 'outbound-label:errors.cannotRebuy',
  purchasing: 'outbound-label:errors.labelBeingPurchased',
  failed: 'outbound-label:errors.addOrderFailed',
  mustBuy: 'outbound-label:errors.mustBuyBeforePrinting',
  nothingToCancel: 'outbound-label:errors.nothingToCancel',
  shipped: 'outbound-label:errors.orderShipped',
} as const

/** Order statuses whose goods are picked and wait to leave: the only ones that buy face sheets. */
export const BUYABLE_ORDER_STATUSES: readonly number[] = [OS.ReadyOut]
const SHIPPED: readonly number[] = [OS.PartTransport, OS.Over, OS.DeficiencyOver]

const p = (f: FaceSheetFacts) => ({ orderNo: f.orderNo, status: f.status })

function orderMayBuy(f: FaceSheetFacts): Verdict {
  const s = f.orderStatus
  if (s === undefined || BUYABLE_ORDER_STATUSES.includes(s)) return true
  if (s === OS.Draft || s === OS.Effective || s === OS.Merging) return refuse(FACE_SHEET_ERRORS.notPicked, { ...p(f), orderStatus: s })
  if (s === OS.AbnormalLock || s === OS.StopTransport) return refuse(FACE_SHEET_ERRORS.stopped, { ...p(f), orderStatus: s })
  return refuse(FACE_SHEET_ERRORS.closed, { ...p(f), orderStatus: s })
}

export const faceSheetMachine = defineMachine<FaceSheetFacts>({
  name: 'faceSheet',
  statuses: Object.values(W),
  commands: {
    'outbound.faceSheet.buy': (f) => {
      if (f.status === W.Bought) return refuse(FACE_SHEET_ERRORS.rebuy, p(f))
      if (f.status === W.Queued || f.status === W.Purchasing) return refuse(FACE_SHEET_ERRORS.purchasing, p(f))
      if (f.status === W.Failed) return refuse(FACE_SHEET_ERRORS.failed, p(f))
      return orderMayBuy(f)
    },
    'outbound.faceSheet.cancel': (f) => {
      if (f.status === W.Purchasing) return refuse(FACE_SHEET_ERRORS.purchasing, p(f))
      if (f.status !== W.Bought && f.status !== W.Failed && f.status !== W.Queued) return refuse(FACE_SHEET_ERRORS.nothingToCancel, p(f))
      if (f.orderStatus !== undefined && SHIPPED.includes(f.orderStatus)) return refuse(FACE_SHEET_ERRORS.shipped, { ...p(f), orderStatus: f.orderStatus })
      return true
    },
    'outbound.faceSheet.print': (f) => {
      if (f.status === W.Queued || f.status === W.Purchasing) return refuse(FACE_SHEET_ERRORS.purchasing, p(f))
      if (f.status !== W.Bought) return refuse(FACE_SHEET_ERRORS.mustBuy, p(f))
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.orderNo) return undefined
    return { orderNo: textOf(r.orderNo), status, orderStatus: numOf(r.orderStatus) }
  },
})
