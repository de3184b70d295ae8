// Everything past sign-in, loaded as its own chunk (AppRouter's lazy import) so the sign-in page does
// not download the console: the keyboard root (command catalog, palette, confirm dialog), the session
// gate and layout, the pages outside the sign-in check that render console screens (/index, /iframe/),
// the resource dialogs, and the shell's command effects (registered when this module loads).
import { lazy, Suspense } from 'react'
import { useLocation } from 'wouter'
import { KeyboardRoot } from '../palette'
import { ResourceDialogHost } from '../resources/index'
import { Layout } from '../shell/Layout'
import { SessionGate } from './session-gate'
import { useAppRoutes } from './menu-routes'
import { PageArea } from './PageArea'
import '../shell/effects'

const IndexGatewayPage = lazy(() => import('../pages/IndexGatewayPage'))

export default function ConsoleRoot() {
  const [location] = useLocation()
  return (
    <KeyboardRoot>
      {location === '/index' ? <Suspense fallback={null}><IndexGatewayPage /></Suspense>
        : location.includes('/iframe/') ? <SoftLayout />
        : <SessionGate><Layout /></SessionGate>}
      <ResourceDialogHost />
    </KeyboardRoot>
  )
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
