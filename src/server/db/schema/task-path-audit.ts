// Drizzle declarations of task path configuration and audit plans / checklists — see
// ../migrations/0049_task_pool_path_audit.sql. Lists read through these; writes are plain SQL in
// src/server/areas/tasks and src/server/areas/audit-plans.
import { pgTable, serial, integer, text, smallint, timestamp } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const taskPathConfig = pgTable('task_path_config', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  storageAreaId: integer('storage_area_id'),
  route: text('route').notNull(),
  orderKeys: text('order_keys').array().notNull(),
  remark: text('remark'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const auditPlan = pgTable('audit_plan', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  planNo: text('plan_no').notNull(),
  status: smallint('status').notNull(),
  storageAreaId: integer('storage_area_id'),
  locationFrom: text('location_from'),
  locationTo: text('location_to'),
  skuId: integer('sku_id'),
  checklistCount: integer('checklist_count').notNull(),
  lineCount: integer('line_count').notNull(),
  expectedQty: integer('expected_qty').notNull(),
  actualQty: integer('actual_qty').notNull(),
  boxCount: integer('box_count').notNull(),
  remark: text('remark'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  createdByName: text('created_by_name'),
  completedAt: ts('completed_at'),
  completedBy: integer('completed_by'),
  completedByName: text('completed_by_name'),
})

export const auditChecklist = pgTable('audit_checklist', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  checklistNo: text('checklist_no').notNull(),
  planId: integer('plan_id').notNull(),
  storageAreaId: integer('storage_area_id').notNull(),
  status: smallint('status').notNull(),
  lineCount: integer('line_count').notNull(),
  expectedQty: integer('expected_qty').notNull(),
  actualQty: integer('actual_qty').notNull(),
  boxCount: integer('box_count').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  completedAt: ts('completed_at'),
  completedBy: integer('completed_by'),
  completedByName: text('completed_by_name'),
})

export const auditChecklistLine = pgTable('audit_checklist_line', {
  id: serial('id').primaryKey(),
  checklistId: integer('checklist_id').notNull(),
  lineNo: integer('line_no').notNull(),
  locationId: integer('location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  expectedQty: integer('expected_qty').notNull(),
  actualQty: integer('actual_qty'),
  boxCount: integer('box_count'),
  recordedBy: integer('recorded_by'),
  recordedByName: text('recorded_by_name'),
  recordedAt: ts('recorded_at'),
})
