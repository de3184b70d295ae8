// JSON bodies with their nesting bounded before they are parsed (issue 19 §3 L2). A body nested
// 100 000 levels deep used to parse, then overflow the stack of every recursive walk behind it (the
// audit row's digest among them), so the refused command left no trace. Now the raw text is scanned
// once, iteratively, and a body deeper than MAX_JSON_DEPTH is never parsed: the request carries a
// small stand-in instead, which parseWith (every route and every command) refuses with a translated
// 400 — so a command's refusal still goes through executeCommand and writes its audit row.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AppError } from './errors'

/** Deepest nesting of objects and arrays a JSON body may have (the deepest command input is ~4). */
export const MAX_JSON_DEPTH = 64

/**
 * Whether the JSON text nests objects/arrays deeper than `max`: one pass, no recursion, brackets inside
 * strings (and escaped quotes) ignored. Malformed text is left to the parser.
 */
export function jsonDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92 /* \ */) i++
      else if (c === 34 /* " */) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--
  }
  return false
}

const TOO_DEEP = Symbol('json-too-deep')

/**
 * What a too-deep body is replaced with: a small object (what the audit row keeps of its arguments),
 * marked so parseWith refuses it.
 */
function tooDeepBody(): Record<string, unknown> {
  const b: Record<string, unknown> = { '…': `nested deeper than ${MAX_JSON_DEPTH} levels` }
  Object.defineProperty(b, TOO_DEEP, { value: true, enumerable: false })
  return b
}

export const isTooDeep = (v: unknown): boolean => !!v && typeof v === 'object' && (v as Record<symbol, unknown>)[TOO_DEEP] === true

/** The refusal of a too-deep body: 400 naming the whole request. */
export const tooDeepError = () => new AppError(400, 'errors:bodyTooDeep', { max: MAX_JSON_DEPTH }, [{ field: '_', messageKey: 'errors:bodyTooDeep', params: { max: MAX_JSON_DEPTH } }])

/** Replaces Fastify's JSON parser with the same parser (prototype poisoning refused) behind the depth scan. */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req: FastifyRequest, body: string | Buffer, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8')
    if (jsonDeeperThan(text, MAX_JSON_DEPTH)) { done(null, tooDeepBody()); return }
    parse(req, text, done)
  })
}
