// The server handlers of the generated standard resource commands (commands/resources.ts): one per
// resource and action, each running in the command endpoint's single transaction (with the audit and
// idempotency rows). Extra actions are handled by the groups' custom folders.
import { defineHandler } from '../commands/registry'
import { commandIdOf, resourceActions, type ResourceDef } from '../../domain/resource'
import { ALL_RESOURCES } from '../../domain/resources/index'
import { runtimeOf } from './runtime'
import { addRow, deleteRows, editRow, recordOf, setStatus } from './service'
import { commitImport } from './importer'
// The groups' hand-written handlers of extra actions and their resource hooks (register at import).
import './custom/warehouse/handlers'
import './custom/warehouse/hooks'
import './custom/org/handlers'
import './custom/org/hooks'
import './custom/product/handlers'
import './custom/product/packaging-hooks'

export const STANDARD_SERVER_ACTIONS = new Set(['add', 'edit', 'status', 'delete', 'import'])

function register(def: ResourceDef<any>) {
  const rt = runtimeOf(def)
  const actions = resourceActions(def)
  const label = (r: Record<string, unknown>) => String(rt.labelField ? r[rt.labelField] ?? r.id : r.id)
  if (actions.includes('add')) {
    defineHandler<Record<string, unknown>>(commandIdOf(def, 'add'), async ({ tx, args, auth, setSummary }) => {
      const id = await addRow(tx, rt, auth, args)
      const rec = await recordOf(tx, rt, auth, id)
      setSummary(`${def.name} #${id} ${label(rec)} added`)
      return rec
    })
  }
  if (actions.includes('edit')) {
    defineHandler<{ id: number } & Record<string, unknown>>(commandIdOf(def, 'edit'), async ({ tx, args, auth, setSummary }) => {
      const { id, ...values } = args
      await editRow(tx, rt, auth, id, values)
      const rec = await recordOf(tx, rt, auth, id)
      setSummary(`${def.name} #${id} ${label(rec)} edited: ${Object.keys(values).join(', ')}`)
      return rec
    })
  }
  if (actions.includes('status')) {
    defineHandler<{ ids: number[]; status: unknown }>(commandIdOf(def, 'status'), async ({ tx, args, auth, setSummary }) => {
      const r = await setStatus(tx, rt, auth, args.ids, args.status)
      setSummary(`${def.name} status → ${String(args.status)}: ${r.changed.length} changed, ${r.refused.length} refused`)
      return r
    })
  }
  if (actions.includes('delete')) {
    defineHandler<{ ids: number[] }>(commandIdOf(def, 'delete'), async ({ tx, args, auth, setSummary }) => {
      const r = await deleteRows(tx, rt, auth, args.ids)
      setSummary(`${def.name}: ${r.deleted} deleted (${args.ids.slice(0, 20).join(', ')})`)
      return r
    })
  }
  if (actions.includes('import')) {
    defineHandler<{ token: string }>(commandIdOf(def, 'import'), async ({ tx, args, auth, setSummary }) => {
      const r = await commitImport(tx, rt, auth, args.token)
      setSummary(`${def.name} import: ${r.created} created, ${r.updated} updated`)
      return r
    })
  }
}

for (const def of ALL_RESOURCES) register(def)
