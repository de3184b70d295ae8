// Crash test (issue 4): receipts stream into a real server process which is killed with SIGKILL
// mid-load and restarted, several times. Afterwards every acknowledged receipt is present (replaying
// its idempotency key returns the stored answer instead of receiving again), the received quantity
// lies between the acknowledged count and acknowledged + in-flight-at-kill, and the invariant check
// passes. PGlite (a data directory) by default; PostgreSQL with TEST_DATABASE_URL.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomUUID } from 'node:crypto'
import { openDatabase } from '../../src/server/db/client'
import { freePort, startServer, type RunningServer } from '../../bench/lib/server'
import { prepareReceivingOrder } from '../../bench/lib/inbound'
import { PG_URL, createPgDatabase } from '../helpers/db'

const ROUNDS = 3
const WORKERS = 6
const ORDER_NO = 'RKCRASH0001'

let dataDir = ''
let databaseUrl = ''
let dropPg: (() => Promise<void>) | undefined
let skuCode = ''
let port = 0

/** A server process on the test's port over its database (kept across restarts). */
const start = (): Promise<RunningServer> => startServer({
  SEED_DEMO: '1', LOGIN_LIMIT_ADDRESS: '100000', LOGIN_LIMIT_ACCOUNT: '100000', JWT_SECRET: 'crash-test-secret-0123456789abcdef0123',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATA_DIR: '' } : { DATA_DIR: dataDir, DATABASE_URL: '' }),
}, [port])

async function signIn(base: string): Promise<Record<string, string>> {
  const r = await fetch(`${base}/auth/oauth/token`, {
    method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: 'admin', password: 'Demo#2026' }).toString(),
  })
  const token = (await r.json()).datas.access_token as string
  return { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': 'en-US', 'content-type': 'application/json' }
}

const receive = (base: string, h: Record<string, string>, key: string) => fetch(`${base}/api/commands/inbound.receive`, {
  method: 'POST', headers: { ...h, 'idempotency-key': key }, body: JSON.stringify({ orderNo: ORDER_NO, code: skuCode, qty: 1 }),
})

beforeAll(async () => {
  port = await freePort(Array.from({ length: 20 }, (_, i) => 8290 + i))
  if (PG_URL) {
    const pg = await createPgDatabase()
    databaseUrl = pg.url
    dropPg = pg.drop
  } else {
    dataDir = mkdtempSync(join(tmpdir(), 'wms-crash-'))
  }
  // Prepare the data with the server's own code, then close it: the server process owns it from here.
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir })
  try {
    skuCode = (await prepareReceivingOrder(database, ORDER_NO, 100_000)).skuCode
  } finally {
    await database.close()
  }
}, 240_000)

afterAll(async () => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  await dropPg?.()
})

describe('crash: SIGKILL during receipts', () => {
  it('keeps every acknowledged receipt and the ledger invariants across kills and restarts', async () => {
    const acked: string[] = []
    let unknown = 0
    for (let round = 0; round < ROUNDS; round++) {
      const s = await start()
      const h = await signIn(s.base)
      let killed = false
      const worker = async () => {
        while (!killed) {
          const key = `crash-${randomUUID()}`
          try {
            const r = await receive(s.base, h, key)
            const body = await r.json()
            if (r.status === 200) acked.push(key)
            else throw new Error(`receipt refused: ${r.status} ${JSON.stringify(body)}`)
          } catch (e) {
            if (!killed) throw e
            unknown++ // in flight when the process died: may or may not have committed
          }
        }
      }
      const workers = Array.from({ length: WORKERS }, worker)
      await new Promise((r) => setTimeout(r, 700 + Math.random() * 900))
      killed = true
      s.child.kill('SIGKILL')
      await Promise.all(workers)
      await s.exited
    }
    expect(acked.length).toBeGreaterThan(ROUNDS * 5)

    const s = await start()
    try {
      const h = await signIn(s.base)
      // Every acknowledged receipt is stored: its key replays the stored answer instead of receiving again.
      for (const key of acked) {
        const r = await receive(s.base, h, key)
        expect(r.status, key).toBe(200)
        expect(r.headers.get('idempotent-replay'), key).toBe('true')
      }
      const list = await (await fetch(`${s.base}/api/stock/list?skuCode=${skuCode}&size=200`, { headers: h })).json()
      const received = (list.data.records as { onHand: number }[]).reduce((a, r) => a + r.onHand, 0)
      expect(received).toBeGreaterThanOrEqual(acked.length)
      expect(received).toBeLessThanOrEqual(acked.length + unknown)
      const check = await (await fetch(`${s.base}/api/commands/stock.invariants.check`, {
        method: 'POST', headers: { ...h, 'idempotency-key': `crash-check-${randomUUID()}` }, body: '{}',
      })).json()
      expect(check.data.violations).toEqual([])
    } finally {
      await s.stop()
    }
  }, 300_000)
})
