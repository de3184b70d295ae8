// The exchange-rate source behind the `sync` action. Spec integrations are adapters with one built-in
// simulated implementation: this is the RATE SIMULATOR — no network; each currency's rate per 1 USD
// is a fixed reference rate moved by a deterministic daily wobble (±0.5 %, from a hash of currency and
// date), so the same day always gives the same rates and tests can predict them.

export interface RateSource {
  /** Shown in the sync result and the audit summary. */
  readonly name: string
  /** Units of each known currency per 1 USD on `date` (YYYY-MM-DD); unknown currencies are left out. */
  quote(date: string, currencies: readonly string[]): Promise<Map<string, number>>
}

/** Reference rates per 1 USD (late 2026 ballpark); the simulator's centre values. */
export const SIMULATOR_REFERENCE: Readonly<Record<string, number>> = {
  USD: 1, CNY: 7.12, MXN: 17.1, EUR: 0.92, CAD: 1.36, GBP: 0.79, JPY: 151.2, HKD: 7.82, AUD: 1.52, BRL: 5.05,
}

/** FNV-1a 32-bit: a stable, well-spread hash of short strings. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) { h ^= s.charCodeAt(i); h = Math.imul(h, 0x01000193) >>> 0 }
  return h >>> 0
}

export const round4 = (v: number) => Math.round(v * 1e4) / 1e4

/** The simulated rate of one currency on one day (4 decimals); undefined for an unknown currency. */
export function simulatedRate(currency: string, date: string): number | undefined {
  const base = SIMULATOR_REFERENCE[currency]
  if (base === undefined) return undefined
  if (currency === 'USD') return 1
  const wobble = (fnv1a(`${currency}|${date}`) / 0xffffffff - 0.5) * 0.01
  return round4(base * (1 + wobble))
}

export const rateSimulator: RateSource = {
  name: 'rate-simulator',
  async quote(date, currencies) {
    const out = new Map<string, number>()
    for (const c of currencies) {
      const r = simulatedRate(c, date)
      if (r !== undefined) out.set(c, r)
    }
    return out
  },
}
