// The command API as integrators see it (issue 19 §1), against a real database (PGlite, or PostgreSQL
// with TEST_DATABASE_URL): every server command is its own operation of /api/docs/openapi.json with the
// request schema the server parses with, its permission, the Idempotency-Key header, its answer and the
// refusal shapes; the document validates as OpenAPI 3.1; GET /api/commands lists what the signed-in
// user may run in the pair (the executor's own permission check), titles in the request's language; the
// committed generated types (tests/api/client/openapi.d.ts) are those of the live document; and the
// typed sample client (tests/api/client/sample.ts) pushes, validates and picks over real HTTP.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { readFileSync } from 'node:fs'
import { z } from 'zod'
import { Validator } from '@seriousme/openapi-schema-validator'
import { createTestApp, queriesOf, type TestApp } from '../helpers/app'
import { apiAs, expectOk, type ApiClient } from '../helpers/api'
import { commandRegistry } from '../../commands/index'
import { handlerRegistry } from '../../src/server/commands/index'
import { servedCommands } from '../../src/server/areas/commands/catalog'
import { NO_ARGS_SCHEMA } from '../../src/server/http/openapi'
import { translate } from '../../src/server/i18n'
import { addStock, StockStatus } from '../../src/server/inventory/ledger'
import { API_TYPES_FILE, apiTypes } from '../../scripts/api-types'
import { CommandRefused, pickScan, pushOrders, runCommand, signIn, validateOrders, type Session } from './client/sample'

interface Op {
  operationId?: string; summary: string; description?: string; tags: string[]; deprecated?: boolean
  'x-permission'?: string; 'x-command'?: string; 'x-title-key'?: string; 'x-bulk'?: boolean
  parameters?: ({ $ref: string } | { name: string; in: string; required?: boolean })[]
  requestBody?: { required?: boolean; content: { 'application/json': { schema: Record<string, unknown> } } }
  responses: Record<string, { $ref?: string; content?: { 'application/json': { schema: any } } }>
}
interface Doc { openapi: string; paths: Record<string, Record<string, Op>>; components: { parameters: Record<string, any>; responses: Record<string, any>; schemas: Record<string, any> } }

let t: TestApp
let doc: Doc
let admin: ApiClient
const served = servedCommands(commandRegistry, handlerRegistry)
const { q } = queriesOf(() => t)

beforeAll(async () => {
  t = await createTestApp()
  admin = await apiAs(t, 'admin')
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })
  expect(res.statusCode).toBe(200)
  doc = res.json()
}, 120_000)
afterAll(async () => { await t?.close() })

const resolve = <T>(x: T | { $ref: string }): T => {
  if (x && typeof x === 'object' && '$ref' in x) return x.$ref.split('/').slice(1).reduce((o: any, k) => o[k], doc) as T
  return x as T
}

describe('every server command is an operation of the OpenAPI document', () => {
  it('lists each command of the catalog that has a handler — all of them — at POST /api/commands/<id>', () => {
    const catalogServer = commandRegistry.all().filter((c) => c.server)
    expect(served.map((c) => c.id).sort()).toEqual(catalogServer.map((c) => c.id).sort())
    expect(served.length).toBeGreaterThan(200)
    const ops = Object.entries(doc.paths).filter(([, byMethod]) => byMethod.post?.['x-command'])
    expect(ops.map(([p]) => p).sort()).toEqual(served.map((c) => `/api/commands/${c.id}`).sort())
    console.log(`openapi: ${ops.length} command operations with request and answer schemas (${served.filter((c) => c.output).length} with a stated answer), ${Object.keys(doc.paths).length} paths`)
  })

  it.each(served.map((c) => [c.id, c] as const))('%s: title, request schema (the one the server parses with), permission, Idempotency-Key, tag, answers', (id, def) => {
    const op = doc.paths[`/api/commands/${id}`]!.post!
    expect(op.operationId).toBe(id)
    // Summary and description: the English title (never the raw key), and the key itself.
    const title = translate('en', def.title)
    expect(title).not.toBe(def.title)
    expect(title).not.toMatch(/\{\{|\$t\(/)
    expect(op.summary).toBe(title)
    expect(op.description).toContain(def.title)
    expect(op['x-title-key']).toBe(def.title)
    // The request body: the command's zod input as JSON Schema — or, without input, the explicit empty
    // object the executor parses with (it refuses any key).
    const schema = op.requestBody!.content['application/json'].schema
    expect(op.requestBody!.required).toBe(true)
    expect(schema.type).toBe('object')
    const { $schema: _d, ...expected } = z.toJSONSchema(def.input ?? z.strictObject({}), { unrepresentable: 'any', io: 'input' }) as Record<string, unknown>
    expect(schema).toEqual(expected)
    expect(JSON.stringify(schema)).not.toContain('not representable')
    if (Object.keys((schema.properties as object | undefined) ?? {}).length === 0) expect(schema).toEqual(NO_ARGS_SCHEMA)
    // Permission, in the extension and in words.
    expect(op['x-permission']).toBe(def.permission)
    expect(op.description).toContain(`\`${def.permission}\``)
    expect(op['x-bulk']).toBe(Boolean(def.bulk))
    // The Idempotency-Key header, required; the pair header.
    const params = (op.parameters ?? []).map((p) => resolve(p) as { name: string; in: string; required?: boolean })
    expect(params).toContainEqual(expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: true }))
    expect(params).toContainEqual(expect.objectContaining({ name: 'x-userinfo-header', in: 'header', required: true }))
    // A tag per area.
    const [area, thing] = id.split('.')
    expect(op.tags).toEqual([area === 'resource' ? `resource.${thing}` : area])
    // The success envelope around the stated answer (else any value), and the refusals' error envelope.
    const ok = op.responses['200']!.content!['application/json'].schema
    expect(ok.required).toEqual(['responseCode', 'responseDesc', 'data'])
    expect(ok.properties.responseCode).toEqual({ const: '0001' })
    if (def.output) expect(ok.properties.data.type).toBe('object')
    for (const status of ['400', '401', '403', '404', '409', '500']) {
      const r = resolve(op.responses[status]!) as { content: { 'application/json': { schema: { $ref: string } } } }
      expect(r.content['application/json'].schema.$ref, `${id} ${status}`).toBe('#/components/schemas/ErrorEnvelope')
    }
  })

  it('states the answers of the feed, validate and pick scan', () => {
    const data = (id: string) => doc.paths[`/api/commands/${id}`]!.post!.responses['200']!.content!['application/json'].schema.properties.data
    expect(data('outbound.order.feed')).toMatchObject({ type: 'object', required: ['created', 'existing'] })
    expect(data('outbound.order.validate').properties.changed.items.properties).toHaveProperty('shortages')
    expect(data('outbound.pick.scan')).toMatchObject({ type: 'object', properties: { taskDone: { type: 'boolean' } } })
  })

  it('describes the error envelope: field errors, the message key, and examples in real words', () => {
    const env = doc.components.schemas.ErrorEnvelope
    expect(env.required).toEqual(expect.arrayContaining(['responseCode', 'responseDesc', 'messageKey']))
    expect(env.properties.errors.items).toEqual({ $ref: '#/components/schemas/FieldError' })
    expect(doc.components.schemas.FieldError.required).toEqual(['field', 'messageKey', 'message'])
    expect(Object.keys(doc.components.responses)).toEqual(expect.arrayContaining(['BadRequest', 'Conflict', 'Forbidden']))
    for (const [name, r] of Object.entries(doc.components.responses)) {
      for (const [ex, { value }] of Object.entries(r.content['application/json'].examples as Record<string, { value: any }>)) {
        expect(value.responseDesc, `${name}.${ex}`).not.toBe(value.messageKey)
        expect(value.responseDesc, `${name}.${ex}`).not.toMatch(/\{\{|\$t\(/)
        for (const f of value.errors ?? []) expect(f.message, `${name}.${ex} ${f.field}`).not.toMatch(/\{\{|\$t\(|^[\w-]+:[\w.]+$/)
      }
    }
    // The generic path stays, deprecated (the same endpoint; unknown ids answer 404 there).
    expect(doc.paths['/api/commands/{commandId}']!.post!.deprecated).toBe(true)
    expect(doc.paths['/api/commands']!.get!.summary).toMatch(/may run/)
  })

  it('validates as OpenAPI 3.1 (and the validator does refuse a broken copy)', async () => {
    const v = new Validator()
    const r = await v.validate(structuredClone(doc) as unknown as Record<string, unknown>)
    expect(r.errors ?? [], JSON.stringify(r.errors ?? []).slice(0, 2000)).toEqual([])
    expect(r.valid).toBe(true)
    expect(v.version).toBe('3.1')
    const broken = structuredClone(doc) as any
    broken.paths['/api/commands/outbound.order.feed'].post.parameters.push({ name: 'x', in: 'body' })
    expect((await new Validator().validate(broken)).valid).toBe(false)
  })

  it('serves the committed generated types of the live document (npm run api:types)', async () => {
    const fresh = await apiTypes(doc)
    expect(fresh === readFileSync(API_TYPES_FILE, 'utf8'), `${API_TYPES_FILE} is stale: run npm run api:types`).toBe(true)
  }, 60_000)
})

describe('GET /api/commands', () => {
  type Entry = { id: string; title: string; titleKey: string; tag: string; permission: string; bulk: boolean; input: Record<string, unknown>; path: string }
  const list = async (c: ApiClient) => {
    const r = await c.get('/api/commands')
    expect(r.statusCode, r.body).toBe(200)
    return r.json().data.commands as Entry[]
  }

  it('lists every server command for an administrator, each with its title, permission, bulk and input schema', async () => {
    const all = await list(admin)
    expect(all.map((c) => c.id)).toEqual(served.map((c) => c.id))
    for (const e of all) {
      const def = commandRegistry.get(e.id)!
      expect(e).toMatchObject({ title: translate('en', def.title), titleKey: def.title, permission: def.permission, bulk: Boolean(def.bulk), path: `/api/commands/${e.id}` })
      expect(e.input).toEqual(doc.paths[e.path]!.post!.requestBody!.content['application/json'].schema)
    }
    expect(all.find((c) => c.id === 'outbound.order.split')!.bulk).toBe(true)
    expect(all.find((c) => c.id === 'outbound.order.feed')!.bulk).toBe(false)
  })

  it('lists for a picker only what the executor lets the picker run in the pair', async () => {
    const picker = await apiAs(t, 'picker')
    const mine = new Set((await list(picker)).map((c) => c.id))
    expect(mine.has('outbound.pick.scan')).toBe(true)
    expect(mine.has('outbound.order.feed')).toBe(false)
    expect(mine.has('admin.user.forceOffline')).toBe(false)
    expect(mine.size).toBeLessThan(served.length)
    // The same check as the executor's: every command not listed is refused 403 before anything else,
    // every listed one gets past the permission (to the missing Idempotency-Key: nothing runs).
    for (const c of served) {
      const r = await t.app.inject({ method: 'POST', url: `/api/commands/${c.id}`, payload: {}, headers: picker.headers })
      expect(r.statusCode, `${c.id} ${r.body}`).toBe(mine.has(c.id) ? 400 : 403)
      expect(r.json().messageKey).toBe(mine.has(c.id) ? 'commands:errors.idempotencyKeyRequired' : 'errors:auth.missingPermission')
    }
  }, 120_000)

  it('gives the titles in the request\'s language', async () => {
    const byLang = async (lang: string) => new Map((await list(admin.in({ lang }))).map((c) => [c.id, c.title]))
    const [en, zh, es] = await Promise.all([byLang('en-US'), byLang('zh-CN'), byLang('es-MX')])
    expect(en.get('outbound.order.validate')).toBe(translate('en', 'commands:outbound.order.validate'))
    expect(zh.get('outbound.order.validate')).toBe(translate('zh', 'commands:outbound.order.validate'))
    expect(es.get('outbound.order.validate')).toBe(translate('es-MX', 'commands:outbound.order.validate'))
    expect(new Set([en.get('outbound.order.validate'), zh.get('outbound.order.validate'), es.get('outbound.order.validate')]).size).toBe(3)
    expect(zh.get('outbound.pick.scan')).toMatch(/[\u4e00-\u9fff]/)
  })

  it('needs a signed-in user in a pair of theirs', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/commands' })
    expect(anon.statusCode).toBe(401)
    expect(anon.json().responseCode).toBe('302')
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/commands', headers: { ...admin.headers, 'x-userinfo-header': '1-admin-999' } })
    expect(elsewhere.statusCode).toBe(403)
  })
})

describe('the typed sample client over HTTP', () => {
  it('pushes an order, validates it and picks it (outbound.order.feed, .validate, outbound.pick.scan)', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const { port } = t.app.server.address() as { port: number }
    const base = `http://127.0.0.1:${port}`
    const s: Session = await signIn(base, 'admin', 'Demo#2026', { tenantId: 1, warehouseId: 26 })

    // A SKU with no stock yet, on one shelf of the pair (setup on the ledger).
    const [sku] = await q<{ id: number; sku_code: string }>(`
      SELECT k.id, k.sku_code FROM product_sku k WHERE k.tenant_id = 1 AND NOT EXISTS (SELECT 1 FROM inventory_balance b WHERE b.sku_id = k.id)
        AND NOT EXISTS (SELECT 1 FROM product_sku x WHERE x.id <> k.id AND upper(x.sku_code) = upper(k.sku_code)) ORDER BY k.id DESC LIMIT 1`)
    const [shelf] = await q<{ id: number; code: string }>(`
      SELECT l.id, l.code FROM location l JOIN storage_area a ON a.id = l.storage_area_id
      WHERE l.tenant_id = 1 AND l.warehouse_id = 26 AND l.status = 1 AND NOT l.temporary AND a.status = 1 AND a.area_type = 2 ORDER BY l.code LIMIT 1`)
    await t.database.tx((tx) => addStock(tx, { tenantId: 1, warehouseId: 26, locationId: Number(shelf!.id), skuId: Number(sku!.id), stockStatus: StockStatus.Normal }, 2, { docType: 'TEST', docNo: 'T-API' }, { userId: 1, username: 'admin' }))

    const sourceNo = `API-${Date.now()}`
    const order = { platform: 'TIKTOK' as const, sourceNo, shippingMethod: 'API-TEST', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku!.sku_code, qty: 1 }] }
    const fed = await pushOrders(s, [order])
    expect(fed.created).toEqual([{ platformNo: sourceNo, orderNo: expect.stringMatching(/^CK\d+$/) }])
    const orderNo = fed.created[0]!.orderNo
    // Pushed again: nothing new, the existing order answered.
    const again = await runCommand(s, '/api/commands/outbound.order.feed', { orders: [order] })
    expect(again.responseCode).toBe('0001')
    expect(again.data).toEqual({ created: [], existing: [{ sourceNo, orderNo }] })

    const id = Number((await admin.get(`/api/outbound/orders/by-no/${orderNo}`)).json().data.order.id)
    const validated = await validateOrders(s, [id])
    expect(validated).toEqual([{ orderNo, from: expect.any(Number), to: expect.any(Number), short: 0 }])
    expect(validated[0]!.to).not.toBe(validated[0]!.from)

    const wave = await expectOk(admin, 'outbound.wave.create', { orderIds: [id], taskMode: 'bulk', pickMode: 1 })
    const taskNo = wave.tasks[0] as string
    await runCommand(s, '/api/commands/outbound.pickTask.claim', { taskNo })
    const picked = await pickScan(s, { taskNo, locationCode: shelf!.code, code: sku!.sku_code })
    expect(picked).toEqual({ remaining: 0, taskDone: true, next: null })

    // The answers as sent (the idempotency rows keep them): each command's stated output schema parses
    // them without dropping a field, so the document's answer schemas are the real shapes.
    for (const command of ['outbound.order.feed', 'outbound.order.validate', 'outbound.pick.scan']) {
      const rows = await q<{ response: { data: unknown } | string }>('SELECT response FROM idempotency_key WHERE command_id = $1 AND user_id = 1 ORDER BY created_at', [command])
      expect(rows.length, command).toBeGreaterThan(0)
      for (const row of rows) {
        const data = (typeof row.response === 'string' ? JSON.parse(row.response) : row.response).data
        expect(commandRegistry.get(command)!.output!.parse(data), command).toEqual(data)
      }
    }

    // A refusal reaches the sample as the error envelope: the order is picked, it cannot be validated again.
    const refused = await runCommand(s, '/api/commands/outbound.order.validate', { ids: [id] }).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(CommandRefused)
    expect((refused as CommandRefused).status).toBe(409)
    expect((refused as CommandRefused).answer.messageKey).toMatch(/^[\w-]+:[\w.]+$/)
    expect((refused as CommandRefused).answer.responseDesc).not.toBe((refused as CommandRefused).answer.messageKey)
  }, 120_000)
})
