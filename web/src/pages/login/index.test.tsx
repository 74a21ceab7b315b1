import { fireEvent, screen } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The layout of the path: the default (none saved).
vi.mock('@/api/loginLayout', async (orig) => ({ ...(await orig<typeof import('@/api/loginLayout')>()), getLoginLayout: vi.fn(() => Promise.reject(new Error('none'))) }))
vi.mock('@/api/auth', () => ({
  getCaptcha: vi.fn(() => Promise.resolve({ img: '', uuid: '', enabled: false })),
  weLinkLogin: vi.fn(),
}))

import { weLinkLogin } from '@/api/auth'
import { renderWithApp } from '@/test/render'
import { useConfigStore } from '@/stores/config'
import LoginPage from './index'
import { casLoginUrl } from './service'

const assign = vi.fn()
beforeEach(() => {
  assign.mockReset()
  vi.mocked(weLinkLogin).mockReset()
  vi.stubGlobal('location', { ...window.location, assign })
})
afterEach(() => {
  vi.unstubAllGlobals()
  useConfigStore.setState({ config: {} })
})

const renderAt = (entry: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/salogin" element={<LoginPage />} />
        <Route path="/done" element={<p>到达</p>} />
      </Routes>
    </MemoryRouter>,
  )

describe('login page with the central sign-on (CAS)', { timeout: 20_000 }, () => {
  it('builds the server entry with the page to return to', () => {
    expect(casLoginUrl('/')).toBe('/auth/cas/login')
    expect(casLoginUrl('/tjfx/zhcx?a=1')).toBe('/auth/cas/login?redirect=%2Ftjfx%2Fzhcx%3Fa%3D1')
  })

  it('shows only the password form while CAS is off', async () => {
    renderAt('/login')
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy()
    expect(screen.queryByText('统一身份认证登录')).toBeNull()
  })

  it('offers CAS beside the password, or the password to administrators only', async () => {
    useConfigStore.setState({ config: { casEnabled: 'true' } })
    const { unmount } = renderAt('/login?redirect=%2Fsystem%2Fuser')
    fireEvent.click(await screen.findByText('统一身份认证登录'))
    expect(assign).toHaveBeenCalledWith('/auth/cas/login?redirect=%2Fsystem%2Fuser')
    expect(screen.getByPlaceholderText('账号')).toBeTruthy()
    unmount()

    useConfigStore.setState({ config: { casEnabled: 'true', casPasswordLogin: 'false' } })
    renderAt('/login')
    await screen.findByText('统一身份认证登录')
    expect(screen.queryByPlaceholderText('账号')).toBeNull()
    fireEvent.click(screen.getByText('管理员登录'))
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy()
  })

  it('/salogin goes on to CAS, or says why the sign-in failed', async () => {
    useConfigStore.setState({ config: { casEnabled: 'true' } })
    const { unmount } = renderAt('/salogin?redirect=%2Fhome')
    expect(await screen.findByText('正在登录')).toBeTruthy()
    expect(assign).toHaveBeenCalledWith('/auth/cas/login?redirect=%2Fhome')
    unmount()

    assign.mockReset()
    renderAt('/salogin?error=' + encodeURIComponent('您的账号（T9）尚未在本系统开通，请联系所在党组织或组织部'))
    expect(await screen.findByText('统一身份认证登录未成功')).toBeTruthy()
    expect(screen.getByText('您的账号（T9）尚未在本系统开通，请联系所在党组织或组织部')).toBeTruthy()
    expect(assign).not.toHaveBeenCalled()
    fireEvent.click(screen.getByText('返回登录页'))
    expect(await screen.findByText('统一身份认证登录')).toBeTruthy()
  })
})

describe('login page opened inside WeLink', { timeout: 20_000 }, () => {
  it('signs in with the authorisation code once and goes to the page, or falls back to the form', async () => {
    const login = vi.mocked(weLinkLogin)
    login.mockResolvedValueOnce({ user: { id: 1, username: 'T1001', roles: ['home:view'] } as never })
    useConfigStore.setState({ config: { welinkEnabled: 'true' } })
    const { unmount } = renderAt('/login?code=abc&redirect=%2Fdone')
    expect(await screen.findByText('到达')).toBeTruthy()
    expect(login).toHaveBeenCalledTimes(1)
    expect(login).toHaveBeenCalledWith('abc')
    unmount()

    login.mockRejectedValueOnce(new Error('WeLink 授权码无效或已过期'))
    renderAt('/login?code=used')
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy()
  })

  it('ignores a code while WeLink is off', async () => {
    renderAt('/login?code=abc')
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy()
    expect(vi.mocked(weLinkLogin)).not.toHaveBeenCalled()
  })
})
