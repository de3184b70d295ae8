// Container-loading scan benchmark (issue 21 "Bench: loading-station scan p99 at 10 scans/s"): the real
// server on a loopback port takes box scans into one container (POST /api/commands/containers.loading.scan
// — permission check, idempotency row, the loading document locked, the box locked with its shipment and
// order facts, the refusal checks, the live count, one container_load_box row, the carton's mirror
// columns, the audit row: one transaction) at a fixed open-loop rate of 10 scans/s, bounded (300 scans),
// then the same scans repeated ("already loaded": the read path) at the same rate. Prints p50/p95/p99/max
// per phase against the target p99 ≤ 50 ms. The boxes (closed, measured) and their shipment are rows
// written before the server starts (loading moves no stock). PGlite on a fresh data directory;
// PostgreSQL when BENCH_DATABASE_URL is given (a fresh database, dropped afterwards). It reports; it
// never fails a build. Not run in CI.
//
// Run: npm run bench:loading   (or npx tsx bench/loading-scan.ts)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npx tsx bench/loading-scan.ts
// Knobs: BENCH_SCANS (300), BENCH_RATE (10 per second).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import { openDatabase } from '../src/server/db/client'
import { migrate } from '../src/server/db/migrate'
import { seedIfEmpty } from '../src/server/db/seed'
import { loadConfig } from '../src/server/config'
import { DEMO_PASSWORD } from '../src/server/db/seed/demo'
import { PACKING_LOCATION } from '../src/server/db/seed/stations'
import { startServer, pct } from './lib/server'
import { request, signIn } from './lib/http'

const SCANS = Number(process.env.BENCH_SCANS ?? 300)
const RATE = Number(process.env.BENCH_RATE ?? 10)
const PORTS = [8202, 8203, 8204, 8205]
const TARGET_P99 = 50
const PAIR = { tenantId: 1, warehouseId: 26 }

interface Phase { name: string; n: number; errors: number; p50: number; p95: number; p99: number; max: number; firstError?: string }

async function prepare(database: Awaited<ReturnType<typeof openDatabase>>): Promise<string[]> {
  await migrate(database)
  await seedIfEmpty(database, { ...loadConfig({}), seedDemo: true })
  const [pak] = await database.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $3`, [PAIR.tenantId, PAIR.warehouseId, PACKING_LOCATION])
  const [task] = await database.query<{ id: number }>(`
    INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, source_location_id, pack_location_id) VALUES ($1, $2, 'ZXBENCH0001', 3, $3, $3) RETURNING id`,
  [PAIR.tenantId, PAIR.warehouseId, Number(pak!.id)])
  const [sh] = await database.query<{ id: number }>(`
    INSERT INTO shipment (tenant_id, warehouse_id, shipment_no, business_type, box_count) VALUES ($1, $2, 'FYBENCH0001', 'sea', $3) RETURNING id`, [PAIR.tenantId, PAIR.warehouseId, SCANS])
  const codes = Array.from({ length: SCANS }, (_, i) => `BENCH-${String(i + 1).padStart(5, '0')}`)
  for (const [i, code] of codes.entries()) {
    await database.query(`INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, seq, box_total, mixed, status, location_id, length, width, height, weight, volume)
      VALUES ($1, $2, $3, $4, $5, $6, true, 2, $7, 50, 40, 30, 10, 60)`, [PAIR.tenantId, PAIR.warehouseId, code, Number(task!.id), i + 1, SCANS, Number(pak!.id)])
  }
  await database.query(`INSERT INTO shipment_carton (shipment_id, carton_id, seq) SELECT $1, id, seq FROM carton WHERE task_id = $2`, [Number(sh!.id), Number(task!.id)])
  return codes
}

/** Open loop: one scan every 1000/RATE ms whatever the answers. */
async function atRate(name: string, codes: string[], send: (code: string) => Promise<{ ms: number; ok: boolean; error?: string }>): Promise<Phase> {
  const lat: number[] = []
  let errors = 0
  let firstError: string | undefined
  const start = performance.now()
  await Promise.all(codes.map(async (code, i) => {
    const due = start + (i * 1000) / RATE
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    const r = await send(code)
    lat.push(r.ms)
    if (!r.ok) { errors++; firstError ??= r.error }
  }))
  lat.sort((a, b) => a - b)
  return { name, n: lat.length, errors, p50: pct(lat, 50), p95: pct(lat, 95), p99: pct(lat, 99), max: lat[lat.length - 1] ?? NaN, firstError }
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  let dbUrl: string | undefined
  if (adminUrl) {
    const name = `wms_bench_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect(); await admin.query(`CREATE DATABASE ${name}`); await admin.end()
    const u = new URL(adminUrl); u.pathname = `/${name}`; dbUrl = u.toString()
    env = { DATABASE_URL: dbUrl, DATA_DIR: '', SEED_DEMO: '1' }
    cleanup = async () => { const c = new pg.Client({ connectionString: adminUrl }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`); await c.end() }
  } else {
    const dir = mkdtempSync(join(tmpdir(), 'wms-bench-loading-'))
    env = { DATA_DIR: dir, DATABASE_URL: '', SEED_DEMO: '1' }
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  }
  env.JWT_SECRET = 'loading-bench-secret-0123456789abcdef012'
  try {
    const database = await openDatabase(dbUrl ? { databaseUrl: dbUrl } : { dataDir: env.DATA_DIR! })
    let codes: string[]
    try { codes = await prepare(database) } finally { await database.close() }
    const server = await startServer(env, PORTS)
    try {
      const token = await signIn(server.base, 'admin', DEMO_PASSWORD)
      const h = { authorization: `Bearer ${token}`, 'x-userinfo-header': `${PAIR.tenantId}-admin-${PAIR.warehouseId}`, 'x-language-header': 'en-US', 'content-type': 'application/json' }
      const cmd = (id: string, args: unknown) => request(`${server.base}/api/commands/${id}`, { method: 'POST', headers: { ...h, 'idempotency-key': `bench-${randomUUID()}` }, body: JSON.stringify(args) })
      const created = await cmd('containers.loading.create', { containerNo: 'BNCH0000001', containerSize: '45HQ', capacityVolume: 200, maxWeight: 60_000 })
      if (created.status !== 200) throw new Error(`create: ${created.status} ${created.text}`)
      const loadingNo = JSON.parse(created.text).data.loadingNo as string
      const send = async (code: string) => {
        const t0 = performance.now()
        const r = await cmd('containers.loading.scan', { loadingNo, code })
        return { ms: performance.now() - t0, ok: r.status === 200, error: r.status === 200 ? undefined : `${r.status} ${r.text.slice(0, 200)}` }
      }
      // Warm-up on a second container's worth of nothing: the "unknown code" refusal path.
      for (let i = 0; i < 5; i++) await cmd('containers.loading.scan', { loadingNo, code: `WARM-${i}` })
      const load = await atRate('load (new box)', codes, send)
      const again = await atRate('repeat (already loaded)', codes, send)
      console.log(`\ncontainer-loading scan, ${adminUrl ? 'PostgreSQL' : 'PGlite'}, ${RATE} scans/s open loop, ${SCANS} boxes into one container`)
      for (const p of [load, again]) {
        console.log(`  ${p.name.padEnd(24)} n=${p.n}  p50 ${p.p50.toFixed(1)} ms  p95 ${p.p95.toFixed(1)} ms  p99 ${p.p99.toFixed(1)} ms  max ${p.max.toFixed(1)} ms  errors ${p.errors}` +
          `  ${p.p99 <= TARGET_P99 ? 'OK' : `ABOVE target p99 ≤ ${TARGET_P99} ms`}${p.firstError ? `\n      first error: ${p.firstError}` : ''}`)
      }
      const d = await request(`${server.base}/api/container-loading/loadings/by-no/${loadingNo}`, { headers: h })
      console.log(`  loaded: ${JSON.parse(d.text).data.totals.boxes} boxes (expected ${SCANS})`)
    } finally {
      await server.stop()
    }
  } finally {
    await cleanup()
  }
}

main().catch((e) => { console.error(e); process.exit(1) })
