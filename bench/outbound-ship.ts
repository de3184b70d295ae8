// Outbound II benchmark (issue 13 §5: review-scan p99 at 75 requests/s; the end-to-end time from order
// import to shipped for 1 000 orders through the carrier simulator) against the real server (tsx
// src/server/main.ts) on a loopback port, signed in as admin in pair 26-1. PGlite on a fresh DATA_DIR;
// PostgreSQL too when BENCH_DATABASE_URL is given (a fresh database, dropped afterwards). Prints figures
// next to their targets; it reports, it never fails a build (a busy 2-core machine is not a verdict).
//
// Setup (in-process, before the server starts): migrate, seed the demo, then one bench storage area of
// BENCH_LOCATIONS picking locations (type Scattered) holding BENCH_SKUS SKUs of tenant 1 that nobody else
// stocks, BENCH_STOCK_PER_LOCATION units each, added through the ledger (addStock, doc_type 'BENCH');
// every packing material of the pair topped up by 5 000 through its consumables' ledger (so that packing
// never runs out); the pair's wave rules set to whole-order tasks (task mode 'whole', ordinary picking), so
// that a generated wave's orders go to review without the sorting wall (bulk tasks need sorting first,
// which is not what this bench measures); then ANALYZE. Orders come from the marketplace order simulator
// (src/server/integrations/marketplace-simulator.ts) over the bench SKUs, pushed through
// `outbound.order.feed` in batches of 200.
//
//  (a) Review scan. BENCH_REVIEW_ORDERS orders (enough units for the run) fed, validated, waved with
//      `outbound.wave.create` {taskMode 'whole'}, claimed and picked by scan, and opened at the review
//      station (`outbound.review.start`). Then `outbound.review.scan` {orderNo, code: SKU, qty 1} — one unit
//      per request, the orders taking turns — at fixed open-loop rates (BENCH_REVIEW_RATES, default "75",
//      BENCH_REVIEW_SECONDS each): p50/p99 per request, the rate achieved, and the CPU each scan cost the
//      server process (and, on PostgreSQL, the bench database's backends) — the bound of what the machine
//      could answer. Target p99 ≤ 50 ms.
//  (b) Import to shipped. BENCH_E2E_ORDERS simulator orders, timed from the first feed push to the last
//      shipping answer, phase by phase: feed (batches of 200) → validate (BENCH_VALIDATE_BATCH ids a call)
//      (a call that fails — concurrent allocations can deadlock on PostgreSQL — is counted, shown and sent
//      again once, alone) → ONE `outbound.wave.generate` → claim and pick every task of those waves (one unit a scan) → buy
//      every face sheet (`outbound.faceSheet.buy`, ≤ 10 orders a call — spec section 5 — orders without a
//      carrier of their own, or with FedEx and no consignee phone, bought from UPS as an operator would
//      choose) → review (start, one scan per line with its quantity) and pack (material, weight) while
//      the server's face sheet worker buys from the carrier simulator with its real 5–10 s delay and its
//      failure shares (a failed purchase: cancel postage and buy again, as section 8 says) → wait until
//      every face sheet is bought → ship every order by scanning its tracking number. BENCH_WORKERS
//      clients work each phase's list. The carrier delay overlaps with review and packing; what remains
//      of it is the "wait for face sheets" phase. Orders refused on the way (the simulator's consignees
//      that no carrier takes) are counted and left out, never retried without end.
//
// Measured 2026-11-27 on PostgreSQL 15 with the machine otherwise quiet (load average ~2): review scan at
// 75/s p50 5.1 ms, p95 8.8 ms, p99 19.3 ms (73.7/s achieved; CPU per scan server 3.0 + PostgreSQL 2.1 ms) —
// the target met; with another process busy on the machine the same run gave p99 274 ms.
// Earlier, on PostgreSQL 15 on the shared 2-core machine (load average 5–10 from other work), defaults:
// review scan at 75/s p50 8.3 ms, p99 229 ms (75/s achieved; CPU per scan server 3.6 + PostgreSQL 2.9 ms,
// so the machine alone could answer ~300/s: the p99 is the neighbours' load, not the scan); with load
// average ~10 the same run gave p50 3.2 s (59.6/s achieved: the queue grew). Import → shipped for 1000
// orders: 118 s (feed 4, validate 8, wave 4, claim + pick 27, buy 1, review + pack 43, wait for the
// carrier 21 — 33 purchases failed and were bought again —, ship 11); 144 s in the busier run.
// PGlite, defaults, same machine: review scan p50 26 ms, p99 1282 ms (CPU per scan 8.3 ms, database
// inside: ~120/s on one thread at best); import → shipped for 1000 orders 165 s; the run 4.6 min.
//
// Run: npm run bench:outbound-ship                                   (PGlite only)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:54987/postgres npm run bench:outbound-ship
// Knobs (defaults): BENCH_E2E_ORDERS (1000; PGlite BENCH_PGLITE_E2E_ORDERS, 1000), BENCH_REVIEW_RATES ("75"),
// BENCH_REVIEW_SECONDS (10), BENCH_REVIEW_ORDERS (enough for rates × seconds), BENCH_WORKERS (8),
// BENCH_SKUS (120), BENCH_LOCATIONS (480), BENCH_STOCK_PER_LOCATION (100), BENCH_VALIDATE_BATCH (1),
// BENCH_PHASE_SECONDS (300: bound of each phase; the run goes on with what got through and says so),
// BENCH_PARTS ("review,e2e"), BENCH_PGLITE=0 (PostgreSQL only), BENCH_SIM_DELAY_MS (→ CARRIER_SIM_DELAY_MS;
// unset = the simulator's real 5–10 s), BENCH_SIM_FAIL (→ CARRIER_SIM_FAIL: 0 none fail; unset = each
// carrier's share), BENCH_PORTS (8241-8249), BENCH_KEEP=1 (keep the database / data directory),
// BENCH_SERVER_NODE_ARGS (bench/lib/server.ts).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir, loadavg } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { openDatabase, type Database } from '../src/server/db/client'
import { DEMO_PASSWORD } from '../src/server/db/seed/demo'
import { simulateMarketplaceOrders, simulatorInputFor, type SimulatorInput, type SimulatedOrder } from '../src/server/integrations/marketplace-simulator'
import { OutboundOrderStatus as S, PickMode } from '../src/domain/dictionaries'
import { OUTBOUND_ORDER_API, MAX_FEED_ORDERS, type FeedResult } from '../commands/outbound-orders'
import { PICKING_API, type GenerateResult } from '../commands/outbound-picking'
import type { ReviewView } from '../commands/outbound-shipping'
import { FACE_SHEET_API, MAX_FACE_SHEET_BUY } from '../commands/outbound-face-sheets'
import { startServer, portsFrom, pct, type RunningServer } from './lib/server'
import { request, signIn } from './lib/http'
import { stockBenchArea } from './lib/stock-area'
import { CpuMeter, type Cpu } from './lib/cpu'

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)
const env = process.env
const WORKERS = Math.max(1, num(env.BENCH_WORKERS, 8))
const SKUS = Math.max(1, num(env.BENCH_SKUS, 120))
const LOCATIONS = Math.max(SKUS, num(env.BENCH_LOCATIONS, 480))
const PER_LOCATION = Math.max(1, num(env.BENCH_STOCK_PER_LOCATION, 100))
const E2E_ORDERS = Math.max(1, num(env.BENCH_E2E_ORDERS, 1000))
const PGLITE_E2E_ORDERS = Math.max(1, num(env.BENCH_PGLITE_E2E_ORDERS, E2E_ORDERS))
const REVIEW_RATES = (env.BENCH_REVIEW_RATES ?? '75').split(',').map(Number).filter((n) => n > 0)
const REVIEW_SECONDS = Math.max(1, num(env.BENCH_REVIEW_SECONDS, 10))
const REVIEW_UNITS = REVIEW_RATES.reduce((s, r) => s + Math.round(r * REVIEW_SECONDS), 0) + 20
/** Simulator orders average about 1.6 units: enough orders for every timed scan and the warm-up. */
const REVIEW_ORDERS = Math.max(1, num(env.BENCH_REVIEW_ORDERS, Math.ceil(REVIEW_UNITS / 1.3)))
const VALIDATE_BATCH = Math.min(200, Math.max(1, num(env.BENCH_VALIDATE_BATCH, 1)))
const PHASE_SECONDS = Math.max(10, num(env.BENCH_PHASE_SECONDS, 300))
const PARTS = new Set((env.BENCH_PARTS ?? 'review,e2e').split(',').map((s) => s.trim()))
const PORTS = portsFrom(env.BENCH_PORTS, [8241, 8242, 8243, 8244, 8245, 8246, 8247, 8248, 8249])
const SERVER_ENV: Record<string, string> = {
  ...(env.BENCH_SIM_DELAY_MS ? { CARRIER_SIM_DELAY_MS: env.BENCH_SIM_DELAY_MS } : {}),
  ...(env.BENCH_SIM_FAIL ? { CARRIER_SIM_FAIL: env.BENCH_SIM_FAIL } : {}),
}

const TENANT = 1
const WAREHOUSE = 26
const SCOPE = { tenantId: TENANT, warehouseId: WAREHOUSE }
const TARGET_REVIEW_P99 = 50
const AREA_CODE = 'SBENCH-PICK'
const LOCATION_PREFIX = 'SBK'
const MATERIAL_TOP_UP = 5000

const secs = (ms: number) => ms / 1000
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '—')
const log = (s: string) => console.log(s)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

// HTTP ------------------------------------------------------------------------------------------

interface CmdResult<T> { ms: number; ok: boolean; data?: T; status?: number; messageKey?: string; error?: string }

class Api {
  constructor(readonly base: string, readonly headers: Record<string, string>) {}

  static async signIn(server: RunningServer): Promise<Api> {
    const token = await signIn(server.base, 'admin', DEMO_PASSWORD)
    return new Api(server.base, { authorization: `Bearer ${token}`, 'x-userinfo-header': `${TENANT}-admin-${WAREHOUSE}`, 'x-language-header': 'en-US', 'content-type': 'application/json' })
  }

  async cmd<T>(id: string, args: unknown): Promise<CmdResult<T>> {
    const t0 = performance.now()
    try {
      const r = await request(`${this.base}/api/commands/${id}`, { method: 'POST', headers: { ...this.headers, 'idempotency-key': `bench-${randomUUID()}` }, body: JSON.stringify(args) })
      const ms = performance.now() - t0
      let body: { responseCode?: string; data?: T; messageKey?: string } | undefined
      try { body = JSON.parse(r.text) } catch { body = undefined }
      if (r.status !== 200 || body?.responseCode !== '0001') return { ms, ok: false, status: r.status, messageKey: body?.messageKey, error: `${id}: ${r.status} ${r.text.slice(0, 300)}` }
      return { ms, ok: true, status: 200, data: body.data }
    } catch (e) {
      return { ms: performance.now() - t0, ok: false, error: `${id}: ${String(e)}` }
    }
  }

  async get<T>(path: string): Promise<T> {
    const r = await request(`${this.base}${path}`, { headers: this.headers })
    const body = r.status === 200 ? JSON.parse(r.text) as { responseCode?: string; data?: T } : undefined
    if (!body || body.responseCode !== '0001') throw new Error(`GET ${path}: ${r.status} ${r.text.slice(0, 300)}`)
    return body.data as T
  }
}

/** `clients` loops over a shared work list until it is done or `until` (performance.now()) passes. */
async function pool<I, R>(items: readonly I[], clients: number, work: (item: I) => Promise<R>, until = Infinity): Promise<R[]> {
  let next = 0
  const results: R[] = []
  await Promise.all(Array.from({ length: Math.min(clients, items.length) }, async () => {
    while (next < items.length && performance.now() < until) results.push(await work(items[next++]!))
  }))
  return results
}

interface Timing { n: number; errors: number; p50: number; p95: number; p99: number; max: number; firstError?: string }
function timing(rs: { ms: number; ok: boolean; error?: string }[]): Timing {
  const lat = rs.map((r) => r.ms).sort((a, b) => a - b)
  const bad = rs.filter((r) => !r.ok)
  return { n: rs.length, errors: bad.length, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, firstError: bad[0]?.error }
}
const bound = () => performance.now() + PHASE_SECONDS * 1000

// CPU (as bench/outbound.ts) ------------------------------------------------------------------------

const cpuText = (cpu: Cpu, n: number, label: string) => (n && Number.isFinite(cpu.server)
  ? `CPU per scan: server ${f1(cpu.server / n)} ms${label === 'PostgreSQL' ? ` + PostgreSQL ${f1(cpu.db / n)} ms` : ' (PGlite inside)'}` : '')

// Setup -----------------------------------------------------------------------------------------

interface Prepared { sim: Omit<SimulatorInput, 'seed' | 'count'>; materialId: number; upsId: number; fedexId: number | null }

async function prepare(db: Database): Promise<Prepared> {
  const { skus, locs, seedMs, stockMs } = await stockBenchArea(db, {
    tenantId: TENANT, warehouseId: WAREHOUSE, skus: SKUS, locations: LOCATIONS, perLocation: PER_LOCATION,
    areaCode: AREA_CODE, areaName: 'Shipping bench picking area', locationPrefix: LOCATION_PREFIX, docNo: 'BENCH-SHIP', reason: 'shipping bench stock',
  })
  // Packing materials: topped up through their own ledger (Σ delta = stock), one row per material.
  await db.exec(`
    WITH m AS (UPDATE package_material SET stock_qty = stock_qty + ${MATERIAL_TOP_UP}, updated_at = now() WHERE tenant_id = ${TENANT} AND warehouse_id = ${WAREHOUSE} RETURNING id, stock_qty)
    INSERT INTO consumable_ledger (tenant_id, warehouse_id, material_id, delta, balance_after, doc_type, doc_no, reason, operator_id, operator_name)
    SELECT ${TENANT}, ${WAREHOUSE}, m.id, ${MATERIAL_TOP_UP}, m.stock_qty, 'BENCH', 'BENCH-SHIP', 'shipping bench top-up', 1, 'admin' FROM m`)
  // Whole-order tasks for generated waves: review straight after picking (no sorting wall).
  await db.exec(`UPDATE wave_rule SET task_mode = 'whole', pick_mode = ${PickMode.OrdinaryPicking} WHERE tenant_id = ${TENANT} AND warehouse_id = ${WAREHOUSE}`)
  await db.exec('ANALYZE')
  const sim = await simulatorInputFor(db.db, SCOPE)
  const [mat] = await db.query<{ id: number }>(`SELECT id FROM package_material WHERE tenant_id = $1 AND warehouse_id = $2 AND code = 'BAG-M'`, [TENANT, WAREHOUSE])
  const carriers = await db.query<{ id: number; code: string }>(`SELECT id, code FROM carrier WHERE status = 1`)
  const upsId = Number(carriers.find((c) => c.code === 'UPS')?.id)
  const fedex = carriers.find((c) => c.code === 'FEDEX')
  log(`  setup: migrate + demo seed ${f1(secs(seedMs))} s; ${locs.length} picking locations, ${skus.length} SKUs × ${PER_LOCATION} units in ${f1(secs(stockMs))} s; country ${sim.country}; carriers ${carriers.map((c) => c.code).join(' ')}`)
  return { sim: { ...sim, skus: skus.map((s) => s.sku_code) }, materialId: Number(mat!.id), upsId, fedexId: fedex ? Number(fedex.id) : null }
}

// Shared steps ----------------------------------------------------------------------------------

interface Flow { api: Api; prep: Prepared; label: string; meter: CpuMeter }
interface Ordered { id: number; orderNo: string; carrierId: number | null; phone: boolean }

/** Pushes orders through the feed (200 a push), then finds the created drafts' ids and carriers. */
async function feed(f: Flow, orders: SimulatedOrder[]): Promise<{ orders: Ordered[]; errors: number; firstError?: string }> {
  const batches: SimulatedOrder[][] = []
  for (let i = 0; i < orders.length; i += MAX_FEED_ORDERS) batches.push(orders.slice(i, i + MAX_FEED_ORDERS))
  const rs = await pool(batches, Math.min(WORKERS, 4), (b) => f.api.cmd<FeedResult>('outbound.order.feed', { orders: b }), bound())
  const bySource = new Map(orders.map((o) => [o.sourceNo, o]))
  const created = new Map(rs.flatMap((r) => r.data?.created ?? []).map((c) => [c.orderNo, bySource.get(c.sourceNo)]))
  const out: Ordered[] = []
  for (let page = 1; out.length < created.size; page++) {
    const data = await f.api.get<{ records: { id: number; orderNo: string }[] }>(`${OUTBOUND_ORDER_API.list}?status=${S.Draft}&size=200&page=${page}&sort=id:desc`)
    if (!data.records.length) break
    for (const r of data.records) {
      const o = created.get(r.orderNo)
      if (o) out.push({ id: Number(r.id), orderNo: r.orderNo, carrierId: o.carrierId ?? null, phone: !!(o.consigneePhone ?? '').trim() })
    }
  }
  out.sort((a, b) => a.id - b.id)
  const bad = rs.filter((r) => !r.ok)
  return { orders: out, errors: bad.length, firstError: bad[0]?.error }
}

async function validate(f: Flow, orders: Ordered[]): Promise<{ ok: Set<number>; errors: number; retriedOk: number; firstError?: string }> {
  const calls: Ordered[][] = []
  for (let i = 0; i < orders.length; i += VALIDATE_BATCH) calls.push(orders.slice(i, i + VALIDATE_BATCH))
  type Changed = { changed: { id: number; allocatedQty: number; expectedQty: number }[] }
  const failed: Ordered[][] = []
  const rs = await pool(calls, WORKERS, async (c) => {
    const r = await f.api.cmd<Changed>('outbound.order.validate', { ids: c.map((o) => o.id) })
    if (!r.ok) failed.push(c)
    return r
  }, bound())
  // A call that failed (concurrent allocations can deadlock on PostgreSQL: an internal error, counted
  // and shown) is sent again once, alone, after the others.
  const again = await pool(failed, 1, (c) => f.api.cmd<Changed>('outbound.order.validate', { ids: c.map((o) => o.id) }), bound())
  const ok = new Set([...rs, ...again].flatMap((r) => r.data?.changed ?? []).filter((c) => c.allocatedQty === c.expectedQty).map((c) => Number(c.id)))
  const bad = rs.filter((r) => !r.ok)
  return { ok, errors: bad.length, retriedOk: again.filter((r) => r.ok).length, firstError: bad[0]?.error }
}

/** Claims each task and picks every unit (location, then SKU); resolves with the tasks fully picked. */
async function pickTasks(f: Flow, tasks: string[]): Promise<{ done: number; scans: number; errors: number; firstError?: string }> {
  let scans = 0
  const errors: string[] = []
  const rs = await pool(tasks, WORKERS, async (taskNo) => {
    const c = await f.api.cmd('outbound.pickTask.claim', { taskNo })
    if (!c.ok) { errors.push(c.error!); return false }
    const task = await f.api.get<{ lines: { locationCode: string; skuCode: string; remaining: number }[] }>(PICKING_API.task(taskNo))
    for (const l of task.lines) {
      for (let q = 0; q < l.remaining; q++) {
        const r = await f.api.cmd('outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
        scans++
        if (!r.ok) { errors.push(r.error!); return false }
      }
    }
    return true
  }, bound())
  return { done: rs.filter(Boolean).length, scans, errors: errors.length, firstError: errors[0] }
}

// (a) Review scan ---------------------------------------------------------------------------------

interface RateFigures extends Timing { rate: number; achieved: number; ranOut: boolean; cpu: Cpu }
interface ReviewFigures { orders: number; units: number; prepSeconds: number; rates: RateFigures[] }

async function partReview(f: Flow): Promise<ReviewFigures> {
  log(`\n  (a) review scan: preparing ${REVIEW_ORDERS} orders picked and under review`)
  const t0 = performance.now()
  const fed = await feed(f, simulateMarketplaceOrders({ ...f.prep.sim, seed: `review|${f.label}|${randomBytes(4).toString('hex')}`, count: REVIEW_ORDERS }))
  const v = await validate(f, fed.orders)
  const orders = fed.orders.filter((o) => v.ok.has(o.id))
  const tasks: string[] = []
  for (let i = 0; i < orders.length; i += 200) {
    const w = await f.api.cmd<{ tasks: string[] }>('outbound.wave.create', { orderIds: orders.slice(i, i + 200).map((o) => o.id), taskMode: 'whole', pickMode: PickMode.OrdinaryPicking })
    if (!w.ok) throw new Error(w.error)
    tasks.push(...w.data!.tasks)
  }
  const picked = await pickTasks(f, tasks)
  const queues: { orderNo: string; codes: string[] }[] = []
  const starts = await pool(orders, WORKERS, async (o) => {
    const r = await f.api.cmd<ReviewView>('outbound.review.start', { code: o.orderNo })
    if (r.ok) queues.push({ orderNo: o.orderNo, codes: r.data!.lines.flatMap((l) => Array.from({ length: l.qty - l.reviewedQty }, () => l.skuCode)) })
    return r
  }, bound())
  const units = queues.reduce((s, q) => s + q.codes.length, 0)
  const prepSeconds = secs(performance.now() - t0)
  const st = timing(starts)
  log(`     ${fed.orders.length} fed, ${orders.length} allocated, ${tasks.length} tasks (${picked.done} picked, ${picked.scans} pick scans, errors ${picked.errors}), ${queues.length} under review, ${units} units to review; ${f1(prepSeconds)} s` +
    `${v.errors ? `\n       validate: ${v.errors} calls failed, ${v.retriedOk} through when sent again` : ''}` +
    `${fed.firstError ?? v.firstError ?? picked.firstError ?? st.firstError ? `\n       first error: ${fed.firstError ?? v.firstError ?? picked.firstError ?? st.firstError}` : ''}`)
  let turn = 0
  const scan = async (): Promise<CmdResult<unknown> | undefined> => {
    for (let k = 0; k < queues.length; k++) {
      const q = queues[turn++ % queues.length]!
      const code = q.codes.shift()
      if (code) return f.api.cmd('outbound.review.scan', { orderNo: q.orderNo, code, qty: 1 })
    }
    return undefined
  }
  for (let i = 0; i < Math.min(20, units); i++) await scan() // warm-up
  const rates: RateFigures[] = []
  for (const rate of REVIEW_RATES) {
    const total = Math.round(rate * REVIEW_SECONDS)
    const done: CmdResult<unknown>[] = []
    const inflight: Promise<void>[] = []
    let ranOut = false
    const s0 = performance.now()
    const [, cpu] = await f.meter.measure(async () => {
      for (let i = 0; i < total; i++) {
        const wait = s0 + (i * 1000) / rate - performance.now()
        if (wait > 0) await sleep(wait)
        inflight.push(scan().then((r) => { if (r) done.push(r); else ranOut = true }))
      }
      await Promise.all(inflight)
    })
    const t = timing(done)
    const r: RateFigures = { ...t, rate, achieved: (t.n - t.errors) / secs(performance.now() - s0), ranOut, cpu }
    rates.push(r)
    log(`     ${String(rate).padStart(3)} scans/s  n=${r.n}  p50 ${f1(r.p50)} ms  p95 ${f1(r.p95)} ms  p99 ${f1(r.p99)} ms  max ${f1(r.max)} ms  achieved ${f1(r.achieved)}/s  errors ${r.errors}  ` +
      `${r.p99 <= TARGET_REVIEW_P99 ? 'OK' : `ABOVE target p99 ≤ ${TARGET_REVIEW_P99} ms`}${ranOut ? '  (ran out of units)' : ''}\n       ${cpuText(cpu, t.n, f.label)}${r.firstError ? `\n       first error: ${r.firstError}` : ''}`)
  }
  return { orders: queues.length, units, prepSeconds, rates }
}

// (b) Import to shipped -------------------------------------------------------------------------------

interface Phase { name: string; seconds: number; note: string }
interface E2EFigures { orders: number; shipped: number; seconds: number; phases: Phase[]; failedPurchases: number; rebought: number; shipTiming?: Timing }

async function partE2E(f: Flow, count: number): Promise<E2EFigures> {
  log(`\n  (b) import to shipped: ${count} orders`)
  const phases: Phase[] = []
  const t0 = performance.now()
  let mark = t0
  const phase = (name: string, note: string) => {
    const now = performance.now()
    phases.push({ name, seconds: secs(now - mark), note })
    log(`     ${name.padEnd(26)} ${f1(secs(now - mark)).padStart(7)} s  ${note}`)
    mark = now
  }
  const sim = simulateMarketplaceOrders({ ...f.prep.sim, seed: `e2e|${f.label}|${randomBytes(4).toString('hex')}`, count })
  const fed = await feed(f, sim)
  phase('feed', `${fed.orders.length} orders created (push errors ${fed.errors})${fed.firstError ? `; ${fed.firstError}` : ''}`)
  const v = await validate(f, fed.orders)
  let orders = fed.orders.filter((o) => v.ok.has(o.id))
  phase('validate', `${orders.length} fully allocated, ${VALIDATE_BATCH} a call (failed calls ${v.errors}, ${v.retriedOk} of them through when sent again)${v.firstError ? `; ${v.firstError}` : ''}`)
  const gen = await f.api.cmd<GenerateResult>('outbound.wave.generate', {})
  const tasks = gen.data?.waves.flatMap((w) => w.tasks) ?? []
  phase('wave generate', `${gen.data?.waves.length ?? 0} waves, ${gen.data?.waves.reduce((s, w) => s + w.orders, 0) ?? 0} orders, ${tasks.length} tasks${gen.error ? `; ${gen.error}` : ''}`)
  const picked = await pickTasks(f, tasks)
  phase('claim + pick', `${picked.done} tasks, ${picked.scans} scans (errors ${picked.errors})${picked.firstError ? `; ${picked.firstError}` : ''}`)

  // Face sheets: bought as soon as the orders are picked (the carrier's delay runs during review).
  const ups = f.prep.upsId
  const own = (o: Ordered) => o.carrierId != null && !(o.carrierId === f.prep.fedexId && !o.phone)
  const buyAll = async (list: Ordered[]): Promise<{ calls: CmdResult<unknown>[]; refused: Set<number> }> => {
    const groups: { carrierId?: number; ids: number[] }[] = []
    const byOwn = list.filter(own)
    const byUps = list.filter((o) => !own(o))
    for (let i = 0; i < byOwn.length; i += MAX_FACE_SHEET_BUY) groups.push({ ids: byOwn.slice(i, i + MAX_FACE_SHEET_BUY).map((o) => o.id) })
    for (let i = 0; i < byUps.length; i += MAX_FACE_SHEET_BUY) groups.push({ carrierId: ups, ids: byUps.slice(i, i + MAX_FACE_SHEET_BUY).map((o) => o.id) })
    const refused = new Set<number>()
    const calls = await pool(groups, WORKERS, async (g) => {
      const buy = (ids: number[]) => f.api.cmd('outbound.faceSheet.buy', { orderIds: ids, ...(g.carrierId ? { carrierId: g.carrierId } : {}) })
      const r = await buy(g.ids)
      // One order refused refuses its whole call: then each of them alone, so only the refused one stays out.
      if (!r.ok) for (const id of g.ids) if (g.ids.length === 1 || !(await buy([id])).ok) refused.add(id)
      return r
    }, bound())
    return { calls, refused }
  }
  const bought0 = await buyAll(orders)
  const buyTiming = timing(bought0.calls)
  orders = orders.filter((o) => !bought0.refused.has(o.id))
  phase('buy face sheets (queue)', `${bought0.calls.length} calls ≤ ${MAX_FACE_SHEET_BUY} orders, p50 ${f1(buyTiming.p50)} ms, refused ${buyTiming.errors}${buyTiming.firstError ? `; ${buyTiming.firstError}` : ''}`)

  const packErrors: string[] = []
  const packed = new Set<number>()
  await pool(orders, WORKERS, async (o) => {
    const s = await f.api.cmd<ReviewView>('outbound.review.start', { code: o.orderNo })
    if (!s.ok) { packErrors.push(s.error!); return }
    for (const l of s.data!.lines) {
      const r = await f.api.cmd('outbound.review.scan', { orderNo: o.orderNo, code: l.skuCode, qty: l.qty - l.reviewedQty })
      if (!r.ok) { packErrors.push(r.error!); return }
    }
    const p = await f.api.cmd('outbound.review.pack', { orderNo: o.orderNo, materialId: f.prep.materialId, weightG: 400 + (o.id % 900) })
    if (!p.ok) { packErrors.push(p.error!); return }
    packed.add(o.id)
  }, bound())
  orders = orders.filter((o) => packed.has(o.id))
  phase('review + pack', `${packed.size} orders (errors ${packErrors.length})${packErrors[0] ? `; ${packErrors[0]}` : ''}`)

  // Wait for the carrier: collect tracking numbers; a failed purchase is cancelled and bought again.
  const tracking = new Map<number, string>()
  const mine = new Set(orders.map((o) => o.id))
  let failedPurchases = 0
  let rebought = 0
  const until = bound()
  while (tracking.size < mine.size && performance.now() < until) {
    const failed: number[] = []
    for (const [filter, sink] of [['faceSheetStatus=1', (r: { id: number; trackingNo: string | null }) => { if (r.trackingNo) tracking.set(Number(r.id), r.trackingNo) }],
      ['status=4', (r: { id: number }) => failed.push(Number(r.id))]] as const) {
      for (let page = 1; ; page++) {
        const d = await f.api.get<{ records: { id: number; trackingNo: string | null }[] }>(`${FACE_SHEET_API.list}?${filter}&size=200&page=${page}`)
        for (const r of d.records) if (mine.has(Number(r.id))) sink(r)
        if (d.records.length < 200) break
      }
    }
    if (failed.length) {
      failedPurchases += failed.length
      for (let i = 0; i < failed.length; i += 50) await f.api.cmd('outbound.faceSheet.cancel', { orderIds: failed.slice(i, i + 50) })
      const again = await buyAll(orders.filter((o) => failed.includes(o.id)))
      rebought += failed.length - again.refused.size
    }
    if (tracking.size < mine.size) await sleep(1000)
  }
  phase('wait for face sheets', `${tracking.size} of ${mine.size} bought; ${failedPurchases} purchases failed at the carrier, ${rebought} bought again`)

  const shipList = orders.filter((o) => tracking.has(o.id))
  const ships = await pool(shipList, WORKERS, (o) => f.api.cmd<{ orderNo: string }>('outbound.ship.scan', { code: tracking.get(o.id)! }), bound())
  const shipTiming = timing(ships)
  const shipped = ships.filter((r) => r.ok).length
  phase('ship', `${shipped} shipped by tracking number scan, p50 ${f1(shipTiming.p50)} ms p99 ${f1(shipTiming.p99)} ms (errors ${shipTiming.errors})${shipTiming.firstError ? `; ${shipTiming.firstError}` : ''}`)
  const seconds = secs(performance.now() - t0)
  log(`     import → shipped: ${shipped} of ${count} orders in ${f1(seconds)} s = ${f1(shipped / seconds)} orders/s (${f1((seconds * 1000) / Math.max(1, shipped))} ms per order)`)
  return { orders: count, shipped, seconds, phases, failedPurchases, rebought, shipTiming }
}

// Runs ------------------------------------------------------------------------------------------

interface Run { label: string; review?: ReviewFigures; e2e?: E2EFigures; minutes: number }

async function runOne(label: 'PGlite' | 'PostgreSQL', adminUrl?: string): Promise<Run> {
  const started = performance.now()
  const count = label === 'PGlite' ? PGLITE_E2E_ORDERS : E2E_ORDERS
  log(`\n▶ ${label}: review scans at ${REVIEW_RATES.join(', ')}/s × ${REVIEW_SECONDS} s; ${count} orders import → shipped`)
  let target: { dataDir?: string; databaseUrl?: string }
  let cleanup: () => Promise<void>
  let dbName: string | undefined
  if (adminUrl) {
    const name = `wms_bench_ship_${randomBytes(4).toString('hex')}`
    dbName = name
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect(); await admin.query(`CREATE DATABASE ${name}`); await admin.end()
    const u = new URL(adminUrl); u.pathname = `/${name}`
    target = { databaseUrl: u.toString() }
    log(`  PostgreSQL database ${name}`)
    cleanup = async () => {
      if (env.BENCH_KEEP === '1') { log(`  (database ${name} kept: BENCH_KEEP=1)`); return }
      const c = new pg.Client({ connectionString: adminUrl }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c.end()
    }
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'wms-bench-ship-'))
    target = { dataDir: dir }
    cleanup = async () => { if (env.BENCH_KEEP === '1') log(`  (data directory ${dir} kept: BENCH_KEEP=1)`); else rmSync(dir, { recursive: true, force: true }) }
  }
  const run: Run = { label, minutes: 0 }
  try {
    const db = await openDatabase(target.databaseUrl ? { databaseUrl: target.databaseUrl, poolSize: 2 } : { dataDir: target.dataDir! })
    let prep: Prepared
    try { prep = await prepare(db) } finally { await db.close() } // PGlite: one process per data directory
    const server = await startServer({ ...SERVER_ENV, ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : { DATA_DIR: target.dataDir! }) }, PORTS)
    try {
      const f: Flow = { api: await Api.signIn(server), prep, label, meter: new CpuMeter(server.child.pid, dbName) }
      if (PARTS.has('review')) run.review = await partReview(f)
      if (PARTS.has('e2e')) run.e2e = await partE2E(f, count)
    } finally { await server.stop() }
  } finally {
    await cleanup()
  }
  run.minutes = (performance.now() - started) / 60_000
  log(`  ${label} run: ${run.minutes.toFixed(1)} min`)
  return run
}

function summary(runs: Run[]) {
  log(`\nSummary (${WORKERS} clients; carrier simulator delay ${SERVER_ENV.CARRIER_SIM_DELAY_MS ? `${SERVER_ENV.CARRIER_SIM_DELAY_MS} ms` : '5–10 s (real)'}, failures ${SERVER_ENV.CARRIER_SIM_FAIL === '0' ? 'none' : SERVER_ENV.CARRIER_SIM_FAIL === '1' ? 'all' : 'per carrier'}; load average now ${loadavg().map((l) => l.toFixed(1)).join(' ')} on 2 cores shared)`)
  const col = (s: string) => s.padStart(24)
  log(`  ${'figure'.padEnd(46)}${runs.map((r) => col(r.label)).join('')}  target`)
  const row = (name: string, cell: (r: Run) => string | undefined, target = '') => log(`  ${name.padEnd(46)}${runs.map((r) => col(cell(r) ?? '—')).join('')}  ${target}`)
  for (const rate of REVIEW_RATES) {
    row(`review scan at ${rate}/s: p50 / p99 ms`, (r) => { const x = r.review?.rates.find((y) => y.rate === rate); return x && `${f1(x.p50)} / ${f1(x.p99)}${x.errors ? ` err ${x.errors}` : ''}` }, `p99 ≤ ${TARGET_REVIEW_P99} ms`)
    row(`  achieved /s; CPU per scan server + db ms`, (r) => { const x = r.review?.rates.find((y) => y.rate === rate); return x && `${f1(x.achieved)}; ${f1(x.cpu.server / x.n)}${r.label === 'PostgreSQL' ? ` + ${f1(x.cpu.db / x.n)}` : ''}` })
  }
  row('import → shipped: orders shipped / asked', (r) => r.e2e && `${r.e2e.shipped} / ${r.e2e.orders}`)
  row('import → shipped: s', (r) => r.e2e && f1(r.e2e.seconds), 'reported (no target)')
  const names = runs.flatMap((r) => r.e2e?.phases.map((p) => p.name) ?? []).filter((n, i, a) => a.indexOf(n) === i)
  for (const n of names) row(`  ${n}: s`, (r) => { const p = r.e2e?.phases.find((x) => x.name === n); return p && f1(p.seconds) })
  row('  purchases failed at the carrier / rebought', (r) => r.e2e && `${r.e2e.failedPurchases} / ${r.e2e.rebought}`)
  row('  ship scan p50 / p99 ms', (r) => r.e2e?.shipTiming && `${f1(r.e2e.shipTiming.p50)} / ${f1(r.e2e.shipTiming.p99)}`)
  row('run time: min', (r) => r.minutes.toFixed(1))
}

async function main() {
  log(`outbound shipping bench: ${WORKERS} clients; ${SKUS} SKUs on ${LOCATIONS} picking locations; parts ${[...PARTS].join(',')}; loopback only; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}`)
  const runs: Run[] = []
  if (env.BENCH_PGLITE !== '0') runs.push(await runOne('PGlite'))
  if (env.BENCH_DATABASE_URL) runs.push(await runOne('PostgreSQL', env.BENCH_DATABASE_URL))
  else log('\n(BENCH_DATABASE_URL not set: PostgreSQL run skipped)')
  summary(runs)
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
