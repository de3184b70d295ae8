// A station declared once, as a resource is (ARCHITECTURE.md "Stations"): its steps (what to scan next),
// the scan parsers that turn a code into a meaning (document number, tracking number, wall slot,
// location, SKU …), which meanings each step takes, the station's key hints and its idle line. The
// frame (StationScreen) renders every declared station alike — title, step bar, the big status line
// with its tones, the scan field, pending scans, key hints — and the station page supplies what its
// commands do with each meaning. Every scan station is declared this way: the inbound ones (receiving,
// shelving, inspection, returns receipt, quick inbound) and the outbound ones (picking, the sorting
// wall, review, auto packaging, shipping, return to shelf).
import type { KeyHint } from './StationUi'
import type { StationStep } from './steps'

/** What a scanned code can mean. */
export type ScanKind =
  | 'inboundOrder' | 'shelvingTask' | 'inspection' | 'returnOrder' | 'quickInbound'
  | 'outboundOrder' | 'pickTask' | 'sortTask' | 'returnTask' | 'countTask' | 'slot' | 'tracking' | 'location' | 'sku' | 'moveOrder' | 'replenishmentTask'
  | 'loadingDoc' | 'container' | 'box' | 'packingTask'

/**
 * Parsers by kind, tried in the order a step lists them. Document numbers carry their prefix, the date
 * (yymmdd) and a day sequence of at least 4 digits (src/server/inventory/doc-no.ts); an inbound order's
 * box label is <order number>-<box>; a wall slot is its label <sorting task>-<slot> or a bare small number; a location code has letters, digits
 * and '-', at most 40 (the location resource's rule); a tracking number is 6–64 letters, digits and '-'; anything
 * else the server resolves as a SKU / UPC / FNSKU.
 */
export const SCAN_PARSERS: Readonly<Record<ScanKind, (code: string) => boolean>> = {
  inboundOrder: (c) => /^RK\d{10,}(-\d{1,4})?$/i.test(c),
  shelvingTask: (c) => /^(SJ|QT)\d{10,}$/i.test(c),
  inspection: (c) => /^QC\d{10,}$/i.test(c),
  returnOrder: (c) => /^TH\d{10,}$/i.test(c),
  quickInbound: (c) => /^KR\d{10,}$/i.test(c),
  outboundOrder: (c) => /^(CK|HB)\d{10,}(-\d+)?$/i.test(c),
  pickTask: (c) => /^JH\d{10,}$/i.test(c),
  sortTask: (c) => /^FJ\d{10,}$/i.test(c),
  returnTask: (c) => /^HJ\d{10,}$/i.test(c),
  moveOrder: (c) => /^YK\d{10,}$/i.test(c),
  countTask: (c) => /^PT\d{10,}$/i.test(c),
  replenishmentTask: (c) => /^BH\d{10,}$/i.test(c),
  slot: (c) => /^\d{1,4}$/.test(c) || /^FJ\d{6,}-\d{1,4}$/i.test(c),
  tracking: (c) => /^[A-Z0-9-]{6,64}$/i.test(c),
  location: (c) => c.length <= 40 && /^[A-Z0-9]+(-[A-Z0-9]+)*$/i.test(c),
  // Container loading (issue 21): a loading document ZG…, a container number (4–40 capital letters, digits, '-'), a box code or shipment number.
  loadingDoc: (c) => /^ZG\d{10,}$/i.test(c),
  container: (c) => /^[A-Z0-9-]{4,40}$/i.test(c),
  box: (c) => /^[A-Z0-9-]{1,40}$/i.test(c),
  // The carton packing station (issue 21): a packing task ZX….
  packingTask: (c) => /^ZX\d{10,}$/i.test(c),
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
