import { screen } from '@testing-library/react'
import Cookies from 'js-cookie'
import { lazy } from 'react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser, TREE } from '@/test/fixtures'
import { renderWithApp } from '@/test/render'

vi.mock('@/api/auth', () => ({ getCaptcha: vi.fn(() => Promise.resolve({ img: '', uuid: '', enabled: false })), getInfo: vi.fn(), logout: vi.fn() }))
vi.mock('@/api/menu', () => ({ myMenuTree: vi.fn() }))
vi.mock('@/api/user', () => ({ checkPassword: vi.fn(() => Promise.resolve({ needChange: false, reason: '' })) }))
vi.mock('@/api/message', () => ({
  todoPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0 })),
  remindPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0 })),
  warningPage: vi.fn(() => Promise.resolve({ content: [], totalElements: 0, totalWarningNum: 0 })),
}))
// A print view page as a module would add it under pages/print/.
vi.mock('./pages', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pages')>()
  const notice = lazy(async () => {
    const { default: PrintLayout } = await import('@/components/flow/PrintLayout')
    return { default: () => <PrintLayout title="发展党员公示">公示内容</PrintLayout> }
  })
  return { ...real, lazyPage: (c: string) => (c === 'print/sample-notice' ? notice : real.lazyPage(c)) }
})

import * as auth from '@/api/auth'
import { myMenuTree } from '@/api/menu'
import { useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import Gate from './Gate'
import { printComponent, printPath } from './print'

let location = ''
function Where() {
  const l = useLocation()
  location = l.pathname + l.search
  return null
}

const start = (path: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Where />
      <Routes>
        <Route path="*" element={<Gate />} />
      </Routes>
    </MemoryRouter>,
  )

describe('print views', () => {
  beforeEach(() => {
    useSessionStore.getState().clear()
    useConfigStore.setState({ config: {}, school: null, loaded: true })
    vi.mocked(auth.getInfo).mockResolvedValue(makeUser())
    vi.mocked(myMenuTree).mockResolvedValue(TREE)
  })

  it('map /print/<name> to the page folder print/<name>, and nothing else', () => {
    expect(printComponent('/print/sample-notice')).toBe('print/sample-notice')
    expect(printComponent('/print/fzdy/register/')).toBe('print/fzdy/register')
    expect(printComponent('/print/../system/user')).toBeUndefined()
    expect(printComponent('/print/')).toBeUndefined()
    expect(printComponent('/system/user')).toBeUndefined()
    expect(printPath('sample-notice', { id: 7, year: '2026' })).toBe('/print/sample-notice?id=7&year=2026')
    expect(printPath('sample-notice')).toBe('/print/sample-notice')
  })

  it('a signed-in user sees the print view alone, without the app around it', async () => {
    Cookies.set('zhdj_signed_in', '1', { path: '/' })
    useSessionStore.setState({ signedIn: true, user: null, roles: [], loadMenus: true })
    start('/print/sample-notice?id=7')
    expect(await screen.findByRole('heading', { name: '发展党员公示' })).toBeTruthy()
    expect(screen.getByText('公示内容')).toBeTruthy()
    expect(document.querySelector('.header-menu')).toBeNull()
    expect(document.querySelector('.sidebar')).toBeNull()
    expect(location).toBe('/print/sample-notice?id=7')
  })

  it('a missing print view says so', async () => {
    Cookies.set('zhdj_signed_in', '1', { path: '/' })
    useSessionStore.setState({ signedIn: true, user: null, roles: [], loadMenus: true })
    start('/print/no-such-view')
    expect(await screen.findByText('页面不存在：print/no-such-view')).toBeTruthy()
  })

  it('without a session a print view goes to the login page and back', async () => {
    Cookies.remove('zhdj_signed_in', { path: '/' })
    start('/print/sample-notice?id=7')
    await screen.findByRole('button', { name: /登\s*录/ })
    expect(location).toBe('/login?redirect=%2Fprint%2Fsample-notice%3Fid%3D7')
  })
})
