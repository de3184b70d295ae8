// Refusals of the inbound screens' commands name the field by the screen's own label (the command's
// fieldLabel → inbound:<screen>.fields.*), on the server as in the browser's pre-flight, and a field of
// a line by its own label ('lines.0.qty' → Quantity) — never by the raw argument name ('boxCount',
// 'pass', 'qty'): returns receipt, quick inbound, inbound orders, the inspection, shelving and receiving
// stations. Every label such a command can name exists in zh, en and es-MX. Nothing is written.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { createTestApp, type TestApp } from '../helpers/app'
import { apiAs, type ApiClient } from '../helpers/api'
import { ALL_COMMANDS } from '../../commands'
import { schemaFieldPaths } from '../../src/domain/validation'
import { LANGUAGES } from '../../src/domain/i18n'
import { readFileSync } from 'node:fs'
import { CommandInputError, fieldErrorsOf } from '../../src/app/commands/validation'
import { createRuntime } from '../../src/app/commands/runtime'
import { CommandRegistry } from '../../src/domain/commands'
import { initI18n, i18next } from '../../src/app/i18n'

let t: TestApp
let admin: ApiClient
type FieldErr = { field: string; messageKey: string; message: string }

/** The command's refusal (400) as the operator reads it: field → message. */
async function refusal(c: ApiClient, id: string, args: unknown): Promise<Record<string, string>> {
  const res = await c.cmd(id, args)
  expect(res.statusCode, res.body).toBe(400)
  return Object.fromEntries(((res.json() as { errors: FieldErr[] }).errors).map((e) => [e.field, e.message]))
}
const count = async (table: string) => Number((await t.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]!.n)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
}, 120_000)
afterAll(async () => { await t?.close() })

describe('inbound refusals name the screen label', () => {
  it('returns receipt: boxes and a line quantity (en and zh), nothing created', async () => {
    const before = await count('return_order')
    const args = { sourceNo: 'SO-LBL-1', reasonCode: 1, boxCount: 0, lines: [{ skuCode: 'ANY', qty: 1 }, { skuCode: 'ANY', qty: 0 }] }
    expect(await refusal(admin, 'inbound.return.add', args)).toEqual({
      boxCount: 'Boxes is too small (minimum 0)',
      'lines.1.qty': 'Quantity is too small (minimum 0)',
    })
    const zh = await refusal(admin.in({ lang: 'zh-CN' }), 'inbound.return.add', args)
    expect(zh.boxCount).toContain('箱数')
    expect(zh['lines.1.qty']).toContain('数量')
    expect(await refusal(admin, 'inbound.return.scan', { returnNo: 'TH1', code: 'X', qty: 0 })).toEqual({ qty: 'Quantity is too small (minimum 0)' })
    expect(await count('return_order')).toBe(before)
  })

  it('quick inbound: inbound type and a line quantity, nothing created', async () => {
    const before = await count('quick_inbound_task')
    expect(await refusal(admin, 'inbound.quick.add', { inboundType: 9, lines: [{ code: 'X1', qty: 0 }] })).toEqual({
      inboundType: 'Inbound type is too large (maximum 6)',
      'lines.0.qty': 'Quantity is too small (minimum 0)',
    })
    expect(await refusal(admin, 'inbound.quick.scan', { taskNo: 'KR1', code: 'X', qty: 200_000 })).toEqual({ qty: 'Quantity is too large (maximum 100000)' })
    expect(await count('quick_inbound_task')).toBe(before)
  })

  it('inbound order: boxes and a line quantity, nothing created', async () => {
    const before = await count('inbound_order')
    expect(await refusal(admin, 'inbound.order.create', { inboundType: 1, boxCount: -1, lines: [{ code: 'X1', qty: 0 }] })).toEqual({
      boxCount: 'Boxes is too small (minimum 0)',
      'lines.0.qty': 'Quantity is too small (minimum 1)',
    })
    expect(await count('inbound_order')).toBe(before)
  })

  it('inspection, shelving and receiving stations: the quantity typed beside the scan', async () => {
    expect(await refusal(admin, 'inbound.inspection.record', { inspectionNo: 'QC1', code: 'X', pass: 200_000 })).toEqual({ pass: 'Passed quantity is too large (maximum 100000)' })
    expect(await refusal(admin, 'inbound.shelving.scan', { taskNo: 'SJ1', locationCode: 'A-1', code: 'X', qty: 0 })).toEqual({ qty: 'Quantity is too small (minimum 1)' })
    expect(await refusal(admin, 'inbound.shelving.assign', { taskNos: ['SJ1'], jobGroupId: 0 })).toEqual({ jobGroupId: 'Job group is too small (minimum 0)' })
    expect(await refusal(admin, 'inbound.receive', { orderNo: 'RK1', code: 'X', qty: 200_000 })).toEqual({ qty: 'Quantity is too large (maximum 100000)' })
  })

  it("the browser's pre-flight names the same labels (nothing sent)", async () => {
    initI18n('en')
    await i18next.changeLanguage('en')
    const registry = new CommandRegistry(ALL_COMMANDS)
    const rt = createRuntime({ registry: () => registry })
    const err = await rt.callServer('inbound.return.add', { sourceNo: 'SO-LBL-2', reasonCode: 1, boxCount: 0, lines: [{ skuCode: 'A', qty: 0 }] }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(CommandInputError)
    expect((err as CommandInputError).errors.map((e) => [e.field, e.message])).toEqual([
      ['boxCount', 'Boxes is too small (minimum 0)'],
      ['lines.0.qty', 'Quantity is too small (minimum 0)'],
    ])
    const pass = registry.get('inbound.inspection.record')!
    const issues = pass.input!.safeParse({ inspectionNo: 'QC1', code: 'X', fail: 200_000 }).error!.issues
    expect(fieldErrorsOf(issues, {}, pass.fieldLabel).map((e) => e.message)).toEqual(['Failed quantity is too large (maximum 100000)'])
  })
})

/** The locale file's own text for `ns:dotted.key` (no fallback to another language). */
function textOf(lang: string, key: string): unknown {
  const [ns, path] = key.split(':') as [string, string]
  let v: unknown = JSON.parse(readFileSync(new URL(`../../locales/${lang}/${ns}.json`, import.meta.url), 'utf8'))
  for (const k of path.split('.')) v = v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined
  return v
}

describe('screen labels exist', () => {
  it('every field a command with its own labels can name has the label in zh, en and es-MX', () => {
    const missing: string[] = []
    let checked = 0
    for (const def of ALL_COMMANDS) {
      if (!def.fieldLabel || !def.input || !def.id.startsWith('inbound.')) continue
      for (const path of schemaFieldPaths(def.input)) {
        const key = def.fieldLabel(path)
        if (!key) continue
        checked++
        for (const lang of LANGUAGES) if (typeof textOf(lang, key) !== 'string') missing.push(`${def.id} ${path} → ${key} (${lang})`)
      }
    }
    expect(missing).toEqual([])
    expect(checked).toBeGreaterThan(40)
  })
})
