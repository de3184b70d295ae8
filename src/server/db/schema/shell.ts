// Tables of the session/shell area (dictionaries, notices, feedback, files, bindings) — the SQL in
// ../migrations/0002_shell.sql is the source of truth; tests/contract/schema.test.ts checks they agree.
import { pgTable, serial, integer, text, smallint, timestamp, jsonb, uuid, primaryKey, customType } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back Uint8Array, node-postgres a Buffer: normalise to Buffer.
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
})

export const dictItem = pgTable('dict_item', {
  dictCode: text('dict_code').notNull(),
  dictValue: text('dict_value').notNull(),
  dictLabel: text('dict_label').notNull(),
  labelKey: text('label_key').notNull(),
  sort: integer('sort').notNull().default(0),
  status: smallint('status').notNull().default(1),
  // 0013_admin.sql: maintained as a resource — surrogate id, per-language labels, audit columns.
  id: serial('id').notNull(),
  labelZh: text('label_zh'),
  labelEn: text('label_en'),
  labelEsMx: text('label_es_mx'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
}, (t) => [primaryKey({ columns: [t.dictCode, t.dictValue] })])

export const notice = pgTable('notice', {
  id: serial('id').primaryKey(),
  noticeType: smallint('notice_type').notNull(),
  noticeTitle: text('notice_title').notNull(),
  noticeContent: text('notice_content'),
  announceContent: text('announce_content'),
  detailedLinks: text('detailed_links'),
  noticeSource: text('notice_source').notNull().default('WMS'),
  readerId: integer('reader_id'),
  effectiveBegin: ts('effective_begin').notNull().defaultNow(),
  effectiveEnd: ts('effective_end'),
  createTime: ts('create_time').notNull().defaultNow(),
})

export const noticeRead = pgTable('notice_read', {
  noticeId: integer('notice_id').notNull(),
  userId: integer('user_id').notNull(),
  closeTime: ts('close_time').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.noticeId, t.userId] })])

export const feedback = pgTable('feedback', {
  id: serial('id').primaryKey(),
  feedbackContent: text('feedback_content').notNull(),
  feedbackFile: jsonb('feedback_file').notNull().$type<string[]>().default([]),
  feedbackStatus: smallint('feedback_status').notNull().default(0),
  remark: text('remark'),
  feedbackUserId: integer('feedback_user_id').notNull(),
  feedbackUserName: text('feedback_user_name').notNull(),
  noticeSource: text('notice_source').notNull().default('WMS'),
  createTime: ts('create_time').notNull().defaultNow(),
  updateTime: ts('update_time').notNull().defaultNow(),
})

export const fileObject = pgTable('file_object', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  contentType: text('content_type').notNull(),
  size: integer('size').notNull(),
  purpose: text('purpose').notNull(),
  content: bytea('content').notNull(),
  uploadedBy: integer('uploaded_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const buttonTemplateBinding = pgTable('button_template_binding', {
  tenantId: integer('tenant_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  buttonCode: text('button_code').notNull(),
  templateCode: text('template_code').notNull(),
  resourceId: text('resource_id'),
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.tenantId, t.warehouseId, t.buttonCode] })])

export const shellMeta = pgTable('shell_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})
