// Issue 10, input and log hygiene, each cause as an attacker would send it (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): NUL bytes, ids beyond PostgreSQL's integer, years 0 and 10000, a decimal in an
// integer range filter, lone surrogates and null → 400 naming the field (translated); a failing query's
// parameters never reach the log; a signed JWT without expiry → 401; a client's x-request-id is kept
// only in a safe shape; image fields refuse javascript: URLs.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { Writable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { SignJWT, decodeJwt } from 'jose'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { buildApp, requestIdOf } from '../../src/server/app'
import { loadConfig, type Config } from '../../src/server/config'
import { seedIfEmpty } from '../../src/server/db/seed'
import { errorForLog } from '../../src/server/db/client'
import { inputErrorOf } from '../../src/server/http/errors'
import { createTestDatabase, type TestDatabase } from '../helpers/db'

const PASSWORD = 'Demo#2026'
let tdb: TestDatabase
let app: FastifyInstance
let config: Config
let token = ''
/** Every line the server logged (pino JSON), for the log-hygiene checks. */
const logLines: string[] = []

const h = (extra: Record<string, string> = {}) => ({ authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': 'en-US', ...extra })
const get = (url: string, headers = h()) => app.inject({ method: 'GET', url, headers })
const cmd = (id: string, payload: unknown, extra: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: `/api/commands/${id}`, payload: payload as object, headers: h({ 'idempotency-key': randomUUID(), ...extra }) })

/** A 400 whose errors[] name `field` with a translated message (no raw i18n key left in it). */
function expectFieldRefusal(res: LightMyRequestResponse, field: string, messageKey?: string) {
  expect(res.statusCode, res.body).toBe(400)
  const body = res.json() as { errors?: { field: string; messageKey: string; message: string }[] }
  const e = body.errors?.find((x) => x.field === field)
  expect(e, `errors[] names ${field}: ${res.body}`).toBeDefined()
  expect(e!.message).not.toMatch(/^[a-z-]+:[\w.]+$/)
  expect(e!.message).not.toContain('{{')
  if (messageKey) expect(e!.messageKey).toBe(messageKey)
}

beforeAll(async () => {
  tdb = await createTestDatabase()
  config = { ...loadConfig({}), seedDemo: true, staticDir: '/nonexistent', jwtSecret: 'test-secret-0123456789abcdef0123456789' }
  await seedIfEmpty(tdb.database, config)
  const stream = new Writable({ write(chunk, _enc, done) { logLines.push(String(chunk)); done() } })
  app = await buildApp({ config, database: tdb.database, logger: { level: 'info', stream } })
  // Test-only routes that make the database fail with a secret among the statement's parameters.
  // The secret travels in the body: the request log line carries the URL.
  app.post('/__test/failing-query', async (req) => {
    const secret = (req.body as { secret: string }).secret
    // 22012 division by zero: not an input error, so a 500 that is logged as an unhandled error.
    await tdb.database.db.execute(sql`select 1 / (select count(*) from app_user where username = ${secret} and false)::int`)
  })
  app.post('/__test/bad-cast', async (req) => {
    const secret = (req.body as { secret: string }).secret
    // 22P02 invalid text representation: the database's own message quotes the value.
    await tdb.database.db.execute(sql`select ${secret}::integer`)
  })
  await app.ready()
  const res = await app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username: 'admin', password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  token = res.json().datas.access_token
}, 300_000)
afterAll(async () => { await app?.close(); await tdb?.drop() })

describe('NUL bytes and lone surrogates', () => {
  it('sign-in username with a NUL byte → 400 naming username', async () => {
    const res = await app.inject({ method: 'POST', url: '/auth/oauth/token', payload: { username: 'ad\u0000min', password: PASSWORD } })
    expectFieldRefusal(res, 'username', 'errors:field.badText')
    const json = await app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username: 'admin\u0000', password: PASSWORD } })
    expect(json.statusCode, json.body).toBe(400)
    expect(json.json().errors[0].field).toBe('username')
  })

  it('a NUL byte in a resource field → 400 naming it with the resource label, translated', async () => {
    const res = await cmd('resource.staff.add', { username: 'nulstaff', name: 'Bad\u0000Name', phone: '+52 5512345678', departmentId: 1, workingStatus: 1 })
    expectFieldRefusal(res, 'name', 'errors:field.badText')
    const zh = await cmd('resource.staff.add', { username: 'nulstaff', name: 'Bad\u0000Name', phone: '+52 5512345678', departmentId: 1, workingStatus: 1 }, { 'x-language-header': 'zh-CN' })
    expect(zh.json().errors[0].message).toMatch(/[\u4e00-\u9fff]/)
  })

  it('a NUL byte in a query filter and in a path param → 400', async () => {
    expectFieldRefusal(await get('/api/resources/staff?q=a%00b'), 'q', 'errors:field.badText')
    const path = await get('/api/resources/staff/1%00')
    expect(path.statusCode, path.body).toBe(400)
  })

  it('a lone surrogate into a JSON column and a text column → 400 naming the field', async () => {
    // supplier.certificateFiles is jsonb: PostgreSQL refuses "\ud800" (22P05) — refused before, naming it.
    const files = await cmd('resource.supplier.add', { certificateFiles: ['https://example.com/\uD800.pdf'] })
    expectFieldRefusal(files, 'certificateFiles.0', 'errors:field.badText')
    const text = await cmd('resource.staff.add', { username: 'surrogate', name: 'x\uDC00y', phone: '+52 5512345678', departmentId: 1, workingStatus: 1 })
    expectFieldRefusal(text, 'name', 'errors:field.badText')
  })

  it('a key with a NUL byte → 400', async () => {
    const res = await cmd('resource.staff.add', { ['na\u0000me']: 'x' })
    expect(res.statusCode, res.body).toBe(400)
  })
})

describe('integers beyond PostgreSQL integer', () => {
  it('path params 2^31 and 2^63 → 400 naming id', async () => {
    for (const id of ['2147483648', '9223372036854775808']) expectFieldRefusal(await get(`/api/resources/staff/${id}`), 'id')
    expectFieldRefusal(await get('/api/stock/balances/2147483648/explain'), 'id')
  })

  it('a body id of 2^31 → 400 naming it (command and ref field)', async () => {
    expectFieldRefusal(await cmd('admin.user.forceOffline', { userId: 2 ** 31 }), 'userId', 'errors:field.tooBig')
    const ref = await cmd('resource.staff.add', { username: 'bigref', name: 'Big ref', phone: '+52 5512345678', departmentId: 2 ** 31, workingStatus: 1 })
    expectFieldRefusal(ref, 'departmentId', 'errors:field.tooBig')
    expect(ref.json().errors[0].params.max).toBe('2147483647')
  })

  it('query ids of 2^31 (export selection, picker ids) → 400', async () => {
    expectFieldRefusal(await get('/api/resources/staff/export?ids=2147483648'), 'ids.0')
    const options = await get('/api/resources/staff/options?ids=2147483648')
    expect(options.statusCode, options.body).toBe(400)
  })

  it('a decimal or 2^31 in an integer range filter → 400 naming the end', async () => {
    expectFieldRefusal(await get('/api/stock/list?onHandMin=1.5&onHandMax=10'), 'onHandMin')
    expectFieldRefusal(await get('/api/stock/list?onHandMin=1&onHandMax=2147483648'), 'onHandMax')
    const ok = await get('/api/stock/list?onHandMin=1&onHandMax=2147483647')
    expect(ok.statusCode, ok.body).toBe(200)
  })
})

describe('dates in year 0 and 10000', () => {
  it('list date ranges → 400 naming the end', async () => {
    expectFieldRefusal(await get('/api/audit-log?createdAtFrom=0000-01-01&createdAtTo=2026-01-01'), 'createdAtFrom')
    expectFieldRefusal(await get('/api/audit-log?createdAtFrom=2026-01-01&createdAtTo=10000-01-01'), 'createdAtTo')
    // The last day there is still works (no upper bound beyond 9999-12-31).
    const last = await get('/api/audit-log?createdAtFrom=2026-01-01&createdAtTo=9999-12-31')
    expect(last.statusCode, last.body).toBe(200)
  })

  it('a command date field (an order\'s expected arrival) → 400 naming it', async () => {
    const order = await cmd('inbound.order.create', { inboundType: 1, expectedArrival: '0000-01-01', lines: [{ code: 'SKU-1', qty: 1 }] })
    expectFieldRefusal(order, 'expectedArrival')
    const later = await cmd('inbound.order.create', { inboundType: 1, expectedArrival: '10000-01-01', lines: [{ code: 'SKU-1', qty: 1 }] })
    expectFieldRefusal(later, 'expectedArrival')
  })

  it('a resource date field → 400 naming it', async () => {
    for (const joinDate of ['0000-01-01', '10000-01-01', '2026-02-30']) {
      const res = await cmd('resource.staff.add', { username: 'datestaff', name: 'Date', phone: '+52 5512345678', departmentId: 1, workingStatus: 1, joinDate })
      expectFieldRefusal(res, 'joinDate')
    }
  })
})

describe('null into NOT NULL columns', () => {
  it('null for a required resource field → 400 "required" naming it', async () => {
    const res = await cmd('resource.staff.add', { username: 'nullstaff', name: null, phone: '+52 5512345678', departmentId: 1, workingStatus: 1 })
    expectFieldRefusal(res, 'name', 'errors:field.required')
  })
})

describe('the database as last line of defence', () => {
  it('maps input errors of PostgreSQL to 400 naming the column; others stay undefined', () => {
    for (const code of ['22P05', '22021', '22003', '22008', '23502', '22P02']) {
      const e = inputErrorOf(Object.assign(new Error('x'), { cause: { code, column: 'box_count' } }))
      expect(e?.status).toBe(400)
      expect(e?.fieldErrors?.[0].field).toBe('boxCount')
    }
    expect(inputErrorOf({ code: '23502', column: 'name' })?.fieldErrors?.[0].messageKey).toBe('errors:field.required')
    expect(inputErrorOf({ code: '22012' })).toBeUndefined()
    expect(inputErrorOf(new Error('plain'))).toBeUndefined()
  })

  it('a value the database refuses answers 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/__test/bad-cast', payload: { secret: 'xxx' } })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors[0].field).toBe('_')
  })
})

describe('log hygiene: failed queries are logged without their parameters', () => {
  it('a failing query with a secret parameter: SQL text and code logged, the secret nowhere', async () => {
    const secret = `$argon2id$v=19$m=19456,t=2,p=1$${randomUUID()}`
    logLines.length = 0
    const res = await app.inject({ method: 'POST', url: '/__test/failing-query', payload: { secret } })
    expect(res.statusCode).toBe(500)
    const cast = await app.inject({ method: 'POST', url: '/__test/bad-cast', payload: { secret: `pii-${randomUUID()}` } })
    expect(cast.statusCode).toBe(400)
    const log = logLines.join('')
    // The errors were logged (with SQL text and code) …
    expect(log).toContain('unhandled error')
    expect(log).toContain('22012')
    expect(log).toContain('from app_user where username')
    expect(log).toContain('22P02')
    // … and neither secret is anywhere in the log.
    expect(log).not.toContain(secret)
    expect(log).not.toContain(secret.slice(-36))
    expect(log).not.toMatch(/pii-[0-9a-f-]{36}/)
  })

  it('errorForLog drops drizzle params, PGlite params and PostgreSQL detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "app_user_username_key"'), { code: '23505', detail: 'Key (username)=(alice) already exists.', params: ['alice'], constraint: 'app_user_username_key' })
    const err = Object.assign(new Error('Failed query: insert into app_user (username) values ($1)\nparams: alice'), { query: 'insert into app_user (username) values ($1)', params: ['alice'], cause })
    const out = JSON.stringify(errorForLog(err))
    expect(out).not.toContain('alice')
    expect(out).toContain('insert into app_user')
    expect(out).toContain('23505')
    expect(out).toContain('app_user_username_key')
  })
})

describe('access tokens', () => {
  it('a token signed with the right secret but without exp → 401; the same with exp → 200', async () => {
    const claims = decodeJwt(token)
    const key = new TextEncoder().encode(config.jwtSecret!)
    const noExp = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub)).setIssuedAt().sign(key)
    const withExp = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub)).setIssuedAt().setExpirationTime('5m').sign(key)
    const noIat = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.sub)).setExpirationTime('5m').sign(key)
    expect((await get('/api/session/whoami', { ...h(), authorization: `Bearer ${withExp}` })).statusCode).toBe(200)
    expect((await get('/api/session/whoami', { ...h(), authorization: `Bearer ${noExp}` })).statusCode).toBe(401)
    expect((await get('/api/session/whoami', { ...h(), authorization: `Bearer ${noIat}` })).statusCode).toBe(401)
  })
})

describe('x-request-id', () => {
  it('keeps a safe client id, replaces anything else (and the audit row gets the replacement)', async () => {
    const good = await get('/api/session/whoami', h({ 'x-request-id': 'scan-2026.03:01_A' }))
    expect(good.headers['x-request-id']).toBe('scan-2026.03:01_A')
    const evil = `<script>alert(1)</script>${'x'.repeat(80)}`
    const bad = await get('/api/session/whoami', h({ 'x-request-id': evil }))
    expect(bad.headers['x-request-id']).not.toBe(evil)
    expect(bad.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/)
    // A command's audit row stores the request id.
    const marker = `"${'y'.repeat(70)}"`
    const res = await cmd('admin.user.forceOffline', { userId: 2 ** 31 }, { 'x-request-id': marker })
    expect(res.statusCode).toBe(400)
    const rows = await tdb.database.query<{ request_id: string }>(`SELECT request_id FROM audit_log WHERE command_id = 'admin.user.forceOffline' ORDER BY id DESC LIMIT 1`)
    expect(rows[0]?.request_id).toBe(res.headers['x-request-id'])
    expect(rows[0]?.request_id).not.toContain('yyyy')
    expect(requestIdOf(['a', 'b'])).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf('x'.repeat(65))).toMatch(/^[0-9a-f-]{36}$/)
    expect(requestIdOf('abc DEF')).toMatch(/^[0-9a-f-]{36}$/)
  })
})

describe('image fields take http(s) or this app\'s own paths only', () => {
  it('resource image field: javascript:, data: and //host refused naming it; https and /api/files accepted', async () => {
    const staff = (avatar: string, username: string) => cmd('resource.staff.add', { username, name: 'Img', phone: '+52 5512345678', departmentId: 1, workingStatus: 1, avatar })
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<script>alert(1)</script>', '//evil.example/a.png', ' javascript:alert(1)']) {
      expectFieldRefusal(await staff(bad, 'imgbad'), 'avatar', 'errors:field.url')
    }
    const ok = await staff('https://cdn.example.com/a.png', 'imgok1')
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('files fields refuse javascript: in any element', async () => {
    expectFieldRefusal(await cmd('resource.supplier.add', { certificateFiles: ['https://example.com/a.pdf', 'javascript:alert(1)'] }), 'certificateFiles.1', 'errors:field.url')
  })

  it('my profile\'s avatar: javascript: → 400 naming avatar', async () => {
    const res = await app.inject({ method: 'PUT', url: '/auth/users/edit', payload: { avatar: 'javascript:alert(document.cookie)' }, headers: h() })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain('avatar')
    const viaCmd = await cmd('admin.user.editProfile', { avatar: 'javascript:alert(1)' })
    expectFieldRefusal(viaCmd, 'avatar', 'errors:field.url')
    const fine = await cmd('admin.user.editProfile', { avatar: '/api/files/00000000-0000-4000-8000-000000000000' })
    expect(fine.statusCode, fine.body).toBe(200)
  })
})
