// Per-warehouse inbound settings (0021_inbound.sql inbound_setting): defaults when a warehouse has no
// row yet, so a new warehouse works before anyone opens its settings.
import { and, eq } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { inboundSetting } from '../db/schema/index'

export type InboundSettings = Omit<typeof inboundSetting.$inferSelect, 'updatedAt' | 'updatedBy'>

export async function getInboundSettings(q: Queryable, scope: { tenantId: number; warehouseId: number }): Promise<InboundSettings> {
  const [row] = await q.select().from(inboundSetting)
    .where(and(eq(inboundSetting.tenantId, scope.tenantId), eq(inboundSetting.warehouseId, scope.warehouseId)))
  const { updatedAt: _u, updatedBy: _b, ...s } = row ?? {
    tenantId: scope.tenantId, warehouseId: scope.warehouseId, receivingLocationId: null, storageMode: 'normal', coStorage: true,
    forbidXbMix: true, minScanIntervalMs: 250, inboundTimeoutHours: 48, unloadingTimeoutHours: 4, shelvingTimeoutHours: 24,
    updatedAt: new Date(0), updatedBy: null,
  }
  return s
}
