// Issue 3's L/T-days import, keyboard only (spec section 4: "Only incomplete-entry styles can be
// imported for L/T update"): from the style list the palette opens the import dialog, the template is
// downloaded with the keyboard and filled; a sheet naming a complete-entry style is refused row by row
// (nothing written, confirm disabled); the fixed sheet is confirmed with Enter and the list shows the
// new L/T days.
import { test, expect, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import ExcelJS from 'exceljs'
import { Console, tr } from './pages/console'
import { Resources } from './pages/resources'

type Style = { id: number; styleNo: string; ltDays?: number | null; entryStatus: string; source: string }

/** The signed-in admin's view of the tenant's styles (the same session the page uses). */
async function styles(page: Page): Promise<Style[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value
  const res = await page.request.get('/base/basestyle/listAll', { headers: { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26' } })
  expect(res.ok()).toBe(true)
  return (await res.json()).data as Style[]
}
async function ltOf(page: Page, styleNo: string): Promise<number | null> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value
  const list = await page.request.get(`/api/resources/style?q=${encodeURIComponent(styleNo)}`, { headers: { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26' } })
  return ((await list.json()).data.records as { styleNo: string; ltDays: number | null }[]).find((r) => r.styleNo === styleNo)!.ltDays
}

/** The downloaded template with `rows` under its own (translated) headers. */
async function filled(template: Buffer, rows: (string | number)[][]): Promise<{ name: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]
  for (const r of rows) ws.addRow(r)
  return { name: 'lt-days.xlsx', buffer: Buffer.from(await wb.xlsx.writeBuffer()) }
}

test('L/T days by keyboard: template, complete styles refused, fixed sheet confirmed', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  const r = new Resources(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  const all = await styles(page)
  const incomplete = all.filter((s) => s.entryStatus === 'incomplete' && s.source === 'local').slice(0, 2)
  const complete = all.find((s) => s.entryStatus === 'complete' && s.source === 'local')!
  expect(incomplete).toHaveLength(2)

  // The style list, then its L/T import from the palette.
  await c.runFromPalette(tr('zh', 'menu:title.style'), 'nav.style')
  await expect(r.grid('style')).toBeVisible()
  await c.runFromPalette(tr('zh', 'res-product:style.actions.leadtime'), 'resource.style.leadtime')
  const dialog = page.getByTestId('resource-import-style-leadtime')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('heading')).toHaveText(tr('zh', 'res-product:style.actions.leadtime'))

  // Template: Shift+Tab from the file box to its button, Enter downloads; Tab goes back to the file box.
  await expect(page.getByTestId('import-file')).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('import-template')).toBeFocused()
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  expect(download.suggestedFilename()).toBe('STYLE_LT_TEMPLATE.xlsx')
  const template = readFileSync((await download.path())!)
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('import-file')).toBeFocused()

  // A complete-entry style and an unknown one: every bad row listed, confirm disabled, nothing written.
  await r.chooseImportFile(await filled(template, [
    [incomplete[0].styleNo, 301],
    [complete.styleNo, 302],
    ['NO-SUCH-STYLE', 5],
  ]))
  const errors = page.getByTestId('import-errors').locator('tbody tr')
  await expect(errors).toHaveCount(2)
  await expect(errors.nth(0)).toContainText('3')
  await expect(errors.nth(0)).toContainText(tr('zh', 'res-product:rules.ltOnlyIncomplete').replace('{{styleNo}}', complete.styleNo))
  await expect(errors.nth(1)).toContainText(tr('zh', 'res-product:rules.styleUnknown').replace('{{styleNo}}', 'NO-SUCH-STYLE'))
  await expect(page.getByTestId('import-confirm')).toBeDisabled()
  expect(await ltOf(page, incomplete[0].styleNo)).not.toBe(301)

  // Fixed: confirm takes focus; Enter updates both in one command, Enter closes.
  await expect(page.getByTestId('import-file')).toBeFocused()
  await r.chooseImportFile(await filled(template, [[incomplete[0].styleNo, 301], [incomplete[1].styleNo, 302]]))
  await expect(page.getByTestId('import-confirm')).toBeFocused()
  await expect(page.getByTestId('import-errors')).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('import-done')).toHaveText(tr('zh', 'res-product:style.result.leadtime').replace('{{count}}', '2'))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  expect(await ltOf(page, incomplete[0].styleNo)).toBe(301)
  expect(await ltOf(page, incomplete[1].styleNo)).toBe(302)

  // The list shows it: '/' in the grid searches the style number.
  await r.tabTo('resource-style-grid')
  await page.keyboard.press('/')
  await page.keyboard.type(incomplete[1].styleNo)
  await page.keyboard.press('Enter')
  await expect(r.rows('style')).toHaveCount(1)
  await expect(r.rows('style').first()).toContainText('302')
})
