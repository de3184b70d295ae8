// Quick inbound (inbound-order → stock-in-quickly), for the six inbound types: a quick inbound task
// KR… is built from fnsku/upc codes and quantities and creates its inbound order RK… at once, already
// Receiving; scanning an fnsku/upc of the task receives it immediately (receipt row + stock at the
// receiving location through the ledger). Refusals of spec sections 5 and 8: 'fnsku/upc required',
// 'nothing matches fnsku/upc', 'item not in quick inbound task', 'scanned quantity over pending',
// 'X/B code conflict' (building a task
// from X- and B-prefixed codes when the setting forbids). When every line is complete — or on `finish`
// with a shortage — the order is finished (order-machine finishReceiving) and its shelving task generated.
import { z } from 'zod'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { AppDb, AppTx } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { inboundOrder, quickInboundTask } from '../../db/schema/index'
import { defineRoute, type RouteDef } from '../../http/route'
import { AppError, badRequest, fieldError, notFound } from '../../http/errors'
import { listRoute, type ListDef } from '../../http/list'
import { rowsOf } from '../../db/rows'
import { defineHandler } from '../../commands/registry'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { addStock } from '../../inventory/ledger'
import { getInboundSettings, receivingLocation } from '../../inventory/settings'
import { registerDocumentLookup, containsPattern } from '../search/registry'
import { INBOUND_EXTRA_PATHS, QuickAddArgs, QuickNoArgs, QuickScanArgs, type QuickScanResult } from '../../../../commands/inbound-extra'
import { skusForCode, xbPrefix } from './quick-codes'
import { finishReceiving } from './order-machine'
import { refuseUnlessAllowed } from '../../commands/states'
import { quickInboundMachine, QuickStatus } from '../../../domain/states/quick-inbound'

export const QUICK_PERMISSIONS = { view: 'menu:stock-in-quickly', add: 'stock-in-quickly:add', receive: 'stock-in-quickly:receive' } as const
export const QUICK_STATUS = QuickStatus

const n = (v: unknown) => Number(v)
const ids = (xs: number[]) => sql.join(xs.map((x) => sql`${x}`), sql`, `)

defineHandler<QuickAddArgs>('inbound.quick.add', async ({ tx, args, auth, setSummary }) => {
  const settings = await getInboundSettings(tx, auth)
  const issues: { field: string; messageKey: string; params: Record<string, unknown> }[] = []
  const resolved: { skuId: number; code: string; qty: number }[] = []
  const prefixes = new Map<'X' | 'B', number>()
  for (const [i, l] of args.lines.entries()) {
    if (!l.code) { issues.push({ field: `lines.${i}.code`, messageKey: 'inbound:quick.errors.codeRequired', params: {} }); continue }
    const p = xbPrefix(l.code)
    if (p && settings.forbidXbMix) {
      const other = prefixes.get(p === 'X' ? 'B' : 'X')
      if (other !== undefined) { issues.push({ field: `lines.${i}.code`, messageKey: 'inbound:quick.errors.xbConflict', params: { code: l.code } }); continue }
      prefixes.set(p, i)
    }
    const [sku] = await skusForCode(tx, auth.tenantId, l.code)
    if (!sku) { issues.push({ field: `lines.${i}.code`, messageKey: 'inbound:quick.errors.noMatch', params: { code: l.code } }); continue }
    resolved.push({ skuId: sku.id, code: l.code, qty: l.qty })
  }
  if (issues.length) throw badRequest(issues[0]!.messageKey, issues[0]!.params, issues)

  // One order line per SKU (two codes of one SKU add up); every code stays a code of the task.
  const bySku = new Map<number, { qty: number; codes: Set<string> }>()
  for (const r of resolved) {
    const cur = bySku.get(r.skuId) ?? { qty: 0, codes: new Set<string>() }
    cur.qty += r.qty
    cur.codes.add(r.code)
    bySku.set(r.skuId, cur)
  }
  const taskNo = await nextDocNo(tx, auth, DOC_PREFIX.quickInbound)
  const orderNo = await nextDocNo(tx, auth, DOC_PREFIX.inboundOrder)
  const expected = resolved.reduce((a, r) => a + r.qty, 0)
  const [order] = rowsOf(await tx.execute(sql`
    INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, source_no, expected_qty, remark, issued_at, receiving_at, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${orderNo}, ${args.inboundType}, 3, ${taskNo}, ${expected}, ${args.remark || null}, now(), now(), ${auth.userId}, ${auth.userId})
    RETURNING id`))
  const orderId = n(order!.id)
  const [task] = rowsOf(await tx.execute(sql`
    INSERT INTO quick_inbound_task (tenant_id, warehouse_id, task_no, inbound_type, order_id, remark, created_by, updated_by)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${taskNo}, ${args.inboundType}, ${orderId}, ${args.remark || null}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  let lineNo = 0
  for (const [skuId, l] of bySku) {
    const [line] = rowsOf(await tx.execute(sql`
      INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, expected_qty)
      VALUES (${orderId}, ${auth.tenantId}, ${auth.warehouseId}, ${++lineNo}, ${skuId}, ${l.qty}) RETURNING id`))
    for (const code of l.codes) {
      await tx.execute(sql`INSERT INTO quick_inbound_code (task_id, order_line_id, code) VALUES (${n(task!.id)}, ${n(line!.id)}, ${code})`)
    }
  }
  setSummary(`quick inbound ${taskNo} → ${orderNo} type=${args.inboundType} lines=${bySku.size} qty=${expected}`)
  return { taskNo, orderNo, orderId }
})

interface LockedTask { id: number; taskNo: string; orderId: number; orderNo: string; status: number; receivedQty: number }

async function lockTask(tx: AppTx, auth: AuthContext, taskNo: string): Promise<LockedTask> {
  const [t] = rowsOf(await tx.execute(sql`
    SELECT t.id, t.task_no, t.order_id, t.status, o.order_no, o.received_qty FROM quick_inbound_task t JOIN inbound_order o ON o.id = t.order_id
    WHERE t.tenant_id = ${auth.tenantId} AND t.warehouse_id = ${auth.warehouseId} AND t.task_no = ${taskNo.toUpperCase()} FOR UPDATE OF t`))
  if (!t) throw notFound('inbound:quick.errors.notFound', { taskNo })
  return { id: n(t.id), taskNo: String(t.task_no), orderId: n(t.order_id), orderNo: String(t.order_no), status: n(t.status), receivedQty: n(t.received_qty) }
}

/** Finish: the order Receiving → Finish through the status machine, which starts the inbound flow
 *  (shelving task of what was received, where it was put — or the inspection the order asks for). */
async function finishQuick(tx: AppTx, auth: AuthContext, t: LockedTask): Promise<string | null> {
  await tx.execute(sql`UPDATE quick_inbound_task SET status = ${QUICK_STATUS.Finished}, finished_at = now(), updated_at = now(), updated_by = ${auth.userId} WHERE id = ${t.id}`)
  const flow = await finishReceiving(tx, auth, t.orderId)
  return flow.shelvingTaskNo ?? null
}

defineHandler<QuickScanArgs>('inbound.quick.scan', async ({ tx, args, auth, setSummary }): Promise<QuickScanResult> => {
  if (!args.code) throw fieldError('code', 'inbound:quick.errors.codeRequired')
  const t = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(quickInboundMachine, 'inbound.quick.scan', t, auth)
  // No time rule here: the station queues a gun's burst and sends it in order (each scan its own
  // Idempotency-Key), so every scan that reaches the server is a real one. The warehouse's double-read
  // guard (inbound settings, off by default) drops a second read of one code at the station, which
  // alone knows when each code was read (doubleReadMs below).
  let [line] = rowsOf(await tx.execute(sql`SELECT order_line_id FROM quick_inbound_code WHERE task_id = ${t.id} AND code = ${args.code}`))
  if (!line) {
    // Another listing's code of a SKU in the task is the same item; a code of no SKU is a bad scan.
    const skus = await skusForCode(tx, auth.tenantId, args.code)
    if (!skus.length) throw fieldError('code', 'inbound:quick.errors.noMatch', { code: args.code })
    ;[line] = rowsOf(await tx.execute(sql`SELECT id AS order_line_id FROM inbound_order_line WHERE order_id = ${t.orderId} AND sku_id IN (${ids(skus.map((s) => s.id))}) ORDER BY line_no LIMIT 1`))
    if (!line) throw fieldError('code', 'inbound:quick.errors.notInTask', { code: args.code, taskNo: t.taskNo })
  }
  const [upd] = rowsOf(await tx.execute(sql`
    UPDATE inbound_order_line SET received_qty = received_qty + ${args.qty}
    WHERE id = ${n(line.order_line_id)} AND received_qty + ${args.qty} <= expected_qty
    RETURNING line_no, sku_id, received_qty, expected_qty`))
  if (!upd) {
    const [cur] = rowsOf(await tx.execute(sql`SELECT expected_qty - received_qty AS pending FROM inbound_order_line WHERE id = ${n(line.order_line_id)}`))
    const pending = n(cur?.pending)
    throw new AppError(409, 'inbound:quick.errors.overPending', { pending, qty: args.qty }, [{ field: 'qty', messageKey: 'inbound:quick.errors.overPending', params: { pending, qty: args.qty } }])
  }
  const locationId = await receivingLocation(tx, auth)
  const skuId = n(upd.sku_id)
  await tx.execute(sql`UPDATE inbound_order SET received_qty = received_qty + ${args.qty}, updated_at = now(), updated_by = ${auth.userId} WHERE id = ${t.orderId}`)
  await tx.execute(sql`
    INSERT INTO inbound_receipt (tenant_id, warehouse_id, order_id, line_id, sku_id, qty, scanned_code, location_id, operator_id, operator_name)
    VALUES (${auth.tenantId}, ${auth.warehouseId}, ${t.orderId}, ${n(line.order_line_id)}, ${skuId}, ${args.qty}, ${args.code}, ${locationId}, ${auth.userId}, ${auth.username})`)
  await addStock(tx, { tenantId: auth.tenantId, warehouseId: auth.warehouseId, locationId, skuId }, args.qty,
    { docType: 'quickInbound', docNo: t.orderNo, docLine: n(upd.line_no), reason: 'quickScan', reasonParams: { taskNo: t.taskNo, code: args.code } }, { userId: auth.userId, username: auth.username })
  const [{ open }] = rowsOf(await tx.execute(sql`SELECT count(*) AS open FROM inbound_order_line WHERE order_id = ${t.orderId} AND received_qty < expected_qty`)) as [{ open: unknown }]
  const finished = n(open) === 0
  const shelvingTaskNo = finished ? await finishQuick(tx, auth, t) : null
  const [sku] = rowsOf(await tx.execute(sql`SELECT sku_code FROM product_sku WHERE id = ${skuId}`))
  setSummary(`quick ${t.taskNo} scan ${args.code} qty=${args.qty}${finished ? ` finished → ${shelvingTaskNo}` : ''}`)
  return {
    taskNo: t.taskNo, orderNo: t.orderNo, skuCode: String(sku!.sku_code), receivedQty: n(upd.received_qty), expectedQty: n(upd.expected_qty),
    pending: n(upd.expected_qty) - n(upd.received_qty), finished, shelvingTaskNo,
  }
})

defineHandler<QuickNoArgs>('inbound.quick.finish', async ({ tx, args, auth, setSummary }) => {
  const t = await lockTask(tx, auth, args.taskNo)
  refuseUnlessAllowed(quickInboundMachine, 'inbound.quick.finish', t, auth)
  const shelvingTaskNo = await finishQuick(tx, auth, t)
  setSummary(`quick ${t.taskNo} finished with shortage → ${shelvingTaskNo}`)
  return { taskNo: t.taskNo, orderNo: t.orderNo, shelvingTaskNo }
})

const qt = quickInboundTask
const io = inboundOrder
export const quickList = {
  table: qt,
  join: (q: any) => q.innerJoin(io, eq(io.id, qt.orderId)),
  select: {
    id: qt.id, taskNo: qt.taskNo, inboundType: qt.inboundType, status: qt.status, orderNo: io.orderNo, orderStatus: io.status,
    expectedQty: io.expectedQty, receivedQty: io.receivedQty, remark: qt.remark, createdAt: qt.createdAt, finishedAt: qt.finishedAt,
  },
  scope: { tenant: qt.tenantId, warehouse: qt.warehouseId },
  key: qt.id,
  sortable: { taskNo: qt.taskNo, createdAt: qt.createdAt, status: qt.status, id: qt.id },
  defaultSort: 'createdAt:desc',
  filters: {
    taskNo: { type: 'text', column: qt.taskNo },
    orderNo: { type: 'text', column: io.orderNo },
    status: { type: 'enum', column: qt.status, values: ['0', '1'] },
    inboundType: { type: 'enum', column: qt.inboundType, values: ['1', '2', '3', '4', '5', '6'] },
  },
} satisfies ListDef

export async function quickDetail(db: AppDb | AppTx, auth: AuthContext, taskNo: string) {
  const [head] = await db.select(quickList.select).from(qt).innerJoin(io, eq(io.id, qt.orderId))
    .where(and(eq(qt.tenantId, auth.tenantId), eq(qt.warehouseId, auth.warehouseId), eq(qt.taskNo, taskNo.toUpperCase())))
  if (!head) return undefined
  const lines = rowsOf(await db.execute(sql`
    SELECT l.line_no, s.sku_code, l.expected_qty, l.received_qty,
           (SELECT string_agg(c.code, ' ' ORDER BY c.code) FROM quick_inbound_code c WHERE c.order_line_id = l.id) AS codes
    FROM inbound_order_line l JOIN product_sku s ON s.id = l.sku_id
    WHERE l.order_id = (SELECT order_id FROM quick_inbound_task WHERE id = ${head.id}) ORDER BY l.line_no`))
  const { minScanIntervalMs } = await getInboundSettings(db, auth)
  return {
    ...head, doubleReadMs: minScanIntervalMs,
    lines: lines.map((l) => ({ lineNo: n(l.line_no), skuCode: String(l.sku_code), codes: String(l.codes ?? ''), expectedQty: n(l.expected_qty), receivedQty: n(l.received_qty) })),
  }
}

registerDocumentLookup({
  type: 'quickInbound', titleKey: 'inbound:quick.document', prefixes: [DOC_PREFIX.quickInbound], permission: QUICK_PERMISSIONS.view,
  group: 'document', opens: { path: `${INBOUND_EXTRA_PATHS.quick}?taskNo={no}`, testId: 'quick-station-doc' },
  search: async (db, auth, q, limit) => {
    const term = q.trim().toUpperCase()
    const rows = await db.select({ id: qt.id, taskNo: qt.taskNo, status: qt.status, orderNo: io.orderNo }).from(qt).innerJoin(io, eq(io.id, qt.orderId))
      .where(and(eq(qt.tenantId, auth.tenantId), eq(qt.warehouseId, auth.warehouseId), sql`${qt.taskNo} ILIKE ${containsPattern(term)}`))
      .orderBy(sql`(${qt.taskNo} = ${term}) DESC`, desc(qt.id)).limit(limit)
    return rows.map((r) => ({ type: 'quickInbound', id: r.id, number: r.taskNo, status: r.status, title: `${r.taskNo} → ${r.orderNo}`, path: `${INBOUND_EXTRA_PATHS.quick}?taskNo=${encodeURIComponent(r.taskNo)}` }))
  },
})

export function quickRoutes(db: AppDb): RouteDef[] {
  return [
    listRoute(db, quickList, { url: '/api/inbound/quick', summary: 'Quick inbound tasks with their inbound order', tags: ['inbound'], permission: QUICK_PERMISSIONS.view }),
    defineRoute({
      method: 'GET', url: '/api/inbound/quick/:taskNo', summary: 'One quick inbound task with its lines and codes', tags: ['inbound'],
      envelope: 'main', auth: 'scoped', permission: QUICK_PERMISSIONS.view, params: z.object({ taskNo: z.string().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const d = await quickDetail(db, auth, params.taskNo)
        if (!d) throw notFound('inbound:quick.errors.notFound', { taskNo: params.taskNo })
        return d
      },
    }),
  ]
}
