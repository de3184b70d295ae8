// Issue 4's inbound side screens, keyboard and typed input only (as admin): the inbound settings
// (timeouts and the minimum scan interval kept after a reload, a bad value refused naming the field),
// vehicle release (strips registered with Alt+N and from the palette, refusals on their fields, one
// arrived long ago flagged past the unloading timeout, released from the palette after its
// confirmation, one refused while its order is New), the timeout
// report (Alt+1/2/3 kinds, Alt+A all open documents; its own order issued now in time and vehicle
// arrived long ago flagged with its overdue hours), the returns and quick inbound forms (refusals name
// the screen's labels, a line's by its line), inbound measure (bad values refused naming the field, a box
// measured with a photo) and label printing from the order's details page (palette pickers without the
// order number, start above end refused with the spec's message, a range and an empty one — all boxes —
// download the PDF). Setup over the API: the orders (and vehicle) the checks need, and the demo orders'
// numbers; the settings are put back as they were at the end.
import { readFileSync } from 'node:fs'
import { test, expect, type Locator, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import { Console, tr } from './pages/console'
import { apiCommand as cmd, apiGet as get, fill, goToDocument, tabTo, typeFields } from './pages/stations'
import { statusListText } from '../src/domain/i18n'

type Settings = Record<string, unknown>

/** The demo order with this source number (seeded: DEMO-PO-01 New, -06 Finish). */
async function demoOrder(page: Page, source: string) {
  const list = await get<{ records: { orderNo: string; status: number }[] }>(page, `/api/inbound/orders?sourceNo=${source}`)
  expect(list.records, source).toHaveLength(1)
  return list.records[0]!
}

/** The palette asks (`question`: its prompt's title key): type the answer, Enter once it offers to submit it. */
async function answerText(page: Page, question: string, text: string) {
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', tr('zh', question))
  await page.keyboard.type(text)
  await expect(page.getByTestId('palette-prompt-submit')).toBeVisible()
  await page.keyboard.press('Enter')
}

/** An optional palette question (`question`: its title key) answered with nothing: Enter on 'continue without a value'. */
async function answerEmpty(page: Page, question: string) {
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', tr('zh', question))
  await expect(page.getByTestId('palette-input')).toHaveValue('')
  await expect(page.getByTestId('palette-prompt-submit')).toHaveText(tr('zh', 'palette:prompt.submitEmpty'))
  await page.keyboard.press('Enter')
}

/** A palette picker (`question`: its title key): type the option's label, Enter on the (only) match. */
async function pick(page: Page, question: string, label: string) {
  await expect(page.getByTestId('palette-input')).toBeFocused()
  await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', tr('zh', question))
  await page.keyboard.type(label)
  await expect(page.locator('[data-testid^="palette-option-"]')).toHaveCount(1)
  await page.keyboard.press('Enter')
}

const fieldInput = (form: Locator, name: string) => form.locator(`[data-field="${name}"] input`)

test('inbound settings, vehicle release and the timeout report by keyboard', async ({ page }) => {
  test.setTimeout(90_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const original = await get<Settings>(page, '/api/inbound/settings')
  try {
    // ---- 1. settings: a bad value refused naming the field, then timeouts and interval saved ----
    await c.runFromPalette(tr('zh', 'menu:title.inbound-setting'), 'nav.inbound-setting')
    const form = page.getByTestId('inbound-settings')
    await expect(form).toBeVisible()
    const setNumber = async (name: string, value: string) => {
      await tabTo(page, fieldInput(form, name))
      await page.keyboard.press('ControlOrMeta+a')
      await page.keyboard.type(value)
    }
    await setNumber('minScanIntervalMs', '-5')
    await setNumber('unloadingTimeoutHours', '0')
    await page.keyboard.press('Enter')
    const label = (k: string) => tr('zh', `inbound:settings.fields.${k}`)
    await expect(form.getByTestId('error-minScanIntervalMs')).toHaveText(fill(tr('zh', 'errors:field.tooSmall'), { field: label('minScanIntervalMs'), min: 0 }))
    await expect(form.getByTestId('error-unloadingTimeoutHours')).toHaveText(fill(tr('zh', 'errors:field.tooSmall'), { field: label('unloadingTimeoutHours'), min: 1 }))
    expect(await get<Settings>(page, '/api/inbound/settings')).toEqual(original)

    await setNumber('minScanIntervalMs', '120')
    await setNumber('inboundTimeoutHours', '72')
    await setNumber('unloadingTimeoutHours', '2')
    await setNumber('shelvingTimeoutHours', '30')
    await page.keyboard.press('Enter')
    await expect(page.getByText(tr('zh', 'inbound:settings.done.saved'))).toBeVisible()
    await expect(form.locator('[role="alert"]')).toHaveCount(0)
    await page.reload()
    await expect(form).toBeVisible()
    for (const [k, v] of [['minScanIntervalMs', '120'], ['inboundTimeoutHours', '72'], ['unloadingTimeoutHours', '2'], ['shelvingTimeoutHours', '30']]) {
      await expect(fieldInput(form, k!)).toHaveValue(v!)
    }
    expect(await get<Settings>(page, '/api/inbound/settings')).toMatchObject({ minScanIntervalMs: 120, inboundTimeoutHours: 72, unloadingTimeoutHours: 2, shelvingTimeoutHours: 30 })

    // ---- 2. vehicle release ----
    const finished = await demoOrder(page, 'DEMO-PO-06')
    expect(finished.status).toBe(4)
    const fresh = await demoOrder(page, 'DEMO-PO-01')
    expect(fresh.status).toBe(0)
    await c.runFromPalette(tr('zh', 'menu:title.release-strip'), 'nav.release-strip')
    await expect(page.getByTestId('release-page')).toBeVisible()
    await page.keyboard.press('Alt+n')
    const strip = page.getByTestId('release-form')
    await expect(page.getByTestId('release-plateNo')).toBeFocused()
    await typeFields(page, '粤B-E2E01', 'Li Wei', 'call me', 'RK0000000000')
    await page.keyboard.press('Enter')
    const rl = (k: string) => tr('zh', `inbound:release.fields.${k}`)
    await expect(strip.getByTestId('error-driverPhone')).toHaveText(fill(tr('zh', 'errors:field.invalidFormat'), { field: rl('driverPhone') }))
    await tabTo(page, page.getByTestId('release-driverPhone'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('+86 138 0000 0001')
    await page.keyboard.press('Enter')
    await expect(strip.getByTestId('error-orderNos')).toHaveText(fill(tr('zh', 'inbound:release.errors.unknownOrders'), { orderNos: 'RK0000000000' }))
    await tabTo(page, page.getByTestId('release-orderNos'))
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(finished.orderNo)
    // Arrived long ago: ↓ on the arrival time's first part (a date part — year, month or day by locale).
    const arrival = page.getByTestId('release-arrivedAt')
    await tabTo(page, arrival)
    const before = Date.parse(await arrival.inputValue())
    await page.keyboard.press('ArrowDown')
    await expect.poll(async () => before - Date.parse(await arrival.inputValue())).toBeGreaterThanOrEqual(24 * 3_600_000)
    await page.keyboard.press('Enter')
    await expect(strip).toBeHidden()
    const list = page.getByTestId('release-list')
    const old = list.locator('tr[data-strip]').filter({ hasText: finished.orderNo }).filter({ hasText: '粤B-E2E01' })
    await expect(old).toHaveCount(1)
    const oldNo = (await old.getAttribute('data-strip'))!
    expect(oldNo).toMatch(/^FX\d+$/)
    await expect(old).toHaveAttribute('data-timed-out', 'true')
    await expect(old).toContainText(tr('zh', 'inbound:release.timedOut'))
    await expect(old).toContainText(tr('zh', 'inbound:release.status.0'))

    // A second vehicle, arrived now, for an order that is still New: not timed out, not releasable.
    // This time from the palette's 'register vehicle' (the page is open already).
    await c.runFromPalette(tr('zh', 'commands:inbound.release.add'), 'inbound.release.add')
    await expect(page.getByTestId('release-plateNo')).toBeFocused()
    await typeFields(page, '粤B-E2E02', 'Zhang San', '13800000002', fresh.orderNo)
    await page.keyboard.press('Enter')
    await expect(strip).toBeHidden()
    const now = list.locator('tr[data-strip]').filter({ hasText: '粤B-E2E02' })
    await expect(now).toHaveCount(1)
    const nowNo = (await now.getAttribute('data-strip'))!
    await expect(now).toHaveAttribute('data-timed-out', 'false')

    // ---- 3. the timeout report: Alt+2 unloading, Alt+A all open ones, Alt+1 inbound, Alt+3 shelving ----
    // Its own subjects over the API (a suite run shares the server: another spec may receive or finish
    // the demo orders): an order issued now, and a vehicle for it that arrived 5 h 10 min ago — past the
    // 2 h unloading timeout by 3 whole hours. (An order's inbound clock is its issue, stamped by the
    // server: an overdue inbound order cannot be made over the API; tests/api/timeouts.test.ts covers it.)
    const mine = await newOrder(page, 1)
    await cmd(page, 'inbound.order.submit', { ids: [mine.id] })
    await cmd(page, 'inbound.order.issue', { ids: [mine.id] })
    const late = await cmd<{ stripNo: string }>(page, 'inbound.release.add', {
      plateNo: '粤B-E2E03', driverName: 'Wang Wu', driverPhone: '13800000003', orderNos: [mine.orderNo], boxCount: 1,
      arrivedAt: new Date(Date.now() - (5 * 60 + 10) * 60_000).toISOString(),
    })
    await c.runFromPalette(tr('zh', 'menu:title.timeout-task'), 'nav.timeout-task')
    const report = page.getByTestId('timeouts-list')
    await expect(page.getByTestId('timeouts-page')).toBeVisible()
    await page.keyboard.press('Alt+2')
    await expect(page.getByTestId('timeouts-unloading')).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('timeouts-page')).toContainText(fill(tr('zh', 'inbound:timeouts.threshold'), { hours: 2 }))
    const row = (no: string) => report.locator(`tr[data-number="${no}"]`)
    await expect(row(oldNo)).toHaveAttribute('data-timed-out', 'true')
    await expect(row(oldNo)).toContainText(tr('zh', 'inbound:timeouts.flag'))
    await expect(row(late.stripNo)).toHaveAttribute('data-timed-out', 'true')
    await expect(row(late.stripNo).locator('td')).toHaveText([late.stripNo, tr('zh', 'inbound:release.status.0'), /\S/, new RegExp(mine.orderNo), tr('zh', 'inbound:timeouts.flag'), '3'])
    await expect(row(nowNo)).toHaveCount(0)
    await page.keyboard.press('Alt+a')
    await expect(row(nowNo)).toHaveAttribute('data-timed-out', 'false')
    await expect(row(nowNo)).toContainText(tr('zh', 'inbound:timeouts.ok'))
    await expect(row(oldNo)).toHaveAttribute('data-timed-out', 'true')

    await page.keyboard.press('Alt+1')
    await expect(page.getByTestId('timeouts-page')).toContainText(fill(tr('zh', 'inbound:timeouts.threshold'), { hours: 72 }))
    // The order issued now: open, in time (listed with Alt+A's all open ones, gone with only-timed-out).
    await expect(row(mine.orderNo)).toHaveAttribute('data-timed-out', 'false')
    await expect(row(mine.orderNo)).toContainText(tr('zh', 'inbound:timeouts.ok'))
    await page.keyboard.press('Alt+a')
    await expect(row(mine.orderNo)).toHaveCount(0)
    await page.keyboard.press('Alt+3')
    await expect(page.getByTestId('timeouts-page')).toContainText(fill(tr('zh', 'inbound:timeouts.threshold'), { hours: 30 }))

    // ---- back to the release list: the New order's vehicle refused, the old one released ----
    await c.runFromPalette(tr('zh', 'menu:title.release-strip'), 'nav.release-strip')
    await c.runFromPalette(tr('zh', 'commands:inbound.release.release'), 'inbound.release.release')
    await expect(page.getByTestId('command-confirm')).toContainText(tr('zh', 'inbound:release.releaseConfirm'))
    await page.keyboard.press('Enter')
    await answerText(page, 'inbound:release.fields.stripNo', nowNo)
    // Issue 19 §2: the blocking order's status (New) and the statuses a release waits for.
    const zhList = (codes: number[]) => statusListText(codes.map((s) => `dict:inboundStatus.${s}`), 'zh', (k) => tr('zh', k))
    await expect(page.getByText(fill(tr('zh', 'inbound:release.errors.ordersNotReceiving'), { orderNos: fresh.orderNo })
      .replace('{{current, statuses}}', zhList([0])).replace('{{allowed, statuses}}', zhList([3, 4])))).toBeVisible()
    await expect(now).toContainText(tr('zh', 'inbound:release.status.0'))
    await c.runFromPalette(tr('zh', 'commands:inbound.release.release'), 'inbound.release.release')
    await page.keyboard.press('Enter')
    await answerText(page, 'inbound:release.fields.stripNo', oldNo)
    await expect(old).toContainText(tr('zh', 'inbound:release.status.1'))
    await expect(old).toHaveAttribute('data-timed-out', 'false')
    // Released, it is no longer an open unloading task: the report (back on its tab) drops it.
    await c.runFromPalette(tr('zh', 'menu:title.timeout-task'), 'nav.timeout-task')
    await page.keyboard.press('Alt+2')
    await expect(page.getByTestId('timeouts-unloading')).toHaveAttribute('aria-selected', 'true')
    await expect(row(oldNo)).toHaveCount(0)
    await page.keyboard.press('Alt+a')
    await expect(row(nowNo)).toHaveAttribute('data-timed-out', 'false')
    await expect(row(oldNo)).toHaveCount(0)
  } finally {
    await cmd(page, 'inbound.settings.save', {
      receivingLocationCode: original.receivingLocationCode ?? null, storageMode: original.storageMode, coStorage: original.coStorage, forbidXbMix: original.forbidXbMix,
      minScanIntervalMs: original.minScanIntervalMs, inboundTimeoutHours: original.inboundTimeoutHours, unloadingTimeoutHours: original.unloadingTimeoutHours, shelvingTimeoutHours: original.shelvingTimeoutHours,
    })
  }
})

/** A New purchase order of `boxes` boxes over the first SKU (nothing is received: no stock moves). */
async function newOrder(page: Page, boxes: number) {
  const [sku] = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=1')).records.map((r) => r.skuCode)
  const order = await cmd<{ id: number; orderNo: string }>(page, 'inbound.order.create', { inboundType: 1, boxCount: boxes, lines: [{ code: sku, qty: 2 }] })
  return { ...order, sku: sku! }
}

test("returns and quick inbound forms by keyboard: refusals name the screen's labels, a line's by its line", async ({ page }) => {
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const [sku] = (await get<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=1')).records.map((r) => r.skuCode)
  const tooSmall = (field: string, min: number) => fill(tr('zh', 'errors:field.tooSmall'), { field, min })
  const onLine = (line: number, message: string) => fill(tr('zh', 'inbound:errors.line'), { line, message })

  // A new return order: 0 boxes and a second line of quantity 0 — each named by the form's label.
  await c.runFromPalette(tr('zh', 'commands:inbound.return.add'), 'inbound.return.add')
  const ret = page.getByTestId('return-form')
  await expect(page.getByTestId('return-source')).toBeFocused()
  await page.keyboard.type('SO-E2E-LABELS')
  await tabTo(page, page.getByTestId('return-boxes'))
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('0')
  await page.keyboard.press('Tab')
  await expect(page.getByTestId('return-lines')).toBeFocused()
  await page.keyboard.type(`${sku} 1`)
  await page.keyboard.press('Enter')
  await page.keyboard.type(`${sku} 0`)
  await page.keyboard.press('ControlOrMeta+Enter')
  const rl = (k: string) => tr('zh', `inbound:returns.fields.${k}`)
  await expect(ret.getByTestId('error-boxCount')).toHaveText(tooSmall(rl('boxCount'), 0))
  await expect(ret.getByTestId('error-lines')).toHaveText(onLine(2, tooSmall(rl('qty'), 0)))
  // Refused in the browser: nothing was created.
  expect((await get<{ records: unknown[] }>(page, '/api/inbound/returns?sourceNo=SO-E2E-LABELS')).records).toEqual([])

  // A new quick inbound task: a line of quantity 0.
  await c.runFromPalette(tr('zh', 'commands:inbound.quick.add'), 'inbound.quick.add')
  const quick = page.getByTestId('quick-form')
  await expect(page.getByTestId('quick-type')).toBeFocused()
  await tabTo(page, page.getByTestId('quick-lines'))
  await page.keyboard.type('X0000000001 0')
  await page.keyboard.press('ControlOrMeta+Enter')
  await expect(quick.getByTestId('error-lines')).toHaveText(onLine(1, tooSmall(tr('zh', 'inbound:quick.fields.qty'), 0)))
})

// A 1×1 PNG: the measure's photo.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64')

test('inbound measure by keyboard: bad values refused naming the field, a box measured with a photo', async ({ page }) => {
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const order = await newOrder(page, 2)

  await c.runFromPalette(tr('zh', 'menu:title.inbound-measure'), 'nav.inbound-measure')
  await expect(page.getByTestId('measure-order')).toBeFocused()
  await page.keyboard.type(order.orderNo.toLowerCase())
  await page.keyboard.press('Enter')
  const form = page.getByTestId('measure-form')
  await expect(form).toBeVisible()
  const list = page.getByTestId('measure-list')
  await expect(list).toContainText(tr('zh', 'inbound:measure.none'))
  await expect(form).toContainText(fill(tr('zh', 'inbound:measure.boxes'), { count: 2 }))

  // Zero, a word, a negative and five decimals: each refused under its field, by its label; nothing sent.
  const label = (k: string) => tr('zh', `inbound:measure.fields.${k}`)
  await tabTo(page, page.getByTestId('measure-length'))
  for (const v of ['0', 'abc', '-3', '1.23456']) {
    await page.keyboard.type(v)
    await page.keyboard.press('Tab')
  }
  await page.keyboard.press('Shift+Tab')
  await expect(page.getByTestId('measure-weight')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(form.getByTestId('error-length')).toHaveText(fill(tr('zh', 'errors:field.tooSmall'), { field: label('length'), min: 0 }))
  await expect(form.getByTestId('error-width')).toHaveText(fill(tr('zh', 'errors:field.invalidType'), { field: label('width') }))
  await expect(form.getByTestId('error-height')).toHaveText(fill(tr('zh', 'errors:field.tooSmall'), { field: label('height'), min: 0 }))
  await expect(form.getByTestId('error-weight')).toHaveText(fill(tr('zh', 'inbound:measure.errors.decimals'), { field: label('weight') }))
  expect((await get<{ measures: unknown[] }>(page, `/api/inbound/measures?orderNo=${order.orderNo}`)).measures).toEqual([])

  // Good values, box 3 of 2: the server refuses the box number; box 2 then saves with a photo.
  const retype = async (testIdOrField: Locator, v: string) => {
    await tabTo(page, testIdOrField)
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type(v)
  }
  const boxNo = form.locator('[data-field="boxNo"] input')
  await retype(boxNo, '3')
  await retype(page.getByTestId('measure-length'), '40.5')
  await retype(page.getByTestId('measure-width'), '30')
  await retype(page.getByTestId('measure-height'), '20.25')
  await retype(page.getByTestId('measure-weight'), '1.2345')
  await page.keyboard.press('Enter')
  await expect(form.getByTestId('error-boxNo')).toHaveText(fill(tr('zh', 'inbound:measure.errors.boxOutOfRange'), { boxNo: 3, total: 2 }))
  await expect(form.locator('[role="alert"]')).toHaveCount(1)
  await retype(boxNo, '2')
  // The photo: Tab onto the file input, hand it the picture (what the chooser would), wait for the preview.
  const photo = form.locator('[data-field="photo"] input[type="file"]')
  await tabTo(page, photo)
  await photo.setInputFiles({ name: 'box-2.png', mimeType: 'image/png', buffer: PNG })
  await expect(form.locator('[data-field="photo"] img')).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/)
  await tabTo(page, page.getByTestId('measure-save'))
  await page.keyboard.press('Enter')
  await expect(page.getByText(fill(tr('zh', 'inbound:measure.done.saved'), { orderNo: order.orderNo }))).toBeVisible()
  await expect(form.locator('[role="alert"]')).toHaveCount(0)
  const row = list.locator('tbody tr')
  await expect(row).toHaveCount(1)
  await expect(row.locator('td')).toHaveText(['2', '', '40.5', '30', '20.25', '1.2345', ''])
  await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/files\/[0-9a-f-]{36}$/)
  const saved = (await get<{ measures: Record<string, unknown>[] }>(page, `/api/inbound/measures?orderNo=${order.orderNo}`)).measures
  expect(saved).toEqual([expect.objectContaining({ boxNo: 2, skuCode: null, length: 40.5, width: 30, height: 20.25, weight: 1.2345, photo: expect.stringMatching(/^\/api\/files\//) })])
})

test('labels by keyboard: box labels on A4 (2 per page), start above end refused, a range or none (all boxes) downloads the PDF', async ({ page }) => {
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const order = await newOrder(page, 3)
  await goToDocument(c, 'inboundOrder', order.orderNo)
  // Loaded: the page has published its order to the palette.
  await expect(page.getByTestId('inbound-order-details')).toHaveAttribute('data-document-id', String(order.id))

  /**
   * Palette: print labels → box labels → A4, 2 per page → QR code → the range (empty: all boxes). No
   * order-number question: the order is the document open on the details page.
   */
  const print = async (range: string) => {
    await c.runFromPalette(tr('zh', 'commands:inbound.labels.print'), 'inbound.labels.print')
    await pick(page, 'inbound:labels.prompt.kind', tr('zh', 'inbound:labels.kind.box'))
    await pick(page, 'inbound:labels.prompt.paper', tr('zh', 'inbound:labels.paper.A4_2'))
    await pick(page, 'inbound:labels.prompt.code', tr('zh', 'inbound:labels.code.qrcode'))
    if (range) await answerText(page, 'inbound:labels.prompt.range', range)
    else await answerEmpty(page, 'inbound:labels.prompt.range')
  }
  // Start above end, then end above the three boxes: the spec's message, no file.
  let downloads = 0
  page.on('download', () => { downloads++ })
  await print('3-2')
  await expect(page.getByText(fill(tr('zh', 'inbound:labels.errors.range'), { start: 3, end: 2, total: 3 }))).toBeVisible()
  await print('2-4')
  await expect(page.getByText(fill(tr('zh', 'inbound:labels.errors.range'), { start: 2, end: 4, total: 3 }))).toBeVisible()
  expect(downloads).toBe(0)

  const name = `${order.orderNo}-box-A4_2.pdf`
  /** Prints `range`, returns the downloaded PDF (named after the order, kind and paper; A4 pages). */
  const printed = async (range: string) => {
    const download = page.waitForEvent('download')
    await print(range)
    const file = await download
    expect(file.suggestedFilename()).toBe(name)
    const bytes = readFileSync((await file.path())!)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    for (const p of pdf.getPages()) expect(p.getSize()).toEqual({ width: 595.28, height: 841.89 })
    await expect(page.getByText(fill(tr('zh', 'inbound:labels.saved'), { name })).last()).toBeVisible()
    return pdf
  }
  // Boxes 2-3: two labels, one A4 page.
  expect((await printed('2-3')).getPageCount()).toBe(1)
  // Empty range (the question is optional): all three boxes, two per A4 page: two A4 pages.
  expect((await printed('')).getPageCount()).toBe(2)
})
