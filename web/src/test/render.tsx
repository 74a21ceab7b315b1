import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { App } from 'antd'
import { useLayoutEffect, type ReactNode } from 'react'
import { ui } from '@/app/bridge'

/** Points the feedback bridge at this render's antd App, so dialogs unmount with the test. */
function UiBridge() {
  const api = App.useApp()
  useLayoutEffect(() => {
    ui.message = api.message
    ui.notification = api.notification
    ui.modal = api.modal
  }, [api])
  return null
}

export function renderWithApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <QueryClientProvider client={client}>
      <App>
        <UiBridge />
        {node}
      </App>
    </QueryClientProvider>,
  )
}
