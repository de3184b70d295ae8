// @vitest-environment happy-dom
// A value an administrator adds on the dictionary screen shows in a resource list's enum filter (with
// the admin's label) as soon as the dictionary command succeeds — the mounted list is rebuilt from the
// refreshed session cache — and filtering by it asks the server, which answers an empty page (rows
// cannot hold the value: writes accept bundled values only, so form selects keep the bundled list).
// Real API (fetch bridged into fastify.inject).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { storageAreaResource } from '../../src/domain/resources/warehouse/storage-area'
import { ResourceListPage } from '../../src/app/resources/ResourceListPage'
import { dictOptions } from '../../src/app/resources/columns'
import { createRuntime } from '../../src/app/commands/runtime'
import { getRuntime, setRuntime } from '../../src/app/commands/run'
import { queryClient } from '../../src/app/state/query-client'
import { session } from '../../src/app/state/session'
import { toasts } from '../../src/app/state/toast'
import { addedDictValues, refreshDictionaries } from '../../src/app/lib/dictionaries'
import { startHarness, type Harness } from '../helpers/bridge'
import { newRoot, renderInto, waitFor } from '../helpers/dom'

let h: Harness
let root: ReturnType<typeof newRoot>
const select = () => root.host.querySelector<HTMLSelectElement>('#resource-storageArea-f-type')
const optionText = (v: string) => [...(select()?.options ?? [])].find((o) => o.value === v)?.textContent ?? null

beforeAll(async () => {
  h = await startHarness('admin')
  session.language = 'en'
  setRuntime(createRuntime({ navigate: () => {} }))
  await refreshDictionaries()
})
afterAll(async () => {
  await act(async () => root?.root.unmount())
  setRuntime(null)
  await h?.close()
})

describe('admin-added dictionary values', () => {
  it('appear in the enum filter of a mounted list once added, and filter to an empty page', async () => {
    root = newRoot()
    await renderInto(root.root, <QueryClientProvider client={queryClient}><ResourceListPage def={storageAreaResource} /></QueryClientProvider>)
    await waitFor(() => optionText('1'), 'the type filter with the bundled values')
    expect(optionText('42')).toBeNull()
    expect(select()!.options.length).toBe(1 + 9) // "any" + the bundled storage area types

    await act(async () => {
      await getRuntime().callServer('resource.dictItem.add', { dictCode: 'storageAreaType', dictValue: '42', dictLabel: 'Quarantine', labelEn: 'Quarantine (admin)', sort: 50, status: 1 })
    })
    await waitFor(() => optionText('42') === 'Quarantine (admin)', 'the added value in the filter, with its English label')
    expect(addedDictValues('storageAreaType')).toEqual(['42'])
    // Form selects keep the values the server stores.
    expect(dictOptions('storageAreaType').map((o) => o.value)).not.toContain(42)

    // Filtering by it: the server accepts it and nothing matches.
    const sel = select()!
    await act(async () => {
      sel.value = '42'
      sel.dispatchEvent(new Event('change', { bubbles: true }))
    })
    await act(async () => { sel.form!.requestSubmit() })
    await waitFor(() => h.calls.find((c) => c.path === '/api/resources/storageArea' && /[?&]type=42\b/.test(c.url) && c.status), 'filtered request answered')
    const call = h.calls.find((c) => c.path === '/api/resources/storageArea' && /[?&]type=42\b/.test(c.url))!
    expect(call.status).toBe(200)
    await waitFor(() => root.host.querySelectorAll('[role="row"][data-row-id]').length === 0, 'no rows')
    expect(toasts.list.filter((x) => x.kind === 'error')).toEqual([])

    // Disabled on the dictionary screen: gone from the filter again.
    const [item] = await h.t.database.query<{ id: number }>(`select id from dict_item where dict_code = 'storageAreaType' and dict_value = '42'`)
    await act(async () => { await getRuntime().callServer('resource.dictItem.status', { ids: [Number(item.id)], status: 0 }) })
    await waitFor(() => optionText('42') === null, 'disabled value left the filter')
  })
})
