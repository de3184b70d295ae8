// Issue 3's administration by keyboard: the admin opens Users from the palette, creates a user (an
// invalid phone first: the field says so and the form keeps what was typed), resets its password
// (the temporary password is shown once and works), forces it offline (the session that password
// opened on another device ends), binds an email to their own account, has a verification code
// mailed and reads it in the mail outbox; then gives tenant T02 a warehouse from the tenant screen.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { Resources } from './pages/resources'
import { typeFields } from './pages/stations'

const USERNAME = 'e2e.user1'
const totalText = (n: number) => tr('zh', 'grid:total').replace('{{total}}', String(n))

/** Another device: signs in over the API (not the admin's UI) and returns the access token. */
async function signInElsewhere(page: Page, username: string, password: string): Promise<string> {
  const res = await page.request.post('/auth/oauth/user/token', { data: { username, password } })
  expect(res.status(), await res.text()).toBe(200)
  return (await res.json()).data.access_token as string
}

test('administration by keyboard: users, reset password, force offline, mail outbox', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  const r = new Resources(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // 1. Users from the palette.
  await c.runFromPalette(tr('zh', 'menu:title.rights-user'), 'nav.rights-user')
  await expect(page.getByTestId('admin-users')).toBeVisible()
  await expect(page.getByTestId('admin-users-grid')).toBeVisible()

  // 2. New user: an invalid phone is refused on its field and the form keeps what was typed.
  await c.runFromPalette(tr('zh', 'commands:admin.user.add'), 'admin.user.add')
  const form = page.getByTestId('user-form')
  await expect(form).toBeVisible()
  // The form puts the cursor in its first field (an operator types once it is there).
  await expect(form.locator('input[name="username"]')).toBeFocused()
  await typeFields(page, USERNAME, 'Start#2026x', 'E2E 用户', 'abc')
  await page.keyboard.press('Enter')
  await expect(form.getByRole('alert').filter({ hasText: tr('zh', 'admin:user.errors.phoneInvalid') })).toBeVisible()
  await expect(form).toBeVisible()
  await expect(page.locator(':focus')).toHaveValue('abc')
  await expect(form.locator('input[name="username"]')).toHaveValue(USERNAME)

  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('13800138000')
  await expect(form.getByText(tr('zh', 'admin:user.errors.phoneInvalid'))).toHaveCount(0)
  await page.keyboard.press('Tab')
  await page.keyboard.type(`${USERNAME}@example.com`)
  await r.tabTo('user-role-receiver')
  await page.keyboard.press(' ')
  await r.tabTo('user-pair-26-1')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('user-pair-26-1')).toBeChecked()
  await page.keyboard.press('Control+Enter')
  await expect(form).toBeHidden()

  // The new row, by the username filter ('/' in the grid focuses the filters).
  await r.tabTo('admin-users-grid')
  await page.keyboard.press('/')
  await page.keyboard.type(USERNAME)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('admin-users-total')).toHaveText(totalText(1))
  const rows = page.getByTestId('admin-users-grid').locator('[role="row"][data-row-id]')
  await expect(rows.first()).toContainText(`${USERNAME}@example.com`)
  await expect(rows.first()).toContainText('receiver')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('admin-users-selected')).toBeVisible()

  // 3. Reset its password: confirmed, then shown once, selected and copyable.
  await c.runFromPalette(tr('zh', 'commands:admin.user.resetPassword'), 'admin.user.resetPassword')
  await expect(page.getByTestId('command-confirm')).toBeVisible()
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('temp-password-dialog')
  await expect(dialog).toBeVisible()
  const value = page.getByTestId('temp-password-value')
  await expect(value).toBeFocused()
  const temporary = await value.inputValue()
  expect(temporary).toMatch(/^\S{12}$/)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('temp-password-copy')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('temp-password-copied')).not.toBeEmpty()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // The temporary password signs the user in on another device …
  const token = await signInElsewhere(page, USERNAME, temporary)
  const info = () => page.request.get('/wms-plus-base/common/pms/user/info', { headers: { authorization: `Bearer ${token}` } })
  expect((await info()).status()).toBe(200)

  // 4. … until the admin forces the user offline (the row is still selected).
  await c.runFromPalette(tr('zh', 'commands:admin.user.forceOffline'), 'admin.user.forceOffline')
  await expect(page.getByTestId('command-confirm')).toBeVisible()
  await page.keyboard.press('Enter')
  const done = tr('zh', 'commands:result.admin.user.forceOffline').replace('{{username}}', USERNAME).replace('{{count}}', '1')
  await expect(page.getByTestId('toaster')).toContainText(done)
  expect((await info()).status()).toBe(401)

  // 5. The admin binds an email to their own account (Enter on the row edits it) …
  await r.tabTo('admin-users-grid')
  await page.keyboard.press('/')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('admin')
  await page.keyboard.press('Enter')
  // Both filters match one row: wait for the new one, not just the count.
  await expect(rows.first()).not.toContainText(USERNAME)
  await expect(page.getByTestId('admin-users-total')).toHaveText(totalText(1))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(form).toBeVisible()
  await expect(page.getByTestId('user-username-fixed')).toHaveText('admin')
  await expect(form.locator(':focus')).toHaveCount(1) // the cursor is in the form before Tab moves it
  await page.keyboard.press('Tab') // employee name → phone
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('13900139000')
  await page.keyboard.press('Tab')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('admin@example.com')
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  await expect(rows.first()).toContainText('admin@example.com')

  // … has a verification code mailed, and reads it in the mail outbox.
  await c.runFromPalette(tr('zh', 'commands:admin.user.verificationCode'), 'admin.user.verificationCode')
  await expect(page.getByTestId('toaster')).toContainText('admin@example.com')
  await c.runFromPalette(tr('zh', 'menu:title.mail-outbox'), 'nav.mail-outbox')
  await expect(page.getByTestId('admin-mail-outbox')).toBeVisible()
  const mail = page.getByTestId('admin-mail-outbox-grid').locator('[role="row"][data-row-id]').first()
  await expect(mail).toContainText('admin@example.com')
  await expect(mail).toContainText(tr('zh', 'admin:mail.verificationCode.subject'))
  await r.tabTo('admin-mail-outbox-grid')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('mail-dialog')).toBeVisible()
  await expect(page.getByTestId('mail-to')).toHaveText('admin@example.com')
  await expect(page.getByTestId('mail-body')).toHaveText(/\b\d{6}\b/)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('mail-dialog')).toBeHidden()

  // 6. A tenant's warehouses: select T02 on the tenant screen, the palette command opens its pairs.
  await c.runFromPalette(tr('zh', 'menu:title.tenant'), 'nav.tenant')
  await expect(page.getByTestId('admin-tenants')).toBeVisible()
  await expect(r.rows('tenant').nth(1)).toContainText('T02')
  await r.tabTo('resource-tenant-grid')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await c.runFromPalette(tr('zh', 'commands:admin.tenant.pairs'), 'admin.tenant.pairs')
  const pairs = page.getByTestId('tenant-pairs-dialog')
  await expect(pairs).toBeVisible()
  // 26 and 31 are T02's and users work there: locked; focus starts on the first free warehouse.
  await expect(page.getByTestId('tenant-pair-26')).toBeDisabled()
  await expect(page.getByTestId('tenant-pair-168')).toBeFocused()
  await page.keyboard.press(' ')
  await expect(page.getByTestId('tenant-pairs-count')).toHaveText(tr('zh', 'admin:ui.tenantPairs.count').replace('{{count}}', '3'))
  await page.keyboard.press('Control+Enter')
  await expect(pairs).toBeHidden()
  await expect(page.getByTestId('toaster')).toContainText(tr('zh', 'admin:ui.tenantPairs.saved').replace('{{tenant}}', 'Thread Apparel'))
  // Opened again, the dialog reads the saved pairs back.
  await c.runFromPalette(tr('zh', 'commands:admin.tenant.pairs'), 'admin.tenant.pairs')
  await expect(pairs).toBeVisible()
  await expect(page.getByTestId('tenant-pair-168')).toBeChecked()
  await expect(page.getByTestId('tenant-pair-201')).not.toBeChecked()
  await page.keyboard.press('Escape')
  await expect(pairs).toBeHidden()
})
