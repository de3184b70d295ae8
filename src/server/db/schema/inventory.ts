// Drizzle declarations of the inventory ledger — see ../migrations/0020_inventory.sql. Only
// src/server/inventory/ledger.ts writes these tables.
import { pgTable, bigserial, bigint, integer, jsonb, text, smallint, timestamp, date, primaryKey } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const inventoryBalance = pgTable('inventory_balance', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  locationId: integer('location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  stockStatus: smallint('stock_status').notNull().default(1),
  onHand: integer('on_hand').notNull().default(0),
  locked: integer('locked').notNull().default(0),
  firstInAt: ts('first_in_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

export const inventoryLedger = pgTable('inventory_ledger', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  balanceId: bigint('balance_id', { mode: 'number' }).notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  deltaOnHand: integer('delta_on_hand').notNull(),
  deltaLocked: integer('delta_locked').notNull(),
  onHandAfter: integer('on_hand_after').notNull(),
  lockedAfter: integer('locked_after').notNull(),
  docType: text('doc_type').notNull(),
  docNo: text('doc_no').notNull(),
  docLine: integer('doc_line'),
  reason: text('reason'),
  /** The reason's params (a code's, e.g. pick → { taskNo }); null on rows written before 0041 (their reason is text). */
  reasonParams: jsonb('reason_params').$type<Record<string, string | number>>(),
  operatorId: integer('operator_id'),
  operatorName: text('operator_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const inventoryReservation = pgTable('inventory_reservation', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  balanceId: bigint('balance_id', { mode: 'number' }).notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  qty: integer('qty').notNull(),
  status: smallint('status').notNull().default(0),
  docType: text('doc_type').notNull(),
  docNo: text('doc_no').notNull(),
  docLine: integer('doc_line'),
  createdAt: ts('created_at').notNull().defaultNow(),
  closedAt: ts('closed_at'),
})

export const docSequence = pgTable('doc_sequence', {
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  prefix: text('prefix').notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  lastValue: integer('last_value').notNull(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.warehouseId, t.prefix, t.day] })])
