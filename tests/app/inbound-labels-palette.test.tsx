// @vitest-environment happy-dom
// Printing labels from the palette, keyboard only, on the real API in-process (PGlite, fetch bridged
// into fastify.inject). On an inbound order's details page the command takes the open document's number
// (the palette sees the document like a selected row: id, number, status) — no order-number question;
// the pickers are answered by typing; the range question is optional ("empty = all"), so Enter on an
// empty answer submits it and the PDF is fetched without start/end (every box); Esc there cancels the print.
// Off the details page the order-number question is required: Enter on an empty answer does nothing.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import InboundOrderDetailsPage from '../../src/app/pages/inbound/orders/InboundOrderDetailsPage'
// The download watcher the screen registry loads for the whole console (pages no longer import the registry).
import '../../src/app/pages/registry'
import { CommandRegistry } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { KeyboardRoot, CommandPalette } from '../../src/app/palette'
import { createRuntime } from '../../src/app/commands/runtime'
import { setRuntime } from '../../src/app/commands/run'
import { interaction } from '../../src/app/commands/interaction'
import { queryClient } from '../../src/app/state/query-client'
import { closePanel } from '../../src/app/state/ui'
import { i18next } from '../../src/app/i18n'
import { startHarness, type Harness } from '../helpers/bridge'
import { $, $$, flush, newRoot, press, renderInto, typeInto, waitFor } from '../helpers/dom'

let h: Harness
let root: ReturnType<typeof newRoot>
const registry = new CommandRegistry(ALL_COMMANDS)
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const ORDER = 'RKLABELPAL01'

const input = () => $<HTMLInputElement>('[data-testid="palette-input"]')
const placeholder = () => input()?.getAttribute('placeholder')
/** The PDF requests the app made (the labels download panel fetches the command's URL). */
const pdfCalls = () => h.calls.filter((c) => c.method === 'GET' && c.path === '/api/inbound/labels.pdf')

/** $mod+k, the command's title typed, Enter on the best match (what the operator does). */
async function runFromPalette(title: string, id: string) {
  const from = $<HTMLElement>('#start')!
  from.focus()
  await press(from, 'k', { ctrlKey: true })
  await waitFor(() => input(), 'palette open')
  await typeInto(input(), title)
  await waitFor(() => $$('[cmdk-item]')[0]?.getAttribute('data-testid') === `palette-item-${id}`, `${id} ranked first`)
  await press(input()!, 'Enter')
}

/** The palette asks `question` (its prompt's title key): type the answer (maybe nothing), Enter. */
async function answer(question: string, text: string) {
  await waitFor(() => placeholder() === i18next.t(question), `question ${question}`)
  if (text) await typeInto(input(), text)
  await press(input()!, 'Enter')
}

// The saved file: the download link's click is recorded (happy-dom would follow the blob: link away).
const origClick = HTMLAnchorElement.prototype.click
const saved: string[] = []

beforeAll(async () => {
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { if (this.download) saved.push(this.download); else origClick.call(this) }
  h = await startHarness('admin', [1, 26])
  setRuntime(createRuntime({ navigate: (path) => { history.pushState(null, '', path) } }))
  const [s] = await q<{ id: number }>(`SELECT id FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 1`)
  const [o] = await q<{ id: number }>(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, box_count)
    VALUES (1, 26, $1, 1, 0, 4, 3) RETURNING id`, [ORDER])
  await q(`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty) VALUES ($1, 1, 26, 1, $2, 4)`, [o!.id, s!.id])
}, 120_000)
afterAll(async () => {
  await act(async () => root?.root.unmount())
  setRuntime(null)
  HTMLAnchorElement.prototype.click = origClick
  await h?.close()
})
beforeEach(() => { closePanel() })

async function mountDetails() {
  await act(async () => { history.pushState(null, '', `/stock-in/inbound-order/details?orderNo=${ORDER}`) })
  root = newRoot()
  await renderInto(root.root, (
    <QueryClientProvider client={queryClient}>
      <KeyboardRoot registry={registry}>
        <button id="start" type="button">start</button>
        <InboundOrderDetailsPage />
        <CommandPalette />
      </KeyboardRoot>
    </QueryClientProvider>
  ))
  await waitFor(() => $('[data-testid="order-lines"] tbody tr'), 'details loaded')
}

describe('labels from the palette', () => {
  it("on the details page: no order-number question, and the optional range takes an empty answer (all boxes)", async () => {
    await mountDetails()
    await runFromPalette('print box labels', 'inbound.labels.print')
    // The first question is the kind: the order is the open document.
    await answer('inbound:labels.prompt.kind', 'box labels')
    await answer('inbound:labels.prompt.paper', 'A4, 2 per page')
    await answer('inbound:labels.prompt.code', 'QR code')
    await waitFor(() => placeholder() === i18next.t('inbound:labels.prompt.range'), 'range question')
    // Optional: with nothing typed the palette offers to go on without a value.
    const submit = await waitFor(() => $('[data-testid="palette-prompt-submit"]'), 'empty answer offered')
    expect(submit.textContent).toBe(i18next.t('palette:prompt.submitEmpty'))
    await press(input()!, 'Enter')
    const pdf = await waitFor(() => pdfCalls()[0]?.status && pdfCalls()[0], 'the PDF fetched')
    expect(pdfCalls()).toHaveLength(1)
    expect(pdf.status).toBe(200)
    expect(Object.fromEntries(new URL(pdf.url, 'http://localhost').searchParams)).toEqual({ orderNo: ORDER, kind: 'box', paper: 'A4_2', code: 'qrcode' })
    await waitFor(() => saved.length === 1, 'file saved')
    expect(saved).toEqual([`${ORDER}-box-A4_2.pdf`])
    expect(interaction.prompt).toBeNull()
    expect($('[data-testid="command-palette"]')).toBeNull()
  })

  it('Esc on the range question cancels the print (nothing is downloaded)', async () => {
    await runFromPalette('print box labels', 'inbound.labels.print')
    await answer('inbound:labels.prompt.kind', 'box labels')
    await answer('inbound:labels.prompt.paper', 'A4, 2 per page')
    await answer('inbound:labels.prompt.code', 'barcode')
    await waitFor(() => placeholder() === i18next.t('inbound:labels.prompt.range'), 'range question')
    await press(input()!, 'Escape')
    await waitFor(() => !$('[data-testid="command-palette"]'), 'palette closed')
    await flush(100)
    expect(interaction.prompt).toBeNull()
    expect(pdfCalls()).toHaveLength(1)
    expect(saved).toHaveLength(1)
    await act(async () => root.root.unmount())
  })

  it('off the details page the order number is asked, and a required question refuses an empty answer', async () => {
    await act(async () => { history.pushState(null, '', '/stock-in/inbound-order') })
    root = newRoot()
    await renderInto(root.root, <KeyboardRoot registry={registry}><button id="start" type="button">start</button><CommandPalette /></KeyboardRoot>)
    await runFromPalette('print box labels', 'inbound.labels.print')
    await waitFor(() => placeholder() === i18next.t('inbound:labels.prompt.orderNo'), 'order-number question')
    expect($('[data-testid="palette-prompt-submit"]')).toBeNull()
    expect($('[data-testid="command-palette"]')!.textContent).toContain(i18next.t('palette:prompt.typeValue'))
    await press(input()!, 'Enter')
    await flush(50)
    // Still asking the same question; nothing went on.
    expect(placeholder()).toBe(i18next.t('inbound:labels.prompt.orderNo'))
    expect(interaction.prompt?.titleKey).toBe('inbound:labels.prompt.orderNo')
    await answer('inbound:labels.prompt.orderNo', ORDER)
    await answer('inbound:labels.prompt.kind', 'box labels')
    await answer('inbound:labels.prompt.paper', 'Letter')
    await answer('inbound:labels.prompt.code', 'barcode')
    await answer('inbound:labels.prompt.range', '2-3')
    const pdf = await waitFor(() => pdfCalls()[1]?.status && pdfCalls()[1], 'the PDF fetched')
    expect(pdf.status).toBe(200)
    expect(Object.fromEntries(new URL(pdf.url, 'http://localhost').searchParams)).toEqual({ orderNo: ORDER, kind: 'box', paper: 'Letter_6', code: 'barcode', start: '2', end: '3' })
  })
})
