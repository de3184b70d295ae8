// Top-level routing (spec section 2 "Fixed routes"): the sign-in page and the paths that skip the
// sign-in check render bare; everything else goes through the session gate into the layout, whose
// page area resolves fixed and menu routes (catch-all → /404 last, once the menu is in).
// The sign-in, auth-redirect and selection pages are in the first chunk; the console (ConsoleRoot:
// keyboard root, palette, layout, screens) is loaded only for the other paths.
import { lazy, Suspense, useEffect } from 'react'
import { useSnapshot } from 'valtio'
import { useLocation } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { session } from '../state/session'
import { loginPath } from '../state/session-flow'
import SignInPage from '../pages/SignInPage'
import AuthRedirectPage from '../pages/AuthRedirectPage'
import SelectionPage, { SelectionDetailsPage } from '../pages/SelectionPage'

const ConsoleRoot = lazy(() => import('./ConsoleRoot'))

/** Spec section 2: paths that skip the sign-in check. */
export const SKIP_SIGN_IN = ['/auth-redirect', '/selection', '/selection/details', '/index'] as const

export function skipsSignIn(pathname: string): boolean {
  return (SKIP_SIGN_IN as readonly string[]).includes(pathname) || pathname.includes('/iframe/')
}

export function AppRouter() {
  const [location] = useLocation()
  if (location === '/sso/login') return <SignInPage />
  if (location === '/auth-redirect') return <AuthRedirectPage />
  if (location === '/selection') return <SelectionPage />
  if (location === '/selection/details') return <SelectionDetailsPage />
  return <Console location={location} />
}

/** Without a token a path under the sign-in check goes straight to sign in, without loading the console. */
function Console({ location }: { location: string }) {
  const { token } = useSnapshot(session)
  const away = !token && !skipsSignIn(location)
  useEffect(() => {
    if (away) navigate(loginPath(window.location.pathname + window.location.search), { replace: true })
  }, [away])
  return away ? null : <Suspense fallback={null}><ConsoleRoot /></Suspense>
}
