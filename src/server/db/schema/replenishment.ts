// Drizzle declarations of replenishment — see ../migrations/0050_replenishment.sql. Lists read through
// these; writes are plain SQL in src/server/areas/replenishment and the ledger service.
import { pgTable, serial, integer, text, smallint, timestamp, jsonb } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const replenishmentRule = pgTable('replenishment_rule', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  locationId: integer('location_id'),
  skuId: integer('sku_id'),
  storageAreaId: integer('storage_area_id'),
  skuPattern: text('sku_pattern'),
  minQty: integer('min_qty').notNull(),
  maxQty: integer('max_qty').notNull(),
  multiple: integer('multiple').notNull(),
  sourceAreaId: integer('source_area_id'),
  status: smallint('status').notNull(),
  snoozedUntil: ts('snoozed_until'),
  remark: text('remark'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const replenishmentTask = pgTable('replenishment_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  status: smallint('status').notNull(),
  locationId: integer('location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  ruleId: integer('rule_id'),
  sourceAreaId: integer('source_area_id'),
  trigger: text('trigger').notNull(),
  qty: integer('qty').notNull(),
  movedQty: integer('moved_qty').notNull(),
  explanation: jsonb('explanation').notNull(),
  triggerCount: integer('trigger_count').notNull(),
  jobGroupId: integer('job_group_id'),
  claimedBy: integer('claimed_by'),
  claimedByName: text('claimed_by_name'),
  claimedAt: ts('claimed_at'),
  finishedAt: ts('finished_at'),
  finishedByName: text('finished_by_name'),
  abolishReason: text('abolish_reason'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
})
