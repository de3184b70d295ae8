// Moves on the ledger (issue 20 "Moves"; commands in commands/moves.ts, one transaction each; machine
// src/domain/states/move-order.ts, asked before every change).
//
// A line moves whole or not at all: from-location, SKU, batch and stock status name one balance; its
// movable quantity is on hand − reserved − frozen (frozen stock — a short pick's missing goods — never
// moves: its count or pick-diff settles it). Reserved goods move only when the line says `moveReserved`,
// and then only reservations of outbound orders not yet in a wave (a wave's picking task points at its
// shelf reservation, so those stay): each such reservation follows its goods (ledger moveReservation —
// consumed at the shelf, reserved again at the destination for the same order line, as a pick's does).
// The destination must exist in the caller's warehouse, be enabled (location and its storage area) and
// differ from the source; every refusal is translated and names its field (and line). Each move is two
// ledger rows under the order's number (doc_type moveOrder, reason move / moveReserved).
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, notFound } from '../../http/errors'
import type { FieldError as EnvelopeFieldError } from '../../../domain/envelope'
import { defineHandler } from '../../commands/registry'
import { refuseUnlessAllowed } from '../../commands/states'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { moveReservation, moveStock, StockStatus, type DocRef, type Operator } from '../../inventory/ledger'
import { OUTBOUND_DOC } from '../../inventory/allocation'
import { resolveCodes } from '../inbound/orders'
import { MoveOrderStatus } from '../../../domain/dictionaries'
import { moveOrderMachine } from '../../../domain/states/move-order'
import type { z } from 'zod'
import type { CreateMoveArgs, MoveAnswer, MoveLineInput, MoveMade, MoveNoArgs, MoveScanArgs, MoveScanned, OpenStationArgs } from '../../../../commands/moves'

type Scope = { tenantId: number; warehouseId: number }
const S = MoveOrderStatus
const n = (v: unknown) => Number(v)
const opOf = (auth: AuthContext): Operator => ({ userId: auth.userId, username: auth.username })
export const MOVE_DOC = 'moveOrder'

type Line = z.output<typeof MoveLineInput>
type FieldError = Omit<EnvelopeFieldError, 'message'> & { params?: Record<string, unknown> }
export interface MoveOrderRow { id: number; moveNo: string; status: number; source: string }

/** A move order of the caller's pair, locked for the transaction; unknown → 404 naming it. */
export async function lockOrder(tx: Queryable, scope: Scope, moveNo: string, lock = true): Promise<MoveOrderRow> {
  const [r] = rowsOf(await tx.execute(sql`SELECT id, move_no, status, source FROM move_order
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND move_no = ${moveNo} ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!r) throw notFound('moves:errors.notFound', { moveNo })
  return { id: n(r.id), moveNo: String(r.move_no), status: n(r.status), source: String(r.source) }
}

interface Loc { id: number; code: string; enabled: boolean }
/** A line checked against the database: ids resolved, or the refusals naming its fields. */
interface Resolved { from: Loc; to: Loc; skuId: number; skuCode: string }

async function locationOf(q: Queryable, scope: Scope, code: string): Promise<Loc | 'unknown' | 'otherWarehouse'> {
  const rows = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.warehouse_id, (l.status = 1 AND a.status = 1) AS enabled FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND upper(l.code) = ${code}`))
  const here = rows.find((r) => n(r.warehouse_id) === scope.warehouseId)
  if (here) return { id: n(here.id), code: String(here.code), enabled: here.enabled === true }
  return rows.length ? 'otherWarehouse' : 'unknown'
}

/** Resolves one line; pushes each refusal (field `<prefix><field>`) and returns undefined when any. */
async function resolveLine(q: Queryable, scope: Scope, l: Line, prefix: string, errors: FieldError[]): Promise<Resolved | undefined> {
  const before = errors.length
  const err = (field: string, key: string, params: Record<string, unknown>) => errors.push({ field: `${prefix}${field}`, messageKey: key, params })
  const from = await locationOf(q, scope, l.fromLocationCode)
  if (from === 'unknown') err('fromLocationCode', 'moves:errors.unknownLocation', { locationCode: l.fromLocationCode })
  else if (from === 'otherWarehouse') err('fromLocationCode', 'moves:errors.otherWarehouse', { locationCode: l.fromLocationCode })
  const to = await locationOf(q, scope, l.toLocationCode)
  if (to === 'unknown') err('toLocationCode', 'moves:errors.unknownLocation', { locationCode: l.toLocationCode })
  else if (to === 'otherWarehouse') err('toLocationCode', 'moves:errors.otherWarehouse', { locationCode: l.toLocationCode })
  else if (!to.enabled) err('toLocationCode', 'moves:errors.locationDisabled', { locationCode: l.toLocationCode })
  else if (typeof from === 'object' && from.id === to.id) err('toLocationCode', 'moves:errors.sameLocation', { locationCode: l.toLocationCode })
  const hits = (await resolveCodes(q, scope.tenantId, [l.code])).get(l.code) ?? []
  const skuIds = [...new Set(hits.map((h) => h.skuId))]
  if (skuIds.length !== 1) err('code', skuIds.length ? 'moves:errors.ambiguousCode' : 'moves:errors.unknownSku', { code: l.code })
  if (errors.length > before || typeof from !== 'object' || typeof to !== 'object') return undefined
  const [sku] = rowsOf(await q.execute(sql`SELECT sku_code FROM product_sku WHERE id = ${skuIds[0]!}`))
  return { from, to, skuId: skuIds[0]!, skuCode: String(sku!.sku_code) }
}

interface Movable { balanceId: number | null; onHand: number; free: number; reserved: number; followable: number; movable: number }

/**
 * What a line may move from its balance: free stock (on hand − reserved), plus — with `moveReserved` —
 * the reservations of outbound orders in no wave yet. Frozen stock: nothing.
 */
async function movableOf(q: Queryable, scope: Scope, r: Resolved, l: Line, lock: boolean): Promise<Movable> {
  const [b] = rowsOf(await q.execute(sql`
    SELECT id, on_hand, locked FROM inventory_balance
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND location_id = ${r.from.id} AND sku_id = ${r.skuId}
      AND batch_no = ${l.batchNo} AND stock_status = ${l.stockStatus} ${lock ? sql`FOR UPDATE` : sql``}`))
  if (!b) return { balanceId: null, onHand: 0, free: 0, reserved: 0, followable: 0, movable: 0 }
  const onHand = n(b.on_hand); const reserved = n(b.locked)
  if (l.stockStatus === StockStatus.Frozen) return { balanceId: n(b.id), onHand, free: 0, reserved, followable: 0, movable: 0 }
  const free = onHand - reserved
  let followable = 0
  if (l.moveReserved && reserved > 0) {
    const [f] = rowsOf(await q.execute(sql`
      SELECT coalesce(sum(r.qty), 0)::int AS qty FROM inventory_reservation r
      JOIN outbound_order o ON o.tenant_id = r.tenant_id AND o.warehouse_id = r.warehouse_id AND o.order_no = r.doc_no
      WHERE r.balance_id = ${n(b.id)} AND r.status = 0 AND r.doc_type = ${OUTBOUND_DOC} AND o.wave_no IS NULL`))
    followable = n(f!.qty)
  }
  return { balanceId: n(b.id), onHand, free, reserved, followable, movable: free + followable }
}

function overMovable(l: Line, r: Resolved, m: Movable, field: string): AppError {
  const params = { qty: l.qty, movable: m.movable, reserved: m.reserved, locationCode: r.from.code, skuCode: r.skuCode }
  const key = l.stockStatus === StockStatus.Frozen ? 'moves:errors.frozen' : m.reserved > 0 && !l.moveReserved ? 'moves:errors.overMovableReserved' : 'moves:errors.overMovable'
  return new AppError(409, key, params, [{ field, messageKey: key, params }])
}

/** Moves one resolved line under the order's number: free stock first, then reservations that follow their goods. */
async function moveLine(tx: AppTx, auth: AuthContext, order: MoveOrderRow, lineNo: number, l: Line, r: Resolved, qtyField: string) {
  const m = await movableOf(tx, auth, r, l, true)
  if (l.qty > m.movable) throw overMovable(l, r, m, qtyField)
  const from = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: r.from.id, skuId: r.skuId, batchNo: l.batchNo, stockStatus: l.stockStatus }
  const to = { ...from, locationId: r.to.id }
  const freePart = Math.min(l.qty, m.free)
  let toBalanceId = 0
  if (freePart > 0) {
    const doc: DocRef = { docType: MOVE_DOC, docNo: order.moveNo, docLine: lineNo, reason: 'move', reasonParams: { moveNo: order.moveNo } }
    toBalanceId = (await moveStock(tx, from, to, freePart, doc, opOf(auth))).to.id
  }
  let rest = l.qty - freePart
  if (rest > 0) {
    const doc: DocRef = { docType: MOVE_DOC, docNo: order.moveNo, docLine: lineNo, reason: 'moveReserved', reasonParams: { moveNo: order.moveNo } }
    const reservations = rowsOf(await tx.execute(sql`
      SELECT r.id, r.qty FROM inventory_reservation r
      JOIN outbound_order o ON o.tenant_id = r.tenant_id AND o.warehouse_id = r.warehouse_id AND o.order_no = r.doc_no
      WHERE r.balance_id = ${m.balanceId} AND r.status = 0 AND r.doc_type = ${OUTBOUND_DOC} AND o.wave_no IS NULL ORDER BY r.id`))
    for (const res of reservations) {
      if (rest === 0) break
      const take = Math.min(rest, n(res.qty))
      toBalanceId = (await moveReservation(tx, auth, n(res.id), to, take, doc, opOf(auth))).to.id
      rest -= take
    }
    if (rest > 0) throw overMovable(l, r, m, qtyField)
  }
  return { fromBalanceId: m.balanceId!, toBalanceId, reservedMoved: l.qty - freePart, movableLeft: m.movable - l.qty }
}

async function insertLine(tx: AppTx, auth: AuthContext, orderId: number, lineNo: number, l: Line, r: Resolved) {
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO move_order_line (order_id, tenant_id, warehouse_id, line_no, from_location_id, sku_id, batch_no, stock_status, qty, to_location_id, move_reserved)
    VALUES (${orderId}, ${auth.tenantId}, ${auth.warehouseId}, ${lineNo}, ${r.from.id}, ${r.skuId}, ${l.batchNo}, ${l.stockStatus}, ${l.qty}, ${r.to.id}, ${l.moveReserved})
    RETURNING id`))
  return n(row!.id)
}
async function markMoved(tx: AppTx, auth: AuthContext, lineId: number, qty: number, m: { fromBalanceId: number; toBalanceId: number; reservedMoved: number }) {
  await tx.execute(sql`UPDATE move_order_line SET moved_qty = ${qty}, reserved_moved = ${m.reservedMoved}, from_balance_id = ${m.fromBalanceId}, to_balance_id = ${m.toBalanceId},
    moved_by = ${auth.userId}, moved_by_name = ${auth.username}, moved_at = now() WHERE id = ${lineId}`)
}

const throwAll = (errors: FieldError[]) => {
  if (errors.length) throw new AppError(400, errors[0]!.messageKey, errors[0]!.params, errors)
}

defineHandler<z.output<typeof CreateMoveArgs>>('move.order.create', async ({ tx, auth, args, setSummary }) => {
  // Every line checked in one pass: each refusal names its line and field.
  const errors: FieldError[] = []
  const resolved: (Resolved | undefined)[] = []
  for (const [i, l] of args.lines.entries()) resolved.push(await resolveLine(tx, auth, l, `lines.${i}.`, errors))
  throwAll(errors)
  // Movable now (checked again when it is executed): the same balance over several lines counts once.
  const asked = new Map<string, number>()
  for (const [i, l] of args.lines.entries()) {
    const r = resolved[i]!
    const key = `${r.from.id}|${r.skuId}|${l.batchNo}|${l.stockStatus}`
    const total = (asked.get(key) ?? 0) + l.qty
    asked.set(key, total)
    const m = await movableOf(tx, auth, r, l, false)
    if (total > m.movable) {
      const e = overMovable({ ...l, qty: total }, r, m, `lines.${i}.qty`)
      errors.push(...(e.fieldErrors ?? []))
    }
  }
  if (errors.length) throw new AppError(409, errors[0]!.messageKey, errors[0]!.params, errors)
  const moveNo = await nextDocNo(tx, auth, DOC_PREFIX.moveOrder)
  const [o] = rowsOf(await tx.execute(sql`
    INSERT INTO move_order (tenant_id, warehouse_id, move_no, status, source, remark, line_count, total_qty, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${moveNo}, ${S.New}, ${args.source}, ${args.remark}, ${args.lines.length},
      ${args.lines.reduce((s, l) => s + l.qty, 0)}, ${auth.userId}, ${auth.username}) RETURNING id`))
  for (const [i, l] of args.lines.entries()) await insertLine(tx, auth, n(o!.id), i + 1, l, resolved[i]!)
  setSummary(`${moveNo} +${args.lines.length}`)
  return { moveNo, id: n(o!.id), status: S.New, lines: args.lines.length } satisfies MoveMade
})

interface StoredLine { id: number; lineNo: number; line: Line; resolved: Resolved }
async function storedLines(q: Queryable, orderId: number): Promise<StoredLine[]> {
  return rowsOf(await q.execute(sql`
    SELECT ml.id, ml.line_no, ml.from_location_id, lf.code AS from_code, ml.to_location_id, lt.code AS to_code, (lt.status = 1 AND at.status = 1) AS to_enabled,
      ml.sku_id, s.sku_code, ml.batch_no, ml.stock_status, ml.qty, ml.move_reserved
    FROM move_order_line ml JOIN location lf ON lf.id = ml.from_location_id JOIN location lt ON lt.id = ml.to_location_id
      JOIN storage_area at ON at.id = lt.storage_area_id JOIN product_sku s ON s.id = ml.sku_id
    WHERE ml.order_id = ${orderId} AND ml.moved_qty = 0 ORDER BY ml.line_no`)).map((r) => ({
    id: n(r.id), lineNo: n(r.line_no),
    line: { fromLocationCode: String(r.from_code), toLocationCode: String(r.to_code), code: String(r.sku_code), batchNo: String(r.batch_no), stockStatus: n(r.stock_status), qty: n(r.qty), moveReserved: r.move_reserved === true },
    resolved: { from: { id: n(r.from_location_id), code: String(r.from_code), enabled: true }, to: { id: n(r.to_location_id), code: String(r.to_code), enabled: r.to_enabled === true }, skuId: n(r.sku_id), skuCode: String(r.sku_code) },
  }))
}

defineHandler<z.output<typeof MoveNoArgs>>('move.order.execute', async ({ tx, auth, args, setSummary }) => {
  const o = await lockOrder(tx, auth, args.moveNo)
  refuseUnlessAllowed(moveOrderMachine, 'move.order.execute', { moveNo: o.moveNo, status: o.status }, auth)
  let qty = 0
  const lines = await storedLines(tx, o.id)
  for (const s of lines) {
    // A destination disabled since the order was made is refused, naming the line.
    if (!s.resolved.to.enabled) {
      const params = { locationCode: s.resolved.to.code, lineNo: s.lineNo }
      throw new AppError(409, 'moves:errors.locationDisabled', params, [{ field: `lines.${s.lineNo - 1}.toLocationCode`, messageKey: 'moves:errors.locationDisabled', params }])
    }
    const m = await moveLine(tx, auth, o, s.lineNo, s.line, s.resolved, `lines.${s.lineNo - 1}.qty`)
    await markMoved(tx, auth, s.id, s.line.qty, m)
    qty += s.line.qty
  }
  await tx.execute(sql`UPDATE move_order SET status = ${S.Completed}, completed_by_name = ${auth.username}, completed_at = now(), updated_at = now() WHERE id = ${o.id}`)
  setSummary(`${o.moveNo} ${S.New}→${S.Completed}`)
  return { moveNo: o.moveNo, status: S.Completed, movedLines: lines.length, movedQty: qty } satisfies MoveAnswer
})

defineHandler<z.output<typeof MoveNoArgs>>('move.order.cancel', async ({ tx, auth, args, setSummary }) => {
  const o = await lockOrder(tx, auth, args.moveNo)
  refuseUnlessAllowed(moveOrderMachine, 'move.order.cancel', { moveNo: o.moveNo, status: o.status }, auth)
  await tx.execute(sql`UPDATE move_order SET status = ${S.Cancelled}, cancelled_at = now(), updated_at = now() WHERE id = ${o.id}`)
  setSummary(`${o.moveNo} ${o.status}→${S.Cancelled}`)
  return { moveNo: o.moveNo, status: S.Cancelled, movedLines: 0, movedQty: 0 } satisfies MoveAnswer
})

defineHandler<z.output<typeof OpenStationArgs>>('move.station.open', async ({ tx, auth, args, setSummary }) => {
  const moveNo = await nextDocNo(tx, auth, DOC_PREFIX.moveOrder)
  const [o] = rowsOf(await tx.execute(sql`
    INSERT INTO move_order (tenant_id, warehouse_id, move_no, status, source, remark, created_by, created_by_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${moveNo}, ${S.Moving}, 'station', ${args.remark}, ${auth.userId}, ${auth.username}) RETURNING id`))
  setSummary(`${moveNo}`)
  return { moveNo, id: n(o!.id), status: S.Moving, lines: 0 } satisfies MoveMade
})

defineHandler<z.output<typeof MoveScanArgs>>('move.station.scan', async ({ tx, auth, args, setSummary }) => {
  const o = await lockOrder(tx, auth, args.moveNo)
  refuseUnlessAllowed(moveOrderMachine, 'move.station.scan', { moveNo: o.moveNo, status: o.status }, auth)
  const errors: FieldError[] = []
  const r = await resolveLine(tx, auth, args, '', errors)
  throwAll(errors)
  const [c] = rowsOf(await tx.execute(sql`SELECT coalesce(max(line_no), 0)::int AS last FROM move_order_line WHERE order_id = ${o.id}`))
  const lineNo = n(c!.last) + 1
  const m = await moveLine(tx, auth, o, lineNo, args, r!, 'qty')
  const lineId = await insertLine(tx, auth, o.id, lineNo, args, r!)
  await markMoved(tx, auth, lineId, args.qty, m)
  await tx.execute(sql`UPDATE move_order SET line_count = line_count + 1, total_qty = total_qty + ${args.qty}, updated_at = now() WHERE id = ${o.id}`)
  setSummary(`${o.moveNo} ${r!.from.code}→${r!.to.code} ${r!.skuCode} ${args.qty}`)
  return {
    moveNo: o.moveNo, lineNo, skuCode: r!.skuCode, fromLocationCode: r!.from.code, toLocationCode: r!.to.code, qty: args.qty,
    reservedMoved: m.reservedMoved, movableLeft: m.movableLeft, fromBalanceId: m.fromBalanceId, toBalanceId: m.toBalanceId,
  } satisfies MoveScanned
})

defineHandler<z.output<typeof MoveNoArgs>>('move.order.complete', async ({ tx, auth, args, setSummary }) => {
  const o = await lockOrder(tx, auth, args.moveNo)
  refuseUnlessAllowed(moveOrderMachine, 'move.order.complete', { moveNo: o.moveNo, status: o.status }, auth)
  const [c] = rowsOf(await tx.execute(sql`SELECT count(*)::int AS lines, coalesce(sum(moved_qty), 0)::int AS qty FROM move_order_line WHERE order_id = ${o.id}`))
  // A session that moved nothing closes as cancelled (nothing happened under its number).
  const status = n(c!.lines) > 0 ? S.Completed : S.Cancelled
  await tx.execute(sql`UPDATE move_order SET status = ${status}, completed_by_name = ${status === S.Completed ? auth.username : null},
    completed_at = ${status === S.Completed ? sql`now()` : null}, cancelled_at = ${status === S.Cancelled ? sql`now()` : null}, updated_at = now() WHERE id = ${o.id}`)
  setSummary(`${o.moveNo} ${S.Moving}→${status}`)
  return { moveNo: o.moveNo, status, movedLines: n(c!.lines), movedQty: n(c!.qty) } satisfies MoveAnswer
})

