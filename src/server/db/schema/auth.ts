// Drizzle declarations of the auth area's tables — see ../migrations/0003_auth.sql.
import { pgTable, text, smallint, bigint, timestamp } from 'drizzle-orm/pg-core'

export const serverSecret = pgTable('server_secret', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
})

export const authGrantsVersion = pgTable('auth_grants_version', {
  id: smallint('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
})
