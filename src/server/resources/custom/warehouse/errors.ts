// A refusal naming one field of a warehouse resource, shaped like the generic handlers' refusals
// (top message 'errors:validation.form'; the field's label from its resource's own i18n key).
import { AppError } from '../../../http/errors'

export function refuseField(resource: string, field: string, messageKey: string, params: Record<string, unknown> = {}): AppError {
  return new AppError(400, 'errors:validation.form', undefined, [{ field, messageKey, params: { ...params, fieldKey: `res-warehouse:${resource}.fields.${field}` } }])
}
