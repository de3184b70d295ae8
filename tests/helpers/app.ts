// An in-process API over a real database (see db.ts), driven with fastify.inject (real HTTP semantics,
// no port). Starts from the demo company (a copy of the run's seeded database, else seeded here) so tests
// sign in as the README's demo accounts.
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/server/app'
import type { Config } from '../../src/server/config'
import { seedIfEmpty } from '../../src/server/db/seed'
import { createTestDatabase, type TestDatabase } from './db'
import { testConfig } from './config'
import type { Database } from '../../src/server/db/client'

export interface TestApp { app: FastifyInstance; database: Database; config: Config; close(): Promise<void> }

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  // A copy of the run's seeded database (template-setup.ts); seedIfEmpty then finds it seeded.
  const tdb: TestDatabase = await createTestDatabase({ seeded: true })
  const config = testConfig(overrides)
  await seedIfEmpty(tdb.database, config)
  const app = await buildApp({ config, database: tdb.database, logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false })
  await app.ready()
  return { app, database: tdb.database, config, async close() { await app.close(); await tdb.drop() } }
}

/** Row queries over a test app created later (in beforeAll): `q` the rows, `one` the first. */
export function queriesOf(app: () => TestApp) {
  const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => app().database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
  const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]!
  return { q, one }
}
