// Boxes and the packing station over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL), issue 21 "Boxes and packing" (part I): box / packing box / case as basic data with
// their derived volumes; a packing task (ZX…) claimed, boxes opened by scanning a new box code, goods
// scanned in, boxes closed with weight and dimensions, the task finished (box i of n). Every refusal of
// spec §5 named: the 6th SKU of a mixed box (limit 5), a second SKU in a single-SKU box, inconsistent
// product code, X- and B-prefixed codes together while the setting forbids (and allowed once it does
// not), scanned quantity above the quantity to scan, box code taken, one open box at a time, an empty
// box, weight/dimensions not above 0 (field named), the machine's status refusals, another operator's
// task, stock the source lacks (nothing half-written). The boxes' contents equal what left the source on
// the ledger, unit for unit; invariants clean; explain shows the rows under the task's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { CARTON_API } from '../../commands/cartons'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { PACKING_LOCATION } from '../../src/server/db/seed/stations'
import { PackingTaskStatus as S } from '../../src/domain/dictionaries'

let t: TestApp
let admin: ApiClient
let supervisor: ApiClient
interface Sku { id: number; code: string; upc: string | null }
let skus: Sku[] = []
let source = { id: 0, code: '' }
let packAt = 0
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused
const X_CODE = 'XCTN000001'
const B_CODE = 'BCTN000002'

const put = (skuId: number, locationId: number, qty: number) =>
  t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-CARTON' }, op))
async function invariantsClean() {
  const { violations } = await checkInvariants(t.database.db, scope)
  expect(violations).toEqual([])
}
const taskOf = async (taskNo: string) => {
  const r = await admin.get(CARTON_API.task(taskNo))
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as any
}
const onHand = async (locationId: number, skuId: number) =>
  Number((await one<{ n: number }>(`SELECT coalesce(sum(on_hand), 0)::int AS n FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [locationId, skuId])).n)
async function newTask(lines: { i: number; qty: number }[], extra: Record<string, unknown> = {}) {
  const r = await ok(admin, 'cartons.task.create', { sourceLocationCode: source.code, docNo: 'CK-TEST-1', boxMark: 'STRIDE / DE-FRA1', lines: lines.map((l) => ({ skuCode: skus[l.i]!.code, qty: l.qty })), ...extra })
  return r.taskNo as string
}
const scan = (taskNo: string, code: string, qty = 1) => admin.cmd('cartons.box.scan', { taskNo, code, qty })
const close = (taskNo: string, over: Record<string, unknown> = {}) => ok(admin, 'cartons.box.close', { taskNo, weight: 12.5, length: 60, width: 40, height: 35, ...over })
const fieldOf = (body: any) => (body.errors ?? []).map((e: any) => e.field)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  supervisor = await apiAs(t, 'supervisor')
  const rows = await q<{ id: number; sku_code: string; upc: string | null }>(`
    SELECT k.id, k.sku_code, (SELECT m.upc FROM product_msku m WHERE m.sku_id = k.id AND m.upc IS NOT NULL ORDER BY m.id LIMIT 1) AS upc
    FROM product_sku k WHERE k.tenant_id = 1 AND k.status = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND k.sku_code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
      AND EXISTS (SELECT 1 FROM product_msku m WHERE m.sku_id = k.id AND m.upc IS NOT NULL)
    ORDER BY k.id DESC LIMIT 8`)
  skus = rows.map((r) => ({ id: Number(r.id), code: r.sku_code, upc: r.upc }))
  expect(skus.length).toBe(8)
  // X- and B-prefixed FNSKUs on two of them (one listing each).
  await q(`UPDATE product_msku SET fnsku = $1 WHERE id = (SELECT min(id) FROM product_msku WHERE sku_id = $2)`, [X_CODE, skus[5]!.id])
  await q(`UPDATE product_msku SET fnsku = $1 WHERE id = (SELECT min(id) FROM product_msku WHERE sku_id = $2)`, [B_CODE, skus[6]!.id])
  const [loc] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND l.code <> $1
      AND l.code ~ '^[A-Z0-9-]+$' AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id) ORDER BY l.code LIMIT 1`, [PACKING_LOCATION])
  source = { id: Number(loc!.id), code: loc!.code }
  packAt = Number((await one<{ id: number }>(`SELECT id FROM location WHERE tenant_id = 1 AND warehouse_id = 26 AND code = $1`, [PACKING_LOCATION])).id)
  for (const [i, s] of skus.entries()) await put(s.id, source.id, i === 7 ? 2 : 40)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('boxes as basic data', () => {
  it('box, packing box and case: volume derived in litres, shoe-box volume of a case, each refusal naming its field', async () => {
    const box = await ok(admin, 'resource.box.add', { code: 'SB-CT1', name: 'Shoe box 30', length: 30, width: 20, height: 12, weight: 0.25 })
    expect(Number(box.volume)).toBeCloseTo(7.2, 4)
    // Dimensions above 0, the field named; an edit recomputes the volume.
    const bad = await admin.cmd('resource.box.add', { code: 'SB-CT2', name: 'Flat', length: 0, width: 20, height: 12 })
    expect(bad.statusCode).toBe(400)
    expect(fieldOf(bad.json())).toContain('length')
    const edited = await ok(admin, 'resource.box.edit', { id: box.id, code: 'SB-CT1', name: 'Shoe box 30', length: 30, width: 20, height: 15, weight: 0.25, status: 1 })
    expect(Number(edited.volume)).toBeCloseTo(9, 4)

    const pb = await ok(admin, 'resource.packingBox.add', { code: 'CTN-60', name: 'Carton 60', length: 60, width: 40, height: 35, weight: 0.8, maxWeight: 20 })
    expect(Number(pb.volume)).toBeCloseTo(84, 4)
    const heavy = await admin.cmd('resource.packingBox.add', { code: 'CTN-61', name: 'Carton 61', length: 60, width: 40, height: 35, weight: 2, maxWeight: 1 })
    expect(heavy.statusCode).toBe(400)
    expect(fieldOf(heavy.json())).toContain('maxWeight')

    const c = await ok(admin, 'resource.case.add', { code: 'CS-6', name: 'Case of 6', boxId: box.id, boxCount: 6, length: 62, width: 42, height: 32 })
    expect(Number(c.volume)).toBeCloseTo(83.328, 4)
    expect(Number(c.shoeBoxVolume)).toBeCloseTo(54, 4) // 6 × 9 L
    const c2 = await ok(admin, 'resource.case.edit', { id: c.id, code: 'CS-6', name: 'Case of 8', boxId: box.id, boxCount: 8, length: 62, width: 42, height: 32, status: 1 })
    expect(Number(c2.shoeBoxVolume)).toBeCloseTo(72, 4)
    const noCount = await admin.cmd('resource.case.add', { code: 'CS-0', name: 'Case of 0', boxCount: 0, length: 1, width: 1, height: 1 })
    expect(noCount.statusCode).toBe(400)
    expect(fieldOf(noCount.json())).toContain('boxCount')
  })
})

describe('the packing station', () => {
  it('packs a task into boxes: every refusal named, contents = what left the source on the ledger, box i of n', async () => {
    // A line with an unknown SKU names the line.
    const unknown = await refused(admin, 'cartons.task.create', { sourceLocationCode: source.code, lines: [{ skuCode: skus[0]!.code, qty: 1 }, { skuCode: 'NO-SUCH-SKU-1', qty: 1 }] }, 400, 'cartons:errors.unknownSku')
    expect(fieldOf(unknown)).toEqual(['lines.1.skuCode'])
    const noLines = await admin.cmd('cartons.task.create', { sourceLocationCode: source.code, lines: [] })
    expect(noLines.statusCode).toBe(400)
    expect(noLines.json().errors).toEqual([expect.objectContaining({ field: 'lines', messageKey: 'cartons:errors.noLines' })])
    const wrongSource = await admin.cmd('cartons.task.create', { sourceLocationCode: 'NO-SUCH-LOC', lines: [{ skuCode: skus[0]!.code, qty: 1 }] })
    expect(wrongSource.json()).toMatchObject({ messageKey: 'cartons:errors.unknownLocation', errors: [{ field: 'sourceLocationCode' }] })

    const taskNo = await newTask([0, 1, 2, 3, 4, 5, 6].map((i) => ({ i, qty: 4 })))
    expect(taskNo).toMatch(/^ZX\d{10}$/)
    // Unclaimed: nothing is packed before a claim.
    await refused(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-001' }, 409, 'cartons:errors.packStatus')
    await ok(admin, 'cartons.task.claim', { taskNo })
    await refused(supervisor, 'cartons.task.claim', { taskNo }, 409, 'cartons:errors.claimedByOther')
    // No box yet.
    expect((await scan(taskNo, skus[0]!.code)).json().messageKey).toBe('cartons:errors.noOpenBox')
    const badCode = await admin.cmd('cartons.box.open', { taskNo, boxCode: 'bx ct 001' })
    expect(badCode.statusCode).toBe(400)
    expect(fieldOf(badCode.json())).toEqual(['boxCode'])

    // Box 1, mixed: five SKUs, the 6th refused naming the limit 5.
    expect(await ok(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-001', packingBoxCode: 'CTN-60' })).toMatchObject({ seq: 1, mixed: true })
    await refused(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-002' }, 400, 'cartons:errors.boxStillOpen')
    for (const i of [0, 1, 2, 3, 4]) {
      const r = await scan(taskNo, skus[i]!.code, 2)
      expect(r.statusCode, r.body).toBe(200)
    }
    const sixth = await scan(taskNo, X_CODE)
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json()).toMatchObject({ messageKey: 'cartons:errors.mixedBoxLimit', errors: [{ field: 'code', params: { limit: 5 } }] })
    expect(sixth.json().responseDesc).toContain('5')
    expect(sixth.json().errors[0].message).toContain('5')
    // +1 of a SKU already in the box is fine (still five SKUs); by another product code it is refused.
    expect((await scan(taskNo, skus[0]!.code)).json().data).toMatchObject({ inBox: 3, skusInBox: 5 })
    const inconsistent = await scan(taskNo, skus[1]!.upc!)
    expect(inconsistent.json().messageKey, inconsistent.body).toBe('cartons:errors.inconsistentCode')
    // Scanned quantity not above the quantity to scan (4 planned, 3 in).
    const over = await scan(taskNo, skus[0]!.code, 2)
    expect(over.json()).toMatchObject({ messageKey: 'cartons:errors.overQtyToScan', errors: [{ field: 'qty' }] })
    // Close: weight and dimensions above 0, each field named; above the packing box's max gross weight refused.
    for (const f of ['weight', 'length', 'width', 'height']) {
      const r = await admin.cmd('cartons.box.close', { taskNo, weight: 12.5, length: 60, width: 40, height: 35, [f]: 0 })
      expect(r.statusCode).toBe(400)
      expect(fieldOf(r.json())).toEqual([f])
    }
    const missing = await admin.cmd('cartons.box.close', { taskNo, weight: 12.5, length: 60, width: 40 })
    expect(fieldOf(missing.json())).toEqual(['height'])
    await refused(admin, 'cartons.box.close', { taskNo, weight: 25, length: 60, width: 40, height: 35 }, 400, 'cartons:errors.overMaxWeight')
    expect(await close(taskNo)).toMatchObject({ boxCode: 'BX-CT-001', status: S.Unpacked, units: 11, volume: 84 })

    // A box code is used once per pair.
    await refused(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-001' }, 400, 'cartons:errors.boxCodeTaken')
    // Box 2, single SKU: a second SKU refused; an empty box is not closed.
    await ok(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-002', mixed: false })
    await refused(admin, 'cartons.box.close', { taskNo, weight: 1, length: 1, width: 1, height: 1 }, 400, 'cartons:errors.emptyBox')
    expect((await scan(taskNo, skus[0]!.code)).statusCode).toBe(200)
    expect((await scan(taskNo, skus[1]!.code)).json().messageKey).toBe('cartons:errors.singleSkuBox')
    await close(taskNo, { weight: 1.2 })

    // Box 3: X- and B-prefixed codes not together while the setting forbids (the default) …
    await ok(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-003' })
    expect((await scan(taskNo, X_CODE, 4)).statusCode).toBe(200)
    const xb = await scan(taskNo, B_CODE)
    expect(xb.json()).toMatchObject({ messageKey: 'cartons:errors.xbConflict', errors: [{ field: 'code', params: { code: B_CODE, other: X_CODE } }] })
    await close(taskNo, { weight: 3 })
    // … and together once the warehouse allows it.
    await q(`INSERT INTO inbound_setting (tenant_id, warehouse_id, forbid_xb_mix) VALUES (1, 26, false)
             ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET forbid_xb_mix = false`)
    await ok(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-004' })
    for (const [code, n] of [[B_CODE, 4], [skus[1]!.code, 2], [skus[2]!.code, 2], [skus[3]!.code, 2], [skus[4]!.code, 2]] as const) {
      const r = await scan(taskNo, code, n)
      expect(r.statusCode, r.body).toBe(200)
    }
    await q(`UPDATE inbound_setting SET forbid_xb_mix = true WHERE tenant_id = 1 AND warehouse_id = 26`)
    // Finishing before everything is packed and closed is refused by the machine.
    await refused(admin, 'cartons.task.finish', { taskNo }, 409, 'cartons:errors.finishStatus')
    const last = await close(taskNo, { weight: 6 })
    expect(last).toMatchObject({ status: S.Packed, left: 0, units: 12 })
    await refused(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-005' }, 409, 'cartons:errors.packStatus')
    const fin = await ok(admin, 'cartons.task.finish', { taskNo })
    expect(fin.status).toBe(S.Finish)
    expect(fin.boxes.map((b: any) => [b.boxCode, b.seq, b.boxTotal, b.units])).toEqual([
      ['BX-CT-001', 1, 4, 11], ['BX-CT-002', 2, 4, 1], ['BX-CT-003', 3, 4, 4], ['BX-CT-004', 4, 4, 12],
    ])

    // The boxes' contents equal what left the source and reached the packing place under the task's number.
    const d = await taskOf(taskNo)
    expect(d.boxes.every((b: any) => b.status === 2 && b.locationCode === PACKING_LOCATION && b.boxMark === 'STRIDE / DE-FRA1')).toBe(true)
    const inBoxes = new Map<string, number>()
    for (const b of d.boxes) for (const it of b.items) inBoxes.set(it.skuCode, (inBoxes.get(it.skuCode) ?? 0) + it.qty)
    const fromSource = new Map<string, number>()
    const toPack = new Map<string, number>()
    for (const g of d.ledger) {
      expect(g.reason).toBe('pack')
      const m = g.locationCode === source.code ? fromSource : toPack
      m.set(g.skuCode, (m.get(g.skuCode) ?? 0) + (g.locationCode === source.code ? -g.delta : g.delta))
    }
    expect(Object.fromEntries(fromSource)).toEqual(Object.fromEntries(inBoxes))
    expect(Object.fromEntries(toPack)).toEqual(Object.fromEntries(inBoxes))
    expect([...inBoxes.values()].reduce((a, b) => a + b, 0)).toBe(28)
    for (const i of [0, 1, 2, 3, 4, 5, 6]) {
      expect(await onHand(source.id, skus[i]!.id)).toBe(36)
      expect(await onHand(packAt, skus[i]!.id)).toBe(4)
    }
    const [bal] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE location_id = $1 AND sku_id = $2`, [packAt, skus[0]!.id])
    const ex = await explainBalance(t.database.db, scope, Number(bal!.id))
    expect(ex!.entries.filter((e) => e.docNo === taskNo).reduce((s, e) => s + e.deltaOnHand, 0)).toBe(4)
    await invariantsClean()
  })

  it('stock the source lacks is refused by the ledger and nothing is half-written; stop', async () => {
    const taskNo = await newTask([{ i: 7, qty: 5 }])
    await ok(admin, 'cartons.task.claim', { taskNo })
    await ok(admin, 'cartons.box.open', { taskNo, boxCode: 'BX-CT-101' })
    expect((await scan(taskNo, skus[7]!.code, 2)).statusCode).toBe(200)
    const short = await scan(taskNo, skus[7]!.code, 3)
    expect(short.statusCode).toBe(409)
    expect(short.json().messageKey).toBe('inventory:errors.insufficient')
    const d = await taskOf(taskNo)
    expect(d.lines[0].packedQty).toBe(2)
    expect(d.boxes[0].items).toEqual([expect.objectContaining({ qty: 2 })])
    expect(await onHand(source.id, skus[7]!.id)).toBe(0)
    // Stop with goods in an open box is refused; once closed, stop leaves the box as it is.
    await refused(admin, 'cartons.task.stop', { taskNo }, 400, 'cartons:errors.stopWithOpenBox')
    await close(taskNo, { weight: 0.9 })
    expect(await ok(admin, 'cartons.task.stop', { taskNo })).toEqual({ taskNo, status: S.Stop })
    await refused(admin, 'cartons.task.claim', { taskNo }, 409, 'cartons:errors.claimStatus')
    await refused(admin, 'cartons.task.stop', { taskNo }, 409, 'cartons:errors.stopStatus')
    await invariantsClean()
  })
})
