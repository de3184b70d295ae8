// Outbound benchmark (issue 12: ToC sales orders → allocation → waves → picking, and the order list at
// 1M orders) against the real server (tsx src/server/main.ts) on a loopback port, signed in as admin in
// pair 26-1. PGlite on a fresh DATA_DIR; PostgreSQL too when BENCH_DATABASE_URL is given (a fresh
// database, dropped afterwards). Prints figures next to their targets, with the CPU each operation cost
// the server process (and, on PostgreSQL, the bench database's backends); it reports, it never fails a
// build (a busy 2-core machine is not a verdict).
//
// Setup (in-process, before the server starts): migrate, seed the demo, then one bench storage area of
// BENCH_LOCATIONS picking locations (type Scattered) holding BENCH_SKUS SKUs of tenant 1 that nobody else
// stocks, each SKU on LOCATIONS / SKUS of them, BENCH_STOCK_PER_LOCATION units each, added through the
// ledger (addStock, doc_type 'BENCH'); then ANALYZE (as bench/seed-bulk.ts; BENCH_ANALYZE=0 leaves the
// planner without statistics, as on a new database before autovacuum's first pass, and on PGlite, which
// never runs one). Orders come from the marketplace order simulator
// (src/server/integrations/marketplace-simulator.ts) over the bench SKUs and the pair's shops and
// carriers, pushed over HTTP through `outbound.order.feed` in batches of BENCH_FEED_BATCH (≤ 200).
//
//  1. Allocation. (a) BENCH_ALLOC_ORDERS drafts validated flat out by BENCH_WORKERS clients, one order
//     per `outbound.order.validate` call (≤ BENCH_ALLOC_SECONDS): orders/s, p50/p99 per call. One
//     `outbound.wave.generate` then waves those (and the demo's) orders, so that (b) times only these:
//     BENCH_WAVE_ORDERS drafts fed (the intake is timed and printed, not counted), then (b1) all of them
//     validated by BENCH_VALIDATE_CLIENTS clients, BENCH_VALIDATE_BATCH ids per call, and (b2) ONE
//     `outbound.wave.generate` (every fully allocated order in force, in no wave, by the demo wave rules:
//     single-item orders 50 a wave in one bulk task, multi-item orders 20 a wave with a task per order).
//     Target: b1 + b2 ≤ 10 s on PostgreSQL.
//  2. Pick scan. The largest tasks of those waves are claimed until they hold enough units, then
//     `outbound.pick.scan` {taskNo, locationCode, code} — one unit per request, the tasks taking turns —
//     at fixed open-loop rates (BENCH_PICK_RATES, BENCH_PICK_SECONDS each): p50/p99 (target p99 ≤ 50 ms).
//  3. The order list. The server stops; plain INSERT … SELECT generate_series (BENCH_CHUNK rows a
//     statement) adds BENCH_LIST_ORDERS orders to pair 26-1 — status, platform, shop and shipping method
//     spread, created_at over the last 90 days — with one line each (a SKU of tenant 1; BENCH_LIST_LINES=0
//     skips the lines and the SKU filter), then VACUUM ANALYZE. The server starts again; GET
//     /api/outbound/orders page 1 (20 rows, sort createdAt:desc) is timed one request at a time per
//     filter scenario (≤ BENCH_LIST_REQUESTS requests or BENCH_LIST_SECONDS): p50/p95 (target p95 ≤ 300 ms
//     on PostgreSQL). Scenarios over the target are EXPLAINed (ANALYZE, BUFFERS) afterwards with the
//     exact statements the route runs (runList over orderList(settings), captured by a drizzle logger).
//
// Run: npm run bench:outbound                                   (PGlite only)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:outbound
// Sizes: PostgreSQL BENCH_ALLOC_ORDERS (2000), BENCH_WAVE_ORDERS (10000), BENCH_LIST_ORDERS (1000000);
// PGlite — one connection, everything serialized — BENCH_PGLITE_ALLOC_ORDERS (1000),
// BENCH_PGLITE_WAVE_ORDERS (5000), BENCH_PGLITE_LIST_ORDERS (1000000), so that each run stays under about
// 10 minutes on the shared 2-core machine (PGlite took 3.5 min for allocation + picking at 10000).
// Other knobs (defaults): BENCH_WORKERS (8), BENCH_SKUS (300), BENCH_LOCATIONS (1200),
// BENCH_STOCK_PER_LOCATION (200), BENCH_ALLOC_SECONDS (20), BENCH_FEED_BATCH (200), BENCH_VALIDATE_BATCH
// (1), BENCH_VALIDATE_CLIENTS (= workers), BENCH_PHASE_SECONDS (240: bound of the intake and of (b1)),
// BENCH_PICK_RATES ("25,75"), BENCH_PICK_SECONDS (8), BENCH_PICK_TASKS (60, most tasks claimed),
// BENCH_LIST_LINES (1), BENCH_CHUNK (100000), BENCH_LIST_REQUESTS (50), BENCH_LIST_SECONDS (30),
// BENCH_EXPLAIN (miss | all | none), BENCH_PARTS ("alloc,pick,list"; pick needs alloc's waves),
// BENCH_PGLITE=0 (PostgreSQL only), BENCH_PORTS (8231-8239), BENCH_ANALYZE=0 (see above), BENCH_EXTRA_SQL
// (SQL run after the setup, before the server starts: to try an index without a migration; printed),
// BENCH_KEEP=1 (keep the database / data directory, to look at plans afterwards), BENCH_DATABASE_NAME
// (PostgreSQL: this database instead of a fresh one, created when missing, never dropped; with
// BENCH_PARTS=list a database already holding the list's orders is not seeded again — seed 1M once,
// measure many times), BENCH_LIST_SCENARIOS ("none,sku+created": only these), BENCH_SERVER_NODE_ARGS
// (as for the other HTTP benches, bench/lib/server.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, loadavg } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { openDatabase, type Database, type Queryable } from '../src/server/db/client'
import { DEMO_PASSWORD } from '../src/server/db/seed/demo'
import { simulateMarketplaceOrders, simulatorInputFor, type SimulatorInput, type SimulatedOrder } from '../src/server/integrations/marketplace-simulator'
import { listQuerySchema, runList } from '../src/server/http/list'
import { orderList } from '../src/server/areas/outbound/orders'
import { outboundSettings } from '../src/server/areas/outbound/picking'
import type { AuthContext } from '../src/server/http/context'
import { OutboundOrderStatus as S } from '../src/domain/dictionaries'
import { OUTBOUND_ORDER_API, MAX_FEED_ORDERS } from '../commands/outbound-orders'
import { PICKING_API, type GenerateResult } from '../commands/outbound-picking'
import { startServer, portsFrom, pct, type RunningServer } from './lib/server'
import { request, signIn } from './lib/http'
import { stockBenchArea } from './lib/stock-area'
import { CpuMeter, type Cpu } from './lib/cpu'

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)
const env = process.env
const WORKERS = Math.max(1, num(env.BENCH_WORKERS, 8))
const SKUS = Math.max(1, num(env.BENCH_SKUS, 300))
const LOCATIONS = Math.max(SKUS, num(env.BENCH_LOCATIONS, 1200))
const PER_LOCATION = Math.max(1, num(env.BENCH_STOCK_PER_LOCATION, 200))
const ALLOC_ORDERS = num(env.BENCH_ALLOC_ORDERS, 2000)
const ALLOC_SECONDS = num(env.BENCH_ALLOC_SECONDS, 20)
const WAVE_ORDERS = num(env.BENCH_WAVE_ORDERS, 10_000)
const FEED_BATCH = Math.min(MAX_FEED_ORDERS, Math.max(1, num(env.BENCH_FEED_BATCH, 200)))
const VALIDATE_BATCH = Math.min(200, Math.max(1, num(env.BENCH_VALIDATE_BATCH, 1)))
const VALIDATE_CLIENTS = Math.max(1, num(env.BENCH_VALIDATE_CLIENTS, WORKERS))
/** Bounds of the intake and of the 10 000-order validation (the run stops sending there and reports). */
const PHASE_SECONDS = Math.max(10, num(env.BENCH_PHASE_SECONDS, 240))
const PICK_RATES = (env.BENCH_PICK_RATES ?? '25,75').split(',').map(Number).filter((n) => n > 0)
const PICK_SECONDS = num(env.BENCH_PICK_SECONDS, 8)
const PICK_TASKS = Math.max(1, num(env.BENCH_PICK_TASKS, 60))
const LIST_ORDERS = num(env.BENCH_LIST_ORDERS, 1_000_000)
/** Per database: PGlite serializes everything on one connection, so its run takes fewer orders by default. */
interface Sizes { allocOrders: number; waveOrders: number; listOrders: number }
const SIZES: Record<'PGlite' | 'PostgreSQL', Sizes> = {
  PostgreSQL: { allocOrders: ALLOC_ORDERS, waveOrders: WAVE_ORDERS, listOrders: LIST_ORDERS },
  PGlite: {
    allocOrders: num(env.BENCH_PGLITE_ALLOC_ORDERS, Math.min(ALLOC_ORDERS, 1000)),
    waveOrders: num(env.BENCH_PGLITE_WAVE_ORDERS, Math.min(WAVE_ORDERS, 5000)),
    listOrders: num(env.BENCH_PGLITE_LIST_ORDERS, LIST_ORDERS),
  },
}
const LIST_LINES = env.BENCH_LIST_LINES !== '0'
const CHUNK = Math.max(1000, num(env.BENCH_CHUNK, 100_000))
const LIST_REQUESTS = num(env.BENCH_LIST_REQUESTS, 50)
const LIST_SECONDS = num(env.BENCH_LIST_SECONDS, 30)
const EXPLAIN = (env.BENCH_EXPLAIN ?? 'miss') as 'miss' | 'all' | 'none'
const PARTS = new Set((env.BENCH_PARTS ?? 'alloc,pick,list').split(',').map((s) => s.trim()))
if (PARTS.has('pick')) PARTS.add('alloc')
const EXTRA_SQL = env.BENCH_EXTRA_SQL?.trim() || undefined
const ANALYZE = env.BENCH_ANALYZE !== '0'
/** A named PostgreSQL database, created when missing and never dropped; seeded once, reused by later list runs. */
const REUSE_DB = env.BENCH_DATABASE_NAME && /^[a-z_][a-z0-9_]*$/.test(env.BENCH_DATABASE_NAME) ? env.BENCH_DATABASE_NAME : undefined
const PORTS = portsFrom(env.BENCH_PORTS, [8231, 8232, 8233, 8234, 8235, 8236, 8237, 8238, 8239])

const TENANT = 1
const WAREHOUSE = 26
const SCOPE = { tenantId: TENANT, warehouseId: WAREHOUSE }
const TARGET_WAVE_S = 10
const TARGET_PICK_P99 = 50
const TARGET_LIST_P95 = 300
const AREA_CODE = 'OBENCH-PICK'
const LOCATION_PREFIX = 'OBK'
/** Order numbers of the bulk-seeded list rows (CK + B: apart from the day's CKyyMMdd#### sequence). */
const LIST_ORDER_PREFIX = 'CKB'

const secs = (ms: number) => ms / 1000
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—')
const log = (s: string) => console.log(s)

// HTTP ------------------------------------------------------------------------------------------

interface CmdResult<T> { ms: number; ok: boolean; data?: T; error?: string }

class Api {
  constructor(readonly base: string, readonly headers: Record<string, string>, readonly meter: CpuMeter, readonly dbLabel: string) {}

  static async signIn(server: RunningServer, dbName: string | undefined, dbLabel: string): Promise<Api> {
    const token = await signIn(server.base, 'admin', DEMO_PASSWORD)
    return new Api(server.base, { authorization: `Bearer ${token}`, 'x-userinfo-header': `${TENANT}-admin-${WAREHOUSE}`, 'x-language-header': 'en-US', 'content-type': 'application/json' },
      new CpuMeter(server.child.pid, dbName), dbLabel)
  }

  cpuPer(cpu: Cpu, n: number, what: string) { return cpuPer(cpu, n, what, this.dbLabel) }

  async cmd<T>(id: string, args: unknown): Promise<CmdResult<T>> {
    const t0 = performance.now()
    try {
      const r = await request(`${this.base}/api/commands/${id}`, { method: 'POST', headers: { ...this.headers, 'idempotency-key': `bench-${randomUUID()}` }, body: JSON.stringify(args) })
      const ms = performance.now() - t0
      const body = r.status === 200 ? JSON.parse(r.text) as { responseCode?: string; data?: T } : undefined
      if (!body || body.responseCode !== '0001') return { ms, ok: false, error: `${id}: ${r.status} ${r.text.slice(0, 300)}` }
      return { ms, ok: true, data: body.data }
    } catch (e) {
      return { ms: performance.now() - t0, ok: false, error: `${id}: ${String(e)}` }
    }
  }

  async get<T>(path: string): Promise<{ ms: number; data: T }> {
    const t0 = performance.now()
    const r = await request(`${this.base}${path}`, { headers: this.headers })
    const ms = performance.now() - t0
    const body = r.status === 200 ? JSON.parse(r.text) as { responseCode?: string; data?: T } : undefined
    if (!body || body.responseCode !== '0001') throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 300)}`)
    return { ms, data: body.data as T }
  }
}

/** `clients` loops over a shared work list; each item's call is timed. */
async function pool<I, R>(items: I[], clients: number, work: (item: I) => Promise<R>, until = Infinity): Promise<{ results: R[]; ms: number }> {
  let next = 0
  const results: R[] = []
  const t0 = performance.now()
  await Promise.all(Array.from({ length: Math.min(clients, items.length) }, async () => {
    while (next < items.length && performance.now() < until) results.push(await work(items[next++]!))
  }))
  return { results, ms: performance.now() - t0 }
}

interface Timing { n: number; errors: number; p50: number; p95: number; p99: number; max: number; firstError?: string }
function timing(rs: { ms: number; ok: boolean; error?: string }[]): Timing {
  const lat = rs.map((r) => r.ms).sort((a, b) => a - b)
  const bad = rs.filter((r) => !r.ok)
  return { n: rs.length, errors: bad.length, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, firstError: bad[0]?.error }
}


/** "server 4.1 + PostgreSQL 2.0 ms CPU per order" */
function cpuPer(cpu: Cpu, n: number, what: string, dbLabel: string): string {
  if (!n || !Number.isFinite(cpu.server)) return ''
  return `CPU per ${what}: server ${f1(cpu.server / n)} ms${dbLabel === 'PostgreSQL' ? ` + PostgreSQL ${f1(cpu.db / n)} ms` : ' (PGlite inside)'}`
}

// Setup -----------------------------------------------------------------------------------------

interface Prepared { skuCodes: string[]; sim: Omit<SimulatorInput, 'seed' | 'count'> }

/** Migrated, demo seeded, bench picking locations with stock of SKUS SKUs nobody else stocks. */
async function prepare(db: Database): Promise<Prepared> {
  const { skus, locs, seedMs, stockMs } = await stockBenchArea(db, {
    tenantId: TENANT, warehouseId: WAREHOUSE, skus: SKUS, locations: LOCATIONS, perLocation: PER_LOCATION,
    areaCode: AREA_CODE, areaName: 'Outbound bench picking area', locationPrefix: LOCATION_PREFIX, docNo: 'BENCH-OUTBOUND', reason: 'outbound bench stock',
  })
  // The planner must know the tables (as bench/seed-bulk.ts): a new database has no statistics until
  // autovacuum's first ANALYZE (PGlite never runs one), and without them some outbound plans read every
  // reservation per wave. BENCH_ANALYZE=0 measures that state.
  if (ANALYZE) await db.exec('ANALYZE')
  if (EXTRA_SQL) await db.exec(EXTRA_SQL)
  const sim = await simulatorInputFor(db.db, SCOPE)
  log(`  setup: migrate + demo seed ${f1(secs(seedMs))} s; ${locs.length} picking locations, ${skus.length} SKUs × ${PER_LOCATION} units per location in ${f1(secs(stockMs))} s; ` +
    `${sim.shops.length} shops, country ${sim.country}`)
  return { skuCodes: skus.map((s) => s.sku_code), sim: { ...sim, skus: skus.map((s) => s.sku_code) } }
}

// Part 1: feed, validate, wave ------------------------------------------------------------------

interface FeedFigures { orders: number; created: number; seconds: number; perSec: number; call: Timing; ids: number[]; cpu: Cpu }

/** Pushes orders through the feed in batches (WORKERS clients), then finds the created drafts' ids. */
async function feed(api: Api, orders: SimulatedOrder[]): Promise<FeedFigures> {
  const batches: SimulatedOrder[][] = []
  for (let i = 0; i < orders.length; i += FEED_BATCH) batches.push(orders.slice(i, i + FEED_BATCH))
  const [{ results, ms }, cpu] = await api.meter.measure(() => pool(batches, WORKERS, (b) => api.cmd<{ created: { orderNo: string }[] }>('outbound.order.feed', { orders: b }), performance.now() + PHASE_SECONDS * 1000))
  const wanted = new Set(results.flatMap((r) => r.data?.created.map((c) => c.orderNo) ?? []))
  // Their ids: the drafts, newest first, until every created number is found.
  const ids: number[] = []
  for (let page = 1; ids.length < wanted.size; page++) {
    const { data } = await api.get<{ records: { id: number; orderNo: string }[] }>(`${OUTBOUND_ORDER_API.list}?status=${S.Draft}&size=200&page=${page}&sort=id:desc`)
    if (!data.records.length) break
    for (const r of data.records) if (wanted.has(r.orderNo)) ids.push(Number(r.id))
  }
  ids.sort((a, b) => a - b)
  return { orders: orders.length, created: wanted.size, seconds: secs(ms), perSec: wanted.size / secs(ms), call: timing(results), ids, cpu }
}

interface ValidateFigures { orders: number; validated: number; short: number; seconds: number; perSec: number; call: Timing; cpu: Cpu }

type ValidateData = { changed: { allocatedQty?: number; expectedQty?: number }[] }
async function validate(api: Api, ids: number[], batch: number, clients: number, capSeconds: number): Promise<ValidateFigures> {
  const calls: number[][] = []
  for (let i = 0; i < ids.length; i += batch) calls.push(ids.slice(i, i + batch))
  const [{ results, ms }, cpu] = await api.meter.measure(() => pool(calls, clients, (c) => api.cmd<ValidateData>('outbound.order.validate', { ids: c }), performance.now() + capSeconds * 1000))
  const changed = results.flatMap((r) => r.data?.changed ?? [])
  return {
    orders: ids.length, validated: changed.length, short: changed.filter((c) => (c.allocatedQty ?? 0) < (c.expectedQty ?? 0)).length,
    seconds: secs(ms), perSec: changed.length / secs(ms), call: timing(results), cpu,
  }
}

interface GenerateFigures { seconds: number; waves: number; orders: number; tasks: number; skipped: number; error?: string; result?: GenerateResult; cpu: Cpu }
async function generate(api: Api): Promise<GenerateFigures> {
  const [r, cpu] = await api.meter.measure(() => api.cmd<GenerateResult>('outbound.wave.generate', {}))
  const waves = r.data?.waves ?? []
  return {
    seconds: secs(r.ms), waves: waves.length, orders: waves.reduce((s, w) => s + w.orders, 0), tasks: waves.reduce((s, w) => s + w.tasks.length, 0),
    skipped: r.data?.skipped ?? 0, error: r.error, result: r.data, cpu,
  }
}

interface AllocFigures { flat: ValidateFigures; warmGenerate: GenerateFigures; intake: FeedFigures; all: ValidateFigures; wave: GenerateFigures }

async function partAlloc(api: Api, prep: Prepared, label: string, size: Sizes): Promise<AllocFigures> {
  const gen = (seed: string, count: number) => simulateMarketplaceOrders({ ...prep.sim, seed: `${seed}|${label}|${randomBytes(4).toString('hex')}`, count })
  log(`\n  1. allocation`)
  const fa = await feed(api, gen('alloc', size.allocOrders))
  log(`     intake (a): ${fa.created} orders fed in ${f1(fa.seconds)} s = ${f1(fa.perSec)} orders/s (${FEED_BATCH} a push, ${WORKERS} clients; push p50 ${f1(fa.call.p50)} ms, errors ${fa.call.errors}; ${api.cpuPer(fa.cpu, fa.created, 'order')})${fa.call.firstError ? `\n       first error: ${fa.call.firstError}` : ''}`)
  const flat = await validate(api, fa.ids, 1, WORKERS, ALLOC_SECONDS)
  log(`     validate flat out, ${WORKERS} clients, one order a call: ${flat.validated} orders in ${f1(flat.seconds)} s = ${f1(flat.perSec)} orders/s  ` +
    `p50 ${f1(flat.call.p50)} ms  p99 ${f1(flat.call.p99)} ms  max ${f1(flat.call.max)} ms  short ${flat.short}  errors ${flat.call.errors}\n       ${api.cpuPer(flat.cpu, flat.validated, 'order')}${flat.call.firstError ? `\n       first error: ${flat.call.firstError}` : ''}`)
  const warm = await generate(api)
  log(`     (wave generate over those and the demo's orders: ${warm.waves} waves, ${warm.orders} orders, ${warm.tasks} tasks in ${f1(warm.seconds)} s${warm.error ? `; ${warm.error}` : ''})`)

  const intake = await feed(api, gen('wave', size.waveOrders))
  log(`     intake (b): ${intake.created} orders fed in ${f1(intake.seconds)} s = ${f1(intake.perSec)} orders/s (push p50 ${f1(intake.call.p50)} ms, p99 ${f1(intake.call.p99)} ms, errors ${intake.call.errors}; ${api.cpuPer(intake.cpu, intake.created, 'order')}) — not counted below${intake.call.firstError ? `\n       first error: ${intake.call.firstError}` : ''}`)
  const all = await validate(api, intake.ids, VALIDATE_BATCH, VALIDATE_CLIENTS, PHASE_SECONDS)
  log(`     (b1) validate ${all.validated} of ${all.orders} orders, ${VALIDATE_CLIENTS} clients, ${VALIDATE_BATCH} a call: ${f1(all.seconds)} s = ${f1(all.perSec)} orders/s  call p50 ${f1(all.call.p50)} ms  p99 ${f1(all.call.p99)} ms  short ${all.short}  errors ${all.call.errors}` +
    `\n       ${api.cpuPer(all.cpu, all.validated, 'order')}` +
    `${all.call.firstError ? `\n       first error: ${all.call.firstError}` : ''}`)
  const wave = await generate(api)
  log(`     (b2) one wave generate: ${wave.waves} waves, ${wave.orders} orders, ${wave.tasks} tasks, ${wave.skipped} left out, in ${f1(wave.seconds)} s; ${api.cpuPer(wave.cpu, wave.orders, 'order')}${wave.error ? `\n       error: ${wave.error}` : ''}`)
  const sum = all.seconds + wave.seconds
  log(`     allocate + wave ${all.validated} orders: ${f1(all.seconds)} + ${f1(wave.seconds)} = ${f1(sum)} s  ${sum <= TARGET_WAVE_S ? 'OK' : `ABOVE target ≤ ${TARGET_WAVE_S} s`}`)
  return { flat, warmGenerate: warm, intake, all, wave }
}

// Part 2: pick scans ----------------------------------------------------------------------------

interface RateFigures extends Timing { rate: number; achieved: number; ranOut: boolean; cpu: Cpu }
interface PickFigures { tasks: number; units: number; claim: Timing; rates: RateFigures[] }

interface TaskQueue { taskNo: string; scans: { locationCode: string; code: string }[] }

async function partPick(api: Api, waves: GenerateResult | undefined): Promise<PickFigures | undefined> {
  log(`\n  2. pick scan`)
  const need = PICK_RATES.reduce((s, r) => s + Math.round(r * PICK_SECONDS), 0)
  // Bulk tasks (one per single-item wave) are the longest; then the rest.
  const candidates = [...(waves?.waves ?? [])].sort((a, b) => (a.tasks.length === 1 ? 0 : 1) - (b.tasks.length === 1 ? 0 : 1) || b.qty / b.tasks.length - a.qty / a.tasks.length)
    .flatMap((w) => w.tasks)
  const queues: TaskQueue[] = []
  const claims: CmdResult<unknown>[] = []
  let units = 0
  for (const taskNo of candidates) {
    if (units >= need + 2 * queues.length + 10 || queues.length >= PICK_TASKS) break
    const c = await api.cmd('outbound.pickTask.claim', { taskNo })
    claims.push(c)
    if (!c.ok) continue
    const { data } = await api.get<{ lines: { locationCode: string; skuCode: string; remaining: number }[] }>(PICKING_API.task(taskNo))
    const scans = data.lines.flatMap((l) => Array.from({ length: l.remaining }, () => ({ locationCode: l.locationCode, code: l.skuCode })))
    queues.push({ taskNo, scans })
    units += scans.length
  }
  const claim = timing(claims)
  log(`     ${queues.length} tasks claimed (claim p50 ${f1(claim.p50)} ms, errors ${claim.errors}), ${units} units to pick for ${need} scans${claim.firstError ? `\n       first error: ${claim.firstError}` : ''}`)
  if (!queues.length) { log('     no task to pick: skipped'); return undefined }
  let turn = 0
  const scan = async (): Promise<CmdResult<unknown> | undefined> => {
    for (let k = 0; k < queues.length; k++) {
      const q = queues[turn++ % queues.length]!
      const s = q.scans.shift()
      if (s) return api.cmd('outbound.pick.scan', { taskNo: q.taskNo, ...s })
    }
    return undefined
  }
  for (let i = 0; i < Math.min(10, queues.length * 2); i++) await scan() // warm-up
  const rates: RateFigures[] = []
  for (const rate of PICK_RATES) {
    const total = Math.round(rate * PICK_SECONDS)
    const done: CmdResult<unknown>[] = []
    const inflight: Promise<void>[] = []
    let ranOut = false
    const t0 = performance.now()
    const [, cpu] = await api.meter.measure(async () => {
      for (let i = 0; i < total; i++) {
        const wait = t0 + (i * 1000) / rate - performance.now()
        if (wait > 0) await new Promise((r) => setTimeout(r, wait))
        const p = scan()
        inflight.push(p.then((r) => { if (r) done.push(r); else ranOut = true }))
      }
      await Promise.all(inflight)
    })
    const t = timing(done)
    const r: RateFigures = { ...t, rate, achieved: (t.n - t.errors) / secs(performance.now() - t0), ranOut, cpu }
    rates.push(r)
    log(`     ${String(rate).padStart(3)} scans/s  n=${r.n}  p50 ${f1(r.p50)} ms  p99 ${f1(r.p99)} ms  max ${f1(r.max)} ms  achieved ${f1(r.achieved)}/s  errors ${r.errors}  ` +
      `${r.p99 <= TARGET_PICK_P99 ? 'OK' : `ABOVE target p99 ≤ ${TARGET_PICK_P99} ms`}${ranOut ? '  (ran out of units)' : ''}\n       ${api.cpuPer(cpu, t.n, 'scan')}${r.firstError ? `\n       first error: ${r.firstError}` : ''}`)
  }
  return { tasks: queues.length, units, claim, rates }
}

// Part 3: the order list at 1M orders -------------------------------------------------------------

interface SeedFigures { orders: number; lines: number; seconds: number; vacuumSeconds: number }

/** LIST_ORDERS orders (and a line each) in pair 26-1, set-based, CHUNK rows per statement. */
async function listAlreadySeeded(db: Database, orders: number): Promise<boolean> {
  const [r] = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_order WHERE tenant_id = $1 AND warehouse_id = $2 AND order_no LIKE $3`, [TENANT, WAREHOUSE, `${LIST_ORDER_PREFIX}%`]).catch(() => [{ n: 0 }])
  return Number(r?.n ?? 0) >= orders
}

/** The shops and SKUs of a list seeded by an earlier run (BENCH_DATABASE_NAME). */
async function listSeed(db: Database, orders: number): Promise<{ seed: SeedFigures; shops: string[]; skus: string[] }> {
  const shops = await db.query<{ code: string }>(`
    SELECT sh.code FROM shop sh JOIN site si ON si.id = sh.site_id JOIN platform p ON p.id = si.platform_id
    WHERE sh.status = 1 AND p.code = ANY($1::text[]) ORDER BY sh.id`, [['SHEIN', 'AMAZON', 'WALMART', 'TIKTOK', 'MERCADOLIBRE']])
  const skus = await db.query<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = $1 AND status = 1 ORDER BY id`, [TENANT])
  return { seed: { orders, lines: LIST_LINES ? orders : 0, seconds: NaN, vacuumSeconds: NaN }, shops: shops.map((s) => String(s.code)), skus: skus.map((s) => s.sku_code) }
}

async function seedList(db: Database, LIST_ORDERS: number): Promise<{ seed: SeedFigures; shops: string[]; skus: string[] }> {
  const channels = await db.query<{ platform: string; site_id: number | null; shop_id: number | null; code: string | null }>(`
    SELECT p.code AS platform, si.id AS site_id, sh.id AS shop_id, sh.code FROM shop sh JOIN site si ON si.id = sh.site_id JOIN platform p ON p.id = si.platform_id
    WHERE sh.status = 1 AND p.code = ANY($1::text[]) ORDER BY sh.id`, [['SHEIN', 'AMAZON', 'WALMART', 'TIKTOK', 'MERCADOLIBRE']])
  // About one order in six from the own web shop (no shop row).
  const own = Math.max(1, Math.round(channels.length / 5))
  const all = [...channels, ...Array.from({ length: own }, () => ({ platform: 'OWN', site_id: null, shop_id: null, code: null }))]
  const arr = (xs: (string | number | null)[], type: string) => `ARRAY[${xs.map((x) => (x === null ? 'NULL' : typeof x === 'number' ? String(x) : `'${x.replace(/'/g, "''")}'`)).join(',')}]::${type}[]`
  const platforms = arr(all.map((c) => c.platform), 'text')
  const sites = arr(all.map((c) => (c.site_id == null ? null : Number(c.site_id))), 'int')
  const shops = arr(all.map((c) => (c.shop_id == null ? null : Number(c.shop_id))), 'int')
  // Status spread per 100 orders (not by age): 2 draft, 4 in force, 3 picked, 1 locked, 3 cancelled,
  // 1 stopped, 2 short-closed, 5 shipped, 79 done.
  const mix: [number, number][] = [[S.Draft, 2], [S.Effective, 4], [S.ReadyOut, 3], [S.AbnormalLock, 1], [S.Cancel, 3], [S.StopTransport, 1], [S.DeficiencyOver, 2], [S.Over, 5], [S.Deal, 79]]
  const statuses = `ARRAY[${mix.flatMap(([s, k]) => Array.from({ length: k }, () => s)).join(',')}]::smallint[]`
  const skuRows = await db.query<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = $1 AND status = 1 ORDER BY id`, [TENANT])
  const skuIds = `ARRAY[${skuRows.map((s) => Number(s.id)).join(',')}]::int[]`
  const methods = `ARRAY['UPS-GROUND','USPS-GA','FEDEX-HOME','ESTAFETA-DIA','SF-STANDARD','MELI-FLEX']::text[]`
  const t0 = performance.now()
  const span = 90 * 86_400
  for (let from = 1; from <= LIST_ORDERS; from += CHUNK) {
    const to = Math.min(LIST_ORDERS, from + CHUNK - 1)
    const c0 = performance.now()
    // Order g: created (N - g) / N × 90 days ago (+ up to 10 min jitter); channel and status by hashes of g.
    const orders = `
      INSERT INTO outbound_order (tenant_id, warehouse_id, order_no, order_type, status, platform, site_id, shop_id, shipping_method, consignee_name,
        address, country, expected_qty, line_count, validated_at, created_at, updated_at)
      SELECT ${TENANT}, ${WAREHOUSE}, '${LIST_ORDER_PREFIX}' || lpad(g::text, 8, '0'), 2, st, (${platforms})[1 + ch], (${sites})[1 + ch], (${shops})[1 + ch],
        (${methods})[1 + (g::bigint * 7) % 6], 'Bench consignee ' || (g % 9973), (g % 9000) || ' Bench Street', 'US', q, 1,
        CASE WHEN st = ${S.Draft} THEN NULL ELSE ts + interval '7 minutes' END, ts, ts
      FROM (
        SELECT g, (g * 2654435761::bigint % ${all.length})::int AS ch, (${statuses})[1 + (g::bigint * 37) % 100] AS st, 1 + (g % 7 = 0)::int AS q,
          now() - make_interval(secs => ((${LIST_ORDERS} - g)::float8 * ${span} / ${LIST_ORDERS}) + (g::bigint * 7919) % 600) AS ts
        FROM generate_series(${from}, ${to}) g
      ) x`
    await db.exec(orders)
    if (LIST_LINES) {
      // The lines' foreign key check looks each order up; planned while the table looked tiny it
      // scans the whole table per line (PGlite has no autovacuum to notice the growth): ANALYZE first.
      await db.exec('ANALYZE outbound_order')
      await db.exec(`
        INSERT INTO outbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, qty)
        SELECT id, ${TENANT}, ${WAREHOUSE}, 1, (${skuIds})[1 + (id::bigint * 40503) % ${skuRows.length}], expected_qty FROM outbound_order
        WHERE tenant_id = ${TENANT} AND warehouse_id = ${WAREHOUSE} AND order_no BETWEEN '${LIST_ORDER_PREFIX}${String(from).padStart(8, '0')}' AND '${LIST_ORDER_PREFIX}${String(to).padStart(8, '0')}'`)
    }
    log(`     rows ${from.toLocaleString('en')}–${to.toLocaleString('en')} in ${f1(secs(performance.now() - c0))} s`)
  }
  const seconds = secs(performance.now() - t0)
  const v0 = performance.now()
  await db.exec('VACUUM ANALYZE outbound_order')
  if (LIST_LINES) await db.exec('VACUUM ANALYZE outbound_order_line')
  const vacuumSeconds = secs(performance.now() - v0)
  return {
    seed: { orders: LIST_ORDERS, lines: LIST_LINES ? LIST_ORDERS : 0, seconds, vacuumSeconds },
    shops: channels.map((c) => String(c.code)), skus: skuRows.map((s) => s.sku_code),
  }
}

interface ListScenario { name: string; about: string; query(i: number): Record<string, string> }
interface ListFigures extends Timing { scenario: ListScenario; total: number }

const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10)
const spread = (i: number, n: number) => ((i * 2654435761) >>> 0) % n

function listScenarios(shops: string[], skus: string[]): ListScenario[] {
  const statuses = [S.Draft, S.Effective, S.ReadyOut, S.Deal]
  // 30-day windows ending 0..59 days ago (the list refuses spans over 92 days).
  const window = (i: number) => { const end = spread(i, 60); return { createdAtFrom: day(end + 30), createdAtTo: day(end) } }
  const out: ListScenario[] = [
    { name: 'none', about: 'no filter (every order of the pair)', query: () => ({}) },
    { name: 'status', about: 'status = draft 2% | in force 4% | picked 3% | done 79%', query: (i) => ({ status: String(statuses[i % statuses.length]) }) },
    { name: 'shop', about: `shop contains a shop code (one of ${shops.length} shops, ~${Math.round(100 / (shops.length * 1.2))}% each)`, query: (i) => ({ shop: shops[spread(i, shops.length)]! }) },
    { name: 'created', about: 'created in a 30-day window (~1/3)', query: (i) => window(i) },
    { name: 'status+shop+created', about: 'all three at once', query: (i) => ({ status: String(statuses[i % statuses.length]), shop: shops[spread(i, shops.length)]!, ...window(i) }) },
  ]
  if (LIST_LINES) out.push({ name: 'sku+created', about: `sku contains a SKU code (1 of ${skus.length}) in a 30-day window`, query: (i) => ({ sku: skus[spread(i, skus.length)]!, ...window(i) }) })
  // Part of a code, as typed: the code without its last two characters (a style-colour's sizes, ~10 SKUs).
  if (LIST_LINES) out.push({ name: 'sku-part+created', about: 'sku contains a SKU code less its last 2 characters (several SKUs) in a 30-day window', query: (i) => ({ sku: skus[spread(i, skus.length)]!.slice(0, -2), ...window(i) }) })
  const only = env.BENCH_LIST_SCENARIOS?.split(',').map((x) => x.trim()).filter(Boolean)
  return only?.length ? out.filter((sc) => only.includes(sc.name)) : out
}

async function measureList(api: Api, s: ListScenario): Promise<ListFigures> {
  const url = (i: number) => `${OUTBOUND_ORDER_API.list}?${new URLSearchParams({ page: '1', size: '20', sort: 'createdAt:desc', ...s.query(i) })}`
  for (let i = 0; i < 2; i++) await api.get(url(1000 + i)).catch(() => {}) // warm-up
  const rs: { ms: number; ok: boolean; error?: string }[] = []
  let total = 0
  const until = performance.now() + LIST_SECONDS * 1000
  for (let i = 0; i < LIST_REQUESTS && performance.now() < until; i++) {
    const t0 = performance.now()
    try {
      const { data } = await api.get<{ records: { createdAt: string }[]; total: number }>(url(i))
      const at = data.records.map((r) => Date.parse(r.createdAt))
      if (at.some((v, j) => j > 0 && at[j - 1]! < v)) throw new Error('page not sorted by createdAt desc')
      total = data.total
      rs.push({ ms: performance.now() - t0, ok: true })
    } catch (e) { rs.push({ ms: performance.now() - t0, ok: false, error: String(e) }) }
  }
  return { ...timing(rs), scenario: s, total }
}

function printList(label: string, r: ListFigures) {
  const ok = r.p95 <= TARGET_LIST_P95 && r.errors === 0
  log(`     ${label.padEnd(10)} ${r.scenario.name.padEnd(20)} n=${String(r.n).padStart(3)}  p50 ${f1(r.p50).padStart(7)}  p95 ${f1(r.p95).padStart(7)}  max ${f1(r.max).padStart(7)} ms  ` +
    `${ok ? 'OK  ' : 'MISS'} (p95 ≤ ${TARGET_LIST_P95})  total=${r.total.toLocaleString('en')}  errors ${r.errors}${r.firstError ? `\n       first error: ${r.firstError.slice(0, 300)}` : ''}`)
}

/** EXPLAIN (ANALYZE, BUFFERS) of every statement runList issues for a query (page, then count). */
async function explainList(target: { dataDir?: string; databaseUrl?: string }, q: Record<string, string>): Promise<string[]> {
  const captured: { sql: string; params: unknown[] }[] = []
  const logger = { logQuery(sql: string, params: unknown[]) { captured.push({ sql, params }) } }
  let db: Queryable
  let rawQuery: (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>
  let close: () => Promise<void>
  if (target.databaseUrl) {
    const p = new pg.Pool({ connectionString: target.databaseUrl, max: 1 })
    db = drizzlePg({ client: p, logger }) as unknown as Queryable
    rawQuery = async (sql, params) => (await p.query(sql, params)).rows
    close = () => p.end()
  } else {
    const client = await PGlite.create(target.dataDir!, { extensions: { pg_trgm } })
    db = drizzlePglite({ client, logger }) as unknown as Queryable
    rawQuery = async (sql, params) => (await client.query<Record<string, unknown>>(sql, params)).rows
    close = () => client.close()
  }
  try {
    // The list the route runs: orderList over the pair's outbound settings (its timeout flags).
    const def = orderList(await outboundSettings(db, SCOPE))
    const query = listQuerySchema(def).parse({ page: '1', size: '20', sort: 'createdAt:desc', ...q })
    captured.length = 0
    await runList(db, def, query, SCOPE as AuthContext)
    const out: string[] = []
    for (const c of captured) {
      out.push(`-- ${c.sql.slice(0, 160)}…  params ${JSON.stringify(c.params).slice(0, 200)}`)
      out.push(...(await rawQuery(`EXPLAIN (ANALYZE, BUFFERS) ${c.sql}`, c.params)).map((r) => String(Object.values(r)[0])))
    }
    return out
  } finally { await close() }
}

interface ListPart { seed: SeedFigures; results: ListFigures[]; plans: Map<string, string[]> }

// Runs ------------------------------------------------------------------------------------------

interface Run { label: string; size: Sizes; alloc?: AllocFigures; pick?: PickFigures; list?: ListPart; minutes: number }

async function runOne(label: 'PGlite' | 'PostgreSQL', adminUrl?: string): Promise<Run> {
  const started = performance.now()
  log(`\n▶ ${label}: ${SIZES[label].allocOrders} + ${SIZES[label].waveOrders} orders, list over ${SIZES[label].listOrders.toLocaleString('en')}`)
  let target: { dataDir?: string; databaseUrl?: string }
  let cleanup: () => Promise<void>
  let dbName: string | undefined
  if (adminUrl) {
    const name = REUSE_DB ?? `wms_bench_outbound_${randomBytes(4).toString('hex')}`
    dbName = name
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect()
    const exists = REUSE_DB ? (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount! > 0 : false
    if (!exists) await admin.query(`CREATE DATABASE ${name}`)
    await admin.end()
    const u = new URL(adminUrl); u.pathname = `/${name}`
    target = { databaseUrl: u.toString() }
    const c = new pg.Client({ connectionString: target.databaseUrl })
    await c.connect()
    const [v] = (await c.query(`SELECT current_setting('server_version') AS v, current_setting('fsync') AS fsync, current_setting('shared_buffers') AS sb,
      current_setting('random_page_cost') AS rpc, current_setting('max_parallel_workers_per_gather') AS par`)).rows
    await c.end()
    log(`  PostgreSQL ${v.v}: fsync ${v.fsync}, shared_buffers ${v.sb}, random_page_cost ${v.rpc}, max_parallel_workers_per_gather ${v.par}; database ${name}`)
    cleanup = async () => {
      if (env.BENCH_KEEP === '1' || REUSE_DB) { log(`  (database ${name} kept: ${REUSE_DB ? 'BENCH_DATABASE_NAME' : 'BENCH_KEEP=1'})`); return }
      const c = new pg.Client({ connectionString: adminUrl }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c.end()
    }
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'wms-bench-outbound-'))
    target = { dataDir: dir }
    cleanup = async () => { if (env.BENCH_KEEP === '1') log(`  (data directory ${dir} kept: BENCH_KEEP=1)`); else rmSync(dir, { recursive: true, force: true }) }
  }
  const open = () => openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dataDir! })
  const serverEnv: Record<string, string> = target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir! }
  const size = SIZES[label]
  const run: Run = { label, size, minutes: 0 }
  try {
    let db = await open()
    let prep: Prepared | undefined
    // A reused database (BENCH_DATABASE_NAME) that already holds the list's orders skips the setup.
    let listSeeded = false
    try {
      if (REUSE_DB && PARTS.has('list') && !PARTS.has('alloc')) listSeeded = await listAlreadySeeded(db, size.listOrders)
      if (!listSeeded) prep = await prepare(db)
    } finally { await db.close() } // PGlite: one process per data directory
    let server: RunningServer | undefined
    if (PARTS.has('alloc')) {
      server = await startServer(serverEnv, PORTS)
      try {
        const api = await Api.signIn(server, dbName, label)
        run.alloc = await partAlloc(api, prep!, label, size)
        if (PARTS.has('pick')) run.pick = await partPick(api, run.alloc.wave.result)
      } finally { await server.stop() }
    }
    if (PARTS.has('list')) {
      log(`\n  3. order list: seeding ${size.listOrders.toLocaleString('en')} orders${LIST_LINES ? ' with a line each' : ' (no lines)'}, ${CHUNK.toLocaleString('en')} a statement`)
      db = await open()
      let seeded: Awaited<ReturnType<typeof seedList>>
      try { seeded = listSeeded ? await listSeed(db, size.listOrders) : await seedList(db, size.listOrders) } finally { await db.close() }
      if (listSeeded) log(`     (reused: ${dbName} already holds ${size.listOrders.toLocaleString('en')} bench orders)`)
      const s = seeded.seed
      log(`     seeded in ${f1(s.seconds)} s = ${Math.round(s.orders / s.seconds).toLocaleString('en')} orders/s; VACUUM ANALYZE ${f1(s.vacuumSeconds)} s`)
      const results: ListFigures[] = []
      server = await startServer(serverEnv, PORTS)
      try {
        const api = await Api.signIn(server, dbName, label)
        for (const sc of listScenarios(seeded.shops, seeded.skus)) {
          const r = await measureList(api, sc)
          results.push(r)
          printList(label, r)
        }
      } finally { await server.stop() }
      const plans = new Map<string, string[]>()
      for (const r of results) {
        if (EXPLAIN === 'none' || (EXPLAIN === 'miss' && r.p95 <= TARGET_LIST_P95)) continue
        plans.set(r.scenario.name, await explainList(target, r.scenario.query(0)))
      }
      run.list = { seed: s, results, plans }
    }
  } finally {
    await cleanup()
  }
  run.minutes = (performance.now() - started) / 60_000
  log(`  ${label} run: ${run.minutes.toFixed(1)} min`)
  return run
}

const cpuCell = (cpu: Cpu, n: number, label: string) => (n ? `${f1(cpu.server / n)}${label === 'PostgreSQL' ? ` + ${f1(cpu.db / n)}` : ' (incl. db)'}` : '—')

function summary(runs: Run[]) {
  log(`\nSummary (${WORKERS} clients; load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')} on ${2} cores shared)`)
  const col = (s: string) => s.padStart(22)
  log(`  ${'figure'.padEnd(58)}${runs.map((r) => col(r.label)).join('')}  target`)
  const row = (name: string, cell: (r: Run) => string | undefined, target = '') => log(`  ${name.padEnd(58)}${runs.map((r) => col(cell(r) ?? '—')).join('')}  ${target}`)
  row('validate flat out, 1 order a call: orders/s', (r) => r.alloc && f1(r.alloc.flat.perSec))
  row('  CPU per order: server + database ms', (r) => r.alloc && cpuCell(r.alloc.flat.cpu, r.alloc.flat.validated, r.label))
  row('  per call p50 / p99 ms', (r) => r.alloc && `${f1(r.alloc.flat.call.p50)} / ${f1(r.alloc.flat.call.p99)}`)
  row('orders fed for (a) and (b)', (r) => r.alloc && String(r.alloc.intake.created))
  row('feed intake of those: s (orders/s)', (r) => r.alloc && `${f1(r.alloc.intake.seconds)} (${f1(r.alloc.intake.perSec)})`)
  row(`(a) validate them, ${VALIDATE_BATCH} a call, ${VALIDATE_CLIENTS} clients: s`, (r) => r.alloc && `${f1(r.alloc.all.seconds)}${r.alloc.all.call.errors ? ` err ${r.alloc.all.call.errors}` : ''}`)
  row('  (a) CPU per order: server + database ms', (r) => r.alloc && cpuCell(r.alloc.all.cpu, r.alloc.all.validated, r.label))
  row('(b) one wave generate: s (waves / orders)', (r) => r.alloc && `${f1(r.alloc.wave.seconds)} (${r.alloc.wave.waves}/${r.alloc.wave.orders})`)
  row('allocate + wave: s', (r) => r.alloc && f1(r.alloc.all.seconds + r.alloc.wave.seconds), `≤ ${TARGET_WAVE_S} s (PostgreSQL)`)
  for (const rate of PICK_RATES) {
    row(`pick scan at ${rate}/s: p50 / p99 ms`, (r) => { const x = r.pick?.rates.find((y) => y.rate === rate); return x && `${f1(x.p50)} / ${f1(x.p99)}${x.errors ? ` err ${x.errors}` : ''}` }, `p99 ≤ ${TARGET_PICK_P99} ms`)
    row(`  CPU per scan at ${rate}/s: server + database ms`, (r) => { const x = r.pick?.rates.find((y) => y.rate === rate); return x && cpuCell(x.cpu, x.n, r.label) })
  }
  row(`list seed${LIST_LINES ? ' (orders + a line each)' : ''}: orders, s`, (r) => r.list && `${r.list.seed.orders.toLocaleString('en')}, ${f1(r.list.seed.seconds)}`)
  const names = runs.flatMap((r) => r.list?.results.map((x) => x.scenario.name) ?? []).filter((n, i, a) => a.indexOf(n) === i)
  for (const n of names) row(`list page 1 "${n}": p50 / p95 ms`, (r) => { const x = r.list?.results.find((y) => y.scenario.name === n); return x && `${f1(x.p50)} / ${f1(x.p95)}${x.errors ? ` err ${x.errors}` : ''}` }, `p95 ≤ ${TARGET_LIST_P95} ms (PostgreSQL)`)
  row('run time: min', (r) => r.minutes.toFixed(1), '≤ ~10')
  const scen = runs.find((r) => r.list)?.list?.results
  if (scen) for (const r of scen) log(`  ${r.scenario.name.padEnd(20)} ${r.scenario.about}`)
}

async function main() {
  log(`outbound bench: ${WORKERS} clients; ${SKUS} SKUs on ${LOCATIONS} picking locations; pick at ${PICK_RATES.join(', ')}/s × ${PICK_SECONDS} s; parts ${[...PARTS].join(',')}; loopback only; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  if (EXTRA_SQL) log(`BENCH_EXTRA_SQL (run after the setup): ${EXTRA_SQL}`)
  const runs: Run[] = []
  if (env.BENCH_PGLITE !== '0') runs.push(await runOne('PGlite'))
  if (env.BENCH_DATABASE_URL) runs.push(await runOne('PostgreSQL', env.BENCH_DATABASE_URL))
  else log('\n(BENCH_DATABASE_URL not set: PostgreSQL run skipped)')
  for (const run of runs) {
    for (const [name, plan] of run.list?.plans ?? []) {
      log(`\nEXPLAIN ${run.label} ${name}:`)
      for (const line of plan) log(`  ${line}`)
    }
  }
  summary(runs)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
