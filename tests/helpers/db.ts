// A real database per test file: in-memory PGlite by default; with TEST_DATABASE_URL (or
// DATABASE_URL) set, a fresh PostgreSQL database created for the file and dropped afterwards.
import pg from 'pg'
import { randomBytes } from 'node:crypto'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'

export const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || ''

export interface TestDatabase { database: Database; drop(): Promise<void> }

/** A fresh, empty PostgreSQL database on PG_URL's server: its URL, and a drop that forces it away. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `wms_test_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
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

export async function createTestDatabase(): Promise<TestDatabase> {
  if (!PG_URL) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await migrate(database)
    return { database, drop: () => database.close() }
  }
  const pgdb = await createPgDatabase()
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
