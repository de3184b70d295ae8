// The embedded database's client (src/server/db/pglite-session.ts): prepared statements reused by
// text, values serialized and parsed by type like PGlite's own query, transactions that commit,
// roll back and refuse a COMMIT after a swallowed error, DDL through exec dropping cached statements,
// eviction past MAX_STATEMENTS, and concurrent callers serialized. PGlite only (PostgreSQL runs
// node-postgres, whose prepared statements the API suite covers there).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { PGlite } from '@electric-sql/pglite'
import { pgliteSession, MAX_STATEMENTS, type PgliteSessionClient } from '../../src/server/db/pglite-session'
import { pgCode } from '../../src/server/db/client'
import { PG_URL } from '../helpers/db'

let pg: PGlite
let s: PgliteSessionClient

beforeAll(async () => {
  pg = await PGlite.create()
  s = pgliteSession(pg)
  await s.exec(`CREATE TABLE t (id int PRIMARY KEY, name text NOT NULL, tags text[], doc jsonb, at timestamptz, flag boolean, blob bytea, n numeric(14,4));
                CREATE TABLE counter (id int PRIMARY KEY, n int NOT NULL CHECK (n >= 0)); INSERT INTO counter VALUES (1, 0);`)
}, 60_000)
afterAll(async () => { await pg?.close() })

const refusal = async (p: Promise<unknown>) => { try { await p } catch (e) { return e as Error } throw new Error('expected an error') }

describe.skipIf(!!PG_URL)('PGlite session (prepared statements)', () => {
  it('prepares a text once and reuses it with other values, serializing and parsing by type', async () => {
    const before = s.preparedCount()
    const insert = 'INSERT INTO t (id, name, tags, doc, at, flag, blob, n) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)'
    const at = new Date('2026-11-24T10:00:00Z')
    const r1 = await s.query(insert, [1, 'one', ['a', 'b,c'], { k: [1, 2] }, at, true, new Uint8Array([1, 2, 255]), '12.5'])
    const r2 = await s.query(insert, [2, 'two', null, null, null, false, null, null])
    expect(r1.affectedRows).toBe(1)
    expect(r2.affectedRows).toBe(1)
    expect(s.preparedCount()).toBe(before + 1)

    const select = 'SELECT id, name, tags, doc, at, flag, blob, n FROM t WHERE id = $1'
    const [one] = (await s.query<Record<string, unknown>>(select, [1])).rows
    expect(one).toEqual({ id: 1, name: 'one', tags: ['a', 'b,c'], doc: { k: [1, 2] }, at, flag: true, blob: new Uint8Array([1, 2, 255]), n: '12.5000' })
    const [two] = (await s.query<Record<string, unknown>>(select, [2])).rows
    expect(two).toMatchObject({ id: 2, name: 'two', tags: null, doc: null, at: null, flag: false, blob: null })
    expect(s.preparedCount()).toBe(before + 2)

    // Array rows and caller-given parsers (drizzle's way), same prepared statement.
    const arr = await s.query<unknown[]>(select, [1], { rowMode: 'array', parsers: { 1184: (v: string) => `raw:${v}` } })
    expect(arr.rows[0]![1]).toBe('one')
    expect(String(arr.rows[0]![4])).toMatch(/^raw:2026-11-24 10:00:00/)
    expect(arr.fields.map((f) => f.name)).toEqual(['id', 'name', 'tags', 'doc', 'at', 'flag', 'blob', 'n'])
    expect(s.preparedCount()).toBe(before + 2)

    const upd = await s.query('UPDATE t SET flag = NOT flag WHERE id = ANY($1::int[])', [[1, 2]])
    expect(upd.affectedRows).toBe(2)
  })

  it('commits a transaction, rolls one back on a throw, and stays usable after a statement error', async () => {
    await s.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [10, 'ten'])
      await tx.query('UPDATE t SET name = $1 WHERE id = $2', ['TEN', 10])
    })
    expect((await s.query('SELECT name FROM t WHERE id = 10')).rows).toEqual([{ name: 'TEN' }])

    const thrown = await refusal(s.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [11, 'eleven'])
      throw new Error('handler refused')
    }))
    expect(thrown.message).toBe('handler refused')
    expect((await s.query('SELECT count(*)::int AS c FROM t WHERE id = 11')).rows).toEqual([{ c: 0 }])

    // A constraint violation inside: the first write is undone too, and the next call works.
    const check = await refusal(s.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [12, 'twelve'])
      await tx.query('UPDATE counter SET n = n - $1 WHERE id = 1', [1])
    }))
    expect(pgCode(check)).toBe('23514')
    expect((await s.query('SELECT count(*)::int AS c FROM t WHERE id = 12')).rows).toEqual([{ c: 0 }])

    // A syntax error in the very first statement (BEGIN travels with it) rolls back cleanly as well.
    const syntax = await refusal(s.transaction(async (tx) => { await tx.query('SELEC 1') }))
    expect(pgCode(syntax)).toBe('42601')
    expect(pg.isInTransaction()).toBe(false)
    expect((await s.query('SELECT 1 AS one')).rows).toEqual([{ one: 1 }])
  })

  it('refuses to report a commit when the callback swallowed a statement error', async () => {
    const err = await refusal(s.transaction(async (tx) => {
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [13, 'thirteen'])
      await tx.query('INSERT INTO t (id, name) VALUES ($1, $2)', [13, 'dup']).catch(() => undefined)
    }))
    expect(pgCode(err)).toBe('25P02')
    expect((await s.query('SELECT count(*)::int AS c FROM t WHERE id = 13')).rows).toEqual([{ c: 0 }])
  })

  it('opens no transaction for a callback that runs no statement', async () => {
    expect(await s.transaction(async () => 'nothing')).toBe('nothing')
    expect(pg.isInTransaction()).toBe(false)
  })

  it('drops cached statements on exec, so a changed table is read with its new shape', async () => {
    const star = 'SELECT * FROM counter WHERE id = $1'
    expect((await s.query(star, [1])).rows).toEqual([{ id: 1, n: 0 }])
    await s.exec('ALTER TABLE counter ADD COLUMN note text DEFAULT $$x$$')
    expect(s.preparedCount()).toBe(0)
    expect((await s.query(star, [1])).rows).toEqual([{ id: 1, n: 0, note: 'x' }])
    // DDL through query (not exec): the statement whose result shape changed fails once, then is prepared anew.
    await s.query('ALTER TABLE counter ADD COLUMN extra int DEFAULT 7')
    const stale = await refusal(s.query(star, [1]))
    expect(pgCode(stale)).toBe('0A000')
    expect((await s.query(star, [1])).rows).toEqual([{ id: 1, n: 0, note: 'x', extra: 7 }])
    // exec inside a transaction: both statements commit together.
    await s.transaction(async (tx) => { await tx.exec(`UPDATE counter SET note = 'y'; UPDATE counter SET n = n + 2`) })
    expect((await s.query(star, [1])).rows).toEqual([{ id: 1, n: 2, note: 'y', extra: 7 }])
  })

  it('keeps at most MAX_STATEMENTS prepared, and an evicted text runs again', async () => {
    const first = 'SELECT $1::int + 0 AS v'
    expect((await s.query(first, [5])).rows).toEqual([{ v: 5 }])
    for (let i = 1; i <= MAX_STATEMENTS + 5; i++) await s.query(`SELECT $1::int + ${i} AS v`, [1])
    expect(s.preparedCount()).toBe(MAX_STATEMENTS)
    const [{ n }] = (await s.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_prepared_statements`)).rows
    expect(n).toBeLessThanOrEqual(MAX_STATEMENTS + 1)
    expect((await s.query(first, [7])).rows).toEqual([{ v: 7 }])
  }, 60_000)

  it('serializes concurrent transactions and queries (one connection)', async () => {
    await s.query('UPDATE counter SET n = 0 WHERE id = 1')
    await Promise.all(Array.from({ length: 20 }, (_, i) => i % 2
      ? s.transaction(async (tx) => {
        const [{ n }] = (await tx.query<{ n: number }>('SELECT n FROM counter WHERE id = 1')).rows
        await new Promise((r) => setTimeout(r, 1))
        await tx.query('UPDATE counter SET n = $1 WHERE id = 1', [n + 1])
      })
      : s.query('UPDATE counter SET n = n + 1 WHERE id = 1')))
    expect((await s.query('SELECT n FROM counter WHERE id = 1')).rows).toEqual([{ n: 20 }])
  })
})
