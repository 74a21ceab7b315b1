import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { createCache, StyleProvider } from '@ant-design/cssinjs'
import { App, ConfigProvider, type ThemeConfig } from 'antd'
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
 * antd's generated styles, kept for the whole worker. cssinjs drops a component's styles once no
 * mounted component uses them, so every test (each starts from an empty document) generated and
 * serialised the styles of every antd component it showed again: this cache never drops them.
 */
const styles = createCache()
const update = styles.opUpdate.bind(styles)
styles.opUpdate = (key, valueFn) =>
  update(key, (prev) => {
    const next = valueFn(prev)
    // Released by its last user: keep the value with no users, to be taken again by the next test.
    return next === null && prev ? [0, prev[1]] : next
  })

/**
 * No motion: dialogs, drawers and messages open and close at once, so nothing waits for an animation.
 * zeroRuntime: antd's components skip their style hooks (the styles are not injected here anyway), about
 * 6% of the CPU of the heaviest page files.
 */
const theme: ThemeConfig = { token: { motion: false }, zeroRuntime: true }

/**
 * Where cssinjs puts the style sheets it injects even under the server mock: antd's CSS variables
 * (hundreds of --ant-* per component, on the App's root class). In the document, every element's
 * computed style inherited all of them, and happy-dom merged and copied them again for each ancestor on
 * every getComputedStyle; a role query with a name asks that of every node it reads (isHidden), so one
 * getByRole after a render took 150–350 ms on a plain list page. Outside the document they style nothing.
 */
const styleContainer = document.createElement('div')

/**
 * Renders inside the app's providers. antd's styles are generated but not injected (cssinjs's
 * server mock): every role query asks the DOM for computed styles, and with antd's hundreds of
 * style sheets in the document that was about 40% of the unit suite's time. No test reads styles.
 * `client` is the render's query client: `client.isFetching() === 0` tells a test the page has
 * settled, where it checks that something was not asked for or not shown.
 */
export function renderWithApp(node: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <StyleProvider mock="server" cache={styles} container={styleContainer}>
      <ConfigProvider theme={theme}>
        <QueryClientProvider client={client}>
          <App>
            <UiBridge />
            {node}
          </App>
        </QueryClientProvider>
      </ConfigProvider>
    </StyleProvider>,
  )
  return { ...view, client }
}
