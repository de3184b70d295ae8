// Access tokens (short-lived HS256 JWTs) and refresh tokens (random, stored only as SHA-256 hashes).
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { createHash, randomBytes } from 'node:crypto'
import type { Database } from '../../db/client'

/** The one algorithm we sign and accept: no `alg` negotiation, so `none`/RS-confusion tricks fail. */
export const JWT_ALG = 'HS256'

export interface AccessClaims { userId: number; sessionId: string; username: string }

/** Secret bytes: JWT_SECRET when set, else one generated on first start and kept in server_secret. */
export async function loadSigningKey(database: Database, configured?: string): Promise<Uint8Array<ArrayBuffer>> {
  if (configured) return new TextEncoder().encode(configured)
  // INSERT … ON CONFLICT then SELECT: two servers starting together on one PostgreSQL agree on one secret.
  await database.query(
    `INSERT INTO server_secret (name, value) VALUES ('jwt', $1) ON CONFLICT (name) DO NOTHING`,
    [randomBytes(48).toString('base64url')],
  )
  const rows = await database.query<{ value: string }>(`SELECT value FROM server_secret WHERE name = 'jwt'`)
  return new TextEncoder().encode(rows[0].value)
}

/**
 * The secret as an HMAC-SHA-256 key, imported once at start. Handing jose the raw bytes made it import a
 * key on every call (WebCrypto importKey + KeyObject wrapping: about a tenth of an authenticated
 * request's CPU); a CryptoKey goes straight to sign/verify.
 */
export function hmacKey(secret: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

export async function signAccessToken(key: CryptoKey, claims: AccessClaims, ttlSec: number, now = Date.now()): Promise<string> {
  const iat = Math.floor(now / 1000)
  return new SignJWT({ sid: claims.sessionId, username: claims.username })
    .setProtectedHeader({ alg: JWT_ALG, typ: 'JWT' })
    .setSubject(String(claims.userId))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ttlSec)
    .sign(key)
}

/** Verified claims, or undefined for anything tampered, expired, malformed or signed otherwise. */
export async function verifyAccessToken(key: CryptoKey, token: string): Promise<AccessClaims | undefined> {
  try {
    // A token without expiry (or issue time) is refused even when signed with our key (issue 10).
    const { payload } = await jwtVerify(token, key, { algorithms: [JWT_ALG], requiredClaims: ['exp', 'iat', 'sub'] })
    const userId = Number(payload.sub)
    const sid = payload.sid
    const username = payload.username
    if (!Number.isInteger(userId) || userId <= 0 || typeof sid !== 'string' || typeof username !== 'string') return undefined
    if (!/^[0-9a-f-]{36}$/i.test(sid)) return undefined
    return { userId, sessionId: sid, username }
  } catch (err) {
    if (err instanceof joseErrors.JOSEError) return undefined
    throw err
  }
}

export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url')
}

export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
