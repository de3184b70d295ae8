// The replenishment generator (issue 20 "Replenishment"): ONE set-based statement per trigger, whatever
// the number of pick faces (bench/replenishment.ts: 10 000 rules) — never a loop of round trips.
//
// Candidates (pick face × SKU): the enabled, unsnoozed rules — a face rule (one location, one SKU), or an
// area rule (every scattered location of the area holding a SKU whose code matches the pattern; a face
// rule of that face and SKU wins, even disabled: it is the more precise word). For a demand trigger
// (an allocation shortage, a wave) one face per SKU of the demand: its rule face, else the pick face
// that holds the SKU (most on hand).
//
// Per candidate, as the explanation stored with the task says:
//   projected = on hand at the face − max(reserved at the face, the wave's demand) − open demand (shortage
//               trigger only: what the waiting orders still miss of the SKU)
//   fires when projected < min (0 without a rule); needed = max (0 without a rule) − projected;
//   rounded = needed rounded UP to the rule's multiple (a case or box quantity);
//   qty = least(rounded, bulk available) — free (on hand − reserved) normal stock of the SKU on bulk
//   locations (fullBox locations, Floor areas; the rule's source area when it names one): frozen,
//   defective, sample and reserved stock never count.
// Odoo's test_proc_rule shapes: min 15, max 30, on hand 14 → 16 (Odoo's 14.5 → 15.5, in whole units);
// multiple 10 → 20; on hand 10 with min 5 → nothing.
//
// No duplicate open task per face and SKU: INSERT … ON CONFLICT on the partial unique index of open
// statuses (0050_replenishment.sql). A second trigger for a face with an open task (two at once on
// PostgreSQL: the second waits for the first's row, then conflicts) updates that task instead — its
// quantity becomes the larger of the two (never the sum: the same shortage seen twice must not double it,
// Odoo PR #78711), its explanation the latest (openTaskQty: what the open task still had to move) — while a
// task already being worked (Restocking) keeps its quantity and explanation. The open task is read by the
// conflict itself (its unique index), never joined: a join planned on stale statistics of a table that just
// grew cost seconds at 10 000 faces. The answer names tasks made and tasks added to.
import { sql, type SQL } from 'drizzle-orm'
import type { AppTx } from '../../db/client'
import { rowsOf } from '../../db/rows'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { ALLOCATABLE_AREA_TYPES } from '../../inventory/allocation'
import { OutboundOrderStatus, StorageAreaType, StockStatus } from '../../../domain/dictionaries'

export type Trigger = 'rule' | 'shortage' | 'wave' | 'hand'
export interface GenerateScope { tenantId: number; warehouseId: number; userId: number | null }
export interface GenerateOptions {
  trigger: Trigger
  /** Only these pick faces (rule trigger). */
  locationIds?: readonly number[] | null
  /** Only these SKUs (rule trigger). */
  skuIds?: readonly number[] | null
  /**
   * Shortage trigger: what one order's allocation just left short per SKU (the order may not carry its
   * waiting status yet — validate sets it after allocating), added to what the other waiting orders miss.
   */
  shortage?: { orderId: number; short: ReadonlyMap<number, number> }
  /** Wave trigger: the wave's demand per SKU. */
  waveDemand?: ReadonlyMap<number, number>
  /** Hand trigger: one face and SKU, the quantity asked (null: as a rule would, else what bulk holds). */
  hand?: { locationId: number; skuId: number; qty: number | null }
}
export interface GenerateResult { considered: number; created: string[]; updated: string[]; noBulk: number }

const intArray = (ids: readonly number[]) => sql`${`{${ids.map((i) => Math.trunc(i)).join(',')}}`}::int[]`
/** Waiting orders: validated and waiting for stock (Approve 6), or in force and short (Effective 1). */
const WAITING = [OutboundOrderStatus.Effective, OutboundOrderStatus.Approve]
export const OPEN_STATUSES_SQL = sql`(0, 1, 4)`

/**
 * Bulk locations: fullBox locations, or any location of a Floor area (active, not temporary), in the
 * areas stock may be allocated from — never hosting, sample, defective, audit or consumables goods.
 */
export const bulkLocationSql = (l: string, a: string) => sql.raw(`(${l}.location_type = 'fullBox' OR ${a}.area_type = ${StorageAreaType.Floor})
  AND ${a}.area_type IN (${ALLOCATABLE_AREA_TYPES.join(', ')}) AND ${l}.status = 1 AND ${a}.status = 1 AND NOT ${l}.temporary`)

export async function generateReplenishment(tx: AppTx, scope: GenerateScope, o: GenerateOptions): Promise<GenerateResult> {
  const T = scope.tenantId
  const W = scope.warehouseId
  const trig = o.trigger
  const demandSkus = trig === 'wave' ? [...(o.waveDemand?.keys() ?? [])] : trig === 'shortage' ? [...(o.shortage?.short.keys() ?? [])] : []
  if ((trig === 'wave' || trig === 'shortage') && !demandSkus.length) return { considered: 0, created: [], updated: [], noBulk: 0 }
  const wave = JSON.stringify([...(o.waveDemand ?? new Map()).entries()].map(([s, d]) => ({ s, d })))
  const short = JSON.stringify([...(o.shortage?.short ?? new Map()).entries()].map(([s, d]) => ({ s, d })))
  const like = sql.raw(`upper(s.sku_code) LIKE replace(replace(replace(replace(r.sku_pattern, '%', '\\%'), '_', '\\_'), '*', '%'), '?', '_')`)

  // Every rule (face rules, then area rules over the faces their area holds) as (face, SKU, rule).
  const rules = sql`
    SELECT r.id AS rule_id, r.location_id, r.sku_id, r.min_qty, r.max_qty, r.multiple, r.source_area_id
    FROM replenishment_rule r JOIN location l ON l.id = r.location_id
    WHERE r.tenant_id = ${T} AND r.warehouse_id = ${W} AND r.location_id IS NOT NULL AND r.status = 1
      AND (r.snoozed_until IS NULL OR r.snoozed_until <= now()) AND l.status = 1
    UNION ALL
    SELECT DISTINCT ON (b.location_id, b.sku_id) r.id, b.location_id, b.sku_id, r.min_qty, r.max_qty, r.multiple, r.source_area_id
    FROM replenishment_rule r
    JOIN location l ON l.storage_area_id = r.storage_area_id AND l.tenant_id = ${T} AND l.warehouse_id = ${W} AND l.status = 1 AND NOT l.temporary AND l.location_type = 'scattered'
    JOIN inventory_balance b ON b.tenant_id = ${T} AND b.warehouse_id = ${W} AND b.location_id = l.id AND b.stock_status = ${StockStatus.Normal}
    JOIN product_sku s ON s.id = b.sku_id AND ${like}
    WHERE r.tenant_id = ${T} AND r.warehouse_id = ${W} AND r.storage_area_id IS NOT NULL AND r.status = 1
      AND (r.snoozed_until IS NULL OR r.snoozed_until <= now())
      AND NOT EXISTS (SELECT 1 FROM replenishment_rule f WHERE f.tenant_id = ${T} AND f.warehouse_id = ${W} AND f.location_id = b.location_id AND f.sku_id = b.sku_id)
    ORDER BY 2, 3, 1`

  let cand: SQL
  if (trig === 'rule') {
    cand = sql`SELECT DISTINCT ON (location_id, sku_id) rule_id, location_id, sku_id, min_qty, max_qty, multiple, source_area_id, NULL::int AS hand_qty
      FROM (${rules}) x WHERE true
      ${o.locationIds?.length ? sql`AND location_id = ANY(${intArray(o.locationIds)})` : sql``}
      ${o.skuIds?.length ? sql`AND sku_id = ANY(${intArray(o.skuIds)})` : sql``}
      ORDER BY location_id, sku_id, rule_id`
  } else if (trig === 'hand') {
    const h = o.hand!
    cand = sql`SELECT x.rule_id, ${h.locationId}::int AS location_id, ${h.skuId}::int AS sku_id, x.min_qty, x.max_qty, coalesce(x.multiple, 1) AS multiple, x.source_area_id, ${h.qty}::int AS hand_qty
      FROM (SELECT 1) one LEFT JOIN LATERAL (SELECT * FROM (${rules}) r WHERE r.location_id = ${h.locationId} AND r.sku_id = ${h.skuId} LIMIT 1) x ON true`
  } else {
    // One face per SKU of the demand: a rule face first, else the scattered location holding the most of it.
    cand = sql`SELECT DISTINCT ON (f.sku_id) f.rule_id, f.location_id, f.sku_id, f.min_qty, f.max_qty, f.multiple, f.source_area_id, NULL::int AS hand_qty FROM (
        SELECT r.rule_id, r.location_id, r.sku_id, r.min_qty, r.max_qty, r.multiple, r.source_area_id, 0 AS pref, 0::bigint AS held, ''::text AS code
        FROM (${rules}) r WHERE r.sku_id = ANY(${intArray(demandSkus)})
        UNION ALL
        SELECT NULL, b.location_id, b.sku_id, NULL, NULL, 1, NULL, 1, b.on_hand, l.code
        FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
        WHERE b.tenant_id = ${T} AND b.warehouse_id = ${W} AND b.sku_id = ANY(${intArray(demandSkus)}) AND b.stock_status = ${StockStatus.Normal}
          AND l.location_type = 'scattered' AND a.area_type = ${StorageAreaType.Scattered} AND l.status = 1 AND a.status = 1 AND NOT l.temporary
      ) f ORDER BY f.sku_id, f.pref, f.held DESC, f.code, f.location_id`
  }

  const day = new Date().toISOString().slice(0, 10)
  const prefix = DOC_PREFIX.replenishmentTask
  const [res] = rowsOf(await tx.execute(sql`
    WITH cand AS (${cand}),
    wd AS (SELECT (e->>'s')::int AS sku_id, (e->>'d')::int AS qty FROM jsonb_array_elements(${wave}::jsonb) e),
    dem AS (
      SELECT x.sku_id, sum(x.qty)::int AS qty FROM (
        SELECT ol.sku_id, ol.qty - ol.allocated_qty AS qty FROM outbound_order_line ol JOIN outbound_order o ON o.id = ol.order_id
        WHERE o.tenant_id = ${T} AND o.warehouse_id = ${W} AND o.status IN (${sql.join(WAITING.map((s) => sql`${s}`), sql`, `)}) AND ol.qty > ol.allocated_qty
          AND ol.sku_id IN (SELECT sku_id FROM cand) AND o.id <> ${o.shortage?.orderId ?? 0}
        UNION ALL
        SELECT (e->>'s')::int, (e->>'d')::int FROM jsonb_array_elements(${short}::jsonb) e
      ) x GROUP BY x.sku_id
    ),
    bulk AS (
      SELECT b.sku_id, a.id AS area_id, sum(b.on_hand - b.locked)::int AS free
      FROM inventory_balance b JOIN location l ON l.id = b.location_id JOIN storage_area a ON a.id = l.storage_area_id
      WHERE b.tenant_id = ${T} AND b.warehouse_id = ${W} AND b.stock_status = ${StockStatus.Normal} AND b.on_hand > b.locked
        AND b.sku_id IN (SELECT sku_id FROM cand) AND ${bulkLocationSql('l', 'a')}
      GROUP BY b.sku_id, a.id
    ),
    bulk_all AS (SELECT sku_id, sum(free)::int AS free FROM bulk GROUP BY sku_id),
    calc AS (
      SELECT c.*, f.on_hand, f.reserved, coalesce(d.qty, 0) AS open_demand, coalesce(w.qty, 0) AS wave_demand,
        coalesce(CASE WHEN c.source_area_id IS NULL THEN ba.free ELSE bs.free END, 0)::int AS bulk_available,
        0 AS open_task_qty,
        f.on_hand - greatest(f.reserved, coalesce(w.qty, 0)) - ${trig === 'shortage' ? sql`coalesce(d.qty, 0)` : sql`0`} AS projected
      FROM cand c
      CROSS JOIN LATERAL (
        SELECT coalesce(sum(b.on_hand), 0)::int AS on_hand, coalesce(sum(b.locked), 0)::int AS reserved FROM inventory_balance b
        WHERE b.tenant_id = ${T} AND b.warehouse_id = ${W} AND b.location_id = c.location_id AND b.sku_id = c.sku_id AND b.stock_status = ${StockStatus.Normal}
      ) f
      LEFT JOIN bulk_all ba ON ba.sku_id = c.sku_id
      LEFT JOIN bulk bs ON bs.sku_id = c.sku_id AND bs.area_id = c.source_area_id
      LEFT JOIN dem d ON d.sku_id = c.sku_id
      LEFT JOIN wd w ON w.sku_id = c.sku_id
    ),
    need AS (
      SELECT x.*, ((x.needed + x.multiple - 1) / x.multiple) * x.multiple AS rounded FROM (
        SELECT calc.*, CASE
          WHEN ${sql.raw(trig === 'hand' ? 'true' : 'false')} THEN coalesce(hand_qty, greatest(coalesce(max_qty, 0) - projected, 0))
          WHEN projected < coalesce(min_qty, 0) THEN coalesce(max_qty, 0) - projected
          ELSE 0 END AS needed
        FROM calc) x
    ),
    fin AS (
      SELECT need.*, least(rounded, bulk_available) AS qty, row_number() OVER (ORDER BY location_id, sku_id) AS rn
      FROM need WHERE needed > 0 AND least(rounded, bulk_available) > 0
    ),
    seq AS (
      INSERT INTO doc_sequence (tenant_id, warehouse_id, prefix, day, last_value)
      SELECT ${T}, ${W}, ${prefix}, ${day}::date, count(*) FROM fin HAVING count(*) > 0
      ON CONFLICT (tenant_id, warehouse_id, prefix, day) DO UPDATE SET last_value = doc_sequence.last_value + EXCLUDED.last_value
      RETURNING last_value
    ),
    ins AS (
      INSERT INTO replenishment_task AS t (tenant_id, warehouse_id, task_no, status, location_id, sku_id, rule_id, source_area_id, trigger, qty, explanation, created_by)
      SELECT ${T}, ${W},
        ${prefix} || ${day.slice(2).replaceAll('-', '')} || lpad(n::text, greatest(4, length(n::text)), '0'),
        4, fin.location_id, fin.sku_id, fin.rule_id, fin.source_area_id, ${trig}, fin.qty,
        jsonb_build_object('trigger', ${trig}::text, 'onHand', fin.on_hand, 'reserved', fin.reserved, 'openDemand', fin.open_demand, 'waveDemand', fin.wave_demand,
          'openTaskQty', fin.open_task_qty, 'min', fin.min_qty, 'max', fin.max_qty, 'multiple', fin.multiple, 'needed', fin.needed, 'rounded', fin.rounded,
          'bulkAvailable', fin.bulk_available, 'qty', fin.qty, 'limitedByBulk', fin.rounded > fin.bulk_available, 'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
        ${scope.userId}
      FROM fin CROSS JOIN LATERAL (SELECT (SELECT last_value FROM seq) - (SELECT count(*) FROM fin) + fin.rn AS n) num
      ON CONFLICT (tenant_id, warehouse_id, location_id, sku_id) WHERE status IN (0, 1, 4)
      DO UPDATE SET
        qty = CASE WHEN t.status IN (0, 4) THEN greatest(t.qty, EXCLUDED.qty) ELSE t.qty END,
        explanation = CASE WHEN t.status IN (0, 4) THEN EXCLUDED.explanation || jsonb_build_object('qty', greatest(t.qty, EXCLUDED.qty), 'openTaskQty', t.qty - t.moved_qty) ELSE t.explanation END,
        trigger_count = t.trigger_count + 1, updated_at = now()
      RETURNING t.task_no, (t.xmax = 0) AS inserted
    )
    SELECT (SELECT count(*) FROM cand)::int AS considered,
      (SELECT count(*) FROM need WHERE needed > 0 AND bulk_available <= 0)::int AS no_bulk,
      (SELECT coalesce(json_agg(json_build_object('taskNo', task_no, 'inserted', inserted) ORDER BY task_no), '[]'::json) FROM ins) AS tasks`))
  const tasks = (typeof res!.tasks === 'string' ? JSON.parse(res!.tasks) : res!.tasks) as { taskNo: string; inserted: boolean }[]
  return {
    considered: Number(res!.considered),
    created: tasks.filter((x) => x.inserted).map((x) => x.taskNo),
    updated: tasks.filter((x) => !x.inserted).map((x) => x.taskNo),
    noBulk: Number(res!.no_bulk),
  }
}

/**
 * After an allocation left an order's lines short: top up the pick faces of those SKUs where bulk holds
 * stock (trigger 'shortage'), for this order's shortage and what the other waiting orders miss.
 */
export async function replenishForShortages(tx: AppTx, scope: GenerateScope, orderId: number, shortages: readonly { skuId: number; short: number }[]): Promise<GenerateResult | null> {
  const short = new Map<number, number>()
  for (const s of shortages) if (s.short > 0) short.set(s.skuId, (short.get(s.skuId) ?? 0) + s.short)
  return short.size ? generateReplenishment(tx, scope, { trigger: 'shortage', shortage: { orderId, short } }) : null
}

/**
 * Wave-aware top-up, called before a wave's picking tasks are made (outbound makeWave): the wave's
 * demand per SKU (what its orders still have to pick); a pick face whose on hand minus that demand (or
 * its reservations, whichever is more) falls below its min gets a task (trigger 'wave').
 */
export async function topUpBeforeWave(tx: AppTx, scope: GenerateScope, orderIds: readonly number[]): Promise<GenerateResult | null> {
  if (!orderIds.length) return null
  const rows = rowsOf(await tx.execute(sql`
    SELECT ol.sku_id, sum(ol.qty - ol.picked_qty)::int AS qty FROM outbound_order_line ol
    WHERE ol.order_id = ANY(${intArray(orderIds)}) AND ol.tenant_id = ${scope.tenantId} AND ol.warehouse_id = ${scope.warehouseId} AND ol.qty > ol.picked_qty
    GROUP BY ol.sku_id`))
  if (!rows.length) return null
  return generateReplenishment(tx, scope, { trigger: 'wave', waveDemand: new Map(rows.map((r) => [Number(r.sku_id), Number(r.qty)])) })
}
