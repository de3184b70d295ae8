// Every resource's drizzle table, derived from its declaration (src/server/resources/table.ts) —
// keyed by resource name. Resources over a core table (existingTable) are declared in core.ts instead.
import { ALL_RESOURCES } from '../../../domain/resources/index'
import { resourceTable, type ResourceTable } from '../../resources/table'

export const resourceTables: Readonly<Record<string, ResourceTable>> = Object.fromEntries(
  ALL_RESOURCES.filter((d) => !d.existingTable).map((d) => [d.name, resourceTable(d)]),
)
