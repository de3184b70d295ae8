// @vitest-environment happy-dom
// Issue 18 §5 at the stations, on the real API in-process (PGlite, fetch bridged into fastify.inject):
//  - a kept-alive picking station never reacts to another page's URL: the sorting wall's ?task=FJ…
//    reaches it while it is hidden — no request, no error, no tone;
//  - a tone plays only on the visible station;
//  - the status line is a key + params, translated again when the language changes (a station's own
//    text and a server refusal alike);
//  - receiving takes a gun's burst: ten scans typed back to back, two SKUs interleaved → ten receipts,
//    sent in the order scanned, each once; the double-read guard, when set, drops a second read of one
//    code and says what it dropped;
//  - shelving refuses an unknown location at once, naming the code, the place kept; a location and a SKU
//    scanned as one burst go out together;
//  - the review station keeps the order's card when a scan is refused, and shows the refusal.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement, useEffect, type ReactNode } from 'react'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, press, typeInto, type, key, waitFor, flush, type Mounted } from '../helpers/dom'
import { api } from '../../src/app/api/clients'
import { i18next } from '../../src/app/i18n'
import { commandUrl } from '../../src/app/commands/runtime'
import { PageActiveContext } from '../../src/app/pages/kit'
import PickingTasksPage from '../../src/app/pages/outbound/picking/PickingTasksPage'
import ReceivingPage from '../../src/app/pages/inbound/receiving/ReceivingPage'
import ShelvingStationPage from '../../src/app/pages/inbound/shelving/ShelvingStationPage'
import { ReviewStation } from '../../src/app/pages/outbound/shipping/ReviewStation'
import { msg, onTone, useStationFeedback, StatusLine } from '../../src/app/station'
import { addStock } from '../../src/server/inventory/ledger'
import type { ReceiveResult } from '../../commands/receiving'
import { demoShelves, freshSkus } from '../helpers/stock-fixtures'

let h: Harness
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const cmd = <T,>(id: string, args: unknown) => api.post<T>(commandUrl(id), args, { headers: { 'Idempotency-Key': crypto.randomUUID() }, silent: true })
const tones: string[] = []
const zh = (k: string, p?: Record<string, unknown>) => i18next.t(k, { ...p, lng: 'zh' })

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  localStorage.clear()
  onTone((k) => { tones.push(k) })
  // The double-read guard is off unless a warehouse sets it (migration 0041): the burst below runs on the default.
  const [setting] = await q<{ ms: number }>(`SELECT min_scan_interval_ms AS ms FROM inbound_setting WHERE tenant_id = 1 AND warehouse_id = 26`)
  expect(Number(setting?.ms ?? 0)).toBe(0)
  skus = await freshSkus(q, 4, { enabled: true, noInbound: true })
  expect(skus.length).toBe(4)
  shelves = await demoShelves(q, 2)
  expect(shelves.length).toBe(2)
}, 120_000)
afterAll(async () => { await h?.close() })

/** An issued inbound order of `lines` (SKU index, expected quantity), as the server numbers them. */
async function inboundOrder(orderNo: string, lines: [number, number][]) {
  const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
    VALUES (1, 26, $1, 1, 2, $2, now()) RETURNING id`, [orderNo, lines.reduce((s, [, n]) => s + n, 0)])
  for (const [i, [sku, n]] of lines.entries()) {
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, $2, $3, $4)`, [o!.id, i + 1, skus[sku]!.id, n])
  }
}

function station(m: Mounted, id: string) {
  const inside = <T extends Element = HTMLElement>(sel: string) => m.container.querySelector<T & Element>(sel) as T | null
  const input = () => inside<HTMLInputElement>('[data-testid="scan-input"]')!
  return {
    inside, input,
    status: () => inside('[data-testid="station-status"]')!,
    step: () => inside(`[data-testid="${id}-station"]`)?.getAttribute('data-step'),
    /** One scan, the answer awaited by the caller. */
    scan: async (code: string) => { await typeInto(input(), code); await press(input(), 'Enter') },
    /** Scans typed back to back, nobody waiting for an answer (a gun's burst). */
    burst: (codes: readonly string[]) => { for (const c of codes) { type(input(), c); key(input(), 'Enter') } },
  }
}

describe('kept-alive pages', () => {
  it("a hidden picking station never reacts to the sorting wall's ?task=FJ…: no request, no error, no tone", async () => {
    await act(async () => { history.pushState(null, '', '/stock-out/ToC/pickingtasks?task=') })
    const page = (active: boolean): ReactNode => createElement(PageActiveContext.Provider, { value: active }, createElement(PickingTasksPage, {
      route: { path: '/stock-out/ToC/pickingtasks', name: 'pickingtasks', title: '', componentKey: 'stock-out/pickingtasks', meta: {}, params: {} },
    }))
    const m = mount(page(true))
    const s = station(m, 'picking')
    await waitFor(() => s.step() === 'task', 'the picking station, no task yet')
    const sentBefore = h.sent.length
    tones.length = 0
    // Rest sorting opens the sorting wall with its task: the picking page stays mounted, hidden, in the
    // same render as the URL moves (as the page area does).
    await act(async () => {
      m.root.render(createElement((await import('@tanstack/react-query')).QueryClientProvider, { client: m.client }, page(false)))
      history.pushState(null, '', '/stock-out/ToC/sorting-wall?task=FJ2612310001')
    })
    await flush(300)
    expect(s.step()).toBe('task')
    expect(h.sent.slice(sentBefore).filter((r) => r.url.includes('FJ2612310001'))).toEqual([])
    expect(s.status().getAttribute('data-kind')).not.toBe('error')
    expect(s.status().textContent).not.toContain('FJ2612310001')
    expect(tones).toEqual([])
    m.unmount()
  })

  it('a tone plays only while the station is the visible page; the line still changes when hidden', async () => {
    let fb: ReturnType<typeof useStationFeedback> | undefined
    function Probe() {
      const f = useStationFeedback()
      useEffect(() => { fb = f })
      return createElement(StatusLine, { status: f.status })
    }
    const tree = (active: boolean) => createElement(PageActiveContext.Provider, { value: active }, createElement(Probe))
    const m = mount(tree(false))
    tones.length = 0
    await act(async () => { fb!.error(msg('inbound:station.notLocation', { code: 'X' })) })
    expect(tones).toEqual([])
    expect(m.container.querySelector('[data-testid="station-status"]')!.textContent).toBe('Not a location code: X')
    await act(async () => { m.root.render(createElement((await import('@tanstack/react-query')).QueryClientProvider, { client: m.client }, tree(true))) })
    await act(async () => { fb!.error(msg('inbound:station.notLocation', { code: 'Y' })) })
    await act(async () => { fb!.ok(msg('inbound:station.notLocation', { code: 'Z' })) })
    expect(tones).toEqual(['error', 'ok'])
    m.unmount()
  })
})

describe('receiving', () => {
  it('ten scans in one burst are ten receipts, in order, each once; the status line follows the language; the double-read guard says what it dropped', async () => {
    const [a, b] = [skus[0]!.code, skus[1]!.code]
    await inboundOrder('RK9912300001', [[0, 12], [1, 12]])
    const m = mount(createElement(ReceivingPage, { route: { path: '/stock-in/harvest', name: 'harvest', title: '', componentKey: 'stock-in/harvest', meta: {}, params: {} } }))
    const s = station(m, 'receiving')
    await waitFor(() => document.activeElement === s.input(), 'scan field focused')
    await s.scan('RK9912300001')
    await waitFor(() => s.step() === 'item', 'order open')

    // A burst: ten reads typed back to back (a gun's pace), two SKUs interleaved, nobody waiting.
    const receives = () => h.sent.filter((r) => r.path === '/api/commands/inbound.receive')
    const seq = [a, a, b, a, b, b, a, a, b, a]
    s.burst(seq)
    // Typed back to back: not one answer had arrived when the last read was made.
    expect(receives().filter((r) => r.status !== undefined)).toHaveLength(0)
    await waitFor(() => receives().length === 10 && receives().every((r) => r.status !== undefined), 'ten answered', 20_000)
    expect(receives().map((r) => JSON.parse(r.body).code)).toEqual(seq)
    expect(receives().map((r) => r.status)).toEqual(seq.map(() => 200))
    expect(new Set(receives().map((r) => r.headers['idempotency-key'])).size).toBe(10)
    const received = await q<{ line_no: number; received_qty: number }>(`SELECT l.line_no, l.received_qty FROM inbound_order_line l JOIN inbound_order o ON o.id = l.order_id WHERE o.order_no = 'RK9912300001' ORDER BY l.line_no`)
    expect(received.map((r) => Number(r.received_qty))).toEqual([6, 4])
    await waitFor(() => s.status().textContent === `${a} +1 — 6/12`, 'the last answer shown')
    expect(s.status().getAttribute('data-kind')).toBe('ok')

    // A refusal from the server, then the language changes: both lines read in Chinese.
    await s.scan('NO-SUCH-CODE-9')
    await waitFor(() => s.status().getAttribute('data-kind') === 'error', 'refused')
    expect(s.status().textContent).toBe('Nothing matches fnsku/upc: NO-SUCH-CODE-9')
    await act(async () => { await i18next.changeLanguage('zh') })
    expect(s.status().textContent).toBe(zh('inbound:receiving.errors.nothingMatches', { code: 'NO-SUCH-CODE-9' }))
    expect(s.status().textContent).not.toBe('Nothing matches fnsku/upc: NO-SUCH-CODE-9')
    await s.scan(b)
    await waitFor(() => s.status().getAttribute('data-kind') === 'ok', 'accepted in zh')
    expect(s.status().textContent).toBe(zh('inbound:receiving.accepted', { skuCode: b, qty: 1, received: 5, expected: 12 }))
    await act(async () => { await i18next.changeLanguage('en') })
    expect(s.status().textContent).toBe(`${b} +1 — 5/12`)

    // The double-read guard set (2 s here): a second read of one code within it is dropped, saying so;
    // another code is not.
    await q(`UPDATE inbound_setting SET min_scan_interval_ms = 2000 WHERE tenant_id = 1 AND warehouse_id = 26`)
    await press(s.input(), 'Escape')
    await waitFor(() => s.step() === 'order', 'back to the order step')
    await s.scan('RK9912300001')
    await waitFor(() => s.step() === 'item', 'order read again with its settings')
    const before = receives().length
    // Every text the line shows meanwhile (the answers that follow overwrite the refusal).
    const shown: string[] = []
    const watch = new MutationObserver(() => shown.push(s.status().textContent ?? ''))
    watch.observe(s.status(), { childList: true, subtree: true, characterData: true })
    s.burst([a, a, b])
    await waitFor(() => receives().length === before + 2 && receives().every((r) => r.status !== undefined), 'two sent')
    expect(receives().slice(before).map((r) => JSON.parse(r.body).code)).toEqual([a, b])
    watch.disconnect()
    expect(shown).toContain(`Dropped a second read of ${a} within 2000 ms (double-read guard)`)
    await q(`UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE tenant_id = 1 AND warehouse_id = 26`)
    m.unmount()
  }, 60_000)
})

describe('shelving', () => {
  it('refuses an unknown location at once, naming it, the place kept; a location and a SKU in one burst go out together', async () => {
    await inboundOrder('RK9912300002', [[2, 2]])
    const r1 = await cmd<ReceiveResult & { shelvingTaskNo?: string }>('inbound.receive', { orderNo: 'RK9912300002', code: skus[2]!.code })
    expect(r1.finished).toBe(false)
    const r2 = await cmd<ReceiveResult & { shelvingTaskNo?: string }>('inbound.receive', { orderNo: 'RK9912300002', code: skus[2]!.code })
    const taskNo = r2.shelvingTaskNo!
    expect(taskNo).toMatch(/^SJ/)
    await act(async () => { history.pushState(null, '', `/stock-in/shelf-task/details?no=${taskNo}`) })
    const m = mount(createElement(ShelvingStationPage, { route: { path: '/stock-in/shelf-task/details', name: 'shelf-task-details', title: '', componentKey: 'stock-in/shelf-task-details', meta: {}, params: {} } }))
    const s = station(m, 'shelving')
    await waitFor(() => s.step() === 'location', 'task open: scan a location')

    await s.scan('ZZ-NOWHERE-99')
    await waitFor(() => s.status().getAttribute('data-kind') === 'error', 'refused')
    expect(s.status().textContent).toBe('Location ZZ-NOWHERE-99 does not exist in this warehouse')
    expect(s.step()).toBe('location')
    expect(s.inside('[data-testid="shelving-location"]')!.textContent).toBe(i18next.t('inbound:shelving.noLocation'))
    // A SKU now is no location: refused at once by the parser, nothing shelved.
    const scans = () => h.sent.filter((r) => r.path === '/api/commands/inbound.shelving.scan')
    expect(scans()).toHaveLength(0)

    // The location and the SKU in one burst: the SKU waits for the location's check, then goes out with it.
    s.burst([shelves[1]!.code, skus[2]!.code])
    await waitFor(() => scans().length === 1 && scans()[0]!.status !== undefined, 'one shelving scan answered')
    expect(JSON.parse(scans()[0]!.body)).toEqual({ taskNo, locationCode: shelves[1]!.code, code: skus[2]!.code })
    await waitFor(() => s.status().getAttribute('data-kind') === 'ok', 'shelved')
    expect(s.inside('[data-testid="shelving-location"]')!.textContent).toBe(shelves[1]!.code)
    m.unmount()
  }, 60_000)
})

describe('review station', () => {
  it("keeps the order's card when a scan is refused and shows the refusal", async () => {
    const [sku, other] = [skus[3]!, skus[2]!]
    await h.t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: shelves[0]!.id, skuId: sku.id }, 3, { docType: 'TEST', docNo: 'T-REVIEW' }, { userId: 1, username: 'admin' }))
    const o = await cmd<{ id: number; orderNo: string }>('outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku.code, qty: 2 }] })
    await cmd('outbound.order.validate', { ids: [o.id] })
    const w = await cmd<{ tasks: string[] }>('outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
    const taskNo = w.tasks[0]!
    await cmd('outbound.pickTask.claim', { taskNo })
    for (let i = 0; i < 2; i++) await cmd('outbound.pick.scan', { taskNo, locationCode: shelves[0]!.code, code: sku.code })

    const m = mount(createElement(ReviewStation))
    const s = station(m, 'review')
    const card = () => s.inside('[data-testid="review-order"]')
    await s.scan(o.orderNo)
    await waitFor(() => card()?.getAttribute('data-order') === o.orderNo, 'the order card')
    await s.scan(sku.code)
    await waitFor(() => s.inside('[data-testid="review-progress"]')?.textContent === '1 / 2', 'one reviewed')

    // An item not in the order: refused by the server — the card stays, the refusal shows.
    await s.scan(other.code)
    await waitFor(() => s.status().getAttribute('data-kind') === 'error', 'refused')
    expect(card()?.getAttribute('data-order')).toBe(o.orderNo)
    expect(s.inside('[data-testid="review-progress"]')!.textContent).toBe('1 / 2')
    expect(s.status().textContent).toContain(other.code)
    // An order number that cannot be opened: refused — the card of the order under review stays.
    await s.scan('CK9912319999')
    await waitFor(() => s.status().textContent?.includes('CK9912319999'), 'refused order shown')
    expect(s.status().getAttribute('data-kind')).toBe('error')
    expect(card()?.getAttribute('data-order')).toBe(o.orderNo)
    expect(s.step()).toBe('item')
    // And the review carries on with the same card.
    await s.scan(sku.code)
    await waitFor(() => s.step() === 'pack', 'all reviewed')
    expect(card()?.getAttribute('data-order')).toBe(o.orderNo)
    m.unmount()
  }, 60_000)
})
