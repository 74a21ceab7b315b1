import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { StyleProvider } from '@ant-design/cssinjs'
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

/**
 * Renders inside the app's providers. antd's styles are generated but not injected (cssinjs's
 * server mock): every role query asks the DOM for computed styles, and with antd's hundreds of
 * style sheets in the document that was about 40% of the unit suite's time. No test reads styles.
 */
export function renderWithApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return render(
    <StyleProvider mock="server">
      <QueryClientProvider client={client}>
        <App>
          <UiBridge />
          {node}
        </App>
      </QueryClientProvider>
    </StyleProvider>,
  )
}
