// Drizzle declarations of the administration area's own tables — see ../migrations/0013_admin.sql.
// (app_version is derived from its resource declaration; role, app_user, tenant and dict_item
// columns added there are declared with their tables in core.ts and shell.ts.)
import { pgTable, serial, integer, text, timestamp, jsonb } from 'drizzle-orm/pg-core'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  body: text('body').notNull(),
  purpose: text('purpose').notNull(),
  params: jsonb('params').notNull().$type<Record<string, unknown>>().default({}),
  userId: integer('user_id'),
  createdBy: integer('created_by'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const verificationCode = pgTable('verification_code', {
  userId: integer('user_id').primaryKey(),
  codeHash: text('code_hash').notNull(),
  expiresAt: ts('expires_at').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
})
