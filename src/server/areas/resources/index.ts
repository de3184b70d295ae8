// The generic resource endpoints (shapes: src/server/resources/index.ts), registered per resource with
// static paths (/api/resources/location/export beats /api/resources/location/:id) so each route
// carries its own permission code and OpenAPI entry. Spec paths of a declaration alias them.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, ilike, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Area } from '../../http/area'
import { defineRoute, parseWith, raw, registerRoutes, type RouteDef } from '../../http/route'
import { forbidden } from '../../http/errors'
import { contentDisposition, listQuerySchema, runList, streamListXlsx, type ExportColumn } from '../../http/list'
import { translate } from '../../i18n'
import type { AuthContext } from '../../http/context'
import { receiveOneFile } from '../../http/upload'
import { executeCommand } from '../../commands/execute'
import { handlerRegistry } from '../../commands/index'
import { commandRegistry } from '../../../../commands/index'
import { screenPathOf } from '../../../../commands/resources'
import { registerDocumentLookup, documentLookups, containsPattern } from '../search/registry'
import { holdsPermission } from '../../../domain/permissions'
import { ALL_RESOURCES } from '../../../domain/resources/index'
import { optionReaderScreens } from '../../../domain/resources/form-refs'
import { dictLabelKey } from '../../../domain/dictionaries'
import { dictItem } from '../../db/schema/shell'
import { commandIdOf, dictValues, fieldLabelKey, permissionOf, titleKeyOf, type ResourceDef } from '../../../domain/resource'
import { refFilterConds, runtimeOf, whereScoped, type ResourceRuntime } from '../../resources/runtime'
import { recordOf, statusVerdicts } from '../../resources/service'
import { dryRun, templateWorkbook } from '../../resources/importer'
import { statusArgsOf } from '../../../../commands/resources'
import type { Database } from '../../db/client'
import type { Language } from '../../../domain/i18n'
import '../../resources/handlers'
import { warehouseResourcesArea } from '../../resources/custom/warehouse/index'
import { orgResourcesArea } from '../../resources/custom/org/index'

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) })
const toArray = (v: unknown) => (v === undefined || v === '' ? undefined : Array.isArray(v) ? v : [v])

/** Read permission: the resource's screen. */
const readPermission = (def: ResourceDef<any>) => `menu:${def.menuCode}`

/** Ref pickers may list a resource's labels with read permission on it or on any screen whose form refers to it. */
const optionsPermissions = (def: ResourceDef<any>): string[] => optionReaderScreens(def.name).map((code) => `menu:${code}`)

/** Export columns: the list columns, cells as an operator reads them (labels, not codes). */
function exportColumns(rt: ResourceRuntime, lang: Language): ExportColumn[] {
  return (rt.def.list.columns as string[]).filter((c) => rt.fields[c]).map((c) => {
    const f = rt.fields[c]
    const col: ExportColumn = { key: c, titleKey: fieldLabelKey(rt.def, c) }
    if (f.kind === 'enum') col.value = (r) => (r[c] === null || r[c] === undefined ? null : translate(lang, dictLabelKey(f.dict!, r[c] as string)))
    else if (f.kind === 'bool') col.value = (r) => (r[c] === null || r[c] === undefined ? null : translate(lang, r[c] ? 'common:yes' : 'common:no'))
    else if (f.kind === 'ref') col.value = (r) => (r[`${c}Label`] as string | null) ?? null
    else if (f.kind === 'refMany') col.value = (r) => ((r[`${c}Labels`] as string[] | null) ?? []).join(', ')
    return col
  })
}

/**
 * Values an administrator added to a bundled dictionary (active dict_item rows outside DICTIONARIES)
 * that this query filters on, per enum filter. Rows never hold them (writes accept bundled values
 * only), but the console offers them in enum filters, so they must not be refused as unknown there.
 */
async function addedEnumValues(database: Database, rt: ResourceRuntime, rawQuery: unknown): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  const q = (rawQuery ?? {}) as Record<string, unknown>
  for (const [name, f] of Object.entries(rt.list.filters ?? {})) {
    const field = rt.fields[name]
    if (f.type !== 'enum' || field?.kind !== 'enum' || !field.dict) continue
    const asked = [...new Set((toArray(q[name]) ?? []).map(String))].filter((v) => !f.values.includes(v)).slice(0, 50)
    if (!asked.length) continue
    const numeric = dictValues(field.dict)?.numeric
    const rows = await database.db.select({ v: dictItem.dictValue }).from(dictItem)
      .where(and(eq(dictItem.dictCode, field.dict), eq(dictItem.status, 1), inArray(dictItem.dictValue, asked)))
    // A numeric dictionary's column is a smallint: only integers in its range can be compared.
    const ok = rows.map((r) => r.v).filter((v) => !numeric || (/^-?\d{1,5}$/.test(v) && Math.abs(Number(v)) <= 32767))
    if (ok.length) out[name] = ok
  }
  return out
}

async function listOf(database: Database, rt: ResourceRuntime, auth: AuthContext, rawQuery: unknown, schema: ReturnType<typeof listQuerySchema>, forExport = false) {
  // Refusals name the resource's own field labels (as the handlers' checks do), not the shared `fields:`.
  const labelOf = (f: string) => (rt.fields[f] ? fieldLabelKey(rt.def, f) : undefined)
  const added = await addedEnumValues(database, rt, rawQuery)
  if (Object.keys(added).length) {
    // Rare: a filter on an admin-added value — a schema that also admits those values, for this request.
    const filters = { ...rt.list.filters }
    for (const [name, values] of Object.entries(added)) {
      const f = filters[name]
      if (f?.type === 'enum') filters[name] = { ...f, values: [...f.values, ...values] }
    }
    schema = listQuerySchema({ ...rt.list, filters }, { forExport })
  }
  const query = parseWith(schema, rawQuery, 'query', labelOf)
  const refs = parseWith(rt.refFilterSchema, rawQuery ?? {}, 'query', labelOf)
  const extra = refFilterConds(rt, refs)
  const def = extra.length ? { ...rt.list, where: () => and(...extra) } : rt.list
  return { query, def }
}

/** Runs a generated command for a spec path (POST/PUT base): the same pipeline, audited; a key is made up when absent. */
async function runAsCommand(database: Database, req: import('fastify').FastifyRequest, auth: AuthContext, commandId: string, body: unknown) {
  if (!req.headers['idempotency-key']) req.headers['idempotency-key'] = `spec-${randomUUID()}`
  const r = await executeCommand({ database, commands: commandRegistry, handlers: handlerRegistry }, req, auth, commandId, body)
  return r.data
}

function routesOf(def: ResourceDef<any>, database: Database): RouteDef<any, any, any>[] {
  const rt = runtimeOf(def)
  const base = `/api/resources/${def.name}`
  const tags = ['resources']
  const listSchema = listQuerySchema(rt.list)
  const exportSchema = listQuerySchema(rt.list, { forExport: true })
  const list = async ({ raw: req, auth }: { raw: import('fastify').FastifyRequest; auth: AuthContext }) => {
    const { query, def: ld } = await listOf(database, rt, auth, req.query, listSchema)
    return runList(database.db, ld, query, auth)
  }
  const detail = async ({ params, auth }: { params: { id: number }; auth: AuthContext }) => recordOf(database.db, rt, auth, params.id)
  const routes: RouteDef<any, any, any>[] = [
    defineRoute({ method: 'GET', url: base, summary: `List ${def.name} (paged, sorted, filtered in the caller's scope)`, tags, envelope: 'main', auth: 'scoped', permission: readPermission(def), handler: list }),
    defineRoute({
      method: 'GET', url: `${base}/options`, summary: `${def.name} labels for pickers`, tags, envelope: 'main', auth: 'scoped',
      query: z.object({ q: z.string().max(100).optional(), ids: z.preprocess(toArray, z.array(z.coerce.number().int().positive()).max(200).optional()), size: z.coerce.number().int().min(1).max(50).default(20) }),
      handler: async ({ query, auth }) => {
        if (!optionsPermissions(def).some((p) => holdsPermission(p, auth.permissions, auth.roles))) throw forbidden('errors:auth.missingPermission', { permission: readPermission(def) })
        const labelCol = rt.labelField ? rt.table[rt.labelField] : rt.table.id
        const rows = await database.db.select({ id: rt.table.id, label: sql<string>`cast(${labelCol} as text)` }).from(rt.table)
          .where(whereScoped(rt, auth,
            query.ids?.length ? inArray(rt.table.id, query.ids) : undefined,
            query.q && rt.labelField ? ilike(sql`cast(${labelCol} as text)`, containsPattern(query.q)) : undefined))
          .orderBy(asc(labelCol), asc(rt.table.id)).limit(query.ids?.length ? 200 : query.size)
        return rows
      },
    }),
  ]
  if (def.export !== false) {
    routes.push(defineRoute({
      method: 'GET', url: `${base}/export`, summary: `Export ${def.name} (current filter or ids ≤ 50) as xlsx, streamed`, tags, envelope: 'main', auth: 'scoped', permission: permissionOf(def, 'export'),
      handler: async ({ raw: req, auth }, reply) => {
        const { query, def: ld } = await listOf(database, rt, auth, req.query, exportSchema, true)
        return streamListXlsx({ db: database.db, def: ld, query, auth, reply, lang: req.lang, columns: exportColumns(rt, req.lang), fileBase: translate(req.lang, titleKeyOf(def)), sheetKey: titleKeyOf(def), log: req.log })
      },
    }))
  }
  if (def.import) {
    routes.push(defineRoute({
      method: 'GET', url: `${base}/template`, summary: `Import template of ${def.name} (translated headers)`, tags, envelope: 'main', auth: 'scoped', permission: permissionOf(def, 'import'),
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(def, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition(`${def.import!.templateName ?? translate(req.lang, titleKeyOf(def))}.xlsx`))
        return raw(buf)
      },
    }))
    routes.push(defineRoute({
      method: 'POST', url: `${base}/import/dry-run`, summary: `Check an xlsx of ${def.name}: every bad row and cell, nothing written`, tags, envelope: 'main', auth: 'scoped', permission: permissionOf(def, 'import'), rawBody: true,
      handler: async ({ raw: req, auth }) => {
        const file = await receiveOneFile(req, 'template')
        return dryRun(database.db, rt, auth, req.lang, file.content)
      },
    }))
  }
  if (def.status) {
    const args = statusArgsOf(def)
    routes.push(defineRoute({
      method: 'GET', url: `${base}/status-preview`, summary: `What a bulk status change of ${def.name} would do, row by row`, tags, envelope: 'main', auth: 'scoped', permission: permissionOf(def, 'status'),
      query: z.object({ ids: z.preprocess(toArray, z.array(z.coerce.number().int().positive()).min(1, 'common:validation.selectAtLeastOne').max(500)), status: z.string().min(1) }),
      handler: async ({ query, auth, raw: req }) => {
        const parsed = parseWith(args, { ids: query.ids, status: query.status }, 'query', (f) => (rt.fields[f] ? fieldLabelKey(def, f) : undefined))
        const rows = await statusVerdicts(database.db, rt, auth, parsed.ids, parsed.status)
        return {
          status: parsed.status,
          changes: rows.filter((r) => r.change).length,
          refused: rows.filter((r) => !r.change).length,
          rows: rows.map((r) => ({ ...r, message: r.reason ? translate(req.lang, r.reason) : null })),
        }
      },
    }))
  }
  // Detail last: the static segments above take precedence over :id anyway (find-my-way).
  routes.push(defineRoute({ method: 'GET', url: `${base}/:id`, summary: `One ${def.name}`, tags, envelope: 'main', auth: 'scoped', permission: readPermission(def), params: IdParams, handler: detail }))

  const sp = def.specPaths
  if (sp?.page) routes.push(defineRoute({ method: 'GET', url: sp.page, summary: `Spec path: ${def.name} page`, tags, envelope: 'main', auth: 'scoped', permission: readPermission(def), handler: list }))
  // Section 7's reference-data GETs feed pickers on many screens: any user of the pair may read them
  // (still only rows of the caller's tenant/warehouse); the page and the detail need the screen.
  if (sp?.list) routes.push(defineRoute({ method: 'GET', url: sp.list, summary: `Spec path: ${def.name} reference list (scope only)`, tags, envelope: 'main', auth: 'scoped', handler: list }))
  if (sp?.base) {
    routes.push(defineRoute({ method: 'GET', url: `${sp.base}/:id`, summary: `Spec path: one ${def.name}`, tags, envelope: 'main', auth: 'scoped', permission: readPermission(def), params: IdParams, handler: detail }))
    routes.push(defineRoute({
      method: 'POST', url: sp.base, summary: `Spec path: add ${def.name} (command ${commandIdOf(def, 'add')})`, tags, envelope: 'main', auth: 'scoped',
      handler: ({ raw: req, auth, body }) => runAsCommand(database, req, auth, commandIdOf(def, 'add'), body),
    }))
    routes.push(defineRoute({
      method: 'PUT', url: sp.base, summary: `Spec path: edit ${def.name} (command ${commandIdOf(def, 'edit')})`, tags, envelope: 'main', auth: 'scoped',
      handler: ({ raw: req, auth, body }) => runAsCommand(database, req, auth, commandIdOf(def, 'edit'), body),
    }))
  }
  return routes
}

/** Palette "go to document" over resources that declare a lookup field. Registered once per process. */
function registerLookups() {
  for (const def of ALL_RESOURCES) {
    if (!def.lookup) continue
    const type = `resource.${def.name}`
    if (documentLookups().some((l) => l.type === type)) continue
    const rt = runtimeOf(def)
    const field = def.lookup as string
    const path = screenPathOf(def) ?? '/'
    registerDocumentLookup({
      type, titleKey: titleKeyOf(def), permission: readPermission(def), group: 'reference',
      // The resource's screen, which opens the row's form for ?id= (ResourceListPage).
      opens: { path: `${path}?id={id}`, testId: `resource-form-${def.name}` },
      async search(db, auth, q, limit) {
        const col = rt.table[field]
        const rows = await db.select({ id: rt.table.id, number: sql<string>`cast(${col} as text)`, title: rt.labelField ? sql<string>`cast(${rt.table[rt.labelField]} as text)` : sql<string>`''` })
          .from(rt.table)
          .where(whereScoped(rt, auth, ilike(sql`cast(${col} as text)`, containsPattern(q))))
          .orderBy(sql`case when lower(cast(${col} as text)) = lower(${q}) then 0 else 1 end`, asc(col))
          .limit(limit)
        return rows.map((r) => ({ type, id: r.id, number: r.number, title: r.title ?? '', path: `${path}?id=${r.id}` }))
      },
    })
  }
}

export const resourcesArea: Area = (app, deps) => {
  registerLookups()
  registerRoutes(app, ALL_RESOURCES.flatMap((d) => routesOf(d, deps.database)))
  // The groups' routes beyond the generic ones (src/server/resources/custom/<group>/; product registers its own area).
  warehouseResourcesArea(app, deps)
  orgResourcesArea(app, deps)
}
