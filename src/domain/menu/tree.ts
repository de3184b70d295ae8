// Menu rows (as stored) → the nested "Menu node" tree of spec section 3, in sidebar order.
import type { MenuEntry, MenuMeta, MenuNode } from './types'

/** The columns of a `menu` row the tree needs: the catalog's MenuEntry less authority/system, with a looser meta (stored JSON). */
export type MenuRow = Omit<MenuEntry, 'authority' | 'system' | 'meta'> & { meta: Partial<MenuMeta> | Record<string, unknown> }

/** One row as a node (no children): meta carries title, hidden, icon, iframeUrl, menu, newMenu and the optional flags. */
export function menuNode(row: MenuRow, level: number): MenuNode {
  const extra = row.meta as Partial<MenuMeta>
  const meta: MenuMeta = {
    ...extra,
    title: row.title,
    hidden: row.hidden,
    icon: row.icon ?? extra.icon ?? '',
    iframeUrl: row.iframeUrl ?? extra.iframeUrl ?? '',
    menu: row.type === 'M',
    newMenu: extra.newMenu ?? false,
  }
  return {
    id: row.id,
    parentId: row.parentId,
    type: row.type,
    code: row.code,
    name: row.name,
    path: row.path,
    component: row.component,
    redirect: row.redirect,
    hidden: row.hidden,
    level,
    sort: row.sort,
    meta,
    children: [],
  }
}

/**
 * Nests rows under their parents, sorted by sort then id; level 1 at the top. A row whose parent is
 * not among `rows` (not granted, filtered out) is dropped with its subtree, so the tree never shows
 * orphans at the wrong level.
 */
export function buildMenuTree(rows: readonly MenuRow[], rootId: number | null = null): MenuNode[] {
  const byParent = new Map<number | null, MenuRow[]>()
  for (const r of rows) {
    const list = byParent.get(r.parentId) ?? []
    list.push(r)
    byParent.set(r.parentId, list)
  }
  const walk = (parentId: number | null, level: number): MenuNode[] =>
    (byParent.get(parentId) ?? [])
      .slice()
      .sort((a, b) => a.sort - b.sort || a.id - b.id)
      .map((r) => ({ ...menuNode(r, level), children: walk(r.id, level + 1) }))
  return walk(rootId, 1)
}
