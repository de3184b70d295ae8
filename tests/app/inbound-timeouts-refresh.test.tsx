// @vitest-environment happy-dom
// The timeout report refreshes after a server command like every list: it is mounted under the app's
// query client (as App.tsx does; a page kept alive behind another tab stays mounted), a vehicle past the
// unloading timeout is flagged on Alt+2, then the vehicle is released the way the palette runs it
// (runCommandById, the confirmation answered) on the release screen — not from the report — and the
// report drops it without a manual refresh. Real API (fetch bridged into fastify.inject).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import TimeoutsPage from '../../src/app/pages/inbound/timeouts/TimeoutsPage'
import { CommandRegistry } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { INBOUND_EXTRA_PATHS } from '../../commands/inbound-extra'
import { createRuntime } from '../../src/app/commands/runtime'
import { runCommandById, setRuntime } from '../../src/app/commands/run'
import { setActiveRegistry } from '../../src/app/commands/registry'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'
import { queryClient } from '../../src/app/state/query-client'
import { startHarness, type Harness } from '../helpers/bridge'
import { $, $$, newRoot, renderInto, waitFor } from '../helpers/dom'

let h: Harness
let root: ReturnType<typeof newRoot>
const q = <T,>(text: string, params: unknown[] = []) => h.t.database.query<T & Record<string, unknown>>(text, params) as Promise<T[]>
const STRIP = 'FXREFRESH01'
const row = () => $(`[data-testid="timeouts-list"] tr[data-number="${STRIP}"]`)
const reportReads = () => h.calls.filter((c) => c.method === 'GET' && c.path === '/api/inbound/timeouts').length

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  setActiveRegistry(new CommandRegistry(ALL_COMMANDS))
  setRuntime(createRuntime({ navigate: () => {} }))
  await q(`UPDATE inbound_setting SET unloading_timeout_hours = 2 WHERE tenant_id = 1 AND warehouse_id = 26`)
  // A receiving order (release allowed) and its vehicle, arrived five hours ago, not released.
  await q(`INSERT INTO inbound_order (tenant_id, warehouse_id, order_no, inbound_type, status, issued_at) VALUES (1, 26, 'RKREFRESH01', 1, 3, now())`)
  await q(`INSERT INTO release_strip (tenant_id, warehouse_id, strip_no, plate_no, driver_name, driver_phone, order_nos, box_count, status, arrived_at)
    VALUES (1, 26, $1, 'AB123', 'Li', '13800000000', ARRAY['RKREFRESH01'], 1, 0, now() - interval '5 hours')`, [STRIP])
}, 120_000)
afterAll(async () => {
  await act(async () => root?.root.unmount())
  setRuntime(null)
  await h?.close()
})

describe('the timeout report after a server command', () => {
  it('drops a vehicle released from the palette elsewhere, without a manual refresh', async () => {
    await act(async () => { history.pushState(null, '', INBOUND_EXTRA_PATHS.timeouts) })
    root = newRoot()
    await renderInto(root.root, <QueryClientProvider client={queryClient}><TimeoutsPage /></QueryClientProvider>)
    const page = await waitFor(() => $('[data-testid="timeouts-page"]'), 'report')
    // Alt+2 (the page reads the physical key).
    act(() => { page.dispatchEvent(new KeyboardEvent('keydown', { key: '2', code: 'Digit2', altKey: true, bubbles: true, cancelable: true })) })
    await waitFor(() => $('[data-testid="timeouts-unloading"]')?.getAttribute('aria-selected') === 'true', 'unloading kind')
    await waitFor(() => row()?.getAttribute('data-timed-out') === 'true', 'the vehicle flagged')
    const reads = reportReads()

    // Released on the release screen (the report stays mounted, as behind another tab).
    await act(async () => { history.pushState(null, '', INBOUND_EXTRA_PATHS.release) })
    const run = runCommandById('inbound.release.release', { stripNo: STRIP })
    await waitFor(() => interaction.confirm?.messageKey === 'inbound:release.releaseConfirm', 'release confirmation')
    await act(async () => { answerConfirm(true) })
    expect((await run).status).toBe('ok')
    expect(Number((await q<{ s: number }>('SELECT status AS s FROM release_strip WHERE strip_no = $1', [STRIP]))[0]!.s)).toBe(1)

    await waitFor(() => !row(), 'the released vehicle dropped from the report')
    expect(reportReads()).toBeGreaterThan(reads)
    expect($$('[data-testid="timeouts-list"] tr[data-number]').map((r) => r.getAttribute('data-number'))).not.toContain(STRIP)
  })
})
