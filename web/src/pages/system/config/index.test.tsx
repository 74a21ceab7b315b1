import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok, row } from '@/test/page'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import ConfigPage from './index'

const cfg = (id: number, configKey: string, valueKind: string, configValue: string, over = {}) => ({
  id,
  configKey,
  configName: configKey + '名称',
  configGroup: 'security',
  remark: '',
  valueKind,
  configValue,
  isPublic: false,
  isSecret: false,
  updateTime: '2026-01-01T00:00:00Z',
  ...over,
})
const ROWS = [
  cfg(1, 'captchaEnabled', 'bool', 'true'),
  cfg(2, 'lockMinutes', 'int', '30'),
  cfg(3, 'smtpPassword', 'text', '******', { isSecret: true, configGroup: 'mail' }),
  cfg(4, 'footerHtml', 'html', '<p>版权所有</p>', { configGroup: 'display' }),
]

let mock: MockAdapter
const queries: Record<string, unknown>[] = []
beforeEach(() => {
  queries.length = 0
  mock = mockApi()
  mock.onGet('/api/sysConfig').reply((c) => {
    queries.push(c.params)
    return [200, page(ROWS)]
  })
  mock.onGet('/api/sysConfig/listAll').reply(200, ROWS)
  mock.onGet('/api/sysConfig/public').reply(200, [])
  mock.onGet('/api/school/current').reply(200, { code: 'default', name: '智慧党建', logoUrl: '', footer: '', titlePrefix: '' })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('system/config', { timeout: 20_000 }, () => {
  it('shows values by kind, masks secrets and filters by group', async () => {
    signIn(['admin'])
    renderWithApp(<ConfigPage />)
    await screen.findByText('captchaEnabled')
    expect(within(row('captchaEnabled')).getByText('是')).toBeTruthy()
    expect(within(row('smtpPassword')).getByText('******')).toBeTruthy()
    expect(within(row('smtpPassword')).getByText('保密')).toBeTruthy()

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByText('安全', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ configGroup: 'security', page: 0 }))
  })

  it('edits a bool with a switch and sends "false"', async () => {
    signIn(['admin'])
    let sent: Record<string, unknown> | undefined
    mock.onPut('/api/sysConfig').reply((c) => {
      sent = body(c) as Record<string, unknown>
      return [204]
    })
    renderWithApp(<ConfigPage />)
    await screen.findByText('captchaEnabled')
    fireEvent.click(within(row('captchaEnabled')).getByRole('button', { name: /编\s*辑/ }))
    const dialog = await screen.findByRole('dialog')
    const switches = within(dialog).getAllByRole('switch')
    expect(switches[0].getAttribute('aria-checked')).toBe('true')
    fireEvent.click(switches[0])
    ok()
    await waitFor(() => expect(sent).toMatchObject({ id: 1, configKey: 'captchaEnabled', valueKind: 'bool', configValue: 'false' }))
  })

  it('edits an int with a number input, and keeps an untouched secret', async () => {
    signIn(['admin'])
    const sent: Record<string, unknown>[] = []
    mock.onPut('/api/sysConfig').reply((c) => {
      sent.push(body(c) as Record<string, unknown>)
      return [204]
    })
    renderWithApp(<ConfigPage />)
    await screen.findByText('lockMinutes')
    fireEvent.click(within(row('lockMinutes')).getByRole('button', { name: /编\s*辑/ }))
    let dialog = await screen.findByRole('dialog')
    const num = within(dialog).getByRole('spinbutton') as HTMLInputElement
    expect(num.value).toBe('30')
    fireEvent.change(num, { target: { value: '45' } })
    ok()
    await waitFor(() => expect(sent[0]).toMatchObject({ id: 2, configValue: '45' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

    fireEvent.click(within(row('smtpPassword')).getByRole('button', { name: /编\s*辑/ }))
    dialog = await screen.findByRole('dialog')
    expect((within(dialog).getByPlaceholderText('不修改请留空') as HTMLInputElement).value).toBe('')
    ok()
    await waitFor(() => expect(sent[1]).toMatchObject({ id: 3, configValue: '******', isSecret: true }))
  })

  it('validates a new key and refuses public secrets', async () => {
    signIn(['admin'])
    renderWithApp(<ConfigPage />)
    await screen.findByText('captchaEnabled')
    fireEvent.click(screen.getByRole('button', { name: /新\s*增/ }))
    const dialog = await screen.findByRole('dialog')
    fireEvent.change(within(dialog).getByPlaceholderText('如 passwordReg'), { target: { value: '9key' } })
    const [pub, secret] = within(dialog).getAllByRole('switch')
    fireEvent.click(pub)
    fireEvent.click(secret)
    ok()
    expect(await within(dialog).findByText('配置键须以字母开头，由不超过100位的字母、数字、下划线、点或连字符组成')).toBeTruthy()
    expect(within(dialog).getByText('保密配置不能公开')).toBeTruthy()
  })

  it('confirms a delete; hides buttons without permission', async () => {
    signIn(['admin'])
    let deleted: unknown
    mock.onDelete('/api/sysConfig').reply((c) => {
      deleted = body(c)
      return [204]
    })
    const { unmount } = renderWithApp(<ConfigPage />)
    await screen.findByText('footerHtml')
    fireEvent.click(within(row('footerHtml')).getByRole('button', { name: /删\s*除/ }))
    expect(await screen.findByText('确定删除配置“footerHtml名称”吗？系统内置配置不能删除')).toBeTruthy()
    ok()
    await waitFor(() => expect(deleted).toEqual([4]))
    unmount()

    signIn(['sysConfig:list'])
    renderWithApp(<ConfigPage />)
    await screen.findByText('footerHtml')
    expect(screen.queryByRole('button', { name: /新\s*增/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /编\s*辑/ })).toBeNull()
    expect(screen.queryByRole('button', { name: /删\s*除/ })).toBeNull()
  })
})
