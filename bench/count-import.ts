// Count-line import benchmark (issue 20 "Counts": "import 10 000 count lines with every error reported in
// one pass"). In process: the real app (buildApp) over a fresh database, driven with fastify.inject — the
// dry run is POST /api/counts/import/dry-run (multipart xlsx, the browser's upload), the commit POST
// /api/commands/count.lines.import (the whole command path: permission, idempotency row, args, handler in
// one transaction, audit row) — no port, no HTTP client.
//
// Setup (set-based SQL, untimed): migrate, demo seed, a bench storage area of BENCH_LINES / 10 locations
// holding 10 SKUs each (10 000 balances by default), one plan over the area through `count.plan.create`
// (tasks of 10 locations × 10 SKUs: 100 tasks for 10 000 lines). Two sheets of BENCH_LINES rows (task, location,
// SKU, counted quantity) are written with exceljs: a clean one, and one where every 50th row is bad in one
// of four ways (unknown SKU, a location not in its task, a quantity that is not a number, an unknown task).
//
// Timed: the dry run of the bad sheet (must name EVERY bad row — exactly the planted ones — and write
// nothing), the dry run of the clean sheet (no error; its checked lines), and the commit of those lines
// as the supervisor (the unclaimed tasks are claimed for them). Afterwards it asserts (exit 1 otherwise):
// the count_line rows equal the sheet's lines with their quantities, every task is being counted by the
// supervisor with all its locations visited, each line keeps a ledger position, the invariant check is clean.
//
// Run: npm run bench:count-import                  (PGlite)
//      DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:count-import
//      (PostgreSQL too: a fresh database made through that URL — or BENCH_DATABASE_URL — dropped afterwards;
//      BENCH_PGLITE=0 skips PGlite). Knobs: BENCH_LINES (10000, a multiple of 100), BENCH_SKU_POOL (200), BENCH_KEEP=1.
import ExcelJS from 'exceljs'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/server/db/client'
import { checkInvariants, StockStatus } from '../src/server/inventory/ledger'
import { CountPlanStatus as S, StorageAreaType } from '../src/domain/dictionaries'
import { benchScope as scope, envNum as num, ok, signedIn, withBenchApp } from './lib/in-process'
import { COUNT_API } from '../commands/stock-count'

const env = process.env
const LINES = Math.max(100, Math.round(num(env.BENCH_LINES, 10_000) / 100) * 100)
const POOL = Math.max(10, num(env.BENCH_SKU_POOL, 200))
const SKUS_PER_LOCATION = 10
const BAD_EVERY = 50
const AREA = 'CNTIMPORT'
const PG_URL = env.BENCH_DATABASE_URL || env.DATABASE_URL
const f2 = (n: number) => n.toFixed(2)

interface Row { taskNo: string; locationCode: string; skuCode: string; qty: number }

/** The bench area, its stock and one plan over it; the sheet's rows: every (location, SKU) with a counted quantity (on hand ± a little). */
async function seed(db: Database, app: FastifyInstance): Promise<{ planNo: string; rows: Row[] }> {
  const locations = LINES / SKUS_PER_LOCATION
  const skus = await db.query<{ id: number }>(`
    SELECT s.id FROM product_sku s WHERE s.tenant_id = $1 AND s.status = 1
      AND (SELECT count(*) FROM product_sku x WHERE x.tenant_id = s.tenant_id AND upper(x.sku_code) = upper(s.sku_code)) = 1
    ORDER BY s.sku_code LIMIT $2`, [scope.tenantId, POOL])
  if (skus.length < SKUS_PER_LOCATION) throw new Error(`only ${skus.length} SKUs with a unique code in tenant ${scope.tenantId}`)
  const skuArray = `{${skus.map((s) => Number(s.id)).join(',')}}`
  await db.query(`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type) VALUES ($1, $2, $3, 'Count import bench', $4)`,
    [scope.tenantId, scope.warehouseId, AREA, StorageAreaType.Scattered])
  await db.query(`
    INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
    SELECT $1, $2, 'CI-' || lpad(g::text, 5, '0'), 'scattered', (SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $3), 1, 1
    FROM generate_series(1, $4::int) g`, [scope.tenantId, scope.warehouseId, AREA, locations])
  await db.tx(async (tx) => {
    await tx.execute(sql.raw(`
      WITH l AS (SELECT id, row_number() OVER (ORDER BY code) - 1 AS i FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND code LIKE 'CI-%'),
      s AS (SELECT id, ord - 1 AS j FROM unnest('${skuArray}'::int[]) WITH ORDINALITY AS u(id, ord)),
      k AS (SELECT l.id AS location_id, s.id AS sku_id, l.i * ${SKUS_PER_LOCATION} + g AS ord FROM l CROSS JOIN generate_series(0, ${SKUS_PER_LOCATION - 1}) g
        JOIN s ON s.j = (l.i * ${SKUS_PER_LOCATION} + g) % ${skus.length})
      INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
      SELECT ${scope.tenantId}, ${scope.warehouseId}, location_id, sku_id, '', ${StockStatus.Normal}, 20 + (ord * 7919) % 30, 0 FROM k`))
    await tx.execute(sql.raw(`
      INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after, doc_type, doc_no, reason, reason_params, operator_id, operator_name)
      SELECT b.id, b.tenant_id, b.warehouse_id, b.on_hand, 0, b.on_hand, 0, 'BENCH', 'CNT-IMPORT-BENCH', 'other', '{"text":"count import bench stock"}'::jsonb, 1, 'admin'
      FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.code LIKE 'CI-%'`))
  })
  await db.query('ANALYZE')
  const admin = await signedIn(app, 'admin')
  const plan = await ok(admin, 'count.plan.create', { areaCode: AREA, locationsPerTask: 10, remark: 'count import bench' }) as { planNo: string; tasks: string[]; locations: number }
  if (plan.locations !== locations) throw new Error(`plan: ${plan.locations} locations`)
  const rows = (await db.query<{ task_no: string; code: string; sku_code: string; on_hand: number }>(`
    SELECT t.task_no, l.code, s.sku_code, b.on_hand FROM count_task t JOIN count_plan p ON p.id = t.plan_id JOIN count_task_location ctl ON ctl.task_id = t.id
      JOIN location l ON l.id = ctl.location_id JOIN inventory_balance b ON b.location_id = l.id JOIN product_sku s ON s.id = b.sku_id
    WHERE p.plan_no = $1 ORDER BY t.task_no, l.code, s.sku_code`, [plan.planNo]))
    .map((r, i) => ({ taskNo: r.task_no, locationCode: r.code, skuCode: r.sku_code, qty: Math.max(0, Number(r.on_hand) + (i % 7) - 3) }))
  return { planNo: plan.planNo, rows }
}

async function sheet(rows: readonly (readonly unknown[])[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Counts')
  ws.addRow(['Count task', 'Location', 'SKU / barcode', 'Counted quantity'])
  for (const r of rows) ws.addRow([...r])
  return Buffer.from(await wb.xlsx.writeBuffer())
}

async function runOne(label: 'PGlite' | 'PostgreSQL', adminUrl?: string): Promise<boolean> {
  const problems: string[] = []
  return withBenchApp('cimport', adminUrl, async ({ database, app }) => {
    const { planNo, rows } = await seed(database, app)
    const counter = await signedIn(app, 'supervisor')
    const clean = await sheet(rows.map((r) => [r.taskNo, r.locationCode, r.skuCode, r.qty]))
    // Every 50th row bad, four ways in turn; the expected (row, field) of each.
    const planted: string[] = []
    const badRows = rows.map((r, i) => {
      const row = i + 2
      if (i % BAD_EVERY !== BAD_EVERY - 1) return [r.taskNo, r.locationCode, r.skuCode, r.qty]
      const kind = (i / BAD_EVERY | 0) % 4
      if (kind === 0) { planted.push(`${row}:code`); return [r.taskNo, r.locationCode, `NO-SUCH-SKU-${i}`, r.qty] }
      if (kind === 1) { planted.push(`${row}:locationCode`); return [r.taskNo, 'CI-99999', r.skuCode, r.qty] }
      if (kind === 2) { planted.push(`${row}:qty`); return [r.taskNo, r.locationCode, r.skuCode, 'ten'] }
      planted.push(`${row}:taskNo`); return ['PT0000000000', r.locationCode, r.skuCode, r.qty]
    })
    const bad = await sheet(badRows)

    const lineCount = async () => Number((await database.query<{ n: number }>('SELECT count(*)::int AS n FROM count_line'))[0]!.n)
    const t0 = performance.now()
    const drBad = await counter.upload(COUNT_API.importDryRun, bad)
    const badSeconds = (performance.now() - t0) / 1000
    if (drBad.status !== 200) throw new Error(`dry run (bad): ${drBad.status} ${drBad.body.slice(0, 300)}`)
    const named = (drBad.data.errors as { row: number; field: string }[]).map((e) => `${e.row}:${e.field}`)
    if (JSON.stringify(named) !== JSON.stringify(planted)) problems.push(`bad sheet: ${named.length} errors named, ${planted.length} planted (first named ${named[0]}, first planted ${planted[0]})`)
    if (drBad.data.rows.length) problems.push('bad sheet: the dry run offered lines to import')
    if (await lineCount()) problems.push('bad sheet: the dry run wrote count lines')

    const t1 = performance.now()
    const drClean = await counter.upload(COUNT_API.importDryRun, clean)
    const cleanSeconds = (performance.now() - t1) / 1000
    if (drClean.status !== 200 || drClean.data.errors.length) throw new Error(`dry run (clean): ${drClean.status} ${drClean.body.slice(0, 300)}`)
    const t2 = performance.now()
    const imp = await counter.cmd('count.lines.import', { rows: drClean.data.rows })
    const commitSeconds = (performance.now() - t2) / 1000
    if (imp.status !== 200) throw new Error(`commit: ${imp.status} ${imp.body.slice(0, 300)}`)

    // Checks.
    const [l] = await database.query<{ n: number; qty: number; nopos: number }>(`
      SELECT count(*)::int AS n, coalesce(sum(c.counted_qty), 0)::int AS qty, count(*) FILTER (WHERE c.ledger_position <= 0)::int AS nopos
      FROM count_line c JOIN count_task t ON t.id = c.task_id JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1`, [planNo])
    const sheetQty = rows.reduce((s, r) => s + r.qty, 0)
    if (Number(l!.n) !== rows.length || Number(l!.qty) !== sheetQty) problems.push(`count lines: ${l!.n} rows / ${l!.qty} units; sheet: ${rows.length} / ${sheetQty}`)
    if (Number(l!.nopos)) problems.push(`${l!.nopos} lines without a ledger position`)
    const [t] = await database.query<{ bad: number; left: number }>(`
      SELECT count(*) FILTER (WHERE t.status <> ${S.InventoryToBeCounted} OR t.claimed_by_name <> 'supervisor')::int AS bad,
        (SELECT count(*)::int FROM count_task_location ctl JOIN count_task x ON x.id = ctl.task_id WHERE x.plan_id = p.id AND NOT ctl.visited) AS left
      FROM count_task t JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1 GROUP BY p.id`, [planNo])
    if (Number(t!.bad) || Number(t!.left)) problems.push(`${t!.bad} tasks not being counted by the importer, ${t!.left} locations not visited`)
    const inv = await checkInvariants(database.db, scope)
    if (inv.violations.length) problems.push(`checkInvariants: ${inv.violations.length} violations`)

    const tasks = (imp.data.tasks as unknown[]).length
    console.log(`\n${label} — ${rows.length} lines over ${tasks} tasks (${rows.length / SKUS_PER_LOCATION} locations × ${SKUS_PER_LOCATION} SKUs)`)
    console.log(`  dry run, bad sheet (every ${BAD_EVERY}th row bad, 4 kinds): ${f2(badSeconds)} s — ${named.length} errors named in one pass (planted ${planted.length}), nothing written`)
    console.log(`  dry run, clean sheet: ${f2(cleanSeconds)} s — no error, ${drClean.data.creates} lines checked`)
    console.log(`  commit (count.lines.import, one transaction): ${f2(commitSeconds)} s = ${f2((commitSeconds * 1000) / rows.length)} ms per line`)
    console.log(`  dry run + commit: ${f2(cleanSeconds + commitSeconds)} s for ${rows.length} lines`)
    if (problems.length) { for (const p of problems) console.log(`  CHECK FAILED: ${p}`); return false }
    console.log('  checks: every bad row named, nothing written by a dry run; lines = sheet (rows and units); each line at its ledger position; tasks claimed by the importer, every location visited; invariants clean')
    return true
  })
}

async function main() {
  console.log(`count-import bench: import ${LINES} counted lines from xlsx (dry run, then count.lines.import); every bad row named in one pass`)
  let good = true
  if (env.BENCH_PGLITE !== '0') good = (await runOne('PGlite')) && good
  if (PG_URL) good = (await runOne('PostgreSQL', PG_URL)) && good
  if (!good) process.exit(1)
}

main().catch((e) => { console.error(e); process.exit(1) })
