// @vitest-environment happy-dom
// The operation-log screen on the real API: registered under its catalog component key, rows of the
// current pair told as sentences (issue 18) — the request id and the arguments only in the detail, which
// Enter opens and Esc closes — and grid commands (shell effects) export the selection as xlsx.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import OperationLogPage from '../../src/app/pages/operation-log/OperationLogPage'
import { screenFor } from '../../src/app/pages/registry'
import { performEffect } from '../../src/app/commands/effects'
import { toasts } from '../../src/app/state/toast'
import { MENU_BY_CODE, PERMISSION_CATALOG } from '../../src/domain/menu/catalog'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, waitFor, key } from '../helpers/dom'

let h: Harness
beforeAll(async () => {
  h = await startHarness()
  const v: string[] = []
  for (let i = 1; i <= 12; i++) v.push(`(1, 26, 1, 'admin', 'admin.user.resetPassword', 'reset ${i}', 'ok', ${i}, timestamptz '2026-10-01 00:00:00+00' + interval '${i} minutes', 'req-${i}', '{"id": ${i}}')`)
  v.push(`(2, 26, 1, 'admin', 'admin.user.forceOffline', 'other tenant', 'ok', 1, timestamptz '2026-10-02 00:00:00+00', 'req-x', NULL)`)
  await h.t.database.exec(`DELETE FROM audit_log; INSERT INTO audit_log (tenant_id, warehouse_id, user_id, username, command_id, summary, result, duration_ms, created_at, request_id, args) VALUES ${v.join(',')}`)
})
afterAll(async () => { await h?.close() })

describe('operation-log screen', () => {
  it('is registered under the component key the menu catalog names', () => {
    expect(MENU_BY_CODE.get('operation-log')?.component).toBe('system/operation-log')
    // The API's permission codes exist in the catalog (screen and its export button).
    expect(PERMISSION_CATALOG.has('menu:operation-log')).toBe(true)
    expect(PERMISSION_CATALOG.has('operation-log:export')).toBe(true)
    expect(screenFor('system/operation-log')).toBeDefined()
  })

  it('lists the pair\'s rows, opens a row with Enter, and exports the selection through the grid command', async () => {
    const m = mount(<OperationLogPage />)
    const grid = await waitFor(() => m.container.querySelector<HTMLElement>('[role="grid"]'), 'grid')
    await waitFor(() => m.container.querySelectorAll('[role="row"][data-row-id]').length === 12, '12 rows')
    expect(m.container.textContent).not.toContain('other tenant')
    expect(m.container.textContent).toContain('Succeeded') // result rendered through its label
    // A sentence per row, by the command's title and what it was run on; no request ids in the list.
    expect(m.container.textContent).toContain('admin ran “Reset user password” on #12')
    expect(m.container.textContent).not.toContain('req-12')
    act(() => grid.focus())
    key(grid, 'ArrowDown')
    key(grid, 'Enter')
    const detail = await waitFor(() => document.querySelector('[data-testid="operation-log-detail"]'), 'detail dialog')
    // The row the cursor is on (its summary says which): its sentence, request id and arguments.
    const n = Number(detail.textContent!.match(/reset (\d+)/)![1])
    expect(n).toBeGreaterThanOrEqual(11)
    expect(detail.querySelector('[data-testid="operation-log-detail-sentence"]')!.textContent).toBe(`admin ran “Reset user password” on #${n}`)
    expect(detail.textContent).toContain('admin.user.resetPassword')
    expect(detail.querySelector('[data-testid="operation-log-detail-request-id"]')!.textContent).toBe(`req-${n}`)
    expect(JSON.parse(detail.querySelector('[data-testid="operation-log-detail-args"]')!.textContent!)).toEqual({ id: n })
    key(document.activeElement ?? detail, 'Escape')
    await waitFor(() => !document.querySelector('[data-testid="operation-log-detail"]'), 'detail closed with Esc')
    // Select two rows, then run the grid command the palette/dispatcher would run ($mod+e).
    act(() => grid.focus())
    key(grid, ' ')
    key(grid, 'ArrowDown', { shift: true })
    expect(m.container.querySelector('[data-testid="operation-log-export"]')!.textContent).toBe('Export selected (2)')
    await act(async () => { await performEffect('grid.export') })
    await waitFor(() => toasts.list.some((x) => x.message.startsWith('Downloaded operation-log-')), 'download toast')
    const call = h.calls.find((c) => c.url.startsWith('/api/audit-log/export?'))!
    const params = new URLSearchParams(call.url.split('?')[1])
    expect(params.getAll('ids')).toHaveLength(2)
    expect(params.get('page')).toBeNull()
    expect(params.get('sort')).toBeNull() // the default order: nothing picked
    m.unmount()
  })
})
