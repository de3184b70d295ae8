// @vitest-environment happy-dom
// Shell layout rules: tag tabs (affix stays, closing the active tab goes to the last one, else '/';
// keyboard tab menu), sidebar (one visible child collapses, hidden skipped, arrow-key tree, hamburger
// cookie, collapsed search icon), mobile breakpoint (992 px, hidden document ignored, route change
// closes), path resolution and keep-alive bookkeeping.
import { describe, it, expect, beforeAll, beforeEach, afterEach } from 'vitest'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { navigate } from 'wouter/use-browser-location'
import { initI18n, i18next } from '../../src/app/i18n'
import { ui, type VisitedView } from '../../src/app/state/ui'
import { session } from '../../src/app/state/session'
import { addVisitedView, closeAllViews, closeOtherViews, closeView, dropCachedViews, initAffixViews, refreshView } from '../../src/app/state/tabs'
import { evaluateViewport, isMobileWidth, MOBILE_BREAKPOINT, onRouteChanged, toggleSidebar, initSidebarFromCookie } from '../../src/app/state/layout'
import { getCookie } from '../../src/app/shell/cookies'
import { initialLanguage, setLanguage } from '../../src/app/shell/language'
import { toasts } from '../../src/app/state/toast'
import { routeState, setCurrentRoute, type CurrentRoute } from '../../src/app/router/current'
import { buildAppRoutes, matchPattern, resolvePath } from '../../src/app/router/menu-routes'
import { nextKeep } from '../../src/app/router/PageArea'
import { TagsView } from '../../src/app/shell/TagsView'
import { Sidebar } from '../../src/app/shell/Sidebar'
import { useResponsiveLayout } from '../../src/app/shell/Layout'
import type { MenuNode } from '../../src/domain/menu/types'
import { clearCookies, flush, press, $, $$ } from '../helpers/dom'

const view = (path: string, o: Partial<VisitedView> = {}): VisitedView => ({ path, fullPath: path, name: path, title: path, ...o })

const MENUS: MenuNode[] = [
  { id: 1, parentId: null, code: 'dashboard', name: 'dashboard', path: '/', component: 'dashboard', meta: { title: 'Dashboard', affix: true, icon: 'dashboard' } },
  { id: 10, parentId: null, code: 'solo', name: 'solo', path: '/solo', component: 'Layout', redirect: 'noRedirect', meta: { title: 'Solo section' }, children: [
    { id: 11, parentId: 10, code: 'only-child', name: 'only-child', path: 'only', component: 'x/only', meta: { title: 'Only child' } },
    { id: 12, parentId: 10, code: 'hidden-one', name: 'hidden-one', path: 'hidden', component: 'x/hidden', hidden: true, meta: { title: 'Hidden page', hidden: true, activeMenu: '/solo/only' } },
  ] },
  { id: 20, parentId: null, code: 'sec', name: 'sec', path: '/sec', component: 'Layout', redirect: 'noRedirect', meta: { title: 'Section' }, children: [
    { id: 21, parentId: 20, code: 'a', name: 'a', path: 'a', component: 'x/a', meta: { title: 'Page A' } },
    { id: 22, parentId: 20, code: 'b', name: 'b', path: 'b', component: 'x/b', meta: { title: 'Page B', noCache: true } },
    { id: 23, parentId: 20, code: 'item', name: 'item', path: 'item/:id', component: 'x/item', hidden: true, meta: { title: 'Item', hidden: true } },
  ] },
]
const ROUTES = buildAppRoutes({ menus: MENUS, roles: ['admin'], warehouseId: 26, warehouseLocation: 1 })

let host: HTMLElement
let root: Root
async function render(el: React.ReactElement) { await act(async () => { root.render(el) }) }
function setCurrent(path: string) {
  setCurrentRoute({ path, fullPath: path, name: path, title: path, componentKey: null, meta: {}, params: {}, fromMenu: true })
}

beforeAll(async () => {
  initI18n('en')
  await i18next.changeLanguage('en')
})
beforeEach(() => {
  clearCookies()
  ui.visitedViews = []
  ui.cachedViews = []
  ui.sidebarOpen = true
  ui.isMobile = false
  ui.sidebarWithoutAnimation = false
  ui.settings.sidebarLogo = true
  session.favourites = []
  host = document.createElement('div')
  document.body.appendChild(host)
  root = createRoot(host)
})
afterEach(async () => {
  await act(async () => root.unmount())
  host.remove()
})

describe('tabs rules', () => {
  beforeEach(() => {
    initAffixViews([view('/', { affix: true })])
    addVisitedView(view('/a'))
    addVisitedView(view('/b', { noCache: true }))
    addVisitedView(view('/c'))
  })

  it('visited pages are kept once each; noCache pages are not kept alive', () => {
    addVisitedView(view('/a', { fullPath: '/a?x=1' }))
    expect(ui.visitedViews.map((v) => v.path)).toEqual(['/', '/a', '/b', '/c'])
    expect(ui.visitedViews[1].fullPath).toBe('/a?x=1')
    expect(ui.cachedViews).toEqual(['/', '/a', '/c'])
  })

  it('closing the active tab goes to the last remaining tab; closing another stays', () => {
    expect(closeView('/c', '/c')).toBe('/b')
    expect(closeView('/a', '/b')).toBeUndefined()
    expect(ui.visitedViews.map((v) => v.path)).toEqual(['/', '/b'])
    expect(ui.cachedViews).toEqual(['/'])
  })

  it("affixed tabs cannot be closed and stay; with only them left, the last is '/'", () => {
    expect(closeView('/', '/')).toBeUndefined()
    expect(ui.visitedViews).toHaveLength(4)
    expect(closeAllViews('/c')).toBe('/')
    expect(ui.visitedViews.map((v) => v.path)).toEqual(['/'])
  })

  it('close others keeps the affixed tabs and the chosen one', () => {
    expect(closeOtherViews('/b', '/c')).toBe('/b')
    expect(ui.visitedViews.map((v) => v.path)).toEqual(['/', '/b'])
    expect(closeOtherViews('/', '/')).toBeUndefined()
    expect(ui.visitedViews.map((v) => v.path)).toEqual(['/'])
  })

  it('close all stays on an affixed active page', () => {
    expect(closeAllViews('/')).toBeUndefined()
  })

  it('refresh forgets the kept instance and goes through /redirect; a warehouse switch drops all', () => {
    const key = ui.pageKey
    expect(refreshView('/a')).toBe('/redirect/a')
    expect(ui.cachedViews).not.toContain('/a')
    expect(ui.pageKey).toBe(key + 1)
    dropCachedViews()
    expect(ui.cachedViews).toEqual([])
  })

  it('keyboard: Delete closes the active tab and goes to the last tab; the tab menu closes others', async () => {
    navigate('/c')
    setCurrent('/c')
    await render(<TagsView />)
    const tabs = () => $$('[role=tab]', host)
    expect(tabs().map((x) => x.textContent)).toEqual(['/', '/a', '/b', '/c'])
    expect(tabs()[0].dataset.affix).toBe('true')
    expect(tabs()[0].parentElement!.querySelector('[aria-label^="Close"]')).toBeNull() // no close on affix
    await press(tabs()[3], 'Delete')
    expect(window.location.pathname).toBe('/b')
    expect(tabs().map((x) => x.textContent)).toEqual(['/', '/a', '/b'])

    setCurrent('/b')
    await flush()
    await press(tabs()[1], 'ContextMenu')
    const menu = $('[data-testid=tags-menu]')!
    const items = () => $$('[role=menuitem]', menu)
    expect(items().map((x) => x.textContent)).toEqual(['Refresh', 'Close', 'Close others', 'Close all'])
    await press(items()[0], 'ArrowDown')
    await press(items()[1], 'ArrowDown')
    expect(document.activeElement).toBe(items()[2])
    await act(async () => items()[2].click())
    expect(tabs().map((x) => x.textContent)).toEqual(['/', '/a'])
    expect(window.location.pathname).toBe('/a')
  })

  it('keyboard: arrows move between tabs (one Tab stop), Escape closes the tab menu', async () => {
    setCurrent('/a')
    await render(<TagsView />)
    const tabs = () => $$('[role=tab]', host)
    expect(tabs().filter((x) => x.tabIndex === 0)).toEqual([tabs()[1]])
    await act(async () => tabs()[1].focus())
    await press(tabs()[1], 'ArrowRight')
    expect(document.activeElement).toBe(tabs()[2])
    await press(tabs()[2], 'End')
    expect(document.activeElement).toBe(tabs()[3])
    await press(tabs()[3], 'F10', { shiftKey: true })
    expect($('[data-testid=tags-menu]')).not.toBeNull()
    expect($$('[role=menuitem]').map((x) => x.textContent)).toEqual(['Refresh', 'Close', 'Close others', 'Close all'])
    await press($('[role=menuitem]')!, 'Escape')
    expect($('[data-testid=tags-menu]')).toBeNull()
    expect(document.activeElement).toBe(tabs()[3])
  })
})

describe('sidebar', () => {
  it('a parent with one visible child collapses to it; hidden entries are skipped', async () => {
    setCurrent('/')
    await render(<Sidebar routes={ROUTES} />)
    const items = $$('[role=tree] > [role=treeitem] > div [data-label]', host).map((x) => x.textContent)
    expect(items).toEqual(['Favourites', 'Dashboard', 'Only child', 'Section'])
    expect(host.textContent).not.toContain('Hidden page')
    expect(host.textContent).not.toContain('Solo section')
  })

  it('arrow keys and Enter operate the menu tree; the active entry follows meta.activeMenu', async () => {
    navigate('/solo/hidden')
    setCurrent('/solo/hidden')
    await render(<Sidebar routes={ROUTES} />)
    const only = $('[data-node-id="/solo/only"]', host)!
    expect(only.getAttribute('aria-current')).toBe('page') // hidden page highlights its list entry
    expect(only.tabIndex).toBe(0)
    await act(async () => only.focus())
    await press(only, 'ArrowDown')
    const section = $('[data-node-id="/sec"]', host)!
    expect(document.activeElement).toBe(section)
    expect(section.getAttribute('aria-expanded')).toBe('false')
    await press(section, 'ArrowRight')
    expect(section.getAttribute('aria-expanded')).toBe('true')
    await press(section, 'ArrowRight')
    const a = $('[data-node-id="/sec/a"]', host)!
    expect(document.activeElement).toBe(a)
    await press(a, 'Enter')
    expect(window.location.pathname).toBe('/sec/a')
    await press(a, 'ArrowLeft')
    expect(document.activeElement).toBe($('[data-node-id="/sec"]', host))
    await press($('[data-node-id="/sec"]', host)!, 'ArrowLeft')
    expect($('[data-node-id="/sec/a"]', host)).toBeNull()
  })

  it('favourites list only permitted routes; the group expands and collapses', async () => {
    setCurrent('/')
    session.favourites = [
      { fullPath: '/sec/a?x=1', name: 'a', path: '/sec/a', meta: { title: 'Page A' } },
      { fullPath: '/gone', name: 'gone', path: '/gone', meta: { title: 'Gone' } },
    ]
    ui.favouritesOpen = true
    await render(<Sidebar routes={ROUTES} />)
    const fav = $('[data-testid=favourites]', host)!
    expect(fav.getAttribute('aria-expanded')).toBe('true')
    expect($('[data-node-id="fav:/sec/a"]', host)?.textContent).toContain('Page A')
    expect(fav.textContent).toContain('Page A') // the group holds its entries (role=group inside)
    expect(host.textContent).not.toContain('Gone')
    await press(fav, 'Enter')
    expect(fav.getAttribute('aria-expanded')).toBe('false')
    expect(ui.favouritesOpen).toBe(false)
    expect($('[data-node-id="fav:/sec/a"]', host)).toBeNull()
  })

  it('the hamburger writes cookie sidebarStatus; collapsed shows a search icon that opens and focuses the box', async () => {
    setCurrent('/')
    await render(<Sidebar routes={ROUTES} />)
    await act(async () => toggleSidebar())
    expect(getCookie('sidebarStatus')).toBe('0')
    expect($('[data-testid=sidebar]')!.dataset.open).toBe('false')
    expect($('[data-testid=sidebar-search]')).toBeNull()
    await act(async () => $('[data-testid=sidebar-search-icon]')!.click())
    await flush()
    expect(ui.sidebarOpen).toBe(true)
    expect(getCookie('sidebarStatus')).toBe('1')
    expect(document.activeElement).toBe($('[data-testid=sidebar-search]'))
    ui.sidebarOpen = false
    initSidebarFromCookie()
    expect(ui.sidebarOpen).toBe(true)
  })

  it('the logo titled WMS shows only with the sidebarLogo setting', async () => {
    setCurrent('/')
    await render(<Sidebar routes={ROUTES} />)
    expect($('[title=WMS]', host)).not.toBeNull()
    await act(async () => { ui.settings.sidebarLogo = false })
    expect($('[title=WMS]', host)).toBeNull()
  })
})

describe('mobile breakpoint', () => {
  it('below 992 px is mobile: the sidebar closes without animation', () => {
    expect(MOBILE_BREAKPOINT).toBe(992)
    expect([isMobileWidth(991), isMobileWidth(992)]).toEqual([true, false])
    expect(evaluateViewport(991, false)).toBe(true)
    expect([ui.isMobile, ui.sidebarOpen, ui.sidebarWithoutAnimation]).toEqual([true, false, true])
    evaluateViewport(1200, false)
    expect(ui.isMobile).toBe(false)
  })

  it('is not re-evaluated while the document is hidden', () => {
    expect(evaluateViewport(500, true)).toBe(false)
    expect([ui.isMobile, ui.sidebarOpen]).toEqual([false, true])
  })

  it('a route change closes an open sidebar on mobile only', () => {
    onRouteChanged()
    expect(ui.sidebarOpen).toBe(true)
    ui.isMobile = true
    onRouteChanged()
    expect(ui.sidebarOpen).toBe(false)
    expect(getCookie('sidebarStatus')).toBeUndefined() // a forced close is not the user's preference
  })

  it('the layout re-evaluates on resize', async () => {
    let width = 1280
    const rect = document.body.getBoundingClientRect.bind(document.body)
    document.body.getBoundingClientRect = () => ({ ...rect(), width })
    function Probe() { useResponsiveLayout(); return null }
    try {
      await render(<Probe />)
      expect(ui.isMobile).toBe(false)
      width = 800
      await act(async () => { window.dispatchEvent(new Event('resize')) })
      expect([ui.isMobile, ui.sidebarOpen]).toEqual([true, false])
    } finally {
      document.body.getBoundingClientRect = rect
    }
  })
})

describe('language', () => {
  it('cookie first, then the browser languages, then English', () => {
    const langs = Object.getOwnPropertyDescriptor(Navigator.prototype, 'languages')
    try {
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR', 'es-419'] })
      expect(initialLanguage()).toBe('es-MX')
      document.cookie = 'language=zh; path=/'
      expect(initialLanguage()).toBe('zh')
      clearCookies()
      Object.defineProperty(navigator, 'languages', { configurable: true, get: () => ['fr-FR'] })
      expect(initialLanguage()).toBe('en')
    } finally {
      delete (navigator as { languages?: unknown }).languages
      if (langs) Object.defineProperty(Navigator.prototype, 'languages', langs)
    }
  })

  it("switching stores the cookie, marks it manual, re-translates and says 'Switch Language Success'", async () => {
    toasts.list = []
    setLanguage('es-MX')
    await flush(10)
    expect([getCookie('language'), getCookie('isManual'), session.language, i18next.language, document.documentElement.lang]).toEqual(['es-MX', '1', 'es-MX', 'es-MX', 'es-MX'])
    setLanguage('en')
    await flush(10)
    expect(toasts.list.map((x) => x.message)).toContain('Switch Language Success')
  })
})

describe('routing', () => {
  it('resolves fixed routes, menu routes, params, directories, legacy and unknown paths', () => {
    expect(resolvePath('/profile', ROUTES)).toMatchObject({ kind: 'fixed', name: 'profile' })
    expect(resolvePath('/redirect/sec/a', ROUTES)).toEqual({ kind: 'fixed', name: 'redirect', params: { path: 'sec/a' } })
    expect(resolvePath('/sec/a/', ROUTES)).toMatchObject({ kind: 'menu', route: { name: 'a' } })
    expect(resolvePath('/sec/item/42', ROUTES)).toMatchObject({ kind: 'menu', route: { name: 'item' }, params: { id: '42' } })
    expect(resolvePath('/sec', ROUTES)).toEqual({ kind: 'redirect', to: '/sec/a' })
    expect(resolvePath('/', ROUTES)).toMatchObject({ kind: 'menu', route: { name: 'dashboard' } })
    expect(resolvePath('/', [])).toMatchObject({ kind: 'fixed', name: 'home' })
    expect(resolvePath('/nope', ROUTES)).toEqual({ kind: 'notFound' })
    expect(matchPattern('/a/:id', '/a/b/c')).toBeNull()
  })

  it('recording the current route leaves the page its plain object (embedded frames post its meta)', () => {
    const r: CurrentRoute = { path: '/x', fullPath: '/x', name: 'x', title: 'x', componentKey: 'EmbeddedPage', meta: { iframeUrl: '/api/docs', roles: ['admin'] }, params: {}, fromMenu: true }
    setCurrentRoute(r)
    expect(() => structuredClone(r.meta)).not.toThrow()
    expect(routeState.current?.path).toBe('/x')
  })

  it('keeps visited pages alive until they leave the cached views; pageKey remounts the current one', () => {
    const cr = (path: string): CurrentRoute => ({ path, fullPath: path, name: path, title: path, componentKey: null, meta: {}, params: {}, fromMenu: true })
    let k = nextKeep({ alive: new Map(), current: null, pageKey: 0, cached: [] }, cr('/a'), 0, [])
    k = nextKeep(k, cr('/b'), 0, ['/a'])
    expect([...k.alive.keys()]).toEqual(['/a', '/b'])
    const aInstance = k.alive.get('/a')!.instance
    k = nextKeep(k, cr('/a'), 0, ['/a', '/b'])
    expect(k.alive.get('/a')!.instance).toBe(aInstance)
    k = nextKeep(k, cr('/a'), 1, ['/a', '/b'])
    expect(k.alive.get('/a')!.instance).toBe(1)
    expect(k.alive.get('/b')!.instance).toBe(0)
    k = nextKeep(k, cr('/c'), 1, ['/a']) // /b left the cached views (closed or noCache)
    expect([...k.alive.keys()]).toEqual(['/a', '/c'])
  })
})
