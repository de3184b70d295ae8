// Scan-code resolution shared by the returns and quick-inbound stations: a UPC or FNSKU of a platform
// SKU (product_msku) — and, where the station allows it, the SKU code itself — to the tenant's SKUs.
// A UPC is shared by every listing of one SKU, so a code normally names one SKU; callers match the
// result against their document's lines.
import { sql } from 'drizzle-orm'
import type { Queryable } from '../../db/client'
import { rowsOf } from '../../db/rows'

export interface CodeSku { id: number; skuCode: string }

export async function skusForCode(q: Queryable, tenantId: number, code: string, opts: { skuCode?: boolean } = {}): Promise<CodeSku[]> {
  const rows = rowsOf(await q.execute(sql`
    SELECT s.id, s.sku_code FROM product_sku s
    WHERE s.tenant_id = ${tenantId} AND (
      s.id IN (SELECT m.sku_id FROM product_msku m WHERE m.tenant_id = ${tenantId} AND (m.upc = ${code} OR m.fnsku = ${code}))
      ${opts.skuCode ? sql`OR s.sku_code = ${code}` : sql``})
    ORDER BY s.id`))
  return rows.map((r) => ({ id: Number(r.id), skuCode: String(r.sku_code) }))
}

/** X- and B-prefixed product codes (spec section 5: not together when the setting forbids). */
export const xbPrefix = (code: string): 'X' | 'B' | undefined => (code.startsWith('X') ? 'X' : code.startsWith('B') ? 'B' : undefined)
