// Replenishment generation benchmark (issue 20 "Replenishment": "generation over 10 000 pick faces"). In
// process: the real app (buildApp) over a fresh database, driven with fastify.inject — POST
// /api/commands/replenishment.generate, the whole command path (permission, idempotency row, args, the
// handler in one transaction, audit row) — no port, no HTTP client.
//
// Setup (set-based SQL, untimed): migrate, demo seed, a bench picking area of BENCH_FACES scattered
// locations (pick faces) and a bench floor area of 100 full-box locations; face i holds SKU (i mod POOL)
// — half of them below min (on hand 5 < min 10), half above (on hand 25) — and one face rule each (min
// 10, max 40, round up to 6); bulk holds 1 000 of every SKU of the pool; balances with their opening
// ledger rows (doc_type BENCH).
//
// Timed: (1) generate once — one statement over every rule: BENCH_FACES / 2 tasks made; (2) generate again
// — every open task found (added to, none made: no duplicate open task per face and SKU). Printed: both
// times, per face. Afterwards it asserts (exit 1 otherwise): tasks = faces below min, each quantity =
// 40 − 5 = 35 rounded up to 36, no face with two open tasks, invariants clean.
//
// Run: npm run bench:replenish                       (PGlite)
//      DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:replenish
//      (PostgreSQL too: a fresh database made through that URL, dropped afterwards; BENCH_PGLITE=0 skips PGlite)
// Knobs: BENCH_FACES (10000), BENCH_SKU_POOL (2000), BENCH_KEEP=1.
import type { Database } from '../src/server/db/client'
import { checkInvariants, StockStatus } from '../src/server/inventory/ledger'
import { StorageAreaType } from '../src/domain/dictionaries'
import { benchScope as scope, envNum as num, ok, signedIn, withBenchApp } from './lib/in-process'

const env = process.env
const FACES = Math.max(2, num(env.BENCH_FACES, 10_000))
const POOL = Math.max(10, num(env.BENCH_SKU_POOL, 2000))
const f2 = (n: number) => n.toFixed(2)

async function seed(db: Database): Promise<number> {
  const t0 = performance.now()
  const T = scope.tenantId
  const W = scope.warehouseId
  const skus = (await db.query<{ id: number }>(`SELECT id FROM product_sku WHERE tenant_id = $1 ORDER BY id LIMIT $2`, [T, POOL])).map((r) => Number(r.id))
  const skuArray = `{${skus.join(',')}}`
  await db.query(`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type, status) VALUES ($1, $2, 'RPLPICK', 'Replenishment bench picking', $3, 1), ($1, $2, 'RPLBULK', 'Replenishment bench bulk', $4, 1)`,
    [T, W, StorageAreaType.Scattered, StorageAreaType.Floor])
  await db.query(`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
    SELECT $1, $2, 'RP-' || lpad(g::text, 5, '0'), 'scattered', (SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code = 'RPLPICK'), 1, 1 FROM generate_series(1, $3::int) g`, [T, W, FACES])
  await db.query(`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
    SELECT $1, $2, 'RB-' || lpad(g::text, 3, '0'), 'fullBox', (SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code = 'RPLBULK'), 1, 1 FROM generate_series(1, 100) g`, [T, W])
  await db.query(`
    WITH f AS (SELECT id, row_number() OVER (ORDER BY code) - 1 AS i FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE 'RP-%'),
    s AS (SELECT id, ord - 1 AS j FROM unnest($3::int[]) WITH ORDINALITY AS u(id, ord)),
    b AS (SELECT id, row_number() OVER (ORDER BY code) - 1 AS i FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE 'RB-%')
    INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
    SELECT $1, $2, f.id, s.id, '', ${StockStatus.Normal}, CASE WHEN f.i % 2 = 0 THEN 5 ELSE 25 END, 0 FROM f JOIN s ON s.j = f.i % $4
    UNION ALL
    SELECT $1, $2, b.id, s.id, '', ${StockStatus.Normal}, 1000, 0 FROM s JOIN b ON b.i = s.j % 100`, [T, W, skuArray, skus.length])
  await db.query(`
    INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after, doc_type, doc_no, reason, reason_params, operator_id, operator_name)
    SELECT b.id, b.tenant_id, b.warehouse_id, b.on_hand, 0, b.on_hand, 0, 'BENCH', 'RPL-BENCH', 'other', '{"text":"replenishment bench stock"}'::jsonb, 1, 'admin'
    FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE l.tenant_id = $1 AND l.warehouse_id = $2 AND (l.code LIKE 'RP-%' OR l.code LIKE 'RB-%')`, [T, W])
  await db.query(`
    INSERT INTO replenishment_rule (tenant_id, warehouse_id, location_id, sku_id, min_qty, max_qty, multiple, status, created_by, updated_by)
    SELECT $1, $2, b.location_id, b.sku_id, 10, 40, 6, 1, 1, 1 FROM inventory_balance b JOIN location l ON l.id = b.location_id
    WHERE l.tenant_id = $1 AND l.warehouse_id = $2 AND l.code LIKE 'RP-%'`, [T, W])
  await db.query('ANALYZE')
  return (performance.now() - t0) / 1000
}

async function runOne(label: 'PGlite' | 'PostgreSQL', adminUrl?: string): Promise<boolean> {
  return withBenchApp('replen', adminUrl, async ({ database, app, setupSeconds: setup }) => {
    const seedSeconds = await seed(database)
    const admin = await signedIn(app, 'admin')
    const tA = performance.now()
    const first = await ok(admin, 'replenishment.generate', {}) as { considered: number; created: string[]; updated: string[]; noBulk: number }
    const firstSeconds = (performance.now() - tA) / 1000
    const tB = performance.now()
    const second = await ok(admin, 'replenishment.generate', {}) as { considered: number; created: string[]; updated: string[]; noBulk: number }
    const secondSeconds = (performance.now() - tB) / 1000

    const problems: string[] = []
    const below = Math.ceil(FACES / 2)
    const [agg] = await database.query<{ n: number; wrong: number; dup: number }>(`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE t.qty <> 36)::int AS wrong,
        (SELECT count(*)::int FROM (SELECT location_id, sku_id FROM replenishment_task WHERE status IN (0, 1, 4) GROUP BY 1, 2 HAVING count(*) > 1) d) AS dup
      FROM replenishment_task t JOIN location l ON l.id = t.location_id WHERE l.code LIKE 'RP-%' AND t.status IN (0, 1, 4)`)
    if (first.created.length !== below) problems.push(`first run made ${first.created.length} tasks, expected ${below}`)
    if (second.created.length !== 0 || second.updated.length !== below) problems.push(`second run: made ${second.created.length}, added to ${second.updated.length} (expected 0 and ${below})`)
    if (Number(agg!.n) !== below) problems.push(`${agg!.n} open bench tasks, expected ${below}`)
    if (Number(agg!.wrong) !== 0) problems.push(`${agg!.wrong} tasks without qty 36 (40 − 5 = 35 rounded up to 6)`)
    if (Number(agg!.dup) !== 0) problems.push(`${agg!.dup} faces with two open tasks`)
    const inv = await checkInvariants(database.db, scope)
    if (inv.violations.length) problems.push(`${inv.violations.length} invariant violations`)

    console.log(`\n${label} — ${FACES} pick faces with a rule each (${below} below min), ${POOL} SKUs`)
    console.log(`  setup: migrate + demo seed ${f2(setup)} s; faces, bulk, balances, ledger, rules (set-based) ${f2(seedSeconds)} s`)
    console.log(`  generate (replenishment.generate, one statement): ${f2(firstSeconds)} s for ${first.considered} faces = ${f2((firstSeconds * 1e6) / FACES)} µs per face → ${first.created.length} tasks made`)
    console.log(`  generate again (every open task found, none duplicated): ${f2(secondSeconds)} s → ${second.created.length} made, ${second.updated.length} added to`)
    if (problems.length) { for (const p of problems) console.log(`  CHECK FAILED: ${p}`); return false }
    console.log('  checks: tasks = faces below min; each qty 36; no face with two open tasks; invariants clean')
    return true
  })
}

async function main() {
  console.log(`replenishment bench: generation over ${FACES} pick faces through replenishment.generate`)
  let good = true
  if (env.BENCH_PGLITE !== '0') good = (await runOne('PGlite')) && good
  const url = env.BENCH_DATABASE_URL ?? env.DATABASE_URL
  if (url) good = (await runOne('PostgreSQL', url)) && good
  if (!good) process.exit(1)
}

main().catch((e) => { console.error(e); process.exit(1) })
