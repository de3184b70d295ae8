// Small building blocks shared by the extras: a focus-trapping modal (headlessui Dialog) and the
// "panel open?" binding to ui.panel, so a command (openPanel) and a button open the same thing.
import type { ReactNode } from 'react'
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react'
import { useSnapshot } from 'valtio'
import { useTranslation } from 'react-i18next'
import { ui, openPanel, closePanel, type PanelId } from '../../state/ui'

/** Whether the shell panel `id` is open, plus toggles (one panel at a time, per ui.panel). */
export function usePanel(id: PanelId) {
  const snap = useSnapshot(ui)
  const open = snap.panel === id
  return {
    open,
    props: open ? (snap.panelProps as Record<string, unknown>) : {},
    show: (props?: Record<string, unknown>) => openPanel(id, props),
    hide: () => { if (ui.panel === id) closePanel() },
    toggle: () => (ui.panel === id ? closePanel() : openPanel(id)),
  }
}

export function Modal({ open, onClose, title, width, children, dismissable = true, testId, footer }: {
  open: boolean
  /** Called by the close button, and by Escape/backdrop when `dismissable`. */
  onClose: () => void
  title: ReactNode
  /** Panel width in px (spec sizes: announcement 960, feedback 800). */
  width: number
  children: ReactNode
  /** false: Escape and backdrop clicks do nothing; only the close button closes. */
  dismissable?: boolean
  testId?: string
  footer?: ReactNode
}) {
  const { t } = useTranslation()
  return (
    <Dialog open={open} onClose={() => { if (dismissable) onClose() }} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-black/40" />
      <div className="fixed inset-0 flex items-start justify-center overflow-y-auto p-4 pt-[8vh]">
        <DialogPanel data-testid={testId} style={{ width, maxWidth: '100%' }} className="rounded-md bg-white shadow-xl">
          <div className="flex items-center justify-between border-b border-gray-200 px-5 py-3">
            <DialogTitle className="text-base font-semibold text-gray-900">{title}</DialogTitle>
            <button type="button" onClick={onClose} data-testid={testId ? `${testId}-close` : undefined} aria-label={t('extras:common.close')} className="rounded px-2 py-1 text-xl leading-none text-gray-500 hover:bg-gray-100">×</button>
          </div>
          <div className="px-5 py-4">{children}</div>
          {footer && <div className="flex justify-end gap-2 border-t border-gray-200 px-5 py-3">{footer}</div>}
        </DialogPanel>
      </div>
    </Dialog>
  )
}

export const btn = {
  primary: 'rounded bg-[var(--theme)] px-4 py-1.5 text-sm text-white hover:opacity-90 disabled:cursor-not-allowed disabled:opacity-50',
  plain: 'rounded border border-gray-300 bg-white px-4 py-1.5 text-sm text-gray-700 hover:bg-gray-50 disabled:opacity-50',
  danger: 'rounded bg-red-600 px-4 py-1.5 text-sm text-white hover:bg-red-700 disabled:opacity-50',
  icon: 'relative inline-flex h-9 w-9 items-center justify-center rounded text-gray-600 hover:bg-gray-100',
}
