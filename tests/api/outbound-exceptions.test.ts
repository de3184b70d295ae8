// The outbound exception register (issue 21 part N) over the real API and database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): stopped orders, pick differences, review exceptions ("outbound terminated, no
// review, handle exception") and loading refusals in one list, each with its resolving action; handling
// pending → processed with a note (bulk, all or nothing, every refused row named); another warehouse's
// exceptions never show. Documents are made through the real commands, as an operator makes them.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, expectRefused, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants } from '../../src/server/inventory/ledger'
import { recordException } from '../../src/server/areas/outbound-exceptions/record'
import { EXCEPTION_API } from '../../commands/outbound-exceptions'

let t: TestApp
let admin: ApiClient
let reviewer: ApiClient
let skus: { id: number; code: string }[] = []
let shelf: { id: number; code: string }
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }
const { q, one } = queriesOf(() => t)
const ok = expectOk
const refused = expectRefused

interface Row { rowKey: string; kind: string; docType: string; docNo: string; orderNo: string | null; refNo: string | null; messageKey: string; params: Record<string, unknown>; occurredAt: string; occurredByName: string | null; status: number; note: string | null; handledByName: string | null; action: string | null; actionNo: string | null }
const list = async (query: string, c = admin): Promise<Row[]> => {
  const r = await c.get(`${EXCEPTION_API.list}?size=200&${query}`)
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data.records
}
const rowOf = async (key: string, docNo: string) => (await list(`docNo=${encodeURIComponent(docNo)}`)).find((r) => r.rowKey === key)

let seq = 0
/** An order created, validated and waved alone; picked through the station unless told otherwise. */
async function waved(lines: { code: string; qty: number }[], pick = true) {
  const o = await ok(admin, 'outbound.order.create', { platform: 'SHEIN', shippingMethod: 'EXC-TEST', consigneeName: 'Ana', consigneePhone: '5550101', address: '1 Main St', country: 'MX', lines, sourceNo: `EXC-${Date.now()}-${seq++}` })
  await ok(admin, 'outbound.order.validate', { ids: [o.id] })
  const w = await ok(admin, 'outbound.wave.create', { orderIds: [o.id], taskMode: 'whole', pickMode: 2 })
  const taskNo = w.tasks[0] as string
  if (pick) {
    await ok(admin, 'outbound.pickTask.claim', { taskNo })
    const d = (await admin.get(`/api/outbound/picking-tasks/by-no/${taskNo}`)).json().data
    for (const l of d.lines) for (let i = 0; i < l.remaining; i++) await ok(admin, 'outbound.pick.scan', { taskNo, locationCode: l.locationCode, code: l.skuCode })
  }
  return { id: o.id as number, orderNo: o.orderNo as string, taskNo }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  reviewer = await apiAs(t, 'reviewer')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT 3`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(3)
  const [s] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
  shelf = { id: Number(s!.id), code: s!.code }
  for (const k of skus) await t.database.tx((tx) => addStock(tx, { ...scope, locationId: shelf.id, skuId: k.id }, 20, { docType: 'TEST', docNo: 'T-EXC' }, op))
}, 120_000)
afterAll(async () => { await t?.close() })

describe('the exception register', () => {
  it('a stopped order: listed with its reason; picked goods → return to shelf first, then handled with a note', async () => {
    // Stopped before picking: nothing to put back, marked processed here.
    const early = await waved([{ code: skus[0]!.code, qty: 1 }], false)
    await ok(admin, 'outbound.order.stop', { ids: [early.id], reason: 'customer cancelled' })
    const s = (await rowOf(`stopped:${early.orderNo}`, early.orderNo))!
    expect(s).toMatchObject({ kind: 'stopped', docType: 'outboundOrder', docNo: early.orderNo, messageKey: 'exceptions:what.stopped', status: 0, action: 'handle', occurredByName: 'admin' })
    expect(s.params).toMatchObject({ orderNo: early.orderNo, reason: 'customer cancelled' })

    // Stopped after picking: its return-to-shelf task is the action; the review station then refuses the
    // parcel ("outbound terminated, no review, handle exception") — a review exception of the same order.
    const late = await waved([{ code: skus[1]!.code, qty: 2 }])
    const stop = await ok(admin, 'outbound.order.stop', { ids: [late.id], reason: 'address wrong' })
    const taskNo = stop.changed[0].returnTaskNo as string
    await refused(reviewer, 'outbound.review.start', { code: late.orderNo }, 409, 'outbound:review.errors.terminated')
    await refused(reviewer, 'outbound.review.start', { code: late.orderNo }, 409, 'outbound:review.errors.terminated')
    const rows = await list(`docNo=${late.orderNo}`)
    expect(rows.map((r) => [r.rowKey, r.action, r.actionNo, r.status]).sort()).toEqual([
      [`review:${late.orderNo}`, 'returnShelf', taskNo, 0],
      [`stopped:${late.orderNo}`, 'returnShelf', taskNo, 0],
    ])
    const review = rows.find((r) => r.kind === 'review')!
    expect(review).toMatchObject({ messageKey: 'exceptions:what.reviewTerminated', occurredByName: 'reviewer', params: { orderNo: late.orderNo, attempts: 2 } })
    expect((await rowOf(`stopped:${late.orderNo}`, late.orderNo))!.messageKey).toBe('exceptions:what.stoppedPicked')

    // Not while the goods wait on the task: refused naming the task, nothing written (all or nothing).
    const mixed = await refused(admin, 'outbound.exception.handle', { keys: [`stopped:${early.orderNo}`, `stopped:${late.orderNo}`, `review:${late.orderNo}`], note: 'checked' }, 409, 'exceptions:errors.returnFirst')
    expect(mixed.messageParams).toMatchObject({ docNo: late.orderNo, taskNo })
    expect(mixed.responseDesc).toContain(taskNo)
    expect(mixed.errors.map((e: { field: string }) => e.field)).toEqual(['keys.1', 'keys.2'])
    expect((await rowOf(`stopped:${early.orderNo}`, early.orderNo))!.status).toBe(0)
    // Who may: the handle button's permission (the reviewer role does not hold it).
    await refused(reviewer, 'outbound.exception.handle', { keys: [`stopped:${early.orderNo}`], note: 'x' }, 403, 'errors:auth.missingPermission')
    // The note is required and named.
    const noNote = await admin.cmd('outbound.exception.handle', { keys: [`stopped:${early.orderNo}`], note: '  ' })
    expect(noNote.statusCode).toBe(400)
    expect(noNote.json().errors[0]).toMatchObject({ field: 'note', messageKey: 'exceptions:errors.noteRequired' })
    await refused(admin, 'outbound.exception.handle', { keys: ['stopped:NO-SUCH-ORDER'], note: 'x' }, 404, 'exceptions:errors.notFound')

    // The goods go back on a shelf: the action becomes "mark processed"; one bulk run handles the rest.
    for (let i = 0; i < 2; i++) await ok(admin, 'outbound.returnShelf.scan', { taskNo, locationCode: shelf.code, code: skus[1]!.code })
    expect((await rowOf(`stopped:${late.orderNo}`, late.orderNo))!).toMatchObject({ action: 'handle', actionNo: null })
    const done = await ok(admin, 'outbound.exception.handle', { keys: [`stopped:${early.orderNo}`, `stopped:${late.orderNo}`, `review:${late.orderNo}`], note: 'customer informed' })
    expect(done).toEqual({ processed: [`stopped:${early.orderNo}`, `stopped:${late.orderNo}`, `review:${late.orderNo}`], count: 3 })
    for (const [key, no] of [[`stopped:${early.orderNo}`, early.orderNo], [`review:${late.orderNo}`, late.orderNo]] as const) {
      expect(await rowOf(key, no)).toMatchObject({ status: 1, note: 'customer informed', handledByName: 'admin', action: null })
    }
    // Processed stays processed: a second run is refused with the handling status.
    const again = await refused(admin, 'outbound.exception.handle', { keys: [`stopped:${early.orderNo}`], note: 'again' }, 409, 'exceptions:errors.processed')
    expect(again.messageParams).toMatchObject({ docNo: early.orderNo, current: ['dict:handlingStatus.1'], allowed: ['dict:handlingStatus.0'] })
    // Filters: pending only / processed only.
    expect((await list(`status=0&docNo=${early.orderNo}`)).length).toBe(0)
    expect((await list(`status=1&kind=stopped&docNo=${early.orderNo}`)).map((r) => r.rowKey)).toEqual([`stopped:${early.orderNo}`])
    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
  })

  it('a pick difference: resolved by the CY resolve, not by a note; picked short for good → review at the exception station', async () => {
    const o = await waved([{ code: skus[2]!.code, qty: 2 }], false)
    await ok(admin, 'outbound.pickTask.claim', { taskNo: o.taskNo })
    const d = (await admin.get(`/api/outbound/picking-tasks/by-no/${o.taskNo}`)).json().data
    await ok(admin, 'outbound.pick.scan', { taskNo: o.taskNo, locationCode: d.lines[0].locationCode, code: d.lines[0].skuCode })
    const s = await ok(admin, 'outbound.pick.short', { taskNo: o.taskNo, lineId: d.lines[0].id, qty: 1 })
    const key = `pickDiff:${s.diffNo}`
    const row = (await rowOf(key, s.diffNo))!
    expect(row).toMatchObject({ kind: 'pickDiff', docType: 'pickDiff', orderNo: o.orderNo, refNo: shelf.code, messageKey: 'exceptions:what.pickDiff', status: 0, action: 'resolveDiff', actionNo: s.diffNo })
    expect(row.params).toMatchObject({ skuCode: skus[2]!.code, locationCode: shelf.code, shortQty: 1 })
    const r = await refused(admin, 'outbound.exception.handle', { keys: [key], note: 'x' }, 409, 'exceptions:errors.resolveDiff')
    expect(r.messageParams).toEqual({ docNo: s.diffNo })
    expect(r.responseDesc).toContain(s.diffNo)

    const diff = await one<{ id: number }>(`SELECT id FROM pick_diff WHERE diff_no = $1`, [s.diffNo])
    await ok(admin, 'outbound.pickDiff.resolve', { id: diff.id, resolution: 'outOfStock', remark: 'shelf empty' })
    expect(await rowOf(key, s.diffNo)).toMatchObject({ status: 1, note: 'shelf empty', handledByName: 'admin', action: null })
    // Picked short for good: reviewed at the exception station only — pending until it is packed.
    const station = (await rowOf(`review:X${o.orderNo}`, o.orderNo))!
    expect(station).toMatchObject({ kind: 'review', messageKey: 'exceptions:what.exceptionStation', refNo: s.diffNo, status: 0, action: 'reviewException', actionNo: o.orderNo })
    await refused(admin, 'outbound.exception.handle', { keys: [station.rowKey], note: 'x' }, 409, 'exceptions:errors.reviewAtStation')
    const bag = await one<{ id: number }>(`SELECT id FROM package_material WHERE tenant_id = 1 AND warehouse_id = 26 AND code = 'BAG-S'`)
    await ok(admin, 'outbound.review.startException', { code: o.orderNo })
    await ok(admin, 'outbound.review.scan', { orderNo: o.orderNo, code: skus[2]!.code })
    await ok(admin, 'outbound.review.pack', { orderNo: o.orderNo, materialId: bag.id, weightG: 500 })
    expect(await rowOf(`review:X${o.orderNo}`, o.orderNo)).toMatchObject({ status: 1, action: null })
  })

  it('loading refusals: a refused station scan (its audit row) and a recorded event, handled; another warehouse sees none', async () => {
    // A refused containers.loading.scan leaves its audit row after the rollback (the executor writes it
    // with the scan's arguments): the register lists it under the loading document's number with the
    // scanned code and the station's refusal.
    const refusedScan = (code: string, key: string, params: Record<string, unknown>) => q(`
      INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, result, error_code, error_params, args)
      VALUES (1, 26, 1, 'admin', 'containers.loading.scan', 'refused', $1, $2::jsonb, $3::jsonb)`,
      [key, JSON.stringify(params), JSON.stringify({ loadingNo: 'ZG-EXC-1', code })])
    await refusedScan('BOX-EXC-1', 'containers:errors.aglMix', { boxCode: 'BOX-EXC-1', shipmentNo: 'FY-EXC', containerNo: 'MSCU1234567' })
    // A refusal of the request itself (permission, malformed arguments) is not a loading exception.
    await refusedScan('BOX-EXC-9', 'errors:auth.missingPermission', { permission: 'container-loading:load' })
    const [audited] = await list('kind=loading&docNo=ZG-EXC-1')
    expect(audited).toMatchObject({ kind: 'loading', docType: 'containerLoading', docNo: 'ZG-EXC-1', refNo: 'BOX-EXC-1', messageKey: 'containers:errors.aglMix', status: 0, action: 'handle', occurredByName: 'admin' })
    expect(audited!.params).toMatchObject({ boxCode: 'BOX-EXC-1', containerNo: 'MSCU1234567' })
    expect((await list('kind=loading&docNo=ZG-EXC-1')).length).toBe(1)
    expect(audited!.rowKey).toMatch(/^loading:A\d+$/)

    // The real station (K2's containers.loading.scan): a code that is no box of this warehouse is refused;
    // the refusal is on the register under the loading document, with the code and the station's message.
    const zg = await ok(admin, 'containers.loading.create', { containerNo: 'EXC-LOAD-1', containerSize: '40HQ' })
    const scanNo = String(zg.loadingNo)
    const bad = await admin.cmd('containers.loading.scan', { loadingNo: scanNo, code: 'NO-SUCH-BOX' })
    expect(bad.statusCode, bad.body).toBeGreaterThanOrEqual(400)
    const [station] = await list(`kind=loading&docNo=${scanNo}`)
    expect(station).toMatchObject({ docNo: scanNo, refNo: 'NO-SUCH-BOX', messageKey: bad.json().messageKey, status: 0, action: 'handle' })

    // Recorded by the caller's transaction (a refusal answered without rolling back).
    const rec = await t.database.tx((tx) => recordException(tx, { ...scope, userId: 1, username: 'admin' }, {
      kind: 'loading', docType: 'containerLoading', docNo: 'ZG-EXC-2', refNo: 'BOX-EXC-2', messageKey: 'containers:errors.aglMix', params: { loadingNo: 'ZG-EXC-2', code: 'BOX-EXC-2' },
    }))
    const [recorded] = await list('docNo=ZG-EXC-2')
    expect(recorded).toMatchObject({ rowKey: `loading:R${rec.id}`, kind: 'loading', refNo: 'BOX-EXC-2', messageKey: 'containers:errors.aglMix', status: 0, action: 'handle' })
    // A rolled-back caller leaves nothing.
    await expect(t.database.tx(async (tx) => {
      await recordException(tx, { ...scope, userId: 1, username: 'admin' }, { kind: 'loading', docType: 'containerLoading', docNo: 'ZG-EXC-3', messageKey: 'containers:errors.aglMix' })
      throw new Error('refused')
    })).rejects.toThrow('refused')
    expect(await list('docNo=ZG-EXC-3')).toEqual([])

    // Another warehouse of the tenant: none of these.
    expect(await list('docNo=ZG-EXC', admin.in({ warehouseId: 168 }))).toEqual([])
    await refused(admin.in({ warehouseId: 168 }), 'outbound.exception.handle', { keys: [audited!.rowKey], note: 'x' }, 404, 'exceptions:errors.notFound')

    // Two operators handling the same pending row at once: one wins, the other is refused.
    const [a, b] = await Promise.all([
      admin.cmd('outbound.exception.handle', { keys: [audited!.rowKey], note: 'box moved to its own container' }),
      admin.cmd('outbound.exception.handle', { keys: [audited!.rowKey], note: 'second' }),
    ])
    expect([a.statusCode, b.statusCode].sort(), `${a.body} ${b.body}`).toEqual([200, 409])
    const done = await ok(admin, 'outbound.exception.handle', { keys: [recorded!.rowKey], note: 'box moved to its own container' })
    expect(done.count).toBe(1)
    expect((await list('docNo=ZG-EXC-')).map((r) => [r.docNo, r.status]).sort()).toEqual([['ZG-EXC-1', 1], ['ZG-EXC-2', 1]])
    const n = await one<{ n: number }>(`SELECT count(*)::int AS n FROM outbound_exception WHERE source_key = $1`, [audited!.rowKey])
    expect(n.n).toBe(1)
  })
})

describe('the timeout report: container loading and ToB not issued (issue 21 "Also")', () => {
  const H = 3_600_000
  const ago = (h: number) => new Date(Date.now() - h * H).toISOString()
  interface TimeoutAnswer { kind: string; hours: number | null; available: boolean; records: { number: string; status: number; timedOut: boolean; overdueHours: number; path: string }[] }
  const report = async (kind: string, only = true, c = admin): Promise<TimeoutAnswer> => {
    const r = await c.get(`/api/inbound/timeouts?kind=${kind}&onlyTimedOut=${only}`)
    expect(r.statusCode, r.body).toBe(200)
    return r.json().data
  }

  it('container loading: waiting or loaded (not closed) past outbound_setting.container_loading_timeout_hours, oldest first', async () => {
    // Loading documents as the loading station leaves them (K2's table): waiting 0, loaded 1, closed 2.
    const zg = (no: string, status: number, created: string, wh = 26) => q(`
      INSERT INTO container_loading (tenant_id, warehouse_id, loading_no, container_no, container_size, capacity_volume, max_weight, status, created_at)
      VALUES (1, $1, $2, $5, '40HQ', 76.4, 26500, $3, $4)`, [wh, no, status, created, no.replace('ZG-', 'CT-')])
    await zg('ZG-TO-LATE', 0, ago(30))
    await zg('ZG-TO-LOADED', 1, ago(50))
    await zg('ZG-TO-FRESH', 0, ago(2))
    await zg('ZG-TO-CLOSED', 2, ago(100))
    await zg('ZG-TO-ELSEWHERE', 0, ago(100), 168)
    const mine = (a: TimeoutAnswer) => a.records.filter((x) => x.number.startsWith('ZG-TO-'))
    const r = await report('containerLoading')
    expect(r).toMatchObject({ kind: 'containerLoading', hours: 24, available: true })
    expect(mine(r).map((x) => [x.number, x.status, x.overdueHours])).toEqual([['ZG-TO-LOADED', 1, 26], ['ZG-TO-LATE', 0, 6]])
    expect(mine(r)[0]!.path).toBe('/container-load/loading-detail?no=ZG-TO-LOADED')
    expect(mine(await report('containerLoading', false)).map((x) => [x.number, x.timedOut])).toEqual([['ZG-TO-LOADED', true], ['ZG-TO-LATE', true], ['ZG-TO-FRESH', false]])
    // The limit is the warehouse's setting.
    await q(`INSERT INTO outbound_setting (tenant_id, warehouse_id, container_loading_timeout_hours) VALUES (1, 26, 1)
      ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET container_loading_timeout_hours = 1`)
    const tight = await report('containerLoading')
    expect(tight.hours).toBe(1)
    expect(mine(tight).map((x) => x.number)).toEqual(['ZG-TO-LOADED', 'ZG-TO-LATE', 'ZG-TO-FRESH'])
    // A limit out of range is refused by the database (1..8760 h).
    await expect(q(`UPDATE outbound_setting SET container_loading_timeout_hours = 0 WHERE tenant_id = 1 AND warehouse_id = 26`)).rejects.toThrow()
    expect(mine(await report('containerLoading', false, admin.in({ warehouseId: 168 }))).map((x) => x.number)).toEqual(['ZG-TO-ELSEWHERE'])
  })

  it('ToB not issued: the 15-day flag of the outbound settings, on ToB orders only — the ToB list agrees', async () => {
    const TOB = { orderType: 1, destinationWarehouse: 'ONT8', channel: 'FBA', businessType: 'sea', boxMark: 'SHOES-ONT8' }
    const make = async (extra: Record<string, unknown>, days: number) => {
      const o = await ok(admin, 'outbound.order.create', { platform: 'SHEIN', shippingMethod: 'EXC-TOB', consigneeName: 'Ana', consigneePhone: '5550101', address: '1 Main St', country: 'MX', lines: [{ code: skus[0]!.code, qty: 1 }], sourceNo: `EXC-TOB-${Date.now()}-${seq++}`, ...extra })
      await q(`UPDATE outbound_order SET created_at = now() - make_interval(days => $2) WHERE id = $1`, [o.id, days])
      return o as { id: number; orderNo: string }
    }
    const old = await make(TOB, 16)
    await ok(admin, 'outbound.order.validate', { ids: [old.id] })
    const oldDraft = await make(TOB, 20)
    const recent = await make(TOB, 3)
    const toc = await make({}, 30)
    const voided = await make(TOB, 40)
    await ok(admin, 'outbound.order.void', { ids: [voided.id] })
    const nos = [old.orderNo, oldDraft.orderNo, recent.orderNo, toc.orderNo, voided.orderNo]
    const mine = (a: TimeoutAnswer) => a.records.filter((x) => nos.includes(x.number))
    const r = await report('tobNotIssued')
    expect(r).toMatchObject({ kind: 'tobNotIssued', hours: 15 * 24, available: true })
    expect(mine(r).map((x) => [x.number, x.overdueHours])).toEqual([[oldDraft.orderNo, 5 * 24], [old.orderNo, 24]])
    expect(mine(r)[1]!.path).toContain(`orderNo=${old.orderNo}`)
    expect(mine(await report('tobNotIssued', false)).map((x) => [x.number, x.timedOut])).toEqual([[oldDraft.orderNo, true], [old.orderNo, true], [recent.orderNo, false]])
    // The ToB list's not-issued flag says the same.
    const flagged = (await admin.get('/api/outbound/tob/orders?notIssued=true&size=200')).json().data.records.map((x: { orderNo: string }) => x.orderNo).filter((n: string) => nos.includes(n)).sort()
    expect(flagged).toEqual([old.orderNo, oldDraft.orderNo].sort())
    // The setting moves both.
    await q(`INSERT INTO outbound_setting (tenant_id, warehouse_id, not_issued_days) VALUES (1, 26, 2)
      ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET not_issued_days = 2`)
    const tight = await report('tobNotIssued')
    expect(tight.hours).toBe(48)
    expect(mine(tight).map((x) => x.number)).toEqual([oldDraft.orderNo, old.orderNo, recent.orderNo])
    expect(mine(await report('tobNotIssued', false, admin.in({ warehouseId: 168 })))).toEqual([])
  })
})
