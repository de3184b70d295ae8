// zod issue → field error key, shared by the server's validation (src/server/http/route.ts) and the
// browser's pre-flight check of command arguments, so both name the field with the same sentence.
import { z } from 'zod'

/** Dotted path of the field an issue names ('_' for the whole value). */
export function issueField(i: z.core.$ZodIssue): string {
  return i.path.map(String).join('.') || '_'
}

/** i18n key of an issue. A schema may carry its own key as message: z.string().min(1, 'auth:password.min'). */
export function issueMessageKey(i: z.core.$ZodIssue, input: unknown): string {
  if (i.message && /^[a-z][\w-]*:[\w.-]+$/.test(i.message)) return i.message
  switch (i.code) {
    // zod 4 issues do not carry the offending input, so "missing" is decided by looking the path up.
    // A union (e.g. a resource enum: number or string) reports a missing value as invalid_union;
    // null (an emptied picker) is missing too — both read "required", not "invalid".
    case 'invalid_type': return isMissing(valueAt(input, i.path)) ? 'errors:field.required' : 'errors:field.invalidType'
    case 'invalid_union': return isMissing(valueAt(input, i.path)) ? 'errors:field.required' : 'errors:field.invalid'
    case 'too_small': return 'errors:field.tooSmall'
    case 'too_big': return 'errors:field.tooBig'
    case 'invalid_format': return 'errors:field.invalidFormat'
    case 'invalid_value': return 'errors:field.invalidValue'
    case 'unrecognized_keys': return 'errors:field.unknownKey'
    default: return 'errors:field.invalid'
  }
}

/** Interpolation parameters of an issue's message. */
export function issueParams(i: z.core.$ZodIssue): Record<string, unknown> {
  const p: Record<string, unknown> = {}
  if ('minimum' in i) p.min = String(i.minimum)
  if ('maximum' in i) p.max = String(i.maximum)
  if ('expected' in i) p.expected = String(i.expected)
  if ('keys' in i) p.keys = (i.keys as string[]).join(', ')
  // A refine's own params (z.string().refine(f, { message, params: { max } })).
  if (i.code === 'custom' && i.params) for (const [k, v] of Object.entries(i.params)) p[k] = String(v)
  return p
}

const isMissing = (v: unknown) => v === undefined || v === null

/**
 * The i18n key of a field's label for a refusal: the caller's own (CommandDef.fieldLabel: a resource's
 * `<ns>:<name>.fields.<f>`, a screen's via screenFieldLabels) for the field's path ('lines.2.qty'), else
 * for its top-level field ('lines'), else the shared `fields:<last path segment>`.
 */
export function fieldLabelKeyOf(field: string, own?: (field: string) => string | undefined): string {
  const top = field.split('.')[0]
  return own?.(field) ?? own?.(top) ?? `fields:${field.split('.').pop()}`
}

/**
 * Field paths of an argument schema, array indices left out: 'boxCount', 'lines', 'lines.qty' … (through
 * optional / nullable / default wrappers, pipes and arrays of objects).
 */
export function schemaFieldPaths(schema: z.core.$ZodType): string[] {
  const out: string[] = []
  const walk = (s: z.core.$ZodType, at: string) => {
    const def = s._zod.def as { type: string; innerType?: z.core.$ZodType; in?: z.core.$ZodType; element?: z.core.$ZodType; shape?: Record<string, z.core.$ZodType> }
    if (def.innerType) return walk(def.innerType, at)
    if (def.type === 'pipe' && def.in) return walk(def.in, at)
    if (def.type === 'array' && def.element) return walk(def.element, at)
    if (def.type === 'object' && def.shape) {
      for (const [k, v] of Object.entries(def.shape)) {
        const path = at ? `${at}.${k}` : k
        out.push(path)
        walk(v, path)
      }
    }
  }
  walk(schema, '')
  return out
}

/**
 * A command's refusals name its fields by the screen's own labels: `<prefix>.<name>` for every field of
 * the argument schema, a nested one by its own name ('lines.2.qty' → `<prefix>.qty`); undefined for a
 * path the schema does not have (the shared `fields:` label then).
 */
export function screenFieldLabels(schema: z.core.$ZodType, prefix: string): (field: string) => string | undefined {
  const paths = new Set(schemaFieldPaths(schema))
  return (field) => {
    const path = field.split('.').filter((p) => !/^\d+$/.test(p)).join('.')
    return paths.has(path) ? `${prefix}.${path.split('.').pop()}` : undefined
  }
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[k]
  }
  return v
}

// ── Input no field may carry (issue 10): what the database cannot store or compare ────────────────────

/** PostgreSQL `integer` bounds: every integer field of the API is one (ids, quantities, ranks). */
export const INT32_MIN = -2147483648
export const INT32_MAX = 2147483647

/** A lone UTF-16 surrogate (jsonb refuses it; text would store U+FFFD). NUL: text cannot hold it at all. */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Whether a string can be stored and compared as text: no NUL byte, no lone surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE_RE.test(s)

const BAD_TEXT_KEY = 'errors:field.badText'

/** A date or date-time whose year PostgreSQL and ISO 8601 both read (0001–9999; year 0 does not exist). */
export function isStorableDate(s: string): boolean {
  const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : s)
  if (Number.isNaN(t)) return false
  const y = new Date(t).getUTCFullYear()
  return y >= 1 && y <= 9999
}

/** YYYY-MM-DD that is a real calendar day of years 0001–9999 (2026-02-30 and 0000-01-01 are refused). */
export const dateOnlySchema = z.string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'errors:field.invalidFormat', abort: true })
  .refine((s) => isStorableDate(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), 'errors:field.invalidFormat')

/** A date or ISO date-time (an offset allowed) in years 0001–9999. */
export const dateTimeSchema = z.string().max(40)
  .refine((s) => isStorableDate(s), 'errors:field.invalidFormat')

/**
 * An address a page may load or link to (image fields, avatars, attachments): http(s), or one of the
 * app's own paths ('/api/files/…'). Never `javascript:`, `data:` or a protocol-relative '//host'.
 */
export const isSafeUrl = (s: string): boolean => /^https?:\/\/[^\s/?#\\][^\s\\]*$/i.test(s) || /^\/(?![/\\])[^\s\\]*$/.test(s)

/** An integer the database's `integer` holds: ids, path params, quantities. */
export const int32Schema = () => z.number().int().min(INT32_MIN).max(INT32_MAX)

type Issue = z.core.$ZodIssue

/**
 * Text the database cannot store, anywhere in a request's input (body, query, params; keys too): one
 * issue per field naming it — checked before any schema, so every route and command refuses it alike.
 */
export function badTextIssues(input: unknown): Issue[] {
  const out: Issue[] = []
  const walk = (v: unknown, path: PropertyKey[], depth: number) => {
    if (out.length >= 20 || depth > 32) return
    if (typeof v === 'string') {
      if (!isStorableText(v)) out.push({ code: 'custom', path, message: BAD_TEXT_KEY, input: undefined } as Issue)
    } else if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, [...path, i], depth + 1))
    } else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (!isStorableText(k)) out.push({ code: 'custom', path: [...path, k], message: BAD_TEXT_KEY, input: undefined } as Issue)
        else walk(x, [...path, k], depth + 1)
      }
    }
  }
  walk(input, [], 0)
  return out
}

const isIntFormat = (f: unknown) => typeof f === 'string' && /int/.test(f)

/** Whether a number schema only takes integers (z.number().int(), z.int(), z.coerce.number().int() …). */
function isIntSchema(def: { format?: unknown; checks?: { _zod: { def: { check?: string; format?: unknown } } }[] }): boolean {
  return isIntFormat(def.format) || !!def.checks?.some((c) => c._zod.def.check === 'number_format' && isIntFormat(c._zod.def.format))
}

/**
 * Integers of a parsed value beyond PostgreSQL's `integer` (2^31 and up): zod's `.int()` takes any safe
 * integer, the columns do not. Walks the schema beside the value (objects, arrays, records, tuples,
 * unions, optional/nullable/default wrappers, pipes into a schema; a transform's output is not looked into).
 */
export function intRangeIssues(schema: z.core.$ZodType, value: unknown): Issue[] {
  const out: Issue[] = []
  const walk = (s: z.core.$ZodType, v: unknown, path: PropertyKey[], depth: number): void => {
    if (depth > 32 || out.length >= 20 || v === undefined || v === null) return
    const def = s._zod.def as unknown as Record<string, any>
    switch (def.type) {
      case 'number':
        if (typeof v === 'number' && isIntSchema(def) && (v > INT32_MAX || v < INT32_MIN)) {
          out.push(v > INT32_MAX
            ? { code: 'too_big', origin: 'number', maximum: INT32_MAX, inclusive: true, path, message: 'errors:field.tooBig', input: undefined } as Issue
            : { code: 'too_small', origin: 'number', minimum: INT32_MIN, inclusive: true, path, message: 'errors:field.tooSmall', input: undefined } as Issue)
        }
        return
      case 'optional': case 'nullable': case 'default': case 'prefault': case 'readonly': case 'catch': case 'nonoptional':
        return walk(def.innerType, v, path, depth + 1)
      case 'pipe':
        return def.out._zod.def.type === 'transform' ? undefined : walk(def.out, v, path, depth + 1)
      case 'lazy': return walk(def.getter(), v, path, depth + 1)
      case 'object':
        if (typeof v !== 'object') return
        for (const [k, x] of Object.entries(v as object)) {
          const field = def.shape[k] ?? def.catchall
          if (field) walk(field, x, [...path, k], depth + 1)
        }
        return
      case 'record':
        if (typeof v === 'object') for (const [k, x] of Object.entries(v as object)) walk(def.valueType, x, [...path, k], depth + 1)
        return
      case 'array':
        if (Array.isArray(v)) v.forEach((x, i) => walk(def.element, x, [...path, i], depth + 1))
        return
      case 'tuple':
        if (Array.isArray(v)) v.forEach((x, i) => { const el = def.items[i] ?? def.rest; if (el) walk(el, x, [...path, i], depth + 1) })
        return
      case 'union': {
        // Only when every option that takes the value flags it: a union of int and decimal keeps the decimal.
        const found = (def.options as z.core.$ZodType[]).filter((o) => o['~standard'] && (o as z.ZodType).safeParse(v).success).map((o) => intRangeIssues(o, v))
        if (found.length && found.every((f) => f.length)) out.push(...found[0].map((i) => ({ ...i, path: [...path, ...i.path] })))
        return
      }
      case 'intersection':
        walk(def.left, v, path, depth + 1)
        walk(def.right, v, path, depth + 1)
        return
    }
  }
  walk(schema, value, [], 0)
  return out
}
