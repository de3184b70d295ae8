// Vitest global setup: the seeded demo database is made ONCE per run and every test file's app starts
// from a copy (createTestDatabase({ seeded: true }), used by createTestApp) instead of migrating and
// seeding its own — ~10 s of a busy 2-core machine per file, most of the suite's time. PGlite: the
// seeded cluster's data directory as a tarball in the temp dir, loaded by each file's in-memory PGlite
// (~2 s). PostgreSQL (TEST_DATABASE_URL): a template database, each file's database created from it
// (CREATE DATABASE … TEMPLATE). The seed is the demo (createTestApp's), whatever the file; files that
// need an empty or another database still make their own. TEST_NO_TEMPLATE=1 turns the copy off.
import { randomBytes } from 'node:crypto'
import { rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { testConfig } from './config'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of the seeded data directory tarball. */
    seededPgliteFile: string
    /** PostgreSQL: name of the seeded template database on TEST_DATABASE_URL's server. */
    seededPgTemplate: string
  }
}

const PG_URL = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || ''

interface Made { key: 'seededPgliteFile' | 'seededPgTemplate'; value: string; teardown: () => unknown; users: number }
// vite.config.ts has two projects (server, app) that both inherit this global setup: the template is
// made once per run (the first project's call) and removed after the last project is done.
const slot = globalThis as typeof globalThis & { __wmsTemplate?: Promise<Made | undefined> }

export default async function setup(project: TestProject) {
  if (process.env.TEST_NO_TEMPLATE) return undefined
  const made = await (slot.__wmsTemplate ??= makeTemplate())
  if (!made) return undefined
  project.provide(made.key, made.value)
  made.users++
  return async () => {
    if (--made.users > 0) return
    slot.__wmsTemplate = undefined
    await made.teardown()
  }
}

async function makeTemplate(): Promise<Made | undefined> {
  if (!PG_URL) {
    const database = await openDatabase({ dataDir: 'memory://' })
    await migrate(database)
    await seedIfEmpty(database, testConfig())
    const blob = await database.dumpDataDir!()
    await database.close()
    const file = join(tmpdir(), `wms-test-seeded-${process.pid}-${randomBytes(4).toString('hex')}.tar`)
    writeFileSync(file, Buffer.from(await blob.arrayBuffer()))
    return { key: 'seededPgliteFile', value: file, teardown: () => rmSync(file, { force: true }), users: 0 }
  }
  const name = `wms_test_tpl_${randomBytes(5).toString('hex')}`
  const admin = async (text: string) => {
    const c = new pg.Client({ connectionString: PG_URL })
    await c.connect()
    try { await c.query(text) } finally { await c.end() }
  }
  await admin(`CREATE DATABASE ${name}`)
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 2 })
  await migrate(database)
  await seedIfEmpty(database, testConfig())
  await database.close()
  return { key: 'seededPgTemplate', value: name, teardown: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`), users: 0 }
}
