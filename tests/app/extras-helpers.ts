// Shared by the extras DOM tests: the browser's fetch bridged into an in-process API (fastify.inject
// over a real database — no mocks, no port), sign-in as a demo user, and small act()-based DOM helpers.
import { act } from 'react'
import { expect } from 'vitest'
import type { TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

/** `status` is set once the API has answered. */
export interface SentRequest { method: string; url: string; body: string; status?: number }

let inFlight = 0
/** Resolves once no bridged request is running (call before closing the app: no request hits a closed pool). */
export async function bridgeIdle(timeout = 5000) {
  const end = Date.now() + timeout
  while (inFlight > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
}

/** Routes fetch into `app` and records every request in the returned array. */
export function bridgeFetch(app: TestApp['app']): SentRequest[] {
  const sent: SentRequest[] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init)
    const u = new URL(req.url)
    const buf = Buffer.from(await req.arrayBuffer())
    const headers: Record<string, string> = {}
    req.headers.forEach((v, k) => { headers[k] = v })
    const rec: SentRequest = { method: req.method, url: u.pathname, body: buf.toString('utf8') }
    sent.push(rec)
    inFlight++
    const res = await app.inject({ method: req.method as 'POST', url: u.pathname + u.search, headers, payload: buf.length ? buf : undefined })
    inFlight--
    rec.status = res.statusCode
    const out = new Headers()
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v))
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out })
  }) as typeof fetch
  return sent
}

/** Signs in through the real auth endpoint and fills the client session like the shell does. */
export async function signIn(t: TestApp, username: string, password = 'Demo#2026') {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username, password } })
  expect(res.statusCode, res.body).toBe(200)
  session.token = res.json().data.access_token
  const info = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: { authorization: `Bearer ${session.token}` } })
  session.userId = info.json().data.id
  session.username = username
  session.language = 'en'
}

export const flush = async (ms = 0) => { await act(async () => { await new Promise((r) => setTimeout(r, ms)) }) }

export async function waitFor<T>(fn: () => T | null | undefined | false, what: string, timeout = 5000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await flush(20)
  }
}

/** Types into a React-controlled input/textarea (native value setter, then an input event). */
export async function typeInto(el: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export async function press(el: Element, key: string, init: KeyboardEventInit = {}) {
  await act(async () => { el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })) })
}
