// Receiving (stock-in → harvest): the `inbound.receive` command — one accepted scan of a SKU code, UPC
// or FNSKU against an Issued/Receiving inbound order — and the station's task view
// (GET /api/inbound/receiving/:code, the order by its number or a box label "<orderNo>-<box>").
//
// Everything a scan changes happens in the command's ONE transaction, in a fixed lock order (order row
// FOR UPDATE → line → balance) so concurrent receivers never deadlock: the line's received_qty moves
// by one conditional UPDATE (`… WHERE received_qty + qty <= expected_qty`), so 32 receivers racing for
// the last units end exactly at the expected quantity; the receipt row, the ledger's addStock at the
// receiving location and the order's counters follow. The first receipt moves the order Issued →
// Receiving; the receipt that completes every line finishes receiving (inspection or shelving next).
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Area } from '../../http/area'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, registerRoutes } from '../../http/route'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { addStock } from '../../inventory/ledger'
import { findReceivingLocation, getInboundSettings, inboundSettingsOf, receivingLocation, type InboundSettings } from '../../inventory/settings'
import { inboundOrder, inboundSetting } from '../../db/schema/index'
import { DOC_PREFIX } from '../../inventory/doc-no'
import { transitionOrder, finishReceiving } from './order-machine'
import { InboundStatus } from '../../../domain/dictionaries'
import { notReceivable } from '../../../domain/states/inbound-order'
import type { ReceiveArgs, ReceiveResult, ReceivingTask } from '../../../../commands/receiving'

export const RECEIVING_PERMISSIONS = { view: 'menu:harvest', receive: 'harvest:receive' } as const

type Scope = { tenantId: number; warehouseId: number }
const E = (k: string) => `inbound:receiving.errors.${k}`
const num = (v: unknown) => Number(v)

/** FNSKU-shaped codes (Amazon: X00…, or the ASIN-style B0…): an unknown one reads 'FNSKU error/does not exist'. */
const FNSKU_SHAPE = /^[XB][A-Z0-9]{9}$/

/** otherReason: an other inbound order's reason (issue 20), written on its receipts' ledger rows. */
interface OrderRow { id: number; orderNo: string; status: number; batchNo: string; otherReason?: string | null }

/** An order of the current warehouse+tenant by its number, or by a box label "<orderNo>-<box>". */
export async function findOrderByCode(q: Queryable, scope: Scope, code: string, lock = false): Promise<(OrderRow & { boxNo: string | null }) | undefined> {
  const c = code.trim().toUpperCase()
  const m = /^(.+)-(\d{1,4})$/.exec(c)
  const rows = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, coalesce(batch_no, '') AS batch_no, other_reason FROM inbound_order
    WHERE tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} AND order_no IN (${c}, ${m ? m[1]! : c})
    ORDER BY (order_no = ${c}) DESC LIMIT 1
    ${lock ? sql`FOR UPDATE` : sql``}`))
  const r = rows[0]
  if (!r) return undefined
  const orderNo = String(r.order_no)
  return { id: num(r.id), orderNo, status: num(r.status), batchNo: String(r.batch_no), otherReason: r.other_reason == null ? null : String(r.other_reason), boxNo: orderNo === c ? null : c }
}

type CodeKind = 'sku' | 'upc' | 'fnsku'
const KIND_RANK: Record<CodeKind, number> = { sku: 0, upc: 1, fnsku: 2 }

interface LineRow { id: number; lineNo: number; skuId: number; batchNo: string; expected: number; received: number }

interface CodeMatches { skus: Map<number, { skuCode: string; kind: CodeKind }>; lines: LineRow[] }

/**
 * One round trip after the order lock: the SKUs of the tenant the scanned code names (its SKU code, or a
 * UPC/FNSKU of one of its platform SKUs) and the order's lines of those SKUs. Read after the lock, so
 * every earlier scan of the order is committed and visible. No time rule: the station queues a gun's
 * burst and sends it in order, so three reads of one SKU within 78 ms are three units; the warehouse's
 * double-read guard (inbound settings, off by default) is applied at the station, which alone knows
 * when each code was read.
 */
async function codeMatches(tx: AppTx, auth: AuthContext, orderId: number, code: string): Promise<CodeMatches> {
  const up = code.toUpperCase()
  const t = auth.tenantId
  const rows = rowsOf(await tx.execute(sql`
    WITH k AS (
      SELECT id AS sku_id, sku_code, 'sku' AS kind FROM product_sku WHERE tenant_id = ${t} AND sku_code IN (${code}, ${up})
      UNION ALL
      SELECT m.sku_id, k.sku_code, 'upc' FROM product_msku m JOIN product_sku k ON k.id = m.sku_id WHERE m.tenant_id = ${t} AND m.upc = ${code}
      UNION ALL
      SELECT m.sku_id, k.sku_code, 'fnsku' FROM product_msku m JOIN product_sku k ON k.id = m.sku_id WHERE m.tenant_id = ${t} AND m.fnsku = ${up}
    ), x AS (
      SELECT k.sku_id, k.sku_code, k.kind, l.id AS line_id, l.line_no, l.batch_no, l.expected_qty, l.received_qty
      FROM k LEFT JOIN inbound_order_line l ON l.order_id = ${orderId} AND l.sku_id = k.sku_id
    )
    SELECT x.* FROM x`))
  const skus = new Map<number, { skuCode: string; kind: CodeKind }>()
  const lines = new Map<number, LineRow>()
  for (const r of rows) {
    if (r.sku_id == null) continue
    const id = num(r.sku_id)
    const kind = r.kind as CodeKind
    const prev = skus.get(id)
    if (!prev || KIND_RANK[kind] < KIND_RANK[prev.kind]) skus.set(id, { skuCode: String(r.sku_code), kind })
    if (r.line_id != null) {
      lines.set(num(r.line_id), { id: num(r.line_id), lineNo: num(r.line_no), skuId: id, batchNo: String(r.batch_no), expected: num(r.expected_qty), received: num(r.received_qty) })
    }
  }
  return { skus, lines: [...lines.values()].sort((a, b) => a.lineNo - b.lineNo) }
}

/**
 * The order of the current warehouse+tenant by its number or box label, locked FOR UPDATE, with its
 * warehouse's inbound settings (defaults when none are stored): one round trip.
 */
async function lockOrderWithSettings(tx: AppTx, scope: Scope, code: string): Promise<{ order: OrderRow; settings: InboundSettings } | undefined> {
  const c = code.trim().toUpperCase()
  const m = /^(.+)-(\d{1,4})$/.exec(c)
  const [row] = await tx.select({ id: inboundOrder.id, orderNo: inboundOrder.orderNo, status: inboundOrder.status, batchNo: inboundOrder.batchNo, otherReason: inboundOrder.otherReason, setting: inboundSetting })
    .from(inboundOrder)
    .leftJoin(inboundSetting, and(eq(inboundSetting.tenantId, inboundOrder.tenantId), eq(inboundSetting.warehouseId, inboundOrder.warehouseId)))
    .where(and(eq(inboundOrder.tenantId, scope.tenantId), eq(inboundOrder.warehouseId, scope.warehouseId), inArray(inboundOrder.orderNo, [c, m ? m[1]! : c])))
    .orderBy(sql`(${inboundOrder.orderNo} = ${c}) DESC`)
    .limit(1)
    .for('update', { of: inboundOrder })
  if (!row) return undefined
  return {
    order: { id: row.id, orderNo: row.orderNo, status: row.status, batchNo: row.batchNo ?? '', otherReason: row.otherReason ?? null },
    settings: inboundSettingsOf(scope, row.setting),
  }
}

/**
 * The line a scan lands on. With a batch number: the line expecting that batch, else one expecting no
 * particular batch. Without: the first line (by number) with something left, else the first line
 * (which the quantity rule then refuses with the numbers).
 */
function pickLine(lines: LineRow[], batchNo: string): LineRow | undefined {
  if (batchNo) return lines.find((l) => l.batchNo === batchNo) ?? lines.find((l) => l.batchNo === '' && l.received < l.expected) ?? lines.find((l) => l.batchNo === '')
  return lines.find((l) => l.received < l.expected) ?? lines[0]
}

export async function receive(tx: AppTx, auth: AuthContext, args: ReceiveArgs): Promise<ReceiveResult> {
  const scope = { tenantId: auth.tenantId, warehouseId: auth.warehouseId }
  const qty = args.qty ?? 1
  // Spec §5 'receiving number not 0' (a negative count is no better).
  if (qty < 1) throw fieldError('qty', E('qtyZero'), { qty })
  const code = args.code.trim()
  const boxNo = args.boxNo?.trim() ? args.boxNo.trim().toUpperCase() : null

  // The order row lock serializes the scans of one order: status, box count and the rules below see
  // every earlier scan of this order, committed.
  const locked = await lockOrderWithSettings(tx, scope, args.orderNo)
  if (!locked) throw notFound(E('orderNotFound'), { orderNo: args.orderNo })
  const { order, settings } = locked
  // Named with the order's status and the receivable ones (domain/states/inbound-order.ts, as the station).
  const refused = notReceivable(order)
  if (refused) throw conflict(refused.key, refused.params)
  const locationId = await receivingLocation(tx, scope, settings)

  const { skus, lines } = await codeMatches(tx, auth, order.id, code)
  if (skus.size === 0) throw conflict(FNSKU_SHAPE.test(code.toUpperCase()) ? E('fnskuMissing') : E('nothingMatches'), { code })
  if (!lines.length) throw conflict(E('notInOrder'), { code, orderNo: order.orderNo })
  const wantedBatch = args.batchNo?.trim() ?? ''
  const line = pickLine(lines, wantedBatch)
  if (!line) throw conflict(E('batchNotInOrder'), { batchNo: wantedBatch, code })
  const sku = skus.get(line.skuId)!
  const batchNo = wantedBatch || line.batchNo || order.batchNo

  // X/B rule (spec §5): FNSKUs prefixed X and B never share a box when the setting forbids it.
  // Receipts without a box number count as one box of the order.
  if (settings.forbidXbMix && sku.kind === 'fnsku') {
    const mine = code.toUpperCase()[0]!
    const other = mine === 'X' ? 'B' : 'X'
    const clash = rowsOf(await tx.execute(sql`
      SELECT r.scanned_code FROM inbound_receipt r
      WHERE r.order_id = ${order.id} AND r.box_no IS NOT DISTINCT FROM ${boxNo} AND upper(left(r.scanned_code, 1)) = ${other}
        AND EXISTS (SELECT 1 FROM product_msku m WHERE m.tenant_id = ${auth.tenantId} AND m.fnsku = upper(r.scanned_code))
      LIMIT 1`))
    if (clash.length) throw conflict(E('xbConflict'), { code, other: String(clash[0]!.scanned_code), box: boxNo ?? '—' })
  }
  // Consistent product code (spec §5): inside one box a SKU carries one label — once it was scanned by
  // an FNSKU, every unit of it in that box must show that same FNSKU (and an FNSKU scan must match
  // what the box already holds of that SKU).
  if (boxNo) {
    const prior = rowsOf(await tx.execute(sql`
      SELECT r.scanned_code, EXISTS (SELECT 1 FROM product_msku m WHERE m.tenant_id = ${auth.tenantId} AND m.fnsku = upper(r.scanned_code)) AS is_fnsku
      FROM inbound_receipt r
      WHERE r.order_id = ${order.id} AND r.box_no = ${boxNo} AND r.sku_id = ${line.skuId} AND upper(r.scanned_code) <> ${code.toUpperCase()}
      ORDER BY r.id LIMIT 20`))
    const bad = prior.find((p) => sku.kind === 'fnsku' || p.is_fnsku === true)
    if (bad) throw conflict(E('codeInconsistent'), { code, previous: String(bad.scanned_code), box: boxNo })
  }

  // One statement checks and moves the line (never above the expected quantity) and, only when it
  // moved, writes the receipt and the order's counters. Its parts share one snapshot: the box is new
  // when no earlier receipt carries it, and the open-line count adds this receipt to its line.
  const [moved] = rowsOf(await tx.execute(sql`
    WITH line AS (
      UPDATE inbound_order_line SET received_qty = received_qty + ${qty}
      WHERE id = ${line.id} AND received_qty + ${qty} <= expected_qty
      RETURNING received_qty, expected_qty
    ), receipt AS (
      INSERT INTO inbound_receipt (tenant_id, warehouse_id, order_id, line_id, sku_id, qty, batch_no, box_no, scanned_code, location_id, operator_id, operator_name)
      SELECT ${auth.tenantId}, ${auth.warehouseId}, ${order.id}, ${line.id}, ${line.skuId}, ${qty}, ${batchNo}, ${boxNo}, ${code}, ${locationId}, ${auth.userId}, ${auth.username}
      FROM line
    ), head AS (
      UPDATE inbound_order SET received_qty = received_qty + ${qty},
        received_boxes = received_boxes + ${boxNo === null ? sql`0` : sql`CASE WHEN EXISTS (SELECT 1 FROM inbound_receipt WHERE order_id = ${order.id} AND box_no = ${boxNo}) THEN 0 ELSE 1 END`},
        receiving_at = coalesce(receiving_at, now()), updated_at = now(), updated_by = ${auth.userId}
      WHERE id = ${order.id} AND EXISTS (SELECT 1 FROM line)
      RETURNING received_qty, expected_qty, received_boxes
    )
    SELECT line.received_qty AS line_received, line.expected_qty AS line_expected,
      head.received_qty AS order_received, head.expected_qty AS order_expected, head.received_boxes,
      (SELECT count(*) FROM inbound_order_line WHERE order_id = ${order.id}
        AND received_qty + CASE WHEN id = ${line.id} THEN ${qty} ELSE 0 END < expected_qty) AS open
    FROM line, head`))
  if (!moved) {
    const [now] = rowsOf(await tx.execute(sql`SELECT received_qty, expected_qty FROM inbound_order_line WHERE id = ${line.id}`))
    const remaining = num(now!.expected_qty) - num(now!.received_qty)
    throw conflict(E('overRemaining'), { qty, remaining, skuCode: sku.skuCode })
  }
  if (order.status === InboundStatus.Issued) await transitionOrder(tx, auth, order.id, InboundStatus.Receiving)
  await addStock(tx, { ...scope, locationId, skuId: line.skuId, batchNo },
    qty, { docType: DOC_PREFIX.inboundOrder, docNo: order.orderNo, docLine: line.lineNo, ...(order.otherReason ? { reason: 'otherIn', reasonParams: { reason: order.otherReason } } : { reason: 'receive' }) }, { userId: auth.userId, username: auth.username })

  const finished = num(moved.open) === 0
  const flow = finished ? await finishReceiving(tx, auth, order.id) : {}
  return {
    orderNo: order.orderNo,
    status: finished ? InboundStatus.Finish : InboundStatus.Receiving,
    lineNo: line.lineNo, skuCode: sku.skuCode, codeKind: sku.kind, qty, batchNo, boxNo,
    lineReceived: num(moved.line_received), lineExpected: num(moved.line_expected),
    orderReceived: num(moved.order_received), orderExpected: num(moved.order_expected), receivedBoxes: num(moved.received_boxes),
    finished, ...flow,
  }
}

defineHandler<ReceiveArgs>('inbound.receive', async ({ tx, args, auth, setSummary }) => {
  const r = await receive(tx, auth, args)
  setSummary(`${r.orderNo} line ${r.lineNo} ${r.skuCode} +${r.qty}${r.boxNo ? ` box ${r.boxNo}` : ''}${r.finished ? ' finished' : ''}`)
  return r
})

// ---- The station's task view ----------------------------------------------------------------------

export async function receivingTask(q: Queryable, scope: Scope, code: string): Promise<ReceivingTask | undefined> {
  const found = await findOrderByCode(q, scope, code)
  if (!found) return undefined
  const [o] = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, inbound_type, inspection_mode, coalesce(batch_no, '') AS batch_no, box_count, expected_qty, received_qty, received_boxes
    FROM inbound_order WHERE id = ${found.id}`))
  const lines = rowsOf(await q.execute(sql`
    SELECT l.line_no, l.sku_id, k.sku_code, st.style_no, c.name AS color_name, z.name AS size_name, l.batch_no, l.expected_qty, l.received_qty,
      coalesce((SELECT array_agg(DISTINCT m.upc) FROM product_msku m WHERE m.tenant_id = l.tenant_id AND m.sku_id = l.sku_id AND m.upc IS NOT NULL), '{}') AS upcs,
      coalesce((SELECT array_agg(DISTINCT m.fnsku) FROM product_msku m WHERE m.tenant_id = l.tenant_id AND m.sku_id = l.sku_id AND m.fnsku IS NOT NULL), '{}') AS fnskus
    FROM inbound_order_line l
    JOIN product_sku k ON k.id = l.sku_id
    JOIN product_style st ON st.id = k.style_id
    JOIN product_color c ON c.id = k.color_id
    JOIN product_size z ON z.id = k.size_id
    WHERE l.order_id = ${found.id} ORDER BY l.line_no`))
  const settings = await getInboundSettings(q, scope)
  const loc = await findReceivingLocation(q, scope, settings)
  const [gen] = rowsOf(await q.execute(sql`
    SELECT (SELECT inspection_no FROM inspection_order WHERE order_id = ${found.id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} ORDER BY id LIMIT 1) AS inspection_no,
           (SELECT task_no FROM shelving_task WHERE order_id = ${found.id} AND tenant_id = ${scope.tenantId} AND warehouse_id = ${scope.warehouseId} ORDER BY id LIMIT 1) AS task_no`))
  const arr = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.replace(/^\{|\}$/g, '').split(',').filter(Boolean) : [])
  return {
    order: {
      id: num(o!.id), orderNo: String(o!.order_no), status: num(o!.status), inboundType: num(o!.inbound_type), inspectionMode: num(o!.inspection_mode),
      batchNo: String(o!.batch_no), boxCount: o!.box_count === null ? null : num(o!.box_count), expectedQty: num(o!.expected_qty),
      receivedQty: num(o!.received_qty), receivedBoxes: num(o!.received_boxes), remaining: num(o!.expected_qty) - num(o!.received_qty),
    },
    boxNo: found.boxNo,
    lines: lines.map((l) => ({
      lineNo: num(l.line_no), skuId: num(l.sku_id), skuCode: String(l.sku_code), styleNo: String(l.style_no), colorName: String(l.color_name),
      sizeName: String(l.size_name), batchNo: String(l.batch_no), expectedQty: num(l.expected_qty), receivedQty: num(l.received_qty),
      remaining: num(l.expected_qty) - num(l.received_qty), upcs: arr(l.upcs), fnskus: arr(l.fnskus),
    })),
    settings: {
      receivingLocationId: loc?.id ?? null, receivingLocationCode: loc?.code ?? null,
      minScanIntervalMs: settings.minScanIntervalMs, forbidXbMix: settings.forbidXbMix,
    },
    generated: {
      ...(gen?.inspection_no ? { inspectionNo: String(gen.inspection_no) } : {}),
      ...(gen?.task_no ? { shelvingTaskNo: String(gen.task_no) } : {}),
    },
  }
}

/** Routes of the receiving station; the inbound area (index.ts) registers them. */
export const receivingRoutes: Area = (app, { db }) => {
  registerRoutes(app, [
    defineRoute({
      method: 'GET', url: '/api/inbound/receiving/:code', tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: RECEIVING_PERMISSIONS.view,
      summary: "The receiving station's task: an inbound order by number or box label, its lines with what remains, the receiving settings",
      params: z.object({ code: z.string().trim().min(1).max(80) }),
      handler: async ({ params, auth }) => {
        const task = await receivingTask(db, auth, params.code)
        if (!task) throw notFound(E('orderNotFound'), { orderNo: params.code })
        return task
      },
    }),
  ])
}

