// Returns receipt (stock-in → returns-receipt): return orders TH… with their source (outbound/order
// number), reason, boxes and SKU lines. Receiving is a scan station: scan the return number, then each
// item (SKU code, UPC or FNSKU); every accepted scan puts the goods at the receiving location through
// the ledger — as defective stock when the reason code is damaged (3) or quality defect (4), normal
// otherwise — and the return is received when every line is complete (or by `finish` with a
// shortage), which generates a shelving task from the receiving location. Cancelling is irreversible
// and refused once anything was received. Spec section 5: return-outbound delivery notes (type 2) do
// not support overseas receipt.
import { z } from 'zod'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppTx, AppDb } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { returnOrder } from '../../db/schema/index'
import { defineRoute, type RouteDef } from '../../http/route'
import { AppError, badRequest, conflict, fieldError, notFound } from '../../http/errors'
import { listRoute, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { defineHandler } from '../../commands/registry'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { addStock, StockStatus } from '../../inventory/ledger'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { translate } from '../../i18n'
import {
  DEFECTIVE_RETURN_REASONS, INBOUND_EXTRA_PATHS, ReturnAddArgs, ReturnNoArgs, ReturnScanArgs, type ReturnScanResult,
} from '../../../../commands/inbound-extra'
import { isOverseasWarehouse } from './settings-receiving'
import { receivingLocation } from '../../inventory/settings'
import { skusForCode } from './quick-codes'
import { createShelvingTask } from '../../inventory/inbound-flow'
import { refuseUnlessAllowed } from '../../commands/states'
import { returnOrderMachine, ReturnStatus } from '../../../domain/states/return-order'

export const RETURN_STATUS = ReturnStatus
export const RETURNS_PERMISSIONS = { view: 'menu:returns-receipt', add: 'returns-receipt:add', receive: 'returns-receipt:receive', cancel: 'returns-receipt:cancel' } as const

const n = (v: unknown) => Number(v)
const op = (auth: AuthContext) => ({ userId: auth.userId, username: auth.username })

/** The stock status a return's goods arrive in, decided by its reason code (never by free text). */
export const returnStockStatus = (reasonCode: number) => (DEFECTIVE_RETURN_REASONS.includes(reasonCode) ? StockStatus.Defective : StockStatus.Normal)

interface LockedReturn { id: number; returnNo: string; returnType: number; status: number; reasonCode: number; receivedQty: number; locationId: number | null }

async function lockReturn(tx: AppTx, auth: AuthContext, returnNo: string): Promise<LockedReturn> {
  const [r] = rowsOf(await tx.execute(sql`
    SELECT id, return_no, return_type, status, reason_code, received_qty, location_id FROM return_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND return_no = ${returnNo.toUpperCase()} FOR UPDATE`))
  if (!r) throw notFound('inbound:returns.errors.notFound', { returnNo })
  return { id: n(r.id), returnNo: String(r.return_no), returnType: n(r.return_type), status: n(r.status), reasonCode: n(r.reason_code), receivedQty: n(r.received_qty), locationId: r.location_id == null ? null : n(r.location_id) }
}


/** Received: status 1 and a shelving task over what was received, from where it was put. */
async function completeReturn(tx: AppTx, auth: AuthContext, r: LockedReturn): Promise<string | null> {
  const lines = rowsOf(await tx.execute(sql`SELECT id, sku_id, received_qty FROM return_order_line WHERE return_id = ${r.id} AND received_qty > 0 ORDER BY line_no`))
  // Return lines are not inbound order lines: no source line (shelving must not count them on an order).
  const task = await createShelvingTask(tx, auth, {
    sourceType: 'return', sourceNo: r.returnNo,
    lines: lines.map((l) => ({ skuId: n(l.sku_id), batchNo: '', stockStatus: returnStockStatus(r.reasonCode), fromLocationId: r.locationId!, qty: n(l.received_qty) })),
  })
  const taskNo = task?.taskNo ?? null
  await tx.execute(sql`UPDATE return_order SET status = ${RETURN_STATUS.Received}, received_at = now(), shelving_task_no = ${taskNo}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${r.id}`)
  return taskNo
}

defineHandler<ReturnAddArgs>('inbound.return.add', async ({ tx, args, auth, setSummary }) => {
  if (args.returnType === 2 && await isOverseasWarehouse(tx, auth.warehouseId)) throw fieldError('returnType', 'inbound:returns.errors.overseas')
  const codes = args.lines.map((l) => l.skuCode.toUpperCase())
  const found = new Map(rowsOf(await tx.execute(sql`SELECT id, sku_code FROM product_sku WHERE tenant_id = ${auth.tenantId}
    AND sku_code IN (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`)).map((r) => [String(r.sku_code), n(r.id)]))
  const issues: { field: string; messageKey: string; params: Record<string, unknown> }[] = []
  codes.forEach((c, i) => {
    if (!found.has(c)) issues.push({ field: `lines.${i}.skuCode`, messageKey: 'inbound:returns.errors.unknownSku', params: { code: c } })
    else if (codes.indexOf(c) !== i) issues.push({ field: `lines.${i}.skuCode`, messageKey: 'inbound:returns.errors.duplicateSku', params: { code: c } })
  })
  if (issues.length) throw badRequest(issues[0]!.messageKey, issues[0]!.params, issues)
  const returnNo = await nextDocNo(tx, auth, DOC_PREFIX.returnOrder)
  const expected = args.lines.reduce((a, l) => a + l.qty, 0)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO return_order (tenant_id, warehouse_id, return_no, return_type, source_no, reason_code, reason, box_count, expected_qty, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${returnNo}, ${args.returnType}, ${args.sourceNo}, ${args.reasonCode}, ${args.reason || null},
            ${args.boxCount}, ${expected}, ${auth.userId}, ${auth.userId}) RETURNING id`))
  let lineNo = 0
  for (const l of args.lines) {
    await tx.execute(sql`INSERT INTO return_order_line (return_id, tenant_id, warehouse_id, line_no, sku_id, qty)
      VALUES (${n(row!.id)}, ${auth.tenantId}, ${auth.warehouseId}, ${++lineNo}, ${found.get(l.skuCode.toUpperCase())!}, ${l.qty})`)
  }
  setSummary(`return ${returnNo} source=${args.sourceNo} lines=${args.lines.length} qty=${expected}`)
  return { id: n(row!.id), returnNo }
})

defineHandler<ReturnScanArgs>('inbound.return.scan', async ({ tx, args, auth, setSummary }): Promise<ReturnScanResult> => {
  if (!args.code) throw fieldError('code', 'inbound:returns.errors.codeRequired')
  const r = await lockReturn(tx, auth, args.returnNo)
  refuseUnlessAllowed(returnOrderMachine, 'inbound.return.scan', r, auth)
  if (r.returnType === 2 && await isOverseasWarehouse(tx, auth.warehouseId)) throw conflict('inbound:returns.errors.overseas')
  const skus = await skusForCode(tx, auth.tenantId, args.code, { skuCode: true })
  if (!skus.length) throw fieldError('code', 'inbound:returns.errors.noMatch', { code: args.code })
  const ids = skus.map((s) => s.id)
  const [line] = rowsOf(await tx.execute(sql`
    SELECT l.id, l.line_no, l.sku_id, l.qty, l.received_qty, s.sku_code FROM return_order_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.return_id = ${r.id} AND l.sku_id IN (${sql.join(ids.map((i) => sql`${i}`), sql`, `)})
    ORDER BY (l.qty - l.received_qty) DESC, l.line_no LIMIT 1 FOR UPDATE OF l`))
  if (!line) throw fieldError('code', 'inbound:returns.errors.notInReturn', { code: args.code, returnNo: r.returnNo })
  const pending = n(line.qty) - n(line.received_qty)
  // Spec section 5: scanned quantity not above the quantity to scan.
  if (args.qty > pending) throw new AppError(409, 'inbound:returns.errors.overQty', { pending, qty: args.qty }, [{ field: 'qty', messageKey: 'inbound:returns.errors.overQty', params: { pending, qty: args.qty } }])
  const locationId = r.locationId ?? await receivingLocation(tx, auth)
  await tx.execute(sql`UPDATE return_order_line SET received_qty = received_qty + ${args.qty} WHERE id = ${n(line.id)}`)
  await tx.execute(sql`UPDATE return_order SET received_qty = received_qty + ${args.qty}, location_id = ${locationId}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${r.id}`)
  const stockStatus = returnStockStatus(r.reasonCode)
  await addStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId, skuId: n(line.sku_id), stockStatus },
    args.qty, { docType: 'return', docNo: r.returnNo, docLine: n(line.line_no), reason: 'scan', reasonParams: { code: args.code } }, op(auth))
  const [{ open }] = rowsOf(await tx.execute(sql`SELECT count(*) AS open FROM return_order_line WHERE return_id = ${r.id} AND received_qty < qty`)) as [{ open: unknown }]
  let shelvingTaskNo: string | null = null
  let status: number = RETURN_STATUS.New
  if (n(open) === 0) {
    shelvingTaskNo = await completeReturn(tx, auth, { ...r, locationId, receivedQty: r.receivedQty + args.qty })
    status = RETURN_STATUS.Received
  }
  setSummary(`return ${r.returnNo} scan ${args.code} qty=${args.qty}${shelvingTaskNo ? ` received → ${shelvingTaskNo}` : ''}`)
  return { returnNo: r.returnNo, skuCode: String(line.sku_code), receivedQty: n(line.received_qty) + args.qty, lineQty: n(line.qty), pending: pending - args.qty, status, stockStatus, shelvingTaskNo }
})

defineHandler<ReturnNoArgs>('inbound.return.finish', async ({ tx, args, auth, setSummary }) => {
  const r = await lockReturn(tx, auth, args.returnNo)
  refuseUnlessAllowed(returnOrderMachine, 'inbound.return.finish', r, auth)
  const shelvingTaskNo = await completeReturn(tx, auth, r)
  setSummary(`return ${r.returnNo} received with shortage → ${shelvingTaskNo}`)
  return { returnNo: r.returnNo, status: RETURN_STATUS.Received, shelvingTaskNo }
})

defineHandler<ReturnNoArgs>('inbound.return.cancel', async ({ tx, args, auth, setSummary }) => {
  const r = await lockReturn(tx, auth, args.returnNo)
  refuseUnlessAllowed(returnOrderMachine, 'inbound.return.cancel', r, auth)
  await tx.execute(sql`UPDATE return_order SET status = ${RETURN_STATUS.Cancelled}, cancelled_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${r.id}`)
  setSummary(`return ${r.returnNo} cancelled`)
  return { returnNo: r.returnNo, status: RETURN_STATUS.Cancelled }
})

const ro = returnOrder
export const returnList = {
  table: ro,
  select: {
    id: ro.id, returnNo: ro.returnNo, returnType: ro.returnType, sourceNo: ro.sourceNo, reasonCode: ro.reasonCode, reason: ro.reason,
    boxCount: ro.boxCount, status: ro.status, expectedQty: ro.expectedQty, receivedQty: ro.receivedQty, shelvingTaskNo: ro.shelvingTaskNo,
    receivedAt: ro.receivedAt, cancelledAt: ro.cancelledAt, createdAt: ro.createdAt,
  },
  scope: { tenant: ro.tenantId, warehouse: ro.warehouseId },
  key: ro.id,
  sortable: { returnNo: ro.returnNo, sourceNo: ro.sourceNo, status: ro.status, createdAt: ro.createdAt, id: ro.id },
  defaultSort: 'createdAt:desc',
  filters: {
    returnNo: { type: 'text', column: ro.returnNo },
    sourceNo: { type: 'text', column: ro.sourceNo },
    status: { type: 'enum', column: ro.status, values: ['0', '1', '2'] },
    reasonCode: { type: 'enum', column: ro.reasonCode, values: ['1', '2', '3', '4', '5', '9'] },
  },
} satisfies ListDef

/** One return with its lines (SKU code, style/color/size, quantities); undefined out of scope. */
export async function returnDetail(db: AppDb | AppTx, auth: AuthContext, returnNo: string) {
  const [head] = await db.select(returnList.select).from(ro)
    .where(and(eq(ro.tenantId, auth.tenantId), eq(ro.warehouseId, auth.warehouseId), eq(ro.returnNo, returnNo.toUpperCase())))
  if (!head) return undefined
  const lines = rowsOf(await db.execute(sql`
    SELECT l.line_no, l.sku_id, s.sku_code, l.qty, l.received_qty FROM return_order_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.return_id = ${head.id} ORDER BY l.line_no`))
  return {
    ...head, stockStatus: returnStockStatus(head.reasonCode),
    lines: lines.map((l) => ({ lineNo: n(l.line_no), skuId: n(l.sku_id), skuCode: String(l.sku_code), qty: n(l.qty), receivedQty: n(l.received_qty) })),
  }
}

// By its number or its source number (the returned parcel's order or tracking number): the returns receipt station.
registerDocumentLookup({
  type: 'returnOrder', titleKey: 'inbound:returns.document', prefixes: [DOC_PREFIX.returnOrder], permission: RETURNS_PERMISSIONS.view,
  group: 'document', opens: { path: `${INBOUND_EXTRA_PATHS.returns}?returnNo={no}`, testId: 'returns-station-doc' }, alsoBy: ['sourceNo'],
  search: async (db, auth, q, limit, lang) => {
    const term = q.trim().toUpperCase()
    const rows = await db.select({ id: ro.id, returnNo: ro.returnNo, sourceNo: ro.sourceNo, status: ro.status }).from(ro)
      .where(and(eq(ro.tenantId, auth.tenantId), eq(ro.warehouseId, auth.warehouseId), sql`(${ro.returnNo} ILIKE ${containsPattern(term)} OR ${ro.sourceNo} ILIKE ${containsPattern(term)})`))
      .orderBy(sql`(${ro.returnNo} = ${term} OR upper(${ro.sourceNo}) = ${term}) DESC`, desc(ro.id)).limit(limit)
    return rows.map((r) => ({
      type: 'returnOrder', id: r.id, number: r.returnNo, status: r.status,
      ...(r.returnNo.includes(term) ? {} : { matched: r.sourceNo, matchedBy: 'sourceNo' as const }),
      title: `${r.returnNo} · ${r.sourceNo} · ${translate(lang, `inbound:returns.status.${r.status}`)}`,
      path: `${INBOUND_EXTRA_PATHS.returns}?returnNo=${encodeURIComponent(r.returnNo)}`,
    }))
  },
})

export function returnRoutes(db: AppDb): RouteDef[] {
  return [
    listRoute(db, returnList, { url: '/api/inbound/returns', summary: 'Return orders of the current warehouse and tenant', tags: ['inbound'], permission: RETURNS_PERMISSIONS.view }),
    defineRoute({
      method: 'GET', url: '/api/inbound/returns/:returnNo', summary: 'One return order with its lines', tags: ['inbound'],
      envelope: 'main', auth: 'scoped', permission: RETURNS_PERMISSIONS.view, params: z.object({ returnNo: z.string().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const d = await returnDetail(db, auth, params.returnNo)
        if (!d) throw notFound('inbound:returns.errors.notFound', { returnNo: params.returnNo })
        return d
      },
    }),
  ]
}
