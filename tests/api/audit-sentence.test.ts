// The operation log tells each row as a sentence (issue 18): who ran which command — by its title —
// on which documents (from the audited arguments, else the summary) and, when refused, why; in the
// reader's language. The arguments are kept for the detail view with secrets masked and long lists
// cut; the request id stays in the row (the detail view), and the export carries the sentence.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import { randomUUID } from 'node:crypto'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { MASK, storableArgs } from '../../src/server/commands/audit-args'

let t: TestApp
let admin: ApiClient
const { q, one } = queriesOf(() => t)
let sku = ''
let order = { id: 0, orderNo: '' }

interface Row { id: number; commandId: string; sentence: string; documents: string[]; args: unknown; requestId: string | null; result: string; summary: string | null }
const rows = async (query: string, lang = 'en-US'): Promise<Row[]> => {
  const res = await admin.in({ lang }).get(`/api/audit-log?size=50&${query}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.json().data.records
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  sku = (await one<{ sku_code: string }>(`SELECT sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 1`)).sku_code
  const r = await admin.cmd('outbound.order.create', {
    platform: 'AMAZON', shippingMethod: 'USPS-GROUND', consigneeName: 'Ana Ruiz', consigneePhone: '555-0101', address: '1 Main St', country: 'US', lines: [{ code: sku, qty: 1 }],
  })
  expect(r.statusCode, r.body).toBe(200)
  order = r.json().data
  await q(`DELETE FROM audit_log WHERE command_id <> 'outbound.order.create'`)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('operation log sentences', () => {
  it('names the command by its title and the document it touched, in the reader’s language', async () => {
    expect((await admin.cmd('outbound.order.void', { ids: [order.id] })).statusCode).toBe(200)
    const [row] = await rows('commandId=outbound.order.void')
    expect(row!.sentence).toBe(`admin ran “Void outbound orders” on ${order.orderNo}`)
    expect(row!.documents).toEqual([order.orderNo])
    expect(row!.args).toEqual({ ids: [order.id] })
    expect(row!.requestId).toBeTruthy()
    const [zh] = await rows('commandId=outbound.order.void', 'zh-CN')
    expect(zh!.sentence).toMatch(new RegExp(`^admin 对 ${order.orderNo} 执行了「[^」]+」$`))
    expect(zh!.sentence).not.toContain('outbound.order.void')
    const [es] = await rows('commandId=outbound.order.void', 'es-MX')
    expect(es!.sentence).toMatch(new RegExp(`^admin ejecutó «[^»]+» en ${order.orderNo}$`))
  })

  it('a refused run says so, with the reason', async () => {
    expect((await admin.cmd('outbound.order.void', { ids: [order.id] })).statusCode).toBe(409)
    const [row] = await rows('commandId=outbound.order.void&result=refused')
    expect(row!.sentence).toMatch(new RegExp(`^admin tried “Void outbound orders” on .*: refused — .+`))
    expect(row!.sentence).not.toMatch(/outbound:order\.errors/)
  })

  it('a document number given by name is the document (the create row names the number it made)', async () => {
    const [row] = await rows('commandId=outbound.order.create')
    expect(row!.documents).toContain(order.orderNo)
    expect(row!.sentence).toContain(order.orderNo)
    expect(row!.sentence).toContain('“New outbound order”')
  })

  it('keeps the arguments with secrets masked; the password never reaches the log', async () => {
    const password = 'Start#2026x'
    const add = (extra: Record<string, unknown>) => t.app.inject({
      method: 'POST', url: '/auth/users', headers: { ...admin.headers, 'idempotency-key': randomUUID() },
      payload: { username: `u${randomUUID().slice(0, 8)}`, password, employeeName: 'Nia New', tenantId: 1, roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }], ...extra },
    })
    expect((await add({})).statusCode).toBe(400) // refused (no phone): audited with the raw body, masked
    const res = await add({ phone: '+52 33 1234 5678', email: 'nia@stride-thread.example' })
    expect(res.statusCode, res.body).toBe(200)
    // Every row of it (the user's other pairs get the ok row too) masks the password.
    const stored = await q<{ args: Record<string, unknown>; text: string; result: string }>(`SELECT args, args::text AS text, result FROM audit_log WHERE command_id = 'admin.user.add' ORDER BY id`)
    expect(stored.map((r) => r.result).slice(0, 2)).toEqual(['refused', 'ok'])
    for (const r of stored) {
      expect(r.args.password).toBe(MASK)
      expect(r.text).not.toContain(password)
    }
    const [row] = await rows('commandId=admin.user.add')
    expect(row!.sentence).toMatch(/^admin ran “[^”]+” on u[0-9a-f]{8}$/) // no document number: the user it names
  })

  it('cuts what is too long to keep (an import’s rows), never the whole of it', () => {
    const big = { rows: Array.from({ length: 5000 }, (_, i) => ({ row: i + 2, ref: `R${i}`, code: 'X'.repeat(300) })), note: 'y'.repeat(500), token: 'abc' }
    const kept = storableArgs(big) as Record<string, unknown>
    expect(JSON.stringify(kept).length).toBeLessThanOrEqual(8 * 1024)
    expect(kept.token).toBe(MASK)
    expect(String(kept.note).length).toBeLessThanOrEqual(201)
    const small = storableArgs({ ids: Array.from({ length: 30 }, (_, i) => i) }) as { ids: unknown[] }
    expect(small.ids).toHaveLength(21)
    expect(small.ids[20]).toBe('… +10')
  })

  it('older rows without arguments name the documents their summary mentions', async () => {
    await q(`INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, summary, result) VALUES (1, 26, 1, 'supervisor', 'outbound.order.validate', 'CK2601010001 0→1, CK2601010002 0→1, CK2601010003 0→1, CK2601010004 0→1', 'ok')`)
    const [row] = await rows('commandId=outbound.order.validate')
    expect(row!.sentence).toBe('supervisor ran “Validate outbound orders” on CK2601010001, CK2601010002, CK2601010003 and 1 more')
    expect(row!.documents).toHaveLength(4)
  })

  it('the export carries the sentence', async () => {
    const res = await admin.get('/api/audit-log/export?commandId=outbound.order.void&result=ok')
    expect(res.statusCode).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(res.rawPayload as never)
    const sheet = wb.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).indexOf('What happened')
    expect(header).toBeGreaterThan(0)
    expect(sheet.getRow(2).getCell(header).value).toBe(`admin ran “Void outbound orders” on ${order.orderNo}`)
  })
})
