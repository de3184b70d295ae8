// One database handle for the whole server: PGlite (embedded, default) or PostgreSQL (DATABASE_URL).
// Same SQL, same migrations, same drizzle queries. Transactions go through `tx`, which retries
// serialization failures and deadlocks on PostgreSQL (at most 5 times, with backoff). PGlite is one
// connection: its own mutex serializes transactions, so concurrent commands queue rather than interleave.
import { mkdirSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
// Trigram indexes (0019) make the lists' contains-search (ILIKE '%…%') an index lookup.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import pg from 'pg'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core'
import { acquireDataDirLock, type DataDirLock } from './lock'
import { pgliteSession } from './pglite-session'

// No schema handed to drizzle: nothing uses its relational API (db.query.*), and with a schema every
// transaction built one relational query builder per table (hundreds) before its first statement.
export type AppDb = PgDatabase<PgQueryResultHKT>
export type AppTx = PgTransaction<PgQueryResultHKT>
/** Anything that runs queries: the database or an open transaction. */
export type Queryable = AppDb | AppTx

export interface Database {
  kind: 'pglite' | 'postgres'
  db: AppDb
  /** Run `fn` in one transaction; retried on 40001/40P01 (PostgreSQL). */
  tx<T>(fn: (tx: AppTx) => Promise<T>): Promise<T>
  /** Transactions retried after a serialization failure (40001) or a deadlock (40P01), since opening (PostgreSQL; 0 on PGlite). */
  readonly retried: { serialization: number; deadlock: number }
  /** Run raw SQL text, several statements allowed (migrations, seeds). */
  exec(sqlText: string): Promise<void>
  /** Run raw SQL text (several statements) inside one transaction on one connection. */
  execTx(sqlText: string): Promise<void>
  /** Run one parameterised statement and return its rows. */
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>
  /** PGlite only: the data directory as an uncompressed tarball (tests start from a seeded copy: OpenOptions.loadDataDir). */
  dumpDataDir?(): Promise<Blob>
  close(): Promise<void>
}

export interface OpenOptions {
  /** postgres://… — when set, PostgreSQL through a node-postgres pool. */
  databaseUrl?: string
  /** PGlite data directory; 'memory://' for a throw-away in-memory database (tests). */
  dataDir?: string
  /** PGlite: start from this data directory tarball (Database.dumpDataDir) instead of an empty cluster. */
  loadDataDir?: Blob
  poolSize?: number
}

const RETRYABLE = new Set(['40001', '40P01'])
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

export async function openDatabase(opts: OpenOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10)
  return openPglite(opts.dataDir ?? './data', opts.loadDataDir)
}

async function openPostgres(url: string, max: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max })
  pool.on('error', () => { /* idle client errors are reported per query */ })
  pool.on('connect', (client) => preparePerConnection(client))
  await pool.query('select 1')
  const db = drizzlePg({ client: pool }) as unknown as AppDb
  const retried = { serialization: 0, deadlock: 0 }
  return {
    kind: 'postgres',
    db,
    retried,
    async tx(fn) {
      for (let attempt = 1; ; attempt++) {
        try {
          return await db.transaction(fn as never) as Awaited<ReturnType<typeof fn>>
        } catch (err) {
          const code = pgCode(err)
          if (!code || !RETRYABLE.has(code) || attempt >= 5) throw err
          if (code === '40P01') retried.deadlock++
          else retried.serialization++
          await sleep(10 * 2 ** attempt + Math.random() * 10)
        }
      }
    },
    async exec(text) { await pool.query(text) },
    async execTx(text) {
      const c = await pool.connect()
      try {
        await c.query('BEGIN')
        await c.query(text)
        await c.query('COMMIT')
      } catch (err) {
        await c.query('ROLLBACK').catch(() => {})
        throw err
      } finally { c.release() }
    },
    async query(text, params) { return (await pool.query(text, params as unknown[])).rows },
    async close() { await pool.end() },
  }
}

/** Distinct statements one PostgreSQL connection keeps prepared; later new texts run unprepared. */
const PREPARED_PER_CONNECTION = 400

/** A statement's name: a hash of its text, remembered per text (hashing it on every call cost CPU). */
const statementNames = new Map<string, string>()
function statementName(text: string): string {
  let name = statementNames.get(text)
  if (name === undefined) {
    name = `wms_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`
    if (statementNames.size >= 4 * PREPARED_PER_CONNECTION) statementNames.clear()
    statementNames.set(text, name)
  }
  return name
}

/**
 * Parameterised statements run as named prepared statements on PostgreSQL (the name is a hash of the
 * text), so a connection parses and plans each text once instead of on every call — half of a
 * scan's time in the database was parse and plan. Bounded per connection; statements without
 * parameters (BEGIN/COMMIT, multi-statement migrations) keep the simple protocol.
 */
function preparePerConnection(client: pg.PoolClient) {
  const names = new Set<string>()
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  ;(client as unknown as { query: (...args: unknown[]) => unknown }).query = (config: unknown, ...rest: unknown[]) => {
    let c = config
    if (typeof c === 'string' && Array.isArray(rest[0]) && rest[0].length) { c = { text: c, values: rest[0] }; rest = rest.slice(1) }
    if (c && typeof c === 'object' && !(c as pg.QueryConfig).name && typeof (c as pg.QueryConfig).text === 'string') {
      const qc = c as pg.QueryConfig
      const values = qc.values ?? (Array.isArray(rest[0]) ? rest[0] : undefined)
      if (values && values.length) {
        const name = statementName(qc.text)
        if (names.has(name) || names.size < PREPARED_PER_CONNECTION) {
          names.add(name)
          c = { ...qc, name }
        }
      }
    }
    return query(c, ...rest)
  }
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const inMemory = dataDir.startsWith('memory://')
  let lock: DataDirLock | undefined
  if (!inMemory) {
    mkdirSync(dataDir, { recursive: true })
    lock = acquireDataDirLock(dataDir)
  }
  let client: PGlite
  try {
    client = await PGlite.create(inMemory ? undefined : dataDir, { extensions: { pg_trgm }, ...(loadDataDir ? { loadDataDir } : {}) })
  } catch (err) {
    lock?.release()
    throw err
  }
  // Prepared statements, one WebAssembly crossing per statement (pglite-session.ts).
  const session = pgliteSession(client)
  const db = drizzlePglite({ client: session as unknown as PGlite }) as unknown as AppDb
  return {
    kind: 'pglite',
    db,
    // One connection, transactions queued: nothing to retry.
    retried: { serialization: 0, deadlock: 0 },
    async tx(fn) { return await db.transaction(fn as never) as Awaited<ReturnType<typeof fn>> },
    async exec(text) { await session.exec(text) },
    async execTx(text) { await session.transaction(async (t) => { await t.exec(text) }) },
    async query(text, params) { return (await session.query(text, params as unknown[])).rows as never },
    async dumpDataDir() { return await client.dumpDataDir('none') },
    async close() {
      try { await client.close() } finally { lock?.release() }
    },
  }
}

export function pgCode(err: unknown): string | undefined {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}

/** Own properties of a database error worth logging: never a parameter value. */
const LOGGED_FIELDS = ['code', 'severity', 'constraint', 'table', 'column', 'schema', 'dataType', 'routine', 'statusCode'] as const

/**
 * An error as the log may show it (the logger's `err` serializer, app.ts): type, message, SQL text,
 * PostgreSQL code and names, stack, cause — never the statement's parameters (drizzle's
 * DrizzleQueryError carries them in `params` and in its message; PGlite's errors in `params`), nor
 * PostgreSQL's `detail` ("Key (username)=(bob)"), and quoted values in a PostgreSQL message
 * (`invalid input syntax for type integer: "…"`) are blanked. Password hashes and personal data are
 * parameters: they never reach the log.
 */
export function errorForLog(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { type: typeof err, message: typeof err === 'string' ? err : '' }
  const e = err as Record<string, unknown>
  const type = (e.constructor as { name?: string } | undefined)?.name ?? 'Error'
  const sqlText = typeof e.query === 'string' ? e.query : undefined
  // Everything after drizzle's "\nparams:" is values; a database's own message may quote a value.
  let message = String(e.message ?? '').replace(/\nparams:[\s\S]*$/, '')
  if (!sqlText || !message.startsWith('Failed query:')) message = message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
  const out: Record<string, unknown> = { type, message }
  if (sqlText) out.sql = sqlText
  for (const k of LOGGED_FIELDS) if (typeof e[k] === 'string' || typeof e[k] === 'number') out[k] = e[k]
  if (typeof e.stack === 'string') out.stack = [`${type}: ${message.split('\n')[0]}`, ...e.stack.split('\n').filter((l) => /^\s+at /.test(l))].join('\n')
  if (e.cause && depth < 4) out.cause = errorForLog(e.cause, depth + 1)
  return out
}
