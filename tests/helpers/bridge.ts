// The browser's fetch bridged into an in-process API (fastify.inject over a real database — no mocks,
// no port), plus sign-in helpers that fill the client session the way the shell does. One bridge per
// test file (vitest isolates modules per file, so the in-flight counter is per file too).
import { expect } from 'vitest'
import { createTestApp, type TestApp } from './app'
import { session } from '../../src/app/state/session'
import { initI18n, i18next } from '../../src/app/i18n'
import './dom' // marks the act() environment for the React roots these tests drive

/** Every demo user's password (demo data). */
export const DEMO_PASSWORD = 'Demo#2026'

/** One request as the browser sent it: `path` without the query, `url` with it; `status` once answered. */
export interface Sent { method: string; path: string; url: string; body: string; headers: Record<string, string>; status?: number }

let inFlight = 0
/** Resolves once no bridged request is running (call before closing the app: no request hits a closed pool). */
export async function bridgeIdle(timeout = 5000) {
  const end = Date.now() + timeout
  while (inFlight > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
}

/**
 * Cookies the server set (Set-Cookie), kept and sent back the way the browser does for same-origin
 * fetches: only on paths under the cookie's Path, gone at Max-Age=0. Page scripts cannot see these
 * (document.cookie is happy-dom's own jar), just as they cannot see an httpOnly cookie.
 */
export const serverCookies = new Map<string, { value: string; path: string }>()

function keepServerCookies(setCookie: string | string[] | number | undefined) {
  for (const c of Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : []) {
    const [pair, ...attrs] = c.split(';').map((x) => x.trim())
    const name = pair!.slice(0, pair!.indexOf('='))
    const value = pair!.slice(pair!.indexOf('=') + 1)
    const path = attrs.find((a) => /^path=/i.test(a))?.slice(5) ?? '/'
    if (attrs.some((a) => /^max-age=0$/i.test(a)) || !value) serverCookies.delete(name)
    else serverCookies.set(name, { value, path })
  }
}

function serverCookieHeader(pathname: string): string | undefined {
  const list = [...serverCookies].filter(([, c]) => pathname === c.path || pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`))
  return list.length ? list.map(([n, c]) => `${n}=${c.value}`).join('; ') : undefined
}

/** Routes globalThis.fetch into `app` and records every request in the returned array. */
export function bridgeFetch(app: TestApp['app']): Sent[] {
  const sent: Sent[] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    // Relative addresses resolve against a fixed origin: happy-dom's page may be about:blank.
    const req = input instanceof Request && !init ? input : new Request(input instanceof Request ? input : new URL(String(input), 'http://localhost/'), init)
    const u = new URL(req.url, 'http://localhost/')
    const buf = Buffer.from(await req.arrayBuffer())
    const headers: Record<string, string> = {}
    req.headers.forEach((v, k) => { headers[k.toLowerCase()] = v })
    const cookie = serverCookieHeader(u.pathname)
    if (cookie) headers.cookie = cookie
    const rec: Sent = { method: req.method, path: u.pathname, url: u.pathname + u.search, body: buf.toString('utf8'), headers }
    sent.push(rec)
    inFlight++
    try {
      const res = await app.inject({ method: req.method as 'POST', url: u.pathname + u.search, headers, payload: buf.length ? buf : undefined })
      rec.status = res.statusCode
      keepServerCookies(res.headers['set-cookie'])
      const out = new Headers()
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v))
      return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out })
    } finally {
      inFlight--
    }
  }) as typeof fetch
  return sent
}

export interface Tokens { access_token: string; refresh_token: string; jwt_token: string }

/** Signs in through the real form endpoint (/auth/oauth/token) and returns the token pair. */
export async function tokenFor(app: TestApp['app'], username: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const res = await app.inject({
    method: 'POST', url: '/auth/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password }).toString(),
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas as Tokens
}

export async function userIdOf(t: TestApp, username: string): Promise<number> {
  const [u] = await t.database.query<{ id: number }>('select id from app_user where username = $1', [username])
  return Number(u.id)
}

/** Signs in (form endpoint) and fills the client session: token, userId, username, plus `extra`. */
export async function signInAs(t: TestApp, username: string, extra: Partial<typeof session> = {}, password = DEMO_PASSWORD): Promise<Tokens> {
  const tokens = await tokenFor(t.app, username, password)
  Object.assign(session, { token: tokens.access_token, userId: await userIdOf(t, username), username, ...extra })
  return tokens
}

/** Signs in through the JSON endpoint (/auth/oauth/user/token) and reads the user id from /user/info. */
export async function signIn(t: TestApp, username: string, password = DEMO_PASSWORD) {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username, password } })
  expect(res.statusCode, res.body).toBe(200)
  session.token = res.json().data.access_token
  const info = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: { authorization: `Bearer ${session.token}` } })
  session.userId = info.json().data.id
  session.username = username
  session.language = 'en'
}

export interface Api { t: TestApp; sent: Sent[]; close(): Promise<void> }

/** The in-process API with fetch bridged into it and the client in English; `close` waits for idle first. */
export async function startApi(overrides: Parameters<typeof createTestApp>[0] = {}): Promise<Api> {
  initI18n('en')
  await i18next.changeLanguage('en')
  const t = await createTestApp(overrides)
  const sent = bridgeFetch(t.app)
  return { t, sent, async close() { await bridgeIdle(); await t.close() } }
}

export interface Harness extends Api { token: string; /** the same log as `sent` */ calls: Sent[] }

/** A test app with the bridge installed and `username` signed in on `pair` ([tenantId, warehouseId]). */
export async function startHarness(username = 'admin', pair: [number, number] = [1, 26]): Promise<Harness> {
  const api = await startApi()
  const tokens = await signInAs(api.t, username, { tenantId: pair[0], warehouseId: pair[1], roles: username === 'admin' ? ['admin'] : [], permissions: [], language: 'en' })
  return { ...api, token: tokens.access_token, calls: api.sent }
}
