// @vitest-environment happy-dom
// The faceorder-manage screen on the real API in-process (PGlite, fetch bridged into fastify.inject,
// the server's face sheet worker and the carrier simulator running): a picked order shows "No face
// sheet" and buy is enabled for it; selected with the keyboard and bought from the toolbar, the row
// turns Bought with its tracking number by itself (the page refreshes: every second while a purchase
// is shown, every 5 s otherwise); then buy is greyed out with the machine's reason — the same words the server
// refuses with — and print is enabled. "Print face sheet on a printer…" offers printer management's
// printers (the demo's laser and thermal) and prints on the one chosen.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement } from 'react'
import FaceSheetsPage from '../../src/app/pages/outbound/face-sheets/FaceSheetsPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { apiAs, type ApiClient } from '../helpers/api'
import { mount, waitFor, $, $$, key } from '../helpers/dom'
import { selection } from '../../src/app/state/selection'
import { runCommandById } from '../../src/app/commands/run'
import { answerPrompt, interaction } from '../../src/app/commands/interaction'
import { addStock, StockStatus } from '../../src/server/inventory/ledger'

process.env.CARRIER_SIM_DELAY_MS = '600'
process.env.FACE_SHEET_WORKER_MS = '50'

let h: Harness
let admin: ApiClient
let order: { id: number; orderNo: string }
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const LIST = ['/stock-out/ToC/faceorder-manage', 'stock-out/faceorder-manage'] as const
const route = (path: string, componentKey: string) => ({ route: { path, name: componentKey, title: '', componentKey, meta: {}, params: {} } })
async function command(c: ApiClient, id: string, args: Record<string, unknown>) {
  const r = await c.cmd(id, args)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data
}
const rowOf = (orderNo: string) => $$('[role="row"]').findIndex((r) => r.textContent?.includes(orderNo))

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  admin = await apiAs(h.t, 'admin')
  const [s] = await q<{ id: number; sku_code: string }>(`SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1
    AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id) ORDER BY k.id DESC LIMIT 1`)
  const [l] = await q<{ id: number; code: string }>(`SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  await h.t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: Number(l!.id), skuId: Number(s!.id), stockStatus: StockStatus.Normal }, 1, { docType: 'TEST', docNo: 'T-FSPAGE' }, { userId: 1, username: 'admin' }))
  const [ups] = await q<{ id: number }>("SELECT id FROM carrier WHERE code = 'UPS'")
  await command(admin, 'resource.carrier.edit', { id: Number(ups!.id), simFailurePercent: 0 })
  order = await command(admin, 'outbound.order.create', { platform: 'AMAZON', shippingMethod: 'UPS-GROUND', carrierId: Number(ups!.id), consigneeName: 'Ana', consigneePhone: '+1 213 555 0100', address: '1 Main St', country: 'US', lines: [{ code: s!.sku_code, qty: 1 }] })
  await command(admin, 'outbound.order.validate', { ids: [order.id] })
  const w = await command(admin, 'outbound.wave.create', { orderIds: [order.id] })
  await command(admin, 'outbound.pickTask.claim', { taskNo: w.tasks[0] })
  await command(admin, 'outbound.pick.scan', { taskNo: w.tasks[0], locationCode: l!.code, code: s!.sku_code })
}, 180_000)
afterAll(async () => { await h?.close() })

describe('faceorder-manage', () => {
  it('selects with the keyboard, buys from the toolbar, sees the purchase land with its tracking number, then refuses a re-buy with the machine reason', async () => {
    const buy = () => $<HTMLButtonElement>('[data-testid="cmd-outbound.faceSheet.buy"]')!
    const print = () => $<HTMLButtonElement>('[data-testid="cmd-outbound.faceSheet.print"]')!
    await act(async () => { history.pushState(null, '', LIST[0]) })
    mount(createElement(FaceSheetsPage, route(...LIST)))
    await waitFor(() => rowOf(order.orderNo) > 0, 'list loaded', 15_000)
    expect($$('[role="row"]')[rowOf(order.orderNo)]!.textContent).toContain('No face sheet')
    const grid = $<HTMLElement>('[role="grid"]')!
    grid.focus()
    for (let i = 0; i < rowOf(order.orderNo); i++) key(grid, 'ArrowDown')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1 && selection.rows[0]!.orderNo === order.orderNo, 'the order selected')
    await waitFor(() => buy().getAttribute('aria-disabled') === null, 'buy enabled')
    expect(print().getAttribute('aria-disabled')).toBe('true')
    expect(print().title).toBe(`Must buy before printing: order ${order.orderNo} (No face sheet; printed only when Bought)`)
    await act(async () => { buy().click() })
    await waitFor(() => /Queued|Purchasing|Bought/.test($$('[role="row"]')[rowOf(order.orderNo)]?.textContent ?? ''), 'purchase shown', 10_000)
    await waitFor(() => $$('[role="row"]')[rowOf(order.orderNo)]?.textContent?.includes('Bought'), 'bought', 15_000)
    const [fs] = await q<{ tracking_no: string }>('SELECT tracking_no FROM outbound_order WHERE id = $1', [order.id])
    expect($$('[role="row"]')[rowOf(order.orderNo)]!.textContent).toContain(fs!.tracking_no)
    // The selection follows the refreshed row: buy is refused now, print offered.
    key(grid, ' ')
    key(grid, ' ')
    await waitFor(() => buy().getAttribute('aria-disabled') === 'true', 'buy greyed out')
    expect(buy().title).toBe(`Cannot re-buy purchased face sheet: order ${order.orderNo} (Bought; bought only from No face sheet or Postage cancelled)`)
    expect(print().getAttribute('aria-disabled')).toBe(null)

    // Print on a chosen printer: the picker lists the enabled printers with format and paper; the laser chosen.
    const run = runCommandById('outbound.faceSheet.printOn')
    await waitFor(() => interaction.prompt?.kind === 'outbound.faceSheetPrinter', 'printer picker open')
    const options = interaction.prompt!.options
    expect(options.map((o) => o.label)).toEqual(['LASER-01 · Office laser (A4)', 'ZEBRA-01 · Packing bench thermal (4x6)'])
    expect(options[0]!.hint).toContain('PDF')
    answerPrompt(options[0]!.value)
    expect((await run).status).toBe('ok')
    const jobs = await q<{ code: string; format: string; label_count: number }>(`SELECT p.code, j.format, j.label_count FROM print_job j JOIN printer p ON p.id = j.printer_id
      WHERE j.doc_refs = $1`, [order.orderNo])
    expect(jobs).toEqual([{ code: 'LASER-01', format: 'pdf', label_count: 1 }])
  }, 60_000)
})
