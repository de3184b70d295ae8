// A one-line toolbar: its buttons stay on one line, and those that do not fit the width go into a
// "More" menu at its end instead of wrapping (issue 11). It works on whatever buttons its children
// render (a screen's command buttons, the grid's export and column buttons): after each layout it
// measures them, hides the ones past the edge, and the menu's items press the hidden button itself —
// so a command keeps one implementation, its reason when disabled and its test id.
import { useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react'
import { useTranslation } from 'react-i18next'

interface Hidden { index: number; label: string; title?: string; disabled: boolean; dimmed: boolean }

/** Room kept for the "More" button when something overflows (px). */
const MORE_WIDTH = 84

export function OverflowToolbar({ children, testId }: { children: ReactNode; testId: string }) {
  const { t } = useTranslation()
  const wrapRef = useRef<HTMLDivElement>(null)
  const itemsRef = useRef<HTMLDivElement>(null)
  const buttons = useRef<HTMLElement[]>([])
  const [hidden, setHidden] = useState<Hidden[]>([])

  const measure = useCallback(() => {
    const wrap = wrapRef.current
    const items = itemsRef.current
    if (!wrap || !items) return
    const all = [...items.querySelectorAll<HTMLElement>('button')]
    for (const b of all) b.style.removeProperty('display')
    buttons.current = all
    const width = wrap.clientWidth
    // No layout (tests without a renderer) or everything fits: nothing to hide.
    if (!width || items.scrollWidth <= width) { setHidden((h) => (h.length ? [] : h)); return }
    const left = items.getBoundingClientRect().left
    const cut = all.findIndex((b) => b.getBoundingClientRect().right - left > width - MORE_WIDTH)
    if (cut < 0) { setHidden((h) => (h.length ? [] : h)); return }
    const next = all.slice(cut).map((b, i) => {
      b.style.display = 'none'
      return {
        index: cut + i, label: (b.textContent ?? '').trim(), title: b.title || undefined,
        disabled: (b as HTMLButtonElement).disabled, dimmed: b.getAttribute('aria-disabled') === 'true',
      }
    })
    setHidden((h) => (JSON.stringify(h) === JSON.stringify(next) ? h : next))
  }, [])

  useLayoutEffect(() => {
    measure()
    const wrap = wrapRef.current
    const items = itemsRef.current
    if (!wrap || !items) return
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => measure())
    ro?.observe(wrap)
    // Buttons appear, change label or enablement as the selection changes: measure again.
    const mo = new MutationObserver(() => measure())
    mo.observe(items, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['aria-disabled', 'disabled'] })
    return () => { ro?.disconnect(); mo.disconnect() }
  }, [measure])

  return (
    <div ref={wrapRef} className="flex min-w-0 flex-1 items-center gap-2 overflow-hidden whitespace-nowrap">
      <div ref={itemsRef} className="flex shrink-0 items-center gap-2 [&_[role=toolbar]]:flex-nowrap">{children}</div>
      {hidden.length > 0 && (
        <Menu>
          <MenuButton type="button" className="h-7 shrink-0 rounded border px-2 hover:bg-gray-50" data-testid={`${testId}-more`}>
            {t('grid:more', { count: hidden.length })} <span aria-hidden="true">▾</span>
          </MenuButton>
          <MenuItems anchor="bottom end" className="z-50 mt-1 min-w-44 rounded border border-slate-200 bg-white py-1 text-sm shadow-lg focus:outline-none" data-testid={`${testId}-more-menu`}>
            {hidden.map((h) => (
              <MenuItem key={h.index} disabled={h.disabled}>
                <button type="button" title={h.title} onClick={() => buttons.current[h.index]?.click()}
                  className={`block w-full px-3 py-1.5 text-left data-[focus]:bg-blue-50 ${h.disabled || h.dimmed ? 'text-gray-500' : ''}`}>
                  {h.label}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      )}
    </div>
  )
}
