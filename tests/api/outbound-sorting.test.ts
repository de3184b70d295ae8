// Sorting and the sorting wall over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): orders in force, bulk waves picked through the picking station's commands, then
// merge sorting (at least 2 tasks; 1 refused) and rest sorting (exactly one; 2 refused), only picked bulk
// tasks, a task sorted once; at the wall every refusal of spec section 8 — container not on the task,
// "product not in container", "item does not match grid slot" (a wrong slot, an item no slot still
// waits for); two puts of the last unit at once → one counted, five puts for three wanted units → three;
// one picking task sorted twice at once → one sorting task; a slot completes with its order
// (sort_slot / sorted_at); nothing moves on the ledger; cancel only before sorting; another warehouse's
// task is 404. Invariants after each.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { PICKING_API } from '../../commands/outbound-picking'
import { SORTING_API, parseWallSlot, wallSlotLabel } from '../../commands/outbound-sorting'
import { needsSorting, orderAtSlot } from '../../src/server/areas/outbound/sorting'
import { addStock, checkInvariants, StockStatus } from '../../src/server/inventory/ledger'

let t: TestApp
let admin: ApiClient
let skus: { id: number; code: string }[] = []
let shelves: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
/** A refused input: 400 naming the field with the message key. */
const badInput = async (c: ApiClient, command: string, args: Record<string, unknown>, field: string, key: string) => {
  const r = await c.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(400)
  expect(r.json().errors, r.body).toEqual(expect.arrayContaining([expect.objectContaining({ field, messageKey: key })]))
  return r.json()
}
const stock = (skuId: number, shelf: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelves[shelf]!.id, skuId, stockStatus: StockStatus.Normal }, qty, { docType: 'TEST', docNo: 'T-SORT' }, op))
const picked = async () => q<{ sku_id: number; on_hand: number; locked: number }>(`
  SELECT b.sku_id, sum(b.on_hand)::int AS on_hand, sum(b.locked)::int AS locked FROM inventory_balance b JOIN location l ON l.id = b.location_id
  WHERE b.tenant_id = 1 AND b.warehouse_id = 26 AND l.code = 'PCK-01' GROUP BY b.sku_id ORDER BY b.sku_id`)
const ledgerRows = async () => (await one<{ n: number }>('SELECT count(*)::int AS n FROM inventory_ledger')).n
const orderRow = (id: number) => one<{ status: number; sort_slot: number | null; sorted_at: string | null }>('SELECT status, sort_slot, sorted_at FROM outbound_order WHERE id = $1', [id])
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
async function validOrder(lines: { code: string; qty: number }[]) {
  const o = await ok(admin, 'outbound.order.create', { platform: 'TIKTOK', shippingMethod: 'SORT-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines })
  await ok(admin, 'outbound.order.validate', { ids: [o.id] })
  return o as { id: number; orderNo: string }
}
const taskIdOf = async (taskNo: string) => Number((await one<{ id: number }>('SELECT id FROM picking_task WHERE task_no = $1 AND warehouse_id = 26', [taskNo])).id)
/** Claims a picking task (with a cart when given) and picks every line through the station's commands. */
async function pickAll(taskNo: string, cartCode: string | null) {
  await ok(admin, 'outbound.pickTask.claim', { taskNo, cartCode })
  for (let i = 0; i < 50; i++) {
    const d = (await admin.get(PICKING_API.task(taskNo))).json().data
    if (!d.next) return
    await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: d.next.locationCode, code: d.next.skuCode })
  }
  throw new Error(`${taskNo} not picked`)
}
const view = async (sortNo: string, c: ApiClient = admin) => {
  const r = await c.get(SORTING_API.task(sortNo))
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { task: any; containers: any[]; slots: any[]; lines: any[] }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 4`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(4)
  shelves = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
    ORDER BY l.code LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(shelves.length).toBe(3)
  const [a, b, c, d] = skus
  await stock(a!.id, 0, 10)
  await stock(b!.id, 1, 10)
  await stock(c!.id, 2, 10)
  await stock(d!.id, 0, 10)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('merge and rest sorting, the sorting wall', () => {
  it('makes a merge sorting task of two picked bulk tasks and sorts it on the wall with every refusal', async () => {
    const [a, b, c] = skus
    const o1 = await validOrder([{ code: a!.code, qty: 2 }, { code: b!.code, qty: 1 }])
    const o2 = await validOrder([{ code: a!.code, qty: 1 }])
    const o3 = await validOrder([{ code: c!.code, qty: 1 }, { code: b!.code, qty: 1 }])
    const o4 = await validOrder([{ code: a!.code, qty: 1 }])
    const w1 = await ok(admin, 'outbound.wave.create', { orderIds: [o1.id, o2.id], taskMode: 'bulk', pickMode: 1 })
    const w2 = await ok(admin, 'outbound.wave.create', { orderIds: [o3.id], taskMode: 'bulk', pickMode: 1 })
    const w3 = await ok(admin, 'outbound.wave.create', { orderIds: [o4.id], taskMode: 'whole' })
    const [t1, t2, t3] = [w1.tasks[0] as string, w2.tasks[0] as string, w3.tasks[0] as string]
    const [id1, id2, id3] = [await taskIdOf(t1), await taskIdOf(t2), await taskIdOf(t3)]

    // Not picked yet: refused.
    await refused(admin, 'outbound.sortTask.rest', { pickingTaskIds: [id1] }, 409, 'outbound-sorting:errors.notPicked')
    await pickAll(t1, 'cart-s1')
    await pickAll(t2, null)
    await pickAll(t3, null)
    expect((await orderRow(o1.id)).status).toBe(2)

    // Spec section 5: merge sorting needs at least 2 tasks, rest sorting exactly one.
    const m1 = await badInput(admin, 'outbound.sortTask.merge', { pickingTaskIds: [id1] }, 'pickingTaskIds', 'outbound-sorting:errors.mergeMin')
    expect(JSON.stringify(m1)).toContain('Merge sorting needs at least 2 picking tasks')
    // The same task twice is one task.
    await badInput(admin, 'outbound.sortTask.merge', { pickingTaskIds: [id1, id1] }, 'pickingTaskIds', 'outbound-sorting:errors.mergeMin')
    await badInput(admin, 'outbound.sortTask.rest', { pickingTaskIds: [id1, id2] }, 'pickingTaskIds', 'outbound-sorting:errors.restOne')
    await badInput(admin, 'outbound.sortTask.rest', { pickingTaskIds: [] }, 'pickingTaskIds', 'outbound-sorting:errors.restOne')
    await badInput(admin, 'outbound.sortTask.merge', { pickingTaskIds: 'x' }, 'pickingTaskIds', expect.any(String) as unknown as string)
    // Whole-order tasks need no sorting; unknown tasks are 404.
    await refused(admin, 'outbound.sortTask.merge', { pickingTaskIds: [id1, id3] }, 409, 'outbound-sorting:errors.notBulk')
    await refused(admin, 'outbound.sortTask.merge', { pickingTaskIds: [id1, 999999] }, 404, 'outbound-sorting:errors.pickTaskNotFound')

    const waiting = (await admin.get('/api/outbound/sorting-tasks/waiting')).json().data as { taskNo: string }[]
    expect(waiting.map((w) => w.taskNo)).toEqual(expect.arrayContaining([t1, t2]))
    expect(waiting.map((w) => w.taskNo)).not.toContain(t3)

    // Review's questions before the wall: a bulk-picked order needs sorting, a whole-picked one does not.
    expect(await needsSorting(t.database.db, o1.id)).toBe(true)
    expect(await needsSorting(t.database.db, o4.id)).toBe(false)
    const ledgerBefore = await ledgerRows()
    const pickedBefore = await picked()
    const made = await ok(admin, 'outbound.sortTask.merge', { pickingTaskIds: [id2, id1] })
    expect(made.sortNo).toMatch(/^FJ\d{10}$/)
    expect(made).toMatchObject({ kind: 'merge', slots: 3, qty: 6, containers: ['CART-S1', t2] })
    await refused(admin, 'outbound.sortTask.rest', { pickingTaskIds: [id1] }, 409, 'outbound-sorting:errors.alreadySorting')
    const sortNo = made.sortNo as string
    let v = await view(sortNo)
    expect(v.task).toMatchObject({ sortNo, status: 0, slotCount: 3, qty: 6, sortedQty: 0 })
    expect(v.slots.map((s) => [s.slotNo, s.orderNo, s.qty])).toEqual([[1, o1.orderNo, 3], [2, o2.orderNo, 1], [3, o3.orderNo, 2]])
    // The station's first scan: the container finds its task.
    expect((await admin.get(SORTING_API.byContainer('cart-s1'))).json().data.task.sortNo).toBe(sortNo)
    expect((await admin.get(SORTING_API.byContainer('NO-SUCH-CART'))).json().messageKey).toBe('outbound-sorting:errors.containerUnknown')
    // "Go to document" by number.
    const hits = (await admin.get(`/api/search/documents?q=${sortNo}`)).json().data
    expect((hits.hits ?? hits).find((h: any) => h.type === 'sortingTask')).toMatchObject({ number: sortNo, path: `/stock-out/ToC/sorting-wall?task=${sortNo}` })

    // Where an item goes (the station's read before the slot scan).
    const where = (await admin.get(`${SORTING_API.slotFor(sortNo)}?containerCode=cart-s1&code=${a!.code}`)).json().data
    expect(where).toMatchObject({ slotNo: 1, orderNo: o1.orderNo, skuCode: a!.code, slotRemaining: 3, lineRemaining: 2 })

    // Refusals of spec section 8, each translated and naming its field.
    await badInput(admin, 'outbound.sort.put', { sortNo, containerCode: '', code: a!.code }, 'containerCode', 'errors:field.required')
    const notOn = await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-X', code: a!.code }, 409, 'outbound-sorting:errors.containerNotInTask')
    expect(notOn.errors[0]).toMatchObject({ field: 'containerCode' })
    const notIn = await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: c!.code }, 409, 'outbound-sorting:errors.notInContainer')
    expect(notIn.responseDesc).toContain('product not in container')
    const wrong = await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code, slotNo: 3 }, 409, 'outbound-sorting:errors.wrongSlot')
    expect(wrong.responseDesc).toContain('item does not match grid slot')
    expect(wrong.errors[0]).toMatchObject({ field: 'slotNo' })
    await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code, slotNo: 1, qty: 3 }, 409, 'outbound-sorting:errors.overSort')
    await refused(admin.in({ lang: 'zh' }), 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: 'NO-SUCH-SKU', slotNo: 1 }, 409, 'outbound-sorting:errors.notInContainer')

    // Slot 1 (o1) takes 2 × A, then A goes to slot 2 (o2) which completes with it.
    let p = await ok(admin, 'outbound.sort.put', { sortNo, containerCode: 'cart-s1', code: a!.code, slotNo: 1 })
    expect(p).toMatchObject({ slotNo: 1, orderNo: o1.orderNo, slotRemaining: 2, slotDone: false, taskDone: false, sortedQty: 1, taskQty: 6 })
    expect((await view(sortNo)).task.status).toBe(1)
    await refused(admin, 'outbound.sortTask.cancel', { ids: [made.id] }, 409, 'outbound-sorting:errors.cancelStarted')
    await ok(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code, slotNo: 1 })
    // Slot 1 has all its A now: a third A is no longer for slot 1.
    const full = await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code, slotNo: 1 }, 409, 'outbound-sorting:errors.wrongSlot')
    expect(full.responseDesc).toBe(`item does not match grid slot: ${a!.code} does not go into slot 1 (it goes to 2)`)
    p = await ok(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code })
    expect(p).toMatchObject({ slotNo: 2, orderNo: o2.orderNo, slotRemaining: 0, slotDone: true })
    expect(await orderRow(o2.id)).toMatchObject({ sort_slot: 2, sorted_at: expect.anything() })
    expect((await orderRow(o1.id)).sort_slot).toBeNull()
    // No slot waits for A from this container any more.
    const none = await refused(admin, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code }, 409, 'outbound-sorting:errors.noSlot')
    expect(none.responseDesc).toContain('item does not match grid slot')

    // Two operators put o1's last unit (B) at once: one is counted, the other refused.
    const both = await Promise.all([
      admin.cmd('outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: b!.code, slotNo: 1 }),
      admin.cmd('outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: b!.code, slotNo: 1 }),
    ])
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409])
    expect(both.find((r) => r.statusCode === 409)!.json().messageKey).toBe('outbound-sorting:errors.wrongSlot')
    expect(await orderRow(o1.id)).toMatchObject({ sort_slot: 1, sorted_at: expect.anything() })
    v = await view(sortNo)
    expect(v.slots.map((s) => s.sortedQty)).toEqual([3, 1, 0])
    expect((await one<{ n: number }>('SELECT sum(qty)::int AS n FROM sort_record WHERE sorting_task_id = $1', [made.id])).n).toBe(4)

    // The second container (no cart: its task number) fills slot 3; the task completes.
    await ok(admin, 'outbound.sort.put', { sortNo, containerCode: t2, code: c!.code, slotNo: 3 })
    p = await ok(admin, 'outbound.sort.put', { sortNo, containerCode: t2, code: b!.code, slotNo: 3 })
    expect(p).toMatchObject({ slotNo: 3, slotDone: true, taskDone: true, sortedQty: 6 })
    expect(await orderRow(o3.id)).toMatchObject({ sort_slot: 3, status: 2 })
    expect((await view(sortNo)).task).toMatchObject({ status: 2, sortedQty: 6, completedAt: expect.anything() })
    // The wall slot label review may scan: which order, complete or not; sorted orders need no more sorting.
    expect(parseWallSlot(wallSlotLabel(sortNo, 3).toLowerCase())).toEqual({ sortNo, slotNo: 3 })
    expect(parseWallSlot('FJ12-3')).toBeNull()
    expect(await orderAtSlot(t.database.db, scope, sortNo, 3)).toEqual({ orderId: o3.id, orderNo: o3.orderNo, complete: true })
    expect(await orderAtSlot(t.database.db, { ...scope, warehouseId: 168 }, sortNo, 3)).toBeNull()
    expect(await needsSorting(t.database.db, o1.id)).toBe(false)
    await refused(admin, 'outbound.sort.put', { sortNo, containerCode: t2, code: b!.code }, 409, 'outbound-sorting:errors.completed')

    // Nothing moved on the ledger: the goods are still at the picked-goods location, reserved for their orders.
    expect(await ledgerRows()).toBe(ledgerBefore)
    expect(await picked()).toEqual(pickedBefore)
    await invariantsClean()

    // Another warehouse does not see the task, its containers or its picking tasks.
    const other = admin.in({ warehouseId: 168 })
    expect((await other.get(SORTING_API.task(sortNo))).statusCode).toBe(404)
    expect((await other.get(SORTING_API.byContainer('CART-S1'))).statusCode).toBe(404)
    await refused(other, 'outbound.sort.put', { sortNo, containerCode: 'CART-S1', code: a!.code }, 404, 'outbound-sorting:errors.notFound')
    await refused(other, 'outbound.sortTask.cancel', { ids: [made.id] }, 404, 'outbound-sorting:errors.notFound')
    await refused(other, 'outbound.sortTask.merge', { pickingTaskIds: [id1, id2] }, 404, 'outbound-sorting:errors.pickTaskNotFound')
    const list = (await admin.get(`${SORTING_API.tasks}?page=1&size=20`)).json().data
    expect(list.records.map((r: any) => r.sortNo)).toContain(sortNo)
    expect((await other.get(`${SORTING_API.tasks}?page=1&size=20`)).json().data.records.map((r: any) => r.sortNo)).not.toContain(sortNo)
  })

  it('rest sorting takes exactly one task; a task nobody sorts yet is cancelled and its picking task freed', async () => {
    const [a, , , d] = skus
    const o5 = await validOrder([{ code: d!.code, qty: 1 }])
    const o6 = await validOrder([{ code: d!.code, qty: 2 }, { code: a!.code, qty: 1 }])
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [o5.id, o6.id], taskMode: 'bulk', pickMode: 1 })
    const taskNo = w.tasks[0] as string
    const id = await taskIdOf(taskNo)
    await pickAll(taskNo, 'CART-R1')
    const r = await ok(admin, 'outbound.sortTask.rest', { pickingTaskIds: [id] })
    expect(r).toMatchObject({ kind: 'rest', slots: 2, qty: 4, containers: ['CART-R1'] })
    // The cart is on an open wall: a second task with the same cart waits until this one is done.
    await ok(admin, 'outbound.sortTask.cancel', { ids: [r.id] })
    expect((await admin.get(SORTING_API.task(r.sortNo))).statusCode).toBe(404)
    expect(await one('SELECT count(*)::int AS n FROM sorting_slot WHERE sorting_task_id = $1', [r.id])).toEqual({ n: 0 })
    // Two supervisors sort the freed task at once: one sorting task is made, the other is refused.
    const twice = await Promise.all([1, 2].map(() => admin.cmd('outbound.sortTask.rest', { pickingTaskIds: [id] })))
    expect(twice.map((x) => x.statusCode).sort()).toEqual([200, 409])
    expect(twice.find((x) => x.statusCode === 409)!.json().messageKey).toBe('outbound-sorting:errors.alreadySorting')
    const again = twice.find((x) => x.statusCode === 200)!.json().data
    expect(again.slots).toBe(2)
    // o5 (slot 1) takes one D, o6 (slot 2) two D and one A; the server picks the slot when none is scanned.
    // Five operators put D at once where three are wanted: exactly three are counted, slot 1 first.
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => admin.cmd('outbound.sort.put', { sortNo: again.sortNo, containerCode: 'CART-R1', code: d!.code })))
    expect(burst.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 409, 409])
    for (const r of burst.filter((x) => x.statusCode === 409)) expect(r.json().messageKey).toBe('outbound-sorting:errors.noSlot')
    expect(burst.filter((r) => r.statusCode === 200).map((r) => r.json().data.slotNo).sort()).toEqual([1, 2, 2])
    expect(await q('SELECT slot_no, sorted_qty FROM sorting_slot WHERE sorting_task_id = $1 ORDER BY slot_no', [again.id])).toEqual([{ slot_no: 1, sorted_qty: 1 }, { slot_no: 2, sorted_qty: 2 }])
    expect((await orderRow(o5.id)).sort_slot).toBe(1)
    expect((await orderRow(o6.id)).sort_slot).toBeNull()
    const last = await ok(admin, 'outbound.sort.put', { sortNo: again.sortNo, containerCode: 'CART-R1', code: a!.code })
    expect(last).toMatchObject({ slotNo: 2, slotRemaining: 0, slotDone: true, taskDone: true, sortedQty: 4, taskQty: 4 })
    expect((await orderRow(o5.id)).sort_slot).toBe(1)
    expect((await orderRow(o6.id)).sort_slot).toBe(2)
    await refused(admin, 'outbound.sortTask.cancel', { ids: [again.id] }, 409, 'outbound-sorting:errors.cancelStarted')
    await invariantsClean()
  })

  it('an order stopped on the wall: its put refused, the wall completed by hand once every other slot is', async () => {
    const [a, , , d] = skus
    const o7 = await validOrder([{ code: a!.code, qty: 1 }])
    const o8 = await validOrder([{ code: d!.code, qty: 1 }])
    const w = await ok(admin, 'outbound.wave.create', { orderIds: [o7.id, o8.id], taskMode: 'bulk', pickMode: 1 })
    const taskNo = w.tasks[0] as string
    await pickAll(taskNo, 'CART-X1')
    const r = await ok(admin, 'outbound.sortTask.rest', { pickingTaskIds: [await taskIdOf(taskNo)] })
    // Not started: nothing to complete (cancel instead).
    await refused(admin, 'outbound.sortTask.complete', { ids: [r.id] }, 409, 'outbound-sorting:errors.completeNotStarted')
    await ok(admin, 'outbound.sort.put', { sortNo: r.sortNo, containerCode: 'CART-X1', code: a!.code, slotNo: 1 })
    // o8's slot is open and o8 awaits outbound: the wall is not done.
    const open = await refused(admin, 'outbound.sortTask.complete', { ids: [r.id] }, 409, 'outbound-sorting:errors.slotsOpen')
    expect(open.responseDesc).toBe(`Sorting task ${r.sortNo} still has 1 open slot of orders awaiting outbound (slot 2: ${o8.orderNo})`)
    // o8 is intercepted after picking: its goods go back through a return-to-shelf task, not into slot 2.
    await ok(admin, 'outbound.order.stop', { ids: [o8.id], reason: 'customer cancelled' })
    await refused(admin, 'outbound.sort.put', { sortNo: r.sortNo, containerCode: 'CART-X1', code: d!.code, slotNo: 2 }, 409, 'outbound-sorting:errors.orderNotSortable')
    const done = await ok(admin, 'outbound.sortTask.complete', { ids: [r.id] })
    expect(done).toEqual({ completed: [r.sortNo] })
    expect((await view(r.sortNo)).task).toMatchObject({ status: 2, sortedQty: 1, qty: 2 })
    await refused(admin, 'outbound.sortTask.complete', { ids: [r.id] }, 409, 'outbound-sorting:errors.completed')
    expect((await orderRow(o7.id)).sort_slot).toBe(1)
    expect((await orderRow(o8.id)).sort_slot).toBeNull()
    await invariantsClean()
  })
})
