// Configuration by environment only (documented in README "Configuration").
import { resolve } from 'node:path'

export interface Config {
  port: number
  host: string
  /** PGlite directory (ignored when databaseUrl is set). */
  dataDir: string
  databaseUrl?: string
  /** Seed the demo company on PostgreSQL too (always on a new PGlite database). */
  seedDemo: boolean
  /** First admin's password on a non-demo PostgreSQL database; generated and printed once when absent. */
  adminPassword?: string
  /** HS256 signing secret for access tokens; generated and kept in the database when absent. */
  jwtSecret?: string
  accessTokenTtlSec: number
  refreshTokenTtlSec: number
  sentryDsn?: string
  logLevel: string
  /** Built client served by the API (vite build output). */
  staticDir: string
  /** Deployed version (read by /version.json); defaults to package.json's. */
  version?: string
  /**
   * Sign-in brake (failures only, per window): failures of one account from one address, and from one
   * address over all accounts, before further attempts there wait a progressive delay of at most
   * loginLimitMaxDelayMs (the right password still signs in after it).
   */
  loginLimitPerAccount: number
  loginLimitPerAddress: number
  loginLimitWindowSec: number
  loginLimitMaxDelayMs: number
  /** Uploads per user (every upload route, import checks included) per window → 429; bytes of stored files per user → 413. */
  uploadLimitCount: number
  uploadLimitWindowSec: number
  uploadQuotaMb: number
  /** Trust x-forwarded-for from these proxies (Fastify trustProxy): 'true' or a comma-separated list of addresses. */
  trustProxy: boolean | string
}

const num = (v: string | undefined, d: number) => (v && /^\d+$/.test(v) ? Number(v) : d)

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: num(env.PORT, 8080),
    host: env.HOST || '127.0.0.1',
    dataDir: resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    accessTokenTtlSec: num(env.ACCESS_TOKEN_TTL, 15 * 60),
    refreshTokenTtlSec: num(env.REFRESH_TOKEN_TTL, 14 * 24 * 3600),
    sentryDsn: env.SENTRY_DSN || undefined,
    logLevel: env.LOG_LEVEL || 'info',
    staticDir: resolve(env.STATIC_DIR || './dist'),
    version: env.APP_VERSION || undefined,
    loginLimitPerAccount: num(env.LOGIN_LIMIT_ACCOUNT, 5),
    loginLimitPerAddress: num(env.LOGIN_LIMIT_ADDRESS, 50),
    loginLimitWindowSec: num(env.LOGIN_LIMIT_WINDOW, 60),
    loginLimitMaxDelayMs: num(env.LOGIN_LIMIT_MAX_DELAY, 8) * 1000,
    uploadLimitCount: num(env.UPLOAD_LIMIT_COUNT, 60),
    uploadLimitWindowSec: num(env.UPLOAD_LIMIT_WINDOW, 600),
    uploadQuotaMb: num(env.UPLOAD_QUOTA_MB, 1024),
    trustProxy: !env.TRUST_PROXY ? false : env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY,
  }
}
