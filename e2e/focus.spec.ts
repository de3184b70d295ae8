// Issue 18 §1–2, keyboard only: focus lands where the work is and dialogs take the keyboard.
//  • Every screen of the admin's menu that renders a page, opened through the palette: on arrival the
//    grid's first row has the focus (an empty list: its first filter; a station: its scan field; any
//    other page: its first field or the page area) — with no key pressed after the palette's Enter.
//  • The edit dialog of every resource with rows, opened with Enter on the first row: its first field
//    has the focus once the row is loaded, Tab stays inside, Esc closes it and gives the focus back to
//    the row. One dialog with a change: Esc asks first, cancel keeps it, confirm closes.
//  • A list page: the skip link and Alt+/ (filters ↔ rows), Enter on a select filter applies it, the
//    date range typed and chosen from its presets, a range beyond the spec's month refused naming the
//    field. The keymap lists the grid's keys.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { paletteScreens } from './pages/screens'
import { countKeys } from './pages/keys'
import { apiGet } from './pages/stations'

const zh = (key: string) => tr('zh', key)

/** What has the focus now, in words a test can compare. */
async function focusState(page: Page, path: string): Promise<string> {
  return page.evaluate((p) => {
    const pageEl = [...document.querySelectorAll<HTMLElement>('[data-page]')].find((x) => x.getAttribute('data-page') === p && !x.hidden)
    const a = document.activeElement as HTMLElement | null
    if (!pageEl) return 'no-page'
    if (!a || a === document.body) return 'body'
    const grid = pageEl.querySelector<HTMLElement>('[role="grid"]')
    const rows = grid ? grid.querySelectorAll('[role="row"][data-row-id]').length : 0
    const busy = !!pageEl.querySelector('[aria-busy="true"]')
    if (a.getAttribute('role') === 'grid' && pageEl.contains(a)) {
      const cell = document.getElementById(a.getAttribute('aria-activedescendant') ?? '')
      const rowIndex = cell?.closest('[role="row"]')?.getAttribute('aria-rowindex')
      return rowIndex === '2' ? 'row0' : `grid-row-${rowIndex ?? 'none'}`
    }
    if (a.getAttribute('data-testid') === 'scan-input') return 'scan'
    if (grid && !busy && rows === 0 && a.closest('[role="search"]') && pageEl.contains(a)) {
      const first = a.closest('[role="search"]')!.querySelector('input, select')
      return first === a ? 'first-filter' : 'other-filter'
    }
    // A form-first screen (a report form above its list, e.g. defective goods): the field it declares as its
    // work (data-primary-focus), when that field stands before the grid — with rows or with none yet.
    if (grid && !busy && a.hasAttribute('data-primary-focus') && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName) && pageEl.contains(a)
      && (a.compareDocumentPosition(grid) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0) return 'form-first'
    if (grid && rows > 0) return `not-the-rows:${a.tagName}#${a.id}`
    if (pageEl.contains(a) && /^(INPUT|SELECT|TEXTAREA)$/.test(a.tagName)) return 'field'
    if (a.tagName === 'MAIN') return 'main'
    if (pageEl.contains(a)) return `in-page:${a.tagName}`
    return `elsewhere:${a.tagName}#${a.id}[${a.getAttribute('data-testid') ?? ''}]`
  }, path)
}

test('arrival: every screen of the menu opened from the palette has its work focused; every resource edit dialog takes the keyboard', async ({ page }) => {
  test.setTimeout(600_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const keys = countKeys(page)
  const screens = paletteScreens()
  expect(screens.length).toBeGreaterThan(60)
  const results: Record<string, string> = {}
  const dialogs: string[] = []
  let sinceClose = 0
  for (const s of screens) {
    await c.runFromPalette(zh(s.title), `nav.${s.name}`)
    const arrived = keys.now()
    const area = page.locator(`[data-page="${s.path}"]`)
    await expect(area).toBeVisible()
    // Lazy chunk loaded and queries settled (grids say aria-busy while they fetch).
    await expect(area.locator('[aria-busy="true"], :scope > [role="status"]')).toHaveCount(0, { timeout: 15_000 })
    const kind = await area.evaluate((el) => el.querySelector('[role="grid"]') ? (el.querySelector('[role="grid"] [role="row"][data-row-id]') ? 'rows' : 'empty-list') : el.querySelector('[data-testid="scan-input"]') ? 'station' : 'other')
    const expected = { rows: /^(row0|form-first)$/, 'empty-list': /^(first-filter|grid-row-none|form-first)$/, station: /^scan$/, other: /^(field|main|in-page:\w+)$/ }[kind]
    // The work takes the focus by itself: the state is polled, no key is pressed.
    await expect.poll(() => focusState(page, s.path), { timeout: 15_000, message: `${s.path} (${kind})` }).toMatch(expected)
    const state = await focusState(page, s.path)
    expect(keys.since(arrived).total, `${s.path}: keys after arriving`).toBe(0)
    results[s.path] = state

    // A resource list with rows: Enter opens the first row's dialog, which takes the keyboard.
    if (s.resource && state === 'row0') {
      const dialog = page.getByTestId(`resource-form-${s.resource}`)
      await page.keyboard.press('Enter')
      await expect(dialog).toBeVisible()
      await expect(dialog.locator('[role="status"]')).toHaveCount(0)
      await expect.poll(() => dialog.evaluate((d) => {
        const a = document.activeElement as HTMLElement
        if (!d.contains(a)) return 'outside'
        // Fields: inputs, selects, pickers (comboboxes) and select buttons (listbox buttons).
        const fields = [...d.querySelectorAll<HTMLElement>('input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [role="combobox"]:not([aria-disabled="true"]), button[aria-haspopup="listbox"]:not([disabled])')].filter((e) => e.getClientRects().length > 0)
        if (!fields.length) return a.tagName === 'BUTTON' ? 'first' : `no-field:${a.tagName}`
        return fields[0] === a || fields[0].contains(a) ? 'first' : `not-first:${a.tagName}#${a.id}`
      }), { message: `${s.resource}: first field focused` }).toBe('first')
      // Tab never leaves the dialog: Shift+Tab from the first field wraps to its last control, Tab back.
      // (A picker opens its options on focus: Esc closes them first, as the operator would.)
      const open = page.getByRole('listbox').filter({ visible: true })
      if (await open.count()) { await page.keyboard.press('Escape'); await expect(open).toHaveCount(0); await expect(dialog).toBeVisible() }
      await page.keyboard.press('Shift+Tab')
      expect(await dialog.evaluate((d) => {
        const all = [...d.querySelectorAll<HTMLElement>('button:not([disabled]), [href], input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])')].filter((e) => e.getClientRects().length > 0)
        return all[all.length - 1] === document.activeElement
      }), `${s.resource}: Shift+Tab wraps to the last control`).toBe(true)
      await page.keyboard.press('Tab')
      expect(await dialog.evaluate((d) => d.contains(document.activeElement) && /INPUT|SELECT|TEXTAREA|BUTTON/.test(document.activeElement!.tagName)), `${s.resource}: Tab stays inside`).toBe(true)
      // An open option list (a picker opens on focus) takes the first Esc; the next one closes the dialog.
      const list = page.getByRole('listbox').filter({ visible: true })
      if (await list.count()) {
        await page.keyboard.press('Escape')
        await expect(list).toHaveCount(0)
        await expect(dialog).toBeVisible()
      }
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()
      await expect.poll(() => focusState(page, s.path), { message: `${s.resource}: focus back on the row` }).toBe('row0')
      dialogs.push(s.resource)
    }
    if (++sinceClose >= 15) {
      sinceClose = 0
      await c.runFromPalette(zh('commands:shell.tab.closeOthers'), 'shell.tab.closeOthers')
    }
  }
  console.log(`arrival focus, ${screens.length} screens:\n${Object.entries(results).map(([p, st]) => `  ${st.padEnd(12)} ${p}`).join('\n')}`)
  console.log(`edit dialogs checked (${dialogs.length}): ${dialogs.join(', ')}`)
  expect(dialogs.length).toBeGreaterThan(20)
})

test('a list page by keyboard: skip link, Alt+/ between filters and rows, Enter on a select, the date range control, unsaved dialog asks first', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1280, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  await c.runFromPalette(zh('menu:title.inbound-order'), 'nav.inbound-order')
  const path = '/stock-in/inbound-order'
  await expect.poll(() => focusState(page, path)).toBe('row0')
  const grid = page.locator(`[data-page="${path}"] [role="grid"]`)

  // Alt+/ : to the first filter, and back to the rows (the active row kept).
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Alt+Slash')
  await expect(page.locator(`[data-page="${path}"] [role="search"] input, [data-page="${path}"] [role="search"] select`).first()).toBeFocused()
  await page.keyboard.press('Alt+Slash')
  await expect(grid).toBeFocused()
  expect(await focusState(page, path)).toBe('grid-row-3')

  // The date range: a range longer than the spec's month is refused naming the field, the text kept.
  const dateLabel = zh('inbound:order.fields.createdAt')
  const range = page.getByRole('combobox', { name: dateLabel })
  await page.keyboard.press('/')
  for (let i = 0; i < 12 && !(await range.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(range).toBeFocused()
  await page.keyboard.type('2026-01-01 ~ 2026-03-31')
  await page.keyboard.press('Enter')
  const alert = page.locator(`[data-page="${path}"] [role="search"] [role="alert"]`)
  await expect(alert).toContainText(dateLabel)
  await expect(alert).toContainText('31')
  await expect(range).toHaveValue('2026-01-01 ~ 2026-03-31')
  await expect(range).toBeFocused()
  // ↓ opens the presets; the third (three months) is longer than the field allows: shown, not taken.
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.press('Backspace')
  await page.keyboard.press('ArrowDown')
  const options = page.getByRole('listbox', { name: dateLabel }).getByRole('option')
  await expect(options).toHaveCount(3)
  await expect(options.nth(2)).toHaveAttribute('aria-disabled', 'true')
  // Latest week, Enter: applied at once, the rows take the focus.
  await expect(options.nth(0)).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('Enter')
  await expect(grid).toBeFocused()
  await expect(range).toHaveValue(/^\d{4}-\d{2}-\d{2} ~ \d{4}-\d{2}-\d{2}$/)
  const applied = await range.inputValue()
  const [from, to] = applied.split(' ~ ')
  expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(7)

  // Enter on a select filter applies it (the first select: the inbound type).
  const select = page.locator(`[data-page="${path}"] [role="search"] select`).first()
  await page.keyboard.press('Alt+Slash')
  for (let i = 0; i < 12 && !(await select.evaluate((e) => e === document.activeElement)); i++) await page.keyboard.press('Tab')
  await expect(select).toBeFocused()
  // The browser keeps 250 resource timings by default (the lazy chunks of a session fill it): start afresh.
  await page.evaluate(() => performance.clearResourceTimings())
  const before = await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/inbound/orders')).length)
  await page.keyboard.press('ArrowDown')
  const chosen = await select.inputValue()
  expect(chosen).not.toBe('')
  await page.keyboard.press('Enter')
  await expect.poll(() => page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/inbound/orders')).map((r) => r.name).pop() ?? '')).toContain(`=${encodeURIComponent(chosen)}`)
  expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((r) => r.name.includes('/api/inbound/orders')).length)).toBeGreaterThan(before)

  // The skip link is the first Tab stop of the page and goes to the page's work.
  await page.keyboard.press('Alt+Slash')
  // From the top of the document (as after a page load), the first Tab reaches it.
  await page.evaluate(() => { document.body.tabIndex = -1; document.body.focus(); document.body.removeAttribute('tabindex') })
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('skip-link')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect.poll(async () => /^(row0|first-filter)$/.test(await focusState(page, path))).toBe(true)

  // The keymap lists the grid's own keys beside the commands.
  await page.keyboard.press('Shift+?')
  const keymap = page.getByTestId('keymap-help')
  await expect(keymap).toBeVisible()
  for (const k of ['grid:keymap.select', 'grid:keymap.extend', 'grid:keymap.filters']) await expect(keymap).toContainText(zh(k))
  await expect(keymap).toContainText(zh('commands:grid.selectAll'))
  await expect(keymap).toContainText(zh('commands:grid.export'))
  await expect(keymap).toContainText(zh('commands:grid.focusToggle'))
  await page.keyboard.press('Escape')
  await expect(keymap).toBeHidden()

  // A dialog with a change asks before Esc closes it; cancel keeps it (and the change), confirm closes.
  await c.runFromPalette(zh('menu:title.shop'), 'nav.shop')
  await expect.poll(() => focusState(page, '/basic-data-new/shop').catch(() => '')).toMatch(/row0|first-filter/)
  const shops = await apiGet<{ total: number }>(page, '/api/resources/shop?size=1')
  expect(shops.total).toBeGreaterThan(0)
  await page.keyboard.press('Enter')
  const dialog = page.getByTestId('resource-form-shop')
  await expect(dialog).toBeVisible()
  await expect.poll(() => dialog.evaluate((d) => d.contains(document.activeElement) && /INPUT|SELECT|TEXTAREA/.test(document.activeElement!.tagName))).toBe(true)
  // To the first plain text field (a picker's typed text is a search, not a change of the form).
  for (let i = 0; i < 8 && !(await page.evaluate(() => { const a = document.activeElement as HTMLInputElement; return a.tagName === 'INPUT' && a.type === 'text' && !a.getAttribute('role') })); i++) await page.keyboard.press('Tab')
  const field = page.locator(`#${await page.evaluate(() => document.activeElement!.id)}`)
  const typed = `${await field.inputValue()}X`
  await page.keyboard.press('End')
  await page.keyboard.type('X')
  await page.keyboard.press('Escape')
  const confirm = page.getByTestId('command-confirm')
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(confirm).toBeHidden()
  await expect(dialog).toBeVisible()
  await expect(field).toBeFocused()
  await expect(field).toHaveValue(typed)
  await page.keyboard.press('Escape')
  await expect(confirm).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.locator('[data-page="/basic-data-new/shop"] [role="grid"]')).toBeFocused()
})
