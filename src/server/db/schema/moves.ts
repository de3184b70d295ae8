// Drizzle declarations of moves — see ../migrations/0048_moves.sql. Lists read through these; writes are
// plain SQL in src/server/areas/moves and the ledger service.
import { pgTable, serial, bigserial, bigint, integer, text, smallint, boolean, timestamp } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const moveOrder = pgTable('move_order', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  moveNo: text('move_no').notNull(),
  status: smallint('status').notNull(),
  source: text('source').notNull(),
  remark: text('remark'),
  lineCount: integer('line_count').notNull(),
  totalQty: integer('total_qty').notNull(),
  assigneeId: integer('assignee_id'),
  jobGroupId: integer('job_group_id'),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  completedByName: text('completed_by_name'),
  completedAt: ts('completed_at'),
  cancelledAt: ts('cancelled_at'),
})

export const moveOrderLine = pgTable('move_order_line', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  orderId: integer('order_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  lineNo: integer('line_no').notNull(),
  fromLocationId: integer('from_location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull(),
  stockStatus: smallint('stock_status').notNull(),
  qty: integer('qty').notNull(),
  toLocationId: integer('to_location_id').notNull(),
  moveReserved: boolean('move_reserved').notNull(),
  movedQty: integer('moved_qty').notNull(),
  reservedMoved: integer('reserved_moved').notNull(),
  fromBalanceId: bigint('from_balance_id', { mode: 'number' }),
  toBalanceId: bigint('to_balance_id', { mode: 'number' }),
  movedBy: integer('moved_by'),
  movedByName: text('moved_by_name'),
  movedAt: ts('moved_at'),
})

export const stockAllot = pgTable('stock_allot', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  allotNo: text('allot_no').notNull(),
  skuId: integer('sku_id').notNull(),
  allocable: integer('allocable').notNull(),
  remark: text('remark'),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  createdAt: ts('created_at').notNull(),
})

export const stockAllotLine = pgTable('stock_allot_line', {
  id: serial('id').primaryKey(),
  allotId: integer('allot_id').notNull(),
  shopId: integer('shop_id').notNull(),
  qty: integer('qty').notNull(),
  locked: integer('locked').notNull(),
})

export const stockAllotQuota = pgTable('stock_allot_quota', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  skuId: integer('sku_id').notNull(),
  shopId: integer('shop_id').notNull(),
  qty: integer('qty').notNull(),
  allotNo: text('allot_no').notNull(),
  updatedAt: ts('updated_at').notNull(),
})
