// The grid's keyboard model as a pure function (tested without a DOM): active cell, selection with a
// Shift anchor, and the actions the component performs (open a row, change server page, focus filters).
import { rangeIds } from './query'

export interface NavState {
  /** Active row index on the current page (-1: none yet). */
  row: number
  col: number
  /** Shift-extension anchor and the selection it extends. */
  anchor: number | null
  base: readonly string[]
  selected: readonly string[]
}

export interface KeyInput { key: string; shift?: boolean; mod?: boolean; alt?: boolean }

export interface NavContext {
  rowIds: readonly string[]
  colCount: number
  /** Rows visible in the viewport (PageUp/PageDown step). */
  pageRows: number
  hasPrevPage: boolean
  hasNextPage: boolean
}

export type NavEffect =
  | { type: 'open'; row: number }
  | { type: 'page'; delta: 1 | -1; row: 'first' | 'last' }
  /** To the first or last server page of the whole result (Ctrl+Home / Ctrl+End). */
  | { type: 'edge'; page: 'first' | 'last'; row: 'first' | 'last' }
  | { type: 'focusFilter' }

export interface NavResult { state: NavState; handled: boolean; effect?: NavEffect }

export const initialNav: NavState = { row: -1, col: 0, anchor: null, base: [], selected: [] }

const union = (a: readonly string[], b: readonly string[]) => [...new Set([...a, ...b])]

export function gridKey(s: NavState, k: KeyInput, ctx: NavContext): NavResult {
  const last = ctx.rowIds.length - 1
  const cur = s.row < 0 ? 0 : Math.min(s.row, Math.max(last, 0))
  const move = (to: number): NavResult => {
    const row = Math.max(0, Math.min(last, to))
    if (last < 0) return { state: s, handled: true }
    if (k.shift) {
      const anchor = s.anchor ?? cur
      const base = s.anchor === null ? s.selected : s.base
      return { state: { ...s, row, anchor, base, selected: union(base, rangeIds(ctx.rowIds, anchor, row)) }, handled: true }
    }
    return { state: { ...s, row, anchor: null, base: s.selected }, handled: true }
  }
  if (k.mod && !k.alt && (k.key === 'a' || k.key === 'A')) {
    const all = ctx.rowIds.length > 0 && ctx.rowIds.every((id) => s.selected.includes(id))
    return { state: { ...s, anchor: null, selected: all ? [] : [...ctx.rowIds], base: [] }, handled: true }
  }
  const toPage = (delta: 1 | -1): NavResult => ({ state: { ...initialNav, col: s.col }, handled: true, effect: { type: 'page', delta, row: delta > 0 ? 'first' : 'last' } })
  // $mod+Home / $mod+End: the first / last row of the whole result, across server pages.
  if (k.mod && !k.alt && !k.shift && (k.key === 'Home' || k.key === 'End')) {
    const first = k.key === 'Home'
    if (first ? ctx.hasPrevPage : ctx.hasNextPage) return { state: { ...initialNav, col: s.col }, handled: true, effect: { type: 'edge', page: first ? 'first' : 'last', row: first ? 'first' : 'last' } }
    return move(first ? 0 : last)
  }
  if (k.mod || k.alt) return { state: s, handled: false }
  switch (k.key) {
    // Past the page's edge the arrows carry on into the next / previous server page.
    case 'ArrowDown':
      if (!k.shift && s.row >= 0 && cur >= last && ctx.hasNextPage) return toPage(1)
      return move(s.row < 0 ? 0 : cur + 1)
    case 'ArrowUp':
      if (!k.shift && s.row >= 0 && cur <= 0 && ctx.hasPrevPage) return toPage(-1)
      return move(s.row < 0 ? 0 : cur - 1)
    case 'Home': return move(0)
    case 'End': return move(last)
    case 'PageDown':
      if (!k.shift && cur >= last && ctx.hasNextPage) return toPage(1)
      return move(cur + Math.max(1, ctx.pageRows))
    case 'PageUp':
      if (!k.shift && cur <= 0 && ctx.hasPrevPage) return toPage(-1)
      return move(cur - Math.max(1, ctx.pageRows))
    case 'ArrowLeft': return { state: { ...s, col: Math.max(0, s.col - 1) }, handled: true }
    case 'ArrowRight': return { state: { ...s, col: Math.min(Math.max(0, ctx.colCount - 1), s.col + 1) }, handled: true }
    case ' ':
    case 'Spacebar': {
      if (last < 0) return { state: s, handled: true }
      const id = ctx.rowIds[cur]
      const selected = s.selected.includes(id) ? s.selected.filter((x) => x !== id) : [...s.selected, id]
      return { state: { ...s, row: cur, anchor: cur, base: selected, selected }, handled: true }
    }
    case 'Enter':
      if (last < 0) return { state: s, handled: false }
      return { state: { ...s, row: cur }, handled: true, effect: { type: 'open', row: cur } }
    case '/': return { state: s, handled: true, effect: { type: 'focusFilter' } }
    case 'Escape':
      if (!s.selected.length) return { state: s, handled: false }
      return { state: { ...s, anchor: null, base: [], selected: [] }, handled: true }
    default: return { state: s, handled: false }
  }
}

/**
 * The grid's own keys (handled by gridKey above, not commands) for the keymap help (Shift+?), next to
 * the grid commands (Enter, $mod+a, $mod+e, $mod+shift+c) and the global Alt+/ that the registry lists.
 */
export const GRID_KEYS: readonly { shortcuts: readonly string[]; labelKey: string }[] = [
  { shortcuts: ['ArrowUp', 'ArrowDown', 'Home', 'End'], labelKey: 'grid:keymap.move' },
  { shortcuts: ['Space'], labelKey: 'grid:keymap.select' },
  { shortcuts: ['Shift+ArrowUp', 'Shift+ArrowDown'], labelKey: 'grid:keymap.extend' },
  { shortcuts: ['PageUp', 'PageDown'], labelKey: 'grid:keymap.page' },
  { shortcuts: ['$mod+Home', '$mod+End'], labelKey: 'grid:keymap.edges' },
  { shortcuts: ['/'], labelKey: 'grid:keymap.filters' },
  { shortcuts: ['Escape'], labelKey: 'grid:keymap.escape' },
]
