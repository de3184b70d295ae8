// The temporary password of admin.user.resetPassword, shown once: the command opens the panel
// TEMPORARY_PASSWORD_PANEL with its result; the user screen renders this dialog for it. The password
// is selected on arrival (Ctrl+C copies it) and the copy button puts it on the clipboard; closing the
// dialog drops it from the panel state, so it cannot be shown again.
import { useRef, useState } from 'react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { TEMPORARY_PASSWORD_PANEL, type ResetPasswordResult } from '../../../../commands/admin'
import { Modal } from '../../palette/focus'
import { closePanel, ui } from '../../state/ui'

/** Renders the dialog while the reset's panel is open. */
export function TemporaryPasswordHost() {
  const { panel, panelProps } = useSnapshot(ui)
  if ((panel as string) !== TEMPORARY_PASSWORD_PANEL) return null
  const r = panelProps as unknown as ResetPasswordResult
  if (typeof r.temporaryPassword !== 'string') return null
  return <TemporaryPasswordDialog key={`${r.userId}-${r.temporaryPassword}`} result={r} onClose={closePanel} />
}

/** Copies text: the async clipboard where allowed, else the selected field and the copy command. */
async function copyText(text: string, field: HTMLInputElement | null): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) { await navigator.clipboard.writeText(text); return true }
  } catch { /* not allowed here (no permission or no secure context): fall back below */ }
  if (!field) return false
  field.select()
  try { return document.execCommand('copy') } catch { return false }
}

export function TemporaryPasswordDialog({ result, onClose }: { result: ResetPasswordResult; onClose(): void }) {
  const { t } = useTranslation()
  const field = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState<boolean | null>(null)
  const copy = async () => { setCopied(await copyText(result.temporaryPassword, field.current)); field.current?.focus() }
  return (
    <Modal scope="dialog" labelledBy="temp-password-title" onEscape={onClose} testId="temp-password-dialog" className="w-full max-w-md rounded-lg bg-white p-5 shadow-2xl">
      <h2 id="temp-password-title" className="text-base font-semibold">{t('admin:ui.tempPassword.title', { username: result.username })}</h2>
      <p className="mt-2 text-sm text-gray-700">{t('admin:ui.tempPassword.help')}</p>
      <label className="mt-3 flex flex-col gap-1 text-sm">
        <span className="text-gray-700">{t('admin:ui.tempPassword.label')}</span>
        <input ref={field} readOnly autoFocus value={result.temporaryPassword} onFocus={(e) => e.currentTarget.select()}
          className="h-9 rounded border border-gray-300 px-2 font-mono text-base tracking-wider" data-testid="temp-password-value" />
      </label>
      <p className="mt-1 min-h-4 text-xs" role="status" data-testid="temp-password-copied">
        {copied === true ? <span className="text-green-700">{t('admin:ui.tempPassword.copied')}</span> : copied === false ? <span className="text-red-600">{t('admin:ui.tempPassword.copyFailed')}</span> : null}
      </p>
      <p className="text-xs text-gray-500">{t('admin:ui.tempPassword.keys')}</p>
      <div className="mt-4 flex justify-end gap-2">
        <button type="button" className="h-8 rounded border px-3 text-sm" onClick={() => void copy()} data-testid="temp-password-copy">{t('admin:ui.tempPassword.copy')}</button>
        <button type="button" className="h-8 rounded bg-blue-600 px-3 text-sm text-white" onClick={onClose} data-testid="temp-password-close">{t('admin:ui.tempPassword.close')}</button>
      </div>
    </Modal>
  )
}
