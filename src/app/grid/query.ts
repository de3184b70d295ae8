// Pure helpers of the grid: filter values → server query, column configuration merge/serialize.
import { DEFAULT_SPAN_DAYS, DEFAULT_SPAN_MESSAGE } from './date-range'
import { DEFAULT_COLUMN_WIDTH, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, type ColumnConfig, type FilterValues, type GridColumn, type GridQuery } from './types'

/** Parameter names a column's filter uses (the list helper's names). */
export function filterParams(col: Pick<GridColumn<any>, 'id' | 'filter'>): string[] {
  switch (col.filter) {
    case 'text': case 'enum': case 'ref': return [col.id]
    case 'dateRange': return [`${col.id}From`, `${col.id}To`]
    case 'numberRange': return [`${col.id}Min`, `${col.id}Max`]
    default: return []
  }
}

/** The request query: empty values dropped (spec section 5), enum values sent as a list. */
export function buildQuery(columns: readonly GridColumn<any>[], filters: FilterValues, page: number, size: number, sort?: string): GridQuery {
  const q: GridQuery = { page, size }
  if (sort) q.sort = sort
  for (const c of columns) {
    for (const p of filterParams(c)) {
      const v = filters[p]?.trim()
      if (!v) continue
      q[p] = c.filter === 'enum' ? [v] : v
    }
  }
  return q
}

/** Client-side check mirroring the server: a range needs both ends (spec section 5). Returns the missing param. */
export function incompleteRange(columns: readonly GridColumn<any>[], filters: FilterValues): string | undefined {
  for (const c of columns) {
    if (c.filter !== 'dateRange' && c.filter !== 'numberRange') continue
    const [a, b] = filterParams(c)
    const ha = !!filters[a]?.trim()
    const hb = !!filters[b]?.trim()
    if (ha !== hb) return ha ? b : a
  }
  return undefined
}

const DAY_MS = 86_400_000

/** A date range column's longest span: its own (`maxSpan`, the server's limit), else the spec's one month. */
export function maxSpanOf(c: Pick<GridColumn<any>, 'maxSpan'>): { days: number; messageKey: string } {
  return c.maxSpan ?? { days: DEFAULT_SPAN_DAYS, messageKey: DEFAULT_SPAN_MESSAGE }
}

/** A date range longer than its column allows (maxSpanOf): the column and its `to` parameter. */
export function rangeTooLong(columns: readonly GridColumn<any>[], filters: FilterValues): { column: GridColumn<any>; param: string } | undefined {
  for (const c of columns) {
    if (c.filter !== 'dateRange') continue
    const [a, b] = filterParams(c)
    const from = Date.parse(filters[a]?.trim() ?? '')
    const to = Date.parse(filters[b]?.trim() ?? '')
    if (Number.isFinite(from) && Number.isFinite(to) && (to - from) / DAY_MS > maxSpanOf(c).days) return { column: c, param: b }
  }
  return undefined
}

export function nextSort(current: string | undefined, columnId: string): string | undefined {
  // asc → desc → server default (removal), like the spec's table sort cycle.
  if (current === `${columnId}:asc`) return `${columnId}:desc`
  if (current === `${columnId}:desc`) return undefined
  return `${columnId}:asc`
}

export function sortOf(sort: string | undefined): { id: string; desc: boolean } | undefined {
  if (!sort) return undefined
  const [id, dir] = sort.split(':')
  return { id, desc: dir === 'desc' }
}

export const clampWidth = (w: number) => Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, Math.round(w)))

export function defaultConfig(columns: readonly GridColumn<any>[]): ColumnConfig {
  return { version: 1, columns: columns.map((c) => ({ id: c.id, visible: true, width: c.width ?? DEFAULT_COLUMN_WIDTH })) }
}

/**
 * The saved configuration applied to today's columns: unknown ids dropped, new columns appended
 * visible, widths clamped, unhideable columns forced visible, never zero visible columns. A
 * malformed saved value (other client version, hand edits) falls back to the defaults.
 */
export function mergeConfig(columns: readonly GridColumn<any>[], saved: unknown): ColumnConfig {
  const defaults = defaultConfig(columns)
  const parsed = typeof saved === 'string' ? safeJson(saved) : saved
  if (!parsed || typeof parsed !== 'object' || !Array.isArray((parsed as ColumnConfig).columns)) return defaults
  const byId = new Map(columns.map((c) => [c.id, c]))
  const seen = new Set<string>()
  const out: ColumnConfig['columns'] = []
  for (const e of (parsed as ColumnConfig).columns) {
    if (!e || typeof e.id !== 'string' || !byId.has(e.id) || seen.has(e.id)) continue
    seen.add(e.id)
    const col = byId.get(e.id)!
    out.push({
      id: e.id,
      visible: col.hideable === false ? true : e.visible !== false,
      width: typeof e.width === 'number' && Number.isFinite(e.width) ? clampWidth(e.width) : col.width ?? DEFAULT_COLUMN_WIDTH,
    })
  }
  for (const d of defaults.columns) if (!seen.has(d.id)) out.push(d)
  if (!out.some((c) => c.visible)) return defaults
  return { version: 1, columns: out }
}

function safeJson(s: string): unknown {
  try { return JSON.parse(s) } catch { return undefined }
}

/** Rows [from..to] inclusive, in either direction. */
export function rangeIds(ids: readonly string[], a: number, b: number): string[] {
  const [lo, hi] = a <= b ? [a, b] : [b, a]
  return ids.slice(Math.max(0, lo), hi + 1)
}
