// Timeout task report (report-new → timeout-task) for the kinds of spec section 9 that have documents:
//   inbound   — issued, not finished past inboundTimeoutHours (inbound settings)
//   unloading — vehicle arrived, not released past unloadingTimeoutHours
//   shelving  — task not completed past shelvingTimeoutHours
//   picking   — picking task not completed past outbound_setting.picking_timeout_hours (the picking
//               task list's `timedOut` flag: same clock, created_at, and the same open-ness)
//   pickingAndSending — sales order picked or in force (Effective 1 / ReadyOut 2), not shipped, past
//               picking_sending_timeout_hours since it was validated (the order list's `timedOut` flag)
//   containerLoading — a loading document (ZG…, issue 21 K2) waiting load or loaded (not closed) past
//               outbound_setting.container_loading_timeout_hours since it was opened (issue 21 N)
//   tobNotIssued — a ToB order not issued past not_issued_days × 24 h since it was created: the same rule
//               as the order and ToB lists' `notIssued` flag (the 15-day flag), so report and lists agree
//   count, move — read through the task pool (src/server/tasks/pool.ts): the kind's open tasks, clock
//               created_at, POOL_TIMEOUT_HOURS (no setting of their own yet); a kind not registered in
//               the pool answers `available: false` — it comes for free once its area registers it.
// One query per kind, each with the shared predicate of inventory/timeouts.ts; every row links to its document.
import { z } from 'zod'
import { sql, type SQL } from 'drizzle-orm'
import type { AppDb } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { defineRoute, type RouteDef } from '../../http/route'
import { rowsOf } from '../../db/rows'
import { isTimedOut, overdueHours, timeoutHours, timedOutSql, openSql, TIMEOUT_KINDS, type TimeoutKind } from '../../inventory/timeouts'
import { outboundSettings } from '../outbound/picking'
import { INBOUND_EXTRA_PATHS } from '../../../../commands/inbound-extra'
import { outboundOrderDetailsPath } from '../../../../commands/outbound-orders'
import { pickingStationPath } from '../../../../commands/outbound-picking'
import { OrderType, OutboundOrderStatus, TaskClaimStatus } from '../../../domain/dictionaries'
import { LoadingStatus } from '../../../domain/container-loading'
import { loadingDetailPath } from '../../../../commands/container-loading'
import { poolTable, taskSource } from '../../tasks/pool'

export const TIMEOUT_PERMISSION = 'menu:timeout-task'
export const TIMEOUT_ROW_LIMIT = 500

/** Every kind the report answers for (dictionary timeoutTaskType codes). */
export type TimeoutReportKind = TimeoutKind | 'picking' | 'pickingAndSending' | 'containerLoading' | 'tobNotIssued' | PoolTimeoutKind
/** Kinds read through the task pool (dictionary timeoutTaskType codes that are pool kinds). */
export const POOL_TIMEOUT_KINDS = ['count', 'move'] as const
export type PoolTimeoutKind = (typeof POOL_TIMEOUT_KINDS)[number]
/** Their threshold: no setting of their own yet — a day. */
export const POOL_TIMEOUT_HOURS = 24
const isPoolKind = (k: TimeoutReportKind): k is PoolTimeoutKind => (POOL_TIMEOUT_KINDS as readonly string[]).includes(k)
export const TIMEOUT_REPORT_KINDS: readonly TimeoutReportKind[] = [...TIMEOUT_KINDS, 'picking', 'pickingAndSending', 'containerLoading', ...POOL_TIMEOUT_KINDS, 'tobNotIssued']

export interface TimeoutRow { id: number; number: string; status: number; startedAt: string; timedOut: boolean; overdueHours: number; detail: string; path: string; statusKey?: string }

interface KindSql { from: SQL; number: SQL; start: SQL; status: SQL; detail: SQL; open: SQL; path: (no: string) => string }

const inboundOpen = (kind: TimeoutKind) => openSql(kind, sql`t.status`)

/** Per kind with a document: table, number, clock, status and open-ness, a detail column, and the document's route. */
const KIND_SQL: Record<Exclude<TimeoutReportKind, PoolTimeoutKind>, KindSql> = {
  inbound: {
    from: sql`inbound_order t`, number: sql`t.order_no`, start: sql`t.issued_at`, status: sql`t.status`, open: inboundOpen('inbound'),
    detail: sql`t.received_qty::text || '/' || t.expected_qty::text`,
    path: (no) => `${INBOUND_EXTRA_PATHS.inboundOrders}/details?orderNo=${encodeURIComponent(no)}`,
  },
  unloading: {
    from: sql`release_strip t`, number: sql`t.strip_no`, start: sql`t.arrived_at`, status: sql`t.status`, open: inboundOpen('unloading'),
    detail: sql`t.plate_no || ' · ' || array_to_string(t.order_nos, ', ')`,
    path: (no) => `${INBOUND_EXTRA_PATHS.release}?stripNo=${encodeURIComponent(no)}`,
  },
  shelving: {
    from: sql`shelving_task t`, number: sql`t.task_no`, start: sql`t.created_at`, status: sql`t.status`, open: inboundOpen('shelving'),
    detail: sql`t.source_no || ' · ' || t.shelved_qty::text || '/' || t.qty::text`,
    path: (no) => `/stock-in/shelf-task/details?no=${encodeURIComponent(no)}`,
  },
  picking: {
    from: sql`picking_task t`, number: sql`t.task_no`, start: sql`t.created_at`, status: sql`t.status`,
    open: sql`t.status <> ${TaskClaimStatus.Completed}`,
    detail: sql`coalesce((SELECT w.wave_no FROM wave w WHERE w.id = t.wave_id), '') || ' · ' || t.picked_qty::text || '/' || t.qty::text`,
    path: (no) => pickingStationPath(no),
  },
  pickingAndSending: {
    from: sql`outbound_order t`, number: sql`t.order_no`, start: sql`t.validated_at`, status: sql`t.status`,
    open: sql`(t.status IN (${OutboundOrderStatus.Effective}, ${OutboundOrderStatus.Approve}, ${OutboundOrderStatus.ReadyOut}) AND t.shipped_at IS NULL)`,
    detail: sql`t.platform || ' · ' || t.picked_qty::text || '/' || t.expected_qty::text`,
    path: (no) => outboundOrderDetailsPath(no),
  },
  containerLoading: {
    from: sql`container_loading t`, number: sql`t.loading_no`, start: sql`t.created_at`, status: sql`t.status`,
    open: sql`t.status IN (${LoadingStatus.WaitingLoad}, ${LoadingStatus.Loaded})`,
    detail: sql`t.container_no || ' · ' || t.container_size || ' · ' || (SELECT count(*) FROM container_load_box b WHERE b.loading_id = t.id)::text`,
    path: (no) => loadingDetailPath(no),
  },
  // The order list's notIssued flag (src/server/areas/outbound/orders.ts orderList), on ToB orders.
  tobNotIssued: {
    from: sql`outbound_order t`, number: sql`t.order_no`, start: sql`t.created_at`, status: sql`t.status`,
    open: sql`(t.order_type = ${OrderType.TOB} AND t.status IN (${OutboundOrderStatus.Draft}, ${OutboundOrderStatus.Effective}, ${OutboundOrderStatus.Approve}, ${OutboundOrderStatus.ReadyOut}, ${OutboundOrderStatus.AbnormalLock}))`,
    detail: sql`coalesce(t.destination_warehouse, '') || ' · ' || coalesce(t.expected_container_no, '') || ' · ' || t.picked_qty::text || '/' || t.expected_qty::text`,
    path: (no) => outboundOrderDetailsPath(no),
  },
}

/** The container-loading limit (hours; outbound_setting, migration 0061), 24 without a settings row. */
export async function containerLoadingTimeoutHours(db: AppDb, scope: { tenantId: number; warehouseId: number }): Promise<number> {
  const [r] = rowsOf(await db.execute(sql`SELECT container_loading_timeout_hours AS h FROM outbound_setting WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId}`))
  return r ? Number(r.h) : 24
}

/** The threshold (hours) of each kind for the caller's pair; null where the kind has no setting (container loading). */
async function hoursOf(db: AppDb, auth: AuthContext, kind: TimeoutReportKind): Promise<number | null> {
  if (kind === 'containerLoading') return containerLoadingTimeoutHours(db, auth)
  if (kind === 'tobNotIssued') return (await outboundSettings(db, auth)).notIssuedDays * 24
  if (isPoolKind(kind)) return POOL_TIMEOUT_HOURS
  if (kind === 'picking') return (await outboundSettings(db, auth)).pickingTimeoutHours
  if (kind === 'pickingAndSending') return (await outboundSettings(db, auth)).pickingSendingTimeoutHours
  return (await timeoutHours(db, auth))[kind]
}

export async function timeoutReport(db: AppDb, auth: AuthContext, kind: TimeoutReportKind, onlyTimedOut: boolean, now = new Date()) {
  const hours = await hoursOf(db, auth, kind)
  if (hours === null) return { kind, hours, available: false, records: [] as TimeoutRow[], total: 0 }
  if (isPoolKind(kind)) return poolTimeouts(db, auth, kind, hours, onlyTimedOut, now)
  const k = KIND_SQL[kind]
  const cond = onlyTimedOut ? sql`(${k.open} AND ${timedOutSql(k.start, hours, now)})` : k.open
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
  return { kind, hours, available: true, records, total: records.length }
}

/** A pool kind's open tasks, oldest first, with the same flag rule; its rows link where the kind's source says. */
async function poolTimeouts(db: AppDb, auth: AuthContext, kind: PoolTimeoutKind, hours: number, onlyTimedOut: boolean, now: Date) {
  const source = taskSource(kind)
  if (!source) return { kind, hours, available: false, records: [] as TimeoutRow[], total: 0 }
  const rows = rowsOf(await db.execute(sql`
    SELECT pool.id, pool.doc_no, pool.status, pool.status_key, pool.created_at, array_to_string(pool.area_codes, ', ') AS areas, pool.location_count, pool.operator_name
    FROM ${poolTable(auth, [kind])} WHERE pool.is_open ${onlyTimedOut ? sql`AND ${timedOutSql(sql`pool.created_at`, hours, now)}` : sql``}
    ORDER BY pool.created_at ASC, pool.id LIMIT ${TIMEOUT_ROW_LIMIT}`))
  const records: TimeoutRow[] = rows.map((r) => {
    const startedAt = new Date(r.created_at as string).toISOString()
    const no = String(r.doc_no)
    return {
      id: Number(r.id), number: no, status: Number(r.status), statusKey: String(r.status_key), startedAt,
      detail: [r.areas, `${Number(r.location_count)}`, r.operator_name].filter((x) => x != null && x !== '').join(' · '),
      timedOut: isTimedOut(startedAt, hours, true, now), overdueHours: overdueHours(startedAt, hours, now), path: source.path.replace('{no}', encodeURIComponent(no)),
    }
  })
  return { kind, hours, available: true, records, total: records.length }
}

export function timeoutRoutes(db: AppDb): RouteDef[] {
  return [
    defineRoute({
      method: 'GET', url: '/api/inbound/timeouts',
      summary: 'Open inbound, unloading, shelving, picking, picking-and-sending, container-loading and ToB-not-issued documents (and count and move tasks) with their timeout flag (default: only the timed-out ones)',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: TIMEOUT_PERMISSION,
      query: z.object({
        kind: z.enum(TIMEOUT_REPORT_KINDS as [TimeoutReportKind, ...TimeoutReportKind[]]),
        onlyTimedOut: z.enum(['true', 'false', '1', '0']).default('true').transform((v) => v === 'true' || v === '1'),
      }),
      handler: ({ query, auth }) => timeoutReport(db, auth, query.kind, query.onlyTimedOut),
    }),
  ]
}
