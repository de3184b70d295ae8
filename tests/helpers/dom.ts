// act()-based DOM helpers for the happy-dom tests: rendering, polling, typing and keys. Sync flavours
// (key, type, click) suit assertions that follow at once; async ones (press, typeInto, flush) also
// let promises started by the event settle inside act().
import { act, createElement, type ReactNode } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

export const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector(sel) as T | null
export const $$ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => [...root.querySelectorAll(sel)] as T[]

/** Lets timers and promises run for `ms` inside act(). */
export const flush = async (ms = 0) => { await act(async () => { await new Promise((r) => setTimeout(r, ms)) }) }

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>

/** Polls (flushing React) until `fn` returns truthy; fails with `what` (and fn's last error) after `timeout` ms. */
export async function waitFor<T>(fn: () => T, what = 'condition', timeout = 8000): Promise<Truthy<T>> {
  const end = Date.now() + timeout
  for (;;) {
    let v: T | undefined
    let err: unknown
    try { v = fn() } catch (e) { err = e }
    if (v) return v as Truthy<T>
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}${err ? `: ${String(err)}` : ''}`)
    await flush(20)
  }
}

/** Sets a form control's value the way React notices: the native setter, then input (select: change). */
function setValue(el: Element, value: string) {
  const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
  Object.getOwnPropertyDescriptor(proto, 'value')!.set!.call(el, value)
  el.dispatchEvent(new Event(el instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }))
}

function must<T>(el: T | null | undefined, what: string): T {
  if (!el) throw new Error(`nothing to ${what}`)
  return el
}

export async function typeInto(el: Element | null | undefined, value: string) {
  const target = must(el, 'type into')
  await act(async () => { setValue(target, value) })
}

export function type(el: Element | null | undefined, value: string) {
  const target = must(el, 'type into')
  act(() => { setValue(target, value) })
}

const keydown = (el: Element, key: string, init: KeyboardEventInit) => el.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init }))

export async function press(el: Element, key: string, init: KeyboardEventInit = {}) {
  await act(async () => { keydown(el, key, init) })
}

export function key(el: Element, k: string, mods: { shift?: boolean; ctrl?: boolean; alt?: boolean } = {}) {
  act(() => { keydown(el, k, { shiftKey: !!mods.shift, ctrlKey: !!mods.ctrl, altKey: !!mods.alt }) })
}

export function click(el: Element | null | undefined) {
  const target = must(el, 'click') as HTMLElement
  act(() => { target.click() })
}

export interface Mounted { root: Root; container: HTMLElement; client: QueryClient; unmount(): void }

/** Renders `node` into a fresh container under a QueryClientProvider (no retries: errors show at once). */
export function mount(node: ReactNode): Mounted {
  const container = document.createElement('div')
  document.body.appendChild(container)
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRoot(container)
  act(() => { root.render(createElement(QueryClientProvider, { client }, node)) })
  return { root, container, client, unmount: () => { act(() => root.unmount()); container.remove() } }
}

/** A fresh host element in the body with its React root (render into it with `await renderInto(root, el)`). */
export function newRoot(): { host: HTMLElement; root: Root } {
  const host = document.createElement('div')
  document.body.appendChild(host)
  return { host, root: createRoot(host) }
}

export async function renderInto(root: Root, node: ReactNode) {
  await act(async () => { root.render(node) })
}

export function clearCookies(): void {
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name) document.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT` // past expires: see removeCookie
  }
}
