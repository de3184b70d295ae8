// The SQL migrations are the database's truth; the drizzle declarations must name the same tables and
// columns, so a query written against drizzle never meets a column the database lacks (or vice versa).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core'
import { is } from 'drizzle-orm'
import { PgTable as PgTableClass } from 'drizzle-orm/pg-core'
import * as schema from '../../src/server/db/schema/index'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

let tdb: TestDatabase
beforeAll(async () => { tdb = await createTestDatabase() })
afterAll(async () => { await tdb?.drop() })

describe('drizzle schema matches the migrations', () => {
  it('every declared table and column exists, and every table is declared', async () => {
    const rows = await tdb.database.query<{ table_name: string; column_name: string }>(
      `SELECT table_name, column_name FROM information_schema.columns WHERE table_schema = 'public'`)
    const db = new Map<string, Set<string>>()
    for (const r of rows) (db.get(r.table_name) ?? db.set(r.table_name, new Set()).get(r.table_name)!).add(r.column_name)

    // Resource tables are derived from their declarations and exported keyed by name (schema/resources.ts).
    const declared = ([...Object.values(schema), ...Object.values(schema.resourceTables)] as unknown[]).filter((v): v is PgTable => is(v, PgTableClass))
    const problems: string[] = []
    const names = new Set<string>()
    for (const t of declared) {
      const cfg = getTableConfig(t)
      names.add(cfg.name)
      const cols = db.get(cfg.name)
      if (!cols) { problems.push(`table ${cfg.name} is declared but not migrated`); continue }
      const mine = new Set(cfg.columns.map((c) => c.name))
      for (const c of mine) if (!cols.has(c)) problems.push(`${cfg.name}.${c} declared, missing in the database`)
      for (const c of cols) if (!mine.has(c)) problems.push(`${cfg.name}.${c} in the database, not declared`)
    }
    for (const t of db.keys()) if (t !== 'schema_migrations' && !names.has(t)) problems.push(`table ${t} has no drizzle declaration`)
    expect(problems).toEqual([])
  })
})
