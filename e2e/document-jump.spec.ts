// Every document by number (issue 18 §4), keyboard only. Setup over the API: one document of every kind
// (tests/helpers/document-fixtures.ts — the same maker as the API test over every kind), the kinds from
// the server's registry (GET /api/search/kinds: a kind without a fixture fails here too). Then, typed:
// each document kind by its number both ways — Ctrl+Shift+K (documents) and Ctrl+K without '#', where
// its hit stands above the commands — and each other number an operator holds (tracking, platform order,
// box, container, plate, source number) typed in Ctrl+K; basic data, users and screens by '#'. Each jump
// asserts the declared page and that it shows that document. The pages this issue changed (the pick
// difference and the handover list opened by number, the palette's hits above the commands) are looked
// at in 1440 and 1280 px, checked for raw i18n keys and by axe-core.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { Console } from './pages/console'
import { apiCommand, apiGet } from './pages/stations'
import { DOC_KINDS, makeEveryDocument, type DocFixtures } from '../tests/helpers/document-fixtures'

interface Kind { type: string; group: 'document' | 'reference'; prefixes: string[]; alsoBy: string[]; opens: { path: string; testId: string } }

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const RAW_KEY = /\b[\w-]+:[a-z]\w*\.\w|\b(ship|handover|diff|documents|fields|errors)\.[A-Za-z]/

async function look(page: Page, name: string, scope = '[data-page]:not([hidden])') {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(300)
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
    const raw = await page.locator('[data-page]:not([hidden]), [role="dialog"]').allInnerTexts()
    expect(raw.join('\n'), `${name}: raw i18n key`).not.toMatch(RAW_KEY)
    // No wrapped toolbar: the page's toolbars and button rows stay one line high.
    const wrapped = await page.locator('[data-page]:not([hidden]) [role="toolbar"]').evaluateAll((els) => els.filter((e) => e.getBoundingClientRect().height > 48).length)
    expect(wrapped, `${name}: wrapped toolbar at ${width}`).toBe(0)
  }
  await page.setViewportSize({ width: 1440, height: 900 })
  const r = await new AxeBuilder({ page }).include(scope).withTags(TAGS).options({ iframes: false }).analyze()
  const bad = r.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ rule: v.id, targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }))
  expect(bad, `${name}: ${JSON.stringify(bad)}`).toEqual([])
}

/** The palette: type `text`, wait for the hit of `type` showing `no`, move to it with the arrows, Enter. */
async function jump(page: Page, way: '#' | 'k', text: string, type: string, no: string) {
  await page.keyboard.press(way === '#' ? 'ControlOrMeta+Shift+K' : 'ControlOrMeta+k')
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await page.keyboard.type(text)
  const item = page.locator(`[data-testid^="palette-doc-${type}-"]`).filter({ hasText: no }).first()
  await expect(item, `${type} ${text} (${way})`).toBeVisible()
  // Documents come first: the list opens with a document hit, above any command.
  await expect(page.locator('[cmdk-item]').first()).toHaveAttribute('data-testid', /^palette-doc-/)
  for (let i = 0; i < 10 && (await item.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown')
  await expect(item).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('command-palette')).toBeHidden()
}

/** The declared page shows the document: its data-no, its text, or a field holding the number (a record's form). */
async function shows(page: Page, kind: Kind, no: string) {
  if (kind.opens.path.startsWith('*')) {
    await expect(page).toHaveURL(new RegExp(`/${no}$`))
    await expect(page.getByTestId(kind.opens.testId).first()).toBeVisible()
    return
  }
  const el = page.getByTestId(kind.opens.testId).filter({ visible: true }).first()
  await expect(el, `${kind.type}: ${kind.opens.testId}`).toBeVisible()
  await expect.poll(() => el.evaluate((e, n) => e.getAttribute('data-no') === n || (!e.hasAttribute('data-no') && ((e.textContent ?? '').includes(n)
    || [...e.querySelectorAll('input')].some((i) => i.value === n))), no), { message: `${kind.type} shows ${no}` }).toBe(true)
}

test('every document kind opens by its number, with and without #, and by the numbers an operator holds — keyboard only', async ({ page }) => {
  test.setTimeout(300_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API ----
  const t0 = Date.now()
  const docs: DocFixtures = await makeEveryDocument({ cmd: (id, args) => apiCommand(page, id, args), get: (url) => apiGet(page, url) }, `E${String(Date.now()).slice(-5)}`, 90_000)
  const kinds = await apiGet<Kind[]>(page, '/api/search/kinds')
  expect(kinds.map((k) => k.type).filter((type) => !(DOC_KINDS as readonly string[]).includes(type)), 'kinds without a fixture').toEqual([])
  const t1 = Date.now()

  // ---- the jumps ----
  let jumps = 0
  for (const kind of kinds) {
    const f = docs[kind.type as keyof DocFixtures]
    // Documents (and a container code as it comes) both ways; basic data, users and screens by '#'.
    const ways: ('#' | 'k')[] = kind.group === 'document' || kind.type === 'resource.container' ? ['#', 'k'] : ['#']
    for (const way of ways) {
      await jump(page, way, way === '#' ? `#${f.number}` : f.number, kind.type, f.number)
      await shows(page, kind, f.number)
      jumps++
      if (kind.type.startsWith('resource.') || kind.type === 'user') {
        // The record's form: Esc closes it, back to its list.
        await page.keyboard.press('Escape')
        await expect(page.getByTestId(kind.opens.testId)).toBeHidden()
      }
      if (way === 'k' && kind.type === 'outboundOrder') {
        // Looked at once: the palette with the document's hit above the commands.
        await page.keyboard.press('ControlOrMeta+k')
        await page.keyboard.type(f.number)
        await expect(page.locator(`[data-testid^="palette-doc-outboundOrder-"]`).first()).toBeVisible()
        await look(page, 'palette-document-first', '[data-testid="command-palette"]')
        await page.keyboard.press('Escape')
      }
    }
    // The other numbers it is found by, typed (or scanned) into Ctrl+K.
    for (const alt of kind.alsoBy) {
      const value = f.also[alt as keyof typeof f.also]!
      await jump(page, 'k', value, kind.type, f.number)
      await shows(page, kind, f.number)
      jumps++
    }
    if (kind.type === 'pickDiff') {
      // The difference is the page's work: its resolve button has the focus, Enter opens the dialog, Esc closes it.
      await expect(page.getByTestId('pick-diff-doc-resolve')).toBeFocused()
      await look(page, 'pick-difference')
      await page.keyboard.press('Enter')
      await expect(page.getByTestId('resolve-diff-dialog')).toBeVisible()
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('resolve-diff-dialog')).toBeHidden()
    }
    if (kind.type === 'handover') await look(page, 'handover-list')
  }
  const t2 = Date.now()
  const timing = `setup ${((t1 - t0) / 1000).toFixed(1)} s, ${jumps} jumps ${((t2 - t1) / 1000).toFixed(1)} s (${((t2 - t1) / jumps / 1000).toFixed(2)} s each)`
  test.info().annotations.push({ type: 'timing', description: timing })
  console.log(`document-jump: ${timing}`)
})
