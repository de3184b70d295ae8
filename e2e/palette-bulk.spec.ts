// A palette that cannot do harm (issue 18 §3), keyboard only, against the built app: Alt+G ("generate
// waves by rule") does nothing on another screen or on the dashboard; on the wave list (its grid
// focused) it asks once, naming the orders and waves of the server's dry run — looked at in 1440 and
// 1280 px, no raw i18n key, axe-core clean — and Esc creates nothing. `picking` in the palette lists
// the screens before "Generate waves by rule".
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { Console, tr } from './pages/console'
import { apiGet as get, tabTo } from './pages/stations'

const zh = (key: string) => tr('zh', key)
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const RAW_KEY = /\b[\w-]+:[a-z]\w*\.\w|\b(bulk|count|confirm|wave)\.[A-Za-z]/
interface Preview { orders: number; waves: number; skipped: number }

const waveTotal = async (page: Page) => (await get<{ total: number }>(page, '/api/outbound/waves?size=1')).total
const generated = (page: Page) => page.waitForRequest((r) => r.url().includes('/api/commands/outbound.wave.generate'), { timeout: 1500 }).then(() => true, () => false)

/** The confirmation in 1440 and 1280 px (screenshots), no raw key, axe-core on it. */
async function lookAtDialog(page: Page, name: string) {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
    expect((await page.locator('[role="dialog"]').allInnerTexts()).join('\n'), `${name}: raw i18n key`).not.toMatch(RAW_KEY)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  const r = await new AxeBuilder({ page }).include('[data-testid="command-confirm"]').withTags(TAGS).options({ iframes: false }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  expect(bad, `${name}: ${JSON.stringify(bad)}`).toEqual([])
}

test('Alt+G only on the wave list, asking once with the dry run\'s orders and waves; the palette ranks screens first', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const dialog = page.getByTestId('command-confirm')
  const before = await waveTotal(page)

  // The dashboard and another list (its grid focused): nothing — no question, no request.
  await page.keyboard.press('Alt+g')
  expect(await generated(page)).toBe(false)
  await expect(dialog).toHaveCount(0)
  await c.runFromPalette(zh('menu:title.pickingtasks'), 'nav.pickingtasks')
  await tabTo(page, page.getByTestId('picking-tasks-grid'))
  await page.keyboard.press('Alt+g')
  expect(await generated(page)).toBe(false)
  await expect(dialog).toHaveCount(0)

  // `picking` in the palette: the screens come before "Generate waves by rule" (a keyword hit).
  await c.openPalette()
  await page.keyboard.type('picking')
  const rows = page.locator('[cmdk-item]')
  await expect(rows.first()).toHaveAttribute('data-testid', /^palette-item-nav\./)
  await page.screenshot({ path: test.info().outputPath('palette-picking-1440.png') })
  await page.keyboard.press('Escape')

  // The wave list, its grid focused: the dry run's figures in the one question; Esc creates nothing.
  const expected = await get<Preview>(page, '/api/outbound/waves/generate-preview')
  expect(expected.orders).toBeGreaterThan(0) // the demo's validated orders
  await c.runFromPalette(zh('menu:title.wave-picking'), 'nav.wave-picking')
  await expect(page.getByTestId('waves')).toBeVisible()
  await tabTo(page, page.getByTestId('wave-picking-grid'))
  await page.keyboard.press('Alt+g')
  await expect(dialog).toBeVisible()
  await expect(dialog).toContainText(zh('commands:outbound.wave.generate'))
  await expect(dialog).toContainText(zh('outbound:wave.confirm.generate'))
  const count = page.getByTestId('command-confirm-count')
  await expect(count).toContainText(`${expected.orders} 个生效订单`)
  await expect(count).toContainText(`${expected.waves} 个波次`)
  await expect(page.getByTestId('command-confirm-ok')).toBeFocused()
  await lookAtDialog(page, 'wave-generate-confirm')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  expect(await waveTotal(page)).toBe(before)

  // The same question in English.
  await c.runFromPalette(zh('commands:shell.language.switch'), 'shell.language.switch')
  await c.choose('English')
  await expect(page.getByTestId('waves')).toBeVisible({ timeout: 20_000 })
  await tabTo(page, page.getByTestId('wave-picking-grid'))
  await page.keyboard.press('Alt+g')
  await expect(page.getByTestId('command-confirm-count')).toHaveText(new RegExp(`^${expected.orders} orders? in force go(es)? into ${expected.waves} waves?$`))
  await lookAtDialog(page, 'wave-generate-confirm-en')
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  expect(await waveTotal(page)).toBe(before)
})
