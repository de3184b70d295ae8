// The spec's warehouse calls (section 7 "Basic data maintenance") that do not fit the generic
// aliases (GET page / GET list / POST+PUT base): POST pages, save-or-update, status modify, vendor box
// ceiling, batch import, and the template download address. Each one forwards to the generic resource
// endpoint or command (src/server/resources/index.ts), so permission, scope, validation, audit and the
// envelope stay in one place; these routes only translate the spec's shape.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { ALL_RESOURCES } from '../../../../domain/resources/index'
import { permissionOf } from '../../../../domain/resource'
import { holdsPermission } from '../../../../domain/permissions'
import { defineRoute, raw, registerRoutes, wrapSuccess } from '../../../http/route'
import { forbidden, notFound } from '../../../http/errors'
import { receiveOneFile } from '../../../http/upload'
import type { AppDb } from '../../../db/client'
import { rowsOf } from '../../../db/rows'
import { dryRun } from '../../importer'
import { runtimeOf } from '../../runtime'

/** Headers that carry the caller's identity, scope and language to the forwarded call. */
const FORWARDED = ['authorization', 'x-sso-auth', 'x-userinfo-header', 'x-language-header', 'x-oauth2-app', 'accept-language'] as const

function headersOf(req: FastifyRequest, extra: Record<string, string> = {}): Record<string, string> {
  const h: Record<string, string> = {}
  for (const k of FORWARDED) { const v = req.headers[k]; if (typeof v === 'string') h[k] = v }
  return { ...h, ...extra }
}

/** Mutations need an idempotency key; the spec's clients send none, so one is made per call. */
function idempotencyOf(req: FastifyRequest): string {
  const k = req.headers['idempotency-key']
  return typeof k === 'string' && k ? k : `spec-${randomUUID()}`
}

/** Query string of a flat object: arrays as repeated keys (spec: "GET arrays serialized as repeated keys"); empty strings dropped. */
export function toQuery(o: Record<string, unknown>): string {
  const qs = new URLSearchParams()
  for (const [k, v] of Object.entries(o)) {
    for (const x of Array.isArray(v) ? v : [v]) if (x !== undefined && x !== null && x !== '') qs.append(k, String(x))
  }
  const s = qs.toString()
  return s ? `?${s}` : ''
}

async function forward(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, o: { method: 'GET' | 'POST'; url: string; body?: unknown; mutation?: boolean }) {
  const res = await app.inject({
    method: o.method, url: o.url,
    headers: headersOf(req, o.mutation ? { 'idempotency-key': idempotencyOf(req), 'content-type': 'application/json' } : {}),
    ...(o.body !== undefined ? { payload: JSON.stringify(o.body) } : {}),
  })
  reply.code(res.statusCode)
  return raw(res.json())
}

const command = (app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, id: string, body: unknown) =>
  forward(app, req, reply, { method: 'POST', url: `/api/commands/${id}`, body, mutation: true })

/** Page bodies: page, size, sort and the resource's filters, as the generic list takes them in its query. */
const PageBody = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.union([z.string(), z.number()]))])).optional()
/** Save-or-update: with an id it edits that row, else it adds one (field checks are the command's). */
const SaveBody = z.record(z.string(), z.unknown())
const IdBody = z.object({ id: z.coerce.number().int() })

function saveOrUpdate(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, resource: string, body: Record<string, unknown>) {
  const { id, ...rest } = body
  return id === undefined || id === null
    ? command(app, req, reply, `resource.${resource}.add`, rest)
    : command(app, req, reply, `resource.${resource}.edit`, { id, ...rest })
}

/** Template download addresses by the spec's template code (e.g. WMS_LOCATION_TEMPLATE). */
const TEMPLATES = new Map(ALL_RESOURCES.filter((d) => d.import?.templateName).map((d) => [d.import!.templateName!, d]))
const LOCATION = TEMPLATES.get('WMS_LOCATION_TEMPLATE')!

export function warehouseSpecRoutes(app: FastifyInstance, db: AppDb): void {
  const tags = ['warehouse']
  registerRoutes(app, [
    defineRoute({
      method: 'POST', url: '/wms-plus-base/warehouselocation/pageWarehouseLocation', summary: 'Locations: one page (body = page, size, sort and list filters)',
      tags, envelope: 'raw', auth: 'scoped', body: PageBody,
      handler: ({ body, raw: req }, reply) => forward(app, req, reply, { method: 'GET', url: `/api/resources/location${toQuery(body ?? {})}` }),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/warehouselocation/queryWarehouseLocationDetail', summary: 'Location detail by id',
      tags, envelope: 'raw', auth: 'scoped', body: IdBody,
      handler: ({ body, raw: req }, reply) => forward(app, req, reply, { method: 'GET', url: `/api/resources/location/${body.id}` }),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/warehouselocation/saveLocationCode', summary: 'Add a location, or edit it when the body has an id',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => saveOrUpdate(app, req, reply, 'location', body),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/warehouselocation/statusModify', summary: 'Enable or disable locations ({ids, status})',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => command(app, req, reply, 'resource.location.status', body),
    }),
    defineRoute({
      method: 'POST', url: '/wms-base/basewarehouselocation/updateVendorIdBoxCeiling', summary: 'Vendor box ceiling of locations ({ids, vendorId, boxCeiling})',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => command(app, req, reply, 'resource.location.boxCeiling', body),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/warehouselocation/batchImport',
      summary: 'Import a WMS_LOCATION_TEMPLATE sheet (multipart "file"): dry run first; written in one transaction only when every row is valid',
      tags, envelope: 'raw', auth: 'scoped', permission: permissionOf(LOCATION, 'import'), rawBody: true,
      handler: async ({ raw: req, auth }, reply) => {
        // The generic dry run itself (the file is received once, under the same upload rule and limits).
        const file = await receiveOneFile(req, 'template')
        const dry = await dryRun(db, runtimeOf(LOCATION), auth, req.lang, file.content)
        // Any bad row: answer the dry run as it is — every error listed, nothing written (a refused file throws).
        if (!dry.token) return raw(wrapSuccess('main', dry))
        return command(app, req, reply, 'resource.location.import', { token: dry.token })
      },
    }),
    defineRoute({
      method: 'GET', url: '/base/templatedownloadtask/findDownloadUrl/:templateCode', summary: 'Download address of an import template (e.g. WMS_LOCATION_TEMPLATE)',
      tags, envelope: 'main', auth: 'scoped', params: z.object({ templateCode: z.string().min(1).max(80) }),
      handler: ({ params, auth }) => {
        const def = TEMPLATES.get(params.templateCode)
        if (!def) throw notFound('errors:notFound')
        const perm = permissionOf(def, 'import')
        if (!holdsPermission(perm, auth.permissions, auth.roles)) throw forbidden('errors:auth.missingPermission', { permission: perm })
        return `/api/resources/${def.name}/template`
      },
    }),
    defineRoute({
      method: 'GET', url: '/wms-base/basewarehouse/wareHouseAndTenantByEmployeeId/:id',
      summary: "Warehouse-tenant pairs of an employee (staff id of /auth/employee/list, matched to the user by username) [{warehouseId, tenantId, warehouseCode, warehouseName, tenantName, warehouseLocation}]",
      tags, envelope: 'main', auth: 'user', params: z.object({ id: z.coerce.number().int().positive().max(2147483647) }),
      handler: async ({ params, auth }) => {
        // Anyone may ask for their own pairs; someone else's need the staff or the warehouse screen.
        const rows = rowsOf(await db.execute(sql`
          SELECT u.id AS user_id, ua.warehouse_id, ua.tenant_id, w.code AS warehouse_code, w.name AS warehouse_name, t.name AS tenant_name, w.warehouse_location
          FROM staff s JOIN app_user u ON u.username = s.username
          LEFT JOIN user_access ua ON ua.user_id = u.id
          LEFT JOIN warehouse w ON w.id = ua.warehouse_id LEFT JOIN tenant t ON t.id = ua.tenant_id
          WHERE s.id = ${params.id} ORDER BY ua.sort, ua.warehouse_id, ua.tenant_id`))
        const self = rows.length > 0 && Number(rows[0].user_id) === auth.userId
        if (!self && !['menu:staff-information', 'menu:storage'].some((p) => holdsPermission(p, auth.permissions, auth.roles))) {
          throw forbidden('errors:auth.missingPermission', { permission: 'menu:staff-information' })
        }
        return rows.filter((r) => r.warehouse_id !== null).map((r) => ({
          warehouseId: Number(r.warehouse_id), tenantId: Number(r.tenant_id), warehouseCode: r.warehouse_code,
          warehouseName: r.warehouse_name, tenantName: r.tenant_name, warehouseLocation: Number(r.warehouse_location),
        }))
      },
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/storageAreaGroup/page', summary: 'Storage area groups: one page (body = page, size, sort and list filters)',
      tags, envelope: 'raw', auth: 'scoped', body: PageBody,
      handler: ({ body, raw: req }, reply) => forward(app, req, reply, { method: 'GET', url: `/api/resources/storageAreaGroup${toQuery(body ?? {})}` }),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/storageAreaGroup/insert', summary: 'Add a storage area group',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => command(app, req, reply, 'resource.storageAreaGroup.add', body),
    }),
    defineRoute({
      method: 'POST', url: '/wms-plus-base/storageAreaGroup/update', summary: 'Edit a storage area group ({id, ...})',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => command(app, req, reply, 'resource.storageAreaGroup.edit', body),
    }),
    defineRoute({
      method: 'POST', url: '/wms-in/workgroup/instWorkGroup', summary: 'Add a job group, or edit it when the body has an id',
      tags, envelope: 'raw', auth: 'scoped', body: SaveBody,
      handler: ({ body, raw: req }, reply) => saveOrUpdate(app, req, reply, 'jobGroup', body),
    }),
  ])
}
