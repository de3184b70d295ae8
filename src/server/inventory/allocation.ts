// Allocation of outbound order lines to balances (issue 12, ARCHITECTURE.md "Outbound on the ledger"):
// reservations through the one ledger service (reserveStock / releaseReservation), never a counter
// read and written here. Each reservation is doc_type 'outboundOrder', doc_no = the order number,
// doc_line = the order line's line_no. The order row is locked first (FOR UPDATE), so two allocations
// of one order serialize; two orders competing for one balance are serialized by the balance's
// conditional UPDATE in reserveStock (a candidate taken meanwhile is re-read and the rest looked for
// elsewhere) — an oversell is impossible whatever the interleaving, and the CHECK constraints of
// 0020_inventory.sql are the last line of defence.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import { AppError, notFound } from '../http/errors'
import { rowsOf } from '../db/rows'
import { freeQty, releaseReservation, reserveStock, StockStatus, type Operator } from './ledger'
import { StorageAreaType } from '../../domain/dictionaries'
import type { LedgerReasonCode } from '../../domain/ledger-reasons'

export const OUTBOUND_DOC = 'outboundOrder'

export interface AllocAuth { tenantId: number; warehouseId: number; userId: number | null; username: string | null }
type Scope = { tenantId: number; warehouseId: number }

/** Storage areas stock may be allocated from (not receiving/temporary, defective, sample, audit, consumables, hosting). */
export const ALLOCATABLE_AREA_TYPES: readonly number[] = [StorageAreaType.Scattered, StorageAreaType.Floor, StorageAreaType.Other]
/**
 * The storage areas an order asking for a stock status other than Normal may take it from (issue 20, other
 * outbound): its own area type first (defective stock lies in the defective area, samples in the sample
 * area), then the allocatable ones. Normal allocation never takes Defective, Sample or Frozen stock.
 */
export const AREA_TYPES_BY_STATUS: Readonly<Record<number, readonly number[]>> = {
  [StockStatus.Normal]: ALLOCATABLE_AREA_TYPES,
  [StockStatus.Defective]: [StorageAreaType.Defective, ...ALLOCATABLE_AREA_TYPES],
  [StockStatus.Sample]: [StorageAreaType.Sample, ...ALLOCATABLE_AREA_TYPES],
}

export interface AllocationStrategy {
  /** FIFO: oldest first receipt first; LOT: lowest batch number first, then oldest. */
  order: 'FIFO' | 'LOT'
  /** ToC: bulk (full-box) locations before scattered ones when true; picking area (scattered) first otherwise. */
  bulkFirst: boolean
  /** The storage areas stock may come from, in this order; empty or absent: every allocatable area. */
  areaIds?: readonly number[]
  /** The stock status taken (the order's: Normal for every sales order). */
  stockStatus?: number
}
export const DEFAULT_STRATEGY: AllocationStrategy = { order: 'FIFO', bulkFirst: false }

/**
 * Why a line waits short: 'stock' — no free stock to take; 'quota' — the shop's stock allot quota of the
 * SKU is used up by its open orders (README "Stock allot"; `quota` names it, `quotaShort` the part of the
 * shortage the quota holds back — replenishment cannot fill that part).
 */
export type ShortReason = 'stock' | 'quota'
export interface LineShortage { lineNo: number; skuId: number; skuCode: string; qty: number; allocated: number; short: number; reason: ShortReason; quota?: number; quotaShort?: number }
export interface AllocationResult { orderNo: string; reserved: number; allocatedQty: number; expectedQty: number; shortages: LineShortage[] }

const op = (a: AllocAuth): Operator => ({ userId: a.userId, username: a.username })

interface Candidate { balanceId: number; locationId: number; batchNo: string; free: number }

/** Free balances of one SKU in allocation order (picking area first, then by strategy). */
async function candidates(q: Queryable, scope: Scope, skuId: number, batchNo: string, s: AllocationStrategy): Promise<Candidate[]> {
  const status = s.stockStatus ?? StockStatus.Normal
  const areaTypes = AREA_TYPES_BY_STATUS[status] ?? ALLOCATABLE_AREA_TYPES
  // A strategy's areas name where normal stock is kept: another status is taken from its own areas.
  const areas = status === StockStatus.Normal ? (s.areaIds ?? []).filter((n) => Number.isInteger(n)) : []
  const rows = rowsOf(await q.execute(sql`
    SELECT b.id, b.location_id, b.batch_no, b.on_hand - b.locked AS free
    FROM inventory_balance b
    JOIN location l ON l.id = b.location_id
    JOIN storage_area a ON a.id = l.storage_area_id
    WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.sku_id = ${skuId}
      AND b.stock_status = ${status} AND b.on_hand > b.locked
      ${batchNo ? sql`AND b.batch_no = ${batchNo}` : sql``}
      AND l.status = 1 AND a.status = 1 AND NOT l.temporary
      AND a.area_type IN (${sql.join(areaTypes.map((t) => sql`${t}`), sql`, `)})
      ${areas.length ? sql`AND a.id = ANY(${`{${areas.join(',')}}`}::int[])` : sql``}
    ORDER BY
      ${status === StockStatus.Normal ? sql`` : sql`(a.area_type = ${areaTypes[0]!}) DESC,`}
      ${areas.length ? sql`array_position(${`{${areas.join(',')}}`}::int[], a.id),` : sql``}
      (a.area_type = ${StorageAreaType.Scattered}) ${s.bulkFirst ? sql`ASC` : sql`DESC`},
      (l.location_type = 'fullBox') ${s.bulkFirst ? sql`DESC` : sql`ASC`},
      ${s.order === 'LOT' ? sql`b.batch_no ASC, b.first_in_at ASC,` : sql`b.first_in_at ASC, b.batch_no ASC,`}
      l.code ASC`))
  return rows.map((r) => ({ balanceId: Number(r.id), locationId: Number(r.location_id), batchNo: String(r.batch_no), free: Number(r.free) }))
}

interface LineRow { id: number; lineNo: number; skuId: number; skuCode: string; batchNo: string; qty: number; allocated: number }

async function lockOrder(tx: AppTx, scope: Scope, orderId: number) {
  const [o] = rowsOf(await tx.execute(sql`
    SELECT id, order_no, expected_qty, stock_status, shop_id FROM outbound_order
    WHERE id = ${orderId} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} FOR UPDATE`))
  if (!o) throw notFound('outbound:order.errors.notFound', { id: orderId })
  return {
    id: Number(o.id), orderNo: String(o.order_no), expectedQty: Number(o.expected_qty), stockStatus: Number(o.stock_status ?? StockStatus.Normal),
    shopId: o.shop_id == null ? null : Number(o.shop_id),
  }
}

/**
 * Stock allot quotas (README "Stock allot") of a shop for the given SKUs here, each with what that shop's
 * open outbound orders hold reserved of the SKU (this order's reservations included) — one statement per
 * allocation call. A SKU absent from the map has no quota for the shop: it allocates unrestricted. Read
 * under the SKUs' allocation locks, so no other allocation of these SKUs changes what is held meanwhile.
 */
export async function shopQuotas(q: Queryable, scope: Scope, shopId: number, skuIds: readonly number[]): Promise<Map<number, { quota: number; held: number }>> {
  const out = new Map<number, { quota: number; held: number }>()
  const ids = [...new Set(skuIds)]
  if (!ids.length) return out
  const rows = rowsOf(await q.execute(sql`
    SELECT q.sku_id, q.qty, coalesce(h.held, 0)::int AS held
    FROM stock_allot_quota q
    LEFT JOIN (
      SELECT b.sku_id, sum(r.qty) AS held FROM inventory_reservation r
      JOIN inventory_balance b ON b.id = r.balance_id
      JOIN outbound_order o ON o.tenant_id = r.tenant_id AND o.warehouse_id = r.warehouse_id AND o.order_no = r.doc_no
      WHERE r.tenant_id = ${scope.tenantId} AND r.warehouse_id = ${scope.warehouseId} AND r.status = 0 AND r.doc_type = ${OUTBOUND_DOC}
        AND o.shop_id = ${shopId} AND b.sku_id = ANY(${`{${ids.join(',')}}`}::int[])
      GROUP BY b.sku_id) h ON h.sku_id = q.sku_id
    WHERE q.tenant_id = ${scope.tenantId} AND q.warehouse_id = ${scope.warehouseId} AND q.shop_id = ${shopId}
      AND q.sku_id = ANY(${`{${ids.join(',')}}`}::int[])`))
  for (const r of rows) out.set(Number(r.sku_id), { quota: Number(r.qty), held: Number(r.held) })
  return out
}

/**
 * Reserves what is still unallocated on every line of an order (the caller has checked the order's
 * state). Partial allocation is not an error: the result names each line's shortage and the order
 * stays waiting for stock (refresh inventory lock tries again).
 */
/**
 * Takes the allocation lock of each SKU (a transaction-scoped advisory lock per warehouse-tenant pair and
 * SKU) in SKU order. Every allocating command takes the locks of all the SKUs it will reserve before it
 * reserves any: a batch of orders then never holds one balance row while waiting for another that a
 * concurrent batch holds (two validate calls of 50 orders sharing SKUs deadlocked on PostgreSQL —
 * bench:outbound-ship). Reentrant within the transaction; on PGlite (one connection) it costs a query.
 */
export async function lockSkusForAllocation(tx: AppTx, scope: { tenantId: number; warehouseId: number }, skuIds: readonly number[]): Promise<void> {
  const ids = [...new Set(skuIds)].sort((a, b) => a - b)
  if (!ids.length) return
  await tx.execute(sql`
    SELECT pg_advisory_xact_lock(hashtext(${`alloc:${scope.tenantId}:${scope.warehouseId}`}), s) FROM unnest(${`{${ids.join(',')}}`}::int[]) AS s ORDER BY s`)
}

/** The SKUs of orders' lines (what allocating them will reserve). */
export async function orderSkus(q: Queryable, orderIds: readonly number[]): Promise<number[]> {
  if (!orderIds.length) return []
  return rowsOf(await q.execute(sql`SELECT DISTINCT sku_id FROM outbound_order_line WHERE order_id = ANY(${`{${orderIds.join(',')}}`}::int[])`)).map((r) => Number(r.sku_id))
}

export async function allocateOrder(tx: AppTx, auth: AllocAuth, orderId: number, strategy: AllocationStrategy = DEFAULT_STRATEGY): Promise<AllocationResult> {
  await lockSkusForAllocation(tx, auth, await orderSkus(tx, [orderId]))
  const order = await lockOrder(tx, auth, orderId)
  // The order's own stock status (other outbound: Defective or Sample), whatever the caller's strategy says.
  strategy = { ...strategy, stockStatus: order.stockStatus }
  const lines: LineRow[] = rowsOf(await tx.execute(sql`
    SELECT ol.id, ol.line_no, ol.sku_id, s.sku_code, ol.batch_no, ol.qty, ol.allocated_qty
    FROM outbound_order_line ol JOIN product_sku s ON s.id = ol.sku_id
    WHERE ol.order_id = ${orderId} ORDER BY ol.line_no`)).map((r) => ({
    id: Number(r.id), lineNo: Number(r.line_no), skuId: Number(r.sku_id), skuCode: String(r.sku_code), batchNo: String(r.batch_no ?? ''),
    qty: Number(r.qty), allocated: Number(r.allocated_qty),
  }))
  let reserved = 0
  const shortages: LineShortage[] = []
  // Stock allot quotas bind the order's shop on normal stock (other outbound of defective or sample stock
  // is not sales stock): the room left per SKU = quota − what the shop's open orders hold already.
  const quotas = order.shopId != null && order.stockStatus === StockStatus.Normal
    ? await shopQuotas(tx, auth, order.shopId, lines.filter((l) => l.qty > l.allocated).map((l) => l.skuId))
    : new Map<number, { quota: number; held: number }>()
  // Lines in SKU order, so concurrent allocators of multi-line orders take balance rows in one order
  // (on PostgreSQL, two orders reserving X then Y and Y then X deadlocked).
  for (const line of [...lines].sort((a, b) => a.skuId - b.skuId || a.lineNo - b.lineNo)) {
    const wanted = line.qty - line.allocated
    if (wanted <= 0) continue
    const q = quotas.get(line.skuId)
    // Beyond the quota the line waits short, as when stock is missing (refresh inventory lock tries again).
    const quotaShort = q ? Math.max(0, wanted - Math.max(0, q.quota - q.held)) : 0
    let need = wanted - quotaShort
    for (const c of need <= 0 ? [] : await candidates(tx, auth, line.skuId, line.batchNo, strategy)) {
      if (need <= 0) break
      let take = Math.min(need, c.free)
      const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: c.locationId, skuId: line.skuId, batchNo: c.batchNo, stockStatus: strategy.stockStatus }
      // Another allocator may have taken part of this balance since it was read: reserve what is left.
      for (let attempt = 0; take > 0 && attempt < 3; attempt++) {
        try {
          await reserveStock(tx, key, take, { docType: OUTBOUND_DOC, docNo: order.orderNo, docLine: line.lineNo, reason: 'reserve' }, op(auth))
          need -= take; reserved += take; line.allocated += take
          if (q) q.held += take
          break
        } catch (e) {
          if (!(e instanceof AppError) || e.messageKey !== 'inventory:errors.insufficient') throw e
          take = Math.min(need, await freeQty(tx, key))
        }
      }
    }
    if (need + quotaShort > 0) {
      shortages.push({
        lineNo: line.lineNo, skuId: line.skuId, skuCode: line.skuCode, qty: line.qty, allocated: line.allocated, short: need + quotaShort,
        ...(quotaShort > 0 ? { reason: 'quota' as const, quota: q!.quota, quotaShort } : { reason: 'stock' as const }),
      })
    }
  }
  shortages.sort((a, b) => a.lineNo - b.lineNo)
  await syncAllocated(tx, orderId)
  const [o] = rowsOf(await tx.execute(sql`SELECT allocated_qty FROM outbound_order WHERE id = ${orderId}`))
  return { orderNo: order.orderNo, reserved, allocatedQty: Number(o!.allocated_qty), expectedQty: order.expectedQty, shortages }
}

/** Line and order allocated_qty from the order's reservations (open, or consumed by a pick). */
async function syncAllocated(tx: AppTx, orderId: number): Promise<void> {
  await tx.execute(sql`
    UPDATE outbound_order_line ol SET allocated_qty = least(ol.qty, ol.picked_qty + coalesce((
      SELECT sum(r.qty) FROM inventory_reservation r
      WHERE r.tenant_id = ol.tenant_id AND r.warehouse_id = ol.warehouse_id AND r.doc_type = ${OUTBOUND_DOC}
        AND r.doc_no = o.order_no AND r.doc_line = ol.line_no AND r.status = 0), 0))
    FROM outbound_order o WHERE o.id = ol.order_id AND ol.order_id = ${orderId}`)
  await tx.execute(sql`
    UPDATE outbound_order SET allocated_qty = (SELECT coalesce(sum(allocated_qty), 0) FROM outbound_order_line WHERE order_id = ${orderId}),
      updated_at = now() WHERE id = ${orderId}`)
}

const RELEASE_REASONS: Readonly<Record<string, LedgerReasonCode>> = {
  void: 'void', stop: 'stop', terminate: 'terminate', split: 'split', merge: 'merge', 'switch warehouse': 'switchWarehouse', switchWarehouse: 'switchWarehouse',
}

/**
 * Releases every open reservation of an order (void, stop before picking, terminate, merge, switch
 * warehouse): exactly what was reserved goes back to free stock. Returns the quantity released.
 */
export async function releaseOrder(tx: AppTx, auth: AllocAuth, orderId: number, why: string): Promise<number> {
  // The ledger's reason code of the command that releases (unknown callers: the plain 'release').
  const reason = RELEASE_REASONS[why] ?? 'release'
  const order = await lockOrder(tx, auth, orderId)
  const open = rowsOf(await tx.execute(sql`
    SELECT id, qty, doc_line FROM inventory_reservation
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND doc_type = ${OUTBOUND_DOC}
      AND doc_no = ${order.orderNo} AND status = 0 ORDER BY id`))
  let released = 0
  for (const r of open) {
    await releaseReservation(tx, auth, Number(r.id), { docType: OUTBOUND_DOC, docNo: order.orderNo, docLine: r.doc_line == null ? null : Number(r.doc_line), reason }, op(auth))
    released += Number(r.qty)
  }
  await syncAllocated(tx, orderId)
  return released
}

/** The open reservations of an order (details page, picking task generation). */
export async function orderReservations(q: Queryable, scope: Scope, orderNo: string) {
  return rowsOf(await q.execute(sql`
    SELECT r.id, r.qty, r.doc_line AS line_no, r.balance_id, b.location_id, l.code AS location_code, b.sku_id, s.sku_code, b.batch_no, b.stock_status
    FROM inventory_reservation r
    JOIN inventory_balance b ON b.id = r.balance_id
    JOIN location l ON l.id = b.location_id
    JOIN product_sku s ON s.id = b.sku_id
    WHERE r.tenant_id = ${scope.tenantId} AND r.warehouse_id = ${scope.warehouseId} AND r.doc_type = ${OUTBOUND_DOC}
      AND r.doc_no = ${orderNo} AND r.status = 0 ORDER BY r.doc_line, l.code`)).map((r) => ({
    id: Number(r.id), qty: Number(r.qty), lineNo: Number(r.line_no), balanceId: Number(r.balance_id), locationId: Number(r.location_id),
    locationCode: String(r.location_code), skuId: Number(r.sku_id), skuCode: String(r.sku_code), batchNo: String(r.batch_no), stockStatus: Number(r.stock_status),
  }))
}
