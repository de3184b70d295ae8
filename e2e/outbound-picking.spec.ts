// Waves, the picking station and a pick difference, keyboard and typed scans only (issue 12). Setup over
// the API: the demo wave rules paused and one rule for this run's shipping method (so generating takes
// this run's orders only), two orders of demo stock (a SKU on two locations, and another) created and
// validated. Then by keyboard: the wave list from the palette, Alt+g generates the wave; its details
// by Enter; its task allotted to admin through the palette's picker; Enter opens the task at the
// station, whose number typed claims it; locations and SKUs as the station shows them — one wrong
// location refused with the server's message and the place kept; Alt+s reports the second order's
// line short; the pick-diff list shows it; Enter opens the resolve dialog, reallocate is chosen with
// the arrows and Enter; the new task claimed from the picking-task list by Enter and picked; the wave,
// reached by its number from the palette, is Picked. Every screen is looked at in 1440 and 1280 px
// (screenshots in test-results/, no wrapped toolbar, no raw key) and checked by axe-core.
import { test, expect, type Locator, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, fill, goToDocument, onStation, scan, tabTo } from './pages/stations'

const zh = (key: string) => tr('zh', key)
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** What an untranslated key of these screens looks like on screen (i18next shows the key's path). */
const RAW_KEY = /\b[\w-]+:[a-z]\w*\.\w|\b(station|wave|pick|pickDiff|diff|short|task|taskMode|assign|fields|errors|resolution|done|waveStatus|taskClaimStatus|handlingStatus|pickMode|pickingTaskMode)\.[A-Za-z]/

interface StockRow { skuCode: string; locationCode: string; areaType: number; stockStatus: number; available: number }
interface Rule { id: number; name: string; status: number }

/** Screenshots at 1440 and 1280 px; each time the toolbar of `bar` (if given) is one line and no raw i18n key shows. */
async function look(page: Page, name: string, bar?: string) {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(500)
    await page.evaluate(() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop > 0) el.scrollTop = 0 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
    if (bar) await expect.poll(async () => (await page.getByTestId(bar).filter({ visible: true }).boundingBox())?.height ?? 99).toBeLessThan(40)
    // A key that did not translate shows as 'ns:path.to.key' or 'path.to.key'.
    const raw = await page.locator('[data-page]:not([hidden]), [role="dialog"]').allInnerTexts()
    expect(raw.join('\n'), `${name}: raw i18n key`).not.toMatch(RAW_KEY)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
}

/** axe-core on the visible screen area (or `within`): no serious or critical violation. */
async function axe(page: Page, name: string, within = '[data-page]:not([hidden])') {
  const r = await new AxeBuilder({ page }).include(within).withTags(TAGS).options({ iframes: false }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  expect(bad, `${name}: ${JSON.stringify(bad)}`).toEqual([])
}

/** The screen looked at (look) and checked (axe). */
async function check(page: Page, name: string, bar?: string) {
  await look(page, name, bar)
  await axe(page, name)
}

/** Enter on the first row of a grid, reached by Tab. */
async function openFirstRow(page: Page, grid: Locator) {
  await tabTo(page, grid)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
}

/** Picks at the station what it shows next — location, then SKU — until `stop()` says so or the task is done. */
async function pickShown(page: Page, stop: () => Promise<boolean> = async () => false) {
  const station = onStation(page, 'picking-station')
  const status = onStation(page, 'station-status')
  for (let i = 0; i < 20; i++) {
    if ((await station.getAttribute('data-step')) === 'done' || await stop()) return
    if ((await station.getAttribute('data-step')) === 'location') {
      await scan(page, (await onStation(page, 'next-location').textContent())!)
      await expect(station).toHaveAttribute('data-step', 'sku')
    }
    await scan(page, (await onStation(page, 'next-sku').textContent())!)
    // Answered: nothing pending any more, the green line.
    await expect(onStation(page, 'station-pending')).toHaveCount(0)
    await expect(status).toHaveAttribute('data-kind', 'ok')
  }
}

test('waves, picking station, short pick and its resolution by keyboard', async ({ page }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: stock to pick, a wave rule of this run only, two orders in force ----
  const rows: StockRow[] = []
  for (const p of [1, 2]) rows.push(...(await get<{ records: StockRow[] }>(page, `/api/stock/list?size=200&page=${p}&stockStatus=1`)).records)
  const bins = rows.filter((r) => r.available > 0 && (r.areaType === 1 || r.areaType === 2))
  const places = (sku: string) => bins.filter((r) => r.skuCode === sku)
  // X: on two locations (a picking bin and the floor), enough for 3; Y: any other SKU with stock.
  const x = [...new Set(bins.map((r) => r.skuCode))].find((s) => places(s).length >= 2 && places(s).reduce((n, r) => n + r.available, 0) >= 4)!
  const y = bins.find((r) => r.skuCode !== x && r.available >= 1)!.skuCode
  expect(x).toBeTruthy()
  const run = String(Date.now()).slice(-7)
  const method = `PKE2E-${run}`
  const demoRules = (await get<{ records: Rule[] }>(page, '/api/resources/waveRule?size=50')).records.filter((r) => r.status === 1)
  if (demoRules.length) await cmd(page, 'resource.waveRule.status', { ids: demoRules.map((r) => r.id), status: 0 })
  const rule = await cmd<{ id: number }>(page, 'resource.waveRule.add', {
    name: `E2E picking ${run}`, priority: 900 + Math.floor(Math.random() * 90), shippingMethod: method, itemKind: 'any', maxOrders: 10, pickMode: 2, taskMode: 'bulk', status: 1,
  })
  try {
    const header = { platform: 'TIKTOK', shippingMethod: method, consigneeName: 'Rosa Medina', address: 'Calle 5 de Mayo 12', country: 'MX', city: 'Puebla' }
    const a = await cmd<{ id: number; orderNo: string }>(page, 'outbound.order.create', { ...header, lines: [{ code: x, qty: 2 }, { code: y, qty: 1 }] })
    const b = await cmd<{ id: number; orderNo: string }>(page, 'outbound.order.create', { ...header, lines: [{ code: x, qty: 1 }] })
    await cmd(page, 'outbound.order.validate', { ids: [a.id, b.id] })

    // ---- 1. the wave list from the palette; Alt+g generates this run's wave ----
    await c.runFromPalette(zh('menu:title.wave-picking'), 'nav.wave-picking')
    await expect(page.getByTestId('waves')).toBeVisible()
    await page.keyboard.press('Alt+g')
    const toaster = page.getByTestId('toaster')
    await expect(toaster).toContainText(/BC\d{10}/)
    const waveNo = /BC\d{10}/.exec((await toaster.textContent())!)![0]
    await expect(toaster).toContainText(fill(zh('outbound:wave.done.generated'), { count: 1, waveNo }))
    const waves = page.getByTestId('wave-picking-grid')
    await expect(waves.locator(`[role="row"][data-row-id]`).first()).toContainText(waveNo)
    await check(page, 'waves', 'wave-picking-bar')

    // Enter on the new wave (the first row) opens its details.
    await openFirstRow(page, waves)
    const details = page.getByTestId('wave-details')
    await expect(details).toBeVisible()
    await expect(page.getByTestId('wave-status')).toHaveText(zh('dict:waveStatus.0'))
    await expect(details.getByTestId('wave-orders').locator('tbody tr')).toHaveCount(2)
    // Cancel is offered while nobody picks (its reason appears once picking starts).
    await expect(details.getByTestId('cmd-outbound.wave.cancel')).not.toHaveAttribute('aria-disabled', 'true')

    // ---- 2. allot the task to admin: select it in the tasks grid, the palette's picker ----
    const tasks = page.getByTestId('wave-picking-tasks-grid')
    const taskRows = tasks.locator('[role="row"][data-row-id]')
    await expect(taskRows).toHaveCount(1)
    const taskNo = /JH\d{10}/.exec((await taskRows.first().textContent())!)![0]
    await tabTo(page, tasks)
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
    await c.runFromPalette(zh('commands:outbound.pickTask.assign'), 'outbound.pickTask.assign')
    await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', zh('outbound-picking-ui:assign.prompt'))
    await c.choose('admin')
    await expect(toaster).toContainText(fill(zh('outbound:pick.done.assigned'), { count: 1 }))
    await expect(taskRows.first()).toContainText('admin')
    await check(page, 'wave-details', 'wave-picking-tasks-bar')

    // ---- 3. Enter opens the task at the station; its number typed claims it ----
    await openFirstRow(page, tasks)
    const station = onStation(page, 'picking-station')
    const status = onStation(page, 'station-status')
    await expect(station).toBeVisible()
    await expect(status).toContainText(taskNo)
    await scan(page, taskNo)
    const next = onStation(page, 'next-location')
    await expect(station).toHaveAttribute('data-step', 'location')
    const first = (await next.textContent())!
    await expect(status).toHaveText(fill(zh('outbound-picking-ui:station.claimed'), { taskNo, locationCode: first }))
    // The wave is being picked: its cancel is refused by its machine (the details page shows why).
    expect((await get<{ wave: { status: number } }>(page, `/api/outbound/waves/by-no/${waveNo}`)).wave.status).toBe(1)

    // A wrong location: refused at once with the server's message; the place is kept.
    const wrong = first === 'PCK-01' ? 'RCV-01' : 'PCK-01'
    await scan(page, wrong)
    await expect(status).toHaveAttribute('data-kind', 'error')
    await expect(status).toHaveText(fill(zh('outbound:pick.errors.wrongLocation'), { locationCode: wrong, expected: first }))
    await expect(station).toHaveAttribute('data-step', 'location')
    await expect(next).toHaveText(first)
    await check(page, 'picking-station')

    // Pick what the station shows until the next line is order B's; Alt+s reports it short (1 by default).
    await pickShown(page, async () => (await onStation(page, 'next-order').textContent()) === b.orderNo)
    await expect(onStation(page, 'next-order')).toHaveText(b.orderNo)
    await page.keyboard.press('Alt+s')
    const dialog = page.getByTestId('short-pick-dialog')
    await expect(dialog).toBeVisible()
    await expect(page.getByTestId('short-qty')).toBeFocused()
    await expect(page.getByTestId('short-qty')).toHaveValue('1')
    await look(page, 'short-pick')
    await axe(page, 'short pick dialog', '[data-testid="short-pick-dialog"]')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(status).toContainText(/CY\d{10}/)
    const diffNo = /CY\d{10}/.exec((await status.textContent())!)![0]
    await expect(onStation(page, 'scan-input')).toBeFocused()
    await pickShown(page)
    await expect(station).toHaveAttribute('data-step', 'done')
    await expect(status).toHaveText(fill(zh('outbound-picking-ui:station.done'), { taskNo }))

    // ---- 4. the pick-diff list: Enter opens the resolve dialog; reallocate by the arrows and Enter ----
    await c.runFromPalette(zh('menu:title.pick-diff'), 'nav.pick-diff')
    const diffs = page.getByTestId('pick-diff-grid')
    const diffRow = diffs.locator('[role="row"][data-row-id]').first()
    await expect(diffRow).toContainText(diffNo)
    await expect(diffRow).toContainText(zh('dict:handlingStatus.0'))
    await check(page, 'pick-diff', 'pick-diff-bar')
    await openFirstRow(page, diffs)
    const resolve = page.getByTestId('resolve-diff-dialog')
    await expect(resolve).toBeVisible()
    await expect(page.getByTestId('resolution-reissue')).toBeFocused()
    // Reissue of more than the short quantity: refused on the field, the dialog kept.
    await tabTo(page, page.getByTestId('resolve-qty'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('5')
    await page.keyboard.press('Enter')
    await expect(resolve.locator('[data-field="qty"] [role="alert"]')).toHaveText(fill(zh('outbound:pickDiff.errors.reissueTooMany'), { qty: 5, short: 1 }))
    await expect(resolve).toBeVisible()
    await tabTo(page, page.getByTestId('resolution-reissue'))
    await page.keyboard.press('ArrowDown')
    await expect(page.getByTestId('resolution-reallocate')).toBeChecked()
    await look(page, 'resolve-diff')
    await axe(page, 'resolve dialog', '[data-testid="resolve-diff-dialog"]')
    await page.keyboard.press('Enter')
    await expect(resolve).toBeHidden()
    await expect(toaster).toContainText(/JH\d{10}/)
    const newTask = [...(await toaster.textContent())!.matchAll(/JH\d{10}/g)].map((m) => m[0]).find((n) => n !== taskNo)!
    expect(newTask).toBeTruthy()
    await expect(diffRow).toContainText(zh('dict:handlingStatus.1'))

    // ---- 5. the new task from the picking-task list: filter, Enter claims it and opens the station ----
    await c.runFromPalette(zh('menu:title.pickingtasks'), 'nav.pickingtasks')
    await expect(page.getByTestId('picking-tasks')).toBeVisible()
    await tabTo(page, page.locator('#picking-tasks-f-taskNo'))
    await page.keyboard.type(newTask)
    await page.keyboard.press('Enter')
    const list = page.getByTestId('picking-tasks-grid')
    await expect(list).toBeFocused()
    await expect(list.locator('[role="row"][data-row-id]')).toHaveCount(1)
    await check(page, 'picking-tasks', 'picking-tasks-bar')
    await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(station).toHaveAttribute('data-step', 'location')
    await expect(onStation(page, 'next-order')).toHaveText(b.orderNo)
    await pickShown(page)
    await expect(status).toHaveText(fill(zh('outbound-picking-ui:station.done'), { taskNo: newTask }))

    // ---- 6. the wave by its number from the palette: Picked ----
    await goToDocument(c, 'wave', waveNo)
    await expect(page.getByTestId('wave-status')).toHaveText(zh('dict:waveStatus.2'))
    await expect(details.getByTestId('cmd-outbound.wave.cancel')).toHaveAttribute('aria-disabled', 'true')
    await expect(details.getByTestId('cmd-outbound.wave.cancel')).toHaveAttribute('title', fill(zh('outbound:wave.errors.cancelStatus'), { waveNo }))
    const orders = await get<{ orders: { orderNo: string; status: number; pickedQty: number }[] }>(page, `/api/outbound/waves/by-no/${waveNo}`)
    expect(orders.orders.map((o) => [o.orderNo, o.status, o.pickedQty])).toEqual([[a.orderNo, 2, 3], [b.orderNo, 2, 1]])
  } finally {
    // The demo's rules as they were; this run's rule off.
    await cmd(page, 'resource.waveRule.status', { ids: [rule.id], status: 0 })
    if (demoRules.length) await cmd(page, 'resource.waveRule.status', { ids: demoRules.map((r) => r.id), status: 1 })
  }
})
