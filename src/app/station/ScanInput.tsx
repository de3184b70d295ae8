// The one scan field of every station: keeps the focus (a click elsewhere or a closed dialog brings it
// back; keystrokes typed while nothing has focus land here), Enter submits the trimmed text and
// clears the field, and it tells a scanner burst from typing by the key rhythm. While it has focus
// the 'scan' focus scope is on top, so global single-key shortcuts stay quiet.
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useFocusScope } from '../palette/focus'
import { usePageActive } from '../pages/kit'

export type ScanSource = 'scanner' | 'typed'

/** Scanners send a whole code within a few ms per character; people take ≥ 50 ms per key. */
const SCANNER_MS_PER_KEY = 35

export interface ScanInputProps {
  onScan(code: string, meta: { source: ScanSource }): void
  /** i18n key of the visible label (what to scan now). */
  labelKey: string
  placeholderKey?: string
  /** Keys the station handles itself (Alt+Q …); called before Enter handling. */
  onKeyDown?(e: KeyboardEvent<HTMLInputElement>): void
  inputRef?: RefObject<HTMLInputElement | null>
  /** When false the field neither grabs nor keeps focus (hidden tab, a dialog of the station open). */
  active?: boolean
  testId?: string
}

/** Elements focus may legitimately move to without the scan field pulling it back. */
const KEEPS_FOCUS = 'input, select, textarea, button, [role="dialog"] *, [data-station-keep-focus]'

export function ScanInput(props: ScanInputProps) {
  const { t } = useTranslation()
  const pageActive = usePageActive()
  const active = (props.active ?? true) && pageActive
  const own = useRef<HTMLInputElement>(null)
  const ref = props.inputRef ?? own
  const [value, setValue] = useState('')
  const [focused, setFocused] = useState(false)
  const keys = useRef<{ first: number; last: number; n: number }>({ first: 0, last: 0, n: 0 })
  useFocusScope('scan', active && focused)

  // Grab focus when active, and take back focus that fell to the page body.
  useEffect(() => {
    if (!active) return
    const el = ref.current
    if (el && document.activeElement !== el && !document.activeElement?.closest?.(KEEPS_FOCUS)) el.focus()
    const onFocusOut = () => {
      setTimeout(() => {
        const a = document.activeElement
        if (!a || a === document.body || a === document.documentElement) ref.current?.focus()
      }, 0)
    }
    const onKey = (e: globalThis.KeyboardEvent) => {
      const a = document.activeElement
      if ((a && a !== document.body) || e.ctrlKey || e.metaKey || e.altKey || e.key.length !== 1) return
      ref.current?.focus()
    }
    document.addEventListener('focusout', onFocusOut)
    window.addEventListener('keydown', onKey, true)
    return () => { document.removeEventListener('focusout', onFocusOut); window.removeEventListener('keydown', onKey, true) }
  }, [active, ref])

  const keyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    props.onKeyDown?.(e)
    if (e.defaultPrevented) return
    if (e.key === 'Enter') {
      e.preventDefault()
      const code = value.trim()
      const k = keys.current
      const source: ScanSource = k.n >= 4 && (k.last - k.first) / (k.n - 1) < SCANNER_MS_PER_KEY ? 'scanner' : 'typed'
      keys.current = { first: 0, last: 0, n: 0 }
      setValue('')
      if (code) props.onScan(code, { source })
      return
    }
    if (e.key.length === 1) {
      const now = performance.now()
      const k = keys.current
      keys.current = k.n === 0 ? { first: now, last: now, n: 1 } : { first: k.first, last: now, n: k.n + 1 }
    }
  }

  return (
    <label className="flex flex-col gap-1">
      <span className="text-sm font-medium text-slate-600">{t(props.labelKey)}</span>
      <input
        ref={ref}
        data-testid={props.testId ?? 'scan-input'}
        className="w-full rounded border-2 border-sky-500 px-3 py-2 font-mono text-2xl outline-none focus:ring-4 focus:ring-sky-200"
        value={value}
        autoComplete="off"
        spellCheck={false}
        placeholder={props.placeholderKey ? t(props.placeholderKey) : undefined}
        onChange={(e) => setValue(e.target.value)}
        onKeyDown={keyDown}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </label>
  )
}
