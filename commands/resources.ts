// The commands of every resource, generated from its declaration (src/domain/resource.ts): for each
// action of resourceActions(def) one CommandDef `resource.<name>.<action>` with the permission
// `<menuCode>:<action>`, plus `enable` / `disable` (shortcuts for the bulk status change) when the
// resource has a status. Server actions (add, edit, status, delete, import, and extra actions unless
// `server: false`) run through POST /api/commands/<id>; their handlers are src/server/resources/
// handlers.ts (standard actions) and the group's custom folder (extra actions).
//
// From the palette or a button without arguments, the dialog-backed ones open the resource dialogs
// (src/app/resources/panels.ts): add/edit → 'resourceForm', import → 'resourceImport',
// status/enable/disable → 'resourceStatus' (preview, then the status command with args).
//
// Titles: `resources:command.<name>.<action>`, generated into locales/*/resources.json by
// `npx tsx src/server/resources/gen-titles.ts` (i18next nesting: "New $t(res-warehouse:location.title)"),
// so a new resource needs no hand-written command text. tests/contract/resources.test.ts proves
// the generated keys are current.
import { z } from 'zod'
import { defineCommand, type CommandContext, type CommandDef, type CommandRuntime } from '../src/domain/commands'
import { commandIdOf, dictValues, fieldLabelKey, permissionOf, recordSchemaOf, resourceActions, resourceSchemas, ResourceDeleteResult, ResourceImportResult, ResourceStatusResult, type ResourceAction, type ResourceDef } from '../src/domain/resource'
import { ALL_RESOURCES } from '../src/domain/resources/index'
import { MENU_BY_CODE, MENU_BY_ID } from '../src/domain/menu/catalog'
import { joinPath } from '../src/domain/menu/routes'

/** Most rows one bulk command (status, delete) takes. */
export const MAX_BULK_IDS = 500
const Ids = z.array(z.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(MAX_BULK_IDS)

export const ImportArgs = z.strictObject({ token: z.string().min(8).max(100) })
export type ImportArgs = z.infer<typeof ImportArgs>
export const DeleteArgs = z.strictObject({ ids: Ids })
export type DeleteArgs = z.infer<typeof DeleteArgs>

/** `{ids, status}` with the status one of the resource's status dictionary values. */
export function statusArgsOf(def: ResourceDef<any>) {
  const d = dictValues(def.status!.dict)
  const allowed = new Set(d?.values ?? [])
  const status = z.union([z.number(), z.string()])
    .refine((v) => allowed.has(String(v)), { message: 'errors:field.invalidValue' })
    .transform((v) => (d?.numeric ? Number(v) : String(v)))
  return z.strictObject({ ids: Ids, status })
}

/** `{id, ...update}`. */
export function editArgsOf(def: ResourceDef<any>) {
  return resourceSchemas(def).update.extend({ id: z.number().int().positive() })
}

/** Client route of a resource's screen (the menu catalog's path joined from its ancestors). */
export function screenPathOf(def: ResourceDef<any>): string | undefined {
  let m = MENU_BY_CODE.get(def.menuCode)
  const parts: string[] = []
  while (m) {
    parts.unshift(m.path)
    m = m.parentId === null ? undefined : MENU_BY_ID.get(m.parentId)
  }
  return parts.length ? parts.reduce((a, b) => joinPath(a, b), '') : undefined
}

export const commandTitleKey = (def: ResourceDef<any>, action: string) => `resources:command.${def.name}.${action}`

const idsOf = (ctx: CommandContext) => ctx.selection.map((r) => Number(r.id)).filter((n) => Number.isInteger(n) && n > 0)

/**
 * Runs over several rows ask once, naming how many (issue 18 §3): the count line; what cannot be
 * undone asks even for one row. A run that opens the status preview or an action's form asks there
 * (those dialogs name the rows and their confirm is the question).
 */
const ROWS = 'palette:bulk.count.row'
const bulkRows = (o: { askFrom?: number; dialog?: boolean } = {}) => ({ noun: ROWS, targets: (ctx: CommandContext) => idsOf(ctx).length, askFrom: o.askFrom ?? 1, dialog: o.dialog })

/** Title templates of the standard commands (`resources:verb.<action>` with {{entity}}). */
export const STANDARD_VERBS = ['add', 'edit', 'status', 'delete', 'import', 'export', 'enable', 'disable'] as const

function resourceCommands(def: ResourceDef<any>): CommandDef<any>[] {
  const path = screenPathOf(def)
  // Row commands act on the focused grid's selection: offered on the resource's own screen only.
  const onScreen = (ctx: CommandContext) => ctx.route === '' || !path || ctx.route.split(/[?#]/)[0] === path
  // Refusals of the args name the resource's own field labels, like the handlers' own checks do.
  const fieldLabel = (f: string) => (def.fields[f] ? fieldLabelKey(def, f) : undefined)
  // `page`: the resource's screen — there the palette ranks its commands first for their words.
  const base = (action: string) => ({
    id: commandIdOf(def, action), title: commandTitleKey(def, action), permission: permissionOf(def, action),
    keywords: [`${def.ns}:${def.name}.title`], fieldLabel, page: path,
  })
  const out: CommandDef<any>[] = []
  for (const action of resourceActions(def)) {
    switch (action) {
      case 'add':
        // One new record per run: its id lists (areas, shops, members …) are its own fields.
        out.push(defineCommand({ ...base('add'), section: 'document', server: true, input: resourceSchemas(def).create, output: recordSchemaOf(def), bulk: false,
          run: (_ctx, rt, args) => (args ? rt.callServer(commandIdOf(def, 'add'), args) : rt.open('resourceForm', { resource: def.name })) }))
        break
      case 'edit':
        out.push(defineCommand({ ...base('edit'), section: 'document', server: true, input: editArgsOf(def), output: recordSchemaOf(def), selection: 'one', when: onScreen,
          run: (ctx, rt, args) => (args ? rt.callServer(commandIdOf(def, 'edit'), args) : rt.open('resourceForm', { resource: def.name, id: idsOf(ctx)[0] })) }))
        break
      case 'status': {
        const st = def.status!
        out.push(defineCommand({ ...base('status'), section: 'status', server: true, input: statusArgsOf(def), output: ResourceStatusResult, selection: 'many', when: onScreen, bulk: bulkRows({ dialog: true }),
          run: (ctx, rt, args) => (args ? rt.callServer(commandIdOf(def, 'status'), args) : rt.open('resourceStatus', { resource: def.name, ids: idsOf(ctx) })) }))
        // Browser-only shortcuts into the same preview with the target status chosen.
        for (const [verb, value] of [['enable', st.enabled], ['disable', st.disabled]] as const) {
          out.push(defineCommand({ id: commandIdOf(def, verb), title: commandTitleKey(def, verb), permission: permissionOf(def, 'status'),
            keywords: [`${def.ns}:${def.name}.title`], section: 'status', selection: 'many', when: onScreen, page: path, bulk: bulkRows({ dialog: true }),
            run: (ctx, rt) => rt.open('resourceStatus', { resource: def.name, ids: idsOf(ctx), status: value }) }))
        }
        break
      }
      case 'delete':
        out.push(defineCommand({ ...base('delete'), section: 'document', server: true, input: DeleteArgs, output: ResourceDeleteResult, selection: 'many', when: onScreen,
          confirm: 'resources:confirm.delete', bulk: bulkRows(),
          run: async (ctx, rt, args) => {
            const r = await rt.callServer<ResourceDeleteResult>(commandIdOf(def, 'delete'), args ?? { ids: idsOf(ctx) })
            rt.toast('success', 'resources:done.deleted', { count: r.deleted })
            return r
          } }))
        break
      case 'import':
        out.push(defineCommand({ ...base('import'), section: 'document', server: true, input: ImportArgs, output: ResourceImportResult,
          run: (_ctx, rt, args) => (args ? rt.callServer(commandIdOf(def, 'import'), args) : rt.open('resourceImport', { resource: def.name })) }))
        break
      case 'export':
        out.push(defineCommand({ ...base('export'), section: 'grid', when: onScreen, run: (_ctx, rt) => rt.effect('grid.export') }))
        break
      default: {
        const x = def.actions!.find((a) => a.action === action)!
        out.push(extraCommand(def, x, base(action), onScreen))
      }
    }
  }
  return out
}

/** An extra action: a server command (handler in the group's custom folder) unless `server: false`. */
function extraCommand(def: ResourceDef<any>, x: ResourceAction, base: Pick<CommandDef, 'id' | 'title' | 'permission' | 'keywords' | 'fieldLabel' | 'page'>, onScreen: (ctx: CommandContext) => boolean): CommandDef<any> {
  const server = x.server !== false
  const selection = x.selection ?? 'none'
  const shape = (x.input as unknown as { shape?: Record<string, unknown> } | undefined)?.shape
  const keys = shape ? Object.keys(shape) : []
  // An action that needs only the selected ids runs at once; others ask in the screen's action dialog.
  const idsOnly = server && (keys.length === 0 || (keys.length === 1 && keys[0] === 'ids'))
  return defineCommand({
    ...base, section: 'document', server, input: x.input ?? (server ? z.strictObject({}) : undefined), output: server ? x.output : undefined, selection, confirm: x.confirm, enabled: x.enabled,
    when: selection === 'none' ? undefined : onScreen,
    bulk: selection === 'many' ? bulkRows({ askFrom: x.confirm ? 1 : 2, dialog: !idsOnly || !!x.sheet }) : undefined,
    run: (ctx: CommandContext, rt: CommandRuntime, args?: unknown) => {
      if (args !== undefined) return server ? rt.callServer(base.id, args) : undefined
      // A sheet action (e.g. L/T days): the import dialog with the action's endpoints; its confirm runs this command.
      if (x.sheet) return rt.open('resourceImport', { resource: def.name, action: x.action })
      if (idsOnly) {
        return rt.callServer(base.id, keys.length ? { ids: idsOf(ctx) } : {})
      }
      return rt.open('resourceAction', { resource: def.name, action: x.action, ids: idsOf(ctx) })
    },
  })
}

export const resourceCommandList: CommandDef<any>[] = ALL_RESOURCES.flatMap(resourceCommands)
