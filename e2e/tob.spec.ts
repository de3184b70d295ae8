// A ToB order by keyboard and typed scans only (issue 21, part M): the ToB order list from the palette,
// "New ToB order" — the ToB fields, six lines typed as scans, a marketplace quantity that differs asks to
// confirm (naming both numbers) and the confirmed order opens on the ToB details — validated from the
// palette there, then "Batch assign picking" (its dialog: pick mode and task mode; the question names how
// many orders) makes the wave. The ToB picking task list opens the task at the existing picking station
// (Enter claims it) where every line is picked by location then SKU. The picked order's packing task
// (shipments.packTask.create — the only setup over the API besides reads) is reached by its ZX number from
// the palette: the carton packing station claims it, a new box code opens a box, five SKUs go in and the
// sixth is refused naming the limit 5; Alt+C closes the box with weight and dimensions, a second box takes
// the sixth SKU, and the order's ToB details list both boxes. Every new screen is looked at (screenshots at
// 1440 and 1280 px, no raw key, no wrapped toolbar, axe). The lead extends it with shipment and loading.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet as get, fill, goToDocument, noScanInterval, onStation, scan, tabTo } from './pages/stations'
import { look } from './pages/look'

const zh = (key: string) => tr('zh', key)

/** Picks at the station what it shows next — location, then SKU — until the task is done. */
async function pickAll(page: Page) {
  const station = onStation(page, 'picking-station')
  for (let i = 0; i < 20; i++) {
    if ((await station.getAttribute('data-step')) === 'done') return
    if ((await station.getAttribute('data-step')) === 'location') {
      await scan(page, (await onStation(page, 'next-location').textContent())!)
      await expect(station).toHaveAttribute('data-step', 'sku')
    }
    await scan(page, (await onStation(page, 'next-sku').textContent())!)
    await expect(onStation(page, 'station-pending')).toHaveCount(0)
    await expect(onStation(page, 'station-status')).toHaveAttribute('data-kind', 'ok')
  }
}

test('a ToB order by keyboard: form, confirm, validate, assign picking, pick, pack into boxes (a 6th SKU refused)', async ({ page }) => {
  test.setTimeout(150_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)
  const run = String(Date.now()).slice(-7)
  const toaster = page.getByTestId('toaster')
  // Six SKUs with free stock (one unit each is ordered).
  const rows = (await get<{ records: { skuCode: string; available: number; areaType: number }[] }>(page, '/api/stock/list?size=200')).records
    .filter((r) => r.available >= 1 && (r.areaType === 1 || r.areaType === 2))
  const skus = [...new Set(rows.map((r) => r.skuCode))].slice(0, 6)
  expect(skus).toHaveLength(6)

  // ---- 1. the ToB list and its form from the palette ----
  await c.runFromPalette(zh('menu:title.all-added-outbound'), 'nav.all-added-outbound')
  await expect(page.getByTestId('tob-orders')).toBeVisible()
  await look(page, 'tob-orders')
  await c.runFromPalette(zh('commands:outbound.tob.create'), 'outbound.tob.create')
  const form = page.getByTestId('tob-order-form')
  await expect(form).toBeVisible()
  const platform = form.locator('[data-field="platform"] select')
  await expect(platform).toBeFocused()
  await page.keyboard.press('ArrowDown')
  const typeIn = async (field: string, text: string) => { await tabTo(page, form.locator(`[data-field="${field}"] input`)); await page.keyboard.type(text) }
  await typeIn('sourceNo', `TOB-${run}`)
  await typeIn('shippingMethod', 'SEA-FCL')
  await typeIn('destinationWarehouse', 'ONT8')
  await typeIn('channel', 'FBA')
  await tabTo(page, form.locator('[data-field="businessType"] select'))
  await page.keyboard.press('ArrowDown')
  await expect(form.locator('[data-field="businessType"] select')).toHaveValue('sea')
  await typeIn('boxMark', `MARK-${run}`)
  await typeIn('expectedContainerNo', `MSKU${run}`)
  await typeIn('marketplaceQty', '5')
  await typeIn('consigneeName', 'ONT8 Receiving')
  await typeIn('country', 'US')
  await typeIn('address', '24208 San Michele Rd')
  await tabTo(page, form.getByTestId('order-scan'))
  for (const code of skus) { await page.keyboard.type(code); await page.keyboard.press('Enter') }
  await expect(form.getByTestId('order-form-lines').locator('tbody tr')).toHaveCount(6)
  await look(page, 'tob-order-form', '[data-testid="tob-order-form"]')
  // 6 expected, 5 on the marketplace: the confirm question names both numbers; Enter confirms and sends again.
  await page.keyboard.press('Control+Enter')
  const confirm = page.getByTestId('command-confirm')
  await expect(confirm).toContainText(fill(zh('tob:errors.marketplaceQtyMismatch'), { expectedQty: 6, marketplaceQty: 5 }))
  await page.keyboard.press('Enter')
  const details = page.getByTestId('tob-order-details')
  await expect(details).toBeVisible()
  await expect(details.getByTestId('tob-destinationWarehouse')).toHaveText('ONT8')
  await expect(details.getByTestId('tob-expectedContainerNo')).toHaveText(`MSKU${run}`)
  const orderNo = (await get<{ records: { orderNo: string }[] }>(page, `/api/outbound/tob/orders?sourceNo=TOB-${run}`)).records[0]!.orderNo

  // ---- 2. validated from the palette on its details; then batch assign picking (dialog, question) ----
  await c.runFromPalette(zh('commands:outbound.order.validate'), 'outbound.order.validate')
  await expect(details.getByTestId('order-status')).toHaveText(zh('dict:outboundOrderStatus.1'))
  await look(page, 'tob-order-details')
  await c.runFromPalette(zh('commands:outbound.tob.assignPicking'), 'outbound.tob.assignPicking')
  const assign = page.getByTestId('tob-assign')
  await expect(assign).toBeVisible()
  await expect(assign.getByTestId('tob-assign-pick-mode')).toBeFocused()
  await look(page, 'tob-assign', '[data-testid="tob-assign"]')
  await page.keyboard.press('Enter')
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(assign).toBeHidden()
  const order = (await get<{ order: { waveNo: string | null } }>(page, `/api/outbound/orders/by-no/${orderNo}`)).order
  expect(order.waveNo).toBeTruthy()
  await expect(toaster).toContainText(order.waveNo!)

  // ---- 3. the ToB picking task list: Enter claims the task and opens the picking station; pick it all ----
  await c.runFromPalette(zh('menu:title.tob-picking-task'), 'nav.tob-picking-task')
  const tasks = page.getByTestId('tob-picking-tasks')
  await expect(tasks).toBeVisible()
  await expect(tasks.locator('[role="row"]', { hasText: orderNo })).toHaveCount(1)
  await look(page, 'tob-picking-tasks')
  const grid = tasks.locator('[role="grid"]').first()
  await tabTo(page, grid)
  await page.keyboard.press('Enter')
  await expect(onStation(page, 'picking-station')).toBeVisible()
  await expect(onStation(page, 'picking-station')).not.toHaveAttribute('data-step', 'task')
  await pickAll(page)

  // ---- 4. the packing station by the task's ZX number: box 1 takes five SKUs, the sixth is refused ----
  const made = await apiCommand<{ tasks: { taskNo: string }[] }>(page, 'shipments.packTask.create', { orderNo })
  const taskNo = made.tasks[0]!.taskNo
  await goToDocument(c, 'packingTask', taskNo)
  const station = onStation(page, 'packing-station')
  const status = onStation(page, 'station-status')
  await expect(station).toHaveAttribute('data-step', 'box')
  await expect(status).toHaveText(fill(zh('cartons-ui:station.opened'), { taskNo, docNo: orderNo }))
  await scan(page, `BX-${run}-1`)
  await expect(station).toHaveAttribute('data-step', 'item')
  for (const code of skus.slice(0, 5)) {
    await scan(page, code)
    await expect(onStation(page, 'station-pending')).toHaveCount(0)
    await expect(status).toHaveAttribute('data-kind', 'ok')
  }
  await scan(page, skus[5]!)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toContainText('5')
  await expect(status).toContainText(`BX-${run}-1`)
  await look(page, 'packing-station')
  // Alt+C: the close form, weight and L/W/H typed, Enter closes the box; box 2 takes the sixth SKU.
  await page.keyboard.press('Alt+c')
  await expect(onStation(page, 'close-weight')).toBeFocused()
  for (const [i, v] of ['8.5', '60', '40', '35'].entries()) { if (i) await page.keyboard.press('Tab'); await page.keyboard.type(v) }
  await page.keyboard.press('Enter')
  await expect(station).toHaveAttribute('data-step', 'box')
  await scan(page, `BX-${run}-2`)
  await scan(page, skus[5]!)
  await expect(onStation(page, 'station-pending')).toHaveCount(0)
  await expect(onStation(page, 'packing-left')).toHaveText('0')
  await page.keyboard.press('Alt+c')
  for (const [i, v] of ['1.2', '30', '20', '20'].entries()) { if (i) await page.keyboard.press('Tab'); await page.keyboard.type(v) }
  await page.keyboard.press('Enter')
  await expect(station).toHaveAttribute('data-step', 'done')
  await page.keyboard.press('Alt+f')
  await expect(status).toHaveText(fill(zh('cartons-ui:station.finished_other'), { taskNo, count: 2 }))

  // ---- 5. the order's ToB details list both boxes: box i of n ----
  await goToDocument(c, 'outboundOrder', orderNo)
  await expect(details.getByTestId('tob-boxes').locator('tbody tr')).toHaveCount(2)
  await expect(details.getByTestId('tob-boxes')).toContainText(fill(zh('tob-ui:boxes.boxOfValue'), { seq: 2, total: 2 }))

  // ---- 6. the merge screen ----
  await c.runFromPalette(zh('menu:title.merge-order'), 'nav.merge-order')
  await expect(page.getByTestId('tob-merge')).toBeVisible()
  await look(page, 'tob-merge')
})
