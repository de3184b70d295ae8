// @vitest-environment happy-dom
// The palette, keymap help and command confirmation as the operator uses them — keyboard only —
// over the real API in-process (fetch bridged into fastify.inject, real database): $mod+k opens,
// typing ranks, Enter runs, Esc closes and gives focus back; disabled rows show their reason;
// confirm-commands ask first; '#'/go-to-document searches documents (debounced) and opens the hit;
// pickers (switch language) answer the command; '?' shows the keymap generated from the registry.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import type { TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'
import { ui } from '../../src/app/state/ui'
import { CommandRegistry, type CommandDef } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { KeyboardRoot, CommandPalette, KeymapHelp } from '../../src/app/palette'
import { registerEffect } from '../../src/app/commands/effects'
import { resetScopes } from '../../src/app/keys/focus-stack'
import { startApi, signInAs, tokenFor, type Api, type Sent } from '../helpers/bridge'
import { waitFor, typeInto, press, flush, $, $$, newRoot, renderInto } from '../helpers/dom'

let t: TestApp
let sent: Sent[]
let root: Root
let ran: string[] = []

const testCommands: CommandDef[] = [
  { id: 'test.print', title: 'Print wave labels', section: 'document', permission: 'self:test', shortcut: '$mod+shift+p', run: () => { ran.push('test.print') } },
  { id: 'test.locked', title: 'Merge outbound orders', section: 'document', permission: 'self:test', selection: 'many', run: () => { ran.push('test.locked') } },
  { id: 'test.danger', title: 'Void the wave', section: 'status', permission: 'self:test', confirm: 'commands:confirm.shell.logout', run: () => { ran.push('test.danger') } },
  { id: 'test.secret', title: 'Secret admin thing', section: 'admin', permission: 'rights-user:force-offline', run: () => { ran.push('test.secret') } },
]
const registry = new CommandRegistry([...ALL_COMMANDS, ...testCommands])

const input = () => $<HTMLInputElement>('[data-testid="palette-input"]')
const palette = () => $('[data-testid="command-palette"]')
const body = () => document.body

async function openPalette(from: HTMLElement = $('#start')!) {
  from.focus()
  await press(from, 'k', { ctrlKey: true })
  await waitFor(() => input(), 'palette input')
}

let api: Api
beforeAll(async () => {
  api = await startApi()
  ;({ t, sent } = api)
  await signInAs(t, 'receiver', { tenantId: 1, warehouseId: 26, roles: ['receiver'], permissions: ['menu:dashboard'] })
  ;({ root } = newRoot())
  await renderInto(root, <KeyboardRoot registry={registry}><button id="start">start</button><CommandPalette /><KeymapHelp /></KeyboardRoot>)
})
afterAll(async () => { await act(async () => root.unmount()); await api?.close() })
beforeEach(async () => {
  ran = []
  ui.recentCommands = []
  await act(async () => { ui.paletteOpen = false; ui.panel = null })
})

describe('command palette', () => {
  it('opens with $mod+k, ranks what is typed, runs the best match with Enter, and gives focus back', async () => {
    await openPalette()
    expect(document.activeElement).toBe(input())
    // The user may not see commands without their permission, even greyed.
    expect($('[data-testid="palette-item-test.secret"]')).toBeNull()
    await typeInto(input()!, 'print wave')
    const first = await waitFor(() => $$('[cmdk-item]')[0], 'first row')
    expect(first.getAttribute('data-testid')).toBe('palette-item-test.print')
    expect(first.textContent).toContain('Ctrl')
    await press(input()!, 'Enter')
    await waitFor(() => !palette(), 'palette closed')
    expect(ran).toEqual(['test.print'])
    expect(document.activeElement).toBe($('#start'))
    expect(ui.recentCommands[0]).toBe('test.print')
  })

  it('lists recent commands first when nothing is typed, and Esc closes', async () => {
    ui.recentCommands = ['test.danger', 'test.print']
    await openPalette()
    const headings = $$('[cmdk-group-heading]').map((h) => h.textContent)
    expect(headings[0]).toBe('Recent')
    const rows = $$('[cmdk-group]')[0].querySelectorAll('[cmdk-item]')
    expect([...rows].map((r) => r.getAttribute('data-testid'))).toEqual(['palette-item-test.danger', 'palette-item-test.print'])
    await press(input()!, 'Escape')
    await waitFor(() => !palette(), 'palette closed')
    expect(document.activeElement).toBe($('#start'))
  })

  it('shows a disabled command greyed with its reason, and Enter does not run it', async () => {
    await openPalette()
    await typeInto(input()!, 'merge outbound')
    const row = await waitFor(() => $('[data-testid="palette-item-test.locked"]'), 'locked row')
    expect(row.getAttribute('aria-disabled')).toBe('true')
    expect(row.textContent).toContain('unavailable: Select at least one row')
    await press(input()!, 'Enter')
    await flush()
    expect(ran).toEqual([])
  })

  it('asks before a confirm-command: Esc cancels, Enter confirms', async () => {
    for (const [key, expected] of [['Escape', []], ['Enter', ['test.danger']]] as const) {
      await openPalette()
      await typeInto(input()!, 'void the wave')
      await waitFor(() => $('[data-testid="palette-item-test.danger"]'), 'row')
      await press(input()!, 'Enter')
      const dialog = await waitFor(() => $('[data-testid="command-confirm"]'), 'confirm dialog')
      expect(dialog.textContent).toContain('Log out now?')
      expect(document.activeElement).toBe($('[data-testid="command-confirm-ok"]'))
      await press(document.activeElement!, key)
      await waitFor(() => !$('[data-testid="command-confirm"]'), 'confirm closed')
      await flush()
      expect(ran).toEqual(expected)
    }
  })

  it('finds a document by number ($mod+shift+k), debounced, and opens it', async () => {
    // Users are documents only for someone who may open the user screen: search as admin.
    const admin = await tokenFor(t.app, 'admin')
    const receiver = { token: session.token, username: session.username }
    await act(async () => { Object.assign(session, { token: admin.access_token, username: 'admin' }) })
    $('#start')!.focus()
    await press($('#start')!, 'K', { ctrlKey: true, shiftKey: true })
    await waitFor(() => input(), 'palette input')
    expect(input()!.placeholder).toBe('Document number…')
    sent.length = 0
    await typeInto(input()!, 'recei')
    await typeInto(input()!, 'receiver')
    const hit = await waitFor(() => $('[data-testid^="palette-doc-user-"]'), 'document hit')
    const searches = sent.filter((s) => s.path === '/api/search/documents')
    expect(searches).toHaveLength(1) // the debounce dropped 'recei'
    expect(hit.textContent).toContain('receiver')
    await press(input()!, 'Enter')
    await waitFor(() => !palette(), 'palette closed')
    expect(location.pathname).toBe('/rights/user')
    await act(async () => { Object.assign(session, receiver) })
  })

  it("switches to the document mode when the query starts with '#'", async () => {
    await openPalette()
    await typeInto(input()!, '#')
    await waitFor(() => palette()!.textContent!.includes('Type a document number'), 'document mode')
    await press(input()!, 'Escape')
  })

  it('answers a picker: switch language offers the three languages and performs the choice', async () => {
    const chosen: unknown[] = []
    const off = registerEffect('language.set', (p) => { chosen.push(p.language) })
    await openPalette()
    await typeInto(input()!, 'switch language')
    await waitFor(() => $('[data-testid="palette-item-shell.language.switch"]'), 'row')
    await press(input()!, 'Enter')
    await waitFor(() => $('[data-testid="palette-option-2"]'), 'language options')
    expect($$('[cmdk-item]').map((i) => i.textContent)).toEqual(['中文current', 'English', 'Español (México)'].map((s, i) => (i === 0 ? s : s + ['zh', 'en', 'es-MX'][i])))
    await typeInto(input()!, 'esp')
    await press(input()!, 'Enter')
    await waitFor(() => chosen.length > 0, 'language chosen')
    expect(chosen).toEqual(['es-MX'])
    off()
  })
})

describe('keymap help', () => {
  it("opens with '?', lists the registry's shortcuts by scope, filters, and closes with Esc", async () => {
    resetScopes()
    body().focus()
    await press(body(), '?', { shiftKey: true })
    const help = await waitFor(() => $('[data-testid="keymap-help"]'), 'keymap help')
    const global = $('[data-testid="keymap-scope-global"]', help)!
    expect($('[data-testid="keymap-shell.palette.open"]', global)!.textContent).toContain('Ctrl')
    expect($('[data-testid="keymap-test.print"]', global)).not.toBeNull()
    expect($('[data-testid="keymap-scope-grid"]', help)).toBeNull() // grid commands show only where a grid is
    await typeInto($<HTMLInputElement>('[data-testid="keymap-filter"]')!, 'sidebar')
    expect($$('[data-testid^="keymap-"][data-testid*="."]').map((e) => e.getAttribute('data-testid'))).toEqual(['keymap-shell.sidebar.toggle'])
    // '?' typed into the filter is text, not a shortcut.
    await press($('[data-testid="keymap-filter"]')!, 'Escape')
    await waitFor(() => !$('[data-testid="keymap-help"]'), 'keymap closed')
    expect(ui.panel).toBeNull()
  })
})
