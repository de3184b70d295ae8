// Container loading, keyboard and typed scans only (issue 21 "Tests and acceptance": "container loaded at the
// station (a wrong container refused) → shipped"). Setup over the API: a sea ToB order of 3 units picked,
// packed from its order into 3 boxes, its shipment generated; a second container already holds one of the
// boxes. By keyboard: the loading list from the palette (axe + screenshots), Alt+N opens a container (the
// form; Ctrl+Enter) and the station opens at it; the box held by the other container is refused naming that
// container; the two others load with the live count; a repeated scan says "already loaded"; the station
// is looked at; Alt+F finishes (confirmed), Alt+C closes with the seal number, Alt+S ships (confirmed): the
// boxes left through the ledger under the ZG number.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet as get, fill, noScanInterval, onStation, scan } from './pages/stations'
import { look } from './pages/look'

interface StockRow { skuCode: string; locationCode: string; areaType: number; available: number; stockStatus: number; batchNo: string }
interface TaskView { task: { taskNo: string }; next: { locationCode: string; skuCode: string } | null }

test('a container loaded at the station (another container\'s box refused), finished, closed and shipped', async ({ page }) => {
  test.setTimeout(60_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await noScanInterval(page)
  const tag = `${Date.now() % 1_000_000}`

  // ---- setup over the API: a sea ToB order of 3 packed into 3 boxes, its shipment ----
  const rows: StockRow[] = []
  for (const p of [1, 2]) rows.push(...(await get<{ records: StockRow[] }>(page, `/api/stock/list?size=200&page=${p}&stockStatus=1`)).records)
  const skus = [...new Set(rows.filter((r) => r.available >= 3 && !r.batchNo && (r.areaType === 1 || r.areaType === 2)).map((r) => r.skuCode))]
  const sku = skus.at(-3)!
  expect(sku).toBeTruthy()
  const order = await apiCommand<{ id: number; orderNo: string }>(page, 'outbound.order.create', {
    platform: 'SHEIN', shippingMethod: 'E2E-SEA', consigneeName: 'Container Test', address: '1 Harbour Rd', country: 'DE', sourceNo: `CNT${tag}`,
    orderType: 1, destinationWarehouse: 'FRA1', channel: 'FBA', businessType: 'sea', boxMark: `CNT-${tag}`, lines: [{ code: sku, qty: 3 }],
  })
  await apiCommand(page, 'outbound.order.validate', { ids: [order.id] })
  const wave = await apiCommand<{ tasks: string[] }>(page, 'outbound.tob.assignPicking', { ids: [order.id], taskMode: 'whole' })
  await apiCommand(page, 'outbound.pickTask.claim', { taskNo: wave.tasks[0], cartCode: null })
  for (let i = 0; i < 10; i++) {
    const v = await get<TaskView>(page, `/api/outbound/picking-tasks/by-no/${wave.tasks[0]}`)
    if (!v.next) break
    await apiCommand(page, 'outbound.pick.scan', { taskNo: wave.tasks[0], locationCode: v.next.locationCode, code: v.next.skuCode })
  }
  const zx = (await apiCommand<{ tasks: { taskNo: string }[] }>(page, 'shipments.packTask.create', { orderNo: order.orderNo })).tasks[0]!.taskNo
  await apiCommand(page, 'cartons.task.claim', { taskNo: zx })
  const boxes = [1, 2, 3].map((i) => `CB${tag}-${i}`)
  for (const boxCode of boxes) {
    await apiCommand(page, 'cartons.box.open', { taskNo: zx, boxCode })
    await apiCommand(page, 'cartons.box.scan', { taskNo: zx, code: sku, qty: 1 })
    await apiCommand(page, 'cartons.box.close', { taskNo: zx, weight: 8.5, length: 50, width: 40, height: 30 })
  }
  await apiCommand(page, 'cartons.task.finish', { taskNo: zx })
  await apiCommand(page, 'shipments.generate', { orderNos: [order.orderNo] })
  // Another container already holds the first box.
  const other = await apiCommand<{ loadingNo: string }>(page, 'containers.loading.create', { containerNo: `OTHU${tag}`, containerSize: '20GP' })
  await apiCommand(page, 'containers.loading.scan', { loadingNo: other.loadingNo, code: boxes[0] })

  // ---- the list from the palette; Alt+N opens a container ----
  await c.runFromPalette(tr('zh', 'menu:title.container-load-list'), 'nav.container-load-list')
  const list = page.getByTestId('container-loadings').filter({ visible: true })
  await expect(list.locator('[role="row"]', { hasText: other.loadingNo })).toBeVisible()
  await look(page, 'container-load-list')
  await page.keyboard.press('Alt+n')
  const form = page.getByTestId('loading-form')
  await expect(form).toBeVisible()
  const containerNo = `MSCU${tag}`
  await page.keyboard.type(containerNo) // the container number has the focus
  await page.keyboard.press('Control+Enter')

  // ---- the station opens at the container ----
  const station = onStation(page, 'container-loading-station')
  await expect(station).toHaveAttribute('data-step', 'box')
  await expect(onStation(page, 'loading-container')).toHaveText(containerNo)
  const status = onStation(page, 'station-status')
  // The box of the other container: refused, naming it.
  await scan(page, boxes[0]!)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toContainText(`OTHU${tag}`)
  // The two others load; the live count follows.
  await scan(page, boxes[1]!)
  await expect(onStation(page, 'loading-boxes')).toHaveText('1')
  await scan(page, boxes[2]!)
  await expect(onStation(page, 'loading-boxes')).toHaveText('2')
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(onStation(page, 'loading-count')).toHaveAttribute('data-weight', '17')
  // Scanned again: already loaded, no second row.
  await scan(page, boxes[2]!)
  await expect(status).toContainText(fill(tr('zh', 'containers:station.already'), { boxes: boxes[2]! }))
  await expect(onStation(page, 'loading-boxes')).toHaveText('2')
  await look(page, 'container-loading-station')

  // ---- finish (confirmed), close with the seal, ship (confirmed) ----
  await page.keyboard.press('Alt+f')
  await expect(page.getByTestId('command-confirm-ok')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(status).toContainText(fill(tr('zh', 'containers:station.finished'), { containerNo }))
  await expect(onStation(page, 'scan-input')).toBeFocused()
  await page.keyboard.press('Alt+c')
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await page.keyboard.type(`SEAL${tag}`)
  await expect(page.getByTestId('palette-prompt-submit')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(status).toContainText(fill(tr('zh', 'containers:done.closed'), { containerNo }))
  await expect(onStation(page, 'scan-input')).toBeFocused()
  await page.keyboard.press('Alt+s')
  await expect(page.getByTestId('command-confirm-ok')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(status).toContainText(fill(tr('zh', 'containers:done.shipped'), { containerNo }))

  // ---- shipped through the ledger under the ZG number ----
  const mine = (await get<{ records: { loadingNo: string; containerNo: string }[] }>(page, `/api/container-loading/loadings?containerNo=${containerNo}`)).records[0]!
  const d = await get<{ status: number; sealNo: string; shippedAt: string | null; ledger: { reason: string; delta: number }[] }>(page, `/api/container-loading/loadings/by-no/${mine.loadingNo}`)
  expect(d).toMatchObject({ status: 2, sealNo: `SEAL${tag}` })
  expect(d.shippedAt).not.toBeNull()
  expect(d.ledger.map((g) => [g.reason, g.delta])).toEqual([['ship', -1], ['ship', -1]])
})
