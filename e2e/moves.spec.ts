// Moves at the move station, keyboard and typed scans only (issue 20 "Moves"). Setup over the API: a SKU
// with free stock on a bulk (floor) location and a pick face of the demo stock. By keyboard: the move list
// from the palette, Alt+O opens a move station session (YK); from-location, SKU, Alt+Q quantity 2,
// to-location → one ledger move; the same SKU asked above movable is refused naming the movable quantity;
// Alt+C completes the session. The move list shows the YK (completed); the palette opens it by number and its explain link
// opens the stock list's explain with the rows under the YK number; Alt+N opens the move form; the transfer
// warning screen; the stock allot screen and its form. axe + screenshots at 1440 and 1280.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiGet as get, fill, goToDocument, noScanInterval, onStation, scan, tabTo } from './pages/stations'
import { look } from './pages/look'

interface StockRow { skuCode: string; locationCode: string; areaType: number; available: number; stockStatus: number; batchNo: string }

test('move at the station from bulk to a pick face, over movable refused, the YK and its explain', async ({ page }) => {
  test.setTimeout(90_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)

  // ---- setup over the API: a floor-area (bulk) balance with free stock, and a pick face ----
  const rows: StockRow[] = []
  for (const p of [1, 2, 3]) rows.push(...(await get<{ records: StockRow[] }>(page, `/api/stock/list?size=200&page=${p}&stockStatus=1`)).records)
  const bulk = rows.filter((r) => r.areaType === 1 && r.available >= 3 && !r.batchNo).at(-1)
  const face = rows.find((r) => r.areaType === 2 && r.locationCode !== bulk?.locationCode)
  expect(bulk && face).toBeTruthy()

  // ---- the move list from the palette; Alt+O opens a station session ----
  await c.runFromPalette(tr('zh', 'menu:title.move-manager-list'), 'nav.move-manager-list')
  await expect(page.getByTestId('move-orders')).toBeVisible()
  // Arrival puts focus on the grid (its shortcuts, Alt+O among them, live in the grid's scope).
  await expect(page.getByTestId('move-orders-grid')).toBeFocused()
  await page.keyboard.press('Alt+o')
  const station = onStation(page, 'move-station')
  await expect(station).toHaveAttribute('data-step', 'from')
  const doc = page.getByTestId('move-order').filter({ visible: true })
  const moveNo = (await doc.getAttribute('data-no'))!
  expect(moveNo).toMatch(/^YK\d{10}$/)
  const status = onStation(page, 'station-status')

  // from → SKU → quantity 2 → to: one move.
  await scan(page, bulk!.locationCode)
  await expect(station).toHaveAttribute('data-step', 'sku')
  await scan(page, bulk!.skuCode)
  await expect(station).toHaveAttribute('data-step', 'to')
  await page.keyboard.press('Alt+q')
  await page.keyboard.type('2')
  await page.keyboard.press('Enter')
  await scan(page, face!.locationCode)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(status).toHaveText(fill(tr('zh', 'moves:done.moved'), { qty: 2, skuCode: bulk!.skuCode, fromLocationCode: bulk!.locationCode, toLocationCode: face!.locationCode }))
  await expect(doc.locator(`tr[data-sku="${bulk!.skuCode}"]`)).toHaveAttribute('data-moved', '2')

  // Above movable: refused naming the movable quantity (what is left at the bulk location).
  await expect(station).toHaveAttribute('data-step', 'sku')
  await scan(page, bulk!.skuCode)
  await page.keyboard.press('Alt+q')
  await page.keyboard.type('99999')
  await page.keyboard.press('Enter')
  await scan(page, face!.locationCode)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'moves:errors.overMovable'), { qty: 99999, skuCode: bulk!.skuCode, locationCode: bulk!.locationCode, movable: bulk!.available - 2 }))
  await look(page, 'move-station')

  // Alt+C completes the session.
  await page.keyboard.press('Escape')
  await page.keyboard.press('Alt+c')
  await expect(doc).toHaveAttribute('data-status', '2')

  // ---- the list shows the YK, completed; the palette opens it; its explain link shows the rows under the YK ----
  await c.runFromPalette(tr('zh', 'menu:title.move-manager-list'), 'nav.move-manager-list')
  const row = page.locator('[data-testid="move-orders"] [role="row"]', { hasText: moveNo })
  await expect(row).toBeVisible()
  await expect(row.getByTestId('move-status')).toHaveText(tr('zh', 'dict:moveOrderStatus.2'))
  await look(page, 'move-list')
  // Alt+N on the list opens the form of a move order by hand (focus on the first line's from location).
  await page.keyboard.press('Alt+n')
  const form = page.getByTestId('move-form')
  await expect(form).toBeVisible()
  await expect(form.locator('input').first()).toBeFocused()
  await look(page, 'move-form', '[data-testid="move-form"]')
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  // The palette's go to document opens it by its number (as a scanner would type it).
  await goToDocument(c, 'moveOrder', moveNo)
  const link = page.getByTestId('move-explain').filter({ visible: true }).first()
  await expect(link).toBeVisible()
  await tabTo(page, link, 60)
  await page.keyboard.press('Enter')
  const explain = page.getByTestId('stock-explain')
  await expect(explain).toBeVisible()
  await expect(explain.getByTestId('stock-explain-rows')).toContainText(moveNo)
  await page.keyboard.press('Escape')

  // ---- transfer warnings: the screen lists what should move, each with its fix ----
  await c.runFromPalette(tr('zh', 'menu:title.transfer-warning'), 'nav.transfer-warning')
  await expect(page.getByTestId('transfer-warnings')).toBeVisible()
  await look(page, 'transfer-warning')

  // ---- stock allot: the quota list and its form (Alt+N), looked at ----
  await c.runFromPalette(tr('zh', 'menu:title.stock-allot'), 'nav.stock-allot')
  await expect(page.getByTestId('stock-allot')).toBeVisible()
  await c.runFromPalette(tr('zh', 'commands:stock.allot.create'), 'stock.allot.create')
  const allot = page.getByTestId('stock-allot-form')
  await expect(allot).toBeVisible()
  await look(page, 'stock-allot-form', '[data-testid="stock-allot-form"]')
  await page.keyboard.press('Escape')
  await look(page, 'stock-allot')
})
