// Grid scrolling benchmark: the real DataGrid (src/app/grid) over 100k loaded rows in Chromium.
// Builds bench/grid-scroll/index.html with vite (production mode, the app's own vite config), serves it
// on loopback, loads it in Chromium (Playwright; the system Chromium as the e2e use, e2e/browser.ts),
// then scrolls the grid programmatically — one scrollTop step per animation frame — and records the
// requestAnimationFrame deltas. Two patterns: a steady scroll (BENCH_SPEED px/s) and page jumps
// (a whole new window of rows every frame, the worst case for the virtualizer).
// Prints p50/p95/p99/max frame time and frames over 1.5× the display interval. Reports only.
//
// Run: npm run bench:grid
// Knobs: BENCH_ROWS (100000), BENCH_SECONDS (10 per pattern), BENCH_SPEED (3000 px/s),
//        BENCH_TARGET_P95 (18 ms), BENCH_PORTS (8260-8269), BENCH_KEEP_BUILD=1 (skip the rebuild),
//        BENCH_PATTERNS ("steady,jump"), BENCH_TRACE=/tmp/x (a Chromium trace per pattern: /tmp/x-jump.json).
import { createServer, type Server } from 'node:http'
import { existsSync, readFileSync } from 'node:fs'
import { extname, join, normalize, resolve, sep } from 'node:path'
import { tmpdir, loadavg } from 'node:os'
import { build } from 'vite'
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../e2e/browser'
import { freePort, portsFrom, pct } from './lib/server'

const num = (v: string | undefined, d: number) => (v && /^\d+(\.\d+)?$/.test(v) ? Number(v) : d)
const ROWS = num(process.env.BENCH_ROWS, 100_000)
const SECONDS = num(process.env.BENCH_SECONDS, 10)
const SPEED = num(process.env.BENCH_SPEED, 3000)
const TARGET_P95 = num(process.env.BENCH_TARGET_P95, 18)
const PORTS = portsFrom(process.env.BENCH_PORTS, [8260, 8261, 8262, 8263, 8264, 8265, 8266, 8267, 8268, 8269])
const OUT = join(tmpdir(), 'wms-bench-grid-scroll')
/** BENCH_TRACE=/tmp/x: a Chromium trace of each pattern to /tmp/x-<pattern>.json (open in DevTools' Performance panel). */
const TRACE = process.env.BENCH_TRACE || undefined

const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml', '.woff2': 'font/woff2' }

function serve(dir: string, port: number): Promise<Server> {
  const root = resolve(dir)
  const server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
    const file = normalize(join(root, path === '/' ? 'bench/grid-scroll/index.html' : path))
    if (!file.startsWith(root + sep) || !existsSync(file)) { res.writeHead(404).end(); return }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file))
  })
  return new Promise((ok) => server.listen(port, '127.0.0.1', () => ok(server)))
}

interface Frames {
  pattern: string; frames: number; p50: number; p95: number; p99: number; max: number; slow: number; interval: number; lastRow: string | null
  /** Main-thread CPU milliseconds per frame by kind (Chromium's Performance domain, threadTicks). */
  perFrame: { script: number; layout: number; style: number; task: number }
}

const METRICS = ['TaskDuration', 'ScriptDuration', 'LayoutDuration', 'RecalcStyleDuration'] as const

async function main() {
  if (!(process.env.BENCH_KEEP_BUILD === '1' && existsSync(join(OUT, 'bench/grid-scroll/index.html')))) {
    const t0 = performance.now()
    await build({
      configFile: resolve('vite.config.ts'), mode: 'production', logLevel: 'warn',
      build: { outDir: OUT, emptyOutDir: true, sourcemap: false, rollupOptions: { input: resolve('bench/grid-scroll/index.html') } },
    })
    console.log(`built the bench page in ${((performance.now() - t0) / 1000).toFixed(1)} s → ${OUT}`)
  }
  const port = await freePort(PORTS)
  const server = await serve(OUT, port)
  const browser = await chromium.launch(chromiumLaunchOptions())
  const results: Frames[] = []
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
    // tsx (esbuild keepNames) wraps named functions in __name(); the evaluated code needs it in the page.
    await page.addInitScript('window.__name = (f) => f')
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    const t0 = performance.now()
    await page.goto(`http://127.0.0.1:${port}/bench/grid-scroll/index.html?rows=${ROWS}`)
    await page.waitForFunction(() => window.__grid?.ready(), null, { timeout: 120_000 })
    const loaded = await page.evaluate(() => window.__grid!.scroller()!.getAttribute('aria-rowcount'))
    console.log(`page with ${ROWS.toLocaleString('en')} rows ready in ${((performance.now() - t0) / 1000).toFixed(1)} s (aria-rowcount ${loaded}); ${SECONDS} s per pattern`)
    if (errors.length) throw new Error(`page errors: ${errors.join('\n')}`)
    // Where each frame's time goes: script, style, layout (seconds, cumulative since the page opened),
    // in main-thread CPU time (threadTicks): on a busy machine wall-clock durations mostly measure the wait.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' })
    const metrics = async () => {
      const { metrics: m } = await cdp.send('Performance.getMetrics')
      return Object.fromEntries(METRICS.map((k) => [k, m.find((x) => x.name === k)?.value ?? 0])) as Record<typeof METRICS[number], number>
    }

    const patterns = (process.env.BENCH_PATTERNS ?? 'steady,jump').split(',').filter((x): x is 'steady' | 'jump' => x === 'steady' || x === 'jump')
    for (const pattern of patterns) {
      if (TRACE) await browser.startTracing(page, { path: `${TRACE}-${pattern}.json`, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'blink', 'v8'] })
      const m0 = await metrics()
      const r = await page.evaluate(async ({ pattern, seconds, speed }) => {
        const el = window.__grid!.scroller()!
        el.scrollTop = 0
        await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
        // The display interval: median of a few idle frames.
        const idle: number[] = []
        let last = performance.now()
        for (let i = 0; i < 30; i++) { const now = await new Promise<number>((r) => requestAnimationFrame(r)); idle.push(now - last); last = now }
        idle.sort((a, b) => a - b)
        const interval = idle[15]
        const deltas: number[] = []
        const max = el.scrollHeight - el.clientHeight
        let dir = 1
        await new Promise<void>((done) => {
          const start = performance.now()
          let prev = start
          const step = (now: number) => {
            deltas.push(now - prev)
            // Steady: distance follows elapsed time (speed px/s), bouncing at the ends; jump: a page and a half per frame.
            const d = pattern === 'steady' ? speed * (now - prev) / 1000 : el.clientHeight * 1.5
            let next = el.scrollTop + dir * d
            if (next >= max || next <= 0) { dir = -dir; next = Math.max(0, Math.min(max, next)) }
            el.scrollTop = next
            prev = now
            if (now - start < seconds * 1000) requestAnimationFrame(step)
            else done()
          }
          requestAnimationFrame((now) => { prev = now; requestAnimationFrame(step) })
        })
        const rows = el.querySelectorAll('[role="row"][data-row-id]')
        return { deltas, interval, lastRow: rows[rows.length - 1]?.getAttribute('aria-rowindex') ?? null }
      }, { pattern, seconds: SECONDS, speed: SPEED })
      const m1 = await metrics()
      if (TRACE) { await browser.stopTracing(); console.log(`  trace of the ${pattern} pattern → ${TRACE}-${pattern}.json`) }
      const d = r.deltas.slice(1).sort((a, b) => a - b) // the first delta spans the setup
      const per = (k: typeof METRICS[number]) => ((m1[k] - m0[k]) * 1000) / Math.max(1, d.length)
      results.push({
        pattern, frames: d.length, p50: pct(d, 50), p95: pct(d, 95), p99: pct(d, 99), max: d[d.length - 1] ?? NaN, slow: d.filter((x) => x > r.interval * 1.5).length, interval: r.interval, lastRow: r.lastRow,
        perFrame: { script: per('ScriptDuration'), layout: per('LayoutDuration'), style: per('RecalcStyleDuration'), task: per('TaskDuration') },
      })
      print(results[results.length - 1])
    }
    if (errors.length) throw new Error(`page errors: ${errors.join('\n')}`)
  } finally {
    await browser.close()
    await new Promise((r) => server.close(r))
  }
  console.log(`\nSummary (DataGrid, ${ROWS.toLocaleString('en')} loaded rows, Chromium ${process.env.CHROMIUM_PATH ?? ''}headless, 1440×900; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`)
  for (const r of results) print(r)
}

function print(r: Frames) {
  console.log(
    `  ${r.pattern.padEnd(7)} frames=${String(r.frames).padStart(5)}  p50 ${r.p50.toFixed(1).padStart(6)}  p95 ${r.p95.toFixed(1).padStart(6)}  p99 ${r.p99.toFixed(1).padStart(6)}  max ${r.max.toFixed(1).padStart(7)} ms  ` +
    `${r.p95 <= TARGET_P95 ? 'ok  ' : 'MISS'} (p95 ≤${TARGET_P95})  slow frames ${r.slow} (>${(r.interval * 1.5).toFixed(1)} ms; display interval ${r.interval.toFixed(1)} ms)  ` +
    `last row in view ${r.lastRow}\n           main-thread CPU per frame: script ${r.perFrame.script.toFixed(1)}, style ${r.perFrame.style.toFixed(1)}, layout ${r.perFrame.layout.toFixed(1)}, all tasks ${r.perFrame.task.toFixed(1)} ms`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
