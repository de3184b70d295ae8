// The grid's filter bar: one keyboard-friendly input per filterable column. Enter applies, Esc goes
// back to the rows; '/' in the grid focuses the first input. Ranges need both ends (spec section 5);
// a date range longer than its column's `maxSpan` is refused with the column's message.
import { forwardRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { filterParams, incompleteRange, rangeTooLong } from './query'
import type { FilterValues, GridColumn } from './types'

export interface FilterBarProps {
  gridId: string
  columns: readonly GridColumn<any>[]
  values: FilterValues
  onApply(values: FilterValues): void
  onEscape(): void
}

export const FilterBar = forwardRef<HTMLFormElement, FilterBarProps>(function FilterBar({ gridId, columns, values, onApply, onEscape }, ref) {
  const { t } = useTranslation()
  const [draft, setDraft] = useState<FilterValues>(values)
  const [error, setError] = useState<string | null>(null)
  const filterable = columns.filter((c) => c.filter)
  if (!filterable.length) return null
  const set = (k: string, v: string) => setDraft((d) => ({ ...d, [k]: v }))
  const apply = (v: FilterValues) => {
    const missing = incompleteRange(filterable, v)
    if (missing) {
      const col = filterable.find((c) => filterParams(c).includes(missing))!
      setError(t('grid:list.rangeNeedsBoth', { field: t(col.titleKey) }))
      document.getElementById(`${gridId}-f-${missing}`)?.focus()
      return
    }
    const long = rangeTooLong(filterable, v)
    if (long) {
      setError(t(long.column.maxSpan!.messageKey, { days: long.column.maxSpan!.days, field: t(long.column.titleKey) }))
      document.getElementById(`${gridId}-f-${long.param}`)?.focus()
      return
    }
    setError(null)
    onApply(v)
  }
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation(); onEscape() }
  }
  const input = 'h-7 border rounded px-2 text-sm'
  return (
    <form
      ref={ref} role="search" aria-label={t('grid:filter.bar')} className="flex flex-wrap items-end gap-2 py-2"
      onSubmit={(e) => { e.preventDefault(); apply(draft) }} onKeyDown={onKey} data-testid={`${gridId}-filters`}
    >
      {filterable.map((c) => {
        const title = t(c.titleKey)
        const [a, b] = filterParams(c)
        switch (c.filter) {
          case 'text':
            return (
              <label key={c.id} className="flex flex-col text-xs text-gray-600">
                {title}
                <input id={`${gridId}-f-${a}`} type="search" className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)} />
              </label>
            )
          case 'enum':
            return (
              <label key={c.id} className="flex flex-col text-xs text-gray-600">
                {title}
                <select id={`${gridId}-f-${a}`} className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)}>
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
          case 'numberRange': {
            const type = c.filter === 'dateRange' ? 'date' : 'number'
            return (
              <fieldset key={c.id} className="flex items-end gap-1 text-xs text-gray-600">
                <legend className="sr-only">{title}</legend>
                <label className="flex flex-col">{t('grid:filter.from', { column: title })}
                  <input id={`${gridId}-f-${a}`} type={type} className={input} value={draft[a] ?? ''} onChange={(e) => set(a, e.target.value)} />
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
      <button type="submit" className="h-7 px-3 rounded bg-[var(--theme,#1890ff)] text-white text-sm">{t('grid:filter.apply')}</button>
      <button type="button" className="h-7 px-3 rounded border text-sm" onClick={() => { setDraft({}); apply({}) }}>{t('grid:filter.reset')}</button>
      {error && <p role="alert" className="w-full text-xs text-red-600">{error}</p>}
    </form>
  )
})
