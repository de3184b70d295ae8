// Handlers of the location's extra actions (src/domain/resources/warehouse/location.ts): the vendor box
// ceiling and "batch modify to temporary location". Both act on many rows of the caller's warehouse
// and are all-or-nothing: one unknown id or one refused row refuses the whole command.
import { sql } from 'drizzle-orm'
import { RESOURCE_BY_NAME } from '../../../../domain/resources/index'
import type { BoxCeilingArgs, TemporaryArgs } from '../../../../domain/resources/warehouse/rules'
import { temporaryVerdicts } from '../../../../domain/resources/warehouse/rules'
import { defineHandler } from '../../../commands/registry'
import type { AppTx } from '../../../db/client'
import type { AuthContext } from '../../../http/context'
import { AppError } from '../../../http/errors'
import { refuseField } from './errors'

type Row = Record<string, unknown>
const rowsOf = (r: unknown): Row[] => (Array.isArray(r) ? r : (r as { rows: Row[] }).rows) as Row[]

/** Locks the selected locations of the caller's scope; 404 naming `ids` when any is missing. */
async function lockLocations(tx: AppTx, auth: AuthContext, ids: number[]) {
  const uniq = [...new Set(ids)]
  const rows = rowsOf(await tx.execute(sql`
    SELECT id, code, temporary FROM location
    WHERE id = ANY(${`{${uniq.join(',')}}`}::int[]) AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
    ORDER BY id FOR UPDATE`)).map((r) => ({ id: Number(r.id), code: String(r.code), temporary: Boolean(r.temporary) }))
  if (rows.length !== uniq.length) {
    const found = new Set(rows.map((r) => r.id))
    throw new AppError(404, 'errors:notFound', undefined, uniq.filter((id) => !found.has(id)).map((id) => ({ field: 'ids', messageKey: 'errors:notFound', params: { id } })))
  }
  return { uniq, rows }
}

/** The vendor must be a supplier the caller's tenant can see (the supplier resource of the org group). */
async function checkVendor(tx: AppTx, auth: AuthContext, vendorId: number) {
  const def = RESOURCE_BY_NAME.get('supplier')
  if (!def) return // the org group has no supplier resource in this build: nothing to check against
  const scope = def.scope === 'global' ? sql`` : def.scope === 'tenant'
    ? sql` AND tenant_id = ${auth.tenantId}`
    : sql` AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`
  const hit = rowsOf(await tx.execute(sql`SELECT 1 FROM ${sql.identifier(def.table)} WHERE id = ${vendorId}${scope}`))
  if (hit.length === 0) throw refuseField('location', 'vendorId', 'res-warehouse:rules.crossScope')
}

defineHandler<BoxCeilingArgs>('resource.location.boxCeiling', async ({ tx, args, auth, setSummary }) => {
  const { uniq } = await lockLocations(tx, auth, args.ids)
  if (args.vendorId !== null) await checkVendor(tx, auth, args.vendorId)
  await tx.execute(sql`
    UPDATE location SET vendor_id = ${args.vendorId}, box_ceiling = ${args.boxCeiling}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ANY(${`{${uniq.join(',')}}`}::int[]) AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`)
  setSummary(args.vendorId === null
    ? `cleared the vendor box ceiling of ${uniq.length} locations`
    : `vendor ${args.vendorId} box ceiling ${args.boxCeiling} on ${uniq.length} locations`)
  return { updated: uniq.length }
})

defineHandler<TemporaryArgs>('resource.location.temporary', async ({ tx, args, auth, setSummary }) => {
  const { uniq, rows } = await lockLocations(tx, auth, args.ids)
  const refused = temporaryVerdicts(uniq, rows).filter((v) => !v.ok)
  if (refused.length) {
    const codeOf = new Map(rows.map((r) => [r.id, r.code]))
    throw new AppError(400, 'res-warehouse:rules.alreadyTemporary', { codes: refused.map((v) => codeOf.get(v.id)).join(', ') },
      refused.map((v) => ({ field: 'ids', messageKey: v.messageKey, params: { id: v.id, code: codeOf.get(v.id) } })))
  }
  await tx.execute(sql`
    UPDATE location SET temporary = true, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ANY(${`{${uniq.join(',')}}`}::int[]) AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`)
  setSummary(`${uniq.length} locations made temporary`)
  return { updated: uniq.length }
})
