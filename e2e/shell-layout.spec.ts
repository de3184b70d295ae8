// Issue 18, the shell at 1280 px (and 1440), keyboard only: the release banner after sign-in lies over
// the page (nothing moves, the focus stays with the page); with many pages open the tab strip never
// clips its first tab without a way to it — the active tab is in view and a "more tabs" button (a Tab
// stop) lists every open page (↑/↓, Enter opens, Esc closes); toasts sit clear of the tab bar; the
// sales outbound report opens from its menu entry (palette) as the real report. Screenshots in the
// output dir; axe-core: no serious or critical violation in the top bar and the open menu.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { test, expect, type Page, type Locator } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet, tabTo } from './pages/stations'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')
const zh = (key: string) => tr('zh', key)
/** Screens opened one after the other (each adds a tab): long zh titles, pages that exist. */
const SCREENS = ['inbound-order', 'toc-sales-outbound', 'wave-picking', 'pickingtasks', 'sorting-wall', 'reviewpackaging', 'faceorder-manage', 'shippinginfo', 'stock-manage-list', 'operation-log', 'sales-outbound-report']

async function box(l: Locator) {
  const b = await l.boundingBox()
  expect(b, 'element on screen').not.toBeNull()
  return b!
}
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function axe(page: Page, within: string) {
  const r = await new AxeBuilder({ page, axeSource: ';' }).setLegacyMode(true).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).include(within).analyze()
  return r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Every tab's box relative to the strip: wholly inside, or not. */
async function tabsInView(page: Page): Promise<boolean[]> {
  return page.getByTestId('tags-list').evaluate((ul) => {
    const b = ul.getBoundingClientRect()
    return [...ul.querySelectorAll(':scope > li')].map((li) => { const r = li.getBoundingClientRect(); return r.left >= b.left - 1 && r.right <= b.right + 1 })
  })
}

for (const width of [1280, 1440]) {
  test(`shell at ${width} px: release banner over the page, tab overflow, toasts clear of the tab bar`, async ({ page }, info) => {
    test.setTimeout(180_000)
    await page.context().addInitScript({ content: AXE_SOURCE })
    await page.setViewportSize({ width, height: 800 })
    const c = new Console(page)
    await c.signIn('admin')
    await c.dismissAnnouncement()

    // The release banner (a demo release notice) lies over the page's bottom-left corner: the top bar
    // and the page start where they would without it, nothing covers the tab bar, the focus is elsewhere.
    const banner = page.getByTestId('release-banner')
    await expect(banner).toBeVisible()
    const bar = await box(page.getByTestId('top-bar'))
    const area = await box(page.getByTestId('page-area'))
    expect(bar.y).toBe(0)
    expect(area.y).toBeCloseTo(bar.y + bar.height, 0)
    expect(overlaps(await box(banner), bar)).toBe(false)
    expect(await banner.evaluate((el) => el.contains(document.activeElement))).toBe(false)
    await page.screenshot({ path: info.outputPath(`release-banner-${width}.png`) })

    // The sales outbound report: typed in the palette, its entry comes first and opens the report itself.
    await c.openPalette()
    await page.keyboard.type(zh('menu:title.sales-outbound-report'))
    await expect(page.locator('[data-testid^="palette-item-"]').first()).toHaveAttribute('data-testid', 'palette-item-nav.sales-outbound-report')
    await page.keyboard.press('Escape')

    // Many pages open: the last one (active) is wholly in view, and what does not fit is one key away.
    for (const code of SCREENS) await c.runFromPalette(zh(`menu:title.${code}`), `nav.${code}`)
    await expect(page.getByTestId('sales-outbound-report')).toBeVisible()
    await expect(page.getByTestId('screen-not-available')).toHaveCount(0)
    const inView = await tabsInView(page)
    expect(inView.length).toBeGreaterThanOrEqual(SCREENS.length)
    expect(inView.at(-1), 'the active tab is in view').toBe(true)
    const more = page.getByTestId('tags-more')
    if (inView.includes(false)) {
      await expect(more).toBeVisible()
      await expect(more).toHaveAttribute('aria-label', new RegExp(String(inView.filter((x) => !x).length)))
    } else {
      await expect(more).toHaveCount(0)
    }

    // A toast (favourite added or removed, from the palette) sits clear of the tab bar.
    await c.openPalette()
    await page.keyboard.type(zh('commands:shell.favourite.add'))
    const canAdd = await page.getByTestId('palette-item-shell.favourite.add').isVisible()
    await page.keyboard.press('Escape')
    if (canAdd) await c.runFromPalette(zh('commands:shell.favourite.add'), 'shell.favourite.add')
    else await c.runFromPalette(zh('commands:shell.favourite.remove'), 'shell.favourite.remove')
    const toast = page.getByTestId('toaster').locator('[role="status"]').first()
    await expect(toast).toBeVisible()
    expect(overlaps(await box(toast), await box(page.getByTestId('top-bar')))).toBe(false)
    const help = page.getByTestId('online-help')
    if (await help.isVisible()) expect(overlaps(await box(toast), await box(help))).toBe(false)
    await page.screenshot({ path: info.outputPath(`tabs-toast-${width}.png`) })
    expect(await axe(page, '[data-testid="top-bar"]')).toEqual([])

    if (!inView.includes(false)) return
    // The first page is out of view: the more-tabs button (a Tab stop) lists it; Enter opens it, and
    // its tab comes into view.
    expect(inView[0]).toBe(false)
    await tabTo(page, more, 60)
    await page.keyboard.press('Enter')
    const menu = page.getByTestId('tags-more-menu')
    await expect(menu).toBeVisible()
    const first = menu.getByRole('menuitem').first()
    await expect(first).toBeFocused()
    await page.screenshot({ path: info.outputPath(`tabs-more-menu-${width}.png`) })
    expect(await axe(page, '[data-testid="tags-more-menu"]')).toEqual([])
    const firstPath = await first.getAttribute('data-path')
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(more).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(first).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(menu).toBeHidden()
    await expect(page).toHaveURL(new RegExp(`${firstPath}$`))
    expect((await tabsInView(page))[0], 'the opened page’s tab is in view').toBe(true)
    await page.screenshot({ path: info.outputPath(`tabs-first-${width}.png`) })
  })
}

const RAW_KEY = /\b[\w-]+:[a-z]\w*\.\w|\b(sentence|col|detail|result)\.[A-Za-z]/

test('operation log: sentences in the list, the request id and arguments in the detail (Enter, Esc), 1280 and 1440', async ({ page }) => {
  test.setTimeout(180_000)
  await page.context().addInitScript({ content: AXE_SOURCE })
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  // Something to tell: a new outbound order, voided (setup over the API).
  const sku = (await apiGet<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=1')).records[0]!.skuCode
  const order = await apiCommand<{ id: number; orderNo: string }>(page, 'outbound.order.create', {
    platform: 'AMAZON', shippingMethod: 'USPS-GROUND', consigneeName: 'Ana Ruiz', consigneePhone: '555-0101', address: '1 Main St', country: 'US', lines: [{ code: sku, qty: 1 }],
  })
  await apiCommand(page, 'outbound.order.void', { ids: [order.id] })

  await c.runFromPalette(zh('menu:title.operation-log'), 'nav.operation-log')
  const grid = page.getByTestId('operation-log')
  const row = grid.locator('[role="row"][data-row-id]').filter({ hasText: order.orderNo }).first()
  await expect(row).toBeVisible()
  const said = await row.innerText()
  expect(said).toContain(`admin 对 ${order.orderNo} 执行了「${zh('commands:outbound.order.void')}」`)
  expect(said).not.toContain('outbound.order.void')
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: test.info().outputPath(`operation-log-${width}.png`) })
    expect((await page.locator('[data-page]:not([hidden])').allInnerTexts()).join('\n')).not.toMatch(RAW_KEY)
    const wrapped = await page.locator('[data-page]:not([hidden]) [role="toolbar"]').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height > 48).length)
    expect(wrapped, `wrapped toolbar at ${width}`).toBe(0)
  }
  expect(await axe(page, '[data-testid="operation-log"]')).toEqual([])

  // The newest row (the void) is first: the cursor goes into the rows, Enter opens the detail.
  await tabTo(page, grid.locator('[role="grid"]'), 60)
  await page.keyboard.press('Home')
  await page.keyboard.press('Enter')
  const detail = page.getByTestId('operation-log-detail')
  await expect(detail).toBeVisible()
  await expect(detail.getByTestId('operation-log-detail-sentence')).toContainText(order.orderNo)
  await expect(detail.getByTestId('operation-log-detail-request-id')).not.toHaveText('—')
  await expect(detail.getByTestId('operation-log-detail-args')).toContainText(`"ids"`)
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: test.info().outputPath(`operation-log-detail-${width}.png`) })
    expect(await detail.innerText()).not.toMatch(RAW_KEY)
  }
  expect(await axe(page, '[data-testid="operation-log-detail"]')).toEqual([])
  await page.keyboard.press('Escape')
  await expect(detail).toBeHidden()
})
