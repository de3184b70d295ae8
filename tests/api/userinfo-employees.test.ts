// Issue 11: the old console's four-part x-userinfo-header (tenant-userId-name-warehouse) is accepted beside
// today's three parts, and never confused with a username that itself looks like `<digits>-<name>`;
// /auth/employee/list gives contact details only to staff / user management, a picker list to others.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { parseUserInfoHeader, userInfoNames } from '../../src/server/areas/auth/service'

const PASSWORD = 'Demo#2026'
let t: TestApp

async function login(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
const idOf = async (username: string) => (await t.database.query<{ id: number }>(`select id from app_user where username = $1`, [username]))[0].id
/** A scoped call: 200 when the header names the caller and one of their pairs, else 400/403. */
const menus = (token: string, header: string) => t.app.inject({ method: 'GET', url: '/wms-plus-base/common/pms/user/menus', headers: { authorization: `Bearer ${token}`, 'x-userinfo-header': header } })
const whoami = (token: string, header: string) => t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: { authorization: `Bearer ${token}`, 'x-userinfo-header': header } })
const employees = (token: string, q = '') => t.app.inject({ method: 'GET', url: `/auth/employee/list${q}`, headers: { authorization: `Bearer ${token}` } })

beforeAll(async () => {
  t = await createTestApp()
  // Two people the demo lacks: '3-receiver' (a username shaped like the four-part form's `<id>-<name>`, in
  // Dongguan DC / Stride Footwear) and 'gdl.only' (only in warehouse 31 of tenant 2, shared with no receiver).
  for (const [username, pairs] of [['3-receiver', [[1, 26]]], ['gdl.only', [[2, 31]]]] as const) {
    await t.database.query(`insert into app_user (username, password_hash, employee_name) select $1, password_hash, $1 from app_user where username = 'receiver'`, [username])
    for (const [tenant, warehouse] of pairs) {
      await t.database.query(`insert into user_access (user_id, tenant_id, warehouse_id) select id, $2, $3 from app_user where username = $1`, [username, tenant, warehouse])
    }
    await t.database.query(`insert into staff (username, name, email, phone, department_id) select $1, 'Staff ' || $1, 'x@example.com', '+52 33 1234 5678', department_id from staff where username = 'receiver'`, [username])
  }
  await t.database.query(`update staff set email = 'rec@example.com' where username = 'receiver'`)
}, 240_000)
afterAll(async () => { await t?.close() })

describe('parseUserInfoHeader', () => {
  it('reads three parts (the username may contain dashes) and offers the four-part reading when the middle starts with digits', () => {
    expect(parseUserInfoHeader('1-admin-26')).toEqual({ tenantId: 1, username: 'admin', warehouseId: 26 })
    expect(parseUserInfoHeader('1-jean-luc%40dc-26')).toEqual({ tenantId: 1, username: 'jean-luc@dc', warehouseId: 26 })
    expect(parseUserInfoHeader('1-3-receiver-26')).toEqual({ tenantId: 1, warehouseId: 26, username: '3-receiver', legacy: { userId: 3, username: 'receiver' } })
    expect(parseUserInfoHeader('2-17-jean-luc-168')).toEqual({ tenantId: 2, warehouseId: 168, username: '17-jean-luc', legacy: { userId: 17, username: 'jean-luc' } })
    expect(parseUserInfoHeader('2-9-%E7%8E%8B%E4%BC%9F-31')).toMatchObject({ tenantId: 2, warehouseId: 31, legacy: { userId: 9, username: '王伟' } })
    expect(parseUserInfoHeader('1-admin')).toBeUndefined()
    expect(parseUserInfoHeader('x-3-admin-26')).toBeUndefined()
    expect(parseUserInfoHeader('1-%E0%A4%A-26')).toBeUndefined()
    expect(parseUserInfoHeader('1-3-%E0%A4%A-26')).toBeUndefined()
  })

  it('names a user by exactly one reading', () => {
    const p = parseUserInfoHeader('1-3-receiver-26')!
    expect(userInfoNames(p, { id: 3, username: 'receiver' })).toBe(true)
    expect(userInfoNames(p, { id: 9, username: '3-receiver' })).toBe(true)
    expect(userInfoNames(p, { id: 4, username: 'receiver' })).toBe(false)
    expect(userInfoNames(p, { id: 3, username: 'shelver' })).toBe(false)
    expect(userInfoNames(parseUserInfoHeader('1-receiver-26')!, { id: 3, username: 'receiver' })).toBe(true)
  })
})

describe('x-userinfo-header over HTTP', () => {
  it('accepts the old console\'s tenant-userId-name-warehouse as well as tenant-name-warehouse', async () => {
    const token = await login('receiver')
    const id = await idOf('receiver')
    expect((await menus(token, `1-receiver-26`)).statusCode).toBe(200)
    const four = await whoami(token, `1-${id}-receiver-26`)
    expect(four.statusCode, four.body).toBe(200)
    expect((await menus(token, `1-${id}-receiver-26`)).statusCode).toBe(200)
    // Another user's id, another name, or a pair the receiver lacks: refused.
    expect((await menus(token, `1-${id + 1}-receiver-26`)).statusCode).toBe(403)
    expect((await menus(token, `1-${id}-shelver-26`)).statusCode).toBe(403)
    expect((await menus(token, `1-${id}-receiver-201`)).statusCode).toBe(403)
    expect((await menus(token, `1-${id}-receiver`)).statusCode).toBe(400)
  })

  it('a username shaped like `<id>-<name>` is still that user, and names nobody else', async () => {
    const token = await login('3-receiver')
    const id = await idOf('3-receiver')
    expect((await menus(token, `1-3-receiver-26`)).statusCode).toBe(200)
    expect((await menus(token, `1-${id}-3-receiver-26`)).statusCode).toBe(200)
    // The receiver's own four-part header does not let '3-receiver' in as the receiver, nor the reverse.
    const receiver = await login('receiver')
    expect(await idOf('receiver')).toBe(3)
    expect((await menus(receiver, `1-3-receiver-26`)).statusCode).toBe(200)
    expect((await menus(receiver, `1-${id}-3-receiver-26`)).statusCode).toBe(403)
    expect((await menus(token, `1-4-receiver-26`)).statusCode).toBe(403)
  })
})

describe('/auth/employee/list', () => {
  type Row = Record<string, unknown> & { username: string }
  it('gives staff management the full directory with contact details', async () => {
    for (const who of ['admin', 'supervisor']) {
      const res = await employees(await login(who))
      expect(res.statusCode, res.body).toBe(200)
      const rows = res.json().data as Row[]
      expect(rows.map((r) => r.username)).toEqual(expect.arrayContaining(['gdl.only', 'lin.hua', 'receiver']))
      expect(rows.find((r) => r.username === 'receiver')).toMatchObject({ email: 'rec@example.com', phone: expect.any(String), departmentName: expect.any(String) })
    }
  })

  it('gives everyone else a picker list of colleagues in their own pairs, without contact details', async () => {
    const res = await employees(await login('receiver'))
    expect(res.statusCode, res.body).toBe(200)
    const rows = res.json().data as Row[]
    for (const r of rows) expect(Object.keys(r).sort()).toEqual(['employeeName', 'id', 'username'])
    const names = rows.map((r) => r.username)
    // Receiver works in 1/26 and 1/168: everyone sharing one of them, nobody only elsewhere, no staff without an account.
    expect(names).toEqual(expect.arrayContaining(['admin', 'supervisor', 'receiver', 'shelver', 'picker', 'reviewer', 'shipper', '3-receiver']))
    expect(names).not.toContain('gdl.only')
    expect(names).not.toContain('lin.hua')
    expect(JSON.stringify(rows)).not.toContain('@example.com')
    expect(rows.find((r) => r.username === 'receiver')).toMatchObject({ employeeName: expect.any(String), id: expect.any(Number) })
    // Filters still apply to the picker list.
    expect(((await employees(await login('picker'), '?q=shelv')).json().data as Row[]).map((r) => r.username)).toEqual(['shelver'])
  })

  it('the tenant-2-only user sees only the people of warehouse 31 / tenant 2', async () => {
    const rows = (await employees(await login('gdl.only'))).json().data as Row[]
    expect(rows.map((r) => r.username).sort()).toEqual(['admin', 'gdl.only', 'supervisor'])
  })
})
