// SKUs and shelves a test may stock and move freely, picked from the seeded demo: the same queries the
// outbound, station and palette tests used to repeat each in their own file.
type Query = <T>(text: string, params?: unknown[]) => Promise<T[]>
export interface Sku { id: number; code: string }
export interface Shelf { id: number; code: string }

/**
 * The newest `n` SKUs of tenant 1 with no stock anywhere (and, with `noInbound`, on no inbound order
 * line either; with `enabled`, in force), whose code is unique ignoring case (a scan finds exactly it).
 */
export async function freshSkus(q: Query, n: number, opts: { enabled?: boolean; noInbound?: boolean } = {}): Promise<Sku[]> {
  const rows = await q<{ id: number; sku_code: string }>(`
    SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1${opts.enabled ? ' AND k.status = 1' : ''}
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
      ${opts.noInbound ? 'AND NOT EXISTS (SELECT 1 FROM inbound_order_line l WHERE l.sku_id = k.id)' : ''}
      AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code))
    ORDER BY k.id DESC LIMIT ${Number(n)}`)
  return rows.map((r) => ({ id: Number(r.id), code: r.sku_code }))
}

/**
 * The first `n` shelves (storage area type 2, in force, not temporary) of the demo pair (tenant 1, warehouse
 * 26), by code; with `empty`, only those holding no stock yet (a count then sees only what a test puts there).
 */
export async function demoShelves(q: Query, n: number, opts: { empty?: boolean } = {}): Promise<Shelf[]> {
  const rows = await q<{ id: number; code: string }>(`
    SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
    WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2
      ${opts.empty ? 'AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.location_id = l.id AND b.on_hand > 0)' : ''}
    ORDER BY l.code LIMIT ${Number(n)}`)
  return rows.map((r) => ({ id: Number(r.id), code: r.code }))
}
