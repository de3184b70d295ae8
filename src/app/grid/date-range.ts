// A date range filter as one typed control (pure, tested without a DOM): what the operator types —
// '2026-11-01 ~ 2026-11-27', '2026-11-01..2026-11-27', '20261101-20261127', one day '2026-11-27',
// or a span back from today ('7d', '2w', '1m', '3m') — becomes { from, to } (YYYY-MM-DD, local days);
// the spec's time filters (latest week, last month, last three months: today back 7, 30, 90 days, as
// the console's date pickers always offered them) are presets; and the spec's span rule — a range is
// at most a month (31 days) unless its column allows more — is checked here.

export interface DayRange { from: string; to: string }

export const RANGE_PRESETS = [
  { id: 'week', days: 7, labelKey: 'grid:filter.preset.week' },
  { id: 'month', days: 30, labelKey: 'grid:filter.preset.month' },
  { id: 'quarter', days: 90, labelKey: 'grid:filter.preset.quarter' },
] as const
export type RangePresetId = (typeof RANGE_PRESETS)[number]['id']

/** Spec section 5: date pickers' range span, default one month. */
export const DEFAULT_SPAN_DAYS = 31
export const DEFAULT_SPAN_MESSAGE = 'grid:filter.spanTooLong'

const DAY_MS = 86_400_000
const pad = (n: number) => String(n).padStart(2, '0')

/** A local date as YYYY-MM-DD. */
export function dayString(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

function addDays(d: Date, days: number): Date {
  const x = new Date(d.getFullYear(), d.getMonth(), d.getDate())
  x.setDate(x.getDate() + days)
  return x
}

/** A preset's range ending today (the day `days` back up to today, as the console's pickers did). */
export function presetRange(id: RangePresetId, today: Date): DayRange {
  const p = RANGE_PRESETS.find((x) => x.id === id)!
  return { from: dayString(addDays(today, -p.days)), to: dayString(today) }
}

/** A valid calendar day from 'YYYY-MM-DD', 'YYYY/MM/DD', 'YYYY.MM.DD' or 'YYYYMMDD'; else null. */
export function parseDay(text: string): string | null {
  const m = /^(\d{4})[-/.]?(\d{1,2})[-/.]?(\d{1,2})$/.exec(text.trim())
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  if (y < 1 || mo < 1 || mo > 12 || d < 1) return null
  const last = new Date(y, mo, 0).getDate()
  if (d > last) return null
  return `${String(y).padStart(4, '0')}-${pad(mo)}-${pad(d)}`
}

/**
 * What was typed → a range: null for an empty box (no filter), 'invalid' for text that is no range.
 * A range typed backwards is turned round.
 */
export function parseDateRange(text: string, today: Date): DayRange | null | 'invalid' {
  const s = text.trim().toLowerCase()
  if (!s) return null
  const back = /^(\d{1,3})\s*([dwm])$/.exec(s)
  if (back) {
    const n = Number(back[1])
    if (n < 1) return 'invalid'
    const from = back[2] === 'd' ? addDays(today, -n) : back[2] === 'w' ? addDays(today, -7 * n) : new Date(today.getFullYear(), today.getMonth() - n, today.getDate())
    return { from: dayString(from), to: dayString(today) }
  }
  const single = parseDay(s)
  if (single) return { from: single, to: single }
  // Two days: '~', '..', ' to ', '–', or a '-' between two compact or dashed days.
  const parts = s.split(/\s*(?:~|\.\.|–|—|至)\s*|\s+(?:to|a|-)\s+/).filter(Boolean)
  let pair = parts.length === 2 ? parts : null
  if (!pair) {
    const compact = /^(\d{8})-(\d{8})$/.exec(s)
    if (compact) pair = [compact[1], compact[2]]
  }
  if (!pair) return 'invalid'
  const a = parseDay(pair[0])
  const b = parseDay(pair[1])
  if (!a || !b) return 'invalid'
  return a <= b ? { from: a, to: b } : { from: b, to: a }
}

/** How a range reads in the box. */
export function formatDateRange(r: Partial<DayRange>): string {
  if (!r.from && !r.to) return ''
  return `${r.from ?? ''} ~ ${r.to ?? ''}`
}

/** Days between the ends (0 for one day). */
export function spanDays(r: DayRange): number {
  return Math.round((Date.parse(`${r.to}T00:00:00Z`) - Date.parse(`${r.from}T00:00:00Z`)) / DAY_MS)
}
