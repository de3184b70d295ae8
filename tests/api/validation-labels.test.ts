// Refusals raised before a resource's handler (the command pipeline's zod parse, the list and
// status-preview queries) name the resource's OWN field label (`<ns>:<name>.fields.<f>`), not the
// shared `fields:` one, and a missing required enum reads "required" — in the operator's language.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import { createTestApp, type TestApp } from '../helpers/app'
import { issueMessageKey } from '../../src/domain/validation'
import { resourceSchemas } from '../../src/domain/resource'
import { styleResource } from '../../src/domain/resources/product/style'

let t: TestApp
let admin: string

async function login(username: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/auth/oauth/token', payload: new URLSearchParams({ username, password: 'Demo#2026' }).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
  expect(res.statusCode, res.body).toBe(200)
  return res.json().datas.access_token
}
const headers = (lang = 'en-US') => ({ authorization: `Bearer ${admin}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': lang })
const run = (commandId: string, args: unknown, lang?: string) =>
  t.app.inject({ method: 'POST', url: `/api/commands/${commandId}`, payload: args as object, headers: { ...headers(lang), 'idempotency-key': randomUUID() } })
type FieldErr = { field: string; messageKey: string; message: string }
const errorsOf = (res: { json(): unknown }) => ((res.json() as { errors?: FieldErr[] }).errors ?? [])

let categoryId: number
beforeAll(async () => {
  t = await createTestApp()
  admin = await login('admin')
  categoryId = Number((await t.database.query<{ id: number }>('select id from product_category_3 where tenant_id = 1 order by id limit 1'))[0].id)
}, 120_000)
afterAll(async () => { await t?.close() })

describe('field errors before the handler', () => {
  it('a missing required enum is "required", labelled with the resource field (en, zh)', async () => {
    const args = { styleNo: `VL-${Date.now() % 100000}`, name: 'Validation style', categoryId, year: 2025 }
    const res = await run('resource.style.add', args)
    expect(res.statusCode, res.body).toBe(400)
    expect(errorsOf(res)).toEqual([expect.objectContaining({ field: 'season', messageKey: 'errors:field.required', message: 'Season is required' })])
    const zh = await run('resource.style.add', args, 'zh-CN')
    expect(errorsOf(zh)[0].message).toContain('季')
    expect(errorsOf(zh)[0].messageKey).toBe('errors:field.required')
    // null (an emptied picker) and '' (an emptied select) are missing too.
    expect(errorsOf(await run('resource.style.add', { ...args, season: null }))[0]).toMatchObject({ field: 'season', messageKey: 'errors:field.required' })
    expect(errorsOf(await run('resource.style.add', { ...args, season: '' }))[0]).toMatchObject({ field: 'season', messageKey: 'errors:field.required' })
    // A value outside the dictionary is still "not allowed", with the resource's label.
    expect(errorsOf(await run('resource.style.add', { ...args, season: 'monsoon' }))[0]).toMatchObject({ field: 'season', messageKey: 'errors:field.invalidValue', message: 'Season has a value that is not allowed' })
    const none = await t.database.query('select 1 from product_style where style_no = $1', [args.styleNo])
    expect(none).toHaveLength(0)
  })

  it('other fields of the args use the resource label too (department name, style number)', async () => {
    const dep = await run('resource.department.add', { code: 'VL-DEP' })
    expect(dep.statusCode).toBe(400)
    expect(errorsOf(dep)).toEqual([expect.objectContaining({ field: 'name', message: 'Department name is required' })])
    const bad = await run('resource.style.add', { styleNo: 'lower case', name: 'x', categoryId, year: 2025, season: 'spring' })
    expect(errorsOf(bad).find((e) => e.field === 'styleNo')?.message).toMatch(/^Style number /)
  })

  it('the status preview query names the resource field', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/resources/department/status-preview?ids=1&status=7', headers: headers() })
    expect(res.statusCode, res.body).toBe(400)
    expect(errorsOf(res)[0]).toMatchObject({ field: 'status', messageKey: 'errors:field.invalidValue', message: 'Status has a value that is not allowed' })
  })
})

describe('issueMessageKey', () => {
  it('maps a missing union value to required and a present wrong one to invalid', () => {
    const s = z.object({ v: z.union([z.number(), z.string()]) })
    const missing = s.safeParse({}).error!.issues[0]
    expect(issueMessageKey(missing, {})).toBe('errors:field.required')
    const wrong = s.safeParse({ v: true }).error!.issues[0]
    expect(issueMessageKey(wrong, { v: true })).toBe('errors:field.invalid')
  })
  it('the style create schema refuses an empty season as required, an unknown one as not allowed', () => {
    const { create } = resourceSchemas(styleResource)
    const base = { styleNo: 'A1', name: 'n', categoryId: 1, year: 2025 }
    expect(create.safeParse({ ...base, season: '' }).error!.issues.map((i) => i.message)).toEqual(['errors:field.required'])
    expect(create.safeParse({ ...base, season: 'x' }).error!.issues.map((i) => i.message)).toEqual(['errors:field.invalidValue'])
  })
})
