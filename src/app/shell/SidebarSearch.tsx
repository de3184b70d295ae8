// Header search over the accessible menu entries (spec section 2 "Header search"): fuse.js with
// weights title 0.7 / path 0.3, threshold 0.4, min match 1; the query is cut to 32 characters (the
// spec's max pattern: fuse 7 dropped its maxPatternLength option, its bitap matcher works in 32-bit
// chunks). Results are labelled with the title breadcrumb joined by ' > '. The index rebuilds when the
// language or the permitted routes change. Choosing opens external paths in a new tab, else navigates,
// then clears; the result list clears 500 ms after blur. A combobox: ↓/↑ move, Enter chooses, Esc clears.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import Fuse from 'fuse.js'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { navigate } from 'wouter/use-browser-location'
import { flattenForSearch, type RouteRecord, type SearchEntry } from '../../domain/menu/index'
import { ui } from '../state/ui'

export const SEARCH_MAX_PATTERN = 32
export const SEARCH_CLEAR_MS = 500
export const SEARCH_LIMIT = 50

export function buildSearchIndex(entries: readonly SearchEntry[]): Fuse<SearchEntry> {
  return new Fuse(entries as SearchEntry[], {
    keys: [{ name: 'titles', weight: 0.7 }, { name: 'path', weight: 0.3 }],
    threshold: 0.4,
    minMatchCharLength: 1,
    shouldSort: true,
    location: 0,
    distance: 100,
  })
}

export function searchMenu(index: Fuse<SearchEntry>, query: string): SearchEntry[] {
  const q = query.trim().slice(0, SEARCH_MAX_PATTERN)
  if (!q) return []
  return index.search(q, { limit: SEARCH_LIMIT }).map((r) => r.item)
}

export function chooseEntry(entry: SearchEntry): void {
  if (entry.external) window.open(entry.path, '_blank', 'noopener')
  else navigate(entry.path)
}

export function SidebarSearch({ routes }: { routes: readonly RouteRecord[] }) {
  const { t } = useTranslation()
  const { focusSidebarSearch } = useSnapshot(ui)
  const [query, setQuery] = useState('')
  const [listOpen, setListOpen] = useState(false)
  const [active, setActive] = useState(0)
  const inputRef = useRef<HTMLInputElement>(null)
  const blurTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  // Rebuilt when the permitted routes or the language change (labels are translated titles; `t`
  // changes with the language).
  const index = useMemo(() => buildSearchIndex(flattenForSearch(routes as RouteRecord[], (k) => t(k))), [routes, t])
  const found = useMemo(() => searchMenu(index, query), [index, query])
  const results = listOpen ? found : []
  useEffect(() => { if (focusSidebarSearch) inputRef.current?.focus() }, [focusSidebarSearch])
  useEffect(() => () => clearTimeout(blurTimer.current), [])

  const clear = () => { setQuery(''); setListOpen(false); setActive(0) }
  const choose = (e: SearchEntry | undefined) => {
    if (!e) return
    chooseEntry(e)
    clear()
  }
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') setActive((i) => Math.min(results.length - 1, i + 1))
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1))
    else if (e.key === 'Enter') choose(results[active])
    else if (e.key === 'Escape') { if (!query) return; clear() }
    else return
    e.preventDefault()
  }
  const listId = 'sidebar-search-results'
  return (
    <div className="relative px-3 py-2" role="search">
      <input ref={inputRef} type="search" role="combobox" data-testid="sidebar-search" value={query}
        aria-label={t('shell:search.label')} placeholder={t('shell:search.placeholder')}
        aria-expanded={results.length > 0} aria-controls={listId} aria-autocomplete="list"
        aria-activedescendant={results[active] ? `${listId}-${active}` : undefined}
        onChange={(e) => { setQuery(e.target.value); setListOpen(true); setActive(0) }} onKeyDown={onKey}
        onFocus={() => { clearTimeout(blurTimer.current); setListOpen(true) }}
        onBlur={() => { blurTimer.current = setTimeout(() => setListOpen(false), SEARCH_CLEAR_MS) }}
        className="w-full rounded border border-slate-600 bg-slate-800 px-2 py-1 text-sm text-white placeholder:text-slate-400" />
      {results.length > 0 && (
        <ul id={listId} role="listbox" aria-label={t('shell:search.results')}
          className="absolute inset-x-3 top-full z-40 max-h-80 overflow-auto rounded border border-slate-200 bg-white py-1 text-sm text-slate-800 shadow-lg">
          {results.map((r, i) => (
            <li key={r.path} id={`${listId}-${i}`} role="option" aria-selected={i === active}
              onMouseDown={(e) => { e.preventDefault(); choose(r) }} onMouseEnter={() => setActive(i)}
              className={`cursor-pointer px-2 py-1 ${i === active ? 'bg-blue-50' : ''}`}>
              {r.label}{r.external && <span className="sr-only"> {t('shell:search.external')}</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
