// Shared by the shell DOM tests: fetch bridged into an in-process API (fastify.inject over a real
// database — no mocks, no port), cookie reset, and small act()-based DOM helpers.
import { act } from 'react'
import type { TestApp } from '../helpers/app'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Sent { method: string; path: string; body: string; headers: Record<string, string> }

/** Routes fetch into `app`; returns the log of requests sent. */
export function bridge(app: TestApp['app']): Sent[] {
  const sent: Sent[] = []
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost/'), init)
    const u = new URL(req.url)
    const buf = Buffer.from(await req.arrayBuffer())
    const headers: Record<string, string> = {}
    req.headers.forEach((v, k) => { headers[k.toLowerCase()] = v })
    sent.push({ method: req.method, path: u.pathname, body: buf.toString('utf8'), headers })
    const res = await app.inject({ method: req.method as 'POST', url: u.pathname + u.search, headers, payload: buf.length ? buf : undefined })
    const out = new Headers()
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, String(v))
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out })
  }) as typeof fetch
  return sent
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0`
  }
}

export const flush = async (ms = 0) => { await act(async () => { await new Promise((r) => setTimeout(r, ms)) }) }

export async function waitFor<T>(fn: () => T | null | undefined | false, what: string, timeout = 8000): Promise<T> {
  const end = Date.now() + timeout
  for (;;) {
    const v = fn()
    if (v) return v
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await flush(20)
  }
}

/** Types into a React-controlled input (native value setter, then an input event). */
export async function typeInto(el: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

export async function press(el: Element, key: string, init: KeyboardEventInit = {}) {
  await act(async () => { el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init })) })
}

export const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector(sel) as T | null
export const $$ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => [...root.querySelectorAll(sel)] as T[]
