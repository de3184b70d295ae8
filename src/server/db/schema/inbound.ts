// Drizzle declarations of the inbound documents — see ../migrations/0021_inbound.sql. The headers
// (inbound_order, inspection_order, shelving_task) are also listed as resources with
// `existingTable: true`; their columns here match what resourceTable(def) derives.
import { pgTable, serial, bigserial, integer, text, smallint, boolean, timestamp, date, primaryKey } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const audit = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const inboundSetting = pgTable('inbound_setting', {
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  receivingLocationId: integer('receiving_location_id'),
  storageMode: text('storage_mode').notNull().default('normal'),
  coStorage: boolean('co_storage').notNull().default(true),
  forbidXbMix: boolean('forbid_xb_mix').notNull().default(true),
  minScanIntervalMs: integer('min_scan_interval_ms').notNull().default(0),
  inboundTimeoutHours: integer('inbound_timeout_hours').notNull().default(48),
  unloadingTimeoutHours: integer('unloading_timeout_hours').notNull().default(4),
  shelvingTimeoutHours: integer('shelving_timeout_hours').notNull().default(24),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  updatedBy: integer('updated_by'),
}, (t) => [primaryKey({ columns: [t.tenantId, t.warehouseId] })])

export const inboundOrder = pgTable('inbound_order', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  orderNo: text('order_no').notNull(),
  inboundType: smallint('inbound_type').notNull(),
  /** Other inbound (type 7, migration 0051): why — dict otherInboundReason. */
  otherReason: text('other_reason'),
  status: smallint('status').notNull().default(0),
  inspectionMode: smallint('inspection_mode').notNull().default(0),
  supplierId: integer('supplier_id'),
  sourceNo: text('source_no'),
  batchNo: text('batch_no'),
  expectedArrival: date('expected_arrival', { mode: 'string' }),
  boxCount: integer('box_count'),
  expectedQty: integer('expected_qty').notNull().default(0),
  receivedQty: integer('received_qty').notNull().default(0),
  receivedBoxes: integer('received_boxes').notNull().default(0),
  remark: text('remark'),
  issuedAt: ts('issued_at'),
  receivingAt: ts('receiving_at'),
  finishedAt: ts('finished_at'),
  ...audit(),
})

export const inboundOrderLine = pgTable('inbound_order_line', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  lineNo: integer('line_no').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  expectedQty: integer('expected_qty').notNull(),
  receivedQty: integer('received_qty').notNull().default(0),
  passQty: integer('pass_qty').notNull().default(0),
  failQty: integer('fail_qty').notNull().default(0),
  shelvedQty: integer('shelved_qty').notNull().default(0),
})

export const inboundReceipt = pgTable('inbound_receipt', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  orderId: integer('order_id').notNull(),
  lineId: integer('line_id').notNull(),
  skuId: integer('sku_id').notNull(),
  qty: integer('qty').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  boxNo: text('box_no'),
  scannedCode: text('scanned_code').notNull(),
  locationId: integer('location_id').notNull(),
  operatorId: integer('operator_id'),
  operatorName: text('operator_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const inspectionOrder = pgTable('inspection_order', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  inspectionNo: text('inspection_no').notNull(),
  orderId: integer('order_id').notNull(),
  kind: smallint('kind').notNull(),
  status: smallint('status').notNull().default(0),
  qty: integer('qty').notNull().default(0),
  passQty: integer('pass_qty').notNull().default(0),
  failQty: integer('fail_qty').notNull().default(0),
  generatedNo: text('generated_no'),
  completedAt: ts('completed_at'),
  remark: text('remark'),
  ...audit(),
})

export const inspectionLine = pgTable('inspection_line', {
  id: serial('id').primaryKey(),
  inspectionId: integer('inspection_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  inboundLineId: integer('inbound_line_id').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  locationId: integer('location_id').notNull(),
  qty: integer('qty').notNull(),
  passQty: integer('pass_qty').notNull().default(0),
  failQty: integer('fail_qty').notNull().default(0),
})

export const shelvingTask = pgTable('shelving_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  sourceType: text('source_type').notNull(),
  sourceNo: text('source_no').notNull(),
  orderId: integer('order_id'),
  status: smallint('status').notNull().default(0),
  claimedBy: integer('claimed_by'),
  jobGroupId: integer('job_group_id'),
  qty: integer('qty').notNull().default(0),
  shelvedQty: integer('shelved_qty').notNull().default(0),
  claimedAt: ts('claimed_at'),
  completedAt: ts('completed_at'),
  ...audit(),
})

export const shelvingLine = pgTable('shelving_line', {
  id: serial('id').primaryKey(),
  taskId: integer('task_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  lineNo: integer('line_no').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  stockStatus: smallint('stock_status').notNull().default(1),
  fromLocationId: integer('from_location_id').notNull(),
  suggestedLocationId: integer('suggested_location_id'),
  qty: integer('qty').notNull(),
  shelvedQty: integer('shelved_qty').notNull().default(0),
  sourceLineId: integer('source_line_id'),
})
