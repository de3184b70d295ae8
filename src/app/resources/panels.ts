// The dialogs of the resource screens, opened through the command runtime's `open(panel, props)` so
// the generated commands (commands/resources.ts — pure data, no React) can open them by name:
//   rt.open('resourceForm',   { resource: '<name>' })                 new row
//   rt.open('resourceForm',   { resource: '<name>', id: <row id> })   edit (or view without edit permission)
//   rt.open('resourceImport', { resource: '<name>' })                 template, dry run, confirm
//   rt.open('resourceImport', { resource: '<name>', action: '<sheet action>' })  the same over the action's sheet
//   rt.open('resourceStatus', { resource: '<name>', ids: [..], status?: <value> })  bulk status preview
//   rt.open('resourceAction', { resource: '<name>', action: '<extra action>', ids: [..] })  its arguments form
// The host (ResourceDialogHost) renders whichever is open; the shell's single panel slot holds it.
import { openPanel, type PanelId } from '../state/ui'

export const RESOURCE_PANELS = { form: 'resourceForm', import: 'resourceImport', status: 'resourceStatus', action: 'resourceAction' } as const
export type ResourcePanel = (typeof RESOURCE_PANELS)[keyof typeof RESOURCE_PANELS]

export interface ResourceFormProps { resource: string; id?: number | string }
export interface ResourceImportProps { resource: string; /** An extra action with a `sheet` (ResourceAction.sheet). */ action?: string }
export interface ResourceStatusProps { resource: string; ids: (number | string)[]; status?: number | string }
export interface ResourceActionProps { resource: string; action: string; ids: (number | string)[] }

// PanelId is the shell's closed union; resource panels are addressed by name like the runtime does.
const open = (panel: ResourcePanel, props: object) => openPanel(panel as unknown as PanelId, props as Record<string, unknown>)

export const openResourceForm = (p: ResourceFormProps) => open(RESOURCE_PANELS.form, p)
export const openResourceImport = (p: ResourceImportProps) => open(RESOURCE_PANELS.import, p)
export const openResourceStatus = (p: ResourceStatusProps) => open(RESOURCE_PANELS.status, p)
export const openResourceAction = (p: ResourceActionProps) => open(RESOURCE_PANELS.action, p)
