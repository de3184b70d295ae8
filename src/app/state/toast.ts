// Toasts: success/info 3000 ms, client errors 5000 ms (spec section 9). Rendered by the shell's <Toaster/>.
import { proxy } from 'valtio'

export interface Toast { id: number; kind: 'success' | 'error' | 'info' | 'warning'; message: string; until: number }
export const toasts = proxy({ list: [] as Toast[] })
let seq = 0

export const TOAST_MS = 3000
export const ERROR_TOAST_MS = 5000

export function showToast(kind: Toast['kind'], message: string, ms = kind === 'error' ? ERROR_TOAST_MS : TOAST_MS) {
  const id = ++seq
  toasts.list.push({ id, kind, message, until: Date.now() + ms })
  setTimeout(() => { toasts.list = toasts.list.filter((t) => t.id !== id) }, ms)
  return id
}
