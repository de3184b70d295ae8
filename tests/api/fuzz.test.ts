// Bad input never crashes (issue 10): every route of the OpenAPI document the server serves
// (/api/docs/openapi.json) and every server command of the catalog (POST /api/commands/<id>) is sent,
// signed in as an administrator in a valid pair, NUL bytes, lone surrogates, 2^31 and 2^63 ids,
// decimals in integers, years 0 and 10000, and null — in path params, query and body fields, one field
// at a time over an otherwise plausible request (so the bad value gets past the other fields and reaches
// as far as it can). Not one answer may be 5xx; the offenders are printed when some are.
//
// Bounded: a few payloads per field by its type, not every combination (about 4–6k requests). The
// caller is a second administrator created for the run, so commands aimed at "row 1" (the demo admin,
// the first role …) cannot sign the caller out; the caller's own sign-out is not sent, and the session
// is checked (and renewed) every ten routes so a revoked session shows up instead of hiding 401s.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import type { LightMyRequestResponse } from 'fastify'
import { createTestApp, type TestApp } from '../helpers/app'
import { signIn } from '../helpers/api'
import { ALL_COMMANDS } from '../../commands/index'

interface JS {
  type?: string | string[]; properties?: Record<string, JS>; required?: string[]; items?: JS; prefixItems?: JS[]
  anyOf?: JS[]; oneOf?: JS[]; allOf?: JS[]; enum?: unknown[]; const?: unknown; format?: string; pattern?: string
  minimum?: number; exclusiveMinimum?: number; maximum?: number; minLength?: number; maxLength?: number; minItems?: number
  default?: unknown; additionalProperties?: JS | boolean
}
interface Op { method: string; path: string; 'x-auth'?: string; 'x-command'?: string; parameters?: { name: string; in: 'query' | 'path'; required?: boolean; schema: JS }[]; requestBody?: { content: Record<string, { schema: JS }> } }

const FUZZ_USER = 'fuzzadmin'
const PASSWORD = 'Demo#2026'
/** The caller's own sign-out is never sent (the session under test would go with it). */
const SKIP = new Set(['DELETE /auth/oauth/remove/token'])

// ── payloads ───────────────────────────────────────────────────────────────────────────────────────
const NUL = 'fu\u0000zz'
const SURROGATE = 'fu\uD800zz'
const BIG31 = 2 ** 31
const BIG63 = 2 ** 63
const DATE_NAME = /date|time|At$|From$|To$|day|arrival/i
const isDateish = (s: JS, name: string) => s.format === 'date' || s.format === 'date-time' || /\\d\{4\}-/.test(s.pattern ?? '') || DATE_NAME.test(name)

/** The schema's type, through anyOf/oneOf (the first option that is not null). */
function typeOf(s: JS): { type: string; s: JS } {
  const opts = s.anyOf ?? s.oneOf
  if (opts?.length) {
    const o = opts.find((x) => typeOf(x).type !== 'null') ?? opts[0]
    return typeOf(o)
  }
  if (s.allOf?.length) return typeOf(s.allOf[0])
  if (s.const !== undefined) return { type: 'const', s }
  if (s.enum) return { type: 'enum', s }
  const t = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') ?? s.type[0] : s.type
  return { type: t ?? (s.properties ? 'object' : s.items ? 'array' : 'any'), s }
}

/** A plausible value of a schema: most fields pass their own checks, so a bad one goes further. */
function sample(schema: JS, name = '', depth = 0): unknown {
  const { type, s } = typeOf(schema)
  if (s.default !== undefined) return s.default
  switch (type) {
    case 'const': return s.const
    case 'enum': return s.enum![0]
    case 'integer': case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : undefined)
      return Math.min(Math.max(min ?? 1, 1), s.maximum ?? Infinity)
    }
    case 'boolean': return false
    case 'string': {
      if (s.format === 'date-time') return '2026-03-01T08:00:00Z'
      if (s.format === 'date' || /date/i.test(name)) return '2026-03-01'
      if (s.format === 'email') return 'fuzz@example.com'
      if (/url|avatar|image|file/i.test(name)) return 'https://example.com/a.png'
      const base = /code|no$/i.test(name) ? 'FUZZ-1' : 'Fuzz-1'
      return base.padEnd(Math.min(s.minLength ?? 0, 40), 'x').slice(0, s.maxLength ?? 200)
    }
    case 'array': {
      if (depth > 4) return []
      const item = s.items ?? s.prefixItems?.[0]
      return item ? Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(item, name, depth + 1)) : []
    }
    case 'object': {
      if (depth > 4) return {}
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v, k, depth + 1)]))
    }
    case 'null': return null
    default: return 'fuzz'
  }
}

/** Text fields take turns between a NUL byte and a lone surrogate (both reach every kind of route). */
let textTurn = 0
const badText = () => (textTurn++ % 2 ? SURROGATE : NUL)

/** The bad values a field of this schema gets (a few, by type). */
function badValues(schema: JS, name: string): unknown[] {
  const { type, s } = typeOf(schema)
  switch (type) {
    case 'integer': return [BIG31, BIG63, 1.5, null]
    case 'number': return [BIG63, -BIG31 - 1, null]
    case 'string': return isDateish(s, name) ? ['0000-01-01', '10000-01-01', badText(), null] : [badText(), null]
    case 'array': case 'object': return [null]
    default: return [badText(), null]
  }
}

/** Every field path of a value's schema with its bad values (objects' fields, arrays' first element). */
function fields(schema: JS, at: (string | number)[] = [], name = '', depth = 0): { path: (string | number)[]; bad: unknown[] }[] {
  const { type, s } = typeOf(schema)
  const out = at.length ? [{ path: at, bad: badValues(schema, name) }] : []
  if (depth > 4) return out
  if (type === 'object') for (const [k, v] of Object.entries(s.properties ?? {})) out.push(...fields(v, [...at, k], k, depth + 1))
  if (type === 'array' && (s.items ?? s.prefixItems?.[0])) out.push(...fields((s.items ?? s.prefixItems![0]), [...at, 0], name, depth + 1))
  return out
}

function setAt(value: unknown, path: (string | number)[], v: unknown): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>
  let node = copy as Record<string | number, unknown>
  for (const k of path.slice(0, -1)) {
    if (node[k] === null || typeof node[k] !== 'object') node[k] = typeof path[path.indexOf(k) + 1] === 'number' ? [] : {}
    node = node[k] as Record<string | number, unknown>
  }
  node[path[path.length - 1]] = v
  return copy
}

/** A bad value as a URL component: NUL and a lone surrogate percent-encoded by hand (encodeURIComponent refuses U+D800). */
function urlValue(v: unknown): string {
  if (v === null) return ''
  if (typeof v === 'number') return v === BIG63 ? '9223372036854775808' : String(v)
  return String(v).replaceAll('\u0000', '%00').replace(/[\uD800-\uDFFF]/g, '%ED%A0%80').replace(/[^%\w.:-]/g, (c) => encodeURIComponent(c))
}
const show = (v: unknown) => (v === null ? 'null' : typeof v === 'string' ? JSON.stringify(v) : String(v))

// ── the run ────────────────────────────────────────────────────────────────────────────────────────
let t: TestApp
let token = ''
const headers = () => ({ authorization: `Bearer ${token}`, 'x-userinfo-header': `1-${FUZZ_USER}-26`, 'x-language-header': 'en-US' })

beforeAll(async () => {
  t = await createTestApp()
  // A second administrator with the demo admin's roles, pairs and password.
  await t.database.query(`INSERT INTO app_user (username, password_hash, employee_name, tenant_id, status)
    SELECT $1, password_hash, 'Fuzz admin', tenant_id, 1 FROM app_user WHERE username = 'admin'`, [FUZZ_USER])
  await t.database.query(`INSERT INTO user_role (user_id, role_id) SELECT f.id, r.role_id FROM app_user f, app_user a JOIN user_role r ON r.user_id = a.id WHERE f.username = $1 AND a.username = 'admin'`, [FUZZ_USER])
  await t.database.query(`INSERT INTO user_access (user_id, warehouse_id, tenant_id, sort) SELECT f.id, x.warehouse_id, x.tenant_id, x.sort FROM app_user f, app_user a JOIN user_access x ON x.user_id = a.id WHERE f.username = $1 AND a.username = 'admin'`, [FUZZ_USER])
  token = await signIn(t, FUZZ_USER, PASSWORD)
}, 300_000)
afterAll(async () => { await t?.close() })

describe('fuzz: every route and command, bad input in every field', () => {
  it('answers no request with 5xx', async () => {
    const started = Date.now()
    const offenders: string[] = []
    let sent = 0
    let renewed = 0
    let refusedAuth = 0
    const byStatus = new Map<number, number>()
    const send = async (label: string, req: { method: string; url: string; payload?: unknown; headers?: Record<string, string> }) => {
      let res: LightMyRequestResponse
      try {
        res = await t.app.inject({ method: req.method as 'GET', url: req.url, payload: req.payload as object, headers: { ...headers(), ...req.headers } })
      } catch (err) {
        offenders.push(`${label} → threw ${(err as Error).message}`)
        return
      }
      sent++
      byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1)
      if (res.statusCode === 401) refusedAuth++
      if (res.statusCode >= 500) offenders.push(`${label} → ${res.statusCode} ${res.body.slice(0, 300)}`)
    }
    /** The caller still signed in; else a new session (and counted: a route that signs the caller out shows here). */
    let checks = 0
    const keepSession = async (after: string) => {
      if (++checks % 10) return
      const res = await t.app.inject({ method: 'GET', url: '/api/session/whoami', headers: headers() })
      if (res.statusCode !== 200) {
        renewed++
        console.log(`session renewed after ${after} (whoami ${res.statusCode})`)
        token = await signIn(t, FUZZ_USER, PASSWORD)
      }
    }

    // Routes of the served OpenAPI document.
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/openapi.json' })).json() as { paths: Record<string, Record<string, Op>> }
    const ops = Object.entries(doc.paths).flatMap(([path, byMethod]) => Object.entries(byMethod).map(([m, op]) => ({ ...op, method: m.toUpperCase(), path })))
    expect(ops.length).toBeGreaterThan(50)
    let routes = 0
    for (const op of ops) {
      const label = `${op.method} ${op.path}`
      // A command's own operation (POST /api/commands/<id>) is sent below, by the catalog, with its Idempotency-Key.
      if (SKIP.has(label) || op['x-command']) continue
      routes++
      const pathParams = (op.parameters ?? []).filter((p) => p.in === 'path')
      const queryParams = (op.parameters ?? []).filter((p) => p.in === 'query')
      const goodPath: Record<string, string> = Object.fromEntries(pathParams.map((p) => [p.name, urlValue(sample(p.schema, p.name) ?? '1')]))
      const goodQuery: Record<string, unknown> = Object.fromEntries(queryParams.filter((p) => p.required).map((p) => [p.name, sample(p.schema, p.name)]))
      const bodySchema = op.requestBody?.content['application/json']?.schema
      const goodBody = bodySchema ? sample(bodySchema) : undefined
      const url = (path: Record<string, string>, query: Record<string, unknown>) => {
        const u = op.path.replace(/\{(\w+)\}/g, (_, n: string) => path[n] ?? '1')
        const qs = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((x) => `${encodeURIComponent(k)}=${urlValue(x)}`)).join('&')
        return qs ? `${u}?${qs}` : u
      }
      const hasBody = op.method !== 'GET' && op.method !== 'DELETE'
      const base = { method: op.method, payload: hasBody ? goodBody ?? {} : undefined }
      for (const p of pathParams) {
        for (const bad of [BIG31, BIG63, 1.5, NUL, SURROGATE, '0000-01-01']) {
          await send(`${label} path ${p.name}=${show(bad)}`, { ...base, url: url({ ...goodPath, [p.name]: urlValue(bad) }, goodQuery) })
        }
      }
      for (const p of queryParams) {
        for (const bad of badValues(p.schema, p.name).filter((b) => b !== null)) {
          await send(`${label} query ${p.name}=${show(bad)}`, { ...base, url: url(goodPath, { ...goodQuery, [p.name]: bad }) })
        }
      }
      if (bodySchema && hasBody) {
        for (const f of fields(bodySchema)) {
          for (const bad of f.bad) {
            await send(`${label} body ${f.path.join('.')}=${show(bad)}`, { ...base, url: url(goodPath, goodQuery), payload: setAt(goodBody, f.path, bad) })
          }
        }
      }
      await keepSession(label)
    }

    // Every server command of the catalog, by its own argument schema.
    const commands = ALL_COMMANDS.filter((c) => c.server)
    expect(commands.length).toBeGreaterThan(50)
    for (const c of commands) {
      const schema = c.input ? (z.toJSONSchema(c.input, { unrepresentable: 'any', io: 'input' }) as JS) : ({ type: 'object', properties: {} } as JS)
      const good = sample(schema)
      const url = `/api/commands/${c.id}`
      const list = fields(schema)
      // A whole-body null and an unknown key with NUL, then one bad field at a time.
      await send(`command ${c.id} body=null`, { method: 'POST', url, payload: 'null', headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } })
      await send(`command ${c.id} key with NUL`, { method: 'POST', url, payload: { ...(good as object), [NUL]: 1 }, headers: { 'idempotency-key': randomUUID() } })
      for (const f of list) {
        for (const bad of f.bad) {
          await send(`command ${c.id} ${f.path.join('.')}=${show(bad)}`, { method: 'POST', url, payload: setAt(good, f.path, bad), headers: { 'idempotency-key': randomUUID() } })
        }
      }
      await keepSession(`command ${c.id}`)
    }

    const seconds = ((Date.now() - started) / 1000).toFixed(1)
    console.log(`fuzz: ${routes} routes, ${commands.length} commands, ${sent} requests in ${seconds} s; ${offenders.length} answers ≥ 500; session renewed ${renewed}×; 401 answers ${refusedAuth}; by status ${[...byStatus].sort((a, b) => a[0] - b[0]).map(([k, v]) => `${k}:${v}`).join(' ')}`)
    if (offenders.length) console.log(`5xx answers:\n${offenders.join('\n')}`)
    expect(offenders, offenders.slice(0, 40).join('\n')).toEqual([])
  }, 600_000)
})
