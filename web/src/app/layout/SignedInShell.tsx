import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import MainLayout from './MainLayout'

/** Only signed-in pages read server data through react-query; the public pages never need it. */
const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
})

/**
 * What a signed-in user gets: the data cache and the main layout. A chunk of its own (Gate loads it
 * lazily), so the login page downloads neither.
 */
export default function SignedInShell() {
  return (
    <QueryClientProvider client={queryClient}>
      <MainLayout />
    </QueryClientProvider>
  )
}
