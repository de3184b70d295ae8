// @vitest-environment happy-dom
// The order forms' lines (the shared LinesEditor) on the real API in-process (PGlite, fetch bridged into
// fastify.inject), by keyboard (issue 18 §5): the new outbound order's scan field checks a code with the
// server on Enter — an unknown code is refused at once naming it and the line it would make, the typed
// text kept, no line added (it used to be accepted and refused only at save); codes typed back to back
// (a scanner) are checked in order and each makes its line, showing the SKU it names; Alt+Backspace on a
// line removes it and the focus moves to the line that took its place, Delete on a line's remove button
// too, the last one giving the focus back to the scan field; the form's key hint says so. The inbound
// form shares it: Alt+Backspace removes a line there too.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createElement } from 'react'
import { OutboundOrderForm } from '../../src/app/pages/outbound/orders/OutboundOrderForm'
import { OrderFormDialog } from '../../src/app/pages/inbound/orders/OrderFormDialog'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, press, typeInto, type, key, waitFor, $, $$ } from '../helpers/dom'

let h: Harness
let skus: { id: number; code: string }[] = []
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const rows = () => $$<HTMLTableRowElement>('[data-testid="order-form-lines"] tbody tr')
const qtyOf = (row: Element) => row.querySelector<HTMLInputElement>('input[data-line-qty]')!

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  skus = (await q<{ id: number; sku_code: string }>(`SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1
    AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(3)
}, 120_000)
afterAll(async () => { await h?.close() })

describe('outbound order form lines', () => {
  it('checks a code on Enter, keeps a refused one as typed, takes a burst in order, removes lines by key', async () => {
    const m = mount(createElement(OutboundOrderForm, { onClose: () => {} }))
    const scan = await waitFor(() => $<HTMLInputElement>('[data-testid="order-scan"]'), 'scan field')
    const resolves = () => h.sent.filter((r) => r.path === '/api/outbound/orders/resolve')

    await typeInto(scan, 'no-such-code-7')
    await press(scan, 'Enter')
    await waitFor(() => $('[data-testid="order-scan-error"]'), 'refused at once')
    expect($('[data-testid="order-scan-error"]')!.textContent).toBe('Line 1: no SKU, UPC or FNSKU NO-SUCH-CODE-7')
    expect(scan.value).toBe('NO-SUCH-CODE-7')
    expect(rows()).toHaveLength(0)
    expect(h.sent.some((r) => r.path.startsWith('/api/commands/'))).toBe(false)

    // Three codes typed back to back, none waiting for its check: three lines, in the order typed.
    await typeInto(scan, '')
    for (const s of skus) { type(scan, s.code.toLowerCase()); key(scan, 'Enter') }
    await waitFor(() => rows().length === 3, 'three lines', 15_000)
    expect(resolves().slice(-3).map((r) => new URL(r.url, 'http://x').searchParams.get('code'))).toEqual(skus.map((s) => s.code.toUpperCase()))
    expect(rows().map((r) => r.children[2]!.textContent)).toEqual(skus.map((s) => s.code))
    expect($('[data-testid="order-scan-error"]')).toBeNull()
    expect(m.container.ownerDocument.body.textContent).toContain('Alt+Backspace on a line removes it')

    // Alt+Backspace on the first line's quantity: removed, the focus on the line that took its place.
    qtyOf(rows()[0]!).focus()
    key(qtyOf(rows()[0]!), 'Backspace', { alt: true })
    await waitFor(() => rows().length === 2, 'line removed')
    expect(rows().map((r) => r.children[2]!.textContent)).toEqual([skus[1]!.code, skus[2]!.code])
    await waitFor(() => document.activeElement === qtyOf(rows()[0]!), 'focus on the next line')
    // The last line: Alt+Backspace there, the focus on the line before it.
    key(qtyOf(rows()[1]!), 'Backspace', { alt: true })
    await waitFor(() => rows().length === 1, 'last line removed')
    await waitFor(() => document.activeElement === qtyOf(rows()[0]!), 'focus on the line before')
    // Delete on a line's remove button removes it; with no line left the scan field has the focus.
    const remove = rows()[0]!.querySelector<HTMLButtonElement>('button[data-line-remove]')!
    remove.focus()
    key(remove, 'Delete')
    await waitFor(() => rows().length === 0, 'no line left')
    await waitFor(() => document.activeElement === scan, 'focus back on the scan field')
    m.unmount()
  })
})

describe('inbound order form lines', () => {
  it('removes a line with Alt+Backspace too (the shared lines editor)', async () => {
    const m = mount(createElement(OrderFormDialog, { onClose: () => {} }))
    const scan = await waitFor(() => $<HTMLInputElement>('[data-testid="order-scan"]'), 'scan field')
    for (const s of skus.slice(0, 2)) { await typeInto(scan, s.code); await press(scan, 'Enter') }
    await waitFor(() => rows().length === 2, 'two lines')
    key(qtyOf(rows()[1]!), 'Backspace', { alt: true })
    await waitFor(() => rows().length === 1, 'line removed')
    expect(rows()[0]!.textContent).toContain(skus[0]!.code)
    expect(m.container.ownerDocument.body.textContent).toContain('Alt+Backspace on a line removes it')
    m.unmount()
  })
})
