// Samples and defective goods, keyboard only (issue 20 part E2 e2e): the admin reports defective goods at
// the defective screen (scan location, SKU, quantity, reason — Enter walks the fields and reports; a CP
// number), then asks for a sample out (YP) in the sample out form; the initiator's approve is disabled
// with the four-eyes reason; the supervisor (another user) approves it with an opinion at the review
// screen, the approval record naming both; the admin hands the samples over (Completed). Setup over the
// API: the stock spot chosen, one sample lent into the sample area. Each screen: screenshots at
// 1440/1280, axe, no raw key, no wrapped toolbar (look()).
import { test, expect, type Browser, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, fill, tabTo } from './pages/stations'
import { look } from './pages/look'

const zh = (k: string) => tr('zh', k)
interface StockRow { skuCode: string; locationCode: string; stockStatus: number; onHand: number; locked: number; areaType: number; available: number }

async function signedIn(browser: Browser, username: string): Promise<{ page: Page; c: Console }> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await ctx.newPage()
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn(username)
  await c.dismissAnnouncement()
  return { page, c }
}

test('defective report at the defective screen; a sample out request approved by another user and handed over', async ({ page, browser }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: a picking-area spot with at least 3 free normal units; one of them lent as a sample ----
  const stock = await get<{ records: StockRow[] }>(page, '/api/stock/list?size=200&sort=locationCode:desc&stockStatus=1')
  const spot = stock.records.find((r) => r.areaType === 2 && r.locked === 0 && r.available >= 3)
  expect(spot, 'a spot with free normal stock').toBeTruthy()
  const { locationCode: location, skuCode: sku } = spot!
  await cmd(page, 'sample.lend', { skuCode: sku, qty: 1, fromLocationCode: location, toLocationCode: 'S-003' })

  // ---- defective report, by keyboard: the location field has focus on arrival; Enter walks the fields and reports ----
  await c.runFromPalette(zh('menu:title.defective'), 'nav.defective')
  const form = page.getByTestId('defective-report-form').filter({ visible: true })
  await expect(form).toBeVisible()
  const first = form.locator('input').first()
  await expect(first).toBeFocused()
  await page.keyboard.type(location)
  await page.keyboard.press('Enter')
  await page.keyboard.type(sku)
  await page.keyboard.press('Enter')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('1')
  await page.keyboard.press('Enter') // → reason (damaged, the first)
  await page.keyboard.press('Enter') // → remark
  await page.keyboard.type('heel glue')
  await page.keyboard.press('Enter') // last field: report
  const last = page.getByTestId('defective-report-last').filter({ visible: true })
  await expect(last).toContainText(/CP\d{10}/)
  const reportNo = /CP\d{10}/.exec((await last.textContent())!)![0]
  await expect(first).toBeFocused()
  await look(page, 'defective')

  // defective-reported lists it; its number opens it.
  await c.runFromPalette(zh('menu:title.defective-reported'), 'nav.defective-reported')
  await expect(page.getByTestId('defective-reported').filter({ visible: true })).toContainText(reportNo)
  await look(page, 'defective-reported')

  // ---- sample out request, by keyboard: the form (purpose, borrower, lines), Ctrl+Enter sends it ----
  await c.runFromPalette(zh('menu:title.sample-out-management'), 'nav.sample-out-management')
  await tabTo(page, page.getByTestId('sample-out-new').filter({ visible: true }))
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('sample-out-form')
  await expect(dialog).toBeVisible()
  await page.keyboard.type('Trade show')
  await page.keyboard.press('Tab')
  await page.keyboard.type('Marketing Ana')
  await tabTo(page, dialog.locator('textarea'))
  await page.keyboard.type(`${sku} 1 S-003`)
  await look(page, 'sample-out-form', '[data-testid="sample-out-form"]')
  await page.keyboard.press('ControlOrMeta+Enter')
  const doc = page.getByTestId('sample-out-doc').filter({ visible: true })
  await expect(doc).toHaveAttribute('data-no', /^YP\d{10}$/)
  await expect(doc).toHaveAttribute('data-status', '1')
  const outNo = (await doc.getAttribute('data-no'))!
  // Handing over before approval: disabled with the machine's reason.
  await expect(doc.getByTestId('cmd-sampleOut.complete')).toHaveAttribute('aria-disabled', 'true')
  await look(page, 'sample-out-management')

  // The initiator at the review screen: approve disabled, naming four eyes.
  await c.runFromPalette(zh('menu:title.sample-out-review'), 'nav.sample-out-review')
  const review = page.getByTestId('sample-out-review').filter({ visible: true })
  await expect(review).toContainText(outNo)
  // Arrival: the requests grid has the focus (Enter belongs to it), then the first row (the newest request) opens.
  await expect(review.locator('[role="grid"]').first()).toBeFocused()
  await page.keyboard.press('Enter')
  const rdoc = page.getByTestId('sample-out-doc').filter({ visible: true })
  await expect(rdoc).toHaveAttribute('data-no', outNo)
  await expect(rdoc.getByTestId('cmd-sampleOut.approve')).toHaveAttribute('aria-disabled', 'true')
  await expect(rdoc.getByTestId('reason-sampleOut.approve')).toHaveText(fill(zh('approval:errors.fourEyes'), { no: outNo }))

  // ---- the supervisor approves it with an opinion ----
  const sup = await signedIn(browser, 'supervisor')
  await sup.c.runFromPalette(zh('menu:title.sample-out-review'), 'nav.sample-out-review')
  const supReview = sup.page.getByTestId('sample-out-review').filter({ visible: true })
  await expect(supReview).toContainText(outNo)
  await expect(supReview.locator('[role="grid"]').first()).toBeFocused()
  await sup.page.keyboard.press('Enter')
  const sdoc = sup.page.getByTestId('sample-out-doc').filter({ visible: true })
  await expect(sdoc).toHaveAttribute('data-no', outNo)
  await tabTo(sup.page, sdoc.getByTestId('cmd-sampleOut.approve'))
  await sup.page.keyboard.press('Enter')
  await sup.page.keyboard.type('OK for the show')
  await sup.page.keyboard.press('Enter')
  await expect(sdoc).toHaveAttribute('data-status', '3')
  await expect(sdoc.getByTestId('sample-out-doc-records')).toContainText('supervisor')
  await expect(sdoc.getByTestId('sample-out-doc-records')).toContainText('OK for the show')
  await look(sup.page, 'sample-out-review')

  // ---- the admin hands the samples over: Completed ----
  await c.runFromPalette(zh('menu:title.sample-out-management'), 'nav.sample-out-management')
  await page.keyboard.press('Enter')
  const odoc = page.getByTestId('sample-out-doc').filter({ visible: true })
  await expect(odoc).toHaveAttribute('data-no', outNo)
  await expect(odoc.getByTestId('cmd-sampleOut.complete')).not.toHaveAttribute('aria-disabled', 'true')
  await tabTo(page, odoc.getByTestId('cmd-sampleOut.complete'))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('command-confirm')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(odoc).toHaveAttribute('data-status', '4')

  // The sample manager lists the sample stock and the lend document.
  await c.runFromPalette(zh('menu:title.sample-manager'), 'nav.sample-manager')
  await expect(page.getByTestId('sample-manager').filter({ visible: true })).toContainText('S-003')
  await look(page, 'sample-manager')
})
