// Renders the resource dialog the command runtime opened (panels.ts): mounted once beside the
// shell's other hosts so `resource.<name>.add` works from the palette on any page.
import { useSnapshot } from 'valtio'
import { RESOURCE_BY_NAME } from '../../domain/resources/index'
import { closePanel, ui } from '../state/ui'
import { RESOURCE_PANELS, type ResourceFormProps, type ResourceImportProps, type ResourceStatusProps } from './panels'
import { ResourceFormDialog } from './ResourceForm'
import { ImportDialog } from './ImportDialog'
import { StatusDialog } from './StatusDialog'
import { ActionDialog } from './ActionDialog'

export function ResourceDialogHost() {
  const { panel, panelProps } = useSnapshot(ui)
  const p = panelProps as Record<string, unknown>
  const def = typeof p.resource === 'string' ? RESOURCE_BY_NAME.get(p.resource) : undefined
  if (!def) return null
  // A new key per opening: a dialog opened again starts from a clean state.
  const key = `${String(panel)}-${def.name}-${JSON.stringify(p)}`
  switch (panel as string) {
    case RESOURCE_PANELS.form: {
      const { id } = p as unknown as ResourceFormProps
      return <ResourceFormDialog key={key} def={def} id={id} onClose={closePanel} />
    }
    case RESOURCE_PANELS.import: {
      // A sheet action (ResourceAction.sheet) reuses the import dialog over its own endpoints.
      const { action } = p as unknown as ResourceImportProps
      if (action !== undefined) {
        const x = def.actions?.find((a) => a.action === action && a.sheet)
        return x ? <ImportDialog key={key} def={def} action={x} onClose={closePanel} /> : null
      }
      return def.import ? <ImportDialog key={key} def={def} onClose={closePanel} /> : null
    }
    case RESOURCE_PANELS.status: {
      const { ids, status } = p as unknown as ResourceStatusProps
      return def.status && Array.isArray(ids) && ids.length ? <StatusDialog key={key} def={def} ids={[...ids]} status={status} onClose={closePanel} /> : null
    }
    case RESOURCE_PANELS.action: {
      const x = def.actions?.find((a) => a.action === p.action)
      return x?.input && Array.isArray(p.ids) ? <ActionDialog key={key} def={def} action={x} ids={[...(p.ids as (number | string)[])]} onClose={closePanel} /> : null
    }
    default:
      return null
  }
}

export type { ResourceImportProps }
