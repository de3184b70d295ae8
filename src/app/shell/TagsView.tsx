// Tag tabs (spec section 2 "Tabs"): one per visited page; affixed tabs have no close button and stay.
// Mouse: click opens, middle-click or × closes, right-click opens the tab menu. Keyboard: the tab list
// is one Tab stop (roving focus): ←/→/Home/End move, Enter opens, Delete closes, the ContextMenu key or
// Shift+F10 opens the tab menu (refresh, close, close others, close all) — operable with ↑/↓, Enter, Esc.
// More tabs than fit (1280 px and a few pages open): the strip scrolls, the active tab is always
// scrolled into view, and a "more tabs" button (the next Tab stop, naming how many are out of view)
// lists every open page in a menu — ↑/↓, Enter opens, Esc closes — so no tab is ever out of reach.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { ui, type VisitedView } from '../state/ui'
import { closeAllViews, closeOtherViews, closeView, refreshView } from '../state/tabs'
import { routeState } from '../router/current'

type Action = 'refresh' | 'close' | 'closeOthers' | 'closeAll'
const ACTIONS: Action[] = ['refresh', 'close', 'closeOthers', 'closeAll']

/** Applies a tab-menu action to a tab; returns where to navigate, if anywhere. */
export function runTabAction(action: Action, view: VisitedView, activePath: string): string | undefined {
  switch (action) {
    case 'refresh': return view.path === activePath ? refreshView(view.path) : view.fullPath
    case 'close': return closeView(view.path, activePath)
    case 'closeOthers': return closeOtherViews(view.path, activePath)
    case 'closeAll': return closeAllViews(activePath)
  }
}

interface MenuState { view: VisitedView; x: number; y: number }

function TabMenu({ state, onClose, activePath }: { state: MenuState; onClose: (restoreFocus: boolean) => void; activePath: string }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLUListElement>(null)
  const [index, setIndex] = useState(0)
  const items = ACTIONS.filter((a) => !(a === 'close' && state.view.affix))
  useEffect(() => { ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]')[index]?.focus() }, [index])
  useEffect(() => {
    const away = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) onClose(false) }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [onClose])
  const run = (a: Action) => {
    const to = runTabAction(a, state.view, activePath)
    onClose(!to)
    if (to) navigate(to, { replace: a === 'refresh' })
  }
  const onKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown') setIndex((i) => (i + 1) % items.length)
    else if (e.key === 'ArrowUp') setIndex((i) => (i - 1 + items.length) % items.length)
    else if (e.key === 'Home') setIndex(0)
    else if (e.key === 'End') setIndex(items.length - 1)
    else if (e.key === 'Escape' || e.key === 'Tab') onClose(true)
    else return
    e.preventDefault()
    e.stopPropagation()
  }
  return (
    <ul ref={ref} role="menu" aria-label={t('shell:tabs.menu')} onKeyDown={onKey} data-testid="tags-menu"
      style={{ left: state.x, top: state.y }} className="fixed z-50 min-w-40 rounded border border-slate-200 bg-white py-1 text-sm shadow-lg">
      {items.map((a, i) => (
        <li key={a} role="none">
          <button type="button" role="menuitem" tabIndex={i === index ? 0 : -1} data-action={a}
            onClick={() => run(a)} className="block w-full px-3 py-1.5 text-left hover:bg-blue-50 focus:bg-blue-50">
            {t(`shell:tabs.${a}`)}
          </button>
        </li>
      ))}
    </ul>
  )
}

/** Every open page, for the tabs the strip cannot show: ↑/↓/Home/End move, Enter opens, Esc or Tab closes. */
function MoreTabsMenu({ views, activePath, outOfView, at, anchorRef, onClose }: { views: readonly VisitedView[]; activePath: string; outOfView: readonly number[]; at: { bottom: number; right: number }; anchorRef: RefObject<HTMLButtonElement | null>; onClose: (restoreFocus: boolean) => void }) {
  const { t } = useTranslation()
  const ref = useRef<HTMLDivElement>(null)
  // Start on the first page out of view (what the operator is after), else on the active one.
  const [index, setIndex] = useState(() => outOfView[0] ?? Math.max(0, views.findIndex((v) => v.path === activePath)))
  useEffect(() => { ref.current?.querySelectorAll<HTMLElement>('[role=menuitem]')[index]?.focus() }, [index])
  useEffect(() => {
    const away = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node) && !anchorRef.current?.contains(e.target as Node)) onClose(false) }
    document.addEventListener('mousedown', away)
    return () => document.removeEventListener('mousedown', away)
  }, [onClose, anchorRef])
  const open = (v: VisitedView) => { onClose(false); navigate(v.fullPath) }
  const onKey = (e: ReactKeyboardEvent) => {
    if (e.key === 'ArrowDown') setIndex((i) => (i + 1) % views.length)
    else if (e.key === 'ArrowUp') setIndex((i) => (i - 1 + views.length) % views.length)
    else if (e.key === 'Home') setIndex(0)
    else if (e.key === 'End') setIndex(views.length - 1)
    else if (e.key === 'Escape' || e.key === 'Tab') onClose(true)
    else return
    e.preventDefault()
    e.stopPropagation()
  }
  return (
    <div ref={ref} onKeyDown={onKey} data-testid="tags-more-menu" style={{ top: at.bottom + 4, right: Math.max(8, window.innerWidth - at.right) }}
      className="fixed z-50 max-h-[70vh] w-72 overflow-auto rounded border border-slate-200 bg-white py-1 text-sm shadow-lg">
      <ul role="menu" aria-label={t('shell:tabs.label')}>
        {views.map((v, i) => {
          const active = v.path === activePath
          return (
            <li key={v.path} role="none">
              <button type="button" role="menuitem" tabIndex={i === index ? 0 : -1} data-path={v.path} aria-current={active ? 'page' : undefined}
                onClick={() => open(v)} onKeyDown={(e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); open(v) } }}
                className={`flex w-full items-center gap-2 px-3 py-1.5 text-left hover:bg-blue-50 focus:bg-blue-50 ${active ? 'font-semibold text-[var(--theme,#1890ff)]' : ''}`}>
                <span className="min-w-0 flex-1 truncate">{t(v.title)}</span>
                {outOfView.includes(i) && <span aria-hidden="true" className="text-xs text-slate-400">⋯</span>}
              </button>
            </li>
          )
        })}
      </ul>
      <p className="border-t border-slate-100 px-3 pt-1 text-xs text-slate-500">{t('shell:tabs.moreMenu')}</p>
    </div>
  )
}

export function TagsView() {
  const { t } = useTranslation()
  const { visitedViews } = useSnapshot(ui)
  const { current } = useSnapshot(routeState)
  const activePath = current?.path ?? ''
  const [menu, setMenu] = useState<MenuState | null>(null)
  const [focusIndex, setFocusIndex] = useState(-1)
  const listRef = useRef<HTMLUListElement>(null)
  const activeIndex = visitedViews.findIndex((v) => v.path === activePath)
  const rovingIndex = focusIndex >= 0 && focusIndex < visitedViews.length ? focusIndex : Math.max(0, activeIndex)

  const tabEl = (i: number) => listRef.current?.querySelectorAll<HTMLElement>('[role=tab]')[i]
  const hasViews = visitedViews.length > 0
  const [outOfView, setOutOfView] = useState<number[]>([])
  /** Whether tabs are hidden past the strip's left / right edge (the edge fades there). */
  const [edges, setEdges] = useState({ left: false, right: false })
  /** Where the more-tabs menu opens (under its button), while it is open. */
  const [moreOpen, setMoreOpen] = useState<{ bottom: number; right: number } | null>(null)
  const moreRef = useRef<HTMLButtonElement>(null)
  /** Which tabs are not wholly inside the strip now. */
  const measure = useCallback(() => {
    const ul = listRef.current
    if (!ul) return
    const box = ul.getBoundingClientRect()
    const out: number[] = []
    ul.querySelectorAll<HTMLElement>(':scope > li').forEach((li, i) => {
      const r = li.getBoundingClientRect()
      if (r.left < box.left - 1 || r.right > box.right + 1) out.push(i)
    })
    setOutOfView((prev) => (prev.length === out.length && prev.every((x, i) => x === out[i]) ? prev : out))
    const left = ul.scrollLeft > 1
    const right = ul.scrollLeft + ul.clientWidth < ul.scrollWidth - 1
    setEdges((prev) => (prev.left === left && prev.right === right ? prev : { left, right }))
  }, [])
  // The active tab is always in view (opened from the palette, the sidebar or the more-tabs menu).
  useLayoutEffect(() => {
    const ul = listRef.current
    const li = tabEl(Math.max(0, activeIndex))?.closest('li')
    if (ul && li) {
      const lb = li.getBoundingClientRect()
      const ub = ul.getBoundingClientRect()
      if (lb.left < ub.left) ul.scrollLeft -= ub.left - lb.left + 4
      else if (lb.right > ub.right) ul.scrollLeft += lb.right - ub.right + 4
    }
    measure()
  }, [activeIndex, visitedViews.length, measure])
  useEffect(() => {
    const ul = listRef.current
    if (!ul) return
    const ro = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => measure())
    ro?.observe(ul)
    ul.addEventListener('scroll', measure, { passive: true })
    return () => { ro?.disconnect(); ul.removeEventListener('scroll', measure) }
  }, [measure, hasViews])

  const openMenuFor = (i: number, x?: number, y?: number) => {
    const v = ui.visitedViews[i]
    if (!v) return
    const r = tabEl(i)?.getBoundingClientRect()
    setMenu({ view: { ...v }, x: x ?? r?.left ?? 0, y: y ?? (r ? r.bottom + 2 : 0) })
  }
  const close = (v: VisitedView) => {
    const to = closeView(v.path, activePath)
    if (to) navigate(to)
  }
  const onKey = (e: ReactKeyboardEvent, i: number) => {
    const n = visitedViews.length
    let next = -1
    if (e.key === 'ArrowRight') next = (i + 1) % n
    else if (e.key === 'ArrowLeft') next = (i - 1 + n) % n
    else if (e.key === 'Home') next = 0
    else if (e.key === 'End') next = n - 1
    else if (e.key === 'Delete') { e.preventDefault(); close({ ...visitedViews[i] }); return }
    else if (e.key === 'ContextMenu' || (e.key === 'F10' && e.shiftKey)) { e.preventDefault(); openMenuFor(i); return }
    else return
    e.preventDefault()
    setFocusIndex(next)
    tabEl(next)?.focus()
    tabEl(next)?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' })
  }

  if (!visitedViews.length) return <div className="flex-1" />
  return (
    <nav aria-label={t('shell:tabs.label')} className="flex min-w-0 flex-1 items-center gap-1" data-testid="tags-view">
      <ul ref={listRef} role="tablist" aria-label={t('shell:tabs.label')} data-testid="tags-list"
        style={edges.left || edges.right ? { maskImage: `linear-gradient(to right, ${edges.left ? 'transparent, black 16px' : 'black'}, ${edges.right ? 'black calc(100% - 16px), transparent' : 'black'})` } : undefined}
        className="flex min-w-0 flex-1 gap-1 overflow-x-auto py-1 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden">
        {visitedViews.map((v, i) => {
          const active = v.path === activePath
          return (
            <li key={v.path} role="presentation" className="flex shrink-0">
              <span className={`flex items-center rounded border text-xs ${active ? 'border-[var(--theme)] bg-[var(--theme)] text-white' : 'border-slate-300 bg-white text-slate-700'}`}>
                <button type="button" role="tab" aria-selected={active} tabIndex={i === rovingIndex ? 0 : -1} aria-keyshortcuts={v.affix ? undefined : 'Delete'}
                  data-path={v.path} data-affix={v.affix ? 'true' : undefined}
                  onClick={() => navigate(v.fullPath)} onKeyDown={(e) => onKey(e, i)} onFocus={() => setFocusIndex(i)}
                  onAuxClick={(e) => { if (e.button === 1 && !v.affix) close({ ...v }) }}
                  onContextMenu={(e) => { e.preventDefault(); openMenuFor(i, e.clientX, e.clientY) }}
                  className="px-2 py-1">
                  {t(v.title)}
                </button>
                {!v.affix && (
                  // The mouse's close button; the keyboard closes the tab with Delete (announced on the tab),
                  // so it stays out of the tab list's accessibility tree (a tablist holds tabs only).
                  <button type="button" tabIndex={-1} aria-hidden="true" title={t('shell:tabs.closeTab', { title: t(v.title) })}
                    onClick={() => close({ ...v })} className="pr-1.5 opacity-70 hover:opacity-100">×</button>
                )}
              </span>
            </li>
          )
        })}
      </ul>
      {outOfView.length > 0 && (
        <button ref={moreRef} type="button" data-testid="tags-more" aria-haspopup="menu" aria-expanded={!!moreOpen}
          aria-label={t('shell:tabs.more', { count: outOfView.length })} title={t('shell:tabs.more', { count: outOfView.length })}
          onClick={(e) => { const r = e.currentTarget.getBoundingClientRect(); setMoreOpen((o) => (o ? null : { bottom: r.bottom, right: r.right })) }}
          onKeyDown={(e) => { if (e.key === 'ArrowDown') { e.preventDefault(); const r = e.currentTarget.getBoundingClientRect(); setMoreOpen({ bottom: r.bottom, right: r.right }) } }}
          className="flex h-6 shrink-0 items-center gap-0.5 rounded border border-slate-300 bg-white px-1.5 text-xs text-slate-700 hover:bg-slate-50">
          <span aria-hidden="true">⋯</span><span aria-hidden="true">{outOfView.length}</span>
        </button>
      )}
      {moreOpen && (
        <MoreTabsMenu views={visitedViews as readonly VisitedView[]} activePath={activePath} outOfView={outOfView} at={moreOpen} anchorRef={moreRef}
          onClose={(restore) => { setMoreOpen(null); if (restore) moreRef.current?.focus() }} />
      )}
      {menu && (
        <TabMenu state={menu} activePath={activePath} onClose={(restore) => {
          const i = ui.visitedViews.findIndex((v) => v.path === menu.view.path)
          setMenu(null)
          if (restore) tabEl(i >= 0 ? i : Math.max(0, activeIndex))?.focus()
        }} />
      )}
    </nav>
  )
}
