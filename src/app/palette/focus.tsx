// useFocusScope and the one modal frame of the console (palette, keymap help, confirmations and every
// form dialog): pushes its focus scope; puts focus on its first field as soon as its content is there
// (a dialog that loads its row first holds the focus on its panel meanwhile, so no key reaches the
// page behind); traps Tab inside; Esc closes — asking first when a form inside has unsaved changes;
// and gives focus back where it was opened from (or, when that is gone, to the page's work).
import { createContext, useCallback, useEffect, useMemo, useRef, useState, type ReactNode, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { FocusScope } from '../../domain/commands'
import { pushScope } from '../keys/focus-stack'
import { focusPageWork } from '../router/arrival'
import { askConfirm } from '../commands/interaction'

/** Pushes `scope` on the focus stack while mounted and `active`. */
export function useFocusScope(scope: FocusScope, active = true): void {
  useEffect(() => (active ? pushScope(scope) : undefined), [scope, active])
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'
/** A dialog's first field: what its operator fills in (buttons only when there is no field). */
const FIELD = 'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"]), [role="listbox"][tabindex], button[aria-haspopup="listbox"]:not([disabled])'

const visible = (el: HTMLElement) => el.getClientRects().length > 0

/** Where a dialog puts the focus first: an explicit autofocus, else its first field, else its first control. */
export function firstFocusTarget(panel: HTMLElement): HTMLElement | null {
  const pick = (sel: string) => [...panel.querySelectorAll<HTMLElement>(sel)].find(visible) ?? null
  return pick('[autofocus], [data-autofocus]') ?? pick(FIELD) ?? pick(FOCUSABLE)
}

/** Forms inside a dialog report unsaved changes here (useUnsavedChangesPrompt), so Esc can ask first. */
export interface DialogDirty { set(id: symbol, dirty: boolean): void }
export const DialogDirtyContext = createContext<DialogDirty | null>(null)

/** Where the last closed modal sent focus: a modal opened from another one (palette → confirm) hands it on. */
let returnTo: HTMLElement | null = null

/**
 * Gives focus back to what had it before the modal opened — unless another modal took it meanwhile.
 * When that element is gone (it was inside a modal that closed first, or on a page left since), the
 * previous target is used, else the page's work.
 */
function returnFocus(previous: HTMLElement | null): void {
  const usable = (el: HTMLElement | null) => !!el && el.isConnected && visible(el) && el !== document.body
  const target = usable(previous) ? previous : usable(returnTo) ? returnTo : null
  returnTo = target
  const active = document.activeElement
  if (active && active !== document.body && active.isConnected) return
  if (target && typeof target.focus === 'function') target.focus()
  if (!target || document.activeElement !== target) focusPageWork()
}

export function Modal(props: {
  scope: FocusScope
  labelledBy: string
  onEscape: () => void
  children: ReactNode
  className?: string
  testId?: string
  onKeyDown?: (e: ReactKeyboardEvent<HTMLDivElement>) => void
}) {
  const { scope, labelledBy, onEscape, children, className, testId, onKeyDown } = props
  useFocusScope(scope)
  const panel = useRef<HTMLDivElement>(null)
  // Captured while rendering, before autoFocus moves focus into the modal.
  const [previous] = useState(() => (typeof document === 'object' ? (document.activeElement as HTMLElement | null) : null))
  const dirtyForms = useRef(new Set<symbol>())
  const dirty = useMemo<DialogDirty>(() => ({ set: (id, d) => { if (d) dirtyForms.current.add(id); else dirtyForms.current.delete(id) } }), [])
  useEffect(() => {
    const el = panel.current
    if (!el) return undefined
    // Until a field is there (a row still loading), the panel itself holds the focus.
    const place = () => {
      const a = document.activeElement
      if (a && a !== el && el.contains(a)) return true
      // Still loading (its row, its options): only buttons so far — hold the panel until the fields come.
      const loading = !!el.querySelector('[role="status"], [aria-busy="true"]')
      const first = firstFocusTarget(el)
      if (first && !(loading && first.matches('button, [href]'))) { first.focus(); return document.activeElement === first }
      if (a !== el) el.focus()
      return false
    }
    if (place()) return () => { returnFocus(previous) }
    const watch = new MutationObserver(() => { if (document.activeElement === el || !el.contains(document.activeElement)) { if (place()) watch.disconnect() } else watch.disconnect() })
    watch.observe(el, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden', 'class', 'style'] })
    return () => { watch.disconnect(); returnFocus(previous) }
  }, [previous])
  const escape = useCallback(async () => {
    if (dirtyForms.current.size && !(await askConfirm('forms:discard', { titleKey: 'forms:discardTitle' }))) return
    dirtyForms.current.clear()
    onEscape()
  }, [onEscape])
  const keyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e)
    if (e.defaultPrevented) return
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      void escape()
      return
    }
    if (e.key === 'Tab' && panel.current) {
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(visible)
      if (!items.length) { e.preventDefault(); return }
      const first = items[0]
      const last = items[items.length - 1]
      const at = document.activeElement
      if (e.shiftKey && (at === first || at === panel.current)) { e.preventDefault(); last.focus() }
      else if (!e.shiftKey && (at === last || at === panel.current)) { e.preventDefault(); first.focus() }
    }
  }
  return (
    <div className="fixed inset-0 z-[100] flex items-start justify-center bg-black/30 p-4 pt-[12vh]" onMouseDown={(e) => { if (e.target === e.currentTarget) void escape() }}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={labelledBy} data-testid={testId} onKeyDown={keyDown} tabIndex={-1}
        className={`${className ?? 'w-full max-w-xl overflow-hidden rounded-lg bg-white shadow-2xl'} outline-none`}>
        <DialogDirtyContext.Provider value={dirty}>{children}</DialogDirtyContext.Provider>
      </div>
    </div>
  )
}

/** Key caps of a shortcut. */
export function Keys({ caps }: { caps: string[][] }) {
  return (
    <span className="flex items-center gap-1 text-xs text-slate-500">
      {caps.map((press, i) => (
        <span key={i} className="flex items-center gap-0.5">
          {press.map((k, j) => <kbd key={j} className="rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-[11px] text-slate-700">{k}</kbd>)}
        </span>
      ))}
    </span>
  )
}
