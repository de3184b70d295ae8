// Crash test for shipping (issue 13 §5; the pattern of outbound-crash.test.ts): a real server process
// takes a stream of shipping scans — `outbound.ship.scan` {code: tracking number} from several workers,
// each scan with its own idempotency key — and is killed with SIGKILL mid-load and restarted, three
// times. Prepared first, over HTTP against the same server code (one server run stopped cleanly before the
// load): orders of bench-only SKUs (stock added through the ledger before any server starts) created,
// validated, waved alone (whole mode), claimed and picked by scan, reviewed by scan and packed with a
// material (goods PCK-01 → PAK-01, still reserved), and their face sheets bought through the real
// `outbound.faceSheet.buy` command in batches of ten — the carrier simulator with a short delay
// (CARRIER_SIM_DELAY_MS) and no failures (CARRIER_SIM_FAIL=0), waited for until every order's face sheet
// is bought (face_sheet_status 1, tracking number on the order).
//
// Scans in flight when the process died are "in doubt": half of them are sent again with the SAME key
// after the restart (must answer 200 — the stored answer when it had committed, a fresh shipment when
// not), the other half are never touched again. Afterwards:
//   - every acknowledged scan replays its stored answer (idempotent-replay) and its order is shipped
//     (Over 4) exactly once: one set of 'ship' ledger rows taking its picked quantity off, no open
//     reservation left, its lines shipped, on one handover list;
//   - each in-doubt order is wholly shipped or wholly not (still ReadyOut, packed, goods reserved at
//     PAK-01, no 'ship' ledger row, on no handover) — never half;
//   - the goods: per SKU, what is left at PAK-01 is exactly what the unshipped orders hold reserved there,
//     and the SKU's stock over the whole warehouse is the stock added minus what the shipped orders took;
//   - every handover list's parcel count and quantity equal its shipped orders and their quantities;
//   - checkInvariants (src/server/inventory/ledger.ts) finds no violation.
// PGlite (a data directory) by default; PostgreSQL with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { loadConfig } from '../../src/server/config'
import { addStock, checkInvariants } from '../../src/server/inventory/ledger'
import { freePort, startServer, type RunningServer } from '../../bench/lib/server'
import { signIn } from '../../bench/lib/http'
import { PG_URL, createPgDatabase } from '../helpers/db'
import { SHIPPING_API, type ShipResult } from '../../commands/outbound-shipping'
import { FACE_SHEET_API } from '../../commands/outbound-face-sheets'

const ROUNDS = 3
const WORKERS = 4
/** Orders prepared for the load (packed, face sheet bought); each round ships a share of them. */
const ORDERS = 60
const STOCK_PER_SKU = 400
const PAIR = { tenantId: 1, warehouseId: 26 }
const OP = { userId: 1, username: 'admin' }

let dataDir = ''
let databaseUrl = ''
let dropPg: (() => Promise<void>) | undefined
let port = 0
let skus: { id: number; code: string }[] = []
let carrierId = 0

const start = (): Promise<RunningServer> => startServer({
  SEED_DEMO: '1', JWT_SECRET: 'outbound-ship-crash-secret-0123456789ab',
  CARRIER_SIM_DELAY_MS: '100', CARRIER_SIM_FAIL: '0', FACE_SHEET_WORKER_MS: '50',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
}, [port])

const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir })

const headersAt = async (base: string): Promise<Record<string, string>> => ({
  authorization: `Bearer ${await signIn(base, 'admin', 'Demo#2026')}`, 'x-userinfo-header': `${PAIR.tenantId}-admin-${PAIR.warehouseId}`,
  'x-language-header': 'en-US', 'content-type': 'application/json',
})

const command = (base: string, h: Record<string, string>, id: string, args: unknown, key = `oship-${randomUUID()}`) =>
  fetch(`${base}/api/commands/${id}`, { method: 'POST', headers: { ...h, 'idempotency-key': key }, body: JSON.stringify(args) })

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

interface Prepared { id: number; orderNo: string; trackingNo: string; qty: number }
interface Acked { key: string; order: Prepared; data: ShipResult }
interface InDoubt { key: string; order: Prepared }
/** The scan as the station sends it: the tracking number as typed (the server upper-cases it). */
const shipArgs = (o: Prepared) => ({ code: o.trackingNo.toLowerCase() })

beforeAll(async () => {
  port = await freePort(Array.from({ length: 20 }, (_, i) => 8370 + i))
  if (PG_URL) {
    const pg = await createPgDatabase()
    databaseUrl = pg.url
    dropPg = pg.drop
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'wms-outbound-ship-crash-'))
  }
  // Migrate and seed with the server's own code, then stock four SKUs nobody else stocks or orders on one
  // shelf through the ledger, and close: the server process owns the database from here.
  const database = await open()
  try {
    await migrate(database)
    await seedIfEmpty(database, { ...loadConfig({}), seedDemo: true })
    skus = (await database.query<{ id: number; sku_code: string }>(`
      SELECT s.id, s.sku_code FROM product_sku s WHERE s.tenant_id = $1 AND s.status = 1
        AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM outbound_order_line l WHERE l.sku_id = s.id)
        AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> s.id AND upper(x.sku_code) = upper(s.sku_code))
      ORDER BY s.id DESC LIMIT 4`, [PAIR.tenantId])).map((r) => ({ id: Number(r.id), code: r.sku_code }))
    expect(skus.length).toBe(4)
    const [shelf] = await database.query<{ id: number }>(`
      SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = $1 AND l.warehouse_id = $2 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
      ORDER BY l.code LIMIT 1`, [PAIR.tenantId, PAIR.warehouseId])
    expect(shelf).toBeDefined()
    await database.tx(async (tx) => {
      for (const s of skus) await addStock(tx, { ...PAIR, locationId: Number(shelf!.id), skuId: s.id }, STOCK_PER_SKU, { docType: 'TEST', docNo: 'T-SHIP-CRASH' }, OP)
    })
    const [ups] = await database.query<{ id: number }>(`SELECT id FROM carrier WHERE code = 'UPS'`)
    carrierId = Number(ups!.id)
  } finally {
    await database.close()
  }
}, 240_000)

afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  await dropPg?.()
})

/**
 * ORDERS orders taken through the real flow to "packed, face sheet bought" over HTTP: 1–2 lines (two
 * SKUs on every third order, so that a shipment consumes several reservations), 1–2 units a line.
 */
async function prepare(base: string, h: Record<string, string>): Promise<Prepared[]> {
  const ok = async (id: string, args: unknown) => {
    const r = await command(base, h, id, args)
    const body = await r.json()
    if (r.status !== 200) throw new Error(`${id} refused: ${r.status} ${JSON.stringify(body)}`)
    return body.data
  }
  const get = async (path: string) => {
    const r = await fetch(`${base}${path}`, { headers: h })
    const body = await r.json()
    if (r.status !== 200) throw new Error(`GET ${path}: ${r.status} ${JSON.stringify(body)}`)
    return body.data
  }
  const materials = await get(SHIPPING_API.materials) as { id: number; code: string }[]
  const bag = materials.find((m) => m.code === 'BAG-M')!
  expect(bag).toBeDefined()
  const out: Prepared[] = []
  let next = 0
  await Promise.all(Array.from({ length: WORKERS }, async () => {
    for (let i = next++; i < ORDERS; i = next++) {
      const lines = [{ code: skus[i % 4]!.code, qty: 1 + (i % 2) }, ...(i % 3 === 0 ? [{ code: skus[(i + 1) % 4]!.code, qty: 1 }] : [])]
      const o = await ok('outbound.order.create', {
        platform: 'TIKTOK', shippingMethod: 'UPS-GROUND', carrierId, consigneeName: `Crash ${i}`, consigneePhone: '+1 213 555 0100',
        address: '1 Main St', city: 'Los Angeles', state: 'CA', postcode: '90001', country: 'US', lines, sourceNo: `SHIPCRASH-${i}-${randomUUID().slice(0, 8)}`,
      }) as { id: number; orderNo: string }
      await ok('outbound.order.validate', { ids: [o.id] })
      const w = await ok('outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 }) as { tasks: string[] }
      for (const taskNo of w.tasks) {
        await ok('outbound.pickTask.claim', { taskNo })
        const task = await get(`/api/outbound/picking-tasks/by-no/${taskNo}`) as { lines: { locationCode: string; skuCode: string; remaining: number }[] }
        for (const l of task.lines) for (let q = 0; q < l.remaining; q++) await ok('outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
      }
      const v = await ok('outbound.review.start', { code: o.orderNo }) as { lines: { skuCode: string; qty: number }[]; total: number }
      expect(v.total, o.orderNo).toBe(lines.reduce((s, l) => s + l.qty, 0))
      for (const l of v.lines) await ok('outbound.review.scan', { orderNo: o.orderNo, code: l.skuCode, qty: l.qty })
      await ok('outbound.review.pack', { orderNo: o.orderNo, materialId: bag.id, weightG: 700 + i })
      out.push({ id: o.id, orderNo: o.orderNo, trackingNo: '', qty: v.total })
    }
  }))
  // Face sheets through the carrier simulator, at most ten a purchase (spec section 5).
  out.sort((a, b) => a.id - b.id)
  for (let i = 0; i < out.length; i += 10) await ok('outbound.faceSheet.buy', { orderIds: out.slice(i, i + 10).map((o) => o.id) })
  const byId = new Map(out.map((o) => [o.id, o]))
  for (const until = Date.now() + 120_000; ;) {
    for (let page = 1; ; page++) {
      const d = await get(`${FACE_SHEET_API.list}?faceSheetStatus=1&size=200&page=${page}`) as { records: { id: number; trackingNo: string | null }[] }
      for (const r of d.records) { const o = byId.get(Number(r.id)); if (o && r.trackingNo) o.trackingNo = r.trackingNo }
      if (d.records.length < 200) break
    }
    if (out.every((o) => o.trackingNo)) break
    if (Date.now() > until) throw new Error(`face sheets not bought: ${out.filter((o) => !o.trackingNo).map((o) => o.orderNo).join(', ')}`)
    await sleep(250)
  }
  return out
}

describe('crash: SIGKILL during shipping scans', () => {
  it('ships every acknowledged scan exactly once, never half an order, and keeps the ledger invariants across kills', async () => {
    let s = await start()
    let orders: Prepared[]
    try {
      orders = await prepare(s.base, await headersAt(s.base))
    } finally {
      await s.stop()
    }
    expect(orders.length).toBe(ORDERS)

    const acked: Acked[] = []
    const inDoubt: InDoubt[] = []
    const retried: InDoubt[] = []
    const keptDoubt: InDoubt[] = []
    let retriedCommitted = 0
    const queue = [...orders]
    for (let round = 0; round < ROUNDS; round++) {
      s = await start()
      const h = await headersAt(s.base)
      // Half of the scans caught by the last kill again, with their own keys: 200 either way.
      const caught = inDoubt.splice(0)
      keptDoubt.push(...caught.filter((_, i) => i % 2 === 1))
      for (const d of caught.filter((_, i) => i % 2 === 0)) {
        const r = await command(s.base, h, 'outbound.ship.scan', shipArgs(d.order), d.key)
        const body = await r.json()
        expect(r.status, `${d.order.orderNo} retried: ${JSON.stringify(body)}`).toBe(200)
        if (r.headers.get('idempotent-replay') === 'true') retriedCommitted++
        acked.push({ key: d.key, order: d.order, data: body.data })
        retried.push(d)
      }
      let killed = false
      const before = acked.length
      // Mid-load: killed the moment the round's k-th scan is acknowledged (k random), while the other
      // workers' scans are in flight — so many per round whatever the machine's speed.
      const killAt = 5 + Math.floor(Math.random() * 7)
      const worker = async () => {
        while (!killed) {
          const o = queue.shift()
          if (!o) return
          const key = `oship-${randomUUID()}`
          try {
            const r = await command(s.base, h, 'outbound.ship.scan', shipArgs(o), key)
            const body = await r.json()
            if (r.status !== 200) throw new Error(`ship ${o.orderNo} refused: ${r.status} ${JSON.stringify(body)}`)
            acked.push({ key, order: o, data: body.data })
            if (!killed && acked.length - before >= killAt) {
              expect(queue.length, `round ${round}: the load ran dry before the kill`).toBeGreaterThan(0)
              killed = true
              s.child.kill('SIGKILL')
            }
          } catch (e) {
            if (!killed) throw e
            inDoubt.push({ key, order: o }) // in flight when the process died: may or may not have committed
          }
        }
      }
      await Promise.all(Array.from({ length: WORKERS }, () => worker()))
      expect(killed, `round ${round}: the load ran dry before the kill`).toBe(true)
      await s.exited
    }
    // Scans still in doubt after the last kill are left alone; the ones retried earlier are acknowledged.
    const doubt = [...keptDoubt, ...inDoubt]
    const shippedAcked = new Set(acked.map((a) => a.order.id))
    expect(acked.length).toBeGreaterThanOrEqual(ROUNDS * 5)
    expect(shippedAcked.size, 'an order acknowledged twice').toBe(acked.length)

    s = await start()
    try {
      const h = await headersAt(s.base)
      // Every acknowledged scan is stored: its key replays the stored answer instead of shipping again.
      for (const a of acked) {
        const r = await command(s.base, h, 'outbound.ship.scan', shipArgs(a.order), a.key)
        const body = await r.json()
        expect(r.status, a.order.orderNo).toBe(200)
        expect(r.headers.get('idempotent-replay'), a.order.orderNo).toBe('true')
        expect(body.data, a.order.orderNo).toEqual(a.data)
        expect(a.data).toMatchObject({ orderNo: a.order.orderNo, trackingNo: a.order.trackingNo, qty: a.order.qty })
      }
      // A new scan of a shipped order is refused, not shipped twice.
      if (acked[0]) {
        const r = await command(s.base, h, 'outbound.ship.scan', { code: acked[0].order.trackingNo })
        expect(r.status).toBe(409)
        expect((await r.json()).messageKey).toBe('outbound:ship.errors.shipped')
      }
    } finally {
      await s.stop()
    }

    // With the server gone: the database itself.
    const database = await open()
    try {
      const ids = orders.map((o) => o.id)
      const rows = await database.query<{
        id: number; order_no: string; status: number; packing_status: number; picked_qty: number; actual_qty: number; handover_id: number | null
        lines_shipped: number; shipped_ledger: number; ship_rows: number; open_res: number; open_pak: number
      }>(`
        SELECT o.id, o.order_no, o.status, o.packing_status, o.picked_qty, o.actual_qty, o.handover_id,
          (SELECT coalesce(sum(shipped_qty), 0)::int FROM outbound_order_line WHERE order_id = o.id) AS lines_shipped,
          (SELECT coalesce(-sum(g.delta_on_hand), 0)::int FROM inventory_ledger g WHERE g.tenant_id = o.tenant_id AND g.warehouse_id = o.warehouse_id
             AND g.doc_type = 'outboundOrder' AND g.doc_no = o.order_no AND g.reason = 'ship') AS shipped_ledger,
          (SELECT count(*)::int FROM inventory_ledger g WHERE g.tenant_id = o.tenant_id AND g.warehouse_id = o.warehouse_id
             AND g.doc_type = 'outboundOrder' AND g.doc_no = o.order_no AND g.reason = 'ship') AS ship_rows,
          (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r WHERE r.tenant_id = o.tenant_id AND r.warehouse_id = o.warehouse_id
             AND r.doc_type = 'outboundOrder' AND r.doc_no = o.order_no AND r.status = 0) AS open_res,
          (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
             WHERE r.tenant_id = o.tenant_id AND r.warehouse_id = o.warehouse_id AND r.doc_type = 'outboundOrder' AND r.doc_no = o.order_no AND r.status = 0
               AND l.code = 'PAK-01') AS open_pak
        FROM outbound_order o WHERE o.id = ANY($1::int[]) ORDER BY o.id`, [ids])
      expect(rows.length).toBe(ORDERS)
      const byId = new Map(rows.map((r) => [Number(r.id), r]))
      const isShipped = (r: (typeof rows)[number]) => Number(r.status) === 4
      const wholeShipped = (r: (typeof rows)[number], qty: number) => {
        expect(Number(r.status), r.order_no).toBe(4)
        expect(Number(r.actual_qty), r.order_no).toBe(qty)
        expect(Number(r.lines_shipped), r.order_no).toBe(qty)
        expect(Number(r.shipped_ledger), r.order_no).toBe(qty) // taken off once, not twice
        expect(Number(r.open_res), r.order_no).toBe(0)
        expect(r.handover_id, r.order_no).not.toBeNull()
      }
      const wholeWaiting = (r: (typeof rows)[number], qty: number) => {
        expect(Number(r.status), r.order_no).toBe(2)
        expect(Number(r.packing_status), r.order_no).toBe(3)
        expect(Number(r.actual_qty), r.order_no).toBe(0)
        expect(Number(r.lines_shipped), r.order_no).toBe(0)
        expect(Number(r.ship_rows), r.order_no).toBe(0)
        expect(Number(r.open_res), r.order_no).toBe(qty)
        expect(Number(r.open_pak), r.order_no).toBe(qty)
        expect(r.handover_id, r.order_no).toBeNull()
      }
      // Acknowledged (first time or on a same-key retry): shipped, once.
      for (const a of acked) wholeShipped(byId.get(a.order.id)!, a.order.qty)
      // In doubt, never retried: all or nothing.
      let doubtShipped = 0
      for (const d of doubt) {
        const r = byId.get(d.order.id)!
        if (isShipped(r)) { wholeShipped(r, d.order.qty); doubtShipped++ } else wholeWaiting(r, d.order.qty)
      }
      // Never scanned: untouched.
      const touched = new Set([...acked.map((a) => a.order.id), ...doubt.map((d) => d.order.id)])
      for (const o of orders) if (!touched.has(o.id)) wholeWaiting(byId.get(o.id)!, o.qty)
      // Exactly the acknowledged and the committed in-doubt orders are shipped.
      expect(rows.filter(isShipped).length).toBe(acked.length + doubtShipped)

      // The goods: per SKU, PAK-01 holds exactly what the unshipped orders keep reserved there, and the
      // warehouse holds the stock added less what shipping took (nothing taken twice, nothing lost).
      const perSku = await database.query<{ sku_id: number; pak_on_hand: number; pak_locked: number; all_on_hand: number; shipped: number; reserved_pak: number }>(`
        SELECT s.id AS sku_id,
          (SELECT coalesce(sum(b.on_hand), 0)::int FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE b.sku_id = s.id AND b.warehouse_id = $2 AND l.code = 'PAK-01') AS pak_on_hand,
          (SELECT coalesce(sum(b.locked), 0)::int FROM inventory_balance b JOIN location l ON l.id = b.location_id WHERE b.sku_id = s.id AND b.warehouse_id = $2 AND l.code = 'PAK-01') AS pak_locked,
          (SELECT coalesce(sum(b.on_hand), 0)::int FROM inventory_balance b WHERE b.sku_id = s.id AND b.warehouse_id = $2) AS all_on_hand,
          (SELECT coalesce(sum(l.shipped_qty), 0)::int FROM outbound_order_line l JOIN outbound_order o ON o.id = l.order_id WHERE l.sku_id = s.id AND o.id = ANY($3::int[])) AS shipped,
          (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
             WHERE b.sku_id = s.id AND b.warehouse_id = $2 AND l.code = 'PAK-01' AND r.status = 0) AS reserved_pak
        FROM product_sku s WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [skus.map((x) => x.id), PAIR.warehouseId, ids])
      expect(perSku.length).toBe(4)
      const waitingQty = new Map<number, number>()
      const lineRows = await database.query<{ sku_id: number; qty: number }>(`
        SELECT l.sku_id, sum(l.picked_qty)::int AS qty FROM outbound_order_line l JOIN outbound_order o ON o.id = l.order_id
        WHERE o.id = ANY($1::int[]) AND o.status = 2 GROUP BY l.sku_id`, [ids])
      for (const r of lineRows) waitingQty.set(Number(r.sku_id), Number(r.qty))
      for (const r of perSku) {
        const sku = skus.find((x) => x.id === Number(r.sku_id))!.code
        expect(Number(r.pak_on_hand), sku).toBe(waitingQty.get(Number(r.sku_id)) ?? 0)
        expect(Number(r.pak_locked), sku).toBe(Number(r.pak_on_hand))
        expect(Number(r.reserved_pak), sku).toBe(Number(r.pak_on_hand))
        expect(Number(r.all_on_hand), sku).toBe(STOCK_PER_SKU - Number(r.shipped))
      }
      expect(perSku.reduce((sum, r) => sum + Number(r.shipped), 0)).toBeGreaterThan(0)

      // Handover lists: parcel count and quantity are their shipped orders'.
      const lists = await database.query<{ handover_no: string; parcel_count: number; qty: number; orders: number; order_qty: number }>(`
        SELECT h.handover_no, h.parcel_count, h.qty,
          (SELECT count(*)::int FROM outbound_order o WHERE o.handover_id = h.id AND o.status = 4) AS orders,
          (SELECT coalesce(sum(o.actual_qty), 0)::int FROM outbound_order o WHERE o.handover_id = h.id AND o.status = 4) AS order_qty
        FROM handover h WHERE h.tenant_id = $1 AND h.warehouse_id = $2`, [PAIR.tenantId, PAIR.warehouseId])
      expect(lists.length).toBeGreaterThan(0)
      for (const l of lists) {
        expect(Number(l.parcel_count), l.handover_no).toBe(Number(l.orders))
        expect(Number(l.qty), l.handover_no).toBe(Number(l.order_qty))
      }
      expect(lists.reduce((sum, l) => sum + Number(l.orders), 0)).toBe(rows.filter(isShipped).length)

      const { violations } = await checkInvariants(database.db, PAIR)
      expect(violations).toEqual([])
      console.log(`ship crash: ${acked.length} acknowledged (${retried.length} on a same-key retry after a kill, ${retriedCommitted} of them had committed before it), ` +
        `${doubt.length} left in doubt (${doubtShipped} had committed), ${ORDERS - touched.size} never scanned`)
    } finally {
      await database.close()
    }
  }, 900_000)
})
