// A Finished inbound order by keyboard only: its details page shows submit, issue, abolish, finish
// receiving and edit disabled, each described by its translated reason (the order's machine, the
// same the server refuses with); the palette lists them disabled with the reason and Enter on one
// runs nothing. The order is made Finished through the API (create, submit, issue, receive, finish).
import { test, expect } from '@playwright/test'
import { Console, tr } from './pages/console'
import { apiCommand, apiGet, goToDocument } from './pages/stations'
import { statusListText } from '../src/domain/i18n'
import { fromStatusesTo } from '../src/domain/states/inbound-order'

test('a Finished inbound order offers no status move: buttons and palette disabled with the reason', async ({ page }) => {
  test.setTimeout(120_000)
  const c = new Console(page)
  await c.signIn('admin')
  await c.dismissAnnouncement()
  const sku = (await apiGet<{ records: { skuCode: string }[] }>(page, '/api/resources/sku?size=1')).records[0]!.skuCode
  const o = await apiCommand<{ id: number; orderNo: string }>(page, 'inbound.order.create', { inboundType: 1, lines: [{ code: sku, qty: 1 }] })
  await apiCommand(page, 'inbound.order.submit', { ids: [o.id] })
  await apiCommand(page, 'inbound.order.issue', { ids: [o.id] })
  await apiCommand(page, 'inbound.receive', { orderNo: o.orderNo, code: sku, qty: 1 })
  const head = await apiGet<{ order: { status: number } }>(page, `/api/inbound/orders/by-id/${o.id}`)
  expect(head.order.status).toBe(4)

  await goToDocument(c, 'inboundOrder', o.orderNo)
  await expect(page.getByTestId('inbound-order-details')).toBeVisible()
  await expect(page.getByTestId('order-status')).toHaveText(tr('zh', 'dict:inboundStatus.4'))
  // Issue 19 §2: a status refusal names the status and the statuses the move is allowed from.
  const zhList = (codes: number[]) => statusListText(codes.map((s) => `dict:inboundStatus.${s}`), 'zh', (k) => tr('zh', k))
  const badMove = (to: number) => tr('zh', 'inbound:errors.badTransition').replace('{{orderNo}}', o.orderNo)
    .replace('{{current, statuses}}', zhList([4])).replace('$t(dict:inboundStatus.{{to}})', tr('zh', `dict:inboundStatus.${to}`)).replace('{{allowed, statuses}}', zhList(fromStatusesTo(to)))
  const reasons: Record<string, string> = {
    'inbound.order.submit': badMove(1),
    'inbound.order.issue': badMove(2),
    'inbound.order.abolish': tr('zh', 'inbound:errors.abolishReceived').replace('{{orderNo}}', o.orderNo),
    'inbound.order.finish': tr('zh', 'inbound:errors.sameStatus').replace('{{orderNo}}', o.orderNo).replace('$t(dict:inboundStatus.{{to}})', tr('zh', 'dict:inboundStatus.4')),
    'inbound.order.edit': tr('zh', 'inbound:order.errors.editOnlyNew').replace('{{orderNo}}', o.orderNo).replace('{{current, statuses}}', zhList([4])).replace('{{allowed, statuses}}', zhList([0])),
  }
  for (const [id, reason] of Object.entries(reasons)) {
    const button = page.getByTestId(`cmd-${id}`)
    await expect(button).toHaveAttribute('aria-disabled', 'true')
    await expect(button).toHaveAttribute('title', reason)
    await expect(button).toHaveAccessibleDescription(reason)
  }

  // The palette: the same commands, disabled with the same reason; Enter runs nothing.
  for (const [id, reason] of Object.entries(reasons)) {
    await c.openPalette()
    await page.keyboard.type(tr('zh', `commands:${id}`))
    const item = page.getByTestId(`palette-item-${id}`)
    await expect(item).toBeVisible()
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await expect(item.getByTestId('palette-reason')).toHaveText(tr('zh', 'palette:disabledReason').replace('{{reason}}', reason))
    await page.keyboard.press('Escape')
  }
  await expect(page.getByTestId('order-status')).toHaveText(tr('zh', 'dict:inboundStatus.4'))
})
