// Task path (issue 20 "task path configuration"; spec section 9 storage rules "picking route corner or
// random"): the order in which a task visits its locations, configured per warehouse-tenant pair and,
// overriding it, per storage area (table task_path_config, migration 0049). One function orders
// locations for every task kind — picking task lines (outbound/picking.ts), count task locations
// (stock-count/handlers.ts), replenishment — so a supervisor changes the walk in one place.
//   corner   — location-code order, aisle by aisle from the corner
//   random   — a shuffled order fixed by `salt` (the task number: the same task always walks the same way)
//   explicit — by the configured keys (shelf code, floor, location code; each ascending or ':desc'),
//              location code breaking ties
// When some area has its own configuration, a task spanning areas walks them one after the other (area
// code order), each by its own route; otherwise the pair's route orders all its locations together.
// Without a configuration: picking keeps the pair's outbound setting (outbound_setting.picking_route),
// the other kinds walk by 'corner'.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { rowsOf } from '../db/rows'

export type TaskRoute = 'corner' | 'random' | 'explicit'
export const TASK_ROUTES: readonly TaskRoute[] = ['corner', 'random', 'explicit']
export const PATH_ORDER_KEYS = ['shelf', 'shelf:desc', 'floor', 'floor:desc', 'code', 'code:desc'] as const
export type PathOrderKey = (typeof PATH_ORDER_KEYS)[number]
export interface PathScope { tenantId: number; warehouseId: number }
export interface PathConfig { route: TaskRoute; orderKeys: readonly string[] }

interface Loc { id: number; code: string; areaId: number; areaCode: string; shelf: string | null; floor: number | null }

/** A small stable hash (FNV-1a) for the random route's fixed shuffle. */
export function pathHash(s: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193) >>> 0
  return h
}

const byCode = (a: Loc, b: Loc) => a.code.localeCompare(b.code)

function keyCompare(key: string): (a: Loc, b: Loc) => number {
  const [name, dir] = key.split(':')
  const sign = dir === 'desc' ? -1 : 1
  return (a, b) => {
    const va = name === 'shelf' ? a.shelf : name === 'floor' ? a.floor : a.code
    const vb = name === 'shelf' ? b.shelf : name === 'floor' ? b.floor : b.code
    if (va === vb) return 0
    // Locations without a shelf or floor come last, whatever the direction.
    if (va === null) return 1
    if (vb === null) return -1
    return (va < vb ? -1 : 1) * sign
  }
}

/** Locations of one area in a route (pure: the rule the tests and the screen's preview share). */
export function orderByRoute<L extends Loc>(locs: readonly L[], cfg: PathConfig, salt: string): L[] {
  const sorted = [...locs].sort(byCode)
  if (cfg.route === 'random') return sorted.sort((a, b) => (pathHash(`${salt}|${a.code}`) - pathHash(`${salt}|${b.code}`)) || byCode(a, b))
  if (cfg.route === 'explicit') {
    const cmps = cfg.orderKeys.map(keyCompare)
    return sorted.sort((a, b) => { for (const c of cmps) { const r = c(a, b); if (r) return r } return byCode(a, b) })
  }
  return sorted
}

/** The configuration in force for each storage area of the pair (area row, else the pair's row, else the kind's default). */
export async function pathConfigs(q: Queryable, scope: PathScope, kind: string): Promise<{ byArea: Map<number, PathConfig>; fallback: PathConfig }> {
  const rows = rowsOf(await q.execute(sql`
    SELECT storage_area_id, route, order_keys FROM task_path_config WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
  const keysOf = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : String(v ?? '{}').replace(/[{}"]/g, '').split(',').filter(Boolean))
  const byArea = new Map<number, PathConfig>()
  let pair: PathConfig | undefined
  for (const r of rows) {
    const cfg: PathConfig = { route: (TASK_ROUTES as readonly string[]).includes(String(r.route)) ? (String(r.route) as TaskRoute) : 'corner', orderKeys: keysOf(r.order_keys) }
    if (r.storage_area_id == null) pair = cfg
    else byArea.set(Number(r.storage_area_id), cfg)
  }
  if (!pair && kind === 'picking') {
    const [s] = rowsOf(await q.execute(sql`SELECT picking_route FROM outbound_setting WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
    pair = { route: s?.picking_route === 'random' ? 'random' : 'corner', orderKeys: [] }
  }
  return { byArea, fallback: pair ?? { route: 'corner', orderKeys: [] } }
}

/**
 * `locationIds` (of the caller's pair; duplicates and unknown ids dropped) in the visiting order of a
 * task of `kind` ('picking' | 'count' | 'replenishment' | …). `salt` fixes a random route (the task or
 * plan number).
 */
export async function orderLocations(q: Queryable, scope: PathScope, locationIds: readonly number[], kind: string, salt = ''): Promise<number[]> {
  const ids = [...new Set(locationIds.map(Number))].filter((x) => Number.isInteger(x) && x > 0)
  if (!ids.length) return []
  const locs: Loc[] = rowsOf(await q.execute(sql`
    SELECT l.id, l.code, l.storage_area_id, a.code AS area_code, sh.code AS shelf_code, l.floor
    FROM location l JOIN storage_area a ON a.id = l.storage_area_id LEFT JOIN shelf sh ON sh.id = l.shelf_id
    WHERE l.id IN (SELECT unnest(${`{${ids.join(',')}}`}::int[])) AND l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId}`))
    .map((r) => ({ id: Number(r.id), code: String(r.code), areaId: Number(r.storage_area_id), areaCode: String(r.area_code), shelf: r.shelf_code == null ? null : String(r.shelf_code), floor: r.floor == null ? null : Number(r.floor) }))
  const { byArea, fallback } = await pathConfigs(q, scope, kind)
  // No area of its own configured: the pair's route over all the task's locations together.
  if (!byArea.size) return orderByRoute(locs, fallback, salt).map((l) => l.id)
  const areas = new Map<number, Loc[]>()
  for (const l of locs) areas.set(l.areaId, [...(areas.get(l.areaId) ?? []), l])
  const areaOrder = [...areas.values()].sort((a, b) => (a[0]!.areaCode < b[0]!.areaCode ? -1 : a[0]!.areaCode > b[0]!.areaCode ? 1 : 0))
  return areaOrder.flatMap((group) => orderByRoute(group, byArea.get(group[0]!.areaId) ?? fallback, salt).map((l) => l.id))
}

/** Items in the order of their locations' path (stable within one location). */
export async function orderByPath<T extends { locationId: number }>(q: Queryable, scope: PathScope, items: readonly T[], kind: string, salt = ''): Promise<T[]> {
  const order = await orderLocations(q, scope, items.map((i) => i.locationId), kind, salt)
  const rank = new Map(order.map((id, i) => [id, i]))
  return items.map((it, i) => ({ it, i })).sort((a, b) => ((rank.get(a.it.locationId) ?? 1e9) - (rank.get(b.it.locationId) ?? 1e9)) || a.i - b.i).map((x) => x.it)
}
