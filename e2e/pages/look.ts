// A screen as the operator sees it, checked the same way wherever a spec looks at one: screenshots at
// 1440 and 1280 px into the test's output, no raw i18n key in the visible page or dialog, no toolbar
// wrapped onto a second line, and axe-core with no serious or critical WCAG 2.0/2.1 A/AA violation.
import { expect, test, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
/** `namespace:key.path` left untranslated on screen. */
const RAW_KEY = /\b[a-z][\w-]*:[a-z]\w*\.[A-Za-z]/

export async function look(page: Page, name: string, within = '[data-page]:not([hidden])'): Promise<void> {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(400)
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
    const texts = await page.locator('[data-page]:not([hidden]), [role="dialog"]').allInnerTexts()
    expect(texts.join('\n'), `${name} at ${width}: raw i18n key`).not.toMatch(RAW_KEY)
    // A toolbar keeps its controls on one line (what does not fit goes into its "More" menu).
    const wrapped = await page.locator('[role="toolbar"]').evaluateAll((bars) => bars
      .filter((b) => (b as HTMLElement).offsetParent !== null)
      .filter((b) => new Set([...b.children].filter((c) => (c as HTMLElement).offsetParent !== null).map((c) => Math.round(c.getBoundingClientRect().top))).size > 1)
      .map((b) => b.getAttribute('data-testid') ?? b.getAttribute('aria-label') ?? 'toolbar'))
    expect(wrapped, `${name} at ${width}: wrapped toolbar`).toEqual([])
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  const r = await new AxeBuilder({ page }).include(within).withTags(TAGS).options({ iframes: false }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  expect(bad, `${name}: ${JSON.stringify(bad)}`).toEqual([])
}
