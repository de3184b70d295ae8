// Seeds a new database. PGlite: always the demo company. PostgreSQL: the demo only with SEED_DEMO=1,
// otherwise one tenant, one warehouse and the first admin (password from ADMIN_PASSWORD, or generated
// and printed once). "New" means app_user is empty; seeding a seeded database does nothing.
// Everything happens in ONE transaction: a failed seed leaves an empty database that seeds next start.
import { randomBytes } from 'node:crypto'
import { inArray, sql } from 'drizzle-orm'
import type { AppTx, Database, Queryable } from './client'
import type { Config } from '../config'
import {
  appUser, company, platform, role, shop, site, tenant, userAccess, userRole, warehouse, warehouseTenant,
} from './schema/index'
import { seedMenusAndRoles } from './seed-menus'
import { seedShell } from './seed-shell'
import { hashPassword } from '../areas/auth/passwords'
import { isStrongPassword } from '../../domain/password'
import { DEMO_COMPANY, DEMO_PAIRS, DEMO_ROLES, DEMO_TENANTS, DEMO_USERS, DEMO_WAREHOUSES } from './seed/demo'
import { PLATFORMS, SITES } from './seed/platforms'
import { seedOrgResources } from '../resources/custom/org/seed'
import { seedWarehouseResources } from '../resources/custom/warehouse/seed'
import { seedProductResources } from '../resources/custom/product/seed'
import { seedStations } from './seed/stations'
import { seedInboundOrders } from './seed/inbound-orders'
import { seedOutboundRules } from './seed/outbound-rules'
import { seedOutboundDemo } from './seed/outbound-demo'
import { seedPrintDemo } from './seed/print-demo'

export interface SeedResult { seeded: 'demo' | 'admin' | 'none'; generatedAdminPassword?: string }

/** Any number; identifies the seed's advisory lock so two servers starting on one PostgreSQL seed once. */
const SEED_LOCK = 7305118

export async function seedIfEmpty(database: Database, config: Config, env: NodeJS.ProcessEnv = process.env): Promise<SeedResult> {
  if (await hasUsers(database.db)) return { seeded: 'none' }
  const demo = database.kind === 'pglite' || config.seedDemo

  // Hash outside the transaction: argon2 takes ~35 ms each and PGlite has one connection to hold.
  let generatedAdminPassword: string | undefined
  let users: { username: string; employeeName: string; email: string | null; phone: string | null; role: string; pairs: readonly (readonly [number, number])[]; weakPassword: boolean; passwordHash: string }[]
  if (demo) {
    users = await Promise.all(DEMO_USERS.map(async (u) => ({ ...u, passwordHash: await hashPassword(u.password) })))
  } else {
    const password = config.adminPassword ?? (generatedAdminPassword = generatePassword())
    users = [{
      username: 'admin', employeeName: 'Admin', email: null, phone: null, role: 'admin', pairs: [[26, 1]],
      // A generated password was printed to a console: the first sign-in must replace it.
      weakPassword: generatedAdminPassword !== undefined || !isStrongPassword(password),
      passwordHash: await hashPassword(password),
    }]
  }

  const done = await database.tx(async (tx) => {
    if (database.kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`)
    if (await hasUsers(tx)) return false // another server seeded while we hashed
    await seedMenusAndRoles(tx)
    await ensureRoles(tx)
    if (demo) await seedDemoPlaces(tx)
    else await seedMinimalPlaces(tx, env)
    await seedPlatforms(tx, demo)
    await seedUsers(tx, users)
    await seedShell(tx, { demoNotices: demo })
    if (demo) await seedOrgResources(tx)
    if (demo) await seedWarehouseResources(tx)
    if (demo) await seedProductResources(tx)
    if (demo) await seedStations(tx)
    if (demo) await seedInboundOrders(tx)
    if (demo) await seedOutboundRules(tx)
    if (demo) await seedOutboundDemo(tx)
    if (demo) await seedPrintDemo(tx)
    return true
  })
  if (!done) return { seeded: 'none' }
  return demo ? { seeded: 'demo' } : { seeded: 'admin', generatedAdminPassword }
}

async function hasUsers(q: Queryable): Promise<boolean> {
  const rows = await q.select({ id: appUser.id }).from(appUser).limit(1)
  return rows.length > 0
}

/** 20 characters, always upper + lower + digit + special, so it passes the spec's password rule. */
function generatePassword(): string {
  return `${randomBytes(12).toString('base64url')}-Wm7`
}

/** The menu seed creates the roles; creating missing ones here keeps users seedable on its own. */
async function ensureRoles(tx: AppTx) {
  await tx.insert(role).values(DEMO_ROLES.map((code) => ({ code, name: code, dataScope: code === 'admin' ? 1 : code === 'supervisor' ? 2 : 3 })))
    .onConflictDoNothing({ target: role.code })
}

async function seedDemoPlaces(tx: AppTx) {
  await tx.insert(company).values(DEMO_COMPANY)
  await tx.execute(sql`SELECT setval(pg_get_serial_sequence('company', 'id'), (SELECT max(id) FROM company))`)
  await tx.insert(tenant).values(DEMO_TENANTS.map((t) => ({ ...t, companyId: DEMO_COMPANY.id })))
  await tx.insert(warehouse).values(DEMO_WAREHOUSES.map((w) => ({ ...w, companyId: DEMO_COMPANY.id })))
  await tx.insert(warehouseTenant).values(DEMO_PAIRS.map(([warehouseId, tenantId]) => ({ warehouseId, tenantId })))
}

async function seedMinimalPlaces(tx: AppTx, env: NodeJS.ProcessEnv) {
  await tx.insert(tenant).values({ id: 1, code: env.SEED_TENANT_CODE || 'T01', name: env.SEED_TENANT_NAME || 'Default tenant' })
    .onConflictDoNothing()
  await tx.insert(warehouse).values({ id: 26, code: env.SEED_WAREHOUSE_CODE || 'WH-26', name: env.SEED_WAREHOUSE_NAME || 'Main warehouse', warehouseLocation: 1 })
    .onConflictDoNothing()
  await tx.insert(warehouseTenant).values({ warehouseId: 26, tenantId: 1 }).onConflictDoNothing()
}

/** Spec section 9 platforms and their sites always (reference data); demo shops only in the demo. */
async function seedPlatforms(tx: AppTx, withShops: boolean) {
  await tx.insert(platform).values(PLATFORMS.map((p) => ({ ...p }))).onConflictDoNothing({ target: platform.code })
  const plats = await tx.select({ id: platform.id, code: platform.code }).from(platform)
    .where(inArray(platform.code, PLATFORMS.map((p) => p.code)))
  const pid = new Map(plats.map((p) => [p.code, p.id]))
  const sites = await tx.insert(site)
    .values(SITES.map((s) => ({ platformId: pid.get(s.platform)!, code: s.code, name: s.name, currency: s.currency, country: s.country })))
    .onConflictDoNothing().returning({ id: site.id, platformId: site.platformId, code: site.code })
  if (!withShops) return
  const siteId = new Map(sites.map((s) => [`${s.platformId}/${s.code}`, s.id]))
  const shops = SITES.flatMap((s) => {
    const id = siteId.get(`${pid.get(s.platform)}/${s.code}`)
    return id === undefined ? [] : s.shops.map((x) => ({ siteId: id, code: x.code, name: x.name }))
  })
  if (shops.length) await tx.insert(shop).values(shops).onConflictDoNothing({ target: shop.code })
}

async function seedUsers(tx: AppTx, users: { username: string; employeeName: string; email: string | null; phone: string | null; role: string; pairs: readonly (readonly [number, number])[]; weakPassword: boolean; passwordHash: string }[]) {
  const roles = await tx.select({ id: role.id, code: role.code }).from(role)
  const roleId = new Map(roles.map((r) => [r.code, r.id]))
  const inserted = await tx.insert(appUser).values(users.map((u) => ({
    username: u.username, passwordHash: u.passwordHash, employeeName: u.employeeName, email: u.email, phone: u.phone,
    weakPassword: u.weakPassword, tenantId: u.pairs[0]?.[1] ?? null,
  }))).returning({ id: appUser.id, username: appUser.username })
  const userId = new Map(inserted.map((r) => [r.username, r.id]))
  await tx.insert(userRole).values(users.map((u) => ({ userId: userId.get(u.username)!, roleId: roleId.get(u.role)! })))
  await tx.insert(userAccess).values(users.flatMap((u) => u.pairs.map(([warehouseId, tenantId], sort) => ({ userId: userId.get(u.username)!, warehouseId, tenantId, sort }))))
}
