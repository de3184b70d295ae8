// Container loading's commands (commands/container-loading.ts), one transaction each; the machine
// (src/domain/states/container-loading.ts) is asked before every step of a loading document.
//
// Loading moves no stock: a loaded box stays on the ledger where packing left it (the packing place)
// until the container ships — then shipCartons (src/server/areas/shipments/ship-cartons.ts) takes each
// box's contents out under the ZG number (docType 'containerLoading', reason 'ship').
//
// A scan locks the loading document first (scans into one container are serial: the live count and the
// capacity check see every box before them) and then the scanned boxes in id order (FOR UPDATE: a box
// scanned at two stations at once is loaded by the first, the second — waiting on the row — then sees it
// loaded and is refused naming that container). UNIQUE (carton_id) on container_load_box is the backstop.
// Refusals, each naming the box: not closed, already shipped, not in a shipment, in another container,
// AGL mixing (spec §5 "no mixed containers for AGL transport"), expected container differs (spec §5
// "Scanned shipment ID must match"), over the container's volume or max payload (refused, not warned: a
// container cannot take more than fits, and an over-weight container is not accepted at the port).
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { conflict, fieldError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { shipCartons, CartonShipStatus } from '../shipments/ship-cartons'
import { CONTAINER_SIZES, isAglProvider, LoadingStatus, type ContainerSizeCode } from '../../../domain/container-loading'
import { OrderType, OutboundOrderStatus, ShipmentStatus } from '../../../domain/dictionaries'
import { containerLoadingMachine, type LoadingFacts } from '../../../domain/states/container-loading'
import type { AllotContainerArgs, CloseLoadingArgs, CreateLoadingArgs, LoadScanArgs, LoadTotals, UnloadArgs } from '../../../../commands/container-loading'
import type { z } from 'zod'

type Scope = { tenantId: number; warehouseId: number }
const S = LoadingStatus
export const LOADING_DOC = 'containerLoading'
const n = (v: unknown) => Number(v)
const E = (k: string) => `containers:errors.${k}`
const round3 = (v: number) => Math.round(v * 1000) / 1000

export interface LoadingHead extends LoadingFacts {
  id: number; containerNo: string; containerSize: string; capacityVolume: number; maxWeight: number; agl: boolean; sealNo: string | null
}

export async function loadLoading(q: Queryable, scope: Scope, loadingNo: string, lock = true): Promise<LoadingHead> {
  const [r] = rowsOf(await q.execute(sql`
    SELECT id, loading_no, container_no, container_size, capacity_volume, max_weight, agl, seal_no, status, shipped_at FROM container_loading
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND loading_no = ${loadingNo}
    ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw fieldError('loadingNo', E('loadingNotFound'), { loadingNo })
  return {
    id: n(r.id), loadingNo: String(r.loading_no), containerNo: String(r.container_no), containerSize: String(r.container_size),
    capacityVolume: n(r.capacity_volume), maxWeight: n(r.max_weight), agl: r.agl === true, sealNo: r.seal_no == null ? null : String(r.seal_no),
    status: n(r.status), shipped: r.shipped_at != null,
  }
}

/** The live count: boxes, volume (m³; carton volume is in litres) and gross weight (kg) in the container. */
export async function loadTotals(q: Queryable, head: Pick<LoadingHead, 'id' | 'capacityVolume' | 'maxWeight'>): Promise<LoadTotals> {
  const [t] = rowsOf(await q.execute(sql`
    SELECT count(*)::int AS boxes, coalesce(sum(c.volume), 0) AS volume, coalesce(sum(c.weight), 0) AS weight
    FROM container_load_box lb JOIN carton c ON c.id = lb.carton_id WHERE lb.loading_id = ${head.id}`))
  return { boxes: n(t!.boxes), volume: round3(n(t!.volume) / 1000), weight: round3(n(t!.weight)), capacityVolume: head.capacityVolume, maxWeight: head.maxWeight }
}

interface ScannedBox {
  id: number; boxCode: string; status: number; volume: number; weight: number; loadingNo: string | null
  shipmentNo: string | null; forwarder: string | null; shipmentContainer: string | null
  orderNo: string | null; provider: string | null; expectedContainer: string | null
}

/** The boxes of a scan, locked in id order, with their shipment and order facts. */
async function lockBoxes(q: Queryable, scope: Scope, where: ReturnType<typeof sql>): Promise<ScannedBox[]> {
  const ids = rowsOf(await q.execute(sql`
    SELECT c.id FROM carton c WHERE c.tenant_id = ${scope.tenantId} AND c.warehouse_id = ${scope.warehouseId} AND ${where} ORDER BY c.id FOR UPDATE`)).map((r) => n(r.id))
  if (!ids.length) return []
  const rows = rowsOf(await q.execute(sql`
    SELECT c.id, c.box_code, c.status, c.volume, c.weight, c.loading_no,
      sh.shipment_no, sh.forwarder, sh.container_no AS shipment_container,
      o.order_no, o.logistics_provider, o.expected_container_no
    FROM carton c
      LEFT JOIN shipment_carton sc ON sc.carton_id = c.id
      LEFT JOIN shipment sh ON sh.id = sc.shipment_id
      LEFT JOIN outbound_order o ON o.tenant_id = c.tenant_id AND o.warehouse_id = c.warehouse_id AND o.order_no = c.doc_no
    WHERE c.id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY c.id`))
  const t = (v: unknown) => (v == null || v === '' ? null : String(v))
  return rows.map((r) => ({
    id: n(r.id), boxCode: String(r.box_code), status: n(r.status), volume: n(r.volume ?? 0), weight: n(r.weight ?? 0), loadingNo: t(r.loading_no),
    shipmentNo: t(r.shipment_no), forwarder: t(r.forwarder), shipmentContainer: t(r.shipment_container),
    orderNo: t(r.order_no), provider: t(r.logistics_provider), expectedContainer: t(r.expected_container_no),
  }))
}

/** "In another container": the refusal naming the container that holds the box. */
async function inOtherContainer(q: Queryable, b: Pick<ScannedBox, 'id' | 'boxCode'>) {
  const [other] = rowsOf(await q.execute(sql`
    SELECT cl.loading_no, cl.container_no FROM container_load_box lb JOIN container_loading cl ON cl.id = lb.loading_id WHERE lb.carton_id = ${b.id}`))
  return conflict(E('inOtherContainer'), { boxCode: b.boxCode, loadingNo: other ? String(other.loading_no) : '', containerNo: other ? String(other.container_no) : '' })
}

/** Why this box may not go into this container (null: it may), naming the box. */
async function boxRefusal(q: Queryable, head: LoadingHead, b: ScannedBox) {
  if (b.loadingNo !== null && b.loadingNo !== head.loadingNo) return inOtherContainer(q, b)

  if (b.status === CartonShipStatus.Open) return conflict(E('boxNotClosed'), { boxCode: b.boxCode })
  if (b.status === CartonShipStatus.Shipped) return conflict(E('boxShipped'), { boxCode: b.boxCode })
  if (b.shipmentNo === null) return conflict(E('notInShipment'), { boxCode: b.boxCode })
  const boxAgl = isAglProvider(b.forwarder ?? b.provider)
  if (boxAgl !== head.agl) {
    return conflict(E(head.agl ? 'aglOnly' : 'aglMix'), { boxCode: b.boxCode, shipmentNo: b.shipmentNo, containerNo: head.containerNo })
  }
  const expected = b.shipmentContainer ?? b.expectedContainer
  if (expected !== null && expected !== head.containerNo) {
    return conflict(E('containerMismatch'), { boxCode: b.boxCode, shipmentNo: b.shipmentNo, expected, containerNo: head.containerNo })
  }
  return null
}

// ---------------------------------------------------------------------------------------------

defineHandler<z.output<typeof CreateLoadingArgs>>('containers.loading.create', async ({ tx, auth, args, setSummary }) => {
  const size = CONTAINER_SIZES[args.containerSize as ContainerSizeCode]
  const capacityVolume = args.capacityVolume ?? size.volumeM3
  const maxWeight = args.maxWeight ?? size.maxWeightKg
  // The transport it leaves on: an AGL transport carries AGL containers only (spec §5), so it makes the container AGL.
  let transportId: number | null = null
  let agl = args.agl
  if (args.transportCode) {
    const [tr] = rowsOf(await tx.execute(sql`SELECT id, agl FROM transport WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND code = ${args.transportCode} AND status = 1`))
    if (!tr) throw fieldError('transportCode', E('unknownTransport'), { code: args.transportCode })
    transportId = n(tr.id)
    agl = agl || tr.agl === true
  }
  const loadingNo = await nextDocNo(tx, auth, DOC_PREFIX.containerLoading)
  // Spec §8 "container not unique": one document per container number until it ships (the partial unique index decides under concurrency).
  const [r] = rowsOf(await tx.execute(sql`
    INSERT INTO container_loading (tenant_id, warehouse_id, loading_no, container_no, container_size, capacity_volume, max_weight, agl, transport_id, remark, status, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${loadingNo}, ${args.containerNo}, ${args.containerSize}, ${capacityVolume}, ${maxWeight}, ${agl}, ${transportId}, ${args.remark}, ${S.WaitingLoad}, ${auth.userId}, ${auth.username})
    ON CONFLICT (tenant_id, warehouse_id, container_no) WHERE shipped_at IS NULL DO NOTHING
    RETURNING id`))
  if (!r) {
    const [other] = rowsOf(await tx.execute(sql`SELECT loading_no FROM container_loading WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND container_no = ${args.containerNo} AND shipped_at IS NULL`))
    throw fieldError('containerNo', E('containerNotUnique'), { containerNo: args.containerNo, loadingNo: other ? String(other.loading_no) : '' })
  }
  setSummary(`${loadingNo} created (${args.containerNo} ${args.containerSize}${agl ? ' AGL' : ''}${args.transportCode ? ` on ${args.transportCode}` : ''})`)
  return { loadingNo, containerNo: args.containerNo, status: S.WaitingLoad }
})

defineHandler<z.output<typeof LoadScanArgs>>('containers.loading.scan', async ({ tx, auth, args, setSummary }) => {
  const head = await loadLoading(tx, auth, args.loadingNo)
  refuseUnlessAllowed(containerLoadingMachine, 'containers.loading.scan', head, auth)
  let kind: 'box' | 'shipment' = 'box'
  let boxes = await lockBoxes(tx, auth, sql`c.box_code = ${args.code}`)
  if (!boxes.length) {
    const [sh] = rowsOf(await tx.execute(sql`SELECT id FROM shipment WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND shipment_no = ${args.code}`))
    if (!sh) throw fieldError('code', E('unknownCode'), { code: args.code })
    kind = 'shipment'
    boxes = await lockBoxes(tx, auth, sql`c.id IN (SELECT sc.carton_id FROM shipment_carton sc WHERE sc.shipment_id = ${n(sh.id)})`)
    if (!boxes.length) throw fieldError('code', E('shipmentEmpty'), { shipmentNo: args.code })
  }
  const already = boxes.filter((b) => b.loadingNo === head.loadingNo)
  const fresh = boxes.filter((b) => b.loadingNo !== head.loadingNo)
  // All or nothing: one refused box refuses the scan (a shipment is loaded whole).
  for (const b of fresh) {
    const refusal = await boxRefusal(tx, head, b)
    if (refusal) throw refusal
  }
  const before = await loadTotals(tx, head)
  // The count after this scan: what was in (read once, under the document's lock) plus what this scan loads.
  const volume = round3(before.volume + fresh.reduce((s, b) => s + b.volume, 0) / 1000)
  const weight = round3(before.weight + fresh.reduce((s, b) => s + b.weight, 0))
  if (fresh.length) {
    const what = kind === 'box' ? fresh[0]!.boxCode : args.code
    if (volume > head.capacityVolume) throw conflict(E('overVolume'), { code: what, volume, capacity: head.capacityVolume, containerNo: head.containerNo })
    if (weight > head.maxWeight) throw conflict(E('overWeight'), { code: what, weight, max: head.maxWeight, containerNo: head.containerNo })
    for (const b of fresh) {
      const [ins] = rowsOf(await tx.execute(sql`
        INSERT INTO container_load_box (tenant_id, warehouse_id, loading_id, carton_id, loaded_by, loaded_by_name)
        VALUES (${auth.tenantId}, ${auth.warehouseId}, ${head.id}, ${b.id}, ${auth.userId}, ${auth.username})
        ON CONFLICT (carton_id) DO NOTHING RETURNING id`))
      if (!ins) throw await inOtherContainer(tx, b)
    }
    await tx.execute(sql`UPDATE carton SET loading_no = ${head.loadingNo}, loaded_at = now() WHERE id IN (${sql.join(fresh.map((b) => sql`${b.id}`), sql`, `)})`)
    await tx.execute(sql`UPDATE container_loading SET updated_at = now() WHERE id = ${head.id}`)
  }
  const totals: LoadTotals = { ...before, boxes: before.boxes + fresh.length, volume, weight }
  setSummary(`${head.loadingNo} ${head.containerNo} +${fresh.length} ${kind === 'box' ? args.code : `${args.code} (${fresh.length} boxes)`}${already.length ? `, ${already.length} already loaded` : ''}`)
  return { loadingNo: head.loadingNo, containerNo: head.containerNo, loaded: fresh.map((b) => b.boxCode), already: already.map((b) => b.boxCode), kind, totals }
})

defineHandler<z.output<typeof UnloadArgs>>('containers.loading.unload', async ({ tx, auth, args, setSummary }) => {
  const head = await loadLoading(tx, auth, args.loadingNo)
  refuseUnlessAllowed(containerLoadingMachine, 'containers.loading.unload', head, auth)
  const [b] = rowsOf(await tx.execute(sql`
    SELECT c.id FROM carton c JOIN container_load_box lb ON lb.carton_id = c.id
    WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND c.box_code = ${args.boxCode} AND lb.loading_id = ${head.id} FOR UPDATE OF c`))
  if (!b) throw fieldError('boxCode', E('notInContainer'), { boxCode: args.boxCode, containerNo: head.containerNo })
  await tx.execute(sql`DELETE FROM container_load_box WHERE carton_id = ${n(b.id)}`)
  await tx.execute(sql`UPDATE carton SET loading_no = NULL, loaded_at = NULL WHERE id = ${n(b.id)}`)
  await tx.execute(sql`UPDATE container_loading SET updated_at = now() WHERE id = ${head.id}`)
  setSummary(`${head.loadingNo} ${head.containerNo} -${args.boxCode}`)
  return { loadingNo: head.loadingNo, containerNo: head.containerNo, status: head.status, totals: await loadTotals(tx, head) }
})

defineHandler<{ loadingNo: string }>('containers.loading.finish', async ({ tx, auth, args, setSummary }) => {
  const head = await loadLoading(tx, auth, args.loadingNo)
  refuseUnlessAllowed(containerLoadingMachine, 'containers.loading.finish', head, auth)
  const totals = await loadTotals(tx, head)
  if (totals.boxes === 0) throw conflict(E('emptyContainer'), { loadingNo: head.loadingNo, containerNo: head.containerNo })
  await tx.execute(sql`UPDATE container_loading SET status = ${S.Loaded}, loaded_at = now(), updated_at = now() WHERE id = ${head.id}`)
  setSummary(`${head.loadingNo} ${head.status}→${S.Loaded}`)
  return { loadingNo: head.loadingNo, containerNo: head.containerNo, status: S.Loaded, totals }
})

defineHandler<z.output<typeof CloseLoadingArgs>>('containers.loading.close', async ({ tx, auth, args, setSummary }) => {
  const head = await loadLoading(tx, auth, args.loadingNo)
  refuseUnlessAllowed(containerLoadingMachine, 'containers.loading.close', head, auth)
  await tx.execute(sql`UPDATE container_loading SET status = ${S.Closed}, seal_no = ${args.sealNo}, closed_at = now(), closed_by_name = ${auth.username}, updated_at = now() WHERE id = ${head.id}`)
  setSummary(`${head.loadingNo} ${head.status}→${S.Closed} (seal ${args.sealNo})`)
  return { loadingNo: head.loadingNo, containerNo: head.containerNo, status: S.Closed, totals: await loadTotals(tx, head) }
})

defineHandler<{ loadingNo: string }>('containers.loading.ship', async ({ tx, auth, args, setSummary }) => {
  const head = await loadLoading(tx, auth, args.loadingNo)
  refuseUnlessAllowed(containerLoadingMachine, 'containers.loading.ship', head, auth)
  const ids = rowsOf(await tx.execute(sql`SELECT carton_id FROM container_load_box WHERE loading_id = ${head.id} ORDER BY carton_id`)).map((r) => n(r.carton_id))
  if (!ids.length) throw conflict(E('emptyContainer'), { loadingNo: head.loadingNo, containerNo: head.containerNo })
  const r = await shipCartons(tx, auth, { cartonIds: ids, docType: LOADING_DOC, docNo: head.loadingNo })
  // The shipments owning these boxes follow, as K1's own ship does (shipments.ship): Shipped 1 when all of
  // their boxes are shipped, else PartiallyShipped 3; shipped boxes counted.
  const owners = rowsOf(await tx.execute(sql`
    SELECT DISTINCT sc.shipment_id FROM shipment_carton sc WHERE sc.carton_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) ORDER BY sc.shipment_id`)).map((x) => n(x.shipment_id))
  for (const id of owners) {
    const [c] = rowsOf(await tx.execute(sql`
      SELECT count(*)::int AS total, count(*) FILTER (WHERE c.status = ${CartonShipStatus.Shipped})::int AS shipped
      FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id WHERE sc.shipment_id = ${id}`))
    const status = n(c!.shipped) === n(c!.total) ? ShipmentStatus.Shipped : ShipmentStatus.PartiallyShipped
    await tx.execute(sql`UPDATE shipment SET status = ${status}, shipped_boxes = ${n(c!.shipped)}, shipped_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${id}`)
  }
  await tx.execute(sql`UPDATE container_loading SET shipped_at = now(), shipped_by_name = ${auth.username}, updated_at = now() WHERE id = ${head.id}`)
  setSummary(`${head.loadingNo} ${head.containerNo} shipped (${r.cartons} boxes, ${r.units} units)`)
  return { loadingNo: head.loadingNo, containerNo: head.containerNo, status: head.status, boxes: r.cartons, units: r.units }
})

/** Order statuses whose expected container can no longer change: shipping started or over, or voided. */
const ALLOT_CLOSED: readonly number[] = [OutboundOrderStatus.PartTransport, OutboundOrderStatus.Over, OutboundOrderStatus.DeficiencyOver, OutboundOrderStatus.Cancel]

defineHandler<z.output<typeof AllotContainerArgs>>('containers.allot', async ({ tx, auth, args, setSummary }) => {
  const nos = [...new Set(args.orderNos)]
  const rows = rowsOf(await tx.execute(sql`
    SELECT id, order_no, order_type, status, expected_container_no FROM outbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no IN (${sql.join(nos.map((x) => sql`${x}`), sql`, `)})
    ORDER BY id FOR UPDATE`))
  const byNo = new Map(rows.map((r) => [String(r.order_no), r]))
  for (const [i, no] of args.orderNos.entries()) {
    const o = byNo.get(no)
    if (!o) throw fieldError(`orderNos.${i}`, E('orderNotFound'), { orderNo: no })
    if (n(o.order_type) !== OrderType.TOB) throw fieldError(`orderNos.${i}`, E('notTob'), { orderNo: no })
    if (ALLOT_CLOSED.includes(n(o.status))) throw fieldError(`orderNos.${i}`, E('allotStatus'), { orderNo: no, status: n(o.status) })
    // "Shipment status and expected container number must be consistent": a box of it already loaded elsewhere keeps its container.
    const [loaded] = rowsOf(await tx.execute(sql`
      SELECT cl.container_no FROM carton c JOIN container_load_box lb ON lb.carton_id = c.id JOIN container_loading cl ON cl.id = lb.loading_id
      WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND c.doc_no = ${no}
        AND cl.container_no IS DISTINCT FROM ${args.containerNo} LIMIT 1`))
    if (loaded) throw fieldError(`orderNos.${i}`, E('allotLoaded'), { orderNo: no, containerNo: String(loaded.container_no) })
  }
  await tx.execute(sql`UPDATE outbound_order SET expected_container_no = ${args.containerNo}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id IN (${sql.join(rows.map((r) => sql`${n(r.id)}`), sql`, `)})`)
  setSummary(`${nos.join(', ')} expected container ${args.containerNo ?? '—'}`)
  return { orders: nos.length, containerNo: args.containerNo }
})

/** One loading document with its boxes and its ledger rows (the read side and the tests). */
export async function loadingDetail(q: Queryable, scope: Scope, loadingNo: string) {
  const head = await loadLoading(q, scope, loadingNo, false)
  const [h] = rowsOf(await q.execute(sql`SELECT remark, created_at, created_by_name, loaded_at, closed_at, closed_by_name, shipped_at, shipped_by_name,
    (SELECT t.code FROM transport t WHERE t.id = container_loading.transport_id) AS transport_code FROM container_loading WHERE id = ${head.id}`))
  const boxes = rowsOf(await q.execute(sql`
    SELECT c.box_code, c.status, c.weight, c.volume, c.doc_no, c.seq, c.box_total, sh.shipment_no, lb.loaded_at, lb.loaded_by_name
    FROM container_load_box lb JOIN carton c ON c.id = lb.carton_id
      LEFT JOIN shipment_carton sc ON sc.carton_id = c.id LEFT JOIN shipment sh ON sh.id = sc.shipment_id
    WHERE lb.loading_id = ${head.id} ORDER BY lb.id`))
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
  const str = (v: unknown) => (v == null ? null : String(v))
  return {
    loadingNo: head.loadingNo, containerNo: head.containerNo, containerSize: head.containerSize, agl: head.agl, sealNo: head.sealNo,
    status: head.status, shippedAt: iso(h!.shipped_at), remark: str(h!.remark), transportCode: str(h!.transport_code), createdAt: iso(h!.created_at), createdByName: str(h!.created_by_name),
    loadedAt: iso(h!.loaded_at), closedAt: iso(h!.closed_at), closedByName: str(h!.closed_by_name), shippedByName: str(h!.shipped_by_name),
    totals: await loadTotals(q, head),
    boxes: boxes.map((b) => ({
      boxCode: String(b.box_code), status: n(b.status), weight: n(b.weight ?? 0), volume: n(b.volume ?? 0), orderNo: str(b.doc_no), shipmentNo: str(b.shipment_no),
      seq: n(b.seq), boxTotal: b.box_total == null ? null : n(b.box_total), loadedAt: iso(b.loaded_at), loadedByName: str(b.loaded_by_name),
    })),
  }
}
export type LoadingDetail = Awaited<ReturnType<typeof loadingDetail>>
