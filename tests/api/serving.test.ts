// Issue 11 "serving like a production web app": the real server over a tiny built client made here (a
// temp dir shaped like vite's output: index.html, a hashed asset with .br/.gz siblings, a source map):
// security headers (CSP with the menu's frame hosts and the error-reporting host, nosniff,
// Referrer-Policy, frame-ancestors), cache headers (index.html and the SPA fallback no-cache, hashed
// assets a year immutable), precompressed bodies by Accept-Encoding, no source map served.
import { describe, it, expect, beforeAll, afterAll } from 'vitest'
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { createTestApp, type TestApp } from '../helpers/app'
import { dsnOrigin, frameAncestors, frameSource } from '../../src/server/http/serving'

const JS = `export const hello = ${JSON.stringify('x'.repeat(4000))};\n`
const ASSET = '/assets/main-AbC_d12-.js'
const INDEX = `<!doctype html><html><head><script type="module" src="${ASSET}"></script></head><body><div id="root"></div></body></html>\n`
let t: TestApp
let dir: string

/** One directive's sources from a CSP header. */
function directive(csp: string | undefined, name: string): string[] {
  const d = (csp ?? '').split(';').map((s) => s.trim().split(/\s+/)).find((p) => p[0] === name)
  return d ? d.slice(1) : []
}
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers })

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'wms-serving-'))
  mkdirSync(join(dir, 'assets'))
  const files: Record<string, string> = { 'index.html': INDEX, [ASSET.slice(1)]: JS }
  for (const [name, body] of Object.entries(files)) {
    writeFileSync(join(dir, name), body)
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(body))
    writeFileSync(join(dir, `${name}.gz`), gzipSync(body))
  }
  writeFileSync(join(dir, `${ASSET.slice(1)}.map`), '{"version":3,"sources":["secret.ts"],"mappings":""}')
  process.env.FRAME_ANCESTORS = 'https://partner.example.com'
  try {
    t = await createTestApp({ staticDir: dir, sentryDsn: 'https://abc123@o42.ingest.sentry.example/7' })
  } finally {
    delete process.env.FRAME_ANCESTORS
  }
  // A menu an administrator pointed at another site (and one by meta only): their hosts go into frame-src.
  await t.database.query(`update menu set iframe_url = 'https://board.example.com/live?x=1' where code = 'api-docs'`)
  await t.database.query(`update menu set meta = meta || '{"iframeUrl": "//bi.example.org:8443/r"}'::jsonb where code = 'IframeWarehouseBoard'`)
}, 240_000)
afterAll(async () => {
  await t?.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe('security headers', () => {
  it('the console page carries a CSP that lets the menu frames and error reporting through, and the other headers', async () => {
    const res = await get('/stock-in/inbound-order')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    const csp = res.headers['content-security-policy'] as string
    expect(csp).toBeTruthy()
    expect(directive(csp, 'default-src')).toEqual(["'self'"])
    expect(directive(csp, 'script-src')).toEqual(["'self'"])
    expect(directive(csp, 'frame-src')).toEqual(expect.arrayContaining(["'self'", 'board.example.com', 'bi.example.org:8443']))
    expect(directive(csp, 'connect-src')).toEqual(["'self'", 'https://o42.ingest.sentry.example'])
    expect(directive(csp, 'frame-ancestors')).toEqual(["'self'", 'https://partner.example.com'])
    expect(directive(csp, 'object-src')).toEqual(["'none'"])
    expect(csp).not.toMatch(/unsafe-eval/)
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    // HSTS is the TLS proxy's job (README), never sent by the plain-http listener.
    expect(res.headers['strict-transport-security']).toBeUndefined()
  })

  it('API answers carry them too; the docs page renders under the policy (inline style only, no script)', async () => {
    const api = await get('/version.json')
    expect(api.headers['x-content-type-options']).toBe('nosniff')
    expect(api.headers['content-security-policy']).toBeTruthy()
    const docs = await get('/api/docs')
    expect(docs.statusCode).toBe(200)
    expect(docs.body).not.toMatch(/<script/i)
    expect(docs.body).toMatch(/<style>/)
    expect(directive(docs.headers['content-security-policy'] as string, 'style-src')).toContain("'unsafe-inline'")
  })

  it('frame sources, DSN origins and extra ancestors are parsed strictly', () => {
    expect(frameSource('https://Board.Example.com:8443/x?y')).toBe('board.example.com:8443')
    expect(frameSource('http://a.example/x')).toBe('a.example')
    expect(frameSource('//b.example/p')).toBe('b.example')
    expect(frameSource('/api/docs')).toBeNull()
    expect(frameSource('javascript:alert(1)')).toBeNull()
    expect(frameSource("https://x.example'; script-src *")).toBeNull()
    expect(frameSource('')).toBeNull()
    expect(dsnOrigin('https://k@o1.ingest.sentry.io/2')).toBe('https://o1.ingest.sentry.io')
    expect(dsnOrigin('not a dsn')).toBeNull()
    expect(dsnOrigin(undefined)).toBeNull()
    expect(frameAncestors("https://a.example, b.example:8080 'unsafe-inline' *;x")).toEqual(['https://a.example', 'b.example:8080'])
  })
})

describe('the built client', () => {
  it('index.html and the SPA fallback are no-cache; hashed assets a year immutable', async () => {
    for (const url of ['/', '/index.html', '/stock-in/inbound-order']) {
      const res = await get(url)
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
      expect(res.body, url).toContain('<div id="root">')
    }
    const js = await get(ASSET)
    expect(js.statusCode).toBe(200)
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(js.headers['content-type']).toMatch(/javascript/)
    expect((await get('/runtime-config.js')).headers['cache-control']).toBe('no-cache')
  })

  it('sends the precompressed brotli or gzip body the client accepts, else the plain file', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(br.headers.vary).toMatch(/accept-encoding/i)
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length)
    expect(br.rawPayload.length).toBeLessThan(JS.length / 10)
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')

    const gz = await get(ASSET, { 'accept-encoding': 'gzip' })
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS)

    const plain = await get(ASSET, { 'accept-encoding': 'identity' })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(JS)

    const page = await get('/', { 'accept-encoding': 'br' })
    expect(page.headers['content-encoding']).toBe('br')
    expect(page.headers['content-security-policy']).toBeTruthy()
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX)
  })

  it('serves no source map, and a missing asset is a 404 rather than the page', async () => {
    for (const url of [`${ASSET}.map`, `${ASSET}.br`, '/assets/gone-Zz9Zz9Zz.js', '/assets/whatever.css']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' })
      expect(res.statusCode, url).toBe(404)
      expect(res.body, url).not.toContain('secret.ts')
      expect(res.body, url).not.toContain('<div id="root">')
    }
  })
})
