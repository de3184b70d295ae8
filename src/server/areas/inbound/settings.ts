// Inbound settings (stock-in → inbound-setting): receiving location, storage mode (normal on the PDA
// or fast on the PC), same-product co-storage, the X/B mix rule, the double-read guard (min_scan_interval_ms:
// a second read of one code within it is dropped at the station, saying so; 0 = off, the default) and
// the three timeouts (hours). One row per warehouse+tenant; readers get defaults until the
// first save (inventory/settings.ts).
import { sql } from 'drizzle-orm'
import type { AppDb } from '../../db/client'
import { defineRoute, type RouteDef } from '../../http/route'
import { fieldError } from '../../http/errors'
import { rowsOf } from '../../db/rows'
import { defineHandler } from '../../commands/registry'
import { getInboundSettings } from '../../inventory/settings'
import { InboundSettingsArgs } from '../../../../commands/inbound-extra'

export const SETTINGS_PERMISSIONS = { view: 'menu:inbound-setting', edit: 'inbound-setting:edit' } as const

defineHandler<InboundSettingsArgs>('inbound.settings.save', async ({ tx, args, auth, setSummary }) => {
  let locationId: number | null = null
  if (args.receivingLocationCode !== null) {
    const [loc] = rowsOf(await tx.execute(sql`SELECT id, status FROM location WHERE upper(code) = ${args.receivingLocationCode} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
    if (!loc) throw fieldError('receivingLocationCode', 'inbound:settings.errors.unknownLocation', { code: args.receivingLocationCode })
    if (Number(loc.status) !== 1) throw fieldError('receivingLocationCode', 'inbound:settings.errors.locationDisabled', { code: args.receivingLocationCode })
    locationId = Number(loc.id)
  }
  await tx.execute(sql`
    INSERT INTO inbound_setting (tenant_id, warehouse_id, receiving_location_id, storage_mode, co_storage, forbid_xb_mix, min_scan_interval_ms,
      inbound_timeout_hours, unloading_timeout_hours, shelving_timeout_hours, updated_at, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${locationId}, ${args.storageMode}, ${args.coStorage}, ${args.forbidXbMix}, ${args.minScanIntervalMs},
      ${args.inboundTimeoutHours}, ${args.unloadingTimeoutHours}, ${args.shelvingTimeoutHours}, now(), ${auth.userId})
    ON CONFLICT (tenant_id, warehouse_id) DO UPDATE SET receiving_location_id = EXCLUDED.receiving_location_id, storage_mode = EXCLUDED.storage_mode,
      co_storage = EXCLUDED.co_storage, forbid_xb_mix = EXCLUDED.forbid_xb_mix, min_scan_interval_ms = EXCLUDED.min_scan_interval_ms,
      inbound_timeout_hours = EXCLUDED.inbound_timeout_hours, unloading_timeout_hours = EXCLUDED.unloading_timeout_hours,
      shelving_timeout_hours = EXCLUDED.shelving_timeout_hours, updated_at = now(), updated_by = EXCLUDED.updated_by`)
  setSummary(`inbound settings: ${JSON.stringify(args)}`)
  return getInboundSettings(tx, auth)
})

export function settingsRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/inbound/settings', summary: 'Inbound settings of the current warehouse and tenant (defaults until saved), with the receiving location code',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: SETTINGS_PERMISSIONS.view,
      handler: async ({ auth }) => {
        const s = await getInboundSettings(db, auth)
        const [loc] = s.receivingLocationId ? rowsOf(await db.execute(sql`SELECT code FROM location WHERE id = ${s.receivingLocationId}`)) : []
        return { ...s, receivingLocationCode: (loc?.code as string | undefined) ?? null }
      },
    }),
  ]
}
