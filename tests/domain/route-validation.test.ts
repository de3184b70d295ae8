// parseWith turns zod issues into field errors with the right message key: a missing value is
// "required", a value of the wrong type is "wrong type" — not both "required".
import { describe, it, expect } from 'vitest'
import { z } from 'zod'
import { parseWith, ValidationError } from '../../src/server/http/route'

const schema = z.object({ userId: z.number().int(), name: z.string().min(2), code: z.string().regex(/^[A-Z]+$/).optional() })

function errorsOf(value: unknown) {
  try { parseWith(schema, value, 'body') } catch (e) {
    expect(e).toBeInstanceOf(ValidationError)
    return (e as ValidationError).fieldErrors!.map((f) => [f.field, f.messageKey])
  }
  throw new Error('expected a refusal')
}

describe('parseWith', () => {
  it('names each field with the matching message key', () => {
    expect(errorsOf({ name: 'ab' })).toEqual([['userId', 'errors:field.required']])
    expect(errorsOf({ userId: 'seven', name: 'ab' })).toEqual([['userId', 'errors:field.invalidType']])
    expect(errorsOf({ userId: 1, name: 'a' })).toEqual([['name', 'errors:field.tooSmall']])
    expect(errorsOf({ userId: 1, name: 'ab', code: 'x1' })).toEqual([['code', 'errors:field.invalidFormat']])
  })
  it('returns the parsed value when valid', () => {
    expect(parseWith(schema, { userId: 3, name: 'ok' }, 'body')).toEqual({ userId: 3, name: 'ok' })
  })
})
