// Pure model of the role grants editor: the menu catalog as a tree of checkboxes. Checking a node
// checks its whole subtree (screen + its buttons) and its ancestors (the server adds those anyway, so
// the tree stays connected); unchecking clears the subtree. A parent shows "mixed" when only part of
// its subtree is granted. Rows are the visible (expanded) nodes in order, for arrow-key navigation.
export interface GrantNode { id: number; parentId: number | null; type: 'M' | 'B' | 'R'; title: string; authority: string | null; children: GrantNode[] }

export interface GrantIndex {
  byId: Map<number, GrantNode>
  parent: Map<number, number | null>
}

export function indexTree(roots: readonly GrantNode[]): GrantIndex {
  const byId = new Map<number, GrantNode>()
  const parent = new Map<number, number | null>()
  const walk = (n: GrantNode, p: number | null) => { byId.set(n.id, n); parent.set(n.id, p); n.children.forEach((c) => walk(c, n.id)) }
  roots.forEach((r) => walk(r, null))
  return { byId, parent }
}

export function subtree(n: GrantNode): number[] {
  const out: number[] = []
  const walk = (x: GrantNode) => { out.push(x.id); x.children.forEach(walk) }
  walk(n)
  return out
}

/** The checked set after toggling `id`. */
export function toggleGrant(ix: GrantIndex, checked: ReadonlySet<number>, id: number): Set<number> {
  const node = ix.byId.get(id)
  const next = new Set(checked)
  if (!node) return next
  const on = checkState(ix, checked, id) !== 'checked'
  for (const x of subtree(node)) { if (on) next.add(x); else next.delete(x) }
  if (on) for (let p = ix.parent.get(id); p !== null && p !== undefined; p = ix.parent.get(p)) next.add(p)
  return next
}

export type CheckState = 'checked' | 'mixed' | 'unchecked'

/** A leaf is checked or not; a parent is checked when its whole subtree is, mixed when part of it is. */
export function checkState(ix: GrantIndex, checked: ReadonlySet<number>, id: number): CheckState {
  const node = ix.byId.get(id)
  if (!node) return 'unchecked'
  const ids = subtree(node)
  const n = ids.filter((x) => checked.has(x)).length
  return n === 0 ? 'unchecked' : n === ids.length ? 'checked' : 'mixed'
}

export interface VisibleRow { node: GrantNode; depth: number }

/** The rows shown: roots and the children of expanded nodes, depth-first. */
export function visibleRows(roots: readonly GrantNode[], expanded: ReadonlySet<number>): VisibleRow[] {
  const out: VisibleRow[] = []
  const walk = (n: GrantNode, depth: number) => { out.push({ node: n, depth }); if (expanded.has(n.id)) n.children.forEach((c) => walk(c, depth + 1)) }
  roots.forEach((r) => walk(r, 1))
  return out
}

export type TreeKeyResult = { active?: number; expanded?: Set<number>; toggle?: number }

/** WAI-ARIA tree keys: ↑/↓ move, → expands or enters, ← collapses or goes to the parent, Home/End, Space toggles. */
export function treeKey(key: string, rows: readonly VisibleRow[], active: number, expanded: ReadonlySet<number>, ix: GrantIndex): TreeKeyResult | undefined {
  const i = Math.max(0, rows.findIndex((r) => r.node.id === active))
  const node = rows[i]?.node
  if (!node) return undefined
  switch (key) {
    case 'ArrowDown': return { active: rows[Math.min(rows.length - 1, i + 1)].node.id }
    case 'ArrowUp': return { active: rows[Math.max(0, i - 1)].node.id }
    case 'Home': return { active: rows[0].node.id }
    case 'End': return { active: rows[rows.length - 1].node.id }
    case 'ArrowRight':
      if (!node.children.length) return undefined
      if (!expanded.has(node.id)) return { expanded: new Set([...expanded, node.id]) }
      return { active: node.children[0].id }
    case 'ArrowLeft': {
      if (node.children.length && expanded.has(node.id)) { const e = new Set(expanded); e.delete(node.id); return { expanded: e } }
      const p = ix.parent.get(node.id)
      return p === null || p === undefined ? undefined : { active: p }
    }
    case ' ': return { toggle: node.id }
    default: return undefined
  }
}
