// The sorting wall station's steps, as pure data and functions (the page wires them to the reads, the
// scan queue and the screen; tests read them without a browser):
//   container — scan the sorting container (a picking task's cart, else its number): it opens the
//               sorting task holding it; a sorting task number (FJ…) opens that task, then its container;
//               anything else while a task is open is refused: "scan sorting container first";
//   sku       — scan an item of that container: where it goes is read from the server (slot, order,
//               how many the slot still waits for) and shown large; "product not in container" and
//               "item does not match grid slot" (no slot waits for it) come back from that read;
//   slot      — scan the slot's label (1, 01, S-01, SLOT-1, G01, or FJ…-01): the shown slot → outbound.sort.put
//               {sortNo, containerCode, code, slotNo} through the scan queue; another slot is refused here,
//               at once, with the server's own "item does not match grid slot" message, the item kept;
//   done      — every slot complete; another container or task number opens that one.
// A scan made while the previous item's slot is still being read waits for that answer (the station
// kit hands scans over one after another), so a burst is never refused as "scan too fast"; a scan that
// is no readable code (control characters, too long) is "scan error". Another container of the open
// task scanned at any step switches to it.
import { parseWallSlot, type SlotFor, type SortPutArgs } from '../../../../../commands/outbound-sorting'
import type { StationStep } from '../../../station'

export type SortStep = 'container' | 'sku' | 'slot' | 'done'

export const SORT_STEPS: readonly (StationStep & { id: SortStep })[] = [
  { id: 'container', promptKey: 'outbound-sorting:station.step.container' },
  { id: 'sku', promptKey: 'outbound-sorting:station.step.sku' },
  { id: 'slot', promptKey: 'outbound-sorting:station.step.slot' },
  { id: 'done', promptKey: 'outbound-sorting:station.step.done' },
]

/** Sorting task numbers (FJ + digits, the doc-no prefix of the sorting task). */
export const SORT_NO = /^FJ\d{6,}$/i
/** A slot label: the slot number, optionally prefixed S / SLOT / G / GK and a dash, leading zeros allowed. */
const SLOT_LABEL = /^(?:SLOT|GK|S|G)?-?0*(\d{1,4})$/i
/** Longest code a scanner sends here (the commands' own limit). */
const MAX_CODE = 80

export function parseSlot(code: string): number | null {
  const m = SLOT_LABEL.exec(code.trim())
  const n = m ? Number(m[1]) : 0
  return n > 0 ? n : null
}

export interface SortState {
  step: SortStep
  /** The open sorting task. */
  sortNo: string | null
  /** Container codes of the open task (upper case). */
  containers: readonly string[]
  /** The container scanned (steps sku and slot). */
  container: string | null
  /** The item scanned and where it goes (step slot). */
  pending: { code: string; where: SlotFor } | null
}

export type ScanMeaning =
  | { kind: 'none' }
  | { kind: 'scanError'; code: string }
  | { kind: 'openTask'; sortNo: string }
  | { kind: 'findContainer'; containerCode: string }
  | { kind: 'container'; containerCode: string }
  | { kind: 'containerFirst'; code: string }
  | { kind: 'lookup'; sortNo: string; containerCode: string; code: string }
  | { kind: 'put'; args: SortPutArgs }
  | { kind: 'wrongSlot'; code: string; slotNo: number; expected: number }
  | { kind: 'notSlot'; code: string; expected: number }

const same = (a: string, b: string) => a.toUpperCase() === b.toUpperCase()

/** What one scan means at the wall now. */
export function interpretScan(s: SortState, raw: string): ScanMeaning {
  const code = raw.trim()
  if (!code) return { kind: 'none' }
  // eslint-disable-next-line no-control-regex
  if (code.length > MAX_CODE || /[\u0000-\u001f\u007f]/.test(code)) return { kind: 'scanError', code: code.slice(0, 40) }
  if (SORT_NO.test(code)) return s.sortNo && same(code, s.sortNo) ? { kind: 'none' } : { kind: 'openTask', sortNo: code.toUpperCase() }
  const own = s.containers.find((c) => same(c, code))
  if (own && s.step !== 'done') return { kind: 'container', containerCode: own }
  if (!s.sortNo || s.step === 'done') return { kind: 'findContainer', containerCode: code.toUpperCase() }
  if (s.step === 'container' || !s.container) return { kind: 'containerFirst', code }
  if (s.step === 'slot' && s.pending) {
    const expected = s.pending.where.slotNo
    // The slot's own label (1, S-01…) or the wall's full one (<sorting task>-<slot>) of this task.
    const wall = parseWallSlot(code)
    const slotNo = wall ? (same(wall.sortNo, s.sortNo) ? wall.slotNo : null) : parseSlot(code)
    if (slotNo === null) return { kind: 'notSlot', code, expected }
    if (slotNo !== expected) return { kind: 'wrongSlot', code: s.pending.code, slotNo, expected }
    return { kind: 'put', args: { sortNo: s.sortNo, containerCode: s.container, code: s.pending.code, slotNo } }
  }
  return { kind: 'lookup', sortNo: s.sortNo, containerCode: s.container, code }
}
