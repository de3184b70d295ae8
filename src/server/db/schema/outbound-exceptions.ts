// Drizzle declarations of the outbound exception register — see ../migrations/0061_outbound_exceptions.sql
// (issue 21, part N). `outbound_exception_register` is a VIEW (read only: the register's list reads it);
// writes go to `outbound_exception` (handling state and recorded events) in src/server/areas/outbound-exceptions.
import { pgTable, serial, integer, text, smallint, timestamp, jsonb } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const outboundException = pgTable('outbound_exception', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  kind: text('kind').notNull(),
  sourceKey: text('source_key'),
  docType: text('doc_type'),
  docNo: text('doc_no'),
  refNo: text('ref_no'),
  messageKey: text('message_key'),
  params: jsonb('params'),
  occurredAt: ts('occurred_at').notNull(),
  occurredBy: integer('occurred_by'),
  occurredByName: text('occurred_by_name'),
  status: smallint('status').notNull(),
  note: text('note'),
  handledAt: ts('handled_at'),
  handledBy: integer('handled_by'),
  handledByName: text('handled_by_name'),
})

/** The register (a view): one row per exception, whatever table it comes from. */
export const outboundExceptionRegister = pgTable('outbound_exception_register', {
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  rowKey: text('row_key').notNull(),
  kind: text('kind').notNull(),
  docType: text('doc_type'),
  docNo: text('doc_no'),
  orderNo: text('order_no'),
  refNo: text('ref_no'),
  messageKey: text('message_key'),
  params: jsonb('params'),
  occurredAt: ts('occurred_at'),
  occurredByName: text('occurred_by_name'),
  status: smallint('status').notNull(),
  note: text('note'),
  handledAt: ts('handled_at'),
  handledByName: text('handled_by_name'),
  action: text('action'),
  actionNo: text('action_no'),
})
