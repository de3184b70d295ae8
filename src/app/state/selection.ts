// Rows selected in the focused grid, and the document open on the current page. Grids write here;
// the command context reads it (selection-based commands: 'one' / 'many'). A valtio store so the
// palette re-evaluates enablement when the selection changes.
import { proxy } from 'valtio'

export const selection = proxy({
  /** Id of the grid that owns `rows` (the focused one); null when no grid has a selection. */
  gridId: null as string | null,
  rows: [] as Record<string, unknown>[],
  /** Id of the document shown by a detail page (feeds CommandContext.documentId). */
  documentId: undefined as string | number | undefined,
  /** Its facts for its status machine (status, number …; feeds CommandContext.document). */
  document: undefined as Record<string, unknown> | undefined,
})

export function setSelection(gridId: string, rows: Record<string, unknown>[]): void {
  selection.gridId = gridId
  selection.rows = rows
}

/** Called by a grid when it unmounts so stale rows never feed commands on another page. */
export function clearSelection(gridId?: string): void {
  if (gridId !== undefined && selection.gridId !== gridId) return
  selection.gridId = null
  selection.rows = []
}

/** The document open on the page (undefined: none), with the facts its commands' `enabled` reads. */
export function setDocumentId(id: string | number | undefined, facts?: Record<string, unknown>): void {
  selection.documentId = id
  selection.document = id === undefined ? undefined : facts
}
