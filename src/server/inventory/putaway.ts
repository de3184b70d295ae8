// Suggested shelving location (spec section 9 "Storage rules"; rules screen inbound-strategy). The
// inbound strategies of a warehouse list storage areas in priority order (lower priority number
// first, then the order of the areas inside a strategy). A suggestion is:
//   1. same-SKU co-storage, when the warehouse allows it: an enabled location of a prioritized area
//      already holding the SKU with the same batch and stock status;
//   2. otherwise the first empty enabled location of the highest-priority area.
// Normal stock never goes to defective or temporary areas by suggestion; defective stock only to
// defective areas. Without any active strategy every enabled area of the right kind counts (by code),
// so a new warehouse still gets suggestions. Read-only: it never moves stock.
import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rowsOf } from '../db/rows'
import { StockStatus, StorageAreaType } from '../../domain/dictionaries'
import { getInboundSettings } from './settings'

export interface Scope { tenantId: number; warehouseId: number }

export interface PutawayRequest {
  skuId: number
  batchNo?: string
  stockStatus?: number
  /** Never suggest these (the receiving location the goods come from, earlier lines' picks). */
  exclude?: number[]
}

export interface Suggestion { locationId: number; locationCode: string; areaId: number; reason: 'coStorage' | 'empty' }

/** Whether a storage area type may receive stock of a status when shelving (scans are checked with it too). */
export function areaAccepts(areaType: number, stockStatus: number): boolean {
  if (stockStatus === StockStatus.Defective) return areaType === StorageAreaType.Defective
  return areaType !== StorageAreaType.Defective
}

/** Areas a suggestion may use by suggestion (stricter than areaAccepts: no temporary area for normal goods). */
function suggestable(areaType: number, stockStatus: number): boolean {
  if (stockStatus === StockStatus.Defective) return areaType === StorageAreaType.Defective
  return areaType !== StorageAreaType.Defective && areaType !== StorageAreaType.Temporary
}

const intArray = (ids: readonly number[]): SQL => ids.length === 0
  ? sql`ARRAY[]::integer[]`
  : sql`ARRAY[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::integer[]`

/**
 * Candidate areas in priority order for a stock status. Strategies of the warehouse's storage mode
 * (normal / fast) come first; when none of that type is active, every active strategy counts.
 */
export async function candidateAreas(q: Queryable, scope: Scope, stockStatus: number, storageMode?: string): Promise<number[]> {
  const mode = storageMode ?? (await getInboundSettings(q, scope)).storageMode
  const strategies = rowsOf(await q.execute(sql`
    SELECT strategy_type, area_ids FROM inbound_strategy
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND status = 1
    ORDER BY priority`))
  const areas = rowsOf(await q.execute(sql`
    SELECT id, area_type FROM storage_area WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND status = 1
    ORDER BY code`))
  const typeOf = new Map(areas.map((a) => [Number(a.id), Number(a.area_type)]))
  const ofMode = strategies.filter((s) => s.strategy_type === mode)
  const used = ofMode.length > 0 ? ofMode : strategies
  const ordered: number[] = used.length > 0
    ? used.flatMap((s) => (s.area_ids as (number | string)[]).map(Number))
    : areas.map((a) => Number(a.id))
  const out: number[] = []
  for (const id of ordered) {
    const t = typeOf.get(id)
    if (t !== undefined && suggestable(t, stockStatus) && !out.includes(id)) out.push(id)
  }
  // Defective goods always find the defective areas, even when no strategy lists one.
  if (stockStatus === StockStatus.Defective && out.length === 0) {
    for (const a of areas) if (Number(a.area_type) === StorageAreaType.Defective) out.push(Number(a.id))
  }
  return out
}

/** The suggested location for one line, or null when no area/location qualifies. */
export async function suggestLocation(q: Queryable, scope: Scope, req: PutawayRequest, opts: { coStorage?: boolean; storageMode?: string } = {}): Promise<Suggestion | null> {
  const settings = opts.coStorage === undefined || opts.storageMode === undefined ? await getInboundSettings(q, scope) : undefined
  const coStorage = opts.coStorage ?? settings!.coStorage
  const mode = opts.storageMode ?? settings!.storageMode
  const status = req.stockStatus ?? StockStatus.Normal
  const areas = await candidateAreas(q, scope, status, mode)
  if (areas.length === 0) return null
  const arr = intArray(areas)
  const exclude = intArray(req.exclude ?? [])
  if (coStorage) {
    const [row] = rowsOf(await q.execute(sql`
      SELECT l.id, l.code, l.storage_area_id FROM inventory_balance b JOIN location l ON l.id = b.location_id
      WHERE b.tenant_id = ${scope.tenantId} AND b.warehouse_id = ${scope.warehouseId} AND b.sku_id = ${req.skuId}
        AND b.batch_no = ${req.batchNo ?? ''} AND b.stock_status = ${status} AND b.on_hand > 0
        AND l.status = 1 AND l.storage_area_id = ANY(${arr}) AND NOT (l.id = ANY(${exclude}))
      ORDER BY array_position(${arr}, l.storage_area_id), b.on_hand DESC, l.code
      LIMIT 1`))
    if (row) return { locationId: Number(row.id), locationCode: String(row.code), areaId: Number(row.storage_area_id), reason: 'coStorage' }
  }
  const [empty] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.storage_area_id FROM location l
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1
      AND l.storage_area_id = ANY(${arr}) AND NOT (l.id = ANY(${exclude}))
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND (b.on_hand > 0 OR b.locked > 0))
    ORDER BY array_position(${arr}, l.storage_area_id), l.code
    LIMIT 1`))
  return empty ? { locationId: Number(empty.id), locationCode: String(empty.code), areaId: Number(empty.storage_area_id), reason: 'empty' } : null
}
