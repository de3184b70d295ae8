// Drizzle declarations of the sorting tables — see ../migrations/0037_outbound_sorting.sql. The list reads
// through them; writes are plain SQL in src/server/areas/outbound/sorting.ts.
import { pgTable, serial, bigserial, integer, text, smallint, timestamp } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const sortingTask = pgTable('sorting_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  kind: text('kind').notNull(),
  status: smallint('status').notNull(),
  slotCount: integer('slot_count').notNull(),
  qty: integer('qty').notNull(),
  sortedQty: integer('sorted_qty').notNull(),
  startedBy: integer('started_by'),
  startedAt: ts('started_at'),
  completedAt: ts('completed_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const sortingContainer = pgTable('sorting_container', {
  id: serial('id').primaryKey(),
  sortingTaskId: integer('sorting_task_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  pickingTaskId: integer('picking_task_id').notNull(),
  containerCode: text('container_code').notNull(),
})

export const sortingSlot = pgTable('sorting_slot', {
  id: serial('id').primaryKey(),
  sortingTaskId: integer('sorting_task_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  slotNo: integer('slot_no').notNull(),
  orderId: integer('order_id').notNull(),
  qty: integer('qty').notNull(),
  sortedQty: integer('sorted_qty').notNull(),
  completedAt: ts('completed_at'),
})

export const sortingLine = pgTable('sorting_line', {
  id: serial('id').primaryKey(),
  sortingTaskId: integer('sorting_task_id').notNull(),
  sortingContainerId: integer('sorting_container_id').notNull(),
  sortingSlotId: integer('sorting_slot_id').notNull(),
  skuId: integer('sku_id').notNull(),
  qty: integer('qty').notNull(),
  sortedQty: integer('sorted_qty').notNull(),
})

export const sortRecord = pgTable('sort_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  sortingTaskId: integer('sorting_task_id').notNull(),
  sortingLineId: integer('sorting_line_id').notNull(),
  qty: integer('qty').notNull(),
  scannedCode: text('scanned_code').notNull(),
  operatorId: integer('operator_id'),
  operatorName: text('operator_name'),
  createdAt: ts('created_at').notNull(),
})
