// The generic writes of every resource, each run inside the command's one transaction: add, edit,
// bulk status, delete. Validation order: the declaration's zod schema (already applied by the command
// pipeline), references in the caller's scope, unique fields in the scope, refine(), readOnlyRow,
// then the resource's hooks. Any refusal throws before a row is written, so the transaction rolls back.
import { eq, inArray, ne, sql } from 'drizzle-orm'
import type { AppTx, Queryable } from '../db/client'
import { rowsOf } from '../db/rows'
import type { AuthContext } from '../http/context'
import { AppError, conflict, notFound } from '../http/errors'
import { fieldLabelKey, type FieldDef } from '../../domain/resource'
import { checkUpload, UPLOAD_RULES } from '../../domain/upload'
import { hooksOf } from './hooks'
import { refDefOf, scopeSqlOf, whereScoped, type ResourceRuntime } from './runtime'
import { guardSharedRows } from './shared-rows'

export interface RowIssue { field: string; messageKey: string; params?: Record<string, unknown> }

/** Field error params carrying the resource's own label key (see app.ts `fieldKey`). */
export function issueWithLabel(rt: ResourceRuntime, i: RowIssue): RowIssue & { params: Record<string, unknown> } {
  const top = i.field.split('.')[0]
  return { ...i, params: { ...i.params, ...(rt.fields[top] ? { fieldKey: fieldLabelKey(rt.def, top) } : {}) } }
}

export function refuse(rt: ResourceRuntime, issues: RowIssue[], status = 400): AppError {
  const first = issues[0]
  return new AppError(status, status === 409 ? 'resources:errors.exists' : 'errors:validation.form', first.params, issues.map((i) => issueWithLabel(rt, i)))
}

/** One stored row in the caller's scope (field names), or undefined. */
export async function loadRow(q: Queryable, rt: ResourceRuntime, auth: AuthContext, id: number, lock = false): Promise<Record<string, unknown> | undefined> {
  let query = q.select(rt.select as never).from(rt.table).where(whereScoped(rt, auth, eq(rt.table.id, id))) as any
  if (lock) query = (q.select(baseColumns(rt) as never).from(rt.table).where(whereScoped(rt, auth, eq(rt.table.id, id))) as any).for('update')
  const rows = await query as Record<string, unknown>[]
  return rows[0]
}

export function baseColumns(rt: ResourceRuntime): Record<string, unknown> {
  const out: Record<string, unknown> = { id: rt.table.id }
  for (const n of rt.fieldNames) out[n] = rt.table[n]
  return out
}

/** The full record (with labels) the API answers with. */
export async function recordOf(q: Queryable, rt: ResourceRuntime, auth: AuthContext, id: number) {
  const r = await loadRow(q, rt, auth, id)
  if (!r) throw notFound()
  return r
}

/** References must name rows of the referenced resource in the caller's scope. */
export async function checkRefs(q: Queryable, rt: ResourceRuntime, auth: AuthContext, values: Record<string, unknown>): Promise<RowIssue[]> {
  const issues: RowIssue[] = []
  for (const [name, v] of Object.entries(values)) {
    const f = rt.fields[name]
    if (!f || (f.kind !== 'ref' && f.kind !== 'refMany') || v === null || v === undefined) continue
    const ref = refDefOf(f)
    if (!ref) continue // a reference to a table that is not a resource: its foreign key guards it
    const ids = [...new Set(f.kind === 'ref' ? [v as number] : (v as number[]))]
    if (!ids.length) continue
    const found = await q.execute(sql`select r.id from ${sql.identifier(ref.table)} r where r.id = any(${sql`array[${sql.join(ids.map((i) => sql`${i}`), sql`, `)}]::integer[]`}) and ${scopeSqlOf(ref, auth)}`) as unknown
    const have = new Set(rowsOf(found).map((r) => Number(r.id)))
    const missing = ids.filter((i) => !have.has(i))
    if (missing.length) issues.push({ field: name, messageKey: 'resources:errors.refNotFound', params: { value: missing.join(', ') } })
  }
  return issues
}

const STORED_FILE_RE = /^\/api\/files\/([0-9a-f-]{36})$/i

/**
 * Fields with an upload purpose (FieldDef.uploadPurpose): a file stored here must pass the purpose's
 * rule by its stored name and size (whatever purpose it was uploaded under); another address by the
 * extension of its path. Same messages as the upload itself (spec section 5).
 */
export async function checkUploads(q: Queryable, rt: ResourceRuntime, values: Record<string, unknown>): Promise<RowIssue[]> {
  const issues: RowIssue[] = []
  for (const [name, v] of Object.entries(values)) {
    const f = rt.fields[name]
    if (!f?.uploadPurpose || v === null || v === undefined || v === '') continue
    const rule = UPLOAD_RULES[f.uploadPurpose]
    for (const url of Array.isArray(v) ? v.map(String) : [String(v)]) {
      const id = STORED_FILE_RE.exec(url)?.[1]
      let check
      if (id) {
        const [file] = rowsOf(await q.execute(sql`select name, size from file_object where id = ${id}::uuid`))
        if (!file) { issues.push({ field: name, messageKey: 'resources:errors.refNotFound', params: { value: url } }); break }
        check = checkUpload(rule, String(file.name), Number(file.size))
      } else {
        const path = url.split(/[?#]/)[0]
        let decoded = path
        try { decoded = decodeURIComponent(path) } catch { /* a malformed escape: check the raw path */ }
        check = checkUpload(rule, decoded)
      }
      if (!check.ok) { issues.push({ field: name, messageKey: check.messageKey, params: check.params }); break }
    }
  }
  return issues
}

/** Unique fields: another row of the scope with the same value → 409 naming the field. */
export async function checkUnique(q: Queryable, rt: ResourceRuntime, auth: AuthContext, values: Record<string, unknown>, selfId?: number): Promise<RowIssue[]> {
  const issues: RowIssue[] = []
  for (const [name, f] of Object.entries(rt.fields)) {
    if (!f.unique) continue
    const v = values[name]
    if (v === null || v === undefined || v === '') continue
    const rows = await q.select({ id: rt.table.id }).from(rt.table)
      .where(whereScoped(rt, auth, eq(rt.table[name], v), selfId !== undefined ? ne(rt.table.id, selfId) : undefined)).limit(1)
    if (rows.length) issues.push({ field: name, messageKey: 'resources:errors.duplicate', params: { value: String(v) } })
  }
  return issues
}

export function refineIssues(rt: ResourceRuntime, merged: Record<string, unknown>): RowIssue[] {
  return rt.def.refine ? rt.def.refine(merged).map((i) => ({ field: i.path, messageKey: i.messageKey, params: i.params })) : []
}

export function readOnlyIssue(rt: ResourceRuntime, row: Record<string, unknown>): RowIssue | undefined {
  const ro = rt.def.readOnlyRow
  if (ro && row[ro.field as string] === ro.value) return { field: '_', messageKey: ro.messageKey }
  return undefined
}

/** Defaults of the declaration for fields absent on create. */
export function withDefaults(rt: ResourceRuntime, values: Record<string, unknown>): Record<string, unknown> {
  const out = { ...values }
  for (const [name, f] of Object.entries(rt.fields)) if (out[name] === undefined && f.default !== undefined) out[name] = f.default
  return out
}

/** Only declared, writable field values (the command's zod already refused unknown keys). */
function writable(rt: ResourceRuntime, values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(values)) if (rt.fields[k] && v !== undefined) out[k] = v
  return out
}

/** Maps a database refusal onto the field it concerns (a race the pre-checks could not see). */
export function mapDbError(rt: ResourceRuntime, err: unknown): never {
  const e = (err as { cause?: unknown })?.cause ?? err
  const code = (e as { code?: string })?.code
  if (code === '23505') {
    const detail = String((e as { detail?: string }).detail ?? '')
    const cols = /Key \(([^)]*)\)/.exec(detail)?.[1]?.split(',').map((s) => s.trim()) ?? []
    const field = Object.entries(rt.fields).find(([n, f]) => cols.includes(colName(n, f)))?.[0] ?? '_'
    throw refuse(rt, [{ field, messageKey: 'resources:errors.duplicate', params: { value: /=\((.*)\)/.exec(detail)?.[1] ?? '' } }], 409)
  }
  if (code === '23503') throw conflict('resources:errors.inUse')
  if (code === '23514') throw refuse(rt, [{ field: '_', messageKey: 'resources:errors.rule', params: { rule: String((e as { constraint?: string }).constraint ?? '') } }])
  throw err
}

const colName = (n: string, f: FieldDef) => f.column ?? n.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** Runs a statement; a database refusal becomes the field error it means. */
export async function guarded<T>(rt: ResourceRuntime, fn: () => Promise<T>): Promise<T> {
  try { return await fn() } catch (err) { return mapDbError(rt, err) }
}

export async function addRow(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, input: Record<string, unknown>, action = 'add'): Promise<number> {
  let values = withDefaults(rt, writable(rt, input))
  const issues = [...await checkRefs(tx, rt, auth, values), ...await checkUploads(tx, rt, values), ...refineIssues(rt, values)]
  if (issues.length) throw refuse(rt, issues)
  const dup = await checkUnique(tx, rt, auth, values)
  if (dup.length) throw refuse(rt, dup, 409)
  const h = hooksOf(rt.def.name)
  const ctx = { tx, auth, def: rt.def, action }
  if (h.beforeWrite) values = (await h.beforeWrite(ctx, values, undefined)) ?? values
  const scope: Record<string, unknown> = {}
  if (rt.def.scope !== 'global') scope.tenantId = auth.tenantId
  if (rt.def.scope === 'warehouse') scope.warehouseId = auth.warehouseId
  const [row] = await guarded(rt, () => tx.insert(rt.table).values({ ...values, ...scope, createdBy: auth.userId, updatedBy: auth.userId } as never)
    .returning({ id: rt.table.id })) as { id: number }[]
  if (h.afterWrite) await h.afterWrite(ctx, row.id, values, undefined)
  await guardSharedRows(tx, rt, auth, [row.id])
  return row.id
}

export async function editRow(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, id: number, input: Record<string, unknown>, action = 'edit'): Promise<void> {
  const before = await loadRow(tx, rt, auth, id, true)
  if (!before) throw notFound()
  const ro = readOnlyIssue(rt, before)
  if (ro) throw refuse(rt, [ro])
  await guardSharedRows(tx, rt, auth, [id])
  let values = writable(rt, input)
  const merged = { ...before, ...values, id }
  const issues = [...await checkRefs(tx, rt, auth, values), ...await checkUploads(tx, rt, values), ...refineIssues(rt, merged)]
  if (issues.length) throw refuse(rt, issues)
  const dup = await checkUnique(tx, rt, auth, values, id)
  if (dup.length) throw refuse(rt, dup, 409)
  const h = hooksOf(rt.def.name)
  const ctx = { tx, auth, def: rt.def, action }
  if (h.beforeWrite) values = (await h.beforeWrite(ctx, values, before)) ?? values
  await guarded(rt, () => tx.update(rt.table).set({ ...values, updatedAt: new Date(), updatedBy: auth.userId } as never)
    .where(whereScoped(rt, auth, eq(rt.table.id, id))))
  if (h.afterWrite) await h.afterWrite(ctx, id, values, before)
  // Before and after: nobody changes rows others use, nor makes a row used by tenants out of reach.
  await guardSharedRows(tx, rt, auth, [id])
}

export interface StatusVerdict { id: number; label: string | null; from: unknown; to: unknown; change: boolean; reason: string | null }

/** What a bulk status change would do to each selected row (the preview and the command share it). */
export async function statusVerdicts(q: Queryable, rt: ResourceRuntime, auth: AuthContext, ids: number[], status: unknown, lock = false): Promise<StatusVerdict[]> {
  const sf = rt.def.status!.field as string
  let query = q.select(baseColumns(rt) as never).from(rt.table).where(whereScoped(rt, auth, inArray(rt.table.id, ids))) as any
  if (lock) query = query.for('update')
  const rows = await query as Record<string, unknown>[]
  const byId = new Map(rows.map((r) => [Number(r.id), r]))
  return [...new Set(ids)].map((id) => {
    const r = byId.get(id)
    const label = r && rt.labelField ? (r[rt.labelField] as string | null) ?? null : r ? String(id) : null
    if (!r) return { id, label, from: null, to: status, change: false, reason: 'resources:status.notFound' }
    const ro = readOnlyIssue(rt, r)
    if (ro) return { id, label, from: r[sf], to: status, change: false, reason: ro.messageKey }
    if (String(r[sf]) === String(status)) return { id, label, from: r[sf], to: status, change: false, reason: 'resources:status.already' }
    return { id, label, from: r[sf], to: status, change: true, reason: null }
  })
}

export async function setStatus(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, ids: number[], status: unknown) {
  const verdicts = await statusVerdicts(tx, rt, auth, ids, status, true)
  const changed = verdicts.filter((v) => v.change).map((v) => v.id)
  const sf = rt.def.status!.field as string
  const h = hooksOf(rt.def.name)
  if (changed.length) {
    await guardSharedRows(tx, rt, auth, changed)
    if (h.beforeWrite) {
      for (const id of changed) {
        const before = await loadRow(tx, rt, auth, id)
        await h.beforeWrite({ tx, auth, def: rt.def, action: 'status' }, { [sf]: status }, before)
      }
    }
    await guarded(rt, () => tx.update(rt.table).set({ [sf]: status, updatedAt: new Date(), updatedBy: auth.userId } as never)
      .where(whereScoped(rt, auth, inArray(rt.table.id, changed))))
  }
  return { changed, refused: verdicts.filter((v) => !v.change).map((v) => ({ id: v.id, reason: v.reason })) }
}

export async function deleteRows(tx: AppTx, rt: ResourceRuntime, auth: AuthContext, ids: number[]) {
  const unique = [...new Set(ids)]
  const rows = await (tx.select(baseColumns(rt) as never).from(rt.table).where(whereScoped(rt, auth, inArray(rt.table.id, unique))) as any).for('update') as Record<string, unknown>[]
  if (rows.length !== unique.length) {
    const have = new Set(rows.map((r) => Number(r.id)))
    throw new AppError(404, 'resources:errors.rowsNotFound', { ids: unique.filter((i) => !have.has(i)).join(', ') })
  }
  for (const r of rows) {
    const ro = readOnlyIssue(rt, r)
    if (ro) throw refuse(rt, [ro])
  }
  await guardSharedRows(tx, rt, auth, unique)
  const h = hooksOf(rt.def.name)
  if (h.beforeDelete) await h.beforeDelete({ tx, auth, def: rt.def, action: 'delete' }, rows)
  const done = await guarded(rt, () => tx.delete(rt.table).where(whereScoped(rt, auth, inArray(rt.table.id, unique))).returning({ id: rt.table.id }))
  return { deleted: done.length }
}

