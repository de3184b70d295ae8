// Ref picker options follow the forms that refer to a resource: a user manager (a role holding the
// user screen, rights-user, but not the department screen) reads the department options the user form's
// picker needs — id and label only — and still not the department list or detail. A user with no
// referring screen at all is refused. Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { MENU_BY_CODE } from '../../src/domain/menu/catalog'
import { optionReaderScreens, USER_FORM_REFS } from '../../src/domain/resources/form-refs'

let t: TestApp
const tokens: Record<string, string> = {}
const PASSWORD = 'Start#2026x'
const CHANGED = 'Changed#2026y'

async function login(username: string, password = 'Demo#2026'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
const hdr = (user: string) => ({ authorization: `Bearer ${tokens[user]}`, 'x-userinfo-header': `1-${encodeURIComponent(user)}-26`, 'x-language-header': 'en-US' })
async function call(user: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: hdr(user) })
  return { status: res.statusCode, body: res.json() as { data: any; messageKey?: string } }
}

let manager = ''
let deptId = 0

beforeAll(async () => {
  t = await createTestApp()
  tokens.admin = await login('admin')
  tokens.picker = await login('picker')
  // A role with the user screen only (no department screen), and a user holding it.
  const role = await call('admin', 'POST', '/auth/roles', { code: `um${randomUUID().slice(0, 6)}`, name: 'User manager', dataScope: 2 })
  expect(role.status, JSON.stringify(role.body)).toBe(200)
  const screen = MENU_BY_CODE.get('rights-user')!
  const granted = await call('admin', 'PUT', `/auth/roles/granted?roleId=${role.body.data.id}`, { menuIds: [screen.parentId, screen.id].filter((x): x is number => typeof x === 'number') })
  expect(granted.status, JSON.stringify(granted.body)).toBe(200)
  const [d] = await t.database.query<{ id: number }>('select id from department order by id limit 1')
  deptId = Number(d.id)
  manager = `um${randomUUID().slice(0, 8)}`
  const user = await call('admin', 'POST', '/auth/users', {
    username: manager, password: PASSWORD, employeeName: 'Uma Manager', phone: '+52 33 1234 5678', email: '',
    tenantId: 1, roleIds: [role.body.data.id], pairs: [{ warehouseId: 26, tenantId: 1 }],
  })
  expect(user.status, JSON.stringify(user.body)).toBe(200)
  tokens[manager] = await login(manager, PASSWORD)
  // The password an administrator chose is temporary: the user changes it first, as in the browser.
  const changed = await call(manager, 'PUT', '/auth/users/edit/password', { oldPassword: PASSWORD, newPassword: CHANGED, confirmPassword: CHANGED })
  expect(changed.status, JSON.stringify(changed.body)).toBe(200)
  tokens[manager] = await login(manager, CHANGED)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('department options for the user form', () => {
  it('are derived from the declarations: the department screen, resources referring to it, and the user form', () => {
    expect(USER_FORM_REFS.refs.deptId).toBe('department')
    expect(optionReaderScreens('department')).toEqual(expect.arrayContaining(['department', 'staff-information', 'rights-user']))
    expect(optionReaderScreens('department')).not.toContain('rights-role')
  })

  it('a user manager without the department screen reads the options (id + label), not the list or the detail', async () => {
    const all = await call(manager, 'GET', '/api/resources/department/options?size=50')
    expect(all.status, JSON.stringify(all.body)).toBe(200)
    expect(all.body.data.length).toBeGreaterThan(0)
    for (const o of all.body.data) expect(Object.keys(o).sort()).toEqual(['id', 'label'])
    const byId = await call(manager, 'GET', `/api/resources/department/options?ids=${deptId}`)
    expect(byId.body.data.map((o: { id: number }) => o.id)).toEqual([deptId])

    const list = await call(manager, 'GET', '/api/resources/department')
    expect(list.status).toBe(403)
    expect(list.body.messageKey).toBe('errors:auth.missingPermission')
    expect((await call(manager, 'GET', `/api/resources/department/${deptId}`)).status).toBe(403)
  })

  it('a user with no screen referring to departments is refused the options', async () => {
    const r = await call('picker', 'GET', '/api/resources/department/options')
    expect(r.status).toBe(403)
    expect(r.body.messageKey).toBe('errors:auth.missingPermission')
  })
})
