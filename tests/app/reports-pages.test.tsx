// @vitest-environment happy-dom
// The report screens on the real API in-process (PGlite, fetch bridged into fastify.inject), keyboard
// first. Sales outbound report: the cursor starts in the first filter; shipping method typed and the
// filter applied (Enter = submit) shows the shipped orders per day × platform × shop with the totals
// line; grouping per platform folds them; a shipped range over 92 days is refused in the bar with the
// server's message and nothing is asked. Timeout tasks: Alt+6 switches to container loading (issue 21: a
// loading document open past its limit, its status label, its number linking to it) and Alt+9 to ToB
// orders not issued. (The figures themselves,
// from orders shipped through the API, are tests/api/reports-outbound.test.ts; here the shipped rows
// are written in SQL.)
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement } from 'react'
import SalesOutboundReportPage from '../../src/app/pages/reports/SalesOutboundReportPage'
import TimeoutsPage from '../../src/app/pages/inbound/timeouts/TimeoutsPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, waitFor, $, $$, typeInto } from '../helpers/dom'
import { focusPageWork } from '../../src/app/router/arrival'

let h: Harness
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
let shops: { id: number; name: string; platform: string }[] = []
const G = 'sales-outbound-report'
const submit = async () => { await act(async () => { $<HTMLFormElement>(`[data-testid="${G}-filters"]`)!.requestSubmit() }) }
const dataRows = () => $$(`[data-testid="${G}-grid"] [role="row"]`).slice(1)

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  shops = (await q<{ id: number; name: string; platform: string }>(`
    SELECT s.id, s.name, p.code AS platform FROM shop s JOIN site x ON x.id = s.site_id JOIN platform p ON p.id = x.platform_id
    WHERE p.code IN ('SHEIN', 'AMAZON') ORDER BY p.code, s.id`)).map((r) => ({ ...r, id: Number(r.id) }))
  shops = [shops.find((s) => s.platform === 'AMAZON')!, shops.find((s) => s.platform === 'SHEIN')!]
  const ship = (no: string, shop: typeof shops[number], qty: number) => q(`
    INSERT INTO outbound_order (tenant_id, warehouse_id, order_no, order_type, status, platform, shop_id, shipping_method, expected_qty, picked_qty, actual_qty, tracking_no, shipped_at)
    VALUES (1, 26, $1, 2, 4, $2, $3, 'UI-RPT', $4, $4, $4, $1, now())`, [no, shop.platform, shop.id, qty])
  await ship('UIRPT-1', shops[0]!, 2)
  await ship('UIRPT-2', shops[0]!, 1)
  await ship('UIRPT-3', shops[1]!, 4)
}, 120_000)
afterAll(async () => { await h?.close() })

describe('sales outbound report screen', () => {
  it('filters from the keyboard, shows the rows and the totals, folds per platform, refuses a long range', async () => {
    // Arrival as the shell does it (router/arrival.ts): the page declares its work, the shell focuses it —
    // the report's rows, its first row active.
    const m = mount(createElement('div', { 'data-page': '/report-new/sales-outbound' }, createElement(SalesOutboundReportPage)))
    focusPageWork()
    await waitFor(() => document.activeElement?.getAttribute('role') === 'grid' && document.activeElement.getAttribute('aria-activedescendant')?.includes('-r0-'), 'the rows focused on arrival')
    await typeInto($(`#${G}-f-shippingMethod`), 'ui-rpt')
    await submit()
    await waitFor(() => $('[data-testid="sales-outbound-totals"]')?.textContent === 'Totals: 3 orders · 3 parcels · 7 units', 'totals line')
    await waitFor(() => dataRows().length === 2, 'one row per shop')
    const amazon = dataRows().find((r) => r.textContent?.includes(shops[0]!.name))!
    expect(amazon.textContent).toContain('Amazon')
    expect(amazon.textContent).toMatch(/2\s*2\s*3$/)
    // Per platform: the same totals, one row per platform, no shop.
    await typeInto($(`#${G}-f-groupBy`), 'platform')
    await submit()
    await waitFor(() => dataRows().length === 2 && !dataRows().some((r) => r.textContent?.includes(shops[0]!.name)), 'folded per platform')
    // 93 days: refused in the bar with the server's words, focus on its end, nothing asked.
    const before = h.sent.length
    // The range is one box (typed as the operator does; the Search button applies what is typed).
    await typeInto($(`#${G}-f-shippedAtFrom`), '2026-01-01 ~ 2026-04-04')
    await submit()
    await waitFor(() => $(`[data-testid="${G}-filters"] [role="alert"]`), 'range refusal')
    expect($(`[data-testid="${G}-filters"] [role="alert"]`)!.textContent).toBe('The date range may span at most 92 days')
    expect(document.activeElement?.id).toBe(`${G}-f-shippedAtFrom`)
    expect(h.sent.slice(before).some((s) => s.path === '/api/reports/sales-outbound')).toBe(false)
    m.unmount()
  })
})

describe('timeout task screen', () => {
  it('Alt+6: container loading lists a loading document open past its limit; Alt+9: ToB not issued', async () => {
    await q(`INSERT INTO container_loading (tenant_id, warehouse_id, loading_no, container_no, container_size, capacity_volume, max_weight, status, created_at)
      VALUES (1, 26, 'ZG-UI-LATE', 'CT-UI-LATE', '40HQ', 76.4, 26500, 1, now() - interval '30 hours')`)
    const m = mount(createElement(TimeoutsPage))
    const page = await waitFor(() => $('[data-testid="timeouts-page"]'), 'report')
    act(() => { page.dispatchEvent(new KeyboardEvent('keydown', { key: '6', code: 'Digit6', altKey: true, bubbles: true, cancelable: true })) })
    await waitFor(() => $('[data-testid="timeouts-containerLoading"]')?.getAttribute('aria-selected') === 'true', 'container loading kind')
    const row = await waitFor(() => $('[data-testid="timeouts-list"] tr[data-number="ZG-UI-LATE"]'), 'the late loading document')
    expect(row.textContent).toContain('Loaded')
    expect(row.querySelector('a')!.getAttribute('href')).toContain('/container-load/loading-detail?no=ZG-UI-LATE')
    act(() => { page.dispatchEvent(new KeyboardEvent('keydown', { key: '9', code: 'Digit9', altKey: true, bubbles: true, cancelable: true })) })
    await waitFor(() => $('[data-testid="timeouts-tobNotIssued"]')?.getAttribute('aria-selected') === 'true', 'ToB not issued kind')
    expect($('[data-testid="timeouts-tobNotIssued"]')!.textContent).toContain('ToB not issued')
    act(() => { page.dispatchEvent(new KeyboardEvent('keydown', { key: '4', code: 'Digit4', altKey: true, bubbles: true, cancelable: true })) })
    await waitFor(() => $('[data-testid="timeouts-picking"]')?.getAttribute('aria-selected') === 'true', 'picking kind')
    m.unmount()
  })
})
