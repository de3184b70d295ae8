// Sign-in, tokens, sessions and tenancy against a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL). One app per file; every login comes from its own address (x-forwarded-for) so
// the sign-in brake only trips in the tests that fail on purpose (tests/api/auth-hardening.test.ts
// plays the attacker in full).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { SignJWT } from 'jose'
import { createTestApp, type TestApp } from '../helpers/app'
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo'
import { loadSigningKey } from '../../src/server/areas/auth/tokens'
import { parseUserInfoHeader } from '../../src/server/areas/auth/service'

let t: TestApp
let ipSeq = 0
const nextIp = () => `10.1.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`
const EN = { 'x-language-header': 'en-US' }

// The tests stand behind a trusted proxy so x-forwarded-for can play many client addresses.
beforeAll(async () => { t = await createTestApp({ trustProxy: true }) }, 60_000)
afterAll(async () => { await t?.close() })

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString()
}

async function loginForm(username: string, password: string, ip = nextIp()) {
  return t.app.inject({
    method: 'POST', url: '/auth/oauth/token',
    headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    payload: form({ username, password, deviceId: 'vitest', validCode: '' }),
  })
}

async function login(username: string, password = DEMO_PASSWORD) {
  const res = await loginForm(username, password)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas as { access_token: string; refresh_token: string; jwt_token: string; expires_in: number; weakPassword: boolean; userId: number }
}

const bearer = (token: string, extra: Record<string, string> = {}) => ({ ...EN, authorization: `Bearer ${token}`, ...extra })
const pair = (tenantId: number, username: string, warehouseId: number) => ({ 'x-userinfo-header': `${tenantId}-${encodeURIComponent(username)}-${warehouseId}` })

async function current(token: string) {
  return t.app.inject({ method: 'GET', url: '/auth/users/current', headers: bearer(token) })
}

describe('sign-in', () => {
  it('form sign-in returns datas.access_token in the main envelope', async () => {
    const res = await loginForm('admin', DEMO_PASSWORD)
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.responseCode).toBe('0001')
    expect(body.datas.access_token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(body.datas.refresh_token).toMatch(/^[\w-]{43}$/)
    expect(body.datas.jwt_token).toBe(body.datas.access_token)
    expect(body.datas.expires_in).toBe(t.config.accessTokenTtlSec)
    expect(body.datas.weakPassword).toBe(false)
    // The token works on a protected call and names the right user.
    const me = await current(body.datas.access_token)
    expect(me.json()).toMatchObject({ code: 0, data: { username: 'admin', employeeName: 'Admin', roles: expect.arrayContaining(['admin']) } })
  })

  it('JSON sign-in returns the same pair in the second envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', headers: { ...EN, 'x-forwarded-for': nextIp() }, payload: { username: 'receiver', password: DEMO_PASSWORD, deviceId: 'pda-7' } })
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(0)
    expect(typeof body.data.access_token).toBe('string')
    const me = await current(body.data.access_token)
    expect(me.json().data.username).toBe('receiver')
  })

  it('wrong password and unknown user get the same 401 message', async () => {
    const wrong = await loginForm('admin', 'Nope#2026x')
    const unknown = await loginForm('nobody-here', DEMO_PASSWORD)
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ responseCode: '302', messageKey: 'auth:invalidCredentials', responseDesc: 'Incorrect username or password.' })
    }
  })

  it('a malformed body is a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'POST', url: '/auth/oauth/token',
      headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': nextIp() },
      payload: form({ password: DEMO_PASSWORD }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'username', messageKey: 'errors:field.required', message: 'Username is required' })
    const badType = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', headers: { ...EN, 'x-forwarded-for': nextIp() }, payload: { username: 'admin', password: DEMO_PASSWORD, validCode: 1234 } })
    expect(badType.statusCode).toBe(400)
    expect(badType.json().errors[0].field).toBe('validCode')
  })

  it('a weak password is flagged at sign-in', async () => {
    const weak = await login('weakuser', 'weak1234')
    expect(weak.weakPassword).toBe(true)
  })

  it('a disabled user cannot sign in, and their open session stops working', async () => {
    const open = await login('reviewer')
    await t.database.query(`UPDATE app_user SET status = 0 WHERE username = 'reviewer'`)
    try {
      const res = await loginForm('reviewer', DEMO_PASSWORD)
      expect(res.statusCode).toBe(401)
      expect(res.json().messageKey).toBe('auth:disabled')
      const me = await current(open.access_token)
      expect(me.statusCode).toBe(401)
    } finally {
      await t.database.query(`UPDATE app_user SET status = 1 WHERE username = 'reviewer'`)
    }
  })
})

describe('access tokens', () => {
  it('a tampered token is refused', async () => {
    const { access_token } = await login('shelver')
    const [h, p, s] = access_token.split('.')
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString())
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, sub: '1', username: 'admin' })).toString('base64url')}.${s}`
    for (const tok of [forged, `${access_token}x`, 'not-a-jwt']) {
      const res = await current(tok)
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 401, msg: 'Verification failed, please Login again.' })
    }
  })

  it('an expired token, a foreign secret and another algorithm are refused', async () => {
    const { access_token } = await login('shelver')
    const claims = JSON.parse(Buffer.from(access_token.split('.')[1], 'base64url').toString())
    const secret = new TextEncoder().encode(t.config.jwtSecret!)
    const now = Math.floor(Date.now() / 1000)
    const expired = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub).setIssuedAt(now - 3600).setExpirationTime(now - 60).sign(secret)
    const foreign = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub).setIssuedAt(now).setExpirationTime(now + 600).sign(new TextEncoder().encode('another-secret-0123456789abcdef0123'))
    const hs512 = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS512' })
      .setSubject(claims.sub).setIssuedAt(now).setExpirationTime(now + 600).sign(secret)
    const fresh = await new SignJWT({ sid: claims.sid, username: claims.username }).setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub).setIssuedAt(now).setExpirationTime(now + 600).sign(secret)
    for (const tok of [expired, foreign, hs512]) expect((await current(tok)).statusCode).toBe(401)
    // Control: the same claims, correctly signed and unexpired, are accepted.
    expect((await current(fresh)).statusCode).toBe(200)
  })

  it('x-sso-auth carries the token when authorization is the pre-login basic credential', async () => {
    const { jwt_token } = await login('picker')
    const res = await t.app.inject({ method: 'GET', url: '/auth/users/current', headers: { ...EN, authorization: 'Basic d21zOndtcw==', 'x-sso-auth': jwt_token } })
    expect(res.json().data.username).toBe('picker')
    const none = await t.app.inject({ method: 'GET', url: '/auth/users/current', headers: { ...EN, authorization: 'Basic d21zOndtcw==' } })
    expect(none.statusCode).toBe(401)
  })
})

describe('signing secret and pair header', () => {
  it('without JWT_SECRET one secret is generated and kept in the database across restarts', async () => {
    const a = await loadSigningKey(t.database)
    const b = await loadSigningKey(t.database)
    expect(a.length).toBeGreaterThanOrEqual(48)
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true)
    expect((await t.database.query(`SELECT count(*)::int AS n FROM server_secret WHERE name = 'jwt'`))[0]).toEqual({ n: 1 })
  })

  it('parses tenant-username-warehouse with dashes and escapes in the name', () => {
    expect(parseUserInfoHeader('1-jean-luc%40dc-26')).toEqual({ tenantId: 1, username: 'jean-luc@dc', warehouseId: 26 })
    expect(parseUserInfoHeader('2-%E7%8E%8B%E4%BC%9F-168')).toEqual({ tenantId: 2, username: '王伟', warehouseId: 168 })
    expect(parseUserInfoHeader('x-admin-26')).toBeUndefined()
    expect(parseUserInfoHeader('1-admin')).toBeUndefined()
    expect(parseUserInfoHeader('1-%E0%A4%A-26')).toBeUndefined()
  })
})

describe('refresh tokens', () => {
  it('rotate, and a reused token revokes the whole session', async () => {
    const first = await login('shipper')
    const r1 = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: first.refresh_token } })
    expect(r1.statusCode).toBe(200)
    const second = r1.json().data
    expect(second.refresh_token).not.toBe(first.refresh_token)
    expect((await current(second.access_token)).statusCode).toBe(200)
    const r2 = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: second.refresh_token } })
    expect(r2.statusCode).toBe(200)
    const third = r2.json().data

    // Replaying the first (rotated) token: theft signal.
    const replay = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: first.refresh_token } })
    expect(replay.statusCode).toBe(401)
    expect(replay.json()).toMatchObject({ code: 401, messageKey: 'auth:refreshReused' })
    // Everything of that session is dead now, including the newest pair.
    expect((await current(third.access_token)).statusCode).toBe(401)
    const after = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: third.refresh_token } })
    expect(after.statusCode).toBe(401)
  })

  it('an unknown or missing refresh token is refused', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: 'A'.repeat(43) } })
    expect(unknown.statusCode).toBe(401)
    const missing = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: {} })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0].field).toBe('refreshToken')
  })
})

describe('sign-out and force offline', () => {
  it('logout revokes the session: the next call is 401', async () => {
    const s = await login('picker')
    const notice = await t.app.inject({ method: 'POST', url: '/auth/oauth/offline-notice', headers: bearer(s.access_token), payload: { userName: 'picker' } })
    expect(notice.json()).toMatchObject({ code: 0 })
    const audit = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_log WHERE command_id = 'auth.offline-notice' AND username = 'picker'`)
    expect(audit[0].n).toBeGreaterThan(0)
    const mismatch = await t.app.inject({ method: 'POST', url: '/auth/oauth/offline-notice', headers: bearer(s.access_token), payload: { userName: 'admin' } })
    expect(mismatch.statusCode).toBe(400)
    expect(mismatch.json().errors[0].field).toBe('userName')

    const out = await t.app.inject({ method: 'DELETE', url: '/auth/oauth/remove/token', headers: bearer(s.access_token) })
    expect(out.json()).toMatchObject({ code: 0 })
    expect((await current(s.access_token)).statusCode).toBe(401)
    // Its refresh token died with it.
    const r = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: EN, payload: { refreshToken: s.refresh_token } })
    expect(r.statusCode).toBe(401)
  })

  it('admin forces a user offline; a receiver may not', async () => {
    const admin = await login('admin')
    const target1 = await login('shelver')
    const target2 = await login('shelver')
    const receiver = await login('receiver')
    const shelverId = target1.userId

    const denied = await t.app.inject({ method: 'DELETE', url: `/auth/offline/${shelverId}`, headers: bearer(receiver.access_token, pair(1, 'receiver', 26)) })
    expect(denied.statusCode).toBe(403)
    expect(denied.json().messageKey).toBe('errors:auth.missingPermission')
    expect((await current(target1.access_token)).statusCode).toBe(200)

    const res = await t.app.inject({ method: 'DELETE', url: `/auth/offline/${shelverId}`, headers: bearer(admin.access_token, pair(1, 'admin', 26)) })
    expect(res.statusCode).toBe(200)
    expect(res.json().data).toMatchObject({ userId: shelverId, username: 'shelver' })
    expect(res.json().data.sessions).toBeGreaterThanOrEqual(2)
    for (const s of [target1, target2]) expect((await current(s.access_token)).statusCode).toBe(401)
    expect((await current(admin.access_token)).statusCode).toBe(200)

    const unknown = await t.app.inject({ method: 'DELETE', url: '/auth/offline/999999', headers: bearer(admin.access_token, pair(1, 'admin', 26)) })
    expect(unknown.statusCode).toBe(404)
  })
})

describe('tenancy: x-userinfo-header', () => {
  it('whoami answers for one of the user\'s pairs', async () => {
    const s = await login('receiver')
    const res = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token, pair(1, 'receiver', 168)) })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ responseCode: '0001', data: { username: 'receiver', tenantId: 1, warehouseId: 168, roles: ['receiver'] } })
    expect(res.json().data.permissions).not.toContain('rights-user:force-offline')
    const admin = await login('admin')
    const a = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(admin.access_token, pair(2, 'admin', 31)) })
    expect(a.json().data).toMatchObject({ tenantId: 2, warehouseId: 31, roles: ['admin'] })
    expect(a.json().data.permissions).toContain('rights-user:force-offline')
  })

  it('a pair the user does not hold is 403; a missing header is 400 naming it', async () => {
    const s = await login('receiver')
    const foreign = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token, pair(1, 'receiver', 201)) })
    expect(foreign.statusCode).toBe(403)
    expect(foreign.json()).toMatchObject({ messageKey: 'errors:auth.forbidden' })
    // Someone else's name in the header does not borrow their pairs.
    const other = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token, pair(1, 'admin', 26)) })
    expect(other.statusCode).toBe(403)
    const missing = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token) })
    expect(missing.statusCode).toBe(400)
    expect(missing.json().errors[0]).toMatchObject({ field: 'x-userinfo-header', messageKey: 'errors:field.required' })
    const garbled = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token, { 'x-userinfo-header': 'receiver@26' }) })
    expect(garbled.statusCode).toBe(400)
    expect(garbled.json().errors[0].field).toBe('x-userinfo-header')
  })

  it('a grant change reaches the next request (no stale permission cache)', async () => {
    const s = await login('reviewer')
    const who = async () => (await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: bearer(s.access_token, pair(1, 'reviewer', 26)) })).json().data.permissions as string[]
    expect(await who()).not.toContain('auth-test:probe')
    await t.database.query(`INSERT INTO menu (id, type, code, name, title, authority) VALUES (987654, 'B', 'auth-test-probe', 'probe', 'menu:probe', 'auth-test:probe')`)
    await t.database.query(`INSERT INTO role_menu (role_id, menu_id) SELECT id, 987654 FROM role WHERE code = 'reviewer'`)
    try {
      expect(await who()).toContain('auth-test:probe')
    } finally {
      await t.database.query(`DELETE FROM menu WHERE id = 987654`)
    }
    expect(await who()).not.toContain('auth-test:probe')
  })
})

describe('sign-in brake (failures only; nothing locks the right password out)', () => {
  it('good sign-ins from one address (a warehouse behind one NAT at shift start) are never refused', async () => {
    const ip = '203.0.113.9'
    const statuses: number[] = []
    for (let i = 0; i < 25; i++) statuses.push((await loginForm(i % 2 ? 'shipper' : 'picker', DEMO_PASSWORD, ip)).statusCode)
    expect(statuses).toEqual(Array(25).fill(200))
  })

  it('failures brake that account from that address only; the right password still signs in', async () => {
    const ip = '203.0.113.10'
    for (let i = 0; i < t.config.loginLimitPerAccount; i++) expect((await loginForm('supervisor', 'Wrong#pass1', ip)).statusCode).toBe(401)
    // The next wrong guess from that address waits, then answers 429 with Retry-After.
    const braked = await loginForm('supervisor', 'Wrong#pass1', ip)
    expect(braked.statusCode).toBe(429)
    expect(braked.json().messageKey).toBe('errors:auth.tooManyAttempts')
    expect(Number(braked.headers['retry-after'])).toBeGreaterThan(0)
    expect(Number(braked.headers['retry-after'])).toBeLessThanOrEqual(Math.ceil(t.config.loginLimitMaxDelayMs / 1000))
    // The owner elsewhere is not slowed at all; from the braked address the right password gets through.
    expect((await loginForm('supervisor', DEMO_PASSWORD)).statusCode).toBe(200)
    expect((await loginForm('supervisor', DEMO_PASSWORD, ip)).statusCode).toBe(200)
    // Another account from the braked address is not braked.
    expect((await loginForm('admin', DEMO_PASSWORD, ip)).statusCode).toBe(200)
  })
})

describe('password change', () => {
  it('refuses bad input naming the field, then changes and clears the weak flag', async () => {
    const s = await login('weakuser', 'weak1234')
    const other = await login('weakuser', 'weak1234')
    const put = (payload: Record<string, unknown>, token = s.access_token) =>
      t.app.inject({ method: 'PUT', url: '/auth/users/edit/password', headers: bearer(token), payload })
    const cases: [Record<string, unknown>, string, string][] = [
      [{ newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' }, 'oldPassword', 'errors:field.required'],
      [{ oldPassword: '', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' }, 'oldPassword', 'auth:password.oldRequired'],
      [{ oldPassword: 'weak1234', newPassword: 'Sh#1', confirmPassword: 'Sh#1' }, 'newPassword', 'auth:password.tooShort'],
      [{ oldPassword: 'weak1234', newPassword: `Aa1#${'x'.repeat(40)}`, confirmPassword: `Aa1#${'x'.repeat(40)}` }, 'newPassword', 'auth:password.tooLong'],
      [{ oldPassword: 'weak1234', newPassword: 'alllowercase1', confirmPassword: 'alllowercase1' }, 'newPassword', 'auth:password.classes'],
      [{ oldPassword: 'weak1234', newPassword: 'Strong#2026', confirmPassword: 'Strong#2027' }, 'confirmPassword', 'auth:password.mismatch'],
      [{ oldPassword: 'weak1234', newPassword: 'Strong#2026' }, 'confirmPassword', 'errors:field.required'],
      [{ oldPassword: 'not-it-1A', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' }, 'oldPassword', 'auth:password.oldWrong'],
    ]
    for (const [payload, field, key] of cases) {
      const res = await put(payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().code).toBe(400)
      expect(res.json().errors[0], JSON.stringify(payload)).toMatchObject({ field, messageKey: key })
    }
    const tooShort = await put({ oldPassword: 'weak1234', newPassword: 'Sh#1', confirmPassword: 'Sh#1' })
    expect(tooShort.json().errors[0].message).toBe('The password must be at least 8 characters.')
    // Nothing was half-written: the old password still works.
    expect((await loginForm('weakuser', 'weak1234')).statusCode).toBe(200)

    const ok = await put({ oldPassword: 'weak1234', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json()).toMatchObject({ code: 0, data: { weakPassword: false } })
    expect((await current(s.access_token)).json().data.weakPassword).toBe(false)
    // Other sessions opened with the old password are signed out; this one stays.
    expect((await current(other.access_token)).statusCode).toBe(401)
    expect((await loginForm('weakuser', 'weak1234')).statusCode).toBe(401)
    const again = await loginForm('weakuser', 'Strong#2026')
    expect(again.statusCode).toBe(200)
    expect(again.json().datas.weakPassword).toBe(false)
  })
})
