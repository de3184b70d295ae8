// Global master data (resources with scope 'global': warehouses, shops, companies, sites, tenants …)
// is shared by every tenant. The rule of issue 10, in one place for every generic write of such a row
// (edit, status, delete, import update — ./service.ts, ./importer.ts): a row that tenants use may be
// changed only by an administrator or by someone whose reach (the tenants of their own
// warehouse-tenant pairs) covers every tenant using it; and the audit row of the change lands in every
// tenant using it (../commands/affected-tenants.ts), not only in the actor's.
//
// "Using" is derived from the database's own foreign keys, so a new table is covered without a list
// to maintain: a tenant uses row X of table T when a row of a tenant-scoped table (one with a
// tenant_id column: warehouse_tenant, user_access, msku, documents …) references X, when X is the
// tenant itself or a tenant references X (tenant.company_id), or — two levels at most — when it uses
// a global row that references X (a shop whose registration entity is company X, a warehouse of
// company X).
import { sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import type { AuthContext } from '../http/context'
import { forbidden } from '../http/errors'
import { ADMIN_ROLE } from '../../domain/permissions'
import { noteAffectedTenants } from '../commands/affected-tenants'
import { rowsOf } from '../db/rows'
import { hooksOf } from './hooks'
import type { ResourceRuntime } from './runtime'

interface Edge { table: string; column: string; ref: string; tenantScoped: boolean; hasId: boolean }

/** Single-column foreign keys of the current schema, read once per process (migrations run first). */
let edges: Promise<Edge[]> | undefined

function foreignKeys(q: Queryable): Promise<Edge[]> {
  edges ??= (async () => rowsOf(await q.execute(sql`
    SELECT src.relname AS tbl, a.attname AS col, dst.relname AS ref,
      EXISTS (SELECT 1 FROM pg_attribute t WHERE t.attrelid = c.conrelid AND t.attname = 'tenant_id' AND NOT t.attisdropped) AS tenant_scoped,
      EXISTS (SELECT 1 FROM pg_attribute t WHERE t.attrelid = c.conrelid AND t.attname = 'id' AND NOT t.attisdropped) AS has_id
    FROM pg_constraint c
    JOIN pg_class src ON src.oid = c.conrelid
    JOIN pg_class dst ON dst.oid = c.confrelid
    JOIN pg_namespace n ON n.oid = src.relnamespace AND n.nspname = current_schema()
    JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
    WHERE c.contype = 'f' AND cardinality(c.conkey) = 1`))
    .map((r) => ({ table: String(r.tbl), column: String(r.col), ref: String(r.ref), tenantScoped: r.tenant_scoped === true, hasId: r.has_id === true })))()
    .catch((err: unknown) => { edges = undefined; throw err })
  return edges
}

const idList = (ids: number[]) => sql`array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::integer[]`

/** Tenants using the rows `ids` of `table` (see the header). */
export async function tenantsUsing(q: Queryable, table: string, ids: number[], depth = 2, seen = new Set<string>()): Promise<Set<number>> {
  const out = new Set<number>()
  if (!ids.length) return out
  // A tenant row is its own tenant's; whatever references a tenant belongs to that same tenant.
  if (table === 'tenant') return new Set(ids)
  seen.add(table)
  for (const e of (await foreignKeys(q)).filter((x) => x.ref === table && x.table !== table)) {
    const src = sql.identifier(e.table)
    const col = sql.identifier(e.column)
    if (e.table === 'tenant' || e.tenantScoped) {
      // One probe per tenant (tenant-scoped indexes lead with tenant_id), not a scan of the table.
      const tenantCol = sql.identifier(e.table === 'tenant' ? 'id' : 'tenant_id')
      const rows = rowsOf(await q.execute(sql`SELECT t.id FROM tenant t WHERE EXISTS (
        SELECT 1 FROM ${src} x WHERE x.${tenantCol} = t.id AND x.${col} = ANY(${idList(ids)}))`))
      for (const r of rows) out.add(Number(r.id))
    } else if (depth > 0 && e.hasId && !seen.has(e.table)) {
      const via = rowsOf(await q.execute(sql`SELECT x.id FROM ${src} x WHERE x.${col} = ANY(${idList(ids)}) LIMIT 10000`)).map((r) => Number(r.id))
      for (const t of await tenantsUsing(q, e.table, via, depth - 1, new Set(seen))) out.add(t)
    }
  }
  return out
}

/**
 * Before a generic write of rows of a global resource: refuses a non-administrator whose reach does
 * not cover every tenant using them (403, nothing written), and notes those tenants for the audit.
 */
export async function guardSharedRows(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, ids: number[]): Promise<void> {
  if (rt.def.scope !== 'global' || !ids.length) return
  const unique = [...new Set(ids)]
  const using = await tenantsUsing(tx, rt.def.table, unique)
  for (const t of await hooksOf(rt.def.name).tenantsUsing?.(tx, unique) ?? []) using.add(t)
  if (!auth.roles.includes(ADMIN_ROLE)) {
    const mine = new Set(rowsOf(await tx.execute(sql`SELECT DISTINCT tenant_id FROM user_access WHERE user_id = ${auth.userId}`)).map((r) => Number(r.tenant_id)))
    if ([...using].some((t) => !mine.has(t))) throw forbidden('resources:errors.sharedOutOfReach')
  }
  noteAffectedTenants(tx, using)
}
