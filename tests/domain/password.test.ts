// The spec's password rule (section 5) as the client form and the server both use it.
import { describe, it, expect } from 'vitest'
import { changePasswordSchema, isStrongPassword, passwordClassCount } from '../../src/domain/password'

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
})
