// The count-line import's sheet and dry run (issue 20 "Counts": import 10 000 count lines with every error
// reported in one pass). One row per counted line: task, location, SKU (code, UPC or FNSKU), quantity; a
// row with no SKU and quantity 0 (or none) confirms its location empty. The dry run reads the sheet
// (readSheet: streamed, bounded), checks every cell, then every line against the database at once
// (checkImportLines, the same check the commit runs again in its transaction) and names every bad row
// in the operator's language; it writes nothing. Its `lines` are what count.lines.import takes.
import type { Queryable } from '../../db/client'
import type { AuthContext } from '../../http/context'
import type { Language } from '../../../domain/i18n'
import { defineResource } from '../../../domain/resource'
import { cellText, openDocumentSheet } from '../../resources/document-sheet'
import { MAX_COUNT_IMPORT_LINES, type CountImportDryRun, type CountImportLine } from '../../../../commands/stock-count'
import { checkImportLines, type ImportLine } from './handlers'

export const COUNT_SHEET = defineResource({
  name: 'countImport', table: 'count_line', scope: 'warehouse', menuCode: 'check-manager-list', component: 'in-house-work/check-manager-list', ns: 'stocktake',
  fields: {
    taskNo: { kind: 'text', required: true, maxLength: 40 },
    locationCode: { kind: 'text', required: true, maxLength: 80 },
    code: { kind: 'text', maxLength: 80 },
    qty: { kind: 'int', min: 0 },
  },
  list: { columns: ['taskNo'], defaultSort: 'taskNo:asc' },
  form: [['taskNo']],
  import: { columns: ['taskNo', 'locationCode', 'code', 'qty'], key: 'taskNo', templateName: 'COUNT_LINE_TEMPLATE', maxRows: MAX_COUNT_IMPORT_LINES },
  existingTable: true,
})

const MAX_QTY = 100_000

export async function countImportDryRun(q: Queryable, auth: AuthContext, lang: Language, content: Buffer): Promise<CountImportDryRun> {
  const { sheet, errors, push } = await openDocumentSheet(COUNT_SHEET, content, lang, (f) => `stocktake:countImport.fields.${f}`)
  const lines: ImportLine[] = []
  for (const s of sheet) {
    const c = s.cells
    const taskNo = cellText(c.taskNo).toUpperCase()
    const locationCode = cellText(c.locationCode).toUpperCase()
    const code = cellText(c.code).toUpperCase()
    const qtyText = cellText(c.qty)
    let ok = true
    if (!taskNo) { push(s.row, 'taskNo', 'errors:field.required'); ok = false } else if (taskNo.length > 40) { push(s.row, 'taskNo', 'errors:field.tooBig', { max: 40 }); ok = false }
    if (!locationCode) { push(s.row, 'locationCode', 'errors:field.required'); ok = false } else if (locationCode.length > 80) { push(s.row, 'locationCode', 'errors:field.tooBig', { max: 80 }); ok = false }
    if (code.length > 80) { push(s.row, 'code', 'errors:field.tooBig', { max: 80 }); ok = false }
    let qty = 0
    if (qtyText === '') {
      // No quantity: only an empty-location row (no SKU) may leave it out.
      if (code) { push(s.row, 'qty', 'errors:field.required'); ok = false }
    } else {
      qty = Number(qtyText)
      if (!Number.isInteger(qty)) { push(s.row, 'qty', 'stocktake:import.qtyInteger', { value: qtyText }); ok = false }
      else if (qty < 0 || qty > MAX_QTY) { push(s.row, 'qty', 'stocktake:import.qtyRange', { value: qtyText, max: MAX_QTY }); ok = false }
    }
    if (ok) lines.push({ index: lines.length, row: s.row, taskNo, locationCode, code, qty })
  }
  const checked = await checkImportLines(q, auth, lines, false)
  for (const i of checked.issues) push(i.row, i.field, i.messageKey, i.params)
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  const tasks = new Set(lines.map((l) => l.taskNo)).size
  const creates = new Set(lines.filter((l) => l.code).map((l) => `${l.taskNo}\u0000${l.locationCode}\u0000${l.code}`)).size
  return {
    total: sheet.length, tasks, creates: errors.length ? 0 : creates,
    errors: errors.map((e) => ({ row: e.row, field: e.field, column: e.column, messageKey: e.messageKey, message: e.message })),
    rows: errors.length ? [] : lines.map((l): CountImportLine => [l.row, l.taskNo, l.locationCode, l.code, l.qty]),
  }
}

export const COUNT_TEMPLATE_FILE = 'COUNT_LINE_TEMPLATE.xlsx'
