// @vitest-environment happy-dom
// A server command refreshes the mounted grids wherever it ran: the user screen is mounted under the
// app's query client (as App.tsx does), a row is selected with the keyboard, then the command runs the
// way the palette runs it (runCommandById with the built context, confirmation answered) — not from the
// page's toolbar, whose own refresh therefore never runs. The deleted / changed user shows without a
// manual refresh. Real API (fetch bridged into fastify.inject).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { CommandRegistry } from '../../src/domain/commands'
import { ALL_COMMANDS } from '../../commands'
import { createRuntime } from '../../src/app/commands/runtime'
import { getRuntime, runCommandById, setRuntime } from '../../src/app/commands/run'
import { setActiveRegistry } from '../../src/app/commands/registry'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'
import { queryClient } from '../../src/app/state/query-client'
import { closePanel } from '../../src/app/state/ui'
import { session } from '../../src/app/state/session'
import { readDictionaries, refreshDictionaries } from '../../src/app/lib/dictionaries'
import UsersPage from '../../src/app/pages/admin/UsersPage'
import { startHarness, type Harness } from '../helpers/bridge'
import { $$, flush, key, newRoot, renderInto, waitFor } from '../helpers/dom'

let h: Harness
let root: ReturnType<typeof newRoot>

/** Creates a user straight through the API (not the client runtime: no invalidation from here). */
async function createUser(username: string): Promise<number> {
  const res = await h.t.app.inject({
    method: 'POST', url: '/auth/users',
    headers: { authorization: `Bearer ${h.token}`, 'x-userinfo-header': '1-admin-26', 'x-language-header': 'en-US' },
    payload: { username, password: 'Start#2026x', employeeName: 'Refresh Probe', phone: '+52 33 1234 5678', email: '', tenantId: 1, roleIds: [], pairs: [{ warehouseId: 26, tenantId: 1 }] },
  })
  expect(res.statusCode, res.body).toBe(200)
  return Number(res.json().data.id)
}

const rowIds = () => $$('[role="row"][data-row-id]', root.host).map((r) => r.getAttribute('data-row-id'))
const listReads = () => h.calls.filter((c) => c.method === 'GET' && c.path === '/auth/users/page').length
const dictReads = () => h.calls.filter((c) => c.path === '/wms-plus-base/dict/all').length

beforeAll(async () => {
  h = await startHarness('admin', [1, 26])
  setActiveRegistry(new CommandRegistry(ALL_COMMANDS))
  setRuntime(createRuntime({ navigate: () => {} }))
  session.language = 'en'
  await refreshDictionaries() // the session's dictionary cache, as after sign-in
})
afterAll(async () => {
  await act(async () => root?.root.unmount())
  setRuntime(null)
  await h?.close()
})
beforeEach(() => { closePanel() })

describe('a server command run from the palette refreshes the mounted grid', () => {
  it('delete: the row leaves the grid without a manual refresh; a stale grid does not refetch by itself', async () => {
    const id = await createUser('refresh.victim')
    root = newRoot()
    await renderInto(root.root, <QueryClientProvider client={queryClient}><UsersPage /></QueryClientProvider>)
    await waitFor(() => rowIds().includes(String(id)), 'the new user is listed')

    // Written behind the grid's back (another user, another tab): nothing refreshes it on its own.
    const other = await createUser('refresh.bystander')
    const before = listReads()
    await flush(150)
    expect(rowIds()).not.toContain(String(other))
    expect(listReads()).toBe(before)

    // Select the victim (sorted by id: it is the row before the bystander, which is not shown yet → End).
    const grid = root.host.querySelector<HTMLElement>('[role="grid"]')!
    act(() => grid.focus())
    key(grid, 'End')
    key(grid, ' ')
    const outcome = runCommandById('admin.user.delete')
    await waitFor(() => interaction.confirm, 'delete asks for confirmation')
    act(() => answerConfirm(true))
    expect((await outcome).status).toBe('ok')
    expect(h.calls.filter((c) => c.method === 'POST' && c.path === '/api/commands/admin.user.delete').map((c) => JSON.parse(c.body))).toEqual([{ id }])

    // The grid refetched: the deleted row is gone and the bystander (written meanwhile) now shows.
    await waitFor(() => !rowIds().includes(String(id)) && rowIds().includes(String(other)), 'grid refreshed after the command')
    expect(listReads()).toBeGreaterThan(before)
    // Not a dictionary command: the dictionary cache is not refetched.
    expect(dictReads()).toBe(1)
  })

  it('a refused command does not refetch the grid', async () => {
    const before = listReads()
    const outcome = await runCommandById('admin.user.edit', { id: 987654, employeeName: 'Nobody', phone: '+52 33 1234 5678', email: '', tenantId: 1 })
    expect(outcome.status).toBe('failed')
    expect(h.calls.filter((c) => c.path === '/api/commands/admin.user.edit').map((c) => c.status)).toEqual([404])
    await flush(150)
    expect(listReads()).toBe(before)
  })

  it('a dictionary command refreshes the session dictionary cache though no dictionary grid is mounted', async () => {
    const [item] = await h.t.database.query<{ id: number }>(`select id from dict_item where dict_code = 'storageAreaType' and dict_value = '9'`)
    expect(readDictionaries()!.storageAreaType.map((e) => e.dictValue)).toContain('9')
    await act(async () => { await getRuntime().callServer('resource.dictItem.status', { ids: [Number(item.id)], status: 0 }) })
    await waitFor(() => !readDictionaries()!.storageAreaType.some((e) => e.dictValue === '9'), 'disabled value left the cache')
    await act(async () => { await getRuntime().callServer('resource.dictItem.status', { ids: [Number(item.id)], status: 1 }) })
    await waitFor(() => readDictionaries()!.storageAreaType.some((e) => e.dictValue === '9'), 'enabled value back in the cache')
  })
})
