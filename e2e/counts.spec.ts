// Counts, keyboard only (issue 20 "Counts" e2e): a plan made in the plan list's dialog (one location of the
// demo stock, recount above 0 units), counted blind at the count station by the supervisor with one variance
// (one unit more than on hand), which makes a recount that the supervisor may not take; the admin recounts
// it at the station (another operator); a third user (made over the API with the supervisor's role)
// approves it at check-detail — the surplus is posted under the recount's PT number; in-surplus lists it
// and Enter opens its explain in the stock list with the row under that number. Setup over the API: the
// location chosen, the third user. Each count screen: screenshots at 1440/1280, axe, no raw key, no
// wrapped toolbar (look()).
import { test, expect, type Browser, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, apiHeaders, fill, goToDocument, onStation, scan, tabTo, typeFields } from './pages/stations'
import { look } from './pages/look'
import { Resources } from './pages/resources'

const zh = (k: string) => tr('zh', k)
interface StockRow { skuCode: string; locationCode: string; stockStatus: number; onHand: number; locked: number; areaType: number }

async function signedIn(browser: Browser, username: string, password?: string): Promise<{ page: Page; c: Console }> {
  const ctx = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  const page = await ctx.newPage()
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn(username, password)
  await c.dismissAnnouncement()
  return { page, c }
}

/** At the count station of a task (opened from check-detail, which claims it): the location, the quantity (Alt+Q), the SKU, then Alt+S submits. */
async function countAt(page: Page, c: Console, taskNo: string, location: string, sku: string, qty: number) {
  await goToDocument(c, 'countTask', taskNo)
  await expect(page.getByTestId('count-doc').filter({ visible: true })).toHaveAttribute('data-no', taskNo)
  await tabTo(page, page.getByTestId('count-doc-station').filter({ visible: true }))
  await page.keyboard.press('Enter')
  await expect(onStation(page, 'count-station')).toBeVisible()
  await expect(onStation(page, 'count-task')).toHaveAttribute('data-status', '1')
  await expect(onStation(page, 'count-station')).toHaveAttribute('data-step', 'location')
  await scan(page, location)
  await expect(onStation(page, 'count-station')).toHaveAttribute('data-step', 'sku')
  await page.keyboard.press('Alt+q')
  await expect(onStation(page, 'station-qty')).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(String(qty))
  await page.keyboard.press('Enter')
  await scan(page, sku)
  await expect(onStation(page, 'count-location-lines').first()).toContainText(`${sku} ×${qty}`)
  // Blind: nothing on the station names what is on hand.
  await expect(onStation(page, 'count-station')).not.toContainText(zh('count-ui:detail.col.expected'))
  await page.keyboard.press('Alt+s')
  await expect(onStation(page, 'count-station')).toHaveAttribute('data-step', 'done')
}

test('plan, blind count with a variance, recount by another operator, approval by a third; the surplus under the PT number', async ({ page, browser }) => {
  test.setTimeout(240_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: a location holding exactly one free balance of normal stock; a third user ----
  const stock: StockRow[] = []
  for (const p of [1, 2, 3]) stock.push(...(await get<{ records: StockRow[] }>(page, `/api/stock/list?size=200&page=${p}&sort=locationCode:desc`)).records)
  const per = new Map<string, StockRow[]>()
  for (const r of stock) per.set(r.locationCode, [...(per.get(r.locationCode) ?? []), r])
  const spot = [...per.values()].find((rows) => rows.length === 1 && rows[0]!.stockStatus === 1 && rows[0]!.locked === 0 && rows[0]!.onHand >= 2 && rows[0]!.areaType === 2)?.[0]
  expect(spot, 'a location with one free balance').toBeTruthy()
  const { locationCode: location, skuCode: sku, onHand } = spot!
  const res = await page.request.get('/auth/roles/list', { headers: await apiHeaders(page) })
  const body = await res.json()
  const roles = (body.data ?? body.datas) as { id: number; code: string }[]
  const run = Date.now().toString(36)
  const boss = `countboss${run}`
  await cmd(page, 'admin.user.add', {
    username: boss, password: 'Vx9#qLm2$wTz', employeeName: 'Count Approver', phone: '+86 769 2200 0099', email: '', tenantId: 1,
    roleIds: [roles.find((r) => r.code === 'supervisor')!.id], pairs: [{ warehouseId: 26, tenantId: 1 }], status: 1,
  })

  // ---- the plan, by keyboard: the plan list's dialog, one location, recount above 0 units ----
  await c.runFromPalette(zh('menu:title.check-manager-list'), 'nav.check-manager-list')
  await expect(page.getByTestId('count-plans')).toBeVisible()
  await look(page, 'count-plans')
  await c.runFromPalette(zh('commands:count.plan.create'), 'count.plan.create')
  const dialog = page.getByTestId('count-plan-dialog')
  await expect(dialog).toBeVisible()
  await tabTo(page, dialog.getByTestId('count-plan-locationCodes'))
  await page.keyboard.type(location)
  await tabTo(page, dialog.getByTestId('count-plan-thresholdUnits'))
  await page.keyboard.type('0')
  await look(page, 'count-plan-dialog', '[data-testid="count-plan-dialog"]')
  await page.keyboard.press('Enter')
  // The new plan opens at check-detail.
  const doc = page.getByTestId('count-doc').filter({ visible: true })
  await expect(doc).toHaveAttribute('data-no', /^PD\d{10}$/)
  const planNo = (await doc.getAttribute('data-no'))!
  const first = page.getByTestId('count-task-pick').filter({ visible: true }).first()
  const taskNo = (await first.textContent())!.trim()
  expect(taskNo).toMatch(/^PT\d{10}$/)
  await expect(first).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('count-picked').filter({ visible: true })).toContainText(taskNo)
  // Its actions follow the machine: submit is disabled with the reason (not claimed yet).
  await expect(page.getByTestId('cmd-count.task.submit').filter({ visible: true })).toHaveAttribute('aria-disabled', 'true')
  await look(page, 'count-detail-plan')

  // ---- the supervisor counts blind at the station: one unit more than on hand ----
  const sup = await signedIn(browser, 'supervisor')
  await countAt(sup.page, sup.c, taskNo, location, sku, onHand + 1)
  await look(sup.page, 'count-station')
  // The variance beyond 0 units made a recount the supervisor may not take.
  const tasks = await get<{ records: { taskNo: string; status: number; round: number }[] }>(page, `/api/counts/tasks?planNo=${planNo}&size=10`)
  const recount = tasks.records.find((x) => x.round === 1)!
  expect(recount).toBeTruthy()
  await sup.page.keyboard.press('Escape')
  await scan(sup.page, recount.taskNo)
  await expect(onStation(sup.page, 'count-station')).toContainText(fill(zh('stocktake:errors.recountByOther'), { taskNo: recount.taskNo }))

  // ---- the admin recounts it at the station (another operator) ----
  await countAt(page, c, recount.taskNo, location, sku, onHand + 1)

  // ---- a third user approves: check-review lists it; at check-detail the reviewer sees the variance, approve ----
  const third = await signedIn(browser, boss, 'Vx9#qLm2$wTz')
  // A password an administrator set is temporary: the profile page holds the new user until it is changed.
  await expect(third.page.locator('#pw-oldPassword')).toBeFocused()
  await typeFields(third.page, 'Vx9#qLm2$wTz', 'Rt6#nWq8-cnt', 'Rt6#nWq8-cnt')
  await third.page.keyboard.press('Enter')
  await expect(third.page.getByText(zh('auth:password.changed'))).toBeVisible()
  await third.c.runFromPalette(zh('menu:title.check-review'), 'nav.check-review')
  const review = third.page.getByTestId('count-review')
  await expect(review.locator('[role="row"][data-row-id]').first()).toBeVisible()
  await look(third.page, 'count-review')
  await goToDocument(third.c, 'countTask', recount.taskNo)
  const tdoc = third.page.getByTestId('count-doc').filter({ visible: true })
  await expect(tdoc).toHaveAttribute('data-no', recount.taskNo)
  const reviewLines = third.page.getByTestId('count-doc-review').filter({ visible: true })
  await expect(reviewLines).toContainText(sku)
  await expect(reviewLines).toContainText('+1')
  await look(third.page, 'count-detail-review')
  await tabTo(third.page, third.page.getByTestId('cmd-count.task.approve').filter({ visible: true }))
  await third.page.keyboard.press('Enter')
  await expect(tdoc).toHaveAttribute('data-status', '4')

  // ---- the admin: in-surplus lists the row under the PT number; Enter opens its explain in the stock list ----
  await c.runFromPalette(zh('menu:title.in-surplus'), 'nav.in-surplus')
  const surplus = page.getByTestId('count-surplus')
  const row = surplus.locator('[role="row"][data-row-id]').first()
  await expect(row).toContainText(recount.taskNo)
  await look(page, 'count-surplus')
  await new Resources(page).tabTo('count-surplus-grid')
  await page.keyboard.press('Enter')
  const explain = page.getByTestId('stock-explain')
  await expect(explain).toBeVisible()
  await expect(explain.getByTestId('stock-explain-rows')).toContainText(recount.taskNo)
  await page.keyboard.press('Escape')
  // The stock list shows the adjusted balance.
  await expect(page.getByTestId('stock-list')).toBeVisible()
  const after = await get<{ records: StockRow[] }>(page, `/api/stock/list?locationCode=${encodeURIComponent(location)}&size=20`)
  expect(after.records.filter((r) => r.skuCode === sku && r.stockStatus === 1).reduce((s, r) => s + r.onHand, 0)).toBe(onHand + 1)

  // ---- the loss list and the rules screen look right too ----
  await c.runFromPalette(zh('menu:title.checklose'), 'nav.checklose')
  await expect(page.getByTestId('count-loss')).toBeVisible()
  await look(page, 'count-loss')
  await c.runFromPalette(zh('menu:title.inventory-check-rule'), 'nav.inventory-check-rule')
  await expect(page.getByTestId('count-rules')).toBeVisible()
  await look(page, 'count-rules')
})
