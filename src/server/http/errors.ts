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
}

export const badRequest = (key: string, params?: Record<string, unknown>, fields?: Omit<FieldError, 'message'>[]) => new AppError(400, key, params, fields)
/** A refusal that names one field: 400 with that field. */
export const fieldError = (field: string, key: string, params?: Record<string, unknown>) => new AppError(400, key, params, [{ field, messageKey: key, params }])
export const unauthorized = (key = 'errors:auth.verificationFailed') => new AppError(401, key)
export const forbidden = (key = 'errors:auth.forbidden', params?: Record<string, unknown>) => new AppError(403, key, params)
export const notFound = (key = 'errors:notFound', params?: Record<string, unknown>) => new AppError(404, key, params)
export const conflict = (key: string, params?: Record<string, unknown>) => new AppError(409, key, params)
export const tooManyRequests = (key = 'errors:auth.tooManyAttempts', params?: Record<string, unknown>) => new AppError(429, key, params)
