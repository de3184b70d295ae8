// Drizzle declarations of approval records, sample out, sample moves and defective reports — see
// ../migrations/0052_approval_samples_defective.sql. Lists read through these; writes are plain SQL in
// src/server/approval, src/server/areas/samples and the ledger service.
import { pgTable, serial, integer, text, smallint, boolean, timestamp, date } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const approvalRecord = pgTable('approval_record', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  subjectKind: text('subject_kind').notNull(),
  subjectId: integer('subject_id').notNull(),
  subjectNo: text('subject_no').notNull(),
  round: integer('round').notNull(),
  status: smallint('status').notNull(),
  fourEyes: boolean('four_eyes').notNull(),
  initiatorId: integer('initiator_id').notNull(),
  initiatorName: text('initiator_name').notNull(),
  requestedAt: ts('requested_at').notNull(),
  approverId: integer('approver_id'),
  approverName: text('approver_name'),
  opinion: text('opinion'),
  decidedAt: ts('decided_at'),
  completedAt: ts('completed_at'),
})

export const sampleOut = pgTable('sample_out', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  outNo: text('out_no').notNull(),
  status: smallint('status').notNull(),
  purpose: text('purpose').notNull(),
  borrower: text('borrower').notNull(),
  expectedReturnDate: date('expected_return_date', { mode: 'string' }),
  remark: text('remark'),
  totalQty: integer('total_qty').notNull(),
  lineCount: integer('line_count').notNull(),
  createdBy: integer('created_by').notNull(),
  createdByName: text('created_by_name').notNull(),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  approverName: text('approver_name'),
  opinion: text('opinion'),
  decidedAt: ts('decided_at'),
  completedByName: text('completed_by_name'),
  completedAt: ts('completed_at'),
})

export const sampleOutLine = pgTable('sample_out_line', {
  id: serial('id').primaryKey(),
  sampleOutId: integer('sample_out_id').notNull(),
  lineNo: integer('line_no').notNull(),
  locationId: integer('location_id').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull(),
  qty: integer('qty').notNull(),
  reservationId: integer('reservation_id'),
})

export const sampleMove = pgTable('sample_move', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  moveNo: text('move_no').notNull(),
  kind: text('kind').notNull(),
  skuId: integer('sku_id').notNull(),
  fromLocationId: integer('from_location_id').notNull(),
  toLocationId: integer('to_location_id').notNull(),
  qty: integer('qty').notNull(),
  remark: text('remark'),
  createdBy: integer('created_by').notNull(),
  createdByName: text('created_by_name').notNull(),
  createdAt: ts('created_at').notNull(),
})

export const defectiveReport = pgTable('defective_report', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  reportNo: text('report_no').notNull(),
  skuId: integer('sku_id').notNull(),
  fromLocationId: integer('from_location_id').notNull(),
  toLocationId: integer('to_location_id').notNull(),
  qty: integer('qty').notNull(),
  reason: text('reason').notNull(),
  remark: text('remark'),
  photoUrl: text('photo_url'),
  createdBy: integer('created_by').notNull(),
  createdByName: text('created_by_name').notNull(),
  createdAt: ts('created_at').notNull(),
})
