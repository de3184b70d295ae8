// OpenAPI 3.1 generated from the same zod schemas the routes validate with; served at /api/docs.
// Routes come from their declarations (route.ts); every server command is its own operation
// POST /api/commands/<id> (documentCommands), its request body the JSON Schema of the command's zod
// `input` — the very schema the executor parses with — its answer the success envelope around the
// command's `output` where one is stated, its refusals the error envelope (components below).
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { CommandDef } from '../../domain/commands'
import { SELF_PERMISSION_PREFIX } from '../../domain/commands'
import { ROUTES, type RouteDef } from './route'
import { translate } from '../i18n'

type Schema = Record<string, unknown>

/** JSON Schema of a zod schema as the server reads it (io 'input') or writes it ('output'); no `$schema` key (the document's dialect rules). */
export function jsonSchema(s: z.ZodType | undefined, io: 'input' | 'output' = 'input'): Schema | undefined {
  if (!s) return undefined
  try {
    const { $schema: _dialect, ...rest } = z.toJSONSchema(s, { unrepresentable: 'any', io }) as Schema
    return rest
  } catch { return { description: 'not representable' } }
}

/** What a command without `input` accepts: the executor parses it with an empty strict object. */
export const NO_ARGS_SCHEMA: Schema = { type: 'object', properties: {}, additionalProperties: false }

/** A command's request body schema: its input, else the explicit empty object. Cached per definition (the catalog is static). */
const inputCache = new WeakMap<CommandDef<any>, Schema>()
export function commandInputSchema(def: CommandDef<any>): Schema {
  let s = inputCache.get(def)
  if (!s) inputCache.set(def, (s = jsonSchema(def.input) ?? NO_ARGS_SCHEMA))
  return s
}

/** The tag of a command: its area, the id's first segment — a resource's commands: `resource.<name>`. */
export function commandTag(id: string): string {
  const [area, thing] = id.split('.')
  return area === 'resource' && thing ? `resource.${thing}` : area
}

const documented = new WeakMap<FastifyInstance, readonly CommandDef<any>[]>()
/** The server commands the document lists as operations (the commands area calls this with the catalog's commands that have a handler). */
export function documentCommands(app: FastifyInstance, commands: readonly CommandDef<any>[]) {
  documented.set(app, commands)
}

const ref = (kind: 'schemas' | 'responses' | 'parameters', name: string) => ({ $ref: `#/components/${kind}/${name}` })
const en = (key: string, params?: Record<string, unknown>) => translate('en', key, params)

/** The success envelope of the main client around `data`. */
function successEnvelope(data: Schema): Schema {
  return {
    type: 'object',
    required: ['responseCode', 'responseDesc', 'data'],
    properties: { responseCode: { const: '0001' }, responseDesc: { type: 'string', examples: ['success'] }, data },
  }
}

/** An error envelope example with the real English messages of its keys. */
function errorExample(status: number, key: string, params?: Record<string, unknown>, errors?: { field: string; messageKey: string; params?: Record<string, unknown>; label: string }[]) {
  return {
    responseCode: status === 401 ? '302' : String(status),
    responseDesc: en(key, params),
    messageKey: key,
    ...(params ? { messageParams: params } : {}),
    ...(errors ? { errors: errors.map(({ label, ...f }) => ({ ...f, message: en(f.messageKey, { ...f.params, field: label }) })) } : {}),
    ...(status === 401 ? { data: { redirectPath: '/sso/login' } } : {}),
    requestId: '5f0c6f4e-8f0a-4d7e-9d55-2b1f0d3c9a11',
  }
}

function errorResponse(description: string, examples: Record<string, ReturnType<typeof errorExample>>) {
  return {
    description,
    content: { 'application/json': { schema: ref('schemas', 'ErrorEnvelope'), examples: Object.fromEntries(Object.entries(examples).map(([k, value]) => [k, { value }])) } },
  }
}

function components() {
  return {
    securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access_token of POST /auth/oauth/token (datas.access_token).' } },
    parameters: {
      IdempotencyKey: {
        name: 'Idempotency-Key', in: 'header', required: true,
        description: 'One key per intended change (8–200 characters of letters, digits, `_ . : -`; a UUID does). The same key with the same command and arguments within 24 hours replays the stored answer (header `idempotent-replay: true`) without running again; with another command or other arguments it is refused with 409.',
        schema: { type: 'string', pattern: '^[\\w.:-]{8,200}$' },
      },
      UserInfo: {
        name: 'x-userinfo-header', in: 'header', required: true,
        description: 'The warehouse–tenant pair the command runs in: `<tenantId>-<username, URL-encoded>-<warehouseId>`, e.g. `1-admin-26`. It must be one of the signed-in user\'s pairs (else 403); every document is read and written in this pair only.',
        schema: { type: 'string', pattern: '^\\d{1,9}-.+-\\d{1,9}$' },
      },
      Language: {
        name: 'x-language-header', in: 'header', required: false,
        description: 'Language of the messages and titles: `zh-CN`, `en-US` or `es-MX` (else Accept-Language, else English).',
        schema: { type: 'string', examples: ['en-US', 'zh-CN', 'es-MX'] },
      },
    },
    schemas: {
      FieldError: {
        type: 'object', required: ['field', 'messageKey', 'message'],
        description: 'One refused field (or row): its dotted path, the i18n key and params of the refusal, and the message in the request\'s language.',
        properties: {
          field: { type: 'string', description: 'Dotted path of the field, e.g. `orders.0.lines.2.qty`; `row` for sheet imports.', examples: ['orders.0.consigneeName'] },
          messageKey: { type: 'string', examples: ['errors:field.required'] },
          message: { type: 'string', examples: ['Consignee is required'] },
          params: { type: 'object', additionalProperties: true },
        },
      },
      ErrorEnvelope: {
        type: 'object', required: ['responseCode', 'responseDesc', 'messageKey', 'requestId'],
        description: 'Every refusal of the main client: the HTTP status as responseCode (`302` when the caller must sign in again), the message in the request\'s language, its i18n key and params (a client may translate it again), the refused fields, and the request id (also in the x-request-id header) to quote to support.',
        properties: {
          responseCode: { type: 'string', examples: ['400', '403', '404', '409', '302'] },
          responseDesc: { type: 'string', description: 'The refusal in the request\'s language.' },
          messageKey: { type: 'string', description: 'i18n key of responseDesc, e.g. `errors:validation.form`, `commands:errors.idempotencyConflict`.' },
          messageParams: { type: 'object', additionalProperties: true, description: 'Parameters of messageKey.' },
          errors: { type: 'array', items: ref('schemas', 'FieldError'), description: 'Field errors (400 of a form), or the field/row a conflict names.' },
          data: { description: 'Extra data of the refusal, e.g. `{ redirectPath }` with responseCode 302.' },
          requestId: { type: 'string' },
        },
      },
    },
    responses: {
      BadRequest: errorResponse('Refused input: the field errors name each field (dotted path) with its message; a missing or malformed Idempotency-Key names the field `idempotencyKey`.', {
        fields: errorExample(400, 'errors:validation.form', { where: 'body' }, [{ field: 'orders.0.consigneeName', messageKey: 'errors:field.required', label: 'Consignee', params: {} }]),
        idempotencyKey: errorExample(400, 'commands:errors.idempotencyKeyRequired', undefined, [{ field: 'idempotencyKey', messageKey: 'commands:errors.idempotencyKeyRequired', label: 'idempotencyKey' }]),
      }),
      Unauthorized: errorResponse('Not signed in, or the session ended: responseCode 302 and data.redirectPath; sign in again.', {
        signIn: errorExample(401, 'errors:auth.verificationFailed'),
      }),
      Forbidden: errorResponse('The signed-in user does not hold the permission in this pair, or the pair is not theirs.', {
        permission: errorExample(403, 'errors:auth.missingPermission', { permission: 'toc-sales-outbound:add' }),
      }),
      NotFound: errorResponse('Unknown command, or a document it names does not exist in this pair.', {
        command: errorExample(404, 'commands:errors.unknownCommand', { commandId: 'outbound.order.fly' }),
      }),
      Conflict: errorResponse('A conflict with the current state, with its message key (and the field it names): the Idempotency-Key reused with other arguments, a document not in a status that allows the action, a number already taken …', {
        idempotency: errorExample(409, 'commands:errors.idempotencyConflict'),
        duplicate: errorExample(409, 'outbound:order.errors.feedConflict', { sourceNo: 'AMZ-1001', orderNo: 'CK2611270001' }, [{ field: 'sourceNo', messageKey: 'outbound:order.errors.feedConflict', params: { sourceNo: 'AMZ-1001', orderNo: 'CK2611270001' }, label: 'sourceNo' }]),
      }),
      TooLarge: errorResponse('The body is over the limit (1 MB unless the route states more); refused before parsing.', {
        body: errorExample(413, 'errors:bodyTooLarge', { limit: 1024 }),
      }),
      Internal: errorResponse('An unexpected failure: nothing was written (one transaction); reported to the operators.', {
        internal: errorExample(500, 'errors:internal'),
      }),
    },
  }
}

const COMMAND_REFUSALS = { 400: 'BadRequest', 401: 'Unauthorized', 403: 'Forbidden', 404: 'NotFound', 409: 'Conflict', 413: 'TooLarge', 500: 'Internal' } as const

/** The operation of one server command. */
export function commandOperation(def: CommandDef<any>): Schema {
  const title = en(def.title)
  const self = def.permission.startsWith(SELF_PERMISSION_PREFIX)
  const bulk = Boolean(def.bulk)
  const output = jsonSchema(def.output, 'output')
  return {
    operationId: def.id,
    summary: title,
    description: [
      `${title} (\`${def.id}\`; title key \`${def.title}\`).`,
      self ? `Permission: \`${def.permission}\` — held by every signed-in user.` : `Permission: \`${def.permission}\` in the pair of x-userinfo-header (administrators hold every permission).`,
      bulk ? 'Bulk: acts on several documents in one run, all or nothing.' : '',
      'Runs in one transaction with its audit row; header Idempotency-Key required (a retry with the same key replays the answer).',
    ].filter(Boolean).join('\n\n'),
    tags: [commandTag(def.id)],
    'x-command': def.id,
    'x-title-key': def.title,
    'x-permission': def.permission,
    'x-bulk': bulk,
    'x-envelope': 'main',
    'x-auth': 'scoped',
    security: [{ bearer: [] }],
    parameters: [ref('parameters', 'IdempotencyKey'), ref('parameters', 'UserInfo'), ref('parameters', 'Language')],
    requestBody: { required: true, content: { 'application/json': { schema: commandInputSchema(def) } } },
    responses: {
      200: {
        description: output ? 'Done: the answer in data.' : 'Done: data is the command\'s answer (its shape is not stated in this document).',
        headers: { 'idempotent-replay': { description: '`true` when the answer is the stored one of an earlier request with the same Idempotency-Key.', schema: { type: 'string', enum: ['true'] } } },
        content: { 'application/json': { schema: successEnvelope(output ?? { description: 'Any JSON value.' }) } },
      },
      ...Object.fromEntries(Object.entries(COMMAND_REFUSALS).map(([status, name]) => [status, ref('responses', name)])),
    },
  }
}

export function buildOpenApi(defs: RouteDef[], version: string, commands: readonly CommandDef<any>[] = []) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const d of defs) {
    const path = d.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}')
    const response = jsonSchema(d.response, 'output')
    const op: Record<string, unknown> = {
      summary: d.summary,
      ...(d.deprecated ? { description: d.deprecated, deprecated: true } : {}),
      tags: d.tags ?? [d.url.split('/')[1] || 'root'],
      'x-envelope': d.envelope,
      'x-auth': d.auth,
      ...(d.permission ? { 'x-permission': d.permission } : {}),
      security: d.auth === 'public' ? [] : [{ bearer: [] }],
      responses: {
        200: response && d.envelope === 'main'
          ? { description: 'main envelope', content: { 'application/json': { schema: successEnvelope(response) } } }
          : { description: `${d.envelope} envelope` },
      },
    }
    const params: unknown[] = []
    const addParams = (s: z.ZodType | undefined, inWhere: 'query' | 'path') => {
      const js = jsonSchema(s) as { properties?: Record<string, unknown>; required?: string[] } | undefined
      for (const [name, schema] of Object.entries(js?.properties ?? {})) {
        params.push({ name, in: inWhere, required: inWhere === 'path' || (js?.required ?? []).includes(name), schema })
      }
    }
    addParams(d.query, 'query')
    addParams(d.params, 'path')
    for (const m of path.matchAll(/\{(\w+)\}/g)) {
      if (!params.some((p) => (p as { name: string }).name === m[1])) params.push({ name: m[1], in: 'path', required: true, schema: { type: 'string' } })
    }
    if (d.auth === 'scoped') params.push(ref('parameters', 'UserInfo'))
    if (params.length) op.parameters = params
    if (d.body) op.requestBody = { content: { 'application/json': { schema: jsonSchema(d.body) } } }
    ;(paths[path] ??= {})[d.method.toLowerCase()] = op
  }
  for (const c of commands) (paths[`/api/commands/${c.id}`] ??= {}).post = commandOperation(c)
  return {
    openapi: '3.1.0',
    info: {
      title: 'Warehouse console API', version,
      description: 'Sign in with POST /auth/oauth/token, send `Authorization: Bearer <access_token>` and the pair header `x-userinfo-header`. Every change is a command: POST /api/commands/<id> with an Idempotency-Key; GET /api/commands lists those the signed-in user may run in the pair.',
    },
    components: components(),
    paths,
  }
}

export function registerOpenApi(app: FastifyInstance, version: string) {
  let cached: unknown
  const doc = () => (cached ??= buildOpenApi(app[ROUTES], version, documented.get(app) ?? []))
  app.get('/api/docs/openapi.json', async () => doc())
  app.get('/api/docs', async (_req, reply) => {
    const d = doc() as { paths: Record<string, Record<string, { summary: string; 'x-auth': string; 'x-permission'?: string }>> }
    const rows = Object.entries(d.paths).flatMap(([p, ops]) => Object.entries(ops).map(([m, o]) =>
      `<tr><td><code>${m.toUpperCase()}</code></td><td><code>${esc(p)}</code></td><td>${esc(o.summary)}</td><td>${o['x-auth']}</td><td>${esc(o['x-permission'] ?? '')}</td></tr>`))
    reply.type('text/html').send(`<!doctype html><meta charset="utf-8"><title>API — warehouse console</title>
<style>body{font:14px system-ui;margin:24px}td,th{padding:4px 8px;border-bottom:1px solid #ddd;text-align:left}</style>
<h1>Warehouse console API</h1><p>Machine-readable: <a href="/api/docs/openapi.json">openapi.json</a> (OpenAPI 3.1, generated from the zod schemas).</p>
<table><tr><th>Method</th><th>Path</th><th>Summary</th><th>Auth</th><th>Permission</th></tr>${rows.join('')}</table>`)
  })
}

const esc = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
