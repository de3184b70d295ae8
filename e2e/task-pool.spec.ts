// The task pool, keyboard only (issue 20 "One task pool"). Setup over the API: a count plan cut into two
// count tasks (PT, one location each). By keyboard: task allocation from the palette; '/' to the filters,
// the kind filter set to count (arrow keys), Enter applies it; Escape back to the rows; Space selects two
// tasks; Alt+A asks ONE confirmation naming 2 tasks, then the operator (typed), and both are allotted —
// the server has them as assignee. Then the other screens of the part, each arriving focused and looked at
// (axe + screenshots at 1440 and 1280): task path configuration (Ctrl+Enter saves a route typed in its
// form), an audit plan and its checklist opened by number from the palette, a row recorded by keys.
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet as get, fill, goToDocument, tabTo } from './pages/stations'
import { look } from './pages/look'

interface Loc { code: string }

test('filter the pool by kind, select two count tasks, allot them to an operator', async ({ page }) => {
  test.setTimeout(90_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()

  // ---- setup over the API: two free pick-face locations → a count plan of two one-location tasks ----
  const locs = (await get<{ records: Loc[] }>(page, '/api/resources/location?size=200&sort=code:desc')).records
  const plans = await (async () => {
    for (let i = 0; i + 1 < locs.length; i += 2) {
      try {
        return await apiCommand<{ tasks: string[] }>(page, 'count.plan.create', { locationCodes: [locs[i]!.code, locs[i + 1]!.code], locationsPerTask: 1 })
      } catch { /* a location in an open count (another spec): the next pair */ }
    }
    throw new Error('no two locations free for a count')
  })()
  expect(plans.tasks.length).toBe(2)
  const kinds = await get<{ kind: string }[]>(page, '/api/tasks/pool/kinds')
  const countAt = kinds.findIndex((k) => k.kind === 'count') + 1

  // ---- the pool from the palette; '/' to the filters; kind = count ----
  await c.runFromPalette(tr('zh', 'menu:title.task-allocation'), 'nav.task-allocation')
  const grid = page.getByTestId('task-allocation-grid')
  await expect(grid).toBeVisible()
  await expect(grid).toBeFocused()
  await page.keyboard.press('/')
  await expect(page.locator('#task-allocation-f-docNo')).toBeFocused()
  await page.keyboard.press('Tab')
  const kind = page.locator('#task-allocation-f-kind')
  await expect(kind).toBeFocused()
  for (let i = 0; i < countAt; i++) await page.keyboard.press('ArrowDown')
  await expect(kind).toHaveValue('count')
  await page.keyboard.press('Enter')
  const rows = grid.locator('[role="row"][data-row-id]')
  await expect(rows.first()).toContainText(tr('zh', 'tasks:kind.count'))
  for (const no of plans.tasks) await expect(grid.locator('[role="row"][data-row-id]', { hasText: no })).toHaveCount(1)
  await look(page, 'task-pool')

  // ---- back to the rows: the two newest count tasks (sort oldest first: they are the last two) ----
  await page.keyboard.press('Escape')
  await expect(grid).toBeFocused()
  await page.keyboard.press('Control+End')
  await page.keyboard.press(' ')
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press(' ')
  await expect(page.getByTestId('task-allocation-selected')).toContainText('2')

  // ---- Alt+A: one confirmation naming 2 tasks, then the operator ----
  await page.keyboard.press('Alt+a')
  const dialog = page.getByTestId('command-confirm')
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('command-confirm-count')).toHaveText(fill(tr('zh', 'tasks:bulk.count', 2), { count: 2 }))
  await look(page, 'task-pool-confirm', '[data-testid="command-confirm"]')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('palette-input')).toHaveAttribute('placeholder', tr('zh', 'tasks:pool.prompt'))
  await c.choose('supervisor')
  await expect(page.getByTestId('toaster')).toContainText(fill(tr('zh', 'tasks:done.allotted', 2), { count: 2 }))
  const supervisor = (await get<{ users: { id: number; username: string }[] }>(page, '/api/tasks/pool/assignees')).users.find((u) => u.username === 'supervisor')!
  for (const no of plans.tasks) {
    const row = (await get<{ records: { docNo: string; operatorId: number | null }[] }>(page, `/api/tasks/pool?docNo=${no}`)).records[0]!
    expect(row.operatorId).toBe(supervisor.id)
  }

  // ---- task path configuration: arrival on its grid; Shift+Tab to the form above it, the random route, Ctrl+Enter ----
  await c.runFromPalette(tr('zh', 'menu:title.task-path-configuration'), 'nav.task-path-configuration')
  const paths = page.getByTestId('task-path-grid')
  // No configuration yet: arrival on the first filter (the grid's rule for an empty list).
  await expect(page.locator('#task-path-f-areaCode')).toBeFocused()
  await tabTo(page, page.locator('[data-testid="task-path-form"] input').first())
  await page.keyboard.press('Tab')
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('Control+Enter')
  await expect(page.getByTestId('toaster')).toContainText(tr('zh', 'tasks:path.saved'))
  await expect(paths.locator('[role="row"][data-row-id]').first()).toContainText(tr('zh', 'tasks:path.route.random'))
  await look(page, 'task-path')

  // ---- an audit plan (setup over the API) and its checklist, opened by number ----
  const sku = (await get<{ records: { skuCode: string; available: number }[] }>(page, '/api/stock/list?size=50&stockStatus=1')).records.find((r) => r.available > 0)!
  const audit = await apiCommand<{ planNo: string; checklists: string[] }>(page, 'auditPlan.create', { skuCode: sku.skuCode })
  await goToDocument(c, 'auditPlan', audit.planNo)
  await expect(page.getByTestId('audit-plan')).toContainText(audit.checklists[0]!)
  await look(page, 'audit-plan')
  await goToDocument(c, 'auditChecklist', audit.checklists[0]!)
  const sheet = page.getByTestId('audit-checklist')
  await expect(sheet).toBeVisible()
  await tabTo(page, sheet.locator('input').first())
  await page.keyboard.type('3')
  await page.keyboard.press('Tab')
  await page.keyboard.type('1')
  await page.keyboard.press('Control+Enter')
  await expect(sheet.locator('tbody tr').first()).toContainText('admin')
  await look(page, 'audit-checklist')
})
