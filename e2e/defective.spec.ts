// Defective outbound by keyboard and typed scans only (issue 20, part E1). Setup over the API: a defective
// report (defective.report) moves 2 units of a SKU off a pick face into the defective area. By keyboard: the
// defective-outbound list from the palette, filtered to the SKU, Space selects the row, the palette's
// "create defective outbound" asks once naming the count, Enter → one other outbound (reason defective)
// holding those units and its picking task; other-pick lists the task, Enter opens it at the picking station, its
// number scanned claims it, location then SKU are scanned; other-ship lists the picked order and the ship command (asked
// even for one order) ships it — the defective units are gone from stock; the other inbound screen and its New form (type
// Other, with the reason) are looked at too. axe + screenshots at 1440 and 1280.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, noScanInterval, onStation, scan, tabTo } from './pages/stations'
import { look } from './pages/look'

interface StockRow { skuCode: string; locationCode: string; areaType: number; available: number; stockStatus: number; batchNo: string }
const zh = (key: string) => tr('zh', key)

/** Alt+/ to the grid's filters, the named filter typed, Enter applies (the grid takes the focus back). */
async function filterGrid(page: Page, gridId: string, param: string, text: string) {
  if (!(await page.getByTestId(`${gridId}-filters`).evaluate((bar) => bar.contains(document.activeElement)))) await page.keyboard.press('Alt+Slash')
  await tabTo(page, page.locator(`#${gridId}-f-${param}`))
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`${gridId}-grid`)).toBeFocused()
}

test('defective stock → defective outbound (confirmed) → picked at the station → shipped on other-ship', async ({ page }) => {
  test.setTimeout(60_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)
  const toaster = page.getByTestId('toaster')

  // ---- setup over the API: 2 units of a pick-face SKU reported defective (moved to the defective area) ----
  const rows = (await get<{ records: StockRow[] }>(page, '/api/stock/list?size=200&stockStatus=1')).records
  const face = rows.filter((r) => r.areaType === 2 && r.available >= 3 && !r.batchNo).at(-1)
  expect(face).toBeTruthy()
  const rep = await cmd<{ toLocationCode: string }>(page, 'defective.report', { locationCode: face!.locationCode, skuCode: face!.skuCode, qty: 2, reason: 'damaged' })

  // ---- the defective-outbound list from the palette, filtered to the SKU; Space selects; the command asks once ----
  await c.runFromPalette(zh('menu:title.defective-outbound'), 'nav.defective-outbound')
  await expect(page.getByTestId('defective-outbound')).toBeVisible()
  await filterGrid(page, 'defective-outbound', 'skuCode', face!.skuCode)
  const grid = page.getByTestId('defective-outbound-grid')
  const row = grid.locator('[role="row"][data-row-id]', { hasText: rep.toLocationCode })
  await expect(row).toHaveCount(1)
  await expect(grid).toHaveAttribute('aria-activedescendant', /-r0-/)
  await page.keyboard.press(' ')
  await expect(page.getByTestId('defective-outbound-selected')).toContainText('1')
  await look(page, 'defective-outbound')
  await c.runFromPalette(zh('commands:outbound.defective.create'), 'outbound.defective.create')
  await expect(page.getByTestId('command-confirm')).toContainText(zh('other-inout:confirm.defective'))
  await expect(page.getByTestId('command-confirm-count')).toContainText('1')
  await page.keyboard.press('Enter')
  await expect(toaster).toContainText(/CK\d{10}/)
  const orderNo = /CK\d{10}/.exec((await toaster.textContent())!)![0]
  const taskNo = /JH\d{10}/.exec((await toaster.textContent())!)![0]
  await expect(grid.locator('[role="row"][data-row-id]', { hasText: rep.toLocationCode })).toContainText('2')

  // ---- other-pick lists the task; Enter opens it at the picking station; its number claims it; location, then SKU ----
  await c.runFromPalette(zh('menu:title.other-pick'), 'nav.other-pick')
  await expect(page.getByTestId('other-pick')).toBeVisible()
  await filterGrid(page, 'other-pick', 'taskNo', taskNo)
  const taskRow = page.getByTestId('other-pick-grid').locator('[role="row"][data-row-id]')
  await expect(taskRow).toHaveCount(1)
  await expect(taskRow).toContainText(zh('dict:otherOutboundReason.defective'))
  await look(page, 'other-pick')
  await page.keyboard.press('Enter')
  const station = onStation(page, 'picking-station')
  await expect(station).toBeVisible()
  // The task opens at the station; its number scanned claims it (as at the retail picking list's station).
  await expect(onStation(page, 'station-status')).toContainText(taskNo)
  await scan(page, taskNo)
  await expect(station).toHaveAttribute('data-step', 'location')
  await expect(onStation(page, 'next-location')).toHaveText(rep.toLocationCode)
  await scan(page, rep.toLocationCode)
  await expect(station).toHaveAttribute('data-step', 'sku')
  // One unit per SKU scan: two scans, each answered before the next (the station queues them anyway).
  for (let i = 0; i < 2; i++) {
    await scan(page, face!.skuCode)
    await expect(onStation(page, 'station-pending')).toHaveCount(0)
  }
  await expect(station).toHaveAttribute('data-step', 'done')
  await expect.poll(async () => (await get<{ records: { status: number }[] }>(page, `/api/other-inout/ship?orderNo=${orderNo}`)).records[0]?.status).toBe(2)

  // ---- other-ship: the picked order; the ship command asks (even for one order), Enter ships it ----
  await c.runFromPalette(zh('menu:title.other-ship'), 'nav.other-ship')
  await expect(page.getByTestId('other-ship')).toBeVisible()
  await filterGrid(page, 'other-ship', 'orderNo', orderNo)
  const shipGrid = page.getByTestId('other-ship-grid')
  await expect(shipGrid.locator('[role="row"][data-row-id]')).toHaveCount(1)
  await expect(shipGrid).toHaveAttribute('aria-activedescendant', /-r0-/)
  await look(page, 'other-ship')
  await c.runFromPalette(zh('commands:outbound.other.ship'), 'outbound.other.ship')
  await expect(page.getByTestId('command-confirm')).toContainText(zh('other-inout:confirm.ship'))
  await page.keyboard.press('Enter')
  await expect(toaster).toContainText(orderNo)
  await expect.poll(async () => (await get<{ records: { status: number }[] }>(page, `/api/other-inout/ship?orderNo=${orderNo}`)).records[0]?.status).toBe(4)
  // The defective units left stock: nothing of the SKU is defective at that location any more.
  const left = (await get<{ records: { locationCode: string; onHand: number }[] }>(page, `/api/other-inout/defective?skuCode=${encodeURIComponent(face!.skuCode)}`)).records
  expect(left.filter((r) => r.locationCode === rep.toLocationCode)).toEqual([])

  // ---- the other inbound screen (its toolbar runs the inbound order's moves) and its New form: type Other, with the reason ----
  await c.runFromPalette(zh('menu:title.other-inbound'), 'nav.other-inbound')
  await expect(page.getByTestId('other-inbound')).toBeVisible()
  await look(page, 'other-inbound')
  // Its New: the inbound order form set to type Other, asking for the reason.
  await c.runFromPalette(zh('commands:inbound.other.create'), 'inbound.other.create')
  const form = page.getByTestId('inbound-order-form')
  await expect(form).toBeVisible()
  await expect(form).toContainText(zh('other-inout:otherInbound.formTitle'))
  await expect(form.locator('select').first()).toHaveValue('7')
  await expect(form).toContainText(zh('inbound:order.fields.otherReason'))
  await look(page, 'other-inbound-form', '[role="dialog"]')
  await page.keyboard.press('Escape')
})
