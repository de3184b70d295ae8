// What the Excel imports of documents (inbound orders, outbound orders) share: one row per line, rows
// with the same reference make one document, later rows may leave the header cells empty (they read
// the document's first row), master data named by code or name, every refusal with its sheet row and
// the column's translated title. The sheet itself is read by readSheet (streamed, bounded).
import { sql } from 'drizzle-orm'
import type { Queryable } from '../db/client'
import type { ResourceDef } from '../../domain/resource'
import type { Language } from '../../domain/i18n'
import { fieldError } from '../http/errors'
import { translate } from '../i18n'
import { readSheet, type SheetRow } from './importer'
import { rowsOf } from '../db/rows'

export interface SheetError { row: number; field: string; column: string; messageKey: string; message: string }

/** A cell as trimmed text ('' when empty; a date cell as YYYY-MM-DD). */
export const cellText = (v: unknown) => (v === null || v === undefined ? '' : v instanceof Date ? v.toISOString().slice(0, 10) : String(v).trim())

/**
 * Reads a document sheet: refuses a missing column or an empty sheet (naming the file), and gives the
 * collector of row errors in the operator's language (`columnKey(field)` is the column title's key).
 */
export async function openDocumentSheet(def: ResourceDef<any>, content: Buffer, lang: Language, columnKey: (field: string) => string) {
  const { rows: sheet, missing } = await readSheet(def, content)
  const column = (f: string) => translate(lang, columnKey(f))
  if (missing.length) throw fieldError('file', 'resources:import.missingColumns', { columns: missing.map(column).join(', ') })
  if (!sheet.length) throw fieldError('file', 'resources:import.noRows')
  const errors: SheetError[] = []
  const push = (row: number, field: string, messageKey: string, params?: Record<string, unknown>) =>
    errors.push({ row, field, column: column(field), messageKey, message: translate(lang, messageKey, { ...params, field: column(field) }) })
  return { sheet, errors, push }
}

/** Each row's cells with the header cells it leaves empty read from the first row of its reference. */
export function* withHeaderCells(sheet: readonly SheetRow[], refField: string, headerCells: readonly string[]): Generator<{ row: SheetRow; cells: Record<string, unknown> }> {
  const firstCells = new Map<string, Record<string, unknown>>()
  for (const s of sheet) {
    const ref = cellText(s.cells[refField])
    const first = ref ? firstCells.get(ref) : undefined
    if (ref && !first) firstCells.set(ref, s.cells)
    const cells: Record<string, unknown> = { ...s.cells }
    if (first) for (const f of headerCells) if (!cellText(cells[f])) cells[f] = first[f]
    yield { row: s, cells }
  }
}

/** Ids of the rows of `table` whose code or name is one of the sheet's texts (in bulk; the first id wins). */
export async function idsByCodeOrName(q: Queryable, table: 'supplier' | 'shop', texts: readonly string[], tenantId?: number): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  const uniq = [...new Set(texts.filter(Boolean))]
  if (!uniq.length) return out
  const arr = sql`${`{${uniq.map((c) => `"${c.replace(/["\\]/g, (x) => `\\${x}`)}"`).join(',')}}`}::text[]`
  const rows = rowsOf(await q.execute(sql`SELECT id, code, name FROM ${sql.identifier(table)}
    WHERE (code = ANY(${arr}) OR name = ANY(${arr})) ${tenantId != null ? sql`AND tenant_id = ${tenantId}` : sql``} ORDER BY id`))
  for (const r of rows) {
    if (!out.has(String(r.code))) out.set(String(r.code), Number(r.id))
    if (!out.has(String(r.name))) out.set(String(r.name), Number(r.id))
  }
  return out
}
