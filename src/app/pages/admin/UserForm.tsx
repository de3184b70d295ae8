// The user form (new / edit) of the user screen: username (new only; spec rules: no Chinese, format,
// unique — the server checks that), initial password (new only; spec password rules), name, phone and
// email (spec validation), tenant, department, status, roles and the warehouse-tenant pairs in
// switcher order (the first is the default). Validated with the SAME zod schema the command parses
// with; the server's refusals land on their fields. Enter (in a text box) or Ctrl+Enter saves, Esc closes.
import { useMemo, type KeyboardEvent } from 'react'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { UserCreateArgs, UserEditArgs, type WarehousePairInput } from '../../../domain/resources/admin/rules'
import { authApi } from '../../api/clients'
import { Field, Form, Select, TextInput, errorText, useUnsavedChangesPrompt, useZodForm, type BoundField } from '../../forms'
import { Modal } from '../../palette/focus'
import { getRuntime } from '../../commands/run'
import { askConfirm } from '../../commands/interaction'
import { showToast } from '../../state/toast'
import { session } from '../../state/session'
import { RefPicker } from '../../resources/inputs'
import { USER_FORM_REFS } from '../../../domain/resources/form-refs'
import { Check, CheckGroup, PlainSelect } from './admin-ui'

export const USERS_GRID = 'admin-users'

export interface UserDetail {
  id: number; username: string; employeeName: string; email: string | null; phone: string | null; status: number
  tenantId: number; deptId: number | null; roleIds: number[]
  pairs: { warehouseId: number; tenantId: number; warehouseName: string; tenantName: string }[]
}
/** grantable: the server lets the signed-in user assign it (nothing beyond their own permissions). */
interface RoleOption { id: number; code: string; name: string; status: number; grantable?: boolean }
export interface TenantOption { id: number; code: string; name: string; status: number; warehouses: { warehouseId: number; warehouseName: string }[] }

const createSchema = UserCreateArgs
const editSchema = UserEditArgs.omit({ id: true })

const STATUS_OPTIONS = [{ value: 1, labelKey: 'dict:enabledFlag.1' }, { value: 0, labelKey: 'dict:enabledFlag.0' }] as const

/** Pairs in switcher order with one toggled: on → appended (the first stays the default), off → removed. */
export function togglePair(pairs: readonly WarehousePairInput[], p: WarehousePairInput, on: boolean): WarehousePairInput[] {
  const same = (x: WarehousePairInput) => x.warehouseId === p.warehouseId && x.tenantId === p.tenantId
  const rest = pairs.filter((x) => !same(x))
  return on ? [...rest, p] : rest
}

export function UserFormDialog({ id, onClose }: { id?: number; onClose(): void }) {
  const { t } = useTranslation()
  const editing = id !== undefined
  const detail = useQuery({ queryKey: ['admin-user', id], queryFn: () => authApi.get<UserDetail>(`/auth/users/${id}`), enabled: editing, staleTime: 0, retry: false })
  const roles = useQuery({ queryKey: ['admin-roles-list'], queryFn: () => authApi.get<RoleOption[]>('/auth/roles/list'), staleTime: 30_000 })
  const tenants = useQuery({ queryKey: ['admin-tenant-list'], queryFn: () => authApi.get<TenantOption[]>('/auth/tenant/list'), staleTime: 30_000 })
  const ready = (!editing || detail.data) && roles.data && tenants.data
  return (
    <Modal scope="dialog" labelledBy="user-form-title" onEscape={onClose} testId="user-form" className="max-h-[88vh] w-full max-w-3xl overflow-auto rounded-lg bg-white p-4 shadow-2xl">
      <h2 id="user-form-title" className="mb-3 text-base font-semibold">{t(editing ? 'admin:ui.user.editTitle' : 'admin:ui.user.newTitle', { username: detail.data?.username ?? '' })}</h2>
      {editing && detail.isError && <p role="alert" className="text-sm text-red-600">{(detail.error as Error).message}</p>}
      {!ready && !detail.isError && <p role="status" className="text-sm text-gray-500">{t('admin:ui.loading')}</p>}
      {ready && <UserFormBody detail={editing ? detail.data! : null} roles={roles.data!} tenants={tenants.data!} onClose={onClose} />}
    </Modal>
  )
}

type Values = Record<string, unknown> & {
  username?: string; password?: string; employeeName: string; phone: string; email: string | null
  tenantId: number; deptId: number | null; roleIds: number[]; pairs: WarehousePairInput[]; status: 0 | 1
}

function initialValues(detail: UserDetail | null): Values {
  if (detail) {
    return {
      employeeName: detail.employeeName, phone: detail.phone ?? '', email: detail.email ?? '', tenantId: detail.tenantId, deptId: detail.deptId,
      roleIds: [...detail.roleIds], pairs: detail.pairs.map((p) => ({ warehouseId: p.warehouseId, tenantId: p.tenantId })), status: detail.status === 0 ? 0 : 1,
    }
  }
  return { username: '', password: '', employeeName: '', phone: '', email: '', tenantId: session.tenantId, deptId: null, roleIds: [], pairs: [], status: 1 }
}

function UserFormBody({ detail, roles, tenants, onClose }: { detail: UserDetail | null; roles: RoleOption[]; tenants: TenantOption[]; onClose(): void }) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const schema = (detail ? editSchema : createSchema) as unknown as z.ZodType<Values>
  const initial = useMemo(() => initialValues(detail), [detail])
  const form = useZodForm(schema, initial)
  useUnsavedChangesPrompt(form.dirty)

  const cancel = async () => {
    if (form.dirty && !(await askConfirm('resources-ui:form.discard', { titleKey: 'resources-ui:form.discardTitle' }))) return
    onClose()
  }
  const submit = async (data: Values) => {
    // The command's runtime call: its own schema again, an idempotency key, one transaction and an audit row.
    const saved = await getRuntime().callServer<{ id: number; username: string }>(detail ? 'admin.user.edit' : 'admin.user.add', detail ? { id: detail.id, ...data } : data)
    form.reset(form.values)
    await qc.invalidateQueries({ queryKey: ['grid', USERS_GRID] })
    qc.removeQueries({ queryKey: ['admin-user'] })
    showToast('success', t(detail ? 'admin:ui.user.updated' : 'admin:ui.user.created', { username: saved.username }))
    onClose()
  }
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault()
      e.currentTarget.querySelector('form')?.requestSubmit()
    }
  }

  const f = <K extends keyof Values & string>(k: K) => form.field(k) as BoundField<any>
  const pairs = form.values.pairs
  const roleIds = form.values.roleIds
  const groupError = (k: 'roleIds' | 'pairs', label: string) => errorText(t, form.errors[k], label)
  const tenantOptions = tenants.map((x) => ({ value: x.id, label: `${x.code} ${x.name}` }))
  const dept = f('deptId')
  // What the server would refuse is not offered (server rule: src/server/areas/admin/reach.ts): a
  // manager who is not admin assigns only roles within their own permissions and pairs they work in
  // themselves, and never changes their own roles or pairs. A box already checked can still be cleared.
  const admin = session.roles.includes('admin')
  const self = !!detail && detail.id === session.userId
  const lockRole = (r: RoleOption, checked: boolean) => !admin && (self || (!checked && r.grantable === false))
  const lockPair = (p: WarehousePairInput, checked: boolean) => !admin && (self || (!checked && !session.warehouseList.some((x) => x.warehouseId === p.warehouseId && x.tenantId === p.tenantId)))
  return (
    <div onKeyDown={onKeyDown}>
      <Form form={form} onSubmit={submit} onCancel={() => void cancel()} submitLabel="admin:ui.user.save" testId="user-form-form">
        <div className="grid grid-cols-2 gap-3">
          {detail
            ? <div className="flex flex-col gap-1 text-sm"><span className="text-gray-700">{t('admin:ui.user.username')}</span><span className="h-8 px-2 py-1 font-mono" data-testid="user-username-fixed">{detail.username}</span></div>
            : <TextInput label="admin:ui.user.username" field={f('username')} required autoFocus maxLength={32} hint="admin:ui.user.usernameHint" />}
          {!detail && <TextInput label="admin:ui.user.password" field={f('password')} required type="password" maxLength={32} hint="admin:ui.user.passwordHint" />}
          <TextInput label="admin:ui.user.employeeName" field={f('employeeName')} required autoFocus={!!detail} maxLength={64} />
          <TextInput label="admin:ui.user.phone" field={f('phone')} required type="tel" maxLength={20} />
          <TextInput label="admin:ui.user.email" field={f('email')} type="email" maxLength={200} />
          <Field label="admin:ui.user.tenant" field={f('tenantId')} required>
            <PlainSelect id={f('tenantId').id} value={form.values.tenantId} options={tenantOptions} testId="user-tenant"
              onChange={(v) => form.setValue('tenantId', v)} onBlur={() => form.blur('tenantId')} invalid={f('tenantId').invalid} describedBy={f('tenantId').errorId} />
          </Field>
          <Field label="admin:ui.user.department" field={dept}>
            <RefPicker id={dept.id} refName={USER_FORM_REFS.refs.deptId} value={dept.value as number | null} onChange={dept.onChange} onBlur={dept.onBlur}
              invalid={dept.invalid} describedBy={dept.errorId} clearable />
          </Field>
          <Select label="admin:ui.status" field={f('status')} options={STATUS_OPTIONS} required />
        </div>
        <CheckGroup legend={t('admin:ui.user.roles')} error={groupError('roleIds', 'admin:ui.user.roles')} errorId={`${f('roleIds').errorId}`} testId="user-roles">
          {roles.map((r) => (
            <Check key={r.id} label={`${r.name} (${r.code})`} testId={`user-role-${r.code}`} checked={roleIds.includes(r.id)} disabled={lockRole(r, roleIds.includes(r.id))}
              onChange={(on) => form.setValue('roleIds', on ? [...roleIds, r.id] : roleIds.filter((x) => x !== r.id))} />
          ))}
        </CheckGroup>
        <CheckGroup legend={t('admin:ui.user.pairs')} error={groupError('pairs', 'admin:ui.user.pairs')} errorId={`${f('pairs').errorId}`} testId="user-pairs">
          {tenants.flatMap((tn) => tn.warehouses.map((w) => {
            const p = { warehouseId: w.warehouseId, tenantId: tn.id }
            const at = pairs.findIndex((x) => x.warehouseId === p.warehouseId && x.tenantId === p.tenantId)
            return (
              <Check key={`${w.warehouseId}-${tn.id}`} label={`${w.warehouseName} · ${tn.name}`} testId={`user-pair-${w.warehouseId}-${tn.id}`} checked={at >= 0} disabled={lockPair(p, at >= 0)}
                note={at === 0 ? t('admin:ui.user.defaultPair') : at > 0 ? `#${at + 1}` : undefined}
                onChange={(on) => form.setValue('pairs', togglePair(pairs, p, on))} />
            )
          }))}
        </CheckGroup>
        <p className="text-xs text-gray-500">{t('admin:ui.user.pairsHint')}</p>
      </Form>
    </div>
  )
}
