// Shared by the scan bench and the crash test: prepare a database (migrated, demo seeded) with one
// issued inbound order whose single line expects `qty` units of a SKU nobody else stocks, at warehouse
// 26 / tenant 1, and the 'scan too fast' interval off (one operator scans as fast as the load allows).
import type { Database } from '../../src/server/db/client'
import { migrate } from '../../src/server/db/migrate'
import { seedIfEmpty } from '../../src/server/db/seed'
import { loadConfig } from '../../src/server/config'

export async function prepareReceivingOrder(database: Database, orderNo: string, qty: number): Promise<{ skuCode: string }> {
  if (!/^[A-Z0-9]+$/.test(orderNo) || !Number.isInteger(qty)) throw new Error('bad order number or quantity')
  await migrate(database)
  await seedIfEmpty(database, { ...loadConfig({}), seedDemo: true })
  const [sku] = await database.query<{ id: number; sku_code: string }>(`
    SELECT id, sku_code FROM product_sku s WHERE tenant_id = 1
      AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = s.id)
      AND NOT EXISTS (SELECT 1 FROM inbound_order_line l WHERE l.sku_id = s.id)
    ORDER BY sku_code LIMIT 1`)
  await database.execTx(`
    INSERT INTO inbound_setting (tenant_id, warehouse_id, min_scan_interval_ms) VALUES (1, 26, 0)
      ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET min_scan_interval_ms = 0;
    INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, expected_qty, issued_at)
      VALUES (1, 26, '${orderNo}', 1, 2, ${qty}, now());
    INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty)
      SELECT id, 1, 26, 1, ${Number(sku!.id)}, ${qty} FROM inbound_order WHERE order_no = '${orderNo}' AND tenant_id = 1 AND warehouse_id = 26;`)
  return { skuCode: sku!.sku_code }
}
