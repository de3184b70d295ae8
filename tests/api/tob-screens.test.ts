// What the ToB screens read (issue 21, part M) over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the ToB picking task list (only tasks holding a ToB order, with the expected
// container number), an order's boxes (box i of n, contents, dimensions) as packed at the carton packing
// station — the 6th SKU of a mixed box refused naming the limit, nothing written by the refusal — and
// "go to document": a ToB order's CK number opens the ToB details, a ToC order's the ToC details, a packing
// task's ZX number the packing station. Box labels (box mark, box i of n, contents) print on the chosen
// printer through the label mechanism (a print job recorded) and the packing list is a PDF; both refuse
// an order without closed boxes of finished packing. The ledger invariants stay clean and the packing place's balance
// explains its units by the packing task's number.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, postFile, type ApiClient } from '../helpers/api'
import { addStock, checkInvariants, explainBalance } from '../../src/server/inventory/ledger'
import { TOB_UI_API, tobDetailsPath, packingStationPath } from '../../commands/tob-orders'
import { outboundOrderDetailsPath } from '../../commands/outbound-orders'

let t: TestApp
let admin: ApiClient
let skus: { id: number; code: string }[] = []
let bulk = 0
let bulkCode = ''
const scope = { tenantId: 1, warehouseId: 26 }
const op = { userId: 1, username: 'admin' }

const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const ADDR = { platform: 'AMAZON', shippingMethod: 'SEA-FCL', consigneeName: 'LGB3 Receiving', address: '1 Dock Rd', country: 'US', city: 'Long Beach', postcode: '90802' }
const TOB = { ...ADDR, orderType: 1, destinationWarehouse: 'LGB3', channel: 'FBA', businessType: 'sea', boxMark: 'MARK-LGB3', expectedContainerNo: 'TGHU7654321' }
const run = async <T = any>(command: string, args: Record<string, unknown>): Promise<T> => {
  const r = await admin.cmd(command, args)
  expect(r.statusCode, `${command} ${r.body}`).toBe(200)
  return r.json().data as T
}
const stock = (skuId: number, locationId: number, qty: number) => t.database.tx((tx) => addStock(tx, { ...scope, locationId, skuId }, qty, { docType: 'TEST', docNo: 'T-TOB-UI' }, op))
const search = async (term: string) => (await admin.get(`/api/search/documents?q=${encodeURIComponent(term)}`)).json().data as { type: string; number: string; path: string }[]

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  skus = (await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
    ORDER BY k.id DESC LIMIT 6`)).map((r) => ({ id: Number(r.id), code: r.sku_code }))
  expect(skus.length).toBe(6)
  const [loc] = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 1 AND l.location_type = 'fullBox'
    ORDER BY l.code LIMIT 1`)
  bulk = Number(loc!.id)
  bulkCode = loc!.code
  for (const k of skus) await stock(k.id, bulk, 50)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('ToB screens', () => {
  it('the ToB picking task list holds only tasks of ToB orders, with their expected container number', async () => {
    const k = skus[0]!
    const a = await run<{ id: number; orderNo: string }>('outbound.order.create', { ...TOB, lines: [{ code: k.code, qty: 2 }] })
    const toc = await run<{ id: number; orderNo: string }>('outbound.order.create', { ...ADDR, lines: [{ code: k.code, qty: 1 }] })
    await run('outbound.order.validate', { ids: [a.id, toc.id] })
    const w = await run<{ tasks: string[] }>('outbound.tob.assignPicking', { ids: [a.id], taskMode: 'whole' })
    const tocWave = await run<{ waveNo: string }>('outbound.wave.create', { orderIds: [toc.id] })
    const tobTasks = (await admin.get(`${TOB_UI_API.tasks}?size=100`)).json().data as { records: { taskNo: string; expectedContainerNo: string | null; orderNos: string }[] }
    const mine = tobTasks.records.filter((r) => w.tasks.includes(r.taskNo))
    expect(mine).toHaveLength(1)
    expect(mine[0]).toMatchObject({ expectedContainerNo: 'TGHU7654321', orderNos: a.orderNo })
    expect(tobTasks.records.some((r) => r.orderNos?.includes(toc.orderNo))).toBe(false)
    expect(tocWave.waveNo).toBeTruthy()
    // The list filters as the picking task list does (by number).
    const one = (await admin.get(`${TOB_UI_API.tasks}?taskNo=${w.tasks[0]}`)).json().data as { records: { taskNo: string }[]; total: number }
    expect(one.records.map((r) => r.taskNo)).toEqual([w.tasks[0]])
  })

  it('an order\'s boxes: packed at the station (the 6th SKU refused naming the limit), box i of n, contents and dimensions', async () => {
    const o = await run<{ id: number; orderNo: string }>('outbound.order.create', { ...TOB, expectedContainerNo: null, lines: skus.map((k) => ({ code: k.code, qty: 2 })) })
    const task = await run<{ taskNo: string }>('cartons.task.create', { docNo: o.orderNo, sourceLocationCode: bulkCode, boxMark: 'MARK-LGB3', lines: skus.map((k) => ({ skuCode: k.code, qty: 2 })) })
    await run('cartons.task.claim', { taskNo: task.taskNo })
    const box1 = `BX-${task.taskNo}-1`
    await run('cartons.box.open', { taskNo: task.taskNo, boxCode: box1 })
    for (const k of skus.slice(0, 5)) await run('cartons.box.scan', { taskNo: task.taskNo, code: k.code, qty: 2 })
    const sixth = await admin.cmd('cartons.box.scan', { taskNo: task.taskNo, code: skus[5]!.code })
    expect(sixth.statusCode).toBe(400)
    expect(sixth.json()).toMatchObject({ messageKey: 'cartons:errors.mixedBoxLimit', errors: [{ field: 'code', params: { limit: 5 } }] })
    expect(sixth.json().responseDesc).toContain('5')
    await run('cartons.box.close', { taskNo: task.taskNo, weight: 12.5, length: 60, width: 40, height: 35 })
    await run('cartons.box.open', { taskNo: task.taskNo, boxCode: `BX-${task.taskNo}-2` })
    await run('cartons.box.scan', { taskNo: task.taskNo, code: skus[5]!.code, qty: 2 })
    await run('cartons.box.close', { taskNo: task.taskNo, weight: 3, length: 30, width: 20, height: 20 })
    await run('cartons.task.finish', { taskNo: task.taskNo })

    const { cartons } = (await admin.get(TOB_UI_API.cartons(o.orderNo))).json().data as { cartons: any[] }
    expect(cartons.map((b) => [b.boxCode, b.seq, b.boxTotal, b.status])).toEqual([[box1, 1, 2, 2], [`BX-${task.taskNo}-2`, 2, 2, 2]])
    expect(cartons[0]).toMatchObject({ taskNo: task.taskNo, boxMark: 'MARK-LGB3', mixed: true, weightKg: 12.5, lengthCm: 60, widthCm: 40, heightCm: 35, volumeL: 84 })
    expect(cartons[0].items.map((i: any) => [i.skuCode, i.qty]).sort()).toEqual(skus.slice(0, 5).map((k) => [k.code, 2]).sort())
    expect(cartons[1].items).toEqual([{ skuCode: skus[5]!.code, batchNo: null, qty: 2 }])
    // Another order has none; a number nobody has is an empty list, not an error.
    expect((await admin.get(TOB_UI_API.cartons('CK000000000000'))).json().data.cartons).toEqual([])

    // Box labels through the label mechanism on the chosen printer: one label per box, the print job recorded.
    const printers = await q<{ id: number; code: string; format: string; connected: boolean }>(`SELECT id, code, format, connected FROM printer WHERE tenant_id = 1 AND warehouse_id = 26 AND status = 1 ORDER BY id`)
    const live = printers.find((p) => p.connected)!
    const printed = await run<{ labels: number; printer: string; jobId: number; format: string }>('outbound.tob.boxLabels', { orderNo: o.orderNo.toLowerCase(), printerId: Number(live.id) })
    expect(printed).toMatchObject({ labels: 2, printer: live.code, format: live.format === 'zpl' ? 'zpl' : 'pdf' })
    const [job] = await q<{ doc_kind: string; doc_refs: string; label_count: number }>('SELECT doc_kind, doc_refs, label_count FROM print_job WHERE id = $1', [printed.jobId])
    expect(job).toMatchObject({ doc_kind: 'boxLabel', doc_refs: `${o.orderNo}:${box1},BX-${task.taskNo}-2`, label_count: 2 })
    // A reprint of one box; a box of no such order is refused naming it.
    expect((await run<{ labels: number }>('outbound.tob.boxLabels', { orderNo: o.orderNo, printerId: Number(live.id), boxCodes: [box1] })).labels).toBe(1)
    const foreign = await admin.cmd('outbound.tob.boxLabels', { orderNo: o.orderNo, printerId: Number(live.id), boxCodes: ['NOPE-1'] })
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toMatchObject({ messageKey: 'tob-ui:errors.boxNotOfOrder', messageParams: { boxCode: 'NOPE-1', orderNo: o.orderNo } })
    // Spec section 8 "printer not connected": refused naming the printer, nothing recorded.
    const other = printers.find((p) => p.id !== live.id)!
    await q('UPDATE printer SET connected = false WHERE id = $1', [other.id])
    const jobs = async () => Number((await q<{ n: number }>('SELECT count(*)::int AS n FROM print_job', []))[0]!.n)
    const before = await jobs()
    const dead = await admin.cmd('outbound.tob.boxLabels', { orderNo: o.orderNo, printerId: Number(other.id) })
    expect(dead.statusCode).toBe(409)
    expect(dead.json()).toMatchObject({ messageKey: 'outbound-label:errors.printerNotConnected', messageParams: { printer: other.code } })
    expect(await jobs()).toBe(before)
    await q('UPDATE printer SET connected = true WHERE id = $1', [other.id])
    // The packing list: a PDF of the order's boxes.
    const pdf = await admin.get(TOB_UI_API.packingList(o.orderNo))
    expect(pdf.statusCode).toBe(200)
    expect(pdf.headers['content-type']).toContain('application/pdf')
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect(Number(pdf.headers['x-page-count'])).toBe(1)

    const { violations } = await checkInvariants(t.database.db, scope)
    expect(violations).toEqual([])
    const [bal] = await q<{ id: number }>(`SELECT id FROM inventory_balance WHERE sku_id = $1 AND location_id = $2`, [skus[5]!.id, bulk])
    const ex = await explainBalance(t.database.db, scope, Number(bal!.id))
    expect(ex!.entries.filter((e: any) => e.docNo === task.taskNo).map((e: any) => e.deltaOnHand)).toEqual([-2])
  })

  it('the import on the ToB screen: a row without an order type is a ToB order — its missing ToB fields named by row, nothing written', async () => {
    const HEAD = ['ref', 'platform', 'consigneeName', 'address', 'country', 'code', 'qty', 'Destination warehouse', 'Channel', 'Business type', 'Box mark']
    const wb = new ExcelJS.Workbook()
    const ws = wb.addWorksheet('S')
    ws.addRow(HEAD)
    const addr = ['LGB3 Receiving', '1 Dock Rd', 'US']
    ws.addRow(['B1', 'AMAZON', ...addr, skus[2]!.code, 3, 'LGB3', 'FBA', 'sea', 'MARK-1'])
    ws.addRow(['B2', 'AMAZON', ...addr, skus[2]!.code, 3, 'LGB3', '', 'sea', ''])
    const content = Buffer.from(await wb.xlsx.writeBuffer())
    const [{ n: before }] = await q<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order')
    const tob = (await postFile(t, TOB_UI_API.importDryRun, admin.headers, content)).json().data
    expect(tob.errors.map((e: any) => [e.row, e.field]).sort()).toEqual([[3, 'boxMark'], [3, 'channel']])
    expect(tob.creates).toBe(0)
    // The same sheet on the retail import: no order type is a ToC order, which takes no ToB field.
    const toc = (await postFile(t, '/api/outbound/orders/import/dry-run', admin.headers, content)).json().data
    expect(toc.errors.map((e: any) => e.messageKey)).toContain('tob:errors.tobOnly')
    // Only the good row: it is a ToB order, and the import makes it one.
    const good = new ExcelJS.Workbook()
    good.addWorksheet('S').addRows([HEAD, ['B1', 'AMAZON', ...addr, skus[2]!.code, 3, 'LGB3', 'FBA', 'sea', 'MARK-1']])
    const dry = (await postFile(t, TOB_UI_API.importDryRun, admin.headers, Buffer.from(await good.xlsx.writeBuffer()))).json().data
    expect(dry.errors).toEqual([])
    expect(dry.rows[0]).toMatchObject({ orderType: 1, destinationWarehouse: 'LGB3', channel: 'FBA', businessType: 'sea', boxMark: 'MARK-1' })
    expect(Number((await q<{ n: number }>('SELECT count(*)::int AS n FROM outbound_order'))[0]!.n)).toBe(Number(before))
    const made = await run<{ orderNos: string[] }>('outbound.order.import', { rows: dry.rows })
    const [o] = await q<{ order_type: number; box_mark: string }>('SELECT order_type, box_mark FROM outbound_order WHERE order_no = $1', [made.orderNos[0]])
    expect(o).toMatchObject({ order_type: 1, box_mark: 'MARK-1' })
  })

  it('go to document: a ToB CK opens the ToB details, a ToC CK the ToC details, a ZX the packing station', async () => {
    const k = skus[1]!
    const tob = await run<{ orderNo: string }>('outbound.order.create', { ...TOB, lines: [{ code: k.code, qty: 1 }] })
    const toc = await run<{ orderNo: string }>('outbound.order.create', { ...ADDR, lines: [{ code: k.code, qty: 1 }] })
    expect((await search(tob.orderNo)).find((h) => h.number === tob.orderNo)).toMatchObject({ type: 'outboundOrder', path: tobDetailsPath(tob.orderNo) })
    expect((await search(toc.orderNo)).find((h) => h.number === toc.orderNo)).toMatchObject({ type: 'outboundOrder', path: outboundOrderDetailsPath(toc.orderNo) })
    const task = await run<{ taskNo: string }>('cartons.task.create', { docNo: tob.orderNo, sourceLocationCode: bulkCode, lines: [{ skuCode: k.code, qty: 1 }] })
    const hits = await search(task.taskNo.toLowerCase())
    expect(hits[0]).toMatchObject({ type: 'packingTask', number: task.taskNo, path: packingStationPath(task.taskNo) })
    // Labels and the packing list need closed boxes of finished packing: refused naming the order (and the task).
    const none = await admin.cmd('outbound.tob.boxLabels', { orderNo: tob.orderNo })
    expect(none.statusCode).toBe(409)
    expect(none.json()).toMatchObject({ messageKey: 'tob-ui:errors.noClosedBox', messageParams: { orderNo: tob.orderNo } })
    await run('cartons.task.claim', { taskNo: task.taskNo })
    await run('cartons.box.open', { taskNo: task.taskNo, boxCode: `BX-${task.taskNo}-9` })
    await run('cartons.box.scan', { taskNo: task.taskNo, code: k.code })
    await run('cartons.box.close', { taskNo: task.taskNo, weight: 1, length: 10, width: 10, height: 10 })
    const unfinished = await admin.get(TOB_UI_API.packingList(tob.orderNo))
    expect(unfinished.statusCode).toBe(409)
    expect(unfinished.json()).toMatchObject({ messageKey: 'tob-ui:errors.packingNotFinished', messageParams: { orderNo: tob.orderNo, taskNo: task.taskNo } })
    expect((await admin.get(TOB_UI_API.packingList('CK000000000000'))).statusCode).toBe(404)
  })
})
