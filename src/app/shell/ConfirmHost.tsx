// The shell's confirm dialog (state/confirm.ts). headlessui Dialog traps focus; Enter confirms (the
// confirm button has initial focus), Escape cancels unless the question offers no cancel.
import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { answerConfirm, confirmState } from '../state/confirm'

export function ConfirmHost() {
  const { open } = useSnapshot(confirmState)
  const { t } = useTranslation()
  if (!open) return null
  return (
    <Dialog open onClose={() => { if (!open.noCancel) answerConfirm(false) }} className="relative z-[90]">
      <div className="fixed inset-0 bg-black/30" aria-hidden="true" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel className="w-full max-w-md rounded bg-white p-5 shadow-xl" data-testid="confirm-dialog">
          <DialogTitle className="text-base font-semibold">{t(open.title)}</DialogTitle>
          <p className="mt-2 text-sm text-slate-700">{t(open.message)}</p>
          {open.detail && <p className="mt-1 text-sm text-red-700">{open.detail}</p>}
          <div className="mt-5 flex justify-end gap-2">
            {!open.noCancel && (
              <button type="button" className="rounded border px-3 py-1.5" onClick={() => answerConfirm(false)}>
                {t(open.cancelText ?? 'common:cancel')}
              </button>
            )}
            <button type="button" autoFocus data-testid="confirm-ok" className="rounded bg-[var(--theme)] px-3 py-1.5 text-white" onClick={() => answerConfirm(true)}>
              {t(open.confirmText ?? 'common:confirm')}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  )
}
