// Menu tree editor (rights → menu, component 'rights/rights-menu'; spec sections 3 and 7): the whole
// menu tree, buttons included (GET /auth/menus/tree), as a keyboard tree — ↑/↓/Home/End move, →/←
// expand or collapse, Enter edits the node, A (or Insert) adds a child, Delete deletes it with its
// subtree after a confirmation. A button cannot have children: the add key and button refuse with
// the spec's message, and the server refuses a typed parent id that is a button (its field error is
// shown under the parent field). Every write is a command (admin.menu.add / edit / delete); the
// focused node is the command context's selection, so the palette's "edit menu" and "delete menu"
// act on it too, and from the palette without arguments they land here with ?form=new | edit:<id>.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { commandEnabled, commandVisible, type CommandDef } from '../../../domain/commands'
import { reasonLabel } from '../../commands/reason'
import { MENU_TYPES, type MenuTypeValue } from '../../../domain/resources/admin/rules'
import { authApi } from '../../api/clients'
import { runCommand, useCommandContext, useCommandRegistry, useFocusScope } from '../../palette'
import { getActiveRegistry } from '../../commands/registry'
import { clearSelection, setSelection } from '../../state/selection'
import {
  activeAfterDelete, addChildRefusal, draftOf, expandTo, indexTree, menuArgs, menuTreeKey, newDraft, parseMenuForm, titleOf, visibleRows,
  type MenuDraft, type MenuFormParam, type MenuTreeNode,
} from './menu-tree'
import { usePageSearch } from '../kit'

const TREE_KEY = ['admin', 'menu-tree'] as const
const GRID_ID = 'admin-menu-tree'
const fetchTree = () => authApi.get<MenuTreeNode[]>('/auth/menus/tree')

/** The active registry's command by id, read in an event handler (not a hook). */
function commandById(id: string): CommandDef<any> {
  const c = getActiveRegistry().get(id)
  if (!c) throw new Error(`unknown command ${id}`)
  return c
}

/** Field → translated message of a refused command (client zod refusal or the server's field errors). */
function fieldErrors(error: unknown): Record<string, string> {
  const list = (error as { errors?: { field: string; message: string }[] } | undefined)?.errors
  return Object.fromEntries((list ?? []).map((e) => [e.field.split('.')[0], e.message]))
}

export default function MenusPage() {
  const { t, i18n } = useTranslation()
  const search = usePageSearch()
  const qc = useQueryClient()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const { data: roots, isLoading } = useQuery({ queryKey: TREE_KEY, queryFn: fetchTree })
  const ix = useMemo(() => indexTree(roots ?? []), [roots])
  const [expanded, setExpanded] = useState<Set<number>>(new Set())
  const [cursor, setActive] = useState<number>(0)
  const [message, setMessage] = useState<string>('')
  // The URL's ?form= opens the form; what the operator opens or closes afterwards wins until it changes.
  const [local, setLocal] = useState<{ search: string; form: MenuFormParam | undefined } | null>(null)
  const form = local && local.search === search ? local.form : parseMenuForm(search)
  const setForm = (f: MenuFormParam | undefined) => setLocal({ search, form: f })
  const treeRef = useRef<HTMLUListElement>(null)
  const wantFocus = useRef(true)

  const rows = useMemo(() => visibleRows(roots ?? [], expanded), [roots, expanded])
  // The cursor; before the first move, or when its node vanished (deleted elsewhere), the first node.
  const active = ix.byId.has(cursor) ? cursor : (roots?.[0]?.id ?? 0)
  const activeNode = ix.byId.get(active) as MenuTreeNode | undefined
  const title = (s: string) => titleOf(s, (k) => t(k), (k) => i18n.exists(k))

  // The focused node feeds the command context (palette edit/delete act on it).
  useEffect(() => {
    if (activeNode) setSelection(GRID_ID, [{ id: activeNode.id, type: activeNode.type, code: activeNode.code }])
  }, [activeNode])
  useEffect(() => () => clearSelection(GRID_ID), [])
  // Focus follows the cursor while the tree has focus (and once when the tree first appears).
  useEffect(() => {
    const el = document.getElementById(`menu-node-${active}`)
    if (!el) return
    if (wantFocus.current || treeRef.current?.contains(document.activeElement)) { el.focus(); wantFocus.current = false }
    el.scrollIntoView?.({ block: 'nearest' })
  }, [active, rows])

  const reload = async () => { await qc.invalidateQueries({ queryKey: TREE_KEY }) }
  const visible = (id: string) => { const c = registry.get(id); return !!c && commandVisible(c, ctx) }
  const enabledReason = (id: string) => { const c = registry.get(id); const e = c ? commandEnabled(c, ctx) : 'palette:errors.unavailable'; return e === true ? undefined : reasonLabel(e) }

  const addChild = (node: MenuTreeNode | undefined) => {
    const why = addChildRefusal(node)
    if (why) { setMessage(t(why)); return }
    setMessage('')
    setForm(node ? { kind: 'new', parentId: node.id } : { kind: 'new' })
  }
  const remove = async (id: number) => {
    setMessage('')
    const next = activeAfterDelete(ix, roots ?? [], id)
    const out = await runCommand(commandById('admin.menu.delete'), { args: { id } })
    if (out.status !== 'ok') return
    wantFocus.current = true
    if (next !== undefined) setActive(next)
    await reload()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    const a = menuTreeKey(e.key, { ctrl: e.ctrlKey, alt: e.altKey, meta: e.metaKey }, rows, active, expanded, ix)
    if (!a) return
    e.preventDefault()
    e.stopPropagation()
    if (a.kind !== 'refused') setMessage('')
    switch (a.kind) {
      case 'move': setActive(a.active); break
      case 'expand': setExpanded(a.expanded); break
      case 'edit': if (visible('admin.menu.edit')) setForm({ kind: 'edit', id: a.id }); break
      case 'addChild': if (visible('admin.menu.add')) addChild(ix.byId.get(a.parentId) as MenuTreeNode); break
      case 'refused': setMessage(t(a.messageKey)); break
      case 'delete': if (visible('admin.menu.delete')) void remove(a.id); break
    }
  }
  const closeForm = async (saved?: { id: number }) => {
    setForm(undefined)
    wantFocus.current = true
    if (saved) {
      await reload()
      const tree = await qc.fetchQuery({ queryKey: TREE_KEY, queryFn: fetchTree })
      setExpanded((e) => expandTo(indexTree(tree), e, saved.id))
      setActive(saved.id)
    } else {
      document.getElementById(`menu-node-${active}`)?.focus()
    }
  }

  const childRefusal = addChildRefusal(activeNode)
  return (
    <div className="flex h-full flex-col gap-2" data-testid="admin-menus">
      <div className="flex flex-wrap items-center gap-2 text-sm" role="toolbar" aria-label={t('admin:menuEditor.title')}>
        {visible('admin.menu.add') && <ToolButton testId="menu-add-root" label={t('admin:menuEditor.addRoot')} reason={enabledReason('admin.menu.add')} onRefused={setMessage} onRun={() => addChild(undefined)} />}
        {visible('admin.menu.add') && <ToolButton testId="menu-add-child" label={t('admin:menuEditor.addChild')} reason={enabledReason('admin.menu.add') ?? (childRefusal ? t(childRefusal) : undefined)} onRefused={setMessage} onRun={() => addChild(activeNode)} />}
        {visible('admin.menu.edit') && <ToolButton testId="menu-edit" label={t('commands:admin.menu.edit')} reason={enabledReason('admin.menu.edit')} onRefused={setMessage} onRun={() => { if (activeNode) setForm({ kind: 'edit', id: activeNode.id }) }} />}
        {visible('admin.menu.delete') && <ToolButton testId="menu-delete" label={t('commands:admin.menu.delete')} reason={enabledReason('admin.menu.delete')} onRefused={setMessage} onRun={() => { if (activeNode) void remove(activeNode.id) }} />}
        <span className="text-xs text-gray-500">{t('admin:menuEditor.help')}</span>
      </div>
      <p role="alert" className="min-h-5 text-sm text-red-600" data-testid="menu-tree-message">{message}</p>
      <div className="flex min-h-0 flex-1 gap-3">
        {isLoading || !roots ? <p>{t('admin:ui.loading')}</p> : (
          <ul ref={treeRef} role="tree" aria-label={t('admin:menuEditor.tree')} className="min-h-[320px] flex-1 overflow-auto rounded border p-1 text-sm"
            onKeyDown={onKeyDown} data-testid="menu-tree">
            {rows.map(({ node, depth }) => {
              const n = node as MenuTreeNode
              return (
                <li key={n.id} id={`menu-node-${n.id}`} role="treeitem" aria-level={depth} aria-selected={n.id === active}
                  aria-expanded={n.children.length ? expanded.has(n.id) : undefined} tabIndex={n.id === active ? 0 : -1}
                  data-testid={`menu-node-${n.id}`} data-type={n.type}
                  className={`flex cursor-default items-center gap-2 py-0.5 ${n.id === active ? 'bg-blue-50 outline-1 outline-blue-400' : ''}`}
                  style={{ paddingLeft: depth * 16 }}
                  onClick={() => setActive(n.id)} onDoubleClick={() => setForm({ kind: 'edit', id: n.id })}>
                  <span aria-hidden="true" className="w-3">{n.children.length ? (expanded.has(n.id) ? '▾' : '▸') : ''}</span>
                  <span className="rounded bg-gray-100 px-1 text-xs text-gray-600">{t(`admin:menuEditor.type.${n.type}`)}</span>
                  <span>{title(n.title)}</span>
                  <code className="text-xs text-gray-500">{n.type === 'B' ? n.authority : n.code}</code>
                  <span className="text-xs text-gray-500">#{n.id}</span>
                </li>
              )
            })}
          </ul>
        )}
        {activeNode && <NodeDetails node={activeNode} title={title(activeNode.title)} />}
      </div>
      {form && (
        <MenuFormDialog
          key={form.kind === 'edit' ? `e${form.id}` : `n${form.parentId ?? ''}`}
          editId={form.kind === 'edit' ? form.id : undefined}
          parent={form.kind === 'new' && form.parentId !== undefined ? ix.byId.get(form.parentId) as MenuTreeNode | undefined : undefined}
          onClose={(saved) => void closeForm(saved)}
        />
      )}
    </div>
  )
}

/** A toolbar button: disabled ones stay focusable and say why when pressed (as the palette does). */
function ToolButton({ testId, label, reason, onRun, onRefused }: { testId: string; label: string; reason?: string; onRun(): void; onRefused(why: string): void }) {
  return (
    <button type="button" data-testid={testId} aria-disabled={reason ? true : undefined} title={reason}
      className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
      onClick={() => { if (reason) onRefused(reason); else onRun() }}>{label}</button>
  )
}

function NodeDetails({ node, title }: { node: MenuTreeNode; title: string }) {
  const { t } = useTranslation()
  const rows: [string, ReactNode][] = [
    ['id', node.id], ['parentId', node.parentId ?? '—'], ['type', t(`admin:menuEditor.type.${node.type}`)], ['name', node.name], ['title', title],
    ['path', node.path || '—'], ['authority', node.authority ?? '—'], ['component', node.component ?? '—'], ['redirect', node.redirect ?? '—'],
    ['icon', node.icon ?? '—'], ['sort', node.sort], ['system', node.system], ['iframeUrl', node.iframeUrl ?? '—'],
    ['hidden', t(node.hidden ? 'common:yes' : 'common:no')],
  ]
  return (
    <dl className="grid w-[360px] shrink-0 grid-cols-[120px_1fr] content-start gap-x-2 gap-y-1 rounded border p-3 text-sm" data-testid="menu-details">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-500">{t(`admin:menuEditor.fields.${k}`)}</dt>
          <dd className="break-all" data-testid={`menu-detail-${k}`}>{v}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Add (no editId; `parent` prefilled when given) or edit one node. `onClose(saved)` gets the saved row. */
export function MenuFormDialog({ editId, parent, onClose }: { editId?: number; parent?: MenuTreeNode; onClose(saved?: { id: number }): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog')
  const [draft, setDraft] = useState<MenuDraft | null>(editId === undefined ? newDraft(parent) : null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failed, setFailed] = useState('')
  // A new button's authority follows its name (`<screen>:<name>`) until the operator edits it.
  const [authorityTouched, setAuthorityTouched] = useState(false)
  useEffect(() => {
    if (editId === undefined) return
    // A failed read (node deleted meanwhile) was toasted by the client; the form says it too.
    void authApi.get<Omit<MenuTreeNode, 'children'>>(`/auth/menus/${editId}`).then((m) => setDraft(draftOf(m)), (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)))
  }, [editId])
  const set = <K extends keyof MenuDraft>(k: K, v: MenuDraft[K]) => setDraft((d) => {
    if (!d) return d
    const next = { ...d, [k]: v }
    if (k === 'name' && editId === undefined && !authorityTouched && d.type === 'B' && parent && d.authority.startsWith(`${parent.code}:`)) {
      next.authority = `${parent.code}:${String(v).trim()}`
    }
    return next
  })
  const submit = async () => {
    if (!draft) return
    setErrors({})
    setFailed('')
    const out = await runCommand(commandById(editId === undefined ? 'admin.menu.add' : 'admin.menu.edit'), { args: menuArgs(draft, editId) })
    if (out.status === 'ok') { onClose(out.result as { id: number }); return }
    if (out.status === 'failed') {
      const fe = fieldErrors(out.error)
      setErrors(fe)
      if (!Object.keys(fe).length) setFailed(out.error instanceof Error ? out.error.message : t('admin:menuEditor.failed'))
    }
  }
  const input = (k: Exclude<keyof MenuDraft, 'type' | 'hidden'>, o: { autoFocus?: boolean; readOnly?: boolean; inputMode?: 'numeric' } = {}) => (
    <input className={`h-8 rounded border px-2 ${o.readOnly ? 'bg-gray-50 text-gray-500' : ''}`} value={draft![k]} data-testid={`menu-form-${k}`}
      autoFocus={o.autoFocus} readOnly={o.readOnly} inputMode={o.inputMode} aria-invalid={errors[k] ? true : undefined}
      onChange={(e) => { if (k === 'authority') setAuthorityTouched(true); set(k, e.target.value) }} />
  )
  const field = (k: keyof MenuDraft, control: ReactNode) => (
    <label key={k} className="flex flex-col gap-1 text-sm">
      <span>{t(`admin:menuEditor.fields.${k}`)}</span>
      {control}
      {errors[k] && <span role="alert" className="text-red-600" data-testid={`menu-error-${k}`}>{errors[k]}</span>}
    </label>
  )
  const isNew = editId === undefined
  const button = draft?.type === 'B'
  return (
    <Dialog open onClose={() => onClose()} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="max-h-[90vh] w-[640px] overflow-auto rounded bg-white p-4 shadow-xl" data-testid="menu-form">
          <DialogTitle className="text-base font-semibold">
            {t(isNew ? 'commands:admin.menu.add' : 'commands:admin.menu.edit')}
            {parent && <span className="ml-2 text-sm font-normal text-gray-500">{t('admin:menuEditor.under', { parent: `${parent.name} #${parent.id}` })}</span>}
          </DialogTitle>
          {!draft ? <p role={failed ? 'alert' : undefined}>{failed || t('admin:ui.loading')}</p> : (
            <form className="mt-3 grid grid-cols-2 gap-3" onSubmit={(e) => { e.preventDefault(); void submit() }}>
              {/* Focus starts where typing usually starts: the name of a node under a known parent, else its parent id. */}
              {field('parentId', input('parentId', { autoFocus: isNew && !parent, inputMode: 'numeric' }))}
              {field('id', input('id', { readOnly: !isNew, inputMode: 'numeric' }))}
              {field('type', (
                <select className="h-8 rounded border px-2" value={draft.type} data-testid="menu-form-type" onChange={(e) => set('type', e.target.value as MenuTypeValue)}>
                  {MENU_TYPES.map((v) => <option key={v} value={v}>{t(`admin:menuEditor.type.${v}`)}</option>)}
                </select>
              ))}
              {field('name', input('name', { autoFocus: (isNew && !!parent) || !isNew }))}
              {field('title', input('title'))}
              {field('authority', input('authority'))}
              {!button && field('path', input('path'))}
              {!button && field('component', input('component'))}
              {!button && field('redirect', input('redirect'))}
              {!button && field('icon', input('icon'))}
              {field('sort', input('sort', { inputMode: 'numeric' }))}
              {field('system', input('system'))}
              {!button && field('iframeUrl', input('iframeUrl'))}
              {!button && field('hidden', (
                <input type="checkbox" className="h-4 w-4" checked={draft.hidden} data-testid="menu-form-hidden" onChange={(e) => set('hidden', e.target.checked)} />
              ))}
              {failed && <p role="alert" className="col-span-2 text-sm text-red-600">{failed}</p>}
              <div className="col-span-2 flex justify-end gap-2">
                <button type="button" className="h-8 rounded border px-3 text-sm" onClick={() => onClose()}>{t('common:cancel')}</button>
                <button type="submit" className="h-8 rounded bg-blue-600 px-3 text-sm text-white" data-testid="menu-form-submit">{t('common:save')}</button>
              </div>
            </form>
          )}
        </DialogPanel>
      </div>
    </Dialog>
  )
}
