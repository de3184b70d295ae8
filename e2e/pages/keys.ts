// Counts the keys a keyboard-only spec presses (issue 18: "one order from creation to shipped took
// about 800 keystrokes, 145 of them Tab"): every press is one key, every typed character one key (a
// scanner gun types the same way). Wraps the page's keyboard, so nothing else in the spec changes.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from '@playwright/test'

export interface KeyCount {
  /** Every keystroke: presses and typed characters, a scan's characters and its Enter included. */
  total: number
  tabs: number
  typed: number
  presses: number
  /** Station scans (stations.ts scan): a scanner types the code and Enter; the operator pulls the trigger once. */
  scans: number
  scanKeys: number
}

/** What the operator does: every key, a station scan counted as one trigger pull instead of its characters. */
export const operatorKeys = (k: KeyCount) => k.total - k.scanKeys + k.scans

const counters = new WeakMap<Page, KeyCount>()

/** Marks the keys just typed for `code` and its Enter as one scan (called by stations.ts scan()). */
export function scanned(page: Page, code: string): void {
  const c = counters.get(page)
  if (!c) return
  c.scans++
  c.scanKeys += code.length + 1
}

export function countKeys(page: Page): { now(): KeyCount; since(mark: KeyCount): KeyCount } {
  const c: KeyCount = { total: 0, tabs: 0, typed: 0, presses: 0, scans: 0, scanKeys: 0 }
  counters.set(page, c)
  const kb = page.keyboard
  const press = kb.press.bind(kb)
  const type = kb.type.bind(kb)
  const insertText = kb.insertText.bind(kb)
  const trace = process.env.KEYS_TRACE ? new Map<string, number>() : null
  const where = () => (new Error().stack ?? '').split('\n').find((l) => /spec\.ts|pages\/(stations|console)\.ts/.test(l) && !l.includes('keys.ts'))?.replace(/.*\/(e2e\/[^:]+:\d+).*/, '$1') ?? '?'
  kb.press = async (key, opts) => {
    c.total++; c.presses++
    if (/^(Shift\+)?Tab$/.test(key)) c.tabs++
    if (trace) { const k = `${key} @ ${where()}`; trace.set(k, (trace.get(k) ?? 0) + 1) }
    return press(key, opts)
  }
  if (trace) page.on('close', () => console.log([...trace].sort((a, b) => b[1] - a[1]).map(([k, n]) => `${n}\t${k}`).join('\n')))
  kb.type = async (text, opts) => { c.total += text.length; c.typed += text.length; return type(text, opts) }
  kb.insertText = async (text) => { c.total += text.length; c.typed += text.length; return insertText(text) }
  return {
    now: () => ({ ...c }),
    since: (m) => ({ total: c.total - m.total, tabs: c.tabs - m.tabs, typed: c.typed - m.typed, presses: c.presses - m.presses, scans: c.scans - m.scans, scanKeys: c.scanKeys - m.scanKeys }),
  }
}

/**
 * Prints a spec's key count and keeps it for the run (os.tmpdir, by the Playwright run's parent pid):
 * the retail flow is walked by two specs (picking, then sorting to shipping) and the second prints the
 * whole flow's sum. Returns that sum when the other part ran in this run, else undefined.
 */
export function reportKeys(part: 'retail-pick' | 'retail-ship', k: KeyCount): number | undefined {
  const file = join(tmpdir(), `wms-e2e-keys-${process.ppid}.json`)
  const all: Record<string, KeyCount> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {}
  all[part] = k
  writeFileSync(file, JSON.stringify(all))
  const line = (x: KeyCount) => `${operatorKeys(x)} operator keys (${x.scans} scans as one trigger each; ${x.presses - x.scans} other presses of which ${x.tabs} Tab, ${x.typed - x.scanKeys + x.scans} typed characters) — ${x.total} keystrokes counting each scanned character`
  console.log(`keys, ${part}: ${line(k)}`)
  const pick = all['retail-pick']
  const ship = all['retail-ship']
  if (!pick || !ship) return undefined
  const sum: KeyCount = { total: pick.total + ship.total, tabs: pick.tabs + ship.tabs, typed: pick.typed + ship.typed, presses: pick.presses + ship.presses, scans: pick.scans + ship.scans, scanKeys: pick.scanKeys + ship.scanKeys }
  console.log(`keys, whole retail flow (import → shipped): ${line(sum)}`)
  return operatorKeys(sum)
}
