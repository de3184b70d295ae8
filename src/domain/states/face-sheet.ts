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
import { defineMachine, numOf, refuseStatus, textOf, type Verdict } from './machine'

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
  failed: 'outbound-label:errors.buyAfterFailed',
  mustBuy: 'outbound-label:errors.mustBuyBeforePrinting',
  nothingToCancel: 'outbound-label:errors.nothingToCancel',
  shipped: 'outbound-label:errors.orderShipped',
} as const

/** Order statuses whose goods are picked and wait to leave: the only ones that buy face sheets. */
export const BUYABLE_ORDER_STATUSES: readonly number[] = [OS.ReadyOut]
const SHIPPED: readonly number[] = [OS.PartTransport, OS.Over, OS.DeficiencyOver]
/** Face sheet states each command is allowed from (the status refusals name them: machine.ts refuseStatus). */
export const FACE_SHEET_FROM = {
  buy: [W.None, W.Cancelled],
  cancel: [W.Queued, W.Bought, W.Failed],
  print: [W.Bought],
} as const satisfies Record<string, readonly number[]>
/** Order statuses whose postage may still be cancelled: every one but shipped. */
export const CANCELLABLE_ORDER_STATUSES: readonly number[] = Object.values(OS).filter((s) => !SHIPPED.includes(s))

const p = (f: FaceSheetFacts) => ({ orderNo: f.orderNo })
/** Refused by the face sheet's state (dict waybillState). */
const bySheet = (key: string, f: FaceSheetFacts, allowed: readonly number[]) => refuseStatus(key, 'waybillState', f.status, allowed, p(f))
/** Refused by the order's status (dict outboundOrderStatus): `current` is the order's. */
const byOrder = (key: string, f: FaceSheetFacts, orderStatus: number, allowed: readonly number[]) =>
  refuseStatus(key, 'outboundOrderStatus', orderStatus, allowed, { ...p(f), orderStatus, sheetStatus: f.status })

function orderMayBuy(f: FaceSheetFacts): Verdict {
  const s = f.orderStatus
  if (s === undefined || BUYABLE_ORDER_STATUSES.includes(s)) return true
  if (s === OS.Draft || s === OS.Effective || s === OS.Merging) return byOrder(FACE_SHEET_ERRORS.notPicked, f, s, BUYABLE_ORDER_STATUSES)
  if (s === OS.AbnormalLock || s === OS.StopTransport) return byOrder(FACE_SHEET_ERRORS.stopped, f, s, BUYABLE_ORDER_STATUSES)
  return byOrder(FACE_SHEET_ERRORS.closed, f, s, BUYABLE_ORDER_STATUSES)
}

export const faceSheetMachine = defineMachine<FaceSheetFacts>({
  name: 'faceSheet',
  statuses: Object.values(W),
  commands: {
    'outbound.faceSheet.buy': (f) => {
      if (f.status === W.Bought) return bySheet(FACE_SHEET_ERRORS.rebuy, f, FACE_SHEET_FROM.buy)
      if (f.status === W.Queued || f.status === W.Purchasing) return bySheet(FACE_SHEET_ERRORS.purchasing, f, FACE_SHEET_FROM.buy)
      if (f.status === W.Failed) return bySheet(FACE_SHEET_ERRORS.failed, f, FACE_SHEET_FROM.buy)
      return orderMayBuy(f)
    },
    'outbound.faceSheet.cancel': (f) => {
      if (f.status === W.Purchasing) return bySheet(FACE_SHEET_ERRORS.purchasing, f, FACE_SHEET_FROM.cancel)
      if (!(FACE_SHEET_FROM.cancel as readonly number[]).includes(f.status)) return bySheet(FACE_SHEET_ERRORS.nothingToCancel, f, FACE_SHEET_FROM.cancel)
      if (f.orderStatus !== undefined && SHIPPED.includes(f.orderStatus)) return byOrder(FACE_SHEET_ERRORS.shipped, f, f.orderStatus, CANCELLABLE_ORDER_STATUSES)
      return true
    },
    'outbound.faceSheet.print': (f) => {
      if (f.status === W.Queued || f.status === W.Purchasing) return bySheet(FACE_SHEET_ERRORS.purchasing, f, FACE_SHEET_FROM.print)
      if (!(FACE_SHEET_FROM.print as readonly number[]).includes(f.status)) return bySheet(FACE_SHEET_ERRORS.mustBuy, f, FACE_SHEET_FROM.print)
      return true
    },
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.orderNo) return undefined
    return { orderNo: textOf(r.orderNo), status, orderStatus: numOf(r.orderStatus) }
  },
})
