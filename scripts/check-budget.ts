// The JavaScript budget (issue 11): ≤ 250 KB brotli-compressed JavaScript for the sign-in screen and
// ≤ 400 KB up to the first usable screen after sign-in. Measured, not estimated: the built app (dist/,
// run `vite build` first) is served by the real server (tsx src/server/main.ts, fresh PGlite data dir),
// headless Chromium (e2e/browser.ts) loads the sign-in page, then signs in as admin and waits for the
// home screen. Every JavaScript response the browser received is recorded (runtime-config.js too), and
// each one's size on the wire is asked again of the same server with `Accept-Encoding: br` (and gzip,
// and identity): the `content-length` it answers. Figures are KB = 1000 bytes. Exit 1 when over budget.
//
// Run: npx vite build && npx tsx scripts/check-budget.ts   (part of `npm test`, after the e2e build)
// Knobs: BUDGET_SIGNIN_KB (250), BUDGET_HOME_KB (400), BUDGET_PORTS (8290-8299), BUDGET_JSON=<file>
// writes the figures as JSON.
import { request } from 'node:http'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Response } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/browser'
import { portsFrom, startServer } from '../bench/lib/server'

const num = (v: string | undefined, d: number) => (v && /^\d+(\.\d+)?$/.test(v) ? Number(v) : d)
const SIGNIN_KB = num(process.env.BUDGET_SIGNIN_KB, 250)
const HOME_KB = num(process.env.BUDGET_HOME_KB, 400)
const PORTS = portsFrom(process.env.BUDGET_PORTS, [8290, 8291, 8292, 8293, 8294, 8295, 8296, 8297, 8298, 8299])
const STATIC_DIR = resolve(process.env.STATIC_DIR ?? 'dist')

/** Bytes the server sends for `url` when the client accepts `encoding`: content-length, else the body counted. */
function wireSize(url: string, encoding: string): Promise<{ bytes: number; encoding: string }> {
  return new Promise((ok, fail) => {
    const req = request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      let counted = 0
      res.on('data', (d: Buffer) => { counted += d.length })
      res.on('end', () => {
        if (res.statusCode !== 200) return fail(new Error(`${url}: HTTP ${res.statusCode}`))
        const length = Number(res.headers['content-length'])
        ok({ bytes: Number.isFinite(length) && length > 0 ? length : counted, encoding: String(res.headers['content-encoding'] ?? 'identity') })
      })
    })
    req.on('error', fail)
    req.end()
  })
}

const isScript = (r: Response) => r.request().resourceType() === 'script' || /javascript/.test(r.headers()['content-type'] ?? '')
const kb = (b: number) => (b / 1000).toFixed(1)

async function main() {
  if (!existsSync(join(STATIC_DIR, 'index.html'))) throw new Error(`no built client in ${STATIC_DIR}: run \`npx vite build\` first`)
  const dataDir = mkdtempSync(join(tmpdir(), 'wms-budget-'))
  const server = await startServer({ DATA_DIR: dataDir, STATIC_DIR }, PORTS)
  const browser = await chromium.launch({ ...chromiumLaunchOptions(), headless: true })
  try {
    const page = await browser.newPage({ locale: 'zh-CN' })
    const seen: string[] = []
    let phase: 'signin' | 'home' = 'signin'
    const phaseOf = new Map<string, 'signin' | 'home'>()
    const browserEncoding = new Map<string, string>()
    page.on('response', (r) => {
      if (!isScript(r) || phaseOf.has(r.url())) return
      phaseOf.set(r.url(), phase)
      seen.push(r.url())
      browserEncoding.set(r.url(), r.headers()['content-encoding'] ?? 'identity')
    })
    await page.goto(`${server.base}/`, { waitUntil: 'networkidle' })
    await page.getByTestId('signin-form').waitFor({ state: 'visible' })
    await page.waitForLoadState('networkidle')
    phase = 'home'
    await page.keyboard.type('admin')
    await page.keyboard.press('Tab')
    await page.keyboard.type('Demo#2026')
    await page.keyboard.press('Enter')
    await page.getByTestId('layout').waitFor({ state: 'visible', timeout: 30_000 })
    await page.waitForLoadState('networkidle')
    // The home screen's own content (its lazy chunk) has rendered once the page title shows.
    await page.getByTestId('page-title').first().waitFor({ state: 'visible', timeout: 30_000 }).catch(() => {})
    await page.waitForLoadState('networkidle')

    type Wire = { bytes: number; encoding: string }
    const rows: { url: string; phase: 'signin' | 'home'; br: Wire; gzip: Wire; raw: number; browser: string }[] = []
    for (const url of seen) {
      const [br, gzip, raw] = await Promise.all([wireSize(url, 'br'), wireSize(url, 'gzip'), wireSize(url, 'identity')])
      rows.push({ url: new URL(url).pathname, phase: phaseOf.get(url)!, br, gzip, raw: raw.bytes, browser: browserEncoding.get(url)! })
    }
    const sum = (ph: 'signin' | 'home' | 'all', k: 'br' | 'gzip' | 'raw') =>
      rows.filter((r) => ph === 'all' || r.phase === ph).reduce((s, r) => s + (k === 'raw' ? r.raw : r[k].bytes), 0)
    console.log('JavaScript loaded by the browser (KB = 1000 bytes; br/gzip = content-length the server sends when that encoding is accepted)')
    console.log(`${'phase'.padEnd(7)} ${'br'.padStart(8)} ${'gzip'.padStart(8)} ${'raw'.padStart(8)}  browser-got  path`)
    for (const r of rows) {
      console.log(`${r.phase.padEnd(7)} ${kb(r.br.bytes).padStart(8)} ${kb(r.gzip.bytes).padStart(8)} ${kb(r.raw).padStart(8)}  ${r.browser.padEnd(11)}  ${r.url}${r.br.encoding === 'br' ? '' : '  (not compressed)'}`)
    }
    const signin = { br: sum('signin', 'br'), gzip: sum('signin', 'gzip'), raw: sum('signin', 'raw'), files: rows.filter((r) => r.phase === 'signin').length }
    const home = { br: sum('all', 'br'), gzip: sum('all', 'gzip'), raw: sum('all', 'raw'), files: rows.length }
    console.log(`\nsign-in screen:             ${kb(signin.br)} KB br (budget ${SIGNIN_KB}) · ${kb(signin.gzip)} KB gzip · ${kb(signin.raw)} KB raw · ${signin.files} files`)
    console.log(`through the first screen:   ${kb(home.br)} KB br (budget ${HOME_KB}) · ${kb(home.gzip)} KB gzip · ${kb(home.raw)} KB raw · ${home.files} files`)
    if (process.env.BUDGET_JSON) writeFileSync(process.env.BUDGET_JSON, JSON.stringify({ signin, home, rows }, null, 2))
    const over = [
      signin.br > SIGNIN_KB * 1000 && `sign-in screen ${kb(signin.br)} KB > ${SIGNIN_KB} KB`,
      home.br > HOME_KB * 1000 && `first screen after sign-in ${kb(home.br)} KB > ${HOME_KB} KB`,
    ].filter(Boolean)
    if (over.length) {
      console.error(`\n✖ over the JavaScript budget: ${over.join('; ')}`)
      process.exitCode = 1
    } else {
      console.log('\n✓ within the JavaScript budget')
    }
  } finally {
    await browser.close()
    await server.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
