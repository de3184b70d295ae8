// Keys every station's root handles alike (receiving, shelving, inspection and picking had each their
// own copy): Alt+letter read from the physical key (Alt+letter types other characters on some
// layouts; the letter itself as fallback), Enter or Esc in a side field (marked data-station-field:
// quantity, batch, cart …) back to the scan field, Esc on the empty scan field one step back.
import type { KeyboardEvent } from 'react'

/** The letter of an Alt+letter press (lower case), else null (no Alt, or Ctrl/Meta held too). */
export function altLetter(e: KeyboardEvent): string | null {
  if (!e.altKey || e.ctrlKey || e.metaKey) return null
  return e.code?.startsWith('Key') ? e.code.slice(3).toLowerCase() : e.key.toLowerCase()
}

/** Side field → scan field on Enter/Esc; Esc on the empty scan field → `onBack()`. True when the key was handled. */
export function stationFieldKeys(e: KeyboardEvent, scan: HTMLInputElement | null, onBack: () => void): boolean {
  const target = e.target as HTMLElement
  if (target !== scan && target.dataset?.stationField && (e.key === 'Enter' || e.key === 'Escape')) {
    e.preventDefault()
    e.stopPropagation()
    scan?.focus()
    return true
  }
  if (scan && target === scan && e.key === 'Escape' && !scan.value) {
    e.preventDefault()
    onBack()
    return true
  }
  return false
}

/** A side field's Alt key: focus it with its text selected (the next typing replaces it). */
export function focusField(el: HTMLInputElement | null): void {
  el?.focus()
  el?.select()
}
