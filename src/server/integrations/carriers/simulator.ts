// The CARRIER SIMULATOR — a stand-in for a real carrier API so every face sheet flow works offline and
// tests are deterministic. It behaves like the real thing (spec section 9 "carrier delay 5-10 s,
// waybill polling"; section 8's face sheet messages):
//   - buyLabel accepts the order at once and the waybill exists 5–10 s later (CARRIER_SIM_DELAY_MS
//     fixes the delay, e.g. 300 in tests); pollWaybill answers "pending" until then;
//   - a share of purchases fails at the carrier (carrier.sim_failure_percent, decided by a hash of the
//     client reference — the same reference always gives the same answer; CARRIER_SIM_FAIL=1|0 forces
//     it for every carrier): "add-order failed, cancel postage and buy again";
//   - a carrier with requires_phone refuses consignees without a phone at quote and purchase
//     (section 8 "no consignee phone (only one carrier supported)");
//   - sandbox magic value, as real carrier sandboxes have: a consignee address containing
//     SIM_FAIL_ONCE fails the order's first purchase at a carrier and succeeds after that (a
//     failure that a demo or an e2e can show and recover from without forcing every carrier).
// Its books are the carrier_sim_shipment table (the carrier's side): one shipment per client
// reference, so a purchase retried while the simulator is slow returns the shipment already made.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { rowsOf } from '../../db/rows'
import type { CarrierAdapter, CarrierConfig, Consignment, CarrierRefusal } from './adapter'

export const SIM_FAILED_KEY = 'outbound-label:errors.addOrderFailed'
export const SIM_NO_PHONE_KEY = 'outbound-label:errors.noConsigneePhone'
/** The sandbox magic value: in a consignee's address, the order's first purchase at a carrier fails. */
export const SIM_FAIL_ONCE = 'SIM_FAIL_ONCE'

/** The purchase delay: CARRIER_SIM_DELAY_MS when set, else 5–10 s from the reference's hash. */
export function simDelayMs(clientRef: string): number {
  const env = process.env.CARRIER_SIM_DELAY_MS
  if (env !== undefined && env !== '' && Number.isFinite(Number(env))) return Math.max(0, Number(env))
  return 5000 + (fnv(clientRef) % 5001)
}

function fnv(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

/** Does this purchase fail at the carrier? Deterministic per reference. */
export function simFails(carrier: CarrierConfig, clientRef: string): boolean {
  const force = process.env.CARRIER_SIM_FAIL
  if (force === '1') return true
  if (force === '0') return false
  return fnv(`${carrier.code}|${clientRef}`) % 100 < carrier.simFailurePercent
}

const noPhone = (carrier: CarrierConfig, c: Consignment): CarrierRefusal | null =>
  carrier.requiresPhone && !(c.consigneePhone ?? '').trim() ? { key: SIM_NO_PHONE_KEY, params: { orderNo: c.orderNo, carrier: carrier.code } } : null

/** A tracking number in the carrier's style: its code and 12 digits from the reference. */
function trackingOf(carrier: CarrierConfig, clientRef: string, id: number): string {
  const digits = String((fnv(`${clientRef}#${id}`) % 1_000_000) * 1_000_000 + (id % 1_000_000)).padStart(12, '0')
  return `${carrier.code.replace(/[^A-Z0-9]/g, '').slice(0, 4)}${digits}`
}

export const carrierSimulator = (q: Queryable): CarrierAdapter => ({
  async quote(carrier, c) {
    const refusal = noPhone(carrier, c)
    if (refusal) return { ok: false, refusal }
    const grams = c.weightG ?? 500
    return { ok: true, quote: { amountCents: 499 + Math.ceil(grams / 100) * 35, currency: 'USD', etaDays: c.country === 'US' ? 3 : 7 } }
  },
  async buyLabel(carrier, c, clientRef) {
    const refusal = noPhone(carrier, c)
    if (refusal) return { ok: false, refusal }
    const readyAt = new Date(Date.now() + simDelayMs(clientRef))
    // The carrier's own idempotency: the same client reference returns the same shipment.
    const [made] = rowsOf(await q.execute(sql`
      INSERT INTO carrier_sim_shipment (carrier_code, client_ref, order_no, tracking_no, fails, ready_at)
      VALUES (${carrier.code}, ${clientRef}, ${c.orderNo}, ${`PENDING-${carrier.code}-${clientRef}`},
        ${simFails(carrier, clientRef)} OR (${(c.address ?? '').toUpperCase().includes(SIM_FAIL_ONCE)}
          AND NOT EXISTS (SELECT 1 FROM carrier_sim_shipment x WHERE x.carrier_code = ${carrier.code} AND x.order_no = ${c.orderNo} AND x.fails)),
        ${readyAt.toISOString()}::timestamptz)
      ON CONFLICT (carrier_code, client_ref) DO NOTHING RETURNING id, ready_at`))
    const row = made ?? rowsOf(await q.execute(sql`SELECT id, ready_at FROM carrier_sim_shipment WHERE carrier_code = ${carrier.code} AND client_ref = ${clientRef}`))[0]!
    if (made) await q.execute(sql`UPDATE carrier_sim_shipment SET tracking_no = ${trackingOf(carrier, clientRef, Number(made.id))} WHERE id = ${Number(made.id)}`)
    return { ok: true, purchase: { carrierRef: `SIM-${carrier.code}-${Number(row.id)}`, expectedReadyAt: new Date(String(row.ready_at)) } }
  },
  async pollWaybill(carrier, carrierRef) {
    const id = Number(carrierRef.split('-').pop())
    const [s] = rowsOf(await q.execute(sql`
      SELECT s.tracking_no, s.fails, s.cancelled_at, s.order_no, greatest(0, extract(epoch FROM (s.ready_at - now())) * 1000)::int AS wait_ms
      FROM carrier_sim_shipment s WHERE s.id = ${id} AND s.carrier_code = ${carrier.code}`))
    if (!s || s.cancelled_at) return { state: 'failed', refusal: { key: SIM_FAILED_KEY, params: { carrierRef } } }
    const wait = Number(s.wait_ms)
    if (wait > 0) return { state: 'pending', retryAfterMs: Math.min(wait, 1000) }
    if (s.fails) return { state: 'failed', refusal: { key: SIM_FAILED_KEY, params: { orderNo: String(s.order_no) } } }
    return { state: 'ready', waybill: { trackingNo: String(s.tracking_no), label: { carrier: carrier.name, service: null, lines: [] } } }
  },
  async cancel(carrier, carrierRef) {
    const id = Number(carrierRef.split('-').pop())
    await q.execute(sql`UPDATE carrier_sim_shipment SET cancelled_at = coalesce(cancelled_at, now()) WHERE id = ${id} AND carrier_code = ${carrier.code}`)
    return { ok: true }
  },
  async tracking(carrier, trackingNo) {
    const [s] = rowsOf(await q.execute(sql`SELECT created_at, ready_at, cancelled_at FROM carrier_sim_shipment WHERE tracking_no = ${trackingNo} AND carrier_code = ${carrier.code}`))
    if (!s) return []
    const events = [{ at: new Date(String(s.created_at)), code: 'ORDERED', text: 'Shipment information received' }]
    if (new Date(String(s.ready_at)) <= new Date()) events.push({ at: new Date(String(s.ready_at)), code: 'LABEL', text: 'Label created' })
    if (s.cancelled_at) events.push({ at: new Date(String(s.cancelled_at)), code: 'VOID', text: 'Postage cancelled' })
    return events
  },
})

/** The adapter serving a carrier (carrier.adapter; only 'simulator' exists). */
export function adapterFor(q: Queryable, carrier: CarrierConfig): CarrierAdapter {
  switch (carrier.adapter) {
    case 'simulator': return carrierSimulator(q)
    default: throw new Error(`unknown carrier adapter ${carrier.adapter}`)
  }
}
