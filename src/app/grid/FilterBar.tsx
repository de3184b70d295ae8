// The grid's filter bar: one keyboard-friendly input per filterable column. Enter in any of them
// applies (a select too), Esc goes back to the rows; '/' in the grid focuses the first input. A date
// range is one typed control with the spec's presets (DateRangeFilter). Ranges need both ends (spec
// section 5); a date range longer than its column's span (the spec's one month unless the column
// says more) is refused with the column's message.
import { forwardRef, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { filterParams, incompleteRange, maxSpanOf, rangeTooLong } from './query'
import { DateRangeFilter } from './DateRangeFilter'
import { primaryFocusProps } from '../router/arrival'
import type { FilterValues, GridColumn } from './types'

export interface FilterBarProps {
  gridId: string
  columns: readonly GridColumn<any>[]
  values: FilterValues
  onApply(values: FilterValues): void
  onEscape(): void
  /** Mark the first filter as the page's work (an empty or failed list: the operator changes the filter). */
  primaryFirst?: boolean
}

/** The DOM id of the control that holds a filter parameter (a date range's two ends are one box). */
export const filterInputId = (gridId: string, col: Pick<GridColumn<any>, 'id' | 'filter'>, param: string) =>
  `${gridId}-f-${col.filter === 'dateRange' ? filterParams(col)[0] : param}`

export const FilterBar = forwardRef<HTMLFormElement, FilterBarProps>(function FilterBar({ gridId, columns, values, onApply, onEscape, primaryFirst }, ref) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<FilterValues>(values)
  const [error, setError] = useState<string | null>(null)
  /** Date range boxes whose text is no range yet: their refusal, by parameter. */
  const pending = useRef(new Map<string, string>())
  /** Bumped by Reset: the date boxes start again from empty (their typed text is their own state). */
  const [resets, setResets] = useState(0)
  const filterable = columns.filter((c) => c.filter)
  if (!filterable.length) return null
  const set = (k: string, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  const focusParam = (param: string) => {
    const col = filterable.find((c) => filterParams(c).includes(param))
    if (col) document.getElementById(filterInputId(gridId, col, param))?.focus()
  }
  const apply = (v: FilterValues) => {
    const [bad] = pending.current
    if (bad) {
      setError(bad[1])
      focusParam(bad[0])
      return
    }
    const missing = incompleteRange(filterable, v)
    if (missing) {
      const col = filterable.find((c) => filterParams(c).includes(missing))!
      setError(t('grid:list.rangeNeedsBoth', { field: t(col.titleKey) }))
      focusParam(missing)
      return
    }
    const long = rangeTooLong(filterable, v)
    if (long) {
      const span = maxSpanOf(long.column)
      setError(t(span.messageKey, { days: span.days, field: t(long.column.titleKey) }))
      focusParam(long.param)
      return
    }
    setError(null)
    onApply(v)
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && !e.defaultPrevented) { e.preventDefault(); e.stopPropagation(); onEscape() }
    // A select does not submit its form on Enter by itself.
    if (e.key === 'Enter' && (e.target as HTMLElement).tagName === 'SELECT') { e.preventDefault(); apply(draft) }
  }
  const input = 'h-7 border rounded px-2 text-sm'
  return (
    <form
      ref={ref} role="search" aria-label={t('grid:filter.bar')} className="flex flex-wrap items-end gap-2 py-2"
      onSubmit={(e) => { e.preventDefault(); apply(draft) }} onKeyDown={onKey} data-testid={`${gridId}-filters`}
    >
      {filterable.map((c, i) => {
        const title = t(c.titleKey)
        const primary = primaryFirst && i === 0 ? primaryFocusProps() : undefined
        const [a, b] = filterParams(c)
        switch (c.filter) {
          case 'text':
            return (
              <label key={c.id} className="flex flex-col text-xs text-gray-600">
                {title}
                <input id={`${gridId}-f-${a}`} type="search" className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)} {...primary} />
              </label>
            )
          case 'enum':
            return (
              <label key={c.id} className="flex flex-col text-xs text-gray-600">
                {title}
                <select id={`${gridId}-f-${a}`} className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)} {...primary}>
                  <option value="">{t('grid:filter.any')}</option>
                  {(c.enumDict ?? []).map((o) => <option key={o.value} value={o.value}>{t(o.labelKey)}</option>)}
                </select>
              </label>
            )
          case 'ref':
            return (
              <div key={c.id} className="flex flex-col text-xs text-gray-600">
                <label htmlFor={`${gridId}-f-${a}`}>{title}</label>
                {c.filterInput?.({ id: `${gridId}-f-${a}`, value: draft[a] ?? '', onChange: (v) => set(a, v), label: title })}
              </div>
            )
          case 'dateRange':
            return (
              <label key={c.id} className="flex flex-col text-xs text-gray-600" htmlFor={`${gridId}-f-${a}`}>
                {title}
                <DateRangeFilter key={resets} id={`${gridId}-f-${a}`} label={title} from={draft[a] ?? ''} to={draft[b] ?? ''} maxDays={maxSpanOf(c).days}
                  className={`${input} w-56 font-mono`} primary={primary} onInvalid={setError}
                  onPending={(m) => { if (m) pending.current.set(a, m); else pending.current.delete(a) }}
                  onChange={(r, now) => {
                    const next = { ...draft, [a]: r?.from ?? '', [b]: r?.to ?? '' }
                    setDraft(next)
                    if (now) apply(next)
                  }} />
              </label>
            )
          case 'numberRange': {
            const type = 'number'
            return (
              <fieldset key={c.id} className="flex items-end gap-1 text-xs text-gray-600">
                <legend className="sr-only">{title}</legend>
                <label className="flex flex-col">{t('grid:filter.from', { column: title })}
                  <input id={`${gridId}-f-${a}`} type={type} className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)} {...primary} />
                </label>
                <label className="flex flex-col">{t('grid:filter.to', { column: title })}
                  <input id={`${gridId}-f-${b}`} type={type} className={input} value={draft[b] ?? ''} onChange={(e) => set(b, e.target.value)} />
                </label>
              </fieldset>
            )
          }
          default: return null
        }
      })}
      {/* Search and Reset stay together when the bar wraps. */}
      <div className="flex shrink-0 gap-2">
        <button type="submit" className="h-7 px-3 rounded bg-[var(--theme,#1890ff)] text-white text-sm">{t('grid:filter.apply')}</button>
        <button type="button" className="h-7 px-3 rounded border text-sm" onClick={() => { pending.current.clear(); setResets((n) => n + 1); setDraft({}); apply({}) }}>{t('grid:filter.reset')}</button>
      </div>
      {error && <p role="alert" className="w-full text-xs text-red-600">{error}</p>}
    </form>
  )
})
