// The console's one confirmation dialog (commands' `confirm`, unsaved-form questions, the shell's
// startup failure…): the question lives in commands/interaction.ts (state/confirm.ts asks through it).
// A bulk command's question also names how many documents it touches (the count line, issue 18 §3).
// Enter confirms (the confirm button has focus), Esc cancels unless the question offers no cancel,
// and the Modal gives focus back to where it was; nothing runs until the operator answers.
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { answerConfirm, interaction } from '../commands/interaction'
import { Modal } from './focus'

export function ConfirmDialog() {
  const { confirm } = useSnapshot(interaction)
  const { t } = useTranslation()
  if (!confirm) return null
  return (
    <Modal key={confirm.id} scope="dialog" labelledBy="command-confirm-title" testId="command-confirm" onEscape={() => { if (!confirm.noCancel) answerConfirm(false) }}
      onKeyDown={(e) => {
        // Enter answers whichever button has focus (the confirm button by default) — handled here so
        // it behaves the same in every browser and never also fires a click.
        if (e.key !== 'Enter') return
        e.preventDefault()
        answerConfirm((e.target as HTMLElement).dataset?.testid !== 'command-confirm-cancel')
      }}
      className="w-full max-w-md rounded-lg bg-white p-5 shadow-2xl">
      <h2 id="command-confirm-title" className="text-base font-semibold">{t(confirm.titleKey ?? 'palette:confirm.title')}</h2>
      {confirm.countKey && <p className="mt-2 text-base font-semibold text-slate-900" data-testid="command-confirm-count">{t(confirm.countKey, confirm.params)}</p>}
      <p className="mt-2 whitespace-pre-line text-sm text-slate-700">{t(confirm.messageKey, confirm.params)}</p>
      {confirm.detail && <p className="mt-1 text-sm text-red-700" data-testid="command-confirm-detail">{confirm.detail}</p>}
      <p className="mt-3 text-xs text-slate-500">{t(confirm.noCancel ? 'palette:confirm.hintOnly' : 'palette:confirm.hint')}</p>
      <div className="mt-4 flex justify-end gap-2">
        {!confirm.noCancel && (
          <button type="button" className="rounded border px-3 py-1.5" onClick={() => answerConfirm(false)} data-testid="command-confirm-cancel">
            {t(confirm.cancelKey ?? 'palette:confirm.cancel')}
          </button>
        )}
        <button type="button" autoFocus className="rounded bg-[var(--theme,#1890ff)] px-3 py-1.5 text-white" onClick={() => answerConfirm(true)} data-testid="command-confirm-ok">
          {t(confirm.confirmKey ?? 'palette:confirm.ok')}
        </button>
      </div>
    </Modal>
  )
}

/** The name KeyboardRoot and older imports use. */
export const CommandConfirmDialog = ConfirmDialog
