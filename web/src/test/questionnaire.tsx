import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { useSessionStore } from '@/stores/session'
import { renderWithApp } from '@/test/render'
import QuestionnairePage from '@/pages/questionnaire'

/** The login page as the tests see it: where a signed-out visitor was sent, with the way back. */
function Login() {
  const { search } = useLocation()
  return <div>登录页{decodeURIComponent(search)}</div>
}

/** Renders the public /questionnaire page at url, signed in or not, beside a stand-in login page (tests only). */
export function renderAt(url: string, signedIn = true) {
  useSessionStore.setState({ signedIn })
  return renderWithApp(
    <MemoryRouter initialEntries={[url]}>
      <Routes>
        <Route path="/login" element={<Login />} />
        <Route path="*" element={<QuestionnairePage />} />
      </Routes>
    </MemoryRouter>,
  )
}
