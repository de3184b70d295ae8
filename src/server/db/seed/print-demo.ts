// Demo printing (issue 13 §3) for every demo warehouse-tenant pair, so face sheets print from the start:
// a laser printer (PDF, A4 with 4 labels a page) and a thermal one (ZPL, 4×6 in), both connected (the
// simulated connection of printer management); a face sheet template (4×6 in, barcode, ZPL); print
// setup sends face sheets to the thermal printer and picking lists to the laser. Idempotent (ON CONFLICT DO NOTHING).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../client'
import { DEMO_PAIRS } from './demo'

export async function seedPrintDemo(tx: AppTx, pairs: readonly (readonly [number, number])[] = DEMO_PAIRS): Promise<void> {
  const p = sql.raw(`(VALUES ${pairs.map(([w, t]) => `(${Number(w)}, ${Number(t)})`).join(', ')}) AS p(warehouse_id, tenant_id)`)
  await tx.execute(sql`
    INSERT INTO printer (tenant_id, warehouse_id, code, name, format, paper, address, connected)
    SELECT p.tenant_id, p.warehouse_id, r.code, r.name, r.format, r.paper, r.address, true
    FROM ${p} CROSS JOIN (VALUES
      ('LASER-01', 'Office laser (A4)', 'pdf', 'A4_4', 'ipp://laser-01.local'),
      ('ZEBRA-01', 'Packing bench thermal (4x6)', 'zpl', 'PackageLabel_Plain_Paper', 'tcp://zebra-01.local:9100')
    ) AS r(code, name, format, paper, address)
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO print_template (tenant_id, warehouse_id, name, doc_kind, paper, code_kind, format)
    SELECT p.tenant_id, p.warehouse_id, 'Face sheet 4x6 thermal', 'faceSheet', 'PackageLabel_Plain_Paper', 'barcode', 'zpl' FROM ${p}
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO print_setting (tenant_id, warehouse_id, doc_kind, printer_id, template_id, copies)
    SELECT p.tenant_id, p.warehouse_id, 'faceSheet',
      (SELECT id FROM printer x WHERE x.tenant_id = p.tenant_id AND x.warehouse_id = p.warehouse_id AND x.code = 'ZEBRA-01'),
      (SELECT id FROM print_template x WHERE x.tenant_id = p.tenant_id AND x.warehouse_id = p.warehouse_id AND x.name = 'Face sheet 4x6 thermal'), 1
    FROM ${p}
    ON CONFLICT DO NOTHING`)
  // Picking lists (a wave's, issue 18) on the laser printer.
  await tx.execute(sql`
    INSERT INTO print_setting (tenant_id, warehouse_id, doc_kind, printer_id, copies)
    SELECT p.tenant_id, p.warehouse_id, 'pickingList',
      (SELECT id FROM printer x WHERE x.tenant_id = p.tenant_id AND x.warehouse_id = p.warehouse_id AND x.code = 'LASER-01'), 1
    FROM ${p}
    ON CONFLICT DO NOTHING`)
}
