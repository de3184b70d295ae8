// Per-warehouse inbound settings (0021_inbound.sql inbound_setting): defaults when a warehouse has no
// row yet, so a new warehouse works before anyone opens its settings.
import { and, eq, sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { inboundSetting } from '../db/schema/index'
import { conflict } from '../http/errors'
import { rowsOf } from '../db/rows'
import { StorageAreaType } from '../../domain/dictionaries'

export type InboundSettings = Omit<typeof inboundSetting.$inferSelect, 'updatedAt' | 'updatedBy'>
type Scope = { tenantId: number; warehouseId: number }

export async function getInboundSettings(q: Queryable, scope: { tenantId: number; warehouseId: number }): Promise<InboundSettings> {
  const [row] = await q.select().from(inboundSetting)
    .where(and(eq(inboundSetting.tenantId, scope.tenantId), eq(inboundSetting.warehouseId, scope.warehouseId)))
  return inboundSettingsOf(scope, row)
}

/** The settings of a stored row (as drizzle selects it), or the defaults when the warehouse has none. */
export function inboundSettingsOf(scope: Scope, row: typeof inboundSetting.$inferSelect | null | undefined): InboundSettings {
  const { updatedAt: _u, updatedBy: _b, ...s } = row ?? {
    tenantId: scope.tenantId, warehouseId: scope.warehouseId, receivingLocationId: null, storageMode: 'normal', coStorage: true,
    forbidXbMix: true, minScanIntervalMs: 0, inboundTimeoutHours: 48, unloadingTimeoutHours: 4, shelvingTimeoutHours: 24,
    updatedAt: new Date(0), updatedBy: null,
  }
  return s
}

/**
 * Where received goods land — the one rule for the receiving station, returns and quick inbound: the
 * warehouse's configured receiving location, else the first enabled location (by code) of an enabled
 * temporary storage area, so a warehouse works before anyone opens its settings. null when neither.
 */
export async function findReceivingLocation(q: Queryable, scope: Scope, settings?: InboundSettings): Promise<{ id: number; code: string } | null> {
  const s = settings ?? await getInboundSettings(q, scope)
  const [row] = rowsOf(await q.execute(s.receivingLocationId
    ? sql`SELECT id, code FROM location WHERE id = ${s.receivingLocationId}`
    : sql`SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
          WHERE l.tenant_id = ${scope.tenantId} AND l.warehouse_id = ${scope.warehouseId} AND l.status = 1 AND a.status = 1
            AND a.area_type = ${StorageAreaType.Temporary}
          ORDER BY l.code LIMIT 1`))
  return row ? { id: Number(row.id), code: String(row.code) } : null
}

/**
 * The receiving location's id (same rule), or the translated refusal: 409
 * 'inbound:settings.errors.noReceivingLocation'. Pass the settings when already loaded: a configured
 * location then costs no query (the receiving scan's hot path).
 */
export async function receivingLocation(q: Queryable, scope: Scope, settings?: InboundSettings): Promise<number> {
  const s = settings ?? await getInboundSettings(q, scope)
  if (s.receivingLocationId) return s.receivingLocationId
  const loc = await findReceivingLocation(q, scope, s)
  if (!loc) throw conflict('inbound:settings.errors.noReceivingLocation')
  return loc.id
}
