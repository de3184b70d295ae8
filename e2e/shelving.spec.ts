// Inspect then shelve at the scan stations, keyboard and typed scans only. Setup over the API: a purchase
// order with pre-inbound inspection, issued and received by scans (receiving finishes it and the flow
// makes the inspection order). Then, by keyboard: the inspection number typed in the palette opens the
// inspection station; one unit passes, one fails (Alt+F), a code not in the inspection is refused with
// 'scan error'; Alt+C completes (the undecided units pass after the confirmation); Alt+G generates the
// shelving order. Its number typed in the palette opens the shelving station: an unknown location refused
// at once naming it, the place kept (issue 18); LOCATION then SKU scans
// (the defective unit refused at a normal location, 'moved not above movable' refused), the defective
// unit shelved to a defective-area location — the task completes and the stock sits where it was scanned.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, fill, goToDocument, noScanInterval, onStation, scan } from './pages/stations'
import { look } from './pages/look'

test('inspect then shelve by keyboard and typed scans', async ({ page }) => {
  test.setTimeout(150_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: no scan interval, an inspected purchase order received in full ----
  await noScanInterval(page, { storageMode: 'normal' })
  // SKUs 10-12 of the list: no other spec receives them (returns.spec leaves the first ones at RCV-01,
  // which would show up in this spec's exact stock check when the suite shares one server).
  const [skuA, skuB, skuC] = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=3&page=4')).records.map((r) => r.skuCode)
  const order = await cmd<{ id: number; orderNo: string }>(page, 'inbound.order.create', {
    inboundType: 1, inspectionMode: 1, lines: [{ code: skuA, qty: 3 }, { code: skuB, qty: 1 }],
  })
  await cmd(page, 'inbound.order.status', { ids: [order.id], status: 1 })
  await cmd(page, 'inbound.order.status', { ids: [order.id], status: 2 })
  await cmd(page, 'inbound.receive', { orderNo: order.orderNo, code: skuA, qty: 3 })
  const received = await cmd<{ finished: boolean; inspectionNo?: string }>(page, 'inbound.receive', { orderNo: order.orderNo, code: skuB })
  expect(received.finished).toBe(true)
  const inspectionNo = received.inspectionNo!
  expect(inspectionNo).toMatch(/^QC\d{10}$/)

  // ---- inspection station, opened by typing the number in the palette ----
  await goToDocument(c, 'inspection', inspectionNo)
  // The visible station's (the inspection station stays alive in its tab, hidden, with its own line).
  const status = onStation(page, 'station-status')
  const doc = page.getByTestId('inspection-doc')
  await expect(doc).toHaveAttribute('data-no', inspectionNo)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:inspection.loaded'), { no: inspectionNo, undecided: 4 }))

  await scan(page, skuA!)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await expect(doc.locator(`tr[data-sku="${skuA}"] [data-testid="line-pass"]`)).toHaveText('1')
  await page.keyboard.press('Alt+f')
  await expect(page.getByTestId('inspection-mode')).toHaveAttribute('data-mode', 'fail')
  await scan(page, skuA!.toLowerCase())
  await expect(doc.locator(`tr[data-sku="${skuA}"] [data-testid="line-fail"]`)).toHaveText('1')
  await page.keyboard.press('Alt+f')
  await expect(page.getByTestId('inspection-mode')).toHaveAttribute('data-mode', 'pass')
  // A code that is not in the inspection: the spec's 'scan error'.
  await scan(page, skuC!)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:inspection.errors.notInInspection'), { code: skuC! }))

  // Complete: 2 undecided units pass after the confirmation (Enter); then generate the shelving order.
  await page.keyboard.press('Alt+c')
  await expect(page.getByTestId('command-confirm')).toContainText(fill(tr('zh', 'inbound:inspection.passRestConfirm'), { count: 2 }))
  await page.keyboard.press('Enter')
  await expect(doc).toHaveAttribute('data-status', '2')
  await expect(onStation(page, 'scan-input')).toBeFocused()
  await page.keyboard.press('Alt+g')
  const generated = page.getByTestId('inspection-generated')
  await expect(generated).toHaveText(/SJ\d{10}/)
  const taskNo = /SJ\d{10}/.exec((await generated.textContent())!)![0]

  // ---- shelving station, opened by typing the task number in the palette ----
  await goToDocument(c, 'shelvingTask', taskNo)
  const task = page.getByTestId('shelving-task')
  await expect(task).toHaveAttribute('data-no', taskNo)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:shelving.loaded'), { no: taskNo, left: 4 }))
  const view = await get<{ lines: { skuCode: string; stockStatus: number; suggestedLocationCode: string | null }[] }>(page, `/api/inbound/shelving-tasks/${taskNo}`)
  const normalTarget = view.lines.find((l) => l.skuCode === skuA && l.stockStatus === 1)!.suggestedLocationCode!
  expect(normalTarget).toBeTruthy()
  await expect(task.locator('[data-testid="line-suggested"]').first()).toHaveText(normalTarget)

  // An unknown location: refused at once, naming it — the station stays at the location step.
  await scan(page, 'ZZ-NOWHERE-99')
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:shelving.errors.locationUnknown'), { code: 'ZZ-NOWHERE-99' }))
  await expect(page.getByTestId('shelving-station')).toHaveAttribute('data-step', 'location')
  await expect(page.getByTestId('shelving-location')).toHaveText(tr('zh', 'inbound:shelving.noLocation'))
  await look(page, 'shelving-unknown-location')

  // LOCATION, then SKU: 2 normal units of A (Alt+Q 2), more than movable refused, B one unit.
  await scan(page, normalTarget)
  await expect(page.getByTestId('shelving-location')).toHaveText(normalTarget)
  await page.keyboard.press('Alt+q')
  await expect(onStation(page, 'station-qty')).toBeFocused()
  await page.keyboard.type('5')
  await page.keyboard.press('Enter')
  await scan(page, skuA!)
  await expect(status).toHaveAttribute('data-kind', 'error')
  await expect(status).toHaveText(fill(tr('zh', 'inbound:shelving.errors.movable'), { qty: 5, movable: 2 }))
  await page.keyboard.press('Alt+q')
  await page.keyboard.type('2')
  await page.keyboard.press('Enter')
  await scan(page, skuA!)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  await scan(page, skuB!)
  await expect(status).toHaveAttribute('data-kind', 'ok')
  // A again: only its defective unit is left — refused at a normal location.
  await scan(page, skuA!)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:shelving.errors.defectiveNeedsDefectiveArea'), { code: normalTarget }))

  // Esc: back to the location step; the defective unit goes to DEF-01 and the task completes.
  await page.keyboard.press('Escape')
  await scan(page, 'DEF-01')
  await scan(page, skuA!)
  await expect(status).toHaveText(fill(tr('zh', 'inbound:shelving.done'), { no: taskNo }))
  await expect(task).toHaveAttribute('data-status', '2')

  // The stock list shows the goods where they were scanned.
  const stock = await get<{ records: { skuCode: string; locationCode: string; stockStatus: number; onHand: number }[] }>(page, `/api/stock/list?skuCode=${skuA}&size=50`)
  expect(stock.records.filter((r) => r.skuCode === skuA && r.onHand > 0).map((r) => [r.locationCode, r.stockStatus, r.onHand]).sort()).toEqual([['DEF-01', 2, 1], [normalTarget, 1, 2]].sort())
})
