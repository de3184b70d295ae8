// @vitest-environment happy-dom
// The sorting wall station's steps on the real API in-process (PGlite, fetch bridged into fastify.inject):
// two orders (2 × A; 1 × A + 1 × B) picked in one bulk task on cart CART-W1, a rest sorting task made of
// it. An item scanned before any container is refused "scan sorting container first"; the cart opens
// the task; an item shows its slot large (number, order, how many still to come); another slot label is
// refused at once with the server's "item does not match grid slot" message, nothing sent; the right
// slot label sends one outbound.sort.put {sortNo, containerCode, code, slotNo}; an item of no slot's
// container is "product not in container"; slots complete with their orders and the task is done —
// the last three items and their slot labels scanned as one burst, each applied in order, once.
// The lists (?list=1): a picked bulk task waits; selected with the keyboard, merge sorting is greyed out
// with the server's words (at least 2) and rest sorting makes the sorting task.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createElement } from 'react'
import { startHarness, type Harness } from '../helpers/bridge'
import { act } from 'react'
import { mount, press, typeInto, waitFor, $, $$, key } from '../helpers/dom'
import { selection } from '../../src/app/state/selection'
import SortingWallPage from '../../src/app/pages/outbound/sorting/SortingWallPage'
import { api } from '../../src/app/api/clients'
import { commandUrl } from '../../src/app/commands/runtime'
import { buildCommandContext } from '../../src/app/commands/context'
import { addStock } from '../../src/server/inventory/ledger'
import { SortingWallStation } from '../../src/app/pages/outbound/sorting/SortingWallStation'
import { interpretScan, parseSlot, type SortState } from '../../src/app/pages/outbound/sorting/station-logic'
import { PICKING_API, type WaveMade } from '../../commands/outbound-picking'
import { sortingStationPath, type SortMade } from '../../commands/outbound-sorting'

let h: Harness
let skus: { id: number; code: string }[] = []
let orders: { id: number; orderNo: string }[] = []
let sortNo = ''

const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const cmd = <T,>(id: string, args: unknown) => api.post<T>(commandUrl(id), args, { headers: { 'Idempotency-Key': crypto.randomUUID() }, silent: true })
const puts = () => h.sent.filter((s) => s.path === '/api/commands/outbound.sort.put')

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  localStorage.clear()
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  const [shelf] = await q<{ id: number }>(`
    SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  expect(skus.length).toBe(3)
  const op = { userId: 1, username: 'admin' }
  for (const s of skus) await h.t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: Number(shelf!.id), skuId: s.id }, 5, { docType: 'TEST', docNo: 'T-WALL' }, op))
  const [a, b] = skus
  for (const lines of [[{ code: a!.code, qty: 2 }], [{ code: a!.code, qty: 1 }, { code: b!.code, qty: 1 }]]) {
    const o = await cmd<{ id: number; orderNo: string }>('outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines })
    await cmd('outbound.order.validate', { ids: [o.id] })
    orders.push(o)
  }
  const wave = await cmd<WaveMade>('outbound.wave.create', { orderIds: orders.map((o) => o.id), taskMode: 'bulk', pickMode: 1 })
  const taskNo = wave.tasks[0]!
  await cmd('outbound.pickTask.claim', { taskNo, cartCode: 'CART-W1' })
  for (;;) {
    const d = await api.get<{ next: { locationCode: string; skuCode: string } | null }>(PICKING_API.task(taskNo))
    if (!d.next) break
    await cmd('outbound.pick.scan', { taskNo, locationCode: d.next.locationCode, code: d.next.skuCode })
  }
  const [t] = await q<{ id: number }>('SELECT id FROM picking_task WHERE task_no = $1', [taskNo])
  sortNo = (await cmd<SortMade>('outbound.sortTask.rest', { pickingTaskIds: [Number(t!.id)] })).sortNo
}, 120_000)
afterAll(async () => { await h?.close() })

describe('sorting wall steps (pure)', () => {
  const where = { slotNo: 2, orderNo: 'CK2', skuCode: 'B', slotRemaining: 2, lineRemaining: 1 }
  const base: SortState = { step: 'sku', sortNo: 'FJ2611260001', containers: ['CART-W1', 'JH2611260009'], container: 'CART-W1', pending: null }
  it('reads slot labels', () => {
    expect(['2', '02', 's-2', 'S02', 'slot-0002', 'G02', 'GK-2'].map(parseSlot)).toEqual([2, 2, 2, 2, 2, 2, 2])
    expect(['0', 'SKU-2', '123456789012', ''].map(parseSlot)).toEqual([null, null, null, null])
  })
  it('container first, then items, then the slot shown; the refusals of spec section 8', () => {
    expect(interpretScan({ ...base, step: 'container', sortNo: null, containers: [], container: null }, 'cart-w1')).toEqual({ kind: 'findContainer', containerCode: 'CART-W1' })
    expect(interpretScan({ ...base, step: 'container', container: null }, 'SKU-1')).toEqual({ kind: 'containerFirst', code: 'SKU-1' })
    expect(interpretScan({ ...base, step: 'container', container: null }, 'jh2611260009')).toEqual({ kind: 'container', containerCode: 'JH2611260009' })
    expect(interpretScan(base, 'SKU-1')).toEqual({ kind: 'lookup', sortNo: base.sortNo, containerCode: 'CART-W1', code: 'SKU-1' })
    expect(interpretScan(base, 'SKU\u0007')).toEqual({ kind: 'scanError', code: 'SKU\u0007' })
    expect(interpretScan(base, 'X'.repeat(81)).kind).toBe('scanError')
    const slot = { ...base, step: 'slot' as const, pending: { code: 'B', where } }
    expect(interpretScan(slot, 'S-01')).toEqual({ kind: 'wrongSlot', code: 'B', slotNo: 1, expected: 2 })
    expect(interpretScan(slot, 'SKU-9')).toEqual({ kind: 'notSlot', code: 'SKU-9', expected: 2 })
    expect(interpretScan(slot, '02')).toEqual({ kind: 'put', args: { sortNo: base.sortNo, containerCode: 'CART-W1', code: 'B', slotNo: 2 } })
    expect(interpretScan(slot, 'fj2611260002')).toEqual({ kind: 'openTask', sortNo: 'FJ2611260002' })
    // The wall's full label: this task's slot 2 is put; another wall's label is no slot of this one.
    expect(interpretScan(slot, 'fj2611260001-02').kind).toBe('put')
    expect(interpretScan(slot, 'FJ2611260002-02')).toEqual({ kind: 'notSlot', code: 'FJ2611260002-02', expected: 2 })
    expect(interpretScan(slot, 'FJ2611260001')).toEqual({ kind: 'none' })
    expect(interpretScan({ ...base, step: 'done', container: null }, 'CART-W1')).toEqual({ kind: 'findContainer', containerCode: 'CART-W1' })
  })
})

describe('sorting wall station', () => {
  it('container first, the slot shown large, a wrong slot refused locally, puts counted, slots and task complete', async () => {
    history.pushState(null, '', sortingStationPath(''))
    const m = mount(createElement(SortingWallStation, { taskParam: '' }))
    const inside = <T extends Element = HTMLElement>(sel: string) => m.container.querySelector<T & Element>(sel) as T | null
    const input = inside<HTMLInputElement>('[data-testid="scan-input"]')!
    await waitFor(() => document.activeElement === input, 'scan field focused')
    const status = () => inside('[data-testid="station-status"]')!
    const step = () => inside('[data-testid="sorting-station"]')!.getAttribute('data-step')
    const text = (id: string) => inside(`[data-testid="${id}"]`)?.textContent
    const scan = async (code: string) => { await typeInto(input, code); await press(input, 'Enter') }
    const [a, b, c] = skus.map((s) => s.code)
    const [o1, o2] = orders

    // An item before any container.
    await scan(a!)
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'refused')
    expect(status().textContent).toBe(`scan sorting container first: ${a!.toUpperCase()} is no container of a sorting task`)
    expect(step()).toBe('container')

    await scan('cart-w1')
    await waitFor(() => step() === 'sku', 'container scanned')
    expect(status().textContent).toBe(`Container CART-W1 on ${sortNo}: scan its items`)
    expect(buildCommandContext().document).toMatchObject({ sortNo, status: 0 })

    // B goes to o2's slot 2: shown large.
    await scan(b!)
    await waitFor(() => step() === 'slot', 'slot shown')
    expect(text('slot-no')).toBe('2')
    expect(text('slot-order')).toBe(o2!.orderNo)
    expect(text('slot-to-come')).toBe('2')
    // Slot 1's label: refused here, at once, nothing sent, the item kept.
    await scan('1')
    expect(status().getAttribute('data-kind')).toBe('error')
    expect(status().textContent).toBe(`item does not match grid slot: ${b} does not go into slot 1 (it goes to 2)`)
    expect(puts()).toHaveLength(0)
    expect(step()).toBe('slot')
    await scan('S-02')
    await waitFor(() => status().getAttribute('data-kind') === 'ok', 'put counted')
    expect(JSON.parse(puts()[0]!.body)).toEqual({ sortNo, containerCode: 'CART-W1', code: b, slotNo: 2 })
    expect(status().textContent).toBe(`${b} into slot 2 — 1 still to come`)
    expect(step()).toBe('sku')

    // C is in no slot of this container.
    await scan(c!)
    await waitFor(() => status().getAttribute('data-kind') === 'error', 'not in container')
    expect(status().textContent).toBe(`product not in container: ${c!.toUpperCase()} is not in CART-W1`)

    // A × 2 into slot 1 (o1 complete), the last A into slot 2 (o2 complete, the task done) — scanned as
    // one burst, item and slot label alternating, none waiting for an answer: each slot label waits at
    // the station for its item's slot to be read (shown as pending), never "scan too fast", and every
    // scan is applied, in order, once.
    const slotReads = () => h.sent.filter((s) => s.path.includes('/slot-for')).length
    const readsBefore = slotReads()
    for (const code of [a!, '01', a!, 'slot-1', a!, '2']) await scan(code)
    await waitFor(() => step() === 'done', 'task done', 15_000)
    expect(slotReads() - readsBefore).toBe(3)
    expect(puts().slice(1).map((p) => JSON.parse(p.body).slotNo)).toEqual([1, 1, 2])
    expect(status().textContent).toBe(`Sorting task ${sortNo} complete`)
    expect(puts()).toHaveLength(4)
    const rows = await q<{ order_no: string; sort_slot: number }>('SELECT order_no, sort_slot FROM outbound_order WHERE id = ANY($1::int[]) ORDER BY id', [orders.map((o) => o.id)])
    expect(rows.map((r) => [r.order_no, Number(r.sort_slot)])).toEqual([[o1!.orderNo, 1], [o2!.orderNo, 2]])
    await waitFor(() => document.activeElement === input, 'focus back on the scan field')
    m.unmount()
  })
})

describe('sorting wall lists', () => {
  it('a waiting bulk task selected with the keyboard: merge refused with the reason, rest sorting makes the task', async () => {
    const [, b] = skus
    const o = await cmd<{ id: number; orderNo: string }>('outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: b!.code, qty: 1 }] })
    await cmd('outbound.order.validate', { ids: [o.id] })
    const taskNo = (await cmd<WaveMade>('outbound.wave.create', { orderIds: [o.id], taskMode: 'bulk', pickMode: 1 })).tasks[0]!
    await cmd('outbound.pickTask.claim', { taskNo })
    const d = await api.get<{ next: { locationCode: string; skuCode: string } }>(PICKING_API.task(taskNo))
    await cmd('outbound.pick.scan', { taskNo, locationCode: d.next.locationCode, code: d.next.skuCode })

    await act(async () => { history.pushState(null, '', '/stock-out/ToC/sorting-wall?list=1') })
    const m = mount(createElement(SortingWallPage))
    const grid = await waitFor(() => $$<HTMLElement>('[role="grid"]')[0], 'waiting grid')
    const rows = () => [...grid.querySelectorAll('[role="row"]')]
    const at = () => rows().findIndex((r) => r.textContent?.includes(taskNo))
    await waitFor(() => at() > 0, 'the picked bulk task waits', 15_000)
    grid.focus()
    for (let i = 0; i < at(); i++) key(grid, 'ArrowDown')
    key(grid, ' ')
    await waitFor(() => selection.rows.length === 1 && selection.rows[0]!.taskNo === taskNo, 'the task selected')
    const merge = () => $<HTMLButtonElement>('[data-testid="cmd-outbound.sortTask.merge"]')!
    const rest = () => $<HTMLButtonElement>('[data-testid="cmd-outbound.sortTask.rest"]')!
    await waitFor(() => rest().getAttribute('aria-disabled') === null, 'rest sorting enabled')
    expect(merge().getAttribute('aria-disabled')).toBe('true')
    expect(merge().title).toBe('Merge sorting needs at least 2 picking tasks')
    await act(async () => { rest().click() })
    await waitFor(() => location.search.includes('task=FJ'), 'the station opened for the new task')
    const [made] = await q<{ task_no: string }>('SELECT s.task_no FROM sorting_task s JOIN sorting_container c ON c.sorting_task_id = s.id WHERE c.container_code = $1', [taskNo])
    expect(location.search).toContain(`task=${made!.task_no}`)
    m.unmount()
  }, 60_000)
})
