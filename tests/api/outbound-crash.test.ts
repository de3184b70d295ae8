// Crash test for allocation and picking (issue 12; the pattern of crash.test.ts): a real server process takes a
// stream of marketplace orders — feed pushes of the marketplace simulator's orders, each created order
// then validated (allocated on the ledger against the demo stock of warehouse 26 / tenant 1, which the
// stream soon runs short of) — every command with its own idempotency key, and is killed with SIGKILL
// mid-load and restarted, three times. Afterwards every acknowledged validation is Effective with its
// reservations present (exactly the allocation it answered) and replaying its key returns the stored
// answer instead of allocating again; every acknowledged push replays too and its orders exist once;
// no order's allocation differs from its open reservations (acknowledged or not), and the invariant
// check is clean. Fully allocated orders are then waved, claimed and picked (pick scans: the
// reservation consumed at the shelf and made again at the picked-goods location): every acknowledged
// pick is stored once (its key replays), each order's picked quantity is what its task lines and pick
// records say, and its picked goods are reserved for it at the picked-goods location.
// PGlite (a data directory) by default; PostgreSQL with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { loadConfig } from '../../src/server/config'
import { simulateMarketplaceOrders, simulatorInputFor, type SimulatorInput } from '../../src/server/integrations/marketplace-simulator'
import { freePort, startServer, type RunningServer } from '../../bench/lib/server'
import { signIn } from '../../bench/lib/http'
import { PG_URL, createPgDatabase } from '../helpers/db'
import type { FeedResult, OutboundChange } from '../../commands/outbound-orders'

const ROUNDS = 3
const WORKERS = 4
const PAIR = { tenantId: 1, warehouseId: 26 }

let dataDir = ''
let databaseUrl = ''
let dropPg: (() => Promise<void>) | undefined
let port = 0
let input: Omit<SimulatorInput, 'seed' | 'count'>

const start = (): Promise<RunningServer> => startServer({
  SEED_DEMO: '1', JWT_SECRET: 'outbound-crash-secret-0123456789abcdef',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
}, [port])

const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir })

/** The admin's request headers in the pair. */
const headersAt = async (base: string): Promise<Record<string, string>> => ({
  authorization: `Bearer ${await signIn(base, 'admin', 'Demo#2026')}`, 'x-userinfo-header': `${PAIR.tenantId}-admin-${PAIR.warehouseId}`,
  'x-language-header': 'en-US', 'content-type': 'application/json',
})

const command = (base: string, h: Record<string, string>, id: string, args: unknown, key: string) =>
  fetch(`${base}/api/commands/${id}`, { method: 'POST', headers: { ...h, 'idempotency-key': key }, body: JSON.stringify(args) })

interface Acked { key: string; command: string; args: unknown; data: unknown }

beforeAll(async () => {
  port = await freePort(Array.from({ length: 20 }, (_, i) => 8320 + i))
  if (PG_URL) {
    const pg = await createPgDatabase()
    databaseUrl = pg.url
    dropPg = pg.drop
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'wms-outbound-crash-'))
  }
  // Migrate and seed with the server's own code (the demo stock and orders included), read what the
  // simulator needs, then close: the server process owns the database from here.
  const database = await open()
  try {
    await migrate(database)
    await seedIfEmpty(database, { ...loadConfig({}), seedDemo: true })
    input = await simulatorInputFor(database.db, PAIR)
  } finally {
    await database.close()
  }
  expect(input.skus.length).toBeGreaterThan(50)
}, 240_000)

afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  await dropPg?.()
})

/** Per order of the pair: status, allocated (header, lines) and open reservations. */
async function allocationRows(database: Database) {
  return database.query<{ id: number; order_no: string; status: number; allocated_qty: number; lines_alloc: number; reserved: number }>(`
    SELECT o.id, o.order_no, o.status, o.allocated_qty,
      (SELECT coalesce(sum(allocated_qty), 0)::int FROM outbound_order_line WHERE order_id = o.id) AS lines_alloc,
      (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r WHERE r.tenant_id = o.tenant_id AND r.warehouse_id = o.warehouse_id
         AND r.doc_type = 'outboundOrder' AND r.doc_no = o.order_no AND r.status = 0) AS reserved
    FROM outbound_order o WHERE o.tenant_id = $1 AND o.warehouse_id = $2 ORDER BY o.id`, [PAIR.tenantId, PAIR.warehouseId])
}

describe('crash: SIGKILL during order feed, allocation and picking', () => {
  it('keeps every acknowledged push and validation, their reservations and the ledger invariants across kills', async () => {
    const acked: Acked[] = []
    for (let round = 0; round < ROUNDS; round++) {
      const s = await start()
      const h = await headersAt(s.base)
      let killed = false
      const run = async (id: string, args: unknown) => {
        const key = `ocrash-${randomUUID()}`
        const r = await command(s.base, h, id, args, key)
        const body = await r.json()
        if (r.status !== 200) throw new Error(`${id} refused: ${r.status} ${JSON.stringify(body)}`)
        acked.push({ key, command: id, args, data: body.data })
        return body.data
      }
      const worker = async (w: number) => {
        for (let n = 0; !killed; n++) {
          try {
            const orders = simulateMarketplaceOrders({ ...input, seed: `crash|${round}|${w}|${n}`, count: 1 + (n % 3) })
            const fed = await run('outbound.order.feed', { orders }) as FeedResult
            for (const c of fed.created) {
              const detail = await (await fetch(`${s.base}/api/outbound/orders/by-no/${c.orderNo}`, { headers: h })).json()
              const v = await run('outbound.order.validate', { ids: [Number(detail.data.order.id)] }) as { changed: OutboundChange[] }
              const ch = v.changed[0]!
              if (ch.allocatedQty !== ch.expectedQty || n % 2 === 1) continue
              // Fully reserved: wave it, claim its task and pick every line (location, then SKU).
              const wave = await run('outbound.wave.create', { orderIds: [ch.id] }) as { tasks: string[] }
              for (const taskNo of wave.tasks) {
                await run('outbound.pickTask.claim', { taskNo })
                const task = (await (await fetch(`${s.base}/api/outbound/picking-tasks/by-no/${taskNo}`, { headers: h })).json()).data
                for (const l of task.lines as { locationCode: string; skuCode: string; remaining: number }[]) {
                  for (let q = 0; q < l.remaining; q++) await run('outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
                }
              }
            }
          } catch (e) {
            if (!killed) throw e // else in flight when the process died: may or may not have committed
          }
        }
      }
      const validated = () => acked.filter((a) => a.command === 'outbound.order.validate').length
      const before = validated()
      const workers = Array.from({ length: WORKERS }, (_, w) => worker(w))
      // Mid-load: once the stream flows (a fresh server is slow to its first answers), at a random moment.
      for (const until = Date.now() + 30_000; validated() - before < 6 && Date.now() < until;) await new Promise((r) => setTimeout(r, 25))
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 500))
      killed = true
      s.child.kill('SIGKILL')
      await Promise.all(workers)
      await s.exited
    }
    const validations = acked.filter((a) => a.command === 'outbound.order.validate')
    expect(validations.length).toBeGreaterThanOrEqual(ROUNDS * 6)

    const s = await start()
    try {
      const h = await headersAt(s.base)
      // Every acknowledged command is stored: its key replays the stored answer instead of running again.
      for (const a of acked) {
        const r = await command(s.base, h, a.command, a.args, a.key)
        expect(r.status, a.key).toBe(200)
        expect(r.headers.get('idempotent-replay'), a.key).toBe('true')
        expect((await r.json()).data, a.key).toEqual(a.data)
      }
      // Every acknowledged validation: Effective (or picked since), holding exactly the reservations it answered.
      for (const v of validations) {
        const c = (v.data as { changed: OutboundChange[] }).changed[0]!
        const d = (await (await fetch(`${s.base}/api/outbound/orders/by-id/${c.id}`, { headers: h })).json()).data
        // In force, or picked (ReadyOut) when the stream went on to pick it: the reservations followed the goods.
        expect([1, 2], c.orderNo).toContain(d.order.status)
        expect(d.order.allocatedQty, c.orderNo).toBe(c.allocatedQty)
        expect(d.reservations.reduce((sum: number, x: { qty: number }) => sum + x.qty, 0), c.orderNo).toBe(c.allocatedQty)
      }
      const check = await (await command(s.base, h, 'stock.invariants.check', {}, `ocrash-check-${randomUUID()}`)).json()
      expect(check.data.violations).toEqual([])
    } finally {
      await s.stop()
    }

    // With the server gone: every order of the pair (acknowledged or caught mid-flight) allocates exactly
    // its open reservations, and each acknowledged push's platform orders exist once.
    const database = await open()
    try {
      for (const r of await allocationRows(database)) {
        expect(Number(r.allocated_qty), r.order_no).toBe(Number(r.reserved))
        expect(Number(r.lines_alloc), r.order_no).toBe(Number(r.reserved))
        if (Number(r.status) === 0) expect(Number(r.reserved), r.order_no).toBe(0)
      }
      // Picking: every acknowledged pick is one record; orders' picked quantities agree with their task
      // lines and records, and those goods are reserved for them at the picked-goods location.
      const picks = acked.filter((a) => a.command === 'outbound.pick.scan')
      expect(picks.length).toBeGreaterThan(0)
      const [{ n: records }] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM pick_record WHERE tenant_id = $1 AND warehouse_id = $2`, [PAIR.tenantId, PAIR.warehouseId])
      expect(Number(records)).toBeGreaterThanOrEqual(picks.length)
      const picked = await database.query<{ order_no: string; picked: number; lines: number; recs: number; at_cart: number }>(`
        SELECT o.order_no, o.picked_qty AS picked,
          (SELECT coalesce(sum(picked_qty), 0)::int FROM picking_task_line WHERE order_id = o.id) AS lines,
          (SELECT coalesce(sum(pr.qty), 0)::int FROM pick_record pr JOIN picking_task_line tl ON tl.id = pr.task_line_id WHERE tl.order_id = o.id) AS recs,
          (SELECT coalesce(sum(r.qty), 0)::int FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
             WHERE r.doc_type = 'outboundOrder' AND r.doc_no = o.order_no AND r.status = 0 AND l.code = 'PCK-01') AS at_cart
        FROM outbound_order o WHERE o.tenant_id = $1 AND o.warehouse_id = $2 AND o.picked_qty > 0`, [PAIR.tenantId, PAIR.warehouseId])
      expect(picked.length).toBeGreaterThan(0)
      for (const r of picked) {
        expect(Number(r.lines), r.order_no).toBe(Number(r.picked))
        expect(Number(r.recs), r.order_no).toBe(Number(r.picked))
        expect(Number(r.at_cart), r.order_no).toBe(Number(r.picked))
      }
      const pushed = acked.filter((a) => a.command === 'outbound.order.feed').flatMap((a) => (a.args as { orders: { platform: string; sourceNo: string }[] }).orders)
      const counts = await database.query<{ k: string; n: number }>(`SELECT platform || '|' || source_no AS k, count(*)::int AS n FROM outbound_order
        WHERE tenant_id = $1 AND platform || '|' || source_no = ANY($2::text[]) GROUP BY 1`, [PAIR.tenantId, pushed.map((o) => `${o.platform}|${o.sourceNo}`)])
      expect(counts.length).toBe(new Set(pushed.map((o) => `${o.platform}|${o.sourceNo}`)).size)
      expect(counts.every((c) => Number(c.n) === 1)).toBe(true)
    } finally {
      await database.close()
    }
  }, 300_000)
})
