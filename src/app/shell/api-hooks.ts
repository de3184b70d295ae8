// Wires the HTTP clients' hooks (src/app/api/clients.ts apiEvents) to the shell: errors → 5 s toast
// + error-log entry + error reporting; '302'/401 → one token refresh (shared by concurrent calls) and
// a retry, else back to sign-in with the return address.
import { navigate } from 'wouter/use-browser-location'
import { apiEvents, type ApiError } from '../api/clients'
import { session } from '../state/session'
import { ui } from '../state/ui'
import { ERROR_TOAST_MS, showToast } from '../state/toast'
import { loginPath, refreshAccessToken, resetToken } from '../state/session-flow'
import { reportError } from './extras/error-reporting'

/** Error reporting must never turn one failure into two. */
function report(err: unknown): void {
  try { reportError(err) } catch (e) { console.warn('error reporting failed', e) }
}

export const ERROR_LOG_MAX = 100

export function logError(err: { message: string; stack?: string }): void {
  ui.errorLog.unshift({ message: err.message, url: window.location.href, time: Date.now(), stack: err.stack })
  if (ui.errorLog.length > ERROR_LOG_MAX) ui.errorLog.length = ERROR_LOG_MAX
}

export function onApiError(err: ApiError, opts: { silent: boolean }): void {
  if (opts.silent) return
  showToast('error', err.message || 'Error', ERROR_TOAST_MS)
  logError(err)
  report(err)
}

/** Where a '302'/401 sends the browser; stays put when already on the sign-in page. */
export function onApiRedirect(path: string): void {
  if (window.location.pathname === '/sso/login') return
  resetToken()
  session.ready = false
  const here = window.location.pathname + window.location.search
  const target = path.startsWith('/sso/login') && !path.includes('redirect=') ? loginPath(here) : path
  navigate(target, { replace: true })
}

export function installApiHooks(): void {
  apiEvents.onError = onApiError
  apiEvents.onRedirect = onApiRedirect
  apiEvents.onUnauthorized = refreshAccessToken
}
