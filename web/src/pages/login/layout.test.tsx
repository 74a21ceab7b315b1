import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'

vi.mock('@/api/auth', () => ({ getCaptcha: vi.fn(() => Promise.resolve({ img: '', uuid: '', enabled: false })) }))
vi.mock('@/api/loginLayout', async (orig) => ({ ...(await orig<typeof import('@/api/loginLayout')>()), getLoginLayout: vi.fn() }))

import { getLoginLayout, variantOf } from '@/api/loginLayout'
import { useConfigStore } from '@/stores/config'
import { renderWithApp } from '@/test/render'
import LoginPage from './index'

const layout = (over = {}) => ({
  variant: 'kclogin' as const, style: 'card' as const, title: '', subtitle: '', notice: '', backgroundFileId: null,
  showPassword: true, showSms: true, showCas: true, updateTime: '', backgroundUrl: '', ...over,
})

afterEach(() => useConfigStore.setState({ config: {} }))

const renderAt = (path: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path={path} element={<LoginPage />} />
      </Routes>
    </MemoryRouter>,
  )

describe('the login paths show their layouts', { timeout: 20_000 }, () => {
  it('maps a path to its layout, any other to the standard one', () => {
    expect(variantOf('/kclogin')).toBe('kclogin')
    expect(variantOf('/newlogin')).toBe('newlogin')
    expect(variantOf('/salogin')).toBe('login')
  })

  it("shows the path's title, texts and background, and only the ways it keeps", async () => {
    vi.mocked(getLoginLayout).mockResolvedValue(
      layout({ style: 'split', title: '某某学院党建', subtitle: '不忘初心', notice: '首次登录请用学号', showPassword: false, backgroundUrl: '/api/loginLayout/kclogin/background?v=1' }),
    )
    useConfigStore.setState({ config: { smsEnabled: 'true' } })
    const { container } = renderAt('/kclogin')
    expect(await screen.findByText('某某学院党建')).toBeTruthy()
    expect(getLoginLayout).toHaveBeenCalledWith('kclogin')
    expect(screen.getByText('不忘初心')).toBeTruthy()
    expect(screen.getByText('首次登录请用学号')).toBeTruthy()
    const page = container.querySelector<HTMLElement>('.login-page')!
    expect(page.className).toContain('login-split')
    expect(page.style.backgroundImage).toContain('/api/loginLayout/kclogin/background?v=1')
    // The password form is hidden (the SMS form shows), but 管理员登录 still opens it.
    expect(screen.queryByPlaceholderText('账号')).toBeNull()
    expect(screen.getByPlaceholderText('手机号码')).toBeTruthy()
    fireEvent.click(screen.getByText('管理员登录'))
    await waitFor(() => expect(screen.getByPlaceholderText('账号')).toBeTruthy())
  })

  it('never shows a way the school has not turned on', async () => {
    vi.mocked(getLoginLayout).mockResolvedValue(layout({ showSms: true, showCas: true }))
    renderAt('/kclogin')
    await screen.findByPlaceholderText('账号')
    await waitFor(() => expect(getLoginLayout).toHaveBeenCalled())
    expect(screen.queryByText('短信登录')).toBeNull()
    expect(screen.queryByText('统一身份认证登录')).toBeNull()
  })
})
