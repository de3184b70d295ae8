// The spec's password rule (section 5) as the client form and the server both use it.
import { describe, it, expect } from 'vitest'
import { changePasswordSchema, changePasswordSchemaFor, isStrongPassword, passwordClassCount, passwordProblem } from '../../src/domain/password'

describe('password rule', () => {
  it('counts character classes', () => {
    expect(passwordClassCount('abcdefgh')).toBe(1)
    expect(passwordClassCount('abcDEF12')).toBe(3)
    expect(passwordClassCount('aB3#')).toBe(4)
    expect(passwordClassCount('密码abc123')).toBe(3) // non-ASCII counts as special
  })
  it('needs 8 to 32 characters and three classes', () => {
    expect(isStrongPassword('Demo#2026')).toBe(true)
    expect(isStrongPassword('weak1234')).toBe(false)
    expect(isStrongPassword('Ab1#xyz')).toBe(false) // 7
    expect(isStrongPassword(`Ab1#${'x'.repeat(28)}`)).toBe(true) // 32
    expect(isStrongPassword(`Ab1#${'x'.repeat(29)}`)).toBe(false) // 33
    expect(isStrongPassword('ABCDEFGH12')).toBe(false) // two classes
  })
  it('reports each problem on its field with an auth: key', () => {
    const issues = (v: object) => changePasswordSchema.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    expect(issues({ oldPassword: 'x', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' })).toBeUndefined()
    expect(issues({ oldPassword: '', newPassword: 'Strong#2026', confirmPassword: 'Strong#2026' })).toEqual(['oldPassword:auth:password.oldRequired'])
    expect(issues({ oldPassword: 'x', newPassword: 'short', confirmPassword: 'short' })).toContain('newPassword:auth:password.tooShort')
    expect(issues({ oldPassword: 'x', newPassword: 'onlylowercase', confirmPassword: 'onlylowercase' })).toEqual(['newPassword:auth:password.classes'])
    expect(issues({ oldPassword: 'x', newPassword: 'Strong#2026', confirmPassword: 'Strong#2025' })).toEqual(['confirmPassword:auth:password.mismatch'])
  })
  it('refuses predictable passwords that pass the class count: common words and runs decorated with digits or symbols', () => {
    for (const pw of ['Password1', 'Welcome1', 'Qwerty123', 'P@ssw0rd!', 'Passw0rd#', 'Summer2024!', 'MyPassword#1', 'Letmein!1', 'Admin#2026', 'Aa123456', 'Abcd#1234', 'Iloveyou1!']) {
      expect(passwordClassCount(pw), pw).toBeGreaterThanOrEqual(3)
      expect(passwordProblem(pw), pw).toBe('auth:password.common')
      expect(isStrongPassword(pw), pw).toBe(false)
    }
    for (const pw of ['Demo#2026', 'Strong#2026', 'Start#2026x', 'Tmp#1234abcd', 'Zq#9174620', 'Tr0ub4dor&3', 'Xk9#mPq2']) expect(passwordProblem(pw), pw).toBeUndefined()
  })
  it('refuses a password containing the username (case and look-alikes ignored), on server and client alike', () => {
    expect(passwordProblem('Receiver#26', 'receiver')).toBe('auth:password.containsUsername')
    expect(passwordProblem('R3ceiver#26', 'receiver')).toBe('auth:password.containsUsername')
    expect(passwordProblem('Receiver#26')).toBeUndefined()
    expect(passwordProblem('Xk9#mPq2ab', 'ab')).toBeUndefined() // usernames under 3 characters are not searched
    const issues = (v: object, u?: string) => changePasswordSchemaFor(u).safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`)
    expect(issues({ oldPassword: 'x', newPassword: 'Receiver#26', confirmPassword: 'Receiver#26' }, 'receiver')).toEqual(['newPassword:auth:password.containsUsername'])
    expect(issues({ oldPassword: 'x', newPassword: 'Password1', confirmPassword: 'Password1' })).toEqual(['newPassword:auth:password.common'])
    expect(changePasswordSchema.safeParse({ oldPassword: 'x', newPassword: 'Receiver#26', confirmPassword: 'Receiver#26' }).success).toBe(true)
  })
})
