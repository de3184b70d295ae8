// useFocusScope and the small modal frame shared by the palette, the keymap help and the command
// confirmation: pushes its focus scope, traps Tab inside, and gives focus back where it was.
import { useEffect, useRef, useState, type ReactNode, type KeyboardEvent as ReactKeyboardEvent } from 'react'
import type { FocusScope } from '../../domain/commands'
import { pushScope } from '../keys/focus-stack'

/** Pushes `scope` on the focus stack while mounted and `active`. */
export function useFocusScope(scope: FocusScope, active = true): void {
  useEffect(() => (active ? pushScope(scope) : undefined), [scope, active])
}

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** Where the last closed modal sent focus: a modal opened from another one (palette → confirm) hands it on. */
let returnTo: HTMLElement | null = null

/**
 * Gives focus back to what had it before the modal opened — unless another modal took it meanwhile.
 * When that element is gone (it was inside a modal that closed first), the previous target is used.
 */
function returnFocus(previous: HTMLElement | null): void {
  const target = previous && previous.isConnected ? previous : returnTo && returnTo.isConnected ? returnTo : null
  returnTo = target
  const active = document.activeElement
  if (target && (!active || active === document.body) && typeof target.focus === 'function') target.focus()
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
  useEffect(() => {
    if (panel.current && !panel.current.contains(document.activeElement)) {
      const first = panel.current.querySelector<HTMLElement>('[autofocus], [data-autofocus]') ?? panel.current.querySelector<HTMLElement>(FOCUSABLE)
      first?.focus()
    }
    return () => { returnFocus(previous) }
  }, [previous])
  const keyDown = (e: ReactKeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(e)
    if (e.defaultPrevented) return
    if (e.key === 'Escape') {
      e.preventDefault()
      e.stopPropagation()
      onEscape()
      return
    }
    if (e.key === 'Tab' && panel.current) {
      const items = [...panel.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
      if (!items.length) return
      const first = items[0]
      const last = items[items.length - 1]
      if (e.shiftKey && document.activeElement === first) { e.preventDefault(); last.focus() }
      else if (!e.shiftKey && document.activeElement === last) { e.preventDefault(); first.focus() }
    }
  }
  return (
    <div className="fixed inset-0 z-[100] flex items-start justify-center bg-black/30 p-4 pt-[12vh]" onMouseDown={(e) => { if (e.target === e.currentTarget) onEscape() }}>
      <div ref={panel} role="dialog" aria-modal="true" aria-labelledby={labelledBy} data-testid={testId} onKeyDown={keyDown}
        className={className ?? 'w-full max-w-xl overflow-hidden rounded-lg bg-white shadow-2xl'}>
        {children}
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
