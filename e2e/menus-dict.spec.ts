// Issue 3 §3, keyboard only: open the menu tree editor from the palette, walk to a screen, add a
// button under it (A), try to add a child under that button (refused with the spec's message, no
// form); then edit a dictionary label in the dictionary screen and read it in another grid's enum
// cells without reloading.
import { test, expect, type Page } from '@playwright/test'
import { Console, tr } from './pages/console'
import { Resources } from './pages/resources'

/** ↓ until the tree's cursor is on `testId` (the cursor is the focused treeitem). */
async function treeWalkTo(page: Page, testId: string, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) return
    await page.keyboard.press('ArrowDown')
  }
  await expect(page.getByTestId(testId)).toBeFocused()
}

/** Tab until the focused control is the one labelled `label`. */
async function tabToLabel(page: Page, label: string, max = 30) {
  for (let i = 0; i < max; i++) {
    const here = await page.evaluate(() => {
      const el = document.activeElement as HTMLInputElement | null
      return el?.labels?.[0]?.textContent?.replace('*', '').trim() ?? ''
    })
    if (here === label) return
    await page.keyboard.press('Tab')
  }
  throw new Error(`no focusable control labelled ${label}`)
}

test('menu editor and dictionary labels by keyboard', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  const r = new Resources(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // 1. The menu editor: the tree has focus on arrival.
  await c.runFromPalette(tr('zh', 'menu:title.rights-menu'), 'nav.rights-menu')
  const tree = page.getByTestId('menu-tree')
  await expect(tree).toBeVisible()
  await expect(tree.locator('[role="treeitem"][aria-selected="true"]')).toBeFocused()
  // Down to the rights section (24000), open it, down to the menu screen (24002).
  await treeWalkTo(page, 'menu-node-24000')
  await page.keyboard.press('ArrowRight')
  await expect(page.getByTestId('menu-node-24000')).toHaveAttribute('aria-expanded', 'true')
  await treeWalkTo(page, 'menu-node-24002')

  // 2. A adds a child: a button under a screen, authority following the name.
  await page.keyboard.press('a')
  const form = page.getByTestId('menu-form')
  await expect(form).toBeVisible()
  await expect(page.getByTestId('menu-form-type')).toHaveValue('B')
  await expect(page.getByTestId('menu-form-name')).toBeFocused()
  await page.keyboard.type('e2e-print')
  await expect(page.getByTestId('menu-form-authority')).toHaveValue('rights-menu:e2e-print')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('menu-form-title')).toBeFocused()
  await page.keyboard.type('E2E 打印')
  await page.keyboard.press('Enter')
  await expect(form).toBeHidden()
  // The cursor is on the new button.
  const cursor = tree.locator('[role="treeitem"][aria-selected="true"]')
  await expect(cursor).toContainText('E2E 打印')
  await expect(cursor).toHaveAttribute('data-type', 'B')
  await expect(cursor).toBeFocused()

  // 3. A on the button: refused with the spec's message; no form opens.
  await page.keyboard.press('a')
  await expect(page.getByTestId('menu-tree-message')).toHaveText(tr('zh', 'admin:menu.errors.buttonChild'))
  await expect(form).toBeHidden()
  await expect(page.getByTestId('menu-add-child')).toHaveAttribute('aria-disabled', 'true')

  // 4. The dictionary screen: find enabledFlag = 1 and give it an admin label in Chinese.
  await c.runFromPalette(tr('zh', 'menu:title.basicdate'), 'nav.basicdate')
  await expect(r.grid('dictItem')).toBeVisible()
  await r.tabTo('resource-dictItem-grid')
  await page.keyboard.press('/')
  await page.keyboard.type('enabledFlag')
  await page.keyboard.press('Enter')
  await expect(r.rows('dictItem')).toHaveCount(2)
  // ↓ onto the row whose value is 1 (rows read, never clicked).
  const values = await r.columnTexts('dictItem', tr('zh', 'admin:dictItem.fields.dictValue'))
  expect(values).toContain('1')
  await r.tabTo('resource-dictItem-grid')
  for (let i = 0; i <= values.indexOf('1'); i++) await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Enter')
  await expect(r.form('dictItem')).toBeVisible()
  await tabToLabel(page, tr('zh', 'admin:dictItem.fields.labelZh'))
  await page.keyboard.type('在用E2E')
  await page.keyboard.press('Enter')
  await expect(r.form('dictItem')).toBeHidden()

  // 5. Another screen's grid: its status cells read the admin's label.
  await c.runFromPalette(tr('zh', 'menu:title.location'), 'nav.location')
  await expect(r.rows('location').first()).toBeVisible()
  await expect(r.rows('location').first()).toContainText('在用E2E')
  await expect(r.rows('location').first()).not.toContainText(tr('zh', 'dict:enabledFlag.1'))
})
