// Demo outbound rules (issue 12 §3) for every demo warehouse-tenant pair, so the outbound flow has
// rules to apply from the start: one outbound strategy (FIFO, any order type, every allocatable area,
// priority 1); two wave rules — single-item orders of any platform (50 orders a wave, picking by
// seed, one bulk task for the wave) and multi-item orders (20 a wave, ordinary picking, one task per
// order); one picking merge rule and one order splitting rule (split off the lines stock cannot
// cover). All enabled. Idempotent (ON CONFLICT DO NOTHING on the name/priority indexes).
import { sql } from 'drizzle-orm'
import type { AppTx } from '../client'
import { DEMO_PAIRS } from './demo'
import { PickMode } from '../../../domain/dictionaries'

export async function seedOutboundRules(tx: AppTx, pairs: readonly (readonly [number, number])[] = DEMO_PAIRS): Promise<void> {
  const p = sql.raw(`(VALUES ${pairs.map(([w, t]) => `(${Number(w)}, ${Number(t)})`).join(', ')}) AS p(warehouse_id, tenant_id)`)
  await tx.execute(sql`
    INSERT INTO outbound_strategy (tenant_id, warehouse_id, name, priority, allocation_order, bulk_first)
    SELECT p.tenant_id, p.warehouse_id, 'First in, first out', 1, 'FIFO', false FROM ${p}
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO wave_rule (tenant_id, warehouse_id, name, priority, item_kind, max_orders, pick_mode, task_mode)
    SELECT p.tenant_id, p.warehouse_id, r.name, r.priority, r.item_kind, r.max_orders, r.pick_mode, r.task_mode
    FROM ${p} CROSS JOIN (VALUES
      ('Single-item orders', 1, 'single', 50, ${PickMode.PickingBySeed}::smallint, 'bulk'),
      ('Multi-item orders', 2, 'multi', 20, ${PickMode.OrdinaryPicking}::smallint, 'whole')
    ) AS r(name, priority, item_kind, max_orders, pick_mode, task_mode)
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO picking_merge_rule (tenant_id, warehouse_id, name, priority, max_orders_per_task, max_qty_per_task, same_area_only)
    SELECT p.tenant_id, p.warehouse_id, 'Up to 20 orders per task', 1, 20, 200, false FROM ${p}
    ON CONFLICT DO NOTHING`)
  await tx.execute(sql`
    INSERT INTO order_splitting_rule (tenant_id, warehouse_id, name, priority, split_by)
    SELECT p.tenant_id, p.warehouse_id, 'Split off lines without stock', 1, 'stock' FROM ${p}
    ON CONFLICT DO NOTHING`)
}
