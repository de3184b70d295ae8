// The sign-in check (spec section 4): no token → /sso/login?redirect=<here>; a token but no session →
// load it (user info, pair, location, menus, permissions, favourites) before any page renders — the
// catch-all route exists only after the menu is in, so unknown paths cannot 404 too early. Startup
// failure → a confirm dialog; on confirm the token is reset and the user goes to sign in. A weak
// password keeps the user on /profile?tab=password (with a warning) until it is changed.
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { ApiError } from '../api/clients'
import { i18next } from '../i18n'
import { session } from '../state/session'
import { loadSession, loginPath, resetToken, type LoadResult } from '../state/session-flow'
import { askConfirm } from '../state/confirm'
import { showToast } from '../state/toast'

let loading: Promise<LoadResult> | null = null

/** One session load at a time, shared by every caller. */
export function loadSessionOnce(): Promise<LoadResult> {
  loading ??= loadSession().finally(() => { loading = null })
  return loading
}

const hereFull = () => window.location.pathname + window.location.search

/** A redirect to sign in is already under way (the client saw '302' / 401 and refresh failed). */
function isRedirecting(err: unknown): boolean {
  return (err instanceof ApiError && (err.code === '302' || err.status === 401)) || !session.token
}

export const WEAK_PASSWORD_PATH = '/profile?tab=password'

function enforceWeakPassword(pathname: string): void {
  if (!session.weakPassword || pathname === '/profile') return
  showToast('warning', i18next.t('auth:weakPasswordChangeRequired'))
  navigate(WEAK_PASSWORD_PATH, { replace: true })
}

export async function startupFailed(err: unknown, setFailed: (m: string) => void): Promise<void> {
  if (isRedirecting(err)) return
  const message = err instanceof Error ? err.message : String(err)
  setFailed(message)
  const ok = await askConfirm({ title: 'shell:startup.failedTitle', message: 'shell:startup.failed', detail: message, confirmText: 'shell:startup.signInAgain' })
  if (ok) {
    resetToken()
    navigate(loginPath(hereFull()), { replace: true })
  }
}

/** `soft`: for paths outside the sign-in check — no redirect without a token, a notice instead. */
export function SessionGate({ children, soft = false }: { children: ReactNode; soft?: boolean }) {
  const { t } = useTranslation()
  const { token, ready, weakPassword } = useSnapshot(session)
  const [location] = useLocation()
  const [failed, setFailed] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (!token) {
      if (!soft) navigate(loginPath(hereFull()), { replace: true })
      return
    }
    if (ready) return
    loadSessionOnce()
      .then(() => enforceWeakPassword(window.location.pathname))
      .catch((err) => startupFailed(err, setFailed))
  }, [token, ready, attempt, soft])

  useEffect(() => {
    if (ready) enforceWeakPassword(location)
  }, [ready, location])

  if (!token) {
    if (!soft) return null
    return (
      <div className="flex h-full flex-col items-center justify-center gap-2" role="status">
        <p>{t('shell:selection.signInFirst')}</p>
        <a href={loginPath(hereFull())} className="text-[var(--theme)] underline">{t('shell:selection.signIn')}</a>
      </div>
    )
  }
  if (!ready) {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-3" role={failed ? 'alert' : 'status'} data-testid="session-loading">
        {failed ? (
          <>
            <p className="text-red-700">{t('shell:startup.failed')}</p>
            <p className="text-sm text-slate-600">{failed}</p>
            <div className="flex gap-2">
              <button type="button" className="rounded border px-3 py-1.5" onClick={() => { setFailed(null); setAttempt((n) => n + 1) }}>{t('shell:startup.retry')}</button>
              <button type="button" className="rounded bg-[var(--theme)] px-3 py-1.5 text-white"
                onClick={() => { resetToken(); navigate(loginPath(hereFull()), { replace: true }) }}>{t('shell:startup.signInAgain')}</button>
            </div>
          </>
        ) : <p className="text-slate-600">{t('shell:startup.loading')}</p>}
      </div>
    )
  }
  // Held for the profile page: nothing else renders (its calls would only meet the server's 403).
  if (weakPassword && location !== '/profile') return null
  return <>{children}</>
}

/** For pages outside the sign-in check: load the session when a token exists, never redirect. */
export function useSoftSession(): 'loading' | 'none' | 'failed' | 'ready' {
  const { token, ready } = useSnapshot(session)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (!token || ready) return
    loadSessionOnce().catch(() => setFailed(true))
  }, [token, ready])
  if (ready) return 'ready'
  if (!token) return 'none'
  return failed ? 'failed' : 'loading'
}
