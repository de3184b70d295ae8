// Issue 3's keyboard-only basic-data flow: create a storage area, a shelf and a location from the
// palette; import a location sheet with bad rows (every error listed, nothing written), then the
// fixed sheet (rows appear); select 3 locations with Space and bulk-disable them; switch the language
// and read the enum labels in English.
import { test, expect } from '@playwright/test'
import ExcelJS from 'exceljs'
import { Console, tr } from './pages/console'
import { Resources } from './pages/resources'

async function locationSheet(rows: (string | number | null)[][]): Promise<{ name: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook()
  const ws = wb.addWorksheet('locations')
  // Headers as the operator's template names them (zh labels; '*' marks required columns).
  ws.addRow(['code', 'type', 'storageAreaId', 'shelfId', 'floor', 'status'].map((f) => tr('zh', `res-warehouse:location.fields.${f}`)))
  for (const r of rows) ws.addRow(r)
  return { name: 'locations.xlsx', buffer: Buffer.from(await wb.xlsx.writeBuffer()) }
}

const totalText = (n: number) => tr('zh', 'grid:total').replace('{{total}}', String(n))

test('basic data by keyboard: create, import with errors then fixed, bulk disable, translated enums', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  const r = new Resources(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // 1. A storage area from the palette (the form opens wherever we are).
  await c.runFromPalette(tr('zh', 'res-warehouse:storageArea.title'), 'resource.storageArea.add')
  await expect(r.form('storageArea')).toBeVisible()
  await expect(r.form('storageArea').locator(':focus')).toHaveCount(1) // typing waits for the cursor in the form
  await page.keyboard.type('e2ea') // codes are upper-cased as typed
  await expect(page.locator(':focus')).toHaveValue('E2EA')
  await page.keyboard.press('Tab')
  await page.keyboard.type('E2EA 区域')
  await page.keyboard.press('Tab')
  await r.pickListbox(tr('zh', 'dict:storageAreaType.1'))
  await page.keyboard.press('Shift+Tab')
  await page.keyboard.press('Enter')
  await expect(r.form('storageArea')).toBeHidden()

  // 2. A shelf in that area.
  await c.runFromPalette(tr('zh', 'res-warehouse:shelf.title'), 'resource.shelf.add')
  await expect(r.form('shelf')).toBeVisible()
  await expect(r.form('shelf').locator(':focus')).toHaveCount(1) // typing waits for the cursor in the form
  await page.keyboard.type('E2ES1')
  await page.keyboard.press('Tab')
  await r.pickListbox(tr('zh', 'dict:shelfType.light'))
  await page.keyboard.press('Tab')
  await r.pickRef('E2EA')
  await page.keyboard.press('Tab')
  await page.keyboard.type('2')
  await page.keyboard.press('Tab')
  await page.keyboard.type('3')
  await page.keyboard.press('Enter')
  await expect(r.form('shelf')).toBeHidden()

  // 3. A location on that shelf.
  await c.runFromPalette(tr('zh', 'res-warehouse:location.title'), 'resource.location.add')
  await expect(r.form('location')).toBeVisible()
  await expect(r.form('location').locator(':focus')).toHaveCount(1) // typing waits for the cursor in the form
  await page.keyboard.type('E2E-01-01')
  await page.keyboard.press('Tab')
  await r.pickListbox(tr('zh', 'dict:locationType.fullBox'))
  await page.keyboard.press('Tab')
  await r.pickRef('E2EA')
  await page.keyboard.press('Tab')
  await r.pickRef('E2ES1')
  await page.keyboard.press('Tab') // the optional shelf's clear button
  await page.keyboard.press('Tab')
  await page.keyboard.type('1')
  await page.keyboard.press('Enter')
  await expect(r.form('location')).toBeHidden()

  // The location screen, filtered to this test's rows: '/' in the grid focuses the search.
  await c.runFromPalette(tr('zh', 'menu:title.location'), 'nav.location')
  await expect(r.grid('location')).toBeVisible()
  await r.tabTo('resource-location-grid')
  await page.keyboard.press('/')
  await page.keyboard.type('E2E-')
  await page.keyboard.press('Enter')
  await expect(r.total('location')).toHaveText(totalText(1))
  await expect(r.rows('location').first()).toContainText('E2EA')

  // 4. Import a sheet with bad rows: every bad row listed, confirm stays disabled, nothing written.
  await c.runFromPalette(tr('zh', 'res-warehouse:location.title'), 'resource.location.import')
  const dialog = page.getByTestId('resource-import-location')
  await expect(dialog).toBeVisible()
  await r.chooseImportFile(await locationSheet([
    ['E2E-IMP-01', tr('zh', 'dict:locationType.fullBox'), 'E2EA', 'E2ES1', 1, 1],
    ['BAD CODE', tr('zh', 'dict:locationType.fullBox'), 'E2EA', null, 1, 1],
    ['E2E-IMP-02', 'nonsense', 'E2EA', null, 1, 1],
    ['E2E-IMP-03', tr('zh', 'dict:locationType.sample'), 'NO-SUCH-AREA', null, 1, 1],
  ]))
  const errors = page.getByTestId('import-errors').locator('tbody tr')
  await expect(errors.first()).toBeVisible()
  const bad = new Set((await errors.locator('td:first-child').allTextContents()).map((s) => s.trim()))
  expect([...bad].sort()).toEqual(['3', '4', '5'])
  await expect(errors.filter({ hasText: tr('zh', 'res-warehouse:location.fields.code') })).toHaveCount(1)
  await expect(page.getByTestId('import-confirm')).toBeDisabled()

  // Fixed sheet: confirm takes focus; Enter imports, Enter closes.
  await r.chooseImportFile(await locationSheet([
    ['E2E-IMP-01', tr('zh', 'dict:locationType.fullBox'), 'E2EA', 'E2ES1', 1, 1],
    ['E2E-IMP-02', tr('zh', 'dict:locationType.scattered'), 'E2EA', null, 1, 1],
    ['E2E-IMP-03', tr('zh', 'dict:locationType.sample'), 'E2EA', null, 2, 1],
    ['E2E-IMP-04', tr('zh', 'dict:locationType.fullBox'), 'E2EA', 'E2ES1', 1, 1],
  ]))
  await expect(page.getByTestId('import-confirm')).toBeFocused()
  await expect(page.getByTestId('import-errors')).toHaveCount(0)
  // Still nothing written before the confirmation.
  await expect(r.total('location')).toHaveText(totalText(1))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('import-done')).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(r.total('location')).toHaveText(totalText(5))

  // 5. Select 3 locations with Space and bulk-disable them (the rows have the focus, the first one active).
  await r.tabTo('resource-location-grid')
  for (let i = 0; i < 3; i++) {
    if (i > 0) await page.keyboard.press('ArrowDown')
    await page.keyboard.press(' ')
  }
  await expect(page.getByTestId('resource-location-selected')).toBeVisible()
  await c.runFromPalette(tr('zh', 'res-warehouse:location.title'), 'resource.location.disable')
  await expect(page.getByTestId('status-preview').locator('tbody tr')).toHaveCount(3)
  await expect(page.getByTestId('status-confirm')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('resource-status-location')).toBeHidden()
  const disabled = tr('zh', 'dict:enabledFlag.0')
  for (let i = 0; i < 3; i++) await expect(r.rows('location').nth(i)).toContainText(disabled)
  await expect(r.rows('location').nth(3)).toContainText(tr('zh', 'dict:enabledFlag.1'))

  // 6. Switch to English from the palette: the grid's enum cells follow.
  await c.runFromPalette(tr('zh', 'commands:shell.language.switch'), 'shell.language.switch')
  await c.choose('English')
  await expect(r.rows('location').first()).toContainText(tr('en', 'dict:enabledFlag.0'))
  await expect(r.rows('location').first()).toContainText(tr('en', 'dict:locationType.fullBox'))
  await expect(r.rows('location').nth(3)).toContainText(tr('en', 'dict:enabledFlag.1'))
})
