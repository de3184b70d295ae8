// POST /api/commands/:id and GET /api/search/documents against a real database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): permission re-check, idempotency, one transaction, audit rows.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { argsDigest, canonicalJson } from '../../src/server/commands/execute'
import { lookupsFor, rankHits, type DocumentLookup } from '../../src/server/areas/search/registry'

const PASSWORD = 'Demo#2026'
let t: TestApp

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}

const headers = (token: string, username: string, pair = '1-%s-26') => ({ authorization: `Bearer ${token}`, 'x-userinfo-header': pair.replace('%s', encodeURIComponent(username)) })

function run(token: string, username: string, commandId: string, args: unknown, key: string | null = randomUUID()) {
  return t.app.inject({
    method: 'POST', url: `/api/commands/${commandId}`, payload: args as object,
    headers: { ...headers(token, username), ...(key ? { 'idempotency-key': key } : {}) },
  })
}

async function userId(username: string): Promise<number> {
  const [r] = await t.database.query<{ id: number }>('select id from app_user where username = $1', [username])
  return Number(r.id)
}

type AuditRow = { result: string; error_code: string | null; user_id: number; tenant_id: number; warehouse_id: number; args_digest: string; summary: string; request_id: string; duration_ms: number }
/** Every audit row of a command (a change that reaches other pairs is copied into each of them, see execute.ts). */
async function allAuditRows(commandId: string, digest?: string) {
  return t.database.query<AuditRow>(
    `select * from audit_log where command_id = $1 ${digest ? 'and args_digest = $2' : ''} order by id`, digest ? [commandId, digest] : [commandId])
}
/** The rows written in the caller's own pair (admin: tenant 1, warehouse 26): one per run of the handler. */
async function auditRows(commandId: string, digest?: string) {
  return (await allAuditRows(commandId, digest)).filter((r) => Number(r.tenant_id) === 1 && Number(r.warehouse_id) === 26)
}

let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
}, 60_000)
afterAll(async () => { await t?.close() })

describe('POST /api/commands/admin.user.forceOffline', () => {
  it('by admin: revokes the target, answers the main envelope, audits ok, and the target is signed out', async () => {
    const receiver = await login('receiver')
    const before = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: headers(receiver, 'receiver') })
    expect(before.statusCode).toBe(200)
    const target = await userId('receiver')

    const res = await run(admin, 'admin', 'admin.user.forceOffline', { userId: target })
    expect(res.statusCode, res.body).toBe(200)
    const body = res.json()
    expect(body).toMatchObject({ responseCode: '0001', data: { userId: target, username: 'receiver' } })
    expect(body.data.revokedSessions).toBeGreaterThanOrEqual(1)

    const rows = await auditRows('admin.user.forceOffline', argsDigest('admin.user.forceOffline', { userId: target }))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ result: 'ok', error_code: null, tenant_id: 1, warehouse_id: 26, user_id: await userId('admin') })
    expect(rows[0].summary).toContain('receiver')
    expect(rows[0].request_id).toBeTruthy()
    expect(rows[0].args_digest).toMatch(/^[0-9a-f]{64}$/)
    // The copies in the target's other pairs are the same run: one request, nothing else.
    const all = await allAuditRows('admin.user.forceOffline', argsDigest('admin.user.forceOffline', { userId: target }))
    expect(new Set(all.map((r) => r.request_id))).toEqual(new Set([rows[0].request_id]))
    expect(new Set(all.map((r) => `${r.tenant_id}-${r.warehouse_id}`)).size).toBe(all.length)

    const after = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: headers(receiver, 'receiver') })
    expect(after.statusCode).toBe(401)
    expect(after.json().responseCode).toBe('302')
  })

  it('by receiver: 403, nothing revoked, and a refused audit row', async () => {
    const receiver = await login('receiver')
    const adminSessions = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from auth_session where user_id = $1 and revoked_at is null', [await userId('admin')]))[0].n)
    const live = await adminSessions()
    const args = { userId: await userId('admin') }
    const res = await run(receiver, 'receiver', 'admin.user.forceOffline', args)
    expect(res.statusCode).toBe(403)
    expect(res.json()).toMatchObject({ responseCode: '403', messageKey: 'errors:auth.missingPermission' })
    expect(await adminSessions()).toBe(live)
    const receiverId = await userId('receiver')
    const refused = (await auditRows('admin.user.forceOffline')).filter((r) => Number(r.user_id) === receiverId)
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ result: 'refused', error_code: 'errors:auth.missingPermission', tenant_id: 1, warehouse_id: 26 })
    expect(refused[0].args_digest).toBe(argsDigest('admin.user.forceOffline', args))
  })

  it('bad args: 400 naming userId (missing, wrong type, unknown key) and nothing audited ok', async () => {
    for (const args of [{}, { userId: 'abc' }, { userId: -1 }]) {
      const res = await run(admin, 'admin', 'admin.user.forceOffline', args)
      expect(res.statusCode, JSON.stringify(args)).toBe(400)
      expect(res.json().errors[0].field).toBe('userId')
      expect(res.json().errors[0].message).toBeTruthy()
    }
    const extra = await run(admin, 'admin', 'admin.user.forceOffline', { userId: 1, force: true })
    expect(extra.statusCode).toBe(400)
    const refused = (await auditRows('admin.user.forceOffline')).filter((r) => r.result === 'refused' && r.error_code === 'errors:validation.form')
    expect(refused.length).toBe(4)
  })

  it('an unknown user is 404 naming userId; acting on yourself is refused', async () => {
    const missing = await run(admin, 'admin', 'admin.user.forceOffline', { userId: 999999 })
    expect(missing.statusCode).toBe(404)
    expect(missing.json().errors[0]).toMatchObject({ field: 'userId', messageKey: 'commands:errors.userNotFound' })
    const self = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('admin') })
    expect(self.statusCode).toBe(400)
    expect(self.json().messageKey).toBe('commands:errors.notYourself')
  })
})

describe('idempotency', () => {
  it('the same key twice applies resetPassword once and replays the same temporary password', async () => {
    const target = await userId('shelver')
    const key = randomUUID()
    const first = await run(admin, 'admin', 'admin.user.resetPassword', { userId: target }, key)
    expect(first.statusCode, first.body).toBe(200)
    const temp = first.json().data.temporaryPassword as string
    expect(temp).toMatch(/^(?=.*[A-Z])(?=.*[a-z])(?=.*\d)(?=.*[^A-Za-z0-9]).{12}$/)
    const hashAfterFirst = (await t.database.query<{ password_hash: string; weak_password: boolean }>('select password_hash, weak_password from app_user where id = $1', [target]))[0]
    expect(hashAfterFirst.weak_password).toBe(true)

    const second = await run(admin, 'admin', 'admin.user.resetPassword', { userId: target }, key)
    expect(second.statusCode).toBe(200)
    expect(second.headers['idempotent-replay']).toBe('true')
    expect(second.json().data.temporaryPassword).toBe(temp)
    const hashAfterSecond = (await t.database.query<{ password_hash: string }>('select password_hash from app_user where id = $1', [target]))[0]
    expect(hashAfterSecond.password_hash).toBe(hashAfterFirst.password_hash)

    const ok = (await auditRows('admin.user.resetPassword', argsDigest('admin.user.resetPassword', { userId: target }))).filter((r) => r.result === 'ok')
    expect(ok).toHaveLength(1)
    expect(ok[0].summary).not.toContain(temp)

    // The temporary password signs in; the old one no longer does.
    await login('shelver', temp)
    const old = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username: 'shelver', password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(old.statusCode).toBe(401)
  })

  it('two concurrent deliveries of one key run the handler once', async () => {
    const target = await userId('reviewer')
    const key = randomUUID()
    const [a, b] = await Promise.all([0, 1].map(() => run(admin, 'admin', 'admin.user.resetPassword', { userId: target }, key)))
    expect([a.statusCode, b.statusCode]).toEqual([200, 200])
    expect(a.json().data.temporaryPassword).toBe(b.json().data.temporaryPassword)
    expect([a.headers['idempotent-replay'], b.headers['idempotent-replay']].filter(Boolean)).toEqual(['true'])
    const ok = (await auditRows('admin.user.resetPassword', argsDigest('admin.user.resetPassword', { userId: target }))).filter((r) => r.result === 'ok')
    expect(ok).toHaveLength(1)
  })

  it('the same key with other args is 409 and runs nothing', async () => {
    const key = randomUUID()
    const a = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('picker') }, key)
    expect(a.statusCode).toBe(200)
    const b = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('reviewer') }, key)
    expect(b.statusCode).toBe(409)
    expect(b.json().messageKey).toBe('commands:errors.idempotencyConflict')
    const other = await run(admin, 'admin', 'admin.user.resetPassword', { userId: await userId('picker') }, key)
    expect(other.statusCode).toBe(409)
    const reviewerOk = (await auditRows('admin.user.forceOffline', argsDigest('admin.user.forceOffline', { userId: await userId('reviewer') }))).filter((r) => r.result === 'ok')
    expect(reviewerOk).toHaveLength(0)
  })

  it('a refused command leaves its key unclaimed (the transaction rolled back)', async () => {
    const key = randomUUID()
    const refused = await run(admin, 'admin', 'admin.user.forceOffline', { userId: 999998 }, key)
    expect(refused.statusCode).toBe(404)
    const rows = await t.database.query('select 1 from idempotency_key where key = $1', [key])
    expect(rows).toHaveLength(0)
    const retried = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('shipper') }, key)
    expect(retried.statusCode).toBe(200)
  })

  it('keys belong to their user: another user may reuse the same key string', async () => {
    const key = randomUUID()
    expect((await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('weakuser') }, key)).statusCode).toBe(200)
    const supervisor = await login('supervisor')
    // The supervisor lacks the permission: a 403, not a 409 — the admin's key is not theirs.
    expect((await run(supervisor, 'supervisor', 'admin.user.forceOffline', { userId: await userId('weakuser') }, key)).statusCode).toBe(403)
  })
})

describe('refusals before running', () => {
  it('unknown command 404; a browser-only command 404; missing key 400; malformed key 400', async () => {
    const unknown = await run(admin, 'admin', 'no.such.command', {})
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().messageKey).toBe('commands:errors.unknownCommand')
    expect((await run(admin, 'admin', 'shell.logout', {})).statusCode).toBe(404)

    const noKey = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('picker') }, null)
    expect(noKey.statusCode).toBe(400)
    expect(noKey.json().errors[0]).toMatchObject({ field: 'idempotencyKey', messageKey: 'commands:errors.idempotencyKeyRequired' })
    const badKey = await run(admin, 'admin', 'admin.user.forceOffline', { userId: await userId('picker') }, 'short')
    expect(badKey.statusCode).toBe(400)
    expect(badKey.json().errors[0].field).toBe('idempotencyKey')
  })

  it('translates the refusal into the request language', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/commands/admin.user.forceOffline', payload: {}, headers: { ...headers(admin, 'admin'), 'x-language-header': 'es-MX' } })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].message).toBe('El encabezado Idempotency-Key es obligatorio')
    const bad = await t.app.inject({ method: 'POST', url: '/api/commands/admin.user.forceOffline', payload: { userId: 'x' }, headers: { ...headers(admin, 'admin'), 'idempotency-key': randomUUID(), 'x-language-header': 'es-MX' } })
    expect(bad.json().errors[0].message).toContain('Usuario')
  })

  it('no token: 401 before anything else', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/commands/admin.user.forceOffline', payload: { userId: 1 }, headers: { 'idempotency-key': randomUUID() } })
    expect(res.statusCode).toBe(401)
  })
})

describe('GET /api/search/documents', () => {
  const search = (token: string, username: string, q: string, extra = '', pair?: string) =>
    t.app.inject({ method: 'GET', url: `/api/search/documents?q=${encodeURIComponent(q)}${extra}`, headers: { ...headers(token, username, pair), 'x-language-header': 'en-US' } })

  it('admin finds a user by username, exact match first, with its screen path', async () => {
    const res = await search(admin, 'admin', 'receiver')
    expect(res.statusCode, res.body).toBe(200)
    const hits = res.json().data as { type: string; number: string; path: string; title: string; typeTitle: string }[]
    expect(hits[0]).toMatchObject({ type: 'user', number: 'receiver', typeTitle: 'User', path: `/rights/user?form=edit:${await userId('receiver')}` })
  })

  it('admin finds screens by code with their full path and translated title', async () => {
    const hits = (await search(admin, 'admin', 'inbound-order')).json().data as { type: string; number: string; path: string; title: string }[]
    const screen = hits.find((h) => h.type === 'menu' && h.number === 'inbound-order')
    expect(screen).toBeDefined()
    expect(screen!.path).toMatch(/^\/[\w-]+\/inbound-order$/)
    expect(screen!.title).not.toMatch(/^menu:/)
    expect(hits[0].number).toBe('inbound-order')
  })

  it('a receiver sees no users and only the screens granted to them', async () => {
    const receiver = await login('receiver')
    const users = (await search(receiver, 'receiver', 'receiver')).json().data as { type: string }[]
    expect(users.filter((h) => h.type === 'user')).toEqual([])
    const rights = (await search(receiver, 'receiver', 'rights')).json().data as { type: string; number: string }[]
    expect(rights).toEqual([])
    const inbound = (await search(receiver, 'receiver', 'inbound-order')).json().data as { number: string }[]
    expect(inbound.map((h) => h.number)).toContain('inbound-order')
  })

  it('screens follow the menu: warehouse filter of the current pair, no other systems, no hidden pages', async () => {
    const codes = async (q: string, pair?: string) => ((await search(admin, 'admin', q, '&limit=50', pair)).json().data as { type: string; number: string }[]).filter((h) => h.type === 'menu').map((h) => h.number)
    expect(await codes('sample-out')).toContain('sample-out-management')
    expect(await codes('sample-out', '1-%s-168')).not.toContain('sample-out-management')
    expect(await codes('oms')).toEqual([])
    expect(await codes('inbound-order')).not.toContain('inbound-order-details')
  })

  it('validates q and limit, naming the field', async () => {
    const empty = await search(admin, 'admin', '   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().errors[0].field).toBe('q')
    const limit = await search(admin, 'admin', 'a', '&limit=0')
    expect(limit.statusCode).toBe(400)
    expect(limit.json().errors[0].field).toBe('limit')
    const capped = await search(admin, 'admin', 'e', '&limit=3')
    expect(capped.json().data.length).toBeLessThanOrEqual(3)
  })

  it('LIKE wildcards in q are literal', async () => {
    const hits = (await search(admin, 'admin', '%')).json().data
    expect(hits).toEqual([])
  })
})

describe('pure helpers', () => {
  it('args digest ignores key order and undefined fields', () => {
    expect(canonicalJson({ b: 1, a: [2, { d: 1, c: undefined }] })).toBe('{"a":[2,{"d":1}],"b":1}')
    expect(argsDigest('x', { a: 1, b: 2 })).toBe(argsDigest('x', { b: 2, a: 1 }))
    expect(argsDigest('x', { a: 1 })).not.toBe(argsDigest('y', { a: 1 }))
  })
  it('lookups: a matching prefix narrows the lookups; ranking puts exact, then leading matches first', () => {
    const l = (type: string, prefixes?: string[]): DocumentLookup => ({ type, titleKey: 't', prefixes, group: 'document', opens: { path: '/x?no={no}', testId: 'x' }, search: async () => [] })
    const all = [l('inbound', ['RK']), l('outbound', ['CK']), l('user')]
    expect(lookupsFor('rk2026', all).map((x) => x.type)).toEqual(['inbound', 'user'])
    expect(lookupsFor('2026', all).map((x) => x.type)).toEqual(['inbound', 'outbound', 'user'])
    expect(rankHits([{ number: 'xab' }, { number: 'abc' }, { number: 'AB' }], 'ab').map((h) => h.number)).toEqual(['AB', 'abc', 'xab'])
  })
})
