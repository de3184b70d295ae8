// The console's root: language, sidebar state, tokens and the HTTP hooks are set up once at start;
// then routing (sign-in, the paths outside the sign-in check, or the signed-in layout). KeyboardRoot
// holds the one keyboard dispatcher around everything and the one confirm dialog; toasts float on top.
import { QueryClientProvider } from '@tanstack/react-query'
import { KeyboardRoot } from './palette'
import { queryClient } from './state/query-client'
import { initSidebarFromCookie } from './state/layout'
import { readTokens } from './state/session-flow'
import { AppRouter } from './router/AppRouter'
import { Toaster } from './shell/Toaster'
import { ResourceDialogHost } from './resources/index'
import { startLanguage } from './shell/language'
import { installApiHooks } from './shell/api-hooks'
import { initErrorReporting } from './shell/extras'
import './shell/effects'

startLanguage()
initSidebarFromCookie()
readTokens()
installApiHooks()
initErrorReporting()

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <KeyboardRoot>
        <AppRouter />
        <ResourceDialogHost />
        <Toaster />
      </KeyboardRoot>
    </QueryClientProvider>
  )
}
