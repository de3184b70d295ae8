// The administration calls of the auth service (spec section 7 "Administration"; second envelope
// {code, msg, data}): roles, role grants, the menu tree, users and verification codes; plus the mail
// outbox and a tenant's warehouse pairs for the console's own screens (main envelope, /api/admin).
// Reads are here; every write is a thin route over the command handler of the same action
// (./handlers.ts) through executeCommand, so the permission re-check, the one transaction, the audit
// row and idempotency are the same whether the console or another client calls. The spec's clients
// send no Idempotency-Key: one is generated per request then.
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import type { Area } from '../../http/area'
import type { AppDb, Database } from '../../db/client'
import { appUser, mailOutbox, menu, role, roleMenu, tenant, userAccess, userRole, warehouse, warehouseTenant } from '../../db/schema/index'
import { defineRoute, registerRoutes } from '../../http/route'
import { AppError, forbidden } from '../../http/errors'
import type { AuthContext } from '../../http/context'
import { listQuerySchema, runList, type ListDef } from '../../http/list'
import { executeCommand } from '../../commands/execute'
import { handlerRegistry } from '../../commands/index'
import { translate } from '../../i18n'
import { commandRegistry } from '../../../../commands/index'
import { ADMIN_ROLE, holdsPermission } from '../../../domain/permissions'
import { isAdmin } from './handlers'
import { beyondOwn } from './reach'
import './handlers'
import './user-handlers'

/** Permission codes of the administration screens (menu catalog). */
export const ADMIN_PERMISSIONS = {
  roles: 'menu:rights-role', menus: 'menu:rights-menu', users: 'menu:rights-user', tenants: 'menu:tenant', mailOutbox: 'menu:mail-outbox',
} as const

/** The caller holds at least one of the codes (reads shared by several screens, e.g. the role list). */
function requireAny(auth: AuthContext, ...codes: string[]) {
  if (!codes.some((c) => holdsPermission(c, auth.permissions, auth.roles))) throw forbidden('errors:auth.missingPermission', { permission: codes.join(' | ') })
}

const notFound = (key: string, field: string, params: Record<string, unknown>) => new AppError(404, key, params, [{ field, messageKey: key, params }])
const IdParams = z.object({ id: z.coerce.number().int().positive() })

// ---- list definitions (src/server/http/list.ts) -------------------------------------------------

export const roleList = {
  table: role,
  select: {
    id: role.id, code: role.code, name: role.name, dataScope: role.dataScope, status: role.status, remark: role.remark,
    createdAt: role.createdAt, updatedAt: role.updatedAt,
    users: sql<number>`(select cast(count(*) as integer) from user_role ur where ur.role_id = role.id)`.as('users'),
  },
  scope: 'none',
  key: role.id,
  sortable: { id: role.id, code: role.code, name: role.name, dataScope: role.dataScope, status: role.status, createdAt: role.createdAt },
  defaultSort: 'id:asc',
  filters: {
    code: { type: 'text', column: role.code },
    name: { type: 'text', column: role.name },
    status: { type: 'enum', column: role.status, values: ['0', '1'] },
    dataScope: { type: 'enum', column: role.dataScope, values: ['1', '2', '3'] },
  },
} satisfies ListDef

/** Non-admin managers see the users of their current tenant only (the handlers' managedUser rule). */
const usersInReach = (auth: AuthContext): SQL | undefined => isAdmin(auth)
  ? undefined
  : sql`exists (select 1 from user_access ua where ua.user_id = app_user.id and ua.tenant_id = ${auth.tenantId})`

export const userList = {
  table: appUser,
  select: {
    id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, email: appUser.email, phone: appUser.phone,
    status: appUser.status, tenantId: appUser.tenantId, deptId: appUser.deptId, weakPassword: appUser.weakPassword,
    createdAt: appUser.createdAt, updatedAt: appUser.updatedAt,
    tenantName: sql<string | null>`(select t.name from tenant t where t.id = app_user.tenant_id)`.as('tenant_name'),
    roles: sql<string | null>`(select string_agg(r.code, ',' order by r.code) from user_role ur join role r on r.id = ur.role_id where ur.user_id = app_user.id)`.as('roles'),
    online: sql<number>`(select cast(count(*) as integer) from auth_session s where s.user_id = app_user.id and s.revoked_at is null)`.as('online'),
  },
  scope: 'none',
  key: appUser.id,
  sortable: { id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, status: appUser.status, createdAt: appUser.createdAt },
  defaultSort: 'id:asc',
  filters: {
    username: { type: 'text', column: appUser.username },
    employeeName: { type: 'text', column: appUser.employeeName },
    phone: { type: 'text', column: appUser.phone },
    email: { type: 'text', column: appUser.email },
    status: { type: 'enum', column: appUser.status, values: ['0', '1'] },
    createdAt: { type: 'dateRange', column: appUser.createdAt },
  },
  where: usersInReach,
} satisfies ListDef

export const mailList = {
  table: mailOutbox,
  select: {
    id: mailOutbox.id, toAddress: mailOutbox.toAddress, subject: mailOutbox.subject, body: mailOutbox.body,
    purpose: mailOutbox.purpose, params: mailOutbox.params, userId: mailOutbox.userId, createdAt: mailOutbox.createdAt,
  },
  scope: 'none',
  key: mailOutbox.id,
  sortable: { id: mailOutbox.id, createdAt: mailOutbox.createdAt, toAddress: mailOutbox.toAddress },
  defaultSort: 'createdAt:desc',
  filters: {
    toAddress: { type: 'text', column: mailOutbox.toAddress },
    purpose: { type: 'enum', column: mailOutbox.purpose, values: ['verificationCode'] },
    createdAt: { type: 'dateRange', column: mailOutbox.createdAt },
  },
  // Managers who are not admins read the mail of their tenant's users only.
  where: (auth) => isAdmin(auth) ? undefined
    : sql`exists (select 1 from user_access ua where ua.user_id = mail_outbox.user_id and ua.tenant_id = ${auth.tenantId})`,
} satisfies ListDef

// ---- the menu tree as the editors see it (every type, authority and owning system included) --------

export interface AdminMenuNode {
  id: number; parentId: number | null; type: 'M' | 'B' | 'R'; code: string; name: string; title: string; path: string
  component: string | null; redirect: string | null; icon: string | null; sort: number; hidden: boolean
  authority: string | null; system: string; iframeUrl: string | null; children: AdminMenuNode[]
}

async function menuRows(db: AppDb) {
  return await db.select({
    id: menu.id, parentId: menu.parentId, type: menu.type, code: menu.code, name: menu.name, title: menu.title, path: menu.path,
    component: menu.component, redirect: menu.redirect, icon: menu.icon, sort: menu.sort, hidden: menu.hidden,
    authority: menu.authority, system: menu.system, iframeUrl: menu.iframeUrl,
  }).from(menu)
}

export function adminMenuTree(rows: Omit<AdminMenuNode, 'children'>[], rootId: number | null = null): AdminMenuNode[] {
  const kids = new Map<number | null, Omit<AdminMenuNode, 'children'>[]>()
  for (const r of rows) kids.set(r.parentId, [...(kids.get(r.parentId) ?? []), r])
  const walk = (p: number | null): AdminMenuNode[] => (kids.get(p) ?? [])
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map((r) => ({ ...r, children: walk(r.id) }))
  return walk(rootId)
}

async function userDetail(db: AppDb, auth: AuthContext, where: SQL) {
  const [u] = await db.select({
    id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, email: appUser.email, phone: appUser.phone,
    avatar: appUser.avatar, status: appUser.status, tenantId: appUser.tenantId, deptId: appUser.deptId,
    weakPassword: appUser.weakPassword, createdAt: appUser.createdAt, updatedAt: appUser.updatedAt,
  }).from(appUser).where(and(where, usersInReach(auth)))
  if (!u) return undefined
  const roles = await db.select({ id: role.id, code: role.code, name: role.name }).from(userRole)
    .innerJoin(role, eq(role.id, userRole.roleId)).where(eq(userRole.userId, u.id)).orderBy(asc(role.code))
  const pairs = await db.select({
    warehouseId: userAccess.warehouseId, tenantId: userAccess.tenantId, sort: userAccess.sort,
    warehouseName: warehouse.name, tenantName: tenant.name,
  }).from(userAccess)
    .innerJoin(warehouse, eq(warehouse.id, userAccess.warehouseId)).innerJoin(tenant, eq(tenant.id, userAccess.tenantId))
    .where(eq(userAccess.userId, u.id)).orderBy(asc(userAccess.sort))
  return { ...u, roleIds: roles.map((r) => r.id), roles, pairs: pairs.map(({ sort: _s, ...p }) => p) }
}

/** A mail row read in the caller's language (its key + params), falling back to the stored text. */
function readMail(lang: Parameters<typeof translate>[0], m: { purpose: string; params: Record<string, unknown>; subject: string; body: string }) {
  const k = `admin:mail.${m.purpose}`
  const subject = translate(lang, `${k}.subject`, m.params)
  const body = translate(lang, `${k}.body`, m.params)
  return { subject: subject === `${k}.subject` ? m.subject : subject, body: body === `${k}.body` ? m.body : body }
}

// ---- the area ---------------------------------------------------------------------------------------

/**
 * Runs a command handler for a spec route: same checks, transaction, audit and idempotency as
 * POST /api/commands/<id> (the spec's clients send no Idempotency-Key: one is generated then).
 */
export async function runSpecCommand(database: Database, req: FastifyRequest, auth: AuthContext, commandId: string, args: unknown) {
  if (!req.headers['idempotency-key']) req.headers['idempotency-key'] = `spec-${randomUUID()}`
  return (await executeCommand({ database, commands: commandRegistry, handlers: handlerRegistry }, req, auth, commandId, args)).data
}

export const adminArea: Area = (app, { database, db }) => {
  const run = (req: FastifyRequest, auth: AuthContext, commandId: string, args: unknown) => runSpecCommand(database, req, auth, commandId, args)

  registerRoutes(app, [
    // ---- roles
    defineRoute({
      method: 'GET', url: '/auth/roles/list', summary: 'Every role (role pickers of the role and user screens)',
      tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: async ({ auth }) => {
        requireAny(auth, ADMIN_PERMISSIONS.roles, ADMIN_PERMISSIONS.users)
        const roles = await db.select({ id: role.id, code: role.code, name: role.name, dataScope: role.dataScope, status: role.status, remark: role.remark })
          .from(role).orderBy(asc(role.id))
        // grantable: whether the caller may assign it (./reach.ts assertGrantable), so pickers offer no more.
        const granted = await db.selectDistinct({ roleId: roleMenu.roleId, authority: menu.authority }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId))
        const beyond = new Set(granted.filter((g) => beyondOwn(auth, [g.authority]).length).map((g) => g.roleId))
        return roles.map((r) => ({ ...r, grantable: isAdmin(auth) || (r.code !== ADMIN_ROLE && !beyond.has(r.id)) }))
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/roles/page', summary: 'Roles, paged (page, size, sort, code, name, status, dataScope)',
      tags: ['admin'], envelope: 'second', auth: 'scoped', permission: ADMIN_PERMISSIONS.roles,
      query: listQuerySchema(roleList),
      handler: ({ query, auth }) => runList(db, roleList, query, auth),
    }),
    defineRoute({
      method: 'GET', url: '/auth/roles/:id', summary: 'One role with the ids of the menus and buttons it is granted',
      tags: ['admin'], envelope: 'second', auth: 'scoped', permission: ADMIN_PERMISSIONS.roles, params: IdParams,
      handler: async ({ params }) => {
        const [r] = await db.select().from(role).where(eq(role.id, params.id))
        if (!r) throw notFound('admin:role.errors.notFound', 'id', { id: params.id })
        const grants = await db.select({ id: roleMenu.menuId }).from(roleMenu).where(eq(roleMenu.roleId, r.id)).orderBy(asc(roleMenu.menuId))
        return { ...r, menuIds: grants.map((g) => g.id) }
      },
    }),
    defineRoute({
      method: 'POST', url: '/auth/roles', summary: 'Add a role (command admin.role.add)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.role.add', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/roles', summary: 'Edit a role (command admin.role.edit; body carries id)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.role.edit', body),
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/roles/:id', summary: 'Delete a role (command admin.role.delete)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      params: IdParams,
      handler: ({ params, auth, raw }) => run(raw, auth, 'admin.role.delete', { id: params.id }),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/roles/granted', summary: 'Replace the menus and buttons granted to a role (query roleId; body: menu ids, or {menuIds})',
      tags: ['admin'], envelope: 'second', auth: 'scoped',
      query: z.object({ roleId: z.coerce.number().int().positive() }),
      handler: ({ query, body, auth, raw }) => run(raw, auth, 'admin.role.grant', {
        roleId: query.roleId, menuIds: Array.isArray(body) ? body : (body as { menuIds?: unknown } | undefined)?.menuIds,
      }),
    }),

    // ---- menus
    defineRoute({
      method: 'GET', url: '/auth/menus/tree', summary: 'The whole menu tree, buttons included (menu editor, role grants)',
      tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: async ({ auth }) => {
        requireAny(auth, ADMIN_PERMISSIONS.menus, ADMIN_PERMISSIONS.roles)
        return adminMenuTree(await menuRows(db))
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/menus/tree/:id', summary: 'One node with its subtree', tags: ['admin'], envelope: 'second', auth: 'scoped', params: IdParams,
      handler: async ({ auth, params }) => {
        requireAny(auth, ADMIN_PERMISSIONS.menus, ADMIN_PERMISSIONS.roles)
        const rows = await menuRows(db)
        const node = rows.find((r) => r.id === params.id)
        if (!node) throw notFound('admin:menu.errors.notFound', 'id', { id: params.id })
        return { ...node, children: adminMenuTree(rows, node.id) }
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/menus/:id', summary: 'One menu node (the menu form)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      permission: ADMIN_PERMISSIONS.menus, params: IdParams,
      handler: async ({ params }) => {
        const [m] = await db.select().from(menu).where(eq(menu.id, params.id))
        if (!m) throw notFound('admin:menu.errors.notFound', 'id', { id: params.id })
        return m
      },
    }),
    defineRoute({
      method: 'POST', url: '/auth/menus', summary: 'Add a menu, button or redirect (command admin.menu.add)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.menu.add', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/menus', summary: 'Edit a menu node (command admin.menu.edit; body carries id)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.menu.edit', body),
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/menus/:id', summary: 'Delete a menu node and its subtree (command admin.menu.delete)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      params: IdParams,
      handler: ({ params, auth, raw }) => run(raw, auth, 'admin.menu.delete', { id: params.id }),
    }),

    // ---- users
    defineRoute({
      method: 'GET', url: '/auth/users/page', summary: 'Users, paged (page, size, sort, username, employeeName, phone, email, status, createdAt range)',
      tags: ['admin'], envelope: 'second', auth: 'scoped', permission: ADMIN_PERMISSIONS.users,
      query: listQuerySchema(userList),
      handler: ({ query, auth }) => runList(db, userList, query, auth),
    }),
    defineRoute({
      method: 'GET', url: '/auth/users/list', summary: 'Active users in reach (pickers): id, username, employeeName',
      tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ auth }) => {
        // Pickers elsewhere (job-group members…) list colleagues: everyone sees their tenant's users.
        const reach = isAdmin(auth) ? undefined : sql`exists (select 1 from user_access ua where ua.user_id = app_user.id and ua.tenant_id = ${auth.tenantId})`
        return db.select({ id: appUser.id, username: appUser.username, employeeName: appUser.employeeName }).from(appUser)
          .where(and(eq(appUser.status, 1), reach)).orderBy(asc(appUser.username))
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/users/name/:name', summary: 'One user by username', tags: ['admin'], envelope: 'second', auth: 'scoped',
      permission: ADMIN_PERMISSIONS.users, params: z.object({ name: z.string().min(1).max(64) }),
      handler: async ({ params, auth }) => {
        const u = await userDetail(db, auth, sql`lower(${appUser.username}) = lower(${params.name})`)
        if (!u) throw notFound('commands:errors.userNotFound', 'name', { userId: params.name })
        return u
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/users/verificationCode', summary: 'E-mail a verification code to the signed-in user (mail outbox; command admin.user.verificationCode)',
      tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ auth, raw }) => run(raw, auth, 'admin.user.verificationCode', {}),
    }),
    defineRoute({
      method: 'GET', url: '/auth/users/:id', summary: 'One user with roles and warehouse-tenant pairs', tags: ['admin'], envelope: 'second', auth: 'scoped',
      permission: ADMIN_PERMISSIONS.users, params: IdParams,
      handler: async ({ params, auth }) => {
        const u = await userDetail(db, auth, eq(appUser.id, params.id))
        if (!u) throw notFound('commands:errors.userNotFound', 'id', { userId: params.id })
        return u
      },
    }),
    defineRoute({
      method: 'POST', url: '/auth/users', summary: 'Add a user (command admin.user.add)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.user.add', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/users', summary: 'Edit a user, their roles and pairs (command admin.user.edit; body carries id)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.user.edit', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/users/edit', summary: 'Edit my own profile (command admin.user.editProfile)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      handler: ({ body, auth, raw }) => run(raw, auth, 'admin.user.editProfile', body),
    }),
    defineRoute({
      method: 'PUT', url: '/auth/users/:id/reset', summary: 'Reset a user\'s password to a temporary one (command admin.user.resetPassword)',
      tags: ['admin'], envelope: 'second', auth: 'scoped', params: IdParams,
      handler: ({ params, auth, raw }) => run(raw, auth, 'admin.user.resetPassword', { userId: params.id }),
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/users/:id', summary: 'Delete a user permanently (command admin.user.delete)', tags: ['admin'], envelope: 'second', auth: 'scoped',
      params: IdParams,
      handler: ({ params, auth, raw }) => run(raw, auth, 'admin.user.delete', { id: params.id }),
    }),

    // ---- the console's own reads
    defineRoute({
      method: 'GET', url: '/api/admin/mail-outbox', summary: 'Mail outbox (verification codes …), newest first, in the reader\'s language',
      tags: ['admin'], envelope: 'main', auth: 'scoped',
      query: listQuerySchema(mailList),
      handler: async ({ query, auth, raw }) => {
        // Its own screen (system-manage → mail outbox), and still the user screen's managers.
        requireAny(auth, ADMIN_PERMISSIONS.mailOutbox, ADMIN_PERMISSIONS.users)
        const page = await runList(db, mailList, query, auth)
        return { ...page, records: page.records.map((m) => ({ ...m, ...readMail(raw.lang, m as never) })) }
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/admin/tenants/:id/pairs', summary: 'The warehouses a tenant operates in (warehouse-tenant pairs) and every warehouse',
      tags: ['admin'], envelope: 'main', auth: 'scoped', permission: ADMIN_PERMISSIONS.tenants, params: IdParams,
      handler: async ({ params }) => {
        const [t] = await db.select({ id: tenant.id, code: tenant.code, name: tenant.name }).from(tenant).where(eq(tenant.id, params.id))
        if (!t) throw notFound('admin:tenant.errors.notFound', 'id', { id: params.id })
        const pairs = await db.select({ warehouseId: warehouseTenant.warehouseId }).from(warehouseTenant).where(eq(warehouseTenant.tenantId, t.id))
        const warehouses = await db.select({ id: warehouse.id, code: warehouse.code, name: warehouse.name }).from(warehouse).orderBy(asc(warehouse.id))
        const used = pairs.length ? await db.selectDistinct({ w: userAccess.warehouseId }).from(userAccess)
          .where(and(eq(userAccess.tenantId, t.id), inArray(userAccess.warehouseId, pairs.map((p) => p.warehouseId)))) : []
        return { tenant: t, warehouseIds: pairs.map((p) => p.warehouseId).sort((a, b) => a - b), inUse: used.map((u) => u.w).sort((a, b) => a - b), warehouses }
      },
    }),
  ])
}

