// Receiving at the scan station, keyboard and typed scans only: the palette opens the harvest station,
// the issued demo order (source DEMO-PO-04, one line of 8) is scanned, a wrong code is refused with the
// spec's 'nothing matches fnsku/upc', one unit is received (remaining 7), Alt+Q sets 8 for the next
// scan which is refused as an over-receipt with the numbers, then Alt+Q 7 receives the rest: receiving
// finishes and the station shows the shelving task it generated. Setup over the API: no scan interval
// (typed scans come faster than the demo's 250 ms), and the order's number and SKU read from the API.
import { test, expect, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { Console, tr } from './pages/console'

const HEADERS = async (page: Page) => {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value
  return { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26' }
}
async function get<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: await HEADERS(page) })
  expect(res.ok(), url).toBe(true)
  return (await res.json()).data as T
}
async function cmd(page: Page, id: string, data: unknown): Promise<void> {
  const res = await page.request.post(`/api/commands/${id}`, { headers: { ...(await HEADERS(page)), 'idempotency-key': randomUUID() }, data: data as object })
  expect(res.ok(), `${id}: ${await res.text()}`).toBe(true)
}
const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]))

async function scan(page: Page, code: string) {
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
}

test('receive an issued order by keyboard and typed scans', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  const s = await get<Record<string, unknown>>(page, '/api/inbound/settings')
  await cmd(page, 'inbound.settings.save', {
    receivingLocationCode: s.receivingLocationCode ?? null, storageMode: s.storageMode ?? 'normal', coStorage: s.coStorage, forbidXbMix: s.forbidXbMix, minScanIntervalMs: 0,
    inboundTimeoutHours: s.inboundTimeoutHours, unloadingTimeoutHours: s.unloadingTimeoutHours, shelvingTimeoutHours: s.shelvingTimeoutHours,
  })
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

  // Alt+Q: quantity 8 for the next scan — more than remains: refused with the numbers.
  await page.keyboard.press('Alt+q')
  await expect(page.getByTestId('receiving-qty')).toBeFocused()
  await page.keyboard.type('8')
  await page.keyboard.press('Enter')
  await scan(page, sku)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.errors.overRemaining'), { skuCode: sku, remaining: 7, qty: 8 }))
  await expect(page.getByTestId('line-remaining').first()).toHaveText('7')

  // The rest in one scan: receiving finishes and the generated shelving task is shown.
  await page.keyboard.press('Alt+q')
  await page.keyboard.type('7')
  await page.keyboard.press('Enter')
  await scan(page, sku)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:receiving.finished'), { orderNo }))
  await expect(page.getByTestId('line-remaining').first()).toHaveText('0')
  await expect(page.getByTestId('receiving-generated')).toContainText(/SJ\d{10}/)
  const after = await get<{ order: { status: number; receivedQty: number } }>(page, `/api/inbound/receiving/${orderNo}`)
  expect(after.order).toMatchObject({ status: 4, receivedQty: 8 })
})
