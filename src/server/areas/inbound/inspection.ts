// Quality inspection (stock-in → test-list; spec section 4 "Inspection order"). Inspection orders are
// made by the inbound flow (src/server/inventory/inbound-flow.ts): pre-inbound (kind 1) when receiving
// finishes, post-inbound (kind 2) when the order's shelving task completes. Here: the list, one
// inspection with its lines, and the station's commands —
//   inbound.inspection.record   pass/fail quantities of a line (pass + fail ≤ qty); failed goods turn
//                               defective where they are (ledger moveStock to status Defective)
//   inbound.inspection.complete status Completed (2); undecided units refuse it unless passRest
//   inbound.inspection.generate kind 1 completed → the inbound shelving order (passed goods as normal,
//                               failed as defective stock); kind 2 completed → the inspection transfer
//                               order (a shelving task, source_type 'inspection', number QT…, moving
//                               the defective goods to a defective-area location); once per inspection.
// Every command runs in the endpoint's one transaction; the inbound lines' pass_qty/fail_qty follow.
import { z } from 'zod'
import { eq, sql } from 'drizzle-orm'
import type { Area } from '../../http/area'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { inboundOrder, inspectionOrder } from '../../db/schema/index'
import { defineRoute, registerRoutes } from '../../http/route'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { listRoute, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { freeQty, insufficientStock, moveStock } from '../../inventory/ledger'
import { createShelvingTask, type NewShelvingLine } from '../../inventory/inbound-flow'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { DICTIONARIES, InspectionKind, InspectionStatus, StockStatus } from '../../../domain/dictionaries'
import type { InspectionCompleteArgs, InspectionGenerateResult, InspectionNoArgs, InspectionRecordArgs, InspectionRecordResult, InspectionView } from '../../../../commands/inspection'
import { refuseUnlessAllowed } from '../../commands/states'
import { inspectionMachine } from '../../../domain/states/inspection'

export const INSPECTION_PERMISSIONS = { view: 'menu:test-list', inspect: 'test-list:inspect', generate: 'test-list:generate' } as const

const n = (v: unknown) => Number(v)
const io = inspectionOrder
const order = inboundOrder

export const inspectionList = {
  table: io,
  join: (q: any) => q.innerJoin(order, eq(order.id, io.orderId)),
  select: {
    id: io.id, inspectionNo: io.inspectionNo, orderNo: order.orderNo, kind: io.kind, status: io.status,
    qty: io.qty, passQty: io.passQty, failQty: io.failQty, generatedNo: io.generatedNo, createdAt: io.createdAt, completedAt: io.completedAt,
  },
  scope: { tenant: io.tenantId, warehouse: io.warehouseId },
  key: io.id,
  sortable: { inspectionNo: io.inspectionNo, orderNo: order.orderNo, kind: io.kind, status: io.status, qty: io.qty, createdAt: io.createdAt, id: io.id },
  defaultSort: 'createdAt:desc',
  filters: {
    inspectionNo: { type: 'text', column: io.inspectionNo },
    orderNo: { type: 'text', column: order.orderNo },
    kind: { type: 'enum', column: io.kind, values: DICTIONARIES.inspectionKind.map((e) => e.value) },
    status: { type: 'enum', column: io.status, values: DICTIONARIES.inspectionStatus.map((e) => e.value) },
    createdAt: { type: 'dateRange', column: io.createdAt },
  },
} satisfies ListDef

/** One inspection with its lines, in the caller's scope (undefined otherwise). */
export async function loadInspection(q: Queryable, auth: Pick<AuthContext, 'tenantId' | 'warehouseId'>, no: string, forUpdate = false): Promise<InspectionView | undefined> {
  const [h] = rowsOf(await q.execute(sql`
    SELECT i.id, i.inspection_no, o.order_no, i.kind, i.status, i.qty, i.pass_qty, i.fail_qty, i.generated_no, i.completed_at
    FROM inspection_order i JOIN inbound_order o ON o.id = i.order_id
    WHERE i.tenant_id = ${auth.tenantId} AND i.warehouse_id = ${auth.warehouseId} AND upper(i.inspection_no) = upper(${no})
    ${forUpdate ? sql`FOR UPDATE OF i` : sql``}`))
  if (!h) return undefined
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.sku_id, s.sku_code, l.batch_no, loc.code AS location_code, l.qty, l.pass_qty, l.fail_qty
    FROM inspection_line l JOIN product_sku s ON s.id = l.sku_id JOIN location loc ON loc.id = l.location_id
    WHERE l.inspection_id = ${h.id} ORDER BY l.id`))
  return {
    id: n(h.id), inspectionNo: String(h.inspection_no), orderNo: String(h.order_no), kind: n(h.kind), status: n(h.status),
    qty: n(h.qty), passQty: n(h.pass_qty), failQty: n(h.fail_qty), generatedNo: (h.generated_no as string | null) ?? null,
    completedAt: h.completed_at ? new Date(h.completed_at as string).toISOString() : null,
    lines: lines.map((l) => ({
      id: n(l.id), skuId: n(l.sku_id), skuCode: String(l.sku_code), batchNo: String(l.batch_no ?? ''), locationCode: String(l.location_code),
      qty: n(l.qty), passQty: n(l.pass_qty), failQty: n(l.fail_qty),
    })),
  }
}

/** SKU ids a scanned code names in a tenant: the SKU code, or a platform SKU's UPC / FNSKU. */
export async function skuIdsForCode(q: Queryable, tenantId: number, code: string): Promise<number[]> {
  const rows = rowsOf(await q.execute(sql`
    SELECT id FROM product_sku WHERE tenant_id = ${tenantId} AND sku_code = upper(${code})
    UNION SELECT sku_id FROM product_msku WHERE tenant_id = ${tenantId} AND (upc = ${code} OR fnsku = upper(${code}))`))
  return rows.map((r) => n(r.id))
}

const op = (auth: AuthContext) => ({ userId: auth.userId, username: auth.username })

/** Where a line's goods are now (location + batch → qty): received (kind 1) or shelved (kind 2) places. */
async function placesOf(tx: AppTx, kind: number, inboundLineId: number): Promise<{ locationId: number; batchNo: string; qty: number }[]> {
  const rows = kind === InspectionKind.PreInbound
    ? rowsOf(await tx.execute(sql`
        SELECT location_id, batch_no, sum(qty)::integer AS qty FROM inbound_receipt WHERE line_id = ${inboundLineId}
        GROUP BY location_id, batch_no ORDER BY qty DESC, location_id`))
    : rowsOf(await tx.execute(sql`
        SELECT r.location_id, sl.batch_no, sum(r.qty)::integer AS qty
        FROM shelving_record r JOIN shelving_line sl ON sl.id = r.line_id JOIN shelving_task t ON t.id = r.task_id
        WHERE sl.source_line_id = ${inboundLineId} AND t.source_type = 'inbound' AND sl.stock_status = ${StockStatus.Normal}
        GROUP BY r.location_id, sl.batch_no ORDER BY qty DESC, r.location_id`))
  return rows.map((r) => ({ locationId: n(r.location_id), batchNo: String(r.batch_no ?? ''), qty: n(r.qty) }))
}

async function failedAt(tx: AppTx, inspectionLineId: number): Promise<Map<string, number>> {
  const rows = rowsOf(await tx.execute(sql`
    SELECT location_id, batch_no, sum(qty)::integer AS qty FROM inspection_fail WHERE inspection_line_id = ${inspectionLineId} GROUP BY location_id, batch_no`))
  return new Map(rows.map((r) => [`${n(r.location_id)}|${String(r.batch_no ?? '')}`, n(r.qty)]))
}

/** Turns `qty` failed units of a line defective where they are, largest place first. */
async function failGoods(tx: AppTx, auth: AuthContext, insp: InspectionView, line: { id: number; skuId: number; inboundLineId: number; lineNo: number }, qty: number) {
  const places = await placesOf(tx, insp.kind, line.inboundLineId)
  const failed = await failedAt(tx, line.id)
  let left = qty
  let movable = 0
  for (const p of places) {
    if (left === 0) break
    const key = { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId: p.locationId, skuId: line.skuId, batchNo: p.batchNo, stockStatus: StockStatus.Normal }
    const here = Math.min(p.qty - (failed.get(`${p.locationId}|${p.batchNo}`) ?? 0), await freeQty(tx, key))
    if (here <= 0) continue
    movable += here
    const take = Math.min(here, left)
    await moveStock(tx, key, { stockStatus: StockStatus.Defective }, take, { docType: DOC_PREFIX.inspection, docNo: insp.inspectionNo, docLine: line.lineNo, reason: 'fail' }, op(auth))
    await tx.execute(sql`
      INSERT INTO inspection_fail (tenant_id, warehouse_id, inspection_line_id, location_id, batch_no, qty)
      VALUES (${auth.tenantId}, ${auth.warehouseId}, ${line.id}, ${p.locationId}, ${p.batchNo}, ${take})`)
    left -= take
  }
  // The goods are no longer where the document put them (moved or picked meanwhile): refuse it all.
  if (left > 0) throw insufficientStock(movable, qty)
}

const overQty = (field: string, params: Record<string, unknown>) =>
  new AppError(409, 'inbound:inspection.errors.overQty', params, [{ field, messageKey: 'inbound:inspection.errors.overQty', params }])

defineHandler<InspectionRecordArgs>('inbound.inspection.record', async ({ tx, auth, args, setSummary }) => {
  const insp = await loadInspection(tx, auth, args.inspectionNo, true)
  if (!insp) throw notFound()
  refuseUnlessAllowed(inspectionMachine, 'inbound.inspection.record', insp, auth)
  const pass = args.pass ?? 0
  const fail = args.fail ?? 0
  if (pass + fail <= 0) throw fieldError('pass', 'inbound:inspection.errors.qtyZero')
  let line = args.lineId !== undefined ? insp.lines.find((l) => l.id === args.lineId) : undefined
  if (args.lineId !== undefined && !line) throw fieldError('lineId', 'inbound:inspection.errors.notInInspection', { code: String(args.lineId) })
  if (!line) {
    if (!args.code) throw fieldError('code', 'errors:field.required')
    const skus = await skuIdsForCode(tx, auth.tenantId, args.code)
    const matching = insp.lines.filter((l) => skus.includes(l.skuId))
    if (matching.length === 0) throw fieldError('code', 'inbound:inspection.errors.notInInspection', { code: args.code })
    // Several batches of one SKU: the first line that still has undecided units.
    line = matching.find((l) => l.passQty + l.failQty < l.qty) ?? matching[0]!
  }
  const undecided = line.qty - line.passQty - line.failQty
  if (pass + fail > undecided) throw overQty(args.code ? 'code' : 'pass', { qty: pass + fail, remaining: undecided })
  const [meta] = rowsOf(await tx.execute(sql`
    SELECT il.inbound_line_id, ol.line_no FROM inspection_line il JOIN inbound_order_line ol ON ol.id = il.inbound_line_id WHERE il.id = ${line.id}`))
  const inboundLineId = n(meta!.inbound_line_id)
  if (fail > 0) await failGoods(tx, auth, insp, { id: line.id, skuId: line.skuId, inboundLineId, lineNo: n(meta!.line_no) }, fail)
  await tx.execute(sql`UPDATE inspection_line SET pass_qty = pass_qty + ${pass}, fail_qty = fail_qty + ${fail} WHERE id = ${line.id}`)
  await tx.execute(sql`UPDATE inbound_order_line SET pass_qty = pass_qty + ${pass}, fail_qty = fail_qty + ${fail} WHERE id = ${inboundLineId}`)
  await tx.execute(sql`
    UPDATE inspection_order SET pass_qty = pass_qty + ${pass}, fail_qty = fail_qty + ${fail},
      status = ${InspectionStatus.Inspecting}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${insp.id}`)
  setSummary(`${insp.inspectionNo} ${line.skuCode} pass=${pass} fail=${fail}`)
  const after = (await loadInspection(tx, auth, insp.inspectionNo))!
  return { inspection: after, lineId: line.id, pass, fail } satisfies InspectionRecordResult
})

defineHandler<InspectionCompleteArgs>('inbound.inspection.complete', async ({ tx, auth, args, setSummary }) => {
  const insp = await loadInspection(tx, auth, args.inspectionNo, true)
  if (!insp) throw notFound()
  refuseUnlessAllowed(inspectionMachine, 'inbound.inspection.complete', insp, auth)
  const undecided = insp.lines.reduce((s, l) => s + l.qty - l.passQty - l.failQty, 0)
  if (undecided > 0 && !args.passRest) throw conflict('inbound:inspection.errors.undecided', { count: undecided })
  if (undecided > 0) {
    for (const l of insp.lines) {
      const rest = l.qty - l.passQty - l.failQty
      if (rest <= 0) continue
      await tx.execute(sql`UPDATE inspection_line SET pass_qty = pass_qty + ${rest} WHERE id = ${l.id}`)
      await tx.execute(sql`UPDATE inbound_order_line SET pass_qty = pass_qty + ${rest} WHERE id = (SELECT inbound_line_id FROM inspection_line WHERE id = ${l.id})`)
    }
  }
  await tx.execute(sql`
    UPDATE inspection_order SET pass_qty = pass_qty + ${undecided}, status = ${InspectionStatus.Completed}, completed_at = now(),
      updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${insp.id}`)
  setSummary(`${insp.inspectionNo} completed (passRest=${undecided})`)
  return (await loadInspection(tx, auth, insp.inspectionNo))!
})

defineHandler<InspectionNoArgs>('inbound.inspection.generate', async ({ tx, auth, args, setSummary }) => {
  const insp = await loadInspection(tx, auth, args.inspectionNo, true)
  if (!insp) throw notFound()
  refuseUnlessAllowed(inspectionMachine, 'inbound.inspection.generate', insp, auth)
  const [h] = rowsOf(await tx.execute(sql`SELECT order_id FROM inspection_order WHERE id = ${insp.id}`))
  const orderId = n(h!.order_id)
  const fails = rowsOf(await tx.execute(sql`
    SELECT il.id AS line_id, il.inbound_line_id, il.sku_id, f.location_id, f.batch_no, sum(f.qty)::integer AS qty
    FROM inspection_fail f JOIN inspection_line il ON il.id = f.inspection_line_id
    WHERE il.inspection_id = ${insp.id}
    GROUP BY il.id, il.inbound_line_id, il.sku_id, f.location_id, f.batch_no ORDER BY il.id, f.location_id`))
  const defectiveLines: NewShelvingLine[] = fails.map((f) => ({
    skuId: n(f.sku_id), batchNo: String(f.batch_no ?? ''), stockStatus: StockStatus.Defective, fromLocationId: n(f.location_id), qty: n(f.qty), sourceLineId: n(f.inbound_line_id),
  }))
  let generated: { taskNo: string } | undefined
  if (insp.kind === InspectionKind.PreInbound) {
    // Passed goods are still normal stock where they were received: what was received there minus
    // what failed there. Failed goods are the defective stock recorded per place.
    const lines: NewShelvingLine[] = []
    const ilines = rowsOf(await tx.execute(sql`SELECT id, inbound_line_id, sku_id FROM inspection_line WHERE inspection_id = ${insp.id} ORDER BY id`))
    for (const il of ilines) {
      const failed = await failedAt(tx, n(il.id))
      for (const p of await placesOf(tx, InspectionKind.PreInbound, n(il.inbound_line_id))) {
        const normal = p.qty - (failed.get(`${p.locationId}|${p.batchNo}`) ?? 0)
        if (normal > 0) lines.push({ skuId: n(il.sku_id), batchNo: p.batchNo, stockStatus: StockStatus.Normal, fromLocationId: p.locationId, qty: normal, sourceLineId: n(il.inbound_line_id) })
      }
    }
    generated = await createShelvingTask(tx, auth, { sourceType: 'inbound', sourceNo: insp.inspectionNo, orderId, lines: [...lines, ...defectiveLines] })
  } else {
    if (defectiveLines.length === 0) throw conflict('inbound:inspection.errors.nothingFailed', { no: insp.inspectionNo })
    generated = await createShelvingTask(tx, auth, { sourceType: 'inspection', sourceNo: insp.inspectionNo, orderId, lines: defectiveLines, prefix: DOC_PREFIX.inspectionTransfer })
  }
  if (!generated) throw conflict('inbound:inspection.errors.nothingFailed', { no: insp.inspectionNo })
  await tx.execute(sql`UPDATE inspection_order SET generated_no = ${generated.taskNo}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${insp.id}`)
  setSummary(`${insp.inspectionNo} → ${generated.taskNo}`)
  return { inspectionNo: insp.inspectionNo, generatedNo: generated.taskNo, kind: insp.kind } satisfies InspectionGenerateResult
})

registerDocumentLookup({
  type: 'inspection', titleKey: 'inbound:inspection.document', prefixes: [DOC_PREFIX.inspection], permission: INSPECTION_PERMISSIONS.view, group: 'document',
  opens: { path: '/stock-in/test-list?station={no}', testId: 'inspection-doc' },
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    const rows = rowsOf(await db.execute(sql`
      SELECT id, inspection_no, status FROM inspection_order
      WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND inspection_no ILIKE ${containsPattern(term)}
      ORDER BY (inspection_no = ${term}) DESC, id DESC LIMIT ${limit}`))
    return rows.map((r) => ({
      type: 'inspection', id: n(r.id), number: String(r.inspection_no), title: String(r.inspection_no), status: n(r.status),
      path: `/stock-in/test-list?station=${encodeURIComponent(String(r.inspection_no))}`,
    }))
  },
})

export const inspectionArea: Area = (app, { db }) => {
  registerRoutes(app, [
    listRoute(db, inspectionList, { url: '/api/inbound/inspections', summary: 'Inspection orders of the current warehouse and tenant (test-list)', tags: ['inbound'], permission: INSPECTION_PERMISSIONS.view }),
    defineRoute({
      method: 'GET', url: '/api/inbound/inspections/:no', summary: 'One inspection order with its lines (the inspection station)',
      tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: INSPECTION_PERMISSIONS.view,
      params: z.object({ no: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const v = await loadInspection(db, auth, params.no)
        if (!v) throw notFound()
        return v
      },
    }),
  ])
}
