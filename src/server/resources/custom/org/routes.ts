// The org group's calls of spec section 7 that are not plain resource aliases:
//  • reference lists — GET /auth/company/list, /auth/tenant/list and /auth/employee/list (auth service: second envelope
//    {code, msg, data}), GET /base/basesite/listByPlatform, and the geographic lists
//    /base/baseterrace|basestate|baseprovince|basecity|basecounty/list (main envelope);
//  • departments (auth service, second envelope) — GET /auth/dept/tree, /auth/dept/deptTypes,
//    /auth/dept/groupTree, /auth/dept/{id}; POST and PUT /auth/dept; DELETE /auth/dept/{id}. Writes run
//    the generated commands resource.department.add|edit|delete through the one command pipeline
//    (permission, validation, hooks, one transaction, audit), with a server-made idempotency key when
//    the caller sends none.
// Plain lists (/base/basesite/list, /base/shop/list, /base/basevendor/list,
// /wms-base/basefreightforwarding/list, /wms-base/basegoodsplatform/*) are the declarations' specPaths.
import { randomUUID } from 'node:crypto'
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { commandRegistry } from '../../../../../commands/index'
import { DICTIONARIES, dictLabelKey } from '../../../../domain/dictionaries'
import { holdsPermission } from '../../../../domain/permissions'
import { staffResource } from '../../../../domain/resources/org/staff'
import type { Database } from '../../../db/client'
import { handlerRegistry } from '../../../commands/registry'
import { executeCommand } from '../../../commands/execute'
import { company, platform, site } from '../../../db/schema/core'
import type { AuthContext } from '../../../http/context'
import { fieldError } from '../../../http/errors'
import { containsPattern } from '../../../http/list'
import { defineRoute, registerRoutes } from '../../../http/route'
import { translate } from '../../../i18n'
import { recordOf } from '../../service'
import { runtimeByName } from '../../runtime'
import { geoRegion } from './schema'

/**
 * Who may read the staff directory with contact details (/auth/employee/list in full): administrators and
 * holders of the staff screen or of user management. Everyone else gets the picker list.
 */
export const STAFF_DIRECTORY_PERMISSIONS = [`menu:${staffResource.menuCode}`, 'menu:rights-user'] as const
export function seesStaffDirectory(auth: Pick<AuthContext, 'roles' | 'permissions'>): boolean {
  return STAFF_DIRECTORY_PERMISSIONS.some((p) => holdsPermission(p, auth.permissions, auth.roles))
}

const idParams = z.object({ id: z.coerce.number().int().positive().max(2147483647) })
const optText = z.string().trim().max(100).optional()
const optId = z.coerce.number().int().positive().max(2147483647).optional()

export interface DeptNode {
  id: number; parentId: number | null; code: string; name: string; deptType: number; companyId: number | null
  leader: string | null; phone: string | null; sort: number; status: number; children: DeptNode[]
}
export interface GroupNode { key: string; type: 'dept' | 'staff'; id: number; name: string; deptType?: number; username?: string; workingStatus?: number; children: GroupNode[] }

/** Nests flat rows by parentId (rows already in sibling order); orphans become roots. */
export function nest<T extends { id: number; parentId: number | null; children: T[] }>(rows: T[]): T[] {
  const byId = new Map(rows.map((r) => [r.id, r]))
  const roots: T[] = []
  for (const r of rows) {
    const p = r.parentId === null ? undefined : byId.get(r.parentId)
    if (p) p.children.push(r)
    else roots.push(r)
  }
  return roots
}

/** Keeps the nodes whose name or code contains `q` and their ancestors. */
function pruneTo<T extends { name: string; code?: string; children: T[] }>(nodes: T[], q: string): T[] {
  const needle = q.toLowerCase()
  const out: T[] = []
  for (const n of nodes) {
    const kids = pruneTo(n.children, q)
    if (kids.length || n.name.toLowerCase().includes(needle) || (n.code ?? '').toLowerCase().includes(needle)) out.push({ ...n, children: kids })
  }
  return out
}

const rowsOfResult = (r: unknown) => (Array.isArray(r) ? r : (r as { rows: Record<string, unknown>[] }).rows) as Record<string, unknown>[]

async function departmentRows(db: Database['db']): Promise<DeptNode[]> {
  const rows = rowsOfResult(await db.execute(sql`
    SELECT id, parent_id, code, name, dept_type, company_id, leader, phone, sort, status FROM department
    ORDER BY coalesce(sort, 0), code`))
  return rows.map((r) => ({
    id: Number(r.id), parentId: r.parent_id === null ? null : Number(r.parent_id), code: String(r.code), name: String(r.name),
    deptType: Number(r.dept_type), companyId: r.company_id === null ? null : Number(r.company_id), leader: (r.leader as string | null) ?? null,
    phone: (r.phone as string | null) ?? null, sort: Number(r.sort ?? 0), status: Number(r.status), children: [],
  }))
}

/** Runs a generated resource command as if POSTed to /api/commands/<id> (audit, idempotency, one transaction). */
async function runCommand(deps: { database: Database }, req: FastifyRequest, auth: AuthContext, commandId: string, args: unknown) {
  // The auth-service clients send no Idempotency-Key: each call is its own attempt.
  if (!req.headers['idempotency-key']) req.headers['idempotency-key'] = `auth-dept-${randomUUID()}`
  const r = await executeCommand({ database: deps.database, commands: commandRegistry, handlers: handlerRegistry }, req, auth, commandId, args)
  return r.data
}

export function orgRoutes(app: FastifyInstance, deps: { database: Database }) {
  const db = deps.database.db
  const geoList = (url: string, level: 1 | 2 | 3 | 4, summary: string) => defineRoute({
    method: 'GET', url, envelope: 'main', auth: 'user', tags: ['reference'], summary,
    query: z.object({ countryCode: z.string().trim().regex(/^[A-Za-z]{2}$/, 'errors:field.invalidFormat').optional(), parentId: optId, parentCode: optText, name: optText }),
    handler: async ({ query }) => {
      const conds: SQL[] = [eq(geoRegion.level, level)]
      if (query.countryCode) conds.push(eq(geoRegion.countryCode, query.countryCode.toUpperCase()))
      if (query.parentId) conds.push(eq(geoRegion.parentId, query.parentId))
      if (query.parentCode) conds.push(sql`${geoRegion.parentId} IN (SELECT id FROM geo_region WHERE level = ${level - 1} AND code = ${query.parentCode})`)
      if (query.name) conds.push(or(ilike(geoRegion.name, containsPattern(query.name)), ilike(geoRegion.nameEn, containsPattern(query.name)))!)
      return db.select().from(geoRegion).where(and(...conds)).orderBy(asc(geoRegion.countryCode), asc(geoRegion.code))
    },
  })

  registerRoutes(app, [
    // ---- reference lists -------------------------------------------------------------------------
    defineRoute({
      method: 'GET', url: '/auth/company/list', envelope: 'second', auth: 'user', tags: ['reference'],
      summary: 'Companies [{id, code, name, shortName, taxId, status}]; optional q (code/name contains), status',
      query: z.object({ q: optText, status: z.enum(['0', '1']).optional() }),
      handler: ({ query }) => {
        const conds: SQL[] = []
        if (query.q) conds.push(or(ilike(company.code, containsPattern(query.q)), ilike(company.name, containsPattern(query.q)))!)
        if (query.status) conds.push(eq(company.status, Number(query.status)))
        return db.select({ id: company.id, code: company.code, name: company.name, shortName: company.shortName, taxId: company.taxId, status: company.status })
          .from(company).where(and(...conds)).orderBy(asc(company.code))
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/tenant/list', envelope: 'second', auth: 'user', tags: ['reference'],
      summary: 'Tenants [{id, code, name, companyId, status, warehouses: [{warehouseId, warehouseName}]}]; optional q, status',
      query: z.object({ q: optText, status: z.enum(['0', '1']).optional() }),
      handler: async ({ query }) => {
        const conds: SQL[] = [sql`true`]
        if (query.q) { const p = containsPattern(query.q); conds.push(sql`(t.code ILIKE ${p} OR t.name ILIKE ${p})`) }
        if (query.status) conds.push(sql`t.status = ${Number(query.status)}`)
        const rows = rowsOfResult(await db.execute(sql`
          SELECT t.id, t.code, t.name, t.company_id, t.status,
                 coalesce((SELECT json_agg(json_build_object('warehouseId', w.id, 'warehouseName', w.name) ORDER BY w.id)
                           FROM warehouse_tenant wt JOIN warehouse w ON w.id = wt.warehouse_id WHERE wt.tenant_id = t.id), '[]'::json) AS warehouses
          FROM tenant t WHERE ${sql.join(conds, sql` AND `)} ORDER BY t.code`))
        return rows.map((r) => ({
          id: Number(r.id), code: r.code, name: r.name, companyId: r.company_id === null ? null : Number(r.company_id), status: Number(r.status),
          warehouses: typeof r.warehouses === 'string' ? JSON.parse(r.warehouses) : r.warehouses,
        }))
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/employee/list', envelope: 'second', auth: 'user', tags: ['reference'],
      summary: 'Staff [{id, username, name, nickname, email, phone, departmentId, departmentName, workingStatus}] for staff or user management; '
        + 'anyone else gets a picker list [{id, username, employeeName}] of the colleagues sharing a warehouse-tenant pair; optional q, departmentId, workingStatus',
      query: z.object({ q: optText, departmentId: optId, workingStatus: z.enum(['0', '1']).optional() }),
      handler: async ({ query, auth }) => {
        const conds: SQL[] = [sql`true`]
        if (query.q) { const p = containsPattern(query.q); conds.push(sql`(s.username ILIKE ${p} OR s.name ILIKE ${p} OR s.nickname ILIKE ${p})`) }
        if (query.departmentId) conds.push(sql`s.department_id = ${query.departmentId}`)
        if (query.workingStatus) conds.push(sql`s.working_status = ${Number(query.workingStatus)}`)
        if (!seesStaffDirectory(auth!)) {
          // A picker's needs only: no contact details, and only people who work in one of the caller's pairs.
          const picks = rowsOfResult(await db.execute(sql`
            SELECT s.id, s.username, s.name FROM staff s JOIN app_user u ON u.username = s.username
            WHERE EXISTS (SELECT 1 FROM user_access a JOIN user_access mine ON mine.tenant_id = a.tenant_id AND mine.warehouse_id = a.warehouse_id
                           WHERE a.user_id = u.id AND mine.user_id = ${auth!.userId})
              AND ${sql.join(conds, sql` AND `)} ORDER BY s.username LIMIT 1000`))
          return picks.map((r) => ({ id: Number(r.id), username: r.username, employeeName: r.name }))
        }
        const rows = rowsOfResult(await db.execute(sql`
          SELECT s.id, s.username, s.name, s.nickname, s.email, s.phone, s.avatar, s.department_id, d.name AS department_name, s.working_status
          FROM staff s JOIN department d ON d.id = s.department_id
          WHERE ${sql.join(conds, sql` AND `)} ORDER BY s.username LIMIT 1000`))
        return rows.map((r) => ({
          id: Number(r.id), username: r.username, name: r.name, nickname: r.nickname ?? null, email: r.email ?? null, phone: r.phone,
          avatar: r.avatar ?? null, departmentId: Number(r.department_id), departmentName: r.department_name, workingStatus: Number(r.working_status),
        }))
      },
    }),
    defineRoute({
      method: 'GET', url: '/base/basesite/listByPlatform', envelope: 'main', auth: 'user', tags: ['reference'],
      summary: 'Sites of one platform (platformId or platformCode) [{id, platformId, platformCode, code, name, fullName, currency, country, channel, status}]',
      query: z.object({ platformId: optId, platformCode: z.string().trim().max(50).optional() }),
      handler: ({ query }) => {
        if (!query.platformId && !query.platformCode) throw fieldError('platformId', 'errors:field.required')
        const cond = query.platformId ? eq(site.platformId, query.platformId) : eq(platform.code, query.platformCode!)
        return db.select({
          id: site.id, platformId: site.platformId, platformCode: platform.code, code: site.code, name: site.name, fullName: site.fullName,
          currency: site.currency, country: site.country, channel: site.channel, status: site.status,
        }).from(site).innerJoin(platform, eq(platform.id, site.platformId)).where(cond).orderBy(asc(site.code))
      },
    }),
    geoList('/base/baseterrace/list', 1, 'Countries / territories [{id, level, parentId, countryCode, code, name, nameEn}]; optional countryCode, name'),
    geoList('/base/basestate/list', 2, 'States (first-level divisions) [{id, level, parentId, countryCode, code, name, nameEn}]; optional countryCode, name'),
    geoList('/base/baseprovince/list', 2, 'Provinces = first-level divisions (same rows as states); optional countryCode, name'),
    geoList('/base/basecity/list', 3, 'Cities; optional countryCode, parentId (state id) or parentCode (state code), name'),
    geoList('/base/basecounty/list', 4, 'Counties / districts; optional countryCode, parentId (city id) or parentCode (city code), name'),

    // ---- departments (auth service) ----------------------------------------------------------------
    defineRoute({
      method: 'GET', url: '/auth/dept/tree', envelope: 'second', auth: 'user', tags: ['admin'],
      summary: 'Department tree [{id, parentId, code, name, deptType, companyId, leader, phone, sort, status, children}]; optional name filter (keeps ancestors)',
      query: z.object({ name: optText }),
      handler: async ({ query }) => {
        const tree = nest(await departmentRows(db))
        return query.name ? pruneTo(tree, query.name) : tree
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/dept/deptTypes', envelope: 'second', auth: 'user', tags: ['admin'],
      summary: 'Department types [{value, label, labelKey}] (labels in the request language)',
      handler: ({ raw }) => DICTIONARIES.deptType.map((e) => {
        const labelKey = dictLabelKey('deptType', e.value)
        return { value: Number(e.value), label: translate(raw.lang, labelKey), labelKey }
      }),
    }),
    defineRoute({
      method: 'GET', url: '/auth/dept/groupTree', envelope: 'second', auth: 'user', tags: ['admin'],
      summary: 'Department tree with its staff as leaves [{key, type: dept|staff, id, name, children}] (pickers of people)',
      query: z.object({ workingOnly: z.enum(['true', 'false']).optional() }),
      handler: async ({ query }) => {
        const depts = await departmentRows(db)
        const nodes = new Map<number, GroupNode>(depts.map((d) => [d.id, { key: `dept:${d.id}`, type: 'dept', id: d.id, name: d.name, deptType: d.deptType, children: [] }]))
        const staff = rowsOfResult(await db.execute(sql`
          SELECT id, username, name, department_id, working_status FROM staff
          ${query.workingOnly === 'true' ? sql`WHERE working_status = 1` : sql``} ORDER BY name, username`))
        const roots: GroupNode[] = []
        for (const d of depts) {
          const p = d.parentId === null ? undefined : nodes.get(d.parentId)
          ;(p ? p.children : roots).push(nodes.get(d.id)!)
        }
        for (const s of staff) {
          nodes.get(Number(s.department_id))?.children.push({ key: `staff:${s.id}`, type: 'staff', id: Number(s.id), name: String(s.name), username: String(s.username), workingStatus: Number(s.working_status), children: [] })
        }
        return roots
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/dept/:id', envelope: 'second', auth: 'scoped', tags: ['admin'],
      summary: 'One department (the resource record, with parentIdLabel and companyIdLabel)',
      params: idParams,
      handler: ({ params, auth }) => recordOf(db, runtimeByName('department')!, auth, params.id),
    }),
    defineRoute({
      method: 'POST', url: '/auth/dept', envelope: 'second', auth: 'scoped', tags: ['admin'],
      summary: 'Create a department (body = the department create schema; command resource.department.add)',
      handler: ({ body, auth, raw }) => runCommand(deps, raw, auth, 'resource.department.add', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/dept', envelope: 'second', auth: 'scoped', tags: ['admin'],
      summary: 'Edit a department (body {id, ...fields}; command resource.department.edit)',
      handler: ({ body, auth, raw }) => runCommand(deps, raw, auth, 'resource.department.edit', body),
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/dept/:id', envelope: 'second', auth: 'scoped', tags: ['admin'],
      summary: 'Delete a department without sub-departments or staff (command resource.department.delete)',
      params: idParams,
      handler: ({ params, auth, raw }) => runCommand(deps, raw, auth, 'resource.department.delete', { ids: [params.id] }),
    }),
  ])
}
