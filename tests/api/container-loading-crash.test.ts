// Crash and concurrency test for the container-loading station (issue 21 "Tests and acceptance"): a real
// server process (node + tsx, src/server/main.ts) over a copy of the run's seeded database takes loading
// scans over HTTP on loopback.
//   1. Two stations at once: each box scanned into container A and container B by two concurrent requests —
//      exactly one is 200, the other 409 naming the winner's container (on PostgreSQL the two transactions
//      really race; PGlite runs them one after the other).
//   2. SIGKILL mid-load: workers stream box scans into container A, each with its own idempotency
//      key; the process is killed the moment the k-th scan is acknowledged and restarted on the same
//      data. Scans in flight at the kill are "in doubt": half are sent again with the SAME key
//      (200 either way), half never again. Afterwards every acknowledged scan is present exactly once
//      (one container_load_box row, carton.loading_no = A; its key replays the stored answer), each
//      in-doubt box is loaded once or not at all, nothing else is loaded, and a new scan of a loaded box
//      says "already loaded" without a second row.
// The boxes (closed, measured) and their shipment are rows written before the server starts: loading
// moves no stock, so nothing else is needed. PGlite (a data directory) by default; PostgreSQL with
// TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll, inject } from 'vitest'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { PACKING_LOCATION } from '../../src/server/db/seed/stations'
import { freePort, startServer, type RunningServer } from '../../bench/lib/server'
import { PG_URL, createPgDatabase } from '../helpers/db'

const WORKERS = 4
const RACE_BOXES = 6
const LOAD_BOXES = 40
const PAIR = { tenantId: 1, warehouseId: 26 }

let dataDir = ''
let databaseUrl = ''
let dropPg: (() => Promise<void>) | undefined
let port = 0
/** The server process of the moment: killed in afterAll should an assertion fail while it runs. */
let live: RunningServer | undefined

const start = async (): Promise<RunningServer> => {
  live = await startServer({
    SEED_DEMO: '1', JWT_SECRET: 'container-crash-secret-0123456789abcdef',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
  }, [port])
  return live
}
const open = () => openDatabase(databaseUrl ? { databaseUrl } : { dataDir })

async function headersAt(base: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}/auth/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Demo#2026' }).toString(),
  })
  const token = (await r.json()).datas.access_token as string
  return { authorization: `Bearer ${token}`, 'x-userinfo-header': `${PAIR.tenantId}-admin-${PAIR.warehouseId}`, 'x-language-header': 'en-US', 'content-type': 'application/json' }
}
const command = (base: string, h: Record<string, string>, id: string, args: unknown, key = `load-${randomUUID()}`) =>
  fetch(`${base}/api/commands/${id}`, { method: 'POST', headers: { ...h, 'idempotency-key': key }, body: JSON.stringify(args) })

const boxCode = (prefix: string, i: number) => `${prefix}-${String(i).padStart(3, '0')}`

beforeAll(async () => {
  port = await freePort(Array.from({ length: 20 }, (_, i) => 8390 + i))
  if (PG_URL) {
    const pg = await createPgDatabase(inject('seededPgTemplate'))
    databaseUrl = pg.url
    dropPg = pg.drop
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'wms-loading-crash-'))
  }
  const file = PG_URL ? undefined : inject('seededPgliteFile')
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir, ...(file ? { loadDataDir: new Blob([readFileSync(file)]) } : {}) })
  try {
    await migrate(database)
    const [pak] = await database.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $3`, [PAIR.tenantId, PAIR.warehouseId, PACKING_LOCATION])
    expect(pak).toBeDefined()
    const [task] = await database.query<{ id: number }>(`
      INSERT INTO packing_task (tenant_id, warehouse_id, task_no, status, source_location_id, pack_location_id) VALUES ($1, $2, 'ZXCRASH0001', 3, $3, $3) RETURNING id`,
    [PAIR.tenantId, PAIR.warehouseId, Number(pak!.id)])
    const [sh] = await database.query<{ id: number }>(`
      INSERT INTO shipment (tenant_id, warehouse_id, shipment_no, business_type, box_count) VALUES ($1, $2, 'FYCRASH0001', 'sea', $3) RETURNING id`,
    [PAIR.tenantId, PAIR.warehouseId, RACE_BOXES + LOAD_BOXES])
    const codes = [...Array.from({ length: RACE_BOXES }, (_, i) => boxCode('RACE', i + 1)), ...Array.from({ length: LOAD_BOXES }, (_, i) => boxCode('CRASH', i + 1))]
    for (const [i, code] of codes.entries()) {
      await database.query(`
        INSERT INTO carton (tenant_id, warehouse_id, box_code, task_id, seq, box_total, mixed, status, location_id, length, width, height, weight, volume)
        VALUES ($1, $2, $3, $4, $5, $6, true, 2, $7, 50, 40, 30, 10, 60)`, [PAIR.tenantId, PAIR.warehouseId, code, Number(task!.id), i + 1, codes.length, Number(pak!.id)])
      await database.query(`INSERT INTO shipment_carton (shipment_id, carton_id, seq) SELECT $1, id, $2 FROM carton WHERE tenant_id = $3 AND warehouse_id = $4 AND box_code = $5`,
        [Number(sh!.id), i + 1, PAIR.tenantId, PAIR.warehouseId, code])
    }
  } finally {
    await database.close()
  }
}, 240_000)

afterAll(async () => {
  if (live && live.child.exitCode === null) { live.child.kill('SIGKILL'); await live.exited }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  await dropPg?.()
})

interface Acked { key: string; code: string; body: unknown }
interface InDoubt { key: string; code: string }

describe('container loading over HTTP: two stations at once, SIGKILL mid-load', () => {
  it('one station wins each box; every acknowledged scan is present exactly once across a kill', async () => {
    // One server run: the race, then the load until the kill.
    let s = await start()
    const h = await headersAt(s.base)
    const make = async (containerNo: string) => {
      const r = await command(s.base, h, 'containers.loading.create', { containerNo, containerSize: '40HQ' })
      const body = await r.json()
      expect(r.status, JSON.stringify(body)).toBe(200)
      return body.data.loadingNo as string
    }
    const loadingA = await make('CRSU0000001')
    const loadingB = await make('CRSU0000002')
    // 1. The race: the same box into A and B at once.
    for (let i = 1; i <= RACE_BOXES; i++) {
      const code = boxCode('RACE', i)
      const [ra, rb] = await Promise.all([
        command(s.base, h, 'containers.loading.scan', { loadingNo: loadingA, code }),
        command(s.base, h, 'containers.loading.scan', { loadingNo: loadingB, code }),
      ])
      const [ba, bb] = [await ra.json(), await rb.json()]
      expect([ra.status, rb.status].sort(), `${code}: ${JSON.stringify(ba)} ${JSON.stringify(bb)}`).toEqual([200, 409])
      const loser = ra.status === 409 ? ba : bb
      expect(loser).toMatchObject({ messageKey: 'containers:errors.inOtherContainer', messageParams: { boxCode: code, containerNo: ra.status === 200 ? 'CRSU0000001' : 'CRSU0000002' } })
    }

    // 2. SIGKILL mid-load: killed the moment the k-th scan is acknowledged, the other workers' scans in flight.
    const acked: Acked[] = []
    const inDoubt: InDoubt[] = []
    const queue = Array.from({ length: LOAD_BOXES }, (_, i) => boxCode('CRASH', i + 1))
    let killed = false
    const killAt = 6 + Math.floor(Math.random() * 8)
    const worker = async () => {
      while (!killed) {
        const code = queue.shift()
        if (!code) return
        const key = `load-${randomUUID()}`
        try {
          const r = await command(s.base, h, 'containers.loading.scan', { loadingNo: loadingA, code }, key)
          const body = await r.json()
          if (r.status !== 200) throw new Error(`scan ${code} refused: ${r.status} ${JSON.stringify(body)}`)
          acked.push({ key, code, body: body.data })
          if (!killed && acked.length >= killAt) {
            expect(queue.length, 'the load ran dry before the kill').toBeGreaterThan(0)
            killed = true
            s.child.kill('SIGKILL')
          }
        } catch (e) {
          if (!killed) throw e
          inDoubt.push({ key, code }) // in flight when the process died: may or may not have committed
        }
      }
    }
    await Promise.all(Array.from({ length: WORKERS }, () => worker()))
    expect(killed, 'the load ran dry before the kill').toBe(true)
    await s.exited

    // Restarted on the same data: half of the scans in doubt are sent again with their own keys (200 either way).
    s = await start()
    const h2 = await headersAt(s.base)
    const kept = inDoubt.filter((_, i) => i % 2 === 1)
    try {
      for (const d of inDoubt.filter((_, i) => i % 2 === 0)) {
        const r = await command(s.base, h2, 'containers.loading.scan', { loadingNo: loadingA, code: d.code }, d.key)
        const body = await r.json()
        expect(r.status, `${d.code} retried: ${JSON.stringify(body)}`).toBe(200)
        acked.push({ key: d.key, code: d.code, body: body.data })
      }
      // Every acknowledged scan replays its stored answer.
      for (const a of acked) {
        const r = await command(s.base, h2, 'containers.loading.scan', { loadingNo: loadingA, code: a.code }, a.key)
        expect(r.status, a.code).toBe(200)
        expect(r.headers.get('idempotent-replay'), a.code).toBe('true')
        expect((await r.json()).data, a.code).toEqual(a.body)
      }
      // A new scan of a loaded box: "already loaded", no second row.
      const again = await command(s.base, h2, 'containers.loading.scan', { loadingNo: loadingA, code: acked[0]!.code })
      expect((await again.json()).data).toMatchObject({ loaded: [], already: [acked[0]!.code] })
    } finally {
      await s.stop()
    }
    const doubt = kept
    expect(new Set(acked.map((a) => a.code)).size, 'a box acknowledged twice').toBe(acked.length)
    expect(acked.length).toBeGreaterThanOrEqual(6)

    const database = await open()
    try {
      const rows = await database.query<{ box_code: string; rows: number; loading_no: string | null; in_a: number }>(`
        SELECT c.box_code, c.loading_no,
          (SELECT count(*)::int FROM container_load_box lb WHERE lb.carton_id = c.id) AS rows,
          (SELECT count(*)::int FROM container_load_box lb JOIN container_loading cl ON cl.id = lb.loading_id WHERE lb.carton_id = c.id AND cl.loading_no = $3) AS in_a
        FROM carton c WHERE c.tenant_id = $1 AND c.warehouse_id = $2 AND c.box_code LIKE 'CRASH-%' ORDER BY c.box_code`, [PAIR.tenantId, PAIR.warehouseId, loadingA])
      expect(rows.length).toBe(LOAD_BOXES)
      const by = new Map(rows.map((r) => [r.box_code, r]))
      for (const a of acked) {
        const r = by.get(a.code)!
        expect([Number(r.rows), Number(r.in_a), r.loading_no], a.code).toEqual([1, 1, loadingA])
      }
      let doubtLoaded = 0
      for (const d of doubt) {
        const r = by.get(d.code)!
        expect(Number(r.rows), d.code).toBeLessThanOrEqual(1)
        // The mirror column and the row agree: both written in one transaction or neither.
        expect(r.loading_no, d.code).toBe(Number(r.rows) === 1 ? loadingA : null)
        doubtLoaded += Number(r.rows)
      }
      const touched = new Set([...acked.map((a) => a.code), ...doubt.map((d) => d.code)])
      for (const r of rows) if (!touched.has(r.box_code)) expect([Number(r.rows), r.loading_no], r.box_code).toEqual([0, null])
      expect(rows.reduce((sum, r) => sum + Number(r.rows), 0)).toBe(acked.length + doubtLoaded)
      console.log(`loading crash: ${acked.length} acknowledged, ${doubt.length} left in doubt (${doubtLoaded} had committed)`)
    } finally {
      await database.close()
    }
  }, 600_000)
})
