// The seed: the demo company everyone relies on, once; and the first-admin-only seed of a production
// PostgreSQL. Runs on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { verify } from '@node-rs/argon2'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { loadConfig } from '../../src/server/config'
import { seedIfEmpty } from '../../src/server/db/seed'
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo'
import { isStrongPassword } from '../../src/domain/password'

const config = { ...loadConfig({}), seedDemo: true }
const count = async (d: TestDatabase, sql: string, params: unknown[] = []) => (await d.database.query<{ n: number }>(sql, params))[0].n

describe('demo seed', () => {
  let d: TestDatabase
  beforeAll(async () => { d = await createTestDatabase() }, 60_000)
  afterAll(async () => { await d?.drop() })

  it('seeds the demo company, tenants, warehouses and pairs', async () => {
    expect(await seedIfEmpty(d.database, config)).toEqual({ seeded: 'demo' })
    expect(await d.database.query(`SELECT id, code, name FROM company`)).toEqual([{ id: 1, code: 'DEMO', name: 'Stride & Thread Co.' }])
    expect(await d.database.query(`SELECT id, code, name FROM tenant ORDER BY id`)).toEqual([
      { id: 1, code: 'T01', name: 'Stride Footwear' }, { id: 2, code: 'T02', name: 'Thread Apparel' }])
    expect(await d.database.query(`SELECT id, code, name, warehouse_location, state_code FROM warehouse ORDER BY id`)).toEqual([
      { id: 26, code: 'CN-DG', name: 'Dongguan DC', warehouse_location: 1, state_code: 'GD' },
      { id: 31, code: 'CN-YW', name: 'Yiwu DC', warehouse_location: 1, state_code: 'ZJ' },
      { id: 168, code: 'US-LA', name: 'Los Angeles', warehouse_location: 2, state_code: 'CA' },
      { id: 201, code: 'MX-GDL', name: 'Guadalajara', warehouse_location: 2, state_code: 'JAL' },
    ])
    const pairs = await d.database.query<{ p: string }>(`SELECT warehouse_id || '-' || tenant_id AS p FROM warehouse_tenant ORDER BY 1`)
    expect(pairs.map((r) => r.p)).toEqual(['168-1', '201-1', '26-1', '26-2', '31-2'])
  })

  it('seeds one user per role with their pairs in order, and the weak-password user', async () => {
    const users = await d.database.query<{ username: string; role: string; pairs: string; weak_password: boolean; password_hash: string }>(
      `SELECT u.username, r.code AS role, u.weak_password, u.password_hash,
              (SELECT string_agg(a.warehouse_id || '-' || a.tenant_id, ',' ORDER BY a.sort) FROM user_access a WHERE a.user_id = u.id) AS pairs
         FROM app_user u JOIN user_role ur ON ur.user_id = u.id JOIN role r ON r.id = ur.role_id ORDER BY u.id`)
    const all = '26-1,26-2,31-2,168-1,201-1'
    expect(users.map(({ username, role, pairs, weak_password }) => ({ username, role, pairs, weak_password }))).toEqual([
      { username: 'admin', role: 'admin', pairs: all, weak_password: false },
      { username: 'supervisor', role: 'supervisor', pairs: all, weak_password: false },
      { username: 'receiver', role: 'receiver', pairs: '26-1,168-1', weak_password: false },
      { username: 'shelver', role: 'shelver', pairs: '26-1,168-1', weak_password: false },
      { username: 'picker', role: 'picker', pairs: '26-1,201-1', weak_password: false },
      { username: 'reviewer', role: 'reviewer', pairs: '26-1', weak_password: false },
      { username: 'shipper', role: 'shipper', pairs: '26-1,168-1', weak_password: false },
      { username: 'weakuser', role: 'receiver', pairs: '26-1', weak_password: true },
    ])
    for (const u of users) expect(u.password_hash).toMatch(/^\$argon2id\$v=19\$/)
    expect(await verify(users[0].password_hash, DEMO_PASSWORD)).toBe(true)
    expect(await verify(users[7].password_hash, 'weak1234')).toBe(true)
    // Distinct salts: equal passwords do not give equal hashes.
    expect(new Set(users.map((u) => u.password_hash)).size).toBe(users.length)
    const roles = await d.database.query<{ code: string }>(`SELECT code FROM role ORDER BY code`)
    expect(roles.map((r) => r.code)).toEqual(expect.arrayContaining(['admin', 'supervisor', 'receiver', 'shelver', 'picker', 'reviewer', 'shipper']))
  })

  it('seeds the seven platforms, their sites and 1-3 shops per site', async () => {
    const plats = await d.database.query<{ code: string }>(`SELECT code FROM platform ORDER BY code`)
    expect(plats.map((p) => p.code)).toEqual(['AMAZON', 'GOODCANG', 'MERCADOLIBRE', 'SHEIN', 'TIKTOK', 'WALMART', 'WINIT'])
    const sites = await d.database.query<{ s: string; shops: number }>(
      `SELECT p.code || '/' || s.code AS s, (SELECT count(*)::int FROM shop WHERE site_id = s.id) AS shops
         FROM site s JOIN platform p ON p.id = s.platform_id ORDER BY 1`)
    expect(sites.map((r) => r.s)).toEqual(expect.arrayContaining(['AMAZON/US', 'AMAZON/MX', 'AMAZON/CA', 'WALMART/US', 'MERCADOLIBRE/MX', 'SHEIN/US', 'TIKTOK/US']))
    for (const r of sites) { expect(r.shops).toBeGreaterThanOrEqual(1); expect(r.shops).toBeLessThanOrEqual(3) }
  })

  it('seeding again does nothing', async () => {
    const before = await count(d, `SELECT (SELECT count(*) FROM app_user) + (SELECT count(*) FROM shop) + (SELECT count(*) FROM user_access) AS n`)
    expect(await seedIfEmpty(d.database, config)).toEqual({ seeded: 'none' })
    expect(await count(d, `SELECT (SELECT count(*) FROM app_user) + (SELECT count(*) FROM shop) + (SELECT count(*) FROM user_access) AS n`)).toBe(before)
  })
})

describe('first-admin seed (PostgreSQL without SEED_DEMO)', () => {
  let d: TestDatabase
  beforeAll(async () => { d = await createTestDatabase() }, 60_000)
  afterAll(async () => { await d?.drop() })

  it('creates one tenant, warehouse 26 and admin with a generated strong password shown once', async () => {
    // The non-demo branch is chosen by kind: present this database as PostgreSQL without SEED_DEMO.
    const asPostgres = { ...d.database, kind: 'postgres' as const }
    const res = await seedIfEmpty(asPostgres, { ...config, seedDemo: false, adminPassword: undefined }, { SEED_WAREHOUSE_NAME: 'Main DC' })
    expect(res.seeded).toBe('admin')
    expect(isStrongPassword(res.generatedAdminPassword!)).toBe(true)
    const users = await d.database.query<{ username: string; password_hash: string; weak_password: boolean }>(`SELECT username, password_hash, weak_password FROM app_user`)
    expect(users.map((u) => u.username)).toEqual(['admin'])
    expect(await verify(users[0].password_hash, res.generatedAdminPassword!)).toBe(true)
    // Printed to a console once, so the first sign-in must replace it.
    expect(users[0].weak_password).toBe(true)
    expect(await d.database.query(`SELECT id, name FROM warehouse`)).toEqual([{ id: 26, name: 'Main DC' }])
    expect(await count(d, `SELECT count(*)::int AS n FROM tenant`)).toBe(1)
    expect(await count(d, `SELECT count(*)::int AS n FROM company`)).toBe(0)
    expect(await count(d, `SELECT count(*)::int AS n FROM shop`)).toBe(0)
    expect(await count(d, `SELECT count(*)::int AS n FROM platform`)).toBe(7)
    expect(await count(d, `SELECT count(*)::int AS n FROM user_access a JOIN app_user u ON u.id = a.user_id WHERE u.username = 'admin' AND a.warehouse_id = 26 AND a.tenant_id = 1`)).toBe(1)
    expect(await count(d, `SELECT count(*)::int AS n FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE r.code = 'admin'`)).toBe(1)
    // And only once.
    expect(await seedIfEmpty(asPostgres, { ...config, seedDemo: false })).toEqual({ seeded: 'none' })
  })
})
