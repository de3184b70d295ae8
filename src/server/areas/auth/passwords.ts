// argon2id password hashes (@node-rs/argon2 defaults: argon2id v19, m=19 MiB, t=2, p=1 — OWASP's
// minimum recommendation; ~35 ms per hash on this machine kind, off the event loop).
import { hash, verify } from '@node-rs/argon2'
import { randomBytes } from 'node:crypto'

// Algorithm.Argon2id; the enum is a `const enum` in the package's types, which isolatedModules forbids.
const ARGON2ID = 2

export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: ARGON2ID })
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false // a malformed stored hash never signs anyone in
  }
}

let dummy: Promise<string> | undefined
/**
 * Spends the same work as a real check when the user does not exist, so the response time does not
 * tell an attacker which usernames are real.
 */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'))
  await verifyPassword(await dummy, password)
  return false
}
