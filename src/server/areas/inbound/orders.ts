// Inbound orders (stock-in → inbound-order): the documents receiving works against. Commands (one
// transaction each, commands/inbound-orders.ts): create — by the form, the API or an Excel sheet —
// edit while New, and the status machine's moves (order-machine.ts). Routes: the list (filters,
// timeout flag, xlsx export), one order with its lines by number, the bulk status preview, the
// import's template and dry run, and code resolution for the form. Another warehouse's order is 404.
// Lines are entered by SKU code or by a UPC / FNSKU of one of the SKU's platform SKUs (product_msku).
import { z } from 'zod'
import { and, eq, sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import { AppError, conflict, fieldError, notFound } from '../../http/errors'
import { defineRoute, raw, type RouteDef } from '../../http/route'
import { contentDisposition, listQuerySchema, runList, streamListXlsx, type ExportColumn, type ListDef } from '../../http/list'
import { defineHandler } from '../../commands/registry'
import { rowsOf } from '../../db/rows'
import { templateWorkbook } from '../../resources/importer'
import { cellText, idsByCodeOrName, openDocumentSheet, withHeaderCells, type SheetError } from '../../resources/document-sheet'
import { resourceTables } from '../../db/schema/resources'
import { inboundOrder } from '../../db/schema/index'
import { DOC_PREFIX, nextDocNo } from '../../inventory/doc-no'
import { timeoutHours, timeoutPredicate } from '../../inventory/timeouts'
import { receiveOneFile } from '../../http/upload'
import { translate } from '../../i18n'
import { registerDocumentLookup, containsPattern as lookupPattern, matchedText } from '../search/registry'
import { finishReceiving, loadOrderHead, ORDER_TRANSITIONS, refusalOf, transitionOrder } from './order-machine'
import { refuseUnlessAllowed } from '../../commands/states'
import { inboundOrderMachine, ORDER_COMMAND_TARGET } from '../../../domain/states/inbound-order'
import { defineResource } from '../../../domain/resource'
import { DICTIONARIES, dictLabelKey, InboundStatus, InboundType } from '../../../domain/dictionaries'
import { FALLBACK_LANGUAGE, LANGUAGES, type Language } from '../../../domain/i18n'
import { issueMessageKey, issueParams } from '../../../domain/validation'
import {
  CreateOrderArgs, EditOrderArgs, ImportOrderRow, ImportOrdersArgs, INBOUND_ORDER_API, INBOUND_ORDER_PERMISSIONS as P, inboundOrderDetailsPath,
  MAX_BULK_ORDERS, MAX_IMPORT_LINES, OrderIdsArgs, OrderStatusArgs,
  type CreatedOrder, type StatusVerdict, type TransitionResult,
} from '../../../../commands/inbound-orders'

type Scope = { tenantId: number; warehouseId: number }
type Issue = { field: string; messageKey: string; params?: Record<string, unknown> }
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
const S = InboundStatus

/** The label of an order form field (refusals name it in the operator's language). */
export const orderFieldKey = (field: string) => `inbound:order.fields.${field.split('.').filter((p) => !/^\d+$/.test(p)).pop() ?? field}`
const withLabel = (i: Issue): Issue => ({ ...i, params: { fieldKey: orderFieldKey(i.field), ...i.params } })
/** A refusal listing every issue, each naming its field (and line). */
const refuseAll = (issues: Issue[]) => new AppError(400, issues[0]!.messageKey, issues[0]!.params, issues.map(withLabel))

// ---------------------------------------------------------------------------------------------
// Code resolution: SKU code first, else a UPC or FNSKU of a platform SKU.

export interface ResolvedSku { skuId: number; skuCode: string; styleNo: string; colorName: string; sizeName: string }

/** Every code → the SKUs it names in the tenant (one query; a code may name none or several). */
export async function resolveCodes(q: Queryable, tenantId: number, codes: readonly string[]): Promise<Map<string, ResolvedSku[]>> {
  const out = new Map<string, ResolvedSku[]>()
  const uniq = [...new Set(codes.map((c) => c.trim().toUpperCase()).filter(Boolean))]
  if (!uniq.length) return out
  const arr = sql`${`{${uniq.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[]`
  const rows = rowsOf(await q.execute(sql`
    WITH c(code) AS (SELECT unnest(${arr})),
    hit AS (
      SELECT c.code, s.id AS sku_id, 0 AS rank FROM c JOIN product_sku s ON s.tenant_id = ${tenantId} AND upper(s.sku_code) = c.code
      UNION
      SELECT c.code, m.sku_id, 1 FROM c JOIN product_msku m ON m.tenant_id = ${tenantId} AND (upper(m.upc) = c.code OR upper(m.fnsku) = c.code)
    ),
    best AS (SELECT code, sku_id FROM hit h WHERE rank = (SELECT min(rank) FROM hit h2 WHERE h2.code = h.code))
    SELECT DISTINCT b.code, s.id, s.sku_code, st.style_no, co.name AS color_name, si.name AS size_name
    FROM best b JOIN product_sku s ON s.id = b.sku_id
    LEFT JOIN product_style st ON st.id = s.style_id LEFT JOIN product_color co ON co.id = s.color_id LEFT JOIN product_size si ON si.id = s.size_id
    ORDER BY b.code, s.id`))
  for (const r of rows) {
    const list = out.get(String(r.code)) ?? []
    list.push({ skuId: Number(r.id), skuCode: String(r.sku_code), styleNo: String(r.style_no ?? ''), colorName: String(r.color_name ?? ''), sizeName: String(r.size_name ?? '') })
    out.set(String(r.code), list)
  }
  return out
}

// ---------------------------------------------------------------------------------------------
// Create / edit

type OrderInput = z.output<typeof CreateOrderArgs>
interface PlannedLine { skuId: number; batchNo: string; qty: number }

/**
 * Checks an order against the database (supplier of the tenant, every line's code names exactly one
 * SKU) and merges lines of the same SKU and batch. Returns every issue at once (field paths such as
 * `lines.2.code`), never throws for bad input.
 */
export async function planOrder(q: Queryable, auth: Scope, input: OrderInput, codes?: Map<string, ResolvedSku[]>): Promise<{ issues: Issue[]; lines: PlannedLine[] }> {
  const issues: Issue[] = []
  if (input.supplierId != null) {
    const [s] = rowsOf(await q.execute(sql`SELECT 1 FROM supplier WHERE id = ${input.supplierId} AND tenant_id = ${auth.tenantId}`))
    if (!s) issues.push({ field: 'supplierId', messageKey: 'inbound:order.errors.supplierUnknown', params: { value: input.supplierId } })
  }
  if (input.expectedArrival && Number.isNaN(Date.parse(`${input.expectedArrival}T00:00:00Z`))) issues.push({ field: 'expectedArrival', messageKey: 'errors:field.invalidFormat' })
  // Other inbound (issue 20): its reason is required; no other type carries one.
  if (input.inboundType === InboundType.Other && !input.otherReason) issues.push({ field: 'otherReason', messageKey: 'errors:field.required' })
  if (input.inboundType !== InboundType.Other && input.otherReason) issues.push({ field: 'otherReason', messageKey: 'other-inout:errors.otherReasonType' })
  const resolved = codes ?? await resolveCodes(q, auth.tenantId, input.lines.map((l) => l.code))
  const merged = new Map<string, PlannedLine>()
  input.lines.forEach((l, i) => {
    const hits = resolved.get(l.code.toUpperCase()) ?? []
    if (hits.length === 0) { issues.push({ field: `lines.${i}.code`, messageKey: 'inbound:order.errors.codeUnknown', params: { code: l.code, line: i + 1 } }); return }
    if (hits.length > 1) { issues.push({ field: `lines.${i}.code`, messageKey: 'inbound:order.errors.codeAmbiguous', params: { code: l.code, line: i + 1, skus: hits.map((h) => h.skuCode).join(', ') } }); return }
    const batchNo = l.batchNo ?? input.batchNo ?? ''
    const key = `${hits[0]!.skuId}\u0000${batchNo}`
    const prior = merged.get(key)
    // The same SKU typed or scanned again adds to its line (one line per SKU and batch).
    if (prior) prior.qty += l.qty
    else merged.set(key, { skuId: hits[0]!.skuId, batchNo, qty: l.qty })
  })
  return { issues, lines: [...merged.values()] }
}

async function writeLines(tx: AppTx, auth: Scope, orderId: number, lines: PlannedLine[]) {
  const values = lines.map((l, i) => sql`(${orderId}, ${auth.tenantId}, ${auth.warehouseId}, ${i + 1}, ${l.skuId}, ${l.batchNo}, ${l.qty})`)
  await tx.execute(sql`INSERT INTO inbound_order_line (order_id, tenant_id, warehouse_id, line_no, sku_id, batch_no, expected_qty) VALUES ${sql.join(values, sql`, `)}`)
}

/** Inserts a checked order (status New) with its lines; the number is the next RK number of the day. */
export async function insertOrder(tx: AppTx, auth: AuthContext, input: OrderInput, lines: PlannedLine[]): Promise<CreatedOrder> {
  const scope = { tenantId: auth.tenantId, warehouseId: auth.warehouseId }
  const orderNo = await nextDocNo(tx, scope, DOC_PREFIX.inboundOrder)
  const expected = lines.reduce((s, l) => s + l.qty, 0)
  const [row] = rowsOf(await tx.execute(sql`
    INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, inspection_mode, supplier_id, source_no, batch_no,
      expected_arrival, box_count, expected_qty, remark, other_reason, created_by, updated_by)
    VALUES (${scope.tenantId}, ${scope.warehouseId}, ${orderNo}, ${input.inboundType}, ${S.New}, ${input.inspectionMode}, ${input.supplierId ?? null},
      ${input.sourceNo ?? null}, ${input.batchNo ?? null}, ${input.expectedArrival ?? null}, ${input.boxCount ?? null}, ${expected}, ${input.remark ?? null},
      ${input.otherReason ?? null}, ${auth.userId}, ${auth.userId})
    RETURNING id`))
  const id = Number(row!.id)
  await writeLines(tx, scope, id, lines)
  return { id, orderNo, expectedQty: expected, lines: lines.length }
}

defineHandler<OrderInput>('inbound.order.create', async ({ tx, auth, args, setSummary }) => {
  const { issues, lines } = await planOrder(tx, auth, args)
  if (issues.length) throw refuseAll(issues)
  const r = await insertOrder(tx, auth, args, lines)
  setSummary(`${r.orderNo} lines=${r.lines} qty=${r.expectedQty}`)
  return r
})

defineHandler<z.output<typeof EditOrderArgs>>('inbound.order.edit', async ({ tx, auth, args, setSummary }) => {
  const [found] = rowsOf(await tx.execute(sql`
    SELECT id FROM inbound_order WHERE order_no = ${args.orderNo} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  if (!found) throw notFound('inbound:errors.orderNotFound', { orderNo: args.orderNo })
  const head = await loadOrderHead(tx, auth, Number(found.id), true)
  // Lines are the agreement with the supplier: they change only before the order is submitted.
  refuseUnlessAllowed(inboundOrderMachine, 'inbound.order.edit', head, auth)
  const { issues, lines } = await planOrder(tx, auth, args)
  if (issues.length) throw refuseAll(issues)
  const expected = lines.reduce((s, l) => s + l.qty, 0)
  await tx.execute(sql`
    UPDATE inbound_order SET inbound_type = ${args.inboundType}, inspection_mode = ${args.inspectionMode}, supplier_id = ${args.supplierId ?? null},
      source_no = ${args.sourceNo ?? null}, batch_no = ${args.batchNo ?? null}, expected_arrival = ${args.expectedArrival ?? null},
      box_count = ${args.boxCount ?? null}, remark = ${args.remark ?? null}, other_reason = ${args.otherReason ?? null}, expected_qty = ${expected}, updated_at = now(), updated_by = ${auth.userId}
    WHERE id = ${head.id}`)
  await tx.execute(sql`DELETE FROM inbound_order_line WHERE order_id = ${head.id}`)
  await writeLines(tx, auth, head.id, lines)
  setSummary(`${head.orderNo} lines=${lines.length} qty=${expected}`)
  return { id: head.id, orderNo: head.orderNo, expectedQty: expected, lines: lines.length } satisfies CreatedOrder
})

// ---------------------------------------------------------------------------------------------
// Status moves

/**
 * Moves every order to `to`, all or nothing: the first refusal (naming its order) rolls back all.
 * A transition command asks the order's machine by its id (the browser's `enabled` asks the same).
 */
async function moveAll(tx: AppTx, auth: AuthContext, ids: number[], to: number, command?: string): Promise<TransitionResult> {
  const changed: TransitionResult['changed'] = []
  // Fixed lock order (by id) so two bulk commands over overlapping selections never deadlock.
  for (const id of [...new Set(ids)].sort((a, b) => a - b)) {
    const head = await loadOrderHead(tx, auth, id, true)
    if (command) refuseUnlessAllowed(inboundOrderMachine, command, head, auth)
    if (to === S.Finish) {
      const flow = await finishReceiving(tx, auth, id)
      changed.push({ id, orderNo: head.orderNo, from: head.status, to, ...flow })
    } else {
      await transitionOrder(tx, auth, id, to)
      changed.push({ id, orderNo: head.orderNo, from: head.status, to })
    }
  }
  return { changed }
}

for (const [command, to] of Object.entries(ORDER_COMMAND_TARGET)) {
  defineHandler<OrderIdsArgs>(command, async ({ tx, auth, args, setSummary }) => {
    const r = await moveAll(tx, auth, args.ids, to, command)
    setSummary(`${r.changed.map((c) => c.orderNo).join(',')} → ${to}`)
    return r
  })
}

/** The bulk preview: per order, will it change, and if not why (in the operator's language). */
export async function statusVerdicts(q: Queryable, auth: Scope, ids: number[], to: number, lang: Language, lock = false): Promise<StatusVerdict[]> {
  const uniq = [...new Set(ids)].sort((a, b) => a - b)
  const rows = rowsOf(await q.execute(sql`
    SELECT id, order_no, status, received_qty FROM inbound_order
    WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId} AND id = ANY(${`{${uniq.join(',')}}`}::int[])
    ORDER BY id ${lock ? sql`FOR UPDATE` : sql``}`))
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return uniq.map((id) => {
    const r = byId.get(id)
    if (!r) return { id, orderNo: null, from: null, to, change: false, reason: 'inbound:errors.orderNotFound', message: translate(lang, 'inbound:errors.orderNotFound') }
    const head = { orderNo: String(r.order_no), status: Number(r.status), receivedQty: Number(r.received_qty) }
    const refusal = refusalOf(head, to)
    return {
      id, orderNo: head.orderNo, from: head.status, to, change: !refusal,
      reason: refusal?.key ?? null, message: refusal ? translate(lang, refusal.key, refusal.params) : null,
    }
  })
}

defineHandler<OrderStatusArgs>('inbound.order.status', async ({ tx, auth, args, setSummary }) => {
  const verdicts = await statusVerdicts(tx, auth, args.ids, args.status, FALLBACK_LANGUAGE, true)
  const ok = verdicts.filter((v) => v.change).map((v) => v.id)
  if (!ok.length) {
    const first = verdicts[0]!
    const head = { orderNo: first.orderNo ?? String(first.id), status: first.from ?? -1, receivedQty: 0 }
    const refusal = first.orderNo ? refusalOf(head, args.status) : null
    throw refusal ? conflict(refusal.key, refusal.params) : notFound('inbound:errors.orderNotFound')
  }
  const r = await moveAll(tx, auth, ok, args.status)
  setSummary(`bulk → ${args.status}: ${r.changed.length} changed, ${verdicts.length - ok.length} refused`)
  return { ...r, refused: verdicts.filter((v) => !v.change).map((v) => ({ ...v, message: null })) }
})

// ---------------------------------------------------------------------------------------------
// Excel import: one row per line, grouped into orders by the client reference column.

/** The sheet as a tiny declaration, so the shared sheet reader and template writer serve it. */
export const ORDER_SHEET = defineResource({
  name: 'orderImport', table: 'inbound_order', scope: 'warehouse', menuCode: 'inbound-order', component: 'stock-in/inbound-order', ns: 'inbound',
  fields: {
    ref: { kind: 'text', required: true, maxLength: 60 },
    inboundType: { kind: 'enum', dict: 'inboundType', required: true },
    /** Other inbound (type Other 7) only, and then required: the reason (dict otherInboundReason). */
    otherReason: { kind: 'enum', dict: 'otherInboundReason' },
    supplier: { kind: 'text', maxLength: 120 },
    sourceNo: { kind: 'text', maxLength: 60 },
    expectedArrival: { kind: 'date' },
    inspectionMode: { kind: 'enum', dict: 'inspectionMode' },
    batchNo: { kind: 'text', maxLength: 40 },
    boxCount: { kind: 'int', min: 0 },
    remark: { kind: 'text', maxLength: 500 },
    code: { kind: 'text', required: true, maxLength: 80 },
    qty: { kind: 'int', required: true, min: 1 },
  },
  list: { columns: ['ref'], defaultSort: 'ref:asc' },
  form: [['ref']],
  import: { columns: ['ref', 'inboundType', 'otherReason', 'supplier', 'sourceNo', 'expectedArrival', 'inspectionMode', 'batchNo', 'boxCount', 'remark', 'code', 'qty'], key: 'ref', templateName: 'INBOUND_ORDER_TEMPLATE', maxRows: MAX_IMPORT_LINES },
  existingTable: true,
})
const SHEET_HEADER_CELLS = ['inboundType', 'otherReason', 'supplier', 'sourceNo', 'expectedArrival', 'inspectionMode', 'batchNo', 'boxCount', 'remark'] as const
const HEADER_FIELDS = ['inboundType', 'otherReason', 'supplierId', 'sourceNo', 'expectedArrival', 'inspectionMode', 'batchNo', 'boxCount', 'remark'] as const

export interface ImportDryRun {
  total: number
  /** Orders the sheet makes. */
  creates: number
  updates: 0
  rows: ImportOrderRow[]
  errors: SheetError[]
}

/** A dictionary cell of an import sheet: its code value, or its label in any language (case ignored). */
export function dictCell(dict: keyof typeof DICTIONARIES, v: unknown): string | undefined {
  const s = String(v).trim().toLowerCase()
  for (const e of DICTIONARIES[dict]) {
    if (e.value.toLowerCase() === s || e.name.toLowerCase() === s) return e.value
    for (const l of LANGUAGES) if (translate(l, dictLabelKey(dict, e.value)).toLowerCase() === s) return e.value
  }
  return undefined
}
/** An enum cell of a numeric dictionary. */
const enumCell = (dict: 'inboundType' | 'inspectionMode', v: unknown): number | undefined => {
  const e = dictCell(dict, v)
  return e === undefined ? undefined : Number(e)
}
/** The order a sheet's rows of one reference make (the form's input: planOrder checks it as for the form). */
const importInput = (group: readonly ImportOrderRow[]): OrderInput => {
  const first = group[0]!
  return {
    inboundType: first.inboundType, otherReason: first.otherReason ?? null, supplierId: first.supplierId ?? null, sourceNo: first.sourceNo ?? null,
    expectedArrival: first.expectedArrival ?? null, inspectionMode: first.inspectionMode, batchNo: first.batchNo ?? null, boxCount: first.boxCount ?? null,
    remark: first.remark ?? null, lines: group.map((r) => ({ code: r.code.toUpperCase(), qty: r.qty, batchNo: null })),
  }
}


/**
 * Rows → orders: groups by ref, checks every row (cells, suppliers, codes, one header per order) and
 * returns every issue with its sheet row. `codes` and suppliers are resolved in bulk.
 */
async function checkImportRows(q: Queryable, auth: Scope, rows: ImportOrderRow[]): Promise<{ issues: (Issue & { row: number })[]; groups: Map<string, ImportOrderRow[]> }> {
  const issues: (Issue & { row: number })[] = []
  const groups = new Map<string, ImportOrderRow[]>()
  for (const r of rows) (groups.get(r.ref) ?? groups.set(r.ref, []).get(r.ref)!).push(r)
  const codes = await resolveCodes(q, auth.tenantId, rows.map((r) => r.code))
  for (const [, group] of groups) {
    const first = group[0]!
    // One header per order: a later row may leave a header cell empty but not contradict the first.
    for (const r of group.slice(1)) {
      for (const f of HEADER_FIELDS) {
        const a = r[f]; const b = first[f]
        if (a !== null && a !== undefined && a !== '' && String(a) !== String(b ?? '')) {
          issues.push({ row: r.row, field: f === 'supplierId' ? 'supplier' : f, messageKey: 'inbound:order.import.headerMismatch', params: { ref: r.ref, row: first.row } })
        }
      }
    }
    const plan = await planOrder(q, auth, importInput(group), codes)
    for (const i of plan.issues) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(i.field)
      const row = m ? group[Number(m[1])]!.row : first.row
      issues.push({ ...i, row, field: m ? m[2]! : i.field === 'supplierId' ? 'supplier' : i.field })
    }
  }
  return { issues, groups }
}

/** The dry run: every bad row and cell at once, in the operator's language; writes nothing. */
export async function importDryRun(q: Queryable, auth: Scope, lang: Language, content: Buffer): Promise<ImportDryRun> {
  const { sheet, errors, push } = await openDocumentSheet(ORDER_SHEET, content, lang, (f) => `inbound:orderImport.fields.${f}`)
  // Suppliers by code or name, in bulk.
  const suppliers = await idsByCodeOrName(q, 'supplier', sheet.map((s) => cellText(s.cells.supplier)), auth.tenantId)
  const rows: ImportOrderRow[] = []
  // Later rows of an order may leave its header cells empty: they read the order's first row.
  for (const { row: s, cells: c } of withHeaderCells(sheet, 'ref', SHEET_HEADER_CELLS)) {
    let bad = false
    const enumOf = (f: 'inboundType' | 'inspectionMode', fallback?: number) => {
      const t = cellText(c[f])
      if (!t) return fallback
      const v = enumCell(f, t)
      if (v === undefined) { push(s.row, f, 'resources:import.enumUnknown', { value: t }); bad = true }
      return v
    }
    const intOf = (f: 'boxCount' | 'qty') => {
      const t = cellText(c[f])
      if (!t) return undefined
      const n = Number(t)
      if (!Number.isFinite(n)) { push(s.row, f, 'errors:field.invalidType'); bad = true; return undefined }
      return n
    }
    const reasonText = cellText(c.otherReason)
    const otherReason = reasonText ? dictCell('otherInboundReason', reasonText) : null
    if (otherReason === undefined) { push(s.row, 'otherReason', 'resources:import.enumUnknown', { value: reasonText }); bad = true }
    const supplierText = cellText(c.supplier)
    const supplierId = supplierText ? suppliers.get(supplierText) : undefined
    if (supplierText && supplierId === undefined) { push(s.row, 'supplier', 'resources:import.refNotFound', { value: supplierText }); bad = true }
    const cand = {
      row: s.row, ref: cellText(c.ref), inboundType: enumOf('inboundType'), otherReason: otherReason ?? null, supplierId: supplierId ?? null, sourceNo: cellText(c.sourceNo) || null,
      expectedArrival: cellText(c.expectedArrival).replace(/\//g, '-') || null, inspectionMode: enumOf('inspectionMode', 0),
      batchNo: cellText(c.batchNo) || null, boxCount: intOf('boxCount') ?? null, remark: cellText(c.remark) || null,
      code: cellText(c.code).toUpperCase(), qty: intOf('qty'),
    }
    const r = ImportOrderRow.safeParse(cand)
    if (!r.success) {
      const seen = new Set<string>()
      for (const i of r.error.issues) {
        const f = String(i.path[0] ?? 'ref')
        const field = f === 'supplierId' ? 'supplier' : f
        if (seen.has(field) || errors.some((e) => e.row === s.row && e.field === field)) continue
        seen.add(field)
        push(s.row, field, issueMessageKey(i, (cand as Record<string, unknown>)[f]), issueParams(i))
      }
      continue
    }
    if (!bad) rows.push(r.data)
  }
  const { issues, groups } = await checkImportRows(q, auth, rows)
  for (const i of issues) push(i.row, i.field, i.messageKey, i.params)
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  return { total: sheet.length, creates: errors.length ? 0 : groups.size, updates: 0, rows: errors.length ? [] : rows, errors }
}

defineHandler<ImportOrdersArgs>('inbound.order.import', async ({ tx, auth, args, setSummary }) => {
  // The rows are checked again against the database as it is now; any problem refuses the whole file.
  const { issues, groups } = await checkImportRows(tx, auth, args.rows)
  if (issues.length) {
    throw new AppError(400, 'resources:import.invalid', { count: issues.length }, issues.map((i) => withLabel({ ...i, field: `rows.${i.row}.${i.field}` })), { errors: issues })
  }
  const codes = await resolveCodes(tx, auth.tenantId, args.rows.map((r) => r.code))
  const orderNos: string[] = []
  for (const [, group] of groups) {
    const input = importInput(group)
    const plan = await planOrder(tx, auth, input, codes)
    orderNos.push((await insertOrder(tx, auth, input, plan.lines)).orderNo)
  }
  setSummary(`import: ${orderNos.length} orders, ${args.rows.length} lines`)
  return { created: orderNos.length, orderNos }
})

// ---------------------------------------------------------------------------------------------
// Reads

const o = inboundOrder
const supplier = resourceTables.supplier!

/** Lines' SKU codes of an order: the SKU filter's column (it filters with `match`, an id set of matching lines). */
const skuCodesOf = sql`(SELECT string_agg(ps.sku_code, ' ') FROM inbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id WHERE l.order_id = ${o.id})`

/** The list over the caller's inbound timeout (hours since issued while Issued or Receiving). */
export function orderList(hours: number, now = new Date()) {
  const timedOut = timeoutPredicate('inbound', { start: o.issuedAt, status: o.status }, hours, now)
  return {
    table: o,
    join: (q: any) => q.leftJoin(supplier, eq(supplier.id, o.supplierId)),
    select: {
      id: o.id, orderNo: o.orderNo, inboundType: o.inboundType, otherReason: o.otherReason, status: o.status, inspectionMode: o.inspectionMode,
      supplierId: o.supplierId, supplierName: sql<string | null>`${supplier.name}`.as('supplierName'),
      sourceNo: o.sourceNo, batchNo: o.batchNo, expectedArrival: o.expectedArrival, boxCount: o.boxCount,
      expectedQty: o.expectedQty, receivedQty: o.receivedQty, receivedBoxes: o.receivedBoxes, remark: o.remark,
      issuedAt: o.issuedAt, finishedAt: o.finishedAt, createdAt: o.createdAt,
      timedOut: sql<boolean>`(${timedOut})`.as('timedOut'),
    },
    scope: { tenant: o.tenantId, warehouse: o.warehouseId },
    key: o.id,
    sortable: {
      orderNo: o.orderNo, inboundType: o.inboundType, status: o.status, expectedArrival: o.expectedArrival, expectedQty: o.expectedQty,
      receivedQty: o.receivedQty, issuedAt: o.issuedAt, createdAt: o.createdAt, id: o.id,
    },
    defaultSort: 'createdAt:desc',
    filters: {
      orderNo: { type: 'text', column: o.orderNo },
      inboundType: { type: 'enum', column: o.inboundType, values: DICTIONARIES.inboundType.map((e) => e.value) },
      status: { type: 'enum', column: o.status, values: DICTIONARIES.inboundStatus.map((e) => e.value) },
      supplierName: { type: 'text', column: sql`coalesce(${supplier.code}, '') || ' ' || coalesce(${supplier.name}, '')` },
      // As an id set of the pair's matching lines (a semi-join), not an ILIKE over each order's
      // string_agg of SKU codes (a SubPlan per order of the pair), as the outbound list (issue 19).
      sku: {
        type: 'text', column: skuCodesOf,
        match: (p, auth) => sql`${o.id} IN (SELECT l.order_id FROM inbound_order_line l JOIN product_sku ps ON ps.id = l.sku_id
          WHERE l.tenant_id = ${auth.tenantId} AND l.warehouse_id = ${auth.warehouseId} AND ps.tenant_id = ${auth.tenantId} AND ps.sku_code ILIKE ${p})`,
      },
      sourceNo: { type: 'text', column: o.sourceNo },
      createdAt: { type: 'dateRange', column: o.createdAt },
      timedOut: { type: 'enum', column: sql`(${timedOut})`, values: ['true', 'false'] },
    },
    searchSortCap: 0,
  } satisfies ListDef
}
/** For the route's query schema (the filters do not depend on the hours). */
const LIST_SHAPE = orderList(48)

type OrderRow = Record<string, unknown>
const exportColumns = (lang: Language): ExportColumn<OrderRow>[] => [
  { key: 'orderNo', titleKey: 'inbound:order.fields.orderNo', width: 16 },
  { key: 'inboundType', titleKey: 'inbound:order.fields.inboundType', width: 12, value: (r) => translate(lang, dictLabelKey('inboundType', String(r.inboundType))) },
  { key: 'status', titleKey: 'inbound:order.fields.status', width: 12, value: (r) => translate(lang, dictLabelKey('inboundStatus', String(r.status))) },
  { key: 'supplierName', titleKey: 'inbound:order.fields.supplierId', width: 22 },
  { key: 'sourceNo', titleKey: 'inbound:order.fields.sourceNo', width: 16 },
  { key: 'batchNo', titleKey: 'inbound:order.fields.batchNo', width: 14 },
  { key: 'expectedArrival', titleKey: 'inbound:order.fields.expectedArrival', width: 12 },
  { key: 'expectedQty', titleKey: 'inbound:order.fields.expectedQty', width: 10 },
  { key: 'receivedQty', titleKey: 'inbound:order.fields.receivedQty', width: 10 },
  { key: 'timedOut', titleKey: 'inbound:order.fields.timedOut', width: 8, value: (r) => translate(lang, r.timedOut ? 'common:yes' : 'common:no') },
  { key: 'createdAt', titleKey: 'inbound:order.fields.createdAt', width: 20 },
]

/** One order by number in the caller's scope, with its lines (SKU, style, color, size) — or undefined. */
export async function orderDetail(q: Queryable, auth: Scope, key: string | number) {
  const hours = (await timeoutHours(q, auth)).inbound
  const [h] = await (q.select(orderList(hours).select as never).from(o).leftJoin(supplier, eq(supplier.id, o.supplierId))
    .where(and(eq(o.tenantId, auth.tenantId), eq(o.warehouseId, auth.warehouseId), typeof key === 'number' ? eq(o.id, key) : eq(o.orderNo, key))) as unknown as Promise<OrderRow[]>)
  if (!h) return undefined
  const lines = rowsOf(await q.execute(sql`
    SELECT l.id, l.line_no AS "lineNo", l.sku_id AS "skuId", s.sku_code AS "skuCode", st.style_no AS "styleNo", co.name AS "colorName", si.name AS "sizeName",
      l.batch_no AS "batchNo", l.expected_qty AS "expectedQty", l.received_qty AS "receivedQty", l.pass_qty AS "passQty", l.fail_qty AS "failQty",
      l.shelved_qty AS "shelvedQty"
    FROM inbound_order_line l JOIN product_sku s ON s.id = l.sku_id
    LEFT JOIN product_style st ON st.id = s.style_id LEFT JOIN product_color co ON co.id = s.color_id LEFT JOIN product_size si ON si.id = s.size_id
    WHERE l.order_id = ${h.id} ORDER BY l.line_no`))
  const status = Number(h.status)
  return {
    order: { ...h, timeoutHours: hours, next: (ORDER_TRANSITIONS[status] ?? []).filter((t) => t !== S.Receiving && !(t === S.Abolished && Number(h.receivedQty) > 0)) },
    lines: lines.map((l) => ({ ...l, id: Number(l.id), lineNo: Number(l.lineNo), skuId: Number(l.skuId), expectedQty: Number(l.expectedQty), receivedQty: Number(l.receivedQty), passQty: Number(l.passQty), failQty: Number(l.failQty), shelvedQty: Number(l.shelvedQty) })),
  }
}

// By its number (or part of it), its source number (the supplier's delivery note), or a box label
// <order number>-<box> as the receiving station reads it: the order's details page.
registerDocumentLookup({
  type: 'inboundOrder', titleKey: 'inbound:order.document', prefixes: [DOC_PREFIX.inboundOrder], permission: P.view, group: 'document',
  opens: { path: '/stock-in/inbound-order/details?orderNo={no}', testId: 'inbound-order-details' }, alsoBy: ['boxCode', 'sourceNo'],
  async search(db, auth, q, limit, lang) {
    const term = q.trim().toUpperCase()
    const box = /^(.+)-(\d{1,4})$/.exec(term)
    const rows = rowsOf(await db.execute(sql`
      SELECT id, order_no, source_no, status FROM inbound_order
      WHERE tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}
        AND (order_no ILIKE ${lookupPattern(term)} OR source_no ILIKE ${lookupPattern(term)} OR order_no ILIKE ${lookupPattern(box ? box[1]! : term)})
      ORDER BY (order_no = ${term} OR upper(source_no) = ${term} OR order_no = ${box ? box[1]! : term}) DESC, id DESC LIMIT ${limit}`))
    return rows.map((r) => {
      const no = String(r.order_no)
      const by = no.includes(term) ? undefined : box && no.includes(box[1]!) ? 'boxCode' as const : 'sourceNo' as const
      const matched = by === 'boxCode' ? `${no}-${box![2]}` : String(r.source_no ?? '')
      return {
        type: 'inboundOrder', id: Number(r.id), number: no, status: Number(r.status), ...(by ? { matched, matchedBy: by } : {}),
        title: `${translate(lang, 'inbound:order.document')} · ${translate(lang, dictLabelKey('inboundStatus', String(r.status)))}${by ? ` · ${matchedText(lang, by, matched)}` : ''}`,
        path: inboundOrderDetailsPath(no),
      }
    })
  },
})

const Ids = z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : String(v).split(',')), z.array(z.coerce.number().int().positive()).min(1).max(MAX_BULK_ORDERS))

export function orderRoutes(db: Queryable): RouteDef[] {
  const listFor = async (auth: Scope) => orderList((await timeoutHours(db, auth)).inbound)
  return [
    defineRoute({
      method: 'GET', url: INBOUND_ORDER_API.list, tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Inbound orders of the current warehouse and tenant (filters: number, type, status, supplier, SKU, source no, created range, timed out)',
      query: listQuerySchema(LIST_SHAPE),
      handler: async ({ query, auth }) => runList(db, await listFor(auth), query, auth),
    }),
    defineRoute({
      method: 'GET', url: INBOUND_ORDER_API.export, tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.export,
      summary: 'Inbound orders as xlsx (current filter, or up to 50 selected ids)',
      query: listQuerySchema(LIST_SHAPE, { forExport: true }),
      handler: async ({ query, auth, raw: req }, reply) => streamListXlsx({
        db, def: await listFor(auth), query, auth, reply, lang: req.lang, columns: exportColumns(req.lang),
        fileBase: 'inbound-orders', sheetKey: 'inbound:order.title', log: req.log,
      }),
    }),
    defineRoute({
      method: 'GET', url: '/api/inbound/orders/by-no/:orderNo', tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'One inbound order by number with its lines (SKU, style, color, size, batch, expected, received, passed, failed, shelved)',
      params: z.object({ orderNo: z.string().trim().min(1).max(40) }),
      handler: async ({ params, auth }) => {
        const d = await orderDetail(db, auth, params.orderNo.toUpperCase())
        if (!d) throw notFound('inbound:errors.orderNotFound', { orderNo: params.orderNo })
        return d
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/inbound/orders/by-id/:id', tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'One inbound order by id with its lines (the same answer as by number)',
      params: z.object({ id: z.coerce.number().int().positive() }),
      handler: async ({ params, auth }) => {
        const d = await orderDetail(db, auth, params.id)
        if (!d) throw notFound('inbound:errors.orderNotFound', { id: params.id })
        return d
      },
    }),
    defineRoute({
      method: 'GET', url: INBOUND_ORDER_API.statusPreview, tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'Bulk status preview: per selected order, whether it changes to the target status and, if not, why',
      query: z.object({ ids: Ids, status: z.coerce.number().int().min(0).max(5) }),
      handler: async ({ query, auth, raw: req }) => {
        const rows = await statusVerdicts(db, auth, query.ids, query.status, req.lang)
        return { rows, changes: rows.filter((r) => r.change).length }
      },
    }),
    defineRoute({
      method: 'GET', url: INBOUND_ORDER_API.resolve, tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: 'The SKU a typed or scanned code names (SKU code, UPC or FNSKU)',
      // `line`: the line the code would make (the form's refusal names it).
      query: z.object({ code: z.string().trim().min(1).max(80), line: z.coerce.number().int().min(1).max(10_000).default(1) }),
      handler: async ({ query, auth }) => {
        const code = query.code.toUpperCase()
        const hits = (await resolveCodes(db, auth.tenantId, [code])).get(code) ?? []
        if (hits.length === 0) throw fieldError('code', 'inbound:order.errors.codeUnknown', { code, line: query.line })
        if (hits.length > 1) throw fieldError('code', 'inbound:order.errors.codeAmbiguous', { code, line: query.line, skus: hits.map((h) => h.skuCode).join(', ') })
        return hits[0]
      },
    }),
    defineRoute({
      method: 'GET', url: '/api/inbound/orders/suppliers', tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.view,
      summary: "The tenant's enabled suppliers (id, code, name) for the order form",
      handler: async ({ auth }) => rowsOf(await db.execute(sql`SELECT id, code, name FROM supplier WHERE tenant_id = ${auth.tenantId} AND status = 1 ORDER BY code`)),
    }),
    defineRoute({
      method: 'GET', url: INBOUND_ORDER_API.template, tags: ['inbound'], envelope: 'raw', auth: 'scoped', permission: P.import,
      summary: 'Inbound order import template (one row per line; rows with the same client reference make one order)',
      handler: async ({ raw: req }, reply) => {
        const buf = await templateWorkbook(ORDER_SHEET, req.lang)
        reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
          .header('content-disposition', contentDisposition('INBOUND_ORDER_TEMPLATE.xlsx'))
        return raw(buf)
      },
    }),
    defineRoute({
      method: 'POST', url: INBOUND_ORDER_API.dryRun, tags: ['inbound'], envelope: 'main', auth: 'scoped', permission: P.import, rawBody: true,
      summary: 'Inbound order import dry run (multipart `file`): every bad row and cell at once; writes nothing',
      handler: async ({ auth, raw: req }) => {
        const file = await receiveOneFile(req, 'template')
        return importDryRun(db, auth, req.lang, file.content)
      },
    }),
  ]
}

/** Used by tests and other areas: an order's id by number in the scope (undefined when not there). */
export async function orderIdOf(q: Queryable, auth: Scope, orderNo: string): Promise<number | undefined> {
  const [r] = rowsOf(await q.execute(sql`SELECT id FROM inbound_order WHERE order_no = ${orderNo} AND tenant_id = ${auth.tenantId} AND warehouse_id = ${auth.warehouseId}`))
  return num(r?.id) ?? undefined
}

