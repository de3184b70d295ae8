// Bulk seeding for the list benches: 1M locations (pair tenant 1 / warehouse 26, spread over 100
// bench storage areas) and 1M SKUs (tenant 1: 2,000 bench styles × 20 colors × 25 sizes) on top of the
// demo data. Set-based: one INSERT … SELECT generate_series per chunk, so a chunk is all or nothing and
// a rerun resumes after the last complete chunk (bench rows are recognised by their code prefix).
// Prints rows/s per chunk and per table, then ANALYZEs (the planner must know the new sizes).
//
// Run: DATA_DIR=/tmp/wms-bulk npm run bench:seed-bulk          (PGlite directory; created when new)
//      DATABASE_URL=postgres://… npm run bench:seed-bulk        (PostgreSQL; demo seeded when empty)
// Knobs: BENCH_LOCATIONS (1000000), BENCH_SKUS (1000000), BENCH_CHUNK (50000 rows per INSERT).
import { fileURLToPath } from 'node:url'
import { resolve } from 'node:path'
import { openDatabase, type Database } from '../src/server/db/client'
import { migrate } from '../src/server/db/migrate'
import { seedIfEmpty } from '../src/server/db/seed'
import { loadConfig } from '../src/server/config'

/** The pair the bench locations live in (the admin's default pair). */
export const BENCH_TENANT = 1
export const BENCH_WAREHOUSE = 26
export const BENCH_AREAS = 100
export const BENCH_COLORS = 20
export const BENCH_SIZES = 25
/** Code prefixes: every bench row is found (and counted on resume) by them. */
export const AREA_PREFIX = 'BENCH-A'
export const LOCATION_PREFIX = 'BK'
export const STYLE_PREFIX = 'BENCH-ST'
export const SKU_PREFIX = 'BKS'

export interface BulkOptions { locations: number; skus: number; chunk: number; log?: (line: string) => void }
export interface BulkResult { table: string; target: number; inserted: number; seconds: number; rowsPerSec: number }

const pad = (n: number | string, w: number) => `lpad((${n})::text, ${w}, '0')`

async function count(db: Database, sql: string, params: unknown[]): Promise<number> {
  const [r] = await db.query<{ n: number }>(sql, params)
  return Number(r.n)
}

/** Inserts rows start+1..target with `insert(from, to)` in chunks; returns rows and rate. */
async function chunked(table: string, have: number, target: number, chunk: number, insert: (from: number, to: number) => Promise<void>, log: (s: string) => void): Promise<BulkResult> {
  if (have >= target) {
    log(`  ${table}: ${have.toLocaleString('en')} bench rows already there (target ${target.toLocaleString('en')}) — nothing to do`)
    return { table, target, inserted: 0, seconds: 0, rowsPerSec: NaN }
  }
  const t0 = performance.now()
  for (let from = have + 1; from <= target; from += chunk) {
    const to = Math.min(target, from + chunk - 1)
    const c0 = performance.now()
    await insert(from, to)
    const s = (performance.now() - c0) / 1000
    log(`  ${table}: rows ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${s.toFixed(2)} s (${Math.round((to - from + 1) / s).toLocaleString('en')} rows/s)`)
  }
  const seconds = (performance.now() - t0) / 1000
  const inserted = target - have
  return { table, target, inserted, seconds, rowsPerSec: inserted / seconds }
}

export async function seedBulk(db: Database, o: BulkOptions): Promise<BulkResult[]> {
  const log = o.log ?? ((s: string) => console.log(s))
  const results: BulkResult[] = []

  // Locations ------------------------------------------------------------------------------------
  if (o.locations > 0) {
    await db.exec(`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type)
      SELECT ${BENCH_TENANT}, ${BENCH_WAREHOUSE}, '${AREA_PREFIX}' || ${pad('a', 2)}, 'Bench area ' || a, 1 + (a % 9)
      FROM generate_series(0, ${BENCH_AREAS - 1}) a
      ON CONFLICT (tenant_id, warehouse_id, code) DO NOTHING`)
    const areas = (await db.query<{ id: number }>(
      `SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE $3 ORDER BY code`, [BENCH_TENANT, BENCH_WAREHOUSE, `${AREA_PREFIX}%`])).map((r) => Number(r.id))
    if (areas.length !== BENCH_AREAS) throw new Error(`expected ${BENCH_AREAS} bench storage areas, found ${areas.length}`)
    const perArea = Math.ceil(o.locations / BENCH_AREAS)
    const aisleWidth = Math.max(2, String(Math.ceil(perArea / 1000)).length)
    const have = await count(db, `SELECT count(*)::int AS n FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE $3`, [BENCH_TENANT, BENCH_WAREHOUSE, `${LOCATION_PREFIX}%`])
    // Location g sits in area (g-1)/perArea; code BK<area>-<aisle>-<n>, e.g. BK07-12-0345. Every tenth is disabled.
    results.push(await chunked('location', have, o.locations, o.chunk, (from, to) => db.exec(`
      INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
      SELECT ${BENCH_TENANT}, ${BENCH_WAREHOUSE},
             '${LOCATION_PREFIX}' || ${pad(`(g - 1) / ${perArea}`, 2)} || '-' || ${pad(`((g - 1) % ${perArea}) / 1000`, aisleWidth)} || '-' || ${pad(`(g - 1) % 1000`, 4)},
             (ARRAY['fullBox', 'scattered', 'sample'])[1 + g % 3],
             (ARRAY[${areas.join(',')}]::integer[])[1 + (g - 1) / ${perArea}],
             1 + g % 5,
             CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END
      FROM generate_series(${from}, ${to}) g`), log))
  }

  // SKUs -----------------------------------------------------------------------------------------
  if (o.skus > 0) {
    const perStyle = BENCH_COLORS * BENCH_SIZES
    const styles = Math.ceil(o.skus / perStyle)
    const [cat] = await db.query<{ id: number }>(`SELECT id FROM product_category_3 WHERE tenant_id = $1 ORDER BY id LIMIT 1`, [BENCH_TENANT])
    if (!cat) throw new Error(`tenant ${BENCH_TENANT} has no third-level category: seed the demo first (PGlite does; PostgreSQL needs SEED_DEMO=1)`)
    await db.exec(`
      INSERT INTO product_color (tenant_id, code, name)
        SELECT ${BENCH_TENANT}, 'BENCH-C' || ${pad('c', 2)}, 'Bench color ' || c FROM generate_series(1, ${BENCH_COLORS}) c
        ON CONFLICT (tenant_id, code) DO NOTHING;
      INSERT INTO product_size (tenant_id, code, name, standard, sort)
        SELECT ${BENCH_TENANT}, 'BENCH-S' || ${pad('s', 2)}, 'Bench size ' || s, 'EU', s FROM generate_series(1, ${BENCH_SIZES}) s
        ON CONFLICT (tenant_id, code) DO NOTHING;
      INSERT INTO product_style (tenant_id, style_no, name, category_id, year, season, status)
        SELECT ${BENCH_TENANT}, '${STYLE_PREFIX}' || ${pad('s', 5)}, 'Bench style ' || s, ${Number(cat.id)}, 2020 + s % 7,
               (ARRAY['spring', 'summer', 'autumn', 'winter', 'allSeasons'])[1 + s % 5], 1
        FROM generate_series(1, ${styles}) s
        ON CONFLICT (tenant_id, style_no) DO NOTHING;`)
    const ids = async (table: string, col: string, prefix: string) => (await db.query<{ id: number }>(
      `SELECT id FROM ${table} WHERE tenant_id = $1 AND ${col} LIKE $2 ORDER BY ${col}`, [BENCH_TENANT, `${prefix}%`])).map((r) => Number(r.id))
    const colors = await ids('product_color', 'code', 'BENCH-C')
    const sizes = await ids('product_size', 'code', 'BENCH-S')
    const styleIds = await ids('product_style', 'style_no', STYLE_PREFIX)
    if (colors.length !== BENCH_COLORS || sizes.length !== BENCH_SIZES || styleIds.length < styles) throw new Error('bench colors/sizes/styles missing')
    const have = await count(db, `SELECT count(*)::int AS n FROM product_sku WHERE tenant_id = $1 AND sku_code LIKE $2`, [BENCH_TENANT, `${SKU_PREFIX}%`])
    // SKU g = style (g-1)/500 × color ((g-1)/25)%20 × size (g-1)%25: every combination once.
    const st = `(g - 1) / ${perStyle}`, co = `((g - 1) / ${BENCH_SIZES}) % ${BENCH_COLORS}`, si = `(g - 1) % ${BENCH_SIZES}`
    results.push(await chunked('product_sku', have, o.skus, o.chunk, (from, to) => db.exec(`
      INSERT INTO product_sku (tenant_id, sku_code, style_id, color_id, size_id, status, weight)
      SELECT ${BENCH_TENANT},
             '${SKU_PREFIX}' || ${pad(st, 5)} || '-' || ${pad(co, 2)} || '-' || ${pad(si, 2)},
             (ARRAY[${styleIds.join(',')}]::integer[])[1 + ${st}],
             (ARRAY[${colors.join(',')}]::integer[])[1 + ${co}],
             (ARRAY[${sizes.join(',')}]::integer[])[1 + ${si}],
             CASE WHEN g % 10 = 0 THEN 0 ELSE 1 END,
             round((0.2 + (g % 37) * 0.05)::numeric, 2)
      FROM generate_series(${from}, ${to}) g`), log))
  }

  const a0 = performance.now()
  await db.exec('ANALYZE storage_area; ANALYZE location; ANALYZE product_color; ANALYZE product_size; ANALYZE product_style; ANALYZE product_sku;')
  log(`  ANALYZE in ${((performance.now() - a0) / 1000).toFixed(1)} s`)
  return results
}

/** Opens DATABASE_URL or DATA_DIR, migrates and seeds the demo when empty (as the server would). */
export async function openSeeded(env: { databaseUrl?: string; dataDir?: string }): Promise<Database> {
  const db = await openDatabase(env.databaseUrl ? { databaseUrl: env.databaseUrl, poolSize: 2 } : { dataDir: env.dataDir })
  await migrate(db)
  await seedIfEmpty(db, { ...loadConfig({}), seedDemo: true })
  return db
}

export function bulkOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): BulkOptions {
  const n = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)
  return { locations: n(env.BENCH_LOCATIONS, 1_000_000), skus: n(env.BENCH_SKUS, 1_000_000), chunk: Math.max(1000, n(env.BENCH_CHUNK, 50_000)) }
}

export function printResults(label: string, results: BulkResult[]) {
  for (const r of results) {
    console.log(`  ${label.padEnd(10)} ${r.table.padEnd(12)} target ${r.target.toLocaleString('en').padStart(9)}  inserted ${r.inserted.toLocaleString('en').padStart(9)}` +
      (r.inserted ? `  in ${r.seconds.toFixed(1).padStart(6)} s = ${Math.round(r.rowsPerSec).toLocaleString('en').padStart(8)} rows/s` : ''))
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL || undefined
  const dataDir = databaseUrl ? undefined : resolve(process.env.DATA_DIR || './data')
  const opts = bulkOptionsFromEnv()
  console.log(`▶ bulk seed into ${databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${dataDir}`}: ${opts.locations.toLocaleString('en')} locations, ${opts.skus.toLocaleString('en')} SKUs, ${opts.chunk.toLocaleString('en')} rows per INSERT`)
  const db = await openSeeded({ databaseUrl, dataDir })
  try {
    const results = await seedBulk(db, opts)
    console.log('\nSummary')
    printResults(databaseUrl ? 'PostgreSQL' : 'PGlite', results)
  } finally {
    await db.close()
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error(err)
    process.exit(1)
  })
}
