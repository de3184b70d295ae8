// @vitest-environment happy-dom
// The role grants editor: the pure tree model (subtree checks, ancestors, mixed state, ARIA tree keys)
// and the dialog on the real API, driven by the keyboard only — open a role's grants, move and expand
// with the arrow keys, check a screen with Space (its buttons come with it), save with Ctrl+Enter, and
// the role's grants in the database are exactly the old ones plus that screen, its buttons and parent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkState, indexTree, toggleGrant, treeKey, visibleRows, type GrantNode } from '../../src/app/pages/admin/grant-tree'
import { GrantDialog } from '../../src/app/pages/admin/RolesPage'
import { MENU_BY_CODE, subtreeIds } from '../../src/domain/menu/catalog'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, waitFor, key, flush } from '../helpers/dom'

const n = (id: number, parentId: number | null, children: GrantNode[] = [], authority: string | null = `a${id}`): GrantNode =>
  ({ id, parentId, type: children.length ? 'M' : 'B', title: `t${id}`, authority, children })
// 1 ─ 2 ─ (3, 4)
//   └ 5
const tree = [n(1, null, [n(2, 1, [n(3, 2), n(4, 2)]), n(5, 1)])]
const ix = indexTree(tree)

describe('grant tree model', () => {
  it('checking a node checks its subtree and its ancestors; unchecking clears the subtree only', () => {
    const on = toggleGrant(ix, new Set(), 2)
    expect([...on].sort()).toEqual([1, 2, 3, 4])
    expect(checkState(ix, on, 1)).toBe('mixed')
    expect(checkState(ix, on, 2)).toBe('checked')
    expect(checkState(ix, on, 5)).toBe('unchecked')
    const off = toggleGrant(ix, on, 2)
    expect([...off]).toEqual([1])
    // A mixed parent becomes fully checked on Space (the common "select all under it").
    expect([...toggleGrant(ix, on, 1)].sort()).toEqual([1, 2, 3, 4, 5])
  })

  it('arrow keys follow the WAI-ARIA tree pattern over the visible rows', () => {
    let expanded = new Set<number>()
    let rows = visibleRows(tree, expanded)
    expect(rows.map((r) => r.node.id)).toEqual([1])
    expect(treeKey('ArrowRight', rows, 1, expanded, ix)).toEqual({ expanded: new Set([1]) })
    expanded = new Set([1]); rows = visibleRows(tree, expanded)
    expect(rows.map((r) => [r.node.id, r.depth])).toEqual([[1, 1], [2, 2], [5, 2]])
    expect(treeKey('ArrowRight', rows, 1, expanded, ix)).toEqual({ active: 2 })
    expect(treeKey('ArrowDown', rows, 2, expanded, ix)).toEqual({ active: 5 })
    expect(treeKey('ArrowDown', rows, 5, expanded, ix)).toEqual({ active: 5 })
    expect(treeKey('ArrowLeft', rows, 5, expanded, ix)).toEqual({ active: 1 })
    expect(treeKey('ArrowLeft', rows, 1, expanded, ix)).toEqual({ expanded: new Set() })
    expect(treeKey(' ', rows, 5, expanded, ix)).toEqual({ toggle: 5 })
    expect(treeKey('x', rows, 5, expanded, ix)).toBeUndefined()
  })
})

let h: Harness
beforeAll(async () => { h = await startHarness() })
afterAll(async () => { await h?.t.close() })

describe('grants dialog (keyboard, real API)', () => {
  it('Home, ↓, →, →, Space, Ctrl+Enter grants the company screen with its buttons and its section', async () => {
    const [{ id: roleId }] = await h.t.database.query<{ id: number }>(`select id from role where code = 'reviewer'`)
    const grants = async () => (await h.t.database.query<{ menu_id: number }>('select menu_id from role_menu where role_id = $1 order by menu_id', [roleId])).map((r) => Number(r.menu_id))
    const before = await grants()
    const company = MENU_BY_CODE.get('company')!
    expect(before).not.toContain(company.id)

    let closed = 0
    mount(<GrantDialog roleId={Number(roleId)} onClose={() => { closed++ }} />)
    const tree = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="grant-tree"]'), 'grant tree')
    const active = () => tree.querySelector<HTMLElement>('[role="treeitem"][aria-selected="true"]')!
    await waitFor(() => document.activeElement === active(), 'focus on the tree')
    const press = async (k: string, mods = {}) => { key(document.activeElement!, k, mods); await flush() }

    await press('Home')
    expect(active().dataset.testid).toBe(`grant-node-${MENU_BY_CODE.get('dashboard')!.id}`)
    expect(active().getAttribute('aria-checked')).toBe('true') // the reviewer holds the dashboard
    await press('ArrowDown')
    expect(active().dataset.testid).toBe('grant-node-2000')
    await press('ArrowRight')
    expect(active().getAttribute('aria-expanded')).toBe('true')
    await press('ArrowRight')
    expect(active().dataset.testid).toBe(`grant-node-${company.id}`)
    expect(active().getAttribute('aria-checked')).toBe('false')
    await press(' ')
    expect(active().getAttribute('aria-checked')).toBe('true')
    expect(tree.querySelector('[data-testid="grant-node-2000"]')!.getAttribute('aria-checked')).toBe('mixed')

    await press('Enter', { ctrl: true })
    await waitFor(() => closed === 1, 'dialog closed after saving')
    const after = await grants()
    expect(after).toEqual([...new Set([...before, 2000, ...subtreeIds(company.id)])].sort((a, b) => a - b))
  })
})
