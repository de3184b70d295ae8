// Error reporting (spec section 8): @sentry/react only when a DSN is configured — nothing is sent
// otherwise. The SDK is loaded lazily so builds without a DSN do not pay for it; errors raised while it
// loads are queued and sent once it is ready.
import { ui } from '../../state/ui'
import { runtimeConfig } from '../../lib/runtime-config'
import { version as BUILD_VERSION } from '../../../../package.json'

type SentryModule = typeof import('@sentry/react')

let sentry: SentryModule | null = null
let state: 'off' | 'loading' | 'on' = 'off'
const pending: unknown[] = []
let listening = false

export const SENTRY_OPTIONS = { tracesSampleRate: 1, replaysSessionSampleRate: 0.1, replaysOnErrorSampleRate: 1 } as const

export function sentryDsn(): string | undefined {
  const fromEnv = (import.meta.env?.VITE_SENTRY_DSN as string | undefined) || undefined
  const dsn = fromEnv ?? runtimeConfig().sentryDsn
  return typeof dsn === 'string' && dsn.trim() ? dsn.trim() : undefined
}

/** Cancelled requests (aborts, navigation away) are not errors worth reporting. */
export function isCancelled(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false
  const e = err as { name?: unknown; code?: unknown; message?: unknown }
  if (e.name === 'AbortError' || e.name === 'CanceledError' || e.name === 'CancelledError') return true
  if (e.code === 'ERR_CANCELED' || e.code === 20) return true
  return typeof e.message === 'string' && /\b(aborted|canceled|cancelled)\b/i.test(e.message) && e.name !== 'ApiError'
}

/** Whether reporting is configured and started (or starting). */
export function reportingEnabled(): boolean {
  return state !== 'off'
}

/**
 * Sends an error to the error-reporting service. Returns whether it was (or will be, once the SDK has
 * loaded) sent: false without a DSN and for cancelled requests.
 */
export function reportError(err: unknown): boolean {
  if (state === 'off' || isCancelled(err)) return false
  if (sentry) sentry.captureException(err)
  else pending.push(err)
  return true
}

/** Same convention as the shell's API error log: newest first, at most ERROR_LOG_MAX entries. */
export const ERROR_LOG_MAX = 100
function logUncaught(message: string, stack?: string) {
  ui.errorLog.unshift({ message, url: location.href, time: Date.now(), stack })
  if (ui.errorLog.length > ERROR_LOG_MAX) ui.errorLog.length = ERROR_LOG_MAX
}

/**
 * Starts error reporting when a DSN is configured (VITE_SENTRY_DSN at build time or
 * window.__WMS_CONFIG__.sentryDsn at run time), and records uncaught errors in the shell's error log
 * either way (that log feeds the top bar's error-log button). Returns whether Sentry was started.
 */
export function initErrorReporting(): boolean {
  if (!listening && typeof window !== 'undefined') {
    listening = true
    window.addEventListener('error', (ev) => {
      // Resource load errors (img/script) carry no error object and are not application errors.
      if (!ev.error && !ev.message) return
      logUncaught(String(ev.message || ev.error), ev.error instanceof Error ? ev.error.stack : undefined)
    })
    window.addEventListener('unhandledrejection', (ev) => {
      if (isCancelled(ev.reason)) return
      // ApiErrors are already logged by the API hook; do not count them twice.
      if ((ev.reason as { name?: string } | null)?.name === 'ApiError') return
      const r = ev.reason as { message?: string; stack?: string } | undefined
      logUncaught(String(r?.message ?? ev.reason), r?.stack)
    })
  }
  const dsn = sentryDsn()
  if (!dsn || state !== 'off') return state !== 'off'
  state = 'loading'
  void import('@sentry/react').then((S) => {
    S.init({
      dsn,
      release: BUILD_VERSION,
      environment: import.meta.env?.MODE,
      integrations: [S.browserTracingIntegration(), S.replayIntegration()],
      ...SENTRY_OPTIONS,
    })
    sentry = S
    state = 'on'
    for (const e of pending.splice(0)) S.captureException(e)
  }).catch((e) => {
    // The app keeps working without reporting; say so once in the console.
    console.warn('[error-reporting] could not start', e)
    state = 'off'
    pending.length = 0
  })
  return true
}
