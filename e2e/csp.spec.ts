// Issue 11: the Content-Security-Policy must not break the console. Signs in (keyboard), then LOADS by
// address (a whole document each time: the entry scripts, styles and runtime config under the policy) the
// first screens of admin's menu, the gateway frame page and the profile, and fails on any CSP violation the
// browser reports. Every other screen is opened inside the running console by e2e/a11y.spec.ts, which
// watches for violations the same way (watchCsp) while axe-core checks it.
import { test, expect } from '@playwright/test'
import { Console, DEMO_PASSWORD } from './pages/console'
import { buildRoutes, flattenRoutes } from '../src/domain/menu/routes'
import type { MenuNode } from '../src/domain/menu/types'
import { watchCsp } from './pages/csp'

test('no Content-Security-Policy violation when a screen is loaded as a whole document', async ({ page, request }) => {
  test.setTimeout(300_000)
  const violations = await watchCsp(page)
  const c = new Console(page)
  await c.signIn('admin')
  const csp = (await page.request.get('/')).headers()['content-security-policy']
  expect(csp).toContain("frame-src 'self'")

  const login = await request.post('/auth/oauth/token', { form: { username: 'admin', password: DEMO_PASSWORD } })
  const token = (await login.json()).datas.access_token as string
  const menusRes = await request.get('/wms-plus-base/common/pms/user/menus', { headers: { authorization: `Bearer ${token}`, 'x-userinfo-header': '1-admin-26' } })
  const menus = (await menusRes.json()).data.menus as MenuNode[]
  const paths = flattenRoutes(buildRoutes(menus, { roles: ['admin'] }))
    .filter((r) => r.component && r.component !== 'Layout' && !r.redirect && r.path.startsWith('/') && !r.path.includes(':'))
    .map((r) => r.path)
  expect(paths.length).toBeGreaterThan(20)

  for (const path of [...new Set([...paths.slice(0, 8), '/profile', '/index'])]) {
    await page.goto(path)
    // The screen's own chunk and first data: its header title is up, then a moment for late requests.
    if (path !== '/index') await expect(page.getByTestId('page-title').first(), path).toBeVisible({ timeout: 30_000 })
    else await expect(page.locator('iframe').first()).toBeVisible({ timeout: 30_000 })
    await page.waitForTimeout(400)
  }
  expect(violations, violations.join('\n')).toEqual([])
})
