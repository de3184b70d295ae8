// Warehouse-group rules shared by the declarations, the custom server handlers and the client (pure).
import { z } from 'zod'

/** Spec section 5: "location code letters, digits and '-' only". */
export const LOCATION_CODE_RE = /^[A-Za-z0-9-]+$/
export const LOCATION_CODE_KEY = 'res-warehouse:rules.locationCode'

/** The answer of the location actions (box ceiling, temporary): how many locations were updated. */
export const LocationsUpdated = z.object({ updated: z.number().int() })

/** Vendor box ceiling (POST /wms-base/basewarehouselocation/updateVendorIdBoxCeiling): one vendor and its ceiling for many locations. */
export const BoxCeilingArgs = z.object({
  ids: z.array(z.number().int()).min(1).max(500),
  vendorId: z.number().int().nullable(),
  boxCeiling: z.number().int().min(1).max(999999).nullable(),
}).strict().superRefine((v, ctx) => {
  // A ceiling belongs to a vendor: both set, or both cleared.
  if (v.vendorId !== null && v.boxCeiling === null) ctx.addIssue({ code: 'custom', path: ['boxCeiling'], message: 'errors:field.required' })
  if (v.vendorId === null && v.boxCeiling !== null) ctx.addIssue({ code: 'custom', path: ['vendorId'], message: 'errors:field.required' })
})
export type BoxCeilingArgs = z.infer<typeof BoxCeilingArgs>

/** "Batch modify to temporary location": every selected location becomes temporary, unless it already is. */
export const TemporaryArgs = z.object({ ids: z.array(z.number().int()).min(1).max(500) }).strict()
export type TemporaryArgs = z.infer<typeof TemporaryArgs>

/**
 * Which of the selected rows may become temporary: rows already temporary are refused with the spec's
 * message ("Batch modify to temporary location not allowed for rows already temporary"); ids not found
 * in the caller's scope are refused as not found.
 */
export function temporaryVerdicts(ids: readonly number[], rows: readonly { id: number; temporary: boolean }[]) {
  const byId = new Map(rows.map((r) => [r.id, r]))
  return ids.map((id) => {
    const r = byId.get(id)
    if (!r) return { id, ok: false as const, messageKey: 'errors:notFound' }
    if (r.temporary) return { id, ok: false as const, messageKey: 'res-warehouse:rules.alreadyTemporary' }
    return { id, ok: true as const }
  })
}

/** Location codes of a shelf grid: <area>-<layer 2 digits>-<column 2 digits>, e.g. A01-01-01. */
export function locationCodeOf(prefix: string, layer: number, column: number): string {
  return `${prefix}-${String(layer).padStart(2, '0')}-${String(column).padStart(2, '0')}`
}
