// The menu catalog: every screen of spec section 2 as one tree of menu rows, seeded into the `menu`
// table and read back by the menu endpoints. Pure data.
//
// Ids are STABLE FOREVER: grants (role_menu) and bookmarks refer to them. Each top-level section owns
// a block of 1000 ids; add new screens with new ids inside their block, never renumber.
// Paths follow the spec's segments exactly, odd spellings included (tow-category, added-outoder,
// generat-shipment, ReleaseStrip, remote-Desktop). Child paths may start with '/' (the spec lists
// '/wms-widget: /add-inland-label'); route building joins and collapses the slashes.
import { LAYOUT, NO_REDIRECT, type MenuEntry, type MenuMeta } from './types'
import { ALL_RESOURCES } from '../resources/index'
import { permissionOf, resourceActions, STANDARD_ACTIONS } from '../resource'

// ---------------------------------------------------------------------------------------------
// A small builder so the tree reads like the sidebar. Titles default to `menu:title.<code>`,
// components to `<section>/<code>`, authorities to `menu:<code>` (buttons: `<screen>:<action>`).
interface Def {
  id: number
  type: 'M' | 'B' | 'R'
  code: string
  path: string
  dir?: boolean
  component?: string
  name?: string
  title?: string
  redirect?: string
  icon?: string
  hidden?: boolean
  system?: string
  meta?: Omit<MenuMeta, 'title' | 'hidden' | 'icon' | 'menu'>
  /** Component key prefix for the screens below (set on top-level sections). */
  section?: string
  children?: Def[]
}
type Opts = Partial<Pick<Def, 'component' | 'name' | 'title' | 'icon' | 'hidden' | 'system' | 'meta' | 'section' | 'redirect'>>

const dir = (id: number, code: string, path: string, children: Def[], o: Opts = {}): Def =>
  ({ id, type: 'M', code, path, dir: true, redirect: NO_REDIRECT, children, ...o })
/** A screen; `buttons` are [id, action] pairs becoming `<code>:<action>` button rows. */
const screen = (id: number, code: string, path: string, o: Opts & { buttons?: [number, string][] } = {}): Def => {
  const { buttons, ...rest } = o
  return { id, type: 'M', code, path, ...rest, children: (buttons ?? []).map(([bid, action]) => ({ id: bid, type: 'B', code: `${code}:${action}`, path: '', title: `menu:button.${action}`, name: action })) }
}
/** A hidden sub-page (details, add) that keeps its list entry highlighted. */
const page = (id: number, code: string, path: string, activeMenu: string, o: Opts = {}): Def =>
  screen(id, code, path, { hidden: true, ...o, meta: { activeMenu, noCache: true, ...o.meta } })
const redirectRow = (id: number, code: string, path: string, redirect: string, o: Opts = {}): Def =>
  ({ id, type: 'R', code, path, redirect, ...o })

// ---------------------------------------------------------------------------------------------
const TREE: Def[] = [
  screen(1001, 'dashboard', '/', { component: 'dashboard', icon: 'dashboard', meta: { affix: true } }),

  dir(2000, 'basic-data-new', '/basic-data-new', [
    screen(2001, 'company', 'company', { buttons: [[2101, 'add'], [2102, 'edit']] }),
    screen(2002, 'staff-information', 'staff-information', { buttons: [[2103, 'add'], [2104, 'edit']] }),
    screen(2003, 'department', 'department', { buttons: [[2105, 'add'], [2106, 'edit'], [2107, 'delete']] }),
    screen(2004, 'platform', 'platform', { buttons: [[2108, 'add'], [2109, 'edit']] }),
    screen(2005, 'site', 'site', { buttons: [[2110, 'add'], [2111, 'edit']] }),
    screen(2006, 'shop', 'shop', { buttons: [[2112, 'add'], [2113, 'edit']] }),
    screen(2007, 'exchange-rate', 'exchange-rate', { buttons: [[2114, 'add'], [2115, 'edit'], [2116, 'sync']] }),
    screen(2008, 'daily-rate', 'daily-rate'),
    screen(2009, 'commission-relationship', 'commission-relationship', { buttons: [[2117, 'add'], [2118, 'edit']] }),
    screen(2010, 'spv', 'spv'),
    screen(2011, 'receiving-address', 'receiving-address', { buttons: [[2119, 'add'], [2120, 'edit']] }),
  ], { icon: 'database', section: 'basic-data' }),

  dir(3000, 'commodity-information', '/commodity-information', [
    dir(3001, 'category', 'category', [
      screen(3002, 'one-category', 'one-category', { buttons: [[3101, 'add'], [3102, 'edit']] }),
      screen(3003, 'tow-category', 'tow-category', { buttons: [[3103, 'add'], [3104, 'edit']] }),
      screen(3004, 'three-category', 'three-category', { buttons: [[3105, 'add'], [3106, 'edit']] }),
    ]),
    screen(3005, 'brand', 'brand', { buttons: [[3107, 'add'], [3108, 'edit']] }),
    screen(3006, 'style', 'style', { buttons: [[3109, 'add'], [3110, 'edit'], [3111, 'import']] }),
    screen(3007, 'sku-material-component', 'sku-material-component'),
    screen(3008, 'material-information', 'material-information', { buttons: [[3112, 'add'], [3113, 'edit']] }),
    screen(3009, 'color', 'color', { buttons: [[3114, 'add'], [3115, 'edit']] }),
    screen(3010, 'size', 'size', { buttons: [[3116, 'add'], [3117, 'edit']] }),
    screen(3011, 'box', 'box'),
    // The carton packing station's permissions (issue 21 part I): work the station, create tasks, stop them.
    screen(3012, 'packing-box', 'packing-box', { buttons: [[25201, 'pack'], [25202, 'create'], [25203, 'stop']] }),
    screen(3013, 'case', 'case'),
    screen(3014, 'sku-other-information', 'sku-other-information'),
    screen(3015, 'sku-association', 'sku-association'),
    screen(3016, 'sku', 'sku', { buttons: [[3118, 'add'], [3119, 'edit'], [3120, 'export']] }),
    screen(3017, 'sku-platform', 'sku-platform', { buttons: [[3121, 'add'], [3122, 'edit'], [3123, 'import']] }),
    screen(3018, 'upc-inheritance', 'upc-inheritance'),
  ], { icon: 'goods', section: 'commodity' }),

  dir(4000, 'warehouse', '/warehouse', [
    screen(4001, 'storage', 'storage', { buttons: [[4101, 'add'], [4102, 'edit']] }),
    screen(4002, 'storage-area', 'storage-area', { buttons: [[4103, 'add'], [4104, 'edit']] }),
    screen(4003, 'shelf', 'shelf', { buttons: [[4105, 'add'], [4106, 'edit']] }),
    screen(4004, 'container', 'container', { buttons: [[4107, 'add'], [4108, 'edit']] }),
    screen(4005, 'location', 'location', { buttons: [[4109, 'add'], [4110, 'edit'], [4111, 'import'], [4112, 'status']] }),
    screen(4006, 'goods-platform', 'platform', { buttons: [[4113, 'add'], [4114, 'edit']] }),
    screen(4007, 'job-group', 'job-group', { buttons: [[4115, 'add'], [4116, 'edit']] }),
    screen(4008, 'storage-group', 'storage-group', { buttons: [[4117, 'add'], [4118, 'edit']] }),
    screen(4009, 'task-path-configuration', 'task-path-configuration', { buttons: [[4201, 'edit']] }),
  ], { icon: 'warehouse', section: 'warehouse' }),

  dir(5000, 'third-party', '/third-party', [
    screen(5001, 'supplier', 'supplier', { buttons: [[5101, 'add'], [5102, 'edit']] }),
    screen(5002, 'forwarder', 'forwarder', { buttons: [[5103, 'add'], [5104, 'edit']] }),
    screen(5003, 'carrier', 'carrier'),
  ], { icon: 'partner', section: 'third-party' }),

  dir(6000, 'stock-in', '/stock-in', [
    screen(6001, 'harvest', 'harvest', { buttons: [[6101, 'receive'], [6102, 'export']] }),
    screen(6002, 'release-strip', 'ReleaseStrip', { buttons: [[6181, 'add'], [6182, 'release']] }),
    screen(6003, 'test-list', 'test-list', { buttons: [[6103, 'inspect'], [6195, 'generate']] }),
    screen(6004, 'inbound-order', 'inbound-order', { buttons: [[6104, 'add'], [6105, 'validate'], [6106, 'abolish'], [6107, 'import'], [6108, 'export'], [6121, 'edit'], [6122, 'submit'], [6123, 'finish'], [6124, 'status'], [6187, 'print']] }),
    page(6005, 'inbound-order-details', 'inbound-order/details', '/stock-in/inbound-order'),
    screen(6006, 'stock-in-quickly', 'inbound-order/stock-in-quickly', { buttons: [[6183, 'add'], [6184, 'receive']] }),
    screen(6007, 'shelf-task', 'shelf-task', { buttons: [[6109, 'assign'], [6110, 'complete'], [6196, 'claim'], [6197, 'shelve']] }),
    page(6008, 'shelf-task-details', 'shelf-task/details', '/stock-in/shelf-task'),
    screen(6009, 'returns-receipt', 'returns-receipt', { buttons: [[6111, 'add'], [6112, 'cancel'], [6185, 'receive']] }),
    screen(6010, 'audit-plan-separate-table', 'audit-plan-separate-table', { buttons: [[6201, 'add'], [6202, 'complete']] }),
    screen(6011, 'list-of-checklists', 'list-of-checklists', { buttons: [[6203, 'record']] }),
    screen(6012, 'inbound-measure', 'inbound-measure', { buttons: [[6186, 'edit']] }),
    screen(6013, 'other-inbound', 'other-inbound', { buttons: [[6231, 'add']] }),
    screen(6014, 'inbound-setting', 'inbound-setting', { buttons: [[6188, 'edit']] }),
  ], { icon: 'inbound', section: 'stock-in' }),

  dir(7000, 'stock-out', '/stock-out', [
    dir(7001, 'stock-out-tob', 'ToB', [
      dir(7002, 'tob-sales-outbound', 'sales-outbound', [
        screen(7003, 'all-added-outbound', 'all-added-outbound', { buttons: [[7101, 'add'], [7102, 'cancel'], [7103, 'export'], [7260, 'edit'], [7261, 'split-method'], [7280, 'import'], [7281, 'print']] }),
        page(7004, 'added-outoder', 'added-outoder', '/stock-out/ToB/sales-outbound/all-added-outbound'),
        page(7005, 'outoder-details', 'outoder-details', '/stock-out/ToB/sales-outbound/all-added-outbound'),
        screen(7006, 'shop-shipment', 'shop-shipment'),
        screen(7007, 'amazon-shipment', 'amazon-shipment', { buttons: [[7104, 'create'], [7105, 'generate']] }),
        page(7008, 'create-shipment', 'amazon-shipment/create-shipment', '/stock-out/ToB/sales-outbound/amazon-shipment'),
        page(7009, 'generat-shipment', 'amazon-shipment/generat-shipment', '/stock-out/ToB/sales-outbound/amazon-shipment'),
        screen(7010, 'walmart-shipment', 'walmart-shipment'),
        screen(7011, 'merge-order', 'merge-order', { buttons: [[7106, 'merge']] }),
      ]),
      dir(7012, 'ship-management', 'ship-management', [
        screen(7013, 'shipment-details', 'shipment-details', { buttons: [[7107, 'edit'], [7108, 'export'], [7271, 'generate'], [7273, 'terminate']] }),
        page(7014, 'shipmentlabel', 'shipment-details/shipmentlabel', '/stock-out/ToB/ship-management/shipment-details'),
        page(7015, 'outbound-details', 'shipment-details/outbound-details', '/stock-out/ToB/ship-management/shipment-details'),
        page(7016, 'print-port-labels', 'shipment-details/print-port-labels', '/stock-out/ToB/ship-management/shipment-details'),
        screen(7017, 'allot-container', 'allot-container', { buttons: [[8113, 'allot']] }),
        screen(7018, 'transport', 'transport'),
      ]),
      screen(7019, 'tob-picking-task', 'picking-task', { buttons: [[7109, 'assign'], [7110, 'print'], [7270, 'pack']] }),
      // Issue 21 part M: the carton packing station (a packing task ZX…, or the picked ToB order it packs).
      page(7022, 'tob-packing', 'picking-task/packing', '/stock-out/ToB/picking-task'),
      screen(7020, 'tob-shipping', 'shipping', { buttons: [[7111, 'ship'], [7272, 'depart']] }),
      page(7021, 'tob-shipping-details', 'shipping/details', '/stock-out/ToB/shipping'),
    ]),
    dir(7030, 'stock-out-toc', 'ToC', [
      screen(7031, 'toc-sales-outbound', 'sales-outbound', { buttons: [[7120, 'export'], [7140, 'add'], [7141, 'validate'], [7142, 'void'], [7143, 'lock'], [7144, 'unlock'], [7145, 'stop'], [7146, 'terminate'], [7147, 'merge'], [7148, 'refresh-lock'], [7149, 'shipping-method'], [7150, 'import'], [7151, 'status'], [7155, 'split'], [7156, 'switch-warehouse']] }),
      page(7041, 'toc-sales-outbound-details', 'sales-outbound/details', '/stock-out/ToC/sales-outbound'),
      screen(7032, 'wave-picking', 'wave-picking', { buttons: [[7121, 'create'], [7122, 'assign'], [7152, 'cancel']] }),
      page(7033, 'wave-picking-details', 'wave-picking/details', '/stock-out/ToC/wave-picking'),
      page(7034, 'allot-pick-task', 'wave-picking/allot-pick-task', '/stock-out/ToC/wave-picking'),
      screen(7035, 'pickingtasks', 'pickingtasks', { buttons: [[7123, 'assign'], [7124, 'print'], [7153, 'claim'], [7154, 'pick']] }),
      screen(7036, 'shippinginfo', 'shippinginfo', { buttons: [[7182, 'ship'], [7183, 'cancel'], [7184, 'handover']] }),
      screen(7037, 'reviewpackaging', 'reviewpackaging', { buttons: [[7125, 'review'], [7180, 'exception']] }),
      screen(7038, 'auto-packaging', 'auto-packaging', { buttons: [[7181, 'pack']] }),
      screen(7039, 'faceorder-manage', 'faceorder-manage', { buttons: [[7126, 'buy'], [7127, 'print'], [7160, 'cancel-postage']] }),
      screen(7040, 'sorting-wall', 'sorting-wall', { buttons: [[7170, 'merge-sort'], [7171, 'rest-sort'], [7172, 'sort'], [7173, 'cancel']] }),
    ]),
    screen(7050, 'sample-out-management', 'sample-out-management', { buttons: [[7231, 'add'], [7232, 'complete']] }),
    screen(7051, 'sample-out-review', 'sample-out-review', { buttons: [[7130, 'approve']] }),
    screen(7052, 'other-outbound', 'other-outbound', { buttons: [[7201, 'add'], [7202, 'validate'], [7203, 'release'], [7204, 'void'], [7230, 'import']] }),
    screen(7053, 'other-pick', 'other-pick'),
    screen(7054, 'other-ship', 'other-ship', { buttons: [[7205, 'ship']] }),
  ], { icon: 'outbound', section: 'stock-out' }),

  dir(8000, 'container-load', '/container-load', [
    // Issue 21 part K2: close (seal) and ship a container, take a box back out (8110–8112).
    screen(8001, 'container-load-list', 'list', { buttons: [[8101, 'add'], [8102, 'export'], [8110, 'close'], [8111, 'ship']] }),
    screen(8002, 'container-loading', 'container-loading', { buttons: [[8103, 'load'], [8112, 'unload']] }),
    page(8003, 'loading-detail', 'loading-detail', '/container-load/list'),
  ], { icon: 'container', section: 'container-load' }),

  dir(9000, 'stock-out-allot', '/stock-out-allot', [
    // Transfer orders' stage commands (issue 21 part L): confirm 1→2, assign picking 2→3, ship 3→4, void 2→9, complete 4→5, audit 5→6.
    screen(9001, 'stock-out-allot-list', 'list', { buttons: [[9101, 'add'], [9102, 'batch-add'], [9103, 'export'], [9110, 'confirm'], [9111, 'assign'], [9112, 'ship'], [9113, 'void'], [9114, 'complete'], [9115, 'approve']] }),
    page(9002, 'allot-add', 'allot-add', '/stock-out-allot/list'),
    page(9003, 'allot-detail', 'allot-detail', '/stock-out-allot/list'),
    page(9004, 'allot-batch-add', 'allot-batch-add', '/stock-out-allot/list'),
  ], { icon: 'transfer', section: 'stock-out-allot' }),

  dir(10000, 'stock-out-abnormal', '/stock-out-abnormal', [
    screen(10001, 'stock-out-abnormal-list', 'list', { buttons: [[10101, 'handle']] }),
    screen(10002, 'stop-stock-out', 'stop-stock-out', { buttons: [[10102, 'confirm']] }),
    screen(10003, 'pick-diff', 'pick-diff', { buttons: [[10103, 'handle']] }),
  ], { icon: 'warning', section: 'stock-out-abnormal' }),

  dir(11000, 'fba-shipment', '/fba-shipment', [
    screen(11001, 'fba-address', 'fba-address', { buttons: [[11101, 'add'], [11102, 'edit']] }),
    screen(11002, 'shipment-approve', 'shipment-approve', { buttons: [[11103, 'approve'], [11104, 'reject']] }),
  ], { icon: 'ship', section: 'fba-shipment' }),

  dir(12000, 'in-house-work', '/in-house-work', [
    dir(12001, 'check-manager', 'check-manager', [
      screen(12002, 'check-manager-list', 'list', { buttons: [[12101, 'add'], [12102, 'review'], [12103, 'export']] }),
      screen(12003, 'in-surplus', 'in-surplus'),
      screen(12004, 'checklose', 'checklose'),
      screen(12005, 'check-review', 'check-review', { buttons: [[12104, 'approve']] }),
      page(12006, 'check-detail', 'check-detail', '/in-house-work/check-manager/list'),
    ]),
    dir(12010, 'move-manager', 'move-manager', [
      screen(12011, 'move-manager-list', 'list', { buttons: [[12105, 'add'], [12231, 'complete'], [12232, 'cancel']] }),
      page(12012, 'move-manager-details', 'details', '/in-house-work/move-manager/list'),
    ]),
    screen(12020, 'sample-manager', 'sample-manager', { buttons: [[12301, 'lend'], [12302, 'return']] }),
    screen(12021, 'transfer-warning', 'transfer-warning'),
    screen(12022, 'defective', 'defective', { buttons: [[12106, 'report']] }),
    screen(12023, 'defective-outbound', 'defective-outbound', { buttons: [[12291, 'create']] }),
    screen(12024, 'defective-reported', 'defective-reported'),
    screen(12025, 'task-allocation', 'task-allocation', { buttons: [[12261, 'allot']] }),
  ], { icon: 'work', section: 'in-house-work' }),

  dir(13000, 'replenishment-order-manage', '/replenishment-order-manage', [
    screen(13001, 'replenishment', 'replenishment', { buttons: [[13101, 'add'], [13201, 'assign'], [13202, 'abolish'], [13203, 'generate']] }),
  ], { icon: 'replenish', section: 'replenishment', meta: { newMenu: true } }),

  dir(14000, 'stock-manage', '/stock-manage', [
    screen(14001, 'stock-manage-list', 'stock-manage-list', { buttons: [[14101, 'export'], [14102, 'explain'], [14104, 'check']] }),
    screen(14002, 'stock-allot', 'stock-allot', { buttons: [[14103, 'add']] }),
  ], { icon: 'stock', section: 'stock-manage' }),

  dir(15000, 'consumables-new', '/consumables-new', [
    screen(15001, 'consumables-info', 'consumables-info', { buttons: [[15101, 'add'], [15102, 'edit']] }),
    screen(15002, 'consumables-inbound', 'consumables-inbound'),
    screen(15003, 'consumables-outbound', 'consumables-outbound'),
    screen(15004, 'consumables-stock', 'consumables-stock'),
    screen(15005, 'consumables-safety-stock', 'consumables-safety-stock'),
    screen(15006, 'consumables-inventory', 'consumables-inventory'),
    screen(15007, 'consumables-transfer', 'consumables-transfer'),
    screen(15008, 'consumables-transaction-report', 'consumables-transaction-report', { buttons: [[15103, 'export']] }),
  ], { icon: 'consumables', section: 'consumables' }),

  dir(16000, 'rule-management', '/rule-management', [
    screen(16001, 'wave-rule', 'wave-rule', { buttons: [[16101, 'add'], [16102, 'edit']] }),
    screen(16002, 'picking-merge-rule', 'picking-merge-rule'),
    screen(16003, 'order-splitting-rule', 'order-splitting-rule'),
    screen(16004, 'replenishment-rule', 'replenishment-rule', { buttons: [[16201, 'add'], [16202, 'edit']] }),
    screen(16005, 'inventory-check-rule', 'inventory-check-rule'),
    screen(16006, 'inbound-strategy', 'inbound-strategy', { buttons: [[16103, 'add'], [16104, 'edit']] }),
    screen(16007, 'outbound-strategy', 'outbound-strategy', { buttons: [[16105, 'add'], [16106, 'edit']] }),
    // A directory with exactly one child: the sidebar collapses it to the child.
    dir(16008, 'transfer-issue-rules', 'transfer-issue', [
      screen(16009, 'once-outbound-config', 'once-outbound-config'),
    ]),
  ], { icon: 'rule', section: 'rules' }),

  dir(17000, 'report-new', '/report-new', [
    screen(17001, 'invoicing', 'invoicing', { buttons: [[17101, 'export']] }),
    screen(17002, 'task-statistics', 'task-statistics'),
    screen(17003, 'sales-outbound-report', 'sales-outbound', { buttons: [[17103, 'export']] }),
    screen(17004, 'timeout-task', 'timeout-task'),
    screen(17005, 'stock-age', 'stock-age', { buttons: [[17102, 'export']] }),
    // A board: the shell renders route names containing IframeWarehouseBoard without card and breadcrumb.
    // No board exists yet (it framed the API documentation, pretending to be one): its own component
    // key, which no screen registers, shows the honest 'not available yet' page until one is built.
    screen(17006, 'IframeWarehouseBoard', 'warehouse-board', { component: 'warehouse-board' }),
  ], { icon: 'chart', section: 'reports' }),

  dir(18000, 'performance-manage', '/performance-manage', [
    screen(18001, 'job-performance', 'job-performance'),
  ], { icon: 'performance', section: 'reports' }),

  dir(19000, 'quick-assistant', '/quick-assistant', [
    dir(19001, 'print-label', 'print-label', [
      screen(19002, 'inland-print', 'inland-print', { buttons: [[19101, 'print']] }),
    ]),
  ], { icon: 'printer', section: 'widget' }),

  dir(20000, 'wms-widget', '/wms-widget', [
    screen(20001, 'add-inland-label', '/add-inland-label'),
    screen(20002, 'add-certificate', '/add-certificate'),
    screen(20003, 'certificates', 'certificates'),
  ], { icon: 'tool', section: 'widget' }),

  dir(21000, 'attr-manage', '/attr-manage', [
    screen(21001, 'attr-setting-manage', 'attr-setting-manage'),
  ], { icon: 'attr', section: 'attr-manage' }),

  dir(22000, 'system-tools', '/system-tools', [
    screen(22001, 'box-info-import', '/box-info-import', { buttons: [[22101, 'import']] }),
    screen(22002, 'shoe-label-verification', '/shoe-label-verification'),
    // The embedded-page example: a frame on the API docs so it works offline.
    screen(22003, 'api-docs', 'api-docs', { component: 'EmbeddedPage', meta: { iframeUrl: '/api/docs' } }),
    // Old bookmarks of the docs page keep working.
    redirectRow(22004, 'api-docs-alias', 'docs', '/system-tools/api-docs', { hidden: true }),
  ], { icon: 'tool', section: 'system-tools' }),

  dir(23000, 'print-manage', '/print-manage', [
    screen(23001, 'print-setup', 'print-setup'),
    screen(23002, 'print-template', 'print-template', { buttons: [[23101, 'add'], [23102, 'edit']] }),
    screen(23003, 'printer-management', 'printer-management'),
  ], { icon: 'printer', section: 'print' }),

  dir(24000, 'rights', '/rights', [
    screen(24001, 'rights-divisional', 'divisional', { buttons: [[24101, 'add'], [24102, 'edit'], [24103, 'delete']] }),
    screen(24002, 'rights-menu', 'menu', { meta: { roles: ['admin'] }, buttons: [[24104, 'add'], [24105, 'edit'], [24106, 'delete']] }),
    screen(24003, 'rights-role', 'role', { buttons: [[24107, 'add'], [24108, 'edit'], [24109, 'delete'], [24110, 'grant']] }),
    screen(24004, 'rights-user', 'user', { buttons: [[24111, 'add'], [24112, 'edit'], [24113, 'delete'], [24114, 'reset-password'], [24115, 'force-offline']] }),
  ], { icon: 'lock', section: 'rights' }),

  dir(25000, 'system-manage', '/system-manage', [
    dir(25001, 'datadictionary', 'datadictionary', [
      screen(25002, 'basicdate', 'basicdate', { buttons: [[25101, 'add'], [25102, 'edit'], [25103, 'delete']] }),
    ]),
    screen(25003, 'remote-desktop', 'remote-Desktop', { buttons: [[25104, 'add']] }),
    page(25004, 'remote-added', 'remote-Desktop/remote-added', '/system-manage/remote-Desktop'),
    screen(25005, 'operation-log', 'operation-log', { component: 'system/operation-log', buttons: [[25105, 'export']] }),
    screen(25006, 'tenant', 'tenant', { buttons: [[25106, 'add'], [25107, 'edit']] }),
    screen(25007, 'api-config', 'api-config', { buttons: [[25108, 'edit']] }),
    screen(25008, 'delivery-time', 'delivery-time'),
    // The console's mail outbox (verification-code mails the administrator reads; spec section 7).
    screen(25009, 'mail-outbox', 'mail-outbox', { component: 'system/mail-outbox' }),
  ], { icon: 'setting', section: 'system' }),

  dir(26000, 'versions', '/versions', [
    screen(26001, 'app-versions', 'list', { buttons: [[26101, 'add'], [26102, 'edit']] }),
  ], { icon: 'version', section: 'system' }),

  // Targets of the top bar's my-files dropdown: routes, but not sidebar entries.
  dir(27000, 'import-file', '/import-file', [
    screen(27001, 'export-file', 'export-file'),
    screen(27002, 'sql-export', 'sql-export'),
    screen(27003, 'import-file-list', 'list'),
  ], { icon: 'file', section: 'files', hidden: true }),
  dir(28000, 'file-export', '/file-export', [
    screen(28001, 'sfs-file-import', 'sfs-file-import'),
  ], { icon: 'file', section: 'files', hidden: true }),

  // Menus of other systems the shared menu service also returns. Route building drops them
  // (labels beginning OMS/SCM/IMS/ERP/FIN; menus titled OCS-admin__menu / SRM-admin__menu).
  dir(90000, 'oms-order-center', '/oms', [
    screen(90001, 'oms-orders', 'orders', { system: 'OMS' }),
  ], { name: 'OMS Order Center', system: 'OMS', section: 'oms' }),
  screen(90100, 'scm-purchase', '/scm-purchase', { name: 'SCM Purchase', system: 'SCM', section: 'scm' }),
  screen(90200, 'ims-inventory', '/ims-inventory', { name: 'IMS Inventory', system: 'IMS', section: 'ims' }),
  screen(90300, 'erp-finance', '/erp-finance', { name: 'ERP Finance', system: 'ERP', section: 'erp' }),
  screen(90400, 'fin-settlement', '/fin-settlement', { name: 'FIN Settlement', system: 'FIN', section: 'fin' }),
  dir(90500, 'ocs-admin', '/ocs-admin', [
    screen(90501, 'ocs-users', 'users', { system: 'OCS' }),
  ], { name: 'ocs-admin', title: 'menu:title.OCS-admin__menu', system: 'OCS', section: 'ocs' }),
  dir(90600, 'srm-admin', '/srm-admin', [
    screen(90601, 'srm-suppliers', 'suppliers', { system: 'SRM' }),
  ], { name: 'srm-admin', title: 'menu:title.SRM-admin__menu', system: 'SRM', section: 'srm' }),
]

function flatten(defs: Def[], parentId: number | null, section: string, parentSystem: string, out: MenuEntry[]): void {
  defs.forEach((d, i) => {
    const sec = d.section ?? section
    const system = d.system ?? parentSystem
    const hidden = d.hidden ?? false
    const isButton = d.type === 'B'
    const meta: MenuMeta = { title: d.title ?? `menu:title.${d.code}`, ...d.meta }
    if (!isButton) {
      meta.hidden = hidden
      meta.menu = d.type === 'M'
      if (d.icon) meta.icon = d.icon
    }
    out.push({
      id: d.id,
      parentId,
      type: d.type,
      code: d.code,
      name: d.name ?? d.code,
      title: meta.title,
      path: d.path,
      component: isButton || d.type === 'R' ? null : d.dir ? LAYOUT : d.component ?? `${sec}/${d.code}`,
      redirect: d.redirect ?? null,
      icon: d.icon ?? null,
      sort: (i + 1) * 10,
      hidden,
      authority: isButton ? d.code : `menu:${d.code}`,
      system,
      iframeUrl: d.meta?.iframeUrl ?? null,
      meta,
    })
    if (isButton && d.children?.length) throw new Error(`a button cannot have children: ${d.code}`)
    if (d.children?.length) flatten(d.children, d.id, sec, system, out)
  })
}

function build(): MenuEntry[] {
  const out: MenuEntry[] = []
  flatten(TREE, null, '', 'WMS', out)
  addResourceButtons(out)
  return out
}

/**
 * Every resource declaration's actions become permission buttons under its screen, unless the tree
 * already lists them. Ids are derived and stable: screen id × 100 + action slot (standard actions
 * 0-5 in STANDARD_ACTIONS order, extra actions 10 + their declared index).
 */
function addResourceButtons(out: MenuEntry[]) {
  const byCode = new Map(out.map((m) => [m.code, m]))
  for (const def of ALL_RESOURCES) {
    const screenRow = byCode.get(def.menuCode)
    if (!screenRow || screenRow.type !== 'M') throw new Error(`resource ${def.name}: no screen ${def.menuCode} in the menu catalog`)
    for (const action of resourceActions(def)) {
      const code = permissionOf(def, action)
      if (byCode.has(code)) continue
      const std = (STANDARD_ACTIONS as readonly string[]).indexOf(action)
      const extra = def.actions?.find((a) => a.action === action)
      const slot = std >= 0 ? std : 10 + extra!.index
      const title = std >= 0 ? `menu:button.${action}` : extra!.title
      const row: MenuEntry = {
        id: screenRow.id * 100 + slot, parentId: screenRow.id, type: 'B', code, name: action, title, path: '', component: null,
        redirect: null, icon: null, sort: 1000 + slot, hidden: false, authority: code, system: screenRow.system, iframeUrl: null, meta: { title },
      }
      out.push(row)
      byCode.set(code, row)
    }
  }
}

/** Every menu row, parents before children (depth-first, in sidebar order). */
export const MENU_CATALOG: readonly MenuEntry[] = build()

export const MENU_BY_ID: ReadonlyMap<number, MenuEntry> = new Map(MENU_CATALOG.map((m) => [m.id, m]))
export const MENU_BY_CODE: ReadonlyMap<string, MenuEntry> = new Map(MENU_CATALOG.map((m) => [m.code, m]))

export interface PermissionInfo {
  /** The authority: `menu:<code>` or `<screen code>:<action>`. */
  code: string
  /** i18n key of the entry's own title (the screen's title, or the button's action title). */
  titleKey: string
  /** For buttons: the title key of the screen the button belongs to. */
  screenTitleKey?: string
  menuId: number
  type: MenuEntry['type']
}

/** Every permission code with its title keys, in catalog order. */
export const PERMISSION_LIST: readonly PermissionInfo[] = MENU_CATALOG.map((m) => ({
  code: m.authority,
  titleKey: m.title,
  ...(m.type === 'B' && m.parentId !== null ? { screenTitleKey: MENU_BY_ID.get(m.parentId)!.title } : {}),
  menuId: m.id,
  type: m.type,
}))

/** The set of every permission code (authority) the catalog defines. */
export const PERMISSION_CATALOG: ReadonlySet<string> = new Set(PERMISSION_LIST.map((p) => p.code))

/** Ids of an entry and all its descendants. */
export function subtreeIds(id: number, entries: readonly MenuEntry[] = MENU_CATALOG): number[] {
  const kids = new Map<number, number[]>()
  for (const e of entries) if (e.parentId !== null) kids.set(e.parentId, [...(kids.get(e.parentId) ?? []), e.id])
  const out: number[] = []
  const walk = (x: number) => { out.push(x); for (const k of kids.get(x) ?? []) walk(k) }
  walk(id)
  return out
}

/** Ids of an entry's ancestors, nearest first. */
export function ancestorIds(id: number, byId: ReadonlyMap<number, MenuEntry> = MENU_BY_ID): number[] {
  const out: number[] = []
  let p = byId.get(id)?.parentId ?? null
  while (p !== null) { out.push(p); p = byId.get(p)?.parentId ?? null }
  return out
}
