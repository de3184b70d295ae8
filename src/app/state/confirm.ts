// A keyboard-operable confirm question the shell renders (<ConfirmHost/>): startup failure, clear
// cache… Resolves true on confirm, false on cancel. One question at a time; a new one cancels the old.
import { proxy } from 'valtio'

export interface ConfirmRequest {
  /** i18n keys. */
  title: string
  message: string
  /** Already-translated detail shown under the message (e.g. a server error text). */
  detail?: string
  confirmText?: string
  cancelText?: string
  /** Hide the cancel button (e.g. a failure the user can only acknowledge). */
  noCancel?: boolean
}

export const confirmState = proxy({ open: null as (ConfirmRequest & { id: number }) | null })
let resolver: ((ok: boolean) => void) | null = null
let seq = 0

export function askConfirm(req: ConfirmRequest): Promise<boolean> {
  resolver?.(false)
  confirmState.open = { ...req, id: ++seq }
  return new Promise((resolve) => { resolver = resolve })
}

export function answerConfirm(ok: boolean): void {
  const r = resolver
  resolver = null
  confirmState.open = null
  r?.(ok)
}
