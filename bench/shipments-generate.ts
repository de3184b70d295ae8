// Shipment generation benchmark (issue 21 "Bench: … generating shipments for 500 ToB orders of 20 boxes
// each"). In process: the real app (buildApp) over a fresh database, driven with fastify.inject — POST
// /api/commands/shipments.generate, the whole command path (permission, idempotency row, args, the handler
// in one transaction, audit row) — no port, no HTTP client.
//
// Setup (set-based SQL, untimed): migrate, demo seed; BENCH_ORDERS ToB orders (picked: ReadyOut 2, sea,
// channel FBA, 5 destination warehouses × their own expected container), each with a finished packing task
// (ZX, Finish 3) and BENCH_BOXES closed boxes at the packing place (weight 8–20 kg, 40–120 L). Generation does
// not move stock (shipping does), so the boxes carry no contents here.
//
// Timed: (1) one generation over every order with limits of 200 boxes, 2 500 kg, 6 000 L per shipment;
// (2) the same command again — refused at once (nothing left to generate), its time printed too.
// Printed: orders, boxes, shipments, time, per order and per box. Afterwards it asserts (exit 1 otherwise):
// every box in exactly one shipment, no shipment over a limit, Σ boxes = orders × boxes.
// Target (ours): ≤ 5 s for 500 × 20 on PGlite on a quiet machine; reported, not enforced (a noisy machine).
//
// Run: npm run bench:shipments                             (PGlite)
//      DATABASE_URL=postgres://postgres@127.0.0.1:5433/postgres npm run bench:shipments
//      (PostgreSQL too: a fresh database made through that URL, dropped afterwards; BENCH_PGLITE=0 skips PGlite)
// Knobs: BENCH_ORDERS (500), BENCH_BOXES (20), BENCH_KEEP=1.
import type { Database } from '../src/server/db/client'
import { PACKING_LOCATION } from '../src/server/db/seed/stations'
import { benchScope as scope, envNum as num, signedIn, withBenchApp } from './lib/in-process'

const env = process.env
const ORDERS = Math.max(1, num(env.BENCH_ORDERS, 500))
const BOXES = Math.max(1, num(env.BENCH_BOXES, 20))
const LIMITS = { maxBoxes: 200, maxWeight: 2500, maxVolume: 6000 }
const f2 = (n: number) => n.toFixed(2)

async function seed(db: Database): Promise<string[]> {
  const T = scope.tenantId
  const W = scope.warehouseId
  const [pak] = await db.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $3`, [T, W, PACKING_LOCATION])
  await db.query(`
    INSERT INTO outbound_order (tenant_id, warehouse_id, order_no, platform, order_type, status, expected_qty, picked_qty, destination_warehouse, channel, business_type,
      box_mark, expected_container_no, shipping_method)
    SELECT $1, $2, 'CKB' || lpad(g::text, 6, '0'), 'AMAZON', 1, 2, 0, 0, 'DST' || (g % 5), 'FBA', 'sea', 'BENCH-' || (g % 5), 'MSKUB' || (g % 5), 'SEA-FCL'
    FROM generate_series(1, $3::int) g`, [T, W, ORDERS])
  await db.query(`
    INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, doc_no, source_location_id, pack_location_id)
    SELECT $1, $2, 'ZXB' || lpad(g::text, 6, '0'), 3, 'CKB' || lpad(g::text, 6, '0'), $3, $3 FROM generate_series(1, $4::int) g`, [T, W, pak!.id, ORDERS])
  await db.query(`
    INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, doc_no, seq, box_total, status, location_id, length, width, height, weight, volume)
    SELECT $1, $2, 'BXB' || lpad(t.id::text, 6, '0') || '-' || s, t.id, t.doc_no, s, $3, 2, $4, 50, 40, 30, 8 + (s * 7 + t.id) % 13, 40 + (s * 11 + t.id) % 81
    FROM packing_task t CROSS JOIN generate_series(1, $3::int) s WHERE t.tenant_id = $1 AND t.warehouse_id = $2 AND t.task_no LIKE 'ZXB%'`, [T, W, BOXES, pak!.id])
  return (await db.query<{ order_no: string }>(`SELECT order_no FROM outbound_order WHERE order_no LIKE 'CKB%' ORDER BY id`)).map((r) => r.order_no)
}

async function runOne(label: string, adminUrl?: string): Promise<boolean> {
  return withBenchApp('shipgen', adminUrl, async ({ database, app, setupSeconds }) => {
    const t0 = performance.now()
    const orderNos = await seed(database)
    const seedSeconds = (performance.now() - t0) / 1000
    const admin = await signedIn(app, 'admin')
    const g0 = performance.now()
    const r = await admin.cmd('shipments.generate', { orderNos, ...LIMITS })
    const gen = performance.now() - g0
    if (r.status !== 200) { console.error(`${label}: generate ${r.status} ${r.body.slice(0, 400)}`); return false }
    const a0 = performance.now()
    const again = await admin.cmd('shipments.generate', { orderNos, ...LIMITS })
    const refused = performance.now() - a0
    const data = r.data as { shipments: { boxes: number; weight: number; volume: number }[]; boxes: number }
    const boxes = ORDERS * BOXES
    console.log(`${label}: setup ${f2(setupSeconds)} s, seed ${f2(seedSeconds)} s — ${ORDERS} orders × ${BOXES} boxes = ${boxes} boxes`)
    console.log(`  generate: ${data.shipments.length} shipments in ${f2(gen / 1000)} s (${f2(gen / ORDERS)} ms per order, ${f2((gen * 1000) / boxes)} µs per box)`)
    console.log(`  again: ${again.status} ${(JSON.parse(again.body) as { messageKey?: string }).messageKey ?? ''} in ${f2(refused)} ms`)
    const [c] = await database.query<{ placed: number; distinct: number }>(`SELECT count(*)::int AS placed, count(DISTINCT carton_id)::int AS distinct FROM shipment_carton`)
    const over = data.shipments.filter((s) => s.boxes > LIMITS.maxBoxes || s.weight > LIMITS.maxWeight || s.volume > LIMITS.maxVolume).length
    const good = data.boxes === boxes && Number(c!.placed) === boxes && Number(c!.distinct) === boxes && over === 0 && again.status === 409
    if (!good) console.error(`  FAILED: boxes ${data.boxes}/${boxes}, placed ${c!.placed}, distinct ${c!.distinct}, over a limit ${over}, again ${again.status}`)
    return good
  })
}

async function main() {
  let good = true
  if (env.BENCH_PGLITE !== '0') good = (await runOne('PGlite')) && good
  const url = env.BENCH_DATABASE_URL ?? env.DATABASE_URL
  if (url) good = (await runOne('PostgreSQL', url)) && good
  if (!good) process.exit(1)
}

main().catch((e) => { console.error(e); process.exit(1) })
