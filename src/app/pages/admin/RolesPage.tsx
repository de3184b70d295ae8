// Roles (rights → role, component 'rights/rights-role'): the role list (GET /auth/roles/page), the role
// form (admin.role.add / admin.role.edit) and the grants editor — the menu catalog as a keyboard tree
// of checkboxes (↑/↓ move, →/← expand/collapse, Space checks a node with its subtree, Ctrl+Enter saves,
// Esc closes) that runs admin.role.grant. The toolbar shows the SAME commands as the palette; from the
// palette without arguments they land here with ?form=new | edit:<id> | grant:<id>.
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react'
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { commandEnabled, commandVisible, type CommandDef } from '../../../domain/commands'
import { reasonLabel } from '../../commands/reason'
import { dataScopeLabelKey, DATA_SCOPES } from '../../../domain/resources/admin/rules'
import { authApi } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import { runCommand, useCommandContext, useCommandRegistry, useFocusScope } from '../../palette'
import { getActiveRegistry } from '../../commands/registry'
import { checkState, indexTree, toggleGrant, treeKey, visibleRows, type GrantNode } from './grant-tree'
import { usePageSearch } from '../kit'

export interface RoleRecord extends Record<string, unknown> {
  id: number; code: string; name: string; dataScope: number; status: number; remark: string | null; users: number
}

const roleColumns: GridColumn<RoleRecord>[] = [
  { id: 'code', titleKey: 'admin:ui.role.code', width: 140, sortable: true, filter: 'text', hideable: false },
  { id: 'name', titleKey: 'admin:ui.role.name', width: 180, sortable: true, filter: 'text' },
  {
    id: 'dataScope', titleKey: 'admin:ui.role.dataScope', width: 190, sortable: true, filter: 'enum',
    enumDict: DATA_SCOPES.map((v) => ({ value: String(v), labelKey: dataScopeLabelKey(v) })),
  },
  { id: 'status', titleKey: 'admin:ui.status', width: 100, sortable: true, filter: 'enum', enumDict: [{ value: '1', labelKey: 'dict:enabledFlag.1' }, { value: '0', labelKey: 'dict:enabledFlag.0' }] },
  { id: 'users', titleKey: 'admin:ui.role.users', width: 90, align: 'right' },
  { id: 'remark', titleKey: 'admin:ui.role.remark', width: 260 },
]

const fetchRoles = (q: GridQuery, signal?: AbortSignal) => authApi.get<{ records: RoleRecord[]; total: number }>('/auth/roles/page', q, { signal })

/** Command buttons of a screen: hidden without the permission, disabled with the reason (as the palette). */
export function CommandButtons({ ids, label }: { ids: readonly string[]; label: string }) {
  const { t } = useTranslation()
  const registry = useCommandRegistry()
  const ctx = useCommandContext()
  const cmds = ids.map((id) => registry.get(id)).filter((c): c is CommandDef<any> => !!c && commandVisible(c, ctx))
  return (
    <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label={label}>
      {cmds.map((c) => {
        const enabled = commandEnabled(c, ctx)
        const reason = enabled === true ? undefined : reasonLabel(enabled)
        return (
          <button key={c.id} type="button" data-testid={`cmd-${c.id}`} aria-disabled={reason ? true : undefined} title={reason}
            className={`h-7 rounded border px-3 ${reason ? 'cursor-not-allowed opacity-50' : 'hover:bg-gray-50'}`}
            onClick={() => void runCommand(c)}>{t(c.title)}</button>
        )
      })}
    </div>
  )
}

/** ?form=new | edit:<id> | grant:<id> → what to open. */
export function parseFormParam(search: string): { kind: 'new' } | { kind: 'edit' | 'grant'; id: number } | undefined {
  const v = new URLSearchParams(search).get('form')
  if (v === 'new') return { kind: 'new' }
  const m = /^(edit|grant):(\d+)$/.exec(v ?? '')
  return m ? { kind: m[1] as 'edit' | 'grant', id: Number(m[2]) } : undefined
}

export default function RolesPage() {
  const { t } = useTranslation()
  const search = usePageSearch()
  const qc = useQueryClient()
  // The URL's ?form= opens a dialog; what the operator opens or closes afterwards wins until it changes.
  const [local, setLocal] = useState<{ search: string; form: ReturnType<typeof parseFormParam> } | null>(null)
  const form = local && local.search === search ? local.form : parseFormParam(search)
  const setForm = (f: ReturnType<typeof parseFormParam>) => setLocal({ search, form: f })
  const refresh = () => void qc.invalidateQueries({ queryKey: ['grid', 'admin-roles'] })
  const close = () => { setForm(undefined); refresh() }
  return (
    <div className="flex flex-col gap-2" data-testid="admin-roles">
      <DataGrid<RoleRecord>
        gridId="admin-roles" titleKey="admin:ui.role.title" columns={roleColumns} fetcher={fetchRoles} defaultSort="id:asc"
        onOpen={(r) => setForm({ kind: 'edit', id: r.id })}
        toolbar={<CommandButtons label={t('admin:ui.role.title')} ids={['admin.role.add', 'admin.role.edit', 'admin.role.grant', 'admin.role.delete']} />}
      />
      {form?.kind === 'grant' && <GrantDialog roleId={form.id} onClose={close} />}
      {(form?.kind === 'new' || form?.kind === 'edit') && <RoleFormDialog id={form.kind === 'edit' ? form.id : undefined} onClose={close} />}
    </div>
  )
}

interface RoleDraft { code: string; name: string; dataScope: number; remark: string; status: number }

export function RoleFormDialog({ id, onClose }: { id?: number; onClose(): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog')
  const [draft, setDraft] = useState<RoleDraft>({ code: '', name: '', dataScope: 3, remark: '', status: 1 })
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => {
    if (!id) return
    void authApi.get<RoleRecord>(`/auth/roles/${id}`).then((r) => setDraft({ code: r.code, name: r.name, dataScope: r.dataScope, remark: r.remark ?? '', status: r.status }))
  }, [id])
  const set = (k: keyof RoleDraft) => (v: string) => setDraft((d) => ({ ...d, [k]: k === 'dataScope' || k === 'status' ? Number(v) : v }))
  const submit = async () => {
    const args = { code: draft.code, name: draft.name, dataScope: draft.dataScope, remark: draft.remark || null, status: draft.status }
    const out = await runCommand(commandById(id ? 'admin.role.edit' : 'admin.role.add'), { args: id ? { id, ...args } : args })
    if (out.status === 'ok') onClose()
    else if (out.status === 'failed') setErrors(fieldErrors(out.error))
  }
  const field = (k: keyof RoleDraft, labelKey: string, input: ReactNode) => (
    <label className="flex flex-col gap-1 text-sm">
      <span>{t(labelKey)}</span>
      {input}
      {errors[k] && <span role="alert" className="text-red-600" data-testid={`role-error-${k}`}>{errors[k]}</span>}
    </label>
  )
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-[520px] rounded bg-white p-4 shadow-xl" data-testid="role-form">
          <DialogTitle className="text-base font-semibold">{t(id ? 'commands:admin.role.edit' : 'commands:admin.role.add')}</DialogTitle>
          <form className="mt-3 flex flex-col gap-3" onSubmit={(e) => { e.preventDefault(); void submit() }}>
            {field('code', 'admin:ui.role.code', <input autoFocus className="h-8 rounded border px-2" value={draft.code} onChange={(e) => set('code')(e.target.value)} data-testid="role-code" />)}
            {field('name', 'admin:ui.role.name', <input className="h-8 rounded border px-2" value={draft.name} onChange={(e) => set('name')(e.target.value)} data-testid="role-name" />)}
            {field('dataScope', 'admin:ui.role.dataScope', (
              <select className="h-8 rounded border px-2" value={draft.dataScope} onChange={(e) => set('dataScope')(e.target.value)} data-testid="role-dataScope">
                {DATA_SCOPES.map((v) => <option key={v} value={v}>{t(dataScopeLabelKey(v))}</option>)}
              </select>
            ))}
            {field('status', 'admin:ui.status', (
              <select className="h-8 rounded border px-2" value={draft.status} onChange={(e) => set('status')(e.target.value)}>
                <option value={1}>{t('dict:enabledFlag.1')}</option>
                <option value={0}>{t('dict:enabledFlag.0')}</option>
              </select>
            ))}
            {field('remark', 'admin:ui.role.remark', <textarea className="rounded border px-2" rows={2} value={draft.remark} onChange={(e) => set('remark')(e.target.value)} />)}
            <div className="flex justify-end gap-2">
              <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
              <button type="submit" className="h-8 rounded bg-blue-600 px-3 text-sm text-white" data-testid="role-submit">{t('common:save')}</button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  )
}

/** Field → translated message of a refused command (client zod refusal or the server's field errors). */
function fieldErrors(error: unknown): Record<string, string> {
  const list = (error as { errors?: { field: string; message: string }[] } | undefined)?.errors
  return Object.fromEntries((list ?? []).map((e) => [e.field.split('.')[0], e.message]))
}

/** The active registry's command by id, read in an event handler (not a hook). */
function commandById(id: string): CommandDef<any> {
  const c = getActiveRegistry().get(id)
  if (!c) throw new Error(`unknown command ${id}`)
  return c
}

export function GrantDialog({ roleId, onClose }: { roleId: number; onClose(): void }) {
  const { t } = useTranslation()
  useFocusScope('dialog')
  const [roots, setRoots] = useState<GrantNode[] | null>(null)
  const [role, setRole] = useState<(RoleRecord & { menuIds: number[] }) | null>(null)
  const [checked, setChecked] = useState<Set<number>>(new Set())
  const [expanded, setExpanded] = useState<Set<number>>(new Set())
  const [active, setActive] = useState<number>(0)
  useEffect(() => {
    void Promise.all([authApi.get<GrantNode[]>('/auth/menus/tree'), authApi.get<RoleRecord & { menuIds: number[] }>(`/auth/roles/${roleId}`)]).then(([tree, r]) => {
      setRoots(tree)
      setRole(r)
      setChecked(new Set(r.menuIds))
      setActive(tree[0]?.id ?? 0)
    })
  }, [roleId])
  const ix = useMemo(() => indexTree(roots ?? []), [roots])
  const rows = useMemo(() => visibleRows(roots ?? [], expanded), [roots, expanded])
  useEffect(() => { document.getElementById(`grant-node-${active}`)?.focus() }, [active, rows])

  const save = async () => {
    const out = await runCommand(commandById('admin.role.grant'), { args: { roleId, menuIds: [...checked].sort((a, b) => a - b) } })
    if (out.status === 'ok') onClose()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void save(); return }
    const r = treeKey(e.key, rows, active, expanded, ix)
    if (!r) return
    e.preventDefault()
    if (r.active !== undefined) setActive(r.active)
    if (r.expanded) setExpanded(r.expanded)
    if (r.toggle !== undefined) setChecked((c) => toggleGrant(ix, c, r.toggle!))
  }
  const count = [...checked].filter((id) => ix.byId.get(id)?.authority).length
  return (
    <Dialog open onClose={onClose} className="relative z-50">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="flex h-[80vh] w-[720px] flex-col rounded bg-white p-4 shadow-xl" data-testid="grant-dialog">
          <DialogTitle className="text-base font-semibold">{t('admin:ui.grant.title', { role: role ? `${role.name} (${role.code})` : '' })}</DialogTitle>
          <p className="text-xs text-gray-500">{t('admin:ui.grant.help')}</p>
          <p className="text-xs text-gray-700" data-testid="grant-count">{t('admin:ui.grant.count', { count })}</p>
          {!roots ? <p>{t('admin:ui.loading')}</p> : (
            <ul role="tree" aria-label={t('admin:ui.grant.tree')} aria-multiselectable="true" className="mt-2 flex-1 overflow-auto rounded border p-1 text-sm" onKeyDown={onKeyDown} data-testid="grant-tree">
              {rows.map(({ node, depth }) => {
                const state = checkState(ix, checked, node.id)
                return (
                  <li key={node.id} id={`grant-node-${node.id}`} role="treeitem" aria-level={depth} aria-checked={state === 'mixed' ? 'mixed' : state === 'checked'}
                    aria-expanded={node.children.length ? expanded.has(node.id) : undefined} aria-selected={node.id === active}
                    tabIndex={node.id === active ? 0 : -1} data-testid={`grant-node-${node.id}`}
                    className={`flex cursor-default items-center gap-2 py-0.5 ${node.id === active ? 'bg-blue-50 outline-1 outline-blue-400' : ''}`}
                    style={{ paddingLeft: depth * 16 }}
                    onClick={() => { setActive(node.id); setChecked((c) => toggleGrant(ix, c, node.id)) }}>
                    <span aria-hidden="true" className="w-3">{node.children.length ? (expanded.has(node.id) ? '▾' : '▸') : ''}</span>
                    <span aria-hidden="true">{state === 'checked' ? '☑' : state === 'mixed' ? '◩' : '☐'}</span>
                    <span>{t(node.title)}</span>
                    {node.authority && <code className="text-xs text-gray-500">{node.authority}</code>}
                  </li>
                )
              })}
            </ul>
          )}
          <div className="mt-3 flex justify-end gap-2">
            <button type="button" className="h-8 rounded border px-3 text-sm" onClick={onClose}>{t('common:cancel')}</button>
            <button type="button" className="h-8 rounded bg-blue-600 px-3 text-sm text-white" onClick={() => void save()} data-testid="grant-save">{t('admin:ui.grant.save')}</button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
