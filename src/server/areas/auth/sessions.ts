// Sign-in, refresh rotation, sign-out, force-offline and password change: each one transaction, each
// leaving an audit row. Refusals are AppErrors with i18n keys (namespace `auth` or `errors`).
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import type { AppTx, Database, Queryable } from '../../db/client'
import type { Config } from '../../config'
import { appUser, auditLog, authSession, refreshToken } from '../../db/schema/index'
import { AppError, fieldError, tooManyRequests, unauthorized } from '../../http/errors'
import { containsUsername, isStrongPassword } from '../../../domain/password'
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords'
import { LoginBrake, SlidingWindowLimiter } from './rate-limit'
import { hashRefreshToken, newRefreshToken, signAccessToken } from './tokens'

/** What sign-in and refresh return (snake_case as the SSO service names them; spec: datas.access_token). */
export interface TokenPair {
  access_token: string
  /** The x-sso-auth credential. One credential, one verification path: it is the access token itself. */
  jwt_token: string
  refresh_token: string
  token_type: 'bearer'
  expires_in: number
  weakPassword: boolean
  userId: number
  username: string
}

export interface AuditEntry {
  userId?: number | null
  username?: string | null
  commandId: string
  result: 'ok' | 'refused' | 'error'
  errorCode?: string
  summary?: string
  requestId?: string
  ip?: string
  tenantId?: number
  warehouseId?: number
}

export async function writeAudit(q: Queryable, e: AuditEntry) {
  await q.insert(auditLog).values({
    userId: e.userId ?? null,
    username: e.username ?? null,
    commandId: e.commandId,
    result: e.result,
    errorCode: e.errorCode ?? null,
    summary: e.summary ?? null,
    requestId: e.requestId ?? null,
    ip: e.ip ?? null,
    tenantId: e.tenantId || null,
    warehouseId: e.warehouseId || null,
  })
}

export interface RequestMeta { ip: string; requestId: string }

export function createSessionService(database: Database, config: Config, key: CryptoKey) {
  const windowMs = config.loginLimitWindowSec * 1000
  // Sign-in: failures brake their own account+address pair and, at a higher threshold, their address
  // (rate-limit.ts). Nothing locks: the right password gets through after the delay.
  const brake = new LoginBrake({
    perAccountAddress: config.loginLimitPerAccount,
    perAddress: config.loginLimitPerAddress,
    windowMs,
    maxDelayMs: config.loginLimitMaxDelayMs,
  })
  // Password change: wrong original passwords of one signed-in user (a stolen session guessing it).
  const changeFailures = new SlidingWindowLimiter(config.loginLimitPerAccount, windowMs)

  async function issue(tx: AppTx, userId: number, username: string, sessionId: string, weakPassword: boolean): Promise<TokenPair> {
    const refresh = newRefreshToken()
    await tx.insert(refreshToken).values({
      tokenHash: hashRefreshToken(refresh),
      sessionId,
      expiresAt: new Date(Date.now() + config.refreshTokenTtlSec * 1000),
    })
    const access = await signAccessToken(key, { userId, sessionId, username }, config.accessTokenTtlSec)
    return { access_token: access, jwt_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: config.accessTokenTtlSec, weakPassword, userId, username }
  }

  /** Checks the credentials (no brake): the user row when they are right, else undefined (audited). */
  async function checkCredentials(input: { username: string; password: string }, meta: RequestMeta) {
    const [user] = await database.db.select({
      id: appUser.id, username: appUser.username, passwordHash: appUser.passwordHash,
      status: appUser.status, weakPassword: appUser.weakPassword, tenantId: appUser.tenantId,
    }).from(appUser).where(eq(appUser.username, input.username))
    const ok = user ? await verifyPassword(user.passwordHash, input.password) : await burnPasswordCheck(input.password)
    if (user && ok) return user
    await writeAudit(database.db, { userId: user?.id, username: input.username.slice(0, 64), commandId: 'auth.login', result: 'refused', errorCode: 'auth:invalidCredentials', ...meta })
    return undefined
  }

  const retryAfterSec = (ms: number) => Math.max(1, Math.ceil(ms / 1000))

  return {
    brake,

    async login(input: { username: string; password: string; deviceId?: string }, meta: RequestMeta): Promise<TokenPair> {
      const account = input.username.trim().toLowerCase()
      const attempt = brake.begin(account, meta.ip)
      if (!attempt) throw tooManyRequests('errors:auth.tooManyAttempts', { retryAfter: retryAfterSec(brake.delayMs(account, meta.ip)) })
      let user: Awaited<ReturnType<typeof checkCredentials>>
      try {
        // Braked: the check waits; a wrong password then answers 429 with the next delay, the right one
        // signs in.
        if (attempt.delayMs > 0) await new Promise((r) => setTimeout(r, attempt.delayMs))
        user = await checkCredentials(input, meta)
        if (!user) brake.failed(account, meta.ip)
      } finally {
        attempt.end()
      }
      if (!user && attempt.delayMs > 0) throw tooManyRequests('errors:auth.tooManyAttempts', { retryAfter: retryAfterSec(brake.delayMs(account, meta.ip)) })
      if (!user) throw new AppError(401, 'auth:invalidCredentials')
      if (user.status !== 1) {
        await writeAudit(database.db, { userId: user.id, username: user.username, commandId: 'auth.login', result: 'refused', errorCode: 'auth:disabled', ...meta })
        throw new AppError(401, 'auth:disabled')
      }
      brake.succeeded(account, meta.ip)
      // A password that fails today's rule is flagged weak at sign-in; until it is changed the server
      // refuses every call but the few the profile page needs (service.ts), and the client sends the
      // user to /profile?tab=password (spec: weak password must be changed).
      const weak = user.weakPassword || !isStrongPassword(input.password, user.username)
      const signedIn = user
      return database.tx(async (tx) => {
        const sessionId = randomUUID()
        await tx.insert(authSession).values({ id: sessionId, userId: signedIn.id, deviceId: input.deviceId || null, ip: meta.ip })
        if (weak && !signedIn.weakPassword) await tx.update(appUser).set({ weakPassword: true }).where(eq(appUser.id, signedIn.id))
        await writeAudit(tx, { userId: signedIn.id, username: signedIn.username, commandId: 'auth.login', result: 'ok', summary: input.deviceId ? `device ${input.deviceId}` : undefined, ...meta })
        return issue(tx, signedIn.id, signedIn.username, sessionId, weak)
      })
    },

    /**
     * Rotation: a refresh token works once. Presenting one that was already rotated means two parties
     * hold it (theft or a replay): the whole session is revoked and both must sign in again.
     */
    async refresh(token: string, meta: RequestMeta): Promise<TokenPair> {
      const tokenHash = hashRefreshToken(token)
      const outcome: { fail?: string; pair?: TokenPair } = await database.tx(async (tx): Promise<{ fail?: string; pair?: TokenPair }> => {
        const [row] = await tx.select({
          sessionId: refreshToken.sessionId, expiresAt: refreshToken.expiresAt, rotatedAt: refreshToken.rotatedAt,
          revokedAt: authSession.revokedAt, userId: authSession.userId,
          username: appUser.username, status: appUser.status, weakPassword: appUser.weakPassword,
        }).from(refreshToken)
          .innerJoin(authSession, eq(authSession.id, refreshToken.sessionId))
          .innerJoin(appUser, eq(appUser.id, authSession.userId))
          .where(eq(refreshToken.tokenHash, tokenHash))
          .for('update', { of: refreshToken })
        if (!row) return { fail: 'errors:auth.verificationFailed' }
        if (row.rotatedAt) {
          const revoked = await tx.update(authSession).set({ revokedAt: sql`now()`, revokedWhy: 'refresh-reuse' })
            .where(and(eq(authSession.id, row.sessionId), isNull(authSession.revokedAt))).returning({ id: authSession.id })
          await writeAudit(tx, { userId: row.userId, username: row.username, commandId: 'auth.refresh', result: 'refused', errorCode: 'auth:refreshReused', summary: revoked.length ? 'session revoked' : undefined, ...meta })
          return { fail: 'auth:refreshReused' }
        }
        if (row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { fail: 'errors:auth.verificationFailed' }
        if (row.status !== 1) return { fail: 'auth:disabled' }
        await tx.update(refreshToken).set({ rotatedAt: sql`now()` }).where(eq(refreshToken.tokenHash, tokenHash))
        await tx.update(authSession).set({ lastSeen: sql`now()` }).where(eq(authSession.id, row.sessionId))
        return { pair: await issue(tx, row.userId, row.username, row.sessionId, row.weakPassword) }
      })
      if (!outcome.pair) throw new AppError(401, outcome.fail ?? 'errors:auth.verificationFailed')
      return outcome.pair
    },

    async logout(auth: { userId: number; username: string; sessionId: string }, meta: RequestMeta) {
      await database.tx(async (tx) => {
        await tx.update(authSession).set({ revokedAt: sql`now()`, revokedWhy: 'logout' })
          .where(and(eq(authSession.id, auth.sessionId), isNull(authSession.revokedAt)))
        await writeAudit(tx, { userId: auth.userId, username: auth.username, commandId: 'auth.logout', result: 'ok', ...meta })
      })
    },

    /** Spec section 5 rules are already checked by the schema; here: the original password and reuse. */
    async changePassword(auth: { userId: number; username: string; sessionId: string }, input: { oldPassword: string; newPassword: string }, meta: RequestMeta) {
      const key = `pw:${auth.userId}`
      const wait = changeFailures.retryAfter(key)
      if (wait > 0) throw tooManyRequests('errors:auth.tooManyAttempts', { retryAfter: wait })
      const [user] = await database.db.select({ passwordHash: appUser.passwordHash }).from(appUser).where(eq(appUser.id, auth.userId))
      if (!user) throw unauthorized()
      if (!(await verifyPassword(user.passwordHash, input.oldPassword))) {
        changeFailures.hit(key)
        await writeAudit(database.db, { userId: auth.userId, username: auth.username, commandId: 'auth.change-password', result: 'refused', errorCode: 'auth:password.oldWrong', ...meta })
        throw fieldError('oldPassword', 'auth:password.oldWrong')
      }
      if (input.newPassword === input.oldPassword) throw fieldError('newPassword', 'auth:password.sameAsOld')
      if (containsUsername(input.newPassword, auth.username)) throw fieldError('newPassword', 'auth:password.containsUsername')
      const passwordHash = await hashPassword(input.newPassword)
      return database.tx(async (tx) => {
        await tx.update(appUser).set({ passwordHash, weakPassword: false, updatedAt: sql`now()` }).where(eq(appUser.id, auth.userId))
        // Whoever else held a session opened with the old password is signed out; this one stays.
        const others = await tx.update(authSession).set({ revokedAt: sql`now()`, revokedWhy: 'password-changed' })
          .where(and(eq(authSession.userId, auth.userId), isNull(authSession.revokedAt), ne(authSession.id, auth.sessionId)))
          .returning({ id: authSession.id })
        await writeAudit(tx, { userId: auth.userId, username: auth.username, commandId: 'auth.change-password', result: 'ok', summary: `${others.length} other session(s) ended`, ...meta })
        return { weakPassword: false, otherSessionsEnded: others.length }
      })
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
