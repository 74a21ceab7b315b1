import { fireEvent, screen, waitFor } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

// The layout of the path: the default (none saved).
vi.mock('@/api/loginLayout', async (orig) => ({ ...(await orig<typeof import('@/api/loginLayout')>()), getLoginLayout: vi.fn(() => Promise.reject(new Error('none'))) }))
vi.mock('@/api/auth', () => ({
  getCaptcha: vi.fn(() => Promise.resolve({ img: '', uuid: '', enabled: false })),
  getPublicKey: vi.fn(() => Promise.resolve({ publicKey: 'KEY', algorithm: 'rsa' })),
  weLinkLogin: vi.fn(),
  sendSmsCode: vi.fn(),
  vercodeLogin: vi.fn(),
  sendRegisterCode: vi.fn(),
  register: vi.fn(),
  resetPassword: vi.fn(),
}))
vi.mock('@/utils/passwordCipher', () => ({ encryptPassword: vi.fn((_key: unknown, plain: string) => Promise.resolve(`enc(${plain})`)) }))

import { register, resetPassword, sendRegisterCode, sendSmsCode, vercodeLogin } from '@/api/auth'
import { useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import { renderWithApp } from '@/test/render'
import RegisterPage from '@/pages/register'
import ResetPasswordPage from '@/pages/resetPass'
import LoginPage from './index'

const sent = { message: '如该手机号可以使用，验证码已发送，5分钟内有效', interval: 60 }
const user = { id: 7, username: 'T3003', roles: ['dy:home'] } as never

beforeEach(() => {
  for (const f of [sendSmsCode, vercodeLogin, sendRegisterCode, register, resetPassword]) vi.mocked(f).mockReset()
  useConfigStore.setState({ config: { smsEnabled: 'true', smsRegisterEnabled: 'true' } })
})
afterEach(() => {
  useConfigStore.setState({ config: {} })
  useSessionStore.setState({ signedIn: false, user: null, roles: [] })
})

const renderAt = (entry: string) =>
  renderWithApp(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/register" element={<RegisterPage />} />
        <Route path="/resetPass" element={<ResetPasswordPage />} />
        <Route path="/" element={<p>首页</p>} />
        <Route path="/done" element={<p>到达</p>} />
      </Routes>
    </MemoryRouter>,
  )

/** Submits the form holding the phone field (the SMS form, beside the password form on the login page). */
const submit = () => fireEvent.submit(screen.getByPlaceholderText('手机号码').closest('form')!)
const type = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } })

describe('SMS sign-in, registration and password reset', { timeout: 20_000 }, () => {
  it('offers 短信登录 only while the SMS code is on', async () => {
    useConfigStore.setState({ config: {} })
    renderAt('/login')
    await screen.findByPlaceholderText('账号')
    expect(screen.queryByText('短信登录')).toBeNull()
    expect(screen.queryByText('忘记密码')).toBeNull()
  })

  it('asks for a code only for a valid phone, counts down, and signs in with it', async () => {
    vi.mocked(sendSmsCode).mockResolvedValue(sent)
    vi.mocked(vercodeLogin).mockResolvedValue({ user })
    renderAt('/login?redirect=%2Fdone')
    fireEvent.click(await screen.findByText('短信登录'))
    type('手机号码', '1380000')
    fireEvent.click(screen.getByText('获取验证码'))
    expect(await screen.findByText('请输入正确的手机号码')).toBeTruthy()
    expect(sendSmsCode).not.toHaveBeenCalled()
    type('手机号码', '13800001111')
    fireEvent.click(screen.getByText('获取验证码'))
    expect(await screen.findByText('60 秒后重新获取')).toBeTruthy()
    expect(sendSmsCode).toHaveBeenCalledWith('13800001111', 'login')
    type('短信验证码', '123456')
    submit()
    expect(await screen.findByText('到达')).toBeTruthy()
    expect(vercodeLogin).toHaveBeenCalledWith({ phone: '13800001111', vercode: '123456', rememberMe: false })
    expect(useSessionStore.getState().user).toEqual(user)
  })

  it('registers a member: the password encrypted, signed in, the username told', async () => {
    vi.mocked(sendRegisterCode).mockResolvedValue(sent)
    vi.mocked(register).mockResolvedValue({ user, username: 'T3003' })
    renderAt('/login')
    fireEvent.click(await screen.findByText('注册账号'))
    type('手机号码', '13700003333')
    fireEvent.click(await screen.findByText('获取验证码'))
    await waitFor(() => expect(sendRegisterCode).toHaveBeenCalledWith('13700003333'))
    type('短信验证码', '654321')
    type('新密码', 'Member#2026pw')
    type('确认新密码', 'Member#2026px')
    submit()
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    type('确认新密码', 'Member#2026pw')
    submit()
    expect(await screen.findByText('首页')).toBeTruthy()
    expect(register).toHaveBeenCalledWith({ phone: '13700003333', vercode: '654321', password: 'enc(Member#2026pw)' })
    expect(await screen.findByText(/您的用户名为 T3003/)).toBeTruthy()
  })

  it('says registration is closed when the school has not opened it', async () => {
    useConfigStore.setState({ config: { smsEnabled: 'true' } })
    renderAt('/register')
    expect(await screen.findByText('本校未开放自助注册，请联系所在党支部开通账号。')).toBeTruthy()
    expect(screen.queryByPlaceholderText('手机号码')).toBeNull()
  })

  it('resets a forgotten password and names the account', async () => {
    vi.mocked(sendSmsCode).mockResolvedValue(sent)
    vi.mocked(resetPassword).mockResolvedValue({ username: 'phone_user' })
    renderAt('/login')
    fireEvent.click(await screen.findByText('忘记密码'))
    type('手机号码', '13800001111')
    fireEvent.click(await screen.findByText('获取验证码'))
    await waitFor(() => expect(sendSmsCode).toHaveBeenCalledWith('13800001111', 'reset'))
    type('短信验证码', '111222')
    type('新密码', 'Reset#2026pw')
    type('确认新密码', 'Reset#2026pw')
    submit()
    expect(await screen.findByText('账号 phone_user 的密码已修改，原有登录已全部退出。')).toBeTruthy()
    expect(resetPassword).toHaveBeenCalledWith({ phone: '13800001111', vercode: '111222', newPass: 'enc(Reset#2026pw)' })
    fireEvent.click(screen.getByText('去登录'))
    expect(await screen.findByPlaceholderText('账号')).toBeTruthy()
  })
})
