// authenticate(): the one gate every 'user' and 'scoped' route passes. Per request it verifies the JWT
// (HS256 only) and runs ONE indexed query that answers: does the session exist and is it unrevoked, is
// the user active, is the x-userinfo-header pair one of theirs, and has any role grant changed. Roles and
// permission codes are cached per user and reloaded when the grants version moves, so revocation
// (logout, force-offline) and grant changes both take effect on the very next request.
import type { FastifyRequest } from 'fastify'
import type { Database } from '../../db/client'
import type { AuthContext, AuthService } from '../../http/context'
import { AppError, fieldError, forbidden, unauthorized } from '../../http/errors'
import { verifyAccessToken } from './tokens'

export const USERINFO_HEADER = 'x-userinfo-header'
/** last_seen is written at most this often per session (it feeds "users online", not security). */
const LAST_SEEN_EVERY_MS = 60_000

/**
 * What a user whose password is weak or temporary (weak_password: a sign-in with a password that fails
 * today's rule, or an admin reset) may still call until it is changed: who am I, change password, sign
 * out, and the reads the shell makes on its way to /profile?tab=password (user info, the pair's
 * warehouse location, menus and button codes, whoami, saved favourites) and the profile page's own
 * self-service. Everything else answers 403
 * 'weak password change required' (spec section 8). Refresh is a public route and needs no entry.
 */
export const WEAK_PASSWORD_ALLOWED: ReadonlySet<string> = new Set([
  'GET /auth/users/current',
  'PUT /auth/users/edit/password',
  // The profile page's own self-service (its info tab: my contact details, my e-mail's verification code).
  'PUT /auth/users/edit',
  'GET /auth/users/verificationCode',
  'DELETE /auth/oauth/remove/token',
  'POST /auth/oauth/offline-notice',
  'GET /api/session/whoami',
  'GET /wms-plus-base/common/pms/user/info',
  'GET /wms-plus-base/common/pms/user/getInfo',
  'GET /wms-plus-base/common/pms/user/menus',
  'GET /wms-plus-base/common/pms/user/menu/res/:menuId',
  'GET /wms-base/basewarehouse/location/:id',
  'GET /wms-plus-base/tableColumnConfig/user/getTableColumnConfig',
])

const routeKey = (req: FastifyRequest) => `${req.method} ${req.routeOptions?.url ?? req.url.split('?')[0]}`

export interface UserInfoPair {
  tenantId: number
  warehouseId: number
  /** The three-part reading: everything between the first and the last dash is the username. */
  username: string
  /** The old console's four-part reading (tenant-userId-name-warehouse), when the middle starts with `<digits>-`. */
  legacy?: { userId: number; username: string }
}

/**
 * `<tenantId>-<urlencoded username>-<warehouseId>`, or the old console's four parts
 * `<tenantId>-<userId>-<username>-<warehouseId>`. Tenant and warehouse are the first and the last
 * part either way. The middle is the username: encodeURIComponent leaves '-' alone, so a username may
 * itself contain dashes — and may look like `42-bob`. So a middle of the shape `<digits>-<rest>` gets
 * both readings, and `userInfoNames` decides against the signed-in user: it is that user when the
 * middle is their username, or their own id followed by their username. At most one reading can
 * match one user (the two differ in length), so the header is never ambiguous once checked.
 */
export function parseUserInfoHeader(value: string): UserInfoPair | undefined {
  const m = /^(\d{1,9})-(.+)-(\d{1,9})$/.exec(value.trim())
  if (!m) return undefined
  const decode = (s: string) => { try { return decodeURIComponent(s) } catch { return undefined } }
  const username = decode(m[2])
  const four = /^(\d{1,9})-(.+)$/.exec(m[2])
  const legacyName = four ? decode(four[2]) : undefined
  if (username === undefined && legacyName === undefined) return undefined
  return {
    tenantId: Number(m[1]),
    warehouseId: Number(m[3]),
    // A middle that does not decode as one name may still be a valid four-part header ('' never matches a user).
    username: username ?? '',
    ...(four && legacyName !== undefined ? { legacy: { userId: Number(four[1]), username: legacyName } } : {}),
  }
}

/** Whether the header's user part names this user (either reading of parseUserInfoHeader). */
export function userInfoNames(pair: UserInfoPair, user: { id: number; username: string }): boolean {
  return pair.username === user.username || (!!pair.legacy && pair.legacy.userId === user.id && pair.legacy.username === user.username)
}

export function bearerToken(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization
  if (typeof h === 'string') {
    const m = /^Bearer\s+(\S+)$/i.exec(h.trim())
    if (m) return m[1]
  }
  const sso = req.headers['x-sso-auth']
  const v = Array.isArray(sso) ? sso[0] : sso
  return v && v.trim() ? v.trim() : undefined
}

interface Grants { roles: string[]; permissions: Set<string>; version: string }

interface SessionRow {
  user_id: number
  revoked_at: Date | null
  last_seen: Date | string
  username: string
  employee_name: string
  status: number
  weak_password: boolean
  grants_version: string
  pair_ok: boolean | null
}

export interface AuthServiceImpl extends AuthService {
  /** Roles and permission codes of a user, from cache when the grants version has not moved. */
  grantsOf(userId: number, version?: string): Promise<Grants>
  /** Drops cached grants (all users when no id). Grant edits already invalidate through the version row. */
  invalidate(userId?: number): void
}

export function createAuthService(database: Database, key: CryptoKey): AuthServiceImpl {
  const cache = new Map<number, Grants>()

  async function loadGrants(userId: number, version: string): Promise<Grants> {
    const roles = await database.query<{ code: string }>(
      `SELECT r.code FROM user_role ur JOIN role r ON r.id = ur.role_id
        WHERE ur.user_id = $1 AND r.status = 1 ORDER BY r.code`, [userId])
    const perms = await database.query<{ authority: string }>(
      `SELECT DISTINCT m.authority FROM user_role ur
         JOIN role r ON r.id = ur.role_id AND r.status = 1
         JOIN role_menu rm ON rm.role_id = ur.role_id
         JOIN menu m ON m.id = rm.menu_id
        WHERE ur.user_id = $1 AND m.authority IS NOT NULL AND m.authority <> ''`, [userId])
    const g: Grants = { roles: roles.map((r) => r.code), permissions: new Set(perms.map((p) => p.authority)), version }
    if (cache.size > 5_000) cache.clear() // bounded: a cold reload is one cheap query pair
    cache.set(userId, g)
    return g
  }

  async function currentVersion(): Promise<string> {
    const rows = await database.query<{ v: string }>(`SELECT version::text AS v FROM auth_grants_version WHERE id = 1`)
    return rows[0]?.v ?? '0'
  }

  const service: AuthServiceImpl = {
    async grantsOf(userId, version) {
      const v = version ?? await currentVersion()
      const hit = cache.get(userId)
      return hit && hit.version === v ? hit : loadGrants(userId, v)
    },
    invalidate(userId) {
      if (userId === undefined) cache.clear()
      else cache.delete(userId)
    },
    async authenticate(req, level) {
      const token = bearerToken(req)
      if (!token) throw unauthorized()
      const claims = await verifyAccessToken(key, token)
      if (!claims) throw unauthorized()

      let pair: UserInfoPair | undefined
      const rawHeader = req.headers[USERINFO_HEADER]
      const headerValue = Array.isArray(rawHeader) ? rawHeader[0] : rawHeader
      if (level === 'scoped') {
        if (!headerValue || !headerValue.trim()) throw fieldError(USERINFO_HEADER, 'errors:field.required')
        pair = parseUserInfoHeader(headerValue)
        if (!pair) throw fieldError(USERINFO_HEADER, 'errors:field.invalidFormat')
      } else if (headerValue) {
        // 'user' routes take the pair when it is valid and simply ignore it otherwise.
        pair = parseUserInfoHeader(headerValue)
      }

      const rows = await database.query<SessionRow>(
        `SELECT s.user_id, s.revoked_at, s.last_seen, u.username, u.employee_name, u.status, u.weak_password,
                (SELECT version::text FROM auth_grants_version WHERE id = 1) AS grants_version,
                CASE WHEN $2::int IS NULL THEN NULL
                     ELSE EXISTS (SELECT 1 FROM user_access a
                                   WHERE a.user_id = s.user_id AND a.tenant_id = $2::int AND a.warehouse_id = $3::int) END AS pair_ok
           FROM auth_session s JOIN app_user u ON u.id = s.user_id
          WHERE s.id = $1::uuid`,
        [claims.sessionId, pair?.tenantId ?? null, pair?.warehouseId ?? null],
      )
      const row = rows[0]
      if (!row || row.revoked_at || row.user_id !== claims.userId) throw unauthorized()
      if (row.status !== 1) throw new AppError(401, 'auth:disabled')
      if (row.weak_password && !WEAK_PASSWORD_ALLOWED.has(routeKey(req))) throw forbidden('auth:weakPasswordChangeRequired')

      let tenantId = 0
      let warehouseId = 0
      if (pair) {
        const ok = row.pair_ok === true && userInfoNames(pair, { id: row.user_id, username: row.username })
        if (level === 'scoped' && !ok) throw forbidden('errors:auth.forbidden')
        if (ok) ({ tenantId, warehouseId } = pair)
      }

      if (Date.now() - new Date(row.last_seen).getTime() > LAST_SEEN_EVERY_MS) {
        await database.query(`UPDATE auth_session SET last_seen = now() WHERE id = $1::uuid`, [claims.sessionId])
      }

      const grants = await service.grantsOf(row.user_id, row.grants_version)
      const ctx: AuthContext = {
        userId: row.user_id,
        username: row.username,
        employeeName: row.employee_name,
        sessionId: claims.sessionId,
        roles: grants.roles,
        permissions: grants.permissions,
        tenantId,
        warehouseId,
        token,
        grantsVersion: row.grants_version,
      }
      return ctx
    },
  }
  return service
}
