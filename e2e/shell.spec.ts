// Issue 2's keyboard-only flow: sign in → $mod+k → open a screen by name → switch warehouse → switch
// to es-MX and back → add a favourite → a receiver cannot reach, by palette, a screen it lacks.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'

test('operator console driven by the keyboard alone', async ({ page }) => {
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // Browser language zh-CN and no cookie → zh (the default).
  const inboundZh = tr('zh', 'menu:title.inbound-order')
  await c.runFromPalette(inboundZh, 'nav.inbound-order')
  await expect(page).toHaveURL(/\/stock-in\/inbound-order$/)
  await expect(c.pageTitle()).toContainText(inboundZh)
  await expect(page).toHaveTitle(new RegExp(inboundZh))

  // Switch warehouse from the palette: the picker lists the user's pairs; choose Los Angeles.
  await expect(page.getByTestId('warehouse-select')).toContainText('Dongguan DC')
  await c.runFromPalette(tr('zh', 'commands:shell.warehouse.switch'), 'shell.warehouse.switch')
  await c.choose('Los Angeles')
  await expect(page.getByTestId('warehouse-select')).toContainText('Los Angeles')
  // The page reloads in the new pair and stays on the same screen.
  await expect(page).toHaveURL(/\/stock-in\/inbound-order$/)

  // Language: to es-MX and back to zh, both from the palette.
  await c.runFromPalette(tr('zh', 'commands:shell.language.switch'), 'shell.language.switch')
  await c.choose('Español')
  const inboundEs = tr('es-MX', 'menu:title.inbound-order')
  await expect(c.pageTitle()).toContainText(inboundEs)
  await expect(page.getByTestId('sidebar')).toContainText(tr('es-MX', 'menu:title.stock-in'))
  await c.runFromPalette(tr('es-MX', 'commands:shell.language.switch'), 'shell.language.switch')
  await c.choose('中文')
  await expect(c.pageTitle()).toContainText(inboundZh)

  // Favourite the current page from the palette; the sidebar's favourites group shows it.
  await c.runFromPalette(tr('zh', 'commands:shell.favourite.add'), 'shell.favourite.add')
  await expect(page.getByTestId('favourites')).toContainText(inboundZh)
  // …and it survives a reload (saved on the server through the table-config call).
  await page.reload()
  await expect(page.getByTestId('favourites')).toContainText(inboundZh)

  // Sign out (confirmed with Enter) and sign in as the receiver.
  await c.runFromPalette(tr('zh', 'commands:shell.logout'), 'shell.logout')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('signin-form')).toBeVisible()
  await c.signIn('receiver')
  await c.dismissAnnouncement()

  // The receiver lacks user management: typing its name finds no such screen.
  await c.openPalette()
  await page.keyboard.type(tr('zh', 'menu:title.rights-user'))
  await expect(page.getByTestId('palette-list')).toBeVisible()
  await expect(page.getByTestId('palette-item-nav.rights-user')).toHaveCount(0)
  await page.keyboard.press('Escape')
  // …while its own stock-in screen is there.
  await c.runFromPalette(inboundZh, 'nav.inbound-order')
  await expect(page).toHaveURL(/\/stock-in\/inbound-order$/)
  // And the address of the forbidden screen leads to 404, not to the screen.
  await page.goto('/rights/user')
  await expect(page).toHaveURL(/\/404$/)
})
