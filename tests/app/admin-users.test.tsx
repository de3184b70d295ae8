// @vitest-environment happy-dom
// The administration screens on the real API (fetch bridged into fastify.inject, no mocks): the user
// form (client refusal of a bad phone on its field with nothing sent, the server's refusal of a taken
// username on its field, create with roles and pairs in the order checked, edit), ?form= opening the
// form on the user screen, the reset's temporary password dialog (the password works), the tenant's
// warehouse pairs dialog (in-use pairs locked, a pair added and removed), and the mail outbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { CommandRegistry } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { TEMPORARY_PASSWORD_PANEL } from '../../commands/admin'
import { buildCommandContext } from '../../src/app/commands/context'
import { createRuntime } from '../../src/app/commands/runtime'
import { setRuntime } from '../../src/app/commands/run'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'
import { setActiveRegistry } from '../../src/app/commands/registry'
import { closePanel, ui } from '../../src/app/state/ui'
import { toasts } from '../../src/app/state/toast'
import { UserFormDialog, togglePair } from '../../src/app/pages/admin/UserForm'
import UsersPage from '../../src/app/pages/admin/UsersPage'
import MailOutboxPage from '../../src/app/pages/admin/MailOutboxPage'
import { TenantPairsDialog } from '../../src/app/pages/admin/TenantPage'
import { TemporaryPasswordHost } from '../../src/app/pages/admin/TemporaryPasswordDialog'
import { screenFor } from '../../src/app/pages/registry'
import { MENU_BY_CODE } from '../../src/domain/menu/catalog'
import { startHarness, userIdOf, type Harness } from '../helpers/bridge'
import { $, $$, click, flush, key, mount, typeInto, waitFor, type Mounted } from '../helpers/dom'

let h: Harness
const navigations: string[] = []
const commandPosts = (id: string) => h.calls.filter((c) => c.method === 'POST' && c.path === `/api/commands/${id}`)
const q = <T,>(sql: string, params: unknown[] = []) => h.t.database.query<T>(sql, params)

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  setActiveRegistry(new CommandRegistry(ALL_COMMANDS))
  setRuntime(createRuntime({ navigate: (p) => navigations.push(p) }))
})
afterAll(async () => { setRuntime(null); await h?.close() })
beforeEach(() => { toasts.list = []; h.calls.length = 0; navigations.length = 0; closePanel() })

const input = (root: ParentNode, name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`)
/** The error line under a field (Field renders it with role=alert next to the control). */
const fieldError = (root: ParentNode, name: string) => input(root, name)?.closest('[data-field]')?.querySelector('[role="alert"]')?.textContent ?? null
const ctrlEnter = (el: Element) => key(el, 'Enter', { ctrl: true })

describe('screens are registered under the catalog component keys', () => {
  it('users, mail outbox (new catalog row) and tenants', () => {
    expect(MENU_BY_CODE.get('rights-user')?.component).toBe('rights/rights-user')
    expect(MENU_BY_CODE.get('mail-outbox')).toMatchObject({ id: 25009, component: 'system/mail-outbox', authority: 'menu:mail-outbox' })
    expect(MENU_BY_CODE.get('mail-outbox')!.parentId).toBe(MENU_BY_CODE.get('system-manage')!.id)
    for (const k of ['rights/rights-user', 'system/mail-outbox', 'system/tenant']) expect(screenFor(k), k).toBeDefined()
  })
})

describe('pair order', () => {
  it('checking appends (the first stays the default), unchecking removes', () => {
    const a = { warehouseId: 26, tenantId: 1 }, b = { warehouseId: 168, tenantId: 1 }
    expect(togglePair([a], b, true)).toEqual([a, b])
    expect(togglePair([a, b], a, false)).toEqual([b])
    expect(togglePair([a, b], a, true)).toEqual([b, a])
  })
})

describe('user form', () => {
  let m: Mounted
  let closed = 0
  const open = async (id?: number) => {
    closed = 0
    m = mount(<UserFormDialog id={id} onClose={() => { closed++ }} />)
    return waitFor(() => document.querySelector<HTMLElement>('[data-testid="user-form-form"]'), 'user form')
  }

  it('refuses a bad phone on its field and sends nothing; a taken username is refused by the server on its field; then creates', async () => {
    const form = await open()
    await typeInto(input(form, 'username'), 'form.user1')
    await typeInto(input(form, 'password'), 'Start#2026x')
    await typeInto(input(form, 'employeeName'), 'Form User')
    await typeInto(input(form, 'phone'), 'abc')
    ctrlEnter(form)
    await waitFor(() => fieldError(form, 'phone'), 'phone error')
    expect(fieldError(form, 'phone')).toBe('Invalid phone number')
    expect(input(form, 'phone')!.getAttribute('aria-invalid')).toBe('true')
    expect(commandPosts('admin.user.add')).toHaveLength(0)
    expect(input(form, 'username')!.value).toBe('form.user1') // the form keeps what was typed

    // Chinese characters in the username: the spec's own message, on the username.
    await typeInto(input(form, 'username'), '用户一')
    ctrlEnter(form)
    await waitFor(() => fieldError(form, 'username'), 'username error')
    expect(fieldError(form, 'username')).toBe('Username cannot contain Chinese characters')

    // A well-formed but taken username: only the server knows; its refusal lands on the field.
    await typeInto(input(form, 'username'), 'receiver')
    await typeInto(input(form, 'phone'), '+52 33 1234 5678')
    await typeInto(input(form, 'email'), 'form.user1@example.com')
    ctrlEnter(form)
    await waitFor(() => fieldError(form, 'username'), 'server username error')
    expect(fieldError(form, 'username')).toBe('Username receiver exists')
    expect(commandPosts('admin.user.add')).toHaveLength(1)
    expect(closed).toBe(0)

    await typeInto(input(form, 'username'), 'form.user1')
    click($('[data-testid="user-role-picker"]', form))
    click($('[data-testid="user-role-receiver"]', form))
    // Pairs in the order checked: 168-1 first (the default), then 26-1.
    click($('[data-testid="user-pair-168-1"]', form))
    click($('[data-testid="user-pair-26-1"]', form))
    expect($('[data-testid="user-pair-168-1"]', form)!.closest('label')!.textContent).toContain('default')
    ctrlEnter(form)
    await waitFor(() => closed === 1, 'closed after saving')
    const [u] = await q<{ id: number; phone: string; email: string; weak_password: boolean; tenant_id: number }>(`select id, phone, email, weak_password, tenant_id from app_user where username = 'form.user1'`)
    expect(u).toMatchObject({ phone: '+52 33 1234 5678', email: 'form.user1@example.com', weak_password: true, tenant_id: 1 })
    const roles = await q<{ code: string }>('select r.code from user_role ur join role r on r.id = ur.role_id where ur.user_id = $1 order by r.code', [u.id])
    expect(roles.map((r) => r.code)).toEqual(['picker', 'receiver'])
    const pairs = await q<{ warehouse_id: number; tenant_id: number }>('select warehouse_id, tenant_id from user_access where user_id = $1 order by sort', [u.id])
    expect(pairs.map((p) => `${p.warehouse_id}-${p.tenant_id}`)).toEqual(['168-1', '26-1'])
    expect(toasts.list.map((x) => x.message)).toContain('User form.user1 created')
    m.unmount()
  })

  it('edits: loads the row, keeps the pairs order, saves the changed email; a bad email is refused on its field', async () => {
    const id = await userIdOf(h.t, 'form.user1')
    const form = await open(id)
    await waitFor(() => input(form, 'employeeName')?.value === 'Form User', 'loaded')
    expect(input(form, 'username')).toBeNull() // the username is not editable
    expect(($('[data-testid="user-pair-168-1"]', form) as HTMLInputElement).checked).toBe(true)
    await typeInto(input(form, 'email'), 'not-an-email')
    ctrlEnter(form)
    await waitFor(() => fieldError(form, 'email'), 'email error')
    expect(fieldError(form, 'email')).toBe('Invalid email address')
    await typeInto(input(form, 'email'), 'changed@example.com')
    ctrlEnter(form)
    await waitFor(() => closed === 1, 'closed after saving')
    const [u] = await q<{ email: string }>('select email from app_user where id = $1', [id])
    expect(u.email).toBe('changed@example.com')
    const pairs = await q<{ warehouse_id: number }>('select warehouse_id from user_access where user_id = $1 order by sort', [id])
    expect(pairs.map((p) => Number(p.warehouse_id))).toEqual([168, 26])
    m.unmount()
  })
})

describe('user screen', () => {
  it('lists the users with the commands (row commands disabled until a row is selected); ?form=new opens the form', async () => {
    const path = location.pathname
    const m = mount(<UsersPage route={{ path, name: 'rights-user', title: 'menu:title.rights-user', componentKey: 'rights/rights-user', meta: {}, params: {} }} />)
    await waitFor(() => $$('[role="row"][data-row-id]', m.container).length >= 8, 'user rows')
    expect(m.container.textContent).toContain('form.user1')
    for (const id of ['admin.user.add', 'admin.user.edit', 'admin.user.resetPassword', 'admin.user.forceOffline', 'admin.user.delete']) {
      expect($(`[data-testid="cmd-${id}"]`, m.container), id).not.toBeNull()
    }
    // Row commands are disabled (with the reason) until a row is selected.
    expect($('[data-testid="cmd-admin.user.resetPassword"]', m.container)!.getAttribute('aria-disabled')).toBe('true')
    expect(h.calls.some((c) => c.path === '/auth/users/page')).toBe(true)
    expect(document.querySelector('[data-testid="user-form"]')).toBeNull()
    // Page hotkeys run the same commands: Alt+N is admin.user.add (→ its form); Alt+R needs one row —
    // before the grid has a row under its cursor it says so.
    const grid = m.container.querySelector<HTMLElement>('[role="grid"]')!
    key(grid, 'r', { alt: true })
    await waitFor(() => toasts.list.some((x) => x.message === 'Select exactly one row'), 'Alt+R without a row explains why')
    act(() => grid.focus())
    key(grid, 'n', { alt: true })
    await waitFor(() => navigations.includes('/rights/user?form=new'), 'Alt+N navigated to the form')
    // The focused grid's active row (its first, on arrival) is the row Alt+R acts on, no Space first:
    // it asks before resetting that user's password; Esc leaves it alone.
    key(grid, 'r', { alt: true })
    await waitFor(() => interaction.confirm?.messageKey === 'commands:confirm.admin.user.resetPassword', 'Alt+R on the active row asks first')
    act(() => answerConfirm(false))
    await flush(20)
    expect(commandPosts('admin.user.resetPassword')).toHaveLength(0)
    await act(async () => { history.pushState(null, '', `${path}?form=new`) })
    await waitFor(() => document.querySelector('[data-testid="user-form"]'), 'form opened by ?form=new')
    m.unmount()
    await act(async () => { history.replaceState(null, '', path) })
  })
})

describe('reset password', () => {
  it('the command opens the dialog with the temporary password, which signs the user in; closing forgets it', async () => {
    const userId = await userIdOf(h.t, 'form.user1')
    const m = mount(<TemporaryPasswordHost />)
    const def = ALL_COMMANDS.find((c) => c.id === 'admin.user.resetPassword')!
    await act(async () => { await def.run!(buildCommandContext(), createRuntime(), { userId }) })
    const value = await waitFor(() => document.querySelector<HTMLInputElement>('[data-testid="temp-password-value"]'), 'dialog')
    expect(document.querySelector('[data-testid="temp-password-dialog"]')!.textContent).toContain('form.user1')
    expect(value.value).toMatch(/^\S{12}$/)
    const res = await h.t.app.inject({ method: 'POST', url: '/auth/oauth/user/token', payload: { username: 'form.user1', password: value.value } })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().data.weakPassword).toBe(true) // must be changed at the next sign-in
    key(value, 'Escape')
    await waitFor(() => !document.querySelector('[data-testid="temp-password-dialog"]'), 'closed')
    expect(ui.panel).toBeNull()
    expect(ui.panelProps).toEqual({})
    m.unmount()
  })

  it('other panels do not show it', async () => {
    const m = mount(<TemporaryPasswordHost />)
    act(() => { ui.panel = 'settings'; ui.panelProps = { temporaryPassword: 'x' } })
    await flush()
    expect(document.querySelector('[data-testid="temp-password-dialog"]')).toBeNull()
    expect(TEMPORARY_PASSWORD_PANEL).toBe('adminTemporaryPassword')
    m.unmount()
  })
})

describe('tenant warehouse pairs', () => {
  const pairsOf = async (tenantId: number) => (await q<{ warehouse_id: number }>('select warehouse_id from warehouse_tenant where tenant_id = $1 order by warehouse_id', [tenantId])).map((r) => Number(r.warehouse_id))

  it('the palette command opens the dialog of the selected tenant; without a selection it is disabled', async () => {
    const def = ALL_COMMANDS.find((c) => c.id === 'admin.tenant.pairs')!
    await def.run!({ ...buildCommandContext(), selection: [{ id: 2 }] }, createRuntime({ navigate: (p) => navigations.push(p) }))
    expect(navigations).toEqual(['/system-manage/tenant?form=pairs:2'])
    expect(def.selection).toBe('one')
  })

  it('locks the pairs users work in, adds a warehouse, then removes it again', async () => {
    expect(await pairsOf(2)).toEqual([26, 31])
    let closed = 0
    let m = mount(<TenantPairsDialog tenantId={2} onClose={() => { closed++ }} />)
    const box = (w: number) => document.querySelector<HTMLInputElement>(`[data-testid="tenant-pair-${w}"]`)
    await waitFor(() => box(168), 'warehouses')
    // admin and supervisor work in 26-2 and 31-2: shown checked and locked.
    expect([box(26)!.checked, box(26)!.disabled, box(31)!.checked, box(31)!.disabled]).toEqual([true, true, true, true])
    expect([box(168)!.checked, box(168)!.disabled]).toEqual([false, false])
    click(box(168))
    expect(document.querySelector('[data-testid="tenant-pairs-count"]')!.textContent).toBe('3 warehouses selected')
    ctrlEnter(box(168)!)
    await waitFor(() => closed === 1, 'saved and closed')
    expect(await pairsOf(2)).toEqual([26, 31, 168])
    const post = commandPosts('admin.tenant.pairs').at(-1)!
    expect(JSON.parse(post.body)).toEqual({ tenantId: 2, warehouseIds: [26, 31, 168] })
    m.unmount()

    m = mount(<TenantPairsDialog tenantId={2} onClose={() => { closed++ }} />)
    await waitFor(() => box(168)?.checked, 'reloaded with 168')
    click(box(168))
    click(document.querySelector('[data-testid="tenant-pairs-save"]'))
    await waitFor(() => closed === 2, 'saved again')
    expect(await pairsOf(2)).toEqual([26, 31])
    m.unmount()
  })

  it('an unknown tenant shows the server\'s message', async () => {
    const m = mount(<TenantPairsDialog tenantId={999} onClose={() => {}} />)
    const alert = await waitFor(() => document.querySelector('[data-testid="tenant-pairs-dialog"] [role="alert"]'), 'refusal')
    expect(alert.textContent).toBe('Tenant 999 does not exist')
    m.unmount()
  })
})

describe('mail outbox', () => {
  it('shows the verification-code mail in the reader\'s language; Enter opens it with the code', async () => {
    await q(`update app_user set email = 'admin@example.com' where username = 'admin'`)
    const rt = createRuntime()
    await rt.callServer('admin.user.verificationCode', {})
    const m = mount(<MailOutboxPage />)
    const grid = await waitFor(() => m.container.querySelector<HTMLElement>('[role="grid"]'), 'grid')
    const row = await waitFor(() => m.container.querySelector('[role="row"][data-row-id]'), 'mail row')
    expect(row.textContent).toContain('admin@example.com')
    expect(row.textContent).toContain('Your verification code')
    expect(row.textContent).toContain('Verification code') // the purpose label
    act(() => grid.focus())
    key(grid, 'ArrowDown')
    key(grid, 'Enter')
    const body = await waitFor(() => document.querySelector('[data-testid="mail-body"]'), 'mail dialog')
    expect(body.textContent).toMatch(/Hello admin, your verification code is \d{6}\./)
    m.unmount()
  })
})
