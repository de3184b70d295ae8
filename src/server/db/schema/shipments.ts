// Drizzle declarations of ToB shipments — see ../migrations/0058_shipments.sql (issue 21, part K1).
// Writes are plain SQL in src/server/areas/shipments.
import { pgTable, serial, integer, text, smallint, timestamp, numeric } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const shipment = pgTable('shipment', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  shipmentNo: text('shipment_no').notNull(),
  status: smallint('status').notNull(),
  approval: smallint('approval').notNull(),
  businessType: text('business_type').notNull(),
  channel: text('channel'),
  destinationWarehouse: text('destination_warehouse'),
  containerNo: text('container_no'),
  port: text('port'),
  shippingMethod: text('shipping_method'),
  forwarder: text('forwarder'),
  billOfLading: text('bill_of_lading'),
  sealNo: text('seal_no'),
  trackingNo: text('tracking_no'),
  departureAt: ts('departure_at'),
  arrivalAt: ts('arrival_at'),
  boxCount: integer('box_count').notNull(),
  grossWeight: numeric('gross_weight', { precision: 14, scale: 4 }).notNull(),
  volume: numeric('volume', { precision: 14, scale: 4 }).notNull(),
  shippedBoxes: integer('shipped_boxes').notNull(),
  approvedBy: integer('approved_by'),
  approvedAt: ts('approved_at'),
  shippedAt: ts('shipped_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const shipmentCarton = pgTable('shipment_carton', {
  id: serial('id').primaryKey(),
  shipmentId: integer('shipment_id').notNull(),
  cartonId: integer('carton_id').notNull(),
  orderId: integer('order_id'),
  seq: integer('seq').notNull(),
})
