// Other outbound by Excel import (issue 20 part G): one row per line, rows with one order reference make
// one other outbound order (CK…, type Other) whose reason, stock status, receiver and remark are read from
// its first row (later rows may leave them empty, not contradict them). The sales order import cannot carry
// an other outbound (it requires a platform, a consignee address and a sales order type), so this is the
// other-outbound screen's own import over the same sheet helpers (document-sheet.ts, importer.ts): a
// template, a dry run naming every bad row and cell in the operator's language, and the command
// outbound.other.import that checks the rows again and creates every order in one transaction — all or
// nothing. Each order is checked by planOther, the very checks of outbound.other.create.
import { AppError } from '../../http/errors'
import type { Queryable } from '../../db/client'
import { defineHandler } from '../../commands/registry'
import { defineResource } from '../../../domain/resource'
import { cellText, openDocumentSheet, withHeaderCells, type SheetError } from '../../resources/document-sheet'
import { dictCell, resolveCodes } from '../inbound/orders'
import { issueMessageKey, issueParams } from '../../../domain/validation'
import type { Language } from '../../../domain/i18n'
import { ImportOtherOutboundRow, MAX_OTHER_IMPORT_LINES, type ImportOtherOutboundArgs } from '../../../../commands/other-inout'
import { MAX_ORDER_LINES } from '../../../../commands/inbound-orders'
import { insertOther, planOther } from './handlers'

type Scope = { tenantId: number; warehouseId: number }
type RowIssue = { row: number; field: string; messageKey: string; params?: Record<string, unknown> }

export const OTHER_OUTBOUND_SHEET = defineResource({
  name: 'otherOutboundImport', table: 'outbound_order', scope: 'warehouse', menuCode: 'other-outbound', component: 'stock-out/other-outbound', ns: 'other-inout',
  fields: {
    ref: { kind: 'text', required: true, maxLength: 64 },
    reason: { kind: 'enum', dict: 'otherOutboundReason', required: true },
    stockStatus: { kind: 'enum', dict: 'stockStatus' },
    consigneeName: { kind: 'text', maxLength: 100 },
    remark: { kind: 'text', maxLength: 500 },
    code: { kind: 'text', required: true, maxLength: 80 },
    qty: { kind: 'int', required: true, min: 1 },
  },
  list: { columns: ['ref'], defaultSort: 'ref:asc' },
  form: [['ref']],
  import: { columns: ['ref', 'reason', 'stockStatus', 'consigneeName', 'remark', 'code', 'qty'], key: 'ref', templateName: 'OTHER_OUTBOUND_TEMPLATE', maxRows: MAX_OTHER_IMPORT_LINES },
  existingTable: true,
})
const HEADER_CELLS = ['reason', 'stockStatus', 'consigneeName', 'remark'] as const
/** The column title's key of a sheet field (refusals name it in the operator's language). */
export const otherImportColumnKey = (f: string) => `other-inout:otherOutboundImport.fields.${f}`

export interface OtherImportDryRun { total: number; creates: number; updates: 0; rows: ImportOtherOutboundRow[]; errors: SheetError[] }

function groupRows(rows: readonly ImportOtherOutboundRow[]): Map<string, ImportOtherOutboundRow[]> {
  const groups = new Map<string, ImportOtherOutboundRow[]>()
  for (const r of rows) (groups.get(r.ref) ?? groups.set(r.ref, []).get(r.ref)!).push(r)
  return groups
}

/** Rows → orders: one header per order, at most MAX_ORDER_LINES lines, and each order as outbound.other.create checks it. */
async function checkRows(q: Queryable, scope: Scope, rows: readonly ImportOtherOutboundRow[]): Promise<{ issues: RowIssue[]; groups: Map<string, ImportOtherOutboundRow[]> }> {
  const issues: RowIssue[] = []
  const groups = groupRows(rows)
  const codes = await resolveCodes(q, scope.tenantId, rows.map((r) => r.code))
  for (const [, group] of groups) {
    const first = group[0]!
    for (const r of group.slice(1)) {
      for (const f of HEADER_CELLS) {
        const a = r[f]; const b = first[f]
        if (a !== null && a !== undefined && String(a) !== String(b ?? '')) issues.push({ row: r.row, field: f, messageKey: 'outbound:orderImport.headerMismatch', params: { ref: r.ref, row: first.row } })
      }
    }
    if (group.length > MAX_ORDER_LINES) issues.push({ row: group[MAX_ORDER_LINES]!.row, field: 'ref', messageKey: 'other-inout:otherOutboundImport.tooManyLines', params: { ref: first.ref, max: MAX_ORDER_LINES } })
    const plan = await planOther(q, scope.tenantId, { reason: first.reason, stockStatus: first.stockStatus ?? null, lines: group.map((r) => ({ code: r.code, qty: r.qty })) }, codes)
    for (const i of plan.issues) {
      const m = /^lines\.(\d+)\.(\w+)$/.exec(i.field)
      issues.push({ ...i, row: m ? group[Number(m[1])]!.row : first.row, field: m ? m[2]! : i.field })
    }
  }
  return { issues, groups }
}

/** The dry run: every bad row and cell at once, in the operator's language; writes nothing. */
export async function otherImportDryRun(q: Queryable, scope: Scope, lang: Language, content: Buffer): Promise<OtherImportDryRun> {
  const { sheet, errors, push } = await openDocumentSheet(OTHER_OUTBOUND_SHEET, content, lang, otherImportColumnKey)
  const rows: ImportOtherOutboundRow[] = []
  // Later rows of an order may leave its header cells empty: they read the order's first row.
  for (const { row: s, cells: c } of withHeaderCells(sheet, 'ref', HEADER_CELLS)) {
    let bad = false
    const dictOf = (f: 'reason' | 'stockStatus', dict: 'otherOutboundReason' | 'stockStatus') => {
      const t = cellText(c[f])
      if (!t) return null
      const v = dictCell(dict, t)
      if (v === undefined) { push(s.row, f, 'resources:import.enumUnknown', { value: t }); bad = true }
      return v ?? null
    }
    const reason = dictOf('reason', 'otherOutboundReason')
    const status = dictOf('stockStatus', 'stockStatus')
    const qtyText = cellText(c.qty)
    const cand = {
      row: s.row, ref: cellText(c.ref), reason: reason ?? undefined, stockStatus: status === null ? null : Number(status),
      consigneeName: cellText(c.consigneeName) || null, remark: cellText(c.remark) || null, code: cellText(c.code),
      qty: qtyText === '' ? undefined : Number(qtyText),
    }
    const r = ImportOtherOutboundRow.safeParse(cand)
    if (!r.success) {
      for (const i of r.error.issues) {
        const field = String(i.path[0] ?? 'ref')
        if (errors.some((e) => e.row === s.row && e.field === field)) continue
        push(s.row, field, issueMessageKey(i, (cand as Record<string, unknown>)[field]), issueParams(i))
      }
      continue
    }
    if (!bad) rows.push(r.data)
  }
  const { issues, groups } = await checkRows(q, scope, rows)
  for (const i of issues) push(i.row, i.field, i.messageKey, i.params)
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  return { total: sheet.length, creates: errors.length ? 0 : groups.size, updates: 0, rows: errors.length ? [] : rows, errors }
}

defineHandler<{ rows: ImportOtherOutboundRow[] }>('outbound.other.import', async ({ tx, auth, args, setSummary }) => {
  // Checked again against the database as it is now; any problem refuses the whole file.
  const { issues, groups } = await checkRows(tx, auth, args.rows)
  if (issues.length) {
    const labelled = issues.map((i) => ({ ...i, field: `rows.${i.row}.${i.field}`, params: { fieldKey: otherImportColumnKey(i.field), row: i.row, ...i.params } }))
    throw new AppError(400, 'resources:import.invalid', { count: issues.length }, labelled, { errors: issues })
  }
  const codes = await resolveCodes(tx, auth.tenantId, args.rows.map((r) => r.code))
  const orderNos: string[] = []
  for (const [, group] of groups) {
    const first = group[0]!
    const plan = await planOther(tx, auth.tenantId, { reason: first.reason, stockStatus: first.stockStatus ?? null, lines: group.map((r) => ({ code: r.code, qty: r.qty })) }, codes)
    orderNos.push((await insertOther(tx, auth, { reason: first.reason, consigneeName: first.consigneeName ?? null, remark: first.remark ?? null }, plan)).orderNo)
  }
  setSummary(`import: ${orderNos.length} other outbound orders, ${args.rows.length} lines`)
  return { created: orderNos.length, orderNos }
})

export type { ImportOtherOutboundArgs }
