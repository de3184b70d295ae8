// Page object additions for the generated resource screens and dialogs — keyboard only. Listboxes
// and ref pickers are driven with arrows and Enter; files are given to the FOCUSED file input with
// setInputFiles (choosing a file is not a pointer action).
import { expect, type Locator, type Page } from '@playwright/test'

/** The DOM id of the option the focused listbox/combobox marks active (headlessui). */
async function activeOptionText(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const owner = document.activeElement?.closest('[role="listbox"]') ?? document.activeElement
    const id = owner?.getAttribute('aria-activedescendant')
    return id ? document.getElementById(id)?.textContent ?? null : null
  })
}

export class Resources {
  constructor(readonly page: Page) {}

  form(name: string) { return this.page.getByTestId(`resource-form-${name}`) }
  grid(name: string) { return this.page.getByTestId(`resource-${name}-grid`) }
  total(name: string) { return this.page.getByTestId(`resource-${name}-total`) }
  rows(name: string) { return this.grid(name).locator('[role="row"][data-row-id]') }

  /** The texts of one column of the rendered rows in row order, found by its header's text (same aria-colindex). */
  async columnTexts(name: string, header: string): Promise<string[]> {
    return this.grid(name).evaluate((grid, header) => {
      const h = [...grid.querySelectorAll('[role="columnheader"]')].find((c) => c.textContent?.replace(/[▲▼]/g, '').trim() === header)
      if (!h) throw new Error(`no column '${header}'`)
      const col = h.getAttribute('aria-colindex')
      // In row order (rows are recycled DOM slots, so document order may differ after a scroll).
      return [...grid.querySelectorAll('[role="row"][data-row-id]')]
        .sort((a, b) => Number(a.getAttribute('aria-rowindex')) - Number(b.getAttribute('aria-rowindex')))
        .map((row) => row.querySelector(`[role="gridcell"][aria-colindex="${col}"]`)?.textContent ?? '')
    }, header)
  }

  /** Focused ListboxButton: ↓ opens it, ↓ until `text` is the active option, Enter picks it. */
  async pickListbox(text: string) {
    const { page } = this
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('listbox')).toBeVisible()
    for (let i = 0; i < 20 && (await activeOptionText(page)) !== text; i++) await page.keyboard.press('ArrowDown')
    expect(await activeOptionText(page)).toBe(text)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('listbox')).toBeHidden()
  }

  /**
   * Focused ref picker: type to search, wait until the list answers the typed text (the listbox's
   * aria-busy is off: debounce and fetch done — arrowing through the list shown before would end on an
   * option that is about to be replaced, and Enter would then pick nothing), ↓ until an option
   * containing `text` is active, Enter picks it: the box then shows it.
   */
  async pickRef(search: string, text = search) {
    const { page } = this
    const id = await page.evaluate(() => document.activeElement?.id ?? '')
    expect(id, 'a focused ref picker').not.toBe('')
    await page.keyboard.type(search)
    await expect(page.getByRole('listbox').filter({ visible: true })).toHaveAttribute('aria-busy', 'false')
    await expect(page.getByRole('option').filter({ hasText: text }).first()).toBeVisible()
    for (let i = 0; i < 20; i++) {
      if ((await activeOptionText(page))?.includes(text)) break
      await page.keyboard.press('ArrowDown')
    }
    expect(await activeOptionText(page)).toContain(text)
    await page.keyboard.press('Enter')
    await expect(page.locator(`[id="${id}"]`)).toHaveValue(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  }

  /** Tab until the element with `testId` has focus (keyboard only; fails after `max` presses). */
  async tabTo(testId: string, max = 60) {
    const { page } = this
    for (let i = 0; i < max; i++) {
      if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return
      await page.keyboard.press('Tab')
    }
    await expect(page.getByTestId(testId)).toBeFocused()
  }

  /** The import dialog's file input has focus on opening: hand it the file. */
  async chooseImportFile(file: { name: string; buffer: Buffer }) {
    const input = this.page.locator(':focus')
    await expect(input).toHaveAttribute('type', 'file')
    await input.setInputFiles({ name: file.name, mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: file.buffer })
  }
}

/**
 * The text of each rendered row's cell under the column headed `title`, in row order (aria-rowindex:
 * the virtualized grid reuses row elements, so DOM order is not row order).
 */
export async function columnTexts(grid: Locator, title: string): Promise<string[]> {
  const col = await grid.getByRole('columnheader').filter({ hasText: title }).first().getAttribute('aria-colindex')
  expect(col, `a column headed ${title}`).toBeTruthy()
  return grid.locator('[role="row"][data-row-id]').evaluateAll((rows, c) => rows
    .map((row) => [Number(row.getAttribute('aria-rowindex')), row.querySelector(`[role="gridcell"][aria-colindex="${c}"]`)?.textContent?.trim() ?? ''] as const)
    .sort((a, b) => a[0] - b[0]).map(([, text]) => text), col)
}
