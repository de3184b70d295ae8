// The page kit: what a screen receives and the hooks every page uses. Pages import these from here,
// never from the screen registry (./registry.ts lazily imports every page: importing it back would
// close a circle). Pages kept alive in hidden tabs gate their keyboard scopes with usePageActive() and
// read their query string with usePageSearch() / usePageSearchParams() (never wouter's global useSearch()).
import { useContext, createContext, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react'
// eslint-disable-next-line no-restricted-imports -- the one place a page reads the location's search (usePageSearch)
import { useSearch } from 'wouter'

/** What the shell knows about the route a screen is rendered for. */
export interface ScreenRoute {
  /** Full path pattern of the route (e.g. '/stock-in/inbound-order'). */
  path: string
  /** Route name (menu code). */
  name: string
  /** i18n key of the title (menu meta.title). */
  title: string
  /** Component key the menu names. */
  componentKey: string
  meta: Record<string, unknown>
  /** Params captured from the path pattern, if any. */
  params: Record<string, string | undefined>
}

export interface ScreenProps { route: ScreenRoute }

export type ScreenComponent = ComponentType<ScreenProps> | LazyExoticComponent<ComponentType<ScreenProps>>

/** True while the page is the visible tab (false while kept alive hidden behind another tab). */
export const PageActiveContext = createContext(true)
export function usePageActive(): boolean {
  return useContext(PageActiveContext)
}

/**
 * The query string of the page's OWN route: the location's search while the page is the visible tab,
 * frozen at its last value while it is kept alive hidden behind another tab (whose `?task=…` is not
 * this page's). Every page reads its search params through this, never wouter's global useSearch().
 */
export function usePageSearch(): string {
  const active = usePageActive()
  const search = useSearch()
  const [kept, setKept] = useState(search)
  // React's "adjust state while rendering": remember the search of the last render as the visible page.
  if (active && kept !== search) setKept(search)
  return active ? search : kept
}

/** usePageSearch() parsed (one URLSearchParams per change of the page's own search). */
export function usePageSearchParams(): URLSearchParams {
  const search = usePageSearch()
  return useMemo(() => new URLSearchParams(search), [search])
}
