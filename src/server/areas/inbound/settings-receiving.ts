// Warehouse facts the inbound extras need. (Where received goods land: receivingLocation in
// src/server/inventory/settings.ts — one rule for receiving, returns and quick inbound.)
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import { rowsOf } from '../../db/rows'

/** Overseas warehouses (warehouse_location 2) refuse return-outbound delivery notes (spec section 5). */
export async function isOverseasWarehouse(q: Queryable | AppTx, warehouseId: number): Promise<boolean> {
  const [row] = rowsOf(await q.execute(sql`SELECT warehouse_location FROM warehouse WHERE id = ${warehouseId}`))
  return Number(row?.warehouse_location) === 2
}
