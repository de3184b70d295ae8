// zod issue → field error key, shared by the server's validation (src/server/http/route.ts) and the
// browser's pre-flight check of command arguments, so both name the field with the same sentence.
import type { z } from 'zod'

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
