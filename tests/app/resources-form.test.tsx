// @vitest-environment happy-dom
// The generated resource screens on the real API (storage areas of the warehouse group): the list
// shows translated enum labels and the commands the user may run; the new/edit form validates on blur
// with the declaration's schema, upper-cases codes as typed, sends nothing while invalid, puts the
// server's field errors (a duplicate code) on the field, and saves through resource.storageArea.add/.edit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { storageAreaResource as storageArea } from '../../src/domain/resources/warehouse/storage-area'
import { ResourceFormDialog } from '../../src/app/resources/ResourceForm'
import { ResourceListPage } from '../../src/app/resources/ResourceListPage'
import { ResourceDialogHost } from '../../src/app/resources/ResourceDialogHost'
import { itemColumns, itemLabelKeys, JsonRowsEditor } from '../../src/app/resources/JsonRowsEditor'
import { ForwarderContacts } from '../../src/domain/resources/org/rules'
import { useEffect, useState } from 'react'
import { screenFor } from '../../src/app/pages/registry'
import { session } from '../../src/app/state/session'
import { closePanel } from '../../src/app/state/ui'
import { toasts } from '../../src/app/state/toast'
import { i18next } from '../../src/app/i18n'
import { startHarness, mount, waitFor, key, click, type, type Harness } from './grid-harness'
import { flush } from '../helpers/dom'
import { answerConfirm, interaction } from '../../src/app/commands/interaction'

let h: Harness
const en = (k: string, o?: Record<string, unknown>) => i18next.t(k, o)
const label = (f: string) => en(`res-warehouse:storageArea.fields.${f}`)

/** The control a field's <label> points at. */
function control(root: ParentNode, field: string): HTMLElement {
  const l = [...root.querySelectorAll('label')].find((x) => x.textContent?.replace('*', '').trim() === label(field))
  if (!l) throw new Error(`no label ${label(field)}`)
  return document.getElementById(l.htmlFor)!
}
// The error line under a field has the control's id + '-error' (useZodForm's ids).
const errorOf = (root: ParentNode, field: string) => document.getElementById(`${control(root, field).id}-error`)?.textContent ?? ''
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 10)) })

/** Keyboard only: ↓ opens the listbox, ↓ until the wanted option is active, Enter picks it. */
async function pick(button: HTMLElement, text: string) {
  act(() => button.focus())
  key(button, 'ArrowDown')
  const list = await waitFor(() => document.querySelector<HTMLElement>('[role="listbox"]'), 'listbox')
  await settle()
  for (let i = 0; i < 12; i++) {
    const active = document.getElementById(list.getAttribute('aria-activedescendant') ?? '')
    if (active?.textContent === text) break
    key(list, 'ArrowDown')
    await settle()
  }
  key(list, 'Enter')
  await waitFor(() => button.textContent === text, `picked ${text}`)
}
const countAreas = async (code?: string) => Number((await h.t.database.query<{ n: string }>(
  `select count(*) n from storage_area where tenant_id = 1 and warehouse_id = 26${code ? ' and code = $1' : ''}`, code ? [code] : []))[0].n)

beforeAll(async () => { h = await startHarness() })
afterAll(async () => { await h?.t.close() })

describe('resource form (new)', () => {
  it('validates on blur, upper-cases codes, sends nothing while invalid, then maps the server\'s duplicate error onto the code field', async () => {
    const [existing] = await h.t.database.query<{ code: string }>('select code from storage_area where tenant_id = 1 and warehouse_id = 26 order by code limit 1')
    let closed = 0
    const m = mount(<ResourceFormDialog def={storageArea} onClose={() => { closed++ }} />)
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-form-storageArea"]'), 'form dialog')
    expect(dialog.textContent).toContain(en('resources-ui:form.newTitle', { title: en('res-warehouse:storageArea.title') }))

    // Blur an empty required field: the error names the field.
    const code = control(dialog, 'code') as HTMLInputElement
    act(() => { code.focus(); code.blur() })
    await waitFor(() => errorOf(dialog, 'code'), 'code error')
    expect(errorOf(dialog, 'code')).toContain(label('code'))
    expect(code.getAttribute('aria-invalid')).toBe('true')

    // Codes are upper-cased as typed; a bad character is refused by the same schema as the server's.
    type(code, 'ab 1')
    expect(code.value).toBe('AB 1')
    act(() => code.blur())
    await waitFor(() => errorOf(dialog, 'code'), 'format error')

    // Submit with the rest empty: the general message, per-field errors, nothing sent.
    h.calls.length = 0
    const form = dialog.querySelector('form')!
    await act(async () => { form.requestSubmit() })
    await waitFor(() => dialog.querySelector('[data-testid="form-error"]'), 'form error')
    expect(dialog.querySelector('[data-testid="form-error"]')!.textContent).toBe(en('common:validation.form'))
    expect(errorOf(dialog, 'name')).toContain(label('name'))
    // An empty required enum reads "required" (not "invalid").
    expect(errorOf(dialog, 'type')).toBe(en('errors:field.required', { field: label('type') }))
    expect(h.calls.filter((c) => c.url.startsWith('/api/commands/'))).toEqual([])

    // A duplicate code passes the client schema; the server's 409 lands on the code field.
    type(code, existing.code)
    type(control(dialog, 'name') as HTMLInputElement, 'Returns overflow')
    await pick(control(dialog, 'type'), en('dict:storageAreaType.4'))
    const before = await countAreas()
    await act(async () => { form.requestSubmit() })
    await waitFor(() => h.calls.some((c) => c.url === '/api/commands/resource.storageArea.add'), 'add command sent')
    await waitFor(() => errorOf(dialog, 'code'), 'server error on code')
    expect(await countAreas()).toBe(before)
    expect(closed).toBe(0)

    // Fixed: saved, the dialog closes, the row is stored upper-case in the current pair.
    type(code, 'rt-01')
    await act(async () => { form.requestSubmit() })
    await waitFor(() => closed === 1, 'closed after save')
    const [row] = await h.t.database.query<{ code: string; name: string; area_type: number; status: number }>(
      `select code, name, area_type, status from storage_area where tenant_id = 1 and warehouse_id = 26 and code = 'RT-01'`)
    expect(row).toMatchObject({ code: 'RT-01', name: 'Returns overflow', area_type: 4, status: 1 })
    expect(toasts.list.at(-1)?.message).toBe(en('resources-ui:form.created', { title: en('res-warehouse:storageArea.title'), label: 'Returns overflow' }))
    m.unmount()
  })
})

describe('resource list screen', () => {
  it('is registered under the catalog component key, shows dictionary labels, opens a row for editing with Enter', async () => {
    expect(screenFor('warehouse/storage-area')).toBeDefined()
    const m = mount(<><ResourceListPage def={storageArea} /><ResourceDialogHost /></>)
    const grid = await waitFor(() => m.container.querySelector<HTMLElement>('[role="grid"]'), 'grid')
    await waitFor(() => m.container.querySelectorAll('[role="row"][data-row-id]').length > 0, 'rows')
    // Enum cells through the dictionary (not the stored numbers).
    expect(m.container.querySelector('[role="row"][data-row-id]')!.textContent).toMatch(new RegExp(en('dict:enabledFlag.1')))
    // Filter by the free-text search: only the row created above.
    const q = m.container.querySelector<HTMLInputElement>('#resource-storageArea-f-q')!
    type(q, 'RT-01')
    await act(async () => { q.form!.requestSubmit() })
    await waitFor(() => m.container.querySelectorAll('[role="row"][data-row-id]').length === 1, 'one row')
    act(() => grid.focus())
    key(grid, 'ArrowDown')
    key(grid, 'Enter')
    const dialog = await waitFor(() => document.querySelector<HTMLElement>('[data-testid="resource-form-storageArea"]'), 'edit dialog')
    const name = await waitFor(() => { try { return control(dialog, 'name') as HTMLInputElement } catch { return null } }, 'loaded')
    expect(name.value).toBe('Returns overflow')
    // The dialog took the keyboard while its row loaded (the grid behind gets no key), then its first field.
    const firstField = dialog.querySelector<HTMLElement>('form input:not([disabled]), form select:not([disabled]), form textarea:not([disabled]), form [role="combobox"]')
    await waitFor(() => document.activeElement === firstField, 'first field focused once the row is there')
    type(name, 'Returns overflow B')
    // Esc with a change asks first; "no" keeps the dialog and what was typed.
    key(name, 'Escape')
    await waitFor(() => interaction.confirm, 'asked before closing')
    act(() => answerConfirm(false))
    await flush(20)
    expect(document.querySelector('[data-testid="resource-form-storageArea"]')).not.toBeNull()
    expect(name.value).toBe('Returns overflow B')
    await act(async () => { dialog.querySelector('form')!.requestSubmit() })
    await waitFor(() => h.calls.some((c) => c.url === '/api/commands/resource.storageArea.edit'), 'edit sent')
    await waitFor(() => !document.querySelector('[data-testid="resource-form-storageArea"]'), 'closed')
    await waitFor(() => m.container.textContent?.includes('Returns overflow B'), 'grid refreshed')
    // Saved and closed: the keyboard is back on the row it was opened from.
    await waitFor(() => document.activeElement === grid, 'focus back on the grid')
    act(() => closePanel())
    m.unmount()
  })

  it('shows the command buttons the user holds, hides the others', async () => {
    const saved = { roles: [...session.roles], permissions: [...session.permissions] }
    Object.assign(session, { roles: [], permissions: ['menu:storage-area', 'storage-area:add'] })
    const m = mount(<ResourceListPage def={storageArea} />)
    await waitFor(() => m.container.querySelector('[data-testid="cmd-resource.storageArea.add"]'), 'add button')
    expect(m.container.querySelector('[data-testid="cmd-resource.storageArea.edit"]')).toBeNull()
    expect(m.container.querySelector('[data-testid="cmd-resource.storageArea.status"]')).toBeNull()
    m.unmount()
    Object.assign(session, { roles: ['admin'], permissions: [] })
    // Row commands are offered on the resource's own screen only.
    history.pushState(null, '', '/warehouse/storage-area')
    const m2 = mount(<ResourceListPage def={storageArea} />)
    // Edit needs exactly one selected row: shown, disabled with its reason.
    const edit = await waitFor(() => m2.container.querySelector<HTMLElement>('[data-testid="cmd-resource.storageArea.edit"]'), 'edit button')
    expect(edit.getAttribute('aria-disabled')).toBe('true')
    expect(edit.textContent).toContain(en('common:validation.selectExactlyOne'))
    m2.unmount()
    Object.assign(session, saved)
  })
})

describe('sub-rows editor (json fields)', () => {
  it('derives its columns from the zod item schema and adds/removes rows by keyboard', async () => {
    const cols = itemColumns(ForwarderContacts)!
    expect(cols.map((c) => [c.name, c.kind])).toEqual([['name', 'string'], ['phone', 'string'], ['email', 'string']])
    let last: unknown
    function Host() {
      const [v, setV] = useState<unknown>([])
      useEffect(() => { last = v }, [v])
      return <JsonRowsEditor id="contacts" value={v} onChange={setV} onBlur={() => {}} columns={cols} caption="contacts" labelKeys={itemLabelKeys('res-org', 'forwarder', 'contacts')} />
    }
    const m = mount(<Host />)
    const table = m.container.querySelector<HTMLElement>('[data-testid="contacts-rows"]')!
    expect(table.querySelector('th')!.textContent).toBe(en('res-org:forwarder.items.contacts.name'))
    // "Add row" is a button (Tab + Enter); Alt+Insert inside the table adds another.
    click(m.container.querySelector('#contacts'))
    await waitFor(() => table.querySelectorAll('tbody tr[data-row]').length === 1, 'one row')
    type(table.querySelector('tr[data-row="0"] input'), 'Ana')
    key(table.querySelector('tr[data-row="0"] input')!, 'Insert', { alt: true })
    await waitFor(() => table.querySelectorAll('tbody tr[data-row]').length === 2, 'two rows')
    type(table.querySelector('tr[data-row="1"] input'), 'Luis')
    expect(last).toEqual([{ name: 'Ana', phone: null, email: null }, { name: 'Luis', phone: null, email: null }])
    // Alt+Delete removes the focused row.
    key(table.querySelector('tr[data-row="0"] input')!, 'Delete', { alt: true })
    await waitFor(() => table.querySelectorAll('tbody tr[data-row]').length === 1, 'row removed')
    expect(last).toEqual([{ name: 'Luis', phone: null, email: null }])
    m.unmount()
  })
})
