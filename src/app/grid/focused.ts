// The grid that grid-scope commands act on (commands/grid.ts → runtime.effect('grid.*')): the most
// recently focused mounted grid. The palette takes DOM focus while it is open, so "focused" means
// "last focused", not document.activeElement.
import type { ShellEffect } from '../../domain/commands'

export interface GridHandle {
  gridId: string
  exportCurrent(): void | Promise<void>
  openColumns(): void
  selectAll(): void
  openActiveRow(): void
  /** Focus the filter bar, or back to the rows when a filter has it. */
  focusToggle(): void
  /** On the visible page (kept-alive pages are hidden). */
  shown(): boolean
}

let stack: GridHandle[] = []

/** A mounted grid registers its handle; returns the unregister function. */
export function registerGrid(h: GridHandle): () => void {
  stack = [...stack.filter((x) => x !== h), h]
  return () => { stack = stack.filter((x) => x !== h) }
}

/** Marks a grid as the one commands act on (on focus). */
export function markFocused(h: GridHandle): void {
  if (stack[stack.length - 1] === h) return
  stack = [...stack.filter((x) => x !== h), h]
}

/** The last focused grid on the visible page (a hidden tab's grid is never the one acted on). */
export function focusedGrid(): GridHandle | undefined {
  for (let i = stack.length - 1; i >= 0; i--) if (stack[i].shown()) return stack[i]
  return undefined
}

export type GridEffect = Extract<ShellEffect, `grid.${string}`>

/** Runs a grid effect on the focused grid; false when there is no grid (caller may toast). */
export function runGridEffect(name: GridEffect): boolean {
  const g = focusedGrid()
  if (!g) return false
  switch (name) {
    case 'grid.export': void g.exportCurrent(); break
    case 'grid.columns': g.openColumns(); break
    case 'grid.selectAll': g.selectAll(); break
    case 'grid.openRow': g.openActiveRow(); break
    case 'grid.focusToggle': g.focusToggle(); break
  }
  return true
}
