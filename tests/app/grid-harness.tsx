// Test harness for grid/forms/page tests: the real API (createTestApp, real database) reached from
// happy-dom through a fetch that forwards to fastify.inject, a signed-in session, and a React root.
import { act, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTestApp, type TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'
import { initI18n } from '../../src/app/i18n'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export interface Harness { t: TestApp; token: string; calls: { method: string; url: string; body?: string }[] }

export async function startHarness(username = 'admin', pair: [number, number] = [1, 26]): Promise<Harness> {
  initI18n('en')
  const t = await createTestApp()
  const calls: Harness['calls'] = []
  const login = await t.app.inject({
    method: 'POST', url: '/auth/oauth/token', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username, password: 'Demo#2026', deviceId: 'test', validCode: '' }).toString(),
  })
  const token = login.json().datas.access_token as string
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input instanceof URL ? input.toString() : input, init)
    const url = new URL(req.url, 'http://localhost')
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text()
    calls.push({ method: req.method, url: url.pathname + url.search, body })
    const headers: Record<string, string> = {}
    req.headers.forEach((v, k) => { headers[k] = v })
    const res = await t.app.inject({ method: req.method as 'GET', url: url.pathname + url.search, headers, payload: body })
    const out = new Headers()
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v))
    return new Response(res.rawPayload.length ? new Uint8Array(res.rawPayload) : null, { status: res.statusCode, headers: out })
  }) as typeof fetch
  Object.assign(session, { token, userId: 1, username, tenantId: pair[0], warehouseId: pair[1], roles: username === 'admin' ? ['admin'] : [], permissions: [], language: 'en' })
  return { t, token, calls }
}

export function mount(node: ReactNode): { root: Root; container: HTMLElement; client: QueryClient; unmount(): void } {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRoot(container)
  act(() => { root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>) })
  return { root, container, client, unmount: () => { act(() => root.unmount()); container.remove() } }
}

/** Polls (flushing React) until `fn` returns truthy; fails with `what` after `ms`. */
export async function waitFor<T>(fn: () => T, what = 'condition', ms = 5000): Promise<NonNullable<T>> {
  const end = Date.now() + ms
  for (;;) {
    let v: T | undefined
    let err: unknown
    try { v = fn() } catch (e) { err = e }
    if (v) return v as NonNullable<T>
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${err ? `: ${String(err)}` : ''}`)
    await act(async () => { await new Promise((r) => setTimeout(r, 20)) })
  }
}

export function key(el: Element, k: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) {
  act(() => { el.dispatchEvent(new KeyboardEvent('keydown', { key: k, shiftKey: !!mods.shift, ctrlKey: !!mods.ctrl, altKey: !!mods.alt, bubbles: true, cancelable: true })) })
}

export function click(el: Element | null | undefined) {
  if (!el) throw new Error('nothing to click')
  act(() => { (el as HTMLElement).click() })
}

/** Sets an input's value the way React notices (native setter + input event). */
export function type(el: Element | null | undefined, value: string) {
  if (!el) throw new Error('nothing to type into')
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  act(() => {
    Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value)
    el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
  })
}
