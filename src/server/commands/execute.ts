// The one path every mutating command takes (ARCHITECTURE.md "The flow"): look the command up,
// re-check its permission, require an Idempotency-Key, parse the args with the command's own zod
// schema, then run its handler in ONE transaction together with the audit row and the idempotency
// row. A key seen before with the same command+args replays the stored answer without running;
// with other args it is a conflict. Refusals are audited after the rollback, in their own
// small transaction, so a refused attempt leaves a trace but no half-written data.
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { z } from 'zod'
import { holds, type CommandRegistry } from '../../domain/commands'
import type { Database, Queryable } from '../db/client'
import { auditLog, idempotencyKey } from '../db/schema/index'
import type { AuthContext } from '../http/context'
import { AppError, conflict, fieldError, forbidden, notFound } from '../http/errors'
import { parseWith } from '../http/route'
import type { HandlerRegistry } from './registry'

/** A key is remembered this long; a retry after that runs the command again. */
export const IDEMPOTENCY_TTL_HOURS = 24
const KEY_PATTERN = /^[\w.:-]{8,200}$/
const NO_ARGS = z.strictObject({})

export interface ExecuteResult { data: unknown; replayed: boolean }

export interface ExecuteDeps { database: Database; commands: CommandRegistry; handlers: HandlerRegistry }

/** Stable JSON (sorted keys) so equal args give equal digests whatever the key order. */
export function canonicalJson(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonicalJson).join(',')}]`
  if (v && typeof v === 'object') {
    return `{${Object.keys(v).sort().filter((k) => (v as Record<string, unknown>)[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((v as Record<string, unknown>)[k])}`).join(',')}}`
  }
  return JSON.stringify(v ?? null)
}

export function argsDigest(commandId: string, args: unknown): string {
  return createHash('sha256').update(`${commandId}\n${canonicalJson(args)}`).digest('hex')
}

/** Thrown inside the transaction when a concurrent request committed the same key first. */
class KeyTaken extends Error {}

export async function executeCommand(deps: ExecuteDeps, req: FastifyRequest, auth: AuthContext, commandId: string, body: unknown): Promise<ExecuteResult> {
  const started = performance.now()
  const def = deps.commands.get(commandId)
  const handler = deps.handlers.get(commandId)
  if (!def || !def.server || !handler) throw notFound('commands:errors.unknownCommand', { commandId })

  let digest: string | undefined
  const audit = (q: Queryable, result: 'ok' | 'refused' | 'error', summary: string, errorCode?: string) =>
    q.insert(auditLog).values({
      tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username,
      commandId, argsDigest: digest ?? argsDigest(commandId, body ?? null), summary, result, errorCode: errorCode ?? null,
      requestId: String(req.id), ip: req.ip, durationMs: Math.round(performance.now() - started),
    })

  try {
    if (!holds(def.permission, { permissions: auth.permissions, roles: auth.roles })) {
      throw forbidden('errors:auth.missingPermission', { permission: def.permission })
    }
    const rawKey = req.headers['idempotency-key']
    const key = Array.isArray(rawKey) ? rawKey[0] : rawKey
    if (!key) throw fieldError('idempotencyKey', 'commands:errors.idempotencyKeyRequired')
    if (!KEY_PATTERN.test(key)) throw fieldError('idempotencyKey', 'errors:field.invalidFormat')
    const args = parseWith(def.input ?? NO_ARGS, body, 'body', def.fieldLabel)
    digest = argsDigest(commandId, args)

    const prior = await findKey(deps.database.db, auth.userId, key)
    if (prior) return replay(prior, commandId, digest)

    let summary = commandId
    try {
      const data = await deps.database.tx(async (tx) => {
        // Expired keys of this user go first, so a stale key can be claimed again.
        await tx.delete(idempotencyKey).where(and(eq(idempotencyKey.userId, auth.userId), expired()))
        // Claim the key before running: a concurrent twin blocks here until we commit, then replays.
        const claimed = await tx.insert(idempotencyKey)
          .values({ userId: auth.userId, key, commandId, argsDigest: digest!, response: { pending: true } })
          .onConflictDoNothing().returning({ key: idempotencyKey.key })
        if (claimed.length === 0) throw new KeyTaken()
        const result = await handler({ tx, args, auth, log: req.log, setSummary: (s) => { summary = s } })
        const data = result === undefined ? null : result
        await tx.update(idempotencyKey).set({ response: { data } })
          .where(and(eq(idempotencyKey.userId, auth.userId), eq(idempotencyKey.key, key)))
        await audit(tx, 'ok', summary)
        return data
      })
      return { data, replayed: false }
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err
      const taken = await findKey(deps.database.db, auth.userId, key)
      if (!taken) throw err
      return replay(taken, commandId, digest)
    }
  } catch (err) {
    const refused = err instanceof AppError && err.status < 500
    try {
      await deps.database.tx(async (tx) => { await audit(tx, refused ? 'refused' : 'error', commandId, refused ? (err as AppError).messageKey : 'errors:internal') })
    } catch (auditErr) {
      req.log.error({ err: auditErr }, 'could not write the audit row of a failed command')
    }
    throw err
  }
}

function expired() {
  return sql`${idempotencyKey.createdAt} < now() - ${sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`
}

interface StoredKey { commandId: string; argsDigest: string; response: unknown }

async function findKey(db: Queryable, userId: number, key: string): Promise<StoredKey | undefined> {
  const rows = await db.select({ commandId: idempotencyKey.commandId, argsDigest: idempotencyKey.argsDigest, response: idempotencyKey.response })
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, userId), eq(idempotencyKey.key, key), sql`not (${expired()})`))
  return rows[0]
}

function replay(prior: StoredKey, commandId: string, digest: string): ExecuteResult {
  if (prior.commandId !== commandId || prior.argsDigest !== digest) throw conflict('commands:errors.idempotencyConflict')
  return { data: (prior.response as { data?: unknown }).data ?? null, replayed: true }
}
