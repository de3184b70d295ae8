// @vitest-environment happy-dom
// The sales outbound-order list and details on the real API in-process (PGlite, fetch bridged into
// fastify.inject): the toolbar's validate is greyed out with the status machine's reason for an order
// in force and enabled for a draft; a created range over 92 days is refused in the filter bar with the
// server's message and nothing is asked; ?status=<ids> opens the bulk status dialog whose preview
// refuses the order in force with its reason, asks the grounds of a lock, and Enter validates only the
// draft; the details page shows the order's facts and lines and publishes it as the commands' document
// (the palette's verdict is the machine's).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement } from 'react'
import OutboundOrdersPage from '../../src/app/pages/outbound/orders/OutboundOrdersPage'
import OutboundOrderDetailsPage from '../../src/app/pages/outbound/orders/OutboundOrderDetailsPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { apiAs, type ApiClient } from '../helpers/api'
import { mount, waitFor, $, $$, key, typeInto } from '../helpers/dom'
import { commandEnabled } from '../../src/domain/commands'
import { getActiveRegistry } from '../../src/app/commands/registry'
import { buildCommandContext } from '../../src/app/commands/context'
import { selection } from '../../src/app/state/selection'
import { i18next } from '../../src/app/i18n'
import { toasts } from '../../src/app/state/toast'
import { addStock } from '../../src/server/inventory/ledger'

let h: Harness
let admin: ApiClient
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const orders: Record<'draft' | 'effective', { id: number; orderNo: string }> = { draft: { id: 0, orderNo: '' }, effective: { id: 0, orderNo: '' } }
const route = (path: string, componentKey: string) => ({ route: { path, name: componentKey, title: '', componentKey, meta: {}, params: {} } })
const LIST = ['/stock-out/ToC/sales-outbound', 'stock-out/toc-sales-outbound'] as const
const DETAILS = ['/stock-out/ToC/sales-outbound/details', 'stock-out/toc-sales-outbound-details'] as const
// Issue 19 §2: the reason names the order's status (in force) and the statuses validate is allowed from.
const NOT_DRAFT = (no: string) => `Order ${no} cannot be validated in its status (In force): only from Draft or Validated (validating again allocates what there is now)`

async function command(id: string, args: Record<string, unknown>) {
  const r = await admin.cmd(id, args)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data
}
const statusOf = async (id: number) => Number((await q<{ s: number }>('SELECT status AS s FROM outbound_order WHERE id = $1', [id]))[0]!.s)
const rowOf = (orderNo: string) => $$('[role="row"]').findIndex((r) => r.textContent?.includes(orderNo))

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  admin = await apiAs(h.t, 'admin')
  const [s] = await q<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id DESC LIMIT 1`)
  // Stock for it, so that the validated order is in force (reserved), not validated waiting for stock (6).
  const [loc] = await q<{ id: number }>(`SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  await h.t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: Number(loc!.id), skuId: Number(s!.id) }, 5, { docType: 'TEST', docNo: 'T-PAGES' }, { userId: 1, username: 'admin' }))
  const base = { platform: 'SHEIN', shippingMethod: 'PAGE-TEST', consigneeName: 'Ana Ruiz', address: 'Av. Juárez 10', country: 'MX', lines: [{ code: s!.sku_code, qty: 1 }] }
  for (const k of ['draft', 'effective'] as const) orders[k] = await command('outbound.order.create', { ...base, sourceNo: `PAGE-${k}` })
  await command('outbound.order.validate', { ids: [orders.effective.id] })
}, 120_000)
afterAll(async () => { await h?.close() })

describe('outbound order pages', () => {
  it('list: validate greyed out with the machine reason for an order in force, enabled for a draft; a long created range refused', async () => {
    const validate = () => $<HTMLButtonElement>('[data-testid="cmd-outbound.order.validate"]')!
    await act(async () => { history.pushState(null, '', LIST[0]) })
    const m = mount(createElement(OutboundOrdersPage, route(...LIST)))
    await waitFor(() => rowOf(orders.draft.orderNo) > 0 && rowOf(orders.effective.orderNo) > 0, 'list loaded')
    const status = $$('[role="row"]')[rowOf(orders.effective.orderNo)]!
    expect(status.textContent).toContain('In force')
    const grid = $<HTMLElement>('[role="grid"]')!
    grid.focus()
    // The header is row 0: ArrowDown n times makes data row n - 1 the active one.
    for (let i = 0; i < rowOf(orders.effective.orderNo); i++) key(grid, 'ArrowDown')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1 && selection.rows[0]!.orderNo === orders.effective.orderNo, 'the order in force selected')
    await waitFor(() => validate().getAttribute('aria-disabled') === 'true', 'validate greyed out')
    expect(validate().title).toBe(NOT_DRAFT(orders.effective.orderNo))
    expect($('[data-testid="reason-outbound.order.validate"]')!.textContent).toBe(NOT_DRAFT(orders.effective.orderNo))
    key(grid, ' ')
    const [from, to] = [rowOf(orders.effective.orderNo), rowOf(orders.draft.orderNo)]
    for (let i = from; i !== to; i += to > from ? 1 : -1) key(grid, to > from ? 'ArrowDown' : 'ArrowUp')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1 && selection.rows[0]!.orderNo === orders.draft.orderNo, 'the draft selected')
    await waitFor(() => validate().getAttribute('aria-disabled') === null, 'validate enabled')

    // A created range of 93 days: refused naming the limit, focus on its end, no list request.
    const before = h.sent.length
    // The range is one box (typed as the operator does; the Search button applies what is typed).
    await typeInto($('#outbound-order-f-createdAtFrom'), '2026-01-01 ~ 2026-04-04')
    await act(async () => { $<HTMLFormElement>('[data-testid="outbound-order-filters"]')!.requestSubmit() })
    await waitFor(() => $('[data-testid="outbound-order-filters"] [role="alert"]'), 'range refusal')
    expect($('[data-testid="outbound-order-filters"] [role="alert"]')!.textContent).toBe('The date range may span at most 92 days')
    expect(document.activeElement?.id).toBe('outbound-order-f-createdAtFrom')
    expect(h.sent.slice(before).some((s) => s.path === '/api/outbound/orders')).toBe(false)
    m.unmount()
  })

  it('bulk status: the preview refuses the order in force with its reason, a lock asks its grounds, Enter validates the draft only', async () => {
    await act(async () => { history.pushState(null, '', `${LIST[0]}?status=${orders.draft.id},${orders.effective.id}`) })
    const m = mount(createElement(OutboundOrdersPage, route(...LIST)))
    const dialog = await waitFor(() => $('[data-testid="outbound-order-status"]'), 'status dialog')
    const confirm = () => $<HTMLButtonElement>('[data-testid="order-status-confirm"]', dialog)!
    await waitFor(() => $$('[data-testid="order-status-preview"] tbody tr').length === 2 && confirm().textContent === 'Apply to 1', 'preview for validate')
    const refused = $$('[data-testid="order-status-preview"] tbody tr').find((r) => r.textContent?.includes(orders.effective.orderNo))!
    expect(refused.getAttribute('data-change')).toBe('false')
    expect(refused.textContent).toContain(NOT_DRAFT(orders.effective.orderNo))
    expect($('[data-testid="order-status-reason"]')).toBeNull()

    // Lock needs grounds: the field appears and takes the focus; confirming without it is refused on the field.
    const action = $<HTMLSelectElement>('[data-testid="order-status-target"]', dialog)!
    await act(async () => { action.value = 'lock'; action.dispatchEvent(new Event('change', { bubbles: true })) })
    await waitFor(() => $('[data-testid="order-status-reason"]') && confirm().textContent === 'Apply to 2', 'lock preview')
    await waitFor(() => document.activeElement === $('[data-testid="order-status-reason"]'), 'reason focused')
    const sent = h.sent.length
    await act(async () => { confirm().click() })
    await waitFor(() => $('[data-testid="outbound-order-status"] [role="alert"]'), 'reason refusal')
    expect($('[data-testid="outbound-order-status"] [role="alert"]')!.textContent).toBe('Reason is required')
    expect(h.sent.slice(sent).some((s) => s.path.startsWith('/api/commands/'))).toBe(false)

    await act(async () => { action.value = 'validate'; action.dispatchEvent(new Event('change', { bubbles: true })) })
    await waitFor(() => confirm().textContent === 'Apply to 1' && document.activeElement === confirm(), 'validate preview, confirm focused')
    await act(async () => { confirm().click() })
    await waitFor(() => !$('[data-testid="outbound-order-status"]'), 'dialog closed')
    // The result names its action (issue 18: "1 order validated: CK…", not "1 changed").
    await waitFor(() => toasts.list.some((x) => x.message.startsWith(`1 order validated: ${orders.draft.orderNo}`)), 'toast naming the action')
    expect(await statusOf(orders.draft.id)).toBe(1)
    m.unmount()
  })

  it('details: facts, lines and the order as the commands\' document, validate disabled with the machine reason', async () => {
    const no = orders.effective.orderNo
    await act(async () => { history.pushState(null, '', `${DETAILS[0]}?orderNo=${no}`) })
    const m = mount(createElement(OutboundOrderDetailsPage, route(...DETAILS)))
    await waitFor(() => $('[data-testid="order-lines"] tbody tr'), 'lines')
    expect($('[data-testid="order-status"]')!.textContent).toBe('In force')
    expect($('[data-testid="order-platform"]')!.textContent).toBe('SHEIN')
    expect($('[data-testid="order-consigneeName"]')!.textContent).toBe('Ana Ruiz')
    expect($('[data-testid="order-shippingMethod"]')!.textContent).toBe('PAGE-TEST')
    expect($$('[data-testid="order-lines"] tbody tr td').map((c) => c.textContent).slice(0, 1)).toEqual(['1'])
    expect($$('[data-testid="order-history"] tbody tr').some((r) => r.textContent?.includes('Validate outbound orders'))).toBe(true)
    // The validation's move by status name (issue 18), never the codes the audit summary records.
    const moved = `${no} ${i18next.t('dict:outboundOrderStatus.0')} → ${$('[data-testid="order-status"]')!.textContent}`
    expect($$('[data-testid="order-history"] tbody tr').some((r) => r.textContent?.includes(moved)), moved).toBe(true)
    expect($('[data-testid="order-history"]')!.textContent).not.toMatch(/\d→\d/)
    const validate = $<HTMLButtonElement>('[data-testid="cmd-outbound.order.validate"]')!
    expect(validate.getAttribute('aria-disabled')).toBe('true')
    expect(validate.title).toBe(NOT_DRAFT(no))
    expect($<HTMLButtonElement>('[data-testid="cmd-outbound.order.lock"]')!.getAttribute('aria-disabled')).toBeNull()
    await waitFor(() => buildCommandContext().documentId === orders.effective.id, 'document is the palette target')
    const def = getActiveRegistry().get('outbound.order.validate')!
    expect(commandEnabled(def, buildCommandContext())).toEqual({ key: 'outbound:order.errors.validateOnlyDraft', params: { orderNo: no, status: 1, current: ['dict:outboundOrderStatus.1'], allowed: ['dict:outboundOrderStatus.0', 'dict:outboundOrderStatus.6'] } })
    m.unmount()
    expect(selection.rows).toEqual([])
    expect(buildCommandContext().documentId).toBeUndefined()
  })
})
