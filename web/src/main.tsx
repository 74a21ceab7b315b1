import dayjs from 'dayjs'
import 'dayjs/locale/zh-cn'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import App from './app/App'
import { sessionIdFrom } from './app/router/guard'
import { useConfigStore } from './stores/config'
import { useSessionStore } from './stores/session'
import './styles.css'

dayjs.locale('zh-cn')

// Single sign-on hands over a session id in the URL: the server turns it into the HttpOnly session
// cookie (a script cannot set that cookie), then the app starts at the web root.
const sessionId = sessionIdFrom(window.location.search)
if (sessionId) window.history.replaceState(null, '', import.meta.env.BASE_URL)
const adopted = sessionId ? useSessionStore.getState().adoptSession(sessionId).catch(() => undefined) : Promise.resolve()

const config = useConfigStore.getState()
void config.load().then(() => {
  const stats = useConfigStore.getState().config.isNeedBaiduStatistics
  // Optional statistics script: only a real http(s) address is loaded.
  if (stats && /^https?:\/\//.test(stats)) {
    const s = document.createElement('script')
    s.src = stats
    s.async = true
    document.head.appendChild(s)
  }
})

void adopted.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
)
