// A user's department references the department resource table (0014_user_department_fk: FK, ON
// DELETE SET NULL): an unknown department id is refused naming the field; deleting a department clears
// its users' department and the user keeps working (signs in, is read and edited).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
let admin: string

async function login(username: string, password: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
const hdr = (token = admin, user = 'admin') => ({ authorization: `Bearer ${token}`, 'x-userinfo-header': `1-${encodeURIComponent(user)}-26`, 'x-language-header': 'en-US' })
type Body = { code?: number; data: any; errors?: { field: string; messageKey: string; message: string }[]; responseCode?: string }
async function call(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, h = hdr()) {
  const res = await t.app.inject({ method, url, payload: payload as object, headers: h })
  return { status: res.statusCode, body: res.json() as Body }
}
const command = (id: string, args: unknown) => call('POST', `/api/commands/${id}`, args, { ...hdr(), 'idempotency-key': randomUUID() } as ReturnType<typeof hdr>)
const deptOf = async (userId: number) => (await t.database.query<{ dept_id: number | null }>('select dept_id from app_user where id = $1', [userId]))[0].dept_id

const PASSWORD = 'Start#2026x'
const newUser = (over: Record<string, unknown> = {}) => ({
  username: `ud${randomUUID().slice(0, 8)}`, password: PASSWORD, employeeName: 'Dana Dept', phone: '+52 33 1234 5678',
  email: '', tenantId: 1, roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }], ...over,
})

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin', 'Demo#2026')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('user department', () => {
  it('an unknown department id is refused naming the field, on add and on edit; nothing is written', async () => {
    const before = Number((await t.database.query<{ n: number }>('select count(*)::int n from app_user'))[0].n)
    const add = await call('POST', '/auth/users', newUser({ deptId: 987654 }))
    expect(add.status).toBe(400)
    expect(add.body.errors).toEqual([expect.objectContaining({ field: 'deptId', messageKey: 'resources:errors.refNotFound', message: 'Department: no such row (987654)' })])
    expect(Number((await t.database.query<{ n: number }>('select count(*)::int n from app_user'))[0].n)).toBe(before)

    const created = await call('POST', '/auth/users', newUser())
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { id } = created.body.data
    const edit = await call('PUT', '/auth/users', { ...newUser({ deptId: 987654 }), id, username: undefined, password: undefined })
    expect(edit.status).toBe(400)
    expect(edit.body.errors?.[0]).toMatchObject({ field: 'deptId', messageKey: 'resources:errors.refNotFound' })
    expect(await deptOf(id)).toBeNull()
  })

  it('the database refuses a dangling department id too (the foreign key)', async () => {
    const [u] = await t.database.query<{ id: number }>(`select id from app_user where username = 'receiver'`)
    await expect(t.database.query('update app_user set dept_id = 987654 where id = $1', [u.id])).rejects.toThrow(/app_user_dept_id_fkey/)
  })

  it('deleting the department clears it on its users, who keep working', async () => {
    const dep = await command('resource.department.add', { code: `UD-${Date.now() % 100000}`, name: 'Returns desk', deptType: 2 })
    expect(dep.status, JSON.stringify(dep.body)).toBe(200)
    const deptId = dep.body.data.id
    const created = await call('POST', '/auth/users', newUser({ deptId }))
    expect(created.status, JSON.stringify(created.body)).toBe(200)
    const { id, username } = created.body.data
    expect(await deptOf(id)).toBe(deptId)

    const del = await command('resource.department.delete', { ids: [deptId] })
    expect(del.status, JSON.stringify(del.body)).toBe(200)
    expect(await deptOf(id)).toBeNull()

    // Read, edited and signed in as usual.
    const read = await call('GET', `/auth/users/${id}`)
    expect(read.status).toBe(200)
    expect(read.body.data).toMatchObject({ id, username, deptId: null })
    const edit = await call('PUT', '/auth/users', { ...newUser(), id, username: undefined, password: undefined, employeeName: 'Dana Moved' })
    expect(edit.status, JSON.stringify(edit.body)).toBe(200)
    const token = await login(username, PASSWORD)
    const info = await t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/info', headers: hdr(token, username) })
    expect(info.statusCode, info.body).toBe(200)
  })
})
