// The org & commercial group over the real API and database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL): the demo seed, the section 5 rules (username without Chinese characters, phone
// and email, tax id and bank card required, duplicate consignment relation, one main currency, USD as
// 1), the department calls of the auth service (second envelope), the rate-simulator sync, and the
// reference lists of section 7.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { createTestApp, type TestApp } from '../helpers/app'
import { simulatedRate, SIMULATOR_REFERENCE } from '../../src/server/resources/custom/org/rate-simulator'

const PASSWORD = 'Demo#2026'
let t: TestApp
let admin: string
let picker: string

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}

const hdr = (token: string, username = 'admin', tenant = 1, warehouse = 26, lang = 'en-US') =>
  ({ authorization: `Bearer ${token}`, 'x-userinfo-header': `${tenant}-${encodeURIComponent(username)}-${warehouse}`, 'x-language-header': lang })
const cmd = (commandId: string, args: unknown, h: Record<string, string> = hdr(admin)) => t.app.inject({
  method: 'POST', url: `/api/commands/${commandId}`, payload: args as object, headers: { ...h, 'idempotency-key': randomUUID() },
})
const get = (url: string, h: Record<string, string> = hdr(admin)) => t.app.inject({ method: 'GET', url, headers: h })
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, h: Record<string, string> = hdr(admin)) =>
  t.app.inject({ method, url, ...(body === undefined ? {} : { payload: body as object }), headers: h })

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
}
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]
const count = async (text: string, params: unknown[] = []) => Number((await one<{ n: number }>(text, params)).n)
const deptId = async (code: string) => Number((await one<{ id: number }>('SELECT id FROM department WHERE code = $1', [code])).id)
/** The field errors of a refusal: [field, messageKey][] */
const fieldsOf = (body: { errors?: { field: string; messageKey: string }[] }) => (body.errors ?? []).map((e) => [e.field, e.messageKey])
const today = () => new Date().toISOString().slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
  picker = await login('picker')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('demo seed', () => {
  it('has a department tree, one staff row per demo user, suppliers and forwarders per tenant, carriers and today\'s rates', async () => {
    expect(await count("SELECT count(*)::int AS n FROM department WHERE parent_id IS NULL")).toBe(1)
    expect(await count('SELECT count(*)::int AS n FROM department')).toBeGreaterThanOrEqual(8)
    const users = (await q<{ username: string }>('SELECT username FROM app_user ORDER BY username')).map((r) => r.username)
    const staff = (await q<{ username: string }>('SELECT username FROM staff WHERE username IN (SELECT username FROM app_user) ORDER BY username')).map((r) => r.username)
    expect(staff).toEqual(users)
    expect(await count('SELECT count(*)::int AS n FROM supplier WHERE tenant_id = 1')).toBeGreaterThanOrEqual(3)
    expect(await count('SELECT count(*)::int AS n FROM supplier WHERE tenant_id = 2')).toBeGreaterThanOrEqual(3)
    expect(await count("SELECT count(*)::int AS n FROM forwarder WHERE jsonb_array_length(contacts) > 0")).toBeGreaterThanOrEqual(4)
    expect(await count("SELECT count(*)::int AS n FROM carrier WHERE jsonb_array_length(service_channels) > 0")).toBeGreaterThanOrEqual(5)
    // Today's daily rate of every currency; USD is the main currency at exactly 1.
    expect(await count('SELECT count(*)::int AS n FROM exchange_rate e WHERE NOT EXISTS (SELECT 1 FROM daily_rate d WHERE d.currency_id = e.id AND d.rate_date = $1::date)', [today()])).toBe(0)
    expect(await one("SELECT main_currency, rate::float AS rate FROM exchange_rate WHERE currency_code = 'USD'")).toEqual({ main_currency: true, rate: 1 })
    // Spec section 9's seven platforms; WINIT and GOODCANG sell overseas-warehouse services.
    const plats = await q<{ code: string; platform_type: string }>('SELECT code, platform_type FROM platform ORDER BY code')
    expect(plats.map((p) => p.code)).toEqual(['AMAZON', 'GOODCANG', 'MERCADOLIBRE', 'SHEIN', 'TIKTOK', 'WALMART', 'WINIT'])
    expect(plats.filter((p) => p.platform_type === 'overseasWarehouse').map((p) => p.code)).toEqual(['GOODCANG', 'WINIT'])
  })
})

describe('staff rules', () => {
  const valid = async () => ({ username: `clerk.${randomUUID().slice(0, 6)}`, name: 'Carla Clerk', phone: '+52 33 1200 0099', departmentId: await deptId('WH-GDL') })

  it('creates a staff row, readable by id, with its department label', async () => {
    const res = await cmd('resource.staff.add', { ...await valid(), email: 'carla@stride-thread.example', joinDate: '2026-01-05' })
    expect(res.statusCode, res.body).toBe(200)
    const rec = res.json().data
    expect(rec).toMatchObject({ name: 'Carla Clerk', departmentIdLabel: 'Guadalajara team', workingStatus: 1, joinDate: '2026-01-05' })
    expect((await get(`/api/resources/staff/${rec.id}`)).json().data.username).toBe(rec.username)
  })

  it('refuses a username with Chinese characters, naming the field in the operator\'s language', async () => {
    const res = await cmd('resource.staff.add', { ...await valid(), username: '张伟' })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json())).toEqual([['username', 'res-org:rules.username']])
    expect(res.json().errors[0].message).toContain('no Chinese characters')
    const zh = await cmd('resource.staff.add', { ...await valid(), username: 'zhang伟' }, hdr(admin, 'admin', 1, 26, 'zh-CN'))
    expect(zh.json().errors[0].message).toContain('不能包含中文')
  })

  it('requires a valid phone, a valid email and a department', async () => {
    const base = await valid()
    const noPhone = await cmd('resource.staff.add', { ...base, phone: undefined })
    expect(noPhone.statusCode).toBe(400)
    expect(fieldsOf(noPhone.json()).map((f) => f[0])).toEqual(['phone'])
    const badPhone = await cmd('resource.staff.add', { ...base, phone: 'call me' })
    expect(fieldsOf(badPhone.json())).toEqual([['phone', 'errors:field.phone']])
    const badEmail = await cmd('resource.staff.add', { ...base, email: 'carla@' })
    expect(fieldsOf(badEmail.json())).toEqual([['email', 'errors:field.email']])
    const noDept = await cmd('resource.staff.add', { ...base, departmentId: undefined })
    expect(fieldsOf(noDept.json()).map((f) => f[0])).toEqual(['departmentId'])
    expect(await count('SELECT count(*)::int AS n FROM staff WHERE username = $1', [base.username])).toBe(0)
  })

  it('refuses an existing username with 409 naming it', async () => {
    const res = await cmd('resource.staff.add', { ...await valid(), username: 'picker' })
    expect(res.statusCode).toBe(409)
    expect(res.json().errors[0].field).toBe('username')
  })

  it('the database refuses a Chinese username even past the API', async () => {
    await expect(q("INSERT INTO staff (username, name, phone, department_id) VALUES ('王芳', 'x', '+86 1', 1)")).rejects.toThrow()
  })

  it('working status is the bulk status pair (working ⇄ leave)', async () => {
    const id = Number((await one<{ id: number }>("SELECT id FROM staff WHERE username = 'reviewer'")).id)
    const res = await cmd('resource.staff.status', { ids: [id], status: 0 })
    expect(res.statusCode, res.body).toBe(200)
    expect(await one('SELECT working_status FROM staff WHERE id = $1', [id])).toEqual({ working_status: 0 })
    await cmd('resource.staff.status', { ids: [id], status: 1 })
  })

  it('the picker role lacks the staff screen: 403', async () => {
    const res = await cmd('resource.staff.add', await valid(), hdr(picker, 'picker'))
    expect(res.statusCode).toBe(403)
  })
})

describe('departments (auth service, second envelope)', () => {
  it('GET auth/dept/tree nests the departments under the company root, in sort order', async () => {
    const res = await get('/auth/dept/tree')
    expect(res.statusCode).toBe(200)
    const body = res.json()
    expect(body.code).toBe(0)
    expect(body.data.map((d: { code: string }) => d.code)).toEqual(['HQ'])
    const hq = body.data[0]
    expect(hq.children.map((d: { code: string }) => d.code)).toEqual(['WH-OPS', 'PURCH', 'FIN', 'IT'])
    expect(hq.children[0].children.map((d: { code: string }) => d.code)).toEqual(['WH-DG', 'WH-YW', 'WH-LA', 'WH-GDL'])
    // The name filter keeps the matches and their ancestors only.
    const filtered = (await get('/auth/dept/tree?name=angeles')).json().data
    expect(filtered[0].children.map((d: { code: string }) => d.code)).toEqual(['WH-OPS'])
    expect(filtered[0].children[0].children.map((d: { code: string }) => d.code)).toEqual(['WH-LA'])
  })

  it('GET auth/dept/deptTypes lists the types with labels in the request language', async () => {
    const en = (await get('/auth/dept/deptTypes')).json().data
    expect(en).toEqual([
      { value: 1, label: 'Company', labelKey: 'dict:deptType.1' },
      { value: 2, label: 'Department', labelKey: 'dict:deptType.2' },
      { value: 3, label: 'Group', labelKey: 'dict:deptType.3' },
    ])
    const zh = (await get('/auth/dept/deptTypes', hdr(admin, 'admin', 1, 26, 'zh-CN'))).json().data
    expect(zh.map((d: { label: string }) => d.label)).toEqual(['公司', '部门', '小组'])
  })

  it('GET auth/dept/groupTree hangs the staff under their departments', async () => {
    const tree = (await get('/auth/dept/groupTree')).json().data
    const find = (nodes: { key: string; children: unknown[] }[], key: string): { key: string; children: { key: string; type: string; username?: string }[] } | undefined => {
      for (const n of nodes) { if (n.key === key) return n as never; const hit = find(n.children as never, key); if (hit) return hit }
      return undefined
    }
    const la = find(tree, `dept:${await deptId('WH-LA')}`)!
    expect(la.children.filter((c) => c.type === 'staff').map((c) => c.username).sort()).toEqual(['shelver', 'shipper'])
    const working = (await get('/auth/dept/groupTree?workingOnly=true')).json().data
    expect(JSON.stringify(working)).not.toContain('"lin.hua"')
    expect(JSON.stringify(tree)).toContain('"lin.hua"')
  })

  it('POST, GET, PUT and DELETE auth/dept run the department commands (audited)', async () => {
    const ops = await deptId('WH-OPS')
    const created = await send('POST', '/auth/dept', { code: 'WH-QA', name: 'Quality team', parentId: ops, deptType: 3 })
    expect(created.statusCode, created.body).toBe(200)
    expect(created.json().code).toBe(0)
    const id = created.json().data.id
    expect((await get(`/auth/dept/${id}`)).json().data).toMatchObject({ code: 'WH-QA', parentId: ops, parentIdLabel: 'Warehouse operations', deptType: 3 })

    const moved = await send('PUT', '/auth/dept', { id, name: 'Quality & returns', parentId: await deptId('HQ') })
    expect(moved.statusCode, moved.body).toBe(200)
    expect(await one('SELECT name, parent_id FROM department WHERE id = $1', [id])).toEqual({ name: 'Quality & returns', parent_id: await deptId('HQ') })

    const gone = await send('DELETE', `/auth/dept/${id}`)
    expect(gone.statusCode, gone.body).toBe(200)
    expect(gone.json().data).toEqual({ deleted: 1 })
    expect(await count('SELECT count(*)::int AS n FROM department WHERE id = $1', [id])).toBe(0)
    const audits = await q<{ command_id: string }>("SELECT command_id FROM audit_log WHERE command_id LIKE 'resource.department.%' AND result = 'ok' ORDER BY id")
    expect(audits.map((a) => a.command_id)).toEqual(['resource.department.add', 'resource.department.edit', 'resource.department.delete'])
  })

  it('refuses a department under itself or its own descendant, naming parentId, in the second envelope', async () => {
    const ops = await deptId('WH-OPS')
    const res = await send('PUT', '/auth/dept', { id: ops, parentId: await deptId('WH-DG') })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 400, messageKey: 'res-org:department.errors.cycle' })
    expect(fieldsOf(res.json())).toEqual([['parentId', 'res-org:department.errors.cycle']])
    const self = await send('PUT', '/auth/dept', { id: ops, parentId: ops })
    expect(self.statusCode).toBe(400)
    expect(await one('SELECT parent_id FROM department WHERE id = $1', [ops])).toEqual({ parent_id: await deptId('HQ') })
    // The trigger refuses the same past the API.
    await expect(q('UPDATE department SET parent_id = $1 WHERE id = $2', [await deptId('WH-DG'), ops])).rejects.toThrow(/descendant/)
  })

  it('refuses to delete a department with sub-departments or staff', async () => {
    const withKids = await send('DELETE', `/auth/dept/${await deptId('WH-OPS')}`)
    expect(withKids.statusCode).toBe(409)
    expect(withKids.json().messageKey).toBe('res-org:department.errors.hasChildren')
    const withStaff = await send('DELETE', `/auth/dept/${await deptId('WH-LA')}`)
    expect(withStaff.statusCode).toBe(409)
    expect(withStaff.json().messageKey).toBe('res-org:department.errors.hasStaff')
    expect(await count("SELECT count(*)::int AS n FROM department WHERE code IN ('WH-OPS', 'WH-LA')")).toBe(2)
  })

  it('refuses writes without the permission and unknown ids', async () => {
    const res = await send('POST', '/auth/dept', { code: 'NOPE', name: 'Nope', deptType: 2 }, hdr(picker, 'picker'))
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe(403)
    expect((await get('/auth/dept/999999')).statusCode).toBe(404)
    const bad = await send('POST', '/auth/dept', { code: 'lower case', name: 'X', deptType: 2 })
    expect(bad.statusCode).toBe(400)
    expect(fieldsOf(bad.json())[0][0]).toBe('code')
  })
})

describe('suppliers', () => {
  const supplier = { code: 'SUP-TEST', name: 'Test Supplier', supplierType: 'distributor', taxId: 'TEST-123456', bankCard: '6222000011112222' }

  it('requires tax id and bank card (spec: "tax id and bank card required") and checks their format', async () => {
    const res = await cmd('resource.supplier.add', { ...supplier, taxId: undefined, bankCard: undefined })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json()).map((f) => f[0]).sort()).toEqual(['bankCard', 'taxId'])
    const bad = await cmd('resource.supplier.add', { ...supplier, bankCard: '6222-0000' })
    expect(fieldsOf(bad.json())).toEqual([['bankCard', 'res-org:rules.bankCard']])
    expect(await count("SELECT count(*)::int AS n FROM supplier WHERE code = 'SUP-TEST'")).toBe(0)
  })

  it('belongs to the caller\'s tenant: another tenant neither reads it nor lists it', async () => {
    const res = await cmd('resource.supplier.add', supplier)
    expect(res.statusCode, res.body).toBe(200)
    const id = res.json().data.id
    expect(await one('SELECT tenant_id FROM supplier WHERE id = $1', [id])).toEqual({ tenant_id: 1 })
    const other = hdr(admin, 'admin', 2, 26)
    const read = await get(`/api/resources/supplier/${id}`, other)
    expect(read.statusCode).toBe(404)
    expect(read.body).not.toContain('Test Supplier')
    const list = (await get('/base/basevendor/list?size=200', other)).json().data
    const codes = (list.records ?? list).map((r: { code: string }) => r.code)
    expect(codes).not.toContain('SUP-TEST')
    expect(codes).toContain('SUP-HZTEX')
    // The same code is free in the other tenant.
    expect((await cmd('resource.supplier.add', supplier, other)).statusCode).toBe(200)
  })
})

describe('shops: consignment relations', () => {
  const shopBody = async () => ({ siteId: Number((await one<{ id: number }>("SELECT id FROM site WHERE code = 'MX' AND platform_id = (SELECT id FROM platform WHERE code = 'MERCADOLIBRE')")).id), code: `MELI-MX-T${randomUUID().slice(0, 4).toUpperCase()}`, name: 'Test shop' })

  it('refuses a duplicate consignment relation, naming the repeated row', async () => {
    const res = await cmd('resource.shop.add', { ...await shopBody(), consignment: true, consignors: [{ tenantId: 1 }, { tenantId: 2 }, { tenantId: 1, remark: 'again' }] })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json())).toEqual([['consignors.2.tenantId', 'res-org:shop.errors.duplicateConsignment']])
    expect(res.json().errors[0].message).toBe('Duplicate consignment relation')
  })

  it('a consignment shop needs a relation; relations name existing tenants', async () => {
    const none = await cmd('resource.shop.add', { ...await shopBody(), consignment: true, consignors: [] })
    expect(fieldsOf(none.json())).toEqual([['consignors', 'res-org:shop.errors.consignorRequired']])
    const ghost = await cmd('resource.shop.add', { ...await shopBody(), consignment: true, consignors: [{ tenantId: 99 }] })
    expect(ghost.statusCode).toBe(400)
    expect(fieldsOf(ghost.json())[0][0]).toBe('consignors.0.tenantId')
    const ok = await cmd('resource.shop.add', { ...await shopBody(), consignment: true, consignors: [{ tenantId: 1 }, { tenantId: 2 }], abbreviation: 'TST' })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.consignors).toEqual([{ tenantId: 1 }, { tenantId: 2 }])
  })

  it('editing only the relations is checked too', async () => {
    const id = Number((await one<{ id: number }>("SELECT id FROM shop WHERE code = 'MELI-MX-OUTLET'")).id)
    const res = await cmd('resource.shop.edit', { id, consignors: [{ tenantId: 2 }, { tenantId: 2 }] })
    expect(fieldsOf(res.json())).toEqual([['consignors.1.tenantId', 'res-org:shop.errors.duplicateConsignment']])
  })
})

describe('forwarders and carriers', () => {
  it('checks each forwarder contact\'s email and phone', async () => {
    const res = await cmd('resource.forwarder.add', { code: 'FWD-T', name: 'T', forwarderType: 'air', contacts: [{ name: 'Ann', phone: '+1 213 555 0101', email: 'ann@x.example' }, { name: 'Bob', phone: 'nope', email: 'bob@' }] })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json()).map((f) => f[0]).sort()).toEqual(['contacts.1.email', 'contacts.1.phone'])
    const ok = await cmd('resource.forwarder.add', { code: 'FWD-T', name: 'T', forwarderType: 'air', contacts: [{ name: 'Ann', phone: '+1 213 555 0101', email: null }] })
    expect(ok.statusCode, ok.body).toBe(200)
  })

  it('refuses a service channel code listed twice', async () => {
    const res = await cmd('resource.carrier.add', { code: 'ONTRAC', name: 'OnTrac', carrierType: 'parcel', serviceChannels: [{ code: 'GROUND', name: 'Ground' }, { code: 'GROUND', name: 'Ground again' }] })
    expect(fieldsOf(res.json())).toEqual([['serviceChannels.1.code', 'res-org:carrier.errors.duplicateChannel']])
  })
})

describe('exchange rates', () => {
  const usdId = async () => Number((await one<{ id: number }>("SELECT id FROM exchange_rate WHERE currency_code = 'USD'")).id)

  it('USD as 1: the target currency\'s own rate must be 1', async () => {
    const res = await cmd('resource.exchangeRate.edit', { id: await usdId(), rate: 2 })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json())).toEqual([['rate', 'res-org:exchangeRate.errors.baseRateOne']])
    expect(res.json().errors[0].message).toBe('USD is the target currency: its rate must be 1')
  })

  it('one main currency at most (409 naming mainCurrency)', async () => {
    const res = await cmd('resource.exchangeRate.add', { currencyCode: 'HKD', currencyName: 'Hong Kong dollar', rate: 7.8, mainCurrency: true })
    expect(res.statusCode).toBe(409)
    expect(fieldsOf(res.json())).toEqual([['mainCurrency', 'res-org:exchangeRate.errors.oneMainCurrency']])
    await expect(q("INSERT INTO exchange_rate (currency_name, currency_code, rate, main_currency) VALUES ('x', 'HKD', 7.8, true)")).rejects.toThrow()
  })

  it('a daily rate once per currency and day', async () => {
    const res = await cmd('resource.dailyRate.add', { currencyId: await usdId(), rateDate: today(), rate: 1 })
    expect(res.statusCode).toBe(409)
    expect(fieldsOf(res.json())).toEqual([['rateDate', 'res-org:dailyRate.errors.duplicateDay']])
  })

  it('sync fills the day\'s rates of automatic currencies from the rate simulator, skipping manual ones', async () => {
    const added = await cmd('resource.exchangeRate.add', { currencyCode: 'AUD', currencyName: 'Australian dollar', symbol: 'A$', rate: 1.5, syncMode: 'automatic' })
    expect(added.statusCode, added.body).toBe(200)
    await cmd('resource.exchangeRate.add', { currencyCode: 'CHF', currencyName: 'Swiss franc', rate: 0.88, syncMode: 'automatic' })
    const day = '2026-03-10'
    const res = await cmd('resource.exchangeRate.sync', { date: day })
    expect(res.statusCode, res.body).toBe(200)
    const data = res.json().data
    expect(data.source).toBe('rate-simulator')
    const aud = data.updated.find((u: { currencyCode: string }) => u.currencyCode === 'AUD')
    expect(aud.rate).toBe(simulatedRate('AUD', day))
    expect(aud.rmbRate).toBe(Math.round((simulatedRate('CNY', day)! / simulatedRate('AUD', day)!) * 1e4) / 1e4)
    // Manual (GBP), disabled (JPY) and unknown-to-the-simulator (CHF) currencies are left alone.
    expect(data.skipped.sort()).toEqual(['CHF', 'GBP', 'JPY'])
    expect(await one("SELECT d.rate::float AS rate, d.sync_mode FROM daily_rate d JOIN exchange_rate e ON e.id = d.currency_id WHERE e.currency_code = 'AUD' AND d.rate_date = $1::date", [day]))
      .toEqual({ rate: simulatedRate('AUD', day), sync_mode: 'automatic' })
    expect(await count("SELECT count(*)::int AS n FROM daily_rate d JOIN exchange_rate e ON e.id = d.currency_id WHERE e.currency_code IN ('GBP', 'CHF') AND d.rate_date = $1::date", [day])).toBe(0)
    // A past day does not move a currency's current rate back.
    expect(await one("SELECT to_char(rate_date, 'YYYY-MM-DD') AS d FROM exchange_rate WHERE currency_code = 'MXN'")).toEqual({ d: today() })
    // AUD had no rate date yet: it takes the synchronised one.
    expect(await one("SELECT rate::float AS rate, to_char(rate_date, 'YYYY-MM-DD') AS d FROM exchange_rate WHERE currency_code = 'AUD'")).toEqual({ rate: simulatedRate('AUD', day), d: day })

    // Again for the same day: the rows are replaced, not doubled; USD stays 1.
    expect((await cmd('resource.exchangeRate.sync', { date: day })).statusCode).toBe(200)
    expect(await count("SELECT count(*)::int AS n FROM daily_rate WHERE rate_date = $1::date", [day])).toBe(6)
    expect(await one("SELECT d.rate::float AS rate FROM daily_rate d JOIN exchange_rate e ON e.id = d.currency_id WHERE e.currency_code = 'USD' AND d.rate_date = $1::date", [day])).toEqual({ rate: 1 })
    expect(await count("SELECT count(*)::int AS n FROM audit_log WHERE command_id = 'resource.exchangeRate.sync' AND result = 'ok'")).toBe(2)
  })

  it('sync refuses a future day and needs the sync permission', async () => {
    const res = await cmd('resource.exchangeRate.sync', { date: '2999-01-01' })
    expect(res.statusCode).toBe(400)
    expect(fieldsOf(res.json())).toEqual([['date', 'res-org:exchangeRate.errors.futureDate']])
    expect((await cmd('resource.exchangeRate.sync', {}, hdr(picker, 'picker'))).statusCode).toBe(403)
  })

  it('the simulator is deterministic and stays within ±0.5 % of its reference rates', () => {
    for (const c of Object.keys(SIMULATOR_REFERENCE)) {
      for (const d of ['2026-01-01', '2026-06-30', '2026-11-22']) {
        const r = simulatedRate(c, d)!
        expect(r).toBe(simulatedRate(c, d))
        expect(Math.abs(r / SIMULATOR_REFERENCE[c] - 1)).toBeLessThanOrEqual(0.0051)
      }
    }
    expect(simulatedRate('USD', '2026-01-01')).toBe(1)
    expect(simulatedRate('XXX', '2026-01-01')).toBeUndefined()
    expect(simulatedRate('MXN', '2026-01-01')).not.toBe(simulatedRate('MXN', '2026-01-02'))
  })
})

describe('reference lists of spec section 7', () => {
  it('auth/company/list and /auth/employee/list answer the second envelope', async () => {
    const companies = (await get('/auth/company/list')).json()
    expect(companies).toMatchObject({ code: 0, data: [{ id: 1, code: 'DEMO', name: 'Stride & Thread Co.' }] })
    const employees = (await get(`/auth/employee/list?departmentId=${await deptId('WH-LA')}`)).json()
    expect(employees.code).toBe(0)
    expect(employees.data.map((e: { username: string }) => e.username).sort()).toEqual(['shelver', 'shipper'])
    expect(employees.data[0]).toMatchObject({ departmentName: 'Los Angeles team', workingStatus: 1 })
    const onLeave = (await get('/auth/employee/list?workingStatus=0')).json().data
    expect(onLeave.map((e: { username: string }) => e.username)).toContain('lin.hua')
    expect((await get('/auth/employee/list?q=paola')).json().data.map((e: { username: string }) => e.username)).toEqual(['picker'])
  })

  it('auth/tenant/list lists the tenants with their warehouses', async () => {
    const res = (await get('/auth/tenant/list')).json()
    expect(res.code).toBe(0)
    expect(res.data.map((x: { code: string }) => x.code)).toEqual(expect.arrayContaining(['T01', 'T02']))
    const t2 = res.data.find((x: { code: string }) => x.code === 'T02')
    expect(t2).toMatchObject({ id: 2, name: 'Thread Apparel', companyId: 1, status: 1 })
    expect(t2.warehouses.map((w: { warehouseId: number }) => w.warehouseId)).toEqual([26, 31])
    expect((await get('/auth/tenant/list?q=stride')).json().data.map((x: { code: string }) => x.code)).toEqual(['T01'])
  })

  it('sites by platform (id or code), and the platform is required', async () => {
    const res = await get('/base/basesite/listByPlatform?platformCode=AMAZON')
    expect(res.json().responseCode).toBe('0001')
    expect(res.json().data.map((s: { code: string }) => s.code)).toEqual(['CA', 'MX', 'US'])
    const pid = res.json().data[0].platformId
    expect((await get(`/base/basesite/listByPlatform?platformId=${pid}`)).json().data).toHaveLength(3)
    const missing = await get('/base/basesite/listByPlatform')
    expect(missing.statusCode).toBe(400)
    expect(fieldsOf(missing.json())).toEqual([['platformId', 'errors:field.required']])
  })

  it('site, shop, forwarder and goods-platform lists at their spec paths', async () => {
    const rows = async (url: string) => { const r = await get(url); expect(r.statusCode, `${url} ${r.body}`).toBe(200); const d = r.json().data; return (d.records ?? d) as Record<string, unknown>[] }
    expect((await rows('/base/basesite/list')).length).toBeGreaterThanOrEqual(9)
    expect((await rows('/base/shop/list')).map((s) => s.code)).toContain('MELI-MX-OUTLET')
    expect((await rows('/wms-base/basefreightforwarding/list')).map((s) => s.code)).toContain('FWD-OCEANLINK')
    expect((await rows('/wms-base/basegoodsplatform/list')).map((s) => s.code)).toContain('MERCADOLIBRE')
  })

  it('geography: terraces, states (= provinces), cities and counties by parent', async () => {
    const data = async (url: string) => (await get(url)).json().data as { code: string; id: number }[]
    expect((await data('/base/baseterrace/list')).map((r) => r.code)).toEqual(['CN', 'MX', 'US'])
    const mx = (await data('/base/basestate/list?countryCode=MX')).map((r) => r.code)
    expect(mx).toContain('JAL')
    expect(mx).not.toContain('CA')
    expect((await data('/base/baseprovince/list?countryCode=CN')).map((r) => r.code)).toEqual(expect.arrayContaining(['GD', 'ZJ']))
    // Every demo warehouse's state code is a known state.
    for (const s of ['GD', 'ZJ', 'CA', 'JAL']) expect(await count('SELECT count(*)::int AS n FROM geo_region WHERE level = 2 AND code = $1', [s])).toBe(1)
    const cities = await data('/base/basecity/list?parentCode=JAL')
    expect(cities.map((r) => r.code)).toEqual(['GDL', 'ZAP'])
    expect((await data(`/base/basecounty/list?parentId=${cities[0].id}`)).map((r) => r.code)).toEqual(['GDL-CENTRO'])
    expect((await data('/base/basecity/list?name=angeles')).map((r) => r.code)).toEqual(['LA'])
  })
})
