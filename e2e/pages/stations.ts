// Shared helpers for the scan-station specs: typed scans, "go to document" from the palette, message
// templates filled like i18next does, and the few API calls a spec may make for its setup (reads, the
// 'scan too fast' interval turned off). The flows themselves stay keyboard only.
import { expect, type Locator, type Page } from '@playwright/test'
import { randomUUID } from 'node:crypto'
import type { Console } from './console'
import { scanned } from './keys'

/** The signed-in browser's credentials for page.request: its token cookie and the demo pair (tenant 1, warehouse 26). */
export async function apiHeaders(page: Page): Promise<Record<string, string>> {
  const token = (await page.context().cookies()).find((c) => c.name === 'token')!.value
  return { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26' }
}

/** GET an envelope and return its data (the request must succeed). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  const res = await page.request.get(url, { headers: await apiHeaders(page) })
  expect(res.ok(), url).toBe(true)
  return (await res.json()).data as T
}

/** Run a server command with a fresh idempotency key; returns its data (the command must succeed). */
export async function apiCommand<T = unknown>(page: Page, id: string, data: unknown): Promise<T> {
  const res = await page.request.post(`/api/commands/${id}`, { headers: { ...(await apiHeaders(page)), 'idempotency-key': randomUUID() }, data: data as object })
  expect(res.ok(), `${id}: ${await res.text()}`).toBe(true)
  return (await res.json()).data as T
}

/**
 * Typed scans follow each other faster than the demo's minimum scan interval: save the inbound
 * settings as they are with the interval at 0 (`overrides` change other settings for the run).
 */
export async function noScanInterval(page: Page, overrides: Record<string, unknown> = {}): Promise<void> {
  const s = await apiGet<Record<string, unknown>>(page, '/api/inbound/settings')
  await apiCommand(page, 'inbound.settings.save', {
    receivingLocationCode: s.receivingLocationCode ?? null, storageMode: s.storageMode ?? 'normal', coStorage: s.coStorage, forbidXbMix: s.forbidXbMix, minScanIntervalMs: 0,
    inboundTimeoutHours: s.inboundTimeoutHours, unloadingTimeoutHours: s.unloadingTimeoutHours, shelvingTimeoutHours: s.shelvingTimeoutHours,
    ...overrides,
  })
}

/** A locale template with its {{params}} filled in. */
export const fill = (text: string, params: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k]))

/**
 * The visible station's element by test id: stations opened earlier stay mounted in their (hidden)
 * tabs, so the same test id can be in the page more than once.
 */
export const onStation = (page: Page, testId: string) => page.getByTestId(testId).filter({ visible: true })

/** A typed scan: the station's scan field has the focus; type the code and Enter, as a scanner does. */
export async function scan(page: Page, code: string): Promise<void> {
  await expect(onStation(page, 'scan-input')).toBeFocused()
  await page.keyboard.type(code)
  await page.keyboard.press('Enter')
  scanned(page, code)
}

/** Palette "go to document": '#' + the number, Enter on the hit of that document type. */
export async function goToDocument(c: Console, type: string, no: string): Promise<void> {
  await c.openPalette()
  await c.page.keyboard.type(`#${no}`)
  await expect(c.page.locator(`[data-testid^="palette-doc-${type}-"]`).first()).toBeVisible()
  await c.page.keyboard.press('Enter')
}

/**
 * Tab until `target` has the focus — a form walked field by field, as an operator does: Shift+Tab when
 * the target comes before the focused element in the page, Tab otherwise.
 */
export async function tabTo(page: Page, target: Locator, max = 30): Promise<void> {
  const back = await target.evaluate((el) => {
    const at = document.activeElement
    return !!at && at !== document.body && (el.compareDocumentPosition(at) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
  })
  for (let i = 0; i < max && !(await target.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(back ? 'Shift+Tab' : 'Tab')
  await expect(target).toBeFocused()
}

/** Type each value into the focused field and Tab to the next one (no Tab after the last). */
export async function typeFields(page: Page, ...values: string[]): Promise<void> {
  for (const [i, v] of values.entries()) {
    if (i > 0) await page.keyboard.press('Tab')
    await page.keyboard.type(v)
  }
}
