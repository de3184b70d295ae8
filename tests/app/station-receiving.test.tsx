// @vitest-environment happy-dom
// The receiving station on the real API in-process (PGlite, fetch bridged into fastify.inject): scan
// the order, a wrong code refused with the spec's message on the red line, a good scan on the green
// line with the remaining count updated, a scan whose answer is lost on the way back kept (shown
// pending) and retried with the same Idempotency-Key — applied once — then Alt+Q quantity, an
// over-receipt refused with the numbers, and the last unit finishing into a shelving task.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createElement } from 'react'
import ReceivingPage from '../../src/app/pages/inbound/receiving/ReceivingPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, press, typeInto, waitFor, $, key } from '../helpers/dom'
import { commandEnabled, commandVisible } from '../../src/domain/commands'
import { getActiveRegistry } from '../../src/app/commands/registry'
import { buildCommandContext } from '../../src/app/commands/context'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'
import { i18next } from '../../src/app/i18n'

let h: Harness
let orderNo = ''
let sku = { id: 0, code: '' }

const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const received = async () => Number((await q<{ r: number }>(`SELECT l.received_qty AS r FROM inbound_order_line l JOIN inbound_order o ON o.id = l.order_id WHERE o.order_no = $1`, [orderNo]))[0]!.r)

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  localStorage.clear()
  await q(`UPDATE inbound_setting SET min_scan_interval_ms = 0 WHERE tenant_id = 1 AND warehouse_id = 26`)
  const [s] = await q<{ id: number; sku_code: string }>(`SELECT id, sku_code FROM product_sku k WHERE tenant_id = 1
    AND NOT EXISTS (SELECT 1 FROM inbound_order_line l WHERE l.sku_id = k.id) ORDER BY id DESC LIMIT 1`)
  sku = { id: Number(s!.id), code: s!.sku_code }
  orderNo = 'RK9901010001'  // a number as the server makes them (RK + yymmdd + day sequence): the station's parser reads it as an inbound order
  const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
    VALUES (1, 26, $1, 1, 2, 5, now()) RETURNING id`, [orderNo])
  await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 5)`, [o!.id, sku.id])
}, 120_000)
afterAll(async () => { await h?.close() })

describe('receiving station', () => {
  it('scans an order, refuses a wrong code, receives, survives a lost answer, finishes', async () => {
    const page = mount(createElement(ReceivingPage, { route: { path: '/stock-in/harvest', name: 'harvest', title: '', componentKey: 'stock-in/harvest', meta: {}, params: {} } }))
    const input = $<HTMLInputElement>('[data-testid="scan-input"]')!
    await waitFor(() => document.activeElement === input, 'scan field focused')
    const status = () => $('[data-testid="station-status"]')!
    const scan = async (code: string) => { await typeInto(input, code); await press(input, 'Enter') }

    // A SKU before any order: refused at once by the station's parser (no order is asked for).
    await scan(sku.code)
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'not an order refused')
    expect(status().textContent).toBe(`Inbound order number expected, scanned ${sku.code}`)

    await scan(orderNo)
    await waitFor(() => $('[data-testid="receiving-task"]')?.getAttribute('data-order') === orderNo, 'task loaded')
    expect(status().textContent).toContain(`${orderNo}: 5`)

    await scan('NO-SUCH-CODE-1')
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'refusal shown')
    expect(status().textContent).toBe('Nothing matches fnsku/upc: NO-SUCH-CODE-1')

    await scan(sku.code)
    await waitFor(() => status().getAttribute('data-kind') === 'ok', 'accepted')
    expect(status().textContent).toBe(`${sku.code} +1 — 1/5`)
    expect($('[data-testid="line-remaining"]')!.textContent).toBe('4')

    // The next answer is lost on its way back (the server did commit): the scan stays pending, is
    // retried with the same key, and the server replays instead of receiving twice.
    const real = globalThis.fetch
    let dropped = 0
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const res = await real(input, init)
      const url = input instanceof Request ? input.url : String(input)
      if (url.includes('/api/commands/inbound.receive') && dropped++ === 0) throw new TypeError('Failed to fetch')
      return res
    }) as typeof fetch
    try {
      await scan(sku.code)
      await waitFor(() => $('[data-testid="station-pending"] [data-state="retrying"]')?.textContent === sku.code, 'kept, shown as retrying')
      expect(status().textContent).toBe('No connection — the scan is kept and will be sent again')
      await waitFor(() => status().getAttribute('data-kind') === 'ok' && status().textContent === `${sku.code} +1 — 2/5`, 'retried and accepted', 10_000)
    } finally {
      globalThis.fetch = real
    }
    const attempts = h.sent.filter((s) => s.path === '/api/commands/inbound.receive').slice(-2)
    expect(attempts[0]!.headers['idempotency-key']).toBe(attempts[1]!.headers['idempotency-key'])
    expect(await received()).toBe(2)
    expect($('[data-testid="station-pending"]')).toBeNull()

    // Alt+Q: the quantity of the next scan; Enter goes back to the scan field.
    key(input, 'q', { alt: true })
    const qty = $<HTMLInputElement>('[data-testid="receiving-qty"]')!
    expect(document.activeElement).toBe(qty)
    await typeInto(qty, '4')
    await press(qty, 'Enter')
    expect(document.activeElement).toBe(input)
    await scan(sku.code)
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'over-receipt refused')
    expect(status().textContent).toBe(`Received not above remaining: ${sku.code} has 3 remaining, 4 scanned`)
    expect(await received()).toBe(2)
    // The quantity applied to that one scan only.
    expect(qty.value).toBe('1')

    key(input, 'q', { alt: true })
    await typeInto(qty, '3')
    await press(qty, 'Enter')
    await scan(sku.code)
    await waitFor(() => $('[data-testid="receiving-generated"]'), 'generated document shown')
    expect(status().textContent).toBe(`Receiving finished for ${orderNo}`)
    expect($('[data-testid="receiving-generated"]')!.textContent).toMatch(/Shelving task SJ\d{10}/)
    expect(await received()).toBe(5)
    page.unmount()
  })

  it('Alt+S closes receiving with a shortage through inbound.order.finish, the open order as its document', async () => {
    const shortNo = 'RK9901010002'
    const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
      VALUES (1, 26, $1, 1, 2, 3, now()) RETURNING id`, [shortNo])
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 3)`, [o!.id, sku.id])
    history.pushState(null, '', '/stock-in/harvest')
    const finish = getActiveRegistry().get('inbound.order.finish')!
    // The station's route with no order open: the command is offered but has nothing to act on.
    expect(commandVisible(finish, buildCommandContext())).toBe(true)
    expect(commandEnabled(finish, buildCommandContext())).toBe('common:validation.selectAtLeastOne')

    const m = mount(createElement(ReceivingPage, { route: { path: '/stock-in/harvest', name: 'harvest', title: '', componentKey: 'stock-in/harvest', meta: {}, params: {} } }))
    const inside = <T extends Element = HTMLElement>(sel: string) => m.container.querySelector<T & Element>(sel) as T | null
    const input = inside<HTMLInputElement>('[data-testid="scan-input"]')!
    const status = () => inside('[data-testid="station-status"]')!
    const scan = async (code: string) => { await typeInto(input, code); await press(input, 'Enter') }
    await scan(shortNo)
    await waitFor(() => inside('[data-testid="receiving-task"]')?.getAttribute('data-order') === shortNo, 'task loaded')
    await scan(sku.code)
    await waitFor(() => status().textContent === `${sku.code} +1 — 1/3`, 'one unit received')

    // What the palette sees here: the open order is the finish command's target, on the real route.
    const ctx = buildCommandContext()
    expect(ctx.route).toBe('/stock-in/harvest')
    expect(ctx.documentId).toBe(Number(o!.id))
    expect(commandVisible(finish, ctx)).toBe(true)
    expect(commandEnabled(finish, ctx)).toBe(true)

    key(input, 's', { alt: true })
    await waitFor(() => interaction.confirm?.messageKey === 'inbound:order.confirm.finish', 'the command asks its confirmation')
    answerConfirm(true)
    await waitFor(() => status().textContent === `Receiving finished for ${shortNo}`, 'finished')
    const [after] = await q<{ status: number; received_qty: number }>(`SELECT status, received_qty FROM inbound_order WHERE id = $1`, [o!.id])
    expect({ status: Number(after!.status), received: Number(after!.received_qty) }).toEqual({ status: 4, received: 1 })
    expect(inside('[data-testid="receiving-generated"]')!.textContent).toMatch(/Shelving task SJ\d{10}/)
    // The finish went out once, for this order only.
    const calls = h.sent.filter((x) => x.path === '/api/commands/inbound.order.finish')
    expect(calls.map((c) => JSON.parse(c.body))).toEqual([{ ids: [Number(o!.id)] }])

    // Leaving the station releases the document: elsewhere the command is not offered.
    m.unmount()
    history.pushState(null, '', '/dashboard')
    expect(buildCommandContext().documentId).toBeUndefined()
    expect(commandVisible(finish, buildCommandContext())).toBe(false)
  })

  it('says the real reason of a refusal: a form refusal by its field error, an order by its status and the receivable ones (issue 19 §2)', async () => {
    const newNo = 'RK9901010003'
    const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
      VALUES (1, 26, $1, 1, 2, 3, now()) RETURNING id`, [newNo])
    await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 3)`, [o!.id, sku.id])
    const m = mount(createElement(ReceivingPage, { route: { path: '/stock-in/harvest', name: 'harvest', title: '', componentKey: 'stock-in/harvest', meta: {}, params: {} } }))
    const inside = <T extends Element = HTMLElement>(sel: string) => m.container.querySelector<T & Element>(sel) as T | null
    const input = inside<HTMLInputElement>('[data-testid="scan-input"]')!
    const status = () => inside('[data-testid="station-status"]')!
    const scan = async (code: string) => { await typeInto(input, code); await press(input, 'Enter') }
    await scan(newNo)
    await waitFor(() => inside('[data-testid="receiving-task"]')?.getAttribute('data-order') === newNo, 'task loaded')

    // A quantity above the command's limit: the server refuses the form (errors:validation.form) and
    // the line says its field error — not "Please check if the form is filled out correctly!".
    key(input, 'q', { alt: true })
    const qty = inside<HTMLInputElement>('[data-testid="receiving-qty"]')!
    await typeInto(qty, '200000')
    await press(qty, 'Enter')
    await scan(sku.code)
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'form refusal shown')
    // The same request again (another key): the answer the station was given.
    const sent = h.sent.filter((x) => x.path === '/api/commands/inbound.receive').at(-1)!
    expect(JSON.parse(sent.body)).toMatchObject({ orderNo: newNo, qty: 200000 })
    const refused = await h.t.app.inject({ method: 'POST', url: sent.path, headers: { ...sent.headers, 'idempotency-key': 'station-form-refusal' }, payload: sent.body })
    expect(refused.statusCode).toBe(400)
    expect(refused.json().messageKey).toBe('errors:validation.form')
    const fieldMessage = refused.json().errors[0].message as string
    expect(fieldMessage).not.toBe(i18next.t('errors:validation.form'))
    expect(status().textContent).toBe(fieldMessage)
    expect(status().textContent).not.toBe(i18next.t('errors:validation.form'))
    expect(await received()).toBe(5)

    // An order that is not issued: refused by the station itself, naming its status and where it is received.
    await q(`UPDATE inbound_order SET status = 0 WHERE id = $1`, [o!.id])
    key(input, 'Escape')
    await scan(newNo)
    await waitFor(() => status().textContent?.startsWith(`Inbound order ${newNo} cannot be received`) === true, 'not receivable')
    expect(status().textContent).toBe(`Inbound order ${newNo} cannot be received in its status (New): only in Issued or Receiving`)
    m.unmount()
  })
})
