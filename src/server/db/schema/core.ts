// Drizzle declarations of the core tables. The SQL in ../migrations/0001_core.sql is the source of
// truth for the database; tests/contract/schema.test.ts checks that both name the same columns.
import { pgTable, serial, integer, text, smallint, boolean, timestamp, jsonb, uuid, bigserial, char, primaryKey } from 'drizzle-orm/pg-core'
import { sql } from 'drizzle-orm'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

export const company = pgTable('company', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // 0012_res_org.sql: companies are a resource (src/domain/resources/org/company.ts).
  shortName: text('short_name'),
  taxId: text('tax_id'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  logo: text('logo'),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const tenant = pgTable('tenant', {
  id: integer('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  companyId: integer('company_id'),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0013_admin.sql: tenants are a resource (audit columns; new ids from tenant_id_seq).
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const warehouse = pgTable('warehouse', {
  id: integer('id').primaryKey().default(sql`nextval('warehouse_id_seq')`),
  code: text('code').notNull(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  warehouseLocation: smallint('warehouse_location').notNull().default(1),
  stateCode: text('state_code'),
  virtualWarehouseType: smallint('virtual_warehouse_type'),
  companyId: integer('company_id'),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  // Added by 0010_res_warehouse.sql (the warehouse resource, src/domain/resources/warehouse/warehouse.ts).
  warehouseType: text('warehouse_type').default('company'),
  function: text('warehouse_function'),
  address: text('address'),
  siteId: integer('site_id'),
  physicalWarehouseId: integer('physical_warehouse_id'),
  associatedWarehouseId: integer('associated_warehouse_id'),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const warehouseTenant = pgTable('warehouse_tenant', {
  warehouseId: integer('warehouse_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
}, (t) => [primaryKey({ columns: [t.warehouseId, t.tenantId] })])

export const appUser = pgTable('app_user', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  employeeName: text('employee_name').notNull(),
  email: text('email'),
  phone: text('phone'),
  avatar: text('avatar'),
  introduction: text('introduction'),
  weakPassword: boolean('weak_password').notNull().default(false),
  status: smallint('status').notNull().default(1),
  tenantId: integer('tenant_id'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  /** 0013_admin.sql: the user's organisation (department). */
  deptId: integer('dept_id'),
})

export const userAccess = pgTable('user_access', {
  userId: integer('user_id').notNull(),
  warehouseId: integer('warehouse_id').notNull(),
  tenantId: integer('tenant_id').notNull(),
  sort: integer('sort').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.userId, t.warehouseId, t.tenantId] })])

export const role = pgTable('role', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  dataScope: smallint('data_scope').notNull().default(3),
  status: smallint('status').notNull().default(1),
  createdAt: ts('created_at').notNull().defaultNow(),
  // 0013_admin.sql
  remark: text('remark'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

export const userRole = pgTable('user_role', {
  userId: integer('user_id').notNull(),
  roleId: integer('role_id').notNull(),
}, (t) => [primaryKey({ columns: [t.userId, t.roleId] })])

export const menu = pgTable('menu', {
  id: integer('id').primaryKey(),
  parentId: integer('parent_id'),
  type: char('type', { length: 1 }).notNull().$type<'M' | 'B' | 'R'>(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  title: text('title').notNull(),
  path: text('path').notNull().default(''),
  component: text('component'),
  redirect: text('redirect'),
  icon: text('icon'),
  sort: integer('sort').notNull().default(0),
  hidden: boolean('hidden').notNull().default(false),
  authority: text('authority'),
  system: text('system').notNull().default('WMS'),
  iframeUrl: text('iframe_url'),
  meta: jsonb('meta').notNull().$type<Record<string, unknown>>().default({}),
})

/** The catalog's values of each catalog menu row as the last sync wrote them (src/server/db/menu-sync.ts). */
export const menuCatalogSync = pgTable('menu_catalog_sync', {
  id: integer('id').primaryKey(),
  synced: jsonb('synced').notNull().$type<Record<string, unknown>>(),
  syncedAt: ts('synced_at').notNull().defaultNow(),
})

export const roleMenu = pgTable('role_menu', {
  roleId: integer('role_id').notNull(),
  menuId: integer('menu_id').notNull(),
}, (t) => [primaryKey({ columns: [t.roleId, t.menuId] })])

export const authSession = pgTable('auth_session', {
  id: uuid('id').primaryKey(),
  userId: integer('user_id').notNull(),
  deviceId: text('device_id'),
  ip: text('ip'),
  createdAt: ts('created_at').notNull().defaultNow(),
  lastSeen: ts('last_seen').notNull().defaultNow(),
  revokedAt: ts('revoked_at'),
  revokedWhy: text('revoked_why'),
})

export const refreshToken = pgTable('refresh_token', {
  tokenHash: text('token_hash').primaryKey(),
  sessionId: uuid('session_id').notNull(),
  expiresAt: ts('expires_at').notNull(),
  rotatedAt: ts('rotated_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const auditLog = pgTable('audit_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  tenantId: integer('tenant_id'),
  warehouseId: integer('warehouse_id'),
  userId: integer('user_id'),
  username: text('username'),
  commandId: text('command_id').notNull(),
  argsDigest: text('args_digest'),
  summary: text('summary'),
  result: text('result').notNull().$type<'ok' | 'refused' | 'error'>(),
  errorCode: text('error_code'),
  /** The refusal message's parameters (primitives only), so the log translates it whole; null on older rows. */
  errorParams: jsonb('error_params').$type<Record<string, string | number | boolean>>(),
  /** The arguments as audited: secrets masked, long values cut (commands/audit-args.ts); null on older rows. */
  args: jsonb('args').$type<unknown>(),
  requestId: text('request_id'),
  ip: text('ip'),
  durationMs: integer('duration_ms'),
  createdAt: ts('created_at').notNull().defaultNow(),
})

export const idempotencyKey = pgTable('idempotency_key', {
  userId: integer('user_id').notNull(),
  /** The warehouse-tenant pair the command ran in (0, 0 for keys stored before migration 0027). */
  tenantId: integer('tenant_id').notNull().default(0),
  warehouseId: integer('warehouse_id').notNull().default(0),
  key: text('key').notNull(),
  commandId: text('command_id').notNull(),
  argsDigest: text('args_digest').notNull(),
  response: jsonb('response').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.tenantId, t.warehouseId, t.key] })])

export const userSetting = pgTable('user_setting', {
  userId: integer('user_id').notNull(),
  tableKey: text('table_key').notNull(),
  config: text('config').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.userId, t.tableKey] })])

export const platform = pgTable('platform', {
  id: serial('id').primaryKey(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  shortName: text('short_name'),
  status: smallint('status').notNull().default(1),
  // 0012_res_org.sql: platforms are a resource (src/domain/resources/org/platform.ts).
  picture: text('picture'),
  logo: text('logo'),
  platformType: text('platform_type').default('marketplace'),
  skuRules: text('sku_rules'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const site = pgTable('site', {
  id: serial('id').primaryKey(),
  platformId: integer('platform_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  currency: text('currency'),
  country: text('country'),
  status: smallint('status').notNull().default(1),
  // 0012_res_org.sql: sites are a resource (src/domain/resources/org/site.ts).
  fullName: text('full_name'),
  logo: text('logo'),
  channel: text('channel'),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

export const shop = pgTable('shop', {
  id: serial('id').primaryKey(),
  siteId: integer('site_id').notNull(),
  code: text('code').notNull(),
  name: text('name').notNull(),
  status: smallint('status').notNull().default(1),
  // 0012_res_org.sql: shops are a resource (src/domain/resources/org/shop.ts).
  abbreviation: text('abbreviation'),
  registrationEntityId: integer('registration_entity_id'),
  consignment: boolean('consignment').default(false),
  consignors: jsonb('consignors').$type<{ tenantId: number; remark?: string | null }[]>(),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedBy: integer('updated_by'),
})

