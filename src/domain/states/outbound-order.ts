// The outbound (sales) order's status machine (issues 12, 13; codes and labels of spec section 4, aligned
// in issue 18 — the README's "Outbound order statuses" table says which command produces which code):
//   Draft 0 → validate (allocation reserves stock) → Effective 1 "in force" when anything is reserved
//   (a partial allocation keeps its shortage; refresh inventory lock tries again), else Approve 6
//   "validated": checked, nothing reserved here, waiting for stock — validate again allocates; an
//   order picked short for good with nothing picked returns there too.
//   [wave: wave_no set] → ReadyOut 2 "awaiting outbound" (every line picked: the spec's "picked")
//   → review, pack, ship → Over 4 "shipped" (every expected unit), or DeficiencyOver 5 "completed"
//   (shipped short: a line picked short for good). PartTransport 3 "partially shipped" is not produced
//   by ToC orders (one shipping scan ships the order).
//   Draft/Effective/Validated → Cancel 9 "voided" (void: releases exactly what was reserved; not once in
//   a wave) — the spec's "invalidated" of the switch-warehouse rule.
//   Draft/Effective/Validated/ReadyOut → AbnormalLock 7 (lock: reservations kept, no wave takes it) →
//   unlock returns to the status it came from (lock_from_status).
//   Draft/Effective/Validated/ReadyOut/AbnormalLock → StopTransport 8 "terminated" (stop, "intercept":
//   before picking it releases the reservations and takes the order out of its picking task; after
//   picking the goods go back through a return-to-shelf task).
//   Effective/Validated/AbnormalLock with nothing picked → StopTransport 8 "terminated" (terminate:
//   closed for good, releasing what is reserved; once something is picked, stop/intercept instead).
//   Effective (no wave) ×2..30 → Merging 10 (merge: the merged-from orders; the merged order is a new
//   order in force carrying merge_no). Deal 11 is not produced.
// Spec section 4's specific rules: switching warehouse only in draft, validated (Validated 6, and in
// force 1: validated with stock reserved here — given back here, allocated again there), invalidated
// (Cancel 9) or terminated (StopTransport 8); choosing a shipping method only in draft or effective and
// never once the shipment is approved; refresh inventory lock only when effective with no wave number.
// Section 4/5: merge only effective orders sharing platform, order type, site and shipping method (and
// consignee), at least 2 and at most 30.
// Issue 13 (review, packing, shipping): review starts only on a picked order (ReadyOut 2) — a terminated
// one (StopTransport, Cancel) "outbound terminated, no review, handle exception", one not fully picked
// "order has unpicked items, scanning blocked" — that nobody else reviews ("review in progress, no
// duplicate"; packing InPacking 2 with review_by) and, when it was picked short for good, at the
// exception station only ("exception location requires review there"). Reviewed and packed (packing
// Completed 3) with its face sheet bought, the shipping scan takes it to Over 4 (or DeficiencyOver 5);
// cancelling that shipment asks to confirm (section 4) and brings it back to ReadyOut. Stop after
// picking ("intercept") is allowed until shipped: the goods go back through a return-to-shelf task.
// The server moves outbound_order.status only through this machine; the browser asks it too.
import { FaceSheetStatus, OutboundOrderStatus, PackingStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Actor, type Refusal, type Verdict } from './machine'

const S = OutboundOrderStatus
/** The dictionary of the order's status labels. */
const STATUS_DICT = 'outboundOrderStatus'
const PK = PackingStatus

export interface OutboundOrderFacts {
  orderNo: string
  status: number
  /** Wave number once the order is in a wave ('' or null: none). */
  waveNo: string | null
  pickedQty: number
  shipmentApproved: boolean
  /** The status an abnormal lock came from. */
  lockFromStatus: number | null
  /** Issue 13: packing (dict packingStatus, ToBePacked 1 when absent), face sheet (dict faceSheetStatus), who reviews it now. */
  packingStatus?: number
  faceSheetStatus?: number
  reviewBy?: number | null
  /** Picked short for good (an exception resolved with less than its shortage): reviewed at the exception station only. */
  exception?: boolean
  /** dict orderType (ToB 1, ToC 2, Other 3); absent: a sales order. Issue 20: an other outbound ships by confirmation (other-ship). */
  orderType?: number
}

const params = (o: OutboundOrderFacts, extra: Record<string, unknown> = {}) => ({ orderNo: o.orderNo, status: o.status, ...extra })
const inWave = (o: OutboundOrderFacts) => !!o.waveNo
/** Allowed only from these statuses, else the status refusal naming the order's status and these (machine.ts refuseStatus). */
const only = (statuses: readonly number[], key: string) => (o: OutboundOrderFacts): Verdict =>
  statuses.includes(o.status) ? true : refuseStatus(key, STATUS_DICT, o.status, statuses, params(o))

/** Statuses a given command may start from (the contract test walks every status against these). */
export const OUTBOUND_FROM = {
  validate: [S.Draft, S.Approve],
  void: [S.Draft, S.Effective, S.Approve],
  lock: [S.Draft, S.Effective, S.Approve, S.ReadyOut],
  unlock: [S.AbnormalLock],
  stop: [S.Draft, S.Effective, S.Approve, S.ReadyOut, S.AbnormalLock],
  terminate: [S.Effective, S.Approve, S.AbnormalLock],
  shippingMethod: [S.Draft, S.Effective],
  refreshLock: [S.Effective],
  merge: [S.Effective],
  switchWarehouse: [S.Draft, S.Approve, S.Effective, S.Cancel, S.StopTransport],
  split: [S.Draft, S.Effective],
  wave: [S.Effective],
  cancelShipment: [S.Over, S.DeficiencyOver],
  /** Review (start, scan, pack) and the shipping scan: picked orders awaiting outbound. */
  review: [S.ReadyOut],
  ship: [S.ReadyOut],
} as const satisfies Record<string, readonly number[]>

/** Where validate (and every later allocation) leaves a validated order: in force when it holds stock here, else validated, waiting for stock. */
export const validatedStatus = (allocatedQty: number): number => (allocatedQty > 0 ? S.Effective : S.Approve)
/** Shipped: every expected unit (Over 4), or short (DeficiencyOver 5, "completed"). */
export const SHIPPED_STATUSES: readonly number[] = [S.Over, S.DeficiencyOver]
export const shippedStatus = (shippedQty: number, expectedQty: number): number => (shippedQty < expectedQty ? S.DeficiencyOver : S.Over)

const TERMINATED: readonly number[] = [S.StopTransport, S.Cancel]
/** Other outbound (dict orderType Other 3, issue 20): no parcel, no face sheet — picked goods leave by a ship confirmation. */
const OTHER_TYPE = 3
const isOther = (o: OutboundOrderFacts) => o.orderType === OTHER_TYPE
const otherOnly = (o: OutboundOrderFacts): Verdict => (isOther(o) ? true : refuse('other-inout:errors.notOther', params(o)))
const packingOf = (o: OutboundOrderFacts) => o.packingStatus ?? PK.ToBePacked
/** May this station start (or resume) reviewing the order? Spec section 8's review refusals, in this order. */
function reviewStart(o: OutboundOrderFacts, a: Actor, exceptionStation: boolean): Verdict {
  const from = OUTBOUND_FROM.review
  if (TERMINATED.includes(o.status)) return refuseStatus('outbound:review.errors.terminated', STATUS_DICT, o.status, from, params(o))
  if (o.status === S.Draft || o.status === S.Effective) return refuseStatus('outbound:review.errors.unpicked', STATUS_DICT, o.status, from, params(o))
  if (!(from as readonly number[]).includes(o.status)) return refuseStatus('outbound:review.errors.status', STATUS_DICT, o.status, from, params(o))
  if (packingOf(o) === PK.Completed) return refuse('outbound:review.errors.packed', params(o))
  if (packingOf(o) === PK.InPacking && o.reviewBy != null && o.reviewBy !== a.userId) return refuse('outbound:review.errors.inProgress', params(o))
  if (o.exception && !exceptionStation) return refuse('outbound:review.errors.exceptionLocation', params(o))
  return true
}
/** Scanning items and packing: the order this operator is reviewing. */
function reviewing(o: OutboundOrderFacts, a: Actor): Verdict {
  if (TERMINATED.includes(o.status)) return refuseStatus('outbound:review.errors.terminated', STATUS_DICT, o.status, OUTBOUND_FROM.review, params(o))
  if (o.status !== S.ReadyOut || packingOf(o) !== PK.InPacking) return refuse('outbound:review.errors.notInReview', params(o))
  return o.reviewBy === a.userId ? true : refuse('outbound:review.errors.inProgress', params(o))
}
const notInWave = (o: OutboundOrderFacts, key = 'outbound:order.errors.inWave'): Verdict => (inWave(o) ? refuse(key, params(o, { waveNo: o.waveNo })) : true)
const all = (...checks: ((o: OutboundOrderFacts) => Verdict)[]) => (o: OutboundOrderFacts): Verdict => {
  for (const c of checks) { const v = c(o); if (v !== true) return v }
  return true
}

export const outboundOrderMachine = defineMachine<OutboundOrderFacts>({
  name: 'outboundOrder',
  statuses: Object.values(S),
  commands: {
    'outbound.order.validate': only(OUTBOUND_FROM.validate, 'outbound:order.errors.validateOnlyDraft'),
    'outbound.order.void': all(only(OUTBOUND_FROM.void, 'outbound:order.errors.voidStatus'), (o) => notInWave(o)),
    'outbound.order.lock': only(OUTBOUND_FROM.lock, 'outbound:order.errors.lockStatus'),
    'outbound.order.unlock': only(OUTBOUND_FROM.unlock, 'outbound:order.errors.unlockStatus'),
    // After picking, an intercept brings the goods back through a return-to-shelf task.
    'outbound.order.stop': only(OUTBOUND_FROM.stop, 'outbound:order.errors.stopStatus'),
    'outbound.order.terminate': all(only(OUTBOUND_FROM.terminate, 'outbound:order.errors.terminateStatus'),
      (o) => (o.pickedQty > 0 ? refuse('outbound:order.errors.terminatePicked', params(o, { pickedQty: o.pickedQty })) : true)),
    'outbound.order.shippingMethod': all(only(OUTBOUND_FROM.shippingMethod, 'outbound:order.errors.shippingMethodStatus'),
      (o) => (o.shipmentApproved ? refuse('outbound:order.errors.shipmentApproved', params(o)) : true)),
    'outbound.order.switchWarehouse': all(only(OUTBOUND_FROM.switchWarehouse, 'outbound:order.errors.switchWarehouseStatus'), (o) => notInWave(o)),
    'outbound.order.split': all(only(OUTBOUND_FROM.split, 'outbound:order.errors.splitStatus'), (o) => notInWave(o)),
    'outbound.order.refreshLock': all(only(OUTBOUND_FROM.refreshLock, 'outbound:order.errors.refreshLockStatus'), (o) => notInWave(o, 'outbound:order.errors.refreshLockWave')),
    'outbound.review.start': (o, a) => reviewStart(o, a, false),
    'outbound.review.startException': (o, a) => reviewStart(o, a, true),
    'outbound.review.scan': reviewing,
    'outbound.review.pack': reviewing,
    'outbound.review.reset': (o) => (o.status === S.ReadyOut && packingOf(o) === PK.InPacking ? true : refuse('outbound:review.errors.notInReview', params(o))),
    'outbound.ship.scan': (o) => {
      if (SHIPPED_STATUSES.includes(o.status)) return refuseStatus('outbound:ship.errors.shipped', STATUS_DICT, o.status, OUTBOUND_FROM.ship, params(o))
      if (TERMINATED.includes(o.status)) return refuseStatus('outbound:review.errors.terminated', STATUS_DICT, o.status, OUTBOUND_FROM.ship, params(o))
      if (o.status !== S.ReadyOut || packingOf(o) !== PK.Completed) return refuse('outbound:ship.errors.notPacked', params(o))
      return o.faceSheetStatus === FaceSheetStatus.Bought ? true : refuse('outbound:ship.errors.noFaceSheet', params(o))
    },
    'outbound.order.cancelShipment': all(only(OUTBOUND_FROM.cancelShipment, 'outbound:ship.errors.cancelStatus'),
      (o) => (isOther(o) ? refuse('other-inout:errors.cancelShipped', params(o)) : true)),
    // Other outbound (issue 20): validate, void and release to picking on the order's own screen; shipping is a confirmation.
    'outbound.other.validate': all(otherOnly, only(OUTBOUND_FROM.validate, 'outbound:order.errors.validateOnlyDraft')),
    'outbound.other.void': all(otherOnly, only(OUTBOUND_FROM.void, 'outbound:order.errors.voidStatus'), (o) => notInWave(o)),
    'outbound.other.release': all(otherOnly, only(OUTBOUND_FROM.wave, 'outbound:wave.errors.orderNotEffective'), (o) => notInWave(o)),
    'outbound.other.ship': all(otherOnly, (o) => {
      if (SHIPPED_STATUSES.includes(o.status)) return refuseStatus('outbound:ship.errors.shipped', STATUS_DICT, o.status, OUTBOUND_FROM.ship, params(o))
      return only(OUTBOUND_FROM.ship, 'other-inout:errors.shipStatus')(o)
    }),
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined || !r.orderNo) return undefined
    const wave = textOf(r.waveNo)
    return {
      orderNo: textOf(r.orderNo), status, waveNo: wave === '' ? null : wave, pickedQty: numOf(r.pickedQty) ?? 0,
      shipmentApproved: r.shipmentApproved === true, lockFromStatus: numOf(r.lockFromStatus) ?? null,
      packingStatus: numOf(r.packingStatus) ?? PK.ToBePacked, faceSheetStatus: numOf(r.faceSheetStatus) ?? FaceSheetStatus.NotBought,
      reviewBy: numOf(r.reviewBy) ?? null, exception: r.exception === true, orderType: numOf(r.orderType),
    }
  },
})

/** May a wave take this order (effective, not in a wave)? Wave generation and the by-hand wave use it. */
export const waveRefusal = (o: OutboundOrderFacts): Refusal | null => {
  const v = all(only(OUTBOUND_FROM.wave, 'outbound:wave.errors.orderNotEffective'), (x) => notInWave(x))(o)
  return v === true ? null : v
}

/**
 * May this order be merged at all (effective, not in a wave)? Not a command of the machine: merging
 * needs 2 to 30 orders, which one document's state cannot tell (the merge command checks the count).
 */
export const mergeVerdict = (o: OutboundOrderFacts): Verdict => all(only(OUTBOUND_FROM.merge, 'outbound:order.errors.mergeStatus'), (x) => notInWave(x))(o)

/** What orders must share to be merged (spec sections 4, 5 and 8). */
export interface MergeFacts extends OutboundOrderFacts {
  platform: string
  orderType: number
  siteId: number | null
  shippingMethod: string | null
  /** Consignee identity: name, phone, address, postcode, country (normalised by the caller). */
  consignee: string
}
export const MERGE_MIN = 2
export const MERGE_MAX = 30
const MERGE_KEYS = ['platform', 'orderType', 'siteId', 'shippingMethod', 'consignee'] as const
export type MergeKey = (typeof MERGE_KEYS)[number]

/**
 * Why these orders cannot be merged, or null: fewer than 2 or more than 30; any order refused by the
 * machine (not effective, in a wave); the first property they do not share (the message names it and
 * the order that differs from the first).
 */
export function mergeRefusal(orders: readonly MergeFacts[]): Refusal | null {
  if (orders.length < MERGE_MIN) return refuse('outbound:merge.errors.tooFew', { min: MERGE_MIN, count: orders.length })
  if (orders.length > MERGE_MAX) return refuse('outbound:merge.errors.tooMany', { max: MERGE_MAX, count: orders.length })
  for (const o of orders) {
    const v = mergeVerdict(o)
    if (v !== true) return v
  }
  const [first] = orders
  for (const key of MERGE_KEYS) {
    const other = orders.find((o) => (o[key] ?? null) !== (first![key] ?? null))
    if (other) return refuse(`outbound:merge.errors.differs.${key}`, { orderNo: other.orderNo, firstNo: first!.orderNo, field: key })
  }
  return null
}
