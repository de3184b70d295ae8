// The auth area: the AuthService every protected route goes through, and the sign-in service's calls
// (spec section 7 "Session and shell" login/logout, "Administration" current user and force offline).
// /auth/* answers in the second client's envelope, except the form sign-in, which the SSO page reads
// as the main envelope (datas.access_token).
import { z } from 'zod'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { eq } from 'drizzle-orm'
import type { Area } from '../../http/area'
import { defineRoute, registerRoutes } from '../../http/route'
import { fieldError, unauthorized } from '../../http/errors'
import { appUser } from '../../db/schema/index'
import { changePasswordSchema } from '../../../domain/password'
import { hmacKey, loadSigningKey } from './tokens'
import { createAuthService } from './service'
import { createSessionService, writeAudit, type RequestMeta } from './sessions'
import { runSpecCommand } from '../admin/index'
import type { ForceOfflineResult } from '../../../../commands/admin'

export { parseUserInfoHeader, USERINFO_HEADER } from './service'
export type { TokenPair } from './sessions'

const meta = (req: FastifyRequest): RequestMeta => ({ ip: req.ip, requestId: String(req.id) })

/**
 * The refresh token's cookie: httpOnly (page scripts never see it), SameSite=Strict (no other site's
 * page can make the browser send it), Secure when the request came over HTTPS, and sent only to the
 * refresh route. Set on sign-in and refresh, cleared on sign-out and on a refused refresh. The access
 * token stays where the spec puts it (the `token` cookie the page itself writes, on the parent domain
 * for sibling apps of the single sign-on); see README "Tokens and cookies".
 */
export const REFRESH_COOKIE = 'wms_refresh'
export const REFRESH_PATH = '/auth/oauth/refresh'

function setRefreshCookie(req: FastifyRequest, reply: FastifyReply, value: string, maxAgeSec: number) {
  const secure = req.protocol === 'https' ? '; Secure' : ''
  reply.header('set-cookie', `${REFRESH_COOKIE}=${value}; Path=${REFRESH_PATH}; Max-Age=${maxAgeSec}; HttpOnly; SameSite=Strict${secure}`)
}

/** The refresh cookie's value from the request, when it carries one. */
export function refreshCookieOf(req: FastifyRequest): string | undefined {
  const header = req.headers.cookie ?? ''
  for (const part of header.split(';')) {
    const i = part.indexOf('=')
    if (i > 0 && part.slice(0, i).trim() === REFRESH_COOKIE) return part.slice(i + 1).trim() || undefined
  }
  return undefined
}

const required = (max: number) => z.string().min(1, 'errors:field.required').max(max)

// Form and JSON sign-in share these fields. validCode: the product has no captcha; any string passes.
const loginBody = z.object({
  username: required(64),
  password: required(128),
  deviceId: z.string().max(200).optional(),
  validCode: z.string().max(64).optional(),
})

export const authArea: Area = async (app, { database, config }) => {
  const key = await hmacKey(await loadSigningKey(database, config.jwtSecret))
  const auth = createAuthService(database, key)
  const sessions = createSessionService(database, config, key)
  app.decorate('authService', auth)

  const ttl = config.refreshTokenTtlSec
  const signIn = async (body: z.infer<typeof loginBody>, req: FastifyRequest, reply: FastifyReply) => {
    const pair = await sessions.login(body, meta(req))
    setRefreshCookie(req, reply, pair.refresh_token, ttl)
    return pair
  }

  registerRoutes(app, [
    defineRoute({
      method: 'POST', url: '/auth/oauth/token', summary: 'Sign in with form data (username, password, deviceId, validCode); sets the httpOnly refresh cookie',
      tags: ['auth'], envelope: 'main', dataField: 'datas', auth: 'public', body: loginBody,
      handler: ({ body, raw }, reply) => signIn(body, raw, reply),
    }),
    defineRoute({
      method: 'POST', url: '/auth/oauth/user/token', summary: 'Sign in with a JSON body; sets the httpOnly refresh cookie',
      tags: ['auth'], envelope: 'second', auth: 'public', body: loginBody.pick({ username: true, password: true, deviceId: true }),
      handler: ({ body, raw }, reply) => signIn(body, raw, reply),
    }),
    defineRoute({
      method: 'POST', url: REFRESH_PATH,
      summary: 'Exchange a refresh token (body, else the httpOnly cookie) for a new pair (rotation; reuse revokes the session). Read from the cookie, the new refresh token goes back only in the cookie.',
      tags: ['auth'], envelope: 'second', auth: 'public', body: z.object({ refreshToken: required(200).optional() }),
      handler: async ({ body, raw }, reply) => {
        const fromBody = body.refreshToken
        const token = fromBody ?? refreshCookieOf(raw)
        if (!token) throw fieldError('refreshToken', 'errors:field.required')
        if (token.length > 200) throw unauthorized()
        try {
          const pair = await sessions.refresh(token, meta(raw))
          setRefreshCookie(raw, reply, pair.refresh_token, ttl)
          // A page script can call this route (the cookie rides along); it must not get the long-lived
          // token back in the answer, only the short-lived access token.
          return fromBody ? pair : { ...pair, refresh_token: undefined }
        } catch (err) {
          if (!fromBody) setRefreshCookie(raw, reply, '', 0)
          throw err
        }
      },
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/oauth/remove/token', summary: 'Sign out: revoke the current session and clear the refresh cookie',
      tags: ['auth'], envelope: 'second', auth: 'user',
      handler: async ({ auth: a, raw }, reply) => {
        await sessions.logout(a, meta(raw))
        setRefreshCookie(raw, reply, '', 0)
        return null
      },
    }),
    defineRoute({
      method: 'POST', url: '/auth/oauth/offline-notice', summary: 'Offline notice sent before sign-out (logged and audited)',
      tags: ['auth'], envelope: 'second', auth: 'user', body: z.object({ userName: required(64) }),
      handler: async ({ auth: a, body, raw }) => {
        if (body.userName !== a.username) throw fieldError('userName', 'auth:userNameMismatch')
        raw.log.info({ userId: a.userId, userName: body.userName, sessionId: a.sessionId }, 'offline notice')
        await writeAudit(database.db, { userId: a.userId, username: a.username, tenantId: a.tenantId, warehouseId: a.warehouseId, commandId: 'auth.offline-notice', result: 'ok', ...meta(raw) })
        return null
      },
    }),
    defineRoute({
      method: 'DELETE', url: '/auth/offline/:id', summary: 'Force a user offline: revoke all their sessions',
      tags: ['auth', 'admin'], envelope: 'second', auth: 'scoped', permission: 'rights-user:force-offline',
      params: z.object({ id: z.coerce.number().int().positive() }),
      // The command admin.user.forceOffline: one rule for who may be forced offline (a user the caller
      // manages, else 404 like an unknown id), one transaction, one audit row.
      handler: async ({ auth: a, params, raw }) => {
        const r = await runSpecCommand(database, raw, a, 'admin.user.forceOffline', { userId: params.id }) as ForceOfflineResult
        return { userId: r.userId, username: r.username, sessions: r.revokedSessions }
      },
    }),
    defineRoute({
      method: 'GET', url: '/auth/users/current', summary: 'The signed-in user',
      tags: ['auth'], envelope: 'second', auth: 'user',
      handler: async ({ auth: a }) => {
        const [u] = await database.db.select().from(appUser).where(eq(appUser.id, a.userId))
        if (!u) throw unauthorized()
        return {
          id: u.id, userId: u.id, username: u.username, employeeName: u.employeeName, name: u.employeeName,
          email: u.email, phone: u.phone, avatar: u.avatar, introduction: u.introduction,
          weakPassword: u.weakPassword, status: u.status, tenantId: u.tenantId,
          roles: a.roles, permissions: [...a.permissions].sort(),
        }
      },
    }),
    defineRoute({
      method: 'PUT', url: '/auth/users/edit/password', summary: 'Change my password (spec section 5 rules); clears the weak-password flag',
      tags: ['auth'], envelope: 'second', auth: 'user', body: changePasswordSchema,
      handler: ({ auth: a, body, raw }) => sessions.changePassword(a, body, meta(raw)),
    }),
    defineRoute({
      method: 'GET', url: '/api/session/whoami', summary: 'Who am I in the current warehouse-tenant pair (roles and permission codes)',
      tags: ['session'], envelope: 'main', auth: 'scoped',
      handler: ({ auth: a }) => ({
        userId: a.userId, username: a.username, employeeName: a.employeeName,
        tenantId: a.tenantId, warehouseId: a.warehouseId,
        roles: a.roles, permissions: [...a.permissions].sort(),
      }),
    }),
  ])
}
