// Users (rights → user, component 'rights/rights-user'; spec sections 3, 6, 7 "Administration"): the
// paged list (GET /auth/users/page: username, employee name, phone, email and status filters), the
// new/edit form (admin.user.add / admin.user.edit; the form commands land here with ?form=new |
// edit:<id>), reset password (the temporary password shown once, copyable), force offline and the
// permanent delete (confirmed) — each the SAME command the palette runs; page hotkeys run them too.
import { useTranslation } from 'react-i18next'
import { useQueryClient } from '@tanstack/react-query'
import { authApi } from '../../api/clients'
import { DataGrid, type GridColumn, type GridQuery } from '../../grid'
import type { ScreenProps } from '../kit'
import { AdminToolbar, formId, pageKeyHandler, useFormParam, type PageKey } from './admin-ui'
import { USERS_GRID, UserFormDialog } from './UserForm'
import { TemporaryPasswordHost } from './TemporaryPasswordDialog'

export interface UserRecord extends Record<string, unknown> {
  id: number; username: string; employeeName: string; phone: string | null; email: string | null; status: number
  tenantId: number; tenantName: string | null; deptId: number | null; roles: string | null; online: number; weakPassword: boolean; createdAt: string
}

const STATUS_DICT = [{ value: '1', labelKey: 'dict:enabledFlag.1' }, { value: '0', labelKey: 'dict:enabledFlag.0' }]

export const userColumns: GridColumn<UserRecord>[] = [
  { id: 'username', titleKey: 'admin:ui.user.username', width: 150, sortable: true, filter: 'text', hideable: false },
  { id: 'employeeName', titleKey: 'admin:ui.user.employeeName', width: 160, sortable: true, filter: 'text' },
  { id: 'phone', titleKey: 'admin:ui.user.phone', width: 140, filter: 'text' },
  { id: 'email', titleKey: 'admin:ui.user.email', width: 200, filter: 'text' },
  { id: 'status', titleKey: 'admin:ui.status', width: 90, sortable: true, filter: 'enum', enumDict: STATUS_DICT },
  { id: 'roles', titleKey: 'admin:ui.user.roles', width: 170 },
  { id: 'tenantName', titleKey: 'admin:ui.user.tenant', width: 150 },
  { id: 'online', titleKey: 'admin:ui.user.online', width: 90, align: 'right' },
  { id: 'createdAt', titleKey: 'admin:ui.user.createdAt', width: 170, sortable: true, filter: 'dateRange' },
]

const fetchUsers = (q: GridQuery, signal?: AbortSignal) => authApi.get<{ records: UserRecord[]; total: number }>('/auth/users/page', q, { signal })

export const USER_COMMANDS = ['admin.user.add', 'admin.user.edit', 'admin.user.resetPassword', 'admin.user.forceOffline', 'admin.user.delete'] as const
/** Page hotkeys (while focus is on the page, outside fields and dialogs). Enter on a row edits it. */
export const USER_KEYS: PageKey[] = [
  { key: 'alt+n', command: 'admin.user.add' },
  { key: 'alt+e', command: 'admin.user.edit' },
  { key: 'alt+r', command: 'admin.user.resetPassword' },
  { key: 'alt+o', command: 'admin.user.forceOffline' },
  { key: 'shift+delete', command: 'admin.user.delete' },
]

export default function UsersPage({ route }: Partial<ScreenProps>) {
  const { t } = useTranslation()
  const qc = useQueryClient()
  const form = useFormParam(route?.path)
  const refresh = () => void qc.invalidateQueries({ queryKey: ['grid', USERS_GRID] })
  const editId = formId(form.value, 'edit')
  return (
    <div className="flex flex-col gap-2" data-testid="admin-users" onKeyDown={pageKeyHandler(USER_KEYS, refresh)}>
      <h2 className="text-base font-semibold">{t('admin:ui.user.title')}</h2>
      <DataGrid<UserRecord>
        gridId={USERS_GRID} titleKey="admin:ui.user.title" columns={userColumns} fetcher={fetchUsers} defaultSort="id:asc"
        onOpen={(r) => form.open(`edit:${r.id}`)}
        toolbar={<AdminToolbar label={t('admin:ui.user.title')} ids={USER_COMMANDS} keys={USER_KEYS} after={refresh} />}
      />
      <p className="text-xs text-gray-500">{t('admin:ui.user.keys')}</p>
      {(form.value === 'new' || editId !== undefined) && <UserFormDialog key={form.value} id={editId} onClose={() => { form.close(); refresh() }} />}
      <TemporaryPasswordHost />
    </div>
  )
}
