// Drizzle declarations of face sheets, the carrier simulator's books and print jobs — see
// ../migrations/0036_face_sheet.sql. Writes are plain SQL in src/server/areas/outbound/face-sheets.ts
// and src/server/integrations/carriers/simulator.ts.
import { pgTable, serial, integer, text, smallint, boolean, timestamp, jsonb } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const faceSheet = pgTable('face_sheet', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  orderId: integer('order_id').notNull(),
  orderNo: text('order_no').notNull(),
  /** 0039: which parcel of the order (1…parcel_count). */
  parcelNo: smallint('parcel_no').notNull(),
  carrierId: integer('carrier_id').notNull(),
  status: smallint('status').notNull(),
  carrierRef: text('carrier_ref'),
  trackingNo: text('tracking_no'),
  label: jsonb('label'),
  errorKey: text('error_key'),
  errorParams: jsonb('error_params'),
  polls: integer('polls').notNull(),
  requestedAt: ts('requested_at').notNull(),
  expectedReadyAt: ts('expected_ready_at'),
  nextAt: ts('next_at').notNull(),
  boughtAt: ts('bought_at'),
  cancelledAt: ts('cancelled_at'),
  printedCount: integer('printed_count').notNull(),
  createdBy: integer('created_by'),
  cancelledBy: integer('cancelled_by'),
  updatedAt: ts('updated_at').notNull(),
})

export const carrierSimShipment = pgTable('carrier_sim_shipment', {
  id: serial('id').primaryKey(),
  carrierCode: text('carrier_code').notNull(),
  clientRef: text('client_ref').notNull(),
  orderNo: text('order_no').notNull(),
  trackingNo: text('tracking_no').notNull(),
  fails: boolean('fails').notNull(),
  readyAt: ts('ready_at').notNull(),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull(),
})

export const printJob = pgTable('print_job', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  printerId: integer('printer_id').notNull(),
  docKind: text('doc_kind').notNull(),
  format: text('format').notNull(),
  docRefs: text('doc_refs').notNull(),
  labelCount: integer('label_count').notNull(),
  bytes: integer('bytes').notNull(),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull(),
})
