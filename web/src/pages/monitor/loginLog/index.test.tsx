import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { mockApi, page, signIn } from '@/test/api'
import LoginLogPage from './index'

let mock: MockAdapter
afterEach(() => mock.restore())
beforeEach(() => {
  mock = mockApi()
})

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('monitor/loginLog', { timeout: 20_000 }, () => {
  it('shows attempts with their outcome and filters by success', async () => {
    const queries: Record<string, unknown>[] = []
    mock.onGet('/api/logs/login').reply((c) => {
      queries.push(c.params)
      return [200, page([
        { id: 1, username: 'admin', ip: '127.0.0.1', userAgent: 'UA', success: true, message: '登录成功', createTime: '2026-01-01T00:00:00Z' },
        { id: 2, username: 'zhangsan', ip: '10.0.0.9', userAgent: 'UA', success: false, message: '用户名或密码错误', createTime: '2026-01-01T00:01:00Z' },
      ])]
    })
    signIn(['log:list'])
    renderWithApp(<LoginLogPage />)
    const failed = (await screen.findByText('用户名或密码错误')).closest('tr')!
    expect(within(failed).getByText('失败')).toBeTruthy()
    expect(within(screen.getByText('登录成功').closest('tr')!).getByText('成功')).toBeTruthy()

    fireEvent.mouseDown(screen.getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByText('失败', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ success: false, page: 0 }))
  })

  it('shows the empty state', async () => {
    mock.onGet('/api/logs/login').reply(200, page([]))
    signIn(['log:list'])
    renderWithApp(<LoginLogPage />)
    await waitFor(() => expect(mock.history.get).toHaveLength(1))
    await waitFor(() => expect(document.querySelector('.ant-table-placeholder .ant-empty')).toBeTruthy())
    expect(screen.queryByRole('cell', { name: /admin/ })).toBeNull()
  })
})
