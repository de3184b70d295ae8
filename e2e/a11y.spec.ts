// Issue 11: axe-core over every registered screen the admin can open (the menu catalog through the
// browser's own route building, e2e/pages/screens.ts), the sign-in page and the open palette — no
// serious or critical violation of WCAG 2.0/2.1 A and AA. One sign-in, one page: screens are opened
// by URL inside the running console (history.pushState, which the router follows), so axe-core is
// parsed once per document (an init script) instead of once per check.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { Console, tr } from './pages/console'
import { adminScreens } from './pages/screens'
import { watchCsp } from './pages/csp'
import { apiCommand, apiGet } from './pages/stations'
import { OUTBOUND_ORDER_DETAILS_PATH, OUTBOUND_ORDER_PATH, outboundDialogPath, outboundOrderDetailsPath } from '../commands/outbound-orders'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
/** Kept-alive tabs pile up in the DOM; closing the others every so often keeps each check small. */
const CLOSE_TABS_EVERY = 15

interface Finding { screen: string; rule: string; impact: string; targets: string[] }

/** Serious and critical violations on the page as it is now (only inside `within` when given). */
async function scan(page: Page, screen: string, within?: string): Promise<Finding[]> {
  // axe is already in every document (init script): the builder's own injection is a no-op.
  // Frames show other pages (the menu's embedded URLs), not this console's screens: not followed.
  const builder = new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true).withTags(TAGS).options({ iframes: false })
  if (within) builder.include(within)
  const r = await builder.analyze()
  return r.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ screen, rule: v.id, impact: v.impact!, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
}

/** Opens a path inside the console and waits until its page is shown and done loading. */
async function open(page: Page, path: string, screenPath: string) {
  await page.evaluate((to) => { window.history.pushState(null, '', to) }, path)
  const area = page.locator(`[data-page="${screenPath}"]`)
  await expect(area).toBeVisible()
  // Lazy chunk loaded, queries settled (grids say aria-busy while they fetch).
  await expect(area.locator('[aria-busy="true"], :scope > [role="status"]')).toHaveCount(0)
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
}

test('axe-core: no serious or critical violation on any screen', async ({ page }) => {
  // A ceiling for a loaded machine; on 2 quiet cores the loop takes a small part of it.
  test.setTimeout(900_000)
  await page.context().addInitScript({ content: AXE_SOURCE })
  // Every screen opened here is also checked against the Content-Security-Policy (see csp.spec.ts).
  const cspViolations = await watchCsp(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  const findings: Finding[] = []

  await page.goto('/')
  await expect(page.getByTestId('signin-form')).toBeVisible()
  findings.push(...await scan(page, 'sign-in'))
  await c.signIn('admin')
  await c.dismissAnnouncement()

  const screens = adminScreens()
  expect(screens.length).toBeGreaterThan(100)
  // A details page with its document: the first demo inbound order, opened from its list by Enter.
  await open(page, '/stock-in/inbound-order', '/stock-in/inbound-order')
  await page.locator('[data-page="/stock-in/inbound-order"] [role="grid"]').focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-lines')).toBeVisible()
  findings.push(...await scan(page, 'inbound order details with lines'))
  // The sales outbound order's details with its document (one made over the API), and its list's form dialog.
  const sku = (await apiGet<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=1')).records[0]!.skuCode
  const made = await apiCommand<{ orderNo: string }>(page, 'outbound.order.create', {
    platform: 'AMAZON', consigneeName: 'A11y Check', address: '1 Main St', country: 'US', lines: [{ code: sku, qty: 1 }],
  })
  await open(page, outboundOrderDetailsPath(made.orderNo), OUTBOUND_ORDER_DETAILS_PATH)
  await expect(page.getByTestId('outbound-order-details').getByTestId('order-lines')).toBeVisible()
  findings.push(...await scan(page, 'outbound order details with lines', `[data-page="${OUTBOUND_ORDER_DETAILS_PATH}"]`))
  await open(page, outboundDialogPath.create(), OUTBOUND_ORDER_PATH)
  await expect(page.getByTestId('outbound-order-form')).toBeVisible()
  findings.push(...await scan(page, 'new outbound order form', '[data-testid="outbound-order-form"]'))
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('outbound-order-form')).toBeHidden()

  // The shell (sidebar, top bar, tabs, breadcrumb, footer) is checked whole on the first screen and
  // the details page; after that each screen's own area, which is what changes from one to the next.
  let sinceClose = 0
  for (const [i, s] of screens.entries()) {
    await open(page, s.path, s.path)
    const t0 = Date.now()
    findings.push(...await scan(page, s.path, i === 0 ? undefined : `[data-page="${s.path}"]`))
    if (process.env.A11Y_LOG) console.log(s.path, Date.now() - t0, findings.filter((f) => f.screen === s.path).map((f) => f.rule).join(','))
    if (++sinceClose >= CLOSE_TABS_EVERY) {
      sinceClose = 0
      await c.runFromPalette(tr('zh', 'commands:shell.tab.closeOthers'), 'shell.tab.closeOthers')
    }
  }

  // The palette, open over a screen.
  await c.openPalette()
  findings.push(...await scan(page, 'palette'))
  await page.keyboard.press('Escape')

  expect(findings, JSON.stringify(findings, null, 1)).toEqual([])
  expect(cspViolations, cspViolations.join('\n')).toEqual([])
})

test('grid: a one-line toolbar with one status button at 1280 and 1440; the keyboard reaches the whole result', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await c.runFromPalette(tr('zh', 'menu:title.location'), 'nav.location')
  const grid = page.getByTestId('resource-location-grid')
  await expect(page.getByTestId('resource-location-total')).toBeVisible()
  // One button for a status change: the status command (enable/disable are palette commands).
  await expect(page.getByTestId('cmd-resource.location.status')).toHaveCount(1)
  await expect(page.getByTestId('cmd-resource.location.enable')).toHaveCount(0)
  await expect(page.getByTestId('cmd-resource.location.disable')).toHaveCount(0)
  for (const width of [1280, 1440]) {
    await page.setViewportSize({ width, height: 900 })
    const bar = page.getByTestId('resource-location-bar')
    // One line: as tall as one button row, and "Rows per page" on one line.
    await expect.poll(async () => (await bar.boundingBox())?.height ?? 99).toBeLessThan(40)
    const label = bar.getByText(tr('zh', 'grid:pageSize'))
    // The label holds the 28 px select: a label broken over two lines would make it about 40 px.
    expect((await label.boundingBox())!.height).toBeLessThan(36)
  }
  // What does not fit is in the "More" menu, and runs from there: Enter opens it, the item opens the import.
  const more = page.getByTestId('resource-location-toolbar-more')
  await expect(more).toBeVisible()
  await more.focus()
  await page.keyboard.press('Enter')
  const menu = page.getByTestId('resource-location-toolbar-more-menu')
  await expect(menu.getByRole('menuitem')).not.toHaveCount(0)

  await page.keyboard.press('Escape')
  // The keyboard reaches past the page: ↓ on the page's last row goes on to the next page…
  const total = Number((await page.getByTestId('resource-location-total').textContent())!.replace(/\D/g, ''))
  expect(total).toBeGreaterThan(100)
  const activeRowIndex = () => grid.evaluate((g) => {
    const id = g.getAttribute('aria-activedescendant')
    return id ? Number(document.getElementById(id)?.closest('[role="row"]')?.getAttribute('aria-rowindex')) : 0
  })
  await grid.focus()
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('End')
  const lastOnPage = await activeRowIndex()
  await page.keyboard.press('ArrowDown')
  await expect.poll(activeRowIndex).toBe(lastOnPage + 1)
  await expect(page.getByTestId('resource-location-page')).toContainText('2')
  // …and $mod+End to the last row of the whole result (aria-rowindex counts the header row).
  await page.keyboard.press('ControlOrMeta+End')
  await expect.poll(activeRowIndex).toBe(total + 1)
  await page.keyboard.press('ControlOrMeta+Home')
  await expect.poll(activeRowIndex).toBe(2)
})
