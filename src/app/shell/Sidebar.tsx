// Sidebar (spec section 2 "Shell", 264 px): logo 'WMS' (only with the sidebarLogo setting), header
// search, favourites group, the permission-filtered nested menu (domain sidebarItems: hidden skipped,
// a parent with one visible child collapses to it; active = meta.activeMenu else path).
// Keyboard: the favourites group and the menu are one tree (role=tree) with a single Tab stop —
// ↑/↓ move, → expands / enters, ← collapses / goes to the parent, Home/End, Enter or Space activates.
// Collapsed: only icons — search (opens the sidebar and focuses the box), favourites (opens and
// expands them) and the sections (open the sidebar with that section expanded).
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { activeMenuPath, findRoute, sidebarItems, type RouteRecord, type SidebarItem } from '../../domain/menu/index'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { openSidebar, requestSearchFocus, setFavouritesOpen } from '../state/layout'
import { routeState } from '../router/current'
import { SidebarSearch } from './SidebarSearch'
import { MenuIcon } from './icons'

export const FAVOURITES_ID = '#favourites'
/** Spec section 4: after choosing a favourite, the menu opens to it after 300 ms. */
export const FAVOURITE_MENU_OPEN_DELAY_MS = 300

interface Node {
  id: string
  title: string
  icon?: string
  path?: string
  external?: boolean
  children: Node[]
  favourite?: boolean
}

function toNodes(items: readonly SidebarItem[]): Node[] {
  return items.map((i) => ({ id: i.path, title: i.title, icon: i.icon, path: i.children.length ? undefined : i.path, external: i.external, children: toNodes(i.children) }))
}

/** Ids of the nodes on the way to `path` (to expand them), outermost first. */
export function ancestorsOf(nodes: readonly Node[], path: string): string[] {
  for (const n of nodes) {
    if (n.path === path) return []
    const sub = ancestorsOf(n.children, path)
    if (sub.length || n.children.some((c) => c.path === path)) return [n.id, ...sub]
  }
  return []
}

interface Row { node: Node; depth: number; parent?: string }

/** The rows a keyboard user can reach: children only of expanded nodes. */
export function visibleRows(nodes: readonly Node[], expanded: ReadonlySet<string>, depth = 0, parent?: string): Row[] {
  return nodes.flatMap((n) => [{ node: n, depth, parent }, ...(n.children.length && expanded.has(n.id) ? visibleRows(n.children, expanded, depth + 1, n.id) : [])])
}

function open(node: Node) {
  if (!node.path) return
  if (node.external) window.open(node.path, '_blank', 'noopener')
  else navigate(node.path)
}

export function Sidebar({ routes }: { routes: readonly RouteRecord[] }) {
  const { t } = useTranslation()
  const u = useSnapshot(ui)
  const { favourites } = useSnapshot(session)
  const { current } = useSnapshot(routeState)
  const currentPath = current?.fullPath.split('?')[0] ?? window.location.pathname
  const active = activeMenuPath(routes as RouteRecord[], currentPath)

  const menu = useMemo(() => toNodes(sidebarItems(routes as RouteRecord[])), [routes])
  const favNodes = useMemo<Node[]>(() => favourites
    .filter((f) => !!findRoute(routes as RouteRecord[], f.path))
    .map((f) => ({ id: `fav:${f.path}`, title: f.meta.title, path: f.fullPath || f.path, children: [], favourite: true })), [favourites, routes])
  const tree = useMemo<Node[]>(() => [{ id: FAVOURITES_ID, title: 'shell:favourites.title', icon: 'star', children: favNodes }, ...menu], [favNodes, menu])

  // Expansion = the way to the active entry (opened automatically) + the user's own toggles, which
  // win until the active entry moves under them again. Favourites follow ui.favouritesOpen.
  const [overrides, setOverrides] = useState<ReadonlyMap<string, boolean>>(() => new Map())
  const [openFor, setOpenFor] = useState(active)
  const [focusId, setFocusId] = useState<string | null>(null)
  const treeRef = useRef<HTMLUListElement>(null)
  const fromFavourite = useRef(false)
  useEffect(() => {
    if (openFor === active) return
    const delay = fromFavourite.current ? FAVOURITE_MENU_OPEN_DELAY_MS : 0
    fromFavourite.current = false
    const timer = setTimeout(() => {
      setOpenFor(active)
      const way = ancestorsOf(menu, active)
      setOverrides((prev) => new Map([...prev].filter(([id]) => !way.includes(id))))
    }, delay)
    return () => clearTimeout(timer)
  }, [active, openFor, menu])
  const auto = useMemo(() => new Set(ancestorsOf(menu, openFor)), [menu, openFor])
  const expanded = useMemo(() => {
    const set = new Set(auto)
    for (const [id, on] of overrides) { if (on) set.add(id); else set.delete(id) }
    if (u.favouritesOpen) set.add(FAVOURITES_ID)
    else set.delete(FAVOURITES_ID)
    return set
  }, [auto, overrides, u.favouritesOpen])

  const rows = visibleRows(tree, expanded)
  const focusIndex = Math.max(0, rows.findIndex((r) => r.node.id === (focusId ?? active)))
  const toggle = (id: string, want?: boolean) => {
    const isOpen = expanded.has(id)
    const next = want ?? !isOpen
    if (next === isOpen) return
    if (id === FAVOURITES_ID) setFavouritesOpen(next)
    else setOverrides((prev) => new Map(prev).set(id, next))
  }
  const focusRow = (i: number) => {
    const r = rows[Math.max(0, Math.min(rows.length - 1, i))]
    if (!r) return
    setFocusId(r.node.id)
    treeRef.current?.querySelector<HTMLElement>(`[data-node-id="${CSS.escape(r.node.id)}"]`)?.focus()
  }
  const activate = (n: Node) => {
    if (n.children.length || n.id === FAVOURITES_ID) toggle(n.id)
    else {
      if (n.favourite) fromFavourite.current = true
      open(n)
    }
  }
  const onKey = (e: KeyboardEvent) => {
    // One handler for the whole tree (treeitems nest): act on the focused item only.
    const id = (e.target as HTMLElement).closest<HTMLElement>('[role=treeitem]')?.dataset.nodeId
    const i = rows.findIndex((x) => x.node.id === id)
    if (i < 0) return
    const r = rows[i]
    const hasKids = r.node.children.length > 0 || r.node.id === FAVOURITES_ID
    switch (e.key) {
      case 'ArrowDown': focusRow(i + 1); break
      case 'ArrowUp': focusRow(i - 1); break
      case 'Home': focusRow(0); break
      case 'End': focusRow(rows.length - 1); break
      case 'ArrowRight':
        if (hasKids && !expanded.has(r.node.id)) toggle(r.node.id, true)
        else if (hasKids) focusRow(i + 1)
        break
      case 'ArrowLeft':
        if (hasKids && expanded.has(r.node.id)) toggle(r.node.id, false)
        else if (r.parent) focusRow(rows.findIndex((x) => x.node.id === r.parent))
        break
      case 'Enter': case ' ': activate(r.node); break
      default: return
    }
    e.preventDefault()
  }

  const focusedId = rows[focusIndex]?.node.id
  const renderNode = (n: Node, depth: number): ReactNode => {
    const hasKids = n.children.length > 0 || n.id === FAVOURITES_ID
    const open = hasKids && expanded.has(n.id)
    const isActive = !!n.path && !n.favourite && n.path === active
    return (
      <li key={n.id} role="treeitem" tabIndex={n.id === focusedId ? 0 : -1} data-node-id={n.id}
        data-testid={n.id === FAVOURITES_ID ? 'favourites' : undefined}
        aria-level={depth + 1} aria-expanded={hasKids ? open : undefined} aria-current={isActive ? 'page' : undefined}
        onFocus={(e) => { if (e.target === e.currentTarget) setFocusId(n.id) }}
        className="outline-none focus-visible:[&>div]:bg-slate-700 focus-visible:[&>div]:ring-2 focus-visible:[&>div]:ring-inset focus-visible:[&>div]:ring-[var(--theme)]">
        <div onClick={() => activate(n)} style={{ paddingLeft: 12 + depth * 16 }}
          className={`flex cursor-pointer items-center gap-2 py-2 pr-3 text-sm hover:bg-slate-800 ${isActive ? 'bg-slate-800 text-white' : ''}`}>
          {depth === 0 && <MenuIcon name={n.icon} className={n.id === FAVOURITES_ID ? 'text-amber-400' : ''} />}
          <span data-label="" className="flex-1 truncate">{t(n.title)}</span>
          {n.id === FAVOURITES_ID && <span className="text-xs text-slate-400">{n.children.length}</span>}
          {hasKids && <span aria-hidden="true" className="text-xs">{open ? '▾' : '▸'}</span>}
        </div>
        {open && n.children.length > 0 && <ul role="group">{n.children.map((c) => renderNode(c, depth + 1))}</ul>}
        {open && n.id === FAVOURITES_ID && n.children.length === 0 && (
          <p className="py-1 pl-11 pr-3 text-xs text-slate-400">{t('shell:favourites.empty')}</p>
        )}
      </li>
    )
  }

  const width = u.sidebarOpen ? 'w-[264px]' : u.isMobile ? 'w-0' : 'w-[54px]'
  const anim = u.sidebarWithoutAnimation ? '' : 'transition-[width] duration-200'
  return (
    <aside id="app-sidebar" data-testid="sidebar" aria-label={t('shell:sidebar.label')} data-open={u.sidebarOpen ? 'true' : 'false'}
      className={`${width} ${anim} flex shrink-0 flex-col overflow-hidden bg-slate-900 text-slate-200 ${u.isMobile ? 'fixed inset-y-0 left-0 z-40' : 'relative'}`}>
      {u.settings.sidebarLogo && (
        <div className="flex h-12 shrink-0 items-center gap-2 px-4 font-semibold text-white" title="WMS">
          <span aria-hidden="true" className="flex h-7 w-7 items-center justify-center rounded bg-[var(--theme)] text-xs">W</span>
          {u.sidebarOpen && <span>WMS</span>}
        </div>
      )}
      {u.sidebarOpen ? (
        <>
          <SidebarSearch routes={routes} />
          <nav aria-label={t('shell:sidebar.menu')} className="min-h-0 flex-1 overflow-y-auto pb-4">
            <ul role="tree" ref={treeRef} aria-label={t('shell:sidebar.menu')} onKeyDown={onKey}>
              {tree.map((n) => renderNode(n, 0))}
            </ul>
          </nav>
        </>
      ) : !u.isMobile && (
        <nav aria-label={t('shell:sidebar.menu')} className="flex flex-col items-center gap-1 py-2">
          <button type="button" data-testid="sidebar-search-icon" aria-label={t('shell:search.label')} title={t('shell:search.label')}
            onClick={() => { openSidebar(); requestSearchFocus() }} className="rounded p-2 hover:bg-slate-800">
            <MenuIcon name="search" />
          </button>
          <button type="button" aria-label={t('shell:favourites.title')} title={t('shell:favourites.title')}
            onClick={() => { openSidebar(); setFavouritesOpen(true) }} className="rounded p-2 text-amber-400 hover:bg-slate-800">
            <MenuIcon name="star" />
          </button>
          {menu.map((n) => (
            <button key={n.id} type="button" aria-label={t(n.title)} title={t(n.title)}
              onClick={() => { if (n.path) open(n); else { openSidebar(); setOverrides((p) => new Map(p).set(n.id, true)) } }}
              className={`rounded p-2 hover:bg-slate-800 ${active === n.id || active.startsWith(`${n.id}/`) ? 'text-white' : ''}`}>
              <MenuIcon name={n.icon} />
            </button>
          ))}
        </nav>
      )}
    </aside>
  )
}
