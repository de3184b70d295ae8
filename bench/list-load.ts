// List-endpoint benchmark over 1M locations and 1M SKUs: the bulk seed (bench/seed-bulk.ts, resumed
// when the database already holds it), then the real server on loopback, signed in as admin (pair
// 26-1), and GET /api/resources/location|sku?page=1&size=20&sort=code:asc&<filter> timed one request
// at a time (latency, not throughput). Each scenario is bounded by a request count and a time budget.
// Scenarios whose p95 misses the target are EXPLAINed afterwards (ANALYZE, BUFFERS) with the exact
// SQL the server ran (the resource runtime's list query, captured through a drizzle logger).
// It reports; it never fails a build (a busy 2-core machine is not a verdict).
//
// Run: npm run bench:list                                    (PGlite only)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:list
// The seeded databases are kept for the next run (seeding 2M rows takes minutes): PGlite in
// BENCH_DATA_DIR (default <tmp>/wms-bench-list-pglite), PostgreSQL in database BENCH_PG_DB
// (default wms_bench_list; BENCH_DROP=1 drops it afterwards).
// Knobs: BENCH_REQUESTS (200 per scenario), BENCH_SECONDS (30 per scenario), BENCH_TARGET_P95 (300 ms),
// BENCH_PORTS (8260-8269), BENCH_LOCATIONS / BENCH_SKUS / BENCH_CHUNK (see seed-bulk.ts),
// BENCH_EXPLAIN (miss | all | none), BENCH_ONLY (comma-separated scenario names), BENCH_PGLITE=0 (PostgreSQL only).
import { tmpdir, loadavg } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { and } from 'drizzle-orm'
import * as schema from '../src/server/db/schema/index'
import type { Queryable } from '../src/server/db/client'
import { listQuerySchema, runList } from '../src/server/http/list'
import { refFilterConds, runtimeByName } from '../src/server/resources/runtime'
import type { AuthContext } from '../src/server/http/context'
import { DEMO_PASSWORD } from '../src/server/db/seed/demo'
import { startServer, portsFrom, pct } from './lib/server'
import { request, signIn } from './lib/http'
import {
  seedBulk, openSeeded, bulkOptionsFromEnv, printResults, BENCH_TENANT, BENCH_WAREHOUSE, AREA_PREFIX, STYLE_PREFIX, LOCATION_PREFIX, SKU_PREFIX, type BulkResult,
} from './seed-bulk'

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)
const REQUESTS = num(process.env.BENCH_REQUESTS, 200)
const SECONDS = num(process.env.BENCH_SECONDS, 30)
const TARGET_P95 = num(process.env.BENCH_TARGET_P95, 300)
const PORTS = portsFrom(process.env.BENCH_PORTS, [8260, 8261, 8262, 8263, 8264, 8265, 8266, 8267, 8268, 8269])
const EXPLAIN = (process.env.BENCH_EXPLAIN ?? 'miss') as 'miss' | 'all' | 'none'
const ONLY = process.env.BENCH_ONLY ? new Set(process.env.BENCH_ONLY.split(',').map((s) => s.trim())) : undefined

/** Filter values drawn from the bench rows (ids differ between databases). */
interface Pools { areas: number[]; styles: number[] }

interface Scenario {
  name: string
  resource: 'location' | 'sku'
  sortField: string
  /** What the filter selects, for the report. */
  about: string
  /** Query of request i (page 1, 20 rows, sorted ascending, one filter). */
  query(i: number, p: Pools): Record<string, string>
}

const rnd = (i: number, n: number) => ((i * 2654435761) >>> 0) % n // spread, repeatable
const SCENARIOS: Scenario[] = [
  { name: 'location·area', resource: 'location', sortField: 'code', about: 'storageAreaId = one of 100 bench areas (~10k rows)', query: (i, p) => ({ storageAreaId: String(p.areas[rnd(i, p.areas.length)]) }) },
  { name: 'location·status', resource: 'location', sortField: 'code', about: 'status = enabled (~90% of all rows)', query: () => ({ status: '1' }) },
  { name: 'location·type', resource: 'location', sortField: 'code', about: 'type = one of 3 (~1/3 of all rows)', query: (i) => ({ type: ['fullBox', 'scattered', 'sample'][i % 3] }) },
  { name: 'location·q', resource: 'location', sortField: 'code', about: 'q = code contains "BK<area>-<aisle>" (~1k rows)', query: (i) => ({ q: `${LOCATION_PREFIX}${String(rnd(i, 100)).padStart(2, '0')}-0${i % 10}` }) },
  { name: 'sku·style', resource: 'sku', sortField: 'skuCode', about: 'styleId = one of 2,000 bench styles (500 rows)', query: (i, p) => ({ styleId: String(p.styles[rnd(i, p.styles.length)]) }) },
  { name: 'sku·status', resource: 'sku', sortField: 'skuCode', about: 'status = enabled (~90% of all rows)', query: () => ({ status: '1' }) },
  { name: 'sku·q', resource: 'sku', sortField: 'skuCode', about: 'q = sku code contains "BKS<style>" (500 rows)', query: (i) => ({ q: `${SKU_PREFIX}${String(rnd(i, 2000)).padStart(5, '0')}` }) },
]

interface Result { scenario: Scenario; n: number; errors: number; p50: number; p95: number; p99: number; max: number; total: number; firstError?: string }

function urlOf(s: Scenario, i: number, p: Pools): string {
  const q = new URLSearchParams({ page: '1', size: '20', sort: `${s.sortField}:asc`, ...s.query(i, p) })
  return `/api/resources/${s.resource}?${q}`
}

async function measure(base: string, headers: Record<string, string>, s: Scenario, p: Pools): Promise<Result> {
  const lat: number[] = []
  let errors = 0
  let total = 0
  let firstError: string | undefined
  const check = async (i: number) => {
    const res = await request(base + urlOf(s, i, p), { headers })
    const body = JSON.parse(res.text) as { responseCode?: string; data?: { records: Record<string, unknown>[]; total: number } }
    const recs = body.data?.records
    if (res.status !== 200 || body.responseCode !== '0001' || !recs) throw new Error(`${res.status} ${JSON.stringify(body).slice(0, 300)}`)
    // A page that is not sorted or is empty would make the timing meaningless.
    const keys = recs.map((r) => String(r[s.sortField]))
    if (!recs.length || recs.length > 20 || keys.some((k, j) => j > 0 && keys[j - 1] > k)) throw new Error(`bad page: ${recs.length} rows ${keys.slice(0, 3).join(', ')}…`)
    return body.data!.total
  }
  for (let i = 0; i < 3; i++) await check(1000 + i).catch(() => {}) // warm-up: plan cache, buffers, JIT of the route
  const until = performance.now() + SECONDS * 1000
  for (let i = 0; i < REQUESTS && performance.now() < until; i++) {
    const t0 = performance.now()
    try { total = await check(i) } catch (e) { errors++; firstError ??= String(e) }
    lat.push(performance.now() - t0)
  }
  lat.sort((a, b) => a - b)
  return { scenario: s, n: lat.length, errors, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, total, firstError }
}

async function adminHeaders(base: string): Promise<Record<string, string>> {
  const token = await signIn(base, 'admin', DEMO_PASSWORD)
  return { authorization: `Bearer ${token}`, 'x-sso-auth': token, 'x-language-header': 'en-US', 'x-oauth2-app': 'wms', 'x-userinfo-header': `${BENCH_TENANT}-admin-${BENCH_WAREHOUSE}` }
}

async function poolsOf(query: (sql: string, params: unknown[]) => Promise<{ id: number }[]>): Promise<Pools> {
  const ids = async (sql: string, params: unknown[]) => (await query(sql, params)).map((r) => Number(r.id))
  return {
    areas: await ids('SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE $3 ORDER BY id', [BENCH_TENANT, BENCH_WAREHOUSE, `${AREA_PREFIX}%`]),
    styles: await ids('SELECT id FROM product_style WHERE tenant_id = $1 AND style_no LIKE $2 ORDER BY id', [BENCH_TENANT, `${STYLE_PREFIX}%`]),
  }
}

// EXPLAIN ---------------------------------------------------------------------------------------

interface Explainer { run(s: Scenario, q: Record<string, string>): Promise<string[]>; close(): Promise<void> }

/** The server's own list query for `q` (runtime + list.ts), captured and EXPLAINed on a direct connection. */
async function explainer(target: { dataDir?: string; databaseUrl?: string }): Promise<Explainer> {
  let captured: { sql: string; params: unknown[] } | undefined
  const logger = { logQuery(sql: string, params: unknown[]) { captured ??= { sql, params } } }
  let db: Queryable
  let rawQuery: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>
  let close: () => Promise<void>
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 1 })
    db = drizzlePg({ client: pool, schema, logger }) as unknown as Queryable
    rawQuery = async (sql, params) => (await pool.query(sql, params)).rows
    close = () => pool.end()
  } else {
    const client = await PGlite.create(target.dataDir!, { extensions: { pg_trgm } }) // as the server opens it (0019's trigram indexes)
    db = drizzlePglite({ client, schema, logger }) as unknown as Queryable
    rawQuery = async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows
    close = () => client.close()
  }
  const auth = { tenantId: BENCH_TENANT, warehouseId: BENCH_WAREHOUSE } as AuthContext
  return {
    async run(s, q) {
      const rt = runtimeByName(s.resource)!
      const query = listQuerySchema(rt.list).parse(q)
      const extra = refFilterConds(rt, rt.refFilterSchema.parse(q))
      const def = extra.length ? { ...rt.list, where: () => and(...extra) } : rt.list
      captured = undefined
      await runList(db, def, query, auth)
      const plan = await rawQuery(`EXPLAIN (ANALYZE, BUFFERS) ${captured!.sql}`, captured!.params)
      return plan.map((r) => String(Object.values(r)[0]))
    },
    close,
  }
}

// Runs ------------------------------------------------------------------------------------------

interface Run { label: string; seed: BulkResult[]; results: Result[]; plans: Map<string, string[]> }

async function runAgainst(label: string, target: { dataDir?: string; databaseUrl?: string }): Promise<Run> {
  console.log(`\n▶ ${label}: bulk seed (resumes when already there)…`)
  const db = await openSeeded(target)
  let seed: BulkResult[]
  let pools: Pools
  try {
    seed = await seedBulk(db, bulkOptionsFromEnv())
    pools = await poolsOf((sql, params) => db.query(sql, params))
  } finally {
    await db.close() // PGlite: one process per data directory — the server opens it next
  }
  const t0 = Date.now()
  const server = await startServer(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir! }, PORTS)
  console.log(`  server up in ${((Date.now() - t0) / 1000).toFixed(1)} s at ${server.base}; ≤${REQUESTS} requests or ${SECONDS} s per scenario, one at a time`)
  const results: Result[] = []
  try {
    const headers = await adminHeaders(server.base)
    for (const s of SCENARIOS) {
      if (ONLY && !ONLY.has(s.name)) continue
      const r = await measure(server.base, headers, s, pools)
      results.push(r)
      print(label, r)
    }
  } finally {
    await server.stop()
  }
  const plans = new Map<string, string[]>()
  const toExplain = results.filter((r) => EXPLAIN === 'all' || (EXPLAIN === 'miss' && !(r.p95 <= TARGET_P95)))
  if (toExplain.length) {
    const ex = await explainer(target)
    try {
      for (const r of toExplain) plans.set(r.scenario.name, await ex.run(r.scenario, r.scenario.query(0, pools)))
    } finally { await ex.close() }
  }
  return { label, seed, results, plans }
}

function print(label: string, r: Result) {
  const ok = r.p95 <= TARGET_P95 && r.errors === 0
  console.log(
    `  ${label.padEnd(10)} ${r.scenario.name.padEnd(16)} n=${String(r.n).padStart(4)} err=${String(r.errors).padStart(3)}  ` +
    `p50 ${r.p50.toFixed(1).padStart(7)}  p95 ${r.p95.toFixed(1).padStart(7)}  p99 ${r.p99.toFixed(1).padStart(7)}  max ${r.max.toFixed(1).padStart(7)} ms  ` +
    `${ok ? 'ok  ' : 'MISS'} (p95 ≤${TARGET_P95})  total=${r.total.toLocaleString('en')}` +
    (r.firstError ? `\n             first error: ${r.firstError.slice(0, 300)}` : ''),
  )
}

async function main() {
  const runs: Run[] = []
  const dataDir = process.env.BENCH_DATA_DIR || join(tmpdir(), 'wms-bench-list-pglite')
  if (process.env.BENCH_PGLITE !== '0') {
    runs.push(await runAgainst('PGlite', { dataDir }))
    console.log(`  (PGlite data kept in ${dataDir} for the next run)`)
  }

  const pgUrl = process.env.BENCH_DATABASE_URL
  if (pgUrl) {
    const name = process.env.BENCH_PG_DB || 'wms_bench_list'
    if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`BENCH_PG_DB must be a plain identifier: ${name}`)
    const admin = new pg.Client({ connectionString: pgUrl })
    await admin.connect()
    const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount
    if (!exists) await admin.query(`CREATE DATABASE ${name}`)
    const url = new URL(pgUrl)
    url.pathname = `/${name}`
    try {
      runs.push(await runAgainst('PostgreSQL', { databaseUrl: url.toString() }))
    } finally {
      if (process.env.BENCH_DROP === '1') await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      else console.log(`  (PostgreSQL database ${name} kept for the next run; BENCH_DROP=1 drops it)`)
      await admin.end()
    }
  } else {
    console.log('\n(BENCH_DATABASE_URL not set: PostgreSQL run skipped)')
  }

  for (const run of runs) {
    for (const [name, plan] of run.plans) {
      console.log(`\nEXPLAIN ${run.label} ${name}:`)
      for (const line of plan) console.log(`  ${line}`)
    }
  }
  console.log(`\nSummary (page 1 of 20 rows, sorted ascending, one filter; one request at a time; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`)
  for (const run of runs) printResults(run.label, run.seed)
  for (const run of runs) for (const r of run.results) print(run.label, r)
  for (const s of SCENARIOS) if (!ONLY || ONLY.has(s.name)) console.log(`  ${s.name.padEnd(16)} ${s.about}`)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
