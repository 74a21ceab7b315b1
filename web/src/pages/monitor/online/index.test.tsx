import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import type MockAdapter from 'axios-mock-adapter'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { renderWithApp } from '@/test/render'
import { body, mockApi, page, signIn } from '@/test/api'
import OnlinePage from './index'

const s = (id: number, username: string, current = false) => ({
  id,
  userId: id,
  username,
  nickName: username.toUpperCase(),
  ip: `10.0.0.${id}`,
  userAgent: 'Mozilla/5.0',
  remember: false,
  createTime: '2026-01-01T00:00:00Z',
  lastSeenTime: '2026-01-01T01:00:00Z',
  expireTime: '2026-01-01T12:00:00Z',
  current,
})

let mock: MockAdapter
const kicked: unknown[] = []
beforeEach(() => {
  kicked.length = 0
  mock = mockApi()
  mock.onGet('/api/online').reply(200, page([s(1, 'admin', true), s(2, 'zhangsan'), s(3, 'lisi')]))
  mock.onDelete('/api/online').reply((c) => {
    kicked.push(body(c))
    return [204]
  })
})
afterEach(() => mock.restore())

const row = (t: string) => screen.getByText(t).closest('tr')!
const ok = () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }))

// Page tests render antd forms and dialogs: slow on a loaded 2-core runner.
describe('monitor/online', { timeout: 20_000 }, () => {
  it('lists sessions; the own one cannot be ended', async () => {
    signIn(['admin'])
    renderWithApp(<OnlinePage />)
    expect(await screen.findByText('zhangsan')).toBeTruthy()
    expect(within(row('admin')).getByText('当前会话')).toBeTruthy()
    expect(within(row('admin')).queryByRole('button', { name: '强制退出' })).toBeNull()
    expect(within(row('admin')).queryByRole('checkbox')).toBeNull()
    expect(within(row('zhangsan')).getByText('10.0.0.2')).toBeTruthy()
  })

  it('强制退出 asks first and sends the session id', async () => {
    signIn(['admin'])
    renderWithApp(<OnlinePage />)
    await screen.findByText('zhangsan')
    fireEvent.click(within(row('zhangsan')).getByRole('button', { name: '强制退出' }))
    expect(await screen.findByText('确定强制退出“ZHANGSAN”的这个会话吗？')).toBeTruthy()
    expect(kicked).toHaveLength(0)
    ok()
    await waitFor(() => expect(kicked).toEqual([[2]]))
  })

  it('ends the chosen sessions together', async () => {
    signIn(['admin'])
    renderWithApp(<OnlinePage />)
    await screen.findByText('zhangsan')
    fireEvent.click(screen.getByRole('checkbox', { name: '全选本页' }))
    fireEvent.click(screen.getByRole('button', { name: /批量强制退出（2）/ }))
    expect(await screen.findByText('确定强制退出选中的 2 个会话吗？这些用户须重新登录。')).toBeTruthy()
    ok()
    await waitFor(() => expect(kicked).toEqual([[2, 3]]))
  })

  it('read-only without online:del', async () => {
    signIn(['online:list'])
    renderWithApp(<OnlinePage />)
    await screen.findByText('zhangsan')
    expect(screen.queryByRole('button', { name: /强制退出/ })).toBeNull()
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
  })
})
