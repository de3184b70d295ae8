// The grid's keyboard model (keyboard.ts) and its pure helpers — no DOM needed.
import { describe, expect, it } from 'vitest'
import { gridKey, initialNav, type NavState } from '../../src/app/grid/keyboard'
import { buildQuery, incompleteRange, mergeConfig, nextSort } from '../../src/app/grid/query'
import { tableHeight } from '../../src/app/grid/useTableHeight'
import type { GridColumn } from '../../src/app/grid/types'

const ids = ['a', 'b', 'c', 'd', 'e', 'f']
const ctx = { rowIds: ids, colCount: 3, pageRows: 2, hasPrevPage: false, hasNextPage: true }
const press = (s: NavState, key: string, mods: { shift?: boolean; mod?: boolean; alt?: boolean } = {}) => gridKey(s, { key, ...mods }, ctx)
const seq = (keys: [string, { shift?: boolean; mod?: boolean }?][], s: NavState = initialNav) => keys.reduce((acc, [k, m]) => press(acc, k, m).state, s)

describe('grid keyboard', () => {
  it('arrows move the active row and column within bounds', () => {
    let s = press(initialNav, 'ArrowDown').state
    expect(s.row).toBe(0) // first press activates the first row
    s = seq([['ArrowDown'], ['ArrowDown'], ['ArrowUp']], s)
    expect(s.row).toBe(1)
    s = seq([['ArrowUp'], ['ArrowUp'], ['ArrowUp']], s)
    expect(s.row).toBe(0)
    s = seq([['ArrowRight'], ['ArrowRight'], ['ArrowRight'], ['ArrowRight']], s)
    expect(s.col).toBe(2)
    s = seq([['ArrowLeft']], s)
    expect(s.col).toBe(1)
    expect(seq([['End']]).row).toBe(5)
    expect(seq([['End'], ['Home']]).row).toBe(0)
  })
  it('Space toggles the active row; Shift+arrows extend from the anchor, keeping earlier picks', () => {
    let s = seq([['ArrowDown'], [' ']])
    expect(s.selected).toEqual(['a'])
    s = seq([['ArrowDown'], ['ArrowDown']], s) // move to c without selecting
    expect(s.selected).toEqual(['a'])
    s = seq([['ArrowDown', { shift: true }], ['ArrowDown', { shift: true }]], s) // c..e
    expect([...s.selected].sort()).toEqual(['a', 'c', 'd', 'e'])
    s = seq([['ArrowUp', { shift: true }]], s) // shrink back to c..d
    expect([...s.selected].sort()).toEqual(['a', 'c', 'd'])
    s = seq([[' ']], s) // toggles d off
    expect([...s.selected].sort()).toEqual(['a', 'c'])
  })
  it('$mod+a selects every row on the page, and again clears; Escape clears', () => {
    const all = press(initialNav, 'a', { mod: true })
    expect(all.handled).toBe(true)
    expect(all.state.selected).toEqual(ids)
    expect(press(all.state, 'a', { mod: true }).state.selected).toEqual([])
    expect(press(all.state, 'Escape').state.selected).toEqual([])
    expect(press(initialNav, 'Escape').handled).toBe(false) // nothing to clear: let dialogs/others have Esc
  })
  it('Enter opens the active row; / asks for the filter bar; unknown keys pass through', () => {
    expect(press(seq([['ArrowDown'], ['ArrowDown']]), 'Enter').effect).toEqual({ type: 'open', row: 1 })
    expect(gridKey(initialNav, { key: 'Enter' }, { ...ctx, rowIds: [] }).handled).toBe(false)
    expect(press(initialNav, '/').effect).toEqual({ type: 'focusFilter' })
    expect(press(initialNav, 'x').handled).toBe(false)
    expect(press(initialNav, 'k', { mod: true }).handled).toBe(false) // $mod+k stays the palette's
  })
  it('PageDown/PageUp step by the visible rows, then cross to the next/previous server page', () => {
    let r = press(seq([['ArrowDown']]), 'PageDown')
    expect(r.state.row).toBe(2)
    r = press(seq([['End']]), 'PageDown')
    expect(r.effect).toEqual({ type: 'page', delta: 1, row: 'first' })
    expect(gridKey(seq([['End']]), { key: 'PageDown' }, { ...ctx, hasNextPage: false }).effect).toBeUndefined()
    r = gridKey(seq([['ArrowDown']]), { key: 'PageUp' }, { ...ctx, hasPrevPage: true })
    expect(r.effect).toEqual({ type: 'page', delta: -1, row: 'last' })
  })
  it('arrows past the page edge cross server pages; $mod+Home/End reach the first/last row of the whole result', () => {
    // ↓ on the last row: next page, first row; ↑ on the first row: previous page, last row.
    expect(press(seq([['End']]), 'ArrowDown').effect).toEqual({ type: 'page', delta: 1, row: 'first' })
    expect(gridKey(seq([['ArrowDown']]), { key: 'ArrowUp' }, { ...ctx, hasPrevPage: true }).effect).toEqual({ type: 'page', delta: -1, row: 'last' })
    // Not on the edge, not with Shift (the selection is the page's), not without a further page.
    expect(press(seq([['ArrowDown']]), 'ArrowDown').effect).toBeUndefined()
    expect(press(seq([['End']]), 'ArrowDown', { shift: true }).effect).toBeUndefined()
    expect(gridKey(seq([['End']]), { key: 'ArrowDown' }, { ...ctx, hasNextPage: false }).state.row).toBe(5)
    expect(gridKey(seq([['ArrowDown']]), { key: 'ArrowUp' }, ctx).effect).toBeUndefined()
    expect(press(initialNav, 'End', { mod: true }).effect).toEqual({ type: 'edge', page: 'last', row: 'last' })
    expect(gridKey(initialNav, { key: 'Home', mod: true }, { ...ctx, hasPrevPage: true }).effect).toEqual({ type: 'edge', page: 'first', row: 'first' })
    // On the last (first) page already: just the last (first) row.
    const onLast = gridKey(seq([['ArrowDown']]), { key: 'End', mod: true }, { ...ctx, hasNextPage: false })
    expect([onLast.effect, onLast.state.row]).toEqual([undefined, 5])
    expect(gridKey(seq([['End']]), { key: 'Home', mod: true }, ctx).state.row).toBe(0)
  })
})

const columns: GridColumn[] = [
  { id: 'code', titleKey: 'x:code', filter: 'text', width: 120 },
  { id: 'status', titleKey: 'x:status', filter: 'enum', hideable: false },
  { id: 'created', titleKey: 'x:created', filter: 'dateRange' },
  { id: 'qty', titleKey: 'x:qty', filter: 'numberRange' },
]

describe('grid query and column configuration', () => {
  it('builds the list helper query: empty values dropped, enums as lists, ranges by name', () => {
    expect(buildQuery(columns, { code: ' A-1 ', status: '2', createdFrom: '2026-11-01', createdTo: '', qtyMin: '1', qtyMax: '9' }, 2, 50, 'code:desc'))
      .toEqual({ page: 2, size: 50, sort: 'code:desc', code: 'A-1', status: ['2'], createdFrom: '2026-11-01', qtyMin: '1', qtyMax: '9' })
    expect(incompleteRange(columns, { createdFrom: '2026-11-01' })).toBe('createdTo')
    expect(incompleteRange(columns, { qtyMax: '3' })).toBe('qtyMin')
    expect(incompleteRange(columns, { qtyMin: '1', qtyMax: '3' })).toBeUndefined()
  })
  it('sort cycles asc → desc → default', () => {
    expect(nextSort(undefined, 'code')).toBe('code:asc')
    expect(nextSort('code:asc', 'code')).toBe('code:desc')
    expect(nextSort('code:desc', 'code')).toBeUndefined()
    expect(nextSort('qty:asc', 'code')).toBe('code:asc')
  })
  it('merges a saved configuration with today\'s columns defensively', () => {
    const saved = JSON.stringify({ version: 1, columns: [{ id: 'qty', visible: true, width: 5000 }, { id: 'gone', visible: true }, { id: 'code', visible: false }, { id: 'status', visible: false }] })
    const m = mergeConfig(columns, saved)
    expect(m.columns.map((c) => c.id)).toEqual(['qty', 'code', 'status', 'created'])
    expect(m.columns.find((c) => c.id === 'qty')!.width).toBe(800) // clamped
    expect(m.columns.find((c) => c.id === 'code')!.visible).toBe(false)
    expect(m.columns.find((c) => c.id === 'status')!.visible).toBe(true) // not hideable
    expect(mergeConfig(columns, '{not json').columns.map((c) => c.id)).toEqual(['code', 'status', 'created', 'qty'])
    expect(mergeConfig(columns, null).columns[0]).toEqual({ id: 'code', visible: true, width: 120 })
  })
  it('table height = viewport − top − 40 px, at least 440 px (spec section 9)', () => {
    expect(tableHeight(1000, 200)).toBe(760)
    expect(tableHeight(600, 200)).toBe(440)
  })
})
