import { describe, it, expect } from 'vitest'
import {
  toDate, formatTime, timeAgo, relativeTime, numberWithSuffix, thousands, timeSlots, excelFileName,
  exportFileName, dropEmptyStrings, addMonths, dateRangeBounds, isOutsideRange, isOutside,
} from '../../src/domain/format'

// Local-time dates throughout: the formatters read local time, so the tests hold in any time zone.
const at = (y: number, mo: number, d: number, h = 0, mi = 0, s = 0) => new Date(y, mo - 1, d, h, mi, s)

describe('toDate / formatTime', () => {
  it('formats with the default YYYY-MM-DD HH:mm:ss, zero-padded', () => {
    expect(formatTime(at(2026, 3, 7, 9, 5, 4))).toBe('2026-03-07 09:05:04')
  })
  it('treats a 10-digit timestamp as seconds and 13 digits as milliseconds', () => {
    const d = at(2026, 11, 22, 14, 30, 15)
    const secs = Math.floor(d.getTime() / 1000)
    expect(String(secs)).toHaveLength(10)
    expect(formatTime(secs)).toBe('2026-11-22 14:30:15')
    expect(formatTime(String(secs))).toBe('2026-11-22 14:30:15')
    expect(formatTime(d.getTime())).toBe('2026-11-22 14:30:15')
  })
  it('reads "YYYY-MM-DD HH:mm:ss" strings as local time', () => {
    expect(formatTime('2026-01-02 03:04:05', 'HH:mm')).toBe('03:04')
    expect(toDate('2026-01-02')?.getDate()).toBe(2)
  })
  it('accepts custom formats', () => {
    expect(formatTime(at(2026, 12, 31, 23, 59, 58), 'YYYY/MM/DD')).toBe('2026/12/31')
    expect(formatTime(at(2026, 12, 31, 23, 59, 58), 'YYYYMMDD')).toBe('20261231')
  })
  it('gives "" for empty or invalid input', () => {
    expect(formatTime(null)).toBe('')
    expect(formatTime('')).toBe('')
    expect(formatTime('not a date')).toBe('')
  })
})

describe('timeAgo', () => {
  const now = at(2026, 5, 10, 12, 0, 0).getTime()
  it('minutes under one hour (floored)', () => {
    expect(timeAgo(now - 59 * 1000, now)).toEqual({ key: 'extras:time.minutesAgo', params: { count: 0 } })
    expect(timeAgo(now - 59 * 60 * 1000 - 59_000, now)).toEqual({ key: 'extras:time.minutesAgo', params: { count: 59 } })
  })
  it('hours from one hour to under one day', () => {
    expect(timeAgo(now - 3600 * 1000, now)).toEqual({ key: 'extras:time.hoursAgo', params: { count: 1 } })
    expect(timeAgo(now - (86400 - 1) * 1000, now)).toEqual({ key: 'extras:time.hoursAgo', params: { count: 23 } })
  })
  it('days from one day on', () => {
    expect(timeAgo(now - 86400 * 1000, now)).toEqual({ key: 'extras:time.daysAgo', params: { count: 1 } })
    expect(timeAgo(now - 10 * 86400 * 1000, now)).toEqual({ key: 'extras:time.daysAgo', params: { count: 10 } })
  })
  it('accepts 10-digit seconds and returns null for garbage', () => {
    expect(timeAgo(Math.floor(now / 1000) - 7200, now)).toEqual({ key: 'extras:time.hoursAgo', params: { count: 2 } })
    expect(timeAgo('nope', now)).toBeNull()
  })
})

describe('relativeTime', () => {
  const now = at(2026, 5, 10, 12, 0, 0).getTime()
  const ago = (s: number) => now - s * 1000
  it('just now under 30 s (and for future times)', () => {
    expect(relativeTime(ago(0), now)).toEqual({ key: 'extras:time.justNow' })
    expect(relativeTime(ago(29), now)).toEqual({ key: 'extras:time.justNow' })
    expect(relativeTime(now + 60_000, now)).toEqual({ key: 'extras:time.justNow' })
  })
  it('minutes (rounded up) from 30 s to under 1 h', () => {
    expect(relativeTime(ago(30), now)).toEqual({ key: 'extras:time.minutesAgo', params: { count: 1 } })
    expect(relativeTime(ago(61), now)).toEqual({ key: 'extras:time.minutesAgo', params: { count: 2 } })
    expect(relativeTime(ago(3599), now)).toEqual({ key: 'extras:time.minutesAgo', params: { count: 60 } })
  })
  it('hours under a day, yesterday under two days', () => {
    expect(relativeTime(ago(3600), now)).toEqual({ key: 'extras:time.hoursAgo', params: { count: 1 } })
    expect(relativeTime(ago(86399), now)).toEqual({ key: 'extras:time.hoursAgo', params: { count: 24 } })
    expect(relativeTime(ago(86400), now)).toEqual({ key: 'extras:time.yesterday' })
    expect(relativeTime(ago(2 * 86400 - 1), now)).toEqual({ key: 'extras:time.yesterday' })
  })
  it('the date from two days on, in the default or a given format', () => {
    const t = at(2026, 5, 8, 12, 0, 0).getTime()
    expect(relativeTime(t, now)).toEqual({ key: 'extras:time.date', params: { date: '2026-05-08 12:00:00' } })
    expect(relativeTime(t, now, 'MM-DD')).toEqual({ key: 'extras:time.date', params: { date: '05-08' } })
  })
})

describe('number formatting', () => {
  it('suffixes k, M, G, T, P, E with trailing zeros dropped', () => {
    expect(numberWithSuffix(999)).toBe('999')
    expect(numberWithSuffix(1000)).toBe('1k')
    expect(numberWithSuffix(1250)).toBe('1.3k')
    expect(numberWithSuffix(1250, 2)).toBe('1.25k')
    expect(numberWithSuffix(2_000_000)).toBe('2M')
    expect(numberWithSuffix(3.5e9)).toBe('3.5G')
    expect(numberWithSuffix(4e12)).toBe('4T')
    expect(numberWithSuffix(5e15)).toBe('5P')
    expect(numberWithSuffix(6e18)).toBe('6E')
    expect(numberWithSuffix(-1500)).toBe('-1.5k')
    expect(numberWithSuffix(1_234_000, 3)).toBe('1.234M')
    expect(numberWithSuffix(1_010_000, 3)).toBe('1.01M')
  })
  it('thousands separator on the integer part only', () => {
    expect(thousands(0)).toBe('0')
    expect(thousands(999)).toBe('999')
    expect(thousands(1000)).toBe('1,000')
    expect(thousands(1234567.891)).toBe('1,234,567.891')
    expect(thousands(-9876543)).toBe('-9,876,543')
    expect(thousands('12345')).toBe('12,345')
    expect(thousands('abc')).toBe('0')
  })
})

describe('timeSlots', () => {
  it('covers 24 hours by the minute step', () => {
    const half = timeSlots(30)
    expect(half).toHaveLength(48)
    expect(half.slice(0, 3)).toEqual(['00:00', '00:30', '01:00'])
    expect(half.at(-1)).toBe('23:30')
    expect(timeSlots(60)).toHaveLength(24)
    expect(timeSlots(1)).toHaveLength(1440)
    expect(timeSlots(45).slice(0, 3)).toEqual(['00:00', '00:45', '01:30'])
  })
  it('refuses a non-positive or fractional step', () => {
    expect(() => timeSlots(0)).toThrow(RangeError)
    expect(() => timeSlots(7.5)).toThrow(RangeError)
  })
})

describe('file names', () => {
  const when = at(2026, 1, 5, 7, 8, 9)
  it('Excel: year-month-day-hour-minute-second.xlsx', () => {
    expect(excelFileName(when)).toBe('2026-01-05-07-08-09.xlsx')
  })
  it('export: content-disposition filename, RFC 5987 form preferred and decoded', () => {
    expect(exportFileName('attachment; filename="stock list.xlsx"', when)).toBe('stock list.xlsx')
    expect(exportFileName('attachment; filename=report.csv', when)).toBe('report.csv')
    expect(exportFileName(`attachment; filename="fallback.xlsx"; filename*=UTF-8''%E5%BA%93%E5%AD%98.xlsx`, when)).toBe('库存.xlsx')
    expect(exportFileName('attachment; filename=%E5%87%BA%E5%BA%93.xlsx', when)).toBe('出库.xlsx')
  })
  it('export: path separators in a server name cannot escape the folder', () => {
    expect(exportFileName('attachment; filename="../../etc/passwd"', when)).toBe('.._.._etc_passwd')
  })
  it('export: YYYYMMDD when there is no usable header', () => {
    expect(exportFileName(null, when)).toBe('20260105')
    expect(exportFileName('attachment', when, '.xlsx')).toBe('20260105.xlsx')
    expect(exportFileName('attachment; filename=""', when)).toBe('20260105')
  })
})

describe('dropEmptyStrings', () => {
  it('drops only empty-string values', () => {
    expect(dropEmptyStrings({ a: '', b: 'x', c: 0, d: null, e: false, f: [] as string[], g: ' ' }))
      .toEqual({ b: 'x', c: 0, d: null, e: false, f: [], g: ' ' })
  })
})

describe('date range limit', () => {
  it('adds months clamping the day', () => {
    expect(formatTime(addMonths(at(2026, 1, 31), 1), 'YYYY-MM-DD')).toBe('2026-02-28')
    expect(formatTime(addMonths(at(2028, 1, 31), 1), 'YYYY-MM-DD')).toBe('2028-02-29')
    expect(formatTime(addMonths(at(2026, 3, 31), -1), 'YYYY-MM-DD')).toBe('2026-02-28')
    expect(formatTime(addMonths(at(2026, 12, 15), 1), 'YYYY-MM-DD')).toBe('2027-01-15')
  })
  it('default span is one month either side of the first picked date', () => {
    const first = at(2026, 5, 15)
    const { min, max } = dateRangeBounds(first)
    expect(formatTime(min, 'YYYY-MM-DD')).toBe('2026-04-15')
    expect(formatTime(max, 'YYYY-MM-DD')).toBe('2026-06-15')
    expect(isOutsideRange(at(2026, 6, 15, 23, 59), first)).toBe(false)
    expect(isOutsideRange(at(2026, 6, 16), first)).toBe(true)
    expect(isOutsideRange(at(2026, 4, 15), first)).toBe(false)
    expect(isOutsideRange(at(2026, 4, 14, 23, 59), first)).toBe(true)
  })
  it('a wider span and nothing disabled before the first pick', () => {
    const first = at(2026, 5, 15)
    expect(isOutsideRange(at(2026, 7, 1), first, 3)).toBe(false)
    expect(isOutsideRange(at(2020, 1, 1), null)).toBe(false)
  })
  it('between two dates, or a minimum date only', () => {
    expect(isOutside(at(2026, 1, 1), at(2026, 1, 2), at(2026, 1, 9))).toBe(true)
    expect(isOutside(at(2026, 1, 2, 8), at(2026, 1, 2), at(2026, 1, 9))).toBe(false)
    expect(isOutside(at(2026, 1, 10), at(2026, 1, 2), at(2026, 1, 9))).toBe(true)
    expect(isOutside(at(2030, 1, 10), at(2026, 1, 2))).toBe(false)
    expect(isOutside(at(2025, 1, 10), at(2026, 1, 2))).toBe(true)
  })
})
