// The browser's side of the generic resource endpoints (src/server/resources):
//   GET  /api/resources/:name?page&size&sort&<filters>&q → {records,total,page,size}
//   GET  /api/resources/:name/:id · GET …/export · GET …/template
//   POST /api/resources/:name/import/dry-run (multipart `file`) → {token, rows, errors}
//   GET  /api/resources/:name/status-preview?ids=&status= → per-row verdicts
// Mutations are commands (resource.<name>.<action>) sent by the command runtime.
import { api, apiLong } from '../api/clients'
import type { GridPage, GridQuery } from '../grid'
import { RESOURCE_BY_NAME } from '../../domain/resources/index'
import type { ResourceDef } from '../../domain/resource'

export type Row = Record<string, unknown> & { id: number | string }

export const resourceUrl = (name: string) => `/api/resources/${encodeURIComponent(name)}`

export function resourceDef(name: string): ResourceDef {
  const def = RESOURCE_BY_NAME.get(name)
  if (!def) throw new Error(`unknown resource ${name}`)
  return def
}

export const fetchResourcePage = (name: string, q: GridQuery, signal?: AbortSignal) =>
  api.get<GridPage<Row> & { page: number; size: number }>(resourceUrl(name), q, { signal })

export const fetchResourceRow = (name: string, id: number | string) => api.get<Row>(`${resourceUrl(name)}/${encodeURIComponent(String(id))}`)

export interface ImportError { row: number; field: string; column?: string; messageKey: string; message: string }
/** token is null while errors is non-empty (fix the file and dry-run again). */
export interface DryRunResult { token: string | null; total: number; creates: number; updates: number; errors: ImportError[] }
export interface ImportResult { created: number; updated: number }

export function importDryRun(name: string, file: File): Promise<DryRunResult> {
  const fd = new FormData()
  fd.append('file', file, file.name)
  return apiLong.form<DryRunResult>(`${resourceUrl(name)}/import/dry-run`, fd, { silent: true })
}

/** Dry run of an action's sheet (ResourceAction.sheet): the checked rows the command will take. */
export interface SheetDryRun { total: number; rows: Record<string, unknown>[]; errors: ImportError[] }

export function sheetDryRun(url: string, file: File): Promise<SheetDryRun> {
  const fd = new FormData()
  fd.append('file', file, file.name)
  return apiLong.form<SheetDryRun>(url, fd, { silent: true })
}

/** One row of the bulk status preview: will it change, and if not, why (translated by the server). */
export interface StatusVerdict {
  id: number | string
  label: string | null
  from: number | string | null
  to: number | string
  change: boolean
  reason: string | null
  message: string | null
}
export interface StatusPreview { status: number | string; changes: number; refused: number; rows: StatusVerdict[] }
export interface StatusResult { changed: number[]; refused: { id: number; reason: string }[] }

export const statusPreview = (name: string, ids: readonly (number | string)[], status: number | string) =>
  api.get<StatusPreview>(`${resourceUrl(name)}/status-preview`, { ids: [...ids], status })

export interface RefOption { id: number; label: string }

/** Ref pickers: a few options of the referenced resource matching `q`, or the labels of `ids`. */
export const resourceOptions = (name: string, query: { q?: string; ids?: readonly number[]; size?: number }, signal?: AbortSignal) =>
  api.get<RefOption[]>(`${resourceUrl(name)}/options`, { size: 20, ...query, ids: query.ids ? [...query.ids] : undefined, q: query.q?.trim() || undefined }, { signal, silent: true })
