// Timeout task report (report-new → timeout-task) for the inbound kinds of spec section 9: inbound
// (issued, not finished past inboundTimeoutHours), unloading (vehicle arrived, not released past
// unloadingTimeoutHours), shelving (task not completed past shelvingTimeoutHours). One query per kind,
// each with the shared predicate of inventory/timeouts.ts; every row links to its document.
import { z } from 'zod'
import { sql, type SQL } from 'drizzle-orm'
import type { AppDb } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, type RouteDef } from '../../http/route'
import { rowsOf } from '../../resources/service'
import { isTimedOut, overdueHours, timeoutHours, timeoutPredicate, openSql, TIMEOUT_KINDS, type TimeoutKind } from '../../inventory/timeouts'
import { INBOUND_EXTRA_PATHS } from '../../../../commands/inbound-extra'

export const TIMEOUT_PERMISSION = 'menu:timeout-task'
export const TIMEOUT_ROW_LIMIT = 500

export interface TimeoutRow { id: number; number: string; status: number; startedAt: string; timedOut: boolean; overdueHours: number; detail: string; path: string }

/** Per kind: table, number, clock and status columns, a detail column, and the document's route. */
const KIND_SQL: Record<TimeoutKind, { from: SQL; number: SQL; start: SQL; status: SQL; detail: SQL; path: (no: string) => string }> = {
  inbound: {
    from: sql`inbound_order t`, number: sql`t.order_no`, start: sql`t.issued_at`, status: sql`t.status`,
    detail: sql`t.received_qty::text || '/' || t.expected_qty::text`,
    path: (no) => `${INBOUND_EXTRA_PATHS.inboundOrders}/details?orderNo=${encodeURIComponent(no)}`,
  },
  unloading: {
    from: sql`release_strip t`, number: sql`t.strip_no`, start: sql`t.arrived_at`, status: sql`t.status`,
    detail: sql`t.plate_no || ' · ' || array_to_string(t.order_nos, ', ')`,
    path: (no) => `${INBOUND_EXTRA_PATHS.release}?stripNo=${encodeURIComponent(no)}`,
  },
  shelving: {
    from: sql`shelving_task t`, number: sql`t.task_no`, start: sql`t.created_at`, status: sql`t.status`,
    detail: sql`t.source_no || ' · ' || t.shelved_qty::text || '/' || t.qty::text`,
    path: (no) => `/stock-in/shelf-task/details?no=${encodeURIComponent(no)}`,
  },
}

export async function timeoutReport(db: AppDb, auth: AuthContext, kind: TimeoutKind, onlyTimedOut: boolean, now = new Date()) {
  const hours = (await timeoutHours(db, auth))[kind]
  const k = KIND_SQL[kind]
  const cond = onlyTimedOut ? timeoutPredicate(kind, { start: k.start, status: k.status }, hours, now) : openSql(kind, k.status)
  const rows = rowsOf(await db.execute(sql`
    SELECT t.id, ${k.number} AS number, ${k.status} AS status, ${k.start} AS started_at, ${k.detail} AS detail
    FROM ${k.from} WHERE t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId} AND ${cond}
    ORDER BY ${k.start} ASC NULLS LAST, t.id LIMIT ${TIMEOUT_ROW_LIMIT}`))
  const records: TimeoutRow[] = rows.map((r) => {
    const startedAt = r.started_at == null ? '' : new Date(r.started_at as string).toISOString()
    return {
      id: Number(r.id), number: String(r.number), status: Number(r.status), startedAt, detail: String(r.detail ?? ''),
      timedOut: isTimedOut(startedAt || null, hours, true, now), overdueHours: overdueHours(startedAt || null, hours, now), path: k.path(String(r.number)),
    }
  })
  return { kind, hours, records, total: records.length }
}

export function timeoutRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/inbound/timeouts', summary: 'Open inbound, unloading or shelving documents with their timeout flag (default: only the timed-out ones)',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: TIMEOUT_PERMISSION,
      query: z.object({
        kind: z.enum(TIMEOUT_KINDS as [TimeoutKind, ...TimeoutKind[]]),
        onlyTimedOut: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
      }),
      handler: ({ query, auth }) => timeoutReport(db, auth, query.kind, query.onlyTimedOut),
    }),
  ]
}
