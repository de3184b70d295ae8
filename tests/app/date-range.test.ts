// The date range filter's reading of what is typed, its presets and the spec's span (pure).
import { describe, expect, it } from 'vitest'
import { formatDateRange, parseDateRange, parseDay, presetRange, spanDays, DEFAULT_SPAN_DAYS } from '../../src/app/grid/date-range'
import { maxSpanOf, rangeTooLong } from '../../src/app/grid/query'
import type { GridColumn } from '../../src/app/grid/types'

const today = new Date(2026, 10, 27) // 27 Nov 2026, local

describe('date range control', () => {
  it('reads typed ranges in the usual shapes, one day, and spans back from today', () => {
    expect(parseDateRange('2026-11-01 ~ 2026-11-27', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('2026-11-01..2026-11-27', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('20261101-20261127', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('2026/11/01 to 2026/11/27', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('2026-11-01 至 2026-11-27', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('2026-11-01 a 2026-11-27', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' })
    expect(parseDateRange('2026-11-27 ~ 2026-11-01', today)).toEqual({ from: '2026-11-01', to: '2026-11-27' }) // turned round
    expect(parseDateRange('2026-11-05', today)).toEqual({ from: '2026-11-05', to: '2026-11-05' })
    expect(parseDateRange('7d', today)).toEqual({ from: '2026-11-20', to: '2026-11-27' })
    expect(parseDateRange('2w', today)).toEqual({ from: '2026-11-13', to: '2026-11-27' })
    expect(parseDateRange('1m', today)).toEqual({ from: '2026-10-27', to: '2026-11-27' })
    expect(parseDateRange('  ', today)).toBeNull()
  })

  it('refuses what is no range: half ranges, impossible days, words', () => {
    for (const bad of ['2026-11-01 ~', '2026-02-30', '2026-13-01 ~ 2026-13-02', 'yesterday', '0d', '2026-11-01 ~ 2026-11-02 ~ 2026-11-03']) {
      expect(parseDateRange(bad, today), bad).toBe('invalid')
    }
    expect(parseDay('2028-02-29')).toBe('2028-02-29')
    expect(parseDay('2026-02-29')).toBeNull()
  })

  it('offers the spec time filters ending today: latest week, last month, last three months', () => {
    expect(presetRange('week', today)).toEqual({ from: '2026-11-20', to: '2026-11-27' })
    expect(presetRange('month', today)).toEqual({ from: '2026-10-28', to: '2026-11-27' })
    expect(presetRange('quarter', today)).toEqual({ from: '2026-08-29', to: '2026-11-27' })
    expect(spanDays(presetRange('month', today))).toBeLessThanOrEqual(DEFAULT_SPAN_DAYS)
    expect(spanDays(presetRange('quarter', today))).toBeGreaterThan(DEFAULT_SPAN_DAYS)
    expect(formatDateRange({ from: '2026-11-01', to: '2026-11-02' })).toBe('2026-11-01 ~ 2026-11-02')
  })

  it('limits a range to the spec default month unless the column allows more', () => {
    const plain: GridColumn = { id: 'createdAt', titleKey: 'x', filter: 'dateRange' }
    const wide: GridColumn = { ...plain, maxSpan: { days: 92, messageKey: 'outbound:order.errors.dateSpan' } }
    expect(maxSpanOf(plain).days).toBe(31)
    expect(rangeTooLong([plain], { createdAtFrom: '2026-10-01', createdAtTo: '2026-11-01' })).toBeUndefined()
    expect(rangeTooLong([plain], { createdAtFrom: '2026-10-01', createdAtTo: '2026-11-02' })?.param).toBe('createdAtTo')
    expect(rangeTooLong([wide], { createdAtFrom: '2026-08-29', createdAtTo: '2026-11-27' })).toBeUndefined()
  })
})
