// Inbound orders by keyboard only: "New inbound order" from the palette, lines entered by typing SKU
// codes + Enter (an unknown code refused under the scan field), Ctrl+Enter saves and opens the
// details; "go to document" (#number) finds it from the list; submit, issue and abolish (after its
// confirmation) from the palette move the order through the status machine on its details page.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiGet as get, goToDocument } from './pages/stations'

test('inbound order by keyboard: create from scans, go to document, submit, issue, abolish', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const skus = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=2')).records.map((r) => r.skuCode)

  await c.runFromPalette(tr('zh', 'menu:title.inbound-order'), 'nav.inbound-order')
  await expect(page.getByTestId('inbound-orders')).toBeVisible()

  await c.runFromPalette(tr('zh', 'commands:inbound.order.create'), 'inbound.order.create')
  const scan = page.getByTestId('order-scan')
  await expect(scan).toBeFocused()
  await page.keyboard.type('NO-SUCH-E2E-CODE')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-scan-error')).toHaveText(tr('zh', 'inbound:order.errors.codeUnknown').replace('{{line}}', '1').replace('{{code}}', 'NO-SUCH-E2E-CODE'))
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(skus[0]!)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-form-lines').locator('tbody tr')).toHaveCount(1)
  await expect(scan).toBeFocused()
  await page.keyboard.type(skus[1]!)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-form-lines').locator('tbody tr')).toHaveCount(2)
  await page.keyboard.press('Control+Enter')

  await expect(page.getByTestId('inbound-order-details')).toBeVisible()
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2)
  const orderNo = new URL(page.url()).searchParams.get('orderNo')!
  expect(orderNo).toMatch(/^RK\d{10}$/)
  const status = page.getByTestId('order-status')
  await expect(status).toHaveText(tr('zh', 'dict:inboundStatus.0'))

  // Back on the list, "go to document" by its number opens it again.
  await c.runFromPalette(tr('zh', 'menu:title.inbound-order'), 'nav.inbound-order')
  await expect(page.getByTestId('inbound-orders')).toBeVisible()
  await goToDocument(c, 'inboundOrder', orderNo)
  await expect(page.getByTestId('inbound-order-details')).toBeVisible()
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2)

  await c.runFromPalette(tr('zh', 'commands:inbound.order.submit'), 'inbound.order.submit')
  await expect(status).toHaveText(tr('zh', 'dict:inboundStatus.1'))
  await c.runFromPalette(tr('zh', 'commands:inbound.order.issue'), 'inbound.order.issue')
  await expect(status).toHaveText(tr('zh', 'dict:inboundStatus.2'))
  await c.runFromPalette(tr('zh', 'commands:inbound.order.abolish'), 'inbound.order.abolish')
  await expect(page.getByText(tr('zh', 'inbound:order.confirm.abolish'))).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(status).toHaveText(tr('zh', 'dict:inboundStatus.5'))
})
