// Vehicle release (stock-in → ReleaseStrip): a vehicle that arrived with the boxes of some inbound
// orders (plate, driver, phone, linked order numbers, boxes, arrival time) is released once every
// linked order is Receiving (3) or Finish (4). Unloading timeout: not released more than
// settings.unloadingTimeoutHours after arrival (inventory/timeouts.ts, the shared rule).
import { sql, and, desc, eq } from 'drizzle-orm'
import type { AppDb } from '../../db/client'
import { releaseStrip } from '../../db/schema/index'
import { defineRoute, type RouteDef } from '../../http/route'
import { badRequest, conflict, notFound } from '../../http/errors'
import { listQuerySchema, runList, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { defineHandler } from '../../commands/registry'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { timeoutHours, timeoutPredicate } from '../../inventory/timeouts'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { INBOUND_EXTRA_PATHS, ReleaseAddArgs, ReleaseNoArgs } from '../../../../commands/inbound-extra'
import { refuseUnlessAllowed } from '../../commands/states'
import { InboundStatus } from '../../../domain/dictionaries'
import { statusLabelKey } from '../../../domain/states/machine'
import { releaseStripMachine } from '../../../domain/states/release-strip'

export const RELEASE_PERMISSIONS = { view: 'menu:release-strip', add: 'release-strip:add', release: 'release-strip:release' } as const
/** Inbound order statuses that let the vehicle go: Receiving 3, Finish 4. */
export const RELEASABLE_ORDER_STATUS: readonly number[] = [InboundStatus.Receiving, InboundStatus.Finish]

const n = (v: unknown) => Number(v)

defineHandler<ReleaseAddArgs>('inbound.release.add', async ({ tx, args, auth, setSummary }) => {
  const nos = [...new Set(args.orderNos.map((s) => s.toUpperCase()))]
  const found = new Set(rowsOf(await tx.execute(sql`SELECT order_no FROM inbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
    AND order_no IN (${sql.join(nos.map((x) => sql`${x}`), sql`, `)})`)).map((r) => String(r.order_no)))
  const missing = nos.filter((x) => !found.has(x))
  if (missing.length) throw badRequest('inbound:release.errors.unknownOrders', { orderNos: missing.join(', ') }, [{ field: 'orderNos', messageKey: 'inbound:release.errors.unknownOrders', params: { orderNos: missing.join(', ') } }])
  const arrivedAt = args.arrivedAt ? new Date(args.arrivedAt) : new Date()
  if (arrivedAt.getTime() > Date.now() + 5 * 60_000) throw badRequest('inbound:release.errors.arrivalFuture', {}, [{ field: 'arrivedAt', messageKey: 'inbound:release.errors.arrivalFuture' }])
  const stripNo = await nextDocNo(tx, auth, DOC_PREFIX.releaseStrip)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO release_strip (tenant_id, warehouse_id, strip_no, plate_no, driver_name, driver_phone, order_nos, box_count, arrived_at, remark, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${stripNo}, ${args.plateNo.toUpperCase()}, ${args.driverName}, ${args.driverPhone},
            ARRAY[${sql.join(nos.map((x) => sql`${x}`), sql`, `)}]::text[], ${args.boxCount}, ${arrivedAt.toISOString()}::timestamptz, ${args.remark || null}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  setSummary(`release strip ${stripNo} plate=${args.plateNo} orders=${nos.join(',')}`)
  return { id: n(row!.id), stripNo }
})

defineHandler<ReleaseNoArgs>('inbound.release.release', async ({ tx, args, auth, setSummary }) => {
  const [s] = rowsOf(await tx.execute(sql`SELECT id, strip_no, status, order_nos FROM release_strip
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND strip_no = ${args.stripNo.toUpperCase()} FOR UPDATE`))
  if (!s) throw notFound('inbound:release.errors.notFound', { stripNo: args.stripNo })
  refuseUnlessAllowed(releaseStripMachine, 'inbound.release.release', { stripNo: String(s.strip_no), status: n(s.status) }, auth)
  const orderNos = s.order_nos as string[]
  const blocking = rowsOf(await tx.execute(sql`SELECT order_no, status FROM inbound_order WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
    AND order_no IN (${sql.join(orderNos.map((x) => sql`${x}`), sql`, `)}) AND status NOT IN (${sql.join(RELEASABLE_ORDER_STATUS.map((x) => sql`${x}`), sql`, `)}) ORDER BY order_no`))
  if (blocking.length) {
    // Named with the blocking orders' statuses and the ones a release waits for (issue 19 §2).
    const label = (s: number) => statusLabelKey('inboundStatus', s)
    throw conflict('inbound:release.errors.ordersNotReceiving', {
      orderNos: blocking.map((b) => String(b.order_no)).join(', '), status: n(blocking[0]!.status),
      current: [...new Set(blocking.map((b) => label(n(b.status))))], allowed: RELEASABLE_ORDER_STATUS.map(label),
    })
  }
  await tx.execute(sql`UPDATE release_strip SET status = 1, released_at = greatest(now(), arrived_at), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${n(s.id)}`)
  setSummary(`release strip ${s.strip_no} released`)
  return { stripNo: String(s.strip_no), status: 1 }
})

const rs = releaseStrip
export const releaseList = (hours: number) => ({
  table: rs,
  select: {
    id: rs.id, stripNo: rs.stripNo, plateNo: rs.plateNo, driverName: rs.driverName, driverPhone: rs.driverPhone, orderNos: rs.orderNos,
    boxCount: rs.boxCount, status: rs.status, arrivedAt: rs.arrivedAt, releasedAt: rs.releasedAt, remark: rs.remark,
    timedOut: sql<boolean>`${timeoutPredicate('unloading', { start: rs.arrivedAt, status: rs.status }, hours)}`.as('timed_out'),
  },
  scope: { tenant: rs.tenantId, warehouse: rs.warehouseId },
  key: rs.id,
  sortable: { stripNo: rs.stripNo, plateNo: rs.plateNo, arrivedAt: rs.arrivedAt, status: rs.status, id: rs.id },
  defaultSort: 'arrivedAt:desc',
  filters: {
    stripNo: { type: 'text', column: rs.stripNo },
    plateNo: { type: 'text', column: rs.plateNo },
    status: { type: 'enum', column: rs.status, values: ['0', '1'] },
  },
}) satisfies ListDef

// By its number or the vehicle's plate number (what the gate reads off the truck): the release list, filtered to it.
registerDocumentLookup({
  type: 'releaseStrip', titleKey: 'inbound:release.document', prefixes: [DOC_PREFIX.releaseStrip], permission: RELEASE_PERMISSIONS.view,
  group: 'document', opens: { path: `${INBOUND_EXTRA_PATHS.release}?stripNo={no}`, testId: 'release-list' }, alsoBy: ['plateNo'],
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    // Plates are written with or without their spaces and dashes: compare them without.
    const plate = term.replace(/[\s-]/g, '')
    const rows = await db.select({ id: rs.id, stripNo: rs.stripNo, plateNo: rs.plateNo, status: rs.status }).from(rs)
      .where(and(eq(rs.tenantId, auth.tenantId), eq(rs.warehouseId, auth.warehouseId),
        sql`(${rs.stripNo} ILIKE ${containsPattern(term)} OR (${plate} <> '' AND upper(regexp_replace(${rs.plateNo}, '[[:space:]-]', '', 'g')) LIKE ${containsPattern(plate)}))`))
      .orderBy(sql`(${rs.stripNo} = ${term} OR upper(regexp_replace(${rs.plateNo}, '[[:space:]-]', '', 'g')) = ${plate}) DESC`, desc(rs.id)).limit(limit)
    return rows.map((r) => ({
      type: 'releaseStrip', id: r.id, number: r.stripNo, status: r.status, ...(r.stripNo.includes(term) ? {} : { matched: r.plateNo, matchedBy: 'plateNo' as const }),
      title: `${r.stripNo} · ${r.plateNo}`, path: `${INBOUND_EXTRA_PATHS.release}?stripNo=${encodeURIComponent(r.stripNo)}`,
    }))
  },
})

export function releaseRoutes(db: AppDb): RouteDef[] {
  const probe = releaseList(1)
  return [
    defineRoute({
      method: 'GET', url: '/api/inbound/release-strips', summary: 'Vehicle release strips (timedOut: not released past the unloading timeout)', tags: ['inbound'],
      envelope: 'main', auth: 'scoped', permission: RELEASE_PERMISSIONS.view, query: listQuerySchema(probe),
      handler: async ({ query, auth }) => runList(db, releaseList((await timeoutHours(db, auth)).unloading), query, auth),
    }),
  ]
}
