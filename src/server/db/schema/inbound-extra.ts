// Drizzle declarations of the inbound extras — see ../migrations/0026_inbound_extra.sql (return orders,
// quick inbound tasks, vehicle release strips, inbound measures). Declared by hand: none is a resource.
import { pgTable, serial, integer, text, smallint, timestamp, numeric, primaryKey } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const audit = () => ({
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const returnOrder = pgTable('return_order', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  returnNo: text('return_no').notNull(),
  returnType: smallint('return_type').notNull().default(1),
  sourceNo: text('source_no').notNull(),
  reasonCode: smallint('reason_code').notNull(),
  reason: text('reason'),
  boxCount: integer('box_count').notNull(),
  status: smallint('status').notNull().default(0),
  expectedQty: integer('expected_qty').notNull().default(0),
  receivedQty: integer('received_qty').notNull().default(0),
  locationId: integer('location_id'),
  shelvingTaskNo: text('shelving_task_no'),
  receivedAt: ts('received_at'),
  cancelledAt: ts('cancelled_at'),
  ...audit(),
})

export const returnOrderLine = pgTable('return_order_line', {
  id: serial('id').primaryKey(),
  returnId: integer('return_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  lineNo: integer('line_no').notNull(),
  skuId: integer('sku_id').notNull(),
  qty: integer('qty').notNull(),
  receivedQty: integer('received_qty').notNull().default(0),
})

export const quickInboundTask = pgTable('quick_inbound_task', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  taskNo: text('task_no').notNull(),
  inboundType: smallint('inbound_type').notNull(),
  orderId: integer('order_id').notNull(),
  status: smallint('status').notNull().default(0),
  remark: text('remark'),
  finishedAt: ts('finished_at'),
  ...audit(),
})

export const quickInboundCode = pgTable('quick_inbound_code', {
  taskId: integer('task_id').notNull(),
  orderLineId: integer('order_line_id').notNull(),
  code: text('code').notNull(),
}, (t) => [primaryKey({ columns: [t.taskId, t.code] })])

export const releaseStrip = pgTable('release_strip', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  stripNo: text('strip_no').notNull(),
  plateNo: text('plate_no').notNull(),
  driverName: text('driver_name').notNull(),
  driverPhone: text('driver_phone').notNull(),
  orderNos: text('order_nos').array().notNull(),
  boxCount: integer('box_count').notNull(),
  status: smallint('status').notNull().default(0),
  arrivedAt: ts('arrived_at').notNull(),
  releasedAt: ts('released_at'),
  remark: text('remark'),
  ...audit(),
})

export const inboundMeasure = pgTable('inbound_measure', {
  id: serial('id').primaryKey(),
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  orderId: integer('order_id').notNull(),
  boxNo: integer('box_no'),
  skuId: integer('sku_id'),
  length: numeric('length', { precision: 14, scale: 4 }).notNull(),
  width: numeric('width', { precision: 14, scale: 4 }).notNull(),
  height: numeric('height', { precision: 14, scale: 4 }).notNull(),
  weight: numeric('weight', { precision: 14, scale: 4 }).notNull(),
  photo: text('photo'),
  ...audit(),
})
