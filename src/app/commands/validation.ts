// Client-side refusal of bad command arguments: the same zod schema the server parses with, and the
// same issue → message-key mapping (src/domain/validation.ts), so the operator reads the same
// translated sentence naming the field.
import type { z } from 'zod'
import { i18next } from '../i18n'
import { fieldLabelKeyOf, issueField, issueMessageKey, issueParams } from '../../domain/validation'

export interface FieldError { field: string; messageKey: string; message: string }

/** Thrown by runtime.callServer when the arguments fail the command's schema; nothing was sent. */
export class CommandInputError extends Error {
  constructor(readonly commandId: string, readonly errors: FieldError[]) {
    super(errors.map((e) => e.message).join('; '))
    this.name = 'CommandInputError'
  }
}

/** `labelOf`: the command's own label keys (CommandDef.fieldLabel), as on the server. */
export function fieldErrorsOf(issues: readonly z.core.$ZodIssue[], input: unknown, labelOf?: (field: string) => string | undefined): FieldError[] {
  return issues.map((i) => {
    const field = issueField(i)
    const name = field.split('.').pop() as string
    const label = i18next.t(fieldLabelKeyOf(field, labelOf), { defaultValue: name })
    const messageKey = issueMessageKey(i, input)
    return { field, messageKey, message: i18next.t(messageKey, { ...issueParams(i), field: label }) }
  })
}
