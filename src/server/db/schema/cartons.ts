// Drizzle declarations of the carton model — see ../migrations/0056_cartons.sql (issue 21, part I).
// Lists read through these; writes are plain SQL in src/server/areas/cartons and the ledger service.
import { pgTable, serial, integer, text, smallint, timestamp, numeric, boolean } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const packingTask = pgTable('packing_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  status: smallint('status').notNull(),
  docNo: text('doc_no'),
  sourceLocationId: integer('source_location_id').notNull(),
  packLocationId: integer('pack_location_id').notNull(),
  boxMark: text('box_mark'),
  claimedBy: integer('claimed_by'),
  claimedByName: text('claimed_by_name'),
  claimedAt: ts('claimed_at'),
  finishedAt: ts('finished_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
})

export const packingTaskLine = pgTable('packing_task_line', {
  id: serial('id').primaryKey(),
  taskId: integer('task_id').notNull(),
  lineNo: integer('line_no').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull(),
  plannedQty: integer('planned_qty').notNull(),
  packedQty: integer('packed_qty').notNull(),
})

export const carton = pgTable('carton', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  boxCode: text('box_code').notNull(),
  taskId: integer('task_id').notNull(),
  docNo: text('doc_no'),
  seq: integer('seq').notNull(),
  boxTotal: integer('box_total'),
  boxMark: text('box_mark'),
  mixed: boolean('mixed').notNull(),
  packingBoxId: integer('packing_box_id'),
  status: smallint('status').notNull(),
  locationId: integer('location_id').notNull(),
  length: numeric('length', { precision: 14, scale: 4 }),
  width: numeric('width', { precision: 14, scale: 4 }),
  height: numeric('height', { precision: 14, scale: 4 }),
  weight: numeric('weight', { precision: 14, scale: 4 }),
  volume: numeric('volume', { precision: 14, scale: 4 }),
  closedAt: ts('closed_at'),
  closedBy: integer('closed_by'),
  createdAt: ts('created_at').notNull(),
  createdBy: integer('created_by'),
  // 0058 (K1): shipped by which document; loaded into which container (K2 sets these).
  shippedAt: ts('shipped_at'),
  shipDocType: text('ship_doc_type'),
  shipDocNo: text('ship_doc_no'),
  loadingNo: text('loading_no'),
  loadedAt: ts('loaded_at'),
})

export const cartonItem = pgTable('carton_item', {
  id: serial('id').primaryKey(),
  cartonId: integer('carton_id').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull(),
  stockStatus: smallint('stock_status').notNull(),
  qty: integer('qty').notNull(),
  scannedCode: text('scanned_code').notNull(),
})
