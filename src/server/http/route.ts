// Schema-first routes: one declaration gives the Fastify route, zod validation of body/query/params,
// authentication level, the permission check, the response envelope and the OpenAPI entry.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import type { AuthContext, AuthLevel } from './context'
import { AppError, forbidden } from './errors'
import { isTooDeep, tooDeepError } from './body'
import { holdsPermission } from '../../domain/permissions'
import { badTextIssues, intRangeIssues, issueField, issueMessageKey, issueParams } from '../../domain/validation'

export type EnvelopeKind = 'main' | 'second' | 'notice' | 'raw'

export interface RouteDef<B extends z.ZodType = z.ZodType, Q extends z.ZodType = z.ZodType, P extends z.ZodType = z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  url: string
  summary: string
  tags?: string[]
  envelope: EnvelopeKind
  /** Main-envelope field that carries the result: 'data' (default) or 'datas' (spec: getInfo, login). */
  dataField?: 'data' | 'datas'
  auth: AuthLevel
  /** Permission code required (checked on the server whatever the UI showed). */
  permission?: string
  body?: B
  query?: Q
  /** The route's own label keys of its fields in a 400 (undefined → the shared `fields:` label). */
  fieldLabel?: FieldLabelOf
  params?: P
  /** OpenAPI only: zod schema of the envelope's data field (the answer), where it is stated. */
  response?: z.ZodType
  /** OpenAPI only: the operation is deprecated; the text says what to use instead. */
  deprecated?: string
  /** Body is multipart/form-urlencoded handled by the handler itself (uploads). */
  rawBody?: boolean
  /**
   * Largest JSON/form body (bytes) this route accepts, when it truly needs more than BODY_LIMIT; over it
   * → 413 before parsing. Multipart uploads are capped by their upload rule instead (receiveOneFile).
   */
  bodyLimit?: number
  handler: (req: RouteRequest<z.infer<B>, z.infer<Q>, z.infer<P>>, reply: FastifyReply) => Promise<unknown> | unknown
}

export interface RouteRequest<B, Q, P> {
  body: B
  query: Q
  params: P
  /** Present for 'user' and 'scoped' routes. */
  auth: AuthContext
  raw: FastifyRequest
}

export const ROUTES = Symbol('routes')

/** Default limit of a JSON or form body (issue 10: one 57 MB sign-in body stalled the server 13 s). */
export const BODY_LIMIT = 1024 * 1024

declare module 'fastify' {
  interface FastifyInstance {
    [ROUTES]: RouteDef[]
  }
}

/** A field's own label key (e.g. a resource field's); undefined → the shared `fields:` label (app.ts). */
export type FieldLabelOf = (field: string) => string | undefined

export class ValidationError extends AppError {
  constructor(issues: z.core.$ZodIssue[], where: 'body' | 'query' | 'params', input: unknown, labelOf?: FieldLabelOf) {
    super(400, 'errors:validation.form', { where }, issues.map((i) => {
      const field = issueField(i)
      const fieldKey = labelOf?.(field) ?? labelOf?.(field.split('.')[0])
      return { field, messageKey: issueMessageKey(i, input), params: { ...issueParams(i), ...(fieldKey ? { fieldKey } : {}) } }
    }))
  }
}

export function parseWith<T extends z.ZodType>(schema: T | undefined, value: unknown, where: 'body' | 'query' | 'params', labelOf?: FieldLabelOf): z.infer<T> {
  // No schema: the value goes on as it is (the command route hands the body to its command, whose own
  // parse refuses a stand-in and audits the refusal).
  if (!schema) return value as z.infer<T>
  // A JSON body nested deeper than MAX_JSON_DEPTH arrives unparsed, as a marked stand-in (./body.ts).
  if (isTooDeep(value)) throw tooDeepError()
  const input = value ?? (where === 'body' ? {} : value)
  // Text the database cannot store (NUL, lone surrogates) is refused in every field of every route and
  // command alike, before the route's own schema; then integers beyond the database's `integer`.
  const badText = badTextIssues(input)
  const r = schema.safeParse(input)
  if (badText.length) {
    const named = new Set(badText.map(issueField))
    throw new ValidationError([...badText, ...(r.success ? [] : r.error.issues.filter((i) => !named.has(issueField(i))))], where, input, labelOf)
  }
  if (!r.success) throw new ValidationError(r.error.issues, where, input, labelOf)
  const tooBig = intRangeIssues(schema, r.data)
  if (tooBig.length) throw new ValidationError(tooBig, where, input, labelOf)
  return r.data
}

export function defineRoute<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType>(def: RouteDef<B, Q, P>): RouteDef<B, Q, P> {
  return def
}

/** Registers routes on the instance; `authenticate` comes from the auth area. */
export function registerRoutes(app: FastifyInstance, defs: RouteDef<any, any, any>[]) {
  for (const def of defs) {
    app[ROUTES].push(def)
    app.route({
      method: def.method,
      url: def.url,
      ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
      config: { envelope: def.envelope, dataField: def.dataField ?? 'data' },
      handler: async (req, reply) => {
        const auth = def.auth === 'public' ? undefined : await app.authService.authenticate(req, def.auth)
        req.auth = auth
        if (def.permission && auth && !holdsPermission(def.permission, auth.permissions, auth.roles)) {
          throw forbidden('errors:auth.missingPermission', { permission: def.permission })
        }
        const params = parseWith(def.params, req.params, 'params', def.fieldLabel)
        const query = parseWith(def.query, req.query, 'query', def.fieldLabel)
        if (def.rawBody && isTooDeep(req.body)) throw tooDeepError()
        const body = def.rawBody ? req.body : parseWith(def.body, req.body, 'body', def.fieldLabel)
        const result = await def.handler({ body, query, params, auth: auth as AuthContext, raw: req }, reply)
        if (reply.sent) return reply
        return reply.send(wrapSuccess(def.envelope, result, def.dataField ?? 'data'))
      },
    })
  }
}

export const RAW = Symbol('raw-response')
/** Return `raw(x)` from a handler to send `x` without the envelope. */
export function raw<T>(value: T) { return { [RAW]: true, value } }

export function wrapSuccess(kind: EnvelopeKind, result: unknown, dataField: 'data' | 'datas' = 'data') {
  if (result && typeof result === 'object' && RAW in (result as object)) return (result as { value: unknown }).value
  switch (kind) {
    case 'main': return { responseCode: '0001', responseDesc: 'success', [dataField]: result ?? null }
    case 'second': return { code: 0, msg: 'success', data: result ?? null }
    case 'notice': return { data: result ?? null }
    case 'raw': return result
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    authService: import('./context').AuthService
  }
  interface FastifyContextConfig {
    envelope?: EnvelopeKind
    dataField?: 'data' | 'datas'
  }
}
