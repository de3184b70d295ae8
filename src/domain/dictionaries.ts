// The spec's enumerations (sections 3, 4 and 9) with their code values — one place. The server seeds
// the dictionary table from DICTIONARIES; the client and the grid label values with dictLabelKey
// (`dict:<code>.<value>`, translated in locales/*/dict.json). Names are the spec's own.

/** Numeric enums: name → code value, exactly as spec section 4 writes them. */
/** Transfer orders: the spec's construction stages 1-6, and Cancelled 9 (its transfer label "cancelled/void": voided while pending collection). */
export const ConstructionStage = { NewConstruction: 1, PendingCollected: 2, PendingTransfer: 3, TransferInprogress: 4, TransferCompleted: 5, AuditCompleted: 6, Cancelled: 9 } as const
export const DocumentStatus = { Draft: 0, Effective: 1, Pending: 2, Cancelled: 3, Reviewed: 4, Shipped: 5, Terminated: 6 } as const
export const OutboundOrderStatus = {
  Draft: 0, Effective: 1, ReadyOut: 2, PartTransport: 3, Over: 4, DeficiencyOver: 5, Approve: 6,
  AbnormalLock: 7, StopTransport: 8, Cancel: 9, Merging: 10, Deal: 11,
} as const
export const ReplenishmentTaskStatus = { ToBeReplenished: 0, Restocking: 1, Completed: 2, Abolished: 3, ToBeAllocated: 4 } as const
export const PackingStatus = { ToBePacked: 1, InPacking: 2, Completed: 3, Abnormal: 4, Cancel: 5, PackAbnormal: 6, OutOfStock: 7 } as const
export const TaskClaimStatus = { Unclaimed: 0, Working: 1, Completed: 2 } as const
/** Waves (issue 12; the spec names the picking labels without codes: these are ours). */
export const WaveStatus = { ToPick: 0, Picking: 1, Picked: 2, PartPicked: 3, Cancelled: 9 } as const
/** Exceptions' handling (spec section 4 "handling (pending, processed)"). */
export const HandlingStatus = { Pending: 0, Processed: 1 } as const
export const CountPlanStatus = { Unclaimed: 0, InventoryToBeCounted: 1, WaitingForApproval: 2, Finished: 4, Invalid: 9 } as const
/** Move orders (issue 20 "Moves"; codes ours): New 0 → Moving 1 (the station's session, or lines moved) → Completed 2; Cancelled 9 (nothing moved). */
export const MoveOrderStatus = { New: 0, Moving: 1, Completed: 2, Cancelled: 9 } as const
/** Audit plans and checklists (spec section 4 "audit (new, audit complete)"; codes ours). */
export const AuditStatus = { New: 0, AuditComplete: 1 } as const
export const ApprovalStatus = { PendingApproval: 1, ApprovalRejected: 2, ApprovalPassed: 3, Completed: 4 } as const
export const InboundStatus = { New: 0, WaitingIssued: 1, Issued: 2, Receiving: 3, Finish: 4, Abolished: 5 } as const
export const ShipmentStatus = { NotShipped: 0, Shipped: 1, InTransit: 2, PartiallyShipped: 3, ShippingTerminated: 4 } as const
/** Face sheet (waybill) purchase, spec section 4 "face sheet/waybill (bought, not bought, partly bought)" (codes ours). */
export const FaceSheetStatus = { NotBought: 0, Bought: 1, PartlyBought: 2 } as const
/**
 * One order's face sheet purchase (issue 13 §3; codes ours): None 0 — no live purchase (grid rows of
 * orders that have none); a face_sheet row is Queued 1 (the worker has not reached the carrier yet),
 * Purchasing 2 (the carrier took the order; its waybill is polled), Bought 3, Failed 4 (add-order
 * failed: cancel postage and buy again) or Cancelled 5 (postage cancelled).
 */
export const WaybillState = { None: 0, Queued: 1, Purchasing: 2, Bought: 3, Failed: 4, Cancelled: 5 } as const
/** Carrier adapters (basic data → carrier): only the built-in carrier simulator exists. */
export const CARRIER_ADAPTERS = ['simulator'] as const
/** Printer output: PDF (laser/plain paper) or ZPL (thermal label printers). */
export const PRINTER_FORMATS = ['pdf', 'zpl'] as const
/** What a print template or print setup is for. */
export const PRINT_DOC_KINDS = ['faceSheet', 'box', 'sku', 'fnsku', 'pickingList'] as const
export const PackingTaskStatus = { Unclaimed: 0, Unpacked: 1, Packed: 2, Finish: 3, Closed: 4, Lock: 7, Stop: 8 } as const
/** Loading document (spec §4 loading: waiting load container, loaded container, closed; codes ours — issue 21 K2). */
export const LoadingStatus = { WaitingLoad: 0, Loaded: 1, Closed: 2 } as const
/** Feedback: 0 pending (red tag), 10 accepted (warning), 20 demand (info), 90 finished (green). */
export const FeedbackStatus = { Pending: 0, Accepted: 10, Demand: 20, Finished: 90 } as const
export const NoticeType = { ReleaseNotice: 1, SystemAnnouncement: 2 } as const
export const PickMode = { PickingBySeed: 1, OrdinaryPicking: 2 } as const
/** Outbound order types: ToB 1, ToC 2 (spec section 9); Other 3 is ours (other outbound: scrap, internal use, defective …, issue 20). */
export const OrderType = { TOB: 1, TOC: 2, Other: 3 } as const
/** 1 domestic, 2 overseas (spec: warehouseLocation, 1 means domestic). */
export const WarehouseLocation = { Domestic: 1, Overseas: 2 } as const
/**
 * Storage area types 1-9. The spec names eight of them "among them" without their codes; this order
 * follows its listing, and 9 is the remaining unnamed one.
 */
export const StorageAreaType = { Floor: 1, Scattered: 2, Sample: 3, Temporary: 4, Hosting: 5, Defective: 6, Audit: 7, Consumables: 8, Other: 9 } as const
export const LockFlag = { Unlock: 0, Lock: 1 } as const
export const ActiveFlag = { Inactive: 0, Active: 1 } as const
export const EnabledFlag = { Disabled: 0, Enabled: 1 } as const
/** Container status (spec section 4: unused, using, on shelves, taken off); codes not given, these are ours. */
export const ContainerStatus = { Unused: 0, Using: 1, OnShelves: 2, TakenOff: 3 } as const
/** Stock status of a balance (issue 4: normal, defective, sample, frozen); codes are ours. */
export const StockStatus = { Normal: 1, Defective: 2, Sample: 3, Frozen: 4 } as const
/** Inbound order types (spec section 2 "Stock-in", issue 4); codes are ours. */
export const InboundType = { Purchase: 1, Transfer: 2, Return: 3, Outsourced: 4, Overseas: 5, Consumables: 6, Other: 7 } as const
/** Why an other inbound order (InboundType.Other) brings stock in (issue 20); required on such an order. */
export const OTHER_INBOUND_REASONS = ['foundStock', 'sampleReturn', 'correction', 'internalReturn', 'other'] as const
/** Why an other outbound order (OrderType.Other) takes stock out (issue 20); 'defective' takes Defective stock. */
export const OTHER_OUTBOUND_REASONS = ['scrap', 'internalUse', 'defective', 'sample', 'supplierReturn', 'other'] as const
/** Whether an inbound order is inspected, and when (spec section 4 "Inspection order"). */
export const InspectionMode = { None: 0, PreInbound: 1, PostInbound: 2 } as const
export const InspectionKind = { PreInbound: 1, PostInbound: 2 } as const
export const InspectionStatus = { Pending: 0, Inspecting: 1, Completed: 2 } as const

/** String-valued enumerations of spec section 9. */
export const PLATFORM_CODES = ['SHEIN', 'WINIT', 'AMAZON', 'WALMART', 'TIKTOK', 'GOODCANG', 'MERCADOLIBRE'] as const
export type PlatformCode = (typeof PLATFORM_CODES)[number]
export const LABEL_PAPERS = ['PackageLabel_Plain_Paper', 'A4_2', 'A4_4', 'Letter_6'] as const
export const LABELS_PER_PAGE = [1, 2, 4, 6] as const
export const BARCODE_KINDS = ['barcode', 'qrcode'] as const
export const SEASONS = ['spring', 'summer', 'autumn', 'winter', 'allSeasons'] as const
export const BUSINESS_TYPES = ['sea', 'air', 'express', 'railway'] as const
export const DELIVERY_MODES = ['pickup', 'selfDelivery'] as const
export const PRODUCT_NATURES = ['charged', 'magnetic', 'wooden', 'textile', 'general', 'otherSurcharge'] as const
export const OUTBOUND_STRATEGIES = ['FIFO', 'LOT'] as const
export const PICKING_ROUTES = ['corner', 'random'] as const
/** Storage mode (spec section 9): normal storage on the PDA or fast storage on the PC. */
export const STORAGE_MODES = ['normal', 'fast'] as const
/** Wave rules: the orders a rule takes — single-item orders, multi-item orders, or any. */
export const WAVE_ITEM_KINDS = ['single', 'multi', 'any'] as const
/** Picking task mode (spec section 3 "mode (whole/bulk)"): one task per order, or one task for the wave. */
export const PICKING_TASK_MODES = ['whole', 'bulk'] as const
/** Order splitting rules: split off lines stock cannot cover, or past a quantity, or past a line count. */
export const ORDER_SPLIT_BY = ['stock', 'maxQty', 'maxLines'] as const
export const TIME_FILTERS = ['lastWeek', 'lastMonth', 'lastThreeMonths'] as const
export const TIMEOUT_TASK_TYPES = ['inbound', 'unloading', 'shelving', 'pickingAndSending', 'picking', 'containerLoading', 'move', 'count', 'tobNotIssued'] as const
export const CONTAINER_TYPES = ['tray', 'crate', 'materialBox', 'partsBox', 'virtualTray', 'other'] as const
export const SHELF_TYPES = ['light', 'heavy'] as const
export const LOCATION_TYPES = ['fullBox', 'scattered', 'sample'] as const
/** Warehouse type (spec section 3 "type (company, vendor)"). */
export const WAREHOUSE_TYPES = ['company', 'vendor'] as const
/** Product group (styles, platform SKUs, UPC requests). */
export const STYLE_ENTRY_STATUSES = ['complete', 'incomplete'] as const
/** Where a style was entered: here, or the product data system ('pds' — read-only here). */
export const STYLE_SOURCES = ['local', 'pds'] as const
export const MSKU_STATUSES = ['onSale', 'waitOnSale'] as const
export const MSKU_SHIPPING_METHODS = ['platformFulfilled', 'merchantFulfilled', 'overseasWarehouse'] as const
export const UPC_REQUEST_TYPES = ['newUpc', 'inherit'] as const
/** New-UPC / inherited-UPC approvals: a draft goes to review when submitted. */
export const UpcRequestStatus = { Draft: 0, PendingReview: 1, Rejected: 2, Approved: 3 } as const

/** Organisation & commercial group (staff, departments, platforms, suppliers, carriers, exchange rates); codes are ours. */
export const WorkingStatus = { Leave: 0, Working: 1 } as const
export const DeptType = { Company: 1, Department: 2, Group: 3 } as const
export const PLATFORM_TYPES = ['marketplace', 'overseasWarehouse'] as const
export const SUPPLIER_TYPES = ['manufacturer', 'distributor', 'serviceProvider'] as const
export const PAY_TYPES = ['prepayment', 'monthlySettlement', 'cashOnDelivery'] as const
export const CARRIER_TYPES = ['express', 'parcel', 'freight', 'postal'] as const
/** Exchange rates: entered by hand, or filled by the sync action from the rate source. */
export const RATE_SYNC_MODES = ['manual', 'automatic'] as const

export interface DictEntryDef {
  /** The stored code value, always a string in the dictionary (numbers as their decimal text). */
  value: string
  /** The spec's code name (e.g. 'Effective'), used as the fallback label. */
  name: string
}

const fromEnum = (e: Record<string, number>): DictEntryDef[] =>
  Object.entries(e).sort((a, b) => a[1] - b[1]).map(([name, v]) => ({ value: String(v), name }))
const fromList = (l: readonly (string | number)[]): DictEntryDef[] => l.map((v) => ({ value: String(v), name: String(v) }))

/** The name of the resource over the dictionary table (src/domain/resources/admin/dictionary-item.ts): here so the
 * browser's dictionary cache knows its grid id without loading the resource declarations. */
export const DICT_ITEM_RESOURCE = 'dictItem'

/** Every dictionary the shell serves at GET …/dict/all, keyed by dictCode. Order = sort order. */
export const DICTIONARIES = {
  constructionStage: fromEnum(ConstructionStage),
  documentStatus: fromEnum(DocumentStatus),
  outboundOrderStatus: fromEnum(OutboundOrderStatus),
  replenishmentTaskStatus: fromEnum(ReplenishmentTaskStatus),
  packingStatus: fromEnum(PackingStatus),
  taskClaimStatus: fromEnum(TaskClaimStatus),
  waveStatus: fromEnum(WaveStatus),
  handlingStatus: fromEnum(HandlingStatus),
  countPlanStatus: fromEnum(CountPlanStatus),
  auditStatus: fromEnum(AuditStatus),
  moveOrderStatus: fromEnum(MoveOrderStatus),
  approvalStatus: fromEnum(ApprovalStatus),
  inboundStatus: fromEnum(InboundStatus),
  shipmentStatus: fromEnum(ShipmentStatus),
  packingTaskStatus: fromEnum(PackingTaskStatus),
  loadingStatus: fromEnum(LoadingStatus),
  faceSheetStatus: fromEnum(FaceSheetStatus),
  waybillState: fromEnum(WaybillState),
  carrierAdapter: fromList(CARRIER_ADAPTERS),
  printerFormat: fromList(PRINTER_FORMATS),
  printDocKind: fromList(PRINT_DOC_KINDS),
  feedbackStatus: fromEnum(FeedbackStatus),
  noticeType: fromEnum(NoticeType),
  pickMode: fromEnum(PickMode),
  orderType: fromEnum(OrderType),
  warehouseLocation: fromEnum(WarehouseLocation),
  storageAreaType: fromEnum(StorageAreaType),
  lockFlag: fromEnum(LockFlag),
  activeFlag: fromEnum(ActiveFlag),
  enabledFlag: fromEnum(EnabledFlag),
  platform: fromList(PLATFORM_CODES),
  labelPaper: fromList(LABEL_PAPERS),
  labelsPerPage: fromList(LABELS_PER_PAGE),
  barcodeKind: fromList(BARCODE_KINDS),
  season: fromList(SEASONS),
  businessType: fromList(BUSINESS_TYPES),
  deliveryMode: fromList(DELIVERY_MODES),
  productNature: fromList(PRODUCT_NATURES),
  outboundStrategy: fromList(OUTBOUND_STRATEGIES),
  pickingRoute: fromList(PICKING_ROUTES),
  storageMode: fromList(STORAGE_MODES),
  waveItemKind: fromList(WAVE_ITEM_KINDS),
  pickingTaskMode: fromList(PICKING_TASK_MODES),
  orderSplitBy: fromList(ORDER_SPLIT_BY),
  timeFilter: fromList(TIME_FILTERS),
  timeoutTaskType: fromList(TIMEOUT_TASK_TYPES),
  containerType: fromList(CONTAINER_TYPES),
  shelfType: fromList(SHELF_TYPES),
  locationType: fromList(LOCATION_TYPES),
  containerStatus: fromEnum(ContainerStatus),
  stockStatus: fromEnum(StockStatus),
  inboundType: fromEnum(InboundType),
  otherInboundReason: fromList(OTHER_INBOUND_REASONS),
  otherOutboundReason: fromList(OTHER_OUTBOUND_REASONS),
  inspectionMode: fromEnum(InspectionMode),
  inspectionKind: fromEnum(InspectionKind),
  inspectionStatus: fromEnum(InspectionStatus),
  warehouseType: fromList(WAREHOUSE_TYPES),
  styleEntryStatus: fromList(STYLE_ENTRY_STATUSES),
  styleSource: fromList(STYLE_SOURCES),
  mskuStatus: fromList(MSKU_STATUSES),
  mskuShippingMethod: fromList(MSKU_SHIPPING_METHODS),
  upcRequestType: fromList(UPC_REQUEST_TYPES),
  upcRequestStatus: fromEnum(UpcRequestStatus),
  workingStatus: fromEnum(WorkingStatus),
  deptType: fromEnum(DeptType),
  platformType: fromList(PLATFORM_TYPES),
  supplierType: fromList(SUPPLIER_TYPES),
  payType: fromList(PAY_TYPES),
  carrierType: fromList(CARRIER_TYPES),
  rateSyncMode: fromList(RATE_SYNC_MODES),
} as const satisfies Record<string, DictEntryDef[]>

export type DictCode = keyof typeof DICTIONARIES
export const DICT_CODES = Object.keys(DICTIONARIES) as DictCode[]

/** The i18n key that labels one dictionary value. */
export function dictLabelKey(code: string, value: string | number): string {
  return `dict:${code}.${value}`
}

/** One entry of the GET …/dict/all response. */
export interface DictItem { dictLabel: string; dictValue: string; sort: number; labelKey: string }
export type DictionaryMap = Record<string, DictItem[]>

/** Spec section 3: a dictionary lookup returns the first entry's dictValue (undefined when absent). */
export function firstDictValue(dicts: DictionaryMap | undefined, code: string): string | undefined {
  return dicts?.[code]?.[0]?.dictValue
}

/** The entry of `code` whose value is `value` (numbers compared as text). */
export function findDictItem(dicts: DictionaryMap | undefined, code: string, value: string | number | null | undefined): DictItem | undefined {
  if (value === null || value === undefined) return undefined
  return dicts?.[code]?.find((d) => d.dictValue === String(value))
}

/** Feedback tag colour by status (spec section 4): others shown as info. */
export function feedbackTagType(status: number): 'danger' | 'warning' | 'info' | 'success' {
  switch (status) {
    case FeedbackStatus.Pending: return 'danger'
    case FeedbackStatus.Accepted: return 'warning'
    case FeedbackStatus.Finished: return 'success'
    default: return 'info'
  }
}
