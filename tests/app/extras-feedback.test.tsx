// @vitest-environment happy-dom
// Feedback dialog (spec section 5): required on blur, blank-after-trim refused with a warning, 500
// character limit with a counter, autosize rows, status tags; and the real round trip — submit through
// the notification service of an in-process API (fetch bridged to fastify.inject, real database).
import { describe, it, expect, beforeAll, afterAll, beforeEach } from 'vitest'
import { act } from 'react'
import type { Root } from 'react-dom/client'
import type { TestApp } from '../helpers/app'
import { session } from '../../src/app/state/session'
import { ui, openPanel, closePanel } from '../../src/app/state/ui'
import { toasts } from '../../src/app/state/toast'
import { FeedbackDialog } from '../../src/app/shell/extras'
import { startApi, signIn, type Api, type Sent } from '../helpers/bridge'
import { flush, waitFor, typeInto, newRoot, renderInto } from '../helpers/dom'
import { checkFeedbackOnBlur, checkFeedbackForSubmit, feedbackRows, feedbackStatusTone, feedbackStatusKey, FEEDBACK_MAX } from '../../src/app/shell/extras/feedback-rules'

let t: TestApp
let sent: Sent[] = []

let root: Root
const dialog = () => document.querySelector('[data-testid="feedback-dialog"]')
const textarea = () => dialog()!.querySelector('textarea') as HTMLTextAreaElement
const submitBtn = () => document.querySelector('[data-testid="feedback-submit"]') as HTMLButtonElement

let api: Api
beforeAll(async () => {
  api = await startApi()
  ;({ t, sent } = api)
  await signIn(t, 'receiver')
  ;({ root } = newRoot())
  await renderInto(root, <FeedbackDialog />)
})
afterAll(async () => {
  await act(async () => root?.unmount())
  await api?.close()
})
beforeEach(async () => {
  sent.length = 0
  toasts.list = []
  await act(async () => closePanel())
})

describe('feedback rules (pure)', () => {
  it('blur only checks emptiness', () => {
    expect(checkFeedbackOnBlur('')).toBe('extras:feedback.required')
    expect(checkFeedbackOnBlur('  ')).toBeNull()
    expect(checkFeedbackOnBlur('ok')).toBeNull()
  })
  it('submit: empty → field error, blank after trim → warning, over 500 → error, else trimmed content', () => {
    expect(checkFeedbackForSubmit('')).toMatchObject({ ok: false, level: 'error', messageKey: 'extras:feedback.required' })
    expect(checkFeedbackForSubmit(' \n\t ')).toMatchObject({ ok: false, level: 'warning', messageKey: 'extras:feedback.blank' })
    expect(checkFeedbackForSubmit('x'.repeat(FEEDBACK_MAX + 1))).toMatchObject({ ok: false, level: 'error', messageKey: 'extras:feedback.tooLong' })
    expect(checkFeedbackForSubmit('x'.repeat(FEEDBACK_MAX))).toEqual({ ok: true, content: 'x'.repeat(500) })
    expect(checkFeedbackForSubmit('  scanner lags  ')).toEqual({ ok: true, content: 'scanner lags' })
  })
  it('autosize stays within 2 to 4 rows', () => {
    expect(feedbackRows('')).toBe(2)
    expect(feedbackRows('a\nb\nc')).toBe(3)
    expect(feedbackRows('a\nb\nc\nd\ne\nf')).toBe(4)
    expect(feedbackRows('x'.repeat(200), 90)).toBe(3)
  })
  it('status tags: 0 red, 10 warning, 20 info, 90 green, others info', () => {
    expect([0, 10, 20, 90, 5, null].map(feedbackStatusTone)).toEqual(['danger', 'warning', 'info', 'success', 'info', 'info'])
    expect(feedbackStatusKey(90)).toBe('extras:feedback.status.s90')
    expect(feedbackStatusKey(42)).toBe('extras:feedback.status.other')
    expect(feedbackStatusKey(null)).toBe('extras:feedback.status.other')
  })
})

describe('FeedbackDialog', () => {
  it('opens from the feedback panel (a command) with an 800 px dialog, counter and 500-character limit', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    expect((dialog() as HTMLElement).style.width).toBe('800px')
    expect(textarea().maxLength).toBe(500)
    expect(textarea().getAttribute('rows')).toBe('2')
    await typeInto(textarea(), 'abc\nd\ne\nf\ng')
    expect(document.querySelector('[data-testid="feedback-counter"]')!.textContent).toBe('11/500')
    expect(textarea().getAttribute('rows')).toBe('4')
  })

  it('blur on an empty field shows the translated required error naming the field', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    await typeInto(textarea(), '')
    await act(async () => { textarea().focus(); textarea().blur() })
    const alert = await waitFor(() => dialog()!.querySelector('[role="alert"]'), 'error')
    expect(alert.textContent).toBe('Feedback content is required')
    expect(textarea().getAttribute('aria-invalid')).toBe('true')
    await typeInto(textarea(), 'fixed')
    expect(dialog()!.querySelector('[role="alert"]')).toBeNull()
  })

  it('whitespace-only content is refused with a warning and nothing is sent', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    await flush(50)
    sent.length = 0
    await typeInto(textarea(), '    ')
    await act(async () => { submitBtn().click() })
    await flush(20)
    expect(toasts.list.map((x) => [x.kind, x.message])).toEqual([['warning', 'Feedback content cannot be only spaces']])
    expect(sent.filter((s) => s.path === '/notice-api/sysFeedback')).toEqual([])
    expect(ui.panel).toBe('feedback')
  })

  it('submits trimmed content with identity, toasts success, closes, resets, and the list shows it pending (red)', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    await typeInto(textarea(), '  The label printer in zone B skips every third label.  ')
    await act(async () => { submitBtn().click() })
    await waitFor(() => ui.panel === null, 'dialog closed')
    const call = sent.find((s) => s.path === '/notice-api/sysFeedback')!
    expect(JSON.parse(call.body)).toMatchObject({ feedbackContent: 'The label printer in zone B skips every third label.', feedbackFile: [], feedbackUserId: session.userId, feedbackUserName: 'receiver', noticeSource: 'WMS' })
    expect(toasts.list.map((x) => [x.kind, x.message])).toEqual([['success', 'Thank you, your feedback was submitted']])

    // Reopened: the form was reset and the history (reloaded from the server) lists it as pending.
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    expect(textarea().value).toBe('')
    const item = await waitFor(() => [...document.querySelectorAll('[data-testid="feedback-history"] li')].find((li) => li.textContent?.includes('zone B')), 'history item')
    const tag = item.querySelector('[data-tone]')!
    expect(tag.getAttribute('data-tone')).toBe('danger')
    expect(tag.className).toContain('text-red-700')
  })

  it('a second click while submitting sends only one request', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    sent.length = 0
    await typeInto(textarea(), 'double click test')
    await act(async () => { submitBtn().click(); submitBtn().click() })
    await waitFor(() => ui.panel === null, 'dialog closed')
    expect(sent.filter((s) => s.path === '/notice-api/sysFeedback')).toHaveLength(1)
  })

  it('attachments upload to the notification service; a wrong format is refused before sending', async () => {
    await act(async () => openPanel('feedback'))
    await waitFor(dialog, 'dialog')
    sent.length = 0
    const input = dialog()!.querySelector('input[type="file"]') as HTMLInputElement
    expect(input.multiple).toBe(true)
    const pick = async (files: File[]) => {
      Object.defineProperty(input, 'files', { configurable: true, value: files })
      await act(async () => { input.dispatchEvent(new Event('change', { bubbles: true })) })
    }
    await pick([new File(['MZ'], 'tool.exe', { type: 'application/octet-stream' })])
    await flush(20)
    expect(sent.filter((s) => s.path === '/notice-api/common/upload')).toEqual([])
    expect(toasts.list.at(-1)?.message).toMatch(/please confirm upload file format \[png, jpg, jpeg, gif, webp, bmp, pdf\]/)

    await pick([new File(['%PDF-1.4 demo'], 'scan.pdf', { type: 'application/pdf' })])
    const link = await waitFor(() => [...dialog()!.querySelectorAll('a')].find((a) => a.textContent === 'scan.pdf'), 'uploaded file')
    expect(link.getAttribute('href')).toMatch(/^\/api\/files\//)
    await typeInto(textarea(), 'See the attached scan')
    await act(async () => { submitBtn().click() })
    await waitFor(() => ui.panel === null, 'dialog closed')
    const body = JSON.parse(sent.find((s) => s.path === '/notice-api/sysFeedback')!.body)
    expect(body.feedbackFile).toEqual([link.getAttribute('href')])
  })
})
