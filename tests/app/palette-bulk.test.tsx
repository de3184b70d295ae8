// @vitest-environment happy-dom
// A palette that cannot do harm (issue 18 §3), on the real API in-process (PGlite, fetch bridged into
// fastify.inject): Alt+G ("generate waves by rule") fires only on the wave list with its grid focused —
// at the picking station (its scan field focused), on another list and on the dashboard it does nothing,
// not even the dry run; on the wave list it first asks the server's dry run and names the orders and
// waves in the one confirmation: Esc cancels with nothing created, Enter generates exactly those; with
// nothing left to wave it says so and asks nothing. The palette and the toolbar button ask the same
// question; a bulk status change counts its arguments' ids; the keymap help lists Alt+G on the wave
// list only.
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act, createElement, type ReactElement } from 'react'
import { startHarness, type Harness } from '../helpers/bridge'
import { apiAs, type ApiClient } from '../helpers/api'
import { mount, waitFor, press, flush, click, typeInto, $, type Mounted } from '../helpers/dom'
import { KeyboardRoot, CommandPalette } from '../../src/app/palette'
import { keymapGroups } from '../../src/app/palette/KeymapHelp'
import { interaction, answerConfirm } from '../../src/app/commands/interaction'
import { getActiveRegistry } from '../../src/app/commands/registry'
import { getRuntime, runCommand } from '../../src/app/commands/run'
import type { CommandRuntime } from '../../src/domain/commands'
import { buildCommandContext } from '../../src/app/commands/context'
import { resetScopes, pushScope, topScope } from '../../src/app/keys/focus-stack'
import { toasts } from '../../src/app/state/toast'
import { ui } from '../../src/app/state/ui'
import { i18next } from '../../src/app/i18n'
import { addStock } from '../../src/server/inventory/ledger'
import WavesPage from '../../src/app/pages/outbound/picking/WavesPage'
import { PickingStation } from '../../src/app/pages/outbound/picking/PickingStation'
import { PICKING_API, WAVE_PATH, pickingStationPath, type GeneratePreview } from '../../commands/outbound-picking'
import { OUTBOUND_ORDER_PATH } from '../../commands/outbound-orders'

let h: Harness
let admin: ApiClient
const scope = { tenantId: 1, warehouseId: 26 }
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const waveCount = async () => Number((await q<{ n: number }>('SELECT count(*)::int AS n FROM wave WHERE tenant_id = 1 AND warehouse_id = 26'))[0]!.n)
const dialog = () => $('[data-testid="command-confirm"]')
/** Requests about generating: the dry run (GET) or the command (POST). */
const generateCalls = (from: number) => h.sent.slice(from).filter((s) => s.path === PICKING_API.generatePreview || s.path === '/api/commands/outbound.wave.generate')
const altG = (target: Element) => press(target, 'g', { altKey: true, code: 'KeyG' })
/** Focuses the wave grid the way Tab does (its scope goes on top of the focus stack). */
async function focusGrid(): Promise<HTMLElement> {
  const grid = await waitFor(() => $<HTMLElement>('[role="grid"]'), 'wave grid')
  await act(async () => { grid.focus() })
  await waitFor(() => topScope() === 'grid', 'the grid scope on top')
  return grid
}

async function serverPreview(): Promise<GeneratePreview> {
  const r = await admin.get(PICKING_API.generatePreview)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data
}

/** Two single-item orders in force, fully reserved, in no wave (the demo's single-item rule takes them). */
async function waveableOrders() {
  const [sku] = await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`)
  const [shelf] = await q<{ id: number }>(`
    SELECT l.id FROM location l JOIN storage_area s ON s.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND s.status = 1 AND s.area_type = 2 ORDER BY l.code LIMIT 1`)
  await h.t.database.tx((tx) => addStock(tx, { ...scope, locationId: Number(shelf!.id), skuId: Number(sku!.id) }, 5, { docType: 'TEST', docNo: 'T-ALTG' }, { userId: 1, username: 'admin' }))
  for (let i = 0; i < 2; i++) {
    const o = await admin.cmd('outbound.order.create', { platform: 'WALMART', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku!.sku_code, qty: 1 }] })
    expect(o.statusCode, o.body).toBe(200)
    expect((await admin.cmd('outbound.order.validate', { ids: [o.json().data.id] })).statusCode).toBe(200)
  }
}

let root: Mounted | null = null
const show = async (path: string, page: ReactElement | null) => {
  root?.unmount()
  resetScopes()
  await act(async () => { history.pushState(null, '', path) })
  root = mount(createElement(KeyboardRoot, null, page ?? createElement('button', { id: 'start' }, 'start'), createElement(CommandPalette)))
}
/** The browser runtime with the server call stubbed (counts the calls). */
const stubbed = (calls: { n: number }): CommandRuntime => ({ ...getRuntime(), callServer: async <T,>() => { calls.n++; return { changed: [] } as T } })

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  admin = await apiAs(h.t, 'admin')
  await waveableOrders()
}, 120_000)
afterAll(async () => { root?.unmount(); await h?.close() })
beforeEach(async () => {
  answerConfirm(false)
  await act(async () => { toasts.list = []; ui.paletteOpen = false })
})

describe('Alt+G is the wave list\'s own key', () => {
  it('does nothing at the picking station, on another list or on the dashboard — not even the dry run', async () => {
    const waves = await waveCount()
    // The picking station, its scan field focused (a scanner gun types there; Alt+G has a modifier, so
    // the typing guard alone would let it through).
    await show(pickingStationPath(''), createElement(PickingStation, { taskParam: '' }))
    const scan = await waitFor(() => $<HTMLInputElement>('input'), 'scan field')
    await waitFor(() => document.activeElement === scan, 'scan field focused')
    let from = h.sent.length
    await altG(scan)
    await flush(50)
    expect(dialog()).toBeNull()
    expect(generateCalls(from)).toEqual([])
    // Another list with its grid focused, and the dashboard.
    await show(OUTBOUND_ORDER_PATH, null)
    const pop = pushScope('grid')
    from = h.sent.length
    await altG(document.body)
    pop()
    await show('/dashboard', null)
    $('#start')!.focus()
    await altG($('#start')!)
    await flush(50)
    expect(dialog()).toBeNull()
    expect(generateCalls(from)).toEqual([])
    expect(await waveCount()).toBe(waves)
  })

  it('on the wave list asks first, naming the orders and waves of the dry run: Esc creates nothing, Enter creates exactly those', async () => {
    const expected = await serverPreview()
    expect(expected.orders).toBeGreaterThanOrEqual(2)
    const waves = await waveCount()
    await show(WAVE_PATH, createElement(WavesPage))
    const grid = await focusGrid()
    await altG(grid)
    const asked = await waitFor(() => dialog(), 'the confirmation')
    const line = i18next.t('outbound:wave.confirm.generateCount', { count: expected.orders, waves: expected.waves })
    const plural = (n: number, one: string, other: string) => (n === 1 ? one : other)
    expect(line).toBe(`${expected.orders} ${plural(expected.orders, 'order in force goes', 'orders in force go')} into ${expected.waves} ${plural(expected.waves, 'wave', 'waves')}`)
    expect($('[data-testid="command-confirm-count"]')!.textContent).toBe(line)
    expect(asked.textContent).toContain(i18next.t('outbound:wave.confirm.generate'))
    expect(asked.textContent).toContain(i18next.t('commands:outbound.wave.generate'))
    expect(document.activeElement).toBe($('[data-testid="command-confirm-ok"]'))
    await press(document.activeElement!, 'Escape')
    await waitFor(() => !dialog(), 'the confirmation closed')
    await flush(50)
    expect(h.sent.some((s) => s.path === '/api/commands/outbound.wave.generate')).toBe(false)
    expect(await waveCount()).toBe(waves)

    await focusGrid()
    await altG(grid)
    await waitFor(() => dialog(), 'asked again')
    await press($('[data-testid="command-confirm-ok"]')!, 'Enter')
    await waitFor(() => h.sent.some((s) => s.path === '/api/commands/outbound.wave.generate' && s.status === 200), 'generated')
    expect(await waveCount()).toBe(waves + expected.waves)

    // Nothing left to wave: said, and nothing is asked or run.
    const from = h.sent.length
    await focusGrid()
    await altG(grid)
    await waitFor(() => toasts.list.some((x) => x.message === i18next.t('outbound:wave.done.none')), 'nothing to do, said')
    expect(dialog()).toBeNull()
    expect(generateCalls(from).map((s) => s.method)).toEqual(['GET'])
  }, 90_000)

  it('the keymap help lists Alt+G on the wave list (with the table\'s keys) and nowhere else', async () => {
    const registry = getActiveRegistry()
    const at = (route: string) => keymapGroups(registry, { ...buildCommandContext(), route }, '', (k) => i18next.t(k))
    const where = (route: string) => at(route).flatMap((g) => g.commands.filter((c) => c.id === 'outbound.wave.generate').map(() => g.scope))
    expect(where(WAVE_PATH)).toEqual(['grid'])
    expect(where('/dashboard')).toEqual([])
    expect(where(pickingStationPath('JH1').split('?')[0]!)).toEqual([])
  })
})

describe('one question from every surface', () => {
  it('the palette and the toolbar button ask the same question before generating', async () => {
    await waveableOrders()
    const expected = await serverPreview()
    const waves = await waveCount()
    // From the palette on the dashboard (the command is offered everywhere; only its keys are confined).
    await show('/dashboard', null)
    $('#start')!.focus()
    await press($('#start')!, 'k', { ctrlKey: true })
    const input = await waitFor(() => $<HTMLInputElement>('[data-testid="palette-input"]'), 'palette')
    await typeInto(input, 'generate waves')
    await waitFor(() => $('[data-testid="palette-item-outbound.wave.generate"]'), 'the command listed')
    await press(input, 'Enter')
    await waitFor(() => dialog(), 'asked from the palette')
    expect($('[data-testid="command-confirm-count"]')!.textContent).toBe(i18next.t('outbound:wave.confirm.generateCount', { count: expected.orders, waves: expected.waves }))
    await press($('[data-testid="command-confirm-ok"]')!, 'Escape')
    await waitFor(() => !dialog(), 'cancelled')
    // The wave list's toolbar button.
    await show(WAVE_PATH, createElement(WavesPage))
    click(await waitFor(() => $('[data-testid="cmd-outbound.wave.generate"]'), 'toolbar button'))
    await waitFor(() => dialog(), 'asked from the button')
    answerConfirm(false)
    await flush(50)
    expect(await waveCount()).toBe(waves)
  }, 90_000)

  it('a bulk run counts what it acts on (its arguments\' distinct ids) and asks from two documents on; one order moves at once', async () => {
    const def = getActiveRegistry().get('outbound.order.validate')!
    const ctx = { ...buildCommandContext(), route: OUTBOUND_ORDER_PATH, selection: [{ id: 1 }, { id: 2 }, { id: 3 }] }
    const calls = { n: 0 }
    const rt = stubbed(calls)
    const run = runCommand(def, { ctx, args: { ids: [1, 2, 2, 3] }, runtime: rt })
    await waitFor(() => interaction.confirm, 'asked')
    expect(interaction.confirm!.countKey).toBe('palette:bulk.count.outboundOrder')
    expect(interaction.confirm!.params.count).toBe(3)
    expect(i18next.t(interaction.confirm!.countKey!, interaction.confirm!.params)).toBe('3 outbound orders')
    answerConfirm(false)
    expect(await run).toEqual({ status: 'cancelled' })
    expect(calls.n).toBe(0)
    // One order (the details page's): validated without a question. `confirmed`: the surface already asked.
    expect((await runCommand(def, { ctx: { ...ctx, selection: [{ id: 1 }] }, args: { ids: [1] }, runtime: rt })).status).toBe('ok')
    expect(interaction.confirm).toBeNull()
    expect((await runCommand(def, { ctx, args: { ids: [1, 2, 3] }, runtime: rt, confirmed: true })).status).toBe('ok')
    expect(calls.n).toBe(2)
  })
})
