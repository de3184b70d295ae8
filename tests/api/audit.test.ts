// Operation log API (GET /api/audit-log, /api/audit-log/export) over the real app and database:
// paging, sort, filters, scope isolation, refusals, and an xlsx that parses back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'

let t: TestApp
const tokens: Record<string, string> = {}

async function login(username: string, password = 'Demo#2026') {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password, deviceId: 'test', validCode: '' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode).toBe(200)
  return res.json().datas.access_token as string
}
function get(url: string, user = 'admin', pair: [number, number] = [1, 26], lang = 'en-US') {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens[user]}`, 'x-userinfo-header': `${pair[0]}-${user}-${pair[1]}`, 'x-language-header': lang } })
}

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'receiver', 'supervisor']) tokens[u] = await login(u)
  // 25 rows in 26/1, 3 in 26/2 (other tenant, same warehouse), 2 in 168/1 (other warehouse).
  const v: string[] = []
  for (let i = 1; i <= 25; i++) {
    v.push(`(1, 26, 1, '${i % 2 ? 'admin' : 'supervisor'}', '${i % 5 === 0 ? 'admin.user.forceOffline' : 'admin.user.resetPassword'}', 'mine ${i}', '${i % 4 === 0 ? 'refused' : 'ok'}', ${i}, timestamptz '2026-10-01 00:00:00+00' + interval '${i} days')`)
  }
  for (let i = 1; i <= 3; i++) v.push(`(2, 26, 1, 'admin', 'admin.user.resetPassword', 'tenant2 ${i}', 'ok', 1, timestamptz '2026-10-05 00:00:00+00')`)
  for (let i = 1; i <= 2; i++) v.push(`(1, 168, 1, 'admin', 'admin.user.resetPassword', 'wh168 ${i}', 'ok', 1, timestamptz '2026-10-05 00:00:00+00')`)
  // Rows written by sign-in or seed (if any) are removed first so the counts below are exact.
  await t.database.exec(`DELETE FROM audit_log; INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, summary, result, duration_ms, created_at) VALUES ${v.join(',')}`)
})
afterAll(async () => { await t?.close() })

describe('GET /api/audit-log', () => {
  it('pages the rows of the current pair, newest first, with the total', async () => {
    const r1 = await get('/api/audit-log?size=10')
    expect(r1.statusCode).toBe(200)
    const b1 = r1.json()
    expect(b1.responseCode).toBe('0001')
    expect(b1.data).toMatchObject({ total: 25, page: 1, size: 10 })
    expect(b1.data.records).toHaveLength(10)
    expect(b1.data.records[0].summary).toBe('mine 25')
    const r3 = (await get('/api/audit-log?size=10&page=3')).json().data
    expect(r3.records.map((x: { summary: string }) => x.summary)).toEqual(['mine 5', 'mine 4', 'mine 3', 'mine 2', 'mine 1'])
    // Every way to the total: a short last page, a full last page, past the end, nothing at all.
    expect(r3.total).toBe(25)
    expect((await get('/api/audit-log?size=5&page=5')).json().data).toMatchObject({ total: 25, page: 5 })
    expect((await get('/api/audit-log?size=10&page=4')).json().data).toMatchObject({ total: 25, records: [] })
    expect((await get('/api/audit-log?commandId=no-such-command')).json().data).toMatchObject({ total: 0, records: [] })
  })
  it('never shows another tenant\'s or warehouse\'s rows', async () => {
    const mine = (await get('/api/audit-log?size=200')).json().data
    expect(mine.records.every((x: { summary: string }) => x.summary.startsWith('mine'))).toBe(true)
    const t2 = (await get('/api/audit-log?size=200', 'admin', [2, 26])).json().data
    expect(t2.total).toBe(3)
    expect(t2.records.every((x: { summary: string }) => x.summary.startsWith('tenant2'))).toBe(true)
    const w168 = (await get('/api/audit-log?size=200', 'admin', [1, 168])).json().data
    expect(w168.records.map((x: { summary: string }) => x.summary).sort()).toEqual(['wh168 1', 'wh168 2'])
    // Scope comes from the authenticated pair only; query parameters cannot widen it.
    const sneaky = (await get('/api/audit-log?size=200&tenantId=2&warehouseId=168')).json().data
    expect(sneaky.total).toBe(25)
  })
  it('sorts by a whitelisted column and filters by command, user, result and date range', async () => {
    const asc = (await get('/api/audit-log?size=5&sort=durationMs:asc')).json().data
    expect(asc.records.map((x: { durationMs: number }) => x.durationMs)).toEqual([1, 2, 3, 4, 5])
    const cmd = (await get('/api/audit-log?commandId=forceoffline')).json().data
    expect(cmd.total).toBe(5)
    const user = (await get('/api/audit-log?username=super&result=refused&size=200')).json().data
    expect(user.records.every((x: { username: string; result: string }) => x.username === 'supervisor' && x.result === 'refused')).toBe(true)
    expect(user.total).toBe(6) // even multiples of 4 up to 25: 4, 8, … 24
    const two = (await get('/api/audit-log?result=refused&result=ok')).json().data
    expect(two.total).toBe(25)
    const range = (await get('/api/audit-log?createdAtFrom=2026-10-02&createdAtTo=2026-10-04&size=200')).json().data
    expect(range.records.map((x: { summary: string }) => x.summary).sort()).toEqual(['mine 1', 'mine 2', 'mine 3'])
  })
  it('refuses a bad sort, a half range and a bad size, naming the field', async () => {
    const bad = await get('/api/audit-log?sort=argsDigest:asc')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('sort')
    expect(bad.json().errors[0].messageKey).toBe('grid:list.badSort')
    const half = await get('/api/audit-log?createdAtFrom=2026-10-02')
    expect(half.statusCode).toBe(400)
    expect(half.json().errors[0]).toMatchObject({ field: 'createdAtTo', messageKey: 'grid:list.rangeNeedsBoth' })
    const size = await get('/api/audit-log?size=500')
    expect(size.statusCode).toBe(400)
    expect(size.json().errors[0].field).toBe('size')
    const result = await get('/api/audit-log?result=maybe')
    expect(result.json().errors[0].field).toMatch(/^result/)
  })
  it('needs the operation-log permission (menu:operation-log)', async () => {
    expect((await get('/api/audit-log', 'receiver')).statusCode).toBe(403)
    expect((await get('/api/audit-log', 'supervisor')).statusCode).toBe(403)
    const anon = await t.app.inject({ method: 'GET', url: '/api/audit-log' })
    expect(anon.statusCode).toBe(401)
  })
})

describe('GET /api/audit-log/export', () => {
  async function sheetOf(body: Buffer) {
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(body as never)
    return wb.worksheets[0]
  }
  it('streams the current filter as a valid xlsx with translated headers and the spec file name', async () => {
    const res = await get('/api/audit-log/export?result=refused&sort=durationMs:asc', 'admin', [1, 26], 'es-MX')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['content-disposition']).toMatch(/filename="operation-log-\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.xlsx"/)
    const sheet = await sheetOf(res.rawPayload)
    expect(sheet.getRow(1).getCell(1).value).toBe('Hora') // es-MX header of createdAt
    expect(sheet.rowCount).toBe(1 + 6)
    // The duration column by its es-MX header (the sentence column comes second since issue 18).
    const durations = (sheet.getColumn((sheet.getRow(1).values as unknown[]).indexOf('Duración (ms)')).values as unknown[]).slice(2)
    expect(durations).toEqual([4, 8, 12, 16, 20, 24])
  })
  it('exports selected ids only within scope, max 50, and refuses an empty export', async () => {
    const foreign = (await get('/api/audit-log', 'admin', [2, 26])).json().data.records.map((r: { id: number }) => r.id)
    const mine = (await get('/api/audit-log?size=2')).json().data.records.map((r: { id: number }) => r.id)
    const ids = [...mine, ...foreign].map((id) => `ids=${id}`).join('&')
    const sel = await get(`/api/audit-log/export?${ids}`)
    expect(sel.statusCode).toBe(200)
    const sheet = await sheetOf(sel.rawPayload)
    expect(sheet.rowCount).toBe(3)
    const tooMany = await get(`/api/audit-log/export?${Array.from({ length: 51 }, (_, i) => `ids=${i + 1}`).join('&')}`)
    expect(tooMany.statusCode).toBe(400)
    expect(tooMany.json().errors[0]).toMatchObject({ field: 'ids', messageKey: 'grid:export.tooMany' })
    const empty = await get('/api/audit-log/export?commandId=no-such-command')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().messageKey).toBe('grid:export.noData')
  })
  it('needs operation-log:export', async () => {
    expect((await get('/api/audit-log/export', 'receiver')).statusCode).toBe(403)
  })
})
