// Feedback dialog (spec sections 3, 5, 7, 8): write to the team, attach files, see your earlier feedback.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { noticeApi, ApiError } from '../../api/clients'
import { session } from '../../state/session'
import { showToast } from '../../state/toast'
import { formatTime } from '../../../domain/format'
import { UPLOAD_RULES, checkUpload } from '../../../domain/upload'
import { NOTICE_SOURCE } from './notices-model'
import { FEEDBACK_MAX, checkFeedbackOnBlur, checkFeedbackForSubmit, feedbackRows, feedbackStatusKey, feedbackStatusTone, type TagTone } from './feedback-rules'
import { Modal, usePanel, btn } from './ui-kit'

export const FEEDBACK_WIDTH = 800

export interface Feedback {
  id: number | string
  feedbackContent: string
  feedbackFile?: string[] | string | null
  feedbackStatus: number
  feedbackStatusName?: string | null
  createTime?: string | null
  remark?: string | null
}

const TONE: Record<TagTone, string> = {
  danger: 'bg-red-50 text-red-700 border-red-200',
  warning: 'bg-amber-50 text-amber-700 border-amber-200',
  info: 'bg-gray-50 text-gray-600 border-gray-200',
  success: 'bg-green-50 text-green-700 border-green-200',
}

interface Attachment { name: string; url: string }

/** URL from the upload response: the service answers {data: url} (or {data: {url}}). */
function uploadedUrl(data: unknown): string {
  if (typeof data === 'string') return data
  if (data && typeof data === 'object' && typeof (data as { url?: unknown }).url === 'string') return (data as { url: string }).url
  throw new Error('upload returned no url')
}

function feedbackIdentity() {
  return { feedbackUserId: session.userId, feedbackUserName: session.username, noticeSource: NOTICE_SOURCE }
}

/** The reader's feedback, newest first; a failure is logged and shows as an empty list. */
export async function fetchFeedbackHistory(): Promise<Feedback[]> {
  try {
    const list = await noticeApi.post<Feedback[] | { records?: Feedback[] } | null>('/sysFeedback/getAllFeedback', feedbackIdentity(), { silent: true })
    return Array.isArray(list) ? list : list?.records ?? []
  } catch (e) {
    console.error('[feedback] list failed', e)
    return []
  }
}

function filesOf(f: Feedback['feedbackFile']): string[] {
  if (Array.isArray(f)) return f
  if (typeof f === 'string' && f) return f.split(',').filter(Boolean)
  return []
}

export function FeedbackDialog() {
  const { t } = useTranslation()
  const panel = usePanel('feedback')
  const { userId } = useSnapshot(session)
  const [content, setContent] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [files, setFiles] = useState<Attachment[]>([])
  const [uploading, setUploading] = useState(0)
  const [submitting, setSubmitting] = useState(false)
  /** null while loading */
  const [history, setHistory] = useState<Feedback[] | null>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  // A ref, not state: two clicks in one event batch must not both pass the guard.
  const inFlight = useRef(false)
  const ids = { content: useId(), error: useId(), counter: useId(), files: useId() }

  useEffect(() => {
    if (!panel.open || !userId) return
    let live = true
    void fetchFeedbackHistory().then((list) => { if (live) setHistory(list) })
    return () => { live = false }
  }, [panel.open, userId])

  const reset = () => { setContent(''); setError(null); setFiles([]); if (fileInput.current) fileInput.current.value = '' }
  const close = () => { reset(); panel.hide() }

  const onFiles = async (list: FileList | null) => {
    const picked = [...(list ?? [])]
    if (fileInput.current) fileInput.current.value = ''
    for (const f of picked) {
      const check = checkUpload(UPLOAD_RULES.attachment, f.name, f.size)
      if (!check.ok) { showToast('warning', t(check.messageKey, check.params)); continue }
      setUploading((n) => n + 1)
      try {
        const fd = new FormData()
        fd.append('file', f, f.name)
        const url = uploadedUrl(await noticeApi.form<unknown>('/common/upload', fd, { silent: true }))
        setFiles((xs) => [...xs, { name: f.name, url }])
      } catch (e) {
        console.error('[feedback] upload failed', e)
        showToast('error', t('extras:feedback.uploadFailed'))
      } finally {
        setUploading((n) => n - 1)
      }
    }
  }

  const submit = async (e?: FormEvent) => {
    e?.preventDefault()
    // Blocked while a submit or an upload is running (a half-uploaded attachment would be lost).
    if (inFlight.current || uploading > 0) return
    const check = checkFeedbackForSubmit(content)
    if (!check.ok) {
      if (check.level === 'warning') showToast('warning', t(check.messageKey, check.params))
      else setError(check.messageKey)
      return
    }
    inFlight.current = true
    setSubmitting(true)
    try {
      await noticeApi.post('/sysFeedback', { feedbackContent: check.content, feedbackFile: files.map((f) => f.url), ...feedbackIdentity() }, { silent: true })
      showToast('success', t('extras:feedback.success'))
      reset()
      panel.hide()
      setHistory(null)
      setHistory(await fetchFeedbackHistory())
    } catch (err) {
      const key = err instanceof ApiError && err.messageKey ? err.messageKey : 'extras:feedback.failed'
      showToast('error', t(key, { field: t('extras:feedback.content') }))
    } finally {
      inFlight.current = false
      setSubmitting(false)
    }
  }

  const busy = submitting || uploading > 0
  return (
    <Modal
      open={panel.open}
      onClose={close}
      width={FEEDBACK_WIDTH}
      title={t('extras:feedback.title')}
      testId="feedback-dialog"
      footer={(
        <>
          <button type="button" className={btn.plain} onClick={close}>{t('extras:common.cancel')}</button>
          <button type="submit" form="feedback-form" className={btn.primary} disabled={busy} aria-busy={busy} data-testid="feedback-submit">
            {submitting ? t('extras:common.submitting') : t('extras:common.submit')}
          </button>
        </>
      )}
    >
      <form id="feedback-form" onSubmit={submit} noValidate>
        <label htmlFor={ids.content} className="mb-1 block text-sm font-medium">
          <span className="text-red-500" aria-hidden>* </span>{t('extras:feedback.content')}
        </label>
        <textarea
          id={ids.content}
          name="feedbackContent"
          value={content}
          rows={feedbackRows(content)}
          maxLength={FEEDBACK_MAX}
          required
          aria-required
          aria-invalid={!!error}
          aria-describedby={`${ids.counter}${error ? ' ' + ids.error : ''}`}
          placeholder={t('extras:feedback.placeholder')}
          onChange={(e) => { setContent(e.target.value); if (error) setError(checkFeedbackOnBlur(e.target.value)) }}
          onBlur={(e) => setError(checkFeedbackOnBlur(e.target.value))}
          onKeyDown={(e) => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); void submit() } }}
          className={`block w-full resize-none rounded border px-3 py-2 text-sm ${error ? 'border-red-500' : 'border-gray-300'}`}
        />
        <div className="mt-1 flex justify-between text-xs">
          <span id={ids.error} role={error ? 'alert' : undefined} className="text-red-600">{error ? t(error, { max: FEEDBACK_MAX }) : ''}</span>
          <span id={ids.counter} data-testid="feedback-counter" className="text-gray-500">{content.length}/{FEEDBACK_MAX}</span>
        </div>

        <div className="mt-3">
          <label htmlFor={ids.files} className="mb-1 block text-sm font-medium">{t('extras:feedback.attachments')}</label>
          <input id={ids.files} ref={fileInput} type="file" multiple accept={UPLOAD_RULES.attachment.extensions.map((x) => '.' + x).join(',')} onChange={(e) => void onFiles(e.target.files)} disabled={submitting} className="text-sm" />
          <p className="mt-1 text-xs text-gray-500">{t('extras:feedback.attachmentsHint', { formats: UPLOAD_RULES.attachment.extensions.join(', '), limit: UPLOAD_RULES.attachment.maxMb })}</p>
          {uploading > 0 && <p className="text-xs text-gray-500">{t('extras:feedback.uploading')}</p>}
          {files.length > 0 && (
            <ul className="mt-2 space-y-1">
              {files.map((f, i) => (
                <li key={f.url + i} className="flex items-center gap-2 text-sm">
                  <a href={f.url} target="_blank" rel="noreferrer" className="truncate text-[var(--theme)] underline">{f.name}</a>
                  <button type="button" className="text-xs text-red-600" aria-label={t('extras:feedback.removeFile', { name: f.name })} onClick={() => setFiles((xs) => xs.filter((_, j) => j !== i))}>{t('extras:common.remove')}</button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </form>

      <section className="mt-5 border-t border-gray-200 pt-3" aria-labelledby="feedback-history">
        <h3 id="feedback-history" className="mb-2 text-sm font-semibold">{t('extras:feedback.history')}</h3>
        {history === null ? <p className="text-sm text-gray-500">{t('extras:common.loading')}</p>
          : !history.length ? <p className="text-sm text-gray-500">{t('extras:feedback.noHistory')}</p>
          : (
            <ul className="max-h-64 space-y-2 overflow-y-auto" data-testid="feedback-history">
              {history.map((f) => (
                <li key={f.id} className="rounded border border-gray-100 p-2 text-sm">
                  <div className="flex items-center gap-2">
                    <span className={`rounded border px-1.5 text-xs ${TONE[feedbackStatusTone(f.feedbackStatus)]}`} data-tone={feedbackStatusTone(f.feedbackStatus)}>
                      {f.feedbackStatusName || t(feedbackStatusKey(f.feedbackStatus))}
                    </span>
                    <span className="text-xs text-gray-400">{formatTime(f.createTime ?? '')}</span>
                  </div>
                  <p className="mt-1 whitespace-pre-wrap">{f.feedbackContent}</p>
                  {filesOf(f.feedbackFile).map((u) => <a key={u} href={u} target="_blank" rel="noreferrer" className="mr-2 text-xs text-[var(--theme)] underline">{t('extras:feedback.attachment')}</a>)}
                  {f.remark && <p className="mt-1 text-xs text-gray-500">{t('extras:feedback.remark')}: {f.remark}</p>}
                </li>
              ))}
            </ul>
          )}
      </section>
    </Modal>
  )
}
