import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { formatTime } from '@/utils/time'
import { mockApi, page, signIn } from '@/test/api'
import OperLogPage from './index'

let mock: MockAdapter
const queries: Record<string, unknown>[] = []
beforeEach(() => {
  queries.length = 0
  mock = mockApi()
  mock.onGet('/api/logs').reply((c) => {
    queries.push(c.params)
    return [200, page([
      { id: 1, userId: 1, username: 'admin', method: 'DELETE', path: '/api/users', status: 204, ip: '127.0.0.1', userAgent: 'UA', durationMs: 12, message: '删除用户', createTime: '2026-03-04T05:06:07Z' },
      { id: 2, userId: 2, username: 'lisi', method: 'PUT', path: '/api/roles', status: 403, ip: '10.0.0.2', userAgent: 'UA', durationMs: 3, message: '', createTime: '2026-03-04T05:06:08Z' },
    ], 42)]
  })
})
afterEach(() => mock.restore())

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('monitor/log', { timeout: 20_000 }, () => {
  it('shows the operations with times in YYYY-MM-DD HH:mm:ss', async () => {
    signIn(['log:list'])
    renderWithApp(<OperLogPage />)
    expect(await screen.findByText('删除用户')).toBeTruthy()
    const row = screen.getByText('删除用户').closest('tr')!
    expect(within(row).getByText('/api/users')).toBeTruthy()
    expect(within(row).getByText('12 ms')).toBeTruthy()
    expect(within(row).getByText(formatTime('2026-03-04T05:06:07Z'))).toBeTruthy()
    expect(formatTime('2026-03-04T05:06:07Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(screen.getByText('共 42 条')).toBeTruthy()
    expect(queries[0]).toEqual({ page: 0, size: 10, sort: [] })
  })

  it('filters by result and user', async () => {
    signIn(['log:list'])
    renderWithApp(<OperLogPage />)
    await screen.findByText('删除用户')
    fireEvent.change(screen.getByPlaceholderText('完整用户名'), { target: { value: 'lisi' } })
    fireEvent.mouseDown(screen.getAllByRole('combobox')[0])
    fireEvent.click(await screen.findByText('失败', { selector: '.ant-select-item-option-content' }))
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }))
    await waitFor(() => expect(queries.at(-1)).toEqual({ page: 0, size: 10, sort: [], username: 'lisi', result: false }))
  })
})
