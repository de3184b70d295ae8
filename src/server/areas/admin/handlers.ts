// Handlers of the administration commands in commands/admin-resources.ts: roles, role grants, the menu
// tree, users, a tenant's warehouse pairs and verification codes. Each runs inside the command
// endpoint's one transaction (with its audit row), re-checks every rule itself, and refuses with an
// AppError naming the field. The /auth/* routes (./index.ts) are thin wrappers over these.
import { createHash, randomInt } from 'node:crypto'
import { and, asc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm'
import { appUser, authSession, mailOutbox, menu, role, roleMenu, tenant, userAccess, userRole, verificationCode, warehouse, warehouseTenant } from '../../db/schema/index'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, forbidden, tooManyRequests } from '../../http/errors'
import { defineHandler } from '../../commands/registry'
import { hashPassword } from '../auth/passwords'
import { translate } from '../../i18n'
import { ADMIN_ROLE } from '../../../domain/permissions'
import { assertGrantable, assertMenusGrantable, assertPairsChangeable, assertRoleChangeable, isAdmin, managedUser } from './reach'
import {
  ADMIN_MENU_ID_START, VERIFICATION_CODE_INTERVAL_S, VERIFICATION_CODE_TTL_MIN, duplicatePairs,
  type IdArgs, type MenuEditArgs, type MenuInput, type ProfileEditArgs, type RoleEditArgs, type RoleGrantArgs, type RoleInput,
  type UserCreateArgs, type UserEditArgs, type WarehousePairInput,
} from '../../../domain/resources/admin/rules'
import type { TenantPairsArgs, VerificationCodeResult } from '../../../../commands/admin-resources'

export { isAdmin, managedUser }

const notFoundField = (field: string, key: string, params?: Record<string, unknown>) =>
  new AppError(404, key, params, [{ field, messageKey: key, params }])

// ---- roles -------------------------------------------------------------------------------------

async function roleById(tx: AppTx, id: number, field = 'id') {
  const [r] = await tx.select().from(role).where(eq(role.id, id)).for('update')
  if (!r) throw notFoundField(field, 'admin:role.errors.notFound', { id })
  return r
}

async function assertRoleCodeFree(tx: AppTx, code: string, exceptId?: number) {
  const rows = await tx.select({ id: role.id }).from(role)
    .where(and(sql`lower(${role.code}) = lower(${code})`, exceptId ? ne(role.id, exceptId) : undefined))
  if (rows.length) throw new AppError(409, 'admin:role.errors.codeExists', { code }, [{ field: 'code', messageKey: 'admin:role.errors.codeExists', params: { code } }])
}

defineHandler<RoleInput>('admin.role.add', async ({ tx, args, setSummary }) => {
  await assertRoleCodeFree(tx, args.code)
  const [r] = await tx.insert(role).values({
    code: args.code, name: args.name, dataScope: args.dataScope, remark: args.remark ?? null, status: args.status ?? 1,
  }).returning()
  setSummary(`added role ${r.code}`)
  return r
})

defineHandler<RoleEditArgs>('admin.role.edit', async ({ tx, args, auth, setSummary }) => {
  const r = await roleById(tx, args.id)
  if (r.code === ADMIN_ROLE) {
    // The built-in admin role is what every bypass checks by code: it keeps its code and stays active.
    if ((args.code !== undefined && args.code !== ADMIN_ROLE) || args.status === 0) throw fieldError('code', 'admin:role.errors.builtinAdmin')
    if (!isAdmin(auth)) throw forbidden('admin:role.errors.builtinAdmin')
  }
  await assertRoleChangeable(tx, auth, r.id)
  if (args.code !== undefined && args.code !== r.code) await assertRoleCodeFree(tx, args.code, r.id)
  const [u] = await tx.update(role).set({
    ...(args.code !== undefined ? { code: args.code } : {}),
    ...(args.name !== undefined ? { name: args.name } : {}),
    ...(args.dataScope !== undefined ? { dataScope: args.dataScope } : {}),
    ...(args.remark !== undefined ? { remark: args.remark ?? null } : {}),
    ...(args.status !== undefined ? { status: args.status } : {}),
    updatedAt: sql`now()`,
  }).where(eq(role.id, r.id)).returning()
  setSummary(`edited role ${u.code}`)
  return u
})

defineHandler<IdArgs>('admin.role.delete', async ({ tx, args, auth, setSummary }) => {
  const r = await roleById(tx, args.id)
  if (r.code === ADMIN_ROLE) throw fieldError('id', 'admin:role.errors.builtinAdmin')
  await assertRoleChangeable(tx, auth, r.id)
  const users = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(userRole).where(eq(userRole.roleId, r.id))
  // Grants and user assignments go with the role (ON DELETE CASCADE); the summary keeps the count.
  await tx.delete(role).where(eq(role.id, r.id))
  setSummary(`deleted role ${r.code} (${users[0]?.n ?? 0} users lose it)`)
  return { id: r.id, code: r.code, users: Number(users[0]?.n ?? 0) }
})

/** The ids plus every ancestor, so a granted screen is always reachable from the top of the tree. */
function withAncestors(ids: Iterable<number>, parentOf: Map<number, number | null>): Set<number> {
  const out = new Set<number>()
  for (const id of ids) {
    for (let x: number | null | undefined = id; x !== null && x !== undefined && !out.has(x); x = parentOf.get(x)) out.add(x)
  }
  return out
}

defineHandler<RoleGrantArgs>('admin.role.grant', async ({ tx, args, auth, setSummary }) => {
  const r = await roleById(tx, args.roleId, 'roleId')
  const rows = await tx.select({ id: menu.id, parentId: menu.parentId, authority: menu.authority }).from(menu)
  const byId = new Map(rows.map((m) => [m.id, m]))
  const unknown = [...new Set(args.menuIds)].filter((id) => !byId.has(id))
  if (unknown.length) throw fieldError('menuIds', 'admin:role.errors.unknownMenus', { ids: unknown.slice(0, 10).join(', ') })
  const ids = withAncestors(args.menuIds, new Map(rows.map((m) => [m.id, m.parentId])))
  // Nobody hands out more than they hold, nor changes a role held beyond their reach or by themselves.
  assertMenusGrantable(auth, [...ids].map((id) => byId.get(id)!.authority))
  await assertRoleChangeable(tx, auth, r.id)
  await tx.delete(roleMenu).where(eq(roleMenu.roleId, r.id))
  const values = [...ids].sort((a, b) => a - b).map((menuId) => ({ roleId: r.id, menuId }))
  for (let i = 0; i < values.length; i += 1000) await tx.insert(roleMenu).values(values.slice(i, i + 1000))
  const permissions = new Set([...ids].map((id) => byId.get(id)!.authority).filter(Boolean))
  setSummary(`granted role ${r.code} ${ids.size} menus (${permissions.size} permissions)`)
  return { roleId: r.id, menuIds: values.map((v) => v.menuId), permissions: permissions.size }
})

// ---- menus -------------------------------------------------------------------------------------

/**
 * The menu tree is the catalog of permission codes every role grant hands out: moving a node or changing
 * its authority changes what every holder of every role may do, in every tenant. Administrators only.
 */
function assertMenuEditor(auth: AuthContext) {
  if (!isAdmin(auth)) throw forbidden('admin:menu.errors.adminOnly')
}

type MenuRowFull = typeof menu.$inferSelect

async function menuById(tx: AppTx, id: number, field = 'id', key = 'admin:menu.errors.notFound'): Promise<MenuRowFull> {
  const [m] = await tx.select().from(menu).where(eq(menu.id, id)).for('update')
  if (!m) throw notFoundField(field, key, { id })
  return m
}

/** Spec section 5: "Cannot add child under button". */
async function checkParent(tx: AppTx, parentId: number | null | undefined, selfId?: number): Promise<MenuRowFull | null> {
  if (parentId === null || parentId === undefined) return null
  const [p] = await tx.select().from(menu).where(eq(menu.id, parentId))
  if (!p) throw fieldError('parentId', 'admin:menu.errors.parentNotFound', { id: parentId })
  if (p.type === 'B') throw fieldError('parentId', 'admin:menu.errors.buttonChild')
  if (selfId !== undefined) {
    // The new parent may not be the node itself nor one of its descendants (the tree would loop).
    const [loop] = await tx.execute(sql`
      WITH RECURSIVE up AS (SELECT id, parent_id FROM menu WHERE id = ${parentId}
        UNION ALL SELECT m.id, m.parent_id FROM menu m JOIN up ON m.id = up.parent_id)
      SELECT 1 AS hit FROM up WHERE id = ${selfId} LIMIT 1`).then((r) => ((r as { rows?: unknown[] }).rows ?? (r as unknown as unknown[])))
    if (loop) throw fieldError('parentId', 'admin:menu.errors.cycle')
  }
  return p
}

function menuValues(args: MenuInput, sort: number) {
  const authority = args.authority || (args.type === 'B' ? null : `menu:${args.name}`)
  const hidden = args.hidden ?? false
  return {
    parentId: args.parentId ?? null,
    type: args.type,
    // A button's code is its permission code; a screen's its route name.
    code: args.type === 'B' ? authority! : args.name,
    name: args.name,
    title: args.title,
    path: args.path ?? '',
    component: args.type === 'B' ? null : args.component ?? null,
    redirect: args.redirect ?? null,
    icon: args.icon ?? null,
    sort,
    hidden,
    authority,
    system: args.system ?? 'WMS',
    iframeUrl: args.iframeUrl ?? null,
  }
}

function menuMeta(v: ReturnType<typeof menuValues>, old: Record<string, unknown> = {}): Record<string, unknown> {
  const meta: Record<string, unknown> = { ...old, title: v.title }
  if (v.type !== 'B') { meta.hidden = v.hidden; meta.menu = v.type === 'M'; if (v.icon) meta.icon = v.icon; else delete meta.icon }
  if (v.iframeUrl) meta.iframeUrl = v.iframeUrl; else delete meta.iframeUrl
  return meta
}

defineHandler<MenuInput>('admin.menu.add', async ({ tx, args, auth, setSummary }) => {
  assertMenuEditor(auth)
  await checkParent(tx, args.parentId)
  let id = args.id
  if (id !== undefined) {
    const [taken] = await tx.select({ id: menu.id }).from(menu).where(eq(menu.id, id))
    if (taken) throw new AppError(409, 'admin:menu.errors.idExists', { id }, [{ field: 'id', messageKey: 'admin:menu.errors.idExists', params: { id } }])
  } else {
    const [m] = await tx.select({ v: max(menu.id) }).from(menu).where(sql`${menu.id} >= ${ADMIN_MENU_ID_START}`)
    id = Math.max(ADMIN_MENU_ID_START, Number(m?.v ?? 0) + 1)
  }
  let sort = args.sort
  if (sort === undefined) {
    const [s] = await tx.select({ v: max(menu.sort) }).from(menu)
      .where(args.parentId ? eq(menu.parentId, args.parentId) : isNull(menu.parentId))
    sort = Number(s?.v ?? 0) + 10
  }
  const v = menuValues(args, sort)
  const [row] = await tx.insert(menu).values({ id, ...v, meta: menuMeta(v) }).returning()
  setSummary(`added menu ${row.id} ${row.code} (${row.type})`)
  return row
})

defineHandler<MenuEditArgs>('admin.menu.edit', async ({ tx, args, auth, setSummary }) => {
  assertMenuEditor(auth)
  const old = await menuById(tx, args.id)
  await checkParent(tx, args.parentId, old.id)
  if (args.type === 'B' && old.type !== 'B') {
    const [child] = await tx.select({ id: menu.id }).from(menu).where(eq(menu.parentId, old.id)).limit(1)
    if (child) throw fieldError('type', 'admin:menu.errors.buttonHasChildren')
  }
  const v = menuValues(args, args.sort ?? old.sort)
  const [row] = await tx.update(menu).set({ ...v, meta: menuMeta(v, old.meta) }).where(eq(menu.id, old.id)).returning()
  setSummary(`edited menu ${row.id} ${row.code}`)
  return row
})

defineHandler<IdArgs>('admin.menu.delete', async ({ tx, args, auth, setSummary }) => {
  assertMenuEditor(auth)
  const m = await menuById(tx, args.id)
  const sub = await tx.execute(sql`
    WITH RECURSIVE down AS (SELECT id FROM menu WHERE id = ${m.id}
      UNION ALL SELECT c.id FROM menu c JOIN down ON c.parent_id = down.id)
    SELECT count(*)::int AS n FROM down`)
  const n = Number((((sub as { rows?: { n: number }[] }).rows ?? (sub as unknown as { n: number }[]))[0])?.n ?? 1)
  // Children and their grants go with it (ON DELETE CASCADE).
  await tx.delete(menu).where(eq(menu.id, m.id))
  setSummary(`deleted menu ${m.id} ${m.code} with ${n - 1} descendants`)
  return { id: m.id, deleted: n }
})

// ---- users -------------------------------------------------------------------------------------

/** Checks tenant, department, roles and pairs against the database and the caller's reach. */
async function checkAssignments(tx: AppTx, auth: AuthContext, a: { userId?: number; tenantId: number; deptId?: number | null; roleIds: number[]; pairs: WarehousePairInput[] }) {
  const [t] = await tx.select({ id: tenant.id }).from(tenant).where(eq(tenant.id, a.tenantId))
  if (!t) throw fieldError('tenantId', 'admin:user.errors.tenantNotFound', { id: a.tenantId })
  // The department must be a row of the department resource (FK app_user_dept_id_fkey, 0014): named here
  // instead of a bare foreign-key conflict.
  if (a.deptId != null) {
    const found = await tx.execute(sql`select 1 from department where id = ${a.deptId}`) as unknown
    const rows = Array.isArray(found) ? found : (found as { rows: unknown[] }).rows
    if (!rows.length) throw fieldError('deptId', 'resources:errors.refNotFound', { value: a.deptId })
  }
  const roleIds = [...new Set(a.roleIds)]
  if (roleIds.length) {
    const roles = await tx.select({ id: role.id, code: role.code }).from(role).where(inArray(role.id, roleIds))
    if (roles.length !== roleIds.length) {
      const found = new Set(roles.map((r) => r.id))
      throw fieldError('roleIds', 'admin:user.errors.roleNotFound', { ids: roleIds.filter((x) => !found.has(x)).join(', ') })
    }
  }
  const dup = duplicatePairs(a.pairs)
  if (dup.length) throw fieldError('pairs', 'admin:user.errors.pairDuplicate', { pair: `${dup[0].warehouseId}-${dup[0].tenantId}` })
  if (a.pairs.length) {
    const known = await tx.select({ w: warehouseTenant.warehouseId, t: warehouseTenant.tenantId }).from(warehouseTenant)
    const ok = new Set(known.map((k) => `${k.w}-${k.t}`))
    const bad = a.pairs.find((p) => !ok.has(`${p.warehouseId}-${p.tenantId}`))
    if (bad) throw fieldError('pairs', 'admin:user.errors.pairUnknown', { pair: `${bad.warehouseId}-${bad.tenantId}` })
  }
  // Reach, no administrator role, nothing beyond the caller's own, not their own grants (./reach.ts).
  await assertGrantable(tx, auth, { userId: a.userId, tenantId: a.tenantId, roleIds, pairs: a.pairs })
  return roleIds
}

async function writeAssignments(tx: AppTx, userId: number, roleIds: number[], pairs: WarehousePairInput[]) {
  await tx.delete(userRole).where(eq(userRole.userId, userId))
  if (roleIds.length) await tx.insert(userRole).values(roleIds.map((roleId) => ({ userId, roleId })))
  await tx.delete(userAccess).where(eq(userAccess.userId, userId))
  if (pairs.length) await tx.insert(userAccess).values(pairs.map((p, sort) => ({ userId, warehouseId: p.warehouseId, tenantId: p.tenantId, sort })))
}

async function assertUsernameFree(tx: AppTx, username: string) {
  const rows = await tx.select({ id: appUser.id }).from(appUser).where(sql`lower(${appUser.username}) = lower(${username})`)
  if (rows.length) throw new AppError(409, 'admin:user.errors.usernameExists', { username }, [{ field: 'username', messageKey: 'admin:user.errors.usernameExists', params: { username } }])
}

async function revokeSessions(tx: AppTx, userId: number, why: string) {
  const r = await tx.update(authSession).set({ revokedAt: sql`now()`, revokedWhy: why })
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt))).returning({ id: authSession.id })
  return r.length
}

defineHandler<UserCreateArgs>('admin.user.add', async ({ tx, args, auth, setSummary }) => {
  await assertUsernameFree(tx, args.username)
  const roleIds = await checkAssignments(tx, auth, args)
  // argon2id as at sign-in. The administrator chose this password, so the user must replace it.
  const passwordHash = await hashPassword(args.password)
  const [u] = await tx.insert(appUser).values({
    username: args.username, passwordHash, employeeName: args.employeeName, phone: args.phone, email: args.email ?? null,
    tenantId: args.tenantId, deptId: args.deptId ?? null, status: args.status ?? 1, weakPassword: true,
  }).returning({ id: appUser.id, username: appUser.username })
  await writeAssignments(tx, u.id, roleIds, args.pairs)
  setSummary(`added user ${u.username}`)
  return { id: u.id, username: u.username }
})

defineHandler<UserEditArgs>('admin.user.edit', async ({ tx, args, auth, setSummary }) => {
  const u = await managedUser(tx, auth, args.id)
  if (u.id === auth.userId && args.status === 0) throw fieldError('status', 'commands:errors.notYourself')
  const roleIds = await checkAssignments(tx, auth, { ...args, userId: u.id })
  await tx.update(appUser).set({
    employeeName: args.employeeName, phone: args.phone, email: args.email ?? null, tenantId: args.tenantId,
    deptId: args.deptId ?? null, ...(args.status !== undefined ? { status: args.status } : {}), updatedAt: sql`now()`,
  }).where(eq(appUser.id, u.id))
  await writeAssignments(tx, u.id, roleIds, args.pairs)
  // A disabled user is signed out at once (authenticate() also refuses status ≠ 1).
  const revoked = args.status === 0 ? await revokeSessions(tx, u.id, 'disabled') : 0
  setSummary(`edited user ${u.username}${revoked ? ` (disabled, ${revoked} sessions ended)` : ''}`)
  return { id: u.id, username: u.username }
})

defineHandler<IdArgs>('admin.user.delete', async ({ tx, args, auth, setSummary }) => {
  const u = await managedUser(tx, auth, args.id, { self: 'refuse' })
  // Permanent (spec section 6): sessions, roles, pairs, settings, codes go with the row (ON DELETE
  // CASCADE); audit rows keep the username they were written with.
  await tx.delete(appUser).where(eq(appUser.id, u.id))
  setSummary(`permanently deleted user ${u.username}`)
  return { id: u.id, username: u.username }
})

defineHandler<ProfileEditArgs>('admin.user.editProfile', async ({ tx, args, auth, setSummary }) => {
  const set: Partial<typeof appUser.$inferInsert> = {}
  if (args.employeeName !== undefined) set.employeeName = args.employeeName
  if (args.phone !== undefined) set.phone = args.phone
  if (args.email !== undefined) set.email = args.email ?? null
  if (args.avatar !== undefined) set.avatar = args.avatar ?? null
  if (args.introduction !== undefined) set.introduction = args.introduction ?? null
  const [u] = await tx.update(appUser).set({ ...set, updatedAt: sql`now()` }).where(eq(appUser.id, auth.userId))
    .returning({ id: appUser.id, username: appUser.username, employeeName: appUser.employeeName, phone: appUser.phone, email: appUser.email, avatar: appUser.avatar, introduction: appUser.introduction })
  setSummary(`edited own profile (${Object.keys(set).join(', ') || 'nothing'})`)
  return u
})

const hashCode = (userId: number, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex')

/** Spec section 5/9: a verification code by e-mail, to the signed-in user's bound address. */
defineHandler<Record<string, never>>('admin.user.verificationCode', async ({ tx, auth, setSummary }): Promise<VerificationCodeResult> => {
  const [u] = await tx.select({ id: appUser.id, email: appUser.email, username: appUser.username }).from(appUser).where(eq(appUser.id, auth.userId)).for('update')
  if (!u?.email) throw fieldError('email', 'admin:user.errors.bindEmail')
  const [last] = await tx.select({ ageS: sql<number>`extract(epoch from now() - ${verificationCode.createdAt})::float8` })
    .from(verificationCode).where(eq(verificationCode.userId, u.id))
  if (last && Number(last.ageS) < VERIFICATION_CODE_INTERVAL_S) {
    throw tooManyRequests('admin:user.errors.codeTooSoon', { retryAfter: Math.ceil(VERIFICATION_CODE_INTERVAL_S - Number(last.ageS)) })
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const expires = sql`now() + ${sql.raw(`interval '${VERIFICATION_CODE_TTL_MIN} minutes'`)}`
  await tx.insert(verificationCode).values({ userId: u.id, codeHash: hashCode(u.id, code), expiresAt: expires as never, createdAt: sql`now()` as never })
    .onConflictDoUpdate({ target: verificationCode.userId, set: { codeHash: hashCode(u.id, code), expiresAt: expires as never, createdAt: sql`now()` as never } })
  const params = { username: u.username, code, minutes: VERIFICATION_CODE_TTL_MIN }
  // Stored rendered in the fallback language (what a mail relay would send) and as key + params.
  await tx.insert(mailOutbox).values({
    toAddress: u.email, purpose: 'verificationCode', params, userId: u.id, createdBy: auth.userId,
    subject: translate('en', 'admin:mail.verificationCode.subject', params), body: translate('en', 'admin:mail.verificationCode.body', params),
  })
  setSummary(`sent a verification code to ${u.email}`)
  return { email: u.email, expiresInMinutes: VERIFICATION_CODE_TTL_MIN }
})

/** Whether a code is the live one of the user (for flows that ask for it). Consumes it when it is. */
export async function consumeVerificationCode(tx: AppTx, userId: number, code: string): Promise<boolean> {
  const r = await tx.delete(verificationCode).where(and(
    eq(verificationCode.userId, userId), eq(verificationCode.codeHash, hashCode(userId, code)), sql`${verificationCode.expiresAt} > now()`,
  )).returning({ userId: verificationCode.userId })
  return r.length === 1
}

// ---- tenants: warehouse pairs -----------------------------------------------------------------

defineHandler<TenantPairsArgs>('admin.tenant.pairs', async ({ tx, args, auth, setSummary }) => {
  const [t] = await tx.select().from(tenant).where(eq(tenant.id, args.tenantId)).for('update')
  if (!t) throw notFoundField('tenantId', 'admin:tenant.errors.notFound', { id: args.tenantId })
  const wanted = [...new Set(args.warehouseIds)]
  if (wanted.length) {
    const found = await tx.select({ id: warehouse.id }).from(warehouse).where(inArray(warehouse.id, wanted))
    const ok = new Set(found.map((w) => w.id))
    const bad = wanted.filter((w) => !ok.has(w))
    if (bad.length) throw fieldError('warehouseIds', 'admin:tenant.errors.warehouseNotFound', { ids: bad.join(', ') })
  }
  const current = (await tx.select({ w: warehouseTenant.warehouseId }).from(warehouseTenant).where(eq(warehouseTenant.tenantId, t.id))).map((r) => r.w)
  const removed = current.filter((w) => !wanted.includes(w))
  const added = wanted.filter((w) => !current.includes(w))
  await assertPairsChangeable(tx, auth, t.id, [...added, ...removed].map((warehouseId) => ({ warehouseId, tenantId: t.id })))
  if (removed.length) {
    // A pair some user still works in cannot go: their access would dangle (and the FK refuses it).
    const used = await tx.selectDistinct({ w: userAccess.warehouseId }).from(userAccess)
      .where(and(eq(userAccess.tenantId, t.id), inArray(userAccess.warehouseId, removed))).orderBy(asc(userAccess.warehouseId))
    if (used.length) throw conflict('admin:tenant.errors.pairInUse', { pairs: used.map((u) => `${u.w}-${t.id}`).join(', ') })
    await tx.delete(warehouseTenant).where(and(eq(warehouseTenant.tenantId, t.id), inArray(warehouseTenant.warehouseId, removed)))
  }
  if (added.length) await tx.insert(warehouseTenant).values(added.map((warehouseId) => ({ warehouseId, tenantId: t.id })))
  setSummary(`tenant ${t.code}: +${added.length} -${removed.length} warehouse pairs`)
  return { tenantId: t.id, warehouseIds: wanted.sort((a, b) => a - b), added, removed }
})
