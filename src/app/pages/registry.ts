// The screen registry: menu entries name a component key (catalog `component`, e.g.
// 'system/operation-log'); the shell looks the key up here and renders the page inside the layout.
// Keys nobody registered render the honest "not available yet" page, never a blank.
//
// To add a screen: add ONE line at the bottom of this file,
//   registerScreen('<component key>', lazy(() => import('./<area>/<Page>')))
// (lazy keeps each screen in its own chunk). The page receives { route } (ScreenProps).
// Pages kept alive in hidden tabs should gate their keyboard scopes with usePageActive() and read their
// query string with usePageSearch() / usePageSearchParams() (never wouter's global useSearch()).
import { lazy, useContext, createContext, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react'
// eslint-disable-next-line no-restricted-imports -- the one place a page reads the location's search (usePageSearch)
import { useSearch } from 'wouter'
import { registerResourceScreens } from '../resources/index'
// The label-print command's download watcher (an effect, not a screen: any page can print).
import './inbound/labels/download-panel'

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

const screens = new Map<string, ScreenComponent>()

const generated = new Set<string>()

/**
 * Registers a page for a component key; a key registered twice is a programming error — except that
 * a hand-written page replaces a generated one (resource list screens), in either order.
 */
export function registerScreen(componentKey: string, component: ScreenComponent, opts: { generated?: boolean } = {}): void {
  if (screens.has(componentKey)) {
    if (opts.generated) return
    if (!generated.has(componentKey)) throw new Error(`screen already registered: ${componentKey}`)
  }
  if (opts.generated) generated.add(componentKey)
  else generated.delete(componentKey)
  screens.set(componentKey, component)
}

export function screenFor(componentKey: string | null | undefined): ScreenComponent | undefined {
  return componentKey ? screens.get(componentKey) : undefined
}

export function registeredScreenKeys(): string[] {
  return [...screens.keys()]
}

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

// ---- Registered screens: one line each ----
registerScreen('dashboard', lazy(() => import('./dashboard/DashboardPage')))
registerScreen('EmbeddedPage', lazy(() => import('./EmbeddedScreen')))
registerScreen('system/operation-log', lazy(() => import('./operation-log/OperationLogPage')))
registerScreen('rights/rights-role', lazy(() => import('./admin/RolesPage')))
registerScreen('stock-manage/stock-manage-list', lazy(() => import('./stock/StockListPage')))
registerScreen('rights/rights-user', lazy(() => import('./admin/UsersPage')))
registerScreen('system/mail-outbox', lazy(() => import('./admin/MailOutboxPage')))
registerScreen('system/tenant', lazy(() => import('./admin/TenantPage')))
registerScreen('rights/rights-menu', lazy(() => import('./admin/MenusPage')))
registerScreen('stock-in/harvest', lazy(() => import('./inbound/receiving/ReceivingPage')))
registerScreen('stock-in/inbound-order', lazy(() => import('./inbound/orders/InboundOrdersPage')))
registerScreen('stock-in/inbound-order-details', lazy(() => import('./inbound/orders/InboundOrderDetailsPage')))
registerScreen('stock-in/test-list', lazy(() => import('./inbound/inspection/InspectionPage')))
registerScreen('stock-in/shelf-task', lazy(() => import('./inbound/shelving/ShelfTaskPage')))
registerScreen('stock-in/shelf-task-details', lazy(() => import('./inbound/shelving/ShelvingStationPage')))
registerScreen('stock-in/returns-receipt', lazy(() => import('./inbound/returns/ReturnsPage')))
registerScreen('stock-in/stock-in-quickly', lazy(() => import('./inbound/quick/QuickInboundPage')))
registerScreen('stock-in/release-strip', lazy(() => import('./inbound/release/ReleasePage')))
registerScreen('stock-in/inbound-measure', lazy(() => import('./inbound/measure/MeasurePage')))
registerScreen('stock-in/inbound-setting', lazy(() => import('./inbound/settings/InboundSettingsPage')))
registerScreen('reports/timeout-task', lazy(() => import('./inbound/timeouts/TimeoutsPage')))
registerScreen('reports/sales-outbound-report', lazy(() => import('./reports/SalesOutboundReportPage')))
registerScreen('stock-out/toc-sales-outbound', lazy(() => import('./outbound/orders/OutboundOrdersPage')))
registerScreen('stock-out/toc-sales-outbound-details', lazy(() => import('./outbound/orders/OutboundOrderDetailsPage')))
registerScreen('stock-out/wave-picking', lazy(() => import('./outbound/picking/WavesPage')))
registerScreen('stock-out/wave-picking-details', lazy(() => import('./outbound/picking/WaveDetailsPage')))
registerScreen('stock-out/allot-pick-task', lazy(() => import('./outbound/picking/WaveDetailsPage')))
registerScreen('stock-out/pickingtasks', lazy(() => import('./outbound/picking/PickingTasksPage')))
registerScreen('stock-out/sorting-wall', lazy(() => import('./outbound/sorting/SortingWallPage')))
registerScreen('stock-out/reviewpackaging', lazy(() => import('./outbound/shipping/ReviewStation')))
registerScreen('stock-out/auto-packaging', lazy(() => import('./outbound/shipping/AutoPackStation')))
registerScreen('stock-out/shippinginfo', lazy(() => import('./outbound/shipping/ShippingStation')))
registerScreen('stock-out-abnormal/stop-stock-out', lazy(() => import('./outbound/shipping/ReturnShelfStation')))
registerScreen('stock-out-abnormal/pick-diff', lazy(() => import('./outbound/picking/PickDiffPage')))
registerScreen('stock-out/faceorder-manage', lazy(() => import('./outbound/face-sheets/FaceSheetsPage')))
// Every resource declaration's generated list screen (a hand-written page for the same key wins).
registerResourceScreens((key, c) => registerScreen(key, c, { generated: true }))
