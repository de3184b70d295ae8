// The shell's confirm questions (startup failure, clear cache…) in the shape the shell asks them. One
// store and one dialog serve the whole console: this delegates to the command interaction store
// (commands/interaction.ts), rendered by palette/ConfirmDialog — Enter confirms, Esc cancels, focus
// returns where it was. Resolves true on confirm, false on cancel; a new question cancels the old.
import { answerConfirm, askConfirm as ask } from '../commands/interaction'

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

export function askConfirm(req: ConfirmRequest): Promise<boolean> {
  return ask(req.message, { titleKey: req.title, detail: req.detail, confirmKey: req.confirmText, cancelKey: req.cancelText, noCancel: req.noCancel })
}

export { answerConfirm }
