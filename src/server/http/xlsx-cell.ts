// Spreadsheet cells the console writes (issue 19 §3 L4, ASVS 5.0 V1.2.10, OWASP "CSV injection"): a
// text cell beginning with a character a spreadsheet reads as the start of a formula (=, +, -, @, tab,
// carriage return, and their full-width forms) is written with a leading apostrophe, so opening,
// re-saving as CSV or pasting an export never runs what a user typed into a field. Numbers, dates and
// booleans stay as they are. Every xlsx the server writes (list exports, the sales outbound report, the
// import templates) passes its values through `xlsxCell`.
import type ExcelJS from 'exceljs'

const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

/** The text as a cell keeps it: a leading apostrophe before a formula-like first character. */
export const escapeFormula = (s: string): string => (FORMULA_START.test(s) ? `'${s}` : s)

/** A value as an xlsx cell: null for nothing, numbers/dates/booleans as they are, text escaped, anything else as JSON text. */
export function xlsxCell(v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null
  if (v instanceof Date || typeof v === 'number' || typeof v === 'boolean') return v
  if (typeof v === 'bigint') return Number(v)
  if (typeof v === 'string') return escapeFormula(v)
  return escapeFormula(JSON.stringify(v))
}

/** Every value of a row object through xlsxCell (rows added by column key). */
export const xlsxRow = (r: Record<string, unknown>): Record<string, ExcelJS.CellValue> =>
  Object.fromEntries(Object.entries(r).map(([k, v]) => [k, xlsxCell(v)]))
