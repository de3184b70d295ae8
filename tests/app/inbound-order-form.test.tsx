// @vitest-environment happy-dom
// The new-inbound-order form on the real API in-process (PGlite, fetch bridged into fastify.inject),
// by keyboard: Ctrl+Enter with no line is refused on the lines with nothing sent; an unknown code is
// refused under the scan field with the server's message; a SKU code and then its UPC with a typed
// quantity make ONE line (the same SKU adds up); Ctrl+Enter saves through inbound.order.create and
// the order is stored with its expected quantity.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement } from 'react'
import { OrderFormDialog } from '../../src/app/pages/inbound/orders/OrderFormDialog'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, press, typeInto, waitFor, $, $$, key } from '../helpers/dom'

let h: Harness
let sku = { id: 0, code: '', upc: '' }
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  const [s] = await q<{ id: number; sku_code: string; upc: string }>(`SELECT k.id, k.sku_code, m.upc FROM product_sku k JOIN product_msku m ON m.sku_id = k.id
    WHERE k.tenant_id = 1 AND m.upc IS NOT NULL AND (SELECT count(*) FROM product_msku x WHERE x.upc = m.upc) = 1 ORDER BY k.id DESC LIMIT 1`)
  sku = { id: Number(s!.id), code: s!.sku_code, upc: s!.upc }
}, 120_000)
afterAll(async () => { await h?.close() })

describe('inbound order form', () => {
  it('adds scanned lines, refuses bad input where it belongs, and saves by keyboard', async () => {
    let saved: { orderNo: string } | null = null
    let closed = false
    const m = mount(createElement(OrderFormDialog, { onClose: () => { closed = true }, onSaved: (r) => { saved = r } }))
    const scan = $<HTMLInputElement>('[data-testid="order-scan"]')!
    await waitFor(() => document.activeElement === scan, 'scan field focused')

    // Nothing to save yet: the lines are named, no command is sent.
    const before = h.sent.length
    key(scan, 'Enter', { ctrl: true })
    await waitFor(() => $('[data-testid="order-lines-error"]'), 'lines refusal')
    expect($('[data-testid="order-lines-error"]')!.textContent).toBe('Add at least one line')
    expect(h.sent.slice(before).some((s) => s.path.startsWith('/api/commands/'))).toBe(false)

    await typeInto(scan, 'NO-SUCH-CODE-9')
    await press(scan, 'Enter')
    await waitFor(() => $('[data-testid="order-scan-error"]'), 'code refusal')
    expect($('[data-testid="order-scan-error"]')!.textContent).toBe('Line 1: no SKU matches NO-SUCH-CODE-9')

    await typeInto(scan, sku.code)
    await press(scan, 'Enter')
    await waitFor(() => $$('[data-testid="order-form-lines"] tbody tr').length === 1, 'first line')
    expect($('[data-testid="order-scan-error"]')).toBeNull()
    expect(document.activeElement).toBe(scan)
    const qty = $<HTMLInputElement>('[data-testid="order-scan-qty"]')!
    await typeInto(qty, '3')
    await typeInto(scan, sku.upc)
    await press(scan, 'Enter')
    await waitFor(() => $<HTMLInputElement>('[data-testid="order-form-lines"] tbody tr input')?.value === '4', 'UPC added to the same line')
    expect($$('[data-testid="order-form-lines"] tbody tr').length).toBe(1)
    expect($('[data-testid="order-form-lines"] tbody tr')!.textContent).toContain(sku.code)

    key(scan, 'Enter', { ctrl: true })
    await waitFor(() => saved, 'saved')
    expect(closed).toBe(false)
    const orderNo = (saved as { orderNo: string } | null)?.orderNo ?? ''
    expect(orderNo).toMatch(/^RK/)
    const [o] = await q<{ expected_qty: number; status: number }>('SELECT expected_qty, status FROM inbound_order WHERE order_no = $1', [orderNo])
    expect(Number(o!.expected_qty)).toBe(4)
    expect(Number(o!.status)).toBe(0)
    m.unmount()
  })

  it('edits a New order: its lines load, a quantity changes, Ctrl+Enter saves through inbound.order.edit', async () => {
    const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty)
      VALUES (1, 26, 'RKFORMEDIT01', 2, 0, 2) RETURNING id`)
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 2)`, [o!.id, sku.id])
    let closed = false
    // The dialog lives on the list screen (the edit command is offered on the inbound-order screens).
    await act(async () => { history.pushState(null, '', `/stock-in/inbound-order?edit=${o!.id}`) })
    const m = mount(createElement(OrderFormDialog, { editId: Number(o!.id), onClose: () => { closed = true } }))
    const qtyCell = await waitFor(() => $<HTMLInputElement>('[data-testid="order-form-lines"] tbody tr input'), 'lines loaded')
    expect(qtyCell.value).toBe('2')
    expect($('[data-testid="inbound-order-form"] h2')!.textContent).toBe('Edit inbound order RKFORMEDIT01')
    await typeInto(qtyCell, '9')
    key($<HTMLInputElement>('[data-testid="order-scan"]')!, 'Enter', { ctrl: true })
    await waitFor(() => closed, 'saved and closed')
    const [row] = await q<{ expected_qty: number; inbound_type: number }>('SELECT expected_qty, inbound_type FROM inbound_order WHERE id = $1', [o!.id])
    expect(Number(row!.expected_qty)).toBe(9)
    expect(Number(row!.inbound_type)).toBe(2)
    m.unmount()
  })
})
