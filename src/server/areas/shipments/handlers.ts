// ToB shipments' commands (commands/shipments.ts), one transaction each; the shipment's machine
// (src/domain/states/shipment.ts) is asked before every status move.
//
// Generation: the named ToB orders must be packed — picked (ReadyOut 2, or PartTransport 3 for a rest),
// no packing task of theirs still being worked, none of their reserved goods still outside the packing
// place — and hold closed boxes in no shipment yet ("generation count not above ungenerated shipments": an
// order with none is refused). Orders are grouped by what one shipment shares (business type, channel,
// destination warehouse, expected container number); each group's boxes, in order then box order, fill
// shipments greedily: a box opens a new shipment when adding it would pass the limit of boxes, gross weight
// or volume (the command's, else DEFAULT_SHIPMENT_LIMITS of the business type). A box alone above a limit
// is refused, naming it. A box is in at most one shipment (shipment_carton.carton_id UNIQUE).
// Shipping: approved, NotShipped/PartiallyShipped; a container shipment (sea, railway) needs its container
// number and every box to ship loaded (carton.loaded_at, set by K2's loading); then shipCartons, box by box,
// under the shipment's number — the orders become PartTransport 3 or shipped.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import { AppError, conflict, fieldError } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { OUTBOUND_DOC } from '../../inventory/allocation'
import { PACKING_LOCATION } from '../../db/seed/stations'
import { OutboundOrderStatus, PackingTaskStatus, ShipmentStatus } from '../../../domain/dictionaries'
import { refuseStatus } from '../../../domain/states/machine'
import { shipmentMachine, ShipmentApproval, type ShipmentFacts } from '../../../domain/states/shipment'
import { CartonShipStatus, shipCartons } from './ship-cartons'
import {
  CONTAINER_TYPES, DEFAULT_SHIPMENT_LIMITS, type EditShipmentArgs, type GenerateArgs, type GenerateResult, type ShipArgs, type ShipResult, type ShipmentNosArgs,
} from '../../../../commands/shipments'
import type { z } from 'zod'

type Scope = { tenantId: number; warehouseId: number }
const S = ShipmentStatus
const n = (v: unknown) => Number(v)
const E = (k: string) => `shipments:errors.${k}`
export const SHIPMENT_DOC = 'shipment'
const TOB = 1
const round4 = (v: number) => Math.round(v * 10_000) / 10_000

// ---------------------------------------------------------------------------------------------
// Generation

interface Box { id: number; boxCode: string; orderId: number; weight: number; volume: number }

defineHandler<z.output<typeof GenerateArgs>>('shipments.generate', async ({ tx, auth, args, setSummary }) => {
  const nos = [...new Set(args.orderNos)]
  const orders = rowsOf(await tx.execute(sql`
    SELECT id, order_no, status, order_type, business_type, channel, destination_warehouse, expected_container_no, shipping_method, logistics_provider
    FROM outbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no IN (${sql.join(nos.map((x) => sql`${x}`), sql`, `)})
    ORDER BY id FOR UPDATE`))
  const byNo = new Map(orders.map((o) => [String(o.order_no), o]))
  for (const [i, x] of args.orderNos.entries()) {
    if (!byNo.has(x)) throw fieldError(`orderNos.${i}`, E('orderNotFound'), { orderNo: x })
  }
  // What each order still has: unfinished packing tasks, reserved goods outside the packing place (set-based: one pass each).
  const noList = sql.join(orders.map((o) => sql`${String(o.order_no)}`), sql`, `)
  const openTask = new Map(rowsOf(await tx.execute(sql`
    SELECT doc_no, min(task_no) AS task_no FROM packing_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_no IN (${noList})
      AND status IN (${PackingTaskStatus.Unclaimed}, ${PackingTaskStatus.Unpacked}, ${PackingTaskStatus.Packed}) GROUP BY doc_no`)).map((r) => [String(r.doc_no), String(r.task_no)]))
  const unpacked = new Map(rowsOf(await tx.execute(sql`
    SELECT r.doc_no, sum(r.qty)::int AS qty FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id
    WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_no IN (${noList}) AND r.doc_type = ${OUTBOUND_DOC} AND r.status = 0 AND l.code <> ${PACKING_LOCATION}
    GROUP BY r.doc_no`)).map((r) => [String(r.doc_no), n(r.qty)]))
  // The orders' closed boxes in no shipment yet, found by the order numbers (carton_doc_idx), in order then box order.
  const boxes = rowsOf(await tx.execute(sql`
    SELECT c.id, c.box_code, c.weight, c.volume, c.doc_no FROM carton c
    WHERE c.tenant_id = ${auth.tenantId} AND c.warehouse_id = ${auth.warehouseId} AND c.doc_no IN (${noList}) AND c.status = ${CartonShipStatus.Closed}
      AND NOT EXISTS (SELECT 1 FROM shipment_carton sc WHERE sc.carton_id = c.id)
    ORDER BY c.task_id, c.seq FOR UPDATE OF c`))
  const idOf = new Map(orders.map((o) => [String(o.order_no), n(o.id)]))
  const boxesOf = new Map<number, Box[]>()
  for (const b of boxes) {
    const orderId = idOf.get(String(b.doc_no))!
    const list = boxesOf.get(orderId) ?? []
    list.push({ id: n(b.id), boxCode: String(b.box_code), orderId, weight: n(b.weight), volume: n(b.volume ?? 0) })
    boxesOf.set(orderId, list)
  }
  const allowed = [OutboundOrderStatus.ReadyOut, OutboundOrderStatus.PartTransport]
  for (const [i, x] of args.orderNos.entries()) {
    const o = byNo.get(x)!
    const field = `orderNos.${i}`
    if (n(o.order_type) !== TOB) throw fieldError(field, E('notTob'), { orderNo: x })
    if (!(allowed as number[]).includes(n(o.status))) {
      const r = refuseStatus(E('generateStatus'), 'outboundOrderStatus', n(o.status), allowed, { orderNo: x })
      throw new AppError(409, r.key, r.params, [{ field, messageKey: r.key, params: r.params }])
    }
    const task = openTask.get(x)
    if (task) throw new AppError(409, E('packingOpen'), { orderNo: x, taskNo: task }, [{ field, messageKey: E('packingOpen'), params: { orderNo: x, taskNo: task } }])
    const left = unpacked.get(x) ?? 0
    if (left > 0) throw new AppError(409, E('notPacked'), { orderNo: x, qty: left }, [{ field, messageKey: E('notPacked'), params: { orderNo: x, qty: left } }])
    if (!boxesOf.get(n(o.id))?.length) throw new AppError(409, E('nothingToGenerate'), { orderNo: x }, [{ field, messageKey: E('nothingToGenerate'), params: { orderNo: x } }])
  }
  // Groups: what one shipment shares.
  const groups = new Map<string, Record<string, unknown>[]>()
  for (const o of orders) {
    const key = JSON.stringify([o.business_type, o.channel, o.destination_warehouse, o.expected_container_no])
    groups.set(key, [...(groups.get(key) ?? []), o])
  }
  const made: GenerateResult['shipments'] = []
  let boxTotal = 0
  for (const group of groups.values()) {
    const head = group[0]!
    const type = String(head.business_type ?? 'sea')
    const d = DEFAULT_SHIPMENT_LIMITS[type] ?? DEFAULT_SHIPMENT_LIMITS.sea!
    const lim = { maxBoxes: args.maxBoxes ?? d.maxBoxes, maxWeight: args.maxWeight ?? d.maxWeight, maxVolume: args.maxVolume ?? d.maxVolume }
    const bins: Box[][] = []
    let cur: Box[] = []
    let w = 0
    let v = 0
    for (const o of group) {
      for (const b of boxesOf.get(n(o.id))!) {
        if (b.weight > lim.maxWeight) throw conflict(E('boxOverWeight'), { boxCode: b.boxCode, weight: b.weight, max: lim.maxWeight })
        if (b.volume > lim.maxVolume) throw conflict(E('boxOverVolume'), { boxCode: b.boxCode, volume: b.volume, max: lim.maxVolume })
        if (cur.length && (cur.length + 1 > lim.maxBoxes || w + b.weight > lim.maxWeight + 1e-9 || v + b.volume > lim.maxVolume + 1e-9)) {
          bins.push(cur); cur = []; w = 0; v = 0
        }
        cur.push(b); w += b.weight; v += b.volume
      }
    }
    if (cur.length) bins.push(cur)
    const ordersOf = new Map(group.map((o) => [n(o.id), String(o.order_no)]))
    for (const bin of bins) {
      const shipmentNo = await nextDocNo(tx, auth, DOC_PREFIX.shipment)
      const weight = round4(bin.reduce((s, b) => s + b.weight, 0))
      const volume = round4(bin.reduce((s, b) => s + b.volume, 0))
      const container = CONTAINER_TYPES.includes(type) && head.expected_container_no != null ? String(head.expected_container_no) : null
      const [s] = rowsOf(await tx.execute(sql`
        INSERT INTO shipment (tenant_id, warehouse_id, shipment_no, status, approval, business_type, channel, destination_warehouse, container_no, shipping_method, forwarder,
          box_count, gross_weight, volume, created_by, updated_by)
        VALUES (${auth.tenantId}, ${auth.warehouseId}, ${shipmentNo}, ${S.NotShipped}, ${ShipmentApproval.NotApproved}, ${type}, ${head.channel as string | null}, ${head.destination_warehouse as string | null},
          ${container}, ${head.shipping_method as string | null}, ${head.logistics_provider as string | null}, ${bin.length}, ${weight}, ${volume}, ${auth.userId}, ${auth.userId})
        RETURNING id`))
      const payload = JSON.stringify(bin.map((b, k) => ({ c: b.id, o: b.orderId, s: k + 1 })))
      await tx.execute(sql`INSERT INTO shipment_carton (shipment_id, carton_id, order_id, seq)
        SELECT ${n(s!.id)}, x.c, x.o, x.s FROM jsonb_to_recordset(${payload}::jsonb) AS x(c int, o int, s int)`)
      made.push({ shipmentNo, boxes: bin.length, weight, volume, orders: [...new Set(bin.map((b) => ordersOf.get(b.orderId)!))] })
      boxTotal += bin.length
    }
  }
  setSummary(`${made.length} shipments (${boxTotal} boxes) from ${orders.length} orders`)
  return { shipments: made, boxes: boxTotal } satisfies GenerateResult
})

// ---------------------------------------------------------------------------------------------
// One shipment, locked

interface ShipmentHead extends ShipmentFacts { id: number; businessType: string; containerNo: string | null; shippingMethod: string | null; departureAt: Date | null; arrivalAt: Date | null }

async function lockShipments(tx: AppTx, scope: Scope, nos: readonly string[], field = 'shipmentNos'): Promise<ShipmentHead[]> {
  const uniq = [...new Set(nos)]
  const rows = rowsOf(await tx.execute(sql`
    SELECT id, shipment_no, status, approval, business_type, container_no, shipping_method, departure_at, arrival_at FROM shipment
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND shipment_no IN (${sql.join(uniq.map((x) => sql`${x}`), sql`, `)})
    ORDER BY id FOR UPDATE`))
  const found = new Set(rows.map((r) => String(r.shipment_no)))
  const missing = nos.findIndex((x) => !found.has(x))
  if (missing >= 0) throw fieldError(field === 'shipmentNo' ? field : `${field}.${missing}`, E('shipmentNotFound'), { shipmentNo: nos[missing]! })
  return rows.map((r) => ({
    id: n(r.id), shipmentNo: String(r.shipment_no), status: n(r.status), approval: n(r.approval), businessType: String(r.business_type),
    containerNo: r.container_no == null ? null : String(r.container_no), shippingMethod: r.shipping_method == null ? null : String(r.shipping_method),
    departureAt: r.departure_at == null ? null : new Date(r.departure_at as string), arrivalAt: r.arrival_at == null ? null : new Date(r.arrival_at as string),
  }))
}

/** The orders' expected container numbers of a shipment's boxes (distinct, non-null). */
async function expectedContainers(tx: AppTx, shipmentId: number): Promise<{ orderNo: string; expected: string }[]> {
  return rowsOf(await tx.execute(sql`
    SELECT DISTINCT o.order_no, o.expected_container_no FROM shipment_carton sc JOIN outbound_order o ON o.id = sc.order_id
    WHERE sc.shipment_id = ${shipmentId} AND o.expected_container_no IS NOT NULL ORDER BY o.order_no`)).map((r) => ({ orderNo: String(r.order_no), expected: String(r.expected_container_no) }))
}

/** Set or clear the orders' shipment_approved flag: set while any approved, live shipment holds a box of theirs. */
async function syncApprovalFlags(tx: AppTx, shipmentId: number) {
  await tx.execute(sql`
    UPDATE outbound_order o SET shipment_approved = EXISTS (
        SELECT 1 FROM shipment_carton sc2 JOIN shipment s2 ON s2.id = sc2.shipment_id
        WHERE sc2.order_id = o.id AND s2.approval = ${ShipmentApproval.Approved} AND s2.status <> ${S.ShippingTerminated}),
      updated_at = now()
    WHERE o.id IN (SELECT DISTINCT order_id FROM shipment_carton WHERE shipment_id = ${shipmentId} AND order_id IS NOT NULL)`)
}

const states = (list: ShipmentHead[]) => ({ shipments: list.map((s) => ({ shipmentNo: s.shipmentNo, status: s.status, approval: s.approval })) })

defineHandler<z.output<typeof EditShipmentArgs>>('shipments.edit', async ({ tx, auth, args, setSummary }) => {
  const [s] = await lockShipments(tx, auth, [args.shipmentNo], 'shipmentNo')
  refuseUnlessAllowed(shipmentMachine, 'shipments.edit', s!, auth)
  const h = s!
  // "Shipment status and expected container number must be consistent": the container is fixed once boxes ship,
  // and it is the orders' expected container when they name one.
  if (args.containerNo !== undefined && args.containerNo !== h.containerNo) {
    if (h.status !== S.NotShipped) throw fieldError('containerNo', E('containerFixed'), { shipmentNo: h.shipmentNo, containerNo: h.containerNo ?? '' })
    if (args.containerNo !== null) {
      const other = (await expectedContainers(tx, h.id)).find((x) => x.expected !== args.containerNo)
      if (other) throw fieldError('containerNo', E('containerMismatch'), { containerNo: args.containerNo, orderNo: other.orderNo, expected: other.expected })
    }
  }
  if (args.shippingMethod !== undefined && args.shippingMethod !== h.shippingMethod && h.approval === ShipmentApproval.Approved) {
    throw fieldError('shippingMethod', E('approvedShippingMethod'), { shipmentNo: h.shipmentNo })
  }
  const dep = args.departureAt === undefined ? h.departureAt : args.departureAt === null ? null : new Date(args.departureAt)
  const arr = args.arrivalAt === undefined ? h.arrivalAt : args.arrivalAt === null ? null : new Date(args.arrivalAt)
  // "Departure/delivery date cannot be earlier than departure date".
  if (dep && arr && arr.getTime() < dep.getTime()) throw fieldError('arrivalAt', E('arrivalBeforeDeparture'), { arrivalAt: arr.toISOString().slice(0, 16), departureAt: dep.toISOString().slice(0, 16) })
  const set = (col: string, v: unknown) => (v === undefined ? sql`` : sql`, ${sql.raw(col)} = ${v as string | null}`)
  await tx.execute(sql`UPDATE shipment SET updated_at = now(), updated_by = ${auth.userId}
    ${set('container_no', args.containerNo)} ${set('port', args.port)} ${set('shipping_method', args.shippingMethod)} ${set('forwarder', args.forwarder)}
    ${set('bill_of_lading', args.billOfLading)} ${set('seal_no', args.sealNo)} ${set('tracking_no', args.trackingNo)}
    ${args.departureAt === undefined ? sql`` : sql`, departure_at = ${dep ? dep.toISOString() : null}::timestamptz`}
    ${args.arrivalAt === undefined ? sql`` : sql`, arrival_at = ${arr ? arr.toISOString() : null}::timestamptz`}
    WHERE id = ${h.id}`)
  setSummary(`${h.shipmentNo} edited`)
  return states([h])
})

defineHandler<z.output<typeof ShipmentNosArgs>>('shipments.approve', async ({ tx, auth, args, setSummary }) => {
  const list = await lockShipments(tx, auth, args.shipmentNos)
  for (const s of list) refuseUnlessAllowed(shipmentMachine, 'shipments.approve', s, auth)
  for (const s of list) {
    await tx.execute(sql`UPDATE shipment SET approval = ${ShipmentApproval.Approved}, approved_by = ${auth.userId}, approved_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${s.id}`)
    s.approval = ShipmentApproval.Approved
    await syncApprovalFlags(tx, s.id)
  }
  setSummary(`approved ${list.map((s) => s.shipmentNo).join(', ')}`)
  return states(list)
})

defineHandler<z.output<typeof ShipmentNosArgs>>('shipments.unapprove', async ({ tx, auth, args, setSummary }) => {
  const list = await lockShipments(tx, auth, args.shipmentNos)
  for (const s of list) refuseUnlessAllowed(shipmentMachine, 'shipments.unapprove', s, auth)
  for (const s of list) {
    await tx.execute(sql`UPDATE shipment SET approval = ${ShipmentApproval.NotApproved}, approved_by = NULL, approved_at = NULL, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${s.id}`)
    s.approval = ShipmentApproval.NotApproved
    await syncApprovalFlags(tx, s.id)
  }
  setSummary(`unapproved ${list.map((s) => s.shipmentNo).join(', ')}`)
  return states(list)
})

defineHandler<z.output<typeof ShipArgs>>('shipments.ship', async ({ tx, auth, args, setSummary }) => {
  const list = await lockShipments(tx, auth, args.shipmentNos)
  if (args.boxCodes?.length && list.length !== 1) throw fieldError('boxCodes', E('boxesOfOneShipment'), { shipments: list.length })
  for (const s of list) refuseUnlessAllowed(shipmentMachine, 'shipments.ship', s, auth)
  const out: ShipResult = { shipments: [], orders: [] }
  for (const s of list) {
    const boxes = rowsOf(await tx.execute(sql`
      SELECT c.id, c.box_code, c.status, c.loaded_at FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id
      WHERE sc.shipment_id = ${s.id} ORDER BY sc.seq`))
    let pick = boxes.filter((b) => n(b.status) !== CartonShipStatus.Shipped)
    if (args.boxCodes?.length) {
      const mine = new Map(boxes.map((b) => [String(b.box_code), b]))
      for (const [i, code] of args.boxCodes.entries()) {
        const b = mine.get(code)
        if (!b) throw fieldError(`boxCodes.${i}`, E('boxNotInShipment'), { boxCode: code, shipmentNo: s.shipmentNo })
        if (n(b.status) === CartonShipStatus.Shipped) throw fieldError(`boxCodes.${i}`, E('cartonShipped'), { boxCode: code, docNo: s.shipmentNo })
      }
      const wanted = new Set(args.boxCodes)
      pick = pick.filter((b) => wanted.has(String(b.box_code)))
    }
    if (!pick.length) throw conflict(E('nothingToShip'), { shipmentNo: s.shipmentNo })
    if (CONTAINER_TYPES.includes(s.businessType)) {
      // "Shipment status and expected container number must be consistent"; batch shipping needs everything loaded in the container.
      if (!s.containerNo) throw conflict(E('containerRequired'), { shipmentNo: s.shipmentNo })
      const notLoaded = pick.filter((b) => b.loaded_at == null)
      if (notLoaded.length) throw conflict(E('notLoaded'), { shipmentNo: s.shipmentNo, boxCode: String(notLoaded[0]!.box_code), notLoaded: notLoaded.length })
    }
    // shipCartons settles the shipment (Shipped 1 when every box is shipped, else PartiallyShipped 3).
    const r = await shipCartons(tx, auth, { cartonIds: pick.map((b) => n(b.id)), docType: SHIPMENT_DOC, docNo: s.shipmentNo })
    const status = r.shipments.find((x) => x.shipmentNo === s.shipmentNo)!.status
    out.shipments.push({ shipmentNo: s.shipmentNo, status, boxes: r.cartons, units: r.units })
    for (const o of r.orders) {
      const i = out.orders.findIndex((x) => x.orderNo === o.orderNo)
      if (i >= 0) out.orders[i] = o
      else out.orders.push(o)
    }
  }
  setSummary(`shipped ${out.shipments.map((s) => `${s.shipmentNo} (${s.boxes})`).join(', ')}`)
  return out
})

defineHandler<z.output<typeof ShipmentNosArgs>>('shipments.depart', async ({ tx, auth, args, setSummary }) => {
  const list = await lockShipments(tx, auth, args.shipmentNos)
  for (const s of list) refuseUnlessAllowed(shipmentMachine, 'shipments.depart', s, auth)
  for (const s of list) {
    await tx.execute(sql`UPDATE shipment SET status = ${S.InTransit}, departure_at = coalesce(departure_at, now()), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${s.id}`)
    s.status = S.InTransit
  }
  setSummary(`in transit ${list.map((s) => s.shipmentNo).join(', ')}`)
  return states(list)
})

defineHandler<z.output<typeof ShipmentNosArgs>>('shipments.terminate', async ({ tx, auth, args, setSummary }) => {
  const list = await lockShipments(tx, auth, args.shipmentNos)
  for (const s of list) refuseUnlessAllowed(shipmentMachine, 'shipments.terminate', s, auth)
  for (const s of list) {
    // The boxes not shipped leave the shipment: a new generation may take them.
    const orders = rowsOf(await tx.execute(sql`SELECT DISTINCT order_id FROM shipment_carton WHERE shipment_id = ${s.id} AND order_id IS NOT NULL`)).map((r) => n(r.order_id))
    await tx.execute(sql`DELETE FROM shipment_carton sc USING carton c WHERE sc.shipment_id = ${s.id} AND c.id = sc.carton_id AND c.status <> ${CartonShipStatus.Shipped}`)
    await tx.execute(sql`
      UPDATE shipment SET status = ${S.ShippingTerminated}, box_count = shipped_boxes,
        gross_weight = coalesce((SELECT sum(c.weight) FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id WHERE sc.shipment_id = ${s.id}), 0),
        volume = coalesce((SELECT sum(c.volume) FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id WHERE sc.shipment_id = ${s.id}), 0),
        updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${s.id}`)
    s.status = S.ShippingTerminated
    if (orders.length) {
      await tx.execute(sql`
        UPDATE outbound_order o SET shipment_approved = EXISTS (
            SELECT 1 FROM shipment_carton sc2 JOIN shipment s2 ON s2.id = sc2.shipment_id
            WHERE sc2.order_id = o.id AND s2.approval = ${ShipmentApproval.Approved} AND s2.status <> ${S.ShippingTerminated}), updated_at = now()
        WHERE o.id IN (${sql.join(orders.map((id) => sql`${id}`), sql`, `)})`)
    }
  }
  setSummary(`terminated ${list.map((s) => s.shipmentNo).join(', ')}`)
  return states(list)
})

/** One shipment with its orders, boxes and ledger rows (the read side, the pages and the tests). */
export async function shipmentDetail(q: Queryable, scope: Scope, shipmentNo: string) {
  const [h] = rowsOf(await q.execute(sql`SELECT * FROM shipment WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND shipment_no = ${shipmentNo}`))
  if (!h) return undefined
  const num = (v: unknown) => (v == null ? null : Number(v))
  const str = (v: unknown) => (v == null ? null : String(v))
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString())
  const boxes = rowsOf(await q.execute(sql`
    SELECT sc.seq, c.box_code, c.seq AS box_seq, c.box_total, c.box_mark, c.status, c.weight, c.volume, c.length, c.width, c.height, c.loading_no, c.loaded_at, c.shipped_at,
      o.order_no, l.code AS location_code,
      (SELECT coalesce(sum(i.qty), 0)::int FROM carton_item i WHERE i.carton_id = c.id) AS units
    FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id JOIN location l ON l.id = c.location_id LEFT JOIN outbound_order o ON o.id = sc.order_id
    WHERE sc.shipment_id = ${n(h.id)} ORDER BY sc.seq`))
  const orders = rowsOf(await q.execute(sql`
    SELECT o.id, o.order_no, o.status, o.expected_qty, o.actual_qty, o.expected_container_no, o.destination_warehouse, o.shipment_approved, o.box_mark,
      count(sc.id)::int AS boxes, count(sc.id) FILTER (WHERE c.status = ${CartonShipStatus.Shipped})::int AS shipped_boxes
    FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id JOIN outbound_order o ON o.id = sc.order_id
    WHERE sc.shipment_id = ${n(h.id)} GROUP BY o.id ORDER BY o.order_no`))
  const ledger = rowsOf(await q.execute(sql`
    SELECT g.id, g.reason, g.reason_params, g.delta_on_hand, g.delta_locked, l.code AS location_code, s.sku_code, b.batch_no
    FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id JOIN location l ON l.id = b.location_id JOIN product_sku s ON s.id = b.sku_id
    WHERE g.tenant_id = ${scope.tenantId} AND g.warehouse_id = ${scope.warehouseId} AND g.doc_type = ${SHIPMENT_DOC} AND g.doc_no = ${shipmentNo} ORDER BY g.id`))
  return {
    shipment: {
      shipmentNo: String(h.shipment_no), status: n(h.status), approval: n(h.approval), businessType: String(h.business_type), channel: str(h.channel),
      destinationWarehouse: str(h.destination_warehouse), containerNo: str(h.container_no), port: str(h.port), shippingMethod: str(h.shipping_method),
      forwarder: str(h.forwarder), billOfLading: str(h.bill_of_lading), sealNo: str(h.seal_no), trackingNo: str(h.tracking_no),
      departureAt: iso(h.departure_at), arrivalAt: iso(h.arrival_at), boxCount: n(h.box_count), grossWeight: n(h.gross_weight), volume: n(h.volume),
      shippedBoxes: n(h.shipped_boxes), approvedAt: iso(h.approved_at), shippedAt: iso(h.shipped_at), createdAt: iso(h.created_at)!,
    },
    orders: orders.map((o) => ({
      orderNo: String(o.order_no), status: n(o.status), expectedQty: n(o.expected_qty), actualQty: n(o.actual_qty), expectedContainerNo: str(o.expected_container_no),
      destinationWarehouse: str(o.destination_warehouse), shipmentApproved: o.shipment_approved === true, boxMark: str(o.box_mark), boxes: n(o.boxes), shippedBoxes: n(o.shipped_boxes),
    })),
    boxes: boxes.map((b) => ({
      seq: n(b.seq), boxCode: String(b.box_code), orderNo: str(b.order_no), boxSeq: n(b.box_seq), boxTotal: num(b.box_total), boxMark: str(b.box_mark), status: n(b.status),
      weight: num(b.weight), volume: num(b.volume), length: num(b.length), width: num(b.width), height: num(b.height), units: n(b.units),
      locationCode: String(b.location_code), loadingNo: str(b.loading_no), loaded: b.loaded_at != null, shippedAt: iso(b.shipped_at),
    })),
    ledger: ledger.map((r) => {
      const p = typeof r.reason_params === 'string' ? JSON.parse(r.reason_params) as Record<string, unknown> : (r.reason_params as Record<string, unknown> | null) ?? {}
      return { id: n(r.id), reason: str(r.reason), boxCode: p.boxCode == null ? null : String(p.boxCode), deltaOnHand: n(r.delta_on_hand), deltaLocked: n(r.delta_locked), locationCode: String(r.location_code), skuCode: String(r.sku_code), batchNo: String(r.batch_no) }
    }),
  }
}
export type ShipmentDetail = NonNullable<Awaited<ReturnType<typeof shipmentDetail>>>
