// /auth-redirect — where the single sign-on sends the browser back (spec section 7: query fields
// token or wg_oauth, jwt_token, wg_oauth_refresh; plus redirect). Stores the tokens in cookies and
// continues to the requested page with the tokens removed from the address (replace, not push). A
// wg_oauth_refresh from an external sign-on is exchanged at once (its successor lands in the server's
// httpOnly cookie) and never stored by the page.
// jwt_token without token = a messaging-app account not mapped to a system account: explain, then
// go to the sign-in page after 5 s (spec section 8).
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { navigate } from 'wouter/use-browser-location'
import { clearSession, refreshAccessToken, storeTokens } from '../state/session-flow'
import { showToast } from '../state/toast'
import { safeRedirect } from './SignInPage'

export const UNMAPPED_REDIRECT_DELAY_MS = 5000

export interface RedirectQuery { token: string; jwtToken: string; refreshToken: string; redirect: string }

export function parseRedirectQuery(search: string): RedirectQuery {
  const q = new URLSearchParams(search)
  return {
    token: q.get('token') || q.get('wg_oauth') || '',
    jwtToken: q.get('jwt_token') || '',
    refreshToken: q.get('wg_oauth_refresh') || '',
    redirect: safeRedirect(q.get('redirect')),
  }
}

export default function AuthRedirectPage() {
  const { t } = useTranslation()
  // Read once: the first navigation below removes the query (effects may run twice in StrictMode).
  const [q] = useState(() => parseRedirectQuery(window.location.search))
  useEffect(() => {
    if (q.token) {
      // A new sign-in (maybe another user): nothing of the previous session may leak into it.
      clearSession()
      storeTokens({ token: q.token, jwtToken: q.jwtToken })
      if (!q.refreshToken) {
        navigate(q.redirect, { replace: true })
        return
      }
      void refreshAccessToken(q.refreshToken).finally(() => navigate(q.redirect, { replace: true }))
      return
    }
    if (q.jwtToken) {
      showToast('warning', t('auth-ui:redirect.notMapped'), UNMAPPED_REDIRECT_DELAY_MS)
      const timer = setTimeout(() => navigate('/sso/login', { replace: true }), UNMAPPED_REDIRECT_DELAY_MS)
      return () => clearTimeout(timer)
    }
    navigate('/sso/login', { replace: true })
  }, [q, t])
  return (
    <div className="flex h-full items-center justify-center" role="status">
      <p className="text-slate-600">{t('auth-ui:redirect.signingIn')}</p>
    </div>
  )
}
