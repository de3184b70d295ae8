// Drizzle declarations of container loading — see ../migrations/0059_container_loading.sql (issue 21, part K2).
// Lists read through these; writes are plain SQL in src/server/areas/container-loading.
import { pgTable, serial, integer, text, smallint, timestamp, numeric, boolean } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const containerLoading = pgTable('container_loading', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  loadingNo: text('loading_no').notNull(),
  containerNo: text('container_no').notNull(),
  containerSize: text('container_size').notNull(),
  capacityVolume: numeric('capacity_volume', { precision: 12, scale: 3 }).notNull(),
  maxWeight: numeric('max_weight', { precision: 12, scale: 3 }).notNull(),
  agl: boolean('agl').notNull(),
  transportId: integer('transport_id'),
  sealNo: text('seal_no'),
  remark: text('remark'),
  status: smallint('status').notNull(),
  createdAt: ts('created_at').notNull(),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  updatedAt: ts('updated_at').notNull(),
  loadedAt: ts('loaded_at'),
  closedAt: ts('closed_at'),
  closedByName: text('closed_by_name'),
  shippedAt: ts('shipped_at'),
  shippedByName: text('shipped_by_name'),
})

export const containerLoadBox = pgTable('container_load_box', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  loadingId: integer('loading_id').notNull(),
  cartonId: integer('carton_id').notNull(),
  loadedAt: ts('loaded_at').notNull(),
  loadedBy: integer('loaded_by'),
  loadedByName: text('loaded_by_name'),
})
