// The one timeout rule (spec section 9 "Timeout task types"; inbound_setting hours): a document is
// timed out when its clock started more than <hours> ago and it is still open. Every list that flags
// timeouts (inbound orders, shelving tasks, release strips, the timeout-task report) uses these, so
// the report and the lists never disagree.
//   inbound   — clock: issued_at;  open while status is Issued (2) or Receiving (3)
//   unloading — clock: arrived_at; open while the vehicle is not released (release_strip.status 0)
//   shelving  — clock: created_at; open while the task is not Completed (status 0 or 1)
import { sql, type SQL, type AnyColumn } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import { getInboundSettings } from './settings'

export type TimeoutKind = 'inbound' | 'unloading' | 'shelving'
export const TIMEOUT_KINDS: readonly TimeoutKind[] = ['inbound', 'unloading', 'shelving']

export interface TimeoutHours { inbound: number; unloading: number; shelving: number }

const HOUR_MS = 3_600_000

/** The three thresholds (hours) of a warehouse+tenant, defaults when it has no settings row. */
export async function timeoutHours(q: Queryable, scope: { tenantId: number; warehouseId: number }): Promise<TimeoutHours> {
  const s = await getInboundSettings(q, scope)
  return { inbound: s.inboundTimeoutHours, unloading: s.unloadingTimeoutHours, shelving: s.shelvingTimeoutHours }
}

/** In JS (rows already loaded): started more than `hours` before `now` and still open. */
export function isTimedOut(startedAt: Date | string | null | undefined, hours: number, open: boolean, now: Date = new Date()): boolean {
  if (!open || startedAt == null) return false
  return now.getTime() - new Date(startedAt).getTime() > hours * HOUR_MS
}

/** Whole hours past the deadline (0 when not overdue) — what the report shows beside a flag. */
export function overdueHours(startedAt: Date | string | null | undefined, hours: number, now: Date = new Date()): number {
  if (startedAt == null) return 0
  return Math.max(0, Math.floor((now.getTime() - new Date(startedAt).getTime()) / HOUR_MS - hours))
}

/** The same rule in SQL: `<startCol> < now - hours` (open-ness is the caller's status condition). */
export function timedOutSql(startCol: AnyColumn | SQL, hours: number, now: Date = new Date()): SQL {
  return sql`(${startCol} IS NOT NULL AND ${startCol} < ${new Date(now.getTime() - hours * HOUR_MS).toISOString()}::timestamptz)`
}

/** Open-ness per kind, as SQL over that kind's status column. */
export const OPEN_STATUS: Record<TimeoutKind, readonly number[]> = { inbound: [2, 3], unloading: [0], shelving: [0, 1] }

export function openSql(kind: TimeoutKind, statusCol: AnyColumn | SQL): SQL {
  return sql`${statusCol} IN (${sql.join(OPEN_STATUS[kind].map((s) => sql`${s}`), sql`, `)})`
}

/** Open and past the threshold: the full predicate a list adds to flag (or filter) timed-out rows. */
export function timeoutPredicate(kind: TimeoutKind, cols: { start: AnyColumn | SQL; status: AnyColumn | SQL }, hours: number, now: Date = new Date()): SQL {
  return sql`(${openSql(kind, cols.status)} AND ${timedOutSql(cols.start, hours, now)})`
}
