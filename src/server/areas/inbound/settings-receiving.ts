// Where received goods land (returns, quick inbound): the warehouse's configured receiving location,
// else the first enabled location of a temporary storage area (type 4) so a warehouse works before
// anyone opens its settings. Refused (409) when there is neither.
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import { conflict } from '../../http/errors'
import { rowsOf } from '../../resources/service'
import { getInboundSettings } from '../../inventory/settings'

export async function receivingLocationId(q: Queryable | AppTx, scope: { tenantId: number; warehouseId: number }): Promise<number> {
  const s = await getInboundSettings(q, scope)
  if (s.receivingLocationId) return s.receivingLocationId
  const [row] = rowsOf(await q.execute(sql`
    SELECT l.id FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1 AND a.area_type = 4
    ORDER BY l.code LIMIT 1`))
  if (!row) throw conflict('inbound:settings.errors.noReceivingLocation')
  return Number(row.id)
}

/** Overseas warehouses (warehouse_location 2) refuse return-outbound delivery notes (spec section 5). */
export async function isOverseasWarehouse(q: Queryable | AppTx, warehouseId: number): Promise<boolean> {
  const [row] = rowsOf(await q.execute(sql`SELECT warehouse_location FROM warehouse WHERE id = ${warehouseId}`))
  return Number(row?.warehouse_location) === 2
}
