// shipCartons — the ONE way a packed box leaves the warehouse (issue 21; /work contract "shipCartons"):
// a ToB shipment (K1), a loaded container (K2) and a transfer (L) all call it inside their command's
// transaction; nobody copies it.
//
// For each closed box (carton.status 2), item by item, its units leave the location the box sits on
// through the ledger under the CALLER's document (docType/docNo, reason 'ship', the box code in the
// params): first the open reservations of the box's own document (carton.doc_no — the ToB order whose
// reservation followed the goods into the box, or a transfer's) on that balance are consumed (on_hand and
// locked fall together, the reservation closes); what no reservation covers is taken off the free stock
// there (a box packed from free stock). The box is then shipped (status 3, shipped_at, ship_doc_*).
// Every outbound order owning one of the boxes (order_no = carton.doc_no) must be picked or partly shipped
// (cartonShipVerdict); its lines' shipped_qty rise by what left under their reservations, and it becomes
// PartTransport 3 while any box of it is not shipped or any reservation of it is still open, else shipped
// (Over 4, or DeficiencyOver 5 when short of the expected quantity). Every shipment (FY) holding one of the boxes is
// settled too: Shipped 1 once all its boxes are shipped, else PartiallyShipped 3 (shipped_boxes counted).
// Refusals (409, nothing written — the caller's transaction rolls back): an unknown box id, an open box,
// an already shipped box (each naming the box code), an order not in a shippable status, short stock.
import { sql } from 'drizzle-orm'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { conflict, notFound } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { consumeReservation, removeStock, type DocRef, type Operator } from '../../inventory/ledger'
import { OUTBOUND_DOC } from '../../inventory/allocation'
import type { LEDGER_DOC_TYPES } from '../../../domain/ledger-reasons'
import { OutboundOrderStatus, ShipmentStatus } from '../../../domain/dictionaries'
import { shippedStatus } from '../../../domain/states/outbound-order'
import { cartonShipVerdict } from '../../../domain/states/shipment'

export type LedgerDocType = (typeof LEDGER_DOC_TYPES)[number]
/** carton.status (0056 + 0058): 1 open, 2 closed, 3 shipped. */
export const CartonShipStatus = { Open: 1, Closed: 2, Shipped: 3 } as const

export interface ShipCartonsArgs { cartonIds: readonly number[]; docType: LedgerDocType; docNo: string }
export interface ShipCartonsResult {
  cartons: number
  units: number
  /** Every outbound order owning a shipped box, with the status it reached (PartTransport 3, Over 4, DeficiencyOver 5). */
  orders: { orderNo: string; status: number; shippedQty: number }[]
  /** Every shipment (FY) holding a shipped box, settled: Shipped 1 when all its boxes are shipped, else PartiallyShipped 3. */
  shipments: { shipmentNo: string; status: number; shippedBoxes: number }[]
}

const n = (v: unknown) => Number(v)
const OS = OutboundOrderStatus

export async function shipCartons(tx: AppTx, auth: AuthContext, args: ShipCartonsArgs): Promise<ShipCartonsResult> {
  const ids = [...new Set(args.cartonIds)].sort((a, b) => a - b)
  if (!ids.length) return { cartons: 0, units: 0, orders: [], shipments: [] }
  const op: Operator = { userId: auth.userId, username: auth.username }
  const boxes = rowsOf(await tx.execute(sql`
    SELECT id, box_code, status, doc_no, location_id, ship_doc_no FROM carton
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
    ORDER BY id FOR UPDATE`))
  if (boxes.length !== ids.length) {
    const found = new Set(boxes.map((b) => n(b.id)))
    throw notFound('shipments:errors.cartonNotFound', { id: ids.find((id) => !found.has(id))! })
  }
  for (const b of boxes) {
    if (n(b.status) === CartonShipStatus.Open) throw conflict('shipments:errors.cartonOpen', { boxCode: String(b.box_code) })
    if (n(b.status) === CartonShipStatus.Shipped) throw conflict('shipments:errors.cartonShipped', { boxCode: String(b.box_code), docNo: String(b.ship_doc_no ?? '') })
  }
  // The outbound orders owning these boxes, locked in id order, each asked whether its boxes may ship.
  const docNos = [...new Set(boxes.map((b) => (b.doc_no == null ? null : String(b.doc_no))).filter((d): d is string => d !== null))]
  const orders = docNos.length ? rowsOf(await tx.execute(sql`
    SELECT id, order_no, status, expected_qty FROM outbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND order_no IN (${sql.join(docNos.map((d) => sql`${d}`), sql`, `)})
    ORDER BY id FOR UPDATE`)) : []
  for (const o of orders) {
    const v = cartonShipVerdict({ orderNo: String(o.order_no), status: n(o.status) })
    if (v !== true) throw conflict(v.key, v.params)
  }
  const orderNos = new Set(orders.map((o) => String(o.order_no)))
  // Per order line, the units shipped under its reservations.
  const lineShipped = new Map<string, number>()
  let units = 0
  for (const b of boxes) {
    const boxCode = String(b.box_code)
    const docNo = b.doc_no == null ? null : String(b.doc_no)
    const doc: DocRef = { docType: args.docType, docNo: args.docNo, docLine: null, reason: 'ship', reasonParams: { boxCode } }
    const items = rowsOf(await tx.execute(sql`SELECT sku_id, batch_no, stock_status, qty FROM carton_item WHERE carton_id = ${n(b.id)} ORDER BY id`))
    for (const it of items) {
      const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: n(b.location_id), skuId: n(it.sku_id), batchNo: String(it.batch_no), stockStatus: n(it.stock_status) }
      let left = n(it.qty)
      if (docNo !== null) {
        const res = rowsOf(await tx.execute(sql`
          SELECT r.id, r.qty, r.doc_type, r.doc_line FROM inventory_reservation r JOIN inventory_balance bal ON bal.id = r.balance_id
          WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_no = ${docNo} AND r.status = 0
            AND bal.location_id = ${key.locationId} AND bal.sku_id = ${key.skuId} AND bal.batch_no = ${key.batchNo} AND bal.stock_status = ${key.stockStatus}
          ORDER BY r.doc_line NULLS LAST, r.id`))
        for (const r of res) {
          if (left === 0) break
          const take = Math.min(left, n(r.qty))
          await consumeReservation(tx, auth, n(r.id), take, doc, op)
          left -= take
          if (String(r.doc_type) === OUTBOUND_DOC && orderNos.has(docNo) && r.doc_line != null) {
            const k = `${docNo}|${n(r.doc_line)}`
            lineShipped.set(k, (lineShipped.get(k) ?? 0) + take)
          }
        }
      }
      if (left > 0) await removeStock(tx, key, left, doc, op)
      units += n(it.qty)
    }
  }
  await tx.execute(sql`
    UPDATE carton SET status = ${CartonShipStatus.Shipped}, shipped_at = now(), ship_doc_type = ${args.docType}, ship_doc_no = ${args.docNo}
    WHERE id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`)
  const out: ShipCartonsResult['orders'] = []
  for (const o of orders) {
    const orderNo = String(o.order_no)
    for (const [k, qty] of lineShipped) {
      const [no, line] = k.split('|')
      if (no !== orderNo) continue
      await tx.execute(sql`UPDATE outbound_order_line SET shipped_qty = shipped_qty + ${qty} WHERE order_id = ${n(o.id)} AND line_no = ${Number(line)}`)
    }
    const [left] = rowsOf(await tx.execute(sql`
      SELECT (SELECT count(*)::int FROM carton WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_no = ${orderNo} AND status <> ${CartonShipStatus.Shipped}) AS boxes,
        (SELECT count(*)::int FROM inventory_reservation WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_type = ${OUTBOUND_DOC} AND doc_no = ${orderNo} AND status = 0) AS reserved,
        (SELECT coalesce(sum(shipped_qty), 0)::int FROM outbound_order_line WHERE order_id = ${n(o.id)}) AS shipped`))
    const shipped = n(left!.shipped)
    const done = n(left!.boxes) === 0 && n(left!.reserved) === 0
    const status = done ? shippedStatus(shipped, n(o.expected_qty)) : OS.PartTransport
    await tx.execute(sql`
      UPDATE outbound_order SET status = ${status}, actual_qty = ${shipped}, shipped_at = ${done ? sql`now()` : sql`NULL`}, closed_at = ${done ? sql`now()` : sql`NULL`},
        updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${n(o.id)}`)
    out.push({ orderNo, status, shippedQty: shipped })
  }
  // The shipments holding these boxes follow them (whoever ships: a shipment, a loaded container): all boxes shipped →
  // Shipped 1, some → PartiallyShipped 3. A shipment already past shipping (InTransit 2, ShippingTerminated 4) keeps its status.
  const settled = rowsOf(await tx.execute(sql`
    WITH x AS (
      SELECT sc.shipment_id, count(*)::int AS total, count(*) FILTER (WHERE c.status = ${CartonShipStatus.Shipped})::int AS shipped
      FROM shipment_carton sc JOIN carton c ON c.id = sc.carton_id
      WHERE sc.shipment_id IN (SELECT shipment_id FROM shipment_carton WHERE carton_id IN (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}))
      GROUP BY sc.shipment_id
    )
    UPDATE shipment s SET shipped_boxes = x.shipped, status = CASE WHEN s.status IN (${ShipmentStatus.NotShipped}, ${ShipmentStatus.PartiallyShipped})
        THEN (CASE WHEN x.shipped = x.total THEN ${ShipmentStatus.Shipped} ELSE ${ShipmentStatus.PartiallyShipped} END)::smallint ELSE s.status END,
      shipped_at = now(), updated_at = now(), updated_by = ${auth.userId}
    FROM x WHERE s.id = x.shipment_id
    RETURNING s.shipment_no, s.status, s.shipped_boxes`)).map((r) => ({ shipmentNo: String(r.shipment_no), status: n(r.status), shippedBoxes: n(r.shipped_boxes) }))
  settled.sort((a, b) => a.shipmentNo.localeCompare(b.shipmentNo))
  return { cartons: boxes.length, units, orders: out, shipments: settled }
}
