// A station declared once, as a resource is (ARCHITECTURE.md "Stations"): its steps (what to scan next),
// the scan parsers that turn a code into a meaning (document number, tracking number, wall slot,
// location, SKU …), which meanings each step takes, the station's key hints and its idle line. The
// frame (StationScreen) renders every declared station alike — title, step bar, the big status line
// with its tones, the scan field, pending scans, key hints — and the station page supplies what its
// commands do with each meaning. The outbound stations — picking, the sorting wall, review, auto
// packaging, shipping, return to shelf — are declared this way; the inbound stations (receiving,
// shelving, inspection, returns, quick inbound) still draw their own frame from the same kit parts.
import type { KeyHint } from './StationUi'
import type { StationStep } from './steps'

/** What a scanned code can mean. */
export type ScanKind = 'outboundOrder' | 'pickTask' | 'sortTask' | 'returnTask' | 'slot' | 'tracking' | 'location' | 'sku'

/**
 * Parsers by kind, tried in the order a step lists them. Document numbers carry their prefix and date
 * (src/server/inventory/doc-no.ts); a wall slot is its label <sorting task>-<slot> or a bare small number; a location code has letters, digits
 * and '-' with at least one '-' (spec section 5); a tracking number is 6–64 letters, digits and '-'; anything
 * else the server resolves as a SKU / UPC / FNSKU.
 */
export const SCAN_PARSERS: Readonly<Record<ScanKind, (code: string) => boolean>> = {
  outboundOrder: (c) => /^(CK|HB)\d{10}(-\d+)?$/i.test(c),
  pickTask: (c) => /^JH\d{10}$/i.test(c),
  sortTask: (c) => /^FJ\d{10}$/i.test(c),
  returnTask: (c) => /^HJ\d{10}$/i.test(c),
  slot: (c) => /^\d{1,4}$/.test(c) || /^FJ\d{6,}-\d{1,4}$/i.test(c),
  tracking: (c) => /^[A-Z0-9-]{6,64}$/i.test(c),
  location: (c) => /^[A-Z0-9]+(-[A-Z0-9]+)+$/i.test(c),
  sku: (c) => c.length > 0,
}

export interface StationDef<Step extends string = string> {
  /** Test id `<id>-station`, storage keys of its scan queues. */
  id: string
  titleKey: string
  idleKey: string
  steps: readonly (StationStep & { id: Step })[]
  /** The meanings each step takes, in the order tried. */
  accepts: Readonly<Record<Step, readonly ScanKind[]>>
  hints: readonly KeyHint[]
}

export function defineStation<Step extends string>(def: StationDef<Step>): StationDef<Step> {
  return def
}

/** The first meaning the step takes whose parser accepts the code; null: none (refuse it at once). */
export function classifyScan<Step extends string>(def: StationDef<Step>, step: Step, raw: string): { kind: ScanKind; code: string } | null {
  const code = raw.trim().toUpperCase()
  if (!code) return null
  for (const kind of def.accepts[step]) if (SCAN_PARSERS[kind](code)) return { kind, code }
  return null
}
