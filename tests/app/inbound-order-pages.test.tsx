// @vitest-environment happy-dom
// The inbound-order list and details on the real API in-process (PGlite, fetch bridged into
// fastify.inject): the list shows the orders with the overdue flag; ?status=<ids> opens the bulk status
// dialog whose preview refuses a New order with the machine's reason and lets a WaitingIssued one
// change; Enter confirms and only that one is Issued; the details page shows the order's lines.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act } from 'react'
import { createElement } from 'react'
import InboundOrdersPage from '../../src/app/pages/inbound/orders/InboundOrdersPage'
import InboundOrderDetailsPage from '../../src/app/pages/inbound/orders/InboundOrderDetailsPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, waitFor, $, $$, key } from '../helpers/dom'
import { commandEnabled } from '../../src/domain/commands'
import { getActiveRegistry } from '../../src/app/commands/registry'
import { buildCommandContext } from '../../src/app/commands/context'
import { selection } from '../../src/app/state/selection'

let h: Harness
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
let sku = { id: 0, code: '' }
const ids: Record<string, number> = {}

async function order(orderNo: string, status: number, issuedHoursAgo: number | null = null) {
  const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
    VALUES (1, 26, $1, 1, $2, 7, CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END) RETURNING id`, [orderNo, status, issuedHoursAgo])
  await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 7)`, [o!.id, sku.id])
  ids[orderNo] = Number(o!.id)
}
const route = (path: string, componentKey: string) => ({ route: { path, name: componentKey, title: '', componentKey, meta: {}, params: {} } })

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  const [s] = await q<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id DESC LIMIT 1`)
  sku = { id: Number(s!.id), code: s!.sku_code }
  await order('RKPAGENEW01', 0)
  await order('RKPAGEWAIT01', 1)
  await order('RKPAGELATE01', 2, 500)
}, 120_000)
afterAll(async () => { await h?.close() })

describe('inbound order pages', () => {
  it('lists with the overdue flag; the bulk status preview refuses with the reason and Enter changes only the allowed order', async () => {
    await act(async () => { history.pushState(null, '', `/stock-in/inbound-order?status=${ids.RKPAGENEW01},${ids.RKPAGEWAIT01}`) })
    const m = mount(createElement(InboundOrdersPage, route('/stock-in/inbound-order', 'stock-in/inbound-order')))
    await waitFor(() => $$('[role="row"]').some((r) => r.textContent?.includes('RKPAGELATE01')), 'list loaded')
    const late = $$('[role="row"]').find((r) => r.textContent?.includes('RKPAGELATE01'))!
    expect(late.querySelector('[data-testid="overdue-flag"]')?.textContent).toBe('Overdue')
    const wait = $$('[role="row"]').find((r) => r.textContent?.includes('RKPAGEWAIT01'))!
    expect(wait.querySelector('[data-testid="overdue-flag"]')).toBeNull()

    const dialog = await waitFor(() => $('[data-testid="inbound-order-status"]'), 'status dialog')
    const target = $<HTMLSelectElement>('[data-testid="order-status-target"]', dialog)!
    await act(async () => {
      target.value = '2'
      target.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await waitFor(() => $$('[data-testid="order-status-preview"] tbody tr').length === 2 && $('[data-testid="order-status-confirm"]')?.textContent === 'Apply to 1', 'preview for Issued')
    const rows = $$('[data-testid="order-status-preview"] tbody tr')
    const refused = rows.find((r) => r.textContent?.includes('RKPAGENEW01'))!
    expect(refused.getAttribute('data-change')).toBe('false')
    expect(refused.textContent).toContain('Inbound order RKPAGENEW01 cannot go from New to Issued')
    const confirm = $<HTMLButtonElement>('[data-testid="order-status-confirm"]')!
    await waitFor(() => document.activeElement === confirm, 'confirm focused')
    // A focused button's Enter is its click (the browser's own activation).
    await act(async () => { confirm.click() })
    await waitFor(() => !$('[data-testid="inbound-order-status"]'), 'dialog closed')
    const status = async (no: string) => Number((await q<{ s: number }>('SELECT status AS s FROM inbound_order WHERE order_no = $1', [no]))[0]!.s)
    expect(await status('RKPAGEWAIT01')).toBe(2)
    expect(await status('RKPAGENEW01')).toBe(0)
    m.unmount()
  })

  it('details: header, status and lines of the order by number', async () => {
    await act(async () => { history.pushState(null, '', '/stock-in/inbound-order/details?orderNo=RKPAGELATE01') })
    const m = mount(createElement(InboundOrderDetailsPage, route('/stock-in/inbound-order/details', 'stock-in/inbound-order-details')))
    await waitFor(() => $('[data-testid="order-lines"] tbody tr'), 'lines')
    expect($('[data-testid="order-status"]')!.textContent).toBe('Issued')
    expect($('[data-testid="overdue-flag"]')).not.toBeNull()
    const cells = $$('[data-testid="order-lines"] tbody tr td').map((c) => c.textContent)
    expect(cells[0]).toBe('1')
    expect(cells[1]).toBe(sku.code)
    expect(cells[6]).toBe('7')
    expect($('[data-testid="cmd-inbound.order.abolish"]')).not.toBeNull()
    m.unmount()
  })

  it('edit is greyed out with the reason unless the order is New: list selection, details page, palette', async () => {
    const editButton = () => $<HTMLButtonElement>('[data-testid="cmd-inbound.order.edit"]')!
    // Issue 19 §2: the reason names the order's status and the one edit is allowed in (i18next's `statuses` format).
    const reason = 'Inbound order RKPAGELATE01 cannot be edited in its status (Issued): only in New'
    const edit = getActiveRegistry().get('inbound.order.edit')!

    await act(async () => { history.pushState(null, '', '/stock-in/inbound-order') })
    const list = mount(createElement(InboundOrdersPage, route('/stock-in/inbound-order', 'stock-in/inbound-order')))
    await waitFor(() => $$('[role="row"]').some((r) => r.textContent?.includes('RKPAGENEW01')), 'list loaded')
    const grid = $<HTMLElement>('[role="grid"]')!
    grid.focus()
    // Newest first: RKPAGELATE01 (Issued), RKPAGEWAIT01, RKPAGENEW01 (New).
    key(grid, 'ArrowDown')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1, 'one row selected')
    expect(selection.rows[0]!.orderNo).toBe('RKPAGELATE01')
    await waitFor(() => editButton().getAttribute('aria-disabled') === 'true', 'edit greyed out')
    expect(editButton().title).toBe(reason)
    key(grid, ' ')
    key(grid, 'ArrowDown')
    key(grid, 'ArrowDown')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1 && selection.rows[0]!.orderNo === 'RKPAGENEW01', 'the New order selected')
    await waitFor(() => editButton().getAttribute('aria-disabled') === null, 'edit enabled')
    list.unmount()

    for (const [no, allowed] of [['RKPAGELATE01', false], ['RKPAGENEW01', true]] as const) {
      await act(async () => { history.pushState(null, '', `/stock-in/inbound-order/details?orderNo=${no}`) })
      const m = mount(createElement(InboundOrderDetailsPage, route('/stock-in/inbound-order/details', 'stock-in/inbound-order-details')))
      await waitFor(() => $('[data-testid="cmd-inbound.order.edit"]'), 'details loaded')
      expect(editButton().getAttribute('aria-disabled')).toBe(allowed ? null : 'true')
      expect(editButton().title).toBe(allowed ? '' : reason)
      // The palette on this page sees the same: the open document with its status.
      await waitFor(() => buildCommandContext().documentId === ids[no], 'document is the palette target')
      expect(commandEnabled(edit, buildCommandContext())).toEqual(allowed ? true : { key: 'inbound:order.errors.editOnlyNew', params: { orderNo: no, status: 2, current: ['dict:inboundStatus.2'], allowed: ['dict:inboundStatus.0'] } })
      m.unmount()
      expect(selection.rows).toEqual([])
    }
  })
})
