// Drizzle declarations of the inspection/shelving records — see ../migrations/0025_inbound_strategy.sql
// (inbound_strategy itself is a resource table, derived by resourceTable(def)).
import { pgTable, bigserial, integer, text, timestamp } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const shelvingRecord = pgTable('shelving_record', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskId: integer('task_id').notNull(),
  lineId: integer('line_id').notNull(),
  locationId: integer('location_id').notNull(),
  qty: integer('qty').notNull(),
  operatorId: integer('operator_id'),
  operatorName: text('operator_name'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const inspectionFail = pgTable('inspection_fail', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  inspectionLineId: integer('inspection_line_id').notNull(),
  locationId: integer('location_id').notNull(),
  batchNo: text('batch_no').notNull().default(''),
  qty: integer('qty').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})
