import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'
import tailwindcss from '@tailwindcss/vite'

const apiPort = Number(process.env.API_PORT ?? process.env.PORT ?? 8080)
// Every prefix the API serves (spec section 7 paths + our own /api); the dev server proxies them.
const apiPrefixes = ['/api', '/auth', '/base', '/wms-base', '/wms-plus-base', '/wms-in', '/pms-console', '/notice-api', '/i18n-console', '/bdm', '/version.json', '/runtime-config.js', '/ws']

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 2000 },
  server: {
    proxy: Object.fromEntries(apiPrefixes.map((p) => [p, { target: `http://127.0.0.1:${apiPort}`, ws: p === '/ws' }])),
  },
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
})
