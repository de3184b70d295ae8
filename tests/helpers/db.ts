// A real database per test file: in-memory PGlite by default; with TEST_DATABASE_URL (or
// DATABASE_URL) set, a fresh PostgreSQL database created for the file and dropped afterwards.
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'

export const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || ''

export interface TestDatabase { database: Database; drop(): Promise<void> }

/** A fresh PostgreSQL database on PG_URL's server (empty, or a copy of `template`): its URL, and a drop that forces it away. */
export async function createPgDatabase(template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wms_test_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`)
  await admin.end()
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await c.end()
    },
  }
}

/**
 * A migrated database for one test file; `seeded`: a copy of the run's seeded demo database when the
 * global setup made one (tests/helpers/template-setup.ts) — migrations already applied, so migrate()
 * finds nothing to do — else an empty one (the caller seeds).
 */
export async function createTestDatabase(opts: { seeded?: boolean } = {}): Promise<TestDatabase> {
  if (!PG_URL) {
    const file = opts.seeded ? inject('seededPgliteFile') : undefined
    const database = await openDatabase({ dataDir: 'memory://', ...(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}) })
    await migrate(database)
    return { database, drop: () => database.close() }
  }
  const pgdb = await createPgDatabase(opts.seeded ? inject('seededPgTemplate') : undefined)
  const database = await openDatabase({ databaseUrl: pgdb.url, poolSize: 5 })
  await migrate(database)
  return {
    database,
    async drop() {
      await database.close()
      await pgdb.drop()
    },
  }
}
