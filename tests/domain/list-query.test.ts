// The list helper against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): query
// schema, scope, filters, sort, paging and the streamed export, without HTTP in between.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import type { FastifyReply } from 'fastify'
import { createTestDatabase, type TestDatabase } from '../helpers/db'
import { containsPattern, exportStamp, listQuerySchema, parseSort, rangeEnd, runList, streamListXlsx, contentDisposition, type ListQuery, type ListDef } from '../../src/server/http/list'
import { auditList } from '../../src/server/areas/audit/index'
import type { AuthContext } from '../../src/server/http/context'
import { AppError } from '../../src/server/http/errors'
import { RAW } from '../../src/server/http/route'

let tdb: TestDatabase
const auth = (tenantId: number, warehouseId: number): AuthContext => ({
  userId: 1, username: 'admin', employeeName: 'Admin', sessionId: 's', roles: ['admin'], permissions: new Set(), tenantId, warehouseId, token: 't', grantsVersion: '1',
})
const q = (raw: Record<string, unknown>) => listQuerySchema(auditList).parse(raw) as ListQuery

beforeAll(async () => {
  tdb = await createTestDatabase()
  // 30 rows in 26/1, 5 in 26/2 (other tenant), 4 in 168/1 (other warehouse).
  const values: string[] = []
  for (let i = 1; i <= 30; i++) {
    const result = i % 3 === 0 ? 'refused' : i % 7 === 0 ? 'error' : 'ok'
    const user = i % 2 ? 'admin' : 'supervisor'
    values.push(`(1, 26, 1, '${user}', 'admin.user.${i % 5 === 0 ? 'forceOffline' : 'resetPassword'}', 'row ${i}', '${result}', ${i * 10}, timestamptz '2026-11-01 00:00:00+00' + interval '${i} hours')`)
  }
  for (let i = 1; i <= 5; i++) values.push(`(2, 26, 9, 'other', 'admin.user.resetPassword', 'foreign tenant ${i}', 'ok', 1, timestamptz '2026-11-01 00:00:00+00')`)
  for (let i = 1; i <= 4; i++) values.push(`(1, 168, 9, 'other', 'admin.user.resetPassword', 'foreign warehouse ${i}', 'ok', 1, timestamptz '2026-11-01 00:00:00+00')`)
  values.push(`(1, 26, 1, 'admin', 'odd%_\\\\cmd', 'literal wildcards', 'ok', 5, timestamptz '2026-12-01 00:00:00+00')`)
  await tdb.database.exec(`INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, summary, result, duration_ms, created_at) VALUES ${values.join(',\n')}`)
})
afterAll(async () => { await tdb?.drop() })

describe('list query schema', () => {
  it('defaults page 1 and size 20, bounds size to 1..200', () => {
    expect(q({})).toMatchObject({ page: 1, size: 20 })
    expect(listQuerySchema(auditList).safeParse({ size: '201' }).success).toBe(false)
    expect(listQuerySchema(auditList).safeParse({ size: '0' }).success).toBe(false)
    expect(listQuerySchema(auditList).safeParse({ page: '0' }).success).toBe(false)
  })
  it('accepts only whitelisted sort fields, naming `sort`', () => {
    const r = listQuerySchema(auditList).safeParse({ sort: 'argsDigest:asc' })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0].path).toEqual(['sort'])
    expect(r.error!.issues[0].message).toBe('grid:list.badSort')
    expect(listQuerySchema(auditList).safeParse({ sort: 'createdAt:sideways' }).success).toBe(false)
    expect(parseSort('username:desc', ['username'])).toEqual({ field: 'username', dir: 'desc' })
    expect(parseSort('username', ['username'])).toEqual({ field: 'username', dir: 'asc' })
  })
  it('enum filters accept repeated keys and refuse unknown values', () => {
    expect(q({ result: 'ok' }).result).toEqual(['ok'])
    expect(q({ result: ['ok', 'error'] }).result).toEqual(['ok', 'error'])
    expect(listQuerySchema(auditList).safeParse({ result: 'maybe' }).success).toBe(false)
  })
  it('a range needs both ends and names the missing one', () => {
    const r = listQuerySchema(auditList).safeParse({ createdAtFrom: '2026-11-01' })
    expect(r.success).toBe(false)
    expect(r.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['createdAtTo', 'grid:list.rangeNeedsBoth']])
    expect(listQuerySchema(auditList).safeParse({ createdAtFrom: 'yesterday', createdAtTo: '2026-11-02' }).success).toBe(false)
  })
  it('selected export ids: at least one, at most 50, digits only', () => {
    const s = listQuerySchema(auditList, { forExport: true })
    expect(s.safeParse({ ids: Array.from({ length: 50 }, (_, i) => String(i + 1)) }).success).toBe(true)
    const over = s.safeParse({ ids: Array.from({ length: 51 }, (_, i) => String(i + 1)) })
    expect(over.error!.issues[0]).toMatchObject({ path: ['ids'], message: 'grid:export.tooMany' })
    expect(s.safeParse({ ids: ['1; drop table x'] }).success).toBe(false)
  })
  it('escapes LIKE wildcards; date-only `to` covers the whole day', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%')
    expect(rangeEnd('2026-11-01').toISOString()).toBe('2026-11-02T00:00:00.000Z')
    expect(exportStamp(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02-03-04-05')
    expect(contentDisposition('op-2026.xlsx')).toBe(`attachment; filename="op-2026.xlsx"; filename*=UTF-8''op-2026.xlsx`)
  })
})

describe('runList', () => {
  const db = () => tdb.database.db
  it('pages within the caller scope only, with the total', async () => {
    const p1 = await runList(db(), auditList, q({ size: '20' }), auth(1, 26))
    expect(p1.total).toBe(31)
    expect(p1.records).toHaveLength(20)
    const p2 = await runList(db(), auditList, q({ size: '20', page: '2' }), auth(1, 26))
    expect(p2.records).toHaveLength(11)
    const ids = new Set([...p1.records, ...p2.records].map((r) => r.id))
    expect(ids.size).toBe(31)
    expect([...p1.records, ...p2.records].every((r) => !String(r.summary).startsWith('foreign'))).toBe(true)
    const past = await runList(db(), auditList, q({ page: '9' }), auth(1, 26))
    expect(past).toMatchObject({ records: [], total: 31, page: 9 })
    const other = await runList(db(), auditList, q({}), auth(2, 26))
    expect(other.total).toBe(5)
  })
  it('sorts by the requested column, default newest first', async () => {
    const def = await runList(db(), auditList, q({ size: '200' }), auth(1, 26))
    const times = def.records.map((r) => (r.createdAt as Date).getTime())
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const byDur = await runList(db(), auditList, q({ size: '200', sort: 'durationMs:asc' }), auth(1, 26))
    const d = byDur.records.map((r) => r.durationMs as number)
    expect(d).toEqual([...d].sort((a, b) => a - b))
    expect(d[0]).toBe(5)
  })
  it('filters: text (literal wildcards), enum, date range', async () => {
    const text = await runList(db(), auditList, q({ commandId: 'FORCEoffline' }), auth(1, 26))
    expect(text.total).toBe(6)
    const pct = await runList(db(), auditList, q({ commandId: '%_' }), auth(1, 26))
    expect(pct.records.map((r) => r.summary)).toEqual(['literal wildcards'])
    const refused = await runList(db(), auditList, q({ result: 'refused', size: '200' }), auth(1, 26))
    expect(refused.total).toBe(10)
    expect(refused.records.every((r) => r.result === 'refused')).toBe(true)
    const two = await runList(db(), auditList, q({ result: ['refused', 'error'] }), auth(1, 26))
    expect(two.total).toBe(10 + 3) // 7, 14, 28 are 'error' (21 is a multiple of 3 → refused)
    // 2026-11-01 01:00 … 2026-11-01 23:00 → 23 rows on Nov 1st, date-only `to` includes the day.
    const day = await runList(db(), auditList, q({ createdAtFrom: '2026-11-01', createdAtTo: '2026-11-01' }), auth(1, 26))
    expect(day.total).toBe(23)
    const combined = await runList(db(), auditList, q({ createdAtFrom: '2026-11-01', createdAtTo: '2026-11-01', username: 'super', result: 'ok' }), auth(1, 26))
    expect(combined.records.every((r) => r.username === 'supervisor' && r.result === 'ok')).toBe(true)
    expect(combined.total).toBe(combined.records.length)
  })
})

describe('contains-search pages (matches sorted on their own)', () => {
  // The same list with the sorted-matches plan off (cap 0) is the reference: every page of every
  // sort must come out identical, total included, whichever plan ran.
  const plain: ListDef<any> = { ...auditList, searchSortCap: 0 }
  /** The database with its raw-statement calls counted (the sorted-matches plan is one such call). */
  function counted() {
    const db = tdb.database.db
    const calls = { execute: 0 }
    const spy = Object.create(db) as typeof db
    spy.execute = ((...a: Parameters<typeof db.execute>) => { calls.execute++; return db.execute(...a) }) as typeof db.execute
    return { spy, calls }
  }
  const cases: Record<string, unknown>[] = [
    { commandId: 'admin.user' }, { commandId: 'admin.user', sort: 'durationMs:desc' }, { username: 'ADMIN', sort: 'username:asc' },
    { commandId: 'user.', sort: 'result:desc' }, { commandId: 'reset', result: 'ok', sort: 'createdAt:asc' }, { username: 'super', sort: 'commandId:asc' },
  ]
  it('gives the plain query\'s pages and totals, on every page and past the end, in one statement', async () => {
    for (const c of cases) {
      const all = await runList(tdb.database.db, plain, q({ ...c, size: '200' }), auth(1, 26))
      expect(all.total).toBeGreaterThan(7) // several pages of 7 below
      for (let page = 1; page <= Math.ceil(all.total / 7) + 1; page++) {
        const query = q({ ...c, size: '7', page: String(page) })
        const { spy, calls } = counted()
        const fast = await runList(spy, auditList, query, auth(1, 26))
        expect(calls.execute, JSON.stringify(c)).toBe(1)
        const ref = await runList(tdb.database.db, plain, query, auth(1, 26))
        expect(fast, `${JSON.stringify(c)} page ${page}`).toEqual(ref)
        expect(fast.records.map((r) => r.id)).toEqual(all.records.slice((page - 1) * 7, page * 7).map((r) => r.id))
        expect(fast.total).toBe(all.total)
      }
    }
  })
  it('stays in scope, finds nothing as an empty page, and hands a match larger than the cap to the plain query', async () => {
    const other = await runList(tdb.database.db, auditList, q({ commandId: 'admin.user', size: '200' }), auth(2, 26))
    expect(other.total).toBe(5)
    expect(other.records.every((r) => String(r.summary).startsWith('foreign tenant'))).toBe(true)
    expect(await runList(tdb.database.db, auditList, q({ commandId: 'no-such-command' }), auth(1, 26))).toMatchObject({ records: [], total: 0 })
    const capped: ListDef<any> = { ...auditList, searchSortCap: 5 }
    const { spy, calls } = counted()
    const over = await runList(spy, capped, q({ commandId: 'admin.user', size: '7', sort: 'durationMs:asc' }), auth(1, 26))
    expect(calls.execute).toBe(1) // tried, more than 5 matches: the plain page and count answered
    expect(over).toEqual(await runList(tdb.database.db, plain, q({ commandId: 'admin.user', size: '7', sort: 'durationMs:asc' }), auth(1, 26)))
    expect(over.total).toBe(30)
  })
})

describe('streamListXlsx', () => {
  function fakeReply() {
    const headers: Record<string, string> = {}
    const reply = { header(k: string, v: string) { headers[k] = v; return reply } }
    return { reply: reply as unknown as FastifyReply, headers }
  }
  async function read(result: unknown) {
    const stream = (result as { [RAW]: true; value: NodeJS.ReadableStream }).value
    const chunks: Buffer[] = []
    for await (const c of stream) chunks.push(Buffer.from(c as Buffer))
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(Buffer.concat(chunks) as never)
    return wb.worksheets[0]
  }
  const columns = [{ key: 'id', titleKey: 'audit:col.id' }, { key: 'summary', titleKey: 'audit:col.summary' }, { key: 'createdAt', titleKey: 'audit:col.createdAt' }]
  it('streams every row of the filter in small chunks, scoped, with a stamped file name', async () => {
    const { reply, headers } = fakeReply()
    const res = await streamListXlsx({ db: tdb.database.db, def: auditList, query: q({ result: 'ok' }), auth: auth(1, 26), reply, lang: 'en', columns, fileBase: 'operation-log', chunk: 4 })
    expect(headers['content-disposition']).toMatch(/^attachment; filename="operation-log-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.xlsx"/)
    const sheet = await read(res)
    expect(sheet.rowCount).toBe(1 + 18) // header + the 18 'ok' rows of 26/1
    const summaries = sheet.getColumn(2).values.slice(2) as string[]
    expect(summaries.some((s) => s.startsWith('foreign'))).toBe(false)
    expect(new Set(summaries).size).toBe(18) // no row repeated or skipped across chunk borders
    expect(sheet.getCell('C2').value).toBeInstanceOf(Date)
  })
  it('exports only selected ids (still scoped), and refuses an empty export before streaming', async () => {
    const page = await runList(tdb.database.db, auditList, q({ size: '3' }), auth(2, 26))
    const foreign = page.records.map((r) => String(r.id))
    const mine = (await runList(tdb.database.db, auditList, q({ size: '2' }), auth(1, 26))).records.map((r) => String(r.id))
    const { reply } = fakeReply()
    const sheet = await read(await streamListXlsx({ db: tdb.database.db, def: auditList, query: { ...q({}), ids: [...mine, ...foreign] }, auth: auth(1, 26), reply, lang: 'en', columns, fileBase: 'x' }))
    expect((sheet.getColumn(1).values.slice(2) as number[]).map(String).sort()).toEqual([...mine].sort())
    await expect(streamListXlsx({ db: tdb.database.db, def: auditList, query: q({ commandId: 'nothing-like-this' }), auth: auth(1, 26), reply, lang: 'en', columns, fileBase: 'x' }))
      .rejects.toSatisfy((e: unknown) => e instanceof AppError && e.status === 400 && e.messageKey === 'grid:export.noData')
  })
})
