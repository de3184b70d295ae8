// The ToB shipment's machine (issue 21 "Shipments and containers", part K1; spec §4 Shipment NotShipped 0,
// Shipped 1, InTransit 2, PartiallyShipped 3, ShippingTerminated 4; approval not approved 0 / approved 1).
//   NotShipped 0 —(approve)→ approved (the orders' shipment_approved flag set: their shipping method can no
//   longer change) —(ship: every remaining box, or some → PartiallyShipped 3)→ Shipped 1 —(depart)→ InTransit 2.
//   Unapprove only while nothing is shipped. Terminate from NotShipped 0 or PartiallyShipped 3: the boxes not
//   shipped leave the shipment (a new one may take them) → ShippingTerminated 4. Edit the shipment's fields
//   until it is terminated; its container number only while nothing is shipped ("shipment status and expected
//   container number must be consistent", enforced by the handler with the orders' expected container).
// Shipping the boxes moves each owning outbound order ReadyOut 2 / PartTransport 3 → PartTransport 3 (boxes
// or reserved goods left) or shipped (Over 4 / DeficiencyOver 5): `cartonShipVerdict` says which orders may
// ship boxes; src/server/areas/shipments/ship-cartons.ts is the only code that does it.
import { OutboundOrderStatus, ShipmentStatus } from '../dictionaries'
import { defineMachine, numOf, refuse, refuseStatus, textOf, type Verdict } from './machine'

const S = ShipmentStatus
export const ShipmentApproval = { NotApproved: 0, Approved: 1 } as const

export interface ShipmentFacts { shipmentNo: string; status: number; approval: number }

const DICT = 'shipmentStatus'
export const SHIPMENT_FROM = {
  edit: [S.NotShipped, S.Shipped, S.InTransit, S.PartiallyShipped],
  approve: [S.NotShipped],
  unapprove: [S.NotShipped],
  ship: [S.NotShipped, S.PartiallyShipped],
  depart: [S.Shipped],
  terminate: [S.NotShipped, S.PartiallyShipped],
} as const satisfies Record<string, readonly number[]>

const p = (d: ShipmentFacts) => ({ shipmentNo: d.shipmentNo })
const inStatus = (key: string, allowed: readonly number[]) => (d: ShipmentFacts): Verdict =>
  (allowed as readonly number[]).includes(d.status) ? true : refuseStatus(key, DICT, d.status, allowed, p(d))
const both = (a: (d: ShipmentFacts) => Verdict, b: (d: ShipmentFacts) => Verdict) => (d: ShipmentFacts): Verdict => {
  const v = a(d)
  return v === true ? b(d) : v
}

export const shipmentMachine = defineMachine<ShipmentFacts>({
  name: 'shipment',
  statuses: Object.values(S),
  commands: {
    'shipments.edit': inStatus('shipments:errors.editStatus', SHIPMENT_FROM.edit),
    'shipments.approve': both(inStatus('shipments:errors.approveStatus', SHIPMENT_FROM.approve),
      (d) => (d.approval === ShipmentApproval.Approved ? refuse('shipments:errors.alreadyApproved', p(d)) : true)),
    'shipments.unapprove': both(inStatus('shipments:errors.approveStatus', SHIPMENT_FROM.unapprove),
      (d) => (d.approval !== ShipmentApproval.Approved ? refuse('shipments:errors.notApproved', p(d)) : true)),
    'shipments.ship': both(inStatus('shipments:errors.shipStatus', SHIPMENT_FROM.ship),
      (d) => (d.approval !== ShipmentApproval.Approved ? refuse('shipments:errors.notApproved', p(d)) : true)),
    'shipments.depart': inStatus('shipments:errors.departStatus', SHIPMENT_FROM.depart),
    'shipments.terminate': inStatus('shipments:errors.terminateStatus', SHIPMENT_FROM.terminate),
  },
  facts: (r) => {
    const status = numOf(r.status)
    if (status === undefined) return undefined
    return { shipmentNo: textOf(r.shipmentNo), status, approval: numOf(r.approval) ?? ShipmentApproval.NotApproved }
  },
})

const OS = OutboundOrderStatus
/** Orders whose boxes may ship: picked (ReadyOut 2) or partly shipped (PartTransport 3). */
export const CARTON_SHIP_FROM: readonly number[] = [OS.ReadyOut, OS.PartTransport]
/** May boxes of this outbound order ship now? (shipCartons asks it for every owning order.) */
export const cartonShipVerdict = (o: { orderNo: string; status: number }): Verdict =>
  CARTON_SHIP_FROM.includes(o.status) ? true : refuseStatus('shipments:errors.orderStatus', 'outboundOrderStatus', o.status, CARTON_SHIP_FROM, { orderNo: o.orderNo })
