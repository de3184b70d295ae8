// Issue 10, the sign-in and session findings, played as the attacker would (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the sign-in brake (failures per account+address and per address; the right password
// is delayed, never locked out), weak and temporary passwords enforced by the server, idempotency keys
// scoped by user AND warehouse-tenant pair, and the refresh token in an httpOnly cookie.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo'
import { hashPassword } from '../../src/server/areas/auth/passwords'

let t: TestApp
const EN = { 'x-language-header': 'en-US' }
/** The brake's delay in this file (kept short so the suite stays quick; the default is 8 s). */
const DELAY_MS = 400
let ipSeq = 0
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`

beforeAll(async () => {
  t = await createTestApp({ trustProxy: true, loginLimitPerAccount: 3, loginLimitPerAddress: 8, loginLimitMaxDelayMs: DELAY_MS })
}, 120_000)
afterAll(async () => { await t?.close() })

function loginForm(username: string, password: string, ip = nextIp(), extra: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST', url: '/auth/oauth/token',
    headers: { ...EN, 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip, ...extra },
    payload: new URLSearchParams({ username, password, deviceId: 'vitest', validCode: '' }).toString(),
  })
}

async function timed<T>(p: Promise<T>): Promise<[T, number]> {
  const started = performance.now()
  const r = await p
  return [r, performance.now() - started]
}

async function tokenOf(username: string, password = DEMO_PASSWORD) {
  const res = await loginForm(username, password)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas as { access_token: string; refresh_token: string; weakPassword: boolean }
}

const as = (token: string, username: string, tenantId = 1, warehouseId = 26) => ({
  ...EN, authorization: `Bearer ${token}`, 'x-userinfo-header': `${tenantId}-${encodeURIComponent(username)}-${warehouseId}`,
})

describe('sign-in brake', () => {
  it('a guesser from one address is braked on that account; the owner elsewhere is not; the right password gets through', async () => {
    const attacker = '198.51.100.7'
    for (let i = 0; i < t.config.loginLimitPerAccount; i++) expect((await loginForm('supervisor', `Guess#${i}xyz`, attacker)).statusCode).toBe(401)
    // Braked: the next guess waits the delay, then is refused with 429 and Retry-After.
    const [guess, took] = await timed(loginForm('supervisor', 'Guess#9xyz', attacker))
    expect(guess.statusCode).toBe(429)
    expect(guess.json().messageKey).toBe('errors:auth.tooManyAttempts')
    expect(guess.json().responseDesc).toMatch(/Too many sign-in attempts/)
    expect(Number(guess.headers['retry-after'])).toBeGreaterThanOrEqual(1)
    expect(took).toBeGreaterThanOrEqual(DELAY_MS - 20)
    // Parallel guesses gain nothing: one braked attempt at a time per account+address, the rest 429 at once.
    const burst = await Promise.all([1, 2, 3, 4].map(() => loginForm('supervisor', DEMO_PASSWORD, attacker)))
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429])
    // The owner from another address is not braked; nor is another account from the attacker's address.
    const [owner, ownerTook] = await timed(loginForm('supervisor', DEMO_PASSWORD))
    expect(owner.statusCode).toBe(200)
    expect(ownerTook).toBeLessThan(DELAY_MS * 10)
    expect((await loginForm('admin', 'Wrong#pass1', attacker)).statusCode).toBe(401)
  })

  it('a burst of guesses sent all at once gains nothing: no more plain answers than the threshold, the rest 429', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, (_, i) => loginForm('receiver', `Burst#${i}guess`, '198.51.100.6')))
    const statuses = burst.map((r) => r.statusCode)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(t.config.loginLimitPerAccount)
    expect(statuses.filter((s) => s !== 401 && s !== 429)).toEqual([])
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(12 - t.config.loginLimitPerAccount)
  })

  it('the owner behind the braked address signs in after the delay, and that clears the pair', async () => {
    const shared = '198.51.100.8'
    for (let i = 0; i < t.config.loginLimitPerAccount; i++) expect((await loginForm('shipper', 'Typo#1234x', shared)).statusCode).toBe(401)
    const [ok, took] = await timed(loginForm('shipper', DEMO_PASSWORD, shared))
    expect(ok.statusCode).toBe(200)
    expect(took).toBeGreaterThanOrEqual(DELAY_MS - 20)
    // A good sign-in clears the pair's failures: the next typo is an ordinary 401 again.
    expect((await loginForm('shipper', 'Typo#1234x', shared)).statusCode).toBe(401)
  })

  it('one address: good sign-ins never count; failures over many accounts brake the address', async () => {
    const nat = '198.51.100.9'
    const users = ['receiver', 'shelver', 'picker', 'reviewer', 'shipper']
    const good = []
    for (let i = 0; i < 3 * t.config.loginLimitPerAddress; i++) good.push((await loginForm(users[i % users.length], DEMO_PASSWORD, nat)).statusCode)
    expect(good).toEqual(Array(3 * t.config.loginLimitPerAddress).fill(200))
    // A spray of one password over many accounts from that address.
    for (let i = 0; i < t.config.loginLimitPerAddress; i++) expect((await loginForm(`spray-${i}`, 'Spring#2026', nat)).statusCode).toBe(401)
    const [sprayed, took] = await timed(loginForm('spray-x', 'Spring#2026', nat))
    expect(sprayed.statusCode).toBe(429)
    expect(took).toBeGreaterThanOrEqual(DELAY_MS - 20)
    // The right password from that address still gets through (after the delay); other addresses are untouched.
    const [good2, took2] = await timed(loginForm('picker', DEMO_PASSWORD, nat))
    expect(good2.statusCode).toBe(200)
    expect(took2).toBeGreaterThanOrEqual(DELAY_MS - 20)
    expect((await loginForm('spray-y', 'Spring#2026')).statusCode).toBe(401)
  })
})

describe('weak and temporary passwords are enforced by the server', () => {
  const business = (token: string, username: string) => [
    t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list', headers: as(token, username) }),
    t.app.inject({ method: 'GET', url: '/api/stock/list', headers: as(token, username) }),
    t.app.inject({ method: 'POST', url: '/api/commands/stock.invariants.check', headers: { ...as(token, username), 'idempotency-key': randomUUID() }, payload: {} }),
  ]

  it('a weak password: every other call is 403 until it is changed; the way to the profile page works', async () => {
    const s = await tokenOf('weakuser', 'weak1234')
    expect(s.weakPassword).toBe(true)
    for (const res of await Promise.all(business(s.access_token, 'weakuser'))) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().messageKey).toBe('auth:weakPasswordChangeRequired')
      expect(res.body).toContain('weak password change required')
    }
    // What the client calls on the way to /profile?tab=password still answers.
    const [menu] = await t.database.query<{ id: number }>(`SELECT id FROM menu WHERE authority IS NOT NULL ORDER BY id LIMIT 1`)
    for (const url of ['/auth/users/current', '/wms-plus-base/common/pms/user/info', '/wms-plus-base/common/pms/user/getInfo',
      '/wms-plus-base/common/pms/user/menus', `/wms-plus-base/common/pms/user/menu/res/${menu!.id}`, '/api/session/whoami',
      '/wms-base/basewarehouse/location/26', '/wms-plus-base/tableColumnConfig/user/getTableColumnConfig?tableKey=favoriteRoutes']) {
      const res = await t.app.inject({ method: 'GET', url, headers: as(s.access_token, 'weakuser') })
      expect(res.statusCode, `${url} ${res.body}`).toBe(200)
    }
    // A predictable new password is refused too, translated, on its field.
    for (const [pw, key] of [['Password1', 'auth:password.common'], ['Welcome1', 'auth:password.common'], ['Qwerty123', 'auth:password.common'],
      ['P@ssw0rd!', 'auth:password.common'], ['Weakuser#26', 'auth:password.containsUsername']] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/auth/users/edit/password', headers: as(s.access_token, 'weakuser'), payload: { oldPassword: 'weak1234', newPassword: pw, confirmPassword: pw } })
      expect(res.statusCode, pw).toBe(400)
      expect(res.json().errors[0], pw).toMatchObject({ field: 'newPassword', messageKey: key })
      expect(res.json().errors[0].message, pw).toMatch(key === 'auth:password.common' ? /too easy to guess/ : /must not contain the user name/)
    }
    const changed = await t.app.inject({ method: 'PUT', url: '/auth/users/edit/password', headers: as(s.access_token, 'weakuser'), payload: { oldPassword: 'weak1234', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' } })
    expect(changed.statusCode, changed.body).toBe(200)
    // The same session may now do what its roles allow.
    const after = await t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list', headers: as(s.access_token, 'weakuser') })
    expect(after.statusCode, after.body).toBe(200)
  })

  it("'Password1' passes the class count but not the rule: a user signing in with it is held like a weak one", async () => {
    await t.database.query(`UPDATE app_user SET password_hash = $1, weak_password = false WHERE username = 'reviewer'`, [await hashPassword('Password1')])
    const s = await tokenOf('reviewer', 'Password1')
    expect(s.weakPassword).toBe(true)
    const res = await t.app.inject({ method: 'GET', url: '/base/platformsiteshop/list', headers: as(s.access_token, 'reviewer') })
    expect(res.statusCode).toBe(403)
    expect(res.json().messageKey).toBe('auth:weakPasswordChangeRequired')
  })

  it('a temporary password from an admin reset counts as weak', async () => {
    const admin = await tokenOf('admin')
    const [u] = await t.database.query<{ id: number }>(`SELECT id FROM app_user WHERE username = 'shelver'`)
    const reset = await t.app.inject({ method: 'PUT', url: `/auth/users/${u!.id}/reset`, headers: { ...as(admin.access_token, 'admin'), 'idempotency-key': randomUUID() } })
    expect(reset.statusCode, reset.body).toBe(200)
    const temporary = reset.json().data.temporaryPassword as string
    const s = await tokenOf('shelver', temporary)
    expect(s.weakPassword).toBe(true)
    for (const res of await Promise.all(business(s.access_token, 'shelver'))) {
      expect(res.statusCode, res.body).toBe(403)
      expect(res.json().messageKey).toBe('auth:weakPasswordChangeRequired')
    }
  })
})

describe('idempotency keys are scoped by user and warehouse-tenant pair', () => {
  it('the same key in another warehouse runs the command there; in the same pair it replays', async () => {
    const admin = await tokenOf('admin')
    const key = `pair-scope-${randomUUID()}`
    const run = (warehouseId: number) => t.app.inject({
      method: 'POST', url: '/api/commands/stock.invariants.check', payload: {},
      headers: { ...as(admin.access_token, 'admin', 1, warehouseId), 'idempotency-key': key },
    })
    const first = await run(26)
    expect(first.statusCode, first.body).toBe(200)
    expect(first.headers['idempotent-replay']).toBeUndefined()
    const other = await run(168)
    expect(other.statusCode, other.body).toBe(200)
    expect(other.headers['idempotent-replay']).toBeUndefined()
    const again = await run(168)
    expect(again.headers['idempotent-replay']).toBe('true')
    const rows = await t.database.query<{ warehouse_id: number }>(
      `SELECT warehouse_id FROM audit_log WHERE command_id = 'stock.invariants.check' AND result = 'ok' AND user_id = (SELECT id FROM app_user WHERE username = 'admin')
         AND created_at > now() - interval '5 minutes' ORDER BY id`)
    expect(rows.map((r) => Number(r.warehouse_id))).toEqual([26, 168])
    const keys = await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM idempotency_key WHERE key = $1`, [key])
    expect(keys[0]!.n).toBe(2)
  })
})

describe('the refresh token lives in an httpOnly cookie', () => {
  const cookieOf = (res: { headers: Record<string, unknown> }) => {
    const raw = res.headers['set-cookie']
    const list = Array.isArray(raw) ? raw : raw ? [String(raw)] : []
    return list.find((c) => c.startsWith('wms_refresh='))
  }
  const valueOf = (cookie: string) => cookie.slice('wms_refresh='.length).split(';')[0]!

  it('sign-in sets it httpOnly, SameSite=Strict, only for the refresh route; Secure over HTTPS', async () => {
    const res = await loginForm('picker', DEMO_PASSWORD)
    const cookie = cookieOf(res)!
    expect(cookie).toBeDefined()
    expect(valueOf(cookie)).toBe(res.json().datas.refresh_token)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\/auth\/oauth\/refresh(;|$)/)
    expect(cookie).toMatch(new RegExp(`; Max-Age=${t.config.refreshTokenTtlSec}`))
    expect(cookie).not.toMatch(/Domain=/)
    expect(cookie).not.toMatch(/Secure/)
    const https = await loginForm('picker', DEMO_PASSWORD, nextIp(), { 'x-forwarded-proto': 'https' })
    expect(cookieOf(https)).toMatch(/; Secure/)
  })

  it('refresh reads the cookie, answers no refresh token in the body (a page script calling it gets none), and a replayed cookie ends the session', async () => {
    const signIn = await loginForm('picker', DEMO_PASSWORD)
    const first = valueOf(cookieOf(signIn)!)
    const refresh = (cookie?: string) => t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: { ...EN, ...(cookie ? { cookie: `token=x; wms_refresh=${cookie}` } : {}) }, payload: {} })
    const r1 = await refresh(first)
    expect(r1.statusCode, r1.body).toBe(200)
    expect(r1.json().data.access_token).toMatch(/\./)
    expect(r1.json().data.refresh_token).toBeUndefined()
    const second = valueOf(cookieOf(r1)!)
    expect(second).not.toBe(first)
    expect(cookieOf(r1)).toMatch(/HttpOnly/)
    // The new access token works.
    expect((await t.app.inject({ method: 'GET', url: '/auth/users/current', headers: { ...EN, authorization: `Bearer ${r1.json().data.access_token}` } })).statusCode).toBe(200)
    // A stolen, already rotated cookie replayed: refused, the cookie cleared, the whole session revoked.
    const stolen = await refresh(first)
    expect(stolen.statusCode).toBe(401)
    expect(cookieOf(stolen)).toMatch(/^wms_refresh=;.*Max-Age=0/)
    expect((await refresh(second)).statusCode).toBe(401)
    // Neither body nor cookie: 400 naming the field.
    const none = await refresh()
    expect(none.statusCode).toBe(400)
    expect(none.json().errors[0].field).toBe('refreshToken')
  })

  it('sign-out clears the cookie, and the cleared session cannot be refreshed', async () => {
    const signIn = await loginForm('picker', DEMO_PASSWORD)
    const token = signIn.json().datas.access_token
    const cookie = valueOf(cookieOf(signIn)!)
    const out = await t.app.inject({ method: 'DELETE', url: '/auth/oauth/remove/token', headers: { ...EN, authorization: `Bearer ${token}` } })
    expect(out.statusCode).toBe(200)
    expect(cookieOf(out)).toMatch(/^wms_refresh=; Path=\/auth\/oauth\/refresh; Max-Age=0; HttpOnly/)
    const r = await t.app.inject({ method: 'POST', url: '/auth/oauth/refresh', headers: { ...EN, cookie: `wms_refresh=${cookie}` }, payload: {} })
    expect(r.statusCode).toBe(401)
  })
})
