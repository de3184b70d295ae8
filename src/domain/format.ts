// Formatters of spec section 9 (and the file-name/query/date-range helpers of sections 5 and 7).
// Pure: no DOM, no i18n instance — texts come back as {key, params} for the caller to translate.
// Times are read in the runtime's local time zone, as the operator sees them.

/** An i18n key (extras namespace) plus its interpolation parameters. */
export interface TextRef { key: string; params?: Record<string, string | number> }

const MINUTE = 60
const HOUR = 3600
const DAY = 86400

/** Anything accepted as a point in time: Date, milliseconds, 10-digit seconds, or a date string. */
export type TimeInput = Date | number | string

/** Converts a time input to a Date; a 10-digit number (or digit string) is seconds. Invalid → null. */
export function toDate(time: TimeInput | null | undefined): Date | null {
  if (time === null || time === undefined || time === '') return null
  let d: Date
  if (time instanceof Date) d = new Date(time.getTime())
  else if (typeof time === 'number' || /^\d+$/.test(time)) {
    const n = typeof time === 'number' ? time : Number(time)
    // 10 digits = a Unix timestamp in seconds (spec section 9); anything else is milliseconds.
    d = new Date(String(Math.trunc(Math.abs(n))).length === 10 ? n * 1000 : n)
  } else {
    // 'YYYY-MM-DD HH:mm:ss' is not ISO (space, local time); 'YYYY/MM/DD …' parses as local time everywhere.
    d = new Date(/^\d{4}-\d{1,2}-\d{1,2}( |$)/.test(time) ? time.replace(/-/g, '/') : time)
  }
  return Number.isNaN(d.getTime()) ? null : d
}

export const DEFAULT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss'

const pad = (n: number, w = 2) => String(n).padStart(w, '0')

/**
 * Formats a time with tokens YYYY, MM, DD, HH, mm, ss (default 'YYYY-MM-DD HH:mm:ss').
 * Returns '' for an empty or invalid input so tables show a blank cell, not "Invalid Date".
 */
export function formatTime(time: TimeInput | null | undefined, format = DEFAULT_TIME_FORMAT): string {
  const d = toDate(time)
  if (!d) return ''
  const parts: Record<string, string> = {
    YYYY: String(d.getFullYear()), MM: pad(d.getMonth() + 1), DD: pad(d.getDate()),
    HH: pad(d.getHours()), mm: pad(d.getMinutes()), ss: pad(d.getSeconds()),
  }
  return format.replace(/YYYY|MM|DD|HH|mm|ss/g, (t) => parts[t])
}

/** Seconds elapsed from `time` to `now` (never negative: clock skew shows as "just now"/0). */
function secondsSince(time: TimeInput, now: number): number | null {
  const d = toDate(time)
  if (!d) return null
  return Math.max(0, (now - d.getTime()) / 1000)
}

/** Time-ago: whole minutes under 1 hour, hours under 1 day, else days. */
export function timeAgo(time: TimeInput, now = Date.now()): TextRef | null {
  const s = secondsSince(time, now)
  if (s === null) return null
  if (s < HOUR) return { key: 'extras:time.minutesAgo', params: { count: Math.floor(s / MINUTE) } }
  if (s < DAY) return { key: 'extras:time.hoursAgo', params: { count: Math.floor(s / HOUR) } }
  return { key: 'extras:time.daysAgo', params: { count: Math.floor(s / DAY) } }
}

/**
 * Relative time: under 30 s 'just now', under 1 h minutes (rounded up), under 1 day hours (rounded up),
 * under 2 days 'yesterday', else the date in `format`.
 */
export function relativeTime(time: TimeInput, now = Date.now(), format = DEFAULT_TIME_FORMAT): TextRef | null {
  const s = secondsSince(time, now)
  if (s === null) return null
  if (s < 30) return { key: 'extras:time.justNow' }
  if (s < HOUR) return { key: 'extras:time.minutesAgo', params: { count: Math.ceil(s / MINUTE) } }
  if (s < DAY) return { key: 'extras:time.hoursAgo', params: { count: Math.ceil(s / HOUR) } }
  if (s < 2 * DAY) return { key: 'extras:time.yesterday' }
  return { key: 'extras:time.date', params: { date: formatTime(time, format) } }
}

const SUFFIXES: readonly [number, string][] = [[1e18, 'E'], [1e15, 'P'], [1e12, 'T'], [1e9, 'G'], [1e6, 'M'], [1e3, 'k']]

/** 1234 → '1.2k', 1e6 → '1M' (trailing zeros dropped); below 1000 the plain number. */
export function numberWithSuffix(num: number, digits = 1): string {
  if (!Number.isFinite(num)) return '0'
  const abs = Math.abs(num)
  for (const [value, symbol] of SUFFIXES) {
    if (abs >= value) {
      const s = (abs / value).toFixed(digits).replace(/\.0+$|(\.\d*[1-9])0+$/, '$1')
      return (num < 0 ? '-' : '') + s + symbol
    }
  }
  return String(num)
}

/** 1234567.89 → '1,234,567.89' (only the integer part is grouped); non-numbers → '0'. */
export function thousands(num: number | string): string {
  const n = Number(num)
  if (!Number.isFinite(n)) return '0'
  const [int, frac] = String(n).split('.')
  const grouped = int.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return frac === undefined ? grouped : `${grouped}.${frac}`
}

/** Time slots over 24 hours every `stepMinutes`: 30 → ['00:00', '00:30', …, '23:30']. */
export function timeSlots(stepMinutes = 30): string[] {
  if (!Number.isInteger(stepMinutes) || stepMinutes <= 0 || stepMinutes > 24 * 60) {
    throw new RangeError(`stepMinutes must be an integer in 1..1440, got ${stepMinutes}`)
  }
  const out: string[] = []
  for (let m = 0; m < 24 * 60; m += stepMinutes) out.push(`${pad(Math.floor(m / 60))}:${pad(m % 60)}`)
  return out
}

/** Excel download name: year-month-day-hour-minute-second.xlsx (spec section 7 helpers). */
export function excelFileName(now: Date = new Date()): string {
  return `${formatTime(now, 'YYYY-MM-DD-HH-mm-ss')}.xlsx`
}

/**
 * File name of an export: the content-disposition filename (RFC 5987 `filename*` preferred, percent-
 * decoded), else the date as YYYYMMDD (plus `fallbackExt`, e.g. '.xlsx').
 */
export function exportFileName(contentDisposition: string | null | undefined, now: Date = new Date(), fallbackExt = ''): string {
  const cd = contentDisposition ?? ''
  const star = /filename\*\s*=\s*(?:[\w-]+)?'[^']*'([^;]+)/i.exec(cd)
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/i.exec(cd)
  const raw = star?.[1] ?? plain?.[2] ?? plain?.[1]
  if (raw) {
    const trimmed = raw.trim()
    let name = trimmed
    try { name = decodeURIComponent(trimmed) } catch { /* not percent-encoded: keep as sent */ }
    // Never let a server-supplied name walk out of the downloads folder.
    name = name.replace(/[/\\]/g, '_').trim()
    if (name) return name
  }
  return formatTime(now, 'YYYYMMDD') + fallbackExt
}

/** Drops keys whose value is the empty string (spec section 5); other values, null included, stay. */
export function dropEmptyStrings<T extends Record<string, unknown>>(query: T): Partial<T> {
  const out: Partial<T> = {}
  for (const [k, v] of Object.entries(query)) if (v !== '') (out as Record<string, unknown>)[k] = v
  return out
}

/** Adds calendar months, clamping the day (31 Jan + 1 month = 28/29 Feb). */
export function addMonths(date: Date, months: number): Date {
  const d = new Date(date.getTime())
  const day = d.getDate()
  d.setDate(1)
  d.setMonth(d.getMonth() + months)
  const last = new Date(d.getFullYear(), d.getMonth() + 1, 0).getDate()
  d.setDate(Math.min(day, last))
  return d
}

/** Bounds of a date range picked around `firstPicked`: `spanMonths` (default 1) either side. */
export function dateRangeBounds(firstPicked: Date, spanMonths = 1): { min: Date; max: Date } {
  return { min: addMonths(firstPicked, -spanMonths), max: addMonths(firstPicked, spanMonths) }
}

/**
 * Whether `candidate` must be disabled in a range picker once `firstPicked` is chosen (null = nothing
 * picked yet: everything enabled). Compares whole days so the bound days themselves stay selectable.
 */
export function isOutsideRange(candidate: Date, firstPicked: Date | null, spanMonths = 1): boolean {
  if (!firstPicked) return false
  const { min, max } = dateRangeBounds(firstPicked, spanMonths)
  return isOutside(candidate, min, max)
}

/** Disabled when before `min` or after `max` (day granularity; either bound optional — "minimum date only"). */
export function isOutside(candidate: Date, min?: Date | null, max?: Date | null): boolean {
  const day = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime()
  if (min && day(candidate) < day(min)) return true
  if (max && day(candidate) > day(max)) return true
  return false
}
