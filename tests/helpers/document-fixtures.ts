// One document of every kind the console finds by number, made through the real commands as an operator
// would make them (demo pair tenant 1 / warehouse 26, as admin, on the seeded demo stock), for the test
// over every kind (tests/api/document-search.test.ts, over fastify.inject) and the e2e jump test
// (e2e/document-jump.spec.ts, over HTTP): both pass their own transport. Each fixture says the number,
// the other numbers that find it (tracking, platform order, box, container, plate, source number) and how
// far the kind is scoped. A new kind of a later issue adds its maker here — both tests fail until it does.
import type { AltNumber } from '../../src/server/areas/search/registry'

export interface DocApi {
  /** Runs a server command that must succeed; its data. */
  cmd<T = any>(id: string, args: Record<string, unknown>): Promise<T>
  /** GET an envelope that must succeed; its data. */
  get<T = any>(url: string): Promise<T>
}

export interface DocFixture {
  /** The document number: the hit's `number`. */
  number: string
  /** The row's id (the {id} of paths of basic data and users). */
  id?: number
  /** Other numbers that find the document, by kind. */
  also: Partial<Record<AltNumber, string>>
  /** Another warehouse ('warehouse'), or another tenant too ('tenant'), must not find it; 'none': not scoped (screens, users). */
  scope: 'warehouse' | 'tenant' | 'none'
}

/** Every kind with a fixture here (the registry's lookup types); a kind registered without one fails both tests. */
export const DOC_KINDS = [
  'inboundOrder', 'inspection', 'shelvingTask', 'returnOrder', 'quickInbound', 'releaseStrip',
  'outboundOrder', 'wave', 'pickingTask', 'pickDiff', 'sortingTask', 'handover', 'returnShelfTask',
  'resource.container', 'resource.location', 'resource.sku', 'resource.style', 'user', 'menu',
  'auditPlan', 'auditChecklist',
  'moveOrder',
  'defectiveReport', 'sampleOut', 'sampleMove',
  'countPlan', 'countTask',
  'replenishmentTask',
  'stockAllot',
  'packingTask',
  'transferOrder',
  'shipment',
  'containerLoading',
] as const
export type DocKind = (typeof DOC_KINDS)[number]
export type DocFixtures = Record<DocKind, DocFixture>

interface StockRow { skuCode: string; areaType: number; available: number; locationCode: string }
interface Task { id: number; taskNo: string }
interface TaskView { task: Task; next: { lineId: number; locationCode: string; skuCode: string } | null }
interface OrderRow { id: number; orderNo: string; trackingNo: string | null; faceSheetStatus: number }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Makes the documents; `run` (a few letters and digits) keeps this run's numbers apart from other runs on
 * the same server; `faceSheetWaitMs`: how long the carrier (simulator) may take to sell the face sheets.
 */
export async function makeEveryDocument(api: DocApi, run: string, faceSheetWaitMs = 60_000): Promise<DocFixtures> {
  const { cmd, get } = api
  const tag = run.toUpperCase()

  // ---- stock to move: two SKUs with at least 4 available on picking or shelf locations (the demo stock) ----
  const stock: StockRow[] = []
  for (const p of [1, 2, 3]) stock.push(...(await get<{ records: StockRow[] }>(`/api/stock/list?size=200&page=${p}&stockStatus=1`)).records)
  const skus = [...new Set(stock.filter((r) => r.available >= 4 && (r.areaType === 1 || r.areaType === 2)).map((r) => r.skuCode))]
  // From the middle of the list: other specs sharing an e2e server take the first ones.
  const [x, y] = skus.slice(Math.floor(skus.length / 2), Math.floor(skus.length / 2) + 2)
  if (!x || !y) throw new Error('no demo stock to make outbound documents from')

  // ---- inbound: an order with inspection (→ QC), one without (→ SJ), a return, a quick inbound, a release strip ----
  const inbound = async (inspectionMode: number, sourceNo: string) => {
    const o = await cmd<{ id: number; orderNo: string }>('inbound.order.create', { inboundType: 1, inspectionMode, sourceNo, boxCount: 2, lines: [{ code: x, qty: 2 }] })
    await cmd('inbound.order.status', { ids: [o.id], status: 1 })
    await cmd('inbound.order.status', { ids: [o.id], status: 2 })
    const r = await cmd<{ finished: boolean; inspectionNo?: string; shelvingTaskNo?: string }>('inbound.receive', { orderNo: `${o.orderNo}-1`, code: x, qty: 2 })
    if (!r.finished) throw new Error(`${o.orderNo} not finished by its receipt`)
    return { ...o, ...r }
  }
  const inspected = await inbound(1, `ASN-${tag}-1`)
  const plain = await inbound(0, `ASN-${tag}-2`)
  const ret = await cmd<{ returnNo: string }>('inbound.return.add', { sourceNo: `RMA-${tag}`, reasonCode: 1, boxCount: 1, lines: [{ skuCode: y, qty: 1 }] })
  // Quick inbound takes what the goods carry: a platform SKU's UPC.
  const upc = (await get<{ records: { upc: string | null }[] }>('/api/resources/msku?size=50')).records.find((m) => m.upc)?.upc
  if (!upc) throw new Error('no platform SKU with a UPC in the demo data')
  const quick = await cmd<{ taskNo: string }>('inbound.quick.add', { inboundType: 4, lines: [{ code: upc, qty: 1 }] })
  const plate = `粤B ${tag.slice(-5)}`
  const strip = await cmd<{ stripNo: string }>('inbound.release.add', { plateNo: plate, driverName: 'Li Wei', driverPhone: '13800000000', orderNos: [plain.orderNo], boxCount: 2 })

  // ---- outbound: A packed in two parcels, its face sheets bought and shipped (tracking, handover); B and C
  // picked together into a cart and rest-sorted; D picked short (pick difference); E stopped after picking
  // (return to shelf) ----
  const carriers = (await get<{ records: { id: number; code: string }[] }>('/api/resources/carrier?size=50')).records
  const estafeta = carriers.find((c) => c.code === 'ESTAFETA')
  const header = {
    platform: 'SHEIN', shippingMethod: `DOCS-${tag}`, carrierId: estafeta?.id, consigneeName: 'Marta Ruiz', consigneePhone: '+52 55 1234 5678',
    address: 'Insurgentes Sur 1602', city: 'CDMX', postcode: '03940', country: 'MX',
  }
  const order = (key: string, lines: { code: string; qty: number }[]) => cmd<{ id: number; orderNo: string }>('outbound.order.create', { ...header, sourceNo: `GSH${tag}${key}`, lines })
  const A = await order('A', [{ code: x, qty: 2 }])
  const B = await order('B', [{ code: x, qty: 1 }])
  const C = await order('C', [{ code: y, qty: 1 }])
  const D = await order('D', [{ code: y, qty: 1 }])
  const E = await order('E', [{ code: x, qty: 1 }])
  await cmd('outbound.order.validate', { ids: [A.id, B.id, C.id, D.id, E.id] })
  const wave = async (ids: number[], taskMode: 'whole' | 'bulk') => cmd<{ waveNo: string; tasks: string[] }>('outbound.wave.create', { orderIds: ids, taskMode, pickMode: 2 })
  const task = (taskNo: string) => get<TaskView>(`/api/outbound/picking-tasks/by-no/${encodeURIComponent(taskNo)}`)
  const pickAll = async (taskNo: string, cartCode?: string) => {
    await cmd('outbound.pickTask.claim', { taskNo, cartCode: cartCode ?? null })
    for (let i = 0; i < 20; i++) {
      const v = await task(taskNo)
      if (!v.next) return v.task
      await cmd('outbound.pick.scan', { taskNo, locationCode: v.next.locationCode, code: v.next.skuCode })
    }
    throw new Error(`${taskNo} not picked`)
  }

  const wA = await wave([A.id], 'whole')
  await pickAll(wA.tasks[0]!)
  const materials = await get<{ id: number; code: string }[]>('/base/base/getPackageMaterialList')
  await cmd('outbound.review.start', { code: A.orderNo })
  await cmd('outbound.review.scan', { orderNo: A.orderNo, code: x, qty: 2 })
  await cmd('outbound.review.pack', { orderNo: A.orderNo, materialId: materials.find((m) => m.code === 'BAG-S')!.id, weightG: 900, parcels: 2 })
  await cmd('outbound.faceSheet.buy', { orderIds: [A.id] })
  const row = async () => (await get<{ records: OrderRow[] }>(`/api/outbound/orders?size=5&orderNo=${A.orderNo}`)).records.find((r) => r.orderNo === A.orderNo)!
  const until = Date.now() + faceSheetWaitMs
  let a = await row()
  while (a.faceSheetStatus !== 1) {
    if (Date.now() > until) throw new Error(`the face sheets of ${A.orderNo} were not bought in ${faceSheetWaitMs} ms`)
    await sleep(250)
    a = await row()
  }
  const shipped = await cmd<{ handoverNo: string }>('outbound.ship.scan', { code: a.trackingNo })

  const cart = `CART-${tag}`
  const wBC = await wave([B.id, C.id], 'bulk')
  const bulk = await pickAll(wBC.tasks[0]!, cart)
  const sorting = await cmd<{ sortNo: string }>('outbound.sortTask.rest', { pickingTaskIds: [bulk.id] })

  const wD = await wave([D.id], 'whole')
  await cmd('outbound.pickTask.claim', { taskNo: wD.tasks[0] })
  const d = await task(wD.tasks[0]!)
  const short = await cmd<{ diffNo: string }>('outbound.pick.short', { taskNo: wD.tasks[0], lineId: d.next!.lineId, qty: 1 })

  const wE = await wave([E.id], 'whole')
  await pickAll(wE.tasks[0]!)
  const stop = await cmd<{ changed: { returnTaskNo?: string }[] }>('outbound.order.stop', { ids: [E.id], reason: 'customer cancelled' })

  // ---- basic data and the rest: a container made now; a location, SKU and style of the demo data; a user; a screen ----
  const container = await cmd<{ id: number }>('resource.container.add', { code: `CT-${tag}`, type: 'crate', status: 0, size: 1 })
  const location = (await get<{ records: { id: number; code: string }[] }>('/api/resources/location?size=1&sort=code:asc')).records[0]!
  const sku = (await get<{ records: { id: number; skuCode: string }[] }>(`/api/resources/sku?size=5&q=${encodeURIComponent(y)}`)).records.find((r) => r.skuCode === y)!
  const style = (await get<{ records: { id: number; styleNo: string }[] }>('/api/resources/style?size=1')).records[0]!
  // A move order (YK): a move station's session.
  const move = await cmd<{ moveNo: string }>('move.station.open', {})
  // A defective report (CP) and a sample out request (YP, from a sample lent for it: YJ): 1 + 1 of the last stock row that has them.
  const spare = stock.filter((r) => r.available >= 2 && (r.areaType === 1 || r.areaType === 2) && r.skuCode !== x && r.skuCode !== y).at(-1)!
  const defective = await cmd<{ reportNo: string }>('defective.report', { locationCode: spare.locationCode, skuCode: spare.skuCode, qty: 1, reason: 'damaged', remark: `doc-jump ${tag}` })
  const lent = await cmd<{ moveNo: string }>('sample.lend', { skuCode: spare.skuCode, qty: 1, fromLocationCode: spare.locationCode, toLocationCode: 'S-001' })
  const sampleOut = await cmd<{ outNo: string }>('sampleOut.create', { purpose: `doc-jump ${tag}`, borrower: 'Marketing', lines: [{ skuCode: spare.skuCode, qty: 1, locationCode: 'S-001' }] })

  // An audit plan (JC) over SKU y's stock and its first checklist (JD).
  const audit = await cmd<{ planNo: string; checklists: string[] }>('auditPlan.create', { skuCode: y, remark: `doc-jump ${tag}` })

  // A count plan (PD) and its task (PT) on the first location, cancelled at once so the location stays free for other counts.
  const count = await cmd<{ planNo: string; tasks: string[] }>('count.plan.create', { locationCodes: [location.code], remark: `doc-jump ${tag}` })
  await cmd('count.plan.cancel', { planNo: count.planNo })

  // A replenishment task (BH) by hand: a pick face of a SKU the floor (bulk) holds free stock of (an open
  // task of that face and SKU from an earlier run on the same server is added to: its number is found).
  const bulkRow = stock.find((r) => r.areaType === 1 && r.available >= 1 && stock.some((b) => b.skuCode === r.skuCode && b.areaType === 2))!
  const faceRow = stock.find((b) => b.skuCode === bulkRow.skuCode && b.areaType === 2)!
  const replenish = await cmd<{ created: string[]; updated: string[] }>('replenishment.task.create', { locationCode: faceRow.locationCode, skuCode: bulkRow.skuCode, qty: 1 })

  // A stock allot (TP): SKU y's quota of 0 for a shop made for this run (no other order is held to it).
  const site = (await get<{ records: { id: number }[] }>('/api/resources/site?size=1')).records[0]!
  await cmd('resource.shop.add', { siteId: site.id, code: `SH-${tag}`, name: `Doc jump ${tag}` })
  const allot = await cmd<{ allotNo: string }>('stock.allot.create', { code: y, lines: [{ shopCode: `SH-${tag}`, qty: 0 }], remark: `doc-jump ${tag}` })

  // A transfer order (DB) to another warehouse of the company, left new (nothing reserved): 1 of a SKU with free stock.
  const toWarehouse = (await get<{ id: number }[]>('/api/transfers/warehouses'))[0]!
  const transferSku = stock.find((r) => r.available >= 5 && (r.areaType === 1 || r.areaType === 2) && r.skuCode !== x && r.skuCode !== y && r.skuCode !== spare.skuCode)!.skuCode
  const transfer = await cmd<{ transferNo: string }>('transfer.order.create', { toWarehouseId: toWarehouse.id, remark: `doc-jump ${tag}`, lines: [{ code: transferSku, qty: 1 }] })

  // A packing task (ZX) of 1 unit standing on the spare row's location (a task plans; nothing moves until a box is scanned).
  const packing = await cmd<{ taskNo: string }>('cartons.task.create', { sourceLocationCode: spare.locationCode, boxMark: `doc-jump ${tag}`, lines: [{ skuCode: spare.skuCode, qty: 1 }] })

  // A shipment (FY): a ToB express order of 1 of SKU y, picked, packed from its order into one box (the reservation
  // follows the goods), the packing finished, the shipment generated.
  const tob = await cmd<{ id: number; orderNo: string }>('outbound.order.create', {
    ...header, sourceNo: `TOB${tag}`, orderType: 1, destinationWarehouse: 'ONT8', channel: 'FBA', businessType: 'express', boxMark: `DOCS-${tag}`, lines: [{ code: y, qty: 1 }],
  })
  await cmd('outbound.order.validate', { ids: [tob.id] })
  const wT = await cmd<{ tasks: string[] }>('outbound.tob.assignPicking', { ids: [tob.id], taskMode: 'whole' })
  await pickAll(wT.tasks[0]!)
  const zx = (await cmd<{ tasks: { taskNo: string }[] }>('shipments.packTask.create', { orderNo: tob.orderNo })).tasks[0]!.taskNo
  await cmd('cartons.task.claim', { taskNo: zx })
  await cmd('cartons.box.open', { taskNo: zx, boxCode: `BOX-${tag}` })
  await cmd('cartons.box.scan', { taskNo: zx, code: y, qty: 1 })
  await cmd('cartons.box.close', { taskNo: zx, weight: 1, length: 30, width: 20, height: 10 })
  await cmd('cartons.task.finish', { taskNo: zx })
  const shipment = (await cmd<{ shipments: { shipmentNo: string }[] }>('shipments.generate', { orderNos: [tob.orderNo] })).shipments[0]!

  // A container loading document (ZG): a container opened for loading (no box yet).
  const loading = await cmd<{ loadingNo: string }>('containers.loading.create', { containerNo: `CNTR-${tag}`, containerSize: '40HQ' })

  const doc = (number: string, also: Partial<Record<AltNumber, string>> = {}, scope: DocFixture['scope'] = 'warehouse'): DocFixture => ({ number, also, scope })
  return {
    inboundOrder: doc(plain.orderNo, { boxCode: `${plain.orderNo}-2`, sourceNo: `ASN-${tag}-2` }),
    inspection: doc(inspected.inspectionNo!),
    shelvingTask: doc(plain.shelvingTaskNo!),
    returnOrder: doc(ret.returnNo, { sourceNo: `RMA-${tag}` }),
    quickInbound: doc(quick.taskNo),
    releaseStrip: doc(strip.stripNo, { plateNo: plate.replace(/\s/g, '') }),
    outboundOrder: doc(A.orderNo, { platformOrderNo: `GSH${tag}A`, trackingNo: a.trackingNo! }),
    wave: doc(wBC.waveNo),
    pickingTask: doc(bulk.taskNo, { containerCode: cart }),
    pickDiff: doc(short.diffNo),
    sortingTask: doc(sorting.sortNo, { containerCode: cart }),
    handover: doc(shipped.handoverNo),
    returnShelfTask: doc(stop.changed[0]!.returnTaskNo!),
    'resource.container': { ...doc(`CT-${tag}`), id: container.id },
    'resource.location': { ...doc(location.code), id: location.id },
    'resource.sku': { ...doc(sku.skuCode, {}, 'tenant'), id: sku.id },
    'resource.style': { ...doc(style.styleNo, {}, 'tenant'), id: style.id },
    user: doc('receiver', {}, 'none'),
    menu: doc('inbound-order', {}, 'none'),
    auditPlan: doc(audit.planNo),
    auditChecklist: doc(audit.checklists[0]!),
    moveOrder: doc(move.moveNo),
    defectiveReport: doc(defective.reportNo),
    sampleOut: doc(sampleOut.outNo),
    sampleMove: doc(lent.moveNo),
    countPlan: doc(count.planNo),
    countTask: doc(count.tasks[0]!),
    replenishmentTask: doc(replenish.created[0] ?? replenish.updated[0]!),
    stockAllot: doc(allot.allotNo),
    packingTask: doc(packing.taskNo),
    transferOrder: doc(transfer.transferNo),
    shipment: doc(shipment.shipmentNo),
    containerLoading: doc(loading.loadingNo),
  }
}
