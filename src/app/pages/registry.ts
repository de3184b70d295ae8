// The screen registry: menu entries name a component key (catalog `component`, e.g.
// 'system/operation-log'); the shell looks the key up here and renders the page inside the layout.
// Keys nobody registered render the honest "not available yet" page, never a blank.
//
// To add a screen: add ONE line at the bottom of this file,
//   registerScreen('<component key>', lazy(() => import('./<area>/<Page>')))
// (lazy keeps each screen in its own chunk). The page receives { route } (ScreenProps).
// The page kit (ScreenProps, usePageActive(), usePageSearch() / usePageSearchParams()) lives in ./kit:
// pages import it from there, never this file (which imports them: no circle).
import { lazy } from 'react'
import type { ScreenComponent } from './kit'
import { registerResourceScreens } from '../resources/index'
import { loadNamespaces } from '../i18n'
// The label-print command's download watcher (an effect, not a screen: any page can print).
import './inbound/labels/download-panel'

/** A lazy page whose screen-only locale namespaces (kept out of the main chunk, src/app/i18n.ts) load with it. */
const withNs = (load: () => Promise<{ default: ScreenComponent }>, ...ns: string[]) =>
  lazy(() => Promise.all([load(), loadNamespaces(...ns)]).then(([page]) => page))

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
registerScreen('stock-out-abnormal/stock-out-abnormal-list', withNs(() => import('./outbound-exceptions/ExceptionsPage'), 'exceptions'))
registerScreen('stock-out/faceorder-manage', lazy(() => import('./outbound/face-sheets/FaceSheetsPage')))
registerScreen('in-house-work/move-manager-list', lazy(() => import('./moves/MoveOrdersPage')))
registerScreen('in-house-work/move-manager-details', lazy(() => import('./moves/MoveDetailsPage')))
registerScreen('in-house-work/transfer-warning', lazy(() => import('./moves/TransferWarningPage')))
registerScreen('stock-manage/stock-allot', lazy(() => import('./stock-allot/StockAllotPage')))
registerScreen('in-house-work/check-manager-list', lazy(() => import('./counts/CountManagerPage')))
registerScreen('in-house-work/check-detail', lazy(() => import('./counts/CountDetailPage')))
registerScreen('in-house-work/check-review', lazy(() => import('./counts/CountReviewPage')))
registerScreen('in-house-work/in-surplus', lazy(() => import('./counts/SurplusPage')))
registerScreen('in-house-work/checklose', lazy(() => import('./counts/LossPage')))
registerScreen('rules/inventory-check-rule', lazy(() => import('./counts/CountRulesPage')))
registerScreen('stock-in/other-inbound', lazy(() => import('./other-inout/OtherInboundPage')))
registerScreen('stock-out/other-outbound', lazy(() => import('./other-inout/OtherOutboundPage')))
registerScreen('stock-out/other-pick', lazy(() => import('./other-inout/OtherPickPage')))
registerScreen('stock-out/other-ship', lazy(() => import('./other-inout/OtherShipPage')))
registerScreen('in-house-work/defective-outbound', lazy(() => import('./other-inout/DefectiveOutboundPage')))
registerScreen('stock-out/sample-out-management', lazy(() => import('./samples/SampleOutPage')))
registerScreen('stock-out/sample-out-review', lazy(() => import('./samples/SampleReviewPage')))
registerScreen('in-house-work/sample-manager', lazy(() => import('./samples/SampleManagerPage')))
registerScreen('in-house-work/defective', lazy(() => import('./samples/DefectivePage')))
registerScreen('in-house-work/defective-reported', lazy(() => import('./samples/DefectiveReportedPage')))
// Every resource declaration's generated list screen (a hand-written page for the same key wins).
registerResourceScreens((key, c) => registerScreen(key, c, { generated: true }))
registerScreen('in-house-work/task-allocation', lazy(() => import('./tasks/TaskAllocationPage')))
registerScreen('replenishment/replenishment', lazy(() => import('./replenishment/ReplenishmentPage')))
registerScreen('rules/replenishment-rule', lazy(() => import('./replenishment/ReplenishmentRulesPage')))
registerScreen('warehouse/task-path-configuration', lazy(() => import('./tasks/TaskPathPage')))
registerScreen('stock-in/audit-plan-separate-table', lazy(() => import('./tasks/AuditPlansPage')))
registerScreen('stock-in/list-of-checklists', lazy(() => import('./tasks/ChecklistsPage')))
registerScreen('stock-out/all-added-outbound', withNs(() => import('./tob/TobOrdersPage'), 'tob-ui', 'tob'))
registerScreen('stock-out/added-outoder', withNs(() => import('./tob/TobOrderFormPage'), 'tob-ui', 'tob'))
registerScreen('stock-out/outoder-details', withNs(() => import('./tob/TobOrderDetailsPage'), 'tob-ui', 'tob'))
registerScreen('stock-out/merge-order', withNs(() => import('./tob/MergeOrderPage'), 'tob-ui', 'tob'))
registerScreen('stock-out/tob-picking-task', withNs(() => import('./tob/TobPickingTasksPage'), 'tob-ui', 'tob'))
// Container loading (issue 21 part K2).
registerScreen('container-load/container-load-list', lazy(() => import('./container-loading/ContainerLoadListPage')))
registerScreen('container-load/container-loading', lazy(() => import('./container-loading/ContainerLoadingStation')))
registerScreen('container-load/loading-detail', lazy(() => import('./container-loading/LoadingDetailPage')))
registerScreen('stock-out/allot-container', lazy(() => import('./container-loading/AllotContainerPage')))
registerScreen('stock-out/tob-packing', withNs(() => import('./cartons/PackingStation'), 'cartons-ui', 'cartons'))
// ToB shipments (issue 21 part K1).
registerScreen('stock-out/shipment-details', withNs(() => import('./shipments/ShipmentListPage'), 'shipments'))
registerScreen('stock-out/outbound-details', withNs(() => import('./shipments/ShipmentOutboundDetailsPage'), 'shipments'))
registerScreen('stock-out/tob-shipping', withNs(() => import('./shipments/TobShippingPage'), 'shipments'))
registerScreen('stock-out/tob-shipping-details', withNs(() => import('./shipments/TobShippingDetailsPage'), 'shipments'))
// Transfer orders (issue 21 part L).
registerScreen('stock-out-allot/stock-out-allot-list', withNs(() => import('./transfers/TransferOrdersPage'), 'transfers'))
registerScreen('stock-out-allot/allot-add', withNs(() => import('./transfers/TransferAddPage'), 'transfers'))
registerScreen('stock-out-allot/allot-detail', withNs(() => import('./transfers/TransferDetailPage'), 'transfers'))
registerScreen('stock-out-allot/allot-batch-add', withNs(() => import('./transfers/TransferBatchPage'), 'transfers'))
