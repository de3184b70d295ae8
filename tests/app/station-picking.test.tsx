// @vitest-environment happy-dom
// The picking station's steps on the real API in-process (PGlite, fetch bridged into fastify.inject):
// a task of two lines (2 × A at the first shelf, 1 × B at the second) is claimed by scanning its
// number; a scan of another location is refused at once with the server's own wrong-location message,
// nothing sent, the place kept; the right location, then the SKU, goes out as one outbound.pick.scan
// {taskNo, locationCode, code}; the answer's `next` keeps the SKU step at the same shelf and then
// shows the next line's location; Alt+S reports the last line short (its remaining by default) and
// the task is done. The open task is the page's document: the station's commands follow its machine.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { act, createElement } from 'react'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, press, typeInto, waitFor, key } from '../helpers/dom'
import { api } from '../../src/app/api/clients'
import { commandUrl } from '../../src/app/commands/runtime'
import { buildCommandContext } from '../../src/app/commands/context'
import { getActiveRegistry } from '../../src/app/commands/registry'
import { commandEnabled } from '../../src/domain/commands'
import { addStock } from '../../src/server/inventory/ledger'
import { PickingStation } from '../../src/app/pages/outbound/picking/PickingStation'
import { interpretScan, stepAfter } from '../../src/app/pages/outbound/picking/station-logic'
import { pickingStationPath, type WaveMade } from '../../commands/outbound-picking'

let h: Harness
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
let taskNo = ''

const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const cmd = <T,>(id: string, args: unknown) => api.post<T>(commandUrl(id), args, { headers: { 'Idempotency-Key': crypto.randomUUID() }, silent: true })
const scans = () => h.sent.filter((s) => s.path === '/api/commands/outbound.pick.scan')

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  localStorage.clear()
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  shelves = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 2`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(skus.length).toBe(2)
  expect(shelves.length).toBe(2)
  const op = { userId: 1, username: 'admin' }
  const put = (sku: number, shelf: number, qty: number) => h.t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: shelves[shelf]!.id, skuId: skus[sku]!.id }, qty, { docType: 'TEST', docNo: 'T-STATION' }, op))
  await put(0, 0, 2)
  await put(1, 1, 1)
  const order = await cmd<{ id: number }>('outbound.order.create', {
    platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: skus[0]!.code, qty: 2 }, { code: skus[1]!.code, qty: 1 }],
  })
  await cmd('outbound.order.validate', { ids: [order.id] })
  const wave = await cmd<WaveMade>('outbound.wave.create', { orderIds: [order.id] })
  taskNo = wave.tasks[0]!
}, 120_000)
afterAll(async () => { await h?.close() })

describe('picking station steps (pure)', () => {
  const next = { lineId: 7, seq: 1, locationCode: 'A05-01', skuCode: 'SKU-1', orderNo: 'CK1', remaining: 2 }
  const at = { step: 'location' as const, taskNo: 'JH0000000001', next, location: null, locations: ['A05-01', 'B05-01'] }
  it('refuses another location, accepts the next one, sends a SKU with the location, opens another task number', () => {
    expect(interpretScan(at, 'b05-01')).toEqual({ kind: 'wrongLocation', locationCode: 'B05-01', expected: 'A05-01' })
    expect(interpretScan(at, 'a05-01')).toEqual({ kind: 'location', locationCode: 'A05-01' })
    const sku = { ...at, step: 'sku' as const, location: 'A05-01' }
    expect(interpretScan(sku, 'sku-1')).toEqual({ kind: 'pick', args: { taskNo: 'JH0000000001', locationCode: 'A05-01', code: 'sku-1' } })
    // A location scanned at the SKU step is a location (checked against the next line's).
    expect(interpretScan(sku, 'B05-01').kind).toBe('wrongLocation')
    expect(interpretScan(sku, 'jh0000000002')).toEqual({ kind: 'claim', taskNo: 'JH0000000002' })
    expect(interpretScan(sku, 'JH0000000001')).toEqual({ kind: 'none' })
    expect(interpretScan({ ...sku, step: 'done', next: null }, 'SKU-1')).toEqual({ kind: 'taskDone', taskNo: 'JH0000000001' })
  })
  it('the answer\'s next decides the step', () => {
    expect(stepAfter(next, 'a05-01')).toEqual({ step: 'sku', location: 'a05-01' })
    expect(stepAfter(next, 'B05-01')).toEqual({ step: 'location', location: null })
    expect(stepAfter(null, 'A05-01')).toEqual({ step: 'done', location: null })
  })
})

describe('picking station', () => {
  it('claims by scan, refuses a wrong location locally, picks location then SKU, follows next, reports a short', async () => {
    history.pushState(null, '', pickingStationPath(''))
    const m = mount(createElement(PickingStation, { taskParam: '' }))
    const inside = <T extends Element = HTMLElement>(sel: string) => m.container.querySelector<T & Element>(sel) as T | null
    const input = inside<HTMLInputElement>('[data-testid="scan-input"]')!
    await waitFor(() => document.activeElement === input, 'scan field focused')
    const status = () => inside('[data-testid="station-status"]')!
    const step = () => inside('[data-testid="picking-station"]')!.getAttribute('data-step')
    const text = (id: string) => inside(`[data-testid="${id}"]`)?.textContent
    const scan = async (code: string) => { await typeInto(input, code); await press(input, 'Enter') }
    const [shelfA, shelfB] = shelves.map((s) => s.code)
    const [a, b] = skus.map((s) => s.code)

    await scan(taskNo.toLowerCase())
    await waitFor(() => step() === 'location', 'claimed: the location step')
    expect(status().textContent).toBe(`Task ${taskNo} claimed: go to ${shelfA}`)
    expect(JSON.parse(h.sent.find((s) => s.path === '/api/commands/outbound.pickTask.claim')!.body)).toEqual({ taskNo, cartCode: null })
    expect(text('next-location')).toBe(shelfA)
    expect(text('next-sku')).toBe(a)
    expect(text('next-remaining')).toBe('2')
    // The open task is the page's document: the station's commands read its machine.
    const ctx = buildCommandContext()
    expect(ctx.document).toMatchObject({ taskNo, status: 1, claimedBy: ctx.userId })
    expect(commandEnabled(getActiveRegistry().get('outbound.pick.short')!, ctx)).toBe(true)

    // Another shelf: refused here, at once, with the server's message; nothing sent; the place kept.
    await scan(shelfB!)
    expect(status().getAttribute('data-kind')).toBe('error')
    expect(status().textContent).toBe(`Wrong location ${shelfB}: go to ${shelfA}`)
    expect(scans()).toHaveLength(0)
    expect(step()).toBe('location')
    expect(text('next-location')).toBe(shelfA)

    await scan(shelfA!.toLowerCase())
    expect(step()).toBe('sku')
    await scan(a!)
    await waitFor(() => status().getAttribute('data-kind') === 'ok', 'first unit picked')
    expect(JSON.parse(scans()[0]!.body)).toEqual({ taskNo, locationCode: shelfA, code: a })
    // One more of A here: still the SKU step at this shelf.
    expect(step()).toBe('sku')
    await waitFor(() => text('next-remaining') === '1', 'one left at this shelf')
    await scan(a!)
    // The next line is at the other shelf: its location, large, and the location step again.
    await waitFor(() => text('next-location') === shelfB, 'next line shown')
    expect(step()).toBe('location')
    expect(text('next-sku')).toBe(b)
    expect(status().textContent).toBe(`${a} +1 — next: 1 × ${b} at ${shelfB}`)
    expect(JSON.parse(scans()[1]!.body)).toEqual({ taskNo, locationCode: shelfA, code: a })

    // Alt+S: the short pick of the current line, its remaining by default; the task is done.
    key(input, 's', { alt: true })
    const qty = await waitFor(() => document.querySelector<HTMLInputElement>('[data-testid="short-qty"]'), 'short dialog')
    expect(qty.value).toBe('1')
    expect(document.activeElement).toBe(qty)
    // Enter in the field submits its form (happy-dom has no implicit submission: the form's own submit).
    await act(async () => { qty.form!.requestSubmit() })
    await waitFor(() => step() === 'done', 'task done')
    expect(status().textContent).toBe(`Task ${taskNo} picked`)
    const short = h.sent.filter((s) => s.path === '/api/commands/outbound.pick.short').map((s) => JSON.parse(s.body))
    expect(short).toEqual([{ taskNo, lineId: expect.any(Number), qty: 1 }])
    const [diff] = await q<{ short_qty: number; status: number }>(`SELECT d.short_qty, d.status FROM pick_diff d JOIN picking_task t ON t.id = d.task_id WHERE t.task_no = $1`, [taskNo])
    expect({ short: Number(diff!.short_qty), status: Number(diff!.status) }).toEqual({ short: 1, status: 0 })
    await waitFor(() => document.activeElement === input, 'focus back on the scan field')
    m.unmount()
  })
})
