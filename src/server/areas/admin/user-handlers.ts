// Handlers of the administration commands in commands/admin.ts (forcing a user offline, resetting a password).
import { randomInt } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import { appUser, authSession } from '../../db/schema/index'
import type { AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import type { UserTargetArgs, ForceOfflineResult, ResetPasswordResult } from '../../../../commands/admin'
import { hashPassword } from '../auth/passwords'
import { managedUser } from './reach'
import { defineHandler } from '../../commands/registry'

/** The target user, if the caller manages them (./reach.ts); never oneself. */
const targetUser = (tx: AppTx, auth: AuthContext, userId: number) => managedUser(tx, auth, userId, { field: 'userId', self: 'refuse' })

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
