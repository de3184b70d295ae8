// Applies the committed SQL migrations in name order, each in its own transaction, once; then brings
// the menu table in line with the menu catalog (menu-sync.ts: catalog changes reach existing databases
// as migrations do). On PostgreSQL an advisory lock keeps two starting servers from migrating at the
// same time.
import { readdirSync, readFileSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Database } from './client'
import { MIGRATION_LOCK, syncMenuCatalog } from './menu-sync'

export const MIGRATIONS_DIR = join(dirname(fileURLToPath(import.meta.url)), 'migrations')

export function listMigrations(dir = MIGRATIONS_DIR): { name: string; sql: string }[] {
  return readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((name) => ({ name, sql: readFileSync(join(dir, name), 'utf8') }))
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<string[]> {
  await database.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())')
  const applied: string[] = []
  for (const m of listMigrations(dir)) {
    const esc = m.name.replace(/'/g, "''")
    const done = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations WHERE name = $1', [m.name])
    if (done[0].n > 0) continue
    // One transaction per file: its statements and its bookkeeping row commit together. The guard
    // re-checks under the advisory lock so a concurrent starter cannot apply the same file twice.
    const lock = database.kind === 'postgres' ? `SELECT pg_advisory_xact_lock(${MIGRATION_LOCK});` : ''
    try {
      await database.execTx(`${lock}
        DO $$ BEGIN IF EXISTS (SELECT 1 FROM schema_migrations WHERE name = '${esc}') THEN RAISE EXCEPTION 'already-applied'; END IF; END $$;
        ${m.sql}
        ;INSERT INTO schema_migrations(name) VALUES ('${esc}');`)
    } catch (err) {
      if (String((err as Error).message).includes('already-applied')) continue
      throw new Error(`migration ${m.name} failed: ${(err as Error).message}`, { cause: err })
    }
    applied.push(m.name)
  }
  await syncMenuCatalog(database)
  return applied
}
