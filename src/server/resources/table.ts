// The drizzle table of a resource, derived from its declaration (i3 rules: `id serial`, the scope
// columns, one column per field by kind, the audit columns). The SQL migration of the owning group is
// the database's truth; tests/contract/schema.test.ts proves both name the same columns.
import { pgTable, serial, integer, text, smallint, boolean, timestamp, jsonb, numeric, date, type PgColumnBuilderBase } from 'drizzle-orm/pg-core'
import type { PgTable } from 'drizzle-orm/pg-core'
import { columnOf, dictValues, type FieldDef, type ResourceDef } from '../../domain/resource'

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Column builder of one field: enum → smallint for a numeric dictionary else text, ref → integer, refMany → integer[], decimal → numeric(14,4), json/files → jsonb, text kinds → text. */
function fieldColumn(resource: string, name: string, f: FieldDef): PgColumnBuilderBase {
  const col = columnOf(name, f)
  let b: any
  switch (f.kind) {
    case 'int': case 'ref': b = integer(col); break
    case 'refMany': b = integer(col).array(); break
    case 'decimal': b = numeric(col, { precision: 14, scale: 4, mode: 'number' }); break
    case 'bool': b = boolean(col); break
    case 'date': b = date(col, { mode: 'string' }); break
    case 'datetime': b = ts(col); break
    case 'json': case 'files': b = jsonb(col); break
    case 'enum': {
      const d = dictValues(f.dict)
      if (!d) throw new Error(`resource ${resource}.${name}: unknown dictionary ${String(f.dict)}`)
      b = d.numeric ? smallint(col) : text(col)
      break
    }
    default: b = text(col)
  }
  return f.required ? b.notNull() : b
}

export type ResourceTable = PgTable & Record<string, any>

const cache = new Map<ResourceDef<any>, ResourceTable>()

/** The drizzle pgTable of a resource (one object per declaration: queries and the schema share it). */
export function resourceTable(def: ResourceDef<any>): ResourceTable {
  const hit = cache.get(def)
  if (hit) return hit
  const cols: Record<string, PgColumnBuilderBase> = { id: serial('id').primaryKey() }
  if (def.scope !== 'global') cols.tenantId = integer('tenant_id').notNull()
  if (def.scope === 'warehouse') cols.warehouseId = integer('warehouse_id').notNull()
  for (const [name, f] of Object.entries(def.fields as Record<string, FieldDef>)) {
    if (name in cols) throw new Error(`resource ${def.name}: field ${name} clashes with a system column`)
    cols[name] = fieldColumn(def.name, name, f)
  }
  cols.createdAt = ts('created_at').notNull().defaultNow()
  cols.updatedAt = ts('updated_at').notNull().defaultNow()
  cols.createdBy = integer('created_by')
  cols.updatedBy = integer('updated_by')
  const t = pgTable(def.table, cols) as unknown as ResourceTable
  cache.set(def, t)
  return t
}

/** Every system column name a resource table carries besides its fields. */
export const SYSTEM_COLUMNS = ['id', 'tenant_id', 'warehouse_id', 'created_at', 'updated_at', 'created_by', 'updated_by'] as const
