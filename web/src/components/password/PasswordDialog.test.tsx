import { generateKeyPairSync } from 'node:crypto'
import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import { JSEncrypt } from 'jsencrypt'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { renderWithApp } from '@/test/render'

const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 1024,
  publicKeyEncoding: { type: 'spki', format: 'der' },
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
})

vi.mock('@/api/auth', () => ({ getPublicKey: vi.fn(), logout: vi.fn(() => Promise.resolve()) }))
vi.mock('@/api/user', () => ({ updatePass: vi.fn(), updatePassByAdmin: vi.fn() }))

import * as auth from '@/api/auth'
import * as userApi from '@/api/user'
import { setNavigate } from '@/app/bridge'
import { useConfigStore } from '@/stores/config'
import { useSessionStore } from '@/stores/session'
import PasswordDialog, { FORCED_TITLE, LOGOUT_DELAY } from './PasswordDialog'

const decrypt = (t: string) => {
  const d = new JSEncrypt()
  d.setPrivateKey(privateKey)
  return d.decrypt(t)
}
const type = (label: string, value: string) => fireEvent.change(screen.getByPlaceholderText(label), { target: { value } })
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*认/ }))

describe('password dialog', () => {
  beforeEach(() => {
    vi.mocked(auth.getPublicKey).mockResolvedValue({ publicKey: publicKey.toString('base64'), algorithm: 'rsa' })
    useConfigStore.setState({ config: { passwordReg: '^(?=.*\\d)(?=.*[A-Za-z]).{8,}$', passwordRegTip: '密码至少8位，包含字母和数字' }, loaded: true })
  })
  afterEach(() => vi.useRealTimers())

  it('checks required fields, the configured pattern and the confirmation', async () => {
    renderWithApp(<PasswordDialog open onClose={() => undefined} />)
    ok()
    expect(await screen.findByText('请输入旧密码')).toBeTruthy()
    expect(screen.getByText('请输入新密码')).toBeTruthy()
    expect(screen.getByText('请再次输入密码')).toBeTruthy()
    type('请输入新密码', 'short')
    type('请再次输入密码', 'other')
    ok()
    // The tip appears under the field both as help text and as the error.
    await waitFor(() => expect(screen.getAllByText('密码至少8位，包含字母和数字').length).toBeGreaterThan(1))
    // The confirmation is checked in a later pass of the form's validation: wait for it too.
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy()
    expect(userApi.updatePass).not.toHaveBeenCalled()
  })

  it('own change: encrypted passwords, message, logout after 1.5 s', async () => {
    vi.mocked(userApi.updatePass).mockResolvedValue(undefined)
    const logout = vi.spyOn(useSessionStore.getState(), 'logout').mockResolvedValue(undefined)
    const nav = vi.fn()
    setNavigate(nav)
    const onClose = vi.fn()
    renderWithApp(<PasswordDialog open onClose={onClose} />)
    expect(screen.getByText('修改密码')).toBeTruthy()
    type('请输入旧密码', 'Old12345')
    type('请输入新密码', 'New12345')
    type('请再次输入密码', 'New12345')
    vi.useFakeTimers({ shouldAdvanceTime: true })
    ok()
    await waitFor(() => expect(userApi.updatePass).toHaveBeenCalled())
    const body = vi.mocked(userApi.updatePass).mock.calls[0][0]
    expect(decrypt(body.oldPass)).toBe('Old12345')
    expect(decrypt(body.newPass)).toBe('New12345')
    expect(await screen.findByText('密码修改成功，请重新登录')).toBeTruthy()
    expect(onClose).toHaveBeenCalled()
    expect(logout).not.toHaveBeenCalled()
    await act(() => vi.advanceTimersByTimeAsync(LOGOUT_DELAY))
    expect(logout).toHaveBeenCalled()
    await waitFor(() => expect(nav).toHaveBeenCalledWith('/login', true))
  })

  it('a named user: no old password, admin endpoint', async () => {
    vi.mocked(userApi.updatePassByAdmin).mockResolvedValue(undefined)
    renderWithApp(<PasswordDialog open username="zhangsan" onClose={() => undefined} />)
    expect(screen.queryByPlaceholderText('请输入旧密码')).toBeNull()
    type('请输入新密码', 'New12345')
    type('请再次输入密码', 'New12345')
    ok()
    await waitFor(() => expect(userApi.updatePassByAdmin).toHaveBeenCalled())
    const body = vi.mocked(userApi.updatePassByAdmin).mock.calls[0][0]
    expect(body.username).toBe('zhangsan')
    expect(decrypt(body.newPass)).toBe('New12345')
    expect(await screen.findByText('密码修改成功')).toBeTruthy()
  })

  it('a failed change keeps the dialog open', async () => {
    vi.mocked(userApi.updatePass).mockRejectedValue(new Error('旧密码错误'))
    const onClose = vi.fn()
    renderWithApp(<PasswordDialog open onClose={onClose} />)
    type('请输入旧密码', 'Bad12345')
    type('请输入新密码', 'New12345')
    type('请再次输入密码', 'New12345')
    ok()
    await waitFor(() => expect(userApi.updatePass).toHaveBeenCalled())
    // The submit has finished once 确认 stops spinning (onClose would have come before).
    await waitFor(() => expect(screen.getByRole('button', { name: /确\s*认/ }).classList.contains('ant-btn-loading')).toBe(false))
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByPlaceholderText('请输入新密码')).toBeTruthy()
  })

  it('forced dialog: fixed title, no close, no cancel', () => {
    renderWithApp(<PasswordDialog open forced reason="initial" onClose={() => undefined} />)
    expect(screen.getByText(FORCED_TITLE)).toBeTruthy()
    expect(screen.getByText('当前为初始密码')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /close|关闭/i })).toBeNull()
    expect(screen.queryByRole('button', { name: /取\s*消/ })).toBeNull()
    expect(screen.getByRole('button', { name: /确\s*认/ })).toBeTruthy()
  })
})
