// Count-apply benchmark (issue 20 "Counts": "apply a count of 10 000 lines in ≤ 5 s on PostgreSQL";
// Odoo needs ~6 minutes for 5 000, odoo/odoo#43153). In process: the real app (buildApp) over a fresh
// database, driven with fastify.inject — POST /api/commands/count.task.approve, the whole command path
// (permission, idempotency row, args, handler in one transaction, audit row) — no port, no HTTP client.
//
// Setup (set-based SQL, untimed): migrate, demo seed, a bench storage area of BENCH_LINES / 10 locations
// holding 10 SKUs each (10 000 balances by default: location i holds SKUs (10 i + k) mod POOL, k < 10),
// 20–49 units each with its opening ledger row (doc_type BENCH); 1 in 100 balances also has 2 frozen
// units (a short pick's). One plan over the area through the real `count.plan.create` (tasks of 10
// locations × 10 SKUs = 100 lines: 100 tasks). The first task is counted through the real commands (claim,
// one `count.scan` {qty, set} per line, submit) as the supervisor; the others are written as those
// commands leave them (count_line with the (location, SKU) ledger position and the counter,
// count_task_location visited at the location's position, the task submitted). Counted quantities: 40%
// exact, 30% surplus (+1…+5), 25% loss (−1…−5), 5% not scanned (counted 0: the whole stock is a loss).
// Then, after the count and before the approval, 1 in 50 balances loses 1 unit (a pick during the count,
// through the ledger) — the positional reconciliation must not count it twice.
//
// Timed: admin approves every task, one `count.task.approve` after the other (the first alone is the
// single-task latency; all of them is the 10 000-line count). Printed: total, per line, p50/p95/max per
// task, next to the target. Afterwards it asserts (and exits 1 otherwise) that checkInvariants is clean,
// every task and the plan are Finished, every line's adjustment = counted − expected, each (location,
// SKU) now holds counted + what moved after its position, and the surplus/loss totals agree with the
// ledger rows under the tasks' numbers.
//
// Run: npm run bench:count                          (PGlite: BENCH_PGLITE_LINES, default 10 000)
//      BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:count
//      (PostgreSQL too: a fresh database made through that URL, dropped afterwards; BENCH_PGLITE=0 skips PGlite)
// Knobs: BENCH_LINES (10000, a multiple of 100), BENCH_PGLITE_LINES, BENCH_SKU_POOL (200), BENCH_KEEP=1.
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { Database } from '../src/server/db/client'
import { checkInvariants, StockStatus } from '../src/server/inventory/ledger'
import { CountPlanStatus as S, StorageAreaType } from '../src/domain/dictionaries'
import { benchScope as scope, envNum as num, ok, signedIn, withBenchApp } from './lib/in-process'
import { pct } from './lib/server'

const env = process.env
const round100 = (n: number) => Math.max(100, Math.round(n / 100) * 100)
const LINES = round100(num(env.BENCH_LINES, 10_000))
const PGLITE_LINES = round100(num(env.BENCH_PGLITE_LINES, LINES))
const POOL = Math.max(10, num(env.BENCH_SKU_POOL, 200))
const SKUS_PER_LOCATION = 10
const TARGET_SECONDS = 5
const AREA = 'CNTBENCH'
/** The stock statuses a count sees (normal and frozen), as SQL. */
const COUNTED = `(${StockStatus.Normal}, ${StockStatus.Frozen})`

const f1 = (n: number) => n.toFixed(1)
const f2 = (n: number) => n.toFixed(2)

/** Variance of a balance, by its ordinal: 40% exact, 30% +1…+5, 25% −1…−5, 5% not scanned (null). */
const VARIANCE_SQL = (ord: string) => `CASE WHEN ${ord} % 20 = 7 THEN NULL WHEN ${ord} % 20 < 8 THEN 0 WHEN ${ord} % 20 < 14 THEN 1 + ${ord} % 5 ELSE -(1 + ${ord} % 5) END`

interface Seeded { planNo: string; tasks: string[]; seedSeconds: number; countSeconds: number; sampleScans: number; sampleSeconds: number }

async function seed(db: Database, app: FastifyInstance, lines: number): Promise<Seeded> {
  const t0 = performance.now()
  const locations = lines / SKUS_PER_LOCATION
  // SKUs whose code names them alone in the tenant (a scan of the code resolves to exactly one SKU).
  const skus = await db.query<{ id: number }>(`
    SELECT s.id FROM product_sku s WHERE s.tenant_id = $1 AND s.status = 1
      AND (SELECT count(*) FROM product_sku x WHERE x.tenant_id = s.tenant_id AND upper(x.sku_code) = upper(s.sku_code)) = 1
    ORDER BY s.sku_code LIMIT $2`, [scope.tenantId, POOL])
  if (skus.length < SKUS_PER_LOCATION) throw new Error(`only ${skus.length} SKUs with a unique code in tenant ${scope.tenantId}`)
  const skuArray = `{${skus.map((s) => Number(s.id)).join(',')}}`
  await db.query(`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type) VALUES ($1, $2, $3, 'Count bench', $4)`,
    [scope.tenantId, scope.warehouseId, AREA, StorageAreaType.Scattered])
  await db.query(`
    INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
    SELECT $1, $2, 'CB-' || lpad(g::text, 5, '0'), 'scattered', (SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $3), 1, 1
    FROM generate_series(1, $4::int) g`, [scope.tenantId, scope.warehouseId, AREA, locations])
  // Balances (normal: 20–49 units; 1 in 100 also 2 frozen units) and their opening ledger rows.
  await db.tx(async (tx) => {
    await tx.execute(sql.raw(`
      WITH l AS (SELECT id, row_number() OVER (ORDER BY code) - 1 AS i FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND code LIKE 'CB-%'),
      s AS (SELECT id, ord - 1 AS j FROM unnest('${skuArray}'::int[]) WITH ORDINALITY AS u(id, ord)),
      k AS (SELECT l.id AS location_id, s.id AS sku_id, l.i * ${SKUS_PER_LOCATION} + g AS ord FROM l CROSS JOIN generate_series(0, ${SKUS_PER_LOCATION - 1}) g
        JOIN s ON s.j = (l.i * ${SKUS_PER_LOCATION} + g) % ${skus.length})
      INSERT INTO inventory_balance (tenant_id, warehouse_id, location_id, sku_id, batch_no, stock_status, on_hand, locked)
      SELECT ${scope.tenantId}, ${scope.warehouseId}, location_id, sku_id, '', ${StockStatus.Normal}, 20 + (ord * 7919) % 30, 0 FROM k
      UNION ALL
      SELECT ${scope.tenantId}, ${scope.warehouseId}, location_id, sku_id, '', ${StockStatus.Frozen}, 2, 0 FROM k WHERE ord % 100 = 42`))
    await tx.execute(sql.raw(`
      INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after, doc_type, doc_no, reason, reason_params, operator_id, operator_name)
      SELECT b.id, b.tenant_id, b.warehouse_id, b.on_hand, 0, b.on_hand, 0, 'BENCH', 'CNT-BENCH', 'other', '{"text":"count bench stock"}'::jsonb, 1, 'admin'
      FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.code LIKE 'CB-%'`))
  })
  await db.query('ANALYZE')
  const seedSeconds = (performance.now() - t0) / 1000

  // The plan (real command), the first task counted through the real commands, the rest as they leave it.
  const t1 = performance.now()
  const admin = await signedIn(app, 'admin')
  const counter = await signedIn(app, 'supervisor')
  const plan = await ok(admin, 'count.plan.create', { areaCode: AREA, locationsPerTask: 10, remark: 'count bench' }) as { planNo: string; tasks: string[]; locations: number }
  if (plan.locations !== locations || plan.tasks.length !== locations / 10) throw new Error(`plan: ${plan.locations} locations, ${plan.tasks.length} tasks`)
  const first = plan.tasks[0]!
  await ok(counter, 'count.task.claim', { taskNo: first })
  const sample = await db.query<{ location_code: string; sku_code: string; counted: number | null }>(`
    WITH k AS (SELECT b.location_id, b.sku_id, sum(b.on_hand) AS on_hand, min(b.id) FILTER (WHERE b.stock_status = 1) AS bid FROM inventory_balance b
      JOIN count_task_location ctl ON ctl.location_id = b.location_id JOIN count_task t ON t.id = ctl.task_id
      WHERE t.task_no = $1 AND t.tenant_id = $2 AND t.warehouse_id = $3 AND b.stock_status IN ${COUNTED} GROUP BY b.location_id, b.sku_id),
    o AS (SELECT k.*, k.bid AS ord FROM k)
    SELECT l.code AS location_code, s.sku_code, o.on_hand + ${VARIANCE_SQL('o.ord')} AS counted FROM o JOIN location l ON l.id = o.location_id JOIN product_sku s ON s.id = o.sku_id
    ORDER BY l.code, s.sku_code`, [first, scope.tenantId, scope.warehouseId])
  const t2 = performance.now()
  let scans = 0
  for (const r of sample) {
    if (r.counted == null || Number(r.counted) <= 0) continue
    await ok(counter, 'count.scan', { taskNo: first, locationCode: r.location_code, code: r.sku_code, qty: Number(r.counted), set: true }); scans++
  }
  // A location whose SKUs were all unscanned is still visited (confirmed empty would be a lie here: none is).
  await ok(counter, 'count.task.submit', { taskNo: first })
  const sampleSeconds = (performance.now() - t2) / 1000

  // The other tasks, as claim + scans + submit leave them.
  await db.tx(async (tx) => {
    await tx.execute(sql.raw(`
      WITH c AS (SELECT id, username FROM app_user WHERE username = 'supervisor'),
      t AS (SELECT t.id FROM count_task t JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = '${plan.planNo}' AND p.tenant_id = ${scope.tenantId} AND p.warehouse_id = ${scope.warehouseId} AND t.task_no <> '${first}'),
      k AS (SELECT ctl.task_id, b.location_id, b.sku_id, sum(b.on_hand) AS on_hand, min(b.id) FILTER (WHERE b.stock_status = 1) AS bid
            FROM count_task_location ctl JOIN t ON t.id = ctl.task_id JOIN inventory_balance b ON b.location_id = ctl.location_id AND b.stock_status IN ${COUNTED}
            GROUP BY ctl.task_id, b.location_id, b.sku_id),
      o AS (SELECT k.*, k.bid AS ord, (SELECT max(x.id) FROM inventory_ledger x JOIN inventory_balance bb ON bb.id = x.balance_id
              WHERE bb.location_id = k.location_id AND bb.sku_id = k.sku_id AND bb.stock_status IN ${COUNTED}) AS pos FROM k)
      INSERT INTO count_line (tenant_id, warehouse_id, task_id, location_id, sku_id, counted_qty, ledger_position, counted_by, counted_by_name)
      SELECT ${scope.tenantId}, ${scope.warehouseId}, o.task_id, o.location_id, o.sku_id, o.on_hand + ${VARIANCE_SQL('o.ord')}, o.pos, c.id, c.username
      FROM o, c WHERE ${VARIANCE_SQL('o.ord')} IS NOT NULL AND o.on_hand + ${VARIANCE_SQL('o.ord')} > 0`))
    await tx.execute(sql.raw(`
      UPDATE count_task_location ctl SET visited = true, confirmed_empty = false, visited_position = (
        SELECT coalesce(max(x.id), 0) FROM inventory_ledger x JOIN inventory_balance b ON b.id = x.balance_id WHERE b.location_id = ctl.location_id AND b.stock_status IN ${COUNTED})
      FROM count_task t JOIN count_plan p ON p.id = t.plan_id WHERE t.id = ctl.task_id AND p.plan_no = '${plan.planNo}' AND t.task_no <> '${first}'`))
    await tx.execute(sql.raw(`
      UPDATE count_task t SET status = ${S.WaitingForApproval}, claimed_by = c.id, claimed_by_name = c.username, claimed_at = now(), submitted_at = now(), updated_at = now()
      FROM count_plan p, app_user c WHERE p.id = t.plan_id AND p.plan_no = '${plan.planNo}' AND c.username = 'supervisor' AND t.task_no <> '${first}'`))
    await tx.execute(sql.raw(`UPDATE count_plan SET status = ${S.WaitingForApproval}, updated_at = now() WHERE plan_no = '${plan.planNo}' AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
    // During the count: 1 in 50 normal balances loses 1 unit through the ledger (a pick), after its counted position.
    await tx.execute(sql.raw(`
      WITH u AS (
        UPDATE inventory_balance b SET on_hand = on_hand - 1, updated_at = now() FROM location l
        WHERE l.id = b.location_id AND l.code LIKE 'CB-%' AND b.stock_status = 1 AND b.id % 50 = 3 AND b.on_hand - b.locked >= 1
        RETURNING b.id, b.tenant_id, b.warehouse_id, b.on_hand, b.locked)
      INSERT INTO inventory_ledger (balance_id, tenant_id, warehouse_id, delta_on_hand, delta_locked, on_hand_after, locked_after, doc_type, doc_no, reason, reason_params, operator_id, operator_name)
      SELECT id, tenant_id, warehouse_id, -1, 0, on_hand, locked, 'BENCH', 'CNT-BENCH-PICK', 'other', '{"text":"a pick during the count"}'::jsonb, 1, 'admin' FROM u`))
  })
  await db.query('ANALYZE')
  return { planNo: plan.planNo, tasks: plan.tasks, seedSeconds, countSeconds: (performance.now() - t1) / 1000, sampleScans: scans, sampleSeconds }
}

interface Verified { lines: number; surplus: number; loss: number; released: number; ledgerRows: number; problems: string[] }

async function verify(db: Database, planNo: string, approved: { surplus: number; loss: number; released: number; lines: number }): Promise<Verified> {
  const problems: string[] = []
  const inv = await checkInvariants(db.db, scope)
  if (inv.violations.length) problems.push(`checkInvariants: ${inv.violations.length} violations, first ${JSON.stringify(inv.violations[0])}`)
  const [st] = await db.query<{ plan: number; open: number; tasks: number }>(`
    SELECT p.status AS plan, count(*) FILTER (WHERE t.status <> ${S.Finished})::int AS open, count(*)::int AS tasks FROM count_plan p JOIN count_task t ON t.plan_id = p.id
    WHERE p.plan_no = $1 AND p.tenant_id = $2 AND p.warehouse_id = $3 GROUP BY p.status`, [planNo, scope.tenantId, scope.warehouseId])
  if (Number(st!.plan) !== S.Finished || Number(st!.open) !== 0) problems.push(`plan status ${st!.plan}, ${st!.open} of ${st!.tasks} tasks not finished`)
  const [lines] = await db.query<{ n: number; bad: number; adj_plus: number; adj_minus: number }>(`
    SELECT count(*)::int AS n, count(*) FILTER (WHERE c.adjustment IS DISTINCT FROM c.counted_qty - c.expected_qty)::int AS bad,
      coalesce(sum(c.adjustment) FILTER (WHERE c.adjustment > 0), 0)::int AS adj_plus, coalesce(-sum(c.adjustment) FILTER (WHERE c.adjustment < 0), 0)::int AS adj_minus
    FROM count_line c JOIN count_task t ON t.id = c.task_id JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1`, [planNo])
  if (Number(lines!.bad)) problems.push(`${lines!.bad} lines with adjustment ≠ counted − expected`)
  if (Number(lines!.n) !== approved.lines) problems.push(`${lines!.n} count lines, approvals reported ${approved.lines}`)
  if (Number(lines!.adj_plus) !== approved.surplus || Number(lines!.adj_minus) !== approved.loss) {
    problems.push(`lines: +${lines!.adj_plus} −${lines!.adj_minus}; approvals: +${approved.surplus} −${approved.loss}`)
  }
  // Each (location, SKU) now holds counted + what moved after its position (the bench's picks), in normal stock (frozen released or written off).
  const [keys] = await db.query<{ bad: number; frozen: number; first: string | null }>(`
    WITH c AS (SELECT c.location_id, c.sku_id, c.counted_qty, c.ledger_position FROM count_line c JOIN count_task t ON t.id = c.task_id JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1),
    now AS (SELECT c.*, (SELECT coalesce(sum(b.on_hand), 0) FROM inventory_balance b WHERE b.location_id = c.location_id AND b.sku_id = c.sku_id AND b.stock_status IN ${COUNTED}) AS on_hand,
      (SELECT coalesce(sum(x.delta_on_hand), 0) FROM inventory_ledger x JOIN inventory_balance b ON b.id = x.balance_id
        WHERE b.location_id = c.location_id AND b.sku_id = c.sku_id AND b.stock_status IN ${COUNTED} AND x.id > c.ledger_position AND x.doc_type <> 'countTask') AS moved FROM c)
    SELECT count(*) FILTER (WHERE on_hand <> counted_qty + moved)::int AS bad,
      (SELECT count(*)::int FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE l.code LIKE 'CB-%' AND b.stock_status = ${StockStatus.Frozen} AND b.on_hand > 0) AS frozen,
      min(CASE WHEN on_hand <> counted_qty + moved THEN location_id || '/' || sku_id || ': ' || on_hand || ' ≠ ' || counted_qty || ' + ' || moved END) AS first FROM now`, [planNo])
  if (Number(keys!.bad)) problems.push(`${keys!.bad} (location, SKU) keys not at counted + moved since (first ${keys!.first})`)
  if (Number(keys!.frozen)) problems.push(`${keys!.frozen} frozen balances left on counted keys`)
  const [led] = await db.query<{ n: number; plus: number; minus: number; rel: number }>(`
    SELECT count(*)::int AS n, coalesce(sum(delta_on_hand) FILTER (WHERE reason = 'countSurplus'), 0)::int AS plus,
      coalesce(-sum(delta_on_hand) FILTER (WHERE reason = 'countLoss'), 0)::int AS minus,
      coalesce(sum(delta_on_hand) FILTER (WHERE reason = 'countRelease' AND delta_on_hand > 0), 0)::int AS rel
    FROM inventory_ledger WHERE tenant_id = $2 AND warehouse_id = $3 AND doc_type = 'countTask'
      AND doc_no IN (SELECT t.task_no FROM count_task t JOIN count_plan p ON p.id = t.plan_id WHERE p.plan_no = $1)`, [planNo, scope.tenantId, scope.warehouseId])
  if (Number(led!.plus) !== approved.surplus || Number(led!.minus) !== approved.loss || Number(led!.rel) !== approved.released) {
    problems.push(`ledger under the tasks: +${led!.plus} −${led!.minus} released ${led!.rel}; approvals: +${approved.surplus} −${approved.loss} released ${approved.released}`)
  }
  return { lines: Number(lines!.n), surplus: approved.surplus, loss: approved.loss, released: approved.released, ledgerRows: Number(led!.n), problems }
}

async function runOne(label: 'PGlite' | 'PostgreSQL', lines: number, adminUrl?: string): Promise<boolean> {
  return withBenchApp('count', adminUrl, async ({ database, app, setupSeconds }) => {
    const s = await seed(database, app, lines)
    const admin = await signedIn(app, 'admin')
    const lat: number[] = []
    const sum = { surplus: 0, loss: 0, released: 0, lines: 0 }
    const tA = performance.now()
    for (const taskNo of s.tasks) {
      const t = performance.now()
      const a = await ok(admin, 'count.task.approve', { taskNo })
      lat.push(performance.now() - t)
      sum.surplus += a.surplus; sum.loss += a.loss; sum.released += a.released; sum.lines += a.lines
    }
    const total = (performance.now() - tA) / 1000
    const v = await verify(database, s.planNo, sum)
    const sorted = [...lat].sort((a, b) => a - b)
    const scaled = total * (10_000 / v.lines)
    console.log(`\n${label} — ${v.lines} lines in ${s.tasks.length} tasks (${lines / SKUS_PER_LOCATION} locations × ${SKUS_PER_LOCATION} SKUs)`)
    console.log(`  setup: migrate + demo seed ${f1(setupSeconds)} s; balances + ledger (set-based) ${f1(s.seedSeconds)} s; plan + count ${f1(s.countSeconds)} s ` +
      `(first task through the real commands: ${s.sampleScans} scans + submit in ${f2(s.sampleSeconds)} s)`)
    console.log(`  approve all ${s.tasks.length} tasks one after the other: ${f2(total)} s = ${f2((total * 1000) / v.lines)} ms per line` +
      `${v.lines !== 10_000 ? ` (≈ ${f2(scaled)} s for 10 000 lines)` : ''}   target ≤ ${TARGET_SECONDS} s for 10 000 lines: ${scaled <= TARGET_SECONDS ? 'OK' : 'MISSED'}`)
    console.log(`  one task (${v.lines / s.tasks.length} lines): first ${f1(lat[0]!)} ms, p50 ${f1(pct(sorted, 50))} ms, p95 ${f1(pct(sorted, 95))} ms, max ${f1(sorted[sorted.length - 1]!)} ms`)
    console.log(`  posted: surplus +${v.surplus}, loss −${v.loss}, frozen released ${v.released}; ${v.ledgerRows} ledger rows under the tasks' numbers`)
    if (v.problems.length) { for (const p of v.problems) console.log(`  CHECK FAILED: ${p}`); return false }
    console.log('  checks: invariants clean; plan and tasks Finished; adjustment = counted − expected on every line; every key = counted + moved since its position; totals = ledger')
    return true
  })
}

async function main() {
  console.log(`count-apply bench: approve a count of ${LINES} lines (PGlite ${PGLITE_LINES}) through count.task.approve; target ≤ ${TARGET_SECONDS} s for 10 000 lines on PostgreSQL`)
  let good = true
  if (env.BENCH_PGLITE !== '0') good = (await runOne('PGlite', PGLITE_LINES)) && good
  if (env.BENCH_DATABASE_URL) good = (await runOne('PostgreSQL', LINES, env.BENCH_DATABASE_URL)) && good
  if (!good) process.exit(1)
}

main().catch((e) => { console.error(e); process.exit(1) })
