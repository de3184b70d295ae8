// A transfer order through its stages to the receiving warehouse's inbound, keyboard only (issue 21
// "Transfer orders", part L). By keyboard: the new transfer order form from the palette (receiving
// warehouse, one line typed, Ctrl+Enter) → its detail page; confirm, assign picking and ship from the
// palette on the open order (ship asks its confirmation). Over the API where the step is not the point: the
// packing station packs the one line into one box; the receiving warehouse (168) receives the box at its
// receiving station. The detail page then shows the inbound order received and nothing in transit; complete
// from the palette. The list (stage filter, in transit), the batch add dry run naming a bad row, and the
// once-outbound configuration screen are looked at: axe + screenshots at 1440 and 1280.
import { test, expect, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet as get, apiHeaders, tabTo } from './pages/stations'
import { look } from './pages/look'

interface StockRow { skuCode: string; locationCode: string; areaType: number; available: number; stockStatus: number; batchNo: string }
const zh = (k: string) => tr('zh', k)

/** A command in the receiving warehouse's pair (tenant 1, warehouse 168). */
async function receivingCommand<T>(page: Page, id: string, data: unknown): Promise<T> {
  const headers = { ...(await apiHeaders(page)), 'x-userinfo-header': '1-admin-168', 'idempotency-key': randomUUID() }
  const res = await page.request.post(`/api/commands/${id}`, { headers, data: data as object })
  expect(res.ok(), `${id}: ${await res.text()}`).toBe(true)
  return (await res.json()).data as T
}

test('a transfer order through its stages to the receiving warehouse\'s inbound', async ({ page }) => {
  test.setTimeout(90_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: a SKU with free stock on a shelf location, the warehouses a transfer may go to ----
  const rows = (await get<{ records: StockRow[] }>(page, '/api/stock/list?size=200&stockStatus=1')).records
  const src = rows.find((r) => (r.areaType === 1 || r.areaType === 2) && r.available >= 5 && !r.batchNo)!
  expect(src).toBeTruthy()
  const dests = await get<{ id: number; code: string }[]>(page, '/api/transfers/warehouses')
  const to = dests.find((d) => d.id === 168)!

  // ---- the form, from the palette: receiving warehouse, one line, Ctrl+Enter ----
  await c.runFromPalette(zh('commands:transfer.order.create'), 'transfer.order.create')
  const form = page.getByTestId('transfer-add')
  await expect(form).toBeVisible()
  const select = page.getByTestId('transfer-to')
  await expect(select).toBeFocused()
  await page.keyboard.type(to.code)
  await expect(select).toHaveValue(String(to.id))
  await expect(page.getByTestId('transfer-config')).toBeVisible()
  await tabTo(page, page.getByTestId('transfer-line-code').first())
  await page.keyboard.type(src.skuCode)
  await tabTo(page, page.getByTestId('transfer-line-qty').first())
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('99999')
  await page.keyboard.press('ControlOrMeta+Enter')
  // "Transfer count not above maximum": refused under the line's quantity.
  await expect(form.getByRole('alert').first()).toContainText('99999')
  await expect(form.getByRole('alert').first()).toContainText(src.skuCode)
  await look(page, 'transfer-add')
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('3')
  await page.keyboard.press('ControlOrMeta+Enter')

  const detail = page.getByTestId('transfer-detail').filter({ visible: true })
  await expect(detail).toHaveAttribute('data-status', '1')
  const no = (await detail.getAttribute('data-no'))!
  expect(no).toMatch(/^DB\d{10}$/)

  // ---- stages from the palette on the open order ----
  await c.runFromPalette(zh('commands:transfer.order.confirm'), 'transfer.order.confirm')
  await expect(detail).toHaveAttribute('data-status', '2')
  await c.runFromPalette(zh('commands:transfer.order.assignPicking'), 'transfer.order.assignPicking')
  await expect(detail).toHaveAttribute('data-status', '3')
  const taskNo = (await page.getByTestId('transfer-packing-task').filter({ visible: true }).textContent())!.trim()
  expect(taskNo).toMatch(/^ZX/)

  // The packing station's work (not the point here) over the API: one box with the 3 units.
  await apiCommand(page, 'cartons.task.claim', { taskNo })
  await apiCommand(page, 'cartons.box.open', { taskNo, boxCode: `E2E-${no}`, mixed: true })
  await apiCommand(page, 'cartons.box.scan', { taskNo, code: src.skuCode, qty: 3 })
  await apiCommand(page, 'cartons.box.close', { taskNo, weight: 2.5, length: 40, width: 30, height: 20 })

  await c.runFromPalette(zh('commands:transfer.order.ship'), 'transfer.order.ship')
  const confirm = page.getByTestId('command-confirm')
  await expect(confirm).toBeVisible()
  await expect(page.getByTestId('command-confirm-ok')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(detail).toHaveAttribute('data-status', '4')
  const inbound = page.getByTestId('transfer-inbound').filter({ visible: true })
  await expect(inbound).toContainText('RK')
  await expect(page.getByTestId('transfer-in-transit-sum').filter({ visible: true })).toHaveText('3')
  await look(page, 'transfer-detail-in-transit')

  // ---- the receiving warehouse receives the box at its station (API): the inbound order of type Transfer ----
  const inboundNo = ((await inbound.textContent()) ?? '').split('·')[0]!.trim()
  await receivingCommand(page, 'inbound.receive', { orderNo: inboundNo, boxNo: `${inboundNo}-1`, code: src.skuCode, qty: 3 })
  await c.runFromPalette(zh('commands:transfer.order.complete'), 'transfer.order.complete')
  await expect(detail).toHaveAttribute('data-status', '5')
  await expect(page.getByTestId('transfer-in-transit-sum').filter({ visible: true })).toHaveText('0')
  await expect(inbound).toContainText('3/3')

  // ---- the list, the batch add dry run, the once-outbound configuration ----
  await c.runFromPalette(zh('menu:title.stock-out-allot-list'), 'nav.stock-out-allot-list')
  const row = page.locator('[data-testid="transfer-orders"] [role="row"]', { hasText: no })
  await expect(row.getByTestId('transfer-status')).toHaveText(zh('dict:constructionStage.5'))
  await look(page, 'transfer-list')
  await c.runFromPalette(zh('commands:transfer.order.batchCreate'), 'transfer.order.batchCreate')
  const rowsBox = page.getByTestId('transfer-batch-rows')
  await expect(rowsBox).toBeFocused()
  await page.keyboard.type(`A\t${to.code}\t${src.skuCode}\t1`)
  await page.keyboard.press('Enter')
  await page.keyboard.type(`B\tNO-SUCH-WH\t${src.skuCode}\t1`)
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(page.getByTestId('transfer-batch-issues')).toContainText('NO-SUCH-WH')
  await look(page, 'transfer-batch')
  await c.runFromPalette(zh('menu:title.once-outbound-config'), 'nav.once-outbound-config')
  await expect(page.locator('[data-page]:not([hidden]) [role="grid"]')).toBeVisible()
  await look(page, 'once-outbound-config')
})
