// Rules of the org group that read other tables, as resource hooks (inside the command's transaction,
// after the declaration's own checks). The database guards the same rules (0012_res_org.sql: the
// department cycle trigger, RESTRICT foreign keys, the one-main-currency and one-rate-per-day unique
// indexes); these name the field with a clear message first.
import { sql } from 'drizzle-orm'
import { defineResourceHooks } from '../../hooks'
import { rowsOf } from '../../../db/rows'
import { AppError, fieldError } from '../../../http/errors'
import type { AppTx } from '../../../db/client'

const conflictOn = (field: string, key: string, params?: Record<string, unknown>) => new AppError(409, key, params, [{ field, messageKey: key, params }])

/** True when `candidate` is `id` or one of its descendants. */
export async function isSelfOrDescendant(tx: AppTx, id: number, candidate: number): Promise<boolean> {
  const rows = rowsOf(await tx.execute(sql`
    WITH RECURSIVE up(id, parent_id) AS (
      SELECT d.id, d.parent_id FROM department d WHERE d.id = ${candidate}
      UNION
      SELECT d.id, d.parent_id FROM department d JOIN up ON d.id = up.parent_id
    ) SELECT 1 FROM up WHERE up.id = ${id} LIMIT 1`))
  return rows.length > 0
}

defineResourceHooks('department', {
  async beforeWrite({ tx }, values, before) {
    if (!before || values.parentId === undefined || values.parentId === null) return
    if (await isSelfOrDescendant(tx, Number(before.id), Number(values.parentId))) throw fieldError('parentId', 'res-org:department.errors.cycle')
  },
  async beforeDelete({ tx }, rows) {
    const ids = rows.map((r) => Number(r.id))
    const list = `{${ids.join(',')}}`
    // Deleting a parent together with all its children is fine; a child left behind is not.
    const kids = rowsOf(await tx.execute(sql`SELECT 1 FROM department WHERE parent_id = ANY(${list}::int[]) AND NOT (id = ANY(${list}::int[])) LIMIT 1`))
    if (kids.length) throw conflictOn('ids', 'res-org:department.errors.hasChildren')
    const staff = rowsOf(await tx.execute(sql`SELECT 1 FROM staff WHERE department_id = ANY(${list}::int[]) LIMIT 1`))
    if (staff.length) throw conflictOn('ids', 'res-org:department.errors.hasStaff')
  },
})

defineResourceHooks('exchangeRate', {
  async beforeWrite({ tx }, values, before) {
    if (values.mainCurrency !== true) return
    const other = rowsOf(await tx.execute(sql`SELECT currency_code FROM exchange_rate WHERE main_currency AND id <> ${before ? Number(before.id) : -1} LIMIT 1`))
    if (other.length) throw conflictOn('mainCurrency', 'res-org:exchangeRate.errors.oneMainCurrency', { currency: String(other[0].currency_code) })
  },
})

defineResourceHooks('dailyRate', {
  async beforeWrite({ tx }, values, before) {
    const currencyId = values.currencyId ?? before?.currencyId
    const rateDate = values.rateDate ?? before?.rateDate
    if (currencyId === undefined || rateDate === undefined) return
    const dup = rowsOf(await tx.execute(sql`
      SELECT 1 FROM daily_rate WHERE currency_id = ${Number(currencyId)} AND rate_date = ${String(rateDate)}::date AND id <> ${before ? Number(before.id) : -1}`))
    if (dup.length) throw conflictOn('rateDate', 'res-org:dailyRate.errors.duplicateDay')
  },
})

defineResourceHooks('shop', {
  /** Consignors name tenants: each must exist. */
  async beforeWrite({ tx }, values) {
    const list = values.consignors
    if (!Array.isArray(list) || list.length === 0) return
    const ids = [...new Set(list.map((c: { tenantId: number }) => Number(c.tenantId)))]
    const found = new Set(rowsOf(await tx.execute(sql`SELECT id FROM tenant WHERE id = ANY(${`{${ids.join(',')}}`}::int[])`)).map((r) => Number(r.id)))
    const i = list.findIndex((c: { tenantId: number }) => !found.has(Number(c.tenantId)))
    if (i >= 0) throw fieldError(`consignors.${i}.tenantId`, 'errors:notFound')
  },
  /** A consignment shop is used by its consignor tenants too (they sell through it). */
  async tenantsUsing(tx, ids) {
    return rowsOf(await tx.execute(sql`SELECT DISTINCT (c->>'tenantId')::int AS t FROM shop s, jsonb_array_elements(coalesce(s.consignors, '[]'::jsonb)) c
      WHERE s.id = ANY(${`{${ids.join(',')}}`}::int[])`)).map((r) => Number(r.t))
  },
})
