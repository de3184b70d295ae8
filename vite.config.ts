import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'
import type { Plugin } from 'vite'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'
import { brotliCompress, gzip, constants as zlib } from 'node:zlib'
import { promisify } from 'node:util'
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative, resolve } from 'node:path'

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 8080)
// Every prefix the API serves (spec section 7 paths + our own /api); the dev server proxies them.
const apiPrefixes = ['/api', '/auth', '/base', '/wms-base', '/wms-plus-base', '/wms-in', '/pms-console', '/notice-api', '/i18n-console', '/bdm', '/version.json', '/runtime-config.js', '/ws']

const brotli = promisify(brotliCompress)
const gz = promisify(gzip)
/** Text files worth compressing; smaller ones cost more in headers than they save. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|wasm)$/
const MIN_BYTES = 512

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) out.push(...await filesUnder(p))
    else out.push(p)
  }
  return out
}

/**
 * After the build: source maps leave the served directory (they go to `<outDir>-sourcemaps/`, same
 * relative paths, for an error-reporting upload; the bundles reference none — sourcemap 'hidden'),
 * then every text asset gets a brotli (quality 11) and a gzip (level 9) sibling, `.br` / `.gz`, which
 * the server sends as is (@fastify/static preCompressed) — no compression work per request.
 */
function precompressAndHideMaps(): Plugin {
  let outDir = ''
  return {
    name: 'wms:precompress',
    apply: 'build',
    configResolved(c) { outDir = resolve(c.root, c.build.outDir) },
    async closeBundle() {
      const files = await filesUnder(outDir)
      const mapsDir = `${outDir}-sourcemaps`
      await rm(mapsDir, { recursive: true, force: true })
      for (const f of files.filter((x) => x.endsWith('.map'))) {
        const to = join(mapsDir, relative(outDir, f))
        await mkdir(dirname(to), { recursive: true })
        await rename(f, to)
      }
      const todo = files.filter((f) => COMPRESSIBLE.test(f) && !f.includes(`${outDir}/.vite/`))
      await Promise.all(todo.map(async (f) => {
        if ((await stat(f)).size < MIN_BYTES) return
        const data = await readFile(f)
        const [b, g] = await Promise.all([
          brotli(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          gz(data, { level: 9 }),
        ])
        await Promise.all([writeFile(`${f}.br`, b), writeFile(`${f}.gz`, g)])
      }))
    },
  }
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompressAndHideMaps()],
  // Maps are written for error reporting but never referenced by the bundles nor served (see the plugin).
  // The manifest (dist/.vite/manifest.json, not served) says which chunks each entry and lazy screen pulls.
  build: { outDir: 'dist', sourcemap: 'hidden', manifest: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: `http://127.0.0.1:${apiPort}`, ws: p === '/ws' }])),
  },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two files at a time at least: on the 2-core CI machine the default was one (the whole suite serial).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The seeded demo database made once per run; each file's test app starts from a copy.
    globalSetup: ['tests/helpers/template-setup.ts'],
    projects: [
      // The server's suites share their worker's module graph instead of importing the whole server
      // again for every file (~1.8 s a file: 226 s of a CI run); tests/helpers/file-setup.ts gives each
      // file a clean process.env, and a test app is per file anyway (its own database copy).
      { extends: true, test: { name: 'server', include: ['tests/{api,contract,domain}/**/*.test.ts'], isolate: false, setupFiles: ['tests/helpers/file-setup.ts'] } },
      // The browser app's suites keep one module graph per file: its stores (session, tabs, panels) are
      // module state that a test expects fresh.
      { extends: true, test: { name: 'app', include: ['tests/app/**/*.test.{ts,tsx}'] } },
    ],
  },
})
