// Drizzle declarations of counts — see ../migrations/0046_stock_count.sql. Lists read through these;
// writes are plain SQL in src/server/areas/stock-count and the ledger service.
import { pgTable, serial, bigserial, bigint, integer, text, smallint, boolean, timestamp, primaryKey, numeric } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const countRule = pgTable('count_rule', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  name: text('name').notNull(),
  storageAreaId: integer('storage_area_id'),
  locationFrom: text('location_from'),
  locationTo: text('location_to'),
  skuId: integer('sku_id'),
  thresholdUnits: integer('threshold_units'),
  thresholdPct: integer('threshold_pct'),
  frequencyDays: integer('frequency_days'),
  /** 0055: the ABC class (computed from the ledger) whose SKUs' locations the rule takes. */
  abcClass: text('abc_class'),
  thresholdValue: numeric('threshold_value', { precision: 14, scale: 2 }),
  status: smallint('status').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const countPlan = pgTable('count_plan', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  planNo: text('plan_no').notNull(),
  status: smallint('status').notNull(),
  source: text('source').notNull(),
  ruleId: integer('rule_id'),
  thresholdUnits: integer('threshold_units'),
  thresholdPct: integer('threshold_pct'),
  thresholdValue: numeric('threshold_value', { precision: 14, scale: 2 }),
  locationCount: integer('location_count').notNull(),
  taskCount: integer('task_count').notNull(),
  remark: text('remark'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  finishedAt: ts('finished_at'),
})

export const countPlanLocation = pgTable('count_plan_location', {
  planId: integer('plan_id').notNull(),
  locationId: integer('location_id').notNull(),
  seq: integer('seq').notNull(),
  taskId: integer('task_id'),
}, (t) => [primaryKey({ columns: [t.planId, t.locationId] })])

export const countTask = pgTable('count_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  planId: integer('plan_id').notNull(),
  status: smallint('status').notNull(),
  recountOf: integer('recount_of'),
  round: integer('round').notNull(),
  excludedUserIds: integer('excluded_user_ids').array().notNull(),
  recountTaskId: integer('recount_task_id'),
  locationCount: integer('location_count').notNull(),
  assigneeId: integer('assignee_id'),
  claimedBy: integer('claimed_by'),
  claimedByName: text('claimed_by_name'),
  claimedAt: ts('claimed_at'),
  submittedAt: ts('submitted_at'),
  reviewedBy: integer('reviewed_by'),
  reviewedByName: text('reviewed_by_name'),
  reviewedAt: ts('reviewed_at'),
  reviewNote: text('review_note'),
  surplusQty: integer('surplus_qty').notNull(),
  lossQty: integer('loss_qty').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
})

export const countTaskLocation = pgTable('count_task_location', {
  taskId: integer('task_id').notNull(),
  locationId: integer('location_id').notNull(),
  seq: integer('seq').notNull(),
  visited: boolean('visited').notNull(),
  confirmedEmpty: boolean('confirmed_empty').notNull(),
  visitedPosition: bigint('visited_position', { mode: 'number' }),
}, (t) => [primaryKey({ columns: [t.taskId, t.locationId] })])

export const countLine = pgTable('count_line', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskId: integer('task_id').notNull(),
  locationId: integer('location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  countedQty: integer('counted_qty').notNull(),
  ledgerPosition: bigint('ledger_position', { mode: 'number' }).notNull(),
  countedBy: integer('counted_by'),
  countedByName: text('counted_by_name'),
  countedAt: ts('counted_at').notNull(),
  expectedQty: integer('expected_qty'),
  adjustment: integer('adjustment'),
})
