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
import type { AppTx, Database, Queryable } from '../db/client'
import { auditLog, idempotencyKey } from '../db/schema/index'
import type { AuthContext } from '../http/context'
import { AppError, conflict, fieldError, forbidden, notFound } from '../http/errors'
import { parseWith } from '../http/route'
import { rowsOf } from '../db/rows'
import type { HandlerRegistry } from './registry'
import { affectedTenantsOf } from './affected-tenants'
import { storableArgs } from './audit-args'

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

/**
 * The digest of arguments that were refused before parsing, for their audit row: whatever they are
 * (bodies are depth-bounded before parsing, see ../http/body.ts), the row is written.
 */
function unparsedDigest(commandId: string, body: unknown): string {
  try { return argsDigest(commandId, body ?? null) } catch { return argsDigest(commandId, '<unreadable arguments>') }
}

/**
 * Whether declared answers are checked: the one switch (issue 19 §1). On where tests run — vitest sets
 * VITEST=true in every worker; NODE_ENV=test is the switch for anything else that serves the API for
 * tests — never in production (no parse, no cost, no new failure). tests/contract/command-outputs.test.ts
 * fails when it is off under vitest, so the API suite cannot run without it.
 */
export function outputCheckOn(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.VITEST === 'true' || env.NODE_ENV === 'test'
}

/** A handler's answer that is not what its command's `output` states (a defect of the handler or of the schema: 500). */
export class OutputMismatch extends AppError {
  constructor(readonly commandId: string, readonly detail: string) {
    super(500, 'errors:internal', undefined, undefined, { outputMismatch: `${commandId}: ${detail}` })
    this.message = `${commandId} answered outside its output schema: ${detail}`
    this.name = 'OutputMismatch'
  }
}

/**
 * Checks an answer against the command's output schema as the caller receives it (after JSON): it must
 * parse, and the parse must give it back unchanged — a field the schema does not state (a plain z.object
 * would drop it silently) or a value it would rewrite fails too, so every stated object is exact.
 */
export function checkOutput(commandId: string, output: z.ZodType, data: unknown): void {
  const sent: unknown = JSON.parse(JSON.stringify(data ?? null))
  const parsed = output.safeParse(sent)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new OutputMismatch(commandId, `${issue.path.join('.') || '(answer)'}: ${issue.message}${parsed.error.issues.length > 1 ? ` (+${parsed.error.issues.length - 1} more)` : ''}`)
  }
  const diff = firstDifference(sent, parsed.data, '')
  if (diff !== undefined) throw new OutputMismatch(commandId, `${diff || '(answer)'}: not stated by the output schema (dropped or changed by it)`)
}

/** The path of the first place two JSON values differ (a key present in one only, another value); undefined when equal. */
function firstDifference(a: unknown, b: unknown, path: string): string | undefined {
  if (a === b) return undefined
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return path
    for (let i = 0; i < a.length; i++) {
      const d = firstDifference(a[i], b[i], path ? `${path}.${i}` : String(i))
      if (d !== undefined) return d
    }
    return undefined
  }
  if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
    const ra = a as Record<string, unknown>, rb = b as Record<string, unknown>
    for (const k of new Set([...Object.keys(ra), ...Object.keys(rb)])) {
      const d = firstDifference(ra[k], rb[k], path ? `${path}.${k}` : k)
      if (d !== undefined) return d
    }
    return undefined
  }
  return path
}

/** Thrown inside the transaction when a concurrent request committed the same key first. */
class KeyTaken extends Error {}

export async function executeCommand(deps: ExecuteDeps, req: FastifyRequest, auth: AuthContext, commandId: string, body: unknown): Promise<ExecuteResult> {
  const started = performance.now()
  const def = deps.commands.get(commandId)
  const handler = deps.handlers.get(commandId)
  if (!def || !def.server || !handler) throw notFound('commands:errors.unknownCommand', { commandId })

  let digest: string | undefined
  // The arguments as the log keeps them (secrets masked, long values cut): the parsed ones once parsed.
  let audited: unknown = storableArgs(body)
  const audit = (q: Queryable, result: 'ok' | 'refused' | 'error', summary: string, errorCode?: string, errorParams?: Record<string, unknown>) =>
    q.insert(auditLog).values({
      tenantId: auth.tenantId, warehouseId: auth.warehouseId, userId: auth.userId, username: auth.username,
      commandId, argsDigest: digest ?? unparsedDigest(commandId, body), summary, result, errorCode: errorCode ?? null,
      errorParams: storableParams(errorParams), args: audited,
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
    audited = storableArgs(args)

    // No read of the key before the transaction: the claim below answers "seen before?" in the same
    // statement that takes it, and a replay (rare) pays the rollback plus one read instead.
    await sweepExpiredKeys(deps.database, req)
    let summary = commandId
    try {
      const data = await deps.database.tx(async (tx) => {
        // Claim the key before running: a fresh key is inserted, an expired one of this user in this
        // warehouse-tenant pair is taken over (so a stale key can be claimed again), a live one claims
        // nothing. A concurrent twin blocks here until we commit, then finds the key live and replays.
        // The pair is part of the key: the same key in another warehouse is another command.
        const claimed = rowsOf(await tx.execute(sql`
          INSERT INTO idempotency_key (user_id, tenant_id, warehouse_id, key, command_id, args_digest, response)
          VALUES (${auth.userId}, ${auth.tenantId}, ${auth.warehouseId}, ${key}, ${commandId}, ${digest}, '{"pending":true}'::jsonb)
          ON CONFLICT (user_id, tenant_id, warehouse_id, key) DO UPDATE
            SET command_id = EXCLUDED.command_id, args_digest = EXCLUDED.args_digest, response = EXCLUDED.response, created_at = now()
            WHERE ${expired()}
          RETURNING 1`))
        if (claimed.length === 0) throw new KeyTaken()
        const result = await handler({ tx, args, auth, log: req.log, lang: req.lang, setSummary: (s) => { summary = s } })
        const data = result === undefined ? null : result
        // Under test only: the answer must be what the command's `output` states (inside the transaction: a mismatch writes nothing).
        if (def.output && outputCheckOn()) checkOutput(commandId, def.output, data)
        // The stored answer and the audit row in one statement (one round trip less per command).
        await tx.execute(sql`
          WITH answer AS (
            UPDATE idempotency_key SET response = ${JSON.stringify({ data })}::jsonb
            WHERE user_id = ${auth.userId} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND key = ${key}
          )
          INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, args_digest, summary, result, error_code, request_id, ip, duration_ms, args)
          VALUES (${auth.tenantId}, ${auth.warehouseId}, ${auth.userId}, ${auth.username}, ${commandId}, ${digest}, ${summary}, 'ok', NULL,
            ${String(req.id)}, ${req.ip}, ${Math.round(performance.now() - started)}, ${jsonOrNull(audited)}::jsonb)`)
        await auditAffectedTenants(tx, auth, { commandId, digest: digest!, summary, requestId: String(req.id), ip: req.ip, durationMs: Math.round(performance.now() - started), args: audited })
        return data
      })
      return { data, replayed: false }
    } catch (err) {
      if (!(err instanceof KeyTaken)) throw err
      const taken = await findKey(deps.database.db, auth, key)
      if (!taken) throw err
      return replay(taken, commandId, digest)
    }
  } catch (err) {
    const refused = err instanceof AppError && err.status < 500
    // A command has no form on the caller's side: its answer leads with the real reason (errors.ts refusalMessage).
    if (err instanceof AppError) err.leadWithFirstError = true
    try {
      await deps.database.tx(async (tx) => { await audit(tx, refused ? 'refused' : 'error', commandId, refused ? (err as AppError).messageKey : 'errors:internal', refused ? (err as AppError).params : undefined) })
    } catch (auditErr) {
      req.log.error({ err: auditErr }, 'could not write the audit row of a failed command')
    }
    throw err
  }
}

/**
 * The same ok row in every pair of the other tenants the change reached (noted by the handler, see
 * ./affected-tenants.ts): the operation log is read per tenant and warehouse, so each of them sees it.
 */
async function auditAffectedTenants(tx: AppTx, auth: AuthContext, r: { commandId: string; digest: string; summary: string; requestId: string; ip: string; durationMs: number; args: unknown }) {
  const tenants = affectedTenantsOf(tx)
  if (!tenants.length) return
  await tx.execute(sql`
    INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, args_digest, summary, result, error_code, request_id, ip, duration_ms, args)
    SELECT t.id, wt.warehouse_id, ${auth.userId}, ${auth.username}, ${r.commandId}, ${r.digest}, ${r.summary}, 'ok', NULL, ${r.requestId}, ${r.ip}, ${r.durationMs}, ${jsonOrNull(r.args)}::jsonb
    FROM tenant t LEFT JOIN warehouse_tenant wt ON wt.tenant_id = t.id
    WHERE t.id IN (${sql.join(tenants.map((id) => sql`${id}`), sql`, `)})
      AND NOT (t.id = ${auth.tenantId} AND wt.warehouse_id IS NOT DISTINCT FROM ${auth.warehouseId})`)
}

const jsonOrNull = (v: unknown) => (v === null || v === undefined ? null : JSON.stringify(v))

/**
 * A refusal's message parameters as the operation log keeps them: primitives (strings cut at 200
 * characters) and lists of strings (a status refusal's status label keys, at most 20), at most 12; null
 * when there are none. They are what the refusal already told the caller.
 */
export function storableParams(params: Record<string, unknown> | undefined): Record<string, string | number | boolean> | null {
  if (!params) return null
  const out: Record<string, string | number | boolean | string[]> = {}
  for (const [k, v] of Object.entries(params)) {
    if (Object.keys(out).length >= 12) break
    if (typeof v === 'string') out[k] = v.slice(0, 200)
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') out[k] = v
    else if (Array.isArray(v) && v.every((x) => typeof x === 'string')) out[k] = v.slice(0, 20).map((x: string) => x.slice(0, 200))
  }
  // (The column's declared type names the primitives; the lists ride along as JSON.)
  return Object.keys(out).length ? out as Record<string, string | number | boolean> : null
}

function expired() {
  return sql`${idempotencyKey.createdAt} < now() - ${sql.raw(`interval '${IDEMPOTENCY_TTL_HOURS} hours'`)}`
}

/** Expired keys are dropped in one sweep at most this often (the claim takes over an expired key itself). */
const SWEEP_EVERY_MS = 10 * 60_000
const lastSweep = new WeakMap<Database, number>()

/** Deletes every expired key, at most once per SWEEP_EVERY_MS per database; a failure only logs. */
async function sweepExpiredKeys(database: Database, req: FastifyRequest) {
  const now = Date.now()
  if (now - (lastSweep.get(database) ?? 0) < SWEEP_EVERY_MS) return
  lastSweep.set(database, now)
  try {
    await database.db.delete(idempotencyKey).where(expired())
  } catch (err) {
    req.log.warn({ err }, 'could not sweep expired idempotency keys')
  }
}

interface StoredKey { commandId: string; argsDigest: string; response: unknown }

async function findKey(db: Queryable, who: Pick<AuthContext, 'userId' | 'tenantId' | 'warehouseId'>, key: string): Promise<StoredKey | undefined> {
  const rows = await db.select({ commandId: idempotencyKey.commandId, argsDigest: idempotencyKey.argsDigest, response: idempotencyKey.response })
    .from(idempotencyKey)
    .where(and(eq(idempotencyKey.userId, who.userId), eq(idempotencyKey.tenantId, who.tenantId), eq(idempotencyKey.warehouseId, who.warehouseId),
      eq(idempotencyKey.key, key), sql`not (${expired()})`))
  return rows[0]
}

function replay(prior: StoredKey, commandId: string, digest: string): ExecuteResult {
  if (prior.commandId !== commandId || prior.argsDigest !== digest) throw conflict('commands:errors.idempotencyConflict')
  return { data: (prior.response as { data?: unknown }).data ?? null, replayed: true }
}
