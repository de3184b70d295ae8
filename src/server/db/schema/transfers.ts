// Drizzle declarations of transfer orders — see ../migrations/0060_transfers.sql (issue 21, part L).
// Lists read through these; writes are plain SQL in src/server/areas/transfers and the ledger service.
// once_outbound_config is a resource table (src/domain/resources/outbound/once-outbound-config.ts): its
// drizzle table is derived from the declaration, not declared here.
import { pgTable, serial, integer, text, smallint, timestamp, date } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const transferOrder = pgTable('transfer_order', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  transferNo: text('transfer_no').notNull(),
  status: smallint('status').notNull(),
  toWarehouseId: integer('to_warehouse_id').notNull(),
  expectedArrival: date('expected_arrival', { mode: 'string' }),
  boxMark: text('box_mark'),
  remark: text('remark'),
  source: text('source').notNull(),
  packingTaskNo: text('packing_task_no'),
  inboundOrderId: integer('inbound_order_id'),
  inboundOrderNo: text('inbound_order_no'),
  shippedQty: integer('shipped_qty').notNull(),
  shippedBoxes: integer('shipped_boxes').notNull(),
  releasedQty: integer('released_qty').notNull(),
  confirmedAt: ts('confirmed_at'),
  pickingAt: ts('picking_at'),
  shippedAt: ts('shipped_at'),
  completedAt: ts('completed_at'),
  auditedAt: ts('audited_at'),
  auditedBy: integer('audited_by'),
  cancelledAt: ts('cancelled_at'),
  createdAt: ts('created_at').notNull(),
  updatedAt: ts('updated_at').notNull(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const transferOrderLine = pgTable('transfer_order_line', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  lineNo: integer('line_no').notNull(),
  skuId: integer('sku_id').notNull(),
  batchNo: text('batch_no').notNull(),
  qty: integer('qty').notNull(),
  shippedQty: integer('shipped_qty').notNull(),
})

export const transferBox = pgTable('transfer_box', {
  id: serial('id').primaryKey(),
  orderId: integer('order_id').notNull(),
  cartonId: integer('carton_id').notNull(),
  boxCode: text('box_code').notNull(),
  boxNo: integer('box_no').notNull(),
  units: integer('units').notNull(),
})
