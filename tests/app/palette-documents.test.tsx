// @vitest-environment happy-dom
// A document number typed in the palette WITHOUT '#' (issue 18 §4), keyboard only, over the real API
// in-process (fetch bridged into fastify.inject, real database): the document's hit stands first, above
// the commands that still match, and Enter opens it; a scanner's number and its Enter, sent before the
// answer is in, open the document when the answer arrives; ordinary words send no document search; an
// unknown number says so instead of "Nothing matches"; the '#' mode lists the kinds and their prefixes.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import { ui } from '../../src/app/state/ui'
import { CommandRegistry, type CommandDef } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { KeyboardRoot, CommandPalette } from '../../src/app/palette'
import { looksLikeDocumentNumber } from '../../src/app/palette/documents'
import { startHarness, type Harness } from '../helpers/bridge'
import { waitFor, typeInto, press, flush, $, $$, newRoot, renderInto } from '../helpers/dom'

let h: Harness
let root: Root
let orders: { order_no: string; source_no: string }[]

const input = () => $<HTMLInputElement>('[data-testid="palette-input"]')
const palette = () => $('[data-testid="command-palette"]')
const searches = () => h.sent.filter((s) => s.path === '/api/search/documents')

async function openPalette(documents = false) {
  $('#start')!.focus()
  await press($('#start')!, documents ? 'K' : 'k', { ctrlKey: true, shiftKey: documents })
  await waitFor(() => input(), 'palette input')
}

beforeAll(async () => {
  h = await startHarness('admin')
  orders = await h.t.database.query<{ order_no: string; source_no: string }>(
    `SELECT order_no, source_no FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26 AND source_no IS NOT NULL ORDER BY id LIMIT 3`)
  expect(orders).toHaveLength(3)
  // A command that also matches the first order's number: it must come after the document.
  const reprint: CommandDef = { id: 'test.reprint', title: 'Reprint the label', section: 'document', permission: 'self:test', keywords: [orders[0]!.order_no], run: () => {} }
  ;({ root } = newRoot())
  await renderInto(root, <KeyboardRoot registry={new CommandRegistry([...ALL_COMMANDS, reprint])}><button id="start">start</button><CommandPalette /></KeyboardRoot>)
}, 120_000)
afterAll(async () => { await act(async () => root.unmount()); await h?.close() })
beforeEach(async () => {
  ui.recentCommands = []
  await act(async () => { ui.paletteOpen = false; ui.panel = null })
  history.replaceState(null, '', '/')
})

describe('what the palette takes for a document number', () => {
  it('one token with 4 digits or more, or a known prefix and 2 digits; never an ordinary word', () => {
    const prefixes = ['RK', 'CK', 'CY', 'JJ']
    for (const q of ['CK2611270001', 'ck2611', 'CY26', '1Z999AA10123456784', '112-4455667-1234567', 'RK2611270001-3', '粤B12345', 'CART-0007', ' JJ2611270001 '])
      expect(looksLikeDocumentNumber(q, prefixes), q).toBe(true)
    for (const q of ['ship', 'switch language', 'sku', 'CK', 'ck1', 'CART-7', 'CK26 11', 'rk 2611270001', '#CK2611', '', '12', 'x'.repeat(65)])
      expect(looksLikeDocumentNumber(q, prefixes), q).toBe(false)
  })
})

describe('a document number without #', () => {
  it('puts the document first, above the commands that match too; Enter opens it', async () => {
    const [o] = orders
    await openPalette()
    await typeInto(input()!, o!.order_no)
    const hit = await waitFor(() => $('[data-testid^="palette-doc-outboundOrder-"]'), 'document hit')
    expect(hit.textContent).toContain(o!.order_no)
    const items = $$('[cmdk-item]')
    expect(items[0]).toBe(hit)
    expect(hit.getAttribute('aria-selected')).toBe('true')
    // The commands that match follow it.
    expect(items.indexOf($('[data-testid="palette-item-test.reprint"]')!)).toBeGreaterThan(0)
    await press(input()!, 'Enter')
    await waitFor(() => !palette(), 'palette closed')
    expect(location.pathname).toBe('/stock-out/ToC/sales-outbound/details')
    expect(new URLSearchParams(location.search).get('orderNo')).toBe(o!.order_no)
  })

  it("a scanned platform order number and its Enter, before the answer is in, open the order when it arrives", async () => {
    const o = orders[1]!
    await openPalette()
    h.sent.length = 0
    await typeInto(input()!, o.source_no)
    await press(input()!, 'Enter') // at once, as a scanner sends it: the search is still waiting for its debounce
    expect(searches()).toHaveLength(0)
    await waitFor(() => !palette(), 'palette closed on the answer')
    expect(searches()).toHaveLength(1)
    expect(new URLSearchParams(location.search).get('orderNo')).toBe(o.order_no)
  })

  it('ordinary words send no document search; an unknown number says so, never "Nothing matches"', async () => {
    await openPalette()
    h.sent.length = 0
    await typeInto(input()!, 'switch language')
    await waitFor(() => $('[data-testid="palette-item-shell.language.switch"]'), 'command row')
    await flush(300)
    expect(searches()).toHaveLength(0)
    await typeInto(input()!, 'CK9999999999')
    const empty = await waitFor(() => $('[data-testid="palette-doc-empty"]'), 'no document line')
    expect(empty.textContent).toBe('No document numbered “CK9999999999”')
    expect(palette()!.textContent).not.toContain('Nothing matches')
    expect(searches()).toHaveLength(1)
    await press(input()!, 'Escape')
  })

  it("the '#' mode lists the kinds it finds, with their prefixes", async () => {
    await openPalette(true)
    const kinds = await waitFor(() => $('[data-testid="palette-doc-kinds"]'), 'kinds line')
    for (const text of ['RK Inbound order', 'CK/HB Outbound order', 'CY Pick difference', 'JJ Handover list']) expect(kinds.textContent).toContain(text)
    await press(input()!, 'Escape')
  })
})
