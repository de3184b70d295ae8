// Issue 19 §2 "Refusals say why" and §3 "Security lows", over the real API and database (PGlite, or
// PostgreSQL with TEST_DATABASE_URL): a command without a form leads with its real reason; status
// refusals name the document's status and the statuses allowed (outbound and inbound, in zh/en/es-MX);
// a body nested 100 000 levels deep is refused before parsing with a translated 400 AND its audit row
// (L2); a platform order number is matched in the caller's pair only (L1); exported text cells that a
// spreadsheet would read as a formula are escaped (L4); a printer's address takes only printer protocols
// (I5); /ws/version caps its sockets per address (I3, real sockets on loopback).
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import ExcelJS from 'exceljs'
import WebSocket from 'ws'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { OUTBOUND_ORDER_API } from '../../commands/outbound-orders'
import { MAX_JSON_DEPTH } from '../../src/server/http/body'
import { WS_LIMITS } from '../../src/server/areas/session/version'
import { translate } from '../../src/server/i18n'
import { escapeFormula, xlsxCell } from '../../src/server/http/xlsx-cell'

let t: TestApp
let admin: ApiClient
let sku = ''
const q = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>

const ORDER = { platform: 'AMAZON', shippingMethod: 'USPS-GROUND', consigneeName: 'Ana Ruiz', consigneePhone: '555-0101', address: '1 Main St', country: 'US', city: 'Los Angeles', postcode: '90001' }
async function create(c: ApiClient, extra: Record<string, unknown> = {}) {
  const r = await c.cmd('outbound.order.create', { ...ORDER, lines: [{ code: sku, qty: 1 }], ...extra })
  expect(r.statusCode, r.body).toBe(200)
  return r.json().data as { id: number; orderNo: string }
}
const noPlaceholder = (s: string) => {
  expect(s).not.toContain('{{')
  expect(s).not.toContain('$t(')
  expect(s).not.toMatch(/^[a-z-]+:[\w.]+$/)
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const [s] = await q<{ sku_code: string }>('SELECT sku_code FROM product_sku WHERE tenant_id = 1 ORDER BY id LIMIT 1')
  sku = s!.sku_code
}, 120_000)
afterAll(async () => { await t?.close() })

describe('§2 refusals say why', () => {
  it('merging 31 or 1 orders leads with the real reason; the field list stays in errors[]', async () => {
    const many = await admin.cmd('outbound.order.merge', { ids: Array.from({ length: 31 }, (_, i) => i + 1) })
    expect(many.statusCode).toBe(400)
    expect(many.json().responseDesc).toBe('At most 30 orders can be merged')
    expect(many.json().errors).toEqual([expect.objectContaining({ field: 'ids', messageKey: 'outbound:merge.errors.tooManyIds', message: 'At most 30 orders can be merged' })])
    const one = await admin.in({ lang: 'zh-CN' }).cmd('outbound.order.merge', { ids: [1] })
    expect(one.statusCode).toBe(400)
    expect(one.json().responseDesc).toBe(translate('zh', 'outbound:merge.errors.tooFewIds', { min: 2 }))
    expect(one.json().responseDesc).not.toBe(translate('zh', 'errors:validation.form'))
  })

  it('several errors of a command: the first leads and the rest are counted; a single-field refusal names its field', async () => {
    const r = await admin.cmd('outbound.order.stop', { ids: 'x', extra: 1 })
    expect(r.statusCode).toBe(400)
    const body = r.json()
    expect(body.errors.length).toBeGreaterThan(1)
    expect(body.responseDesc).toBe(`${body.errors[0].message} (+${body.errors.length - 1} more, see errors)`)
    const key = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.stop', payload: { ids: [1], reason: 'x' }, headers: { ...admin.headers, 'idempotency-key': 'no' } })
    expect(key.statusCode).toBe(400)
    noPlaceholder(key.json().responseDesc)
    expect(key.json().responseDesc).toBe(key.json().errors[0].message)
  })

  it('status refusals name the current status and the allowed ones, from the machine, in every language', async () => {
    const o = await create(admin)
    expect((await admin.cmd('outbound.order.void', { ids: [o.id] })).statusCode).toBe(200)
    const labels = (lang: 'zh' | 'en' | 'es-MX', dict: string, codes: number[]) => codes.map((c) => translate(lang, `dict:${dict}.${c}`))
    const cases: [string, Record<string, unknown>, number[]][] = [
      ['outbound.order.stop', { ids: [o.id], reason: 'x' }, [0, 1, 6, 2, 7]],
      ['outbound.order.lock', { ids: [o.id], reason: 'x' }, [0, 1, 6, 2]],
      ['outbound.order.terminate', { ids: [o.id], reason: 'x' }, [1, 6, 7]],
      ['outbound.order.validate', { ids: [o.id] }, [0, 6]],
    ]
    for (const [lang, header] of [['en', 'en-US'], ['zh', 'zh-CN'], ['es-MX', 'es-MX']] as const) {
      for (const [cmd, args, allowed] of cases) {
        const r = await admin.in({ lang: header }).cmd(cmd, args)
        expect(r.statusCode, `${cmd} ${r.body}`).toBe(409)
        const desc = r.json().responseDesc as string
        noPlaceholder(desc)
        expect(desc, cmd).toContain(o.orderNo)
        expect(desc, `${lang} ${cmd} names the status`).toContain(labels(lang, 'outboundOrderStatus', [9])[0])
        for (const name of labels(lang, 'outboundOrderStatus', allowed)) expect(desc, `${lang} ${cmd} names ${name}`).toContain(name)
        expect(r.json().messageParams).toMatchObject({ status: 9, current: ['dict:outboundOrderStatus.9'] })
      }
    }
    // The refused attempt's audit row renders the same sentence's key.
    const [row] = await q<{ error_code: string }>(`SELECT error_code FROM audit_log WHERE command_id = 'outbound.order.stop' AND result = 'refused' ORDER BY id DESC LIMIT 1`)
    expect(row!.error_code).toBe('outbound:order.errors.stopStatus')
  })

  it('inbound: a move or an edit the status does not allow names the status and where it is allowed', async () => {
    const [s] = await q<{ id: number }>('SELECT id FROM supplier WHERE tenant_id = 1 ORDER BY id LIMIT 1')
    const c = await admin.cmd('inbound.order.create', { inboundType: 1, supplierId: Number(s!.id), lines: [{ code: sku, qty: 2 }] })
    expect(c.statusCode, c.body).toBe(200)
    const { id, orderNo } = c.json().data as { id: number; orderNo: string }
    const issue = await admin.in({ lang: 'es-MX' }).cmd('inbound.order.issue', { ids: [id] })
    expect(issue.statusCode).toBe(409)
    const desc = issue.json().responseDesc as string
    noPlaceholder(desc)
    expect(desc).toContain(orderNo)
    expect(desc).toContain(translate('es-MX', 'dict:inboundStatus.0'))
    expect(desc).toContain(translate('es-MX', 'dict:inboundStatus.1'))
    expect((await admin.cmd('inbound.order.submit', { ids: [id] })).statusCode).toBe(200)
    const edit = await admin.in({ lang: 'zh-CN' }).cmd('inbound.order.edit', { orderNo, inboundType: 1, supplierId: Number(s!.id), lines: [{ code: sku, qty: 3 }] })
    expect(edit.statusCode, edit.body).toBe(409)
    expect(edit.json().messageKey).toBe('inbound:order.errors.editOnlyNew')
    const d = edit.json().responseDesc as string
    noPlaceholder(d)
    expect(d).toContain(orderNo)
    expect(d).toContain(translate('zh', 'dict:inboundStatus.1'))
    expect(d).toContain(translate('zh', 'dict:inboundStatus.0'))
  })
})

describe('§3 L2: bodies nested deeper than the limit', () => {
  it('a command with JSON nested 100 000 levels deep: 400 translated, and its audit row says refused', async () => {
    const N = 100_000
    const deep = `{"ids":[1],"reason":${'{"a":'.repeat(N)}1${'}'.repeat(N)}}`
    for (const [lang, header] of [['en', 'en-US'], ['zh', 'zh-CN'], ['es-MX', 'es-MX']] as const) {
      const key = `deep-${lang}-${Date.now()}`
      const r = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.stop', payload: deep, headers: { ...admin.headers, 'x-language-header': header, 'content-type': 'application/json', 'idempotency-key': key } })
      expect(r.statusCode, r.body).toBe(400)
      expect(r.json()).toMatchObject({ messageKey: 'errors:bodyTooDeep', responseDesc: translate(lang, 'errors:bodyTooDeep', { max: MAX_JSON_DEPTH }) })
      noPlaceholder(r.json().responseDesc)
      for (const e of r.json().errors) noPlaceholder(e.message)
      expect(r.json().responseDesc).toContain(String(MAX_JSON_DEPTH))
      const rows = await q<{ result: string; error_code: string; args: unknown }>(`SELECT result, error_code, args FROM audit_log WHERE command_id = 'outbound.order.stop' AND request_id = $1`, [r.json().requestId])
      expect(rows).toEqual([expect.objectContaining({ result: 'refused', error_code: 'errors:bodyTooDeep' })])
    }
  })

  it('a deep array body, and one just past the limit, are refused; one at the limit is parsed as usual', async () => {
    const arr = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.merge', payload: '['.repeat(100_000) + ']'.repeat(100_000), headers: { ...admin.headers, 'content-type': 'application/json', 'idempotency-key': `deeparr-${Date.now()}` } })
    expect(arr.statusCode).toBe(400)
    expect(arr.json().messageKey).toBe('errors:bodyTooDeep')
    // n levels: the object, then n - 1 lists.
    const nest = (n: number) => `{"ids":[1],"x":${'['.repeat(n - 1)}${']'.repeat(n - 1)}}`
    const over = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.merge', payload: nest(MAX_JSON_DEPTH + 1), headers: { ...admin.headers, 'content-type': 'application/json', 'idempotency-key': `over-${Date.now()}` } })
    expect(over.json().messageKey).toBe('errors:bodyTooDeep')
    const at = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.merge', payload: nest(MAX_JSON_DEPTH), headers: { ...admin.headers, 'content-type': 'application/json', 'idempotency-key': `at-${Date.now()}` } })
    expect(at.statusCode).toBe(400)
    expect(at.json().messageKey).toBe('errors:validation.form')
    // Brackets inside strings do not count; a plain route refuses a deep body the same way.
    const str = await t.app.inject({ method: 'POST', url: '/api/commands/outbound.order.merge', payload: JSON.stringify({ ids: [1], note: '['.repeat(500) }), headers: { ...admin.headers, 'content-type': 'application/json', 'idempotency-key': `str-${Date.now()}` } })
    expect(str.json().messageKey).toBe('errors:validation.form')
    const route = await t.app.inject({ method: 'POST', url: '/api/admin/announce-deploy', payload: `{"version":${'['.repeat(1000)}${']'.repeat(1000)}}`, headers: { ...admin.headers, 'content-type': 'application/json' } })
    expect(route.statusCode).toBe(400)
    expect(route.json().messageKey).toBe('errors:bodyTooDeep')
  })
})

describe('§3 L1: a platform order number is matched in the caller\'s pair only', () => {
  it('the same number in two warehouses creates both; a refusal in one pair never names the other pair\'s order', async () => {
    const no = `L1-${Date.now()}`
    const w168 = admin.in({ warehouseId: 168 })
    const there = await create(w168, { sourceNo: no })
    // The order form in 1-26: created, not answered with 1-168's order.
    const here = await create(admin, { sourceNo: no })
    expect(here.orderNo).not.toBe(there.orderNo)
    // The feed in 1-26: the number exists here now, answered with this pair's order only.
    const feed = await admin.cmd('outbound.order.feed', { orders: [{ ...ORDER, sourceNo: no, lines: [{ code: sku, qty: 1 }] }] })
    expect(feed.statusCode, feed.body).toBe(200)
    expect(feed.json().data.existing).toEqual([{ sourceNo: no, orderNo: here.orderNo }])
    expect(feed.body).not.toContain(there.orderNo)
    // A new number pushed in 1-168 first, then by the feed in 1-26: created in 1-26 too.
    const no2 = `L1B-${Date.now()}`
    await create(w168, { sourceNo: no2 })
    const feed2 = await admin.cmd('outbound.order.feed', { orders: [{ ...ORDER, sourceNo: no2, lines: [{ code: sku, qty: 1 }] }] })
    expect(feed2.json().data.created).toHaveLength(1)
    // The form again in 1-26: refused naming this pair's order, never 1-168's.
    const again = await admin.cmd('outbound.order.create', { ...ORDER, sourceNo: no, lines: [{ code: sku, qty: 1 }] })
    expect(again.statusCode).toBe(409)
    expect(again.body).toContain(here.orderNo)
    expect(again.body).not.toContain(there.orderNo)
    const rows = await q<{ warehouse_id: number }>('SELECT warehouse_id FROM outbound_order WHERE tenant_id = 1 AND source_no = $1 ORDER BY warehouse_id', [no])
    expect(rows.map((r) => Number(r.warehouse_id))).toEqual([26, 168])
  })
})

describe('§3 L4: exported cells that look like formulas are escaped', () => {
  it('=, +, -, @, tab and CR at the start of a text cell get a leading apostrophe; numbers stay numbers', async () => {
    // (A leading tab or CR is trimmed from a consignee name on input; escapeFormula covers them below.)
    const names = ['=HYPERLINK("http://evil.example","x")', '+1+2', '-3+4', '@SUM(A1)', '＝1+1', 'Plain Name']
    const ids: number[] = []
    for (const consigneeName of names) ids.push((await create(admin, { consigneeName })).id)
    const r = await admin.get(`${OUTBOUND_ORDER_API.export}?${ids.map((id) => `ids=${id}`).join('&')}`)
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200)
    const wb = new ExcelJS.Workbook()
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer)
    const ws = wb.worksheets[0]!
    const header = (ws.getRow(1).values as unknown[]).map(String)
    const nameCol = header.indexOf(translate('en', 'outbound:order.fields.consigneeName'))
    const qtyCol = header.indexOf(translate('en', 'outbound:order.fields.expectedQty'))
    expect(nameCol).toBeGreaterThan(0)
    const cells: unknown[] = []
    ws.eachRow((row, n) => { if (n > 1) { cells.push(row.getCell(nameCol).value); expect(row.getCell(qtyCol).value).toBe(1) } })
    expect(cells.sort()).toEqual(["'+1+2", "'-3+4", "'=HYPERLINK(\"http://evil.example\",\"x\")", "'@SUM(A1)", "'＝1+1", 'Plain Name'].sort())
    for (const c of cells) expect(typeof c).toBe('string')
    expect(['\tTAB', '\rCR', '-', 'a=b', ''].map(escapeFormula)).toEqual(["'\tTAB", "'\rCR", "'-", 'a=b', ''])
    expect([xlsxCell(-5), xlsxCell(0), xlsxCell(true), xlsxCell(null), xlsxCell({ a: 1 })]).toEqual([-5, 0, true, null, '{"a":1}'])
  })
})

describe('§3 I5: a printer address takes only printer protocols', () => {
  it('ipp, ipps and tcp (raw 9100) addresses are kept; http, file, other ports and loopback are refused naming the field', async () => {
    let n = 0
    const add = (address: string, lang = 'en-US') => admin.in({ lang }).cmd('resource.printer.add', { code: `SEC-P${Date.now() % 100000}-${n++}`, name: 'Probe printer', address })
    for (const ok of ['ipp://laser-02.local', 'ipps://printer.example.com:443/ipp/print', 'tcp://10.0.0.7:9100', 'socket://zebra-02.local']) {
      const r = await add(ok)
      expect(r.statusCode, `${ok} ${r.body}`).toBe(200)
    }
    for (const bad of ['http://169.254.169.254/latest/meta-data', 'file:///etc/passwd', 'tcp://10.0.0.7:6379', 'ipp://localhost', 'ipp://127.0.0.1:631', 'ipp://user:pw@printer.local', 'gopher://printer.local']) {
      const r = await add(bad)
      expect(r.statusCode, bad).toBe(400)
      const e = r.json().errors.find((x: any) => x.field === 'address')
      expect(e, `${bad} ${r.body}`).toMatchObject({ messageKey: 'print:printer.errors.address' })
      noPlaceholder(e.message)
      expect(r.json().responseDesc).toBe(e.message)
    }
    const zh = await add('http://printer.local', 'zh-CN')
    expect(zh.json().responseDesc).toContain(translate('zh', 'print:printer.fields.address'))
    const [cnt] = await q<{ n: number }>(`SELECT count(*)::int AS n FROM printer WHERE name = 'Probe printer'`)
    expect(Number(cnt!.n)).toBe(4)
  })
})

describe('§3 I3: /ws/version caps its sockets per address', () => {
  it(`holds ${WS_LIMITS.perAddress} sockets from one address and refuses the next with 429; a closed one frees its place`, async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const url = `${address.replace('http', 'ws')}/ws/version`
    const open = (): Promise<{ ws?: WebSocket; status?: number }> => new Promise((resolve) => {
      const ws = new WebSocket(url)
      ws.once('open', () => resolve({ ws }))
      ws.once('unexpected-response', (_req, res) => { resolve({ status: res.statusCode }); res.resume(); ws.terminate() })
      ws.once('error', () => resolve({}))
    })
    const held: WebSocket[] = []
    try {
      for (let i = 0; i < WS_LIMITS.perAddress; i++) {
        const r = await open()
        expect(r.ws, `socket ${i + 1}`).toBeDefined()
        held.push(r.ws!)
      }
      const over = await open()
      expect(over.status).toBe(429)
      await new Promise<void>((resolve) => { held.pop()!.once('close', () => resolve()).close() })
      await new Promise((r) => setTimeout(r, 100))
      const again = await open()
      expect(again.ws).toBeDefined()
      held.push(again.ws!)
    } finally {
      await Promise.all(held.map((ws) => new Promise<void>((resolve) => { if (ws.readyState === ws.CLOSED) resolve(); else { ws.once('close', () => resolve()); ws.close() } })))
    }
  }, 60_000)
})
