// @vitest-environment happy-dom
// The menu tree editor: the pure keyboard map and form conversion, then the screen on the real API
// driven by the keyboard only — walk to a screen with the arrows, A adds a button under it (its
// authority follows the name), A on that button is refused with the spec's message and opens no
// form, Enter edits it, Delete removes it after the confirmation; a parent id typed by hand that is a
// button gets the server's refusal under the parent field and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import {
  activeAfterDelete, draftOf, indexTree, menuArgs, menuTreeKey, newDraft, parseMenuForm, visibleRows, type MenuTreeNode,
} from '../../src/app/pages/admin/menu-tree'
import MenusPage, { MenuFormDialog } from '../../src/app/pages/admin/MenusPage'
import { screenFor } from '../../src/app/pages/registry'
import { queryClient } from '../../src/app/state/query-client'
import { selection } from '../../src/app/state/selection'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'
import { i18next } from '../../src/app/i18n'
import { MENU_BY_CODE } from '../../src/domain/menu/catalog'
import { startHarness, type Harness } from '../helpers/bridge'
import { flush, key, newRoot, renderInto, type, waitFor } from '../helpers/dom'

const node = (id: number, parentId: number | null, type: 'M' | 'B' | 'R', children: MenuTreeNode[] = [], extra: Partial<MenuTreeNode> = {}): MenuTreeNode => ({
  id, parentId, type, code: `c${id}`, name: `n${id}`, title: `t${id}`, path: `p${id}`, component: type === 'M' ? `comp${id}` : null, redirect: null,
  icon: null, sort: id, hidden: false, authority: type === 'B' ? `c${parentId}:x${id}` : `menu:c${id}`, system: 'WMS', iframeUrl: null, children, ...extra,
})
// 1 (dir) ─ 2 (screen) ─ 3 (button)
//         └ 4 (redirect)
const tree = [node(1, null, 'M', [node(2, 1, 'M', [node(3, 2, 'B')]), node(4, 1, 'R')], { component: null })]
const ix = indexTree(tree)

describe('menu tree model', () => {
  it('maps keys: arrows move/expand, Enter edits, A or Insert adds a child, refused under a button, Delete deletes', () => {
    const all = new Set([1, 2])
    const rows = visibleRows(tree, all)
    expect(rows.map((r) => r.node.id)).toEqual([1, 2, 3, 4])
    const k = (key: string, active: number, mods = {}) => menuTreeKey(key, mods, rows, active, all, ix)
    expect(k('ArrowDown', 2)).toEqual({ kind: 'move', active: 3 })
    expect(k('ArrowLeft', 2)).toEqual({ kind: 'expand', expanded: new Set([1]) })
    expect(k('ArrowRight', 2)).toEqual({ kind: 'move', active: 3 })
    expect(k('Enter', 3)).toEqual({ kind: 'edit', id: 3 })
    expect(k('a', 2)).toEqual({ kind: 'addChild', parentId: 2 })
    expect(k('Insert', 4)).toEqual({ kind: 'addChild', parentId: 4 })
    expect(k('a', 3)).toEqual({ kind: 'refused', id: 3, messageKey: 'admin:menu.errors.buttonChild' })
    expect(k('Delete', 4)).toEqual({ kind: 'delete', id: 4 })
    // Modified keys and Space are the shell's, not the tree's.
    expect(k('a', 2, { ctrl: true })).toBeUndefined()
    expect(k(' ', 2)).toBeUndefined()
  })

  it('new drafts: a button with the screen\'s authority prefix under a screen, a menu elsewhere; args parse numbers and drop button-only leftovers', () => {
    expect(newDraft(tree[0].children[0])).toMatchObject({ parentId: '2', type: 'B', authority: 'c2:' })
    expect(newDraft(tree[0])).toMatchObject({ parentId: '1', type: 'M', authority: '' })
    expect(newDraft()).toMatchObject({ parentId: '', type: 'M', system: 'WMS' })
    const d = { ...draftOf(tree[0].children[0]), type: 'B' as const, sort: '7', parentId: ' 1 ' }
    expect(menuArgs(d, 2)).toMatchObject({ id: 2, parentId: 1, type: 'B', sort: 7, component: null, icon: null, iframeUrl: null })
    expect(menuArgs({ ...newDraft(), name: 'x', title: 'X', sort: 'abc' }).sort).toBeNaN()
    expect(menuArgs({ ...newDraft(), name: 'x', title: 'X', id: '12' })).toMatchObject({ id: 12, parentId: null, path: null })
    expect(parseMenuForm('?form=new')).toEqual({ kind: 'new' })
    expect(parseMenuForm('?form=new:24002')).toEqual({ kind: 'new', parentId: 24002 })
    expect(parseMenuForm('?form=edit:5')).toEqual({ kind: 'edit', id: 5 })
    expect(parseMenuForm('?form=grant:5')).toBeUndefined()
    expect(activeAfterDelete(ix, tree, 2)).toBe(4)
    expect(activeAfterDelete(ix, tree, 4)).toBe(2)
    expect(activeAfterDelete(ix, tree, 3)).toBe(2)
  })
})

let h: Harness
beforeAll(async () => { h = await startHarness('admin') })
afterAll(async () => { await h?.t.close() })

const en = (k: string, o?: Record<string, unknown>) => i18next.t(k, o)
const menuRow = async (where: string, params: unknown[]) =>
  (await h.t.database.query<{ id: number; parent_id: number; type: string; name: string; title: string; authority: string; code: string }>(`select id, parent_id, type, name, title, authority, code from menu where ${where}`, params))[0]

describe('menu tree editor (keyboard, real API)', () => {
  it('is the catalog screen rights/rights-menu', () => {
    expect(MENU_BY_CODE.get('rights-menu')!.component).toBe('rights/rights-menu')
    expect(screenFor('rights/rights-menu')).toBeDefined()
  })

  it('adds a button under a screen, refuses a child under it, edits and deletes it', async () => {
    const screen = MENU_BY_CODE.get('rights-menu')!
    const section = MENU_BY_CODE.get('rights')!
    const { host, root } = newRoot()
    await renderInto(root, <QueryClientProvider client={queryClient}><MenusPage /></QueryClientProvider>)
    const treeEl = await waitFor(() => host.querySelector<HTMLElement>('[data-testid="menu-tree"]'), 'tree')
    const active = () => treeEl.querySelector<HTMLElement>('[role="treeitem"][aria-selected="true"]')!
    await waitFor(() => document.activeElement === active(), 'focus on the tree')
    const press = async (k: string) => { key(document.activeElement!, k); await flush() }
    const walkTo = async (id: number) => {
      for (let i = 0; i < 80 && active().dataset.testid !== `menu-node-${id}`; i++) await press('ArrowDown')
      expect(active().dataset.testid).toBe(`menu-node-${id}`)
    }

    // Down to the rights section, open it, into its first screen, down to the menu screen.
    await walkTo(section.id)
    await press('ArrowRight')
    expect(active().getAttribute('aria-expanded')).toBe('true')
    await walkTo(screen.id)
    expect(selection.rows).toEqual([{ id: screen.id, type: 'M', code: 'rights-menu' }])

    // A: a button under the screen; its authority follows the typed name.
    await press('a')
    const form = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="menu-form"]'), 'add form')
    const field = (k: string) => form.querySelector<HTMLInputElement>(`[data-testid="menu-form-${k}"]`)!
    expect(field('parentId').value).toBe(String(screen.id))
    expect((field('type') as unknown as HTMLSelectElement).value).toBe('B')
    expect(document.activeElement).toBe(field('name'))
    type(field('name'), 'export-tree')
    expect(field('authority').value).toBe('rights-menu:export-tree')
    type(field('title'), 'Export tree')
    await act(async () => { form.querySelector('form')!.requestSubmit() })
    await waitFor(() => !document.querySelector('[data-testid="menu-form"]'), 'form closed')
    const added = await menuRow(`authority = 'rights-menu:export-tree'`, [])
    expect(added).toMatchObject({ parent_id: screen.id, type: 'B', name: 'export-tree', title: 'Export tree', code: 'rights-menu:export-tree' })
    // The cursor is on the new button, inside the expanded screen.
    await waitFor(() => active()?.dataset.testid === `menu-node-${added.id}`, 'cursor on the new node')
    await waitFor(() => document.activeElement === active(), 'focus back on the tree')

    // A on the button: refused with the spec's message; no form, nothing sent.
    h.calls.length = 0
    await press('a')
    expect(host.querySelector('[data-testid="menu-tree-message"]')!.textContent).toBe(en('admin:menu.errors.buttonChild'))
    expect(document.querySelector('[data-testid="menu-form"]')).toBeNull()
    expect(host.querySelector('[data-testid="menu-add-child"]')!.getAttribute('aria-disabled')).toBe('true')
    expect(h.calls.filter((c) => c.method !== 'GET')).toEqual([])

    // Enter edits it: the form loads the node; a new title is saved.
    await press('Enter')
    const edit = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="menu-form"]'), 'edit form')
    const title = await waitFor(() => edit.querySelector<HTMLInputElement>('[data-testid="menu-form-title"]'), 'loaded')
    expect(title.value).toBe('Export tree')
    expect(edit.querySelector<HTMLInputElement>('[data-testid="menu-form-id"]')!.readOnly).toBe(true)
    type(title, 'Export the tree')
    await act(async () => { edit.querySelector('form')!.requestSubmit() })
    await waitFor(() => !document.querySelector('[data-testid="menu-form"]'), 'edit closed')
    expect((await menuRow('id = $1', [added.id])).title).toBe('Export the tree')
    await waitFor(() => active()?.textContent?.includes('Export the tree'), 'tree shows the new title')

    // Delete asks first; confirmed, the node is gone and the cursor goes to the previous sibling.
    await waitFor(() => document.activeElement === active(), 'focus on the tree')
    await press('Delete')
    await waitFor(() => interaction.confirm?.messageKey === 'admin:confirm.menuDelete', 'confirmation asked')
    await act(async () => { answerConfirm(true) })
    const previous = MENU_BY_CODE.get('rights-menu:delete')!
    await waitFor(() => active()?.dataset.testid === `menu-node-${previous.id}`, 'cursor on the previous sibling')
    // The tree refetches after the command: the node leaves it (slower than the cursor on a busy machine).
    await waitFor(() => treeEl.querySelector(`[data-testid="menu-node-${added.id}"]`) === null, 'node gone from the tree')
    expect(await menuRow('id = $1', [added.id])).toBeUndefined()
    await act(async () => { root.unmount() })
    host.remove()
  })

  it('a parent id typed by hand that is a button: the server\'s refusal under the parent field, nothing written', async () => {
    const button = MENU_BY_CODE.get('rights-menu:add')!
    const before = Number((await h.t.database.query<{ n: string }>('select count(*) n from menu'))[0].n)
    const { host, root } = newRoot()
    let closed = 0
    await renderInto(root, <QueryClientProvider client={queryClient}><MenuFormDialog onClose={() => { closed++ }} /></QueryClientProvider>)
    const form = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="menu-form"]'), 'form')
    const field = (k: string) => form.querySelector<HTMLInputElement>(`[data-testid="menu-form-${k}"]`)!
    expect(document.activeElement).toBe(field('parentId'))
    type(field('parentId'), String(button.id))
    type(field('name'), 'sub-of-button')
    type(field('title'), 'Under a button')
    await act(async () => { form.querySelector('form')!.requestSubmit() })
    const err = await waitFor(() => form.querySelector('[data-testid="menu-error-parentId"]'), 'parent error')
    expect(err.textContent).toBe(en('admin:menu.errors.buttonChild'))
    expect(h.calls.some((c) => c.url === '/api/commands/admin.menu.add' && c.status === 400)).toBe(true)
    expect(Number((await h.t.database.query<{ n: string }>('select count(*) n from menu'))[0].n)).toBe(before)
    expect(closed).toBe(0)
    await act(async () => { root.unmount() })
    host.remove()
  })
})
