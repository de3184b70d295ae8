// Client-side refusal of bad command arguments: the same zod schema the server parses with, and the
// same issue → message-key mapping as src/server/http/route.ts (kept in step by hand: the browser may
// not import the server), so the operator reads the same translated sentence naming the field.
import type { z } from 'zod'
import { i18next } from '../i18n'

export interface FieldError { field: string; messageKey: string; message: string }

/** Thrown by runtime.callServer when the arguments fail the command's schema; nothing was sent. */
export class CommandInputError extends Error {
  constructor(readonly commandId: string, readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join('; '))
    this.name = 'CommandInputError'
  }
}

// zod 4 issues do not carry the offending input, so "missing" is decided by looking the path up.
function issueKey(i: z.core.$ZodIssue, input: unknown): string {
  if (i.message && /^[a-z][\w-]*:[\w.-]+$/.test(i.message)) return i.message
  switch (i.code) {
    case 'invalid_type': return valueAt(input, i.path) === undefined ? 'errors:field.required' : 'errors:field.invalidType'
    case 'too_small': return 'errors:field.tooSmall'
    case 'too_big': return 'errors:field.tooBig'
    case 'invalid_format': return 'errors:field.invalidFormat'
    case 'invalid_value': return 'errors:field.invalidValue'
    case 'unrecognized_keys': return 'errors:field.unknownKey'
    default: return 'errors:field.invalid'
  }
}

function issueParams(i: z.core.$ZodIssue): Record<string, unknown> {
  const p: Record<string, unknown> = {}
  if ('minimum' in i) p.min = String(i.minimum)
  if ('maximum' in i) p.max = String(i.maximum)
  if ('keys' in i) p.keys = (i.keys as string[]).join(', ')
  return p
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let v = input
  for (const k of path) {
    if (v === null || typeof v !== 'object') return undefined
    v = (v as Record<PropertyKey, unknown>)[k]
  }
  return v
}

export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], input: unknown): FieldError[] {
  return issues.map((i) => {
    const field = i.path.map(String).join('.') || '_'
    const name = field.split('.').pop() as string
    const label = i18next.t(`fields:${name}`, { defaultValue: name })
    const messageKey = issueKey(i, input)
    return { field, messageKey, message: i18next.t(messageKey, { ...issueParams(i), field: label }) }
  })
}
