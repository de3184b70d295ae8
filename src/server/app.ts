// Builds the Fastify app: plugins, the error envelope, every area's routes, docs and the built client.
import Fastify, { type FastifyError, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import formbody from '@fastify/formbody'
import multipart from '@fastify/multipart'
import websocket from '@fastify/websocket'
import { randomUUID } from 'node:crypto'
import type { Config } from './config'
import { errorForLog, type Database } from './db/client'
import { AppError, inputErrorOf, refusalMessage } from './http/errors'
import { BODY_LIMIT, ROUTES } from './http/route'
import { registerJsonBody } from './http/body'
import { registerOpenApi } from './http/openapi'
import { registerClient, registerSecurityHeaders } from './http/serving'
import { requestLanguage, translate } from './i18n'
import type { Language } from '../domain/i18n'
import type { AreaDeps } from './http/area'
import { areas } from './areas/index'

export interface BuildOptions {
  config: Config
  database: Database
  /** pino options or false; tests pass false. */
  logger?: boolean | object
}

/** A client's x-request-id is kept (it reaches logs and the audit log) only in a safe shape; else a new one. */
const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,64}$/
export function requestIdOf(header: string | string[] | undefined): string {
  return typeof header === 'string' && REQUEST_ID_RE.test(header) ? header : randomUUID()
}

/** The logger's `err` serializer never writes a failed query's parameters (errorForLog). */
function withSafeErrors(logger: boolean | object): boolean | object {
  if (logger === false) return false
  const o = (logger === true ? {} : logger) as { serializers?: Record<string, unknown> }
  return { ...o, serializers: { ...o.serializers, err: errorForLog } }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const serverOptions: FastifyServerOptions = {
    logger: withSafeErrors(opts.logger ?? { level: opts.config.logLevel }),
    genReqId: (req) => requestIdOf(req.headers['x-request-id']),
    // Only behind a known proxy may x-forwarded-for name the client (the per-address sign-in limit uses it).
    trustProxy: opts.config.trustProxy,
    // JSON and form bodies: small by default; a route that needs more declares its own (RouteDef.bodyLimit).
    // Uploads are multipart, read as a stream under their upload rule's cap (receiveOneFile).
    bodyLimit: BODY_LIMIT,
  }
  const app = Fastify(serverOptions)
  app.decorate(ROUTES, [])
  app.decorateRequest('lang', 'en' as Language)
  app.addHook('onRequest', async (req, reply) => {
    req.lang = requestLanguage(req.headers)
    reply.header('x-request-id', req.id)
  })
  // Security headers (CSP, nosniff, frame-ancestors, Referrer-Policy) on every response: src/server/http/serving.ts.
  await registerSecurityHeaders(app, opts.config, opts.database)
  await app.register(formbody)
  // JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed (./http/body.ts).
  registerJsonBody(app)
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 10 } })
  await app.register(websocket)

  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    const envelope = req.routeOptions.config?.envelope ?? 'main'
    let status = 500
    let key = 'errors:internal'
    let params: Record<string, unknown> | undefined
    let fields: AppError['fieldErrors']
    let data: unknown
    // A value the database could not store (validation let it through): 400 naming the column, not 500.
    const input = err instanceof AppError ? undefined : inputErrorOf(err)
    if (input) req.log.warn({ err }, 'input refused by the database')
    if (err instanceof AppError || input) {
      ;({ status, messageKey: key, params, fieldErrors: fields, data } = (input ?? err) as AppError)
    } else if ((err as FastifyError).statusCode && (err as FastifyError).statusCode! < 500) {
      status = (err as FastifyError).statusCode!
      key = status === 413 ? 'errors:upload.tooLarge' : status === 415 ? 'errors:upload.badFormat' : 'errors:badRequest'
      params = { detail: err.message }
      // A JSON/form body over its route's limit, refused before it is parsed (from content-length when sent).
      if ((err as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        key = 'errors:bodyTooLarge'
        params = { limit: Math.ceil((req.routeOptions.bodyLimit ?? BODY_LIMIT) / 1024) }
        // Fastify closes the connection here; while the client is still sending, that close resets it and
        // the client may never read this answer. Kept open, Node reads and discards the rest of the body
        // (no parsing, bounded by the server's requestTimeout) and the answer arrives at once.
        reply.removeHeader('connection')
      }
    } else {
      req.log.error({ err }, 'unhandled error')
    }
    if (status === 429 && typeof params?.retryAfter === 'number') reply.header('retry-after', String(params.retryAfter))
    // A field's label: the error's own `fieldKey` param (resource fields: `<ns>:<name>.fields.<f>`), else the shared fields namespace.
    const labelOf = (f: NonNullable<typeof fields>[number]) => translate(req.lang, typeof f.params?.fieldKey === 'string' ? f.params.fieldKey : `fields:${f.field.split('.').filter((x) => !/^\d+$/.test(x)).pop() ?? '_'}`)
    const errors = fields?.map((f) => ({ ...f, message: translate(req.lang, f.messageKey, { ...f.params, field: labelOf(f) }) }))
    // The real reason leads (issue 19 §2): see refusalMessage.
    const message = refusalMessage((k, p) => translate(req.lang, k, p), { messageKey: key, params, leadWithFirstError: err instanceof AppError && err.leadWithFirstError },
      errors, fields?.[0] ? labelOf(fields[0]) : undefined)
    if (status >= 500) reply.header('x-error-report', '1')
    reply.status(status)
    switch (envelope) {
      case 'second': return reply.send({ code: status, msg: message, messageKey: key, errors, data })
      case 'notice': return reply.send({ message, messageKey: key, errors })
      default: return reply.send({
        responseCode: status === 401 ? '302' : String(status),
        responseDesc: message,
        messageKey: key,
        // The message's params, so a client can translate messageKey again (a station's status line after a language change).
        ...(params ? { messageParams: params } : {}),
        errors,
        data: status === 401 ? { redirectPath: '/sso/login', ...(data as object) } : data,
        requestId: req.id,
      })
    }
  })

  const deps: AreaDeps = { config: opts.config, database: opts.database, db: opts.database.db }
  for (const area of areas) await area(app, deps)
  registerOpenApi(app, opts.config.version ?? '5.11.04')

  // The built client (precompressed, cache headers) and the SPA fallback: src/server/http/serving.ts.
  await registerClient(app, opts.config)
  return app
}
