// @vitest-environment happy-dom
// Forms: zod validation on blur and submit, the spec's general message, server field errors mapped
// onto fields (real API), Esc cancels, keyboard Select, and the unsaved-changes guard.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { act, useState } from 'react'
import { z } from 'zod'
import { api } from '../../src/app/api/clients'
import { Form, NumberInput, Select, TextInput, DateInput, confirmLeave, hasUnsavedChanges, useUnsavedChangesPrompt, useZodForm } from '../../src/app/forms'
import { startHarness, type Harness } from '../helpers/bridge'
import { mount, waitFor, key, click, type } from '../helpers/dom'

let h: Harness
const settle = () => act(async () => { await new Promise((r) => setTimeout(r, 30)) })
beforeAll(async () => { h = await startHarness() })
afterAll(async () => { await h?.close() })

const schema = z.object({
  code: z.string().min(1).regex(/^[A-Z0-9-]+$/),
  qty: z.number().int().positive(),
  status: z.enum(['1', '2']),
  day: z.string().optional(),
})
const statusOptions = [{ value: '1' as const, labelKey: 'audit:result.ok' }, { value: '2' as const, labelKey: 'audit:result.refused' }]

function Sample({ onSubmit, onCancel }: { onSubmit: (d: unknown) => void; onCancel: () => void }) {
  const form = useZodForm(schema, { code: '', qty: undefined as unknown as number, status: undefined as unknown as '1', day: undefined })
  useUnsavedChangesPrompt(form.dirty)
  return (
    <Form form={form} onSubmit={onSubmit} onCancel={onCancel} testId="sample">
      <TextInput label="fields:code" field={form.field('code')} required />
      <NumberInput label="fields:id" field={form.field('qty')} required />
      <Select label="fields:status" field={form.field('status')} options={statusOptions} required />
      <DateInput label="fields:title" field={form.field('day')} />
    </Form>
  )
}

describe('useZodForm + <Form>', () => {
  it('validates on blur, clears as the field is corrected, and blocks a bad submit with the general message', async () => {
    const onSubmit = vi.fn()
    const onCancel = vi.fn()
    const m = mount(<Sample onSubmit={onSubmit} onCancel={onCancel} />)
    const code = m.container.querySelector<HTMLInputElement>('input[name="code"]')!
    act(() => { code.focus(); code.blur() })
    act(() => { code.dispatchEvent(new FocusEvent('focusout', { bubbles: true })) })
    await waitFor(() => m.container.querySelector('[role="alert"]'), 'blur error')
    expect(m.container.textContent).toContain('Code is required')
    expect(code.getAttribute('aria-invalid')).toBe('true')
    type(code, 'ab')
    expect(m.container.textContent).toContain('Code has an invalid format')
    type(code, 'AB-1')
    expect(code.getAttribute('aria-invalid')).toBeNull()
    const form = m.container.querySelector('form')!
    act(() => { form.requestSubmit() })
    await waitFor(() => m.container.querySelector('[data-testid="form-error"]'), 'general message')
    expect(m.container.querySelector('[data-testid="form-error"]')!.textContent).toBe('Please check if the form is filled out correctly!')
    expect(onSubmit).not.toHaveBeenCalled()
    expect(m.container.textContent).toContain('ID is required') // qty labelled fields:id
    // Esc anywhere in the form cancels.
    key(code, 'Escape')
    expect(onCancel).toHaveBeenCalledTimes(1)
    m.unmount()
  })

  it('Select is keyboard operable and a valid form submits parsed data', async () => {
    const onSubmit = vi.fn()
    const m = mount(<Sample onSubmit={onSubmit} onCancel={() => {}} />)
    type(m.container.querySelector('input[name="code"]'), 'SKU-1')
    type(m.container.querySelector('input[name="qty"]'), '3')
    const button = m.container.querySelector<HTMLElement>('button[id$="-status"]')!
    act(() => button.focus())
    key(button, 'ArrowDown') // opens the listbox
    const options = await waitFor(() => (document.querySelectorAll('[role="option"]').length === 2 ? document.querySelector('[role="listbox"]') : null), 'listbox')
    // headlessui settles its active option asynchronously; give it a tick between presses.
    await settle()
    key(options, 'ArrowDown')
    await settle()
    expect(options.getAttribute('aria-activedescendant')).toBe(document.querySelectorAll('[role="option"]')[1].id)
    key(options, 'Enter')
    await waitFor(() => button.textContent === 'Refused', 'picked option')
    act(() => { m.container.querySelector('form')!.requestSubmit() })
    await waitFor(() => onSubmit.mock.calls.length === 1, 'submitted')
    expect(onSubmit.mock.calls[0][0]).toEqual({ code: 'SKU-1', qty: 3, status: '2', day: undefined })
    m.unmount()
  })

  it('maps the server\'s field errors onto the fields (real API refusal)', async () => {
    const schema2 = z.object({ tableKey: z.string().min(1), tableConfig: z.string() })
    function Saver() {
      const form = useZodForm(schema2, { tableKey: 'forms-test', tableConfig: '' })
      return (
        <Form form={form} onSubmit={(d) => api.post('/wms-plus-base/tableColumnConfig/user/addTableColumnConfig', d, { silent: true })}>
          <TextInput label="fields:tableKey" field={form.field('tableKey')} />
          <TextInput label="fields:tableConfig" field={form.field('tableConfig')} />
        </Form>
      )
    }
    const m = mount(<Saver />)
    type(m.container.querySelector('input[name="tableConfig"]'), '{not json')
    act(() => { m.container.querySelector('form')!.requestSubmit() })
    const input = m.container.querySelector<HTMLInputElement>('input[name="tableConfig"]')!
    await waitFor(() => input.getAttribute('aria-invalid') === 'true', 'server error on tableConfig')
    const err = document.getElementById(input.getAttribute('aria-describedby')!)!
    expect(err.textContent!.length).toBeGreaterThan(0)
    expect(m.container.querySelector('input[name="tableKey"]')!.getAttribute('aria-invalid')).toBeNull()
    expect(m.container.querySelector('[data-testid="form-error"]')!.textContent).toBe('Please check if the form is filled out correctly!')
    expect(h.calls.some((c) => c.method === 'POST' && c.url.endsWith('/addTableColumnConfig'))).toBe(true)
    m.unmount()
  })
})

describe('unsaved changes', () => {
  it('prompts on leave only while a form is dirty', async () => {
    function Dirty() {
      const [dirty, setDirty] = useState(false)
      useUnsavedChangesPrompt(dirty)
      return <button type="button" onClick={() => setDirty((d) => !d)}>toggle</button>
    }
    const m = mount(<Dirty />)
    const ask = vi.fn(() => false)
    expect(confirmLeave(ask)).toBe(true)
    expect(ask).not.toHaveBeenCalled()
    click(m.container.querySelector('button'))
    expect(hasUnsavedChanges()).toBe(true)
    expect(confirmLeave(ask)).toBe(false)
    expect(ask).toHaveBeenCalledWith('You have unsaved changes. Leave this page anyway?')
    const ev = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(ev)
    expect(ev.defaultPrevented).toBe(true)
    click(m.container.querySelector('button'))
    expect(hasUnsavedChanges()).toBe(false)
    const ev2 = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(ev2)
    expect(ev2.defaultPrevented).toBe(false)
    m.unmount()
  })
})
