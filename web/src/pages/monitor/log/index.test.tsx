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
      { id: 1, userId: 1, username: 'admin', module: '用户管理', action: '删除', target: '7,8', targetName: '', method: 'DELETE', path: '/api/users', query: '', status: 204, ip: '127.0.0.1', userAgent: 'UA', durationMs: 12, message: '删除用户', createTime: '2026-03-04T05:06:07Z' },
      { id: 2, userId: 2, username: 'lisi', module: '角色管理', action: '修改', target: '3', targetName: '书记', method: 'PUT', path: '/api/roles', query: '', status: 403, ip: '10.0.0.2', userAgent: 'UA', durationMs: 3, message: '', createTime: '2026-03-04T05:06:08Z' },
      // Written before the log kept titles: its path stands in.
      { id: 3, userId: 1, username: 'admin', module: '', action: '', target: '', targetName: '', method: 'POST', path: '/api/depts', query: '', status: 500, ip: '127.0.0.1', userAgent: 'UA', durationMs: 4, message: '旧记录', createTime: '2026-03-04T05:06:09Z' },
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
    // The module and action first; the path, the method and the status code only in the detail.
    expect(row.querySelector('td')!.textContent).toBe('用户管理 · 删除')
    expect(within(row).queryByText('/api/users')).toBeNull()
    expect(within(row).queryByText('DELETE')).toBeNull()
    expect(within(row).queryByText('204')).toBeNull()
    expect(within(row).getByText('成功')).toBeTruthy()
    expect(within(screen.getByText('旧记录').closest('tr')!).getByText('/api/depts')).toBeTruthy()
    expect(within(screen.getByText('旧记录').closest('tr')!).getByText('失败')).toBeTruthy()
    expect(within(row).getByText('#7,8')).toBeTruthy()
    expect(within(screen.getByText('书记 #3').closest('tr')!).getByText('角色管理 · 修改')).toBeTruthy()
    expect(within(row).getByText('12 ms')).toBeTruthy()
    expect(within(row).getByText(formatTime('2026-03-04T05:06:07Z'))).toBeTruthy()
    expect(formatTime('2026-03-04T05:06:07Z')).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    expect(screen.getByText('共 42 条')).toBeTruthy()
    expect(queries[0]).toEqual({ page: 0, size: 10, sort: [] })
  })

  it('shows a row\'s request as logged, and exports for holders of log:export', async () => {
    mock.onGet('/api/logs/2').reply(200, {
      id: 2, userId: 2, username: 'lisi', module: '角色管理', action: '修改', target: '3', targetName: '书记', method: 'PUT', path: '/api/roles',
      query: 'unmask=true', status: 403, ip: '10.0.0.2', userAgent: 'UA', durationMs: 3, message: '没有权限访问该资源', createTime: '2026-03-04T05:06:08Z',
      body: '{"id":3,"name":"书记","phone":"138****8000","password":"******"}',
    })
    signIn(['log:list'])
    const { unmount } = renderWithApp(<OperLogPage />)
    await screen.findByText('删除用户')
    expect(screen.queryByRole('button', { name: /导\s*出/ })).toBeNull()
    fireEvent.click(within(screen.getByText('书记 #3').closest('tr')!).getByText('详情'))
    const drawer = (await screen.findByText('操作日志详情')).closest('.ant-drawer') as HTMLElement
    expect(await within(drawer).findByText('PUT /api/roles?unmask=true')).toBeTruthy()
    expect(within(drawer).getByText('没有权限访问该资源')).toBeTruthy()
    expect(within(drawer).getByText('书记，编号 3')).toBeTruthy()
    const body = drawer.querySelector('pre')!.textContent!
    expect(JSON.parse(body)).toEqual({ id: 3, name: '书记', phone: '138****8000', password: '******' })
    expect(body).toContain('\n  "name"') // indented
    unmount()
    signIn(['log:list', 'log:export'])
    renderWithApp(<OperLogPage />)
    await screen.findByText('删除用户')
    expect(screen.getByRole('button', { name: /导\s*出/ })).toBeTruthy()
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

  it('checks both logs\' hash chains for holders of log:verify, naming the first break', async () => {
    const whole = { log: 'sys_login_log', title: '登录日志', rows: 5, first: 1, last: 5, purged: 0, head: 'a1b2c3d4e5f6a7b8', ok: true }
    let broken = true
    mock.onGet('/api/logs/verify').reply(() => [200, [
      broken
        ? { log: 'sys_oper_log', title: '操作日志', rows: 41, first: 3, last: 43, purged: 2, head: '', ok: false,
            break: { id: 17, seq: 17, time: '2026-03-04T05:06:07Z', reason: '记录被改动（校验值不符）' } }
        : { log: 'sys_oper_log', title: '操作日志', rows: 42, first: 3, last: 44, purged: 2, head: 'ffee00112233aabb', ok: true },
      whole,
    ]])
    signIn(['log:list'])
    const { unmount } = renderWithApp(<OperLogPage />)
    await screen.findByText('删除用户')
    expect(screen.queryByRole('button', { name: /校验完整性/ })).toBeNull()
    unmount()

    signIn(['log:list', 'log:verify'])
    renderWithApp(<OperLogPage />)
    await screen.findByText('删除用户')
    fireEvent.click(screen.getByRole('button', { name: /校验完整性/ }))
    const dialog = (await screen.findByText('日志完整性校验')).closest('.ant-modal') as HTMLElement
    expect(await within(dialog).findByText('日志哈希链校验未通过')).toBeTruthy()
    expect(within(dialog).getByText('发现断点')).toBeTruthy()
    expect(within(dialog).getByText('记录被改动（校验值不符）')).toBeTruthy()
    expect(within(dialog).getByText('记录编号 17（链序号 17）')).toBeTruthy()
    expect(within(dialog).getByText(`记录时间 ${formatTime('2026-03-04T05:06:07Z')}`)).toBeTruthy()
    expect(within(dialog).getByText('41 条（第 3–43 条）')).toBeTruthy()
    expect(within(dialog).getByText('完整')).toBeTruthy() // the sign-in log

    broken = false
    fireEvent.click(within(dialog).getByRole('button', { name: /重新校验/ }))
    expect(await within(dialog).findByText('日志完整')).toBeTruthy()
    expect(within(dialog).getByText('ffee00112233aabb')).toBeTruthy()
    expect(within(dialog).queryByText('发现断点')).toBeNull()
  })
})
