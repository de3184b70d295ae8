// @vitest-environment happy-dom
// The scan-station kit: the queue sends scans one at a time in scan order, keeps a scan (and its
// Idempotency-Key) through transport failures until it is answered, treats a business refusal as an
// answer, survives a reload when persisted; ScanInput submits on Enter and keeps the focus.
import { describe, it, expect, afterEach, beforeAll } from 'vitest'
import { createElement, useState } from 'react'
import { ScanQueue, ScanInput, useScanQueue, PendingScans, isTransportError, refusal as refusalText, statusText } from '../../src/app/station'
import { ApiError } from '../../src/app/api/clients'
import { mount, press, typeInto, waitFor, flush, $ } from '../helpers/dom'
import { initI18n, i18next } from '../../src/app/i18n'

interface Call { args: string; key: string; resolve(v: unknown): void; reject(e: unknown): void }

/** A sender whose answers the test gives by hand. */
function manualSender() {
  const calls: Call[] = []
  const send = (args: string, key: string) => new Promise((resolve, reject) => { calls.push({ args, key, resolve, reject }) })
  return { calls, send }
}
const tick = () => new Promise((r) => setTimeout(r, 0))
const network = () => new ApiError('Network Error', 0, 'error.network', 'errors:network')
const refusal = () => new ApiError('already received in full', 409, '409', 'inbound:receiving.errors.overRemaining')

beforeAll(() => { initI18n('en') })
afterEach(() => { localStorage.clear(); document.body.innerHTML = '' })

describe('ScanQueue', () => {
  it('sends a scan made while the previous is in flight only after the previous is answered, in order', async () => {
    const s = manualSender()
    const done: string[] = []
    const q = new ScanQueue<string>({ send: s.send, onDone: (i) => done.push(i.args) })
    q.enqueue('A'); q.enqueue('B'); q.enqueue('C')
    await tick()
    expect(s.calls.map((c) => c.args)).toEqual(['A'])
    expect(q.items().map((i) => [i.args, i.state])).toEqual([['A', 'sending'], ['B', 'queued'], ['C', 'queued']])
    s.calls[0]!.resolve('ok-A')
    await tick()
    expect(s.calls.map((c) => c.args)).toEqual(['A', 'B'])
    s.calls[1]!.resolve('ok-B'); await tick()
    s.calls[2]!.resolve('ok-C'); await tick()
    expect(done).toEqual(['A', 'B', 'C'])
    expect(q.size).toBe(0)
    const keys = s.calls.map((c) => c.key)
    expect(new Set(keys).size).toBe(3)
  })

  it('keeps a scan whose send failed without an answer, and retries it with the same key before the next scan', async () => {
    const s = manualSender()
    const retried: string[] = []
    const q = new ScanQueue<string>({ send: s.send, retryDelayMs: () => 5, onRetry: (i) => retried.push(i.key) })
    const a = q.enqueue('A')
    q.enqueue('B')
    await tick()
    s.calls[0]!.reject(network())
    await tick()
    // Still there, shown as retrying, B not sent ahead of it.
    expect(q.items().map((i) => [i.args, i.state])).toEqual([['A', 'retrying'], ['B', 'queued']])
    expect(q.items()[0]!.lastError).toBe('Network Error')
    expect(retried).toEqual([a.key])
    await new Promise((r) => setTimeout(r, 20))
    expect(s.calls.map((c) => c.args)).toEqual(['A', 'A'])
    expect(s.calls[1]!.key).toBe(a.key)
    // A 5xx is also no answer: retried again with the same key.
    s.calls[1]!.reject(new ApiError('boom', 500, '500'))
    await new Promise((r) => setTimeout(r, 20))
    expect(s.calls[2]!.key).toBe(a.key)
    s.calls[2]!.resolve('ok')
    await tick()
    expect(s.calls[3]!.args).toBe('B')
    expect(q.items().map((i) => i.args)).toEqual(['B'])
  })

  it('treats a business refusal as the answer: reported once, not retried, the next scan goes on', async () => {
    const s = manualSender()
    const refused: [string, string][] = []
    const q = new ScanQueue<string>({ send: s.send, retryDelayMs: () => 1, onRefused: (i, e) => refused.push([i.args, (e as Error).message]) })
    q.enqueue('A'); q.enqueue('B')
    await tick()
    s.calls[0]!.reject(refusal())
    await new Promise((r) => setTimeout(r, 10))
    expect(refused).toEqual([['A', 'already received in full']])
    expect(s.calls.map((c) => c.args)).toEqual(['A', 'B'])
    expect(isTransportError(refusal())).toBe(false)
    expect(isTransportError(network())).toBe(true)
    expect(isTransportError(new TypeError('fetch failed'))).toBe(true)
  })

  it('persisted: unsent scans survive a new queue (a reload) and go out with their original keys', async () => {
    const s1 = manualSender()
    const q1 = new ScanQueue<string>({ send: s1.send, retryDelayMs: () => 60_000, storageKey: 'station:test' })
    const a = q1.enqueue('A'); const b = q1.enqueue('B')
    await tick()
    s1.calls[0]!.reject(network())
    await tick()
    q1.dispose()
    const s2 = manualSender()
    const q2 = new ScanQueue<string>({ send: s2.send, storageKey: 'station:test' })
    await tick()
    expect(s2.calls.map((c) => [c.args, c.key])).toEqual([['A', a.key]])
    s2.calls[0]!.resolve('ok'); await tick()
    expect(s2.calls[1]!.key).toBe(b.key)
    s2.calls[1]!.resolve('ok'); await tick()
    expect(q2.size).toBe(0)
    expect(localStorage.getItem('station:test')).toBeNull()
    // A new scan after that gets a key never used before.
    const c = q2.enqueue('C')
    expect([a.key, b.key]).not.toContain(c.key)
  })
})

describe('ScanInput + useScanQueue', () => {
  function Station(props: { send: (a: string, k: string) => Promise<unknown> }) {
    const [log, setLog] = useState<string[]>([])
    const { queue, pending } = useScanQueue<string, unknown>({ send: props.send, onDone: (i) => setLog((l) => [...l, `ok:${i.args}`]), retryDelayMs: () => 5 })
    return createElement('div', null,
      createElement(ScanInput, { labelKey: 'inbound:station.keys.enter', onScan: (code: string) => { queue.enqueue(code, code) } }),
      createElement(PendingScans, { items: pending }),
      createElement('output', { 'data-testid': 'log' }, log.join(',')))
  }

  it('Enter submits the trimmed code and clears the field; scans typed while one is in flight are shown pending and sent in order', async () => {
    const s = manualSender()
    mount(createElement(Station, { send: s.send }))
    const input = $<HTMLInputElement>('[data-testid="scan-input"]')!
    await waitFor(() => document.activeElement === input, 'scan field focused')
    await typeInto(input, '  SKU-1 ')
    await press(input, 'Enter')
    expect(input.value).toBe('')
    await typeInto(input, 'SKU-2'); await press(input, 'Enter')
    await typeInto(input, '   '); await press(input, 'Enter')
    await flush()
    expect(s.calls.map((c) => c.args)).toEqual(['SKU-1'])
    expect($('[data-testid="station-pending"]')!.textContent).toContain('SKU-2')
    expect($('[data-testid="station-pending"]')!.textContent).toContain(i18next.t('inbound:station.pending', { count: 2 }))
    s.calls[0]!.reject(network())
    await waitFor(() => s.calls.length === 2, 'retry')
    expect(s.calls[1]!.key).toBe(s.calls[0]!.key)
    s.calls[1]!.resolve({}); await waitFor(() => s.calls.length === 3, 'second scan sent')
    s.calls[2]!.resolve({})
    await waitFor(() => $('[data-testid="log"]')!.textContent === 'ok:SKU-1,ok:SKU-2', 'both done')
    expect($('[data-testid="station-pending"]')).toBeNull()
    // Focus that falls to the page comes back to the scan field.
    input.blur()
    await flush(10)
    expect(document.activeElement).toBe(input)
  })
})

describe('refusal text', () => {
  const t = (k: string, p?: Record<string, unknown>) => i18next.t(k, p)
  const form = (errors: { field: string; message: string; messageKey: string }[]) =>
    new ApiError('Please check if the form is filled out correctly!', 400, '400', 'errors:validation.form', errors)
  it('a form refusal says its first field error (and how many more), never the general form message', () => {
    const one = form([{ field: 'qty', message: 'Quantity is too large (maximum 100000)', messageKey: 'errors:field.tooBig' }])
    expect(statusText(refusalText(one), t)).toBe('Quantity is too large (maximum 100000)')
    const two = form([{ field: 'qty', message: 'Quantity is too large (maximum 100000)', messageKey: 'errors:field.tooBig' }, { field: 'code', message: 'Code is required', messageKey: 'errors:field.required' }])
    expect(statusText(refusalText(two), t)).toBe('Quantity is too large (maximum 100000) (+1 more, see errors)')
    // Without field errors it stays the general message; any other refusal by its key and params.
    expect(statusText(refusalText(form([])), t)).toBe(i18next.t('errors:validation.form'))
    expect(refusalText(refusal())).toEqual({ key: 'inbound:receiving.errors.overRemaining', params: undefined })
  })
})
