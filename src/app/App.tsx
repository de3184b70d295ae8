import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { initI18n } from './i18n'

initI18n()
const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })

export function App() {
  return <QueryClientProvider client={queryClient}><div>WMS</div></QueryClientProvider>
}
