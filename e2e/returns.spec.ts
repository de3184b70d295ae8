// Returns receipt and quick inbound at the scan station, keyboard and typed scans only: a return is
// created from its form (Alt+N … Ctrl+Enter), received by scanning (a code matching nothing and an
// over-quantity scan refused with the spec's messages), another one cancelled after the irreversible
// confirmation; a quick inbound task is built from fnsku/upc codes and received at once ('item not in
// quick inbound task' refused), finishing its inbound order with a shelving task.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiGet as get, fill, noScanInterval, scan } from './pages/stations'
import { statusListText } from '../src/domain/i18n'

test('returns receipt by keyboard: create, refused scans, receive, cancel', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)
  const skus = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=3')).records.map((r) => r.skuCode)

  await c.runFromPalette(tr('zh', 'menu:title.returns-receipt'), 'nav.returns-receipt')
  await expect(page.getByTestId('returns-page')).toBeVisible()
  const status = page.getByTestId('station-status')

  // New return: Alt+N, the source number has focus; Tab to the lines; Ctrl+Enter saves.
  await page.keyboard.press('Alt+n')
  await expect(page.getByTestId('return-source')).toBeFocused()
  await page.keyboard.type('SO-E2E-1')
  for (let i = 0; i < 4 && !(await page.getByTestId('return-lines').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(page.getByTestId('return-lines')).toBeFocused()
  await page.keyboard.type(`${skus[0]} 2`)
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('return-form')).toBeHidden()
  const doc = page.getByTestId('returns-station-doc')
  await expect(doc).toHaveAttribute('data-no', /^TH\d{10}$/)
  const returnNo = (await doc.getAttribute('data-no'))!
  await expect(status).toHaveText(fill(tr('zh', 'inbound:returns.loaded'), { returnNo, pending: 2 }))

  // A code matching nothing, then an over-quantity scan (Alt+Q sets 5 for the next scan): refused.
  await scan(page, 'NOPE-E2E')
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:returns.errors.noMatch'), { code: 'NOPE-E2E' }))
  await page.keyboard.press('Alt+q')
  await expect(page.getByTestId('station-qty')).toBeFocused()
  await page.keyboard.type('5')
  await page.keyboard.press('Enter')
  await scan(page, skus[0]!.toLowerCase())
  await expect(status).toHaveText(fill(tr('zh', 'inbound:returns.errors.overQty'), { pending: 2 }))
  await expect(doc.locator(`tr[data-sku="${skus[0]}"]`)).toHaveAttribute('data-received', '0')

  // Two good scans: the return is received and its shelving task generated.
  await scan(page, skus[0]!)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(doc.locator(`tr[data-sku="${skus[0]}"]`)).toHaveAttribute('data-received', '1')
  await scan(page, skus[0]!)
  await expect(status).toHaveText(new RegExp(`^${fill(tr('zh', 'inbound:returns.completed'), { returnNo, taskNo: 'SJ' })}\\d+$`))
  await expect(doc).toHaveAttribute('data-closed', 'true')

  // Another return, cancelled with Alt+C after the irreversible confirmation (Enter).
  await page.keyboard.press('Alt+n')
  await expect(page.getByTestId('return-source')).toBeFocused()
  await page.keyboard.type('SO-E2E-2')
  for (let i = 0; i < 4 && !(await page.getByTestId('return-lines').evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
  await page.keyboard.type(`${skus[1]} 1`)
  await page.keyboard.press('Control+Enter')
  await expect(doc).not.toHaveAttribute('data-no', returnNo)
  const second = (await doc.getAttribute('data-no'))!
  await expect(page.getByTestId('scan-input')).toBeFocused()
  await page.keyboard.press('Alt+c')
  await expect(page.getByTestId('command-confirm')).toContainText(tr('zh', 'inbound:returns.cancelConfirm'))
  await page.keyboard.press('Enter')
  await expect(doc).toHaveAttribute('data-closed', 'true')
  // Issue 19 §2: the return's status (Cancelled) and the one a return is received in (New).
  const zhList = (codes: number[]) => statusListText(codes.map((s) => `inbound:returns.status.${s}`), 'zh', (k) => tr('zh', k))
  await expect(page.getByTestId('returns-station-summary')).toHaveText(fill(tr('zh', 'inbound:returns.errors.cancelled'), { returnNo: second })
    .replace('{{current, statuses}}', zhList([2])).replace('{{allowed, statuses}}', zhList([0])))
  expect((await get<{ status: number }>(page, `/api/inbound/returns/${second}`)).status).toBe(2)
})

test('quick inbound by keyboard: task from fnsku/upc, item not in task refused, received at once', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)
  const mskus = (await get<{ records: { skuId: number; upc: string | null; fnsku: string | null }[] }>(page, '/api/resources/msku?size=60')).records
  const bySku = new Map<number, { upc: string | null; fnsku: string | null }>()
  for (const m of mskus) if (m.upc && !bySku.has(m.skuId)) bySku.set(m.skuId, m)
  const [a, b, other] = [...bySku.values()]
  const codeA = a!.fnsku ?? a!.upc!

  await c.runFromPalette(tr('zh', 'menu:title.stock-in-quickly'), 'nav.stock-in-quickly')
  await expect(page.getByTestId('quick-page')).toBeVisible()
  const status = page.getByTestId('station-status')
  await page.keyboard.press('Alt+n')
  await expect(page.getByTestId('quick-type')).toBeFocused()
  await page.keyboard.press('Tab')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('quick-lines')).toBeFocused()
  await page.keyboard.type(`${codeA} 2`)
  await page.keyboard.press('Enter')
  await page.keyboard.type(`${b!.upc} 1`)
  await page.keyboard.press('Control+Enter')
  const doc = page.getByTestId('quick-station-doc')
  await expect(doc).toHaveAttribute('data-no', /^KR\d{10}$/)
  const taskNo = (await doc.getAttribute('data-no'))!
  await expect(status).toHaveText(fill(tr('zh', 'inbound:quick.loaded'), { taskNo, pending: 3 }))

  await scan(page, other!.upc!)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:quick.errors.notInTask'), { code: other!.upc! }))
  await scan(page, codeA)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await scan(page, codeA)
  await expect(doc.locator('tr[data-received="2"]')).toHaveCount(1)
  await scan(page, b!.upc!)
  await expect(doc).toHaveAttribute('data-closed', 'true')
  const detail = await get<{ orderNo: string; orderStatus: number; receivedQty: number }>(page, `/api/inbound/quick/${taskNo}`)
  expect(detail).toMatchObject({ orderStatus: 4, receivedQty: 3 })
  await expect(status).toHaveText(new RegExp(`^${fill(tr('zh', 'inbound:quick.completed'), { orderNo: detail.orderNo, taskNo: 'SJ' })}\\d+$`))
})
