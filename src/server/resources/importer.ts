// Excel import of a resource (issue 3 section 4): the dry run reads the sheet and lists EVERY bad row
// and cell at once (in the operator's language) and writes nothing; the commit (command
// `resource.<name>.import` {token}) validates the same rows again against the database as it is then,
// and writes all of them in its one transaction — inserts, or updates of rows found by `import.key` —
// or none. Cells are matched to fields by header: the field's label in any of the three languages,
// the field name or its column name (a trailing '*' marks required columns in the template).
import { randomBytes } from 'node:crypto'
import ExcelJS from 'exceljs'
import { xlsxCell } from '../http/xlsx-cell'
import { sheetRows, SheetTooLargeError, UnreadableSheetError } from './xlsx-reader'
import { eq, inArray, sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import type { AuthContext } from '../http/context'
import { AppError, fieldError } from '../http/errors'
import { translate } from '../i18n'
import { LANGUAGES, type Language } from '../../domain/i18n'
import { columnOf, dictValues, fieldLabelKey, fieldSchema, labelFieldOf, type FieldDef, type ResourceDef } from '../../domain/resource'
import { DICTIONARIES, dictLabelKey } from '../../domain/dictionaries'
import { issueMessageKey, issueParams } from '../../domain/validation'
import { hooksOf } from './hooks'
import { refDefOf, scopeSqlOf, whereScoped, type ResourceRuntime } from './runtime'
import { baseColumns, guarded, readOnlyIssue, refineIssues, withDefaults, type RowIssue } from './service'
import { rowsOf } from '../db/rows'
import { guardSharedRows } from './shared-rows'

/** Hard ceiling of data rows in one sheet, whatever the declaration says (one transaction holds them all). */
export const MAX_IMPORT_ROWS = 20000
const TOKEN_TTL_MS = 30 * 60 * 1000

export type Cell = string | number | boolean | Date | null
export interface SheetRow { row: number; cells: Record<string, Cell> }
export interface ImportError { row: number; field: string; column: string; messageKey: string; message: string; params?: Record<string, unknown> }
export interface PlannedRow { row: number; id?: number; values: Record<string, unknown>; before?: Record<string, unknown> }

/** Header text of a field in the template: the label in `lang`, '*' when required. */
export function headerOf(def: ResourceDef<any>, field: string, lang: Language): string {
  return `${translate(lang, fieldLabelKey(def, field))}${def.fields[field].required ? '*' : ''}`
}

const norm = (s: string) => s.replace(/\*+$/, '').trim().toLowerCase()

/** exceljs cell value → a plain value (rich text, hyperlinks and formula results flattened). */
export function plainCell(v: ExcelJS.CellValue): Cell {
  if (v === null || v === undefined) return null
  if (typeof v === 'string') return v.trim() === '' ? null : v
  if (typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v
  const o = v as unknown as Record<string, unknown>
  if (Array.isArray(o.richText)) return (o.richText as { text: string }[]).map((t) => t.text).join('') || null
  if ('result' in o) return plainCell(o.result as ExcelJS.CellValue)
  if ('text' in o) return plainCell(o.text as ExcelJS.CellValue)
  if ('error' in o) return null
  return String(v)
}

/** Data rows one sheet of `def` may hold: its declaration's `import.maxRows`, never above MAX_IMPORT_ROWS. */
export const maxRowsOf = (def: ResourceDef<any>) => Math.min(def.import!.maxRows ?? MAX_IMPORT_ROWS, MAX_IMPORT_ROWS)

/**
 * Reads the first worksheet, streamed (xlsx-reader.ts): header row → fields, data rows (entirely empty
 * rows skipped). The one sheet reader of every import. Reading stops at the first data row beyond the
 * sheet's row limit (`maxRowsOf`), refused naming the file and that row; a file that is not an xlsx, or
 * unpacks beyond the reader's budgets (a zip bomb), is refused naming the file.
 */
export async function readSheet(def: ResourceDef<any>, content: Buffer): Promise<{ rows: SheetRow[]; missing: string[] }> {
  const columns = def.import!.columns as string[]
  const byHeader = new Map<string, string>()
  for (const f of columns) {
    byHeader.set(norm(f), f)
    byHeader.set(norm(columnOf(f, def.fields[f])), f)
    for (const l of LANGUAGES) byHeader.set(norm(translate(l, fieldLabelKey(def, f))), f)
  }
  const max = maxRowsOf(def)
  const colField = new Map<number, string>()
  const rows: SheetRow[] = []
  try {
    for await (const r of sheetRows(content)) {
      const n = r.number
      if (n === 1) {
        r.eachCell((cell, col) => {
          const text = plainCell(cell.value)
          const f = text === null ? undefined : byHeader.get(norm(String(text)))
          if (f && ![...colField.values()].includes(f)) colField.set(col, f)
        })
        continue
      }
      const cells: Record<string, Cell> = {}
      let any = false
      for (const [col, f] of colField) {
        const v = plainCell(r.getCell(col).value)
        cells[f] = v
        if (v !== null) any = true
      }
      if (!any) continue
      if (rows.length >= max) throw fieldError('file', def.import!.maxRowsKey ?? 'resources:import.tooManyRows', { max, row: n })
      rows.push({ row: n, cells })
    }
  } catch (err) {
    // exceljs reads the xlsx format only; an old binary .xls (or a damaged file) lands here.
    if (err instanceof UnreadableSheetError) throw fieldError('file', err.noSheet ? 'resources:import.noRows' : 'resources:import.unreadable')
    if (err instanceof SheetTooLargeError) throw fieldError('file', 'resources:import.tooLarge', { max })
    throw err
  }
  const present = new Set(colField.values())
  const missing = columns.filter((f) => !present.has(f) && (def.fields[f].required || f === def.import!.key))
  return { rows, missing }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10)
const TRUE = new Set(['true', '1', 'yes', 'y'])
const FALSE = new Set(['false', '0', 'no', 'n'])
for (const l of LANGUAGES) {
  TRUE.add(translate(l, 'common:yes').toLowerCase())
  FALSE.add(translate(l, 'common:no').toLowerCase())
}

/** Enum cell: the stored value, a dictionary label in any language, or the spec's code name. */
function enumValue(f: FieldDef, v: Cell): string | undefined {
  const s = String(v).trim().toLowerCase()
  const entries = (DICTIONARIES as Record<string, readonly { value: string; name: string }[]>)[f.dict ?? ''] ?? []
  for (const e of entries) {
    if (e.value.toLowerCase() === s || e.name.toLowerCase() === s) return e.value
    for (const l of LANGUAGES) if (translate(l, dictLabelKey(f.dict!, e.value)).toLowerCase() === s) return e.value
  }
  return undefined
}

type Converted = { ok: true; value: unknown } | { ok: false; messageKey: string; params?: Record<string, unknown> }

/** One cell → the JSON value the field's zod schema expects (refs are resolved later, in bulk). */
function convert(f: FieldDef, v: Cell): Converted {
  if (v === null) return { ok: true, value: undefined }
  switch (f.kind) {
    case 'int': case 'decimal': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : NaN
      return Number.isFinite(n) ? { ok: true, value: n } : { ok: false, messageKey: 'errors:field.invalidType' }
    }
    case 'bool': {
      if (typeof v === 'boolean') return { ok: true, value: v }
      const s = String(v).trim().toLowerCase()
      return TRUE.has(s) ? { ok: true, value: true } : FALSE.has(s) ? { ok: true, value: false } : { ok: false, messageKey: 'errors:field.invalidValue' }
    }
    case 'date': {
      if (v instanceof Date) return { ok: true, value: isoDate(v) }
      return { ok: true, value: String(v).trim().replace(/\//g, '-') }
    }
    case 'datetime': return { ok: true, value: v instanceof Date ? v.toISOString() : String(v).trim() }
    case 'enum': {
      const e = enumValue(f, v)
      return e === undefined ? { ok: false, messageKey: 'resources:import.enumUnknown', params: { value: String(v) } } : { ok: true, value: e }
    }
    case 'ref': case 'refMany': return { ok: true, value: String(v).trim() }
    case 'json': case 'files': {
      try { return { ok: true, value: JSON.parse(String(v)) } } catch { return { ok: false, messageKey: 'errors:field.invalidFormat' } }
    }
    default: return { ok: true, value: v instanceof Date ? isoDate(v) : String(v) }
  }
}

/**
 * Text of a reference cell → the referenced row's id, matched on its import key, `code` or label
 * field within the caller's scope. Bulk: one query per referenced field.
 */
async function resolveRefs(q: Queryable, def: ResourceDef<any>, auth: AuthContext, field: string, texts: string[]): Promise<Map<string, number>> {
  const f = def.fields[field] as FieldDef
  const ref = refDefOf(f)
  const out = new Map<string, number>()
  if (!texts.length) return out
  if (!ref) {
    // Not a resource: only numeric ids can be named.
    for (const t of texts) if (/^\d+$/.test(t)) out.set(t, Number(t))
    return out
  }
  const keys = [...new Set([ref.import?.key as string | undefined, ref.fields.code ? 'code' : undefined, labelFieldOf(ref)].filter((k): k is string => !!k))]
  const arr = sql`array[${sql.join(texts.map((t) => sql`${t}`), sql`, `)}]::text[]`
  for (const k of keys) {
    const col = sql.identifier(columnOf(k, ref.fields[k]))
    const res = await q.execute(sql`select r.id, r.${col}::text as k from ${sql.identifier(ref.table)} r where r.${col}::text = any(${arr}) and ${scopeSqlOf(ref, auth)}`)
    for (const r of rowsOf(res)) if (!out.has(String(r.k))) out.set(String(r.k), Number(r.id))
  }
  return out
}

/**
 * Validates every row of a sheet against the declaration and the database (in the caller's scope):
 * the rows to write, and every problem found. Used by the dry run and again by the commit.
 */
export async function planImport(q: Queryable, rt: ResourceRuntime, auth: AuthContext, lang: Language, rows: SheetRow[]): Promise<{ plan: PlannedRow[]; errors: ImportError[] }> {
  const def = rt.def
  const imp = def.import!
  const columns = imp.columns as string[]
  const key = imp.key as string
  const errors: ImportError[] = []
  const err = (row: number, field: string, messageKey: string, params?: Record<string, unknown>) => {
    const label = field === '_' ? '' : translate(lang, fieldLabelKey(def, field))
    errors.push({ row, field, column: label, messageKey, message: translate(lang, messageKey, { ...params, field: label }), params })
  }

  // 1. cells → values; collect reference texts.
  const converted: { row: number; values: Record<string, unknown>; bad: Set<string>; blank: string[] }[] = []
  const refTexts = new Map<string, Set<string>>()
  for (const r of rows) {
    const values: Record<string, unknown> = {}
    const bad = new Set<string>()
    // Columns present in the sheet but empty in this row (an update cannot clear a required field).
    const blank = columns.filter((f) => f in r.cells && r.cells[f] === null)
    for (const f of columns) {
      const fd = def.fields[f] as FieldDef
      const c = convert(fd, r.cells[f] ?? null)
      if (!c.ok) { err(r.row, f, c.messageKey, c.params); bad.add(f); continue }
      if (c.value === undefined) continue
      if (fd.kind === 'ref') {
        (refTexts.get(f) ?? refTexts.set(f, new Set()).get(f)!).add(c.value as string)
      } else if (fd.kind === 'refMany') {
        const parts = String(c.value).split(/[,;，；、]/).map((s) => s.trim()).filter(Boolean)
        for (const p of parts) (refTexts.get(f) ?? refTexts.set(f, new Set()).get(f)!).add(p)
        values[f] = parts
        continue
      }
      values[f] = c.value
    }
    converted.push({ row: r.row, values, bad, blank })
  }
  // 2. references, in bulk.
  const refIds = new Map<string, Map<string, number>>()
  for (const [f, texts] of refTexts) refIds.set(f, await resolveRefs(q, def, auth, f, [...texts]))
  for (const c of converted) {
    for (const f of refTexts.keys()) {
      const v = c.values[f]
      if (v === undefined) continue
      const m = refIds.get(f)!
      if (Array.isArray(v)) {
        const unknown = v.filter((t) => !m.has(t))
        if (unknown.length) { err(c.row, f, 'resources:import.refNotFound', { value: unknown.join(', ') }); c.bad.add(f); delete c.values[f] } else c.values[f] = v.map((t) => m.get(t)!)
      } else if (!m.has(String(v))) {
        err(c.row, f, 'resources:import.refNotFound', { value: String(v) }); c.bad.add(f); delete c.values[f]
      } else c.values[f] = m.get(String(v))
    }
  }
  // 3. existing rows by the import key.
  const keyValues = [...new Set(converted.map((c) => c.values[key]).filter((v) => v !== undefined && v !== null))]
  const existing = new Map<string, Record<string, unknown>>()
  for (let i = 0; i < keyValues.length; i += 1000) {
    const chunk = keyValues.slice(i, i + 1000)
    const found = await q.select(baseColumns(rt) as never).from(rt.table).where(whereScoped(rt, auth, inArray(rt.table[key], chunk as never[]))) as Record<string, unknown>[]
    for (const r of found) existing.set(String(r[key]), r)
  }
  // 4. per row: schema, duplicates in the file, read-only rows, refine.
  const shape = Object.fromEntries(Object.entries(def.fields as Record<string, FieldDef>).filter(([, f]) => !f.readOnly).map(([n, f]) => [n, fieldSchema(f)]))
  const seenKeys = new Map<string, number>()
  const plan: PlannedRow[] = []
  for (const c of converted) {
    const kv = c.values[key]
    const before = kv === undefined ? undefined : existing.get(String(kv))
    if (kv !== undefined) {
      const first = seenKeys.get(String(kv))
      if (first !== undefined) { err(c.row, key, 'resources:import.duplicateInFile', { value: String(kv), row: first }); continue }
      seenKeys.set(String(kv), c.row)
    }
    if (before) {
      const ro = readOnlyIssue(rt, before)
      if (ro) { err(c.row, key, ro.messageKey); continue }
    }
    const candidate = before ? c.values : withDefaults(rt, c.values)
    let ok = c.bad.size === 0
    if (before) {
      for (const f of c.blank) {
        const fd = def.fields[f] as FieldDef
        if (fd.required && fd.default === undefined) { err(c.row, f, 'errors:field.required'); ok = false }
      }
    }
    const parsed: Record<string, unknown> = {}
    const fieldsToCheck = before ? Object.keys(candidate) : Object.keys(shape)
    for (const f of fieldsToCheck) {
      if (c.bad.has(f) || !shape[f]) continue
      const r = shape[f].safeParse(candidate[f])
      if (!r.success) {
        ok = false
        const issue = r.error.issues[0]
        err(c.row, f, issueMessageKey(issue, candidate[f]), issueParams(issue))
      } else if (r.data !== undefined) parsed[f] = r.data
    }
    if (!ok) continue
    const merged = { ...(before ?? {}), ...parsed, ...(before ? { id: before.id } : {}) }
    const issues: RowIssue[] = refineIssues(rt, merged)
    for (const i of issues) err(c.row, i.field, i.messageKey, i.params)
    if (issues.length) continue
    plan.push({ row: c.row, id: before ? Number(before.id) : undefined, values: parsed, before })
  }
  // 5. unique fields other than the key: against the file and the database.
  for (const [f, fd] of Object.entries(def.fields as Record<string, FieldDef>)) {
    if (!fd.unique || f === key) continue
    const seen = new Map<string, number>()
    const vals = plan.map((p) => p.values[f]).filter((v) => v !== undefined && v !== null && v !== '')
    const taken = new Map<string, number>()
    for (let i = 0; i < vals.length; i += 1000) {
      const found = await q.select({ id: rt.table.id, v: rt.table[f] }).from(rt.table).where(whereScoped(rt, auth, inArray(rt.table[f], vals.slice(i, i + 1000) as never[]))) as { id: number; v: unknown }[]
      for (const r of found) taken.set(String(r.v), Number(r.id))
    }
    for (const p of [...plan]) {
      const v = p.values[f]
      if (v === undefined || v === null || v === '') continue
      const other = taken.get(String(v))
      const dupFile = seen.get(String(v))
      if ((other !== undefined && other !== p.id) || dupFile !== undefined) {
        err(p.row, f, dupFile !== undefined ? 'resources:import.duplicateInFile' : 'resources:errors.duplicate', { value: String(v), row: dupFile })
        plan.splice(plan.indexOf(p), 1)
      } else seen.set(String(v), p.row)
    }
  }
  errors.sort((a, b) => a.row - b.row || a.field.localeCompare(b.field))
  return { plan, errors }
}

/** Writes a validated plan: multi-row inserts, one update per existing row. */
export async function writePlan(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, plan: PlannedRow[]) {
  await guardSharedRows(tx, rt, auth, plan.flatMap((p) => p.id !== undefined ? [p.id] : []))
  const h = hooksOf(rt.def.name)
  const ctx = { tx, auth, def: rt.def, action: 'import' }
  const scope: Record<string, unknown> = {}
  if (rt.def.scope !== 'global') scope.tenantId = auth.tenantId
  if (rt.def.scope === 'warehouse') scope.warehouseId = auth.warehouseId
  let created = 0
  let updated = 0
  const inserts: Record<string, unknown>[] = []
  for (const p of plan) {
    let values = p.values
    if (h.beforeWrite) values = (await h.beforeWrite(ctx, values, p.before)) ?? values
    if (p.id !== undefined) {
      await guarded(rt, () => tx.update(rt.table).set({ ...values, updatedAt: new Date(), updatedBy: auth.userId } as never).where(whereScoped(rt, auth, eq(rt.table.id, p.id!))))
      if (h.afterWrite) await h.afterWrite(ctx, p.id, values, p.before)
      updated++
    } else if (h.afterWrite) {
      const [r] = await guarded(rt, () => tx.insert(rt.table).values({ ...values, ...scope, createdBy: auth.userId, updatedBy: auth.userId } as never).returning({ id: rt.table.id })) as { id: number }[]
      await h.afterWrite(ctx, r.id, values, undefined)
      created++
    } else inserts.push({ ...values, ...scope, createdBy: auth.userId, updatedBy: auth.userId })
  }
  for (let i = 0; i < inserts.length; i += 500) {
    const chunk = inserts.slice(i, i + 500)
    await guarded(rt, () => tx.insert(rt.table).values(chunk as never))
    created += chunk.length
  }
  return { created, updated }
}

interface Pending { userId: number; tenantId: number; warehouseId: number; resource: string; lang: Language; rows: SheetRow[]; expires: number }
// In-process store of dry-run sheets: the commit must follow the dry run on the same server process
// (one API process per data directory). A lost token only means dry-running again.
const pending = new Map<string, Pending>()

function sweep(now = Date.now()) {
  for (const [k, p] of pending) if (p.expires < now) pending.delete(k)
}

/** Checked sheets kept per user: a new dry run beyond this forgets that user's oldest (memory stays bounded). */
export const MAX_PENDING_PER_USER = 3

export function rememberSheet(auth: AuthContext, resource: string, lang: Language, rows: SheetRow[]): string {
  sweep()
  const mine = [...pending].filter(([, p]) => p.userId === auth.userId).sort((a, b) => a[1].expires - b[1].expires)
  for (const [k] of mine.slice(0, Math.max(0, mine.length - MAX_PENDING_PER_USER + 1))) pending.delete(k)
  const token = randomBytes(18).toString('base64url')
  pending.set(token, { userId: auth.userId, tenantId: auth.tenantId, warehouseId: auth.warehouseId, resource, lang, rows, expires: Date.now() + TOKEN_TTL_MS })
  return token
}

/** The dry-run sheet of a token, if it belongs to this caller, scope and resource and is fresh. */
export function takeSheet(auth: AuthContext, resource: string, token: string): Pending {
  sweep()
  const p = pending.get(token)
  if (!p || p.userId !== auth.userId || p.tenantId !== auth.tenantId || p.warehouseId !== auth.warehouseId || p.resource !== resource) {
    throw fieldError('token', 'resources:import.tokenExpired')
  }
  return p
}

export function forgetSheet(token: string) { pending.delete(token) }

/** The dry run: read, validate, remember (only when clean). Writes nothing. */
export async function dryRun(q: Queryable, rt: ResourceRuntime, auth: AuthContext, lang: Language, content: Buffer) {
  const { rows, missing } = await readSheet(rt.def, content)
  if (missing.length) {
    const errors: ImportError[] = missing.map((f) => {
      const label = translate(lang, fieldLabelKey(rt.def, f))
      return { row: 1, field: f, column: label, messageKey: 'resources:import.missingColumn', message: translate(lang, 'resources:import.missingColumn', { field: label }) }
    })
    return { token: null, total: rows.length, creates: 0, updates: 0, errors }
  }
  if (!rows.length) throw fieldError('file', 'resources:import.noRows')
  const { plan, errors } = await planImport(q, rt, auth, lang, rows)
  const token = errors.length ? null : rememberSheet(auth, rt.def.name, lang, rows)
  return { token, total: rows.length, creates: plan.filter((p) => p.id === undefined).length, updates: plan.filter((p) => p.id !== undefined).length, errors }
}

/** The commit: validate again in the transaction, then write all rows or none. */
export async function commitImport(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, token: string) {
  const sheet = takeSheet(auth, rt.def.name, token)
  const { plan, errors } = await planImport(tx, rt, auth, sheet.lang, sheet.rows)
  if (errors.length) {
    // The data changed since the dry run: refuse the whole file, with every problem.
    throw new AppError(400, 'resources:import.invalid', { count: errors.length }, undefined, { errors })
  }
  const r = await writePlan(tx, rt, auth, plan)
  forgetSheet(token)
  return r
}

/** The template: one sheet, translated headers of import.columns; a second sheet lists enum values. */
export async function templateWorkbook(def: ResourceDef<any>, lang: Language): Promise<Buffer> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet(translate(lang, 'resources:template.sheet').slice(0, 31))
  const cols = def.import!.columns as string[]
  ws.columns = cols.map((f) => ({ header: headerOf(def, f, lang), key: f, width: 20 }))
  ws.getRow(1).font = { bold: true }
  const enums = cols.filter((f) => (def.fields[f] as FieldDef).kind === 'enum' || (def.fields[f] as FieldDef).kind === 'bool')
  if (enums.length) {
    const vs = wb.addWorksheet(translate(lang, 'resources:template.values').slice(0, 31))
    vs.columns = enums.map((f) => ({ header: translate(lang, fieldLabelKey(def, f)), key: f, width: 24 }))
    vs.getRow(1).font = { bold: true }
    const lists = enums.map((f) => {
      const fd = def.fields[f] as FieldDef
      if (fd.kind === 'bool') return [translate(lang, 'common:yes'), translate(lang, 'common:no')]
      return (dictValues(fd.dict)?.values ?? []).map((v) => translate(lang, dictLabelKey(fd.dict!, v)))
    })
    const n = Math.max(...lists.map((l) => l.length))
    for (let i = 0; i < n; i++) vs.addRow(lists.map((l) => xlsxCell(l[i] ?? null)))
  }
  return Buffer.from(await wb.xlsx.writeBuffer())
}

