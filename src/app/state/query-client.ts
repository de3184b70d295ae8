// The one react-query client of the app: the shell invalidates it on warehouse and language switches
// (cached reads belong to the old scope / were translated server-side in the old language).
import { QueryClient } from '@tanstack/react-query'

export const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
