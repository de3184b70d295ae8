// Demo warehouse data (brief "Demo data"): for warehouses 26, 168 and 201 of tenant 1 and 31 of tenant 2,
// storage areas of several types, shelves, a few thousand locations (codes like A01-01-01 = shelf A01,
// layer 01, column 01), containers, storage area groups and job groups. Set-based SQL
// (INSERT … SELECT generate_series) so the demo seed stays fast: every test file seeds it.
import { sql } from 'drizzle-orm'
import { RESOURCE_BY_NAME } from '../../../../domain/resources/index'
import type { AppTx } from '../../../db/client'

/** The (warehouse, tenant) pairs that get warehouse data. */
export const WAREHOUSE_SEED_PAIRS: readonly (readonly [number, number])[] = [[26, 1], [168, 1], [201, 1], [31, 2]]

/** [code, name, type (storageAreaType), status]. Types: 1 floor, 2 scattered, 3 sample, 4 temporary, 5 hosting, 6 defective, 7 audit, 8 consumables. */
const AREAS: readonly (readonly [string, string, number, number])[] = [
  ['PICK-A', 'Picking area A', 2, 1],
  ['PICK-B', 'Picking area B', 2, 1],
  ['FLOOR-F', 'Floor stacking F', 1, 1],
  ['SAMPLE-S', 'Sample area', 3, 1],
  ['TEMP-T', 'Temporary area', 4, 1],
  ['HOST-H', 'Hosting area', 5, 1],
  ['DEF-D', 'Defective area', 6, 1],
  ['AUDIT-Q', 'Audit area', 7, 1],
  ['CONS-C', 'Consumables', 8, 0],
]

/**
 * Shelf runs: [area code, shelf prefix, shelves, type, layers, columns, layer weight kg, location type].
 * Per warehouse: 2 × 16 × 5 × 8 + 8 × 4 × 6 = 1,472 shelf locations, plus the loose ones below.
 */
const SHELF_RUNS: readonly (readonly [string, string, number, 'light' | 'heavy', number, number, number, string])[] = [
  ['PICK-A', 'A', 16, 'light', 5, 8, 80, 'scattered'],
  ['PICK-B', 'B', 16, 'light', 5, 8, 80, 'scattered'],
  ['FLOOR-F', 'F', 8, 'heavy', 4, 6, 1000, 'fullBox'],
]

/** Loose locations without shelves: [area code, code prefix, count, location type]. */
const LOOSE: readonly (readonly [string, string, number, string])[] = [
  ['SAMPLE-S', 'S', 20, 'sample'],
  ['TEMP-T', 'T', 12, 'scattered'],
  ['HOST-H', 'H', 10, 'fullBox'],
  ['DEF-D', 'D', 10, 'scattered'],
  ['AUDIT-Q', 'Q', 6, 'scattered'],
]

/** [code prefix, type, count, size m³, pallet cap (trays only)]. */
const CONTAINERS: readonly (readonly [string, string, number, number, number | null])[] = [
  ['TP', 'tray', 24, 1.44, 40],
  ['CR', 'crate', 30, 0.06, null],
  ['MB', 'materialBox', 12, 0.04, null],
  ['PB', 'partsBox', 12, 0.02, null],
  ['VT', 'virtualTray', 6, 1, 30],
  ['OT', 'other', 4, 0.5, null],
]

const WAREHOUSE_DETAILS: Record<number, { type: string; fn: string; address: string; associated?: number; physical?: number }> = {
  26: { type: 'company', fn: 'Domestic fulfilment and export consolidation', address: '18 Songshan Lake Rd, Dongguan, Guangdong, CN' },
  31: { type: 'company', fn: 'Apparel consolidation', address: '88 Futian Market Ave, Yiwu, Zhejiang, CN', associated: 26 },
  168: { type: 'company', fn: 'Overseas fulfilment (US)', address: '2400 E 7th St, Los Angeles, CA 90023, US', associated: 26 },
  201: { type: 'vendor', fn: 'Overseas fulfilment (MX)', address: 'Av. López Mateos Sur 2375, Zapopan, Jalisco, MX', associated: 168 },
}

export async function seedWarehouseResources(tx: AppTx): Promise<void> {
  for (const [id, d] of Object.entries(WAREHOUSE_DETAILS)) {
    await tx.execute(sql`UPDATE warehouse SET warehouse_type = ${d.type}, warehouse_function = ${d.fn}, address = ${d.address},
      associated_warehouse_id = ${d.associated ?? null}, physical_warehouse_id = ${d.physical ?? null} WHERE id = ${Number(id)}`)
  }
  const pairs = sql.raw(`(VALUES ${WAREHOUSE_SEED_PAIRS.map(([w, t]) => `(${w}, ${t})`).join(', ')}) AS p(warehouse_id, tenant_id)`)
  const values = <T extends readonly unknown[]>(rows: readonly T[], cols: string) =>
    sql.raw(`(VALUES ${rows.map((r) => `(${r.map((v) => (v === null ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`)).join(', ')})`).join(', ')}) AS v(${cols})`)

  await tx.execute(sql`INSERT INTO storage_area (tenant_id, warehouse_id, code, name, area_type, status)
    SELECT p.tenant_id, p.warehouse_id, v.code, v.name, v.area_type, v.status FROM ${pairs} CROSS JOIN ${values(AREAS, 'code, name, area_type, status')}`)

  await tx.execute(sql`INSERT INTO shelf (tenant_id, warehouse_id, code, shelf_type, storage_area_id, layers, column_count, layer_weight, length, width, height)
    SELECT a.tenant_id, a.warehouse_id, v.prefix || lpad(n::text, 2, '0'), v.shelf_type, a.id, v.layers, v.column_count, v.layer_weight,
           CASE WHEN v.shelf_type = 'heavy' THEN 270 ELSE 150 END, CASE WHEN v.shelf_type = 'heavy' THEN 100 ELSE 60 END,
           CASE WHEN v.shelf_type = 'heavy' THEN 450 ELSE 240 END
    FROM ${values(SHELF_RUNS, 'area_code, prefix, shelves, shelf_type, layers, column_count, layer_weight, location_type')}
    JOIN storage_area a ON a.code = v.area_code
    CROSS JOIN LATERAL generate_series(1, v.shelves) AS n`)

  // Shelf locations: one per layer × column. The top layer of the last shelf of each run is disabled
  // (under repair) so the demo has disabled rows; the second half of area B sits on floor 2 in Dongguan.
  await tx.execute(sql`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, shelf_id, floor, status)
    SELECT s.tenant_id, s.warehouse_id, s.code || '-' || lpad(l::text, 2, '0') || '-' || lpad(c::text, 2, '0'), v.location_type, s.storage_area_id, s.id,
           CASE WHEN s.warehouse_id = 26 AND v.prefix = 'B' AND substr(s.code, 2)::int > v.shelves / 2 THEN 2 ELSE 1 END,
           CASE WHEN substr(s.code, 2)::int = v.shelves AND l = s.layers THEN 0 ELSE 1 END
    FROM ${values(SHELF_RUNS, 'area_code, prefix, shelves, shelf_type, layers, column_count, layer_weight, location_type')}
    JOIN shelf s ON s.code LIKE v.prefix || '%' AND length(s.code) = length(v.prefix) + 2
    CROSS JOIN LATERAL generate_series(1, s.layers) AS l
    CROSS JOIN LATERAL generate_series(1, s.column_count) AS c`)

  await tx.execute(sql`INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, floor, temporary)
    SELECT a.tenant_id, a.warehouse_id, v.prefix || '-' || lpad(n::text, 3, '0'), v.location_type, a.id, 1, v.prefix = 'T'
    FROM ${values(LOOSE, 'area_code, prefix, cnt, location_type')}
    JOIN storage_area a ON a.code = v.area_code
    CROSS JOIN LATERAL generate_series(1, v.cnt) AS n`)

  // Containers: status cycles unused / using / on shelves / taken off so every status shows up.
  await tx.execute(sql`INSERT INTO container (tenant_id, warehouse_id, code, container_type, container_status, size, pallet_cap)
    SELECT p.tenant_id, p.warehouse_id, v.prefix || '-' || lpad(n::text, 4, '0'), v.container_type,
           CASE WHEN n % 7 = 0 THEN 3 WHEN n % 5 = 0 THEN 2 WHEN n % 3 = 0 THEN 1 ELSE 0 END, v.size, v.pallet_cap
    FROM ${pairs} CROSS JOIN ${values(CONTAINERS, 'prefix, container_type, cnt, size, pallet_cap')}
    CROSS JOIN LATERAL generate_series(1, v.cnt) AS n`)

  await tx.execute(sql`INSERT INTO storage_area_group (tenant_id, warehouse_id, code, name, area_ids)
    SELECT p.tenant_id, p.warehouse_id, g.code, g.name,
           ARRAY(SELECT a.id FROM storage_area a WHERE a.tenant_id = p.tenant_id AND a.warehouse_id = p.warehouse_id AND a.code = ANY(g.areas) ORDER BY a.code)
    FROM ${pairs} CROSS JOIN (VALUES ('PICKING', 'Picking areas', ARRAY['PICK-A', 'PICK-B']),
                                     ('BULK', 'Bulk and overflow', ARRAY['FLOOR-F', 'TEMP-T']),
                                     ('QUALITY', 'Quality hold', ARRAY['DEF-D', 'AUDIT-Q'])) AS g(code, name, areas)`)

  // Job groups; members are the staff (org group, matched by username) of the users who work in the
  // pair — empty when the org group's staff are not seeded before this.
  const staff = RESOURCE_BY_NAME.get('staff')
  const members = staff?.fields.username
    ? sql`ARRAY(SELECT s.id FROM ${sql.identifier(staff.table)} s JOIN app_user u ON u.username = s.username
              JOIN user_access ua ON ua.user_id = u.id AND ua.warehouse_id = p.warehouse_id AND ua.tenant_id = p.tenant_id ORDER BY s.id)`
    : sql`NULL::int[]`
  await tx.execute(sql`INSERT INTO job_group (tenant_id, warehouse_id, number, name, member_ids)
    SELECT p.tenant_id, p.warehouse_id, g.number, g.name, ${members}
    FROM ${pairs} CROSS JOIN (VALUES ('JG-REC', 'Receiving crew'), ('JG-SHF', 'Shelving crew'), ('JG-PCK', 'Picking crew')) AS g(number, name)`)
}
