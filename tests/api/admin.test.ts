// Administration calls of the auth service (spec section 7, second envelope {code, msg, data}) against a
// real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): roles and grants (effective on the next
// request), the menu tree editor's rules, users (username/phone/email rules, pairs, reset, permanent
// delete), verification codes into the mail outbox, tenants' pairs, and 403 without permission.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'

const PASSWORD = 'Demo#2026'
let t: TestApp
let admin: string

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}

const hdr = (token: string, username: string, pair = '1-%s-26') => ({
  authorization: `Bearer ${token}`, 'x-userinfo-header': pair.replace('%s', encodeURIComponent(username)), 'x-language-header': 'en-US',
})

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE'
async function call(method: Method, url: string, payload?: unknown, as: [string, string] = [admin, 'admin']) {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: hdr(as[0], as[1]) })
  return { status: res.statusCode, body: res.json() as { code: number; msg: string; data: any; messageKey?: string; errors?: { field: string; messageKey: string; message: string }[] } }
}

const ok = (r: Awaited<ReturnType<typeof call>>) => { expect(r.status, JSON.stringify(r.body)).toBe(200); expect(r.body.code).toBe(0); return r.body.data }
function refused(r: Awaited<ReturnType<typeof call>>, status: number, field?: string, messageKey?: string) {
  expect(r.status, JSON.stringify(r.body)).toBe(status)
  expect(r.body.code).toBe(status)
  if (field) expect(r.body.errors?.map((e) => e.field)).toContain(field)
  // A rule of the handler names itself; a schema refusal is 'form' with the rule on the field.
  if (messageKey) expect([r.body.messageKey, ...(r.body.errors ?? []).filter((e) => e.field === field).map((e) => e.messageKey)]).toContain(messageKey)
  return r.body
}

const newUser = (over: Record<string, unknown> = {}) => ({
  username: `u${randomUUID().slice(0, 8)}`, password: 'Start#2026x', employeeName: 'Nia New', phone: '+52 33 1234 5678',
  email: 'nia@stride-thread.example', tenantId: 1, roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }], ...over,
})

async function roleId(code: string): Promise<number> {
  const roles = ok(await call('GET', '/auth/roles/list')) as { id: number; code: string }[]
  return roles.find((r) => r.code === code)!.id
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
}, 60_000)
afterAll(async () => { await t?.close() })

describe('roles', () => {
  it('list, page, add, edit, get and delete answer the second envelope; every write is audited', async () => {
    const list = ok(await call('GET', '/auth/roles/list'))
    expect(list.map((r: { code: string }) => r.code)).toEqual(expect.arrayContaining(['admin', 'supervisor', 'receiver']))
    const page = ok(await call('GET', '/auth/roles/page?size=2&sort=code:asc'))
    expect(page).toMatchObject({ total: list.length, page: 1, size: 2 })
    expect(page.records.map((r: { code: string }) => r.code)).toEqual(['admin', 'picker'])

    const added = ok(await call('POST', '/auth/roles', { code: 'auditor', name: 'Auditor', dataScope: 2, remark: 'counts' }))
    expect(added).toMatchObject({ code: 'auditor', name: 'Auditor', dataScope: 2, status: 1 })
    const edited = ok(await call('PUT', '/auth/roles', { id: added.id, name: 'Stock auditor', dataScope: 3 }))
    expect(edited).toMatchObject({ id: added.id, code: 'auditor', name: 'Stock auditor', dataScope: 3 })
    expect(ok(await call('GET', `/auth/roles/${added.id}`))).toMatchObject({ name: 'Stock auditor', menuIds: [] })

    ok(await call('DELETE', `/auth/roles/${added.id}`))
    refused(await call('GET', `/auth/roles/${added.id}`), 404, 'id', 'admin:role.errors.notFound')
    const audit = await t.database.query<{ command_id: string; result: string }>(`select command_id, result from audit_log where command_id like 'admin.role.%' order by id`)
    expect(audit.map((a) => `${a.command_id}:${a.result}`)).toEqual(['admin.role.add:ok', 'admin.role.edit:ok', 'admin.role.delete:ok'])
  })

  it('refuses a duplicate identification, a bad one, an unknown data scope, and touching the admin role', async () => {
    const dup = refused(await call('POST', '/auth/roles', { code: 'RECEIVER', name: 'Again', dataScope: 3 }), 409, 'code', 'admin:role.errors.codeExists')
    expect(dup.msg).toBe('Role identification RECEIVER already exists')
    refused(await call('POST', '/auth/roles', { code: '1x', name: 'Bad', dataScope: 3 }), 400, 'code')
    refused(await call('POST', '/auth/roles', { code: 'okcode', name: 'Bad', dataScope: 7 }), 400, 'dataScope')
    const adminId = await roleId('admin')
    refused(await call('DELETE', `/auth/roles/${adminId}`), 400, 'id', 'admin:role.errors.builtinAdmin')
    refused(await call('PUT', '/auth/roles', { id: adminId, status: 0 }), 400, 'code', 'admin:role.errors.builtinAdmin')
    expect((await t.database.query('select 1 from role where code = $1', ['okcode']))).toHaveLength(0)
  })

  it('grants menus and buttons; they take effect on the very next request; unknown ids are refused whole', async () => {
    const receiverRole = await roleId('receiver')
    const receiver = await login('receiver')
    const as: [string, string] = [receiver, 'receiver']
    refused(await call('GET', '/auth/users/page', undefined, as), 403, undefined, 'errors:auth.missingPermission')

    const before: number[] = ok(await call('GET', `/auth/roles/${receiverRole}`)).menuIds
    // 24004 = rights → user screen; its ancestor (24000) comes with it.
    const granted = ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, [...before, 24004]))
    expect(granted.menuIds).toEqual(expect.arrayContaining([24000, 24004]))
    expect(granted.menuIds).not.toContain(24111)
    const page = ok(await call('GET', '/auth/users/page', undefined, as))
    expect(page.total).toBeGreaterThan(0)
    // The screen, not its buttons: adding a user is still refused…
    refused(await call('POST', '/auth/users', newUser(), as), 403, undefined, 'errors:auth.missingPermission')
    // …until the button (rights-user:add, id 24111) is granted too, in the {menuIds} body form.
    ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, { menuIds: [...before, 24004, 24111] }))
    const created = ok(await call('POST', '/auth/users', newUser(), as))
    expect(created.id).toBeGreaterThan(0)

    const bad = refused(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, [...before, 99999999]), 400, 'menuIds', 'admin:role.errors.unknownMenus')
    expect(bad.msg).toContain('99999999')
    expect(ok(await call('GET', `/auth/roles/${receiverRole}`)).menuIds).toContain(24111)

    // A non-admin cannot grant what they do not hold (rights-role is not theirs).
    ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, [...before, 24004, 24111, 24003, 24110]))
    refused(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, [...before, 24002], as), 403, undefined, 'admin:role.errors.grantBeyondOwn')
    // Back to what it was, so the other tests see the demo grants.
    ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, before))
    refused(await call('GET', '/auth/users/page', undefined, as), 403)
  })
})

describe('menus', () => {
  it('tree (buttons included), node, add, edit, subtree and delete', async () => {
    const tree = ok(await call('GET', '/auth/menus/tree'))
    const rights = tree.find((n: { code: string }) => n.code === 'rights')
    const userScreen = rights.children.find((n: { code: string }) => n.code === 'rights-user')
    expect(userScreen.children.map((b: { authority: string }) => b.authority)).toContain('rights-user:force-offline')

    const added = ok(await call('POST', '/auth/menus', {
      parentId: 24000, type: 'M', name: 'audit-trail', title: 'Audit trail', path: 'audit-trail', component: 'rights/audit-trail', icon: 'lock', system: 'WMS',
    }))
    expect(added.id).toBeGreaterThanOrEqual(10_000_000)
    expect(added).toMatchObject({ parentId: 24000, type: 'M', code: 'audit-trail', authority: 'menu:audit-trail', system: 'WMS' })
    const button = ok(await call('POST', '/auth/menus', { parentId: added.id, type: 'B', name: 'export', title: 'Export', authority: 'audit-trail:export' }))
    expect(button).toMatchObject({ code: 'audit-trail:export', component: null, parentId: added.id })

    const edited = ok(await call('PUT', '/auth/menus', { id: added.id, parentId: 24000, type: 'M', name: 'audit-trail', title: 'Audit trail (all)', path: 'audit-trail', iframeUrl: 'https://example.com/frame' }))
    expect(edited).toMatchObject({ title: 'Audit trail (all)', iframeUrl: 'https://example.com/frame' })
    expect(edited.meta).toMatchObject({ title: 'Audit trail (all)', iframeUrl: 'https://example.com/frame', menu: true })
    expect(ok(await call('GET', `/auth/menus/${added.id}`))).toMatchObject({ title: 'Audit trail (all)' })
    const sub = ok(await call('GET', `/auth/menus/tree/${added.id}`))
    expect(sub.children.map((c: { id: number }) => c.id)).toEqual([button.id])

    const del = ok(await call('DELETE', `/auth/menus/${added.id}`))
    expect(del).toEqual({ id: added.id, deleted: 2 })
    refused(await call('GET', `/auth/menus/${button.id}`), 404, 'id')
  })

  it('a button cannot have children, a node cannot move under itself, and a parent with children cannot become a button', async () => {
    const r = refused(await call('POST', '/auth/menus', { parentId: 24111, type: 'B', name: 'x', title: 'X', authority: 'rights-user:x' }), 400, 'parentId', 'admin:menu.errors.buttonChild')
    expect(r.msg).toBe('Cannot add child under button')
    expect(r.errors![0].message).toBe('Cannot add child under button')
    refused(await call('PUT', '/auth/menus', { id: 24000, parentId: 24004, type: 'M', name: 'rights', title: 'menu:title.rights', path: '/rights' }), 400, 'parentId', 'admin:menu.errors.cycle')
    refused(await call('PUT', '/auth/menus', { id: 24004, parentId: 24000, type: 'B', name: 'rights-user', title: 'x', authority: 'x:y' }), 400, 'type', 'admin:menu.errors.buttonHasChildren')
    refused(await call('POST', '/auth/menus', { parentId: 24000, type: 'B', name: 'x', title: 'X' }), 400, 'authority')
    refused(await call('POST', '/auth/menus', { id: 24004, parentId: 24000, type: 'M', name: 'dup', title: 'Dup' }), 409, 'id', 'admin:menu.errors.idExists')
    refused(await call('POST', '/auth/menus', { parentId: 123, type: 'M', name: 'x', title: 'X' }), 400, 'parentId', 'admin:menu.errors.parentNotFound')
    // Nothing half-written: the catalog's user screen is untouched.
    expect(ok(await call('GET', '/auth/menus/24004'))).toMatchObject({ type: 'M', parentId: 24000 })
  })
})

describe('users', () => {
  it('username rules: no Chinese characters, valid, not taken (case-insensitive)', async () => {
    const cn = refused(await call('POST', '/auth/users', newUser({ username: '张三abc' })), 400, 'username', 'admin:user.errors.usernameChinese')
    expect(cn.errors![0].message).toBe('Username cannot contain Chinese characters')
    refused(await call('POST', '/auth/users', newUser({ username: 'a b' })), 400, 'username', 'admin:user.errors.usernameInvalid')
    const taken = refused(await call('POST', '/auth/users', newUser({ username: 'Receiver' })), 409, 'username', 'admin:user.errors.usernameExists')
    expect(taken.msg).toBe('Username Receiver exists')
  })

  it('phone required and valid, email valid, password rule, known pairs — refused with nothing written', async () => {
    const count = async () => Number((await t.database.query<{ n: number }>('select count(*)::int as n from app_user'))[0].n)
    const n = await count()
    refused(await call('POST', '/auth/users', newUser({ phone: '' })), 400, 'phone', 'admin:user.errors.phoneRequired')
    const bad = refused(await call('POST', '/auth/users', newUser({ phone: 'call me' })), 400, 'phone', 'admin:user.errors.phoneInvalid')
    expect(bad.errors![0].message).toBe('Invalid phone number')
    refused(await call('POST', '/auth/users', newUser({ email: 'not-an-email' })), 400, 'email', 'admin:user.errors.emailInvalid')
    refused(await call('POST', '/auth/users', newUser({ password: 'short' })), 400, 'password')
    refused(await call('POST', '/auth/users', newUser({ pairs: [{ warehouseId: 31, tenantId: 1 }] })), 400, 'pairs', 'admin:user.errors.pairUnknown')
    refused(await call('POST', '/auth/users', newUser({ pairs: [{ warehouseId: 26, tenantId: 1 }, { warehouseId: 26, tenantId: 1 }] })), 400, 'pairs', 'admin:user.errors.pairDuplicate')
    refused(await call('POST', '/auth/users', newUser({ roleIds: [987654] })), 400, 'roleIds', 'admin:user.errors.roleNotFound')
    expect(await count()).toBe(n)
  })

  it('create → sign in (weak password) → detail, by name, page → edit pairs and roles → reset → delete permanently', async () => {
    const pickerRole = await roleId('picker')
    const input = newUser({ roleIds: [pickerRole], pairs: [{ warehouseId: 201, tenantId: 1 }, { warehouseId: 26, tenantId: 1 }] })
    const { id } = ok(await call('POST', '/auth/users', input))
    const signIn = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username: input.username, password: input.password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(signIn.json().datas).toMatchObject({ weakPassword: true, username: input.username })
    const token = signIn.json().datas.access_token

    const detail = ok(await call('GET', `/auth/users/${id}`))
    expect(detail).toMatchObject({ username: input.username, phone: '+52 33 1234 5678', email: 'nia@stride-thread.example', tenantId: 1, roleIds: [pickerRole] })
    expect(detail.pairs.map((p: { warehouseId: number }) => p.warehouseId)).toEqual([201, 26])
    expect(detail).not.toHaveProperty('passwordHash')
    expect(ok(await call('GET', `/auth/users/name/${input.username.toUpperCase()}`)).id).toBe(id)
    const page = ok(await call('GET', `/auth/users/page?username=${input.username}`))
    expect(page.records).toHaveLength(1)
    expect(page.records[0]).toMatchObject({ id, roles: 'picker', tenantName: 'Stride Footwear' })

    ok(await call('PUT', '/auth/users', { id, employeeName: 'Nia Renamed', phone: '+52 33 9999 0000', email: '', tenantId: 2, roleIds: [], pairs: [{ warehouseId: 31, tenantId: 2 }] }))
    const after = ok(await call('GET', `/auth/users/${id}`))
    expect(after).toMatchObject({ employeeName: 'Nia Renamed', email: null, tenantId: 2, roleIds: [] })
    expect(after.pairs).toEqual([{ warehouseId: 31, tenantId: 2, warehouseName: 'Yiwu DC', tenantName: 'Thread Apparel' }])
    // Pairs take effect at once: the old pair is refused, the new one accepted.
    expect((await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: hdr(token, input.username, '1-%s-26') })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: hdr(token, input.username, '2-%s-31') })).statusCode).toBe(200)

    const reset = ok(await call('PUT', `/auth/users/${id}/reset`))
    expect(reset.temporaryPassword).toMatch(/^.{12}$/)
    await login(input.username, reset.temporaryPassword)

    refused(await call('DELETE', `/auth/users/${await t.database.query<{ id: number }>('select id from app_user where username = $1', ['admin']).then((r) => r[0].id)}`), 400, 'id')
    ok(await call('DELETE', `/auth/users/${id}`))
    refused(await call('GET', `/auth/users/${id}`), 404, 'id')
    expect(await t.database.query('select 1 from user_access where user_id = $1 union all select 1 from auth_session where user_id = $1', [id])).toEqual([])
    expect((await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: hdr(token, input.username, '2-%s-31') })).statusCode).toBe(401)
  })

  it('a manager who is not admin reaches only users of their current tenant', async () => {
    const receiverRole = await roleId('receiver')
    const before: number[] = ok(await call('GET', `/auth/roles/${receiverRole}`)).menuIds
    ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, [...before, 24004, 24111]))
    try {
      const as: [string, string] = [await login('receiver'), 'receiver']
      const other = ok(await call('POST', '/auth/users', newUser({ tenantId: 2, pairs: [{ warehouseId: 31, tenantId: 2 }] })))
      refused(await call('GET', `/auth/users/${other.id}`, undefined, as), 404, 'id')
      const page = ok(await call('GET', '/auth/users/page?size=200', undefined, as))
      expect(page.records.map((r: { id: number }) => r.id)).not.toContain(other.id)
      refused(await call('POST', '/auth/users', newUser({ tenantId: 2, pairs: [{ warehouseId: 31, tenantId: 2 }] }), as), 400, 'tenantId', 'admin:user.errors.outOfReach')
      refused(await call('POST', '/auth/users', newUser({ roleIds: [await roleId('admin')] }), as), 403, undefined, 'admin:user.errors.adminRoleReserved')
    } finally {
      ok(await call('PUT', `/auth/roles/granted?roleId=${receiverRole}`, before))
    }
  })

  it('verification code: bind email first; then it lands in the mail outbox the admin reads; not twice a minute', async () => {
    const input = newUser({ email: null })
    ok(await call('POST', '/auth/users', input))
    const token = await login(input.username, input.password)
    const as: [string, string] = [token, input.username]
    const noMail = refused(await call('GET', '/auth/users/verificationCode', undefined, as), 400, 'email', 'admin:user.errors.bindEmail')
    expect(noMail.msg).toBe('Please bind email before getting verification code')

    ok(await call('PUT', '/auth/users/edit', { email: 'nia.code@stride-thread.example' }, as))
    const sent = ok(await call('GET', '/auth/users/verificationCode', undefined, as))
    expect(sent).toEqual({ email: 'nia.code@stride-thread.example', expiresInMinutes: 10 })
    refused(await call('GET', '/auth/users/verificationCode', undefined, as), 429, undefined, 'admin:user.errors.codeTooSoon')

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox?toAddress=nia.code', headers: { ...hdr(admin, 'admin'), 'x-language-header': 'es-MX' } })
    expect(res.statusCode, res.body).toBe(200)
    const mail = res.json().data
    expect(mail.total).toBe(1)
    expect(mail.records[0]).toMatchObject({ toAddress: 'nia.code@stride-thread.example', purpose: 'verificationCode', subject: 'Su código de verificación' })
    expect(mail.records[0].body).toMatch(/su código de verificación es \d{6}\./)
    // The outbox is the administrator's: a user without the user screen cannot read it.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/mail-outbox', headers: hdr(token, input.username) })).statusCode).toBe(403)
  })
})

describe('data dictionary', () => {
  it("an administrator's label for a language wins over the bundled translation in GET …/dict/all", async () => {
    const dicts = async (lang: string) => {
      const res = await t.app.inject({ method: 'GET', url: '/wms-plus-base/dict/all', headers: { ...hdr(admin, 'admin'), 'x-language-header': lang } })
      expect(res.statusCode, res.body).toBe(200)
      return res.json().data as Record<string, { dictValue: string; dictLabel: string }[]>
    }
    const label = (d: Record<string, { dictValue: string; dictLabel: string }[]>, v: string) => d.enabledFlag.find((x) => x.dictValue === v)!.dictLabel
    const bundledEn = label(await dicts('en-US'), '1')
    const bundledEs = label(await dicts('es-MX'), '1')
    await t.database.query(`update dict_item set label_es_mx = 'Activo (almacén)' where dict_code = 'enabledFlag' and dict_value = '1'`)
    try {
      expect(label(await dicts('es-MX'), '1')).toBe('Activo (almacén)')
      expect(label(await dicts('es-MX'), '0')).not.toBe('Activo (almacén)')
      expect(label(await dicts('en-US'), '1')).toBe(bundledEn)
    } finally {
      await t.database.query(`update dict_item set label_es_mx = null where dict_code = 'enabledFlag'`)
    }
    expect(label(await dicts('es-MX'), '1')).toBe(bundledEs)
  })
})

describe('tenants and permissions', () => {
  it("a tenant's warehouse pairs: added, and a pair users still work in is not removed", async () => {
    const run = (args: unknown) => t.app.inject({ method: 'POST', url: '/api/commands/admin.tenant.pairs', payload: args as object, headers: { ...hdr(admin, 'admin'), 'idempotency-key': randomUUID() } })
    const inUse = await run({ tenantId: 2, warehouseIds: [31] })
    expect(inUse.statusCode).toBe(409)
    expect(inUse.json().messageKey).toBe('admin:tenant.errors.pairInUse')
    const added = await run({ tenantId: 2, warehouseIds: [26, 31, 168] })
    expect(added.statusCode, added.body).toBe(200)
    expect(added.json().data).toMatchObject({ added: [168], removed: [] })
    const pairs = await t.app.inject({ method: 'GET', url: '/api/admin/tenants/2/pairs', headers: hdr(admin, 'admin') })
    expect(pairs.json().data).toMatchObject({ warehouseIds: [26, 31, 168], inUse: [26, 31] })
    expect((await run({ tenantId: 2, warehouseIds: [26, 31] })).json().data).toMatchObject({ removed: [168] })
  })

  it('403 without permission on every administration call (second envelope)', async () => {
    const as: [string, string] = [await login('picker'), 'picker']
    for (const [m, url, body] of [
      ['GET', '/auth/roles/list'], ['GET', '/auth/roles/page'], ['GET', '/auth/roles/1'], ['POST', '/auth/roles', { code: 'x1', name: 'x', dataScope: 3 }],
      ['PUT', '/auth/roles', { id: 1, name: 'x' }], ['DELETE', '/auth/roles/3'], ['PUT', '/auth/roles/granted?roleId=3', []],
      ['GET', '/auth/menus/tree'], ['GET', '/auth/menus/tree/24000'], ['GET', '/auth/menus/24000'], ['POST', '/auth/menus', { type: 'M', name: 'x', title: 'x' }],
      ['PUT', '/auth/menus', { id: 24000, type: 'M', name: 'x', title: 'x' }], ['DELETE', '/auth/menus/24000'],
      ['GET', '/auth/users/page'], ['GET', '/auth/users/1'], ['GET', '/auth/users/name/admin'], ['POST', '/auth/users', newUser()],
      ['PUT', '/auth/users', { id: 1 }], ['PUT', '/auth/users/1/reset'], ['DELETE', '/auth/users/1'],
    ] as [Method, string, unknown?][]) {
      const r = await call(m, url, body, as)
      expect(r.status, `${m} ${url}`).toBe(403)
      expect(r.body.code, `${m} ${url}`).toBe(403)
    }
    expect(ok(await call('GET', '/auth/menus/24000'))).toMatchObject({ code: 'rights' })
    expect(ok(await call('GET', '/auth/users/list', undefined, as)).every((u: { id: number }) => u.id > 0)).toBe(true)
  })
})
