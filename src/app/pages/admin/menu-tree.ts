// Pure model of the menu tree editor (rights → menu): the keyboard map of the tree, the form draft
// (spec section 3 "Menu form": parent node id, node id, name, title, type menu/button/redirect,
// authority sign, component name, redirect, icon, sort, owning system, embedded frame address) and
// its conversion to the arguments of admin.menu.add / admin.menu.edit. Navigation keys are the
// grants editor's (grant-tree.ts); this adds the editing keys.
import { indexTree, treeKey, visibleRows, type GrantIndex, type VisibleRow } from './grant-tree'
import type { MenuTypeValue } from '../../../domain/resources/admin/rules'

/** One node of GET /auth/menus/tree (src/server/areas/admin/index.ts AdminMenuNode). */
export interface MenuTreeNode {
  id: number; parentId: number | null; type: MenuTypeValue; code: string; name: string; title: string; path: string
  component: string | null; redirect: string | null; icon: string | null; sort: number; hidden: boolean
  authority: string | null; system: string; iframeUrl: string | null; children: MenuTreeNode[]
}

export { indexTree, visibleRows, type GrantIndex as MenuIndex, type VisibleRow }

/** Spec section 5: "Cannot add child under button" — the message key the server answers with too. */
export const BUTTON_CHILD_KEY = 'admin:menu.errors.buttonChild'

/** Why `node` cannot take a child (undefined: it can). */
export function addChildRefusal(node: Pick<MenuTreeNode, 'type'> | undefined): string | undefined {
  return node?.type === 'B' ? BUTTON_CHILD_KEY : undefined
}

export type MenuTreeAction =
  | { kind: 'move'; active: number }
  | { kind: 'expand'; expanded: Set<number> }
  | { kind: 'edit'; id: number }
  | { kind: 'addChild'; parentId: number }
  | { kind: 'refused'; id: number; messageKey: string }
  | { kind: 'delete'; id: number }

/** The keys the tree takes: ↑/↓/Home/End move, →/← expand/collapse, Enter edits, A or Insert adds a child, Delete deletes. */
export const ADD_CHILD_KEYS: ReadonlySet<string> = new Set(['a', 'A', 'Insert'])

export function menuTreeKey(
  key: string, mods: { ctrl?: boolean; alt?: boolean; meta?: boolean },
  rows: readonly VisibleRow[], active: number, expanded: ReadonlySet<number>, ix: GrantIndex,
): MenuTreeAction | undefined {
  // Modified keys belong to the shell (palette, shortcuts).
  if (mods.ctrl || mods.alt || mods.meta) return undefined
  const node = rows.find((r) => r.node.id === active)?.node ?? rows[0]?.node
  if (!node) return undefined
  if (key === 'Enter') return { kind: 'edit', id: node.id }
  if (key === 'Delete') return { kind: 'delete', id: node.id }
  if (ADD_CHILD_KEYS.has(key)) {
    const why = addChildRefusal(node as MenuTreeNode)
    return why ? { kind: 'refused', id: node.id, messageKey: why } : { kind: 'addChild', parentId: node.id }
  }
  if (key === ' ') return undefined // no checkboxes here
  const r = treeKey(key, rows, node.id, expanded, ix)
  if (!r) return undefined
  if (r.expanded) return { kind: 'expand', expanded: r.expanded }
  if (r.active !== undefined) return { kind: 'move', active: r.active }
  return undefined
}

/** The expanded set with every ancestor of `id` opened (so a new or found node is visible). */
export function expandTo(ix: GrantIndex, expanded: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(expanded)
  for (let p = ix.parent.get(id); p !== null && p !== undefined; p = ix.parent.get(p)) next.add(p)
  return next
}

/** Where the cursor goes after deleting `id`: the next sibling, else the previous one, else the parent. */
export function activeAfterDelete(ix: GrantIndex, roots: readonly MenuTreeNode[], id: number): number | undefined {
  const p = ix.parent.get(id)
  const siblings = (p === null || p === undefined ? roots : (ix.byId.get(p)?.children ?? [])) as readonly { id: number }[]
  const i = siblings.findIndex((s) => s.id === id)
  return siblings[i + 1]?.id ?? siblings[i - 1]?.id ?? (p ?? undefined)
}

// ---- the form ------------------------------------------------------------------------------------

/** The form as typed: every input is text (numbers parsed on submit), hidden a checkbox. */
export interface MenuDraft {
  parentId: string; id: string; type: MenuTypeValue; name: string; title: string; path: string
  authority: string; component: string; redirect: string; icon: string; sort: string; system: string; iframeUrl: string; hidden: boolean
}

/** Form fields in order (labels `admin:menuEditor.fields.<name>`). */
export const MENU_FORM_FIELDS = ['parentId', 'id', 'type', 'name', 'title', 'path', 'authority', 'component', 'redirect', 'icon', 'sort', 'system', 'iframeUrl', 'hidden'] as const
export type MenuFormField = (typeof MENU_FORM_FIELDS)[number]

/**
 * A new node under `parent`: under a screen (a menu with a component) the usual child is a button —
 * its authority prefilled `<screen code>:` —, elsewhere a menu.
 */
export function newDraft(parent?: Pick<MenuTreeNode, 'id' | 'type' | 'code' | 'component' | 'system'>): MenuDraft {
  const button = !!parent && parent.type === 'M' && !!parent.component
  return {
    parentId: parent ? String(parent.id) : '', id: '', type: button ? 'B' : 'M', name: '', title: '', path: '',
    authority: button ? `${parent!.code}:` : '', component: '', redirect: '', icon: '', sort: '', system: parent?.system ?? 'WMS', iframeUrl: '', hidden: false,
  }
}

export function draftOf(n: Omit<MenuTreeNode, 'children'>): MenuDraft {
  return {
    parentId: n.parentId === null ? '' : String(n.parentId), id: String(n.id), type: n.type, name: n.name, title: n.title, path: n.path ?? '',
    authority: n.authority ?? '', component: n.component ?? '', redirect: n.redirect ?? '', icon: n.icon ?? '', sort: String(n.sort ?? ''),
    system: n.system ?? 'WMS', iframeUrl: n.iframeUrl ?? '', hidden: !!n.hidden,
  }
}

/** '' → undefined; digits → the number; anything else → NaN (the command's schema names the field). */
function num(s: string): number | undefined {
  const v = s.trim()
  if (!v) return undefined
  return /^\d+$/.test(v) ? Number(v) : Number.NaN
}
const opt = (s: string) => (s.trim() ? s.trim() : null)

/** Arguments of admin.menu.add (no `editId`) or admin.menu.edit (`editId` = the node being edited). */
export function menuArgs(d: MenuDraft, editId?: number): Record<string, unknown> {
  const args: Record<string, unknown> = {
    parentId: num(d.parentId) ?? null,
    type: d.type,
    name: d.name.trim(),
    title: d.title.trim(),
    path: opt(d.path),
    authority: opt(d.authority),
    // A button has no screen, redirect, icon or frame: fields left over from switching the type go.
    component: d.type === 'B' ? null : opt(d.component),
    redirect: d.type === 'B' ? null : opt(d.redirect),
    icon: d.type === 'B' ? null : opt(d.icon),
    iframeUrl: d.type === 'B' ? null : opt(d.iframeUrl),
    hidden: d.hidden,
  }
  const sort = num(d.sort)
  if (sort !== undefined) args.sort = sort
  if (d.system.trim()) args.system = d.system.trim()
  if (editId !== undefined) args.id = editId
  else { const id = num(d.id); if (id !== undefined) args.id = id }
  return args
}

/** ?form=new | new:<parentId> | edit:<id> (the palette's admin.menu.add / admin.menu.edit land here). */
export type MenuFormParam = { kind: 'new'; parentId?: number } | { kind: 'edit'; id: number }
export function parseMenuForm(search: string): MenuFormParam | undefined {
  const v = new URLSearchParams(search).get('form') ?? ''
  if (v === 'new') return { kind: 'new' }
  const m = /^(new|edit):(\d+)$/.exec(v)
  if (!m) return undefined
  return m[1] === 'new' ? { kind: 'new', parentId: Number(m[2]) } : { kind: 'edit', id: Number(m[2]) }
}

/** A node's title as shown: catalog titles are i18n keys (`menu:title.…`), admin-typed ones plain text. */
export function titleOf(title: string, t: (k: string) => string, exists: (k: string) => boolean): string {
  return /^[a-z][\w-]*:[\w.-]+$/.test(title) && exists(title) ? t(title) : title
}
