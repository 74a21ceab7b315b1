import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import type { ComponentType } from 'react'

/**
 * A print view or a public page (支付结果) renders outside the signed-in shell (Gate: no menus, no tabs), so without the shell's
 * react-query client: this gives the view one of its own (one per tab the view opens in).
 */
export function withQueryClient<P extends object>(View: ComponentType<P>): ComponentType<P> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } })
  return function WithQueryClient(props: P) {
    return (
      <QueryClientProvider client={client}>
        <View {...props} />
      </QueryClientProvider>
    )
  }
}
