// Handlers of the administration commands in commands/admin.ts.
import { randomInt } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { appUser, authSession } from '../db/schema/index'
import type { AppTx } from '../db/client'
import type { AuthContext } from '../http/context'
import { AppError, badRequest } from '../http/errors'
import type { UserTargetArgs, ForceOfflineResult, ResetPasswordResult } from '../../../commands/admin'
import { hashPassword } from '../areas/auth/passwords'
import { defineHandler } from './registry'

/**
 * The target user, if the caller may act on them: admins on anyone; other holders of the permission
 * only on users who work in the caller's current tenant (an unknown and an out-of-scope user answer
 * the same, so ids outside the scope do not leak).
 */
async function targetUser(tx: AppTx, auth: AuthContext, userId: number) {
  const scoped = !auth.roles.includes('admin')
  const rows = await tx.select({ id: appUser.id, username: appUser.username }).from(appUser).where(and(
    eq(appUser.id, userId),
    scoped ? sql`exists (select 1 from user_access ua where ua.user_id = ${appUser.id} and ua.tenant_id = ${auth.tenantId})` : undefined,
  )).for('update')
  const user = rows[0]
  if (!user) throw new AppError(404, 'commands:errors.userNotFound', { userId }, [{ field: 'userId', messageKey: 'commands:errors.userNotFound' }])
  if (user.id === auth.userId) throw badRequest('commands:errors.notYourself', undefined, [{ field: 'userId', messageKey: 'commands:errors.notYourself' }])
  return user
}

async function revokeSessions(tx: AppTx, userId: number, why: string): Promise<number> {
  const revoked = await tx.update(authSession)
    .set({ revokedAt: sql`now()`, revokedWhy: why })
    .where(and(eq(authSession.userId, userId), isNull(authSession.revokedAt)))
    .returning({ id: authSession.id })
  return revoked.length
}

defineHandler<UserTargetArgs>('admin.user.forceOffline', async ({ tx, args, auth, setSummary }): Promise<ForceOfflineResult> => {
  const user = await targetUser(tx, auth, args.userId)
  const revokedSessions = await revokeSessions(tx, user.id, 'force-offline')
  setSummary(`forced ${user.username} offline (${revokedSessions} sessions)`)
  return { userId: user.id, username: user.username, revokedSessions }
})

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ'
const LOWER = 'abcdefghijkmnpqrstuvwxyz'
const DIGIT = '23456789'
const SPECIAL = '#@%&*+=?!'

/** 12 characters with every class present: satisfies spec section 5 (8-32, three of four classes). */
export function temporaryPassword(): string {
  const all = UPPER + LOWER + DIGIT + SPECIAL
  const pick = (s: string) => s[randomInt(s.length)]
  const chars = [pick(UPPER), pick(LOWER), pick(DIGIT), pick(SPECIAL), ...Array.from({ length: 8 }, () => pick(all))]
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1)
    ;[chars[i], chars[j]] = [chars[j], chars[i]]
  }
  return chars.join('')
}

defineHandler<UserTargetArgs>('admin.user.resetPassword', async ({ tx, args, auth, setSummary }): Promise<ResetPasswordResult> => {
  const user = await targetUser(tx, auth, args.userId)
  const temporary = temporaryPassword()
  // Same argon2id hashing as sign-in; weak_password forces the change at next sign-in (spec section 4).
  const passwordHash = await hashPassword(temporary)
  await tx.update(appUser).set({ passwordHash, weakPassword: true, updatedAt: sql`now()` }).where(eq(appUser.id, user.id))
  // Sessions opened with the old password end: whoever held them must sign in with the new one.
  const revoked = await revokeSessions(tx, user.id, 'password-reset')
  setSummary(`reset the password of ${user.username} (${revoked} sessions ended)`)
  return { userId: user.id, username: user.username, temporaryPassword: temporary }
})
