// Which Chromium runs the e2e: one Playwright downloaded (if any), else the system Chromium.
// Playwright cannot download browsers on this machine kind; `apt-get install -y chromium` gives one.
import { existsSync } from 'node:fs'
import { chromium } from '@playwright/test'

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
const FLAGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

export function chromiumLaunchOptions() {
  let bundled = ''
  try { bundled = chromium.executablePath() } catch { /* none downloaded */ }
  if (bundled && existsSync(bundled)) return { args: FLAGS }
  const sys = process.env.CHROMIUM_PATH || SYSTEM.find((p) => existsSync(p))
  if (!sys) {
    throw new Error('No Chromium for the e2e tests. Install one: `apt-get install -y chromium` (Debian) — or `npx playwright install chromium` where downloads work — or set CHROMIUM_PATH.')
  }
  return { executablePath: sys, args: FLAGS }
}
