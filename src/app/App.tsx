// The console's root: language, sidebar state, tokens and the HTTP hooks are set up once at start;
// then routing (sign-in, the paths outside the sign-in check, or the signed-in console, which AppRouter
// loads as its own chunk with the keyboard root — one keyboard dispatcher, the one confirm dialog —
// and the resource dialogs). Toasts float on top.
import { QueryClientProvider } from '@tanstack/react-query'
import { queryClient } from './state/query-client'
import { initSidebarFromCookie } from './state/layout'
import { readTokens } from './state/session-flow'
import { AppRouter } from './router/AppRouter'
import { Toaster } from './shell/Toaster'
import { startLanguage } from './shell/language'
import { installApiHooks } from './shell/api-hooks'
import { initErrorReporting } from './shell/extras/error-reporting'

startLanguage()
initSidebarFromCookie()
readTokens()
installApiHooks()
initErrorReporting()

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <AppRouter />
      <Toaster />
    </QueryClientProvider>
  )
}
