// Top-level routing (spec section 2 "Fixed routes"): the sign-in page and the paths that skip the
// sign-in check render bare; everything else goes through the session gate into the layout, whose
// page area resolves fixed and menu routes (catch-all → /404 last, once the menu is in).
import { lazy, Suspense } from 'react'
import { useLocation } from 'wouter'
import SignInPage from '../pages/SignInPage'
import AuthRedirectPage from '../pages/AuthRedirectPage'
import SelectionPage, { SelectionDetailsPage } from '../pages/SelectionPage'
import { Layout } from '../shell/Layout'
import { SessionGate } from './session-gate'
import { useAppRoutes } from './menu-routes'
import { PageArea } from './PageArea'

const IndexGatewayPage = lazy(() => import('../pages/IndexGatewayPage'))

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
  if (location === '/index') return <Suspense fallback={null}><IndexGatewayPage /></Suspense>
  if (location.includes('/iframe/')) return <SoftLayout />
  return <SessionGate><Layout /></SessionGate>
}

/**
 * Paths containing /iframe/ are pages another system embeds: no sign-in redirect, no shell chrome;
 * with a session the page renders bare, without one a sign-in notice shows.
 */
function SoftLayout() {
  const routes = useAppRoutes()
  return (
    <SessionGate soft>
      <main className="h-full overflow-auto p-2"><PageArea routes={routes} /></main>
    </SessionGate>
  )
}
