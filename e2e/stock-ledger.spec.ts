// Frozen stock and the ledger's words, keyboard only (issue 18 §5). Setup over the API: an order of one
// unit of a stocked SKU is validated, waved and its task claimed, and the unit is picked short — the
// shelf's unit is frozen. Then, by keyboard: the stock list (from the palette, filtered by the SKU) shows
// the frozen unit with nothing available; Enter on it opens its ledger, whose rows name the document by
// its kind and NUMBER ("出库单 CK…", not `outboundOrder`) and say why in Chinese (短拣 of the task); the
// order's details (palette "go to document") show its ledger rows with their reasons translated; the
// inbound settings name the double-read guard. Each screen: 1440/1280 screenshots, axe, no raw key.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { columnTexts, Resources } from './pages/resources'
import { apiCommand as cmd, apiGet as get, fill, goToDocument } from './pages/stations'
import { look } from './pages/look'

const zh = (k: string) => tr('zh', k)
const STOCK_GRID = 'stock-manage-list-grid'


async function filterStockBySku(page: Page, r: Resources, sku: string) {
  await r.tabTo(STOCK_GRID)
  await page.keyboard.press('/')
  await expect(page.locator('#stock-manage-list-f-skuCode')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(sku)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(STOCK_GRID).locator('[role="row"][data-row-id]').first()).toBeVisible()
}

test('frozen stock is never available; the ledger says which document and why, translated', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  const r = new Resources(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: one unit of a stocked SKU picked short ----
  const stock = await get<{ records: { skuCode: string; locationCode: string; stockStatus: number; available: number }[] }>(page, '/api/stock/list?size=200&stockStatus=1&sort=skuCode:desc')
  const row = stock.records.find((x) => x.available >= 2 && x.stockStatus === 1)!
  expect(row).toBeTruthy()
  const sku = row.skuCode
  const order = await cmd<{ id: number; orderNo: string }>(page, 'outbound.order.create', { platform: 'TIKTOK', consigneeName: 'Ana', address: '1 Main St', country: 'US', lines: [{ code: sku, qty: 1 }] })
  await cmd(page, 'outbound.order.validate', { ids: [order.id] })
  const wave = await cmd<{ tasks: string[] }>(page, 'outbound.wave.create', { orderIds: [order.id], taskMode: 'whole', pickMode: 2 })
  const taskNo = wave.tasks[0]!
  await cmd(page, 'outbound.pickTask.claim', { taskNo })
  const view = await get<{ next: { lineId: number; locationCode: string } }>(page, `/api/outbound/picking-tasks/by-no/${taskNo}`)
  await cmd(page, 'outbound.pick.short', { taskNo, lineId: view.next.lineId, qty: 1 })
  const shelf = view.next.locationCode

  // ---- the stock list: the frozen unit, nothing available ----
  await c.runFromPalette(zh('menu:title.stock-manage-list'), 'nav.stock-manage-list')
  await expect(page.getByTestId('stock-list')).toBeVisible()
  await filterStockBySku(page, r, sku)
  const grid = page.getByTestId(STOCK_GRID)
  const frozenLabel = zh('dict:stockStatus.4')
  await expect.poll(async () => (await columnTexts(grid, zh('stock:col.stockStatus'))).includes(frozenLabel)).toBe(true)
  const [statuses, locations, available] = await Promise.all(['stockStatus', 'locationCode', 'available'].map((k) => columnTexts(grid, zh(`stock:col.${k}`))))
  const at = statuses!.findIndex((s, i) => s === frozenLabel && locations![i] === shelf)
  expect(at, 'the frozen row at the shelf').toBeGreaterThanOrEqual(0)
  expect(available![at]).toBe('0')

  // ---- Enter on it: its ledger, the document by kind and number, the reason translated ----
  await r.tabTo(STOCK_GRID)
  await page.keyboard.press('Home')
  for (let i = 0; i < at; i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('stock-explain')
  await expect(dialog).toBeVisible()
  const first = dialog.getByTestId('stock-explain-rows').locator('tbody tr').first()
  await expect(first.getByTestId('explain-reason')).toHaveText(fill(zh('stock:reason.short'), { taskNo }))
  await expect(first.locator('td').nth(1)).toHaveText(`${zh('stock:docType.outboundOrder')} ${order.orderNo}`)
  await expect(dialog).not.toContainText('outboundOrder')
  await look(page, 'stock-explain-frozen', '[data-testid="stock-explain"]')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // ---- the order's ledger rows: reserved, then released by the short pick — in words ----
  await goToDocument(c, 'outboundOrder', order.orderNo)
  const ledger = page.getByTestId('order-ledger')
  await expect(ledger).toBeVisible()
  await expect(ledger).toContainText(zh('stock:reason.reserve'))
  await expect(ledger).toContainText(fill(zh('stock:reason.short'), { taskNo }))
  await expect(ledger).not.toContainText('outboundOrder')
  await look(page, 'order-ledger-reasons')

  // ---- the inbound settings: the double-read guard, off ----
  await c.runFromPalette(zh('menu:title.inbound-setting'), 'nav.inbound-setting')
  const settings = page.getByTestId('inbound-settings')
  await expect(settings).toBeVisible()
  await expect(settings).toContainText(zh('inbound:settings.fields.minScanIntervalMs'))
  await look(page, 'inbound-settings-guard')
})
