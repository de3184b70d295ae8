// Demo data for the scan stations (issue 4): every demo warehouse-tenant pair with warehouse data
// (WAREHOUSE_SEED_PAIRS — 26/2 has no locations at all, so it stays without a station) gets a receiving area
// (storage area type 4 temporary, code RCV) with the location RCV-01 where received goods land, an
// inbound_setting row pointing at it, and a defective area (type 6, code DEF) with a few locations
// for failed inspection goods, and a picked-goods area (type 4, code PCK) with PCK-01 where picks land
// (outbound_setting). Idempotent (ON CONFLICT DO NOTHING / keeps an existing setting).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../client'
import { WAREHOUSE_SEED_PAIRS } from '../../resources/custom/warehouse/seed'

export const RECEIVING_AREA = 'RCV'
export const RECEIVING_LOCATION = 'RCV-01'
export const DEFECTIVE_AREA = 'DEF'
export const DEFECTIVE_LOCATIONS = ['DEF-01', 'DEF-02', 'DEF-03', 'DEF-04']
/** Where picked goods land (the picking carts), a temporary area of its own (issue 12). */
export const PICKED_AREA = 'PCK'
export const PICKED_LOCATION = 'PCK-01'

export async function seedStations(tx: AppTx, pairs: readonly (readonly [number, number])[] = WAREHOUSE_SEED_PAIRS): Promise<void> {
  const p = sql.raw(`(VALUES ${pairs.map(([w, t]) => `(${Number(w)}, ${Number(t)})`).join(', ')}) AS p(warehouse_id, tenant_id)`)
  await tx.execute(sql`
    INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type, status)
    SELECT p.tenant_id, p.warehouse_id, a.code, a.name, a.area_type, 1
    FROM ${p} CROSS JOIN (VALUES (${RECEIVING_AREA}, 'Receiving area', 4), (${DEFECTIVE_AREA}, 'Defective goods', 6), (${PICKED_AREA}, 'Picked goods (carts)', 4)) AS a(code, name, area_type)
    ON CONFLICT DO NOTHING`)
  const locs = [[RECEIVING_AREA, RECEIVING_LOCATION, true], [PICKED_AREA, PICKED_LOCATION, true], ...DEFECTIVE_LOCATIONS.map((c) => [DEFECTIVE_AREA, c, false])] as const
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
}
