// Values an administrator adds to a bundled dictionary (dictionary item screen): the list endpoints'
// enum filters accept them while the dictionary row is active (the console offers them there), but
// rows cannot hold them — resource writes accept the bundled values only (resourceSchemas' enum check;
// the tables' CHECK constraints), so such a filter matches nothing. Unknown values stay refused naming
// the field; a non-integer value added to a numeric dictionary is refused, not compared with a smallint.
// Real database (PGlite, or PostgreSQL with TEST_DATABASE_URL).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'

let t: TestApp
let admin: ApiClient

async function addValue(dictCode: string, dictValue: string, dictLabel: string): Promise<number> {
  const res = await admin.cmd('resource.dictItem.add', { dictCode, dictValue, dictLabel, sort: 50, status: 1 })
  expect(res.statusCode, res.body).toBe(200)
  return Number(res.json().data.id)
}
const list = (qs: string) => admin.get(`/api/resources/storageArea?${qs}`)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('admin-added dictionary values in enum filters', () => {
  it('an active added value filters (nothing matches); unknown ones are refused naming the field', async () => {
    expect((await list('type=42')).statusCode).toBe(400)
    const id = await addValue('storageAreaType', '42', 'Quarantine')

    const r = await list('type=42')
    expect(r.statusCode, r.body).toBe(200)
    expect(r.json().data).toMatchObject({ total: 0, records: [] })
    // Combined with a bundled value: the bundled value's rows.
    const both = await list('type=42&type=1&size=200')
    expect(both.statusCode).toBe(200)
    const [{ n }] = await t.database.query<{ n: number }>('select count(*)::int n from storage_area where tenant_id = 1 and warehouse_id = 26 and area_type = 1')
    expect(both.json().data.total).toBe(Number(n))
    // The export takes the same filter.
    expect((await admin.get('/api/resources/storageArea/export?type=42')).statusCode).toBe(400) // nothing to export
    expect((await admin.get('/api/resources/storageArea/export?type=42')).json().messageKey).toBe('grid:export.noData')

    const bad = await list('type=43')
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0]).toMatchObject({ field: 'type.0', messageKey: 'errors:field.invalidValue' })

    // Writes still accept bundled values only: the added value cannot be stored.
    const add = await admin.cmd('resource.storageArea.add', { code: 'QA-42', name: 'Quarantine', type: 42, status: 1 })
    expect(add.statusCode).toBe(400)
    expect(add.json().errors.some((e: { field: string; messageKey: string }) => e.field === 'type' && e.messageKey === 'errors:field.invalidValue')).toBe(true)

    // Disabled on the dictionary screen: refused again.
    expect((await admin.cmd('resource.dictItem.status', { ids: [id], status: 0 })).statusCode).toBe(200)
    expect((await list('type=42')).statusCode).toBe(400)
  })

  it('a non-integer value added to a numeric dictionary is refused in the filter, not sent to the database', async () => {
    await addValue('storageAreaType', 'x1', 'Not a number')
    const r = await list('type=x1')
    expect(r.statusCode).toBe(400)
    expect(r.json().errors[0]).toMatchObject({ messageKey: 'errors:field.invalidValue' })
  })
})
