// The carrier adapter interface (ARCHITECTURE.md "Integrations"): what the face sheet worker asks of a
// carrier. A purchase is asynchronous as with real carriers: buyLabel places the order and returns the
// carrier's reference at once; pollWaybill is asked until the waybill (tracking number + label data)
// exists or the order failed. Every call is keyed by the caller's reference (clientRef), so a call
// retried after a timeout or a crash returns what the first one made — never a second label.
// Which adapter serves a carrier is basic data (carrier.adapter); only the built-in carrier simulator
// exists (./simulator.ts).
import type { Queryable } from '../../db/client'

/** What a carrier needs of the parcel and its consignee. */
export interface Consignment {
  orderNo: string
  consigneeName: string | null
  consigneePhone: string | null
  address: string | null
  city: string | null
  state: string | null
  postcode: string | null
  country: string | null
  weightG: number | null
  shippingMethod: string | null
}

/** A carrier's settings from basic data (carrier table). */
export interface CarrierConfig {
  id: number
  code: string
  name: string
  adapter: string
  requiresPhone: boolean
  simFailurePercent: number
  accountNo: string | null
}

/** A refusal the operator sees: an i18n key and its params. */
export interface CarrierRefusal { key: string; params: Record<string, unknown> }

export interface Quote { amountCents: number; currency: string; etaDays: number }
export type QuoteResult = { ok: true; quote: Quote } | { ok: false; refusal: CarrierRefusal }

export interface Purchase { carrierRef: string; /** When the carrier expects the waybill to exist. */ expectedReadyAt: Date }
export type PurchaseResult = { ok: true; purchase: Purchase } | { ok: false; refusal: CarrierRefusal }

export interface Waybill { trackingNo: string; label: { carrier: string; service: string | null; lines: string[] } }
export type PollResult =
  | { state: 'pending'; retryAfterMs: number }
  | { state: 'ready'; waybill: Waybill }
  | { state: 'failed'; refusal: CarrierRefusal }

export interface TrackingEvent { at: Date; code: string; text: string }

export interface CarrierAdapter {
  /** Price and service check before buying; refuses what the carrier will not carry (e.g. no phone). */
  quote(carrier: CarrierConfig, c: Consignment): Promise<QuoteResult>
  /** Places the order; idempotent by clientRef. */
  buyLabel(carrier: CarrierConfig, c: Consignment, clientRef: string): Promise<PurchaseResult>
  /** The waybill once it exists. */
  pollWaybill(carrier: CarrierConfig, carrierRef: string): Promise<PollResult>
  /** Cancels the postage (a no-op for an order the carrier never finished). */
  cancel(carrier: CarrierConfig, carrierRef: string): Promise<{ ok: true } | { ok: false; refusal: CarrierRefusal }>
  /** Tracking events of a waybill. */
  tracking(carrier: CarrierConfig, trackingNo: string): Promise<TrackingEvent[]>
}

/** The adapter of a carrier (by carrier.adapter). */
export type AdapterFactory = (q: Queryable) => CarrierAdapter
