// ONE grid for every list (ARCHITECTURE "Browser app"): server-side paging/sort/filter through
// react-query, TanStack Table v9 for the column model (order, visibility, sizes, sort, selection),
// TanStack Virtual for rows AND columns, and a keyboard model (keyboard.ts) — arrows move the active
// cell, Space selects, Shift extends, $mod+a selects the page, Enter opens, Home/End, PageUp/PageDown
// and the arrows (past the page's edge: the next/previous server page), $mod+Home/End (first/last row
// of the whole result), '/' focuses the filters. The page size follows the height the grid has (as
// many rows as fit, never fewer than 20) unless the user picks one. The toolbar is one line: what
// does not fit goes into its "More" menu (OverflowToolbar). The selection feeds the command
// context (state/selection.ts); grid-scope commands reach this grid through focused.ts.
// The header and rows (and both virtualizers) are GridBody.tsx: a scroll re-renders that part only.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type ReactNode } from 'react'
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  columnOrderingFeature, columnSizingFeature, columnVisibilityFeature, rowSelectionFeature, rowSortingFeature,
  tableFeatures, useTable, type ColumnDef,
} from '@tanstack/react-table'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useFocusScope } from '../palette'
import { ApiError, toSearchParams } from '../api/clients'
import { exportDownload } from '../lib/download'
import { session } from '../state/session'
import { clearSelection, setSelection } from '../state/selection'
import { showToast } from '../state/toast'
import { holds } from '../../domain/commands'
import { ColumnSettingsDialog } from './ColumnSettingsDialog'
import { OverflowToolbar } from './OverflowToolbar'
import { FilterBar } from './FilterBar'
import { GridBody, cellDomId, type RowEvents } from './GridBody'
import { useColumnConfig } from './columnConfig'
import { markFocused, registerGrid, runGridEffect, type GridEffect, type GridHandle } from './focused'
import { registerEffect } from '../commands/effects'
import { gridKey, initialNav, type NavState } from './keyboard'
import { buildQuery, nextSort, rangeIds, sortOf } from './query'
import { useTableHeight } from './useTableHeight'
import { primaryFocusProps } from '../router/arrival'
import { DEFAULT_COLUMN_WIDTH, MAX_SELECTED_EXPORT, PAGE_SIZES, ROW_HEIGHT, type FilterValues, type GridColumn, type GridPage, type GridQuery } from './types'

export interface DataGridProps<R extends Record<string, unknown>> {
  /** Stable id: react-query key, column-config tableKey, selection owner. */
  gridId: string
  /** i18n key of the list's name (accessible name of the grid). */
  titleKey: string
  /** Keep stable (module scope or useMemo): the column model is rebuilt when it changes. */
  columns: readonly GridColumn<R>[]
  fetcher: (query: GridQuery, signal?: AbortSignal) => Promise<GridPage<R>>
  rowId?: (row: R) => string
  onOpen?: (row: R) => void
  /** GET endpoint of the list helper's export (current filter, or `ids` of the selection). */
  exportUrl?: string
  exportPermission?: string
  /** Server's default sort, shown on its header until the user picks another. */
  defaultSort?: string
  /** A fixed page size; without it the page holds as many rows as the grid's height shows (at least 20). */
  pageSize?: number
  /** Extra toolbar content (screen buttons). */
  toolbar?: ReactNode
  /** Filters that are not columns (e.g. the free-text `q` of a resource list), shown first in the bar. */
  filterColumns?: readonly GridColumn<R>[]
}

const features = tableFeatures({ columnVisibilityFeature, columnOrderingFeature, columnSizingFeature, rowSortingFeature, rowSelectionFeature })
const EMPTY: never[] = []
/** Grid-scope commands (commands/grid.ts) reach the last-focused grid through these shell effects. */
const GRID_EFFECTS: GridEffect[] = ['grid.export', 'grid.columns', 'grid.selectAll', 'grid.openRow', 'grid.focusToggle']
const defaultRowId = (r: Record<string, unknown>) => String(r.id)

export function DataGrid<R extends Record<string, unknown>>(props: DataGridProps<R>) {
  const { gridId, titleKey, columns, fetcher, onOpen, exportUrl, exportPermission, defaultSort, toolbar } = props
  const rowId = (props.rowId ?? defaultRowId) as (r: R) => string
  const { t } = useTranslation()
  const snap = useSnapshot(session)
  const [page, setPage] = useState(1)
  const [sizeChoice, setSizeChoice] = useState<number | 'fit'>(props.pageSize ?? 'fit')
  const [sort, setSort] = useState<string | undefined>(undefined)
  const [filters, setFilters] = useState<FilterValues>({})
  const [nav, setNav] = useState<NavState>(initialNav)
  const [columnsOpen, setColumnsOpen] = useState(false)
  const [exporting, setExporting] = useState(false)
  const [focused, setFocused] = useState(false)
  const pendingRow = useRef<'first' | 'last' | null>(null)
  const scrollRef = useRef<HTMLDivElement>(null)
  const filterRef = useRef<HTMLFormElement>(null)
  const height = useTableHeight(scrollRef)
  const fitSize = Math.max(PAGE_SIZES[0], Math.floor((height - ROW_HEIGHT) / ROW_HEIGHT))
  const size = sizeChoice === 'fit' ? fitSize : sizeChoice
  // A new size (window resized, or another choice) keeps the page's first row on the page shown.
  const [shownSize, setShownSize] = useState(size)
  if (shownSize !== size) {
    setShownSize(size)
    setPage(Math.floor(((page - 1) * shownSize) / size) + 1)
  }
  useFocusScope('grid', focused)

  const filterColumns = useMemo(() => (props.filterColumns?.length ? [...props.filterColumns, ...columns] : columns), [props.filterColumns, columns])
  const query = useMemo(() => buildQuery(filterColumns, filters, page, size, sort), [filterColumns, filters, page, size, sort])
  const result = useQuery({
    queryKey: ['grid', gridId, query],
    queryFn: ({ signal }) => fetcher(query, signal),
    placeholderData: keepPreviousData,
  })
  const records = result.data?.records ?? (EMPTY as R[])
  const total = result.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / size))
  const rowIds = useMemo(() => records.map(rowId), [records]) // eslint-disable-line react-hooks/exhaustive-deps

  // New rows: keep the selection that is still on the page, place the active row.
  useEffect(() => {
    setNav((s) => {
      const selected = s.selected.filter((id) => rowIds.includes(id))
      let row = s.row
      if (pendingRow.current && rowIds.length) { row = pendingRow.current === 'first' ? 0 : rowIds.length - 1; pendingRow.current = null }
      // Rows arriving in a focused grid that had none (a wave just generated): the first is active.
      else if (row < 0 && rowIds.length && scrollRef.current && document.activeElement === scrollRef.current) row = 0
      row = Math.min(row, rowIds.length - 1)
      return { ...s, row, selected, base: s.base.filter((id) => rowIds.includes(id)), anchor: s.anchor !== null && s.anchor < rowIds.length ? s.anchor : null }
    })
  }, [rowIds])

  // The selection feeds the command context; a grid that goes away takes its selection with it.
  // What commands act on: the selected rows, or — nothing selected — the active row (Alt+E on the
  // focused row explains it; no Space needed first).
  const activeRecord = nav.row >= 0 ? records[nav.row] : undefined
  const selectedRows = useMemo(() => {
    const picked = records.filter((r) => nav.selected.includes(rowId(r)))
    return picked.length || !activeRecord ? picked : [activeRecord]
  }, [records, nav.selected, activeRecord]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { if (selectedRows.length || focused) setSelection(gridId, selectedRows) }, [gridId, selectedRows, focused])
  useEffect(() => () => clearSelection(gridId), [gridId])

  const { config, save } = useColumnConfig(gridId, columns)
  const columnDefs = useMemo<ColumnDef<typeof features, R>[]>(() => columns.map((c) => ({
    id: c.id, accessorFn: (r: R) => r[c.id] as never, header: c.titleKey, size: c.width ?? DEFAULT_COLUMN_WIDTH, enableSorting: !!c.sortable,
  })), [columns])
  const tableState = useMemo(() => ({
    columnOrder: config.columns.map((c) => c.id),
    columnVisibility: Object.fromEntries(config.columns.map((c) => [c.id, c.visible])),
    columnSizing: Object.fromEntries(config.columns.map((c) => [c.id, c.width ?? DEFAULT_COLUMN_WIDTH])),
    sorting: (() => { const s = sortOf(sort ?? defaultSort); return s ? [s] : [] })(),
    rowSelection: Object.fromEntries(nav.selected.map((id) => [id, true as const])) as Record<string, true>,
  }), [config, sort, defaultSort, nav.selected])
  const table = useTable({
    features, columns: columnDefs, data: records, getRowId: (r: R) => rowId(r),
    state: tableState, manualSorting: true, enableRowRangeSelection: false,
  })
  const visibleColumns = table.getVisibleLeafColumns()
  const colById = useMemo(() => new Map(columns.map((c) => [c.id, c])), [columns])
  const rows = table.getRowModel().rows
  // The body is memoized: hand it values that keep their identity while nothing they describe changes.
  const layoutKey = visibleColumns.map((c) => `${c.id}:${c.getSize()}`).join('|')
  const bodyColumns = useMemo(() => visibleColumns.map((c) => ({ id: c.id, size: c.getSize() ?? DEFAULT_COLUMN_WIDTH })), [layoutKey]) // eslint-disable-line react-hooks/exhaustive-deps
  const sortKey = sort ?? defaultSort
  const sorted = useMemo(() => sortOf(sortKey), [sortKey])

  const canExport = !!exportUrl && (!exportPermission || holds(exportPermission, { permissions: new Set(snap.permissions), roles: snap.roles }))

  const resetPaging = () => { setPage(1); setNav((s) => ({ ...initialNav, col: s.col })) }
  // A filter applied: the rows take the focus (their first row active); when the filter finds nothing,
  // back to the first filter — the operator changes it.
  const applied = useRef(false)
  const applyFilters = (v: FilterValues) => { setFilters(v); resetPaging(); applied.current = true; scrollRef.current?.focus() }
  const settled = result.isSuccess && !result.isFetching
  useEffect(() => {
    if (!settled || !applied.current) return
    applied.current = false
    if (!records.length && document.activeElement === scrollRef.current) filterRef.current?.querySelector<HTMLElement>('input,select')?.focus()
  }, [settled, records])
  const toggleSort = (id: string) => { setSort((s) => nextSort(s ?? defaultSort, id)); resetPaging() }

  const open = useCallback((row: number) => { const r = records[row]; if (r && onOpen) onOpen(r) }, [records, onOpen])

  const exportCurrent = useCallback(async () => {
    if (!canExport || !exportUrl || exporting) return
    if (nav.selected.length > MAX_SELECTED_EXPORT) {
      showToast('error', t('grid:export.tooMany', { max: MAX_SELECTED_EXPORT }))
      return
    }
    const { page: _p, size: _s, ...filterQuery } = query
    const params = toSearchParams(nav.selected.length ? { ...filterQuery, ids: nav.selected } : filterQuery)
    setExporting(true)
    try {
      const file = await exportDownload(`${exportUrl}?${params}`)
      showToast('success', t('grid:export.done', { file }))
    } catch (e) {
      showToast('error', e instanceof ApiError && e.messageKey ? t(e.messageKey, { max: MAX_SELECTED_EXPORT }) : (e as Error).message)
    } finally {
      setExporting(false)
    }
  }, [canExport, exportUrl, exporting, nav.selected, query, t])

  // Stable for the grid's lifetime (the memoized rows keep them): they call the current closures.
  const current = useRef<{ onRowClick(e: MouseEvent, i: number): void; open(i: number): void; toggleRow(i: number): void; toggleSort(id: string): void; navCtx(): Parameters<typeof gridKey>[2] } | null>(null)
  const handle = useRef<GridHandle>({ gridId, exportCurrent: () => {}, openColumns: () => {}, selectAll: () => {}, openActiveRow: () => {}, focusToggle: () => {}, shown: () => false })
  useEffect(() => {
    const off = [registerGrid(handle.current), ...GRID_EFFECTS.map((name) => registerEffect(name, () => { runGridEffect(name) }))]
    return () => { for (const f of off) f() }
  }, [])

  const navCtx = () => ({
    rowIds, colCount: visibleColumns.length,
    pageRows: Math.max(1, Math.floor((height - ROW_HEIGHT) / ROW_HEIGHT) - 1),
    hasPrevPage: page > 1, hasNextPage: page < pages,
  })

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into header buttons or other controls inside the grid are theirs.
    if (e.target !== e.currentTarget) return
    const r = gridKey(nav, { key: e.key, shift: e.shiftKey, mod: e.ctrlKey || e.metaKey, alt: e.altKey }, navCtx())
    if (!r.handled) return
    e.preventDefault()
    // Handled here, so the global dispatcher must not fire the same grid command again.
    e.stopPropagation()
    setNav(r.state)
    if (r.effect?.type === 'open') open(r.effect.row)
    else if (r.effect?.type === 'page') { const { delta, row } = r.effect; pendingRow.current = row; setPage((p) => p + delta) }
    else if (r.effect?.type === 'edge') { pendingRow.current = r.effect.row; setPage(r.effect.page === 'first' ? 1 : pages) }
    else if (r.effect?.type === 'focusFilter') filterRef.current?.querySelector<HTMLElement>('input,select')?.focus()
  }

  const onRowClick = (e: MouseEvent, index: number) => {
    scrollRef.current?.focus()
    if (e.shiftKey) {
      const anchor = nav.anchor ?? Math.max(0, nav.row)
      setNav((s) => ({ ...s, row: index, anchor, selected: [...new Set([...(s.anchor === null ? s.selected : s.base), ...rangeIds(rowIds, anchor, index)])], base: s.anchor === null ? s.selected : s.base }))
    } else setNav((s) => ({ ...s, row: index, anchor: null, base: s.selected }))
  }
  const toggleRow = (index: number) => setNav((s) => gridKey({ ...s, row: index }, { key: ' ' }, navCtx()).state)
  // The handle and the rows' handlers call this render's closures (updated after each commit).
  useLayoutEffect(() => {
    handle.current.exportCurrent = exportCurrent
    handle.current.openColumns = () => setColumnsOpen(true)
    handle.current.selectAll = () => setNav((s) => gridKey(s, { key: 'a', mod: true }, navCtx()).state)
    handle.current.openActiveRow = () => open(Math.max(0, nav.row))
    // Filters ↔ rows from anywhere on the page (grid.focusToggle).
    handle.current.focusToggle = () => {
      const inFilters = !!filterRef.current?.contains(document.activeElement)
      const first = filterRef.current?.querySelector<HTMLElement>('input,select')
      if (inFilters || !first) scrollRef.current?.focus()
      else first.focus()
    }
    handle.current.shown = () => !!scrollRef.current && scrollRef.current.getClientRects().length > 0
    current.current = { onRowClick, open, toggleRow, toggleSort, navCtx }
  })
  const events = useMemo<RowEvents>(() => ({
    click: (e, i) => current.current?.onRowClick(e, i),
    open: (i) => current.current?.open(i),
    toggle: (i) => current.current?.toggleRow(i),
    toggleAll: () => { const ctx = current.current?.navCtx(); if (ctx) setNav((s) => gridKey(s, { key: 'a', mod: true }, ctx).state) },
    sort: (id) => current.current?.toggleSort(id),
  }), [])

  const activeColId = visibleColumns[Math.min(nav.col, visibleColumns.length - 1)]?.id
  // The page's work (router/arrival.ts): the rows once there are some; on an empty or failed list the
  // first filter (or the grid, when it has no filters).
  const loaded = result.isSuccess || result.isError
  const hasFilters = filterColumns.some((c) => c.filter)
  const rowsAreWork = records.length > 0 || (loaded && !hasFilters)
  const allOnPage = rowIds.length > 0 && rowIds.every((id) => nav.selected.includes(id))
  const rowOffset = (page - 1) * size

  return (
    <section className="flex flex-col" data-testid={`grid-${gridId}`}
      onFocus={() => { setFocused(true); markFocused(handle.current) }}
      onBlur={(e) => { if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setFocused(false) }}
    >
      <FilterBar ref={filterRef} gridId={gridId} columns={filterColumns} values={filters} onApply={applyFilters} onEscape={() => scrollRef.current?.focus()}
        primaryFirst={loaded && records.length === 0} />
      <div className="flex items-center gap-2 whitespace-nowrap py-1 text-sm" data-testid={`${gridId}-bar`}>
        <OverflowToolbar testId={`${gridId}-toolbar`}>
        {toolbar}
        {canExport && (
          <button type="button" className="h-7 px-3 border rounded disabled:opacity-50" disabled={exporting} onClick={() => void exportCurrent()} data-testid={`${gridId}-export`}>
            {exporting ? t('grid:export.running') : nav.selected.length ? t('grid:export.selected', { count: nav.selected.length }) : t('grid:export.button')}
          </button>
        )}
        <button type="button" className="h-7 px-3 border rounded" onClick={() => setColumnsOpen(true)} data-testid={`${gridId}-columns`}>{t('grid:columns.open')}</button>
        </OverflowToolbar>
        {nav.selected.length > 0 && (
          <span className="shrink-0 text-gray-600" data-testid={`${gridId}-selected`}>
            {t('grid:selected', { count: nav.selected.length })}
            <button type="button" className="ml-1 underline" onClick={() => setNav((s) => ({ ...s, selected: [], base: [], anchor: null }))}>{t('grid:clearSelection')}</button>
          </span>
        )}
        <span className="ml-auto shrink-0 text-gray-600" data-testid={`${gridId}-total`}>{t(result.data?.totalCapped ? 'grid:totalCapped' : 'grid:total', { total })}</span>
        <label className="flex shrink-0 items-center gap-1 text-gray-600">{t('grid:pageSize')}
          <select className="h-7 border rounded" value={sizeChoice} data-testid={`${gridId}-page-size`}
            onChange={(e) => { setSizeChoice(e.target.value === 'fit' ? 'fit' : Number(e.target.value)); setNav((s) => ({ ...initialNav, col: s.col })) }}>
            <option value="fit">{t('grid:pageSizeFit', { count: fitSize })}</option>
            {PAGE_SIZES.map((n) => <option key={n} value={n}>{n}</option>)}
            {typeof props.pageSize === 'number' && !(PAGE_SIZES as readonly number[]).includes(props.pageSize) && <option value={props.pageSize}>{props.pageSize}</option>}
          </select>
        </label>
        <button type="button" className="h-7 px-2 border rounded disabled:opacity-40" disabled={page <= 1} aria-label={t('grid:prevPage')} onClick={() => { setPage((p) => p - 1); setNav((s) => ({ ...initialNav, col: s.col })) }}>‹</button>
        <span className="shrink-0" data-testid={`${gridId}-page`}>{t('grid:page', { page, pages })}</span>
        <button type="button" className="h-7 px-2 border rounded disabled:opacity-40" disabled={page >= pages} aria-label={t('grid:nextPage')} onClick={() => { setPage((p) => p + 1); setNav((s) => ({ ...initialNav, col: s.col })) }}>›</button>
      </div>
      {/* The grid holds rows only (ARIA): its loading, error and empty notes lie over it as siblings. */}
      <div className="relative">
        <div
          ref={scrollRef} role="grid" tabIndex={0} aria-label={t('grid:aria.grid', { title: t(titleKey) })}
          aria-rowcount={total + 1} aria-colcount={visibleColumns.length + 1} aria-multiselectable="true"
          aria-activedescendant={nav.row >= 0 && activeColId && nav.row < rows.length ? cellDomId(gridId, nav.row, activeColId) : undefined}
          aria-busy={result.isFetching || undefined}
          className="relative overflow-auto border rounded text-[13px] outline-none focus-visible:ring-2 focus-visible:ring-[var(--theme,#1890ff)]"
          style={{ height }} onKeyDown={onKeyDown} data-testid={`${gridId}-grid`}
          // Focus on the rows makes the first one active (arrival, a filter applied): Enter opens it at once.
          onFocus={(e) => { if (e.target === e.currentTarget && records.length) setNav((s) => (s.row < 0 ? { ...s, row: 0 } : s)) }}
          {...primaryFocusProps(rowsAreWork)}
        >
          <GridBody<R> gridId={gridId} scrollRef={scrollRef} records={records} rowIds={rowIds} columns={bodyColumns} colById={colById}
            activeRow={nav.row} activeCol={nav.col} selected={nav.selected} allOnPage={allOnPage} sorted={sorted} rowOffset={rowOffset}
            height={height} events={events} t={t} />
        </div>
        {result.isError && (
          <div role="alert" className="absolute inset-x-0 top-10 text-center text-sm text-red-600">
            {t('grid:loadFailed', { message: (result.error as Error).message })}
            <button type="button" className="ml-2 underline" onClick={() => void result.refetch()}>{t('grid:retry')}</button>
          </div>
        )}
        {!result.isError && result.isPending && <div className="absolute inset-x-0 top-10 text-center text-gray-500" role="status">{t('grid:loading')}</div>}
        {!result.isError && result.isSuccess && records.length === 0 && <div className="absolute inset-x-0 top-10 text-center text-gray-500" data-testid={`${gridId}-empty`}>{t('grid:empty')}</div>}
      </div>
      <p className="py-1 text-xs text-gray-500">{t('grid:keys.hint')}</p>
      <ColumnSettingsDialog
        open={columnsOpen} columns={columns} config={config} saving={save.isPending}
        onClose={() => { setColumnsOpen(false); scrollRef.current?.focus() }}
        onSave={(c) => save.mutate(c, {
          onSuccess: () => { showToast('success', t('grid:columns.saved')); setColumnsOpen(false); scrollRef.current?.focus() },
          onError: (e) => showToast('error', (e as Error).message),
        })}
      />
    </section>
  )
}
