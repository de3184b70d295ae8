// e2e against the built app served by the real server on a fresh PGlite data dir.
// Browser: one Playwright already has, else Debian's /usr/bin/chromium (see e2e/browser.ts).
import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './e2e/browser'

const PORT = Number(process.env.E2E_PORT ?? 8181)
const DATA_DIR = process.env.E2E_DATA_DIR ?? `/tmp/wms-e2e-${process.pid}`

export default defineConfig({
  testDir: 'e2e',
  testMatch: /.*\.spec\.ts$/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: chromiumLaunchOptions(),
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'zh-CN',
  },
  webServer: {
    command: `rm -rf ${DATA_DIR} && tsx src/server/main.ts`,
    url: `http://127.0.0.1:${PORT}/version.json`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: { PORT: String(PORT), DATA_DIR, LOG_LEVEL: 'warn', LOGIN_LIMIT_ACCOUNT: '50', LOGIN_LIMIT_ADDRESS: '500' },
    stdout: 'pipe',
  },
})
