// ToC sales outbound orders by keyboard and typed text only (issue 12): "New outbound order" from the
// palette — a save with the consignee missing refused on its fields, an unknown code refused on its
// line with the form kept, the line removed, Ctrl+Enter saves and opens the details — then validated
// from the palette on its details page; an Excel sheet of three orders with one bad row refused naming
// the row, fixed and imported; the three validated through the bulk status dialog; two with the same
// shipping method selected in the grid and merged with $mod+Shift+m, and a merge of the merged order
// with one of another shipping method refused with the reason; "go to document" by number lands on
// the order's details. Screenshots of both screens at 1440 and 1280 px go to test-results/.
import { readFileSync } from 'node:fs'
import { test, expect, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { Console, tr } from './pages/console'
import { apiGet as get, fill, goToDocument, tabTo } from './pages/stations'

interface Row { id: number; orderNo: string; status: number; shippingMethod: string | null }
const zh = (key: string) => tr('zh', key)
const F = (f: string) => zh(`outbound:order.fields.${f}`)

/** Orders of the list whose shipping method contains `method` (the list's own filter), newest first. */
async function ordersWith(page: Page, method: string): Promise<Row[]> {
  return (await get<{ records: Row[] }>(page, `/api/outbound/orders?size=50&shippingMethod=${encodeURIComponent(method)}`)).records
}

/** The downloaded template with `rows` under its own (translated) headers. */
async function sheet(template: Buffer, rows: (string | number)[][]): Promise<{ name: string; mimeType: string; buffer: Buffer }> {
  const wb = new ExcelJS.Workbook()
  await wb.xlsx.load(template as unknown as ArrayBuffer)
  const ws = wb.worksheets[0]!
  for (const r of rows) ws.addRow(r)
  return { name: 'outbound-orders.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: Buffer.from(await wb.xlsx.writeBuffer()) }
}

/**
 * Applies the grid's filters with Enter (the rows take the focus): `values` are typed into text
 * filters; `status` is the status filter's option value, reached with the arrows.
 */
async function filterGrid(page: Page, values: Record<string, string>, status?: string) {
  const select = page.locator('#outbound-order-f-status')
  await tabTo(page, select)
  for (let i = 0; i < 15 && (await select.inputValue()) !== (status ?? ''); i++) await page.keyboard.press(status ? 'ArrowDown' : 'ArrowUp')
  await expect(select).toHaveValue(status ?? '')
  for (const [param, text] of Object.entries(values)) {
    await tabTo(page, page.locator(`#outbound-order-f-${param}`))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(text)
  }
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('outbound-order-grid')).toBeFocused()
}

/** The list from the palette, then one of its dialogs through its command (`testId`: the dialog's). */
async function listDialog(c: Console, command: string, testId: string) {
  await c.runFromPalette(zh('menu:title.toc-sales-outbound'), 'nav.toc-sales-outbound')
  await expect(c.page.getByTestId('outbound-orders')).toBeVisible()
  await c.runFromPalette(zh(`commands:${command}`), command)
  const dialog = c.page.getByTestId(testId)
  await expect(dialog).toBeVisible()
  return dialog
}

async function shot(page: Page, name: string) {
  for (const width of [1440, 1280]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(600)
    // From the top of the screen (the focused grid scrolled its page down).
    await page.evaluate(() => { for (const el of document.querySelectorAll('*')) if (el.scrollTop > 0) el.scrollTop = 0 })
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
  }
}

test('sales outbound orders by keyboard: create, validate, import, bulk validate, merge, go to document', async ({ page }) => {
  test.setTimeout(180_000)
  await page.setViewportSize({ width: 1440, height: 900 })
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const skus = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=3')).records.map((r) => r.skuCode)
  expect(skus).toHaveLength(3)
  const run = String(Date.now()).slice(-7)
  const SEA = `SEA-${run}`
  const AIR = `AIR-${run}`

  // ---- 1. the form from the palette ----
  const form = await listDialog(c, 'outbound.order.create', 'outbound-order-form')
  const platform = form.locator('[data-field="platform"] select')
  await expect(platform).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(platform).toHaveValue('SHEIN')
  // Saved too early: every missing field says so, nothing is sent, the form stays.
  await page.keyboard.press('Control+Enter')
  const required = (f: string) => fill(zh('errors:field.required'), { field: F(f) })
  await expect(form.locator('[data-field="consigneeName"] [role="alert"]')).toHaveText(required('consigneeName'))
  await expect(form.locator('[data-field="address"] [role="alert"]')).toHaveText(required('address'))
  await expect(form.getByTestId('order-lines-error')).toHaveText(zh('outbound:order.errors.noLines'))
  const typeIn = async (field: string, text: string) => { await tabTo(page, form.locator(`[data-field="${field}"] input`)); await page.keyboard.type(text) }
  await typeIn('sourceNo', `FORM-${run}`)
  await typeIn('shippingMethod', 'EXPRESS')
  await typeIn('consigneeName', 'Lucía Hernández')
  await typeIn('country', 'MX')
  await typeIn('city', 'Guadalajara')
  await typeIn('address', 'Av. Vallarta 1234')
  await expect(form.locator('[data-field="consigneeName"] [role="alert"]')).toHaveCount(0)
  await tabTo(page, form.getByTestId('order-scan'))
  for (const code of [skus[0]!, skus[1]!, 'NO-SUCH-E2E-CODE']) {
    await page.keyboard.type(code)
    await page.keyboard.press('Enter')
  }
  const lines = form.getByTestId('order-form-lines').locator('tbody tr')
  await expect(lines).toHaveCount(3)
  await page.keyboard.press('Control+Enter')
  // The server's refusal stands on the line it names; the form keeps what was typed.
  await expect(form.getByTestId('line-error-3')).toHaveText(fill(zh('outbound:order.errors.codeUnknown'), { line: 3, code: 'NO-SUCH-E2E-CODE' }))
  await expect(form.locator('[data-field="consigneeName"] input')).toHaveValue('Lucía Hernández')
  await tabTo(page, form.getByRole('button', { name: fill(zh('outbound-ui:form.remove'), { line: 3 }) }))
  await page.keyboard.press('Enter')
  await expect(lines).toHaveCount(2)
  await page.keyboard.press('Control+Enter')

  const details = page.getByTestId('outbound-order-details')
  await expect(details).toBeVisible()
  const formNo = new URL(page.url()).searchParams.get('orderNo')!
  expect(formNo).toMatch(/^CK\d{10}$/)
  const status = page.getByTestId('order-status')
  await expect(status).toHaveText(zh('dict:outboundOrderStatus.0'))
  await expect(page.getByTestId('order-lines').locator('tbody tr')).toHaveCount(2)
  await expect(page.getByTestId('order-consigneeName')).toHaveText('Lucía Hernández')

  // ---- 2. validate it from the palette on its details page ----
  await c.runFromPalette(zh('commands:outbound.order.validate'), 'outbound.order.validate')
  await expect(status).toHaveText(zh('dict:outboundOrderStatus.1'))
  await expect(details.getByTestId('cmd-outbound.order.validate')).toHaveAttribute('aria-disabled', 'true')
  await expect(details.getByTestId('cmd-outbound.order.validate')).toHaveAttribute('title', fill(zh('outbound:order.errors.validateOnlyDraft'), { orderNo: formNo }))
  await expect(details.getByTestId('order-history').locator('tbody tr')).not.toHaveCount(0)
  await shot(page, 'outbound-order-details')
  await page.setViewportSize({ width: 1440, height: 900 })

  // ---- 3. import: three orders, one bad row refused naming its row; fixed and imported ----
  const dialog = await listDialog(c, 'outbound.order.import', 'outbound-order-import')
  const file = page.getByTestId('import-file')
  await expect(file).toBeFocused()
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('import-template')).toBeFocused()
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
  expect(download.suggestedFilename()).toBe('OUTBOUND_ORDER_TEMPLATE.xlsx')
  const template = readFileSync((await download.path())!)
  await page.keyboard.press('Tab')
  await expect(file).toBeFocused()
  // Columns: ref, platform, sourceNo, shop, shippingMethod, consigneeName, consigneePhone, address, country, state, city, postcode, remark, code, qty.
  const order = (ref: string, method: string, code: string, qty: number) => [ref, 'SHEIN', '', '', method, 'Ana López', '5550101', 'Av. Juárez 10', 'MX', 'CDMX', 'Ciudad de México', '06000', '', code, qty]
  const bad = [order('E2E-A', SEA, skus[0]!, 1), order('E2E-B', SEA, 'NO-SUCH-E2E-SKU', 2), order('E2E-C', AIR, skus[1]!, 1)]
  await file.setInputFiles(await sheet(template, bad))
  const errors = page.getByTestId('import-errors').locator('tbody tr')
  await expect(errors).toHaveCount(1)
  await expect(errors.first().locator('td').first()).toHaveText('3')
  await expect(errors.first()).toContainText('NO-SUCH-E2E-SKU')
  await expect(page.getByTestId('import-confirm')).toBeDisabled()
  expect(await ordersWith(page, run)).toHaveLength(0)
  await expect(file).toBeFocused()
  await file.setInputFiles(await sheet(template, [bad[0]!, order('E2E-B', SEA, skus[2]!, 2), bad[2]!]))
  await expect(page.getByTestId('import-confirm')).toBeFocused()
  await expect(page.getByTestId('import-errors')).toHaveCount(0)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('import-done')).toHaveText(fill(zh('outbound-ui:import.done'), { count: 3 }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const imported = await ordersWith(page, run)
  expect(imported.map((o) => o.status)).toEqual([0, 0, 0])

  // ---- 4. the three validated through the bulk status dialog (validate is its first action) ----
  await filterGrid(page, { shippingMethod: run })
  const rows = page.getByTestId('outbound-order-grid').locator('[role="row"][data-row-id]')
  await expect(rows).toHaveCount(3)
  await shot(page, 'outbound-orders')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.keyboard.press('ControlOrMeta+a')
  await expect(page.getByTestId('outbound-order-selected')).toBeVisible()
  await c.runFromPalette(zh('commands:outbound.order.status'), 'outbound.order.status')
  const bulk = page.getByTestId('outbound-order-status')
  await expect(bulk).toBeVisible()
  await expect(page.getByTestId('order-status-confirm')).toBeFocused()
  await expect(page.getByTestId('order-status-preview').locator('tbody tr[data-change="true"]')).toHaveCount(3)
  await page.keyboard.press('Enter')
  await expect(bulk).toBeHidden()
  await expect.poll(async () => (await ordersWith(page, run)).map((o) => o.status)).toEqual([1, 1, 1])

  // ---- 5. merge the two with the same shipping method: select them in the grid, $mod+Shift+m ----
  await filterGrid(page, { shippingMethod: SEA })
  await expect(rows).toHaveCount(2)
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('outbound-order-selected')).toContainText('2')
  await page.keyboard.press('ControlOrMeta+Shift+m')
  await expect(page.getByText(zh('outbound:order.confirm.merge'))).toBeVisible()
  await page.keyboard.press('Enter')
  await expect.poll(async () => (await ordersWith(page, SEA)).some((o) => o.orderNo.startsWith('HB'))).toBe(true)
  const merged = (await ordersWith(page, SEA)).find((o) => o.orderNo.startsWith('HB'))!
  await expect(page.getByTestId('toaster')).toContainText(fill(zh('outbound:order.done.merged'), { orderNo: merged.orderNo, count: 2 }))
  expect((await ordersWith(page, SEA)).filter((o) => !o.orderNo.startsWith('HB')).map((o) => o.status)).toEqual([10, 10])

  // ---- 6. the merged order with the air one: refused with the reason (shipping methods differ) ----
  await filterGrid(page, { shippingMethod: run }, '1')
  await expect(rows).toHaveCount(2)
  await page.keyboard.press('ControlOrMeta+a')
  await expect(page.getByTestId('outbound-order-selected')).toContainText('2')
  await page.keyboard.press('ControlOrMeta+Shift+m')
  await expect(page.getByText(zh('outbound:order.confirm.merge'))).toBeVisible()
  await page.keyboard.press('Enter')
  const air = (await ordersWith(page, AIR))[0]!
  // The server compares with the first order by id (the air one, imported before the merge made HB…).
  await expect(page.getByTestId('toaster')).toContainText(fill(zh('outbound:merge.errors.differs.shippingMethod'), { orderNo: merged.orderNo, firstNo: air.orderNo }))
  expect((await ordersWith(page, AIR))[0]!.status).toBe(1)

  // ---- 7. go to document: the air order by its number, from the palette ----
  await goToDocument(c, 'outboundOrder', air.orderNo)
  await expect(details).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText(zh('dict:outboundOrderStatus.1'))
  await expect(page.getByTestId('order-shippingMethod')).toHaveText(AIR)
  expect(new URL(page.url()).searchParams.get('orderNo')).toBe(air.orderNo)
})
