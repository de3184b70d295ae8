// Container loading over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL), issue 21
// "Shipments and containers" (part K2): a loading document (ZG…) per container number ("container not
// unique" otherwise), the station's scans — a box, or a shipment number loading all its boxes — each refusal
// naming the box (another container's box naming that container, AGL mixing both ways, a box not closed /
// not in a shipment / already shipped, the expected container differing, over volume, over payload), a
// repeated scan "already loaded" and never a second row, the live count; two stations scanning the same box
// into two containers at once → exactly one wins; finish → close with the seal number → ship: every box
// leaves through the ledger under the ZG number (explain shows the rows; invariants clean); allot container.
// The boxes are packed through the real packing commands; their shipments (K1's table) are rows written
// here, as the shipment generator would (the loading station only reads them).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { CONTAINER_API } from '../../commands/container-loading'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { PACKING_LOCATION } from '../../src/server/db/seed/stations'
import { LoadingStatus as S } from '../../src/domain/dictionaries'
import { cartonsNotLoaded } from '../../src/server/areas/container-loading/loaded'

let t: TestApp
let admin: ApiClient
let reviewer: ApiClient
let sku = { id: 0, code: '' }
let source = { id: 0, code: '' }
let packAt = 0
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
let shipSeq = 0

/** `count` closed boxes (1 unit each, 60×40×35 cm = 84 L, 12.5 kg) packed at the real packing station. */
async function packBoxes(prefix: string, count: number): Promise<string[]> {
  const { taskNo } = await ok(admin, 'cartons.task.create', { sourceLocationCode: source.code, lines: [{ skuCode: sku.code, qty: count }] })
  await ok(admin, 'cartons.task.claim', { taskNo })
  const codes: string[] = []
  for (let i = 1; i <= count; i++) {
    const boxCode = `${prefix}-${i}`
    await ok(admin, 'cartons.box.open', { taskNo, boxCode })
    await ok(admin, 'cartons.box.scan', { taskNo, code: sku.code })
    await ok(admin, 'cartons.box.close', { taskNo, weight: 12.5, length: 60, width: 40, height: 35 })
    codes.push(boxCode)
  }
  await ok(admin, 'cartons.task.finish', { taskNo })
  return codes
}
/** A shipment (FY…) holding these boxes, as the shipment generator writes it. */
async function shipmentOf(boxCodes: string[], o: { forwarder?: string | null; containerNo?: string | null } = {}): Promise<string> {
  const no = `FY2611279${String(++shipSeq).padStart(3, '0')}`
  const [s] = await q<{ id: number }>(`
    INSERT INTO shipment (tenant_id, warehouse_id, shipment_no, business_type, forwarder, container_no, box_count)
    VALUES (1, 26, $1, 'sea', $2, $3, $4) RETURNING id`, [no, o.forwarder ?? null, o.containerNo ?? null, boxCodes.length])
  for (const [i, code] of boxCodes.entries()) {
    await q(`INSERT INTO shipment_carton (shipment_id, carton_id, seq) SELECT $1, id, $2 FROM carton WHERE tenant_id = 1 AND warehouse_id = 26 AND box_code = $3`, [s!.id, i + 1, code])
  }
  return no
}
const create = (containerNo: string, extra: Record<string, unknown> = {}) => ok(admin, 'containers.loading.create', { containerNo, containerSize: '40HQ', ...extra })
const scan = (loadingNo: string, code: string) => admin.cmd('containers.loading.scan', { loadingNo, code })
const detail = async (loadingNo: string) => {
  const r = await admin.get(CONTAINER_API.loading(loadingNo))
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as any
}
const rowsIn = async (loadingNo: string) =>
  Number((await one<{ n: number }>(`SELECT count(*)::int AS n FROM container_load_box lb JOIN container_loading cl ON cl.id = lb.loading_id WHERE cl.loading_no = $1`, [loadingNo])).n)
const fieldOf = (body: any) => (body.errors ?? []).map((e: any) => e.field)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  reviewer = await apiAs(t, 'reviewer')
  const [k] = await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND k.sku_code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 1`)
  sku = { id: Number(k!.id), code: k!.sku_code }
  const [loc] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND l.code <> $1
      AND l.code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id) ORDER BY l.code LIMIT 1`, [PACKING_LOCATION])
  source = { id: Number(loc!.id), code: loc!.code }
  packAt = Number((await one<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = $1`, [PACKING_LOCATION])).id)
  await t.database.tx((tx) => addStock(tx, { ...scope, locationId: source.id, skuId: sku.id }, 100, { docType: 'TEST', docNo: 'T-LOADING' }, op))
}, 120_000)
afterAll(async () => { await t?.close() })

describe('the loading document', () => {
  it('opens one document per container number: "container not unique", format and size named, sizes give the capacity', async () => {
    const a = await create('MSKU1234565', { remark: 'Rotterdam' })
    expect(a).toMatchObject({ containerNo: 'MSKU1234565', status: S.WaitingLoad })
    expect(a.loadingNo).toMatch(/^ZG\d{10}$/)
    const dup = await refused(admin, 'containers.loading.create', { containerNo: 'msku1234565', containerSize: '20GP' }, 400, 'containers:errors.containerNotUnique')
    expect(dup.messageParams).toMatchObject({ containerNo: 'MSKU1234565', loadingNo: a.loadingNo })
    expect(fieldOf(dup)).toEqual(['containerNo'])
    expect(dup.responseDesc).toContain('Container not unique')
    const bad = await admin.cmd('containers.loading.create', { containerNo: 'a b', containerSize: '10GP' })
    expect(bad.statusCode).toBe(400)
    expect(fieldOf(bad.json()).sort()).toEqual(['containerNo', 'containerSize'])
    const d = await detail(a.loadingNo)
    expect(d).toMatchObject({ containerSize: '40HQ', agl: false, status: S.WaitingLoad, remark: 'Rotterdam', totals: { boxes: 0, volume: 0, weight: 0, capacityVolume: 76.4, maxWeight: 26500 } })
    // The station's first scan finds the open document by its container number; the palette by its number.
    const byC = await admin.get(CONTAINER_API.byContainer('msku1234565'))
    expect(byC.json().data.loadingNo).toBe(a.loadingNo)
    const none = await admin.get(CONTAINER_API.byContainer('NOPE0000001'))
    expect(none.statusCode).toBe(404)
    expect(none.json().messageKey).toBe('containers:errors.noOpenLoading')
    const list = await admin.get(`${CONTAINER_API.loadings}?containerNo=MSKU1234565`)
    expect(list.json().data.records).toEqual([expect.objectContaining({ loadingNo: a.loadingNo, boxes: 0, status: S.WaitingLoad })])
  })
})

describe('the container-loading station', () => {
  it('loads boxes and shipments with every refusal named, idempotent per box, a live count, then finish → close → ship through the ledger', async () => {
    const boxes = await packBoxes('LDA', 6) // LDA-1..6
    const aglBoxes = await packBoxes('LDG', 2)
    const [open] = await packBoxes('LDO', 1).then(async (c) => {
      // LDO-1 re-opened by hand: a box not closed (a task's next box would be the usual case).
      await q(`UPDATE carton SET status = 1 WHERE box_code = $1`, [c[0]])
      return c
    })
    const loose = await packBoxes('LDL', 1) // in no shipment
    const fyA = await shipmentOf(boxes.slice(0, 3))
    const fyB = await shipmentOf(boxes.slice(3, 5))
    await shipmentOf([boxes[5]!], { containerNo: 'TGHU7654321' }) // expected in another container
    await shipmentOf(aglBoxes, { forwarder: 'agl' })
    await shipmentOf([open!])

    const c1 = (await create('CSQU3054383')).loadingNo as string
    const c2 = (await create('TCLU1234560')).loadingNo as string
    const agl = (await create('AGLU0000017', { agl: true, containerSize: '20GP' })).loadingNo as string

    // One box: loaded, the live count 1 box / 0.084 m³ / 12.5 kg.
    const r1 = await ok(admin, 'containers.loading.scan', { loadingNo: c1, code: boxes[0]!.toLowerCase() })
    expect(r1).toMatchObject({ kind: 'box', loaded: [boxes[0]], already: [], totals: { boxes: 1, volume: 0.084, weight: 12.5, capacityVolume: 76.4 } })
    // The same box again: "already loaded", no second row.
    const again = await ok(admin, 'containers.loading.scan', { loadingNo: c1, code: boxes[0] })
    expect(again).toMatchObject({ loaded: [], already: [boxes[0]], totals: { boxes: 1 } })
    expect(await rowsIn(c1)).toBe(1)
    // A shipment number loads all its boxes; the one already in is named, not loaded twice.
    const r2 = await ok(admin, 'containers.loading.scan', { loadingNo: c1, code: fyA })
    expect(r2).toMatchObject({ kind: 'shipment', loaded: [boxes[1], boxes[2]], already: [boxes[0]], totals: { boxes: 3, volume: 0.252, weight: 37.5 } })

    // A box of another container is refused naming that container; nothing is written.
    const other = await refused(admin, 'containers.loading.scan', { loadingNo: c2, code: boxes[1]! }, 409, 'containers:errors.inOtherContainer')
    expect(other.messageParams).toMatchObject({ boxCode: boxes[1], containerNo: 'CSQU3054383', loadingNo: c1 })
    expect(other.responseDesc).toContain('CSQU3054383')
    // A shipment with one box elsewhere is refused whole.
    await ok(admin, 'containers.loading.scan', { loadingNo: c2, code: boxes[3]! })
    const whole = await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: fyB }, 409, 'containers:errors.inOtherContainer')
    expect(whole.messageParams).toMatchObject({ boxCode: boxes[3], containerNo: 'TCLU1234560' })
    expect(await rowsIn(c1)).toBe(3)
    // AGL never mixed, both ways (spec §5; §8 "AGL mixing not allowed").
    const mix = await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: aglBoxes[0]! }, 409, 'containers:errors.aglMix')
    expect(mix.messageParams).toMatchObject({ boxCode: aglBoxes[0], containerNo: 'CSQU3054383' })
    expect(mix.responseDesc).toContain('AGL mixing not allowed')
    const only = await refused(admin, 'containers.loading.scan', { loadingNo: agl, code: boxes[4]! }, 409, 'containers:errors.aglOnly')
    expect(only.messageParams).toMatchObject({ boxCode: boxes[4] })
    expect((await ok(admin, 'containers.loading.scan', { loadingNo: agl, code: aglBoxes[0]! })).loaded).toEqual([aglBoxes[0]])
    // Not closed, not in a shipment, unknown, expected elsewhere ("Scanned shipment ID must match").
    expect((await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: open! }, 409, 'containers:errors.boxNotClosed')).messageParams.boxCode).toBe(open)
    expect((await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: loose[0]! }, 409, 'containers:errors.notInShipment')).messageParams.boxCode).toBe(loose[0])
    const unknown = await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: 'NO-SUCH-BOX' }, 400, 'containers:errors.unknownCode')
    expect(fieldOf(unknown)).toEqual(['code'])
    const mismatch = await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: boxes[5]! }, 409, 'containers:errors.containerMismatch')
    expect(mismatch.messageParams).toMatchObject({ boxCode: boxes[5], expected: 'TGHU7654321', containerNo: 'CSQU3054383' })
    expect(await rowsIn(c1)).toBe(3)

    // Take a box back out (still loading), and in again.
    const un = await ok(admin, 'containers.loading.unload', { loadingNo: c1, boxCode: boxes[2]! })
    expect(un.totals.boxes).toBe(2)
    expect((await one<{ loading_no: string | null }>(`SELECT loading_no FROM carton WHERE box_code = $1`, [boxes[2]])).loading_no).toBeNull()
    await refused(admin, 'containers.loading.unload', { loadingNo: c1, boxCode: boxes[2]! }, 400, 'containers:errors.notInContainer')
    await ok(admin, 'containers.loading.scan', { loadingNo: c1, code: boxes[2]! })

    // "A box is loaded" (K1's rule for shipping sea shipments).
    const ids = (await q<{ id: number }>(`SELECT id FROM carton WHERE box_code = ANY($1::text[]) ORDER BY id`, [[...boxes.slice(0, 3), boxes[4]]])).map((r) => Number(r.id))
    expect((await cartonsNotLoaded(t.database.db, ids)).map((b) => b.boxCode)).toEqual([boxes[4]])

    // Status machine: no close/ship while waiting; an empty container cannot finish.
    await refused(admin, 'containers.loading.close', { loadingNo: c1, sealNo: 'SL-1' }, 409, 'containers:errors.closeStatus')
    await refused(admin, 'containers.loading.ship', { loadingNo: c1 }, 409, 'containers:errors.shipStatus')
    const empty = (await create('EMPT0000001')).loadingNo as string
    await refused(admin, 'containers.loading.finish', { loadingNo: empty }, 409, 'containers:errors.emptyContainer')

    // Finish → no more scans; close with the seal; ship: the boxes leave PAK-01 under the ZG number.
    const fin = await ok(admin, 'containers.loading.finish', { loadingNo: c1 })
    expect(fin).toMatchObject({ status: S.Loaded, totals: { boxes: 3 } })
    const late = await refused(admin, 'containers.loading.scan', { loadingNo: c1, code: boxes[4]! }, 409, 'containers:errors.loadStatus')
    expect(late.messageParams.current).toEqual(['dict:loadingStatus.1'])
    const noSeal = await admin.cmd('containers.loading.close', { loadingNo: c1, sealNo: ' ' })
    expect(fieldOf(noSeal.json())).toEqual(['sealNo'])
    expect((await ok(admin, 'containers.loading.close', { loadingNo: c1, sealNo: 'sl-778899' })).status).toBe(S.Closed)
    const pakBefore = Number((await one<{ n: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, sku.id])).n)
    const shipped = await ok(admin, 'containers.loading.ship', { loadingNo: c1 })
    expect(shipped).toMatchObject({ loadingNo: c1, containerNo: 'CSQU3054383', boxes: 3, units: 3 })
    await refused(admin, 'containers.loading.ship', { loadingNo: c1 }, 409, 'containers:errors.shipped')
    const pakAfter = Number((await one<{ n: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, sku.id])).n)
    expect(pakBefore - pakAfter).toBe(3)
    const cartons = await q<{ status: number; ship_doc_no: string }>(`SELECT status, ship_doc_no FROM carton WHERE box_code = ANY($1::text[])`, [boxes.slice(0, 3)])
    expect(cartons.map((c) => [Number(c.status), c.ship_doc_no])).toEqual([[3, c1], [3, c1], [3, c1]])
    // The shipment whose boxes all left in the container is Shipped 1, its boxes counted.
    const fy = await one<{ status: number; shipped_boxes: number }>(`SELECT status, shipped_boxes FROM shipment WHERE shipment_no = $1`, [fyA])
    expect([Number(fy.status), Number(fy.shipped_boxes)]).toEqual([1, 3])
    const d = await detail(c1)
    expect(d).toMatchObject({ status: S.Closed, sealNo: 'SL-778899', totals: { boxes: 3 } })
    expect(d.shippedAt).not.toBeNull()
    expect(d.ledger.map((g: any) => [g.reason, g.delta, g.locationCode])).toEqual([['ship', -1, PACKING_LOCATION], ['ship', -1, PACKING_LOCATION], ['ship', -1, PACKING_LOCATION]])
    // The same number is free again once shipped; a shipped box cannot be loaded again.
    const reuse = (await create('CSQU3054383')).loadingNo as string
    await refused(admin, 'containers.loading.scan', { loadingNo: reuse, code: boxes[0]! }, 409, 'containers:errors.inOtherContainer')
    const [bal] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, sku.id])
    const ex = await explainBalance(t.database.db, scope, Number(bal!.id))
    expect(ex!.entries.filter((e) => e.docNo === c1)).toHaveLength(3)
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])

    // The list: the live figures per document.
    const list = await admin.get(`${CONTAINER_API.loadings}?loadingNo=${c2}`)
    expect(list.json().data.records).toEqual([expect.objectContaining({ loadingNo: c2, boxes: 1, weight: 12.5 })])
    // A reviewer has no loading button (permission re-checked on the server); the shipper has.
    const rev = await reviewer.cmd('containers.loading.scan', { loadingNo: c2, code: boxes[4]! })
    expect(rev.statusCode, rev.body).toBe(403)
    expect(await rowsIn(c2)).toBe(1)
  })

  it('refuses over capacity (volume and payload), naming the figures', async () => {
    const bx = await packBoxes('LDC', 3)
    await shipmentOf(bx)
    // 0.2 m³ holds two 84 L boxes; the third is refused. 20 kg holds one 12.5 kg box.
    const small = (await create('SMAL0000001', { containerSize: '20GP', capacityVolume: 0.2 })).loadingNo as string
    await ok(admin, 'containers.loading.scan', { loadingNo: small, code: bx[0]! })
    await ok(admin, 'containers.loading.scan', { loadingNo: small, code: bx[1]! })
    const over = await refused(admin, 'containers.loading.scan', { loadingNo: small, code: bx[2]! }, 409, 'containers:errors.overVolume')
    expect(over.messageParams).toMatchObject({ code: bx[2], volume: 0.252, capacity: 0.2 })
    await ok(admin, 'containers.loading.unload', { loadingNo: small, boxCode: bx[1]! })
    const light = (await create('LITE0000001', { containerSize: '20GP', maxWeight: 20 })).loadingNo as string
    await ok(admin, 'containers.loading.scan', { loadingNo: light, code: bx[1]! })
    const heavy = await refused(admin, 'containers.loading.scan', { loadingNo: light, code: bx[2]! }, 409, 'containers:errors.overWeight')
    expect(heavy.messageParams).toMatchObject({ weight: 25, max: 20 })
    expect(await rowsIn(light)).toBe(1)
  })

  it('two stations scanning the same box into two containers at once: exactly one wins, the other is told which container', async () => {
    const bx = await packBoxes('LDX', 6)
    await shipmentOf(bx)
    const a = (await create('RACE0000001')).loadingNo as string
    const b = (await create('RACE0000002')).loadingNo as string
    for (const code of bx) {
      const [ra, rb] = await Promise.all([scan(a, code), scan(b, code)])
      const codes = [ra.statusCode, rb.statusCode].sort()
      expect(codes, `${code}: ${ra.body} ${rb.body}`).toEqual([200, 409])
      const loser = ra.statusCode === 409 ? ra : rb
      const winner = ra.statusCode === 200 ? 'RACE0000001' : 'RACE0000002'
      expect(loser.json()).toMatchObject({ messageKey: 'containers:errors.inOtherContainer', messageParams: { boxCode: code, containerNo: winner } })
    }
    const rows = await q<{ n: number }>(`SELECT count(*)::int AS n FROM container_load_box WHERE carton_id IN (SELECT id FROM carton WHERE box_code LIKE 'LDX-%')`)
    expect(Number(rows[0]!.n)).toBe(6)
    expect((await detail(a)).totals.boxes + (await detail(b)).totals.boxes).toBe(6)
  })
})

describe('allot container', () => {
  it('sets the expected container number of ToB orders; refuses unknown and non-ToB orders naming the row', async () => {
    const [tob] = await q<{ order_no: string }>(`SELECT order_no FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26 AND order_type = 1 AND status IN (0, 1, 2) ORDER BY id LIMIT 1`)
    const [toc] = await q<{ order_no: string }>(`SELECT order_no FROM outbound_order WHERE tenant_id = 1 AND warehouse_id = 26 AND order_type = 2 ORDER BY id LIMIT 1`)
    if (toc) {
      const r = await refused(admin, 'containers.allot', { orderNos: [toc.order_no], containerNo: 'ALLO0000001' }, 400, 'containers:errors.notTob')
      expect(fieldOf(r)).toEqual(['orderNos.0'])
    }
    const nf = await refused(admin, 'containers.allot', { orderNos: ['CK0000000000'], containerNo: 'ALLO0000001' }, 400, 'containers:errors.orderNotFound')
    expect(fieldOf(nf)).toEqual(['orderNos.0'])
    const many = await admin.cmd('containers.allot', { orderNos: Array.from({ length: 51 }, (_, i) => `CK${i}`), containerNo: 'ALLO0000001' })
    expect(many.statusCode).toBe(400)
    if (tob) {
      expect(await ok(admin, 'containers.allot', { orderNos: [tob.order_no], containerNo: 'allo0000001' })).toEqual({ orders: 1, containerNo: 'ALLO0000001' })
      expect((await one<{ c: string }>(`SELECT expected_container_no AS c FROM outbound_order WHERE order_no = $1`, [tob.order_no])).c).toBe('ALLO0000001')
    }
  })
})

describe('transport', () => {
  it('a transport as basic data: "Departure/delivery date cannot be earlier than departure date", naming deliveryDate', async () => {
    const early = await admin.cmd('resource.transport.add', { code: 'VSL-001', name: 'MSC Aurora 24W', businessType: 'sea', forwarder: 'AGL', agl: true, departureDate: '2026-12-10', deliveryDate: '2026-12-09' })
    expect(early.statusCode).toBe(400)
    expect(fieldOf(early.json())).toEqual(['deliveryDate'])
    expect(early.json().errors[0].messageKey).toBe('containers:transport.rules.deliveryBeforeDeparture')
    const ok1 = await ok(admin, 'resource.transport.add', { code: 'VSL-001', name: 'MSC Aurora 24W', businessType: 'sea', forwarder: 'AGL', agl: true, departureDate: '2026-12-10', deliveryDate: '2026-12-10' })
    expect(ok1).toMatchObject({ code: 'VSL-001', agl: true })
    const later = await admin.cmd('resource.transport.edit', { id: ok1.id, code: 'VSL-001', name: 'MSC Aurora 24W', businessType: 'sea', forwarder: 'AGL', agl: true, departureDate: '2026-12-10', deliveryDate: '2026-12-01', status: 1 })
    expect(fieldOf(later.json())).toEqual(['deliveryDate'])
    // A container leaving on an AGL transport is an AGL container; an unknown transport is named.
    const onIt = await create('AGLV0000001', { transportCode: 'vsl-001' })
    expect(await detail(onIt.loadingNo)).toMatchObject({ agl: true, transportCode: 'VSL-001' })
    const none = await refused(admin, 'containers.loading.create', { containerNo: 'AGLV0000002', containerSize: '40HQ', transportCode: 'NO-SUCH' }, 400, 'containers:errors.unknownTransport')
    expect(fieldOf(none)).toEqual(['transportCode'])
  })
})
