// Issue 11: the Content-Security-Policy must not break the console. Signs in (keyboard), then opens every
// screen of admin's menu (and the gateway frame page, the profile) by address and fails on any CSP
// violation the browser reports — in the console ("Refused to …") or as a securitypolicyviolation event.
import { test, expect } from '@playwright/test'
import { Console, DEMO_PASSWORD } from './pages/console'
import { buildRoutes, flattenRoutes } from '../src/domain/menu/routes'
import type { MenuNode } from '../src/domain/menu/types'

test('no Content-Security-Policy violation on any screen', async ({ page, request }) => {
  test.setTimeout(600_000)
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate|create)/i.test(m.text())) violations.push(`${page.url()}: ${m.text()}`)
  })
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`))
  })

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

  for (const path of [...new Set([...paths, '/profile', '/index'])]) {
    await page.goto(path)
    // The screen's own chunk and first data: its header title is up, then a moment for late requests.
    if (path !== '/index') await expect(page.getByTestId('page-title').first(), path).toBeVisible({ timeout: 30_000 })
    else await expect(page.locator('iframe').first()).toBeVisible({ timeout: 30_000 })
    await page.waitForTimeout(400)
  }
  expect(violations, violations.join('\n')).toEqual([])
})
