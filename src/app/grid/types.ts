// The declaration a screen gives its DataGrid: columns (what the server may sort and filter on is the
// list helper's whitelist in src/server/http/list.ts — keep the ids equal) and a fetcher.
import type { ReactNode } from 'react'

export type FilterKind = 'text' | 'enum' | 'dateRange' | 'numberRange' | 'ref'

/** A 'ref' filter's own input (e.g. a searchable picker); `value` is the parameter's text (an id). */
export interface FilterInputProps { id: string; value: string; onChange(value: string): void; label: string }

export interface EnumOption { value: string; labelKey: string }

export interface GridColumn<R = Record<string, unknown>> {
  /** Record field and server sort/filter name. */
  id: string
  /** i18n key of the header. */
  titleKey: string
  /** Width in px (default 160). */
  width?: number
  sortable?: boolean
  filter?: FilterKind
  /** Options of an enum filter (and labels of enum cells when no `render`). */
  enumDict?: readonly EnumOption[]
  render?: (row: R) => ReactNode
  /** Input of a 'ref' filter (the bar renders it under the column's title). */
  filterInput?: (p: FilterInputProps) => ReactNode
  align?: 'left' | 'right' | 'center'
  /** false: always visible (column settings cannot hide it). */
  hideable?: boolean
  /** A dateRange filter's longest span in days, refused before asking with `messageKey` ({days, field}). */
  maxSpan?: { days: number; messageKey: string }
}

/** Query sent to the server: page, size, sort and the filters in the list helper's parameter names. */
export type GridQuery = { page: number; size: number; sort?: string } & Record<string, unknown>

/** `totalCapped`: the server counted up to `total` and stopped (more rows match). */
export interface GridPage<R> { records: R[]; total: number; totalCapped?: boolean }

/** Filter values as typed in the filter bar, keyed by parameter name (id, idFrom/idTo, idMin/idMax). */
export type FilterValues = Record<string, string>

/** Per-user column configuration (stored as a JSON string under tableKey = gridId). */
export interface ColumnConfig {
  version: 1
  /** In display order. */
  columns: { id: string; visible: boolean; width?: number }[]
}

export const ROW_HEIGHT = 30
export const DEFAULT_COLUMN_WIDTH = 160
export const MIN_COLUMN_WIDTH = 48
export const MAX_COLUMN_WIDTH = 800
export const PAGE_SIZES = [20, 50, 100, 200] as const
/** Spec section 9: table height = viewport minus 40 px bottom offset, at least 440 px, debounced 500 ms. */
export const TABLE_BOTTOM_OFFSET = 40
export const TABLE_MIN_HEIGHT = 440
export const TABLE_HEIGHT_DEBOUNCE_MS = 500
/** Spec section 5: "max 50 rows for selection/export". */
export const MAX_SELECTED_EXPORT = 50
