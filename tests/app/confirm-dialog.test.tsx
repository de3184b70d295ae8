// @vitest-environment happy-dom
// One confirm dialog for the whole console: the shell's questions (state/confirm.ts) and the commands'
// and forms' questions (commands/interaction.ts) render the same component with the same keyboard
// behaviour — Enter confirms, Escape cancels (unless the question offers no cancel), and focus returns
// to where it was.
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act } from 'react'
import { initI18n, i18next } from '../../src/app/i18n'
import { ConfirmDialog } from '../../src/app/palette/ConfirmDialog'
import { askConfirm as askShell } from '../../src/app/state/confirm'
import { askConfirm as askCommand, interaction } from '../../src/app/commands/interaction'
import { $, $$, flush, mount, press, waitFor } from '../helpers/dom'

const dialog = () => $('[data-testid="command-confirm"]')

beforeAll(async () => { initI18n('en'); await i18next.changeLanguage('en') })
afterEach(() => { interaction.confirm = null; document.body.innerHTML = '' })

/** A focused button outside the dialog (where focus must come back to). */
function startButton(): HTMLButtonElement {
  const b = document.createElement('button')
  b.textContent = 'start'
  document.body.appendChild(b)
  b.focus()
  return b
}

describe('the one confirm dialog', () => {
  it('renders the shell\'s question (title, message, detail, own confirm text); Enter confirms and focus returns', async () => {
    const m = mount(<ConfirmDialog />)
    const start = startButton()
    let answer: boolean | undefined
    void act(() => { void askShell({ title: 'shell:startup.failedTitle', message: 'shell:startup.failed', detail: 'No warehouse assigned', confirmText: 'shell:startup.signInAgain' }).then((ok) => { answer = ok }) })
    const d = await waitFor(dialog, 'dialog')
    expect(d.getAttribute('role')).toBe('dialog')
    expect(d.textContent).toContain(i18next.t('shell:startup.failedTitle'))
    expect(d.textContent).toContain(i18next.t('shell:startup.failed'))
    expect($('[data-testid="command-confirm-detail"]')!.textContent).toBe('No warehouse assigned')
    const ok = $('[data-testid="command-confirm-ok"]')!
    expect(ok.textContent).toBe(i18next.t('shell:startup.signInAgain'))
    expect(document.activeElement).toBe(ok)
    await press(ok, 'Enter')
    await waitFor(() => !dialog(), 'closed')
    expect(answer).toBe(true)
    expect(document.activeElement).toBe(start)
    m.unmount()
  })

  it('a command\'s question in the same component: Escape cancels, Enter on the cancel button cancels', async () => {
    const m = mount(<ConfirmDialog />)
    const start = startButton()
    for (const how of ['Escape', 'cancel-Enter'] as const) {
      let answer: boolean | undefined
      void act(() => { void askCommand('resources:confirm.delete', { params: { count: 3 } }).then((ok) => { answer = ok }) })
      const d = await waitFor(dialog, 'dialog')
      expect(d.textContent).toContain(i18next.t('resources:confirm.delete', { count: 3 }))
      expect(d.textContent).toContain(i18next.t('palette:confirm.hint'))
      if (how === 'Escape') await press(document.activeElement!, 'Escape')
      else {
        const cancel = $('[data-testid="command-confirm-cancel"]')!
        act(() => cancel.focus())
        await press(cancel, 'Enter')
      }
      await waitFor(() => !dialog(), 'closed')
      expect(answer).toBe(false)
      expect(document.activeElement).toBe(start)
    }
    m.unmount()
  })

  it('a question without cancel ignores Escape and offers only the confirm button', async () => {
    const m = mount(<ConfirmDialog />)
    let answer: boolean | undefined
    void act(() => { void askShell({ title: 'palette:confirm.title', message: 'shell:startup.failed', noCancel: true }).then((ok) => { answer = ok }) })
    const d = await waitFor(dialog, 'dialog')
    expect($$('button', d)).toHaveLength(1)
    expect(d.textContent).toContain(i18next.t('palette:confirm.hintOnly'))
    await press(document.activeElement!, 'Escape')
    await flush(20)
    expect(dialog()).not.toBeNull()
    expect(answer).toBeUndefined()
    await press(document.activeElement!, 'Enter')
    await waitFor(() => !dialog(), 'closed')
    expect(answer).toBe(true)
    m.unmount()
  })

  it('a new question cancels the one still open, whichever side asked', async () => {
    const m = mount(<ConfirmDialog />)
    let first: boolean | undefined
    void act(() => { void askCommand('resources:confirm.delete', { params: { count: 1 } }).then((ok) => { first = ok }) })
    await waitFor(dialog, 'first')
    void act(() => { void askShell({ title: 'palette:confirm.title', message: 'shell:startup.failed' }) })
    await waitFor(() => first === false, 'first cancelled')
    expect(dialog()!.textContent).toContain(i18next.t('shell:startup.failed'))
    m.unmount()
  })
})
