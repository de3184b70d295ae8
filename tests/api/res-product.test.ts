// Product group against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): the demo
// catalogue, the material rule, SKU matrix generation, the plat SKU trim, the UPC request flow with its
// mismatch errors, read-only styles from the product data system, the style imports (one style per
// import; L/T days only for incomplete entries) and the spec's reference GETs — all tenant-scoped.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { withCheckDigit } from '../../src/domain/resources/product/rules'

const PASSWORD = 'Demo#2026'
let t: TestApp
let admin: string

async function login(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
/** Tenant 1 at warehouse 26 unless told otherwise. */
const headers = (token = admin, tenant = 1, warehouse = 26, user = 'admin') => ({ authorization: `Bearer ${token}`, 'x-userinfo-header': `${tenant}-${user}-${warehouse}`, 'x-language-header': 'en-US' })

function run(commandId: string, args: unknown, h = headers()) {
  return t.app.inject({ method: 'POST', url: `/api/commands/${commandId}`, payload: args as object, headers: { ...h, 'idempotency-key': randomUUID() } })
}
const get = (url: string, h = headers()) => t.app.inject({ method: 'GET', url, headers: h })
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T>(text, params)
const one = async <T = Record<string, any>>(text: string, params: unknown[] = []) => (await q<T>(text, params))[0]

async function xlsx(rows: unknown[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Sheet1')
  for (const r of rows) ws.addRow(r)
  return Buffer.from(await wb.xlsx.writeBuffer())
}
function multipart(content: Buffer, name = 'sheet.xlsx') {
  const boundary = `----b${randomUUID()}`
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`),
    content, Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}
const upload = (url: string, content: Buffer, h = headers()) => {
  const m = multipart(content)
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...h, ...m.headers } })
}

/** Reference rows of tenant 1 by code. */
async function ids(table: string, codes: string[], col = 'code', tenant = 1): Promise<number[]> {
  const rows = await q<{ id: number; c: string }>(`select id, ${col}::text as c from ${table} where tenant_id = $1 and ${col}::text = any($2::text[])`, [tenant, codes])
  return codes.map((c) => Number(rows.find((r) => r.c === c)!.id))
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('demo catalogue', () => {
  it('hundreds of styles, thousands of SKUs (every color × size) and MSKUs on all seven platforms', async () => {
    const c = await one<{ styles: number; skus: number; mskus: number; platforms: number; long: number; bad_codes: number; matrix: number }>(`select
      (select count(*)::int from product_style) styles, (select count(*)::int from product_sku) skus, (select count(*)::int from product_msku) mskus,
      (select count(distinct platform_id)::int from product_msku) platforms, (select count(*)::int from product_msku where char_length(plat_sku) > 30) long,
      (select count(*)::int from product_sku k join product_style s on s.id = k.style_id join product_color c on c.id = k.color_id join product_size z on z.id = k.size_id
        where k.sku_code <> s.style_no || '-' || c.code || '-' || z.code) bad_codes,
      (select coalesce(sum(cardinality(color_ids) * cardinality(size_ids)), 0)::int from product_style) matrix`)
    expect(c.styles).toBeGreaterThanOrEqual(200)
    expect(c.skus).toBeGreaterThanOrEqual(3000)
    // Every SKU is a cell of its style's matrix; some styles got a color after their matrix (cells to generate).
    expect(c.skus).toBeLessThan(c.matrix)
    expect(c.matrix - c.skus).toBeLessThan(c.matrix / 10)
    expect(c.mskus).toBeGreaterThanOrEqual(3000)
    expect(c.platforms).toBe(7)
    expect(c.long).toBe(0)
    expect(c.bad_codes).toBe(0)
    // The demo has both sources and both entry statuses (the screens' filters have something to show).
    const mix = await q<{ source: string; entry_status: string }>('select distinct source, entry_status from product_style')
    expect(mix.map((m) => `${m.source}/${m.entry_status}`).sort()).toEqual(expect.arrayContaining(['local/complete', 'local/incomplete', 'pds/complete']))
  })
})

/** A fresh local style of tenant 1 (unique number), via the generic add command. */
async function newStyle(over: Record<string, unknown> = {}) {
  const [leaf] = await ids('product_category_3', ['RUNNING'])
  const [blk, wht] = await ids('product_color', ['BLK', 'WHT'])
  const sizes = await ids('product_size', ['EU40', 'EU41', 'EU42'])
  const [mesh, rubber, eva] = await ids('product_material', ['201', '301', '302'], 'material_key')
  const res = await run('resource.style.add', {
    styleNo: `T-${randomUUID().slice(0, 8).toUpperCase()}`, name: 'Test Runner', categoryId: leaf, year: 2026, season: 'summer',
    colorIds: [blk, wht], sizeIds: sizes, retailPrice: 89.9, ltDays: 30,
    materials: [{ part: 'upper', materialId: mesh, proportion: 100 }, { part: 'sole', materialId: rubber, proportion: 60 }, { part: 'sole', materialId: eva, proportion: 40 }],
    ...over,
  })
  return { res, mesh, rubber, eva, blk, wht, sizes }
}

describe('styles: materials and proportions by part', () => {
  it('a valid composition is stored and the entry is complete', async () => {
    const { res } = await newStyle()
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toMatchObject({ entryStatus: 'complete', source: 'local' })
  })

  it('a part not totalling 100% is refused naming the row, nothing written', async () => {
    const before = await one<{ n: number }>('select count(*)::int n from product_style')
    const [mesh, rubber] = await ids('product_material', ['201', '301'], 'material_key')
    const { res } = await newStyle({ materials: [{ part: 'upper', materialId: mesh, proportion: 100 }, { part: 'sole', materialId: rubber, proportion: 90 }] })
    expect(res.statusCode, res.body).toBe(400)
    const err = res.json().errors.find((e: { field: string }) => e.field === 'materials.1.proportion')
    expect(err).toMatchObject({ messageKey: 'res-product:rules.materialTotal' })
    expect(err.message).toContain('Material composition must total 100%')
    expect((await one<{ n: number }>('select count(*)::int n from product_style')).n).toBe(before.n)
  })

  it('the same material twice in one part is refused (in different parts it is fine)', async () => {
    const [mesh] = await ids('product_material', ['201'], 'material_key')
    const dup = await newStyle({ materials: [{ part: 'upper', materialId: mesh, proportion: 50 }, { part: 'upper', materialId: mesh, proportion: 50 }] })
    expect(dup.res.statusCode).toBe(400)
    expect(dup.res.json().errors).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'materials.1.materialId', messageKey: 'res-product:rules.duplicateMaterial' })]))
    const ok = await newStyle({ materials: [{ part: 'upper', materialId: mesh, proportion: 100 }, { part: 'lining', materialId: mesh, proportion: 100 }] })
    expect(ok.res.statusCode, ok.res.body).toBe(200)
  })

  it('without L/T days the entry is incomplete; the database derives it on every write', async () => {
    const { res } = await newStyle({ ltDays: null })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.entryStatus).toBe('incomplete')
    const edited = await run('resource.style.edit', { id: res.json().data.id, ltDays: 12 })
    expect(edited.statusCode, edited.body).toBe(200)
    expect(edited.json().data.entryStatus).toBe('complete')
  })
})

describe('styles from the product data system are read-only here', () => {
  it('edit, status change and SKU generation are refused with the spec message', async () => {
    const pds = await one<{ id: number; name: string; status: number }>("select id, name, status from product_style where tenant_id = 1 and source = 'pds' order by id limit 1")
    const edit = await run('resource.style.edit', { id: pds.id, name: 'Renamed' })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors[0]).toMatchObject({ messageKey: 'res-product:rules.styleReadOnly', message: 'Style from the product data system is not editable here' })
    const status = await run('resource.style.status', { ids: [pds.id], status: pds.status === 1 ? 0 : 1 })
    expect(status.statusCode === 400 || status.json().data?.refused?.length === 1, status.body).toBe(true)
    expect((await one<{ status: number }>('select status from product_style where id = $1', [pds.id])).status).toBe(pds.status)
    const matrix = await run('resource.style.matrix', { ids: [pds.id] })
    expect(matrix.statusCode).toBe(400)
    expect(matrix.json().errors[0]).toMatchObject({ field: 'ids', messageKey: 'res-product:rules.styleReadOnly' })
    expect((await one<{ name: string }>('select name from product_style where id = $1', [pds.id])).name).toBe(pds.name)
  })
})

describe('SKU matrix (style × color × size)', () => {
  it('generates every missing cell once, with codes style-color-size; a second run creates nothing', async () => {
    const { res } = await newStyle()
    const style = res.json().data
    const first = await run('resource.style.matrix', { ids: [style.id] })
    expect(first.statusCode, first.body).toBe(200)
    expect(first.json().data).toMatchObject({ created: 6, existing: 0 })
    const codes = (await q<{ sku_code: string }>('select sku_code from product_sku where style_id = $1 order by sku_code', [style.id])).map((r) => r.sku_code)
    expect(codes).toEqual([`${style.styleNo}-BLK-EU40`, `${style.styleNo}-BLK-EU41`, `${style.styleNo}-BLK-EU42`, `${style.styleNo}-WHT-EU40`, `${style.styleNo}-WHT-EU41`, `${style.styleNo}-WHT-EU42`])
    // A new color on the style → only its cells are added.
    const [nvy] = await ids('product_color', ['NVY'])
    expect((await run('resource.style.edit', { id: style.id, colorIds: [...style.colorIds, nvy] })).statusCode).toBe(200)
    const second = await run('resource.style.matrix', { ids: [style.id] })
    expect(second.json().data).toMatchObject({ created: 3, existing: 6 })
    const again = await run('resource.style.matrix', { ids: [style.id] })
    expect(again.json().data).toMatchObject({ created: 0, existing: 9 })
  })

  it('a style of another tenant is not found (and nothing is generated)', async () => {
    const other = await one<{ id: number }>("select id from product_style where tenant_id = 2 and source = 'local' order by id limit 1")
    const before = await one<{ n: number }>('select count(*)::int n from product_sku where style_id = $1', [other.id])
    const res = await run('resource.style.matrix', { ids: [other.id] })
    expect(res.statusCode).toBe(404)
    expect((await one<{ n: number }>('select count(*)::int n from product_sku where style_id = $1', [other.id])).n).toBe(before.n)
  })

  it('a SKU whose color is not one of its style\'s is refused naming colorId', async () => {
    const { res, sizes } = await newStyle()
    const [red] = await ids('product_color', ['RED'])
    const add = await run('resource.sku.add', { skuCode: `${res.json().data.styleNo}-RED-EU40`, styleId: res.json().data.id, colorId: red, sizeId: sizes[0], status: 1 })
    expect(add.statusCode).toBe(400)
    expect(add.json().errors[0]).toMatchObject({ field: 'colorId', messageKey: 'res-product:rules.colorNotOfStyle' })
  })
})

/** A listing of tenant 1 on Amazon US (platform/site/shop consistent). */
async function amazonUs() {
  return one<{ platform_id: number; site_id: number; shop_id: number }>(`select p.id platform_id, s.id site_id, sh.id shop_id from shop sh join site s on s.id = sh.site_id
    join platform p on p.id = s.platform_id where sh.code = 'AMZ-US-STRIDE'`)
}

describe('platform SKUs (MSKU)', () => {
  it('a plat SKU over 30 characters keeps its last 30', async () => {
    const where = await amazonUs()
    const sku = await one<{ id: number }>('select id from product_sku where tenant_id = 1 order by id desc limit 1')
    const long = `LEGACY-PREFIX-${randomUUID().slice(0, 8).toUpperCase()}-ABCDEFGHIJKLMNOP`
    expect(long.length).toBeGreaterThan(30)
    const res = await run('resource.msku.add', { platSku: long, skuId: sku.id, platformId: where.platform_id, siteId: where.site_id, shopId: where.shop_id, status: 'onSale' })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.platSku).toBe(long.slice(-30))
    expect((await one<{ plat_sku: string }>('select plat_sku from product_msku where id = $1', [res.json().data.id])).plat_sku).toBe(long.slice(-30))
  })

  it('the site must belong to the platform and the shop to the site', async () => {
    const where = await amazonUs()
    const walmart = await one<{ site_id: number }>("select s.id site_id from site s join platform p on p.id = s.platform_id where p.code = 'WALMART' limit 1")
    const sku = await one<{ id: number }>('select id from product_sku where tenant_id = 1 order by id limit 1')
    const res = await run('resource.msku.add', { platSku: `X-${randomUUID().slice(0, 8)}`, skuId: sku.id, platformId: where.platform_id, siteId: walmart.site_id, shopId: where.shop_id, status: 'onSale' })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'siteId', messageKey: 'res-product:rules.siteNotOfPlatform' })
  })

  it('a UPC with a wrong check digit is refused naming upc', async () => {
    const where = await amazonUs()
    const sku = await one<{ id: number }>('select id from product_sku where tenant_id = 1 order by id limit 1')
    const good = withCheckDigit('01234567890')
    const bad = good.slice(0, 11) + String((Number(good[11]) + 1) % 10)
    const res = await run('resource.msku.add', { platSku: `U-${randomUUID().slice(0, 8)}`, skuId: sku.id, platformId: where.platform_id, siteId: where.site_id, shopId: where.shop_id, status: 'onSale', upc: bad })
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'upc', messageKey: 'res-product:rules.upcCheckDigit' })
  })
})

describe('UPC requests: submit → review → approve / reject', () => {
  /** A tenant-1 listing without UPC and no open request, with its SKU facts. */
  async function bareListing(offset = 0) {
    return one<{ msku_id: number; sku_id: number; style_id: number; color_id: number; size_id: number }>(`
      select m.id msku_id, k.id sku_id, k.style_id, k.color_id, k.size_id from product_msku m join product_sku k on k.id = m.sku_id
      where m.tenant_id = 1 and m.upc is null and not exists (select 1 from product_upc_request r where r.msku_id = m.id)
      order by m.id offset $1 limit 1`, [offset])
  }
  let serial = 70000000
  const freshUpc = () => withCheckDigit(String(serial++).padStart(11, '0'))

  it('a new UPC goes to review on submit and onto the listing on approval', async () => {
    const l = await bareListing(0)
    const upc = freshUpc()
    const add = await run('resource.upcRequest.add', { requestType: 'newUpc', skuId: l.sku_id, styleId: l.style_id, colorId: l.color_id, sizeId: l.size_id, mskuId: l.msku_id, upc })
    expect(add.statusCode, add.body).toBe(200)
    const id = add.json().data.id
    expect(add.json().data.status).toBe(0)
    // Approving a draft is refused: review comes after submit.
    const early = await run('resource.upcRequest.approve', { ids: [id] })
    expect(early.statusCode).toBe(400)
    expect(early.json().errors[0]).toMatchObject({ field: 'ids', messageKey: 'res-product:rules.upcRequestStatus' })

    expect((await run('resource.upcRequest.submit', { ids: [id] })).statusCode).toBe(200)
    expect(await one('select status, submitted_at is not null submitted from product_upc_request where id = $1', [id])).toMatchObject({ status: 1, submitted: true })
    expect((await one('select approval_status from product_msku where id = $1', [l.msku_id])).approval_status).toBe(1)
    // Under review it can no longer be edited.
    const edit = await run('resource.upcRequest.edit', { id, upc: freshUpc() })
    expect(edit.statusCode).toBe(400)

    const ok = await run('resource.upcRequest.approve', { ids: [id] })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(await one('select upc, approval_status from product_msku where id = $1', [l.msku_id])).toMatchObject({ upc, approval_status: 3 })
    expect((await one('select status, reviewed_by from product_upc_request where id = $1', [id])).status).toBe(3)
  })

  it('a rejection needs a remark, records it and leaves the listing without UPC', async () => {
    const l = await bareListing(1)
    const add = await run('resource.upcRequest.add', { requestType: 'newUpc', skuId: l.sku_id, styleId: l.style_id, colorId: l.color_id, sizeId: l.size_id, mskuId: l.msku_id, upc: freshUpc() })
    const id = add.json().data.id
    await run('resource.upcRequest.submit', { ids: [id] })
    const noRemark = await run('resource.upcRequest.reject', { ids: [id], remark: '  ' })
    expect(noRemark.statusCode).toBe(400)
    expect(noRemark.json().errors[0].field).toBe('remark')
    const rej = await run('resource.upcRequest.reject', { ids: [id], remark: 'Label photo unreadable' })
    expect(rej.statusCode, rej.body).toBe(200)
    expect(await one('select status, review_remark from product_upc_request where id = $1', [id])).toMatchObject({ status: 2, review_remark: 'Label photo unreadable' })
    expect(await one('select upc, approval_status from product_msku where id = $1', [l.msku_id])).toMatchObject({ upc: null, approval_status: 2 })
  })

  it('style, color, size and MSKU mismatches with the linked SKU are each named; nothing is written', async () => {
    const l = await bareListing(2)
    const other = await one<{ style_id: number; color_id: number; size_id: number; msku_id: number }>(`select k.style_id, k.color_id, k.size_id, m.id msku_id from product_sku k join product_msku m on m.sku_id = k.id
      where k.tenant_id = 1 and k.style_id <> $1 and k.color_id <> $2 and k.size_id <> $3 limit 1`, [l.style_id, l.color_id, l.size_id])
    const before = await one<{ n: number }>('select count(*)::int n from product_upc_request')
    const res = await run('resource.upcRequest.add', { requestType: 'newUpc', skuId: l.sku_id, styleId: other.style_id, colorId: other.color_id, sizeId: other.size_id, mskuId: other.msku_id, upc: freshUpc() })
    expect(res.statusCode).toBe(400)
    const byField = Object.fromEntries(res.json().errors.map((e: { field: string; messageKey: string }) => [e.field, e.messageKey]))
    expect(byField).toMatchObject({
      styleId: 'res-product:rules.upcMismatch.style', colorId: 'res-product:rules.upcMismatch.color',
      sizeId: 'res-product:rules.upcMismatch.size', mskuId: 'res-product:rules.upcMismatch.msku',
    })
    expect((await one<{ n: number }>('select count(*)::int n from product_upc_request')).n).toBe(before.n)
  })

  it('inheriting: the UPC must be the source listing\'s, and the source must sell the same article', async () => {
    // A SKU listed twice: one listing with a UPC (the source), one without (the target).
    const where = await amazonUs()
    const src = await one<{ msku_id: number; sku_id: number; style_id: number; color_id: number; size_id: number; upc: string }>(`
      select m.id msku_id, k.id sku_id, k.style_id, k.color_id, k.size_id, m.upc from product_msku m join product_sku k on k.id = m.sku_id
      where m.tenant_id = 1 and m.upc is not null order by m.id limit 1`)
    const target = await run('resource.msku.add', { platSku: `INH-${randomUUID().slice(0, 8)}`, skuId: src.sku_id, platformId: where.platform_id, siteId: where.site_id, shopId: where.shop_id, status: 'waitOnSale' })
    expect(target.statusCode, target.body).toBe(200)
    const base = { requestType: 'inherit', skuId: src.sku_id, styleId: src.style_id, colorId: src.color_id, sizeId: src.size_id, mskuId: target.json().data.id, sourceMskuId: src.msku_id }

    const noSource = await run('resource.upcRequest.add', { ...base, sourceMskuId: null, upc: src.upc })
    expect(noSource.statusCode).toBe(400)
    expect(noSource.json().errors[0]).toMatchObject({ field: 'sourceMskuId' })

    const wrongUpc = await run('resource.upcRequest.add', { ...base, upc: freshUpc() })
    expect(wrongUpc.statusCode).toBe(400)
    expect(wrongUpc.json().errors[0]).toMatchObject({ field: 'upc', messageKey: 'res-product:rules.upcMismatch.upc' })

    const otherArticle = await one<{ id: number; upc: string }>('select m.id, m.upc from product_msku m join product_sku k on k.id = m.sku_id where m.tenant_id = 1 and m.upc is not null and k.style_id <> $1 limit 1', [src.style_id])
    const wrongSource = await run('resource.upcRequest.add', { ...base, sourceMskuId: otherArticle.id, upc: otherArticle.upc })
    expect(wrongSource.statusCode).toBe(400)
    expect(wrongSource.json().errors[0]).toMatchObject({ field: 'sourceMskuId', messageKey: 'res-product:rules.upcMismatch.style' })

    const ok = await run('resource.upcRequest.add', { ...base, upc: src.upc })
    expect(ok.statusCode, ok.body).toBe(200)
    const id = ok.json().data.id
    expect((await run('resource.upcRequest.submit', { ids: [id] })).statusCode).toBe(200)
    expect((await run('resource.upcRequest.approve', { ids: [id] })).statusCode).toBe(200)
    expect((await one('select upc from product_msku where id = $1', [base.mskuId])).upc).toBe(src.upc)
  })
})

describe('style imports', () => {
  it('one style per single import: a sheet with two styles is refused as a whole', async () => {
    const sheet = await xlsx([['Style number', 'Name', 'Category', 'Year', 'Season', 'Retail price', 'L/T days'], ['IMP-A1', 'Import A', 'Running shoes', 2026, 'summer', 50, 20], ['IMP-B1', 'Import B', 'Running shoes', 2026, 'winter', 60, 20]])
    const res = await upload('/api/resources/style/import/dry-run', sheet)
    const body = res.json()
    const keys = [body.messageKey, ...(body.data?.errors ?? body.errors ?? []).map((e: { messageKey: string }) => e.messageKey)]
    expect(keys).toContain('res-product:rules.oneStylePerImport')
    expect((await one<{ n: number }>("select count(*)::int n from product_style where style_no in ('IMP-A1', 'IMP-B1')")).n).toBe(0)
  })

  it('L/T days: the dry run lists every bad row at once and writes nothing; the commit updates only incomplete entries', async () => {
    const incomplete = await q<{ style_no: string; id: number }>("select style_no, id from product_style where tenant_id = 1 and source = 'local' and entry_status = 'incomplete' and color_ids is not null order by id limit 2")
    const complete = await one<{ style_no: string; lt_days: number }>("select style_no, lt_days from product_style where tenant_id = 1 and source = 'local' and entry_status = 'complete' order by id limit 1")
    const pds = await one<{ style_no: string }>("select style_no from product_style where tenant_id = 1 and source = 'pds' order by id limit 1")
    const sheet = await xlsx([
      ['Style number', 'L/T days'],
      [incomplete[0].style_no, 21],
      [complete.style_no, 9],
      ['NO-SUCH-STYLE', 5],
      [incomplete[1].style_no, 'soon'],
      [pds.style_no, 7],
      [incomplete[0].style_no, 22],
    ])
    const dry = await upload('/api/product/style/leadtime/dry-run', sheet)
    expect(dry.statusCode, dry.body).toBe(200)
    const errs = dry.json().data.errors as { row: number; field: string; messageKey: string; message: string }[]
    expect(errs.map((e) => [e.row, e.field, e.messageKey])).toEqual([
      [3, 'styleNo', 'res-product:rules.ltOnlyIncomplete'],
      [4, 'styleNo', 'res-product:rules.styleUnknown'],
      [5, 'ltDays', expect.any(String)],
      [6, 'styleNo', 'res-product:rules.styleReadOnly'],
      [7, 'styleNo', 'res-product:rules.duplicateStyleRow'],
    ])
    expect(errs[0].message).toContain('only incomplete-entry styles')
    expect((await one('select lt_days from product_style where id = $1', [incomplete[0].id])).lt_days).toBeNull()

    // Committing the bad rows anyway is refused by the server's own re-check, nothing written.
    const forced = await run('resource.style.leadtime', { rows: [{ row: 2, styleNo: incomplete[0].style_no, ltDays: 21 }, { row: 3, styleNo: complete.style_no, ltDays: 9 }] })
    expect(forced.statusCode).toBe(400)
    expect((await one('select lt_days from product_style where id = $1', [incomplete[0].id])).lt_days).toBeNull()
    expect((await one('select lt_days from product_style where style_no = $1 and tenant_id = 1', [complete.style_no])).lt_days).toBe(complete.lt_days)

    const ok = await run('resource.style.leadtime', { rows: [{ row: 2, styleNo: incomplete[0].style_no, ltDays: 21 }] })
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data).toEqual({ updated: 1 })
    expect(await one('select lt_days, entry_status from product_style where id = $1', [incomplete[0].id])).toMatchObject({ lt_days: 21 })
  })

  it('the L/T template has the translated headers and needs the permission', async () => {
    const res = await get('/api/product/style/leadtime/template')
    expect(res.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, 'Style number*', 'L/T days*'])
    const picker = await login('picker')
    const denied = await get('/api/product/style/leadtime/template', headers(picker, 1, 26, 'picker'))
    expect(denied.statusCode).toBe(403)
  })
})

describe('spec reference GETs (tenant-scoped)', () => {
  it('/base/basesku/queryStyleInfoAndAttr/{id}: the style with colors, sizes, named materials and SKUs; another tenant\'s → 404', async () => {
    const s = await one<{ id: number }>("select id from product_style where tenant_id = 1 and source = 'local' order by id limit 1")
    const res = await get(`/base/basesku/queryStyleInfoAndAttr/${s.id}`)
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    expect(d.style.id).toBe(s.id)
    expect(d.colors.length).toBeGreaterThan(0)
    expect(d.sizes.length).toBeGreaterThan(0)
    expect(d.materials[0]).toMatchObject({ part: expect.any(String), nameEn: expect.any(String), proportion: expect.any(Number) })
    expect(d.skus.length).toBe(d.colors.length * d.sizes.length)
    const other = await one<{ id: number }>('select id from product_style where tenant_id = 2 order by id limit 1')
    const hidden = await get(`/base/basesku/queryStyleInfoAndAttr/${other.id}`)
    expect(hidden.statusCode).toBe(404)
    expect(hidden.body).not.toContain('TA20')
  })

  it('category levels, sizes by category and shoe last, newest colors, style search, FNSKUs', async () => {
    const cats = (await get('/base/basecategory/list')).json().data as { level: number; code: string; parentId: number | null }[]
    expect(new Set(cats.map((c) => c.level))).toEqual(new Set([1, 2, 3]))
    expect(cats.some((c) => c.code === 'RUNNING' && c.level === 3)).toBe(true)
    expect(cats.some((c) => c.code === 'TEE')).toBe(false) // tenant 2's
    const [top] = await ids('product_category_1', ['FOOTWEAR'])
    const wide = (await get(`/base/basesize/listSizeByCategoryAndShoeTree?categoryId=${top}&lastStandard=Wide`)).json().data as { code: string }[]
    expect(wide.map((s) => s.code)).toEqual(['EU40-W', 'EU41-W', 'EU42-W', 'EU43-W', 'EU44-W', 'EU45-W'])
    const colors = (await get('/base/basecolor/listNew')).json().data as { code: string }[]
    expect(colors.length).toBeGreaterThan(5)
    const found = (await get('/wms-plus-base/baseStyle/findStyleList?styleNo=SF2025')).json().data as { styleNo: string }[]
    expect(found.length).toBeGreaterThan(0)
    expect(found.every((s) => s.styleNo.includes('SF2025'))).toBe(true)
    const amz = await one<{ sku_id: number; fnsku: string }>("select sku_id, fnsku from product_msku where tenant_id = 1 and fnsku is not null limit 1")
    const fn = (await get(`/wms-base/sku/getFnsku?skuId=${amz.sku_id}`)).json().data as { fnsku: string }[]
    expect(fn.map((f) => f.fnsku)).toContain(amz.fnsku)
    expect((await get('/wms-base/sku/getFnsku')).statusCode).toBe(400)
    const all = (await get('/base/basestyle/listAll')).json().data as unknown[]
    expect(all.length).toBe((await one<{ n: number }>('select count(*)::int n from product_style where tenant_id = 1')).n)
  })
})
