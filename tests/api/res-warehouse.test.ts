// The warehouse group over the real API and database (PGlite, or PostgreSQL with TEST_DATABASE_URL):
// the demo seed, the section 5 rules (location code, shelf in the location's area, tray pallet cap,
// scoped references), the location actions (vendor box ceiling, batch temporary), and the spec's
// section 7 calls of the group (POST pages, save, detail, status modify, batch import, template
// address, storage area groups, job groups, reference lists).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'

const PASSWORD = 'Demo#2026'
let t: TestApp
let admin: string

async function login(username: string, password = PASSWORD): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}

/** Headers of a signed-in user in a (tenant, warehouse) pair. */
const hdr = (token: string, username = 'admin', tenant = 1, warehouse = 26, lang = 'en-US') =>
  ({ authorization: `Bearer ${token}`, 'x-userinfo-header': `${tenant}-${encodeURIComponent(username)}-${warehouse}`, 'x-language-header': lang })

const cmd = (commandId: string, args: unknown, h = hdr(admin)) => t.app.inject({
  method: 'POST', url: `/api/commands/${commandId}`, payload: args as object, headers: { ...h, 'idempotency-key': randomUUID() },
})
const get = (url: string, h = hdr(admin)) => t.app.inject({ method: 'GET', url, headers: h })
const post = (url: string, body: unknown, h: Record<string, string> = hdr(admin)) => t.app.inject({ method: 'POST', url, payload: body as object, headers: h })

async function q<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  return t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
}
const one = async <T = Record<string, unknown>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]

/** Id of a seeded row by code in a scope. */
const idOf = async (table: string, code: string, tenant = 1, warehouse = 26, col = 'code') =>
  Number((await one<{ id: number }>(`SELECT id FROM ${table} WHERE ${col} = $1 AND tenant_id = $2 AND warehouse_id = $3`, [code, tenant, warehouse])).id)

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('demo seed', () => {
  it('gives thousands of locations in domestic, US and MX warehouses, with areas, shelves, containers and groups per pair', async () => {
    const per = await q<{ warehouse_id: number; tenant_id: number; n: number }>('SELECT warehouse_id, tenant_id, count(*)::int AS n FROM location GROUP BY 1, 2 ORDER BY 1, 2')
    expect(per.map((r) => [Number(r.warehouse_id), Number(r.tenant_id)])).toEqual([[26, 1], [31, 2], [168, 1], [201, 1]])
    expect(per.reduce((s, r) => s + Number(r.n), 0)).toBeGreaterThanOrEqual(5000)
    const types = await q<{ n: number }>('SELECT count(DISTINCT area_type)::int AS n FROM storage_area WHERE tenant_id = 1 AND warehouse_id = 168')
    expect(Number(types[0].n)).toBeGreaterThanOrEqual(6)
    for (const table of ['shelf', 'container', 'job_group', 'storage_area_group']) {
      const n = await one<{ n: number }>(`SELECT count(DISTINCT (tenant_id, warehouse_id))::int AS n FROM ${table}`)
      expect(Number(n.n), table).toBe(4)
    }
    // Every seeded shelf location sits on a shelf of its own area (the composite key held).
    expect(await one('SELECT count(*)::int AS n FROM location l JOIN shelf s ON s.id = l.shelf_id WHERE s.storage_area_id <> l.storage_area_id')).toEqual({ n: 0 })
    expect(await one<{ code: string }>("SELECT code FROM location WHERE warehouse_id = 26 AND code = 'A01-01-01'")).toEqual({ code: 'A01-01-01' })
    // Trays carry their pallet cap; every status shows up.
    expect(await one("SELECT count(*)::int AS n FROM container WHERE container_type = 'tray' AND pallet_cap IS NULL")).toEqual({ n: 0 })
    expect(await one('SELECT count(DISTINCT container_status)::int AS n FROM container')).toEqual({ n: 4 })
    // Job groups hold the staff of the users who work in the pair (seven demo users work in Dongguan T01).
    const members = await one<{ n: number }>('SELECT cardinality(member_ids) AS n FROM job_group WHERE tenant_id = 1 AND warehouse_id = 26 LIMIT 1')
    expect(Number(members.n)).toBeGreaterThanOrEqual(7)
  })
})

describe('the database refuses what the rules forbid, even past the API', () => {
  it('bad location code, tray without pallet cap, a shelf of another warehouse', async () => {
    const area = await idOf('storage_area', 'PICK-A')
    await expect(t.database.query("INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id) VALUES (1, 26, 'A 01', 'scattered', $1)", [area])).rejects.toThrow(/location_code_ck/)
    await expect(t.database.query("INSERT INTO container (tenant_id, warehouse_id, code, container_type, size) VALUES (1, 26, 'TP-X', 'tray', 1)")).rejects.toThrow(/container_tray_cap_ck/)
    const otherShelf = await idOf('shelf', 'A01', 1, 168)
    await expect(t.database.query("INSERT INTO location (tenant_id, warehouse_id, code, location_type, storage_area_id, shelf_id) VALUES (1, 26, 'ZZ-1', 'scattered', $1, $2)", [area, otherShelf])).rejects.toThrow(/location_shelf_fk/)
  })
})

describe('warehouses (the core table, extended)', () => {
  it('adds a warehouse numbered after the seeded ones, refuses it as its own associated warehouse, 403 without the button', async () => {
    const add = await cmd('resource.warehouse.add', { code: 'US-NJ', name: 'New Jersey', warehouseLocation: 2, warehouseType: 'vendor', function: 'Overflow', address: '1 Port Rd, Newark, NJ', associatedWarehouseId: 168 })
    expect(add.statusCode, add.body).toBe(200)
    const w = add.json().data
    expect(w.id).toBeGreaterThanOrEqual(1000)
    expect(w).toMatchObject({ code: 'US-NJ', warehouseLocation: 2, warehouseType: 'vendor', status: 1, associatedWarehouseIdLabel: 'Los Angeles' })
    const self = await cmd('resource.warehouse.edit', { id: w.id, associatedWarehouseId: w.id })
    expect(self.statusCode).toBe(400)
    expect(self.json().errors[0]).toMatchObject({ field: 'associatedWarehouseId', messageKey: 'res-warehouse:rules.selfReference' })
    const dup = await cmd('resource.warehouse.add', { code: 'CN-DG', name: 'Again', warehouseLocation: 1 })
    expect(dup.statusCode).toBe(409)
    expect(dup.json().errors[0].field).toBe('code')
    const shelver = await login('shelver')
    expect((await cmd('resource.warehouse.add', { code: 'US-TX', name: 'Texas', warehouseLocation: 2 }, hdr(shelver, 'shelver'))).statusCode).toBe(403)
    // The seed described the demo warehouses.
    expect(await one('SELECT warehouse_type, associated_warehouse_id FROM warehouse WHERE id = 201')).toEqual({ warehouse_type: 'vendor', associated_warehouse_id: 168 })
  })
})

describe('storage area → shelf → location through the commands', () => {
  let areaId: number
  let shelfId: number

  it('creates a storage area, a shelf in it and a location on the shelf', async () => {
    const a = await cmd('resource.storageArea.add', { code: 'RW-AREA', name: 'Returns staging', type: 4, status: 1 })
    expect(a.statusCode, a.body).toBe(200)
    areaId = a.json().data.id
    const s = await cmd('resource.shelf.add', { code: 'RW01', type: 'heavy', storageAreaId: areaId, layers: 3, columns: 4, layerWeight: 500.25, length: 200, width: 90, height: 300, status: 1 })
    expect(s.statusCode, s.body).toBe(200)
    shelfId = s.json().data.id
    const l = await cmd('resource.location.add', { code: 'RW01-01-01', type: 'fullBox', storageAreaId: areaId, shelfId, floor: 1, status: 1 })
    expect(l.statusCode, l.body).toBe(200)
    expect(l.json().data).toMatchObject({ code: 'RW01-01-01', type: 'fullBox', storageAreaId: areaId, shelfId, temporary: false })
    expect(await one('SELECT tenant_id, warehouse_id, created_by IS NOT NULL AS by FROM location WHERE code = $1', ['RW01-01-01'])).toEqual({ tenant_id: 1, warehouse_id: 26, by: true })
  })

  it('refuses a bad location code naming the field, in the operator language', async () => {
    const res = await cmd('resource.location.add', { code: 'RW_01', type: 'fullBox', storageAreaId: areaId, status: 1 }, hdr(admin, 'admin', 1, 26, 'es-MX'))
    expect(res.statusCode).toBe(400)
    const e = res.json().errors.find((x: { field: string }) => x.field === 'code')
    expect(e.messageKey).toBe('res-warehouse:rules.locationCode')
    expect(e.message).toContain("solo admite letras, dígitos y '-'")
    expect(await one('SELECT count(*)::int AS n FROM location WHERE code = $1', ['RW_01'])).toEqual({ n: 0 })
  })

  it('refuses a shelf of another storage area for a location (shelfId named), nothing written', async () => {
    const otherShelf = await idOf('shelf', 'A01')
    const res = await cmd('resource.location.add', { code: 'RW01-09-09', type: 'fullBox', storageAreaId: areaId, shelfId: otherShelf, status: 1 })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'shelfId', messageKey: 'res-warehouse:rules.shelfNotInArea' })])
    expect(await one('SELECT count(*)::int AS n FROM location WHERE code = $1', ['RW01-09-09'])).toEqual({ n: 0 })
  })

  it('refuses a storage area of another warehouse: a reference never crosses the scope', async () => {
    const foreignArea = await idOf('storage_area', 'PICK-A', 1, 168)
    const res = await cmd('resource.location.add', { code: 'RW-X1', type: 'scattered', storageAreaId: foreignArea, status: 1 })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors[0].field).toBe('storageAreaId')
  })

  it('a shelf holding locations keeps its storage area', async () => {
    const res = await cmd('resource.shelf.edit', { id: shelfId, storageAreaId: await idOf('storage_area', 'PICK-B') })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors).toEqual([expect.objectContaining({ field: 'storageAreaId', messageKey: 'res-warehouse:rules.shelfHasLocations' })])
    expect(await one('SELECT storage_area_id FROM shelf WHERE id = $1', [shelfId])).toEqual({ storage_area_id: areaId })
  })

  it('a tray needs its pallet cap', async () => {
    const res = await cmd('resource.container.add', { code: 'TP-RW1', type: 'tray', status: 0, size: 1.2 })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'palletCap', messageKey: 'res-warehouse:rules.palletCapRequired' })
    const ok = await cmd('resource.container.add', { code: 'TP-RW1', type: 'tray', status: 0, size: 1.2, palletCap: 36 })
    expect(ok.statusCode, ok.body).toBe(200)
  })
})

describe('location actions', () => {
  const codes = ['B02-01-01', 'B02-01-02', 'B02-01-03']
  let ids: number[]
  let vendorId: number
  beforeAll(async () => {
    ids = await Promise.all(codes.map((c) => idOf('location', c)))
    const v = await one<{ id: number }>('SELECT id FROM supplier WHERE tenant_id = 1 ORDER BY id LIMIT 1')
    vendorId = v ? Number(v.id) : 0
  })

  it('vendor box ceiling on many locations, through the spec call, audited', async () => {
    expect(vendorId, 'a demo supplier of tenant 1').toBeGreaterThan(0)
    const res = await post('/wms-base/basewarehouselocation/updateVendorIdBoxCeiling', { ids, vendorId, boxCeiling: 24 })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json()).toMatchObject({ responseCode: '0001', data: { updated: 3 } })
    const rows = await q('SELECT vendor_id, box_ceiling FROM location WHERE id = ANY($1::int[])', [ids])
    expect(rows).toEqual(ids.map(() => ({ vendor_id: vendorId, box_ceiling: 24 })))
    const audit = await q("SELECT result FROM audit_log WHERE command_id = 'resource.location.boxCeiling'")
    expect(audit).toEqual([{ result: 'ok' }])
  })

  it('box ceiling: a location of another warehouse refuses the whole batch (404), nothing written', async () => {
    const foreign = await idOf('location', 'B02-01-04', 1, 168)
    const res = await cmd('resource.location.boxCeiling', { ids: [ids[0], foreign], vendorId: null, boxCeiling: null })
    expect(res.statusCode, res.body).toBe(404)
    expect(res.body).not.toContain('B02-01-04')
    expect(await one('SELECT box_ceiling FROM location WHERE id = $1', [ids[0]])).toEqual({ box_ceiling: 24 })
  })

  it('box ceiling: a vendor of another tenant is refused naming vendorId', async () => {
    const other = await one<{ id: number }>('SELECT id FROM supplier WHERE tenant_id = 2 ORDER BY id LIMIT 1')
    expect(other).toBeTruthy()
    const res = await cmd('resource.location.boxCeiling', { ids, vendorId: Number(other.id), boxCeiling: 5 })
    expect(res.statusCode, res.body).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'vendorId', messageKey: 'res-warehouse:rules.crossScope' })
  })

  it('box ceiling: vendor and ceiling together (field named)', async () => {
    const res = await cmd('resource.location.boxCeiling', { ids, vendorId, boxCeiling: null })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0].field).toBe('boxCeiling')
  })

  it('box ceiling without the permission: 403 (picker lacks location buttons)', async () => {
    const picker = await login('picker')
    const res = await cmd('resource.location.boxCeiling', { ids, vendorId, boxCeiling: 3 }, hdr(picker, 'picker'))
    expect(res.statusCode).toBe(403)
  })

  it('batch modify to temporary: sets the flag; rows already temporary refuse the whole batch', async () => {
    const first = await cmd('resource.location.temporary', { ids: ids.slice(0, 2) })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toEqual({ updated: 2 })
    const again = await cmd('resource.location.temporary', { ids }, hdr(admin, 'admin', 1, 26, 'en-US'))
    expect(again.statusCode).toBe(400)
    const body = again.json()
    expect(body.responseDesc).toBe('Batch modify to temporary location not allowed for rows already temporary')
    expect(body.errors.map((e: { params: { id: number } }) => e.params.id).sort()).toEqual(ids.slice(0, 2).sort())
    // The third row stayed as it was: nothing half-written.
    expect(await one('SELECT temporary FROM location WHERE id = $1', [ids[2]])).toEqual({ temporary: false })
  })
})

describe('spec section 7 calls of the warehouse group', () => {
  it('POST pageWarehouseLocation: one page of the current warehouse, filtered and sorted', async () => {
    const res = await post('/wms-plus-base/warehouselocation/pageWarehouseLocation', { page: 1, size: 5, sort: 'code:desc', q: 'A01-0' })
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    expect(d.size).toBe(5)
    expect(d.records.map((r: { code: string }) => r.code)).toEqual(['A01-05-08', 'A01-05-07', 'A01-05-06', 'A01-05-05', 'A01-05-04'])
    expect(d.total).toBe(40)
    // Yiwu (tenant 2) sees its own rows only.
    const yiwu = await post('/wms-plus-base/warehouselocation/pageWarehouseLocation', { size: 1 }, hdr(admin, 'admin', 2, 31))
    expect(yiwu.json().data.total).toBe(Number((await one<{ n: number }>('SELECT count(*)::int AS n FROM location WHERE warehouse_id = 31')).n))
  })

  it('POST queryWarehouseLocationDetail: the row, or 404 for another warehouse without its data', async () => {
    const id = await idOf('location', 'A01-01-01')
    const res = await post('/wms-plus-base/warehouselocation/queryWarehouseLocationDetail', { id })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ id, code: 'A01-01-01', storageAreaIdLabel: 'Picking area A' })
    const foreign = await idOf('location', 'A01-01-02', 1, 201)
    const no = await post('/wms-plus-base/warehouselocation/queryWarehouseLocationDetail', { id: foreign })
    expect(no.statusCode).toBe(404)
    expect(no.body).not.toContain('A01-01-02')
  })

  it('POST saveLocationCode adds, then edits with an id; POST statusModify disables', async () => {
    const area = await idOf('storage_area', 'SAMPLE-S')
    const add = await post('/wms-plus-base/warehouselocation/saveLocationCode', { code: 'S-900', type: 'sample', storageAreaId: area, status: 1 })
    expect(add.statusCode, add.body).toBe(200)
    const id = add.json().data.id
    const edit = await post('/wms-plus-base/warehouselocation/saveLocationCode', { id, floor: 2 })
    expect(edit.statusCode, edit.body).toBe(200)
    expect(await one('SELECT floor, code FROM location WHERE id = $1', [id])).toEqual({ floor: 2, code: 'S-900' })
    const st = await post('/wms-plus-base/warehouselocation/statusModify', { ids: [id], status: 0 })
    expect(st.statusCode, st.body).toBe(200)
    expect(await one('SELECT status FROM location WHERE id = $1', [id])).toEqual({ status: 0 })
  })

  it('GET findDownloadUrl/WMS_LOCATION_TEMPLATE gives the template address, which downloads an xlsx', async () => {
    const res = await get('/base/templatedownloadtask/findDownloadUrl/WMS_LOCATION_TEMPLATE')
    expect(res.statusCode, res.body).toBe(200)
    const url = res.json().data
    expect(url).toBe('/api/resources/location/template')
    const file = await get(url)
    expect(file.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(file.rawPayload as unknown as ArrayBuffer)
    expect(wb.worksheets[0].getRow(1).cellCount).toBe(6)
    expect((await get('/base/templatedownloadtask/findDownloadUrl/NO_SUCH_TEMPLATE')).statusCode).toBe(404)
    const picker = await login('picker')
    expect((await get('/base/templatedownloadtask/findDownloadUrl/WMS_LOCATION_TEMPLATE', hdr(picker, 'picker'))).statusCode).toBe(403)
  })

  it('POST batchImport: a sheet with bad rows lists every error and writes nothing; fixed, it writes all rows', async () => {
    const sheet = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook()
      const ws = wb.addWorksheet('locations')
      ws.addRow(['code', 'type', 'storageAreaId', 'shelfId', 'floor', 'status'])
      for (const r of rows) ws.addRow(r)
      return Buffer.from(await wb.xlsx.writeBuffer())
    }
    const upload = async (content: Buffer) => {
      const boundary = `----t${randomUUID().replace(/-/g, '')}`
      const payload = Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="locations.xlsx"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
        content, Buffer.from(`\r\n--${boundary}--\r\n`),
      ])
      return t.app.inject({ method: 'POST', url: '/wms-plus-base/warehouselocation/batchImport', payload, headers: { ...hdr(admin), 'content-type': `multipart/form-data; boundary=${boundary}` } })
    }
    const before = await one<{ n: number }>("SELECT count(*)::int AS n FROM location WHERE code LIKE 'IMP-%'")
    const bad = await upload(await sheet([
      ['IMP-001', 'scattered', 'TEMP-T', '', 1, 1],
      ['IMP 002', 'scattered', 'TEMP-T', '', 1, 1],
      ['IMP-003', 'pallet', 'TEMP-T', '', 1, 1],
      ['IMP-004', 'scattered', 'NO-SUCH-AREA', '', 1, 1],
    ]))
    expect(bad.statusCode, bad.body).toBe(200)
    const errs = bad.json().data.errors as { row: number; field: string }[]
    expect(errs.map((e) => [e.row, e.field])).toEqual([[3, 'code'], [4, 'type'], [5, 'storageAreaId']])
    expect(await one("SELECT count(*)::int AS n FROM location WHERE code LIKE 'IMP-%'")).toEqual(before)

    const good = await upload(await sheet([
      ['IMP-001', 'scattered', 'TEMP-T', '', 1, 1],
      ['IMP-002', 'fullBox', 'FLOOR-F', 'F01', 1, 1],
      ['IMP-003', 'sample', 'SAMPLE-S', '', 1, 0],
    ]))
    expect(good.statusCode, good.body).toBe(200)
    expect(good.json().data).toMatchObject({ created: 3, updated: 0 })
    expect(await q("SELECT code, location_type, status, shelf_id IS NOT NULL AS on_shelf FROM location WHERE code LIKE 'IMP-%' AND warehouse_id = 26 ORDER BY code")).toEqual([
      { code: 'IMP-001', location_type: 'scattered', status: 1, on_shelf: false },
      { code: 'IMP-002', location_type: 'fullBox', status: 1, on_shelf: true },
      { code: 'IMP-003', location_type: 'sample', status: 0, on_shelf: false },
    ])
  })

  it('storage area groups: POST insert, page and update', async () => {
    const a = await idOf('storage_area', 'PICK-A')
    const b = await idOf('storage_area', 'SAMPLE-S')
    const ins = await post('/wms-plus-base/storageAreaGroup/insert', { code: 'RW-GRP', name: 'Pick and sample', areaIds: [a, b] })
    expect(ins.statusCode, ins.body).toBe(200)
    const id = ins.json().data.id
    const page = await post('/wms-plus-base/storageAreaGroup/page', { q: 'RW-GRP' })
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().data.records).toEqual([expect.objectContaining({ id, code: 'RW-GRP', areaIds: [a, b], areaIdsLabels: ['Picking area A', 'Sample area'] })])
    const dup = await post('/wms-plus-base/storageAreaGroup/update', { id, areaIds: [a, a] })
    expect(dup.statusCode).toBe(400)
    expect(dup.json().errors[0]).toMatchObject({ field: 'areaIds', messageKey: 'res-warehouse:rules.duplicateArea' })
    const upd = await post('/wms-plus-base/storageAreaGroup/update', { id, areaIds: [b] })
    expect(upd.statusCode, upd.body).toBe(200)
    expect(await one('SELECT area_ids FROM storage_area_group WHERE id = $1', [id])).toEqual({ area_ids: [b] })
  })

  it('job groups: POST instWorkGroup, GET pageWorkGroup and the workGroup reference list', async () => {
    const ins = await post('/wms-in/workgroup/instWorkGroup', { number: 'JG-RW', name: 'Night shift' })
    expect(ins.statusCode, ins.body).toBe(200)
    const page = await get('/wms-in/workgroup/pageWorkGroup?q=JG-RW')
    expect(page.statusCode, page.body).toBe(200)
    expect(page.json().data.records.map((r: { number: string }) => r.number)).toEqual(['JG-RW'])
    const list = await get('/wms-in/workgroup/workGroup')
    expect(list.statusCode, list.body).toBe(200)
    expect(JSON.stringify(list.json().data)).toContain('JG-RW')
  })

  it('reference lists of section 7: warehouses, storage areas, locations (scoped)', async () => {
    const wh = await get('/wms-base/basewarehouse/list')
    expect(wh.statusCode, wh.body).toBe(200)
    expect(JSON.stringify(wh.json().data)).toContain('CN-DG')
    const areas = await get('/wms-base/basestoragearea/list', hdr(admin, 'admin', 1, 168))
    expect(areas.statusCode, areas.body).toBe(200)
    expect(JSON.stringify(areas.json().data)).toContain('PICK-A')
    expect(JSON.stringify(areas.json().data)).not.toContain('RW-AREA') // created in Dongguan, not LA
    const locs = await get('/wms-base/basewarehouselocation/list?q=RW01')
    expect(locs.statusCode, locs.body).toBe(200)
    expect(JSON.stringify(locs.json().data)).toContain('RW01-01-01')
  })

  it('GET wareHouseAndTenantByEmployeeId: the pairs of a staff member, to themselves or to holders of the staff/warehouse screens', async () => {
    const staffId = async (username: string) => Number((await one<{ id: number }>('SELECT id FROM staff WHERE username = $1', [username])).id)
    const receiverStaff = await staffId('receiver')
    const res = await get(`/wms-base/basewarehouse/wareHouseAndTenantByEmployeeId/${receiverStaff}`)
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.map((p: { warehouseId: number; tenantId: number }) => [p.warehouseId, p.tenantId])).toEqual([[26, 1], [168, 1]])
    expect(res.json().data[1]).toMatchObject({ warehouseCode: 'US-LA', warehouseName: 'Los Angeles', tenantName: 'Stride Footwear', warehouseLocation: 2 })
    const receiver = await login('receiver')
    expect((await get(`/wms-base/basewarehouse/wareHouseAndTenantByEmployeeId/${receiverStaff}`, hdr(receiver, 'receiver'))).statusCode).toBe(200)
    expect((await get(`/wms-base/basewarehouse/wareHouseAndTenantByEmployeeId/${await staffId('admin')}`, hdr(receiver, 'receiver'))).statusCode).toBe(403)
  })

  it('container spec paths: GET page, POST, PUT and GET by id', async () => {
    const add = await post('/wms-base/basecontainer', { code: 'CR-RW9', type: 'crate', status: 0, size: 0.08 })
    expect(add.statusCode, add.body).toBe(200)
    const id = add.json().data.id
    const put = await t.app.inject({ method: 'PUT', url: '/wms-base/basecontainer', payload: { id, status: 1 }, headers: hdr(admin) })
    expect(put.statusCode, put.body).toBe(200)
    const byId = await get(`/wms-base/basecontainer/${id}`)
    expect(byId.json().data).toMatchObject({ code: 'CR-RW9', status: 1, size: 0.08 })
    const page = await get('/wms-base/basecontainer/page?q=CR-RW9')
    expect(page.json().data.total).toBe(1)
  })
})
