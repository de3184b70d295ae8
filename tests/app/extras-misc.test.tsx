// @vitest-environment happy-dom
// @vitest-environment-options {"happyDOM":{"settings":{"disableIframePageLoading":true}}}
// The smaller extras: settings persistence and drawer, online help, version banner rules, error
// reporting without a DSN, error log, my-files menu, PDA QR, clear cache, download and print helpers.
import { describe, it, expect, beforeAll, afterEach, vi } from 'vitest'
import { act } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import { initI18n, i18next } from '../../src/app/i18n'
import { session } from '../../src/app/state/session'
import { ui, openPanel, closePanel, DEFAULT_SETTINGS } from '../../src/app/state/ui'
import { SettingsDrawer, ReleaseBanner, OnlineHelp, ErrorLogButton, MyFilesMenu, PdaQrDialog, initErrorReporting, reportError, clearCacheAndReload } from '../../src/app/shell/extras'
import { setTheme, sanitizeSettings, startSettingsPersistence, SETTINGS_STORAGE_KEY, contrast } from '../../src/app/shell/extras/settings-store'
import { clampHelpOffset, showsOnlineHelp, HELP_DEFAULT_OFFSET } from '../../src/app/shell/extras/online-help'
import { normalizeVersion, isNewVersion, isWmsDeployEvent, deployNeedsReload, versionSocketUrl, BUILD_VERSION } from '../../src/app/shell/extras/version'
import { isCancelled, reportingEnabled, sentryDsn } from '../../src/app/shell/extras/error-reporting'
import { frameDownload, saveResponse, downloadExcelBase64, FRAME_DOWNLOAD_TIMEOUT_MS } from '../../src/app/lib/download'
import { printableHtml, printExport } from '../../src/app/lib/print'
import { getCookie, setCookie, clearAllCookies, domainCandidates } from '../../src/app/lib/cookies'
import { ApiError } from '../../src/app/api/clients'
import { version as PACKAGE_VERSION } from '../../package.json'
import { flush, waitFor } from '../helpers/dom'
import { notices } from '../../src/app/shell/extras/notices-model'

let root: Root | null = null
async function render(el: React.ReactNode) {
  const host = document.createElement('div')
  document.body.appendChild(host)
  root = createRoot(host)
  await act(async () => { root!.render(el) })
}
const q = (sel: string) => document.querySelector(sel) as HTMLElement | null

beforeAll(async () => {
  initI18n('en')
  await i18next.changeLanguage('en')
})
afterEach(async () => {
  if (root) await act(async () => root!.unmount())
  root = null
  document.body.innerHTML = ''
  closePanel()
})

describe('settings', () => {
  it('theme picker ignores non-string values (and non-colours)', () => {
    ui.settings.theme = '#1890ff'
    for (const bad of [42, null, undefined, { c: '#fff' }, ['#fff'], 'red; x: y', '']) expect(setTheme(bad)).toBe(false)
    expect(ui.settings.theme).toBe('#1890ff')
    expect(setTheme('#13c2c2')).toBe(true)
    expect(ui.settings.theme).toBe('#13c2c2')
  })
  it('stored settings are sanitized; the size cookie wins; default size medium and theme #1890ff', () => {
    expect(sanitizeSettings(null)).toEqual(DEFAULT_SETTINGS)
    expect(DEFAULT_SETTINGS).toMatchObject({ theme: '#1890ff', size: 'medium' })
    expect(sanitizeSettings({ theme: 5, tagsView: 'no', fixedHeader: false, size: 'huge' })).toEqual({ ...DEFAULT_SETTINGS, fixedHeader: false })
    expect(sanitizeSettings({ size: 'large' }, 'small').size).toBe('small')
    expect(sanitizeSettings({ size: 'large' }, 'bogus').size).toBe('large')
  })
  it('persistence loads stored values, then saves changes to localStorage, the size cookie and --theme', async () => {
    localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify({ theme: '#304156', showReleaseAlert: false }))
    setCookie('size', 'large')
    const stop = startSettingsPersistence()
    try {
      expect(ui.settings).toMatchObject({ theme: '#304156', showReleaseAlert: false, size: 'large' })
      expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#304156')
      ui.settings.size = 'small'
      ui.settings.theme = '#f5222d'
      await flush(10)
      expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({ size: 'small', theme: '#f5222d' })
      expect(getCookie('size')).toBe('small')
      // The chosen red as chosen, and the shade the page paints with: white text on it reads at 4.5:1.
      expect(document.documentElement.style.getPropertyValue('--theme-chosen')).toBe('#f5222d')
      expect(document.documentElement.style.getPropertyValue('--theme')).toBe('#d81e28')
      expect(contrast('#d81e28', '#ffffff')).toBeGreaterThanOrEqual(4.5)
      expect(document.documentElement.dataset.size).toBe('small')
      expect(document.documentElement.style.fontSize).toBe('14px')
    } finally {
      stop()
      Object.assign(ui.settings, DEFAULT_SETTINGS)
      localStorage.clear()
    }
  })
  it('the drawer offers the 8 presets, the 4 toggles and 3 sizes; the job option only in zh', async () => {
    session.language = 'en'
    await render(<SettingsDrawer />)
    await act(async () => openPanel('settings'))
    const drawer = await waitFor(() => q('[data-testid="settings-drawer"]'), 'drawer')
    expect([...drawer.querySelectorAll<HTMLInputElement>('input[name="theme"]')].map((i) => i.value)).toEqual(['#409EFF', '#1890ff', '#304156', '#212121', '#11a983', '#13c2c2', '#6959CD', '#f5222d'])
    expect(drawer.querySelectorAll('input[role="switch"]')).toHaveLength(4)
    expect(drawer.querySelectorAll('input[name="size"]')).toHaveLength(3)
    const fixed = [...drawer.querySelectorAll('label')].find((l) => l.textContent === 'Fixed header')!.querySelector('input')!
    await act(async () => { fixed.click() })
    expect(ui.settings.fixedHeader).toBe(false)
    await act(async () => { session.language = 'zh' })
    expect(q('[data-testid="settings-drawer"]')!.querySelectorAll('input[role="switch"]')).toHaveLength(5)
    ui.settings.fixedHeader = true
    session.language = 'en'
    localStorage.clear()
  })
})

describe('release banner', () => {
  it('a ReleaseNotice with content shows a dark closable banner that hides itself after 10 s, only with showReleaseAlert', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      notices.unread = [{ id: 7, noticeType: 1, noticeTitle: 'v5.11.4', noticeContent: 'Wave picking is faster.', closeTime: null }]
      ui.settings.showReleaseAlert = false
      await render(<ReleaseBanner />)
      expect(q('[data-testid="release-banner"]')).toBeNull()
      await act(async () => { ui.settings.showReleaseAlert = true })
      expect(q('[data-testid="release-banner"]')!.textContent).toContain('Wave picking is faster.')
      await act(async () => { vi.advanceTimersByTime(9_999) })
      expect(q('[data-testid="release-banner"]')).not.toBeNull()
      await act(async () => { vi.advanceTimersByTime(1) })
      expect(q('[data-testid="release-banner"]')).toBeNull()
      // A newer release notice shows again, and its close button hides it at once.
      await act(async () => { notices.unread = [{ id: 8, noticeType: 1, noticeContent: 'Hotfix', closeTime: null }] })
      const banner = q('[data-testid="release-banner"]')!
      await act(async () => { (banner.querySelector('button') as HTMLButtonElement).click() })
      expect(q('[data-testid="release-banner"]')).toBeNull()
    } finally {
      vi.useRealTimers()
      notices.unread = []
    }
  })
})

describe('online help', () => {
  it('only for warehouses 26 and 168', () => {
    expect([26, 168, 31, 201, 0].map(showsOnlineHelp)).toEqual([true, true, false, false, false])
  })
  it('dragging keeps at least 20 px right and 30 px bottom, and stays on screen', () => {
    const vp = { width: 1000, height: 800 }
    expect(clampHelpOffset({ right: 0, bottom: 0 }, vp)).toEqual({ right: 20, bottom: 30 })
    expect(clampHelpOffset({ right: 300, bottom: 200 }, vp)).toEqual({ right: 300, bottom: 200 })
    expect(clampHelpOffset({ right: 5000, bottom: 5000 }, vp)).toEqual({ right: 952, bottom: 752 })
  })
  it('renders 40 px from bottom and right in warehouse 168; Shift+arrows move it within the limits; hidden elsewhere', async () => {
    session.warehouseId = 168
    await render(<OnlineHelp />)
    const a = q('[data-testid="online-help"]')!
    expect(HELP_DEFAULT_OFFSET).toEqual({ right: 40, bottom: 40 })
    expect([a.style.right, a.style.bottom]).toEqual(['40px', '40px'])
    expect(a.getAttribute('target')).toBe('_blank')
    for (let i = 0; i < 5; i++) await act(async () => { a.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowDown', shiftKey: true, bubbles: true })) })
    expect(a.style.bottom).toBe('30px')
    await act(async () => { a.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', shiftKey: true, bubbles: true })) })
    expect(a.style.right).toBe('30px')
    await act(async () => { session.warehouseId = 31 })
    expect(q('[data-testid="online-help"]')).toBeNull()
  })
})

describe('version banner rules', () => {
  it('build version comes from package.json; 5.11.04 equals 5.11.4', () => {
    expect(BUILD_VERSION).toBe(PACKAGE_VERSION)
    expect(normalizeVersion('v5.11.04')).toBe('5.11.4')
    expect(isNewVersion('5.11.04', '5.11.4')).toBe(false)
    expect(isNewVersion('5.12.0', '5.11.4')).toBe(true)
    expect(isNewVersion(undefined, '5.11.4')).toBe(false)
    expect(isNewVersion('', '5.11.4')).toBe(false)
  })
  it('only an "updated" event naming the WMS pipeline counts', () => {
    expect(isWmsDeployEvent({ event: 'updated', name: '5.12.0', task: { pipelineName: 'WMS' } })).toBe(true)
    expect(isWmsDeployEvent(JSON.stringify({ event: 'updated', task: { pipelineName: 'WMS' } }))).toBe(true)
    expect(isWmsDeployEvent({ event: 'updated', task: { pipelineName: 'OMS' } })).toBe(false)
    expect(isWmsDeployEvent({ event: 'started', task: { pipelineName: 'WMS' } })).toBe(false)
    expect(isWmsDeployEvent('not json')).toBe(false)
    expect(isWmsDeployEvent({ event: 'updated' })).toBe(false)
  })
  it('a deploy naming this very build does not ask for a reload', () => {
    expect(deployNeedsReload({ event: 'updated', name: '5.12.0', task: { pipelineName: 'WMS' } }, '5.11.4')).toBe(true)
    expect(deployNeedsReload({ event: 'updated', name: '5.11.04', task: { pipelineName: 'WMS' } }, '5.11.4')).toBe(false)
    expect(deployNeedsReload({ event: 'updated', task: { pipelineName: 'WMS' } }, '5.11.4')).toBe(true)
    expect(deployNeedsReload({ event: 'updated', name: '5.12.0', task: { pipelineName: 'OMS' } }, '5.11.4')).toBe(false)
  })
  it('socket address follows the page protocol', () => {
    expect(versionSocketUrl({ protocol: 'https:', host: 'wms.example.com' }, '5.11.4')).toBe('wss://wms.example.com/ws/version?v=5.11.4')
    expect(versionSocketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(`ws://localhost:8080/ws/version?v=${PACKAGE_VERSION}`)
  })
})

describe('error reporting and the error log', () => {
  it('without a DSN nothing starts and nothing is sent; cancelled requests are never reported', () => {
    expect(sentryDsn()).toBeUndefined()
    expect(initErrorReporting()).toBe(false)
    expect(reportingEnabled()).toBe(false)
    expect(reportError(new Error('boom'))).toBe(false)
    expect(isCancelled(new DOMException('The user aborted a request.', 'AbortError'))).toBe(true)
    expect(isCancelled({ name: 'CanceledError' })).toBe(true)
    expect(isCancelled(new Error('boom'))).toBe(false)
    expect(isCancelled(new ApiError('Error', 500, '500'))).toBe(false)
  })
  it('uncaught errors land in the error log; the button shows only with entries and lists message, page and time', async () => {
    ui.errorLog = []
    initErrorReporting() // installs the uncaught-error listeners (once)
    await render(<ErrorLogButton />)
    expect(q('[data-testid="error-log-button"]')).toBeNull()
    await act(async () => { window.dispatchEvent(new ErrorEvent('error', { message: 'x is not a function', error: new TypeError('x is not a function') })) })
    expect(ui.errorLog.map((e) => e.message)).toEqual(['x is not a function'])
    await act(async () => { window.dispatchEvent(new ErrorEvent('error', { message: 'second failure', error: new Error('second failure') })) })
    expect(ui.errorLog.map((e) => e.message)).toEqual(['second failure', 'x is not a function'])
    const btn = await waitFor(() => q('[data-testid="error-log-button"]'), 'button')
    await act(async () => { btn.click() })
    const dlg = await waitFor(() => q('[data-testid="error-log-dialog"]'), 'dialog')
    const cells = [...dlg.querySelectorAll('tbody td')].map((td) => td.textContent)
    expect(cells[0]).toContain('second failure')
    expect(cells[3]).toContain('x is not a function')
    expect(cells[1]).toBe(location.href)
    expect(cells[2]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    await act(async () => { ui.errorLog = [] })
  })
})

describe('my files and PDA QR', () => {
  it('my-files menu opens with the keyboard-operable headlessui Menu and navigates to the three file screens', async () => {
    const { Router } = await import('wouter')
    await render(<Router><MyFilesMenu /></Router>)
    await act(async () => { q('[data-testid="my-files"]')!.click() })
    const items = await waitFor(() => { const x = [...document.querySelectorAll('[role="menuitem"]')]; return x.length === 3 && x }, 'menu items')
    expect(items.map((i) => i.textContent)).toEqual(['Exported files', 'SFS file imports', 'SQL exports'])
    await act(async () => { (items[2] as HTMLElement).click() })
    expect(location.pathname).toBe('/import-file/sql-export')
  })
  it('the PDA dialog shows a QR code of the download address', async () => {
    window.__WMS_CONFIG__ = { pdaDownloadUrl: 'https://wms.example.com/pda/app.apk' }
    await render(<PdaQrDialog />)
    await act(async () => openPanel('pdaQr'))
    const img = await waitFor(() => q('[data-testid="pda-qr"]') as HTMLImageElement | null, 'qr')
    const src = img.getAttribute('src')!
    expect(src.startsWith('data:image/svg+xml')).toBe(true)
    expect(decodeURIComponent(src)).toContain('<svg')
    expect(q('[data-testid="pda-qr-dialog"]')!.textContent).toContain('https://wms.example.com/pda/app.apk')
    delete window.__WMS_CONFIG__
  })
})

describe('clear cache and cookies', () => {
  it('wipes localStorage and cookies, then reloads', () => {
    localStorage.setItem('favoriteRoutes', '[]')
    setCookie('token', 'abc')
    setCookie('language', 'en')
    let reloaded = 0
    clearCacheAndReload(() => { reloaded++ })
    expect(localStorage.length).toBe(0)
    expect(getCookie('token')).toBeUndefined()
    expect(getCookie('language')).toBeUndefined()
    expect(reloaded).toBe(1)
  })
  it('parent-domain candidates for cookies set on the parent domain', () => {
    expect(domainCandidates('wms.stride.example.com')).toEqual(['wms.stride.example.com', 'stride.example.com', 'example.com'])
    expect(domainCandidates('localhost')).toEqual([])
    expect(domainCandidates('127.0.0.1')).toEqual([])
    clearAllCookies()
  })
})

describe('download helpers', () => {
  const saved: { name: string; href: string }[] = []
  const origClick = HTMLAnchorElement.prototype.click
  beforeAll(() => {
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) { saved.push({ name: this.download, href: this.href }) }
  })
  afterEach(() => { saved.length = 0 })

  it('frame download rejects "Download timed out" after the timeout (default 5000 ms) and removes its frame', async () => {
    expect(FRAME_DOWNLOAD_TIMEOUT_MS).toBe(5000)
    await expect(frameDownload('/api/files/1', 30)).rejects.toThrow('Download timed out')
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
  it('frame download resolves when the frame loads', async () => {
    const p = frameDownload('/api/files/1', 1000)
    document.querySelector('iframe')!.dispatchEvent(new Event('load'))
    await expect(p).resolves.toBeUndefined()
    expect(document.querySelectorAll('iframe')).toHaveLength(0)
  })
  it('export responses save under the content-disposition name, else YYYYMMDD', async () => {
    const name = await saveResponse(new Response('x', { status: 200, headers: { 'content-type': 'text/csv', 'content-disposition': "attachment; filename*=UTF-8''%E5%BA%93%E5%AD%98.csv" } }))
    expect(name).toBe('库存.csv')
    const fallback = await saveResponse(new Response('x', { status: 200, headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' } }))
    expect(fallback).toMatch(/^\d{8}\.xlsx$/)
    expect(saved.map((s) => s.name)).toEqual(['库存.csv', fallback])
    expect(saved[0].href.startsWith('blob:')).toBe(true)
  })
  it('an export answered with an envelope (no data) rejects with its message and saves nothing', async () => {
    const res = new Response(JSON.stringify({ responseCode: '400', responseDesc: 'No data to export' }), { status: 400, headers: { 'content-type': 'application/json' } })
    await expect(saveResponse(res)).rejects.toMatchObject({ name: 'ApiError', message: 'No data to export', status: 400 })
    expect(saved).toEqual([])
  })
  it('Excel from base64 is named year-month-day-hour-minute-second.xlsx', () => {
    const name = downloadExcelBase64(btoa('PK\x03\x04'))
    expect(name).toMatch(/^\d{4}-\d{2}-\d{2}-\d{2}-\d{2}-\d{2}\.xlsx$/)
    expect(saved[0].name).toBe(name)
  })
  it('restores anchor clicks', () => { HTMLAnchorElement.prototype.click = origClick })
})

describe('print helpers', () => {
  it('drops .no-print elements, sizes the export in mm, and a missing node warns and returns ""', () => {
    document.body.innerHTML = '<div id="label"><h1>SKU-1</h1><button class="no-print">Print</button><p>Qty 3</p></div>'
    const html = printableHtml('#label')
    expect(html).toContain('SKU-1')
    expect(html).toContain('Qty 3')
    expect(html).not.toContain('Print</button>')
    expect(document.querySelector('.no-print')).not.toBeNull() // the page itself is untouched
    const doc = printExport('#label', 100)
    expect(doc).toContain('size:100mm auto')
    expect(doc).toContain('width:100mm')
    const warnings: unknown[] = []
    const orig = console.warn
    console.warn = (...a: unknown[]) => { warnings.push(a) }
    try {
      expect(printExport('#missing', 100)).toBe('')
      expect(printableHtml(null)).toBe('')
    } finally { console.warn = orig }
    expect(warnings).toHaveLength(2)
  })
})
