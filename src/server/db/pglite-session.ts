// PGlite with prepared statements: the client drizzle and the Database handle talk to on the embedded
// database. PGlite's own `query` parses, describes and plans its text on every call and crosses into
// WebAssembly six times for it (Parse, Describe, Bind, Describe, Execute, Sync), then copies its whole
// type-parser table per call when options carry parsers (drizzle's always do). Here each distinct text
// is parsed once into a named statement (its parameter types and row shape kept), and a call is ONE
// crossing: Bind + Execute + Sync in one buffer; a transaction's BEGIN rides along with its first
// statement. The plan cache then works as on PostgreSQL (custom plans first, a generic one once it is as
// good). Same mutexes as PGlite's own methods, so it mixes safely with them; same result shape
// ({rows, fields, affectedRows}); the same serializers and parsers. At most MAX_STATEMENTS texts are
// kept (least recently used closed first); `exec` (migrations, DDL) drops them all, so no cached
// statement outlives a change of the tables it reads.
import { PGlite, protocol, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'

const { serialize } = protocol

/** Distinct statement texts kept prepared; older ones are closed (least recently used first). */
export const MAX_STATEMENTS = 1000

interface Field { name: string; dataTypeID: number }
interface Statement { name: string; paramTypes: number[]; fields: Field[] }

/** The pieces of PGlite's base class this client uses (its public, if underscored, methods). */
interface PgliteInternals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>
}

type BackendMessage = { name: string } & Record<string, unknown>

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!
  let n = 0
  for (const p of parts) n += p.length
  const out = new Uint8Array(n)
  let o = 0
  for (const p of parts) { out.set(p, o); o += p.length }
  return out
}

/** The client handed to drizzle (`drizzle({ client })`): query, exec and transaction like PGlite's. */
export interface PgliteSessionClient {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>
  exec(text: string, options?: QueryOptions): Promise<Results[]>
  transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T>
  /** Statements currently prepared (tests, diagnostics). */
  preparedCount(): number
}

export function pgliteSession(pg: PGlite): PgliteSessionClient {
  const lock = pg as unknown as PgliteInternals
  const statements = new Map<string, Statement>()
  /** Names evicted from the cache, closed in front of the next call. */
  const toClose: string[] = []
  let seq = 0

  const send = (parts: Uint8Array[]) =>
    pg.execProtocolStream(concat(parts), { syncToFs: false }) as unknown as Promise<BackendMessage[]>

  function remember(text: string, st: Statement) {
    statements.set(text, st)
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, old] = statements.entries().next().value as [string, Statement]
      statements.delete(oldText)
      toClose.push(old.name)
    }
  }

  function closing(): Uint8Array[] {
    if (!toClose.length) return []
    const parts = toClose.map((name) => serialize.close({ type: 'S', name }))
    toClose.length = 0
    return [...parts, serialize.sync()]
  }

  async function prepare(text: string, options: QueryOptions | undefined, head: Uint8Array[]): Promise<Statement> {
    const name = `wms_${(++seq).toString(36)}`
    const messages = await send([...head, ...closing(),
      serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()])
    let paramTypes: number[] = []
    let fields: Field[] = []
    for (const m of messages) {
      if (m.name === 'parameterDescription') paramTypes = m.dataTypeIDs as number[]
      else if (m.name === 'rowDescription') fields = (m.fields as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }))
    }
    const st = { name, paramTypes, fields }
    remember(text, st)
    return st
  }

  /** One statement: prepared on first sight, then Bind + Execute + Sync in one call. `head` goes first. */
  async function run<T>(text: string, params: unknown[] | undefined, options: QueryOptions | undefined, head: Uint8Array[] = []): Promise<Results<T>> {
    let st = statements.get(text)
    if (st) {
      // Most recently used last, so eviction takes the least recently used.
      statements.delete(text)
      statements.set(text, st)
    } else {
      st = await prepare(text, options, head)
      head = []
    }
    const serializers = options?.serializers
    const values = (params ?? []).map((p, i) => {
      if (p === null || p === undefined) return null
      const oid = st!.paramTypes[i]!
      const s = serializers?.[oid] ?? pg.serializers[oid]
      return s ? s(p) : String(p)
    })
    let messages: BackendMessage[]
    try {
      messages = await send([...head, ...closing(),
        serialize.bind({ statement: st.name, values: values as (string | null)[] }), serialize.execute({}), serialize.sync()])
    } catch (err) {
      // A statement whose tables changed shape under it (DDL outside `exec`) is prepared anew next time.
      const code = (err as { code?: string }).code
      if ((code === '0A000' || code === '26000') && statements.get(text) === st) {
        statements.delete(text)
        if (code === '0A000') toClose.push(st.name)
      }
      throw err
    }
    return toResults<T>(st.fields, messages, options)
  }

  function toResults<T>(fields: Field[], messages: BackendMessage[], options: QueryOptions | undefined): Results<T> {
    const custom = options?.parsers
    const parsers = fields.map((f) => custom?.[f.dataTypeID] ?? pg.parsers[f.dataTypeID])
    const asArray = options?.rowMode === 'array'
    const rows: unknown[] = []
    let affectedRows: number | undefined
    for (const m of messages) {
      if (m.name === 'dataRow') {
        const values = m.fields as (string | null)[]
        if (asArray) {
          const row = new Array(values.length)
          for (let i = 0; i < values.length; i++) { const v = values[i]!; const p = parsers[i]; row[i] = v === null ? null : p ? p(v, fields[i]!.dataTypeID) : v }
          rows.push(row)
        } else {
          const row: Record<string, unknown> = {}
          for (let i = 0; i < values.length; i++) { const v = values[i]!; const p = parsers[i]; row[fields[i]!.name] = v === null ? null : p ? p(v, fields[i]!.dataTypeID) : v }
          rows.push(row)
        }
      } else if (m.name === 'commandComplete') {
        const parts = String(m.text).split(' ')
        if (['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(parts[0]!)) affectedRows = (affectedRows ?? 0) + Number(parts[parts.length - 1])
      }
    }
    return { rows: rows as T[], fields, ...(affectedRows === undefined ? {} : { affectedRows }) }
  }

  /** A simple-protocol text (COMMIT/ROLLBACK); returns its command tag. */
  async function simple(text: string): Promise<string> {
    const messages = await send([...closing(), serialize.query(text)])
    const done = messages.find((m) => m.name === 'commandComplete')
    return done ? String(done.text) : ''
  }

  /**
   * A multi-statement text through the simple protocol (migrations, seeds, DDL). It may change the
   * tables cached statements read, so every prepared statement is closed first and prepared anew on
   * next use.
   */
  async function execText(text: string, options?: QueryOptions, head: Uint8Array[] = []): Promise<Results[]> {
    for (const st of statements.values()) toClose.push(st.name)
    statements.clear()
    const messages = await send([...head, ...closing(), serialize.query(text)])
    const sets: Results[] = []
    let fields: Field[] = []
    let from = 0
    messages.forEach((m, i) => {
      if (m.name === 'rowDescription') { fields = (m.fields as Field[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })); from = i }
      else if (m.name === 'commandComplete') { sets.push(toResults(fields, messages.slice(from, i + 1), options)); fields = []; from = i + 1 }
    })
    return sets
  }

  /** A call outside any transaction: both of PGlite's mutexes, then its file-system sync. */
  const alone = <R>(fn: () => Promise<R>) => lock._runExclusiveTransaction(async () => {
    const r = await lock._runExclusiveQuery(fn)
    await pg.syncToFs()
    return r
  })

  return {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => alone(() => run<T>(text, params, options)),
    exec: (text: string, options?: QueryOptions) => alone(() => execText(text, options)),
    preparedCount: () => statements.size,
    async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
      return lock._runExclusiveTransaction(async () => {
        // BEGIN is sent in front of the first statement (one call less); a callback that runs no
        // statement opens no transaction.
        let begun = false
        let closed = false
        const check = () => { if (closed) throw new Error('Transaction is closed') }
        const head = () => { if (begun) return []; begun = true; return [serialize.query('BEGIN')] }
        const tx: Transaction = {
          query: <R>(text: string, params?: unknown[], options?: QueryOptions) => {
            check()
            return lock._runExclusiveQuery(() => run<R>(text, params, options, head()))
          },
          sql: () => { throw new Error('tx.sql is not supported; use query') },
          exec: (text: string, options?: QueryOptions) => {
            check()
            return lock._runExclusiveQuery(() => execText(text, options, head()))
          },
          rollback: async () => {
            check()
            closed = true
            if (begun) await lock._runExclusiveQuery(() => simple('ROLLBACK'))
          },
          listen: () => { throw new Error('LISTEN inside a transaction is not supported') },
          get closed() { return closed },
        } as Transaction
        try {
          const result = await fn(tx)
          if (!closed) {
            closed = true
            if (begun) {
              const tag = await lock._runExclusiveQuery(() => simple('COMMIT'))
              // COMMIT of a transaction that failed earlier (an error swallowed by the callback) rolls back.
              if (tag === 'ROLLBACK') throw Object.assign(new Error('Transaction was aborted; COMMIT rolled it back'), { code: '25P02' })
            }
          }
          await pg.syncToFs()
          return result
        } catch (err) {
          if (!closed) {
            closed = true
            if (begun) await lock._runExclusiveQuery(() => simple('ROLLBACK'))
          }
          throw err
        }
      })
    },
  }
}
