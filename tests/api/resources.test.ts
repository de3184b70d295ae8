// The generic resource mechanism, exercised for EVERY declared resource against a real database
// (PGlite, or PostgreSQL with TEST_DATABASE_URL): create/read/update through the generated commands,
// a validation error naming the field, 403 without the screen, 404 (and none of its data) from
// another tenant or warehouse, the bulk status preview + apply, the import dry run (every bad cell,
// nothing written) then the commit, and the export read back. Sample rows come from the field kinds;
// references reuse a seeded row's consistent combination (or the first row of the referenced table).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import ExcelJS from 'exceljs'
import { createTestApp, type TestApp } from '../helpers/app'
import { ALL_RESOURCES } from '../../src/domain/resources/index'
import { columnOf, dictValues, labelFieldOf, resourceActions, type FieldDef, type ResourceDef } from '../../src/domain/resource'
import { translate } from '../../src/server/i18n'
import { headerOf } from '../../src/server/resources/importer'
import { rolePermissions } from '../../src/domain/menu/roles'
import { commandRegistry } from '../../commands/index'

const PASSWORD = 'Demo#2026'
let t: TestApp
const tokens: Record<string, string> = {}

async function login(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: PASSWORD }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}

/** Headers of `user` in the pair tenant-warehouse (default the demo's 1-26), English answers. */
const h = (user = 'admin', tenant = 1, warehouse = 26) => ({
  authorization: `Bearer ${tokens[user]}`, 'x-userinfo-header': `${tenant}-${encodeURIComponent(user)}-${warehouse}`, 'x-language-header': 'en-US',
})
const get = (url: string, headers = h()) => t.app.inject({ method: 'GET', url, headers })
const run = (id: string, args: unknown, headers = h()) =>
  t.app.inject({ method: 'POST', url: `/api/commands/${id}`, payload: args as object, headers: { ...headers, 'idempotency-key': randomUUID() } })

let seq = 0
const rnd = () => Math.random().toString(36).slice(2, 6).toUpperCase().replace(/[^A-Z]/g, 'Q')
const letters = (n: number) => Array.from({ length: n }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('')

/** A value a code/text field with its pattern and length accepts (unique per call). */
function textValue(name: string, f: FieldDef): string {
  seq++
  const max = f.maxLength ?? 200
  const candidates = f.kind === 'code'
    ? [`T${seq}-${rnd()}`, `T${seq}${rnd()}`, letters(Math.min(3, max)), `${letters(1)}${seq % 10}`, `${seq}${Math.floor(Math.random() * 1e6)}`.slice(0, Math.max(1, max))]
    : f.kind === 'email' ? [`s${seq}${rnd().toLowerCase()}@example.com`]
      : f.kind === 'phone' ? [`+52 55 ${1000 + seq} ${String(Math.floor(Math.random() * 9000) + 1000)}`]
        : f.kind === 'image' ? ['/api/files/sample.png']
          : [`Sample_${seq}_${rnd()}`, `s${seq}${rnd().toLowerCase()}`, `${seq % 90 + 1}.${Math.floor(Math.random() * 1000)}.${seq % 7}`, `${Date.now()}${seq}`.slice(-12), letters(Math.min(3, max))]
  const ok = candidates.map((c) => c.slice(0, max)).find((c) => !f.pattern || f.pattern.test(c))
  if (!ok) throw new Error(`no sample for ${name} (${String(f.pattern)})`)
  return ok
}

function numberValue(f: FieldDef): number {
  const min = f.min ?? 1
  const max = f.max ?? min + 100
  return f.kind === 'decimal' ? Math.min(max, Math.max(min, 1.5)) : Math.min(max, Math.max(min, 1 + (seq++ % 5)))
}

const randomDate = () => new Date(Date.UTC(2000 + Math.floor(Math.random() * 30), Math.floor(Math.random() * 12), 1 + Math.floor(Math.random() * 28))).toISOString().slice(0, 10)

/** A UPC-A with a correct check digit (GS1 mod 10). */
function upcA(): string {
  const d = Array.from({ length: 11 }, (_, i) => (i === 0 ? 8 : Math.floor(Math.random() * 10)))
  const sum = d.reduce((a, x, i) => a + x * (i % 2 === 0 ? 3 : 1), 0)
  return [...d, (10 - (sum % 10)) % 10].join('')
}

/** One stored row of a resource in the admin's default scope (for consistent references). */
async function someRow(def: ResourceDef<any>): Promise<Record<string, unknown> | undefined> {
  const scope = def.scope === 'global' ? '' : def.scope === 'tenant' ? 'where tenant_id = 1' : 'where tenant_id = 1 and warehouse_id = 26'
  const [r] = await t.database.query<Record<string, unknown>>(`select * from ${def.table} ${scope} order by id limit 1`)
  return r
}

async function randomRow(def: ResourceDef<any>): Promise<Record<string, unknown> | undefined> {
  const scope = def.scope === 'global' ? '' : def.scope === 'tenant' ? 'where tenant_id = 1' : 'where tenant_id = 1 and warehouse_id = 26'
  const [r] = await t.database.query<Record<string, unknown>>(`select * from ${def.table} ${scope} order by random() limit 1`)
  return r
}

/** A valid create body for `def`: required fields and plain optional ones; refs from a seeded row. */
async function sample(def: ResourceDef<any>, randomRefs = false): Promise<Record<string, unknown>> {
  const fields = def.fields as Record<string, FieldDef>
  const existing = randomRefs ? undefined : await someRow(def)
  const body: Record<string, unknown> = {}
  for (const [name, f] of Object.entries(fields)) {
    if (f.readOnly) continue
    const col = columnOf(name, f)
    const plain = !['ref', 'refMany', 'json', 'files', 'image'].includes(f.kind)
    if (!f.required && !(plain && (f.unique || f.kind === 'int' || f.kind === 'decimal'))) continue
    if (/^upc$/i.test(name)) { body[name] = upcA(); continue }
    switch (f.kind) {
      case 'int': case 'decimal': body[name] = f.unique ? (existing ? numberValueUnique(f) : numberValue(f)) : numberValue(f); break
      case 'bool': body[name] = false; break
      case 'date': body[name] = randomDate(); break
      case 'datetime': body[name] = '2026-03-15T10:00:00.000Z'; break
      case 'enum': {
        const d = dictValues(f.dict)!
        // A unique enum (one print setting per document kind): on a retry after a 409, another value at random.
        const v = f.unique && randomRefs ? d.values[Math.floor(Math.random() * d.values.length)] : existing?.[col] ?? f.default ?? d.values[0]
        body[name] = d.numeric ? Number(v) : String(v)
        break
      }
      case 'ref': case 'refMany': {
        let id = existing?.[col] as number | number[] | null | undefined
        if (id === undefined || id === null || (Array.isArray(id) && !id.length)) {
          const ref = ALL_RESOURCES.find((r) => r.name === f.ref)!
          const row = randomRefs ? await randomRow(ref) : await someRow(ref)
          id = f.kind === 'refMany' ? [Number(row!.id)] : Number(row!.id)
        }
        body[name] = id
        break
      }
      case 'json': case 'files': body[name] = existing?.[col] ?? []; break
      default: body[name] = f.default ?? textValue(name, f)
    }
  }
  return body
}

const usedNumbers = new Set<number>()
function numberValueUnique(f: FieldDef): number {
  const min = f.min ?? 1
  const max = f.max ?? 999999
  for (;;) {
    const v = Math.floor(min + Math.random() * (max - min + 1))
    if (!usedNumbers.has(v)) { usedNumbers.add(v); return v }
  }
}

/** A (style, color, size) of tenant 1 without a SKU yet (the demo seed leaves some: colors added after the matrix). */
async function freeSkuCell() {
  const [r] = await t.database.query<{ style_id: number; color_id: number; size_id: number }>(`select s.id style_id, c.c color_id, z.z size_id
    from product_style s cross join unnest(s.color_ids) c(c) cross join unnest(s.size_ids) z(z)
    where s.tenant_id = 1 and s.source = 'local' and not exists (select 1 from product_sku k where k.style_id = s.id and k.color_id = c.c and k.size_id = z.z)
    order by random() limit 1`)
  return { styleId: Number(r.style_id), colorId: Number(r.color_id), sizeId: Number(r.size_id) }
}

/**
 * Rules a hook enforces across rows that a generic sample cannot know: a SKU must use one of its
 * style's colors and sizes, and every seeded style × color × size already has its SKU — so a SKU
 * sample gets a fresh style of its own. A wave rule's SKU count range must not be reversed (two
 * independent sample numbers could be). A print setting is one per document kind of a pair.
 */
const PREPARE: Record<string, () => Promise<Record<string, unknown>>> = {
  async waveRule() { return { minSkuCount: 1, maxSkuCount: 5 } },
  // One print setting per document kind and pair (four kinds): the earlier tests' rows and the demo's are removed first.
  async printSetting() { await t.database.query('DELETE FROM print_setting WHERE tenant_id = 1 AND warehouse_id = 26'); return {} },
  async sku() {
    const style = ALL_RESOURCES.find((r) => r.name === 'style')!
    const color = Number((await randomRow(ALL_RESOURCES.find((r) => r.name === 'color')!))!.id)
    const size = Number((await randomRow(ALL_RESOURCES.find((r) => r.name === 'size')!))!.id)
    const { record } = await create(style, { colorIds: [color], sizeIds: [size] })
    return { styleId: record.id, colorId: color, sizeId: size }
  },
}

/** Creates a row; a random unique value that collides with a seeded row is retried with new values. */
async function create(def: ResourceDef<any>, extra: Record<string, unknown> = {}): Promise<{ body: Record<string, unknown>; record: Record<string, unknown> }> {
  for (let attempt = 0; ; attempt++) {
    // A 409 from a seeded row's combination: retry with random references.
    const body = { ...await sample(def, attempt > 0), ...(PREPARE[def.name] ? await PREPARE[def.name]() : {}), ...extra }
    // res-product: a SKU's color and size must be its style's — take a free cell of the demo catalogue.
    if (def.name === 'sku') Object.assign(body, await freeSkuCell())
    const res = await run(`resource.${def.name}.add`, body)
    if (res.statusCode === 409 && attempt < 8) continue
    expect(res.statusCode, `${def.name} add: ${res.body}`).toBe(200)
    return { body, record: res.json().data }
  }
}

/** The field the test edits: a plain, non-unique text field (else any plain writable field). */
function editable(def: ResourceDef<any>): string | undefined {
  const entries = Object.entries(def.fields as Record<string, FieldDef>).filter(([, f]) => !f.readOnly)
  return entries.find(([, f]) => (f.kind === 'text' || f.kind === 'textarea') && !f.unique && !f.pattern)?.[0]
    ?? entries.find(([, f]) => f.kind === 'int' && !f.unique && f.max === undefined)?.[0]
}

const scopedResources = ALL_RESOURCES.filter((d) => d.scope !== 'global')

beforeAll(async () => {
  t = await createTestApp()
  for (const u of ['admin', 'picker']) tokens[u] = await login(u)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('the generated commands', () => {
  it('exist for every resource action with handlers, and enable/disable for status resources', () => {
    for (const def of ALL_RESOURCES) {
      for (const a of resourceActions(def)) expect(commandRegistry.get(`resource.${def.name}.${a}`), `${def.name}.${a}`).toBeDefined()
      if (def.status) expect(commandRegistry.get(`resource.${def.name}.disable`)?.permission).toBe(`${def.menuCode}:status`)
    }
  })
})

describe.each(ALL_RESOURCES.map((d) => [d.name, d] as const))('resource %s', (_name, def) => {
  const titleOf = (f: string) => translate('en', `${def.ns}:${def.name}.fields.${f}`)

  it('create, read, list, update', async () => {
    const { body, record } = await create(def)
    expect(record.id).toEqual(expect.any(Number))
    for (const [k, v] of Object.entries(body)) if (typeof v !== 'object' || v === null) expect(record[k], k).toEqual(v)

    const detail = await get(`/api/resources/${def.name}/${record.id}`)
    expect(detail.statusCode, detail.body).toBe(200)
    expect(detail.json().data).toMatchObject({ id: record.id })

    const lf = labelFieldOf(def)
    const q = def.list.filters?.q && lf && def.list.search?.includes(lf) && typeof record[lf] === 'string' ? `&q=${encodeURIComponent(record[lf] as string)}` : ''
    const list = await get(`/api/resources/${def.name}?size=200&sort=id:desc${q}`)
    expect(list.statusCode, list.body).toBe(200)
    expect(list.json().data.records.map((r: { id: number }) => r.id)).toContain(record.id)
    expect(list.json().data.total).toBeGreaterThanOrEqual(1)

    const field = editable(def)
    if (field) {
      const f = def.fields[field] as FieldDef
      const value = f.kind === 'int' ? numberValue(f) + 1 : `Edited ${randomUUID().slice(0, 8)}`
      const res = await run(`resource.${def.name}.edit`, { id: record.id, [field]: value })
      expect(res.statusCode, res.body).toBe(200)
      expect(res.json().data[field]).toEqual(value)
      const again = await get(`/api/resources/${def.name}/${record.id}`)
      expect(again.json().data[field]).toEqual(value)
      expect(again.json().data.updatedBy).toEqual(expect.any(Number))
    }
  })

  it('refuses a bad body naming the field, and writes nothing', async () => {
    const body = await sample(def)
    const required = Object.entries(def.fields as Record<string, FieldDef>).find(([n, f]) => f.required && !f.readOnly && f.default === undefined && n in body)
    const before = (await get(`/api/resources/${def.name}?size=1`)).json().data.total
    const target = required?.[0] ?? Object.keys(body)[0]
    const bad = { ...body }
    if (required) delete bad[target]
    else bad[target] = { not: 'valid' }
    const res = await run(`resource.${def.name}.add`, bad)
    expect(res.statusCode, res.body).toBe(400)
    const err = res.json().errors.find((e: { field: string }) => e.field === target)
    expect(err, res.body).toBeDefined()
    expect(err.message.length).toBeGreaterThan(0)
    expect((await get(`/api/resources/${def.name}?size=1`)).json().data.total).toBe(before)
  })

  it('answers 403 without the screen permission (picker), for reads and writes', async () => {
    expect(rolePermissions(['picker']).has(`menu:${def.menuCode}`)).toBe(false)
    const list = await get(`/api/resources/${def.name}`, h('picker'))
    expect(list.statusCode).toBe(403)
    const add = await run(`resource.${def.name}.add`, await sample(def), h('picker'))
    expect(add.statusCode).toBe(403)
  })

  it.runIf(def.scope !== 'global')('hides the row from another tenant and warehouse: 404 and none of its data', async () => {
    const { record } = await create(def)
    const lf = labelFieldOf(def)
    const secret = lf ? String(record[lf]) : `"id":${record.id}`
    const others: [number, number][] = def.scope === 'tenant' ? [[2, 26], [2, 31]] : [[1, 168], [2, 26]]
    for (const [tenant, wh] of others) {
      const res = await get(`/api/resources/${def.name}/${record.id}`, h('admin', tenant, wh))
      expect(res.statusCode, `${tenant}-${wh}`).toBe(404)
      expect(res.body).not.toContain(secret)
      const list = await get(`/api/resources/${def.name}?size=200&sort=id:desc`, h('admin', tenant, wh))
      expect(list.statusCode).toBe(200)
      expect(list.json().data.records.map((r: { id: number }) => r.id)).not.toContain(record.id)
      const edit = await run(`resource.${def.name}.edit`, { id: record.id }, h('admin', tenant, wh))
      expect(edit.statusCode).toBe(404)
    }
  })

  it.runIf(!!def.status)('bulk status: the preview says what changes and why a row is refused; the command applies it', async () => {
    const st = def.status!
    const a = (await create(def)).record
    const b = (await create(def)).record
    // b first goes to the target status so the preview refuses it as "already".
    const target = st.disabled
    expect((await run(`resource.${def.name}.status`, { ids: [b.id], status: target })).statusCode).toBe(200)
    const missing = 2_000_000_000
    const prev = await get(`/api/resources/${def.name}/status-preview?ids=${a.id}&ids=${b.id}&ids=${missing}&status=${target}`)
    expect(prev.statusCode, prev.body).toBe(200)
    const p = prev.json().data
    expect(p.changes).toBe(1)
    expect(p.refused).toBe(2)
    const byId = Object.fromEntries(p.rows.map((r: { id: number }) => [r.id, r]))
    expect(byId[a.id as number]).toMatchObject({ change: true, reason: null })
    expect(byId[b.id as number]).toMatchObject({ change: false, reason: 'resources:status.already' })
    expect(byId[missing]).toMatchObject({ change: false, reason: 'resources:status.notFound' })
    expect(byId[missing].message).toBe(translate('en', 'resources:status.notFound'))

    const apply = await run(`resource.${def.name}.status`, { ids: [a.id, b.id], status: target })
    expect(apply.statusCode, apply.body).toBe(200)
    expect(apply.json().data.changed).toEqual([a.id])
    const now = await get(`/api/resources/${def.name}/${a.id}`)
    expect(String(now.json().data[st.field as string])).toBe(String(target))
    const bad = await run(`resource.${def.name}.status`, { ids: [a.id], status: 'no-such-status' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().errors[0].field).toBe('status')
  })

  it.runIf(def.export !== false)('exports the selected row to an xlsx that reads back', async () => {
    const { record } = await create(def)
    const res = await get(`/api/resources/${def.name}/export?ids=${record.id}`)
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    expect(res.headers['content-type']).toContain('spreadsheetml')
    expect(res.headers['x-total-count']).toBe('1')
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]
    const cols = def.list.columns as string[]
    expect(ws.getRow(1).getCell(1).value).toBe(titleOf(cols[0]))
    expect(ws.rowCount).toBe(2)
    const lf = labelFieldOf(def)
    if (lf && cols.includes(lf)) expect(ws.getRow(2).getCell(cols.indexOf(lf) + 1).value).toBe(await cellOf(def, lf, record[lf]))
  })
})

/** The sheet cell an operator would type for a sample value (labels for enums and references). */
async function cellOf(def: ResourceDef<any>, field: string, v: unknown): Promise<ExcelJS.CellValue> {
  const f = def.fields[field] as FieldDef
  if (v === undefined || v === null) return null
  if (f.kind === 'enum') return translate('en', `dict:${f.dict}.${v}`)
  if (f.kind === 'ref') {
    const ref = ALL_RESOURCES.find((r) => r.name === f.ref)!
    const [row] = await t.database.query<Record<string, unknown>>(`select * from ${ref.table} where id = $1`, [v])
    const key = (ref.import?.key as string | undefined) ?? (ref.fields.code ? 'code' : labelFieldOf(ref)!)
    return String(row[columnOf(key, ref.fields[key])])
  }
  if (f.kind === 'bool') return v ? 'Yes' : 'No'
  return v as ExcelJS.CellValue
}

async function sheet(def: ResourceDef<any>, rows: Record<string, unknown>[]): Promise<Buffer> {
  const cols = def.import!.columns as string[]
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('Data')
  ws.addRow(cols.map((c) => headerOf(def, c, 'en')))
  for (const r of rows) ws.addRow(await Promise.all(cols.map((c) => cellOf(def, c, r[c]))))
  return Buffer.from(await wb.xlsx.writeBuffer())
}

function multipart(content: Buffer, name = 'sheet.xlsx') {
  const boundary = `----res${randomUUID()}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n`)
  return { payload: Buffer.concat([head, content, Buffer.from(`\r\n--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` }
}

const dryRun = (def: ResourceDef<any>, content: Buffer, name?: string) => {
  const m = multipart(content, name)
  return t.app.inject({ method: 'POST', url: `/api/resources/${def.name}/import/dry-run`, payload: m.payload, headers: { ...h(), 'content-type': m.contentType } })
}

describe.each(ALL_RESOURCES.filter((d) => d.import).map((d) => [d.name, d] as const))('import of %s', (_name, def) => {
  const total = async () => (await get(`/api/resources/${def.name}?size=1`)).json().data.total as number

  it('template has the translated headers of the import columns', async () => {
    const res = await get(`/api/resources/${def.name}/template`)
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer)
    const header = (wb.worksheets[0].getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual((def.import!.columns as string[]).map((c) => headerOf(def, c, 'en')))
  })

  // Required fields outside the sheet: the import can only update rows found by the key.
  const cols = def.import!.columns as string[]
  const canCreate = Object.entries(def.fields as Record<string, FieldDef>).every(([n, f]) => !f.required || f.readOnly || f.default !== undefined || cols.includes(n))

  /** A sample row; for an update-only import, the key of a stored, writable row. */
  async function importRow(): Promise<Record<string, unknown>> {
    const row = await sample(def)
    if (canCreate) return row
    const ro = def.readOnlyRow
    const key = def.import!.key as string
    const keyCol = columnOf(key, def.fields[key])
    const taken = new Set(usedKeys)
    const rows = await t.database.query<Record<string, unknown>>(`select * from ${def.table} where tenant_id = 1 ${ro ? `and ${columnOf(ro.field as string, def.fields[ro.field as string])} is distinct from '${String(ro.value)}'` : ''} order by id limit 50`)
    const r = rows.find((x) => !taken.has(String(x[keyCol])))!
    usedKeys.add(String(r[keyCol]))
    return { ...row, [key]: r[keyCol] }
  }
  const usedKeys = new Set<string>()

  it('dry run lists every bad cell and writes nothing; the fixed file commits every row in one go', async () => {
    const max = def.import!.maxRows ?? 50
    const good = await importRow()
    const enumField = (def.import!.columns as string[]).find((c) => (def.fields[c] as FieldDef).kind === 'enum')
    const textField = (def.import!.columns as string[]).find((c) => c !== def.import!.key && (def.fields[c] as FieldDef).required && ['text', 'code'].includes((def.fields[c] as FieldDef).kind))
    const badRow = await importRow()
    if (textField) badRow[textField] = undefined
    const before = await total()
    const content = await sheet(def, max > 1 ? [good, badRow] : [badRow])
    // Enum cell with an unknown label: patch the sheet cell directly (the sample maker only makes valid ones).
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(content as unknown as ArrayBuffer)
    const cols = def.import!.columns as string[]
    const badRowNumber = max > 1 ? 3 : 2
    if (enumField) wb.worksheets[0].getRow(badRowNumber).getCell(cols.indexOf(enumField) + 1).value = 'No such value'
    const res = await dryRun(def, Buffer.from(await wb.xlsx.writeBuffer()))
    expect(res.statusCode, res.body).toBe(200)
    const d = res.json().data
    expect(d.token).toBeNull()
    const fieldsOfBad = d.errors.filter((e: { row: number }) => e.row === badRowNumber).map((e: { field: string }) => e.field).sort()
    expect(fieldsOfBad).toEqual([enumField, textField].filter(Boolean).sort())
    for (const e of d.errors) expect(e.message).not.toContain('{{')
    expect(await total()).toBe(before)

    const fixed = max > 1 ? [good, await importRow()] : [good]
    const ok = await dryRun(def, await sheet(def, fixed))
    expect(ok.statusCode, ok.body).toBe(200)
    expect(ok.json().data.errors).toEqual([])
    const created = canCreate ? fixed.length : 0
    expect(ok.json().data).toMatchObject({ creates: created, updates: fixed.length - created })
    const token = ok.json().data.token
    expect(token).toEqual(expect.any(String))
    const commit = await run(`resource.${def.name}.import`, { token })
    expect(commit.statusCode, commit.body).toBe(200)
    expect(commit.json().data).toEqual({ created, updated: fixed.length - created })
    expect(await total()).toBe(before + created)
    const key = def.import!.key as string
    for (const r of fixed) {
      const found = await get(`/api/resources/${def.name}?size=5&q=${encodeURIComponent(String(r[key]))}`)
      expect(found.json().data.records.some((x: Record<string, unknown>) => x[key] === r[key]), String(r[key])).toBe(true)
    }
    // A token is spent once it committed.
    expect((await run(`resource.${def.name}.import`, { token })).statusCode).toBe(400)

    // Re-importing the same keys updates those rows instead of adding new ones.
    const again = await dryRun(def, await sheet(def, fixed))
    expect(again.json().data).toMatchObject({ creates: 0, updates: fixed.length, errors: [] })
  })

  it('refuses a file of another format and a sheet without the key column', async () => {
    const res = await dryRun(def, Buffer.from('not a sheet'), 'notes.txt')
    expect(res.statusCode).toBe(400)
    expect(res.json().errors[0]).toMatchObject({ field: 'file', messageKey: 'errors:upload.badFormat' })
    const wb = new ExcelJS.Workbook()
    wb.addWorksheet('Data').addRow(['Something else'])
    const missing = await dryRun(def, Buffer.from(await wb.xlsx.writeBuffer()))
    expect(missing.statusCode).toBe(200)
    expect(missing.json().data.errors.map((e: { field: string }) => e.field)).toContain(def.import!.key)
  })
})

describe('scoped resources exist', () => {
  it('some resources are tenant or warehouse scoped (the 404 tests ran)', () => {
    expect(scopedResources.length).toBeGreaterThan(3)
  })
})

describe.each(ALL_RESOURCES.filter((d) => d.delete).map((d) => [d.name, d] as const))('delete of %s', (_name, def) => {
  it('deletes the selected rows in one command; other scopes cannot', async () => {
    const a = (await create(def)).record
    if (def.scope !== 'global') {
      const other = await run(`resource.${def.name}.delete`, { ids: [a.id] }, h('admin', 2, 26))
      expect(other.statusCode).toBe(404)
    }
    const missing = await run(`resource.${def.name}.delete`, { ids: [a.id, 2_000_000_000] })
    expect(missing.statusCode).toBe(404)
    expect((await get(`/api/resources/${def.name}/${a.id}`)).statusCode).toBe(200)
    const res = await run(`resource.${def.name}.delete`, { ids: [a.id] })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data).toEqual({ deleted: 1 })
    expect((await get(`/api/resources/${def.name}/${a.id}`)).statusCode).toBe(404)
  })
})

describe('pickers, spec paths and document lookups', () => {
  const storageArea = ALL_RESOURCES.find((d) => d.name === 'storageArea')!

  it('options list labels in scope, by text or ids; a user without any referring screen gets 403', async () => {
    const { record } = await create(storageArea)
    const byText = await get(`/api/resources/storageArea/options?q=${encodeURIComponent(String(record.name))}`)
    expect(byText.statusCode, byText.body).toBe(200)
    expect(byText.json().data).toEqual([{ id: record.id, label: record.name }])
    const byIds = await get(`/api/resources/storageArea/options?ids=${record.id}`)
    expect(byIds.json().data).toEqual([{ id: record.id, label: record.name }])
    expect((await get(`/api/resources/storageArea/options?ids=${record.id}`, h('admin', 1, 168))).json().data).toEqual([])
    expect((await get('/api/resources/storageArea/options', h('picker'))).statusCode).toBe(403)
  })

  it('the spec paths alias the list, the detail, add and edit (audited, key made up when absent)', async () => {
    const sp = storageArea.specPaths!
    const body = await sample(storageArea)
    const add = await t.app.inject({ method: 'POST', url: sp.base!, payload: body, headers: h() })
    expect(add.statusCode, add.body).toBe(200)
    const id = add.json().data.id
    const edit = await t.app.inject({ method: 'PUT', url: sp.base!, payload: { id, name: 'Renamed by spec path' }, headers: h() })
    expect(edit.statusCode, edit.body).toBe(200)
    const detail = await get(`${sp.base}/${id}`)
    expect(detail.json().data).toMatchObject({ id, name: 'Renamed by spec path', code: body.code })
    const page = await get(`${sp.page}?size=200&sort=id:desc`)
    expect(page.json().data.records.map((r: { id: number }) => r.id)).toContain(id)
    // The reference list is open to any user of the pair; the page needs the screen.
    expect((await get(`${sp.list}?size=5`, h('picker'))).statusCode).toBe(200)
    expect((await get(`${sp.page}?size=5`, h('picker'))).statusCode).toBe(403)
    const audit = await t.database.query<{ result: string }>(`select result from audit_log where command_id = 'resource.storageArea.edit' and summary like $1`, [`%#${id}%`])
    expect(audit.map((a) => a.result)).toEqual(['ok'])
  })

  it('go to document finds a resource by its lookup field, only in the caller\'s scope', async () => {
    const location = ALL_RESOURCES.find((d) => d.name === 'location')!
    const { record } = await create(location)
    const search = (headers: ReturnType<typeof h>) => get(`/api/search/documents?q=${encodeURIComponent(String(record.code))}`, headers)
    const hits = (await search(h())).json().data as { type: string; id: number; number: string; path: string }[]
    expect(hits.find((x) => x.type === 'resource.location')).toMatchObject({ id: record.id, number: record.code, path: expect.stringMatching(/location\?id=\d+$/) })
    const elsewhere = (await search(h('admin', 1, 168))).json().data as { type: string; id: number }[]
    expect(elsewhere.filter((x) => x.type === 'resource.location' && x.id === record.id)).toEqual([])
  })
})

describe.each(ALL_RESOURCES.filter((d) => d.readOnlyRow).map((d) => [d.name, d] as const))('read-only rows of %s', (_name, def) => {
  it('edit, status change and delete refuse them with the declared message; the preview says why', async () => {
    const ro = def.readOnlyRow!
    const col = columnOf(ro.field as string, def.fields[ro.field as string])
    const scope = def.scope === 'global' ? 'true' : def.scope === 'tenant' ? 'tenant_id = 1' : 'tenant_id = 1 and warehouse_id = 26'
    const [row] = await t.database.query<{ id: number }>(`select id from ${def.table} where ${scope} and ${col} = $1 order by id limit 1`, [ro.value])
    expect(row, `a seeded read-only ${def.name}`).toBeDefined()
    const id = Number(row.id)
    const field = editable(def)!
    const edit = await run(`resource.${def.name}.edit`, { id, [field]: (def.fields[field] as FieldDef).kind === 'int' ? 1 : 'Changed' })
    expect(edit.statusCode).toBe(400)
    expect(edit.json().errors[0].messageKey).toBe(ro.messageKey)
    if (def.status) {
      const prev = await get(`/api/resources/${def.name}/status-preview?ids=${id}&status=${def.status.disabled}`)
      const r = prev.json().data.rows[0]
      expect(r.change).toBe(false)
      expect(r.reason).toBe(ro.messageKey)
      const apply = await run(`resource.${def.name}.status`, { ids: [id], status: def.status.disabled })
      expect(apply.json().data.changed).toEqual([])
    }
  })
})
