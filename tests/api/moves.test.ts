// Moves over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 20 "Moves":
// the move station (a session order YK, each scan one ledger move from a bulk location to a pick face);
// "moved not above movable" (movable = on hand − reserved − frozen): a move over it refused naming the
// movable quantity, nothing written; reserved stock not moved unless its reservation moves with it (the
// order's reservation then follows the goods, the order keeps its allocation); frozen stock never moves;
// the destination must exist in this warehouse, be enabled and differ from the source (refusals name the
// field, and the line of a hand-made order); a hand-made order follows its machine (execute and cancel
// only when new); the palette finds a YK by number; transfer warnings list pick-face shortages, stock in the
// wrong area type and stock on a disabled location, each with its fix, and the fix clears it. After every
// scenario the invariant check is clean and explain shows the rows under the YK number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { freshSkus, type Sku } from '../helpers/stock-fixtures'
import { MOVE_API } from '../../commands/moves'
import { addStock, checkInvariants, explainBalance, StockStatus } from '../../src/server/inventory/ledger'
import { MoveOrderStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let skus: Sku[] = []
/** Enabled bulk (fullBox, floor area) and pick-face (scattered) locations of the demo pair, holding no stock. */
let bulk: { id: number; code: string }[] = []
let faces: { id: number; code: string }[] = []
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const HEADER = { platform: 'AMAZON', shippingMethod: 'UPS-GROUND', consigneeName: 'Dana Whitfield', consigneePhone: '+1 213-555-0144', address: '2211 Sunset Blvd', country: 'US', state: 'CA', city: 'Los Angeles', postcode: '90026' }

const stock = (skuId: number, locationId: number, qty: number, status: number = StockStatus.Normal) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId, stockStatus: status }, qty, { docType: 'TEST', docNo: 'T-MOVE' }, op))
const balance = async (skuId: number, locationId: number, status: number = StockStatus.Normal) => {
  const [r] = await q<{ id: number; on_hand: number; locked: number }>(`SELECT id, on_hand, locked FROM inventory_balance WHERE tenant_id = 1 AND warehouse_id = 26 AND sku_id = $1 AND location_id = $2 AND stock_status = $3`, [skuId, locationId, status])
  return r ? { id: Number(r.id), onHand: Number(r.on_hand), locked: Number(r.locked) } : { id: 0, onHand: 0, locked: 0 }
}
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
/** Explain of one balance: its rows under a move order's number. */
async function explainUnder(balanceId: number, moveNo: string) {
  const r = await explainBalance(t.database.db, scope, balanceId)
  return r!.entries.filter((e) => e.docNo === moveNo).map((e) => ({ docType: e.docType, reason: e.reason, dOnHand: e.deltaOnHand, dLocked: e.deltaLocked, params: e.reasonParams }))
}
const station = async () => (await ok(admin, 'move.station.open', {})) as { moveNo: string; status: number }
const scan = (moveNo: string, a: Record<string, unknown>) => admin.cmd('move.station.scan', { moveNo, ...a })

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = await freshSkus(q, 8, { enabled: true })
  expect(skus.length).toBe(8)
  const empty = `AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0)`
  bulk = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = 1 AND l.location_type = 'fullBox' ${empty}
    ORDER BY l.code LIMIT 4`)).map((r) => ({ id: Number(r.id), code: r.code }))
  faces = (await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND a.status = 1 AND NOT l.temporary AND a.area_type = 2 AND l.location_type = 'scattered' ${empty}
    ORDER BY l.code LIMIT 6`)).map((r) => ({ id: Number(r.id), code: r.code }))
  expect(bulk.length).toBeGreaterThanOrEqual(3)
  expect(faces.length).toBe(6)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('the move station', () => {
  it('moves a scan from a bulk location to a pick face under the session YK, explain shows both rows; over movable is refused naming it', async () => {
    const [x] = skus
    await stock(x!.id, bulk[0]!.id, 12)
    const s = await station()
    expect(s.moveNo).toMatch(/^YK\d{10}$/)
    expect(s.status).toBe(S.Moving)
    const r = await scan(s.moveNo, { fromLocationCode: bulk[0]!.code, code: x!.code, qty: 5, toLocationCode: faces[0]!.code.toLowerCase() })
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().data).toMatchObject({ moveNo: s.moveNo, lineNo: 1, qty: 5, reservedMoved: 0, movableLeft: 7, fromLocationCode: bulk[0]!.code, toLocationCode: faces[0]!.code })
    expect((await balance(x!.id, bulk[0]!.id)).onHand).toBe(7)
    const face = await balance(x!.id, faces[0]!.id)
    expect(face.onHand).toBe(5)
    expect(await explainUnder(face.id, s.moveNo)).toEqual([{ docType: 'moveOrder', reason: 'move', dOnHand: 5, dLocked: 0, params: { moveNo: s.moveNo } }])
    expect(await explainUnder((await balance(x!.id, bulk[0]!.id)).id, s.moveNo)).toEqual([{ docType: 'moveOrder', reason: 'move', dOnHand: -5, dLocked: 0, params: { moveNo: s.moveNo } }])

    // Moved not above movable: 8 of 7 refused, naming the movable quantity and the field; nothing written.
    const over = await scan(s.moveNo, { fromLocationCode: bulk[0]!.code, code: x!.code, qty: 8, toLocationCode: faces[0]!.code })
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json()).toMatchObject({ messageKey: 'moves:errors.overMovable' })
    expect(over.json().errors[0]).toMatchObject({ field: 'qty', params: { qty: 8, movable: 7 } })
    expect(over.json().responseDesc).toMatch(/7/)
    expect((await balance(x!.id, bulk[0]!.id)).onHand).toBe(7)
    expect((await q(`SELECT 1 FROM move_order_line l JOIN move_order o ON o.id = l.order_id WHERE o.move_no = $1`, [s.moveNo])).length).toBe(1)

    // The list and the order by number show the line, who and the balances for explain.
    const list = (await admin.get(`${MOVE_API.orders}?moveNo=${s.moveNo}`)).json().data
    expect(list.records[0]).toMatchObject({ moveNo: s.moveNo, status: S.Moving, source: 'station', lineCount: 1, totalQty: 5, createdByName: 'admin' })
    const doc = (await admin.get(MOVE_API.order(s.moveNo))).json().data
    expect(doc.lines[0]).toMatchObject({ lineNo: 1, fromLocationCode: bulk[0]!.code, toLocationCode: faces[0]!.code, skuCode: x!.code, qty: 5, movedQty: 5, movedByName: 'admin', toBalanceId: face.id })
    // Completing the session closes it; a further scan is refused by its status.
    expect(await ok(admin, 'move.order.complete', { moveNo: s.moveNo })).toMatchObject({ status: S.Completed, movedLines: 1, movedQty: 5 })
    const late = await expectRefused(admin, 'move.station.scan', { moveNo: s.moveNo, fromLocationCode: bulk[0]!.code, code: x!.code, qty: 1, toLocationCode: faces[0]!.code }, 409, 'moves:errors.scanStatus')
    expect(late.responseDesc).toMatch(s.moveNo)
    await invariantsClean()
  })

  it('refuses a destination that is unknown, in another warehouse, disabled or the source itself, naming the field', async () => {
    const [, y] = skus
    await stock(y!.id, bulk[1]!.id, 4)
    const s = await station()
    const base = { fromLocationCode: bulk[1]!.code, code: y!.code, qty: 1 }
    const refusal = async (to: string, status: number, key: string, field = 'toLocationCode') => {
      const r = await scan(s.moveNo, { ...base, toLocationCode: to })
      expect(r.statusCode, r.body).toBe(status)
      expect(r.json().errors?.[0]).toMatchObject({ field, messageKey: key })
    }
    await refusal('NO-SUCH-LOC-9', 400, 'moves:errors.unknownLocation')
    // A location only Los Angeles (warehouse 168) has.
    await t.database.query(`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id)
      SELECT 1, 168, 'MV-ONLY-LA', 'scattered', id FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 168 ORDER BY id LIMIT 1`)
    await refusal('MV-ONLY-LA', 400, 'moves:errors.otherWarehouse')
    await t.database.query(`UPDATE location SET status = 0 WHERE id = $1`, [faces[5]!.id])
    await refusal(faces[5]!.code, 400, 'moves:errors.locationDisabled')
    await t.database.query(`UPDATE location SET status = 1 WHERE id = $1`, [faces[5]!.id])
    await refusal(bulk[1]!.code, 400, 'moves:errors.sameLocation')
    const sku = await scan(s.moveNo, { ...base, code: 'NO-SUCH-SKU-XYZ', toLocationCode: faces[1]!.code })
    expect(sku.json().errors[0]).toMatchObject({ field: 'code', messageKey: 'moves:errors.unknownSku' })
    // Frozen stock never moves (movable 0).
    await stock(y!.id, bulk[1]!.id, 2, StockStatus.Frozen)
    const frozen = await scan(s.moveNo, { ...base, stockStatus: StockStatus.Frozen, toLocationCode: faces[1]!.code })
    expect(frozen.statusCode, frozen.body).toBe(409)
    expect(frozen.json().errors[0]).toMatchObject({ field: 'qty', messageKey: 'moves:errors.frozen', params: { movable: 0 } })
    expect((await balance(y!.id, bulk[1]!.id)).onHand).toBe(4)
    expect((await balance(y!.id, faces[1]!.id, StockStatus.Frozen)).onHand).toBe(0)
    await invariantsClean()
  })
})

describe('reserved stock', () => {
  it('is not moved (refused naming the movable quantity) unless its reservation moves with it', async () => {
    const z = skus[2]!
    await stock(z.id, faces[2]!.id, 5)
    const c = await ok(admin, 'outbound.order.create', { ...HEADER, lines: [{ code: z.code, qty: 3 }] })
    await ok(admin, 'outbound.order.validate', { ids: [c.id] })
    expect(await balance(z.id, faces[2]!.id)).toMatchObject({ onHand: 5, locked: 3 })
    const s = await station()
    const base = { fromLocationCode: faces[2]!.code, code: z.code, toLocationCode: faces[3]!.code }
    const r = await scan(s.moveNo, { ...base, qty: 4 })
    expect(r.statusCode, r.body).toBe(409)
    expect(r.json().errors[0]).toMatchObject({ field: 'qty', messageKey: 'moves:errors.overMovableReserved', params: { qty: 4, movable: 2, reserved: 3 } })
    expect(await balance(z.id, faces[2]!.id)).toMatchObject({ onHand: 5, locked: 3 })
    // The free part moves.
    expect((await scan(s.moveNo, { ...base, qty: 2 })).statusCode).toBe(200)
    // With its reservation: the reserved goods move, the order's reservation follows them.
    const w = await scan(s.moveNo, { ...base, qty: 3, moveReserved: true })
    expect(w.statusCode, w.body).toBe(200)
    expect(w.json().data).toMatchObject({ qty: 3, reservedMoved: 3, movableLeft: 0 })
    expect(await balance(z.id, faces[2]!.id)).toMatchObject({ onHand: 0, locked: 0 })
    const dest = await balance(z.id, faces[3]!.id)
    expect(dest).toMatchObject({ onHand: 5, locked: 3 })
    const res = await q<{ qty: number }>(`SELECT qty FROM inventory_reservation WHERE balance_id = $1 AND status = 0 AND doc_type = 'outboundOrder' AND doc_no = $2`, [dest.id, c.orderNo])
    expect(res.map((x) => Number(x.qty))).toEqual([3])
    expect(Number((await one<{ a: number }>(`SELECT allocated_qty AS a FROM outbound_order_line WHERE order_id = $1`, [c.id])).a)).toBe(3)
    expect(await explainUnder(dest.id, s.moveNo)).toEqual([
      { docType: 'moveOrder', reason: 'moveReserved', dOnHand: 3, dLocked: 3, params: { moveNo: s.moveNo } },
      { docType: 'moveOrder', reason: 'move', dOnHand: 2, dLocked: 0, params: { moveNo: s.moveNo } },
    ])
    await invariantsClean()
  })
})

describe('a move order by hand', () => {
  it('checks every line (naming line and field), then executes in one transaction; its machine refuses the rest', async () => {
    const [, , , a, b] = skus
    await stock(a!.id, bulk[2]!.id, 6)
    await stock(b!.id, bulk[2]!.id, 3)
    const lines = [
      { fromLocationCode: bulk[2]!.code, code: a!.code, qty: 4, toLocationCode: faces[4]!.code },
      { fromLocationCode: bulk[2]!.code, code: b!.code, qty: 5, toLocationCode: 'NOPE-1' },
    ]
    const bad = await admin.cmd('move.order.create', { lines })
    expect(bad.statusCode, bad.body).toBe(400)
    expect(bad.json().errors).toEqual([expect.objectContaining({ field: 'lines.1.toLocationCode', messageKey: 'moves:errors.unknownLocation' })])
    lines[1]!.toLocationCode = faces[4]!.code
    const over = await admin.cmd('move.order.create', { lines })
    expect(over.statusCode, over.body).toBe(409)
    expect(over.json().errors).toEqual([expect.objectContaining({ field: 'lines.1.qty', messageKey: 'moves:errors.overMovable', params: expect.objectContaining({ movable: 3 }) })])
    expect((await q(`SELECT 1 FROM move_order WHERE source = 'hand'`)).length).toBe(0)
    lines[1]!.qty = 3
    const made = await ok(admin, 'move.order.create', { lines, remark: 'tidy up' })
    expect(made).toMatchObject({ status: S.New, lines: 2 })
    // Nothing moves until it is executed.
    expect((await balance(a!.id, bulk[2]!.id)).onHand).toBe(6)
    await expectRefused(admin, 'move.order.complete', { moveNo: made.moveNo }, 409, 'moves:errors.completeStatus')
    expect(await ok(admin, 'move.order.execute', { moveNo: made.moveNo })).toMatchObject({ status: S.Completed, movedLines: 2, movedQty: 7 })
    expect((await balance(a!.id, faces[4]!.id)).onHand).toBe(4)
    expect((await balance(b!.id, faces[4]!.id)).onHand).toBe(3)
    expect(await explainUnder((await balance(b!.id, faces[4]!.id)).id, made.moveNo)).toEqual([{ docType: 'moveOrder', reason: 'move', dOnHand: 3, dLocked: 0, params: { moveNo: made.moveNo } }])
    await expectRefused(admin, 'move.order.execute', { moveNo: made.moveNo }, 409, 'moves:errors.executeStatus')
    await expectRefused(admin, 'move.order.cancel', { moveNo: made.moveNo }, 409, 'moves:errors.cancelStatus')

    // Stock taken meanwhile: execution is refused naming the line, nothing is half-written.
    await stock(a!.id, bulk[2]!.id, 1)
    const late = await ok(admin, 'move.order.create', { lines: [
      { fromLocationCode: faces[4]!.code, code: b!.code, qty: 3, toLocationCode: bulk[2]!.code },
      { fromLocationCode: bulk[2]!.code, code: a!.code, qty: 3, toLocationCode: faces[4]!.code },
    ] })
    const other = await ok(admin, 'move.order.create', { lines: [{ fromLocationCode: bulk[2]!.code, code: a!.code, qty: 2, toLocationCode: faces[5]!.code }] })
    await ok(admin, 'move.order.execute', { moveNo: other.moveNo })
    const refused = await admin.cmd('move.order.execute', { moveNo: late.moveNo })
    expect(refused.statusCode, refused.body).toBe(409)
    expect(refused.json().errors[0]).toMatchObject({ field: 'lines.1.qty', params: expect.objectContaining({ movable: 1 }) })
    expect((await balance(b!.id, faces[4]!.id)).onHand).toBe(3)
    expect(Number((await one<{ s: number }>(`SELECT status AS s FROM move_order WHERE move_no = $1`, [late.moveNo])).s)).toBe(S.New)
    expect(await ok(admin, 'move.order.cancel', { moveNo: late.moveNo })).toMatchObject({ status: S.Cancelled })
    await invariantsClean()
  })

  it('the palette finds a YK by its number, whole or in part', async () => {
    const s = await station()
    const hits = (await admin.get(`/api/search/documents?q=${encodeURIComponent(s.moveNo)}&limit=10`)).json().data as { type: string; number: string; path: string }[]
    expect(hits[0]).toMatchObject({ type: 'moveOrder', number: s.moveNo, path: `/in-house-work/move-manager/details?no=${s.moveNo}` })
    const part = (await admin.get(`/api/search/documents?q=${encodeURIComponent(s.moveNo.slice(0, 10))}&limit=50`)).json().data as { number: string }[]
    expect(part.map((h) => h.number)).toContain(s.moveNo)
    // Another warehouse does not find it.
    const la = (await admin.in({ warehouseId: 168 }).get(`/api/search/documents?q=${encodeURIComponent(s.moveNo)}&limit=10`)).json().data as { number: string }[]
    expect(la.map((h) => h.number)).not.toContain(s.moveNo)
  })
})

describe('transfer warnings', () => {
  it('lists a pick-face shortage, stock in the wrong area and stock on a disabled location, each with its fix; the fix clears it', async () => {
    const [, , , , , d, e, f] = skus
    const warnings = async (sku: string) => {
      const r = await admin.get(`${MOVE_API.warnings}?skuCode=${encodeURIComponent(sku)}`)
      expect(r.statusCode, r.body).toBe(200)
      return r.json().data.records as any[]
    }
    // Shortage: an order validated with no stock waits; stock then arrives on bulk only.
    const c = await ok(admin, 'outbound.order.create', { ...HEADER, lines: [{ code: d!.code, qty: 4 }] })
    await ok(admin, 'outbound.order.validate', { ids: [c.id] })
    await stock(d!.id, bulk[3]?.id ?? bulk[0]!.id, 10)
    const [short] = await warnings(d!.code)
    expect(short).toMatchObject({ kind: 'shortage', skuCode: d!.code, demand: 4, pickFaceFree: 0, qty: 4 })
    expect(short.toLocationCode).toBeTruthy()
    // Defective stock on a pick face (not a Defective area).
    await stock(e!.id, faces[5]!.id, 2, StockStatus.Defective)
    const [wrong] = await warnings(e!.code)
    expect(wrong).toMatchObject({ kind: 'wrongArea', skuCode: e!.code, locationCode: faces[5]!.code, stockStatus: StockStatus.Defective, qty: 2 })
    const defArea = await q<{ code: string }>(`SELECT l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND a.area_type = 6 AND l.status = 1 AND a.status = 1`)
    if (defArea.length) expect(defArea.map((r) => r.code)).toContain(wrong.toLocationCode)
    // Stock on a disabled location.
    await stock(f!.id, faces[1]!.id, 3)
    await t.database.query(`UPDATE location SET status = 0 WHERE id = $1`, [faces[1]!.id])
    const [off] = await warnings(f!.code)
    expect(off).toMatchObject({ kind: 'disabledLocation', skuCode: f!.code, locationCode: faces[1]!.code, qty: 3, toLocationCode: null })
    // Filter by kind.
    expect((await admin.get(`${MOVE_API.warnings}?kind=wrongArea&skuCode=${f!.code}`)).json().data.records).toEqual([])

    // The fix: a move order from the row (source warning), executed → the warning is gone.
    const fix = await ok(admin, 'move.order.create', { source: 'warning', lines: [{ fromLocationCode: off.locationCode, code: off.skuCode, qty: off.qty, toLocationCode: faces[0]!.code }] })
    await ok(admin, 'move.order.execute', { moveNo: fix.moveNo })
    expect(await warnings(f!.code)).toEqual([])
    // The shortage's suggested pick face was chosen while it was still enabled.
    await t.database.query(`UPDATE location SET status = 1 WHERE id = $1`, [faces[1]!.id])
    const fix2 = await ok(admin, 'move.order.create', { source: 'warning', lines: [{ fromLocationCode: short.locationCode, code: short.skuCode, qty: short.qty, toLocationCode: short.toLocationCode }] })
    await ok(admin, 'move.order.execute', { moveNo: fix2.moveNo })
    expect((await warnings(d!.code)).filter((w) => w.kind === 'shortage')).toEqual([])
    await invariantsClean()
  })
})

describe('the task pool', () => {
  it('lists open move orders as move tasks; a new one is allotted, a station session is refused by its status', async () => {
    const g = skus[6]!
    await stock(g.id, bulk[0]!.id, 2)
    const made = await ok(admin, 'move.order.create', { lines: [{ fromLocationCode: bulk[0]!.code, code: g.code, qty: 1, toLocationCode: faces[2]!.code }] })
    const session = await station()
    const supervisorId = Number((await one<{ id: number }>(`SELECT id FROM app_user WHERE username = 'supervisor'`)).id)
    const keyOf = async (no: string) => `move:${Number((await one<{ id: number }>(`SELECT id FROM move_order WHERE move_no = $1`, [no])).id)}`
    const r = await ok(admin, 'tasks.pool.allot', { keys: [await keyOf(made.moveNo), await keyOf(session.moveNo)], userId: supervisorId })
    expect(r.allotted).toEqual([made.moveNo])
    expect(r.refused[0]).toMatchObject({ docNo: session.moveNo, kind: 'move', key: 'tasks:errors.allotStatus', params: { current: ['dict:moveOrderStatus.1'], allowed: ['dict:moveOrderStatus.0'] } })
    expect(Number((await one<{ a: number }>(`SELECT assignee_id AS a FROM move_order WHERE move_no = $1`, [made.moveNo])).a)).toBe(supervisorId)
  })
})
