import { fireEvent, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PERM } from '@/api/permissions'
import { mockApi, signIn } from '@/test/api'
import { renderWithApp } from '@/test/render'
import LoginLayoutPage from './index'

const layout = (variant: string, over = {}) => ({
  variant, style: 'card', title: '', subtitle: '', notice: '', backgroundFileId: null,
  showPassword: true, showSms: true, showCas: true, updateTime: '2026-12-03T00:00:00Z', ...over,
})

describe('登录页设置', { timeout: 20_000 }, () => {
  it("edits one path's layout and sends it whole", async () => {
    signIn([PERM.loginLayoutList, PERM.loginLayoutEdit])
    const mock = mockApi()
    mock.onGet('/api/loginLayouts').reply(200, ['login', 'newlogin', 'kclogin', 'lylogin', 'rjlogin'].map((v) => layout(v)))
    let sent: unknown = null
    mock.onPut('/api/loginLayouts').reply((c) => {
      sent = JSON.parse(c.data as string)
      return [204]
    })
    renderWithApp(<LoginLayoutPage />)
    fireEvent.click(await screen.findByText('登录页（kc） /kclogin'))
    const panel = await screen.findByRole('tabpanel', { name: /kclogin/ })
    fireEvent.click(panel.querySelector('input[value="split"]')!)
    fireEvent.change(panel.querySelectorAll('input[type="text"]')[0], { target: { value: '某某学院党建' } })
    fireEvent.click(panel.querySelector('input[value="showPassword"]')!)
    fireEvent.click(screen.getAllByText('保 存').at(-1)!)
    await waitFor(() =>
      expect(sent).toEqual({ ...layout('kclogin'), style: 'split', title: '某某学院党建', showPassword: false }),
    )
  })

  it('refuses to hide every way of signing in', async () => {
    signIn([PERM.loginLayoutList, PERM.loginLayoutEdit])
    const mock = mockApi()
    mock.onGet('/api/loginLayouts').reply(200, ['login', 'newlogin', 'kclogin', 'lylogin', 'rjlogin'].map((v) => layout(v, { showSms: false, showCas: false })))
    renderWithApp(<LoginLayoutPage />)
    const panel = await screen.findByRole('tabpanel')
    await waitFor(() => expect(panel.querySelector<HTMLInputElement>('input[value="showPassword"]')!.checked).toBe(true))
    fireEvent.click(panel.querySelector('input[value="showPassword"]')!)
    fireEvent.click(screen.getByText('保 存'))
    expect(await screen.findByText('至少显示一种登录方式')).toBeTruthy()
  })
})
