// One error type for every refusal the API makes. The message is an i18n key translated per request.
import type { FieldError } from '../../domain/envelope'

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly messageKey: string,
    readonly params?: Record<string, unknown>,
    readonly fieldErrors?: Omit<FieldError, 'message'>[],
    /** Extra data returned with the error (e.g. redirectPath). */
    readonly data?: unknown,
  ) {
    super(messageKey)
    this.name = 'AppError'
  }
  /**
   * The answer's message leads with the first field error's own message instead of the general form
   * message (issue 19 §2): set on the refusals of a command's input (no form on the caller's side).
   */
  leadWithFirstError?: boolean
}

/** A field error as the answer carries it (its message translated). */
type RenderedFieldError = Omit<FieldError, 'message'> & { message: string }

/**
 * The answer's message (responseDesc / msg) of a refusal (issue 19 §2 "Refusals say why"):
 * - the general form message (`errors:validation.form`) is said only when the refusal names several
 *   fields of a form; a refusal of a command's input (`leadWithFirstError`), or one that names a single
 *   field, leads with its first error's message — the field list stays in errors[] — and says how many
 *   more there are;
 * - a refusal whose own key is its first field error's (fieldError) reads as that error, label included;
 * - any other is its key translated with its params, and the first field's label as `field` should its
 *   text name one: no `{{placeholder}}` is ever left in the answer.
 */
export function refusalMessage(t: (key: string, params?: Record<string, unknown>) => string, err: Pick<AppError, 'messageKey' | 'params' | 'leadWithFirstError'>, errors: readonly RenderedFieldError[] | undefined, fieldLabel?: string): string {
  const first = errors?.[0]
  if (first && err.messageKey === 'errors:validation.form') {
    const fields = new Set(errors!.map((e) => e.field))
    if (err.leadWithFirstError || fields.size === 1) {
      return errors!.length > 1 ? t('errors:validation.andMore', { message: first.message, more: errors!.length - 1 }) : first.message
    }
  }
  if (first && err.messageKey === first.messageKey) return first.message
  return t(err.messageKey, { ...(fieldLabel !== undefined ? { field: fieldLabel } : {}), ...err.params })
}

export const badRequest = (key: string, params?: Record<string, unknown>, fields?: Omit<FieldError, 'message'>[]) => new AppError(400, key, params, fields)
/** A refusal that names one field: 400 with that field. */
export const fieldError = (field: string, key: string, params?: Record<string, unknown>) => new AppError(400, key, params, [{ field, messageKey: key, params }])
export const unauthorized = (key = 'errors:auth.verificationFailed') => new AppError(401, key)
export const forbidden = (key = 'errors:auth.forbidden', params?: Record<string, unknown>) => new AppError(403, key, params)
export const notFound = (key = 'errors:notFound', params?: Record<string, unknown>) => new AppError(404, key, params)
export const conflict = (key: string, params?: Record<string, unknown>) => new AppError(409, key, params)
export const tooManyRequests = (key = 'errors:auth.tooManyAttempts', params?: Record<string, unknown>) => new AppError(429, key, params)

/**
 * PostgreSQL errors that mean "this input cannot be stored" → a 400 naming the column's field (or the
 * whole request). The last line of defence behind validation (issue 10): bad text (22P05 untranslatable
 * character, 22021 bad byte sequence), 22003 numeric out of range, 22008 datetime out of range, 22007
 * bad datetime, 22P02 invalid text representation, 22001 too long, 23502 not null. Undefined otherwise.
 */
const INPUT_ERRORS = new Set(['22P05', '22021', '22003', '22008', '22007', '22P02', '22001', '23502'])
export function inputErrorOf(err: unknown): AppError | undefined {
  let e: unknown = err
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const { code, column } = e as { code?: unknown; column?: unknown }
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      if (!INPUT_ERRORS.has(code)) return undefined
      const field = typeof column === 'string' && column ? column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()) : '_'
      const key = code === '23502' ? 'errors:field.required' : 'errors:field.invalid'
      return new AppError(400, 'errors:validation.form', { pgCode: code }, [{ field, messageKey: key, params: {} }])
    }
    e = (e as { cause?: unknown }).cause
  }
  return undefined
}
