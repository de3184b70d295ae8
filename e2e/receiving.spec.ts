// Receiving at the scan station, keyboard and typed scans only: the palette opens the harvest station,
// the issued demo order (source DEMO-PO-04, one line of 8) is scanned, a wrong code is refused with the
// spec's 'nothing matches fnsku/upc', one unit is received (remaining 7), then three reads of the SKU
// typed back to back — a gun's burst — are three units (remaining 4: no "scan too fast", issue 18; the
// warehouse's double-read guard is off by default), Alt+Q sets 8 for the next scan which is refused as
// an over-receipt with the numbers, then Alt+Q 4 receives the rest: receiving finishes and the station
// shows the shelving task it generated. Setup over the API: the order's number and SKU.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiGet as get, fill, scan } from './pages/stations'

test('receive an issued order by keyboard and typed scans', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // The double-read guard is off unless a warehouse sets it: the burst below runs on the demo's settings.
  expect((await get<{ minScanIntervalMs: number }>(page, '/api/inbound/settings')).minScanIntervalMs).toBe(0)
  const list = await get<{ records: { orderNo: string; status: number }[] }>(page, '/api/inbound/orders?sourceNo=DEMO-PO-04')
  const orderNo = list.records[0]!.orderNo
  expect(list.records[0]!.status).toBe(2)
  const task = await get<{ lines: { skuCode: string; remaining: number }[] }>(page, `/api/inbound/receiving/${orderNo}`)
  const sku = task.lines[0]!.skuCode
  expect(task.lines[0]!.remaining).toBe(8)

  // The station from the palette; the scan field has the focus.
  await c.runFromPalette(tr('zh', 'menu:title.harvest'), 'nav.harvest')
  const station = page.getByTestId('receiving-station')
  await expect(station).toBeVisible()
  const status = page.getByTestId('station-status')

  await scan(page, orderNo)
  await expect(page.getByTestId('receiving-task')).toHaveAttribute('data-order', orderNo)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.loaded'), { orderNo, remaining: 8 }))

  // A wrong code: the spec's message on the red line, nothing received.
  await scan(page, 'NOPE-0000')
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.errors.nothingMatches'), { code: 'NOPE-0000' }))

  await scan(page, sku)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.accepted'), { skuCode: sku, qty: 1, received: 1, expected: 8 }))
  await expect(page.getByTestId('line-remaining').first()).toHaveText('7')

  // A burst: three reads of the SKU typed back to back, nobody waiting for an answer — three units.
  for (let i = 0; i < 3; i++) {
    await page.keyboard.type(sku)
    await page.keyboard.press('Enter')
  }
  await expect(page.getByTestId('line-remaining').first()).toHaveText('4')
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.accepted'), { skuCode: sku, qty: 1, received: 4, expected: 8 }))

  // Alt+Q: quantity 8 for the next scan — more than remains: refused with the numbers.
  await page.keyboard.press('Alt+q')
  await expect(page.getByTestId('receiving-qty')).toBeFocused()
  await page.keyboard.type('8')
  await page.keyboard.press('Enter')
  await scan(page, sku)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.errors.overRemaining'), { skuCode: sku, remaining: 4, qty: 8 }))
  await expect(page.getByTestId('line-remaining').first()).toHaveText('4')

  // The rest in one scan: receiving finishes and the generated shelving task is shown.
  await page.keyboard.press('Alt+q')
  await page.keyboard.type('4')
  await page.keyboard.press('Enter')
  await scan(page, sku)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.finished'), { orderNo }))
  await expect(page.getByTestId('line-remaining').first()).toHaveText('0')
  await expect(page.getByTestId('receiving-generated')).toContainText(/SJ\d{10}/)
  const after = await get<{ order: { status: number; receivedQty: number } }>(page, `/api/inbound/receiving/${orderNo}`)
  expect(after.order).toMatchObject({ status: 4, receivedQty: 8 })
})
