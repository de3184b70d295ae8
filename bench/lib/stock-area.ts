// The outbound benches' stock (bench/outbound.ts, bench/outbound-ship.ts): a migrated, demo-seeded
// database gets one bench storage area of `locations` picking locations (type Scattered) holding
// `skus` SKUs of the tenant that nobody else stocks or orders — location i holds SKU i % skus,
// `perLocation` units each, added through the ledger (addStock) in one transaction.
import type { Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { loadConfig } from '../../src/server/config'
import { addStock } from '../../src/server/inventory/ledger'
import { StorageAreaType } from '../../src/domain/dictionaries'

export interface BenchStockOptions {
  tenantId: number; warehouseId: number; skus: number; locations: number; perLocation: number
  areaCode: string; areaName: string; locationPrefix: string; docNo: string; reason: string
}

/** Migrate, seed the demo, stock the bench area; the SKUs stocked, the locations, and how long seeding and stocking took (ms). */
export async function stockBenchArea(db: Database, o: BenchStockOptions) {
  const t0 = performance.now()
  await migrate(db)
  await seedIfEmpty(db, { ...loadConfig({}), seedDemo: true })
  const t1 = performance.now()
  const skus = await db.query<{ id: number; sku_code: string }>(`
    SELECT s.id, s.sku_code FROM product_sku s WHERE s.tenant_id = $1 AND s.status = 1
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM outbound_order_line l WHERE l.sku_id = s.id)
      AND (SELECT count(*) FROM product_sku x WHERE upper(x.sku_code) = upper(s.sku_code)) = 1
    ORDER BY s.sku_code OFFSET 60 LIMIT $2`, [o.tenantId, o.skus])
  if (skus.length < o.skus) throw new Error(`only ${skus.length} unstocked SKUs in tenant ${o.tenantId} (BENCH_SKUS=${o.skus})`)
  await db.query(`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type) VALUES ($1, $2, $3, $4, $5)`,
    [o.tenantId, o.warehouseId, o.areaCode, o.areaName, StorageAreaType.Scattered])
  await db.query(`
    INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, status)
    SELECT $1, $2, $3 || '-' || lpad(g::text, 5, '0'), 'scattered',
           (SELECT id FROM storage_area WHERE tenant_id = $1 AND warehouse_id = $2 AND code = $4), 1, 1
    FROM generate_series(1, $5::int) g`, [o.tenantId, o.warehouseId, o.locationPrefix, o.areaCode, o.locations])
  const locs = (await db.query<{ id: number }>(`SELECT id FROM location WHERE tenant_id = $1 AND warehouse_id = $2 AND code LIKE $3 ORDER BY code`,
    [o.tenantId, o.warehouseId, `${o.locationPrefix}-%`])).map((r) => Number(r.id))
  const op = { userId: 1, username: 'admin' }
  let line = 0
  await db.tx(async (tx) => {
    for (const [i, locationId] of locs.entries()) {
      await addStock(tx, { tenantId: o.tenantId, warehouseId: o.warehouseId, locationId, skuId: Number(skus[i % skus.length]!.id) }, o.perLocation,
        { docType: 'BENCH', docNo: o.docNo, docLine: ++line, reason: 'other', reasonParams: { text: o.reason } }, op)
    }
  })
  return { skus, locs, seedMs: t1 - t0, stockMs: performance.now() - t1 }
}
