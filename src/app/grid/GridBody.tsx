// The scrolling part of the DataGrid: header row and virtualized rows × columns. Split from DataGrid
// so a scroll frame re-renders this component only (the virtualizers live here), not the filter bar,
// toolbar and dialog; and within it only the rows that enter the window: rows and cells are memoized
// (GridRow on its record, place, selection and active cell; GridCell on its value), their handlers are
// stable (RowEvents) and the column layout is one memoized array. bench/grid-scroll.ts measures it.
import { memo, useCallback, useEffect, useMemo, useRef, type MouseEvent, type ReactNode, type RefObject } from 'react'
import { defaultRangeExtractor, observeElementRect, useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual'
import type { TFunction } from 'i18next'
import { formatTime } from '../../domain/format'
import { DEFAULT_COLUMN_WIDTH, ROW_HEIGHT, type GridColumn } from './types'

export const SELECT_COL_WIDTH = 32
/** Rows rendered beyond each edge of the window: enough for a smooth scroll, few for a page jump (every row new). */
const ROW_OVERSCAN = 4
/** …and on a page jump (the new window shares no row with the last one): the next frame jumps again, or stops. */
const JUMP_OVERSCAN = 1
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/

/** Stable for the grid's lifetime (DataGrid forwards to its current handlers), so rows can be memoized. */
export interface RowEvents {
  click(e: MouseEvent, index: number): void
  open(index: number): void
  toggle(index: number): void
  toggleAll(): void
  sort(columnId: string): void
}

/** One visible data column as laid out by the column virtualizer. */
interface LaidCol<R> { id: string; col: GridColumn<R>; index: number; size: number }

export interface GridBodyProps<R extends Record<string, unknown>> {
  gridId: string
  scrollRef: RefObject<HTMLDivElement | null>
  /** Records of the page in display order, and their ids. */
  records: readonly R[]
  rowIds: readonly string[]
  /** Visible column ids in display order with their widths. */
  columns: readonly { id: string; size: number }[]
  colById: ReadonlyMap<string, GridColumn<R>>
  activeRow: number
  activeCol: number
  selected: readonly string[]
  allOnPage: boolean
  /** Column id and direction shown on the header. */
  sorted?: { id: string; desc: boolean }
  /** Index of the page's first row in the whole list (aria-rowindex). */
  rowOffset: number
  height: number
  events: RowEvents
  t: TFunction
}

/**
 * Measures like react-virtual, but falls back to the configured size while the element reports
 * 0 × 0 (not laid out yet, hidden tab, or a DOM without layout) so rows still render.
 */
function observeWithFallback(fallback: { width: number; height: number }) {
  return (instance: Virtualizer<HTMLDivElement, Element>, cb: (r: { width: number; height: number }) => void) =>
    observeElementRect(instance, (r) => cb({ width: r.width || fallback.width, height: r.height || fallback.height }))
}

/**
 * The row range with ROW_OVERSCAN, or JUMP_OVERSCAN when the visible rows share none with the last
 * range's: rows rendered past the edges of a page jump are only work (bench:grid, jump pattern).
 * One per grid (the last range is its state), kept by the virtualizer's options.
 */
function useJumpAwareRange() {
  const last = useRef<{ start: number; end: number } | null>(null)
  return useCallback((r: Range) => {
    const prev = last.current
    const jump = prev !== null && (r.startIndex > prev.end || r.endIndex < prev.start)
    last.current = { start: r.startIndex, end: r.endIndex }
    return defaultRangeExtractor({ ...r, overscan: jump ? JUMP_OVERSCAN : r.overscan })
  }, [])
}

export const cellDomId = (gridId: string, row: number, colId: string) => `${gridId}-r${row}-c${colId}`

function GridBodyImpl<R extends Record<string, unknown>>(p: GridBodyProps<R>) {
  const { gridId, scrollRef, records, rowIds, columns, colById, activeRow, activeCol, events, t } = p
  const fallback = { width: 1280, height: p.height }
  const rangeExtractor = useJumpAwareRange()
  // The virtualizer returns fresh functions each render, so the React Compiler skips this component;
  // that is expected (the brief mandates TanStack Virtual).
  // oxlint-disable-next-line react/incompatible-library
  const rowVirtualizer = useVirtualizer({
    count: records.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: ROW_OVERSCAN, rangeExtractor,
    paddingStart: ROW_HEIGHT, scrollPaddingStart: ROW_HEIGHT, observeElementRect: observeWithFallback(fallback),
  })
  const colVirtualizer = useVirtualizer({
    horizontal: true, count: columns.length, getScrollElement: () => scrollRef.current,
    estimateSize: (i) => columns[i]?.size ?? DEFAULT_COLUMN_WIDTH, overscan: 3,
    paddingStart: SELECT_COL_WIDTH, scrollPaddingStart: SELECT_COL_WIDTH, observeElementRect: observeWithFallback(fallback),
  })
  const widths = columns.map((c) => `${c.id}:${c.size}`).join('|')
  useEffect(() => { colVirtualizer.measure() }, [widths]) // eslint-disable-line react-hooks/exhaustive-deps

  // Keep the active cell rendered and in view.
  useEffect(() => {
    if (activeRow >= 0 && activeRow < records.length) rowVirtualizer.scrollToIndex(activeRow, { align: 'auto' })
    if (activeCol < columns.length) colVirtualizer.scrollToIndex(activeCol, { align: 'auto' })
  }, [activeRow, activeCol]) // eslint-disable-line react-hooks/exhaustive-deps

  const virtualRows = rowVirtualizer.getVirtualItems()
  const virtualCols = colVirtualizer.getVirtualItems()
  const totalWidth = colVirtualizer.getTotalSize()
  const leftPad = virtualCols.length ? virtualCols[0].start - SELECT_COL_WIDTH : 0
  const rightPad = virtualCols.length ? totalWidth - virtualCols[virtualCols.length - 1].end : 0
  // One layout array per column window: a vertical scroll keeps it, so memoized rows stay equal.
  const layoutKey = virtualCols.map((vc) => `${columns[vc.index]?.id}:${vc.index}:${vc.size}`).join('|')
  const laid = useMemo<LaidCol<R>[]>(
    () => virtualCols.flatMap((vc) => { const c = columns[vc.index]; const col = c && colById.get(c.id); return col ? [{ id: c.id, col, index: vc.index, size: vc.size }] : [] }),
    [layoutKey, colById], // eslint-disable-line react-hooks/exhaustive-deps
  )
  const selectedSet = useMemo(() => new Set(p.selected), [p.selected])
  const activeColId = columns[Math.min(activeCol, columns.length - 1)]?.id
  // Rows are keyed by slot, so a row that leaves the window hands its DOM to one that enters: a row
  // still in view keeps its slot (a steady scroll re-renders only the rows that enter), and on a page
  // jump every slot is reused — text and attributes change, nothing is built or removed. (Keys of
  // index modulo 64 reused only the slots the two windows happened to share: a jump of 1.5 pages
  // unmounted and mounted ~28 of ~34 rows, each with its checkbox, every frame.)
  const slotOf = useRowSlots(virtualRows.map((vr) => vr.index))

  return (
    <>
      <div role="rowgroup" className="sticky top-0 z-10 bg-gray-50" style={{ width: totalWidth }}>
        <div role="row" aria-rowindex={1} className="flex border-b" style={{ height: ROW_HEIGHT }}>
          <div role="columnheader" aria-colindex={1} className="sticky left-0 z-10 flex items-center justify-center bg-gray-50" style={{ width: SELECT_COL_WIDTH }}>
            <input type="checkbox" tabIndex={-1} aria-label={t('grid:selectPage')} checked={p.allOnPage} onChange={events.toggleAll} />
          </div>
          {leftPad > 0 && <div style={{ width: leftPad }} aria-hidden="true" />}
          {laid.map(({ id, col, index, size }) => {
            const dir = p.sorted?.id === id ? (p.sorted.desc ? 'descending' : 'ascending') : undefined
            return (
              <div key={id} role="columnheader" aria-colindex={index + 2} aria-sort={dir ?? (col.sortable ? 'none' : undefined)}
                className="flex items-center px-2 font-medium text-gray-700 truncate border-r" style={{ width: size }}>
                {col.sortable ? (
                  <button type="button" className="truncate text-left w-full" onClick={() => events.sort(id)} aria-label={t('grid:sort.toggle', { column: t(col.titleKey) })}>
                    {t(col.titleKey)}{dir === 'ascending' ? ' ▲' : dir === 'descending' ? ' ▼' : ''}
                  </button>
                ) : t(col.titleKey)}
              </div>
            )
          })}
          {rightPad > 0 && <div style={{ width: rightPad }} aria-hidden="true" />}
        </div>
      </div>
      <div role="rowgroup" className="relative" style={{ height: rowVirtualizer.getTotalSize() - ROW_HEIGHT, width: totalWidth }}>
        {virtualRows.map((vr) => {
          const record = records[vr.index]
          if (!record) return null
          const id = rowIds[vr.index]
          const active = vr.index === activeRow
          return (
            <GridRow<R> key={slotOf.get(vr.index)} gridId={gridId} rowId={id} record={record} index={vr.index} top={vr.start - ROW_HEIGHT}
              ariaRowIndex={p.rowOffset + vr.index + 2} selected={selectedSet.has(id)} activeColId={active ? activeColId ?? '' : undefined}
              laid={laid} leftPad={leftPad} rightPad={rightPad} totalWidth={totalWidth} events={events} t={t} />
          )
        })}
      </div>
    </>
  )
}

/**
 * A slot (0 … rows − 1) for each row index in the window: an index that was in the previous window keeps
 * its slot; a new one takes the lowest slot left free (one a departed row held). The slots are the rows'
 * React keys. Derived from the previous window only, so rendering twice with the same window agrees.
 */
export function nextSlots(prev: ReadonlyMap<number, number>, indexes: readonly number[]): Map<number, number> {
  const next = new Map<number, number>()
  const used = new Set<number>()
  for (const i of indexes) {
    const s = prev.get(i)
    if (s !== undefined && !used.has(s)) { next.set(i, s); used.add(s) }
  }
  let free = 0
  for (const i of indexes) {
    if (next.has(i)) continue
    while (used.has(free)) free++
    next.set(i, free)
    used.add(free)
  }
  return next
}

function useRowSlots(indexes: readonly number[]): ReadonlyMap<number, number> {
  const prev = useRef<ReadonlyMap<number, number>>(new Map())
  const key = indexes.length ? `${indexes[0]}:${indexes.length}:${indexes[indexes.length - 1]}` : ''
  // The window is contiguous: its first index, length and last index name it. `prev` is the last
  // committed window's slots (set in an effect), so a render React discards changes nothing.
  // oxlint-disable-next-line react/refs
  const slots = useMemo(() => nextSlots(prev.current, indexes), [key]) // eslint-disable-line react-hooks/exhaustive-deps
  useEffect(() => { prev.current = slots }, [slots])
  return slots
}

/** Re-renders only when its parent's props change (not on the parent's unrelated state). */
export const GridBody = memo(GridBodyImpl) as typeof GridBodyImpl

interface GridRowProps<R> {
  gridId: string
  rowId: string
  record: R
  index: number
  /** Offset below the header (px). */
  top: number
  ariaRowIndex: number
  selected: boolean
  /** The active column's id when this is the active row; undefined otherwise (so other rows stay equal). */
  activeColId: string | undefined
  laid: readonly LaidCol<R>[]
  leftPad: number
  rightPad: number
  totalWidth: number
  events: RowEvents
  t: TFunction
}

function GridRowImpl<R extends Record<string, unknown>>(p: GridRowProps<R>) {
  const { index, selected, events } = p
  const active = p.activeColId !== undefined
  return (
    <div role="row" aria-rowindex={p.ariaRowIndex} aria-selected={selected} data-row-id={p.rowId}
      className={`absolute left-0 flex border-b ${selected ? 'bg-blue-50' : 'bg-white'} ${active ? 'outline outline-1 -outline-offset-1 outline-[var(--theme,#1890ff)]' : ''}`}
      style={{ top: 0, height: ROW_HEIGHT, width: p.totalWidth, transform: `translateY(${p.top}px)` }}
      onClick={(e) => events.click(e, index)} onDoubleClick={() => events.open(index)}
    >
      <div role="gridcell" aria-colindex={1} className={`sticky left-0 flex items-center justify-center ${selected ? 'bg-blue-50' : 'bg-white'}`} style={{ width: SELECT_COL_WIDTH }}>
        <input type="checkbox" tabIndex={-1} aria-label={p.t('grid:selectRow')} checked={selected} onClick={(e) => e.stopPropagation()} onChange={() => events.toggle(index)} />
      </div>
      {p.leftPad > 0 && <div style={{ width: p.leftPad }} aria-hidden="true" />}
      {p.laid.map(({ id, col, index: colIndex, size }) => (
        <GridCell<R> key={id} domId={active && id === p.activeColId ? cellDomId(p.gridId, index, id) : undefined} colIndex={colIndex} col={col} size={size} active={active && id === p.activeColId}
          value={p.record[id]} record={col.render ? p.record : undefined} t={p.t} />
      ))}
      {p.rightPad > 0 && <div style={{ width: p.rightPad }} aria-hidden="true" />}
    </div>
  )
}

const GridRow = memo(GridRowImpl) as typeof GridRowImpl

interface GridCellProps<R> {
  /** Only the active cell carries its id (aria-activedescendant); other cells need none. */
  domId: string | undefined
  colIndex: number
  col: GridColumn<R>
  size: number
  active: boolean
  /** The cell's value: what the memo compares. */
  value: unknown
  /** Only for columns with their own render (it may read any field of the row). */
  record: R | undefined
  t: TFunction
}

function GridCellImpl<R extends Record<string, unknown>>({ domId, colIndex, col, size, active, value, record, t }: GridCellProps<R>) {
  return (
    <div id={domId} role="gridcell" aria-colindex={colIndex + 2}
      className={`shrink-0 px-2 truncate border-r ${col.align === 'right' ? 'text-right' : col.align === 'center' ? 'text-center' : ''} ${active ? 'bg-blue-100' : ''}`}
      style={{ width: size, lineHeight: `${ROW_HEIGHT - 1}px` }}
    >
      {col.render && record ? col.render(record) : cellText(value, col, t)}
    </div>
  )
}

const GridCell = memo(GridCellImpl) as typeof GridCellImpl

/** A value as the cell shows it: enum label, local time, or text. */
export function cellText(v: unknown, col: GridColumn<any>, t: TFunction): ReactNode {
  if (v === null || v === undefined || v === '') return ''
  if (col.enumDict) { const o = col.enumDict.find((x) => x.value === String(v)); if (o) return t(o.labelKey) }
  if (v instanceof Date || (typeof v === 'string' && ISO_TIME.test(v))) return formatTime(v as string)
  return String(v)
}
