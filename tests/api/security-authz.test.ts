// Issue 10, the authorization holes, replayed as the attacker did them (the role, the request) against a
// real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), each refusal asserted and nothing
// written:
// 1. a user manager who is not admin resets the admin's password (or that of a user who also works in
//    another tenant, or holds more permissions) → 404 like an unknown id, nothing revealed or changed;
// 2. a holder of the user-edit permission gives themselves more roles → refused; nobody grants what they
//    do not hold, nobody changes their own grants, on every path (user add/edit, role grant, tenant pairs);
// 3. DELETE /auth/offline/:id goes through the same managed-user rule as the command;
// 4. roles and global master data used by tenants beyond the manager's reach are refused; the audit row
//    of an allowed change lands in every tenant it reaches.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, signIn, client, DEMO_PASSWORD, type ApiClient } from '../helpers/api'
import { commandRegistry } from '../../commands/index'

const PASSWORD = 'Start#2026x'
let t: TestApp
let admin: ApiClient
let mgr: ApiClient
const ids: Record<string, number> = {}
const roles: Record<string, number> = {}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
const call = (as: ApiClient, method: Method, url: string, payload?: unknown) =>
  t.app.inject({ method, url, payload: payload as object, headers: as.headers })
const body = (r: LightMyRequestResponse) => r.json() as { code?: number; msg?: string; messageKey?: string; responseCode?: string; responseDesc?: string; data?: any; errors?: { field: string; messageKey: string }[] }

function ok(r: LightMyRequestResponse) {
  expect(r.statusCode, r.body).toBe(200)
  return body(r).data
}
function refused(r: LightMyRequestResponse, status: number, messageKey: string, field?: string) {
  expect(r.statusCode, r.body).toBe(status)
  const b = body(r)
  expect([b.messageKey, ...(b.errors ?? []).map((e) => e.messageKey)], r.body).toContain(messageKey)
  if (field) expect(b.errors?.map((e) => e.field)).toContain(field)
  return b
}

const q = async <T>(text: string, params: unknown[] = []) => t.database.query<T>(text, params)
const passwordHash = async (id: number) => (await q<{ h: string }>('select password_hash as h from app_user where id = $1', [id]))[0].h

async function newUser(name: string, tenantId: number, roleIds: number[], pairs: [number, number][]) {
  const username = `${name}${randomUUID().slice(0, 6)}`
  const created = ok(await call(admin, 'POST', '/auth/users', {
    username, password: PASSWORD, employeeName: name, phone: '+52 33 1234 5678', email: `${username}@stride-thread.example`,
    tenantId, roleIds, pairs: pairs.map(([warehouseId, tenant]) => ({ warehouseId, tenantId: tenant })),
  }))
  // Setup only: the password the administrator chose counts as changed (the weak-password gate is not what is tested).
  await q('update app_user set weak_password = false where id = $1', [created.id])
  ids[name] = created.id
  return { id: created.id as number, username }
}

const users: Record<string, { id: number; username: string }> = {}
const as = async (name: string, pair: { tenantId: number; warehouseId: number } = { tenantId: 1, warehouseId: 26 }) =>
  client(t, await signIn(t, users[name].username, PASSWORD), users[name].username, pair)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  ids.admin = (await q<{ id: number }>("select id from app_user where username = 'admin'"))[0].id
  const tree = ok(await call(admin, 'GET', '/auth/menus/tree')) as { id: number; authority: string | null; children: unknown[] }[]
  const byAuthority = new Map<string, number>()
  const walk = (nodes: typeof tree) => { for (const n of nodes) { if (n.authority) byAuthority.set(n.authority, n.id); walk(n.children as typeof tree) } }
  walk(tree)
  const menusOf = (codes: string[]) => codes.map((c) => {
    const id = byAuthority.get(c)
    if (id === undefined) throw new Error(`no menu node grants ${c}`)
    return id
  })
  const perm = (id: string) => commandRegistry.get(id)!.permission
  const addRole = async (code: string, codes: string[]) => {
    const r = ok(await call(admin, 'POST', '/auth/roles', { code, name: code, dataScope: 3 }))
    ok(await call(admin, 'PUT', `/auth/roles/granted?roleId=${r.id}`, menusOf(codes)))
    roles[code] = r.id
  }
  // The attacker's role: a user, role, tenant and master-data manager — everything but admin.
  await addRole('usermgr', [
    'menu:rights-user', ...['add', 'edit', 'delete', 'resetPassword', 'forceOffline'].map((a) => perm(`admin.user.${a}`)),
    'menu:rights-role', ...['add', 'edit', 'delete', 'grant'].map((a) => perm(`admin.role.${a}`)),
    'menu:rights-menu', perm('admin.menu.delete'), 'menu:tenant', perm('admin.tenant.pairs'),
    ...['warehouse', 'company', 'shop'].flatMap((r) => ['edit', 'status', 'add'].map((a) => perm(`resource.${r}.${a}`))),
  ])
  await addRole('subset', ['menu:rights-user'])
  await addRole('helper', ['menu:rights-user'])
  roles.supervisor = (await q<{ id: number }>("select id from role where code = 'supervisor'"))[0].id
  roles.admin = (await q<{ id: number }>("select id from role where code = 'admin'"))[0].id

  users.mgr = await newUser('mgr', 1, [roles.usermgr], [[26, 1], [168, 1]])
  users.local = await newUser('local', 1, [roles.subset], [[26, 1]])
  users.shared = await newUser('shared', 1, [roles.subset], [[26, 1], [31, 2]])
  users.bigger = await newUser('bigger', 1, [roles.supervisor], [[26, 1]])
  users.helperHolder = await newUser('helperHolder', 2, [roles.helper], [[31, 2]])
  mgr = await as('mgr')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('1. a user manager acts only on users they manage', () => {
  it('cannot reset the password of the admin, of a user who also works in another tenant, or of one holding more permissions: 404 like an unknown id', async () => {
    const unknown = refused(await call(mgr, 'PUT', '/auth/users/999999/reset'), 404, 'commands:errors.userNotFound')
    const targets: [string, number][] = [['admin', ids.admin], ['shared', ids.shared], ['bigger', ids.bigger], ['helperHolder', ids.helperHolder]]
    for (const [name, id] of targets) {
      const before = await passwordHash(id)
      const r = await call(mgr, 'PUT', `/auth/users/${id}/reset`)
      const b = refused(r, 404, 'commands:errors.userNotFound')
      // Nothing tells an out-of-reach user from an unknown id: same message, no username, no password.
      expect(b.msg).toBe(unknown.msg)
      expect(r.body).not.toContain(name === 'admin' ? '"admin"' : users[name].username)
      expect(r.body).not.toMatch(/temporaryPassword/)
      refused(await mgr.cmd('admin.user.resetPassword', { userId: id }), 404, 'commands:errors.userNotFound')
      expect(await passwordHash(id)).toBe(before)
    }
    // The admin still signs in with their own password.
    expect(await signIn(t, 'admin', DEMO_PASSWORD)).toBeTruthy()
    // Not their own either; a user they manage, yes — the control.
    refused(await call(mgr, 'PUT', `/auth/users/${ids.mgr}/reset`), 400, 'commands:errors.notYourself')
    const reset = ok(await call(mgr, 'PUT', `/auth/users/${ids.local}/reset`))
    expect(reset).toMatchObject({ userId: ids.local, username: users.local.username })
    expect(await signIn(t, users.local.username, reset.temporaryPassword)).toBeTruthy()
    await q('update app_user set password_hash = (select password_hash from app_user where id = $1), weak_password = false where id = $2', [ids.mgr, ids.local])
  })

  it('cannot edit, disable or delete them either (same 404); nothing is written', async () => {
    const edit = (id: number, over: Record<string, unknown> = {}) => call(mgr, 'PUT', '/auth/users', {
      id, employeeName: 'Taken Over', phone: '+52 33 1234 5678', email: '', tenantId: 1, roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }], ...over,
    })
    for (const id of [ids.admin, ids.shared, ids.bigger]) {
      refused(await edit(id), 404, 'commands:errors.userNotFound', 'id')
      refused(await edit(id, { status: 0 }), 404, 'commands:errors.userNotFound', 'id')
      refused(await call(mgr, 'DELETE', `/auth/users/${id}`), 404, 'commands:errors.userNotFound', 'id')
    }
    expect((await q<{ n: number }>("select count(*)::int as n from app_user where employee_name = 'Taken Over'"))[0].n).toBe(0)
    expect((await q<{ n: number }>('select count(*)::int as n from app_user where id = any($1::int[]) and status = 1', [[ids.admin, ids.shared, ids.bigger]]))[0].n).toBe(3)
  })
})

describe('2. nobody grants what they do not hold, nobody changes their own grants', () => {
  const edit = (id: number, over: Record<string, unknown>) => call(mgr, 'PUT', '/auth/users', {
    id, employeeName: 'Mia Manager', phone: '+52 33 1234 5678', email: '', tenantId: 1, ...over,
  })
  const own = { roleIds: () => [roles.usermgr], pairs: [{ warehouseId: 26, tenantId: 1 }, { warehouseId: 168, tenantId: 1 }] }

  it('user edit: no self-promotion (more permissions, another role, other pairs); a profile change of oneself passes', async () => {
    const permsBefore = ok(await mgr.get('/api/session/whoami')).permissions.length
    refused(await edit(ids.mgr, { roleIds: [roles.usermgr, roles.supervisor], pairs: own.pairs }), 403, 'admin:role.errors.grantBeyondOwn')
    refused(await edit(ids.mgr, { roleIds: [roles.usermgr, roles.admin], pairs: own.pairs }), 403, 'admin:user.errors.adminRoleReserved')
    // A role within their own permissions is still a change of their own grants.
    refused(await edit(ids.mgr, { roleIds: [roles.usermgr, roles.subset], pairs: own.pairs }), 403, 'admin:user.errors.ownGrants')
    refused(await edit(ids.mgr, { roleIds: own.roleIds(), pairs: [{ warehouseId: 26, tenantId: 1 }] }), 403, 'admin:user.errors.ownGrants')
    refused(await edit(ids.mgr, { roleIds: own.roleIds(), pairs: [...own.pairs, { warehouseId: 31, tenantId: 2 }] }), 400, 'admin:user.errors.outOfReach', 'pairs')
    expect(ok(await mgr.get('/api/session/whoami')).permissions).toHaveLength(permsBefore)
    expect((await q('select role_id from user_role where user_id = $1', [ids.mgr])).length).toBe(1)
    ok(await edit(ids.mgr, { roleIds: own.roleIds(), pairs: own.pairs, employeeName: 'Mia Renamed' }))
  })

  it('user add and edit of others: only roles within their own permissions and pairs within their own', async () => {
    const input = (over: Record<string, unknown>) => ({
      username: `x${randomUUID().slice(0, 8)}`, password: PASSWORD, employeeName: 'X', phone: '+52 33 1234 5678', tenantId: 1,
      roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }], ...over,
    })
    const count = async () => (await q<{ n: number }>('select count(*)::int as n from app_user'))[0].n
    const n = await count()
    refused(await call(mgr, 'POST', '/auth/users', input({ roleIds: [roles.supervisor] })), 403, 'admin:role.errors.grantBeyondOwn')
    refused(await call(mgr, 'POST', '/auth/users', input({ pairs: [{ warehouseId: 31, tenantId: 2 }] })), 400, 'admin:user.errors.outOfReach', 'pairs')
    refused(await call(mgr, 'POST', '/auth/users', input({ tenantId: 2, pairs: [] })), 400, 'admin:user.errors.outOfReach', 'tenantId')
    expect(await count()).toBe(n)
    refused(await edit(ids.local, { employeeName: 'Local', roleIds: [roles.supervisor], pairs: [{ warehouseId: 26, tenantId: 1 }] }), 403, 'admin:role.errors.grantBeyondOwn')
    refused(await edit(ids.local, { employeeName: 'Local', roleIds: [roles.subset], pairs: [{ warehouseId: 201, tenantId: 1 }] }), 400, 'admin:user.errors.outOfReach', 'pairs')
    // The role picker offers what the server accepts.
    const picker = ok(await call(mgr, 'GET', '/auth/roles/list')) as { id: number; grantable: boolean }[]
    const grantable = (id: number) => picker.find((r) => r.id === id)!.grantable
    expect([roles.admin, roles.supervisor, roles.subset, roles.usermgr].map(grantable)).toEqual([false, false, true, true])
    expect((ok(await call(admin, 'GET', '/auth/roles/list')) as { grantable: boolean }[]).every((r) => r.grantable)).toBe(true)
    // Within their own: allowed.
    const created = ok(await call(mgr, 'POST', '/auth/users', input({ roleIds: [roles.subset], pairs: [{ warehouseId: 168, tenantId: 1 }] })))
    expect(created.id).toBeGreaterThan(0)
  })

  it('role grants: not their own role, not a role held beyond their reach, nothing beyond their permissions', async () => {
    const grants = async (roleId: number) => (await q<{ m: number }>('select menu_id as m from role_menu where role_id = $1 order by 1', [roleId])).map((r) => r.m)
    const mine = await grants(roles.usermgr)
    refused(await call(mgr, 'PUT', `/auth/roles/granted?roleId=${roles.usermgr}`, mine), 403, 'admin:role.errors.ownRole')
    refused(await call(mgr, 'PUT', '/auth/roles', { id: roles.usermgr, name: 'mine' }), 403, 'admin:role.errors.ownRole')
    // 'helper' is held by a user of tenant 2 only: the manager (tenant 1) changes it for nobody.
    const helper = await grants(roles.helper)
    refused(await call(mgr, 'PUT', `/auth/roles/granted?roleId=${roles.helper}`, helper), 403, 'admin:role.errors.outOfReach')
    refused(await call(mgr, 'PUT', '/auth/roles', { id: roles.helper, name: 'renamed', status: 0 }), 403, 'admin:role.errors.outOfReach')
    refused(await call(mgr, 'DELETE', `/auth/roles/${roles.helper}`), 403, 'admin:role.errors.outOfReach')
    refused(await call(mgr, 'PUT', `/auth/roles/granted?roleId=${roles.supervisor}`, []), 403, 'admin:role.errors.outOfReach')
    expect(await grants(roles.helper)).toEqual(helper)
    expect((await q<{ name: string; status: number }>('select name, status from role where id = $1', [roles.helper]))[0]).toEqual({ name: 'helper', status: 1 })
    // A new role nobody holds: granted within their own permissions, never beyond.
    const fresh = ok(await call(mgr, 'POST', '/auth/roles', { code: `fresh${randomUUID().slice(0, 4)}`, name: 'Fresh', dataScope: 3 }))
    ok(await call(mgr, 'PUT', `/auth/roles/granted?roleId=${fresh.id}`, mine.slice(0, 3)))
    const supervisorMenus = await grants(roles.supervisor)
    refused(await call(mgr, 'PUT', `/auth/roles/granted?roleId=${fresh.id}`, supervisorMenus), 403, 'admin:role.errors.grantBeyondOwn')
  })

  it("tenant pairs: no warehouse they do not work in, no other tenant; the menu tree is the administrator's", async () => {
    refused(await mgr.cmd('admin.tenant.pairs', { tenantId: 1, warehouseIds: [26, 168, 201, 31] }), 403, 'admin:tenant.errors.outOfReach')
    refused(await mgr.cmd('admin.tenant.pairs', { tenantId: 2, warehouseIds: [26, 31, 168] }), 403, 'admin:tenant.errors.outOfReach')
    expect((await q('select 1 from warehouse_tenant where (warehouse_id, tenant_id) in ((31, 1), (168, 2))')).length).toBe(0)
    const node = (await q<{ id: number }>("select id from menu where authority = 'menu:rights-menu'"))[0].id
    refused(await call(mgr, 'DELETE', `/auth/menus/${node}`), 403, 'admin:menu.errors.adminOnly')
    expect((await q('select 1 from menu where id = $1', [node])).length).toBe(1)
  })
})

describe('3. DELETE /auth/offline/:id goes through the managed-user rule', () => {
  it('404 like an unknown id for the admin and a user who also works in another tenant; their sessions live on', async () => {
    const adminSession = await apiAs(t, 'admin')
    const sharedSession = await as('shared')
    const unknown = refused(await call(mgr, 'DELETE', '/auth/offline/999999'), 404, 'commands:errors.userNotFound')
    for (const [id, name] of [[ids.admin, '"admin"'], [ids.shared, users.shared.username], [ids.helperHolder, users.helperHolder.username]] as const) {
      const r = await call(mgr, 'DELETE', `/auth/offline/${id}`)
      expect(refused(r, 404, 'commands:errors.userNotFound').msg).toBe(unknown.msg)
      expect(r.body).not.toContain(name)
      refused(await mgr.cmd('admin.user.forceOffline', { userId: id }), 404, 'commands:errors.userNotFound')
    }
    expect((await adminSession.get('/api/session/whoami')).statusCode).toBe(200)
    expect((await sharedSession.get('/api/session/whoami')).statusCode).toBe(200)
    // A user they manage: offline, in the answer's shape of the spec route, and audited as the command.
    const localSession = await as('local')
    const done = ok(await call(mgr, 'DELETE', `/auth/offline/${ids.local}`))
    expect(done).toMatchObject({ userId: ids.local, username: users.local.username })
    expect(done.sessions).toBeGreaterThanOrEqual(1)
    expect((await localSession.get('/api/session/whoami')).statusCode).toBe(401)
    const audit = await q<{ result: string }>("select result from audit_log where command_id = 'admin.user.forceOffline' and user_id = $1 and tenant_id = 1 and warehouse_id = 26 order by id", [ids.mgr])
    expect(audit.map((a) => a.result)).toEqual([...Array(7).fill('refused'), 'ok'])
  })
})

describe('4. roles and global master data shared with other tenants', () => {
  const nameOf = async (table: string, id: number) => (await q<{ name: string }>(`select name from ${table} where id = $1`, [id]))[0].name

  it('a manager of tenant 1 cannot rename or disable a warehouse, company or shop tenant 2 uses', async () => {
    const before = { w31: await nameOf('warehouse', 31), w26: await nameOf('warehouse', 26), c: await nameOf('company', 1) }
    // Yiwu (31) is tenant 2's only; Dongguan (26) both tenants'; company 1 is the company of both tenants.
    refused(await mgr.cmd('resource.warehouse.edit', { id: 31, name: 'Mine now' }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.warehouse.edit', { id: 26, name: 'Mine now' }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.warehouse.status', { ids: [26, 31], status: 0 }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.company.edit', { id: 1, name: 'Mine now' }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.company.status', { ids: [1], status: 0 }), 403, 'resources:errors.sharedOutOfReach')
    expect({ w31: await nameOf('warehouse', 31), w26: await nameOf('warehouse', 26), c: await nameOf('company', 1) }).toEqual(before)
    expect((await q<{ n: number }>('select count(*)::int as n from warehouse where id in (26, 31) and status = 1'))[0].n).toBe(2)

    // A consignment shop of tenant 2 (its consignor): not theirs to change, nor to hand to tenant 2.
    const siteId = (await q<{ id: number }>('select id from site order by id limit 1'))[0].id
    const shop = ok(await admin.cmd('resource.shop.add', { siteId, code: `T2-${randomUUID().slice(0, 6).toUpperCase()}`, name: 'Thread shop', consignment: true, consignors: [{ tenantId: 2 }] }))
    refused(await mgr.cmd('resource.shop.edit', { id: shop.id, name: 'Mine now' }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.shop.status', { ids: [shop.id], status: 0 }), 403, 'resources:errors.sharedOutOfReach')
    refused(await mgr.cmd('resource.shop.add', { siteId, code: `T2-${randomUUID().slice(0, 6).toUpperCase()}`, name: 'Sneaky', consignment: true, consignors: [{ tenantId: 2 }] }), 403, 'resources:errors.sharedOutOfReach')
    expect(await nameOf('shop', shop.id)).toBe('Thread shop')
    expect((await q("select 1 from shop where name = 'Sneaky'")).length).toBe(0)
  })

  it('what only tenant 1 uses they change; the audit row lands in every pair of the tenants it reaches', async () => {
    // Los Angeles (168) is tenant 1's only.
    ok(await mgr.cmd('resource.warehouse.edit', { id: 168, shortName: 'LAX' }))
    const log = async (who: ApiClient, pair: { tenantId: number; warehouseId: number }, commandId: string) =>
      (ok(await who.in(pair).get(`/api/audit-log?commandId=${commandId}&size=50`)).records as { summary: string; username: string }[])
    expect((await log(admin, { tenantId: 1, warehouseId: 168 }, 'resource.warehouse.edit')).map((r) => r.summary)).toEqual(expect.arrayContaining([expect.stringContaining('#168')]))
    expect((await log(admin, { tenantId: 2, warehouseId: 31 }, 'resource.warehouse.edit')).map((r) => r.summary)).not.toEqual(expect.arrayContaining([expect.stringContaining('#168')]))

    // The admin, signed in to tenant 1, renames tenant 2's warehouse: tenant 2 sees it in its operation log.
    ok(await admin.cmd('resource.warehouse.edit', { id: 31, shortName: 'YW' }))
    for (const pair of [{ tenantId: 2, warehouseId: 31 }, { tenantId: 2, warehouseId: 26 }, { tenantId: 1, warehouseId: 26 }]) {
      expect((await log(admin, pair, 'resource.warehouse.edit')).map((r) => r.summary), JSON.stringify(pair)).toEqual(expect.arrayContaining([expect.stringContaining('#31')]))
    }
    // A role held in tenant 2, edited from tenant 1; a user of tenant 2 reset from tenant 1.
    ok(await call(admin, 'PUT', '/auth/roles', { id: roles.helper, name: 'Helper' }))
    expect(await log(admin, { tenantId: 2, warehouseId: 31 }, 'admin.role.edit')).toHaveLength(1)
    ok(await call(admin, 'PUT', `/auth/users/${ids.helperHolder}/reset`))
    expect((await log(admin, { tenantId: 2, warehouseId: 31 }, 'admin.user.resetPassword'))[0]).toMatchObject({ username: 'admin' })
  })
})
