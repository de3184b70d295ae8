// OpenAPI 3.1 generated from the same zod schemas the routes validate with; served at /api/docs.
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import { ROUTES, type RouteDef } from './route'

function jsonSchema(s: z.ZodType | undefined) {
  if (!s) return undefined
  try { return z.toJSONSchema(s, { unrepresentable: 'any', io: 'input' }) } catch { return { description: 'not representable' } }
}

export function buildOpenApi(defs: RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {}
  for (const d of defs) {
    const path = d.url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{wildcard}')
    const op: Record<string, unknown> = {
      summary: d.summary,
      tags: d.tags ?? [d.url.split('/')[1] || 'root'],
      'x-envelope': d.envelope,
      'x-auth': d.auth,
      ...(d.permission ? { 'x-permission': d.permission } : {}),
      security: d.auth === 'public' ? [] : [{ bearer: [] }],
      responses: { 200: { description: `${d.envelope} envelope` } },
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
    if (params.length) op.parameters = params
    if (d.body) op.requestBody = { content: { 'application/json': { schema: jsonSchema(d.body) } } }
    ;(paths[path] ??= {})[d.method.toLowerCase()] = op
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Warehouse console API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    paths,
  }
}

export function registerOpenApi(app: FastifyInstance, version: string) {
  let cached: unknown
  const doc = () => (cached ??= buildOpenApi(app[ROUTES], version))
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
