// One control for a date range filter, keyboard only: type a range ('2026-11-01 ~ 2026-11-27',
// '20261101-20261127', one day, '7d' / '2w' / '3m' back from today) or press ↓ for the spec's time
// filters (latest week, last month, last three months; one longer than the column allows is shown
// disabled with the reason). Enter applies the filter (a preset chosen with Enter applies at once),
// Esc closes the list first. The typed text stays when it is not a range, with the error named.
import { useId, useRef, useState, type KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateRange, parseDateRange, presetRange, RANGE_PRESETS, spanDays, type DayRange } from './date-range'

export interface DateRangeFilterProps {
  id: string
  label: string
  from: string
  to: string
  /** Longest span the column allows, in days. */
  maxDays: number
  /** The range (or null: cleared) typed or picked, and whether to apply the filter now. */
  onChange(range: DayRange | null, apply: boolean): void
  /** Text that is no range: the message to show (already translated), or null when it is fine again. */
  onInvalid(message: string | null): void
  /**
   * While the typed text is no range, the message applying the filter must give instead (null: the
   * text is a range, or empty). The Search button applies what is typed without leaving the box.
   */
  onPending(message: string | null): void
  className?: string
  primary?: Record<string, string>
}

export function DateRangeFilter({ id, label, from, to, maxDays, onChange, onInvalid, onPending, className, primary }: DateRangeFilterProps) {
  const { t } = useTranslation()
  const listId = useId()
  const [text, setTextState] = useState<string | null>(null)
  // Read synchronously too: applying moves the focus to the rows, and the blur that follows in the same
  // keystroke must see the text as it is now, not as the last render had it.
  const textRef = useRef<string | null>(null)
  const setText = (v: string | null) => { textRef.current = v; setTextState(v) }
  const invalidMessage = () => t('grid:filter.dateRangeInvalid', { field: label })
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(0)
  const shown = text ?? formatDateRange({ from, to })
  const today = new Date()
  const presets = RANGE_PRESETS.map((p) => {
    const r = presetRange(p.id, today)
    return { ...p, range: r, fits: spanDays(r) <= maxDays }
  })

  /** Reads the typed text; false when it is no range (the text is kept, the error shown). */
  const commit = (apply: boolean): boolean => {
    const typed = textRef.current
    if (typed === null) { if (apply) onChange(from && to ? { from, to } : null, true); return true }
    const r = parseDateRange(typed, today)
    if (r === 'invalid') {
      onInvalid(invalidMessage())
      return false
    }
    onInvalid(null)
    onPending(null)
    setText(null)
    onChange(r, apply)
    return true
  }
  const pick = (i: number) => {
    const p = presets[i]
    if (!p?.fits) return
    setOpen(false)
    setText(null)
    onInvalid(null)
    onPending(null)
    onChange(p.range, true)
  }
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (open) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault()
        setActive((a) => (a + (e.key === 'ArrowDown' ? 1 : presets.length - 1)) % presets.length)
        return
      }
      if (e.key === 'Enter') { e.preventDefault(); e.stopPropagation(); pick(active); return }
      if (e.key === 'Escape' || e.key === 'Tab') {
        if (e.key === 'Escape') { e.preventDefault(); e.stopPropagation() }
        setOpen(false)
        return
      }
    }
    if (e.key === 'ArrowDown') {
      e.preventDefault()
      setActive(Math.max(0, presets.findIndex((p) => p.fits)))
      setOpen(true)
      return
    }
    if (e.key === 'Enter') {
      // Applied from here with the range just read (the form's state would lag one render behind).
      e.preventDefault()
      e.stopPropagation()
      commit(true)
    }
  }
  const optionId = (i: number) => `${listId}-o${i}`
  return (
    <div className="relative">
      <input
        id={id} type="text" role="combobox" aria-expanded={open} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={open ? optionId(active) : undefined} aria-describedby={`${id}-hint`}
        className={className} value={shown} placeholder={t('grid:filter.dateRangePlaceholder')} size={23}
        onChange={(e) => {
          const v = e.target.value
          setText(v)
          onInvalid(null)
          // What is typed is what Search applies: a range now, or the refusal naming the field.
          const r = parseDateRange(v, new Date())
          if (r === 'invalid') onPending(invalidMessage())
          else { onPending(null); onChange(r, false) }
        }}
        onBlur={() => { setOpen(false); commit(false) }}
        onKeyDown={onKeyDown} autoComplete="off" spellCheck={false} {...primary}
      />
      <span id={`${id}-hint`} className="sr-only">{t('grid:filter.dateRangeHint', { days: maxDays })}</span>
      {open && (
        <ul id={listId} role="listbox" aria-label={label} className="absolute left-0 top-full z-30 mt-1 min-w-full rounded border bg-white py-1 text-sm shadow-lg">
          {presets.map((p, i) => (
            <li key={p.id} id={optionId(i)} role="option" aria-selected={i === active} aria-disabled={!p.fits || undefined}
              onMouseDown={(e) => { e.preventDefault(); pick(i) }}
              className={`flex cursor-pointer justify-between gap-3 whitespace-nowrap px-3 py-1 ${i === active ? 'bg-sky-50' : ''} ${p.fits ? 'text-slate-800' : 'cursor-default text-slate-400'}`}>
              <span>{t(p.labelKey)}</span>
              <span className="text-xs text-slate-500">{p.fits ? formatDateRange(p.range) : t('grid:filter.presetTooLong', { days: maxDays })}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
