// Demo data for the scan stations (issue 4): every demo warehouse-tenant pair with warehouse data
// (WAREHOUSE_SEED_PAIRS — 26/2 has no locations at all, so it stays without a station) gets a receiving area
// (storage area type 4 temporary, code RCV) with the location RCV-01 where received goods land, an
// inbound_setting row pointing at it, and a defective area (type 6, code DEF) with a few locations
// for failed inspection goods, and a picked-goods area (type 4, code PCK) with PCK-01 where picks land
// (outbound_setting). Idempotent (ON CONFLICT DO NOTHING / keeps an existing setting).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../client'
import { WAREHOUSE_SEED_PAIRS } from '../../resources/custom/warehouse/seed'
import { rowsOf } from '../rows'

export const RECEIVING_AREA = 'RCV'
export const RECEIVING_LOCATION = 'RCV-01'
export const DEFECTIVE_AREA = 'DEF'
export const DEFECTIVE_LOCATIONS = ['DEF-01', 'DEF-02', 'DEF-03', 'DEF-04']
/** Where picked goods land (the picking carts), a temporary area of its own (issue 12). */
export const PICKED_AREA = 'PCK'
export const PICKED_LOCATION = 'PCK-01'
/** Where reviewed and packed parcels wait for the carrier (issue 13): a temporary area of its own. */
export const PACKING_AREA = 'PAK'
export const PACKING_LOCATION = 'PAK-01'
/** Packing materials (consumables) each pair starts with: code, name, type, L × W × H mm, weight g, stock. */
export const PACKING_MATERIALS = [
  ['BAG-S', 'Poly mailer S 250×350', 'bag', 250, 350, 1, 12, 500],
  ['BAG-M', 'Poly mailer M 350×450', 'bag', 350, 450, 1, 18, 400],
  ['BOX-SHOE', 'Shoe shipper box 360×240×140', 'box', 360, 240, 140, 230, 300],
  ['BOX-2SHOE', 'Double shoe box 380×300×260', 'box', 380, 300, 260, 420, 120],
] as const

export async function seedStations(tx: AppTx, pairs: readonly (readonly [number, number])[] = WAREHOUSE_SEED_PAIRS): Promise<void> {
  const p = sql.raw(`(VALUES ${pairs.map(([w, t]) => `(${Number(w)}, ${Number(t)})`).join(', ')}) AS p(warehouse_id, tenant_id)`)
  await tx.execute(sql`
    INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type, status)
    SELECT p.tenant_id, p.warehouse_id, a.code, a.name, a.area_type, 1
    FROM ${p} CROSS JOIN (VALUES (${RECEIVING_AREA}, 'Receiving area', 4), (${DEFECTIVE_AREA}, 'Defective goods', 6), (${PICKED_AREA}, 'Picked goods (carts)', 4), (${PACKING_AREA}, 'Packing benches', 4)) AS a(code, name, area_type)
    ON CONFLICT DO NOTHING`)
  const locs = [[RECEIVING_AREA, RECEIVING_LOCATION, true], [PICKED_AREA, PICKED_LOCATION, true], [PACKING_AREA, PACKING_LOCATION, true], ...DEFECTIVE_LOCATIONS.map((c) => [DEFECTIVE_AREA, c, false])] as const
  const l = sql.raw(`(VALUES ${locs.map(([a, c, tmp]) => `('${a}', '${c}', ${tmp})`).join(', ')}) AS l(area_code, code, temp)`)
  await tx.execute(sql`
    INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, temporary)
    SELECT a.tenant_id, a.warehouse_id, l.code, 'scattered', a.id, 1, l.temp
    FROM ${p} JOIN storage_area a ON a.tenant_id = p.tenant_id AND a.warehouse_id = p.warehouse_id
    JOIN ${l} ON l.area_code = a.code
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO inbound_setting (tenant_id, warehouse_id, receiving_location_id)
    SELECT p.tenant_id, p.warehouse_id, x.id FROM ${p}
    JOIN location x ON x.tenant_id = p.tenant_id AND x.warehouse_id = p.warehouse_id AND x.code = ${RECEIVING_LOCATION}
    ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET receiving_location_id = coalesce(inbound_setting.receiving_location_id, EXCLUDED.receiving_location_id)`)
  await tx.execute(sql`
    INSERT INTO outbound_setting (tenant_id, warehouse_id, picked_location_id)
    SELECT p.tenant_id, p.warehouse_id, x.id FROM ${p}
    JOIN location x ON x.tenant_id = p.tenant_id AND x.warehouse_id = p.warehouse_id AND x.code = ${PICKED_LOCATION}
    ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET picked_location_id = coalesce(outbound_setting.picked_location_id, EXCLUDED.picked_location_id)`)
  const m = sql.raw(`(VALUES ${PACKING_MATERIALS.map((r) => `('${r.slice(0, 3).join("', '")}', ${r.slice(3).join(', ')})`).join(', ')}) AS m(code, name, material_type, length_mm, width_mm, height_mm, weight_g, stock_qty)`)
  const made = await tx.execute(sql`
    INSERT INTO package_material (tenant_id, warehouse_id, code, name, material_type, length_mm, width_mm, height_mm, weight_g, stock_qty)
    SELECT p.tenant_id, p.warehouse_id, m.code, m.name, m.material_type, m.length_mm, m.width_mm, m.height_mm, m.weight_g, m.stock_qty FROM ${p} CROSS JOIN ${m}
    ON CONFLICT DO NOTHING RETURNING id, tenant_id, warehouse_id, stock_qty`)
  // The opening stock on the consumables' ledger (Σ delta = stock_qty).
  for (const r of rowsOf(made)) {
    await tx.execute(sql`
      INSERT INTO consumable_ledger (tenant_id, warehouse_id, material_id, delta, balance_after, doc_type, doc_no, reason)
      VALUES (${r.tenant_id}, ${r.warehouse_id}, ${r.id}, ${r.stock_qty}, ${r.stock_qty}, 'SEED', 'OPENING', 'opening stock')`)
  }
}
