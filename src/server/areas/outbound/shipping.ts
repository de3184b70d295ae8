// Review and packing, auto packaging, shipping, handover lists and the return-to-shelf task of an
// intercept after picking (issue 13 §2, §4; commands in commands/outbound-shipping.ts, one transaction
// each; the outbound order's machine src/domain/states/outbound-order.ts is asked before every move).
//
// On the ledger (ARCHITECTURE.md "Outbound on the ledger"): picked goods wait at the picked-goods location
// (PCK-01), reserved for their order line. Packing moves them to the packing location (PAK-01): each open
// reservation there is consumed and the goods added and reserved again at PAK-01 (the reservation follows
// the goods, as at picking). Shipping consumes the reservations at PAK-01 — on_hand and locked fall
// together — and the order is shipped (Over 4). Cancelling a shipment adds the goods back at PAK-01 and
// reserves them again. Packing materials are consumables with their own small ledger (consumable_ledger,
// Σ delta = package_material.stock_qty), one taken per parcel.
import { z } from 'zod'
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, type RouteDef } from '../../http/route'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { addStock, consumeReservation, moveStock, reserveStock, type DocRef, type Operator } from '../../inventory/ledger'
import { OUTBOUND_DOC } from '../../inventory/allocation'
import { resolveCodes } from '../inbound/orders'
import { needsSorting, orderAtSlot } from './sorting'
import { labelWarning, mirrorOrder, printFaceSheets } from './face-sheets'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { translate } from '../../i18n'
import { outboundOrderMachine, type OutboundOrderFacts } from '../../../domain/states/outbound-order'
import { returnShelfTaskMachine } from '../../../domain/states/return-shelf-task'
import { dictLabelKey, FaceSheetStatus, HandlingStatus, OutboundOrderStatus, PackingStatus, StorageAreaType, TaskClaimStatus, WaybillState as W } from '../../../domain/dictionaries'
import { PACKING_LOCATION } from '../../db/seed/stations'
import {
  AutoPackArgs, CancelShipmentArgs, HandoverCloseArgs, OrderNoArgs, ReturnShelfScanArgs, ReviewPackArgs, ReviewScanArgs, ReviewStartArgs, SHIPPING_API,
  SHIPPING_PERMISSIONS as P, ShipScanArgs, handoverPath, returnShelfPath,
  type PackResult, type ReturnShelfResult, type ReviewView, type ShipResult,
} from '../../../../commands/outbound-shipping'
import { parseWallSlot } from '../../../../commands/outbound-sorting'

type Scope = { tenantId: number; warehouseId: number }
const OS = OutboundOrderStatus
const PK = PackingStatus
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })

// ---------------------------------------------------------------------------------------------
// Finding the order: its number, its tracking number, or (review) its wall slot

interface OrderHead extends OutboundOrderFacts { id: number; trackingNo: string | null; sortSlot: number | null; carrierKey: string; expectedQty: number }

const HEAD_COLUMNS = sql`o.id, o.order_no, o.status, o.order_type, o.wave_no, o.picked_qty, o.expected_qty, o.shipment_approved, o.lock_from_status, o.packing_status,
  o.face_sheet_status, o.review_by, o.tracking_no, o.sort_slot,
  coalesce((SELECT c.code FROM carrier c WHERE c.id = o.carrier_id), o.shipping_method, 'OTHER') AS carrier_key,
  EXISTS (SELECT 1 FROM pick_diff d WHERE d.order_id = o.id AND d.status = ${HandlingStatus.Processed} AND coalesce(d.resolved_qty, 0) < d.short_qty) AS exception`

const headOf = (r: Record<string, unknown>): OrderHead => ({
  id: n(r.id), orderNo: String(r.order_no), status: n(r.status), waveNo: r.wave_no == null || r.wave_no === '' ? null : String(r.wave_no),
  pickedQty: n(r.picked_qty), expectedQty: n(r.expected_qty), shipmentApproved: r.shipment_approved === true,
  lockFromStatus: r.lock_from_status == null ? null : n(r.lock_from_status), packingStatus: n(r.packing_status), faceSheetStatus: n(r.face_sheet_status),
  reviewBy: r.review_by == null ? null : n(r.review_by), trackingNo: r.tracking_no == null ? null : String(r.tracking_no),
  sortSlot: r.sort_slot == null ? null : n(r.sort_slot), carrierKey: String(r.carrier_key), exception: r.exception === true,
  orderType: n(r.order_type),
})

/**
 * The order a scan names, locked: its number, its tracking number, or — `slots` at the review station — a
 * wall slot: its label <sorting task>-<slot> (the order that slot holds), or a bare slot number (the
 * order sorted there most recently that still waits for packing).
 */
async function findOrder(tx: AppTx, scope: Scope, code: string, opts: { slots?: boolean } = {}): Promise<OrderHead> {
  const where = sql`o.tenant_id = ${scope.tenantId} AND o.warehouse_id = ${scope.warehouseId}`
  // Index lookups (the order number's unique index, the order's tracking number, any parcel's bought
  // face sheet), the order number first: an OR across the columns would read the orders one by one.
  const [hit] = rowsOf(await tx.execute(sql`
    SELECT id FROM (
      (SELECT o.id, 0 AS rank FROM outbound_order o WHERE ${where} AND o.order_no = ${code} LIMIT 1)
      UNION ALL
      (SELECT o.id, 1 AS rank FROM outbound_order o WHERE ${where} AND o.tracking_no IS NOT NULL AND upper(o.tracking_no) = ${code} ORDER BY o.id DESC LIMIT 1)
      UNION ALL
      (SELECT f.order_id, 2 AS rank FROM face_sheet f WHERE f.tenant_id = ${scope.tenantId} AND f.warehouse_id = ${scope.warehouseId} AND f.status = ${W.Bought}
        AND upper(f.tracking_no) = ${code} ORDER BY f.id DESC LIMIT 1)
    ) hit ORDER BY rank LIMIT 1`))
  let id = hit ? n(hit.id) : null
  const label = id === null && opts.slots ? parseWallSlot(code) : null
  if (label) {
    const at = await orderAtSlot(tx, scope, label.sortNo, label.slotNo)
    id = at ? at.orderId : null
  } else if (id === null && opts.slots && /^\d{1,6}$/.test(code)) {
    const [s] = rowsOf(await tx.execute(sql`
      SELECT o.id FROM outbound_order o WHERE ${where} AND o.sort_slot = ${Number(code)} AND o.status = ${OS.ReadyOut} AND o.packing_status < ${PK.Completed}
      ORDER BY o.sorted_at DESC NULLS LAST, o.id DESC LIMIT 1`))
    id = s ? n(s.id) : null
  }
  if (id === null) throw new AppError(404, 'outbound:review.errors.notFound', { code }, [{ field: 'code', messageKey: 'outbound:review.errors.notFound', params: { code } }])
  return lockOrder(tx, id)
}
async function lockOrder(tx: AppTx, id: number): Promise<OrderHead> {
  const [r] = rowsOf(await tx.execute(sql`SELECT ${HEAD_COLUMNS} FROM outbound_order o WHERE o.id = ${id} FOR UPDATE OF o`))
  return headOf(r!)
}
async function orderByNo(tx: AppTx, scope: Scope, orderNo: string): Promise<OrderHead> {
  const [r] = rowsOf(await tx.execute(sql`SELECT id FROM outbound_order WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND order_no = ${orderNo}`))
  if (!r) throw notFound('outbound:review.errors.notFound', { code: orderNo })
  return lockOrder(tx, n(r.id))
}

// ---------------------------------------------------------------------------------------------
// The review station

async function reviewView(q: Queryable, h: OrderHead, scope: Scope): Promise<ReviewView> {
  const [o] = rowsOf(await q.execute(sql`
    SELECT order_no, status, packing_status, face_sheet_status, tracking_no, sort_slot, shipping_method, consignee_name FROM outbound_order WHERE id = ${h.id}`))
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.line_no, s.sku_code, concat_ws(' · ', st.name, c.name, z.name) AS sku_name, l.picked_qty, l.reviewed_qty FROM outbound_order_line l JOIN product_sku s ON s.id = l.sku_id
      LEFT JOIN product_style st ON st.id = s.style_id LEFT JOIN product_color c ON c.id = s.color_id LEFT JOIN product_size z ON z.id = s.size_id
    WHERE l.order_id = ${h.id} AND l.picked_qty > 0 ORDER BY l.line_no`)).map((r) => ({
    lineId: n(r.id), lineNo: n(r.line_no), skuCode: String(r.sku_code), skuName: r.sku_name == null ? null : String(r.sku_name), qty: n(r.picked_qty), reviewedQty: n(r.reviewed_qty),
  }))
  const total = lines.reduce((s, l) => s + l.qty, 0)
  const reviewed = lines.reduce((s, l) => s + l.reviewedQty, 0)
  return {
    id: h.id, orderNo: String(o!.order_no), status: n(o!.status), packingStatus: n(o!.packing_status), faceSheetStatus: n(o!.face_sheet_status),
    trackingNo: o!.tracking_no == null ? null : String(o!.tracking_no), sortSlot: o!.sort_slot == null ? null : n(o!.sort_slot),
    shippingMethod: o!.shipping_method == null ? null : String(o!.shipping_method), consigneeName: o!.consignee_name == null ? null : String(o!.consignee_name),
    lines, reviewed, total, done: total > 0 && reviewed === total,
    // Before the parcel is packed: can its carrier label it (the purchase's own check)?
    labelWarning: await labelWarning(q, scope, h.id),
  }
}

/** The machine's verdict, then the sorting wall: an order picked in a bulk task is sorted first. */
async function refuseReview(tx: AppTx, command: string, h: OrderHead, auth: AuthContext) {
  refuseUnlessAllowed(outboundOrderMachine, command, h, auth)
  if (await needsSorting(tx, h.id)) throw conflict('outbound:review.errors.notSorted', { orderNo: h.orderNo })
}

async function startReview(tx: AppTx, auth: AuthContext, code: string, command: 'outbound.review.start' | 'outbound.review.startException'): Promise<ReviewView> {
  const h = await findOrder(tx, auth, code, { slots: true })
  await refuseReview(tx, command, h, auth)
  if (h.packingStatus !== PK.InPacking) {
    await tx.execute(sql`
      UPDATE outbound_order SET packing_status = ${PK.InPacking}, review_by = ${auth.userId}, review_started_at = now(), updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${h.id}`)
  }
  return reviewView(tx, h, auth)
}
defineHandler<z.output<typeof ReviewStartArgs>>('outbound.review.start', async ({ tx, auth, args, setSummary }) => {
  const v = await startReview(tx, auth, args.code, 'outbound.review.start')
  setSummary(`${v.orderNo} review started`)
  return v
})
defineHandler<z.output<typeof ReviewStartArgs>>('outbound.review.startException', async ({ tx, auth, args, setSummary }) => {
  const v = await startReview(tx, auth, args.code, 'outbound.review.startException')
  setSummary(`${v.orderNo} review started at the exception station`)
  return v
})

defineHandler<z.output<typeof ReviewScanArgs>>('outbound.review.scan', async ({ tx, auth, args, setSummary }) => {
  const h = await orderByNo(tx, auth, args.orderNo)
  refuseUnlessAllowed(outboundOrderMachine, 'outbound.review.scan', h, auth)
  const skuIds = ((await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []).map((x) => x.skuId)
  const lines = rowsOf(await tx.execute(sql`
    SELECT id, line_no, sku_id, picked_qty, reviewed_qty FROM outbound_order_line WHERE order_id = ${h.id} AND picked_qty > 0 ORDER BY line_no`))
  const mine = lines.filter((l) => skuIds.includes(n(l.sku_id)))
  if (!mine.length) throw new AppError(409, 'outbound:review.errors.notInOrder', { code: args.code, orderNo: h.orderNo }, [{ field: 'code', messageKey: 'outbound:review.errors.notInOrder', params: { code: args.code, orderNo: h.orderNo } }])
  // Spec section 5: review quantity not below 0 and not above the outbound (picked) quantity.
  const line = mine.find((l) => n(l.reviewed_qty) + args.qty <= n(l.picked_qty))
  if (!line) {
    const left = mine.reduce((s, l) => s + n(l.picked_qty) - n(l.reviewed_qty), 0)
    throw new AppError(409, 'outbound:review.errors.overReview', { code: args.code, qty: args.qty, left }, [{ field: 'qty', messageKey: 'outbound:review.errors.overReview', params: { code: args.code, qty: args.qty, left } }])
  }
  await tx.execute(sql`UPDATE outbound_order_line SET reviewed_qty = reviewed_qty + ${args.qty} WHERE id = ${line.id}`)
  await tx.execute(sql`UPDATE outbound_order SET reviewed_qty = reviewed_qty + ${args.qty}, updated_at = now() WHERE id = ${h.id}`)
  setSummary(`${h.orderNo} reviewed ${args.code} +${args.qty}`)
  return reviewView(tx, h, auth)
})

defineHandler<z.output<typeof OrderNoArgs>>('outbound.review.reset', async ({ tx, auth, args, setSummary }) => {
  const h = await orderByNo(tx, auth, args.orderNo)
  refuseUnlessAllowed(outboundOrderMachine, 'outbound.review.reset', h, auth)
  await tx.execute(sql`UPDATE outbound_order_line SET reviewed_qty = 0 WHERE order_id = ${h.id}`)
  await tx.execute(sql`
    UPDATE outbound_order SET packing_status = ${PK.ToBePacked}, reviewed_qty = 0, review_by = NULL, review_started_at = NULL, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${h.id}`)
  setSummary(`${h.orderNo} review reset`)
  return { orderNo: h.orderNo }
})

async function locationByCode(q: Queryable, scope: Scope, code: string): Promise<number | null> {
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM location WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND code = ${code} AND status = 1`))
  return r ? n(r.id) : null
}
async function packingLocation(q: Queryable, scope: Scope): Promise<number> {
  const id = await locationByCode(q, scope, PACKING_LOCATION)
  if (id === null) throw conflict('outbound:review.errors.noPackingLocation', { locationCode: PACKING_LOCATION })
  return id
}

/** Open reservations of an order with their balance keys (where its goods are now). */
async function openReservations(q: Queryable, scope: Scope, orderNo: string) {
  return rowsOf(await q.execute(sql`
    SELECT r.id, r.qty, r.doc_line, b.location_id, b.sku_id, b.batch_no, b.stock_status FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id
    WHERE r.tenant_id = ${scope.tenantId} AND r.warehouse_id = ${scope.warehouseId} AND r.doc_type = ${OUTBOUND_DOC} AND r.doc_no = ${orderNo} AND r.status = 0
    ORDER BY b.sku_id, r.id`))
}

/** One packing material off the consumables' ledger (refused when none is left). */
async function takeMaterial(tx: AppTx, auth: AuthContext, materialId: number, orderNo: string, count = 1): Promise<{ code: string; left: number }> {
  const [m] = rowsOf(await tx.execute(sql`
    SELECT id, code, stock_qty, status FROM package_material WHERE id = ${materialId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} FOR UPDATE`))
  if (!m || n(m.status) !== 1) throw fieldError('materialId', 'outbound:review.errors.materialUnknown', { value: materialId })
  if (n(m.stock_qty) < count) throw new AppError(409, 'outbound:review.errors.materialOut', { code: m.code }, [{ field: 'materialId', messageKey: 'outbound:review.errors.materialOut', params: { code: m.code } }])
  const left = n(m.stock_qty) - count
  await tx.execute(sql`UPDATE package_material SET stock_qty = ${left}, updated_at = now() WHERE id = ${materialId}`)
  await tx.execute(sql`
    INSERT INTO consumable_ledger (tenant_id, warehouse_id, material_id, delta, balance_after, doc_type, doc_no, reason, operator_id, operator_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${materialId}, ${-count}, ${left}, ${OUTBOUND_DOC}, ${orderNo}, 'pack', ${auth.userId}, ${auth.username})`)
  return { code: String(m.code), left }
}

/**
 * Reviewed → packed into `parcels` parcels (one material each, not more parcels than units, not fewer
 * than the face sheets already bought): the goods from wherever they wait to the packing location
 * (reservations follow); the order's face sheet state follows its parcel count (one bought of two
 * parcels is partly bought).
 */
async function pack(tx: AppTx, auth: AuthContext, h: OrderHead, a: {
  materialId: number; weightG: number; lengthMm?: number | null; widthMm?: number | null; heightMm?: number | null; parcels?: number
  packingListNo?: string | null; boxCode?: string | null; photoFileId?: string | null
}): Promise<PackResult> {
  const [left] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS n FROM outbound_order_line WHERE order_id = ${h.id} AND reviewed_qty < picked_qty`))
  if (n(left!.n) > 0) throw conflict('outbound:review.errors.notAllReviewed', { orderNo: h.orderNo, lines: n(left!.n) })
  const parcels = a.parcels ?? 1
  const [units] = rowsOf(await tx.execute(sql`SELECT picked_qty, (SELECT count(*)::int FROM face_sheet WHERE order_id = ${h.id} AND status IN (1, 2, 3, 4)) AS live
    FROM outbound_order WHERE id = ${h.id}`))
  if (parcels > n(units!.picked_qty)) throw fieldError('parcels', 'outbound:review.errors.parcelsOverUnits', { parcels, units: n(units!.picked_qty) })
  if (parcels < n(units!.live)) throw fieldError('parcels', 'outbound:review.errors.parcelsBelowFaceSheets', { parcels, faceSheets: n(units!.live) })
  // The packing photo: an image this operator uploaded (POST /api/files/upload?purpose=photo).
  if (a.photoFileId) {
    const [f] = rowsOf(await tx.execute(sql`SELECT content_type FROM file_object WHERE id = ${a.photoFileId}::uuid AND uploaded_by = ${auth.userId}`))
    if (!f || !String(f.content_type).startsWith('image/')) throw fieldError('photoFileId', 'outbound:review.errors.photoUnknown', { value: a.photoFileId })
  }
  const material = await takeMaterial(tx, auth, a.materialId, h.orderNo, parcels)
  const packAt = await packingLocation(tx, auth)
  for (const r of await openReservations(tx, auth, h.orderNo)) {
    if (n(r.location_id) === packAt) continue
    const doc: DocRef = { docType: OUTBOUND_DOC, docNo: h.orderNo, docLine: r.doc_line == null ? null : n(r.doc_line), reason: 'pack' }
    const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: packAt, skuId: n(r.sku_id), batchNo: String(r.batch_no), stockStatus: n(r.stock_status) }
    await consumeReservation(tx, auth, n(r.id), n(r.qty), doc, opOf(auth))
    await addStock(tx, key, n(r.qty), doc, opOf(auth))
    await reserveStock(tx, key, n(r.qty), doc, opOf(auth))
  }
  await tx.execute(sql`
    UPDATE outbound_order SET packing_status = ${PK.Completed}, package_material_id = ${a.materialId}, weight_g = ${a.weightG}, length_mm = ${a.lengthMm ?? null},
      width_mm = ${a.widthMm ?? null}, height_mm = ${a.heightMm ?? null}, parcel_count = ${parcels}, packing_list_no = ${a.packingListNo ?? null}, box_code = ${a.boxCode ?? null},
      packing_photo_id = ${a.photoFileId ?? null}::uuid, reviewed_at = now(), reviewed_by = ${auth.userId}, packed_at = now(),
      updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${h.id}`)
  await mirrorOrder(tx, h.id)
  const [o] = rowsOf(await tx.execute(sql`SELECT tracking_no, face_sheet_status FROM outbound_order WHERE id = ${h.id}`))
  return { orderId: h.id, orderNo: h.orderNo, trackingNo: o!.tracking_no == null ? null : String(o!.tracking_no), faceSheetStatus: n(o!.face_sheet_status), materialCode: material.code, materialLeft: material.left }
}

defineHandler<z.output<typeof ReviewPackArgs>>('outbound.review.pack', async ({ tx, auth, args, setSummary }) => {
  const h = await orderByNo(tx, auth, args.orderNo)
  refuseUnlessAllowed(outboundOrderMachine, 'outbound.review.pack', h, auth)
  const r = await pack(tx, auth, h, args)
  setSummary(`${h.orderNo} packed ${r.materialCode} ${args.weightG} g`)
  return r
})

/**
 * Auto packaging: one SKU scan takes the oldest picked single-item order of that SKU waiting for packing
 * (not an exception order, not being reviewed, sorted if it has to be), reviews and packs it in one step;
 * the answer says whether its face sheet is bought, so that the station sends the label to the printer.
 */
defineHandler<z.output<typeof AutoPackArgs>>('outbound.review.auto', async ({ tx, auth, args, lang, setSummary }) => {
  const skuIds = ((await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []).map((x) => x.skuId)
  if (!skuIds.length) throw new AppError(404, 'outbound:review.errors.codeUnknown', { code: args.code }, [{ field: 'code', messageKey: 'outbound:review.errors.codeUnknown', params: { code: args.code } }])
  const candidates = rowsOf(await tx.execute(sql`
    SELECT o.id FROM outbound_order o JOIN outbound_order_line l ON l.order_id = o.id
    WHERE o.tenant_id = ${auth.tenantId} AND o.warehouse_id = ${auth.warehouseId} AND o.status = ${OS.ReadyOut} AND o.packing_status = ${PK.ToBePacked}
      AND o.picked_qty = 1 AND l.picked_qty = 1 AND l.sku_id IN (${sql.join(skuIds.map((i) => sql`${i}`), sql`, `)})
    ORDER BY (o.face_sheet_status = ${FaceSheetStatus.Bought}) DESC, o.picked_at, o.id LIMIT 20
    FOR UPDATE OF o SKIP LOCKED`))
  // Warned before packing: an order its carrier cannot label (no consignee phone at FedEx …) is not
  // packed here — the next one is; when none is left the refusal names it and what to do.
  let unlabelled: { orderNo: string; warning: NonNullable<Awaited<ReturnType<typeof labelWarning>>> } | null = null
  for (const c of candidates) {
    const h = await lockOrder(tx, n(c.id))
    if (h.exception || h.packingStatus !== PK.ToBePacked || await needsSorting(tx, h.id)) continue
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.review.start', h, auth)
    const warning = await labelWarning(tx, auth, h.id)
    if (warning) { unlabelled ??= { orderNo: h.orderNo, warning }; continue }
    await tx.execute(sql`UPDATE outbound_order_line SET reviewed_qty = picked_qty WHERE order_id = ${h.id}`)
    await tx.execute(sql`UPDATE outbound_order SET packing_status = ${PK.InPacking}, review_by = ${auth.userId}, review_started_at = now(), reviewed_qty = picked_qty WHERE id = ${h.id}`)
    const r = await pack(tx, auth, { ...h, packingStatus: PK.InPacking, reviewBy: auth.userId }, args)
    // The label to print setup's printer in the same step; a printer refusal ("printer not connected", no
    // printer) does not undo the pack: it is answered for the station to show.
    let printed: { printer: string; jobId: number } | null = null
    let printError: { key: string; params: Record<string, unknown> } | null = null
    if (r.faceSheetStatus === FaceSheetStatus.Bought) {
      try {
        const p = await printFaceSheets(tx, auth, { orderIds: [h.id] })
        printed = { printer: p.printer, jobId: p.jobId }
      } catch (e) {
        if (!(e instanceof AppError)) throw e
        printError = { key: e.messageKey, params: e.params ?? {} }
      }
    }
    setSummary(`auto ${h.orderNo} ${args.code} packed ${r.materialCode}${printed ? ` label → ${printed.printer}` : ''}`)
    return { ...r, print: printed !== null, printed, printError }
  }
  if (unlabelled) {
    const { warning: w } = unlabelled
    const params = { orderNo: unlabelled.orderNo, code: args.code, reason: translate(lang, w.key, w.params), hint: translate(lang, w.hint.key, w.hint.params) }
    throw new AppError(409, 'outbound:review.errors.cannotLabel', params, [{ field: 'code', messageKey: 'outbound:review.errors.cannotLabel', params }])
  }
  throw new AppError(409, 'outbound:review.errors.noSingleOrder', { code: args.code }, [{ field: 'code', messageKey: 'outbound:review.errors.noSingleOrder', params: { code: args.code } }])
})

// ---------------------------------------------------------------------------------------------
// Shipping and handover lists

/** The carrier's open handover list, made when there is none (the partial unique index serializes makers). */
async function openHandover(tx: AppTx, auth: AuthContext, carrierKey: string): Promise<{ id: number; handoverNo: string }> {
  const find = async () => rowsOf(await tx.execute(sql`
    SELECT id, handover_no FROM handover WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND carrier_key = ${carrierKey} AND status = 0 FOR UPDATE`))[0]
  let h = await find()
  if (!h) {
    const no = await nextDocNo(tx, auth, DOC_PREFIX.handover)
    await tx.execute(sql`
      INSERT INTO handover (tenant_id, warehouse_id, handover_no, carrier_key, created_by) VALUES (${auth.tenantId}, ${auth.warehouseId}, ${no}, ${carrierKey}, ${auth.userId})
      ON CONFLICT DO NOTHING`)
    h = await find()
  }
  return { id: n(h!.id), handoverNo: String(h!.handover_no) }
}

defineHandler<z.output<typeof ShipScanArgs>>('outbound.ship.scan', async ({ tx, auth, args, setSummary }) => {
  const h = await findOrder(tx, auth, args.code)
  refuseUnlessAllowed(outboundOrderMachine, 'outbound.ship.scan', h, auth)
  const packAt = await packingLocation(tx, auth)
  let qty = 0
  for (const r of await openReservations(tx, auth, h.orderNo)) {
    // Packed goods wait at the packing location; anything elsewhere would be a broken pack.
    if (n(r.location_id) !== packAt) throw conflict('outbound:ship.errors.notPacked', { orderNo: h.orderNo })
    await consumeReservation(tx, auth, n(r.id), n(r.qty), { docType: OUTBOUND_DOC, docNo: h.orderNo, docLine: r.doc_line == null ? null : n(r.doc_line), reason: 'ship' }, opOf(auth))
    qty += n(r.qty)
  }
  const ho = await openHandover(tx, auth, h.carrierKey)
  await tx.execute(sql`UPDATE outbound_order_line SET shipped_qty = picked_qty WHERE order_id = ${h.id}`)
  // Shipped (Over 4), or shipped short (DeficiencyOver 5, "completed": a line picked short for good).
  await tx.execute(sql`
    UPDATE outbound_order SET status = CASE WHEN picked_qty < expected_qty THEN ${OS.DeficiencyOver}::smallint ELSE ${OS.Over}::smallint END, actual_qty = picked_qty, shipped_at = now(), handover_id = ${ho.id}, closed_at = now(), updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${h.id}`)
  const [c] = rowsOf(await tx.execute(sql`UPDATE handover SET parcel_count = parcel_count + (SELECT parcel_count FROM outbound_order WHERE id = ${h.id}), qty = qty + ${qty}
    WHERE id = ${ho.id} RETURNING parcel_count`))
  setSummary(`${h.orderNo} shipped ${h.trackingNo ?? ''} → ${ho.handoverNo}`)
  return { orderNo: h.orderNo, trackingNo: h.trackingNo, handoverNo: ho.handoverNo, carrier: h.carrierKey, parcels: n(c!.parcel_count), qty } satisfies ShipResult
})

/** Cancel a shipment (the confirmation is the command's): the goods back at the packing location, reserved again; the order awaits shipping. */
defineHandler<CancelShipmentArgs>('outbound.order.cancelShipment', async ({ tx, auth, args, setSummary }) => {
  const cancelled: string[] = []
  for (const id of [...new Set(args.ids)].sort((a, b) => a - b)) {
    const [own] = rowsOf(await tx.execute(sql`SELECT id FROM outbound_order WHERE id = ${id} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!own) throw notFound('outbound:order.errors.notFound', { id })
    const h = await lockOrder(tx, id)
    refuseUnlessAllowed(outboundOrderMachine, 'outbound.order.cancelShipment', h, auth)
    // What shipping took off, net of earlier cancels, per balance and line.
    const taken = rowsOf(await tx.execute(sql`
      SELECT g.doc_line, b.location_id, b.sku_id, b.batch_no, b.stock_status,
        sum(CASE WHEN g.reason = 'ship' THEN -g.delta_on_hand ELSE 0 END) - sum(CASE WHEN g.reason = 'ship-cancel' THEN g.delta_on_hand ELSE 0 END) AS qty
      FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id
      WHERE g.tenant_id = ${auth.tenantId} AND g.warehouse_id = ${auth.warehouseId} AND g.doc_type = ${OUTBOUND_DOC} AND g.doc_no = ${h.orderNo}
        AND g.reason IN ('ship', 'ship-cancel') AND g.delta_on_hand <> 0
      GROUP BY g.doc_line, b.location_id, b.sku_id, b.batch_no, b.stock_status HAVING sum(CASE WHEN g.reason = 'ship' THEN -g.delta_on_hand ELSE 0 END) - sum(CASE WHEN g.reason = 'ship-cancel' THEN g.delta_on_hand ELSE 0 END) > 0
      ORDER BY b.sku_id, g.doc_line`))
    for (const r of taken) {
      const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: n(r.location_id), skuId: n(r.sku_id), batchNo: String(r.batch_no), stockStatus: n(r.stock_status) }
      const doc: DocRef = { docType: OUTBOUND_DOC, docNo: h.orderNo, docLine: r.doc_line == null ? null : n(r.doc_line), reason: 'ship-cancel' }
      await addStock(tx, key, n(r.qty), doc, opOf(auth))
      await reserveStock(tx, key, n(r.qty), doc, opOf(auth))
    }
    const [o] = rowsOf(await tx.execute(sql`SELECT handover_id, actual_qty, parcel_count FROM outbound_order WHERE id = ${id}`))
    if (o!.handover_id != null) {
      await tx.execute(sql`UPDATE handover SET parcel_count = greatest(parcel_count - ${n(o!.parcel_count)}, 0), qty = greatest(qty - ${n(o!.actual_qty)}, 0) WHERE id = ${o!.handover_id}`)
    }
    await tx.execute(sql`UPDATE outbound_order_line SET shipped_qty = 0 WHERE order_id = ${id}`)
    await tx.execute(sql`
      UPDATE outbound_order SET status = ${OS.ReadyOut}, actual_qty = 0, shipped_at = NULL, closed_at = NULL, handover_id = NULL, updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${id}`)
    cancelled.push(h.orderNo)
  }
  setSummary(`shipment cancelled: ${cancelled.join(', ')}`)
  return { cancelled }
})

defineHandler<z.output<typeof HandoverCloseArgs>>('outbound.handover.close', async ({ tx, auth, args, setSummary }) => {
  const [h] = rowsOf(await tx.execute(sql`
    SELECT id, handover_no, status FROM handover WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND handover_no = ${args.handoverNo} FOR UPDATE`))
  if (!h) throw notFound('outbound:ship.errors.handoverNotFound', { handoverNo: args.handoverNo })
  if (n(h.status) !== 0) throw conflict('outbound:ship.errors.handoverClosed', { handoverNo: args.handoverNo })
  await tx.execute(sql`UPDATE handover SET status = 1, closed_at = now(), closed_by = ${auth.userId} WHERE id = ${h.id}`)
  setSummary(`${args.handoverNo} closed`)
  return { handoverNo: String(h.handover_no) }
})

// ---------------------------------------------------------------------------------------------
// Intercept after picking: the return-to-shelf task

/**
 * Called by the order's stop (intercept) while its reservations are still open: the picked goods —
 * reserved at temporary locations (picked goods, packing) — are listed on a return-to-shelf task. The
 * caller then releases every reservation; the task moves the goods back to shelves. Refused while the
 * order still has lines in a picking task (finish or short them first). Null when nothing was picked.
 */
export async function returnShelfFor(tx: AppTx, auth: AuthContext, orderId: number, orderNo: string): Promise<string | null> {
  const [open] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS n FROM picking_task_line WHERE order_id = ${orderId} AND qty > picked_qty + short_qty`))
  if (n(open!.n) > 0) throw conflict('outbound:order.errors.stopWhilePicking', { orderNo, lines: n(open!.n) })
  const held = rowsOf(await tx.execute(sql`
    SELECT b.location_id, b.sku_id, b.batch_no, b.stock_status, sum(r.qty)::int AS qty
    FROM inventory_reservation r JOIN inventory_balance b ON b.id = r.balance_id JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
    WHERE r.tenant_id = ${auth.tenantId} AND r.warehouse_id = ${auth.warehouseId} AND r.doc_type = ${OUTBOUND_DOC} AND r.doc_no = ${orderNo} AND r.status = 0
      AND a.area_type = ${StorageAreaType.Temporary}
    GROUP BY b.location_id, b.sku_id, b.batch_no, b.stock_status ORDER BY b.sku_id, b.location_id`))
  if (!held.length) return null
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.returnShelf)
  const qty = held.reduce((s, r) => s + n(r.qty), 0)
  const [t] = rowsOf(await tx.execute(sql`
    INSERT INTO return_shelf_task (tenant_id, warehouse_id, task_no, order_id, order_no, qty, created_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${orderId}, ${orderNo}, ${qty}, ${auth.userId}) RETURNING id`))
  await tx.execute(sql`
    INSERT INTO return_shelf_line (task_id, from_location_id, sku_id, batch_no, stock_status, qty)
    VALUES ${sql.join(held.map((r) => sql`(${n(t!.id)}, ${n(r.location_id)}, ${n(r.sku_id)}, ${String(r.batch_no)}, ${n(r.stock_status)}, ${n(r.qty)})`), sql`, `)}`)
  // Not packed any more; a review in progress ends with the intercept.
  await tx.execute(sql`UPDATE outbound_order SET packing_status = ${PK.Cancel}, review_by = NULL WHERE id = ${orderId}`)
  return taskNo
}

interface ReturnLine { id: number; fromLocationId: number; fromLocation: string; skuId: number; skuCode: string; batchNo: string; stockStatus: number; qty: number; returned: number }
async function returnLines(q: Queryable, taskId: number): Promise<ReturnLine[]> {
  return rowsOf(await q.execute(sql`
    SELECT rl.id, rl.from_location_id, l.code AS from_location, rl.sku_id, s.sku_code, rl.batch_no, rl.stock_status, rl.qty, rl.returned_qty
    FROM return_shelf_line rl JOIN location l ON l.id = rl.from_location_id JOIN product_sku s ON s.id = rl.sku_id WHERE rl.task_id = ${taskId} ORDER BY s.sku_code, rl.id`)).map((r) => ({
    id: n(r.id), fromLocationId: n(r.from_location_id), fromLocation: String(r.from_location), skuId: n(r.sku_id), skuCode: String(r.sku_code),
    batchNo: String(r.batch_no), stockStatus: n(r.stock_status), qty: n(r.qty), returned: n(r.returned_qty),
  }))
}
const returnNext = (lines: ReturnLine[]) => {
  const l = lines.find((x) => x.qty > x.returned)
  return l ? { lineId: l.id, skuCode: l.skuCode, fromLocation: l.fromLocation, remaining: l.qty - l.returned } : null
}

defineHandler<z.output<typeof ReturnShelfScanArgs>>('outbound.returnShelf.scan', async ({ tx, auth, args, setSummary }) => {
  const [t] = rowsOf(await tx.execute(sql`
    SELECT id, task_no, status, claimed_by, order_no FROM return_shelf_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no = ${args.taskNo} FOR UPDATE`))
  if (!t) throw notFound('outbound:returnShelf.errors.notFound', { taskNo: args.taskNo })
  refuseUnlessAllowed(returnShelfTaskMachine, 'outbound.returnShelf.scan', { taskNo: String(t.task_no), status: n(t.status), claimedBy: t.claimed_by == null ? null : n(t.claimed_by) }, auth)
  // The shelf: an active location of a storage area goods are allocated from (not another temporary one).
  const [loc] = rowsOf(await tx.execute(sql`
    SELECT l.id, a.area_type FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${auth.tenantId} AND l.warehouse_id = ${auth.warehouseId} AND l.code = ${args.locationCode} AND l.status = 1 AND a.status = 1`))
  if (!loc || n(loc.area_type) === StorageAreaType.Temporary) throw new AppError(409, 'outbound:returnShelf.errors.badLocation', { locationCode: args.locationCode }, [{ field: 'locationCode', messageKey: 'outbound:returnShelf.errors.badLocation', params: { locationCode: args.locationCode } }])
  const skuIds = ((await resolveCodes(tx, auth.tenantId, [args.code])).get(args.code) ?? []).map((x) => x.skuId)
  const lines = await returnLines(tx, n(t.id))
  const line = lines.find((l) => skuIds.includes(l.skuId) && l.qty - l.returned >= args.qty)
  if (!line) {
    const left = lines.filter((l) => skuIds.includes(l.skuId)).reduce((s, l) => s + l.qty - l.returned, 0)
    throw new AppError(409, left > 0 ? 'outbound:returnShelf.errors.overReturn' : 'outbound:returnShelf.errors.notInTask', { code: args.code, taskNo: args.taskNo, left },
      [{ field: 'code', messageKey: left > 0 ? 'outbound:returnShelf.errors.overReturn' : 'outbound:returnShelf.errors.notInTask', params: { code: args.code, taskNo: args.taskNo, left } }])
  }
  const doc: DocRef = { docType: 'returnShelf', docNo: String(t.task_no), reason: 'return', reasonParams: { orderNo: String(t.order_no) } }
  await moveStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: line.fromLocationId, skuId: line.skuId, batchNo: line.batchNo, stockStatus: line.stockStatus }, { locationId: n(loc.id) }, args.qty, doc, opOf(auth))
  line.returned += args.qty
  await tx.execute(sql`UPDATE return_shelf_line SET returned_qty = returned_qty + ${args.qty} WHERE id = ${line.id}`)
  const next = returnNext(lines)
  await tx.execute(sql`
    UPDATE return_shelf_task SET returned_qty = returned_qty + ${args.qty}, claimed_by = coalesce(claimed_by, ${auth.userId}),
      status = ${next ? TaskClaimStatus.Working : TaskClaimStatus.Completed}, completed_at = ${next ? null : sql`now()`}, updated_at = now() WHERE id = ${t.id}`)
  setSummary(`${String(t.task_no)} ${line.skuCode} ${line.fromLocation} → ${args.locationCode} +${args.qty}`)
  return { taskNo: String(t.task_no), done: !next, remaining: lines.reduce((s, l) => s + l.qty - l.returned, 0), next } satisfies ReturnShelfResult
})

// ---------------------------------------------------------------------------------------------
// Reads

registerDocumentLookup({
  type: 'returnShelfTask', titleKey: 'outbound:returnShelf.document', prefixes: [DOC_PREFIX.returnShelf], permission: P.returnView,
  group: 'document', opens: { path: '/stock-out-abnormal/stop-stock-out?task={no}', testId: 'return-lines' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, task_no, status FROM return_shelf_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no ILIKE ${containsPattern(term)}
      ORDER BY (task_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'returnShelfTask', id: n(r.id), number: String(r.task_no), status: n(r.status),
      title: `${translate(lang, 'outbound:returnShelf.document')} · ${translate(lang, dictLabelKey('taskClaimStatus', String(r.status)))}`, path: returnShelfPath(String(r.task_no)),
    }))
  },
})

// Handover lists (JJ…): the shipping station showing the list and its parcels.
registerDocumentLookup({
  type: 'handover', titleKey: 'outbound-ship:ship.document', prefixes: [DOC_PREFIX.handover], permission: P.shipView,
  group: 'document', opens: { path: '/stock-out/ToC/shippinginfo?handover={no}', testId: 'handover-doc' },
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    return rowsOf(await db.execute(sql`
      SELECT id, handover_no, carrier_key, status, parcel_count FROM handover WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND handover_no ILIKE ${containsPattern(term)}
      ORDER BY (handover_no = ${term}) DESC, id DESC LIMIT ${limit}`)).map((r) => ({
      type: 'handover', id: n(r.id), number: String(r.handover_no), status: n(r.status),
      title: `${translate(lang, 'outbound-ship:ship.document')} · ${String(r.carrier_key)} · ${translate(lang, n(r.status) === 0 ? 'outbound-ship:ship.open' : 'outbound-ship:ship.closed')} · ${translate(lang, 'outbound-ship:ship.handover.parcelCount', { count: n(r.parcel_count) })}`,
      path: handoverPath(String(r.handover_no)),
    }))
  },
})

const Page = z.object({ page: z.coerce.number().int().min(1).max(10_000).default(1), size: z.coerce.number().int().min(1).max(200).default(20) })

export function shippingRoutes(db: Queryable): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: SHIPPING_API.materials, tags: ['outbound'], envelope: 'main', auth: 'scoped',
      summary: 'Packing materials (consumables) of the current warehouse and tenant with their stock (spec call /base/base/getPackageMaterialList)',
      handler: async ({ auth }) => rowsOf(await db.execute(sql`
        SELECT id, code, name, material_type AS "materialType", length_mm AS "lengthMm", width_mm AS "widthMm", height_mm AS "heightMm", weight_g AS "weightG", stock_qty AS "stockQty"
        FROM package_material WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND status = 1 ORDER BY code`)),
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/review/:orderNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.review,
      summary: 'The review view of one order: lines with picked and reviewed quantities, packing and face sheet status',
      params: z.object({ orderNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const [r] = rowsOf(await db.execute(sql`SELECT ${HEAD_COLUMNS} FROM outbound_order o WHERE o.tenant_id = ${auth.tenantId} AND o.warehouse_id = ${auth.warehouseId} AND o.order_no = ${params.orderNo.toUpperCase()}`))
        if (!r) throw notFound('outbound:review.errors.notFound', { code: params.orderNo })
        return reviewView(db, headOf(r), auth)
      },
    }),
    defineRoute({
      method: 'GET', url: SHIPPING_API.handovers, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.shipView,
      summary: 'Handover lists (per carrier; the open one takes the shipping scans), newest first',
      query: Page,
      handler: async ({ query, auth }) => {
        const where = sql`tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`
        const [c] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM handover WHERE ${where}`))
        const records = rowsOf(await db.execute(sql`
          SELECT id, handover_no AS "handoverNo", carrier_key AS carrier, status, parcel_count AS "parcelCount", qty, created_at AS "createdAt", closed_at AS "closedAt"
          FROM handover WHERE ${where} ORDER BY status, id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`))
        return { records, total: n(c!.n), page: query.page, size: query.size }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/handovers/:handoverNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.shipView,
      summary: 'One handover list: its parcels (order, tracking number, quantity, weight, shipped at)',
      params: z.object({ handoverNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const [h] = rowsOf(await db.execute(sql`
          SELECT id, handover_no AS "handoverNo", carrier_key AS carrier, status, parcel_count AS "parcelCount", qty, created_at AS "createdAt", closed_at AS "closedAt"
          FROM handover WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND handover_no = ${params.handoverNo.toUpperCase()}`))
        if (!h) throw notFound('outbound:ship.errors.handoverNotFound', { handoverNo: params.handoverNo })
        const parcels = rowsOf(await db.execute(sql`
          SELECT order_no AS "orderNo", tracking_no AS "trackingNo", actual_qty AS qty, weight_g AS "weightG", shipped_at AS "shippedAt"
          FROM outbound_order WHERE handover_id = ${h.id} ORDER BY shipped_at, id`))
        return { handover: h, parcels }
      },
    }),
    defineRoute({
      method: 'GET', url: SHIPPING_API.returnTasks, tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.returnView,
      summary: 'Return-to-shelf tasks of orders intercepted after picking, open first',
      query: Page,
      handler: async ({ query, auth }) => {
        const where = sql`tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`
        const [c] = rowsOf(await db.execute(sql`SELECT count(*)::int AS n FROM return_shelf_task WHERE ${where}`))
        const records = rowsOf(await db.execute(sql`
          SELECT id, task_no AS "taskNo", order_no AS "orderNo", status, qty, returned_qty AS "returnedQty", claimed_by AS "claimedBy", created_at AS "createdAt", completed_at AS "completedAt"
          FROM return_shelf_task WHERE ${where} ORDER BY (status = ${TaskClaimStatus.Completed}), id DESC LIMIT ${query.size} OFFSET ${(query.page - 1) * query.size}`))
        return { records, total: n(c!.n), page: query.page, size: query.size }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/outbound/return-shelf-tasks/:taskNo', tags: ['outbound'], envelope: 'main', auth: 'scoped', permission: P.returnView,
      summary: 'One return-to-shelf task: its lines (from location, SKU, quantity, returned) and the next line',
      params: z.object({ taskNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const [t] = rowsOf(await db.execute(sql`
          SELECT id, task_no AS "taskNo", order_no AS "orderNo", status, qty, returned_qty AS "returnedQty", claimed_by AS "claimedBy", created_at AS "createdAt", completed_at AS "completedAt"
          FROM return_shelf_task WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND task_no = ${params.taskNo.toUpperCase()}`))
        if (!t) throw notFound('outbound:returnShelf.errors.notFound', { taskNo: params.taskNo })
        const lines = await returnLines(db, n(t.id))
        return { task: t, lines: lines.map((l) => ({ id: l.id, skuCode: l.skuCode, fromLocation: l.fromLocation, batchNo: l.batchNo, qty: l.qty, returnedQty: l.returned })), next: returnNext(lines) }
      },
    }),
  ]
}
