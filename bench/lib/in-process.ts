// In-process benches: the real app (buildApp) over a fresh database, driven with fastify.inject — the
// whole command path (permission, idempotency row, args, handler in one transaction, audit row) without a
// port or an HTTP client. One place for what every such bench needs: a fresh database (a PGlite data dir
// in tmp, or a database created through a PostgreSQL admin URL and dropped afterwards; BENCH_KEEP=1 keeps
// either), migrate + demo seed, the app, a signed-in client, and `ok` (a command that must succeed).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/server/app'
import { loadConfig } from '../../src/server/config'
import { openDatabase, type Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo'

/** The demo pair every bench works in. */
export const benchScope = { tenantId: 1, warehouseId: 26 }

/** A non-negative integer from the environment, or the default. */
export const envNum = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)

export interface BenchApp { database: Database; app: FastifyInstance; /** migrate + demo seed, seconds */ setupSeconds: number }

/**
 * Runs `fn` on a fresh database with the app built over it: PostgreSQL when `adminUrl` is given (a new
 * database `wms_bench_<name>_<hex>`), else PGlite in a temp dir. Always closes and cleans up.
 */
export async function withBenchApp<T>(name: string, adminUrl: string | undefined, fn: (b: BenchApp) => Promise<T>): Promise<T> {
  let cleanup: () => Promise<void>
  let database: Database
  if (adminUrl) {
    const db = `wms_bench_${name}_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: adminUrl })
    await admin.connect(); await admin.query(`CREATE DATABASE ${db}`); await admin.end()
    const u = new URL(adminUrl); u.pathname = `/${db}`
    database = await openDatabase({ databaseUrl: u.toString() })
    cleanup = async () => {
      if (process.env.BENCH_KEEP === '1') { console.log(`  kept database ${db}`); return }
      const c = new pg.Client({ connectionString: adminUrl }); await c.connect(); await c.query(`DROP DATABASE IF EXISTS ${db} WITH (FORCE)`); await c.end()
    }
  } else {
    const dir = mkdtempSync(join(tmpdir(), `wms-bench-${name}-`))
    database = await openDatabase({ dataDir: dir })
    cleanup = async () => { if (process.env.BENCH_KEEP === '1') console.log(`  kept ${dir}`); else rmSync(dir, { recursive: true, force: true }) }
  }
  let app: FastifyInstance | undefined
  try {
    const t0 = performance.now()
    const config = { ...loadConfig({}), seedDemo: true, staticDir: '/nonexistent', jwtSecret: 'bench-secret-0123456789abcdef0123456789' }
    await migrate(database)
    await seedIfEmpty(database, config)
    const setupSeconds = (performance.now() - t0) / 1000
    app = await buildApp({ config, database, logger: false })
    await app.ready()
    return await fn({ database, app, setupSeconds })
  } finally {
    await app?.close()
    await database.close()
    await cleanup()
  }
}

export interface BenchReply { status: number; body: string; data: any }
export interface BenchClient {
  cmd(id: string, args: unknown): Promise<BenchReply>
  /** A multipart upload of one xlsx file (field `file`) to `url`. */
  upload(url: string, content: Buffer, filename?: string): Promise<BenchReply>
}

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** Signs `username` in (demo password) and returns a client in the bench pair. */
export async function signedIn(app: FastifyInstance, username: string, scope = benchScope): Promise<BenchClient> {
  const res = await app.inject({
    method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: DEMO_PASSWORD }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  if (res.statusCode !== 200) throw new Error(`sign-in of ${username}: ${res.statusCode} ${res.body}`)
  const headers = { authorization: `Bearer ${res.json().datas.access_token}`, 'x-userinfo-header': `${scope.tenantId}-${username}-${scope.warehouseId}`, 'x-language-header': 'en-US' }
  const answer = (r: { statusCode: number; body: string; json(): any }) => ({ status: r.statusCode, body: r.body, data: r.statusCode === 200 ? r.json().data : undefined })
  return {
    async cmd(id, args) {
      return answer(await app.inject({ method: 'POST', url: `/api/commands/${id}`, payload: args as object, headers: { ...headers, 'idempotency-key': randomUUID() } }))
    },
    async upload(url, content, filename = 'upload.xlsx') {
      const boundary = `----b${randomUUID()}`
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${XLSX}\r\n\r\n`), content, Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return answer(await app.inject({ method: 'POST', url, payload, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` } }))
    },
  }
}

/** A command that must succeed: its data, or an error naming the command and the answer. */
export async function ok(c: BenchClient, id: string, args: unknown): Promise<any> {
  const r = await c.cmd(id, args)
  if (r.status !== 200) throw new Error(`${id} ${JSON.stringify(args).slice(0, 200)}: ${r.status} ${r.body.slice(0, 400)}`)
  return r.data
}
