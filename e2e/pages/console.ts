// Page object for the console, keyboard only: every action here is typed keys, never a click.
// Labels come from the locale files, so the tests follow the translations rather than copies of them.
import { expect, type Page } from '@playwright/test'
import { readFileSync, readdirSync } from 'node:fs'
import { join, dirname } from 'node:path'
import { fileURLToPath } from 'node:url'

type Tree = { [k: string]: string | Tree }
const LOCALES = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'locales')
const cache: Record<string, Record<string, Tree>> = {}

/**
 * Translation of `ns:dotted.key` in a language, straight from locales/. A count message (i18next plural
 * forms key_one / key_other …) gives the form of `count` in that language, else its `_other` form.
 */
export function tr(lang: 'zh' | 'en' | 'es-MX', key: string, count?: number): string {
  const [ns, path] = key.split(/:(.*)/s, 2)
  cache[lang] ??= Object.fromEntries(readdirSync(join(LOCALES, lang)).filter((f) => f.endsWith('.json'))
    .map((f) => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(LOCALES, lang, f), 'utf8'))]))
  const at = (p: string) => {
    let node: string | Tree | undefined = cache[lang][ns]
    for (const part of p.split('.')) node = typeof node === 'object' ? node[part] : undefined
    return typeof node === 'string' ? node : undefined
  }
  const form = count === undefined ? undefined : at(`${path}_${new Intl.PluralRules(lang).select(count)}`)
  const text = form ?? at(path) ?? at(`${path}_other`)
  if (text === undefined) throw new Error(`no ${lang} text for ${key}`)
  return text
}

export const DEMO_PASSWORD = 'Demo#2026'

export class Console {
  constructor(readonly page: Page) {}

  async signIn(username: string, password = DEMO_PASSWORD) {
    const { page } = this
    await page.goto('/')
    await expect(page.getByTestId('signin-form')).toBeVisible()
    // The username box has focus on arrival: type, Tab to the password, Enter submits.
    await page.keyboard.type(username)
    await page.keyboard.press('Tab')
    await page.keyboard.type(password)
    await page.keyboard.press('Enter')
    await expect(page.getByTestId('layout')).toBeVisible({ timeout: 20_000 })
  }

  /** The system announcement cannot be closed by Escape (spec); its close button takes Enter. */
  async dismissAnnouncement() {
    const dialog = this.page.getByTestId('announcement-dialog')
    // The dialog shows once the notices have loaded (the bell says so): wait for that, not for a fixed time.
    await expect(this.page.locator('[data-testid="notice-bell"][data-loaded="true"]')).toHaveCount(1, { timeout: 15_000 })
    if (!(await dialog.isVisible().catch(() => false))) {
      await dialog.waitFor({ state: 'visible', timeout: 500 }).catch(() => {})
      if (!(await dialog.isVisible().catch(() => false))) return
    }
    await this.page.keyboard.press('Escape')
    await expect(dialog, 'Escape must not close the announcement').toBeVisible()
    for (let i = 0; i < 12; i++) {
      const closeFocused = await this.page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null
        return !!el && el.closest('[data-testid="announcement-dialog"]') !== null && el.getAttribute('data-testid') === 'announcement-dialog-close'
      })
      if (closeFocused) break
      await this.page.keyboard.press('Tab')
    }
    await this.page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
  }

  async openPalette() {
    await this.page.keyboard.press('ControlOrMeta+k')
    await expect(this.page.getByTestId('palette-input')).toBeFocused()
  }

  /** Opens the palette, types, and runs the highlighted (first) entry with Enter. */
  async runFromPalette(text: string, expectItem?: string) {
    await this.openPalette()
    await this.page.keyboard.type(text)
    if (expectItem) await expect(this.page.getByTestId(`palette-item-${expectItem}`)).toBeVisible()
    if (expectItem) {
      // Move down until the wanted entry is the selected one — arrows only.
      for (let i = 0; i < 30; i++) {
        const sel = await this.page.getByTestId(`palette-item-${expectItem}`).getAttribute('aria-selected')
        if (sel === 'true') break
        await this.page.keyboard.press('ArrowDown')
      }
      await expect(this.page.getByTestId(`palette-item-${expectItem}`)).toHaveAttribute('aria-selected', 'true')
    }
    await this.page.keyboard.press('Enter')
  }

  /** In a palette prompt (picker), type to filter and press Enter. */
  async choose(text: string) {
    await this.page.keyboard.type(text)
    await this.page.keyboard.press('Enter')
  }

  pageTitle() { return this.page.getByTestId('page-title') }
}
