// Password rules of spec section 5: 8 to 32 characters with at least three of upper case, lower case,
// digit and special; the new password must match its confirmation; the original password is required.
// One schema for the /profile?tab=password form (client) and PUT /auth/users/edit/password (server).
// Messages are i18n keys (namespace `auth`), translated where they are shown.
import { z } from 'zod'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 32
/** How many of the four character classes a password must mix. */
export const PASSWORD_CLASSES_REQUIRED = 3

/** Number of character classes present: upper, lower, digit, special (anything else). */
export function passwordClassCount(pw: string): number {
  let n = 0
  if (/[A-Z]/.test(pw)) n++
  if (/[a-z]/.test(pw)) n++
  if (/[0-9]/.test(pw)) n++
  if (/[^A-Za-z0-9]/.test(pw)) n++
  return n
}

/** True when the password satisfies the rule; a sign-in with one that does not is flagged weak. */
export function isStrongPassword(pw: string): boolean {
  return pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX && passwordClassCount(pw) >= PASSWORD_CLASSES_REQUIRED
}

export const newPasswordSchema = z.string()
  .min(PASSWORD_MIN, 'auth:password.tooShort')
  .max(PASSWORD_MAX, 'auth:password.tooLong')
  .refine((pw) => passwordClassCount(pw) >= PASSWORD_CLASSES_REQUIRED, 'auth:password.classes')

export const changePasswordSchema = z.object({
  oldPassword: z.string().min(1, 'auth:password.oldRequired').max(128, 'errors:field.tooBig'),
  newPassword: newPasswordSchema,
  confirmPassword: z.string().min(1, 'auth:password.confirmRequired'),
}).superRefine((v, ctx) => {
  if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth:password.mismatch' })
  }
})

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>
