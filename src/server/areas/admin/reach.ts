// Who may act on whom, and who may grant what (issue 10). One place for every path that acts on a user
// (edit, reset password, force offline, delete, status) or changes roles, role grants or
// warehouse-tenant pairs:
// - an administrator acts on anyone and grants anything;
// - any other manager acts only on a user they *manage*: not an administrator, home tenant among the
//   manager's tenants, every warehouse-tenant pair among the manager's own pairs, and no permission
//   the manager does not hold. Anyone else answers 404 like an unknown id (who is behind an id of
//   another scope does not leak);
// - nobody grants what they do not hold (permissions of the roles assigned, pairs), and nobody but an
//   administrator changes their own grants (their roles, their pairs, a role they hold).
// Every tenant a change reaches is noted for the audit (../../commands/affected-tenants.ts).
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { appUser, menu, role, roleMenu, userAccess, userRole } from '../../db/schema/index'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, badRequest, fieldError, forbidden } from '../../http/errors'
import { ADMIN_ROLE } from '../../../domain/permissions'
import { noteAffectedTenants } from '../../commands/affected-tenants'
import { rowsOf } from '../../db/rows'

export const isAdmin = (auth: Pick<AuthContext, 'roles'>) => auth.roles.includes(ADMIN_ROLE)

export interface Pair { warehouseId: number; tenantId: number }
const pairKey = (p: Pair) => `${p.warehouseId}-${p.tenantId}`

/** The caller's own warehouse-tenant pairs and their tenants (what "in reach" means). */
export async function reachOf(q: Queryable, auth: Pick<AuthContext, 'userId'>) {
  const rows = await q.select({ warehouseId: userAccess.warehouseId, tenantId: userAccess.tenantId }).from(userAccess).where(eq(userAccess.userId, auth.userId))
  return { pairs: new Set(rows.map(pairKey)), tenants: new Set(rows.map((r) => r.tenantId)) }
}

/** Permission codes of an active role of the actor (the same set as AuthContext.permissions), as SQL. */
const actorPermissions = (actorId: number) => sql`
  select m.authority from user_role aur join role ar on ar.id = aur.role_id and ar.status = 1
    join role_menu arm on arm.role_id = aur.role_id join menu m on m.id = arm.menu_id
  where aur.user_id = ${actorId} and m.authority is not null and m.authority <> ''`

/**
 * SQL condition: the user row under `alias` is one the actor manages (see the header). The user list
 * answers it as `manageable`, the actions refuse everyone else.
 */
export function manageableBy(auth: Pick<AuthContext, 'userId' | 'roles'>, alias = 'app_user'): SQL {
  if (isAdmin(auth)) return sql`true`
  const u = sql.identifier(alias)
  return sql`(
    not exists (select 1 from user_role xr join role r on r.id = xr.role_id where xr.user_id = ${u}.id and r.code = ${ADMIN_ROLE})
    and ${u}.tenant_id in (select mine.tenant_id from user_access mine where mine.user_id = ${auth.userId})
    and not exists (select 1 from user_access ua where ua.user_id = ${u}.id and not exists (
      select 1 from user_access mine where mine.user_id = ${auth.userId} and mine.warehouse_id = ua.warehouse_id and mine.tenant_id = ua.tenant_id))
    and not exists (select 1 from user_role xr join role_menu rm on rm.role_id = xr.role_id join menu m on m.id = rm.menu_id
      where xr.user_id = ${u}.id and m.authority is not null and m.authority <> '' and m.authority not in (${actorPermissions(auth.userId)})))`
}

/** Tenants a user works in or belongs to. */
async function tenantsOfUsers(q: Queryable, userIds: SQL): Promise<number[]> {
  const rows = rowsOf(await q.execute(sql`
    select tenant_id as t from app_user where id in (${userIds}) and tenant_id is not null
    union select tenant_id from user_access where user_id in (${userIds})`))
  return rows.map((r) => Number(r.t))
}

/**
 * The target of a user action, locked, if the caller manages them (else 404 like an unknown id).
 * `self: 'refuse'` for actions nobody does to their own account (reset, force offline, delete).
 */
export async function managedUser(tx: AppTx, auth: AuthContext, id: number, opts: { field?: string; self?: 'refuse' | 'allow' } = {}) {
  const field = opts.field ?? 'id'
  const rows = await tx.select().from(appUser).where(and(eq(appUser.id, id), manageableBy(auth))).for('update')
  const user = rows[0]
  if (!user) throw new AppError(404, 'commands:errors.userNotFound', { userId: id }, [{ field, messageKey: 'commands:errors.userNotFound', params: { userId: id } }])
  if (opts.self === 'refuse' && user.id === auth.userId) throw badRequest('commands:errors.notYourself', undefined, [{ field, messageKey: 'commands:errors.notYourself' }])
  noteAffectedTenants(tx, await tenantsOfUsers(tx, sql`${user.id}`))
  return user
}

/** The permission codes among `authorities` the caller does not hold (none for an administrator). */
export function beyondOwn(auth: Pick<AuthContext, 'roles' | 'permissions'>, authorities: Iterable<string | null | undefined>): string[] {
  if (isAdmin(auth)) return []
  return [...new Set([...authorities].filter((a): a is string => !!a && !auth.permissions.has(a)))]
}

const refuseBeyondOwn = (beyond: string[]) => forbidden('admin:role.errors.grantBeyondOwn', { permissions: beyond.slice(0, 5).join(', ') })

/**
 * The one check of every path that assigns roles or pairs to a user (add, edit): the home tenant and
 * every pair in the caller's reach, no administrator role, no permission beyond the caller's own, and
 * the caller's own roles and pairs unchanged unless administrator. Roles and pairs must exist already
 * (checked by the caller, who names the field).
 */
export async function assertGrantable(tx: AppTx, auth: AuthContext, a: { userId?: number; tenantId: number; roleIds: number[]; pairs: Pair[] }) {
  const tenants = [a.tenantId, ...a.pairs.map((p) => p.tenantId)]
  noteAffectedTenants(tx, tenants)
  if (isAdmin(auth)) return
  const reach = await reachOf(tx, auth)
  if (!reach.tenants.has(a.tenantId)) throw fieldError('tenantId', 'admin:user.errors.outOfReach')
  if (a.roleIds.length) {
    const roles = await tx.select({ code: role.code }).from(role).where(inArray(role.id, a.roleIds))
    if (roles.some((r) => r.code === ADMIN_ROLE)) throw forbidden('admin:user.errors.adminRoleReserved')
    const granted = await tx.selectDistinct({ a: menu.authority }).from(roleMenu).innerJoin(menu, eq(menu.id, roleMenu.menuId)).where(inArray(roleMenu.roleId, a.roleIds))
    const beyond = beyondOwn(auth, granted.map((g) => g.a))
    if (beyond.length) throw refuseBeyondOwn(beyond)
  }
  const outside = a.pairs.find((p) => !reach.pairs.has(pairKey(p)))
  if (outside) throw fieldError('pairs', 'admin:user.errors.outOfReach', { pair: pairKey(outside) })
  if (a.userId === auth.userId) {
    const ownRoles = (await tx.select({ id: userRole.roleId }).from(userRole).where(eq(userRole.userId, auth.userId))).map((r) => r.id)
    const same = (x: Iterable<number | string>, y: Iterable<number | string>) => {
      const sx = new Set(x); const sy = new Set(y)
      return sx.size === sy.size && [...sx].every((v) => sy.has(v))
    }
    if (!same(ownRoles, a.roleIds) || !same(reach.pairs, a.pairs.map(pairKey))) throw forbidden('admin:user.errors.ownGrants')
  }
}

/** Permission codes a role grants (the union a grant of the role hands out). */
export async function permissionsOfMenus(tx: AppTx, menuIds: number[]) {
  if (!menuIds.length) return []
  return (await tx.selectDistinct({ a: menu.authority }).from(menu).where(inArray(menu.id, menuIds))).map((m) => m.a)
}

/** A grant of menus to a role: nothing beyond the caller's own permissions. */
export function assertMenusGrantable(auth: AuthContext, authorities: (string | null)[]) {
  const beyond = beyondOwn(auth, authorities)
  if (beyond.length) throw refuseBeyondOwn(beyond)
}

/**
 * Roles are global: a change to one (edit, delete, grants) reaches every user who holds it, in every
 * tenant. Administrators change any; another manager only a role they do not hold themselves and whose
 * every holder is a user they manage. Every tenant of its holders is noted for the audit.
 */
export async function assertRoleChangeable(tx: AppTx, auth: AuthContext, roleId: number) {
  const holders = sql`select user_id from user_role where role_id = ${roleId}`
  noteAffectedTenants(tx, await tenantsOfUsers(tx, holders))
  if (isAdmin(auth)) return
  const [own] = await tx.select({ id: userRole.userId }).from(userRole).where(and(eq(userRole.roleId, roleId), eq(userRole.userId, auth.userId)))
  if (own) throw forbidden('admin:role.errors.ownRole')
  const outside = rowsOf(await tx.execute(sql`select 1 as x from app_user where id in (${holders}) and not ${manageableBy(auth)} limit 1`))
  if (outside.length) throw forbidden('admin:role.errors.outOfReach')
}

/**
 * A tenant's warehouse pairs: the tenant in the caller's reach and every pair added or removed among
 * the caller's own pairs (nobody hands a tenant a warehouse they do not work in themselves).
 */
export async function assertPairsChangeable(tx: AppTx, auth: AuthContext, tenantId: number, changed: Pair[]) {
  noteAffectedTenants(tx, [tenantId])
  if (isAdmin(auth)) return
  const reach = await reachOf(tx, auth)
  const outside = changed.find((p) => !reach.pairs.has(pairKey(p)))
  if (!reach.tenants.has(tenantId) || outside) throw forbidden('admin:tenant.errors.outOfReach', { pair: outside ? pairKey(outside) : `-${tenantId}` })
}
