// Password rules of spec section 5: 8 to 32 characters with at least three of upper case, lower case,
// digit and special; the new password must match its confirmation; the original password is required.
// On top of the letter of the rule, a predictable password is refused ('Password1', 'Welcome1',
// 'Qwerty123', 'P@ssw0rd!' pass the class count): a common word or keyboard/alphabet run decorated with
// digits and symbols, and a password containing the username.
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

/**
 * The most common password stems (breach top lists): matched as the whole stem once leading/trailing
 * digits and symbols are stripped and look-alikes undone; the long ones also anywhere inside it.
 */
const COMMON_STEMS = new Set([
  'password', 'passwort', 'passwd', 'pass', 'contrasena', 'mima', 'welcome', 'qwerty', 'qwertz', 'azerty',
  'asdf', 'asdfgh', 'zxcv', 'zxcvbn', 'qazwsx', 'admin', 'administrator', 'letmein', 'iloveyou', 'monkey',
  'dragon', 'master', 'sunshine', 'princess', 'football', 'baseball', 'soccer', 'shadow', 'superman',
  'batman', 'trustno', 'login', 'hello', 'changeme', 'secret', 'summer', 'winter', 'spring', 'autumn',
  'user', 'test', 'guest', 'root', 'default', 'warehouse', 'company', 'abc', 'abcd', 'abcde', 'abcdef',
])
/** Stems long enough to be refused wherever they sit inside the password ('MyPassword#1'). */
const COMMON_INSIDE = [...COMMON_STEMS].filter((w) => w.length >= 6)
const RUNS = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890']
const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', '$': 's', '!': 'i', '|': 'l' }

const undoLookAlikes = (s: string) => s.replace(/[013457@$!|]/g, (c) => LOOK_ALIKES[c])
const isRun = (s: string) => s.length >= 2 && RUNS.some((r) => r.includes(s) || [...r].reverse().join('').includes(s))

/** A common word, keyboard/alphabet run or one repeated letter, decorated with digits and symbols. */
export function isPredictablePassword(pw: string): boolean {
  const lower = pw.toLowerCase()
  // The stem: what is left once digits and symbols are stripped from both ends ('Password1!' → 'password').
  const stem = lower.replace(/^[^a-z@$|]+/, '').replace(/[^a-z]+$/, '')
  const plain = undoLookAlikes(stem)
  if (COMMON_STEMS.has(plain) || isRun(plain) || /^(.)\1*$/.test(plain)) return true
  const everywhere = undoLookAlikes(lower)
  return COMMON_INSIDE.some((w) => plain.includes(w) || everywhere.includes(w))
}

/** True when the password contains the username (case and look-alikes ignored; usernames of 3+ chars). */
export function containsUsername(pw: string, username: string | undefined): boolean {
  const u = (username ?? '').trim().toLowerCase()
  if (u.length < 3) return false
  return pw.toLowerCase().includes(u) || undoLookAlikes(pw.toLowerCase()).includes(undoLookAlikes(u))
}

/**
 * The first problem of a new password as an i18n key (namespace `auth`), or undefined when it is
 * acceptable. One function for the client form, the server's change/create/reset and the sign-in's
 * weak flag.
 */
export function passwordProblem(pw: string, username?: string): string | undefined {
  if (pw.length < PASSWORD_MIN) return 'auth:password.tooShort'
  if (pw.length > PASSWORD_MAX) return 'auth:password.tooLong'
  if (passwordClassCount(pw) < PASSWORD_CLASSES_REQUIRED) return 'auth:password.classes'
  if (isPredictablePassword(pw)) return 'auth:password.common'
  if (containsUsername(pw, username)) return 'auth:password.containsUsername'
  return undefined
}

/** True when the password satisfies the rule; a sign-in with one that does not is flagged weak. */
export function isStrongPassword(pw: string, username?: string): boolean {
  return passwordProblem(pw, username) === undefined
}

export const newPasswordSchema = z.string()
  .min(PASSWORD_MIN, 'auth:password.tooShort')
  .max(PASSWORD_MAX, 'auth:password.tooLong')
  .refine((pw) => passwordClassCount(pw) >= PASSWORD_CLASSES_REQUIRED, 'auth:password.classes')
  .refine((pw) => !isPredictablePassword(pw), 'auth:password.common')

/** The change-password form; with the user's name, a new password containing it is refused too. */
export const changePasswordSchemaFor = (username?: string) => z.object({
  oldPassword: z.string().min(1, 'auth:password.oldRequired').max(128, 'errors:field.tooBig'),
  newPassword: newPasswordSchema,
  confirmPassword: z.string().min(1, 'auth:password.confirmRequired'),
}).superRefine((v, ctx) => {
  if (v.confirmPassword && v.newPassword !== v.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'auth:password.mismatch' })
  }
  if (v.newPassword && containsUsername(v.newPassword, username)) {
    ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'auth:password.containsUsername' })
  }
})

export const changePasswordSchema = changePasswordSchemaFor()

export type ChangePasswordInput = z.infer<typeof changePasswordSchema>
