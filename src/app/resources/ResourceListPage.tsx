// The list screen of any resource: title, the toolbar of its commands (the SAME CommandDefs the
// palette shows: hidden without the permission, disabled with the reason), the filter bar and the
// DataGrid from the declaration. Enter on a row opens it (edit form, or read-only without edit).
import { useEffect, useMemo, useSyncExternalStore, type ComponentType } from 'react'
import { useLocation } from 'wouter'
import { useTranslation } from 'react-i18next'
import { commandEnabled, commandVisible, type CommandDef } from '../../domain/commands'
import { reasonLabel } from '../commands/reason'
import { commandIdOf, permissionOf, resourceActions, titleKeyOf, type ResourceDef } from '../../domain/resource'
import { DataGrid, type GridColumn } from '../grid'
import { runCommand, useCommandContext, useCommandRegistry, shortcutLabel } from '../palette'
import { fetchResourcePage, resourceUrl, type Row } from './api'
import { gridColumnsOf } from './columns'
import { gridIdOf } from './ids'
import { RefFilterPicker } from './inputs'
import { openResourceForm } from './panels'
import { dictionariesVersion, subscribeDictionaries } from '../lib/dictionaries'
import { usePageActive, usePageSearchParams, type ScreenProps } from '../pages/kit'

/** Grid columns plus the filter-only free-text search and the ref filters' pickers. */
function useResourceColumns(def: ResourceDef) {
  // Enum filters list the values an administrator added: rebuilt when the dictionary cache changes.
  const dicts = useSyncExternalStore(subscribeDictionaries, dictionariesVersion)
  return useMemo(() => {
    const columns = gridColumnsOf(def).map((c) => {
      const f = def.fields[c.id]
      return (c.filter as string) === 'ref' && f?.ref ? { ...c, filterInput: (p: { id: string; value: string; onChange(v: string): void }) => <RefFilterPicker refName={f.ref!} {...p} /> } : c
    })
    const filterColumns: GridColumn<Row>[] = def.list.filters?.q ? [{ id: 'q', titleKey: 'resources-ui:filter.q', filter: 'text' }] : []
    return { columns, filterColumns }
  }, [def, dicts]) // eslint-disable-line react-hooks/exhaustive-deps
}

export function ResourceToolbar({ def }: { def: ResourceDef<any> }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  // Export is the grid's own button (current filter or the selection); the rest are commands. One
  // button per status change: the status command's dialog; enable/disable stay palette commands.
  const cmds = resourceActions(def).filter((a) => a !== 'export').map((a) => registry.get(commandIdOf(def, a))).filter((c): c is CommandDef<any> => !!c && commandVisible(c, ctx))
  return (
    <div className="flex items-center gap-2" role="toolbar" aria-label={t('resources-ui:toolbar', { title: t(titleKeyOf(def)) })}>
      {cmds.map((c) => {
        const enabled = commandEnabled(c, ctx)
        const reason = enabled === true ? undefined : reasonLabel(enabled)
        return (
          <button key={c.id} type="button" data-testid={`cmd-${c.id}`} aria-disabled={reason ? true : undefined} title={reason ?? (c.shortcut ? shortcutLabel(c.shortcut) : undefined)}
            className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
            // A disabled command still answers (runCommand toasts its reason), so keyboard users learn why.
            onClick={() => void runCommand(c)}>
            {t(c.title)}
            {reason && <span className="sr-only"> — {reason}</span>}
          </button>
        )
      })}
    </div>
  )
}

export function ResourceListPage({ def }: { def: ResourceDef<any> }) {
  const { t } = useTranslation()
  const { columns, filterColumns } = useResourceColumns(def)
  const gridId = gridIdOf(def)
  const fetcher = useMemo(() => (q: Record<string, unknown> & { page: number; size: number }, signal?: AbortSignal) => fetchResourcePage(def.name, q, signal), [def])
  // ?id=<row id> (palette "go to document", e.g. a container code): the row's form opens, and the address
  // goes back to the list's (replaced), so the same document asked for again opens again.
  const openId = usePageSearchParams().get('id')
  const active = usePageActive()
  const [loc, navigate] = useLocation()
  useEffect(() => {
    if (!active || !openId) return
    openResourceForm({ resource: def.name, id: /^\d{1,10}$/.test(openId) ? Number(openId) : openId })
    navigate(loc, { replace: true })
  }, [openId, def.name]) // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <div className="flex flex-col" data-testid={`resource-page-${def.name}`}>
      <h2 className="text-base font-semibold" data-testid="resource-title">{t(titleKeyOf(def))}</h2>
      <DataGrid<Row>
        gridId={gridId} titleKey={titleKeyOf(def)} columns={columns} filterColumns={filterColumns} fetcher={fetcher}
        defaultSort={def.list.defaultSort} onOpen={(r) => openResourceForm({ resource: def.name, id: r.id })}
        exportUrl={def.export === false ? undefined : `${resourceUrl(def.name)}/export`} exportPermission={permissionOf(def, 'export')}
        toolbar={<ResourceToolbar def={def} />}
      />
    </div>
  )
}

const pages = new Map<string, ComponentType<ScreenProps>>()

/** One screen component per declaration (stable identity, so tabs keep their state). */
export function screenOf(def: ResourceDef): ComponentType<ScreenProps> {
  let c = pages.get(def.name)
  if (!c) {
    const Page = () => <ResourceListPage def={def} />
    Page.displayName = `ResourcePage(${def.name})`
    c = Page
    pages.set(def.name, c)
  }
  return c
}
