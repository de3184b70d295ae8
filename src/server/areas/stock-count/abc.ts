// ABC classes of SKUs for count rules (issue 20, part H; README "Counts"). Never stored by hand: computed
// from the ledger in one set-based statement whenever a rule needs them.
//
// A SKU's movement = its outbound units over the last ABC_WINDOW_DAYS days in this warehouse: the ledger
// rows of reason `ship` (net of `ship-cancel`) and `otherOut`. SKUs sorted by units desc (then id, so the
// order is stable): A while the cumulative units BEFORE the SKU are < 80 % of the total (the SKU that
// crosses 80 % is still A, so a SKU shipping 80 % or more alone is A), B while < 95 %, C the rest — and
// every SKU with no movement is C.
import { sql, type SQL } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { rowsOf } from '../../db/rows'

export type AbcClass = 'A' | 'B' | 'C'
export const ABC_WINDOW_DAYS = 90
/** Outbound reasons that count as movement; `ship-cancel` rows (positive Δ on hand) net a cancelled shipment out. */
export const ABC_REASONS = ['ship', 'ship-cancel', 'otherOut'] as const
/** Cumulative share (percent of units) up to which SKUs are A, then B. */
export const ABC_CUTS = { A: 80, B: 95 } as const

type Scope = { tenantId: number; warehouseId: number }

/** The moved SKUs of the warehouse with their units and class, as a subquery (sku_id, units, abc); SKUs absent from it are C. */
export function abcClassesSql(scope: Scope): SQL {
  return sql`(
    WITH moved AS (
      SELECT b.sku_id, sum(-g.delta_on_hand)::bigint AS units
      FROM inventory_ledger g JOIN inventory_balance b ON b.id = g.balance_id
      WHERE g.tenant_id = ${scope.tenantId} AND g.warehouse_id = ${scope.warehouseId}
        AND g.reason IN ('ship', 'ship-cancel', 'otherOut') AND g.created_at > now() - make_interval(days => ${ABC_WINDOW_DAYS})
      GROUP BY b.sku_id HAVING sum(-g.delta_on_hand) > 0
    ), ranked AS (
      SELECT sku_id, units,
        sum(units) OVER (ORDER BY units DESC, sku_id ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) - units AS before,
        sum(units) OVER () AS total
      FROM moved
    )
    SELECT sku_id, units, CASE WHEN before * 100 < ${ABC_CUTS.A} * total THEN 'A' WHEN before * 100 < ${ABC_CUTS.B} * total THEN 'B' ELSE 'C' END AS abc
    FROM ranked
  )`
}

/** Every moved SKU's class and units (unmoved SKUs are C and not listed). */
export async function abcClasses(q: Queryable, scope: Scope): Promise<Map<number, { abc: AbcClass; units: number }>> {
  const rows = rowsOf(await q.execute(sql`SELECT x.sku_id, x.units, x.abc FROM ${abcClassesSql(scope)} x`))
  return new Map(rows.map((r) => [Number(r.sku_id), { abc: String(r.abc) as AbcClass, units: Number(r.units) }]))
}

/**
 * SQL condition: location `loc` (an SQL reference to location.id) holds stock (on hand > 0) of a SKU of
 * class `cls`. Uncorrelated (the classes are computed once per statement, not per location).
 */
export function holdsAbcClass(scope: Scope, loc: SQL, cls: AbcClass): SQL {
  return sql`${loc} IN (
    SELECT hb.location_id FROM inventory_balance hb LEFT JOIN ${abcClassesSql(scope)} hx ON hx.sku_id = hb.sku_id
    WHERE hb.tenant_id = ${scope.tenantId} AND hb.warehouse_id = ${scope.warehouseId} AND hb.on_hand > 0 AND coalesce(hx.abc, 'C') = ${cls})`
}
