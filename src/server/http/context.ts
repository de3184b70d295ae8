// What a request knows once authenticated and scoped. Business data is scoped by tenant and
// warehouse from here — never from the request body.
import type { FastifyRequest } from 'fastify'
import type { Language } from '../../domain/i18n'

export interface AuthContext {
  userId: number
  username: string
  employeeName: string
  sessionId: string
  roles: string[]
  /** Permission codes held in the current warehouse+tenant (role grants of button menus + command codes). */
  permissions: Set<string>
  /** Present when the route is scoped: the validated x-userinfo-header pair. */
  tenantId: number
  warehouseId: number
  /** The raw access token (for the embedded-page message and x-sso-auth). */
  token: string
  /** Version of roles/grants/menus at authentication; caches of grant-derived data key on it. */
  grantsVersion: string
}

export type AuthLevel = 'public' | 'user' | 'scoped'

export interface AuthService {
  /**
   * Resolves the caller from Authorization: Bearer / x-sso-auth. `scoped` also requires
   * x-userinfo-header (tenant-user-warehouse) to name one of the user's pairs (else 403).
   * Throws AppError 401/403.
   */
  authenticate(req: FastifyRequest, level: Exclude<AuthLevel, 'public'>): Promise<AuthContext>
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthContext
    lang: Language
  }
}
